//! `gpu16 synth`: yosys synthesis and nextpnr place-and-route of a block for an FPGA, and a
//! report of what it uses and how fast it runs.
//!
//! A block has far more I/O bits than a package has pins, so it is synthesised inside a
//! generated **scan wrapper**: four pins (`clk`, `scan_in`, `capture`, `scan_out`); every input of the
//! block comes from a shift register, every output is captured into another that shifts out.
//! All of the block's ports are then registered inside the chip, which is also how it sits in
//! a real design, and nextpnr's Fmax is the block's own internal timing.
//!
//! This file runs the flow (yosys, then nextpnr as far as asked); the devices and how their
//! cells count are in `device.rs`, the wrapper in `scan_wrapper.rs`, running nextpnr in
//! `nextpnr.rs`, reading the tools' reports and logs in `logs.rs`, and what a run found in
//! `report.rs`.

mod device;
mod logs;
mod nextpnr;
mod report;
mod scan_wrapper;

pub use device::{Constraints, Family, Target};
pub use logs::CriticalPath;
pub use report::Report;
pub use scan_wrapper::scan_wrapper;

use crate::cosim::Port;
use crate::timing;
use crate::tools::{require, run_within, ToolError, IMPLEMENTATION_TIME_LIMIT};
pub use logs::ClockFmax;
use logs::{cell_count, clocks_from_report, critical_path_from_report, fmax_from_log};
use nextpnr::{keep_log, nextpnr, ECP5_ROUTER1, GW5A_HEAP};
use std::path::Path;

/// Stages of paths over the period that a report lists (the worst first).
const STAGES_SHOWN: usize = 20;

/// The file in a run's folder that lists every stage over the period (the worst first).
const STAGES_FILE: &str = "stages.txt";

/// How far [`synthesise`] takes the design.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// yosys only: resource counts.
    AfterSynthesis,
    /// yosys and nextpnr's placement: Fmax estimated from placed cells (minutes where routing
    /// the whole GPU takes 10–30 more).
    AfterPlacement,
    /// The whole flow: Fmax of the routed design.
    AfterRouting,
}

/// Synthesises module `top` (with `ports`) from `verilog` for `target` in `dir`, inside the
/// scan wrapper, then places and routes it as far as `stop` against 100 MHz. `progress` is
/// told about each step.
pub fn synthesise(
    verilog: &str,
    top: &str,
    ports: &[Port],
    target: Target,
    dir: &Path,
    stop: Stop,
    progress: &mut dyn FnMut(&str),
) -> Result<Report, ToolError> {
    let flow = Flow {
        sources: vec![
            ("block.v", verilog.to_string()),
            ("wrapper.v", scan_wrapper(top, ports)),
        ],
        top: "gpu16_synth_top",
        target,
        constraints: target.scan_constraints(),
        freq_mhz: 100.0,
        clocks: Vec::new(),
        pack: false,
    };
    implement(&flow, dir, stop, progress)
}

/// A design to implement: its Verilog files, top module, device, pin constraints and the
/// clock frequency nextpnr aims for.
pub struct Flow<'a> {
    /// (file name, text), read in order.
    pub sources: Vec<(&'a str, String)>,
    pub top: &'a str,
    pub target: Target,
    /// Pin constraints, in the target family's format (`board.lpf` or `board.cst` in the
    /// folder).
    pub constraints: Option<Constraints<'a>>,
    pub freq_mhz: f64,
    /// Clocks whose frequency nextpnr cannot derive: (a cell pin on the clock's net, as yosys
    /// names it, `cell/PORT`; MHz), written as `board.sdc` for nextpnr's `--sdc`. Every other
    /// clock it does not derive is held to `freq_mhz`.
    pub clocks: Vec<(String, f64)>,
    /// Write what the bitstream packer reads: nextpnr-ecp5's textual configuration
    /// (`board.config`, for `ecppack`), nextpnr-himbaechel's routed design (`routed.json`,
    /// for `gowin_pack`).
    pub pack: bool,
}

/// The constraints file nextpnr reads for `family`.
fn constraints_file(family: Family) -> &'static str {
    match family {
        Family::Gowin => "board.cst",
        Family::Ecp5 | Family::Ice40 => "board.lpf",
        Family::Xilinx7 => "board.xdc",
        Family::IntelAlm => "board.qsf",
    }
}

/// The timing constraints file nextpnr reads when a design makes clocks of its own.
const TIMING_FILE: &str = "board.sdc";

/// nextpnr's SDC for `clocks` (cell pin, MHz): one `create_clock` each, its period in ns.
/// A pin, not a net: yosys names a net after any of the modules it passes through.
fn sdc(clocks: &[(String, f64)]) -> String {
    clocks
        .iter()
        .map(|(pin, mhz)| format!("create_clock -period {:.3} [get_pins {pin}]\n", 1e3 / mhz))
        .collect()
}

/// Runs yosys and nextpnr on `flow` in `dir`, as far as `stop`.
pub fn implement(
    flow: &Flow,
    dir: &Path,
    stop: Stop,
    progress: &mut dyn FnMut(&str),
) -> Result<Report, ToolError> {
    let target = flow.target;
    if stop == Stop::AfterSynthesis {
        require(&[target.yosys()])?;
    } else {
        let Some((nextpnr, _)) = target.nextpnr() else {
            return Err(ToolError::Unsupported(format!(
                "no open place and route for the {} can be installed here: --synth-only gives \
                 its resources (and `gpu16 build` a vendor project for its boards)",
                target.name()
            )));
        };
        require(&[target.yosys(), nextpnr])?;
    }
    let io = |e| ToolError::io(dir.display())(e);
    std::fs::create_dir_all(dir).map_err(io)?;
    for (name, text) in &flow.sources {
        std::fs::write(dir.join(name), text).map_err(io)?;
    }
    if let Some(c) = flow.constraints {
        std::fs::write(dir.join(constraints_file(target.family())), c.text).map_err(io)?;
    }
    if !flow.clocks.is_empty() {
        std::fs::write(dir.join(TIMING_FILE), sdc(&flow.clocks)).map_err(io)?;
    }
    let synth = target.yosys_synthesis();
    progress(&format!("yosys {synth} (a few minutes for the whole GPU)"));
    let files: Vec<&str> = flow.sources.iter().map(|(name, _)| *name).collect();
    let script = format!(
        "read_verilog {}; {synth} -top {} -json synth.json; tee -q -o stat.txt stat",
        files.join(" "),
        flow.top
    );
    let yosys = run_within(
        target.yosys(),
        &["-q", "-p", &script],
        dir,
        IMPLEMENTATION_TIME_LIMIT,
    );
    keep_log(dir, "yosys.log");
    yosys?;
    let stat = std::fs::read_to_string(dir.join("stat.txt")).map_err(io)?;
    let count = |cell: &str| cell_count(&stat, cell);
    let usage: Vec<(&'static str, u64, u64)> = target
        .resources()
        .iter()
        .map(|(name, cells, avail)| {
            let used = cells.iter().map(|(cell, units)| units * count(cell)).sum();
            (*name, used, *avail)
        })
        .collect();
    let mut report = Report {
        target,
        usage,
        fmax_mhz: None,
        clocks: Vec::new(),
        stop,
        critical_path: None,
        timing: None,
        pnr_note: None,
    };
    if stop == Stop::AfterSynthesis {
        report.pnr_note = Some("--synth-only".into());
        return Ok(report);
    }
    if !report.fits() {
        report.pnr_note = Some("the design does not fit the device".into());
        return Ok(report);
    }
    progress(if stop == Stop::AfterPlacement {
        "nextpnr placement"
    } else {
        "nextpnr place and route (about 30 minutes for the whole GPU)"
    });
    // ECP5: nextpnr's static (electrostatic) placer spreads the cells by where the wires go.
    // The whole GPU's crossbar congests the default HeAP placement so much that router1 had
    // not finished after hours. router1 routes every ECP5 design: router2 does not converge
    // at four fifths of a 25F, and on the 85F, where it sometimes does, its routes ran 9-29%
    // slower than router1's on the same netlist (docs/decisions.md, D8).
    let placer_router: &[&str] = match target {
        _ if target.is_ecp5() => &ECP5_ROUTER1,
        Target::Gw5a25 => &GW5A_HEAP,
        _ => &[],
    };
    let pnr = nextpnr(flow, dir, stop, placer_router, progress);
    keep_log(dir, "nextpnr.log");
    match pnr {
        Ok(_) if stop == Stop::AfterPlacement => {
            // Without routing nextpnr's report has no timing: its log has the estimate.
            let log = std::fs::read_to_string(dir.join("nextpnr.log")).map_err(io)?;
            report.fmax_mhz = fmax_from_log(&log);
            if report.fmax_mhz.is_none() {
                report.pnr_note = Some("nextpnr's log has no clock".into());
            }
        }
        Ok(_) => {
            let json = std::fs::read_to_string(dir.join("pnr.json")).map_err(io)?;
            report.clocks = clocks_from_report(&json);
            report.fmax_mhz = report
                .clocks
                .iter()
                .map(|c| c.achieved_mhz)
                .reduce(f64::min);
            report.critical_path = critical_path_from_report(&json);
            // The stages of the slow paths, from the SDF: read for the Lattice families'
            // cell names.
            if target.family() != Family::Gowin {
                let sdf = std::fs::read_to_string(dir.join("routed.sdf")).map_err(io)?;
                let timing = timing::analyse(&sdf, 1000.0 / flow.freq_mhz)
                    .map_err(|e| ToolError::Unexpected(format!("{}: {e}", dir.display())))?;
                let lines: Vec<String> = timing.over.iter().map(|s| format!("{s}\n")).collect();
                std::fs::write(dir.join(STAGES_FILE), lines.concat()).map_err(io)?;
                report.timing = Some(timing);
            }
            if report.fmax_mhz.is_none() {
                report.pnr_note = Some("nextpnr's report has no clock".into());
            }
        }
        Err(e) => {
            report.pnr_note = Some(format!(
                "nextpnr failed: {}",
                e.to_string().lines().last().unwrap_or("")
            ))
        }
    }
    Ok(report)
}
