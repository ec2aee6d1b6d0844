//! Performance event (for the counters, docs/microarchitecture.md): the cores whose `ld_sync`
//! finds its bank locked this cycle. One bit of the banks' lock state per core, looked up by
//! the bank the request names; no row comparison.

use rust_hdl::prelude::*;

/// Cores (ports) and banks.
const N: usize = gpu16_sim::frame::CORES;

/// Which cores wait for a bank's lock this cycle.
#[derive(LogicBlock, Default)]
pub struct LockWaits {
    /// Banks whose lock is held this cycle (bit b).
    pub locked: Signal<In, Bits<16>>,
    /// Cores asking with an `ld_sync` this cycle (bit i: request up, `_sync`, not a store).
    pub ld_sync: Signal<In, Bits<16>>,
    /// Per core: the bank its request names (the address's top four bits).
    pub bank: [Signal<In, Bits<4>>; N],
    /// Cores whose `ld_sync` names a locked bank (bit i).
    pub waits: Signal<Out, Bits<16>>,
    /// Scratch per core: its bank, and that bank's lock bit.
    core_bank: Signal<Local, Bits<4>>,
    bank_locked: Signal<Local, Bits<1>>,
    waiting: Signal<Local, Bits<16>>,
}

impl Logic for LockWaits {
    #[hdl_gen]
    fn update(&mut self) {
        self.waiting.next = 0.into();
        for i in 0..N {
            self.core_bank.next = self.bank[i].val();
            self.bank_locked.next = bit_cast::<1, 16>(self.locked.val() >> self.core_bank.val());
            self.waiting.next = self.waiting.val().replace_bit(
                i,
                self.ld_sync.val().get_bit(i) && self.bank_locked.val().any(),
            );
        }
        self.waits.next = self.waiting.val();
    }
}
