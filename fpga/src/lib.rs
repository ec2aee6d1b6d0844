//! Everything downstream of the RTL: Verilog emission and its checks (yosys, Verilator lint),
//! cosimulation of the emitted Verilog against rust-hdl (Icarus, Verilator), and the external
//! tools they run.

pub mod blocks;
pub mod cosim;
pub mod emit;
pub mod lint;
pub mod synth;
pub mod tools;
pub mod verilog_engine;
