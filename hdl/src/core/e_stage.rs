//! The execute register E, as the fetch ([`super::Fetch`]) holds it and the execute stage
//! ([`super::Execute`], its memory access and its units) reads it: one bundle, joined in one
//! line in the core and passed down whole.
//!
//! | signal | width | meaning |
//! |---|---|---|
//! | `valid` | 1 | E holds an instruction |
//! | `controls` | 39 | what it does: its result select, register write, load/store/sync, `bnz`, `ready`, and its `dst` and constant ([`Controls`], E's word decoded) |
//! | `ip` | 4 | its IP |
//! | `mem` | 1 | it is a load or store (the program memory's flag) |
//! | `last` | 1 | it ends the task unless it is a taken `bnz` (`ready`, or at IP 15) |
//! | `sub` | 1 | the ALU's adder subtracts (every instruction but `add`) |
//! | `a`, `b`, `c` | 8 each | RF[bits 11:8], RF[7:4] (`ld`/`st`: the address's high bits, from the word's `rb`), RF[3:0], with the write-back forwarded |
//! | `taken` | 1 | E's `bnz` is taken (`a` ≠ 0) |
//!
//! Everything but `controls` and `taken` is a register of the fetch, loaded when E advances;
//! `controls` is E's instruction word decoded once, by the fetch's decoder of E
//! ([`super::Decode`]), and `taken` one gate after the registers. `mem`, `last` and `sub` are
//! registers decoded at fetch, for the paths that start from them (the request into the
//! shared memory, the task's end, the adder's carry chain). A block that reads E takes the
//! fields it needs; the lint waives the rest by name (`gpu16_fpga::lint`).

use super::Controls;
use rust_hdl::prelude::*;

/// The fetch's side: E's fields, out.
#[derive(LogicInterface, Default)]
#[join = "EStageTarget"]
pub struct EStage {
    pub valid: Signal<Out, Bit>,
    pub controls: Signal<Out, Controls>,
    pub ip: Signal<Out, Bits<4>>,
    pub mem: Signal<Out, Bit>,
    pub last: Signal<Out, Bit>,
    pub sub: Signal<Out, Bit>,
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
    pub mem: Signal<In, Bit>,
    pub last: Signal<In, Bit>,
    pub sub: Signal<In, Bit>,
    pub a: Signal<In, Bits<8>>,
    pub b: Signal<In, Bits<8>>,
    pub c: Signal<In, Bits<8>>,
    pub taken: Signal<In, Bit>,
}
