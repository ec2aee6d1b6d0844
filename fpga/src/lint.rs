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
//!
//! A GPU of N < 16 cores leaves unread what the scheduler and the shared memory offer the
//! absent cores ([`absent_core_waivers`]): those signals, by name. And three kinds of signals
//! are left unread on purpose ([`UNREAD_BY_DESIGN`]): the fetch decodes the word it fetches
//! for what the fetch itself needs of it, and the program writer each word it writes for the
//! two flags it stores, each leaving the rest of its decoder's outputs unread; a block that reads the execute register E takes what it needs of E's fields, and
//! nothing in the GPU reads the trace ports (the viewer reads them from the waveform). Those, by name; nothing else is waived.

use crate::tools::{run, ToolError};
use gpu16_sim::frame::CORES;
use std::path::Path;

/// The signals whose unread bits are waived, as Verilator message patterns: the outputs of
/// the two decoders that decode a word for a few of its controls (`gpu16_hdl::core::Decode`:
/// the fetch's `word_decode`, for what the fetch needs of the word it fetches, and the
/// program writer's `flags_decode`, for the two flags it stores; E's decoder, `e_decode`,
/// gives all its controls to E's bundle), the fields of E a block reads it through
/// (`gpu16_hdl::core::EStageTarget`: the port `e`, whose signals are `e$valid`,
/// `e$controls`, …) and every trace port (`gpu16_hdl::trace`: `trace`).
pub const UNREAD_BY_DESIGN: [&str; 4] =
    ["*'word_decode$*", "*'flags_decode$*", "*'e$*", "*trace$*"];

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
    verilator_lint_sized(verilog, top, dir, CORES)
}

/// [`verilator_lint`] for a design holding a GPU of `cores` cores: also waives
/// [`absent_core_waivers`].
pub fn verilator_lint_sized(
    verilog: &str,
    top: &str,
    dir: &Path,
    cores: usize,
) -> Result<(), ToolError> {
    let write = |name: &str, text: &str| {
        std::fs::write(dir.join(name), text).map_err(ToolError::io(dir.join(name).display()))
    };
    write("lint.v", verilog)?;
    write(
        "waivers.vlt",
        &(absent_core_waivers(cores) + &unread_by_design_waivers()),
    )?;
    let mut args = vec!["--lint-only", "-Wall", "--top-module", top];
    let waivers = verilator_waiver_flags();
    args.extend(waivers.iter().map(String::as_str));
    args.extend(["waivers.vlt", "lint.v"]);
    run("verilator", &args, dir).map(|_| ())
}

/// The Verilator configuration lines waiving `UNUSEDSIGNAL` for the signals
/// [`UNREAD_BY_DESIGN`] matches (after a `` `verilator_config `` line).
pub fn unread_by_design_waivers() -> String {
    UNREAD_BY_DESIGN
        .iter()
        .map(|pattern| format!("lint_off -rule UNUSEDSIGNAL -file \"*\" -match \"{pattern}\"\n"))
        .collect()
}

/// A Verilator configuration file waiving `UNUSEDSIGNAL` for exactly the signals a GPU of
/// `cores` cores leaves unread: the task ports and shared-memory ports of cores `cores`..15,
/// and their bits of the shared memory's lock-wait events. Empty for 16 cores.
pub fn absent_core_waivers(cores: usize) -> String {
    let mut text = String::from("`verilator_config\n");
    for core in cores..CORES {
        for port in ["sched$cores", "sm$cores"] {
            text +=
                &format!("lint_off -rule UNUSEDSIGNAL -file \"*\" -match \"*'{port}${core}$*\"\n");
        }
    }
    if cores < CORES {
        text += "lint_off -rule UNUSEDSIGNAL -file \"*\" -match \"*'sm$perf_lock_wait'*\"\n";
    }
    text
}
