//! `gpu16 run --engine`: which implementation of the machine runs a program.

use clap::ValueEnum;

/// Which implementation of the machine runs the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Engine {
    /// The reference model (sim/src/model).
    Model,
    /// The rust-hdl simulation of the RTL.
    Rtl,
    /// The emitted Verilog, compiled by Verilator.
    Verilator,
    /// A board (or `gpu16 board-sim`) behind a serial port: needs --port.
    Board,
}
