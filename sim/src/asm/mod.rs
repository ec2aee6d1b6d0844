//! The assembly language of docs/ASSEMBLY.md: assembler and disassembler.

mod assemble;
mod cursor;
mod disasm;
mod habits;
mod lexer;
mod operands;
mod unwritten;

pub use assemble::{assemble, assemble_for, Assembled, FrameSource};
pub use disasm::{disassemble, word_text};
