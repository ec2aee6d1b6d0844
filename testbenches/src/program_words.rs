//! The program memory's word format (hdl/src/core/program_memory.rs), computed in plain Rust
//! from the ISA: what the program writer must write, and what a core testbench writes.

use gpu16_sim::isa::opcode;

/// Word `word` at IP `ip` as a program memory stores it: `{loop?, load or store?, word}`.
pub fn program_word(word: u16, ip: usize) -> u64 {
    let opc = word >> 12;
    let is_mem = opc == opcode::LD || opc == opcode::ST;
    let is_loop = opc == opcode::BNZ && usize::from((word >> 4) & 0xf) <= ip;
    u64::from(is_loop) << 17 | u64::from(is_mem) << 16 | u64::from(word)
}
