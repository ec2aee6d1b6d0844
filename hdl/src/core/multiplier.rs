//! `mul`'s 8×8→16 product, registered: the operands go into the multiplier (a DSP block on
//! ECP5, placed wherever the die has one) in one cycle and the product comes out of a
//! flip-flop the next, so neither the wire to the DSP block nor the one back shares a clock
//! cycle with the core's write-back and fetch.

use rust_hdl::prelude::*;

/// The product of the operands of the previous cycle. A `mul` holds its operands in E for
/// its three cycles, so the product is steady from its second cycle on.
#[derive(LogicBlock, Default)]
pub struct Multiplier {
    pub clock: Signal<In, Clock>,
    /// RF[src0] and RF[src1] of the instruction in E.
    pub a: Signal<In, Bits<8>>,
    pub b: Signal<In, Bits<8>>,
    /// `a × b` as it was at the last clock edge.
    pub product: Signal<Out, Bits<16>>,
    result: DFF<Bits<16>>,
}

impl Logic for Multiplier {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, result);
        self.result.d.next =
            bit_cast::<16, 32>(bit_cast::<16, 8>(self.a.val()) * bit_cast::<16, 8>(self.b.val()));
        self.product.next = self.result.q.val();
    }
}
