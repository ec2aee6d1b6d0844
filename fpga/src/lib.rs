//! Everything downstream of the RTL: Verilog emission and its checks (yosys, Verilator lint),
//! cosimulation against rust-hdl of the emitted Verilog (Icarus, Verilator) and of the
//! gate-level netlist yosys makes of it (Icarus), formal proofs, synthesis and timing, the
//! external tools they run, and the boards: their pins and clock (the PLL), bitstreams,
//! flashing and the simulated board; and the classroom boards' vendor projects (Vivado,
//! Quartus).

pub mod blocks;
pub mod board;
pub mod cosim;
pub mod emit;
pub mod formal;
pub mod lint;
pub mod netlist;
pub mod source_fingerprint;
pub mod synth;
pub mod timing;
pub mod tools;
pub mod vendor;
pub mod verilog_engine;
