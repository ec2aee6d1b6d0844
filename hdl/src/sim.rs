//! Stepping rust-hdl blocks cycle by cycle, outside rust-hdl's threaded `Simulation`: plain
//! stepping is the fastest way to run the design, and lets a driver react to outputs within a
//! cycle (for example a memory model that grants a request in the cycle it appears).

use rust_hdl::prelude::*;

/// Update rounds allowed for combinational logic to settle.
const SETTLE_ROUNDS: usize = 100;

/// The design's combinational logic did not settle: a combinational loop (a design bug).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoConvergence;

impl std::fmt::Display for NoConvergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the RTL's combinational logic did not settle (a combinational loop)"
        )
    }
}

impl std::error::Error for NoConvergence {}

/// Propagates the inputs set since the last call through the combinational logic.
pub fn settle<B: Block>(uut: &mut B) -> Result<(), NoConvergence> {
    if simulate(uut, SETTLE_ROUNDS) {
        Ok(())
    } else {
        Err(NoConvergence)
    }
}

/// One rising and one falling edge of the clock `clock` selects; the design is settled
/// before and after.
pub fn tick<B: Block>(
    uut: &mut B,
    clock: fn(&mut B) -> &mut Signal<In, Clock>,
) -> Result<(), NoConvergence> {
    settle(uut)?;
    clock(uut).next = Clock { clk: true };
    settle(uut)?;
    clock(uut).next = Clock { clk: false };
    settle(uut)
}

/// A new block with its signals connected, ready to step.
pub fn connected<B: Block + Default>() -> B {
    connect(B::default())
}

/// `uut` with its signals connected, ready to step.
pub fn connect<B: Block>(mut uut: B) -> B {
    uut.connect_all();
    uut
}
