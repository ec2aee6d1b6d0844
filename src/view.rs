//! `gpu16 run --view`: the page that replays a run cycle by cycle, from the run's waveform.

use anyhow::{bail, Context, Result};
use gpu16_hdl::view_recorder::{record, Sampling};
use gpu16_sim::frame::Frame;
use gpu16_sim::image::sm::SmImage;
use gpu16_sim::run::{timeline_svg, RunResult};
use gpu16_sim::view::page::{self, Labels, Listing};
use gpu16_sim::view::Recording;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

/// The most cycles a page holds (its size grows by 70–260 bytes a cycle, and the browser
/// keeps every cycle's state).
pub const MAX_CYCLES: u64 = 20_000;

/// `A..B` (B included) or `A..` for `--view-cycles`.
pub fn parse_window(text: &str) -> Result<RangeInclusive<u64>, String> {
    let bad = || format!("`{text}`: give the cycles as A..B (B included) or A.., e.g. 100..400");
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let a: u64 = a.trim().parse().map_err(|_| bad())?;
    let b: u64 = match b.trim() {
        "" => a.saturating_add(MAX_CYCLES - 1),
        b => b.parse().map_err(|_| bad())?,
    };
    if b < a {
        return Err(format!("`{text}`: the last cycle comes before the first"));
    }
    if b - a >= MAX_CYCLES {
        return Err(format!(
            "`{text}`: a page holds at most {MAX_CYCLES} cycles; choose a smaller window"
        ));
    }
    Ok(a..=b)
}

/// A waveform file of our own for a view the user asked no `--vcd` for, removed when dropped
/// (whether the run and the page succeed or not).
pub struct ScratchWaveform(pub PathBuf);

impl ScratchWaveform {
    pub fn new() -> ScratchWaveform {
        ScratchWaveform(std::env::temp_dir().join(format!("gpu16-view-{}.vcd", std::process::id())))
    }
}

impl Drop for ScratchWaveform {
    fn drop(&mut self) {
        std::fs::remove_file(&self.0).ok();
    }
}

/// The cycles a view holds: those asked for, or the first [`MAX_CYCLES`].
pub fn window(asked: Option<RangeInclusive<u64>>) -> RangeInclusive<u64> {
    asked.unwrap_or(0..=MAX_CYCLES - 1)
}

/// The cycles `window` of a hardware engine's run (`rtl` or `verilator`), read from its
/// waveform.
pub fn read_waveform(
    waveform: &Path,
    engine: &str,
    cores: usize,
    init: &SmImage,
    window: RangeInclusive<u64>,
) -> Result<Recording> {
    // rust-hdl's waveform has one time step per cycle; the simulator's a clock.
    let sampling = match engine {
        "rtl" => Sampling::EveryStep,
        _ => Sampling::BeforeRisingClock,
    };
    let file = std::fs::File::open(waveform)
        .with_context(|| format!("cannot read {}", waveform.display()))?;
    record(std::io::BufReader::new(file), sampling, cores, init, window)
        .with_context(|| format!("the waveform {}", waveform.display()))
}

/// What the page is about.
pub struct Source<'a> {
    pub program: &'a Path,
    /// The program's text, when it was assembly: the page shows it as written.
    pub listing: Option<&'a crate::input::Source>,
    /// `model`, `rtl` or `verilator`.
    pub engine: String,
    pub frames: &'a [Frame],
    pub cores: usize,
    /// The cycles asked for (`--view-cycles`).
    pub window: Option<RangeInclusive<u64>>,
}

/// Writes the page of `recording`, cycles of `result`, a run of `source`, to `out`.
pub fn write(recording: &Recording, source: &Source, result: &RunResult, out: &Path) -> Result<()> {
    if let Some(w) = &source.window {
        if *w.start() > result.cycles {
            bail!(
                "--view-cycles {}..{}: the run ended at cycle {}",
                w.start(),
                w.end(),
                result.cycles
            );
        }
    } else if result.cycles > MAX_CYCLES {
        eprintln!(
            "warning: the run took {} cycles; the page shows cycles 0..{} (--view-cycles A..B \
             for others)",
            result.cycles,
            MAX_CYCLES - 1
        );
    }
    let title = format!("{}", source.program.display());
    let svg = (!result.timeline.is_empty())
        .then(|| timeline_svg::draw(source.frames, &result.timeline, &title))
        .transpose()?;
    let (left, scale) = timeline_svg::cycle_axis(&result.timeline);
    let engine = match source.engine.as_str() {
        "rtl" => "rtl engine (the rust-hdl simulation)".to_string(),
        "model" => "model engine: the reference model's ideal timing, not the hardware's cycles"
            .to_string(),
        e => format!("{e} engine (the emitted Verilog)"),
    };
    let listing = source.listing.map(|l| Listing {
        text: &l.text,
        frames: &l.frames,
    });
    let html = page::write(
        recording,
        source.frames,
        listing.as_ref(),
        source.cores,
        svg.as_deref().map(|s| (s, left, scale)),
        &Labels {
            title: &title,
            source: &format!("{engine}, {} cores", source.cores),
            status: &result.status.line(result.cycles),
        },
    );
    std::fs::write(out, html).with_context(|| format!("cannot write {}", out.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows() {
        assert_eq!(parse_window("10..20"), Ok(10..=20));
        assert_eq!(parse_window("5.."), Ok(5..=5 + MAX_CYCLES - 1));
        assert!(parse_window("20..10").is_err());
        assert!(parse_window("0..20000").is_err());
        assert!(parse_window("x..3").is_err());
        assert!(parse_window("7").is_err());
    }
}
