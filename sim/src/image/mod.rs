//! Image files of MACHINE.md §8 (`$readmemh`-compatible hex): Task Memory and Shared Memory.

pub mod hex;
pub mod sm;
pub mod tm;
