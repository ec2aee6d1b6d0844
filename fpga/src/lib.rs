//! Everything downstream of the RTL: Verilog emission and its checks (yosys, Verilator lint),
//! cosimulation against rust-hdl of the emitted Verilog (Icarus, Verilator) and of the
//! gate-level netlist yosys makes of it (Icarus), the external tools they run, and the
//! board: its top (GPU, UART host bridge, LEDs), the host side of the link, the simulated
//! board, bitstreams and flashing.

pub mod blocks;
pub mod board;
pub mod cosim;
pub mod emit;
pub mod formal;
pub mod lint;
pub mod netlist;
pub mod synth;
pub mod timing;
pub mod tools;
pub mod verilog_engine;
