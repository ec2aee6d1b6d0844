//! The single-cycle ALU: every instruction of MACHINE.md §4 that produces a register value in one
//! cycle (`mul` and `div` have their own units, [`super::multiplier`] and [`super::divider`]).
//!
//! `add`, `sub` and `cmpge` share one adder (a carry chain). Its result leaves the ALU as it
//! is, with flags saying whether it is the instruction's (`sum_op`, `ge_op`); every other
//! result, which needs no carry, is `rest`. The core puts the adder's bits into its
//! write-back with one gate after the carry chain, everything else having been chosen in
//! parallel with it: the core's own loop (E → ALU → write-back → forwarding → E) is then the
//! chain and two gates, not the chain and a multiplexer of every result.

use rust_hdl::prelude::*;

/// Combinational: the instruction's ALU controls (the decoder's, [`super::Controls`]),
/// operands `a` = RF[src0] and `b` = RF[src1].
#[derive(LogicBlock, Default)]
pub struct Alu {
    /// Which result: the adder's sum (`add`, `sub`), its carry (`cmpge`), a shift, a logic
    /// operation, `set_const`'s constant (none of them: `rest` is 0).
    pub adder: Signal<In, Bit>,
    pub is_cmpge: Signal<In, Bit>,
    pub is_rshft: Signal<In, Bit>,
    pub is_lshft: Signal<In, Bit>,
    pub is_and: Signal<In, Bit>,
    pub is_or: Signal<In, Bit>,
    pub is_xor: Signal<In, Bit>,
    pub is_set_const: Signal<In, Bit>,
    /// The adder computes `a + !b + 1` = `a - b` (`sub`, and `cmpge` from its carry), else
    /// `a + b`.
    pub subtract: Signal<In, Bit>,
    /// Instruction bits [11:4]: the constant of `set_const`; bits [2:0] are the shift amount.
    pub imm: Signal<In, Bits<8>>,
    /// `dst` is r8–r15: `set_const` writes its constant there, and the core id into r0–r7.
    pub dst_high: Signal<In, Bit>,
    /// RF[src0].
    pub a: Signal<In, Bits<8>>,
    /// RF[src1].
    pub b: Signal<In, Bits<8>>,
    /// This core's number (what `set_const` writes into r0–r7).
    pub core_id: Signal<In, Bits<4>>,
    /// The adder's 9 bits; the value for RF[dst] is `sum[7:0]` if `sum_op` (`add`, `sub`),
    /// `sum[8]` (`a >= b`) if `ge_op` (`cmpge`), else `rest` (0 for the opcodes other units
    /// compute).
    pub sum: Signal<Out, Bits<9>>,
    pub sum_op: Signal<Out, Bit>,
    pub ge_op: Signal<Out, Bit>,
    pub rest: Signal<Out, Bits<8>>,
    addend: Signal<Local, Bits<8>>,
    shift: Signal<Local, Bits<3>>,
}

impl Logic for Alu {
    #[hdl_gen]
    fn update(&mut self) {
        self.shift.next = self.imm.val().get_bits::<3>(0);
        if self.subtract.val() {
            self.addend.next = !self.b.val();
        } else {
            self.addend.next = self.b.val();
        }
        self.sum.next = bit_cast::<9, 8>(self.a.val())
            + bit_cast::<9, 8>(self.addend.val())
            + bit_cast::<9, 1>(self.subtract.val().into());
        self.sum_op.next = self.adder.val();
        self.ge_op.next = self.is_cmpge.val();
        self.rest.next = 0.into();
        if self.is_rshft.val() {
            self.rest.next = self.a.val() >> self.shift.val();
        }
        if self.is_lshft.val() {
            self.rest.next = self.a.val() << self.shift.val();
        }
        if self.is_and.val() {
            self.rest.next = self.a.val() & self.b.val();
        }
        if self.is_or.val() {
            self.rest.next = self.a.val() | self.b.val();
        }
        if self.is_xor.val() {
            self.rest.next = self.a.val() ^ self.b.val();
        }
        if self.is_set_const.val() {
            if self.dst_high.val() {
                self.rest.next = self.imm.val();
            } else {
                self.rest.next = bit_cast::<8, 4>(self.core_id.val());
            }
        }
    }
}
