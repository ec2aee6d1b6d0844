//! A progress bar on standard error for transfers that take more than a second, shown only
//! on a terminal.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Progress of one transfer of `total` units.
pub struct Progress {
    what: &'static str,
    total: usize,
    done: usize,
    started: Instant,
    shown: bool,
    terminal: bool,
}

/// Transfers shorter than this show no bar.
const QUIET: Duration = Duration::from_secs(1);

impl Progress {
    pub fn new(what: &'static str, total: usize) -> Progress {
        Progress {
            what,
            total,
            done: 0,
            started: Instant::now(),
            shown: false,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// `n` more units are done.
    pub fn advance(&mut self, n: usize) {
        self.done = (self.done + n).min(self.total);
        if self.terminal && self.started.elapsed() > QUIET {
            let width = 30;
            let filled = width * self.done / self.total.max(1);
            eprint!(
                "\r{:<18} [{}{}] {:>3}%",
                self.what,
                "#".repeat(filled),
                " ".repeat(width - filled),
                100 * self.done / self.total.max(1)
            );
            std::io::stderr().flush().ok();
            self.shown = true;
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if self.shown {
            eprintln!();
        }
    }
}
