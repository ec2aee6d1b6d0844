//! One bank's hardware lock (MACHINE.md §6): at most one locked row per bank, and its owner.

use rust_hdl::prelude::*;

/// The lock of one bank.
#[derive(LogicBlock, Default)]
pub struct BankLock {
    pub clock: Signal<In, Clock>,
    /// Drop the lock (launch).
    pub clear: Signal<In, Bit>,
    /// An `ld_sync` of `row` by `owner` (one-hot core) is granted: lock.
    pub acquire: Signal<In, Bit>,
    pub row: Signal<In, Bits<8>>,
    pub owner: Signal<In, Bits<16>>,
    /// An `st_sync` is granted: unlock.
    pub unlock: Signal<In, Bit>,
    /// Cores whose task ended this cycle: a lock one of them holds is released.
    pub task_end: Signal<In, Bits<16>>,
    /// The lock: held, which row, and its owner (one-hot; kept to release it at `task_end`).
    pub locked: Signal<Out, Bit>,
    pub locked_row: Signal<Out, Bits<8>>,
    pub locked_owner: Signal<Out, Bits<16>>,
    /// The lock as it will be next cycle, after this cycle's acquire, unlock, release or
    /// launch (so a register beside the arbitration can hold what the lock will be).
    pub locked_after: Signal<Out, Bit>,
    valid: DFF<Bit>,
    held_row: DFF<Bits<8>>,
    held_owner: DFF<Bits<16>>,
    /// `valid`'s next value.
    valid_next: Signal<Local, Bit>,
}

impl Logic for BankLock {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, held_row, held_owner);
        self.valid.clock.next = self.clock.val();
        self.valid_next.next = self.valid.q.val();
        if self.acquire.val() {
            self.valid_next.next = true;
            self.held_row.d.next = self.row.val();
            self.held_owner.d.next = self.owner.val();
        }
        if self.unlock.val()
            || self.clear.val()
            || (self.valid.q.val() && (self.task_end.val() & self.held_owner.q.val()).any())
        {
            self.valid_next.next = false;
        }
        self.valid.d.next = self.valid_next.val();
        self.locked_after.next = self.valid_next.val();
        self.locked.next = self.valid.q.val();
        self.locked_row.next = self.held_row.q.val();
        self.locked_owner.next = self.held_owner.q.val();
    }
}
