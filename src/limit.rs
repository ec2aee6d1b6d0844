//! `gpu16 run`'s cycle limit: the one each engine takes when `--max-cycles` is not given, and
//! what a run that reached its limit is told (which tasks were still running, where the limit
//! came from, what to try). docs/ARCHITECTURE.md, "Readings of the SPEC" 10, says why.

use crate::engine::Engine;
use crate::fault;
use crate::input::Source;
use crate::view;
use gpu16_sim::run::{ErrorCode, EventKind, RunResult, Status};
use std::ops::RangeInclusive;
use std::path::Path;

/// The limit on `--engine rtl`: rust-hdl simulates 800 to 4,000 cycles a second, the fewest
/// with sixteen cores busy (docs/results/simulation-speed.md), so a loop that never ends stops
/// within half a minute. Every example and tutorial program ends well within it.
pub const RTL_DEFAULT: u64 = 20_000;
/// The limit on the other engines (the model and Verilator run a million cycles in seconds; a
/// board in a fraction of one).
pub const DEFAULT: u64 = 1_000_000;

/// Where a run's limit came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// `--max-cycles`.
    Given,
    /// The engine's default.
    Engine(Engine),
    /// A `--view` run: the cycles a page can hold at most, or the end of the cycles it was
    /// asked to show if that is later.
    View(RangeInclusive<u64>),
}

/// A run's cycle limit (0: none) and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleLimit {
    pub cycles: u64,
    pub origin: Origin,
}

/// The limit of a run on `engine`: `given` if the user gave one; else, for a `--view` run of
/// the cycles `view`, as many cycles as a page holds or the end of `view` if later (the run
/// stops after the cycles it can show, and a window inside them does not cut it short);
/// else the engine's default.
pub fn choose(given: Option<u64>, engine: Engine, view: Option<RangeInclusive<u64>>) -> CycleLimit {
    match (given, view) {
        (Some(cycles), _) => CycleLimit {
            cycles,
            origin: Origin::Given,
        },
        (None, Some(window)) => CycleLimit {
            cycles: (window.end() + 1).max(view::MAX_CYCLES),
            origin: Origin::View(window),
        },
        (None, None) => CycleLimit {
            cycles: match engine {
                Engine::Rtl => RTL_DEFAULT,
                _ => DEFAULT,
            },
            origin: Origin::Engine(engine),
        },
    }
}

/// What a run that ended with `TIMEOUT` is told on standard error, one line each: the tasks
/// still running, what `frame:` names, where the limit came from and how to run longer. Empty
/// for any other status.
pub fn timeout_notes(
    result: &RunResult,
    limit: &CycleLimit,
    frames: usize,
    source: Option<(&Path, &Source)>,
) -> Vec<String> {
    let Status::Error {
        code: ErrorCode::Timeout,
        frame,
        ..
    } = result.status
    else {
        return Vec::new();
    };
    let mut notes = Vec::new();
    // A task cut off by the limit has its unfinished cores READY in the stop cycle
    // (docs/ARCHITECTURE.md, "Readings of the SPEC" 8), a cycle no core executes.
    for event in result.timeline.iter().filter(|e| e.kind == EventKind::If) {
        let running: Vec<usize> = (0..16)
            .filter(|&c| event.ready_of(c) == Some(result.cycles))
            .collect();
        if !running.is_empty() {
            let at = source
                .and_then(|(path, s)| fault::frame_line(path, s, usize::from(event.frame)))
                .map_or(String::new(), |at| format!(" ({at})"));
            notes.push(format!(
                "frame {}{at} was still running on {} when the run stopped: a loop that never \
                 ends?",
                event.frame,
                cores_text(&running)
            ));
        }
    }
    if usize::from(frame) == frames {
        notes.push(format!(
            "`frame: {frame}` is one past the program's last frame ({}): every frame had been \
             handed to the cores, and a task was still running",
            frames.saturating_sub(1)
        ));
    }
    notes.push(match &limit.origin {
        Origin::Given => format!("the limit was --max-cycles {}", limit.cycles),
        Origin::Engine(Engine::Rtl) => format!(
            "the limit was --engine rtl's default, {RTL_DEFAULT} cycles (rust-hdl simulates \
             about a thousand a second): a longer run wants --max-cycles N (0: none), best with \
             --engine verilator, which simulates the same RTL about 100 times faster"
        ),
        Origin::Engine(_) => format!(
            "the limit was the default, {DEFAULT} cycles: --max-cycles N sets another (0: none)"
        ),
        Origin::View(window) => format!(
            "the limit was --view's, {} cycles (a page holds {}, here cycles {}..{}): \
             --max-cycles N runs further, the page showing the same cycles",
            limit.cycles,
            view::MAX_CYCLES,
            window.start(),
            window.end()
        ),
    });
    notes
}

/// `core 3`, `cores 1-15`, `cores 0, 2, 5-7`.
fn cores_text(cores: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &c in cores {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == c => *end = c,
            _ => runs.push((c, c)),
        }
    }
    let parts: Vec<String> = runs
        .iter()
        .map(|&(a, b)| match b - a {
            0 => a.to_string(),
            1 => format!("{a}, {b}"),
            _ => format!("{a}-{b}"),
        })
        .collect();
    let noun = if cores.len() == 1 { "core" } else { "cores" };
    format!("{noun} {}", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_engine_has_its_default_and_a_view_stops_at_its_page() {
        assert_eq!(choose(None, Engine::Rtl, None).cycles, RTL_DEFAULT);
        assert_eq!(choose(None, Engine::Verilator, None).cycles, DEFAULT);
        assert_eq!(choose(None, Engine::Model, None).cycles, DEFAULT);
        assert_eq!(choose(Some(0), Engine::Rtl, None).cycles, 0);
        assert_eq!(choose(Some(7), Engine::Rtl, Some(0..=99)).cycles, 7);
        let late = choose(None, Engine::Model, Some(30_100..=40_099));
        assert_eq!(late.cycles, 40_100);
        assert_eq!(late.origin, Origin::View(30_100..=40_099));
        // A window inside the first 20,000 cycles does not cut the run short.
        let early = choose(None, Engine::Verilator, Some(40..=60));
        assert_eq!(early.cycles, view::MAX_CYCLES);
    }

    #[test]
    fn cores_read_as_ranges() {
        assert_eq!(cores_text(&[3]), "core 3");
        assert_eq!(cores_text(&(1..16).collect::<Vec<_>>()), "cores 1-15");
        assert_eq!(
            cores_text(&[0, 2, 5, 6, 7, 9, 10]),
            "cores 0, 2, 5-7, 9, 10"
        );
    }
}
