//! The instruction decoder: a word in, what the pipeline does with it out (MACHINE.md §4).
//!
//! Each word is decoded once, by one of these: E's word by the fetch's `e_decode`, after E's
//! register, its [`Controls`] on E's bundle ([`super::EStage`]) for every block of the
//! execute stage; the word the fetch fetches by its `word_decode`, for what the fetch needs of
//! it; each word the host writes by the program writer's, for the flags it stores beside the
//! word. The opcodes are sim's table (`gpu16_sim::isa::opcode`) and the fields' bit
//! positions sim's `gpu16_sim::isa::field`, the ones the assembler, the model and the
//! disassembler use; no other hdl file compares an opcode with a number or slices a field
//! out of a word.
//!
//! Adding an instruction: docs/microarchitecture.md, "Adding or changing an instruction".

use crate::codes::Code;
use gpu16_sim::isa::{field, opcode};
use rust_hdl::prelude::*;

// `is_store` reads one opcode bit: it must be the one that tells `st` from `ld`.
const _: () = assert!(opcode::LD & 0b0100 == 0 && opcode::ST & 0b0100 != 0);

// The slices below are written as numbers (rust-hdl's Verilog takes literal positions); they
// are sim's.
const _: () = assert!(
    field::OPCODE == 12
        && field::A == 8
        && field::B == 4
        && field::C == 0
        && field::MODE == 6
        && field::VALUE == 4
);

/// What an instruction makes the core do: its controls and its fields, one struct signal
/// (rust-hdl's `LogicStruct`), carried whole on E's bundle.
///
/// Result select: at most one of `adder`, `is_cmpge`, `is_rshft`, `is_lshft`, `is_and`,
/// `is_or`, `is_xor`, `is_set_const`, `is_mul`, `is_div` and a load (`is_mem` and not
/// `is_store`) is high.
#[derive(Default, PartialEq, Eq, LogicStruct, Copy, Clone, Debug)]
pub struct Controls {
    /// The value written is the adder's sum (`add`, `sub`) …
    pub adder: Bit,
    /// … its carry, `a >= b` (`cmpge`); a shift of `a` by `imm[2:0]`; `a` and, or, xor `b`;
    /// `set_const`'s constant (or the core id, for `dst` r0–r7); the multiplier's product;
    /// the divider's quotient.
    pub is_cmpge: Bit,
    pub is_rshft: Bit,
    pub is_lshft: Bit,
    pub is_and: Bit,
    pub is_or: Bit,
    pub is_xor: Bit,
    pub is_set_const: Bit,
    pub is_mul: Bit,
    pub is_div: Bit,
    /// The adder computes `a + !b + 1` = `a - b` (`sub`, `cmpge`; every instruction but
    /// `add`).
    pub subtract: Bit,
    /// The instruction writes `RF[dst]` unless it faults (`mul`: and `RF[dst + 1]`).
    pub writes_reg: Bit,
    /// A load or a store (any mode, an illegal one too). For a load or a store (these three
    /// are bits of the word, meaningless for any other instruction): it is the store (the
    /// one opcode bit in which `ld` and `st` differ); its mode's `_sync` bit; its mode is
    /// `1x` (`ILLEGAL_INSN`, MACHINE.md §7).
    pub is_mem: Bit,
    pub is_store: Bit,
    pub sync: Bit,
    pub illegal: Bit,
    /// `bnz`, and its target; `ready` (the task ends).
    pub is_bnz: Bit,
    pub target: Bits<4>,
    pub is_ready: Bit,
    /// `mul`, `div` or `bnz`: the instruction may take more than its first cycle in E (a
    /// load or store does too; the fetch has the program memory's flag for those).
    pub multi_cycle: Bit,
    /// The register fields: `src0` (bits [11:8]); `dst` (bits [3:0]), the register written
    /// or a store's `src2`. (A load's or store's `src1` comes with the word from the program
    /// memory.)
    pub src0: Bits<4>,
    pub dst: Bits<4>,
    /// Bits [11:4]: `set_const`'s constant; bits [2:0] are a shift's amount.
    pub imm: Bits<8>,
}

/// Combinational: a word in, its [`Controls`] out.
#[derive(LogicBlock, Default)]
pub struct Decode {
    /// The instruction word.
    pub word: Signal<In, Bits<16>>,
    /// What the instruction does.
    pub controls: Signal<Out, Controls>,
    op: Signal<Local, Bits<4>>,
    /// The word is a load, a store.
    ld: Signal<Local, Bit>,
    st: Signal<Local, Bit>,
    op_nop: Code<{ opcode::NOP as u64 }, 4>,
    op_add: Code<{ opcode::ADD as u64 }, 4>,
    op_sub: Code<{ opcode::SUB as u64 }, 4>,
    op_mul: Code<{ opcode::MUL as u64 }, 4>,
    op_div: Code<{ opcode::DIV as u64 }, 4>,
    op_cmpge: Code<{ opcode::CMPGE as u64 }, 4>,
    op_rshft: Code<{ opcode::RSHFT as u64 }, 4>,
    op_lshft: Code<{ opcode::LSHFT as u64 }, 4>,
    op_and: Code<{ opcode::AND as u64 }, 4>,
    op_or: Code<{ opcode::OR as u64 }, 4>,
    op_xor: Code<{ opcode::XOR as u64 }, 4>,
    op_ld: Code<{ opcode::LD as u64 }, 4>,
    op_set_const: Code<{ opcode::SET_CONST as u64 }, 4>,
    op_st: Code<{ opcode::ST as u64 }, 4>,
    op_bnz: Code<{ opcode::BNZ as u64 }, 4>,
    op_ready: Code<{ opcode::READY as u64 }, 4>,
}

impl Logic for Decode {
    #[hdl_gen]
    fn update(&mut self) {
        self.op.next = self.word.val().get_bits::<4>(12);
        self.ld.next = self.op.val() == self.op_ld.val();
        self.st.next = self.op.val() == self.op_st.val();

        self.controls.next.adder =
            (self.op.val() == self.op_add.val()) || (self.op.val() == self.op_sub.val());
        self.controls.next.is_cmpge = self.op.val() == self.op_cmpge.val();
        self.controls.next.is_rshft = self.op.val() == self.op_rshft.val();
        self.controls.next.is_lshft = self.op.val() == self.op_lshft.val();
        self.controls.next.is_and = self.op.val() == self.op_and.val();
        self.controls.next.is_or = self.op.val() == self.op_or.val();
        self.controls.next.is_xor = self.op.val() == self.op_xor.val();
        self.controls.next.is_set_const = self.op.val() == self.op_set_const.val();
        self.controls.next.is_mul = self.op.val() == self.op_mul.val();
        self.controls.next.is_div = self.op.val() == self.op_div.val();
        self.controls.next.subtract = self.op.val() != self.op_add.val();
        self.controls.next.writes_reg = !((self.op.val() == self.op_nop.val())
            || self.st.val()
            || (self.op.val() == self.op_bnz.val())
            || (self.op.val() == self.op_ready.val()));
        self.controls.next.is_mem = self.ld.val() || self.st.val();
        self.controls.next.is_store = self.word.val().get_bit(14);
        self.controls.next.sync = self.word.val().get_bit(6);
        self.controls.next.illegal = self.word.val().get_bit(7);
        self.controls.next.is_bnz = self.op.val() == self.op_bnz.val();
        self.controls.next.target = self.word.val().get_bits::<4>(4);
        self.controls.next.is_ready = self.op.val() == self.op_ready.val();
        self.controls.next.dst = self.word.val().get_bits::<4>(0);
        self.controls.next.imm = self.word.val().get_bits::<8>(4);
        self.controls.next.multi_cycle = (self.op.val() == self.op_mul.val())
            || (self.op.val() == self.op_div.val())
            || (self.op.val() == self.op_bnz.val());
        self.controls.next.src0 = self.word.val().get_bits::<4>(8);
    }
}
