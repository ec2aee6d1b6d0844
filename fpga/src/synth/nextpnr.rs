//! Running nextpnr on a synthesised design: its arguments per family, its progress, and its
//! log kept beside the run.

use super::logs::nextpnr_phase;
use super::{Family, Flow, Stop};
use crate::tools::{run_watched, ToolError, IMPLEMENTATION_TIME_LIMIT};
use std::path::Path;
use std::time::{Duration, Instant};

/// The static placer with router1, for ECP5.
pub(super) const ECP5_ROUTER1: [&str; 4] = ["--placer", "static", "--router", "router1"];

/// HeAP with its anchors to the last legal placement three times their default weight
/// (alpha 0.3, not 0.1), for the GW5A: each solve then strays less from the placement its
/// greedy legaliser found, which otherwise gives up on the Tang Primer 25K with the video at
/// 7 cores, a quarter of the device unused (docs/decisions.md, D13).
pub(super) const GW5A_HEAP: [&str; 2] = ["--placer-heap-alpha", "0.3"];

/// Runs nextpnr on `flow`'s synthesised design in `dir` with `placer_router`, as far as
/// `stop`, telling `progress` its phase.
pub(super) fn nextpnr(
    flow: &Flow,
    dir: &Path,
    stop: Stop,
    placer_router: &[&str],
    progress: &mut dyn FnMut(&str),
) -> Result<std::process::Output, ToolError> {
    let family = flow.target.family();
    let (program, mut args) = flow.target.nextpnr().ok_or_else(|| {
        ToolError::Unsupported(format!("no nextpnr for the {}", flow.target.name()))
    })?;
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
            // The Lattice families (Xilinx has no nextpnr here: refused above).
            _ => args.extend(["--lpf", "board.lpf"]),
        }
    }
    if !flow.clocks.is_empty() {
        args.extend(["--sdc", super::TIMING_FILE]);
    }
    if flow.pack {
        match family {
            Family::Gowin => args.extend(["--write", "routed.json"]),
            _ => args.extend(["--textcfg", "board.config"]),
        }
    }
    if stop == Stop::AfterPlacement {
        args.push("--no-route");
    } else if family != Family::Gowin {
        args.extend(["--sdf", "routed.sdf"]);
    }
    let mut shown = (String::new(), Instant::now());
    let mut watch = |log: &str| {
        if let Some(miss) = sdc_miss(log) {
            return Err(miss);
        }
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
    let out = run_watched(program, &args, dir, IMPLEMENTATION_TIME_LIMIT, &mut watch)?;
    match sdc_miss(&String::from_utf8_lossy(&out.stderr)) {
        Some(miss) => Err(ToolError::Unexpected(miss)),
        None => Ok(out),
    }
}

/// A clock in `board.sdc` that nextpnr's `log` says it did not find (nextpnr only warns, and
/// the clock would be held to `--freq`): the first such warning.
fn sdc_miss(log: &str) -> Option<String> {
    log.lines()
        .find(|l| l.contains("matched no objects") || l.contains("cell pin '"))
        .map(|l| {
            format!(
                "{} (from {}): gpu16's clock names are wrong",
                l.trim(),
                super::TIMING_FILE
            )
        })
}

/// Keeps the last tool's messages (its standard error: yosys's warnings, nextpnr's log) as
/// `dir/name`.
pub(super) fn keep_log(dir: &Path, name: &str) {
    std::fs::rename(dir.join(".tool.stderr"), dir.join(name)).ok();
}

#[cfg(test)]
mod tests {
    use super::sdc_miss;

    #[test]
    fn a_clock_nextpnr_did_not_find_is_an_error() {
        // nextpnr 0.11.1's own lines: a net by a name yosys did not keep, a pin of no cell.
        let net = "Info: Reading constraints...\nWarning: get_nets argument 'pixel_clock' \
                   matched no objects.\n";
        let pin = "Warning: cell pin 'video_pll.divider/CLKOUT' not found\n";
        assert!(sdc_miss(net).unwrap().contains("'pixel_clock'"));
        assert!(sdc_miss(pin).unwrap().contains("video_pll.divider/CLKOUT"));
        // What a build that found its clocks says; and the CST's pins of no cell.
        let found = "Info: constraining clock net 'inner.pixel_clock' to 25.20 MHz\n\
                     Info: Cell O_sdram_clk not found\n";
        assert_eq!(sdc_miss(found), None);
    }
}
