//! `gpu16 build`: a board's bitstream. The design (the GPU's board top, or the UART echo) is
//! emitted from rust-hdl, wrapped in the board's pin names, synthesised by yosys, placed and
//! routed by nextpnr against the board's constraints and clock, and packed: nextpnr-ecp5 and
//! ecppack for the ECP5 boards, nextpnr-himbaechel and apicula's gowin_pack for the Gowin
//! ones.
//!
//! On an ECP5 board the GPU runs on a clock the board's PLL makes from its oscillator
//! ([`super::pll`]): by default one its routed design meets with margin on that board, or
//! `--clock`; a Gowin board runs it from its oscillator. A bitstream
//! whose routed Fmax is below its clock would run wrong, quietly: that is an error unless the
//! user accepts it.

use super::design::Design;
use super::fingerprint::board_design;
use super::pll::{Pll, PllError};
use super::{Board, Device};
use crate::synth::{implement, Family, Flow, Report, Stop};
use crate::tools::{require, run_within, ToolError, IMPLEMENTATION_TIME_LIMIT};
use gpu16_hdl::bridge::BridgeConfig;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    pub board: Board,
    pub design: Design,
    /// Keep the GPU's performance counters (`--stats` on the board).
    pub counters: bool,
    /// N: the GPU's cores (1–16).
    pub cores: usize,
    pub baud: u32,
    /// The design's clock in Hz (`None`: the board's default for the design), made by the
    /// PLL unless it is the oscillator's.
    pub clock_hz: Option<u32>,
    /// Write the bitstream even if timing is not met at the design's clock.
    pub allow_timing_fail: bool,
    /// Working folder; the bitstream is `DIR/gpu16_<board>.bit`.
    pub dir: PathBuf,
}

/// A bitstream and what it took.
#[derive(Clone, Debug)]
pub struct Built {
    pub bitstream: PathBuf,
    pub report: Report,
    /// The design's clock.
    pub clock_mhz: f64,
    /// Time spent from Verilog to bitstream.
    pub elapsed: Duration,
}

impl Built {
    /// Every clock's routed Fmax at or above its frequency (the design's, and the video's).
    pub fn timing_met(&self) -> bool {
        self.failing_clock().is_none() && self.report.fmax_mhz.is_some()
    }

    /// The first clock slower than its frequency: (name, routed Fmax, frequency). Without
    /// nextpnr's per-clock figures, the lowest Fmax against the design's clock.
    pub fn failing_clock(&self) -> Option<(String, f64, f64)> {
        if self.report.clocks.is_empty() {
            let fmax = self.report.fmax_mhz?;
            return (fmax < self.clock_mhz).then(|| ("clock".into(), fmax, self.clock_mhz));
        }
        let c = self.report.clocks.iter().find(|c| !c.met())?;
        Some((c.name.clone(), c.achieved_mhz, c.constraint_mhz))
    }
}

/// The bridge of a board build at `clock_hz` (its fingerprint 0), checked: a rate the clock
/// cannot make, or a core count out of range, is bad input found before any tool runs.
pub fn board_config(
    clock_hz: u32,
    baud: u32,
    counters: bool,
    cores: usize,
) -> Result<BridgeConfig, ToolError> {
    let config = BridgeConfig {
        clock_hz,
        baud,
        counters,
        simulated: false,
        cores,
        fingerprint: 0,
    };
    config
        .check()
        .map_err(|e| ToolError::Unsupported(e.to_string()))?;
    Ok(config)
}

/// The clocks `board.sdc` gives nextpnr ([`Flow::clocks`]): on a Gowin board whose design
/// clock comes from a PLL, the oscillator that feeds it (the PLL's lock counter runs on it,
/// and nextpnr-himbaechel would hold it to the design's clock), then the video's
/// ([`super::video::generated_clocks`]). nextpnr-ecp5 has the oscillator from the
/// constraint file's `FREQUENCY PORT`.
fn sdc_clocks(board: Board, pll: Option<Pll>) -> Result<Vec<(String, f64)>, ToolError> {
    let mut clocks = Vec::new();
    if let (Family::Gowin, Some(p)) = (board.family(), pll) {
        let oscillator_mhz = f64::from(board.oscillator_hz()) / 1e6;
        clocks.push((
            format!("{}.{}", super::PLL_INSTANCE, p.input_pin()),
            oscillator_mhz,
        ));
    }
    clocks.extend(super::video::generated_clocks(board)?);
    Ok(clocks)
}

/// Builds the bitstream of `opts`; `progress` is told about each step.
pub fn build(opts: &BuildOptions, progress: &mut dyn FnMut(&str)) -> Result<Built, ToolError> {
    let start = Instant::now();
    let board = opts.board;
    let clock_hz = opts
        .clock_hz
        .unwrap_or_else(|| board.default_clock_hz(opts.design));
    let pll = design_clock(board, clock_hz)
        .map_err(|e| ToolError::Unsupported(format!("--clock: {e}")))?;
    let config = board_config(clock_hz, opts.baud, opts.counters, opts.cores)?;
    let target = board.device().target();
    let (nextpnr, _) = target
        .nextpnr()
        .expect("every open-flow board's device has a nextpnr");
    require(&[target.yosys(), nextpnr, packer(board).0])?;
    let clock_mhz = f64::from(clock_hz) / 1e6;
    progress(&match pll {
        Some(p) => format!(
            "clock: {clock_mhz} MHz from the PLL (the {} MHz oscillator × {}/{}, its VCO at {} \
             MHz); the report below compares the routed Fmax with it",
            f64::from(board.oscillator_hz()) / 1e6,
            p.feedback_div,
            p.input_div,
            p.vco_hz() as f64 / 1e6
        ),
        None => format!(
            "clock: {clock_mhz} MHz, the board's oscillator; the report below compares the \
             routed Fmax with it"
        ),
    });
    progress(&format!(
        "emitting the {} design from rust-hdl",
        opts.design.name()
    ));
    let mut sources = vec![("design.v", board_design(opts.design, config)?)];
    if let Some(p) = pll {
        sources.push(("pll.v", p.verilog("gpu16_pll")));
    }
    sources.extend(super::video::sources(board)?);
    sources.push((
        "pins.v",
        board.pin_wrapper("gpu16_design", pll.map(|_| "gpu16_pll")),
    ));
    let flow = Flow {
        sources,
        top: board.wrapper_top(),
        target,
        constraints: Some(board.constraints()),
        freq_mhz: clock_mhz,
        clocks: sdc_clocks(board, pll)?,
        pack: true,
    };
    let report = implement(&flow, &opts.dir, Stop::AfterRouting, progress)?;
    // Counted cells can fit while nextpnr finds no place for them all.
    let unplaceable = report
        .pnr_note
        .as_deref()
        .is_some_and(|_| nextpnr_found_no_placement(&opts.dir));
    if !report.fits() || unplaceable {
        return Err(ToolError::DoesNotFit {
            design: opts.design.name().to_string(),
            device: board.device().name().to_string(),
            board: board.name().to_string(),
            report: report.to_string(),
        });
    }
    let built = Built {
        bitstream: opts.dir.join(board.bitstream_file()),
        report,
        clock_mhz,
        elapsed: Duration::ZERO,
    };
    if built.report.fmax_mhz.is_none() {
        return Err(ToolError::Unexpected(format!(
            "place and route gave no timing ({}); see {}",
            built.report.pnr_note.as_deref().unwrap_or("no report"),
            opts.dir.join("nextpnr.log").display()
        )));
    }
    if let (Some((clock, fmax_mhz, clock_mhz)), false) =
        (built.failing_clock(), opts.allow_timing_fail)
    {
        return Err(ToolError::TimingNotMet {
            clock,
            fmax_mhz,
            clock_mhz,
            report: built.report.to_string(),
        });
    }
    progress("packing the bitstream");
    pack(board, &opts.dir, &built.bitstream)?;
    Ok(Built {
        elapsed: start.elapsed(),
        ..built
    })
}

/// The PLL that makes `clock_hz` from the board's oscillator (`None`: the oscillator is the
/// clock); a clock it cannot make exactly is bad input, found before any tool runs.
pub fn design_clock(board: Board, clock_hz: u32) -> Result<Option<Pll>, PllError> {
    super::pll::video_keeps_up(u64::from(clock_hz))?;
    if clock_hz == board.oscillator_hz() {
        return Ok(None);
    }
    let kind = board.pll_kind().ok_or(PllError::NoPll {
        board: board.name(),
        oscillator: board.oscillator_hz(),
        why: "the open tools give it no clock gate",
    })?;
    Pll::for_clock(kind, board.oscillator_hz(), u64::from(clock_hz)).map(Some)
}

/// The bitstream packer for `board` and its options.
fn packer(board: Board) -> (&'static str, Vec<&'static str>) {
    match (board.family(), board.device()) {
        (Family::Gowin, Device::Gw5a25) => (
            "gowin_pack",
            vec!["--sspi_as_gpio", "--cpu_as_gpio", "-d", "GW5A-25A"],
        ),
        (Family::Gowin, _) => ("gowin_pack", vec!["-d", "GW2A-18C"]),
        _ => ("yowasp-ecppack", vec!["--compress"]),
    }
}

/// Packs the routed design in `dir` into `bitstream`: `ecppack` (PyPI's `yowasp-ecppack`)
/// from `board.config`, with the device's ID where it differs from the die nextpnr placed
/// for (the 12F); apicula's `gowin_pack` (PyPI's `apycula`) from `routed.json`, with the
/// options apicula's examples give each device (the GW5A's configuration pins as user I/O).
fn pack(board: Board, dir: &Path, bitstream: &Path) -> Result<(), ToolError> {
    let name = bitstream
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| {
            ToolError::Unsupported(format!("{}: not a file name", bitstream.display()))
        })?;
    let (tool, mut args) = packer(board);
    if tool == "gowin_pack" {
        args.extend(["-o", name, "routed.json"]);
    } else {
        if let Some(idcode) = board.device().idcode() {
            args.extend(["--idcode", idcode]);
        }
        args.extend(["board.config", name]);
    }
    run_within(tool, &args, dir, IMPLEMENTATION_TIME_LIMIT)?;
    if bitstream.exists() {
        Ok(())
    } else {
        Err(ToolError::Unexpected(format!(
            "{tool} wrote no {}",
            bitstream.display()
        )))
    }
}

/// nextpnr's log in `dir` says the design is too full to place.
fn nextpnr_found_no_placement(dir: &Path) -> bool {
    std::fs::read_to_string(dir.join("nextpnr.log"))
        .is_ok_and(|log| log.contains("Unable to find legal placement"))
}
