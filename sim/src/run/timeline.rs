//! The per-frame timeline of MACHINE.md §9.

use crate::frame::CORES;
use serde::{Deserialize, Serialize};

/// What kind of frame an event is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EventKind {
    Cf,
    If,
}

/// One handled frame: for an IF, `issue` is the cycle its cores execute instruction 0 and
/// `complete` the cycle its last READY arrives; for a CF both are the cycle it is handled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub frame: u8,
    pub kind: EventKind,
    pub mask: u16,
    pub issue: u64,
    pub complete: u64,
    /// For an IF, the cycle each core of `mask` signalled READY, in core order (a task cut
    /// off by `TIMEOUT`: the cycle the run stopped). An extra field beside MACHINE.md §9's five:
    /// empty for a CF and an empty task, and then left out of the JSON.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ready: Vec<u64>,
}

impl Event {
    /// A frame handled in `cycle`; an IF's cores are not READY yet (their entries in `ready`
    /// hold `cycle` until [`Event::set_ready`]).
    pub fn handled(frame: u8, kind: EventKind, mask: u16, cycle: u64) -> Event {
        let cores = if kind == EventKind::If {
            mask.count_ones() as usize
        } else {
            0
        };
        Event {
            frame,
            kind,
            mask,
            issue: cycle,
            complete: cycle,
            ready: vec![cycle; cores],
        }
    }

    /// Core `core` of this task signalled READY in `cycle`.
    pub fn set_ready(&mut self, core: usize, cycle: u64) {
        let below = self.mask & ((1u32 << core) - 1) as u16;
        self.ready[below.count_ones() as usize] = cycle;
    }

    /// The cycle core `core` signalled READY for this task, if it ran it.
    pub fn ready_of(&self, core: usize) -> Option<u64> {
        if self.mask & (1 << core) == 0 {
            return None;
        }
        let below = self.mask & ((1u32 << core) - 1) as u16;
        self.ready.get(below.count_ones() as usize).copied()
    }
}

/// The timeline as the JSON array `--timeline` writes, one event per line (`[]` when empty).
pub fn to_json(events: &[Event]) -> String {
    if events.is_empty() {
        return "[]\n".into();
    }
    let lines: Vec<String> = events
        .iter()
        .map(|e| serde_json::to_string(e).expect("an event serialises"))
        .collect();
    format!("[\n  {}\n]\n", lines.join(",\n  "))
}

/// Parses a timeline written by [`to_json`] (or any engine).
pub fn from_json(text: &str) -> Result<Vec<Event>, serde_json::Error> {
    serde_json::from_str(text)
}

/// A frame the scheduler handled, as the GPU's timeline outputs show it: in the cycle after
/// it was handled (they are registered). An IF's cores execute instruction 0 in the cycle
/// after that; a CF was handled in the cycle before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handled {
    pub is_if: bool,
    pub frame: u8,
    pub mask: u16,
}

/// MACHINE.md §9's timeline from the GPU's timeline outputs (`event_*`, `ready_mask`), observed
/// once per cycle of the run: the rust-hdl driver, and the board's host from the board's log,
/// build it here. (The Verilog testbench, fpga/verilog/gpu16_tb.v, does the same in
/// Verilog.)
/// Builds the timeline, cycle by cycle.
#[derive(Default)]
pub struct TimelineRecorder {
    timeline: Vec<Event>,
    /// Per core: the timeline event of its task in flight.
    task_of: [usize; CORES],
    /// Per timeline event: cores that have not signalled READY yet.
    remaining: Vec<u16>,
}

impl TimelineRecorder {
    /// The outputs of cycle `cycle` (counted from the run's first): a handled frame, if any,
    /// and the cores that signalled READY.
    pub fn observe(&mut self, cycle: u64, handled: Option<Handled>, ready: u16) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timelines_round_trip_and_an_empty_one_is_an_empty_array() {
        assert_eq!(to_json(&[]), "[]\n");
        let mut task = Event::handled(1, EventKind::If, 0b1010, 5);
        task.set_ready(3, 9);
        task.set_ready(1, 7);
        task.complete = 9;
        assert_eq!(task.ready, [7, 9]);
        assert_eq!((task.ready_of(1), task.ready_of(2)), (Some(7), None));
        let events = [Event::handled(0, EventKind::Cf, 0b1010, 4), task];
        let json = to_json(&events);
        assert!(json.contains(r#""ready":[7,9]"#), "{json}");
        assert!(!json.lines().nth(1).unwrap().contains("ready"), "{json}");
        assert_eq!(from_json(&json).unwrap(), events);
        // MACHINE.md §9's five fields alone are a timeline too.
        let spec = r#"[{"frame":0,"kind":"cf","mask":3,"issue":0,"complete":0}]"#;
        assert_eq!(
            from_json(spec).unwrap()[0],
            Event::handled(0, EventKind::Cf, 3, 0)
        );
        assert!(from_json(&to_json(&[])).unwrap().is_empty());
    }
}
