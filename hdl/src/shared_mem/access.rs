//! One bank's access stage (SPEC §6): the request its arbitration registered last cycle is
//! served now unless the bank's lock holds it back; a served `ld_sync` takes the lock and a
//! served `st_sync` gives it back.

use super::BankLock;
use rust_hdl::prelude::*;

/// Serves one bank's registered winner against the bank's lock.
///
/// Held back (the core is not granted and asks again): a plain access to the locked row, and
/// an `ld_sync` while the bank is locked (one owner per bank). An `st_sync` comes from the
/// owner to its locked byte (the core checks that, SPEC §7) and is never held back.
#[derive(LogicBlock, Default)]
pub struct BankAccess {
    pub clock: Signal<In, Clock>,
    /// Launch: drop the lock.
    pub clear: Signal<In, Bit>,
    /// The winner the arbitration registered (one-hot core, 0 for none) and its row, store?
    /// and `_sync`?
    pub win: Signal<In, Bits<16>>,
    pub row: Signal<In, Bits<8>>,
    pub write: Signal<In, Bit>,
    pub sync: Signal<In, Bit>,
    /// The host holds the banks: nothing is served.
    pub host_en: Signal<In, Bit>,
    /// Cores whose task ended this cycle: a lock one of them holds is released.
    pub task_end: Signal<In, Bits<16>>,
    /// The winner's access is made this cycle (its core is granted).
    pub go: Signal<Out, Bit>,
    /// The bank is locked (as of this cycle, before its access).
    pub locked: Signal<Out, Bit>,
    /// Locked after this cycle's access, from registers alone (a release by a task end
    /// aside): an `ld_sync` the arbitration picks now would only be held back next cycle.
    /// A winning `st_sync` counts as unlocking, a winning `ld_sync` as locking. While the host
    /// holds the banks nothing is served, so what this says then does not matter.
    pub locked_next: Signal<Out, Bit>,
    lock: BankLock,
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
        self.ld_sync.next = self.sync.val() && !self.write.val();
        self.st_sync.next = self.sync.val() && self.write.val();
        // One row comparison per bank: the winner's against the locked row.
        if self.sync.val() {
            self.blocked.next = self.lock.locked.val() && self.ld_sync.val();
        } else {
            self.blocked.next =
                self.lock.locked.val() && (self.lock.locked_row.val() == self.row.val());
        }
        self.served.next = self.win.val().any() && !self.blocked.val() && !self.host_en.val();

        self.lock.clock.next = self.clock.val();
        self.lock.clear.next = self.clear.val();
        self.lock.acquire.next = self.served.val() && self.ld_sync.val();
        self.lock.unlock.next = self.served.val() && self.st_sync.val();
        self.lock.row.next = self.row.val();
        self.lock.owner.next = self.win.val();
        self.lock.task_end.next = self.task_end.val();

        self.go.next = self.served.val();
        self.locked.next = self.lock.locked.val();
        self.locked_next.next =
            (self.lock.locked.val() && !self.st_sync.val()) || self.ld_sync.val();
    }
}
