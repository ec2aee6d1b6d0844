//! Number of set bits of a 16-bit mask, for the per-bank wait counters.

use rust_hdl::prelude::*;

/// Combinational population count (0–16).
#[derive(LogicBlock, Default)]
pub struct PopCount {
    pub bits: Signal<In, Bits<16>>,
    pub count: Signal<Out, Bits<5>>,
    sum: Signal<Local, Bits<5>>,
}

impl Logic for PopCount {
    #[hdl_gen]
    fn update(&mut self) {
        self.sum.next = 0.into();
        // A sum of bits (not `if bit { sum + 1 }`): yosys turns it into one adder tree.
        for i in 0..16 {
            self.sum.next = self.sum.val() + self.bits.val().get_bit(i);
        }
        self.count.next = self.sum.val();
    }
}
