//! Progress on standard error for work that takes more than a second — a bar when the total is
//! known (board transfers), a running count with its rate when it is not (a simulation's
//! cycles) — shown only on a terminal.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Progress of one piece of work.
pub struct Progress {
    what: &'static str,
    /// The total, for a bar; `None` for a count.
    total: Option<u64>,
    unit: &'static str,
    done: u64,
    started: Instant,
    /// When the line was last redrawn.
    drawn: Option<Instant>,
    terminal: bool,
    /// Said once, after `hint_after`, if set.
    hint: Option<(Duration, String)>,
    /// Where a count stops at the latest (a run's cycle limit): the line shows it and the time
    /// to reach it at the rate so far.
    limit: Option<u64>,
}

/// Work shorter than this shows nothing.
const QUIET: Duration = Duration::from_secs(1);
/// Redraws at most this often.
const REDRAW: Duration = Duration::from_millis(200);

impl Progress {
    /// A bar for `total` units of `what`.
    pub fn bar(what: &'static str, total: usize) -> Progress {
        Progress::new(what, Some(total as u64), "")
    }

    /// A count of `unit`s of `what`, with its rate.
    pub fn count(what: &'static str, unit: &'static str) -> Progress {
        Progress::new(what, None, unit)
    }

    fn new(what: &'static str, total: Option<u64>, unit: &'static str) -> Progress {
        Progress {
            what,
            total,
            unit,
            done: 0,
            started: Instant::now(),
            drawn: None,
            terminal: std::io::stderr().is_terminal(),
            hint: None,
            limit: None,
        }
    }

    /// A count that stops at `limit` at the latest (0: none).
    pub fn with_limit(mut self, limit: u64) -> Progress {
        self.limit = (limit > 0).then_some(limit);
        self
    }

    /// Prints `text` once, on its own line, if the work is still going after `after`.
    pub fn with_hint(mut self, after: Duration, text: String) -> Progress {
        self.hint = Some((after, text));
        self
    }

    /// `done` units are done in all.
    pub fn set(&mut self, done: u64) {
        self.done = done;
        if !self.terminal {
            return;
        }
        let elapsed = self.started.elapsed();
        if elapsed < QUIET || self.drawn.is_some_and(|t| t.elapsed() < REDRAW) {
            return;
        }
        if let Some((_, text)) = self.hint.take_if(|(after, _)| elapsed >= *after) {
            eprintln!("\r{text}");
        }
        eprint!("\r{}", self.line(elapsed));
        std::io::stderr().flush().ok();
        self.drawn = Some(Instant::now());
    }

    /// The progress line after `elapsed`.
    fn line(&self, elapsed: Duration) -> String {
        match self.total {
            Some(total) => {
                let width = 30;
                let filled = (width * self.done / total.max(1)).min(width) as usize;
                format!(
                    "{:<18} [{}{}] {:>3}%",
                    self.what,
                    "#".repeat(filled),
                    " ".repeat(width as usize - filled),
                    100 * self.done / total.max(1)
                )
            }
            None => {
                let rate = self.done as f64 / elapsed.as_secs_f64().max(1e-9);
                match self.limit {
                    None => format!(
                        "{}: {} {} ({rate:.0} {}/s)",
                        self.what, self.done, self.unit, self.unit
                    ),
                    Some(limit) => format!(
                        "{}: {} of at most {limit} {} ({rate:.0} {}/s: the limit in {})",
                        self.what,
                        self.done,
                        self.unit,
                        self.unit,
                        span(limit.saturating_sub(self.done) as f64 / rate.max(1e-9))
                    ),
                }
            }
        }
    }
}

/// Runs `work` (on a thread of its own) while a line on a terminal counts the time it has
/// taken, `what: 1 min 12 s`; the line is cleared when it ends.
pub fn timed<T: Send>(what: &str, work: impl FnOnce() -> T + Send) -> T {
    let terminal = std::io::stderr().is_terminal();
    std::thread::scope(|s| {
        let job = s.spawn(work);
        let started = Instant::now();
        while terminal && !job.is_finished() {
            std::thread::sleep(REDRAW);
            let secs = started.elapsed().as_secs();
            eprint!("\r{what}: {} min {:02} s ", secs / 60, secs % 60);
            std::io::stderr().flush().ok();
        }
        if terminal {
            eprint!("\r{}\r", " ".repeat(what.len() + 16));
        }
        job.join().expect("the work does not panic")
    })
}

/// `seconds` as a person would say it: seconds, minutes or hours.
fn span(seconds: f64) -> String {
    if seconds < 120.0 {
        format!("{seconds:.0} s")
    } else if seconds < 2.0 * 3600.0 {
        format!("{:.0} min", seconds / 60.0)
    } else {
        format!("{:.0} h", seconds / 3600.0)
    }
}

/// A bar for each of a sequence of transfers (the board link's writes and reads): a new bar
/// when the work's name changes.
#[derive(Default)]
pub struct Bars(Option<Progress>);

impl Bars {
    /// `done` of `total` units of `what`.
    pub fn show(&mut self, what: &'static str, done: usize, total: usize) {
        if self.0.as_ref().is_none_or(|bar| bar.what != what) {
            self.0 = Some(Progress::bar(what, total));
        }
        if let Some(bar) = &mut self.0 {
            bar.set(done as u64);
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if self.drawn.is_some() {
            eprintln!();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bar_and_a_count_read_as_expected() {
        let mut bar = Progress::bar("reading memory", 4096);
        bar.terminal = false;
        bar.set(1024);
        assert_eq!(
            bar.line(Duration::from_secs(2)),
            format!(
                "{:<18} [{}{}]  25%",
                "reading memory",
                "#".repeat(7),
                " ".repeat(23)
            )
        );
        let mut count = Progress::count("rtl", "cycles");
        count.terminal = false;
        count.set(8000);
        assert_eq!(
            count.line(Duration::from_secs(2)),
            "rtl: 8000 cycles (4000 cycles/s)"
        );
        let mut limited = Progress::count("rtl", "cycles").with_limit(1_000_000);
        limited.terminal = false;
        limited.set(20_000);
        assert_eq!(
            limited.line(Duration::from_secs(10)),
            "rtl: 20000 of at most 1000000 cycles (2000 cycles/s: the limit in 8 min)"
        );
        limited.set(999_000);
        assert_eq!(
            limited.line(Duration::from_secs(10)),
            "rtl: 999000 of at most 1000000 cycles (99900 cycles/s: the limit in 0 s)"
        );
    }
}
