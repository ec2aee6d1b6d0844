//! What a synthesis run found, and how `gpu16 synth` prints it.

use super::logs::{ClockFmax, CriticalPath};
use super::{Stop, Target, STAGES_FILE, STAGES_SHOWN};
use crate::timing::Timing;

/// What a synthesis run found.
#[derive(Clone, Debug)]
pub struct Report {
    pub target: Target,
    /// (resource, used, available).
    pub usage: Vec<(&'static str, u64, u64)>,
    /// nextpnr's Fmax in MHz, if place-and-route ran and succeeded: the lowest of its clocks'.
    pub fmax_mhz: Option<f64>,
    /// Each clock's routed Fmax and the frequency it must meet (empty before routing).
    pub clocks: Vec<ClockFmax>,
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
            (Some(mhz), _) if self.clocks.len() < 2 => {
                writeln!(f, "Fmax (nextpnr, routed): {mhz:.1} MHz")?
            }
            (Some(_), _) => {
                writeln!(f, "Fmax (nextpnr, routed), per clock:")?;
                for c in &self.clocks {
                    writeln!(
                        f,
                        "  {:<40} {:>6.1} MHz (needs {:.1}: {})",
                        c.name,
                        c.achieved_mhz,
                        c.constraint_mhz,
                        if c.met() { "met" } else { "NOT met" }
                    )?;
                }
            }
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
