//! gpu16 without hardware: the ISA (SPEC §4), frames (§2), image files (§8), the assembler and
//! disassembler, and the reference model (§3–§7) that every RTL test is checked against.

pub mod asm;
pub mod diag;
pub mod frame;
pub mod image;
pub mod isa;
pub mod model;
pub mod run;
