//! Image files of MACHINE.md §8 (`$readmemh`-compatible hex): Task Memory and Shared Memory;
//! and the picture shared memory holds (§5).

pub mod hex;
pub mod picture;
pub mod sm;
pub mod tm;
