//! One bank's access stage (MACHINE.md §6): the request its arbitration picked last cycle,
//! registered here, is served now unless the bank's lock holds it back; a served `ld_sync`
//! takes the lock and a served `st_sync` gives it back.

use super::BankLock;
use rust_hdl::prelude::*;

/// Registers one bank's pick and serves it, next cycle, against the bank's lock.
///
/// Held back (the core is not granted and asks again): a plain access to the locked row, and
/// an `ld_sync` while the bank is locked (one owner per bank). An `st_sync` comes from the
/// owner to its locked byte (the core checks that, MACHINE.md §7) and is never held back.
#[derive(LogicBlock, Default)]
pub struct BankAccess {
    pub clock: Signal<In, Clock>,
    /// Launch: drop the lock and this cycle's pick.
    pub clear: Signal<In, Bit>,
    /// The arbitration's pick this cycle (one-hot core, 0 for none) and its row, store? and
    /// `_sync`?: the winner served next cycle.
    pub pick: Signal<In, Bits<16>>,
    pub pick_row: Signal<In, Bits<8>>,
    pub pick_write: Signal<In, Bit>,
    pub pick_sync: Signal<In, Bit>,
    /// The host holds the banks: nothing is served.
    pub host_en: Signal<In, Bit>,
    /// Cores whose task ended this cycle: a lock one of them holds is released.
    pub task_end: Signal<In, Bits<16>>,
    /// The winner picked last cycle (one-hot, 0 for none), its row and store?
    pub win: Signal<Out, Bits<16>>,
    pub row: Signal<Out, Bits<8>>,
    pub write: Signal<Out, Bit>,
    /// The winner's access is made this cycle (its core is granted).
    pub go: Signal<Out, Bit>,
    /// The bank is locked (as of this cycle, before its access): the locked row and its owner
    /// (one-hot).
    pub locked: Signal<Out, Bit>,
    pub lock_row: Signal<Out, Bits<8>>,
    pub lock_owner: Signal<Out, Bits<16>>,
    /// Locked after this cycle's access (a release by a task end this cycle aside): an
    /// `ld_sync` the arbitration picks now would only be held back next cycle. A winning
    /// `st_sync` counts as unlocking, a winning `ld_sync` as locking. From a register, set
    /// in the cycle before from the lock's next state and the pick then registered, so the
    /// arbitration starts from flip-flops. While the host holds the banks nothing is served,
    /// so what this says then does not matter.
    pub locked_next: Signal<Out, Bit>,
    lock: BankLock,
    /// The winner: one-hot core (0 for none), row, store?, `_sync`?
    win_q: DFF<Bits<16>>,
    row_q: DFF<Bits<8>>,
    write_q: DFF<Bit>,
    win_sync: DFF<Bit>,
    locked_next_q: DFF<Bit>,
    /// The lock holds the winner back.
    blocked: Signal<Local, Bit>,
    /// The winner is an `ld_sync` / an `st_sync`.
    ld_sync: Signal<Local, Bit>,
    st_sync: Signal<Local, Bit>,
    served: Signal<Local, Bit>,
}

impl Logic for BankAccess {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, win_q, row_q, write_q, win_sync, locked_next_q);
        // The pick, registered (none after a launch).
        if self.clear.val() {
            self.win_q.d.next = 0.into();
        } else {
            self.win_q.d.next = self.pick.val();
        }
        self.row_q.d.next = self.pick_row.val();
        self.write_q.d.next = self.pick_write.val();
        self.win_sync.d.next = self.pick_sync.val();

        self.ld_sync.next = self.win_sync.q.val() && !self.write_q.q.val();
        self.st_sync.next = self.win_sync.q.val() && self.write_q.q.val();
        // One row comparison per bank: the winner's against the locked row.
        if self.win_sync.q.val() {
            self.blocked.next = self.lock.locked.val() && self.ld_sync.val();
        } else {
            self.blocked.next =
                self.lock.locked.val() && (self.lock.locked_row.val() == self.row_q.q.val());
        }
        self.served.next = self.win_q.q.val().any() && !self.blocked.val() && !self.host_en.val();

        self.lock.clock.next = self.clock.val();
        self.lock.clear.next = self.clear.val();
        self.lock.acquire.next = self.served.val() && self.ld_sync.val();
        self.lock.unlock.next = self.served.val() && self.st_sync.val();
        self.lock.row.next = self.row_q.q.val();
        self.lock.owner.next = self.win_q.q.val();
        self.lock.task_end.next = self.task_end.val();

        // Next cycle's `locked_next`: the lock then, unless the pick is an `st_sync`; or
        // the pick is an `ld_sync`.
        self.locked_next_q.d.next = ((self.lock.locked_after.val()
            && !(self.pick_sync.val() && self.pick_write.val()))
            || (self.pick_sync.val() && !self.pick_write.val()))
            && !self.clear.val();

        self.win.next = self.win_q.q.val();
        self.row.next = self.row_q.q.val();
        self.write.next = self.write_q.q.val();
        self.go.next = self.served.val();
        self.locked.next = self.lock.locked.val();
        self.lock_row.next = self.lock.locked_row.val();
        self.lock_owner.next = self.lock.locked_owner.val();
        self.locked_next.next = self.locked_next_q.q.val();
    }
}
