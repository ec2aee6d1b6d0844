//! The instruction decoder: an opcode (instruction bits [15:12]) as one named signal per
//! instruction of MACHINE.md §4, and the groups of instructions the pipeline asks about.
//!
//! The opcodes are sim's table (`gpu16_sim::isa::opcode`), the one the assembler, the model
//! and the disassembler use; no other hdl file compares an opcode with a number. Each block
//! that acts on an instruction (the fetch, for the fetched word and E's; the execute stage;
//! the memory access; the results and the ALU; the program writer) decodes the word it has
//! with its own `Decode`, so its ports and its testbench keep taking instruction words, and
//! synthesis merges the decoders of one word. A parent that leaves some outputs unread is
//! fine: the lint waives unread `decode` outputs by name (`gpu16_fpga::lint`).
//!
//! Adding an instruction: docs/microarchitecture.md, "Adding or changing an instruction".

use crate::codes::Code;
use gpu16_sim::isa::opcode;
use rust_hdl::prelude::*;

// `is_store_of_mem` reads one opcode bit: it must be the one that tells `st` from `ld`.
const _: () = assert!(opcode::LD & 0b0100 == 0 && opcode::ST & 0b0100 != 0);

/// Combinational: an opcode in, what it is out.
#[derive(LogicBlock, Default)]
pub struct Decode {
    /// Instruction bits [15:12].
    pub opcode: Signal<In, Bits<4>>,
    /// Exactly one of these is high: the instruction the opcode names.
    pub is_nop: Signal<Out, Bit>,
    pub is_add: Signal<Out, Bit>,
    pub is_sub: Signal<Out, Bit>,
    pub is_mul: Signal<Out, Bit>,
    pub is_div: Signal<Out, Bit>,
    pub is_cmpge: Signal<Out, Bit>,
    pub is_rshft: Signal<Out, Bit>,
    pub is_lshft: Signal<Out, Bit>,
    pub is_and: Signal<Out, Bit>,
    pub is_or: Signal<Out, Bit>,
    pub is_xor: Signal<Out, Bit>,
    pub is_ld: Signal<Out, Bit>,
    pub is_set_const: Signal<Out, Bit>,
    pub is_st: Signal<Out, Bit>,
    pub is_bnz: Signal<Out, Bit>,
    pub is_ready: Signal<Out, Bit>,
    /// A load or a store (`ld`, `st`, either mode).
    pub is_mem: Signal<Out, Bit>,
    /// For a word known to be a load or a store, whether it is the store: the one opcode bit
    /// in which `ld` and `st` differ (checked at compile time above). One input instead of
    /// four, for the paths a load's byte takes to the write-back.
    pub is_store_of_mem: Signal<Out, Bit>,
    /// The instruction writes `RF[dst]` (unless it faults): the ALU's operations, the shifts,
    /// `ld`, `set_const`.
    pub writes_reg: Signal<Out, Bit>,
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
        self.is_nop.next = self.opcode.val() == self.op_nop.val();
        self.is_add.next = self.opcode.val() == self.op_add.val();
        self.is_sub.next = self.opcode.val() == self.op_sub.val();
        self.is_mul.next = self.opcode.val() == self.op_mul.val();
        self.is_div.next = self.opcode.val() == self.op_div.val();
        self.is_cmpge.next = self.opcode.val() == self.op_cmpge.val();
        self.is_rshft.next = self.opcode.val() == self.op_rshft.val();
        self.is_lshft.next = self.opcode.val() == self.op_lshft.val();
        self.is_and.next = self.opcode.val() == self.op_and.val();
        self.is_or.next = self.opcode.val() == self.op_or.val();
        self.is_xor.next = self.opcode.val() == self.op_xor.val();
        self.is_ld.next = self.opcode.val() == self.op_ld.val();
        self.is_set_const.next = self.opcode.val() == self.op_set_const.val();
        self.is_st.next = self.opcode.val() == self.op_st.val();
        self.is_bnz.next = self.opcode.val() == self.op_bnz.val();
        self.is_ready.next = self.opcode.val() == self.op_ready.val();
        self.is_mem.next = self.is_ld.val() || self.is_st.val();
        self.is_store_of_mem.next = self.opcode.val().get_bit(2);
        self.writes_reg.next =
            !(self.is_nop.val() || self.is_st.val() || self.is_bnz.val() || self.is_ready.val());
    }
}
