//! Sixteen 16:1 selects by one-hot masks, the shared memory's two crossbar directions: per
//! bank, the fields of the core its arbiter granted; per core, the byte of the bank that
//! granted it.
//!
//! Each output is an AND-OR multiplexer: every input ANDed with its select bit, then a
//! balanced tree of ORs (pairs, fours, eights, all sixteen). The same select written as a
//! chain, `if sel[i] { out |= input[i] }`, keeps much of the chain's order through synthesis:
//! on the arbitration path the winner's row select takes 5 LUT levels after the grant as a
//! chain and 3 as this tree.

use rust_hdl::prelude::*;

/// Inputs and outputs.
const N: usize = gpu16_sim::isa::sm::BANKS;

/// `out[o]` is `input[i]` for the one bit `i` set in `sel[o]`, or 0 if none is.
#[derive(LogicBlock, Default)]
pub struct OneHotSelects<const W: usize> {
    /// Per output: which input it takes (one-hot, or 0 for none). With two or more bits set
    /// the output is the OR of those inputs.
    pub sel: [Signal<In, Bits<16>>; N],
    /// The inputs every output chooses from.
    pub input: [Signal<In, Bits<W>>; N],
    /// Per output: the selected input.
    pub out: [Signal<Out, Bits<W>>; N],
    /// Scratch for one output at a time: the inputs it does not select zeroed, then the tree
    /// of ORs.
    term: [Signal<Local, Bits<W>>; N],
    or2: [Signal<Local, Bits<W>>; 8],
    or4: [Signal<Local, Bits<W>>; 4],
    or8: [Signal<Local, Bits<W>>; 2],
}

impl<const W: usize> Logic for OneHotSelects<W> {
    #[hdl_gen]
    fn update(&mut self) {
        for o in 0..N {
            for i in 0..N {
                if self.sel[o].val().get_bit(i) {
                    self.term[i].next = self.input[i].val();
                } else {
                    self.term[i].next = 0.into();
                }
            }
            for j in 0..8 {
                self.or2[j].next = self.term[2 * j].val() | self.term[2 * j + 1].val();
            }
            for j in 0..4 {
                self.or4[j].next = self.or2[2 * j].val() | self.or2[2 * j + 1].val();
            }
            for j in 0..2 {
                self.or8[j].next = self.or4[2 * j].val() | self.or4[2 * j + 1].val();
            }
            self.out[o].next = self.or8[0].val() | self.or8[1].val();
        }
    }
}
