//! Running nextpnr on a synthesised design: its arguments per family, its progress, and its
//! log kept beside the run.

use super::logs::nextpnr_phase;
use super::{Family, Flow, Stop};
use crate::tools::{run_watched, ToolError, IMPLEMENTATION_TIME_LIMIT};
use std::path::Path;
use std::time::{Duration, Instant};

/// The static placer with router1, for ECP5.
pub(super) const ECP5_ROUTER1: [&str; 4] = ["--placer", "static", "--router", "router1"];

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
pub(super) fn keep_log(dir: &Path, name: &str) {
    std::fs::rename(dir.join(".tool.stderr"), dir.join(name)).ok();
}
