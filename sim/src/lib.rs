//! gpu16 without hardware: the ISA (MACHINE.md §4), frames (§2), image files (§8), the assembler
//! and disassembler, the reference model (§3–§7) that every RTL test is checked against, and the
//! board link's protocol shared by the board's bridge and the host.

pub mod asm;
pub mod diag;
pub mod dvi;
pub mod frame;
pub mod image;
pub mod isa;
pub mod link;
pub mod markup;
pub mod model;
pub mod run;
pub mod view;
