//! The atomic-sequence rules a core checks on the instruction in E (MACHINE.md §6–§7): while it
//! holds a lock, no load, no plain store and no `ready`; an `st_sync` only with the lock, and only
//! to the locked byte. (Finishing the task while locked is the core's end-of-task check.)

use rust_hdl::prelude::*;

/// Does the instruction in E break an atomic-sequence rule?
#[derive(LogicBlock, Default)]
pub struct AtomicCheck {
    /// The core holds a lock, on byte `lock_addr`.
    pub locked: Signal<In, Bit>,
    pub lock_addr: Signal<In, Bits<12>>,
    /// The instruction: a load (`ld`/`ld_sync`), a store (`st`/`st_sync`), `_sync`, `ready`;
    /// and the byte address a load or store names.
    pub is_load: Signal<In, Bit>,
    pub is_store: Signal<In, Bit>,
    pub is_sync: Signal<In, Bit>,
    pub is_ready: Signal<In, Bit>,
    pub addr: Signal<In, Bits<12>>,
    /// `ATOMIC_VIOLATION`.
    pub violation: Signal<Out, Bit>,
}

impl Logic for AtomicCheck {
    #[hdl_gen]
    fn update(&mut self) {
        self.violation.next = (self.locked.val()
            && (self.is_load.val()
                || (self.is_store.val() && !self.is_sync.val())
                || self.is_ready.val()))
            || (self.is_store.val()
                && self.is_sync.val()
                && !(self.locked.val() && (self.lock_addr.val() == self.addr.val())));
    }
}
