//! The single-cycle ALU: every instruction of SPEC §4.2 that produces a register value in one
//! cycle (`mul` and `div` have their own units, [`super::multiplier`] and [`super::divider`]).

use rust_hdl::prelude::*;

/// Combinational: `opcode`, operands `a` = RF[src0] and `b` = RF[src1], the instruction's
/// bits [11:4] (`set_const`'s constant, the shift immediate) and whether `dst` is r8–r15.
#[derive(LogicBlock, Default)]
pub struct Alu {
    /// Instruction bits [15:12].
    pub opcode: Signal<In, Bits<4>>,
    /// RF[src0].
    pub a: Signal<In, Bits<8>>,
    /// RF[src1].
    pub b: Signal<In, Bits<8>>,
    /// Instruction bits [11:4]: the constant of `set_const`; bits [2:0] are the shift amount.
    pub imm: Signal<In, Bits<8>>,
    /// `dst` is r8–r15: `set_const` writes its constant there, and the core id into r0–r7.
    pub dst_high: Signal<In, Bit>,
    /// This core's number (what `set_const` writes into r0–r7).
    pub core_id: Signal<In, Bits<4>>,
    /// The value for RF[dst] (0 for the opcodes other units compute).
    pub result: Signal<Out, Bits<8>>,
    /// `add`, `sub` and `cmpge` share one adder: `a + b`, or `a + !b + 1` = `a - b` with the
    /// carry out `a >= b`.
    subtract: Signal<Local, Bit>,
    addend: Signal<Local, Bits<8>>,
    sum: Signal<Local, Bits<9>>,
    shift: Signal<Local, Bits<3>>,
    value: Signal<Local, Bits<8>>,
}

impl Logic for Alu {
    // hdl_gen cannot translate match guards, which is what clippy would have here.
    #[allow(clippy::collapsible_match)]
    #[hdl_gen]
    fn update(&mut self) {
        self.shift.next = self.imm.val().get_bits::<3>(0);
        self.subtract.next = self.opcode.val() != 1;
        if self.subtract.val() {
            self.addend.next = !self.b.val();
        } else {
            self.addend.next = self.b.val();
        }
        self.sum.next = bit_cast::<9, 8>(self.a.val())
            + bit_cast::<9, 8>(self.addend.val())
            + bit_cast::<9, 1>(self.subtract.val().into());
        self.value.next = 0.into();
        match self.opcode.val().index() {
            1 => self.value.next = self.sum.val().get_bits::<8>(0),
            2 => self.value.next = self.sum.val().get_bits::<8>(0),
            5 => self.value.next = bit_cast::<8, 1>(self.sum.val().get_bits::<1>(8)),
            6 => self.value.next = self.a.val() >> self.shift.val(),
            7 => self.value.next = self.a.val() << self.shift.val(),
            8 => self.value.next = self.a.val() & self.b.val(),
            9 => self.value.next = self.a.val() | self.b.val(),
            10 => self.value.next = self.a.val() ^ self.b.val(),
            12 => {
                if self.dst_high.val() {
                    self.value.next = self.imm.val();
                } else {
                    self.value.next = bit_cast::<8, 4>(self.core_id.val());
                }
            }
            _ => {}
        }
        self.result.next = self.value.val();
    }
}
