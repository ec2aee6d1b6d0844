//! SPEC §9's timeline from the GPU's timeline outputs (`event_*`, `ready_mask`), observed
//! once per cycle of the run — the rust-hdl driver, and the board's host from its log,
//! both build it here. (The Verilog testbench, testbenches/verilog/gpu16_tb.v, does the same
//! in Verilog.)

use gpu16_sim::frame::CORES;
use gpu16_sim::run::{Event, EventKind};

/// Builds the timeline, cycle by cycle.
#[derive(Default)]
pub struct TimelineRecorder {
    timeline: Vec<Event>,
    /// Per core: the timeline event of its task in flight.
    task_of: [usize; CORES],
    /// Per timeline event: cores that have not signalled READY yet.
    remaining: Vec<u16>,
}

/// A frame the timeline outputs show handled (in the cycle after it was).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandledFrame {
    pub is_if: bool,
    pub frame: u8,
    pub mask: u16,
}

impl TimelineRecorder {
    /// The outputs of cycle `cycle` (counted from the run's first): a handled frame, if any,
    /// and the cores that signalled READY.
    pub fn observe(&mut self, cycle: u64, handled: Option<HandledFrame>, ready: u16) {
        if let Some(h) = handled {
            // The event is registered: the frame was handled last cycle. A CF is dated by
            // that cycle, an IF by the next one, when its cores execute instruction 0.
            let at = if h.is_if {
                cycle + 1
            } else {
                cycle.saturating_sub(1)
            };
            let kind = if h.is_if {
                EventKind::If
            } else {
                EventKind::Cf
            };
            self.timeline
                .push(Event::handled(h.frame, kind, h.mask, at));
            self.remaining.push(if h.is_if { h.mask } else { 0 });
            for core in (0..CORES).filter(|c| h.is_if && h.mask & (1 << c) != 0) {
                self.task_of[core] = self.timeline.len() - 1;
            }
        }
        for core in (0..CORES).filter(|c| ready & (1 << c) != 0) {
            let e = self.task_of[core];
            // A READY of a core with no task in flight (none in a correct design) is ignored.
            let in_flight = self
                .remaining
                .get_mut(e)
                .filter(|left| **left & (1 << core) != 0);
            if let Some(left) = in_flight {
                *left &= !(1 << core);
                self.timeline[e].set_ready(core, cycle);
                if *left == 0 {
                    self.timeline[e].complete = cycle;
                }
            }
        }
    }

    /// The timeline of a run that ended after `cycles` cycles: tasks cut off by `TIMEOUT`
    /// end when the run stopped.
    pub fn finish(mut self, cycles: u64) -> Vec<Event> {
        for (e, left) in self.timeline.iter_mut().zip(&self.remaining) {
            if *left != 0 {
                e.complete = cycles;
                for core in (0..CORES).filter(|c| left & (1 << c) != 0) {
                    e.set_ready(core, cycles);
                }
            }
        }
        self.timeline
    }
}
