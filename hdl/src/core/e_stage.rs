//! The execute register E, as the fetch ([`super::Fetch`]) holds it and the execute stage
//! ([`super::Execute`], its memory access and its units) reads it: one bundle, joined in one
//! line in the core and passed down whole.
//!
//! | signal | width | meaning |
//! |---|---|---|
//! | `valid` | 1 | E holds an instruction |
//! | `controls` | 34 | what it does: its result select, register write, load/store/sync, `bnz`, `ready`, and its `dst` and constant ([`Controls`], the decoder's) |
//! | `ip` | 4 | its IP |
//! | `last` | 1 | it ends the task unless it is a taken `bnz` (`ready`, or at IP 15) |
//! | `a`, `b`, `c` | 8 each | RF[bits 11:8], RF[7:4] (`ld`/`st`: the address's high bits, from the word's `rb`), RF[3:0], with the write-back forwarded |
//! | `taken` | 1 | E's `bnz` is taken (`a` ≠ 0) |
//!
//! Everything but `taken` is a register of the fetch, loaded when E advances; `taken` is one
//! gate after them. The instruction is decoded once, at fetch ([`super::Decode`]), so every
//! control is a register here. A block that reads E takes the fields it needs; the lint
//! waives the rest by name (`gpu16_fpga::lint`).

use super::Controls;
use rust_hdl::prelude::*;

/// The fetch's side: E's fields, out.
#[derive(LogicInterface, Default)]
#[join = "EStageTarget"]
pub struct EStage {
    pub valid: Signal<Out, Bit>,
    pub controls: Signal<Out, Controls>,
    pub ip: Signal<Out, Bits<4>>,
    pub last: Signal<Out, Bit>,
    pub a: Signal<Out, Bits<8>>,
    pub b: Signal<Out, Bits<8>>,
    pub c: Signal<Out, Bits<8>>,
    pub taken: Signal<Out, Bit>,
}

/// The readers' side: E's fields, in.
#[derive(LogicInterface, Default)]
#[join = "EStage"]
pub struct EStageTarget {
    pub valid: Signal<In, Bit>,
    pub controls: Signal<In, Controls>,
    pub ip: Signal<In, Bits<4>>,
    pub last: Signal<In, Bit>,
    pub a: Signal<In, Bits<8>>,
    pub b: Signal<In, Bits<8>>,
    pub c: Signal<In, Bits<8>>,
    pub taken: Signal<In, Bit>,
}
