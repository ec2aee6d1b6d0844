//! Structural checks of emitted Verilog: yosys (`hierarchy -check; proc; check -assert`: no
//! latches, undriven nets, multiple drivers or combinational loops) and Verilator's
//! `--lint-only -Wall`, less the warning classes rust-hdl's code generator always produces:
//!
//! - `WIDTH`: rust-hdl writes every literal 32 bits wide (`x = 32'h0`).
//! - `DECLFILENAME`: the top module is not named after the file.
//! - `UNOPTFLAT`: rust-hdl writes one `always @(*)` per module, which both drives a
//!   sub-module's inputs and reads its outputs; Verilator reports that as a loop at the level
//!   of whole signals. yosys `check -assert`, which looks at bits, proves there is none.
//! - `UNUSEDPARAM`: rust-hdl declares every value of a state enum (`#[derive(LogicState)]`) as
//!   a `localparam` in each module that holds the enum, its flip-flop's included, used or not.

use crate::tools::{run, ToolError};
use std::path::Path;

/// Verilator warning classes waived for rust-hdl output (see the module documentation).
pub const VERILATOR_WAIVERS: [&str; 4] = ["WIDTH", "DECLFILENAME", "UNOPTFLAT", "UNUSEDPARAM"];

/// Verilator's `-Wno-…` flags for [`VERILATOR_WAIVERS`].
pub fn verilator_waiver_flags() -> Vec<String> {
    VERILATOR_WAIVERS
        .iter()
        .map(|w| format!("-Wno-{w}"))
        .collect()
}

/// Writes `verilog` to `dir/name.v` and runs yosys' structural checks on module `top`.
pub fn yosys_check(verilog: &str, top: &str, dir: &Path) -> Result<(), ToolError> {
    std::fs::write(dir.join("check.v"), verilog)
        .map_err(ToolError::io(dir.join("check.v").display()))?;
    let script = format!("read_verilog check.v; hierarchy -check -top {top}; proc; check -assert");
    run("yosys", &["-q", "-p", &script], dir).map(|_| ())
}

/// Runs `verilator --lint-only -Wall` with the waivers of [`VERILATOR_WAIVERS`].
pub fn verilator_lint(verilog: &str, top: &str, dir: &Path) -> Result<(), ToolError> {
    std::fs::write(dir.join("lint.v"), verilog)
        .map_err(ToolError::io(dir.join("lint.v").display()))?;
    let mut args = vec!["--lint-only", "-Wall", "--top-module", top];
    let waivers = verilator_waiver_flags();
    args.extend(waivers.iter().map(String::as_str));
    args.push("lint.v");
    run("verilator", &args, dir).map(|_| ())
}
