//! The Task Scheduler of MACHINE.md §3: walks the frames in order, applies fences, initialises R0,
//! issues tasks and collects READY.

use super::core::Core;
use crate::frame::{ControlFrame, Fence, Frame, CORES};
use crate::run::ErrorCode;
use crate::run::Stats;
use crate::run::{Event, EventKind};

/// A task in flight.
struct Task {
    /// Its timeline event.
    event: usize,
    /// Cores that have not signalled READY yet.
    remaining: u16,
    /// Issued under `acq`: nothing after it is handled until it completes.
    acq: bool,
}

/// Scheduler state: TP, the CF in force and the tasks in flight.
pub struct Scheduler {
    tp: usize,
    /// IFs of the current CF not handled yet.
    ifs_left: usize,
    mask: u16,
    fence: Fence,
    in_flight: Vec<Task>,
    /// The cores the machine has (MACHINE.md §1): a CF naming another is `NO_CORE`.
    present: u16,
    /// Set on the first error: no frame is handled any more.
    pub stopped: bool,
}

impl Scheduler {
    pub fn new(present: u16) -> Scheduler {
        Scheduler {
            present,
            tp: 0,
            ifs_left: 0,
            mask: 0,
            fence: Fence::No,
            in_flight: Vec::new(),
            stopped: false,
        }
    }

    /// TP: the next frame to handle.
    pub fn tp(&self) -> usize {
        self.tp
    }

    /// The busy mask: cores of all tasks in flight that have not signalled READY.
    pub fn busy(&self) -> u16 {
        self.in_flight.iter().fold(0, |m, t| m | t.remaining)
    }

    /// The cores whose tasks hold the frame at TP back (those it waits for), as the walk finds
    /// it at the start of a cycle; 0 when it may be handled, or there is none.
    pub fn holds(&self, frames: &[Frame]) -> u16 {
        if self.stopped || self.tp >= frames.len() {
            return 0;
        }
        let acq = self.acq_busy();
        if acq != 0 {
            return acq;
        }
        let busy = self.busy();
        if self.ifs_left == 0 {
            ControlFrame::decode(&frames[self.tp]).r0_targets() & busy
        } else {
            match self.fence {
                Fence::No | Fence::Acq => self.mask & busy,
                Fence::Rel => busy,
            }
        }
    }

    /// The cores running a task issued under `acq`.
    pub fn acq_busy(&self) -> u16 {
        self.in_flight
            .iter()
            .filter(|t| t.acq)
            .fold(0, |m, t| m | t.remaining)
    }

    /// The run is over: every frame handled (or the scheduler stopped), nothing in flight.
    pub fn finished(&self, frames: usize) -> bool {
        (self.stopped || self.tp >= frames) && self.in_flight.is_empty()
    }

    /// Handles the frame at TP if its conditions hold; returns the error a bad CF raises.
    pub fn step(
        &mut self,
        cycle: u64,
        frames: &[Frame],
        cores: &mut [Core; CORES],
        timeline: &mut Vec<Event>,
        stats: &mut Stats,
    ) -> Option<ErrorCode> {
        if self.stopped || self.tp >= frames.len() || self.in_flight.iter().any(|t| t.acq) {
            return None;
        }
        let frame = &frames[self.tp];
        let busy = self.busy();
        let tp = self.tp as u8;
        if self.ifs_left == 0 {
            let cf = ControlFrame::decode(frame);
            let Some(fence) = cf.fence() else {
                return Some(ErrorCode::BadFence);
            };
            if self.tp + cf.if_num as usize >= frames.len() {
                return Some(ErrorCode::Truncated);
            }
            if cf.core_active_vect & !self.present != 0 {
                return Some(ErrorCode::NoCore);
            }
            let targets = cf.r0_targets();
            if targets & busy != 0 {
                return None;
            }
            for (i, core) in cores.iter_mut().enumerate() {
                if targets & (1 << i) != 0 {
                    core.rf[0] = cf.init_r0[i];
                }
            }
            self.mask = cf.core_active_vect;
            self.fence = fence;
            self.ifs_left = cf.if_num as usize;
            timeline.push(Event::handled(tp, EventKind::Cf, self.mask, cycle));
        } else {
            let may_issue = match self.fence {
                Fence::No | Fence::Acq => self.mask & busy == 0,
                Fence::Rel => self.in_flight.is_empty(),
            };
            if !may_issue {
                return None;
            }
            let words = frame.words();
            for (i, core) in cores.iter_mut().enumerate() {
                if self.mask & (1 << i) != 0 {
                    core.imem = words;
                    core.ip = 0;
                    core.busy = true;
                    core.task_event = timeline.len();
                    core.task_frame = self.tp as u8;
                }
            }
            if self.mask != 0 {
                self.in_flight.push(Task {
                    event: timeline.len(),
                    remaining: self.mask,
                    acq: self.fence == Fence::Acq,
                });
            }
            timeline.push(Event::handled(tp, EventKind::If, self.mask, cycle));
            self.ifs_left -= 1;
            stats.tasks += 1;
        }
        stats.frames += 1;
        self.tp += 1;
        None
    }

    /// The run stopped (`TIMEOUT`) in `cycle`: tasks in flight end there on the timeline.
    pub fn cut_off(&mut self, cycle: u64, timeline: &mut [Event]) {
        for task in self.in_flight.drain(..) {
            let event = &mut timeline[task.event];
            event.complete = cycle;
            for core in (0..CORES).filter(|c| task.remaining & (1 << c) != 0) {
                event.set_ready(core, cycle);
            }
        }
    }

    /// Core `core` signalled READY for its task in `cycle`.
    pub fn ready(&mut self, core: &Core, cycle: u64, timeline: &mut [Event]) {
        let pos = self
            .in_flight
            .iter()
            .position(|t| t.event == core.task_event)
            .expect("a busy core belongs to a task in flight");
        let task = &mut self.in_flight[pos];
        task.remaining &= !(1 << core.id);
        timeline[task.event].set_ready(core.id as usize, cycle);
        if task.remaining == 0 {
            timeline[task.event].complete = cycle;
            self.in_flight.remove(pos);
        }
    }
}
