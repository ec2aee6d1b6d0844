//! What a learner sees of a run, cycle by cycle (`gpu16 run --view`): the state of the
//! scheduler, of every core and of every bank in each cycle, and the register and memory
//! writes, as the hardware's signals show them. A recorder of the hardware
//! (`gpu16_hdl::view_recorder`) fills a [`Recording`]; [`page`] turns it into one
//! self-contained HTML page that steps through it.
//!
//! A cycle's state is what the design shows in that cycle, settled, before the clock edge
//! that ends it; the writes of a cycle take effect at that edge.

pub mod page;

use crate::image::sm::SmImage;
use crate::run::ErrorCode;
use std::ops::RangeInclusive;

/// What a core does in a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoreState {
    /// No task.
    Idle,
    /// Running its task.
    Running,
    /// Its load or store waits for a grant of `bank`.
    WaitBank { bank: u8 },
    /// Its access to `bank` waits for the lock that core `holder` holds on the row.
    WaitLock { bank: u8, holder: u8 },
    /// Signals READY: its task ends this cycle.
    Ready,
    /// Reports a fault, `ILLEGAL_INSN` or `ATOMIC_VIOLATION`: its task ends this cycle.
    Fault { code: ErrorCode },
}

/// One core in a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoreView {
    pub state: CoreState,
    /// The frame of its task (meaningful while it has one).
    pub frame: u8,
    /// The IP of the instruction in its execute stage, if any (of a fault: the faulting
    /// instruction's).
    pub ip: Option<u8>,
}

/// One bank of shared memory in a cycle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BankView {
    /// The cores whose requests to this bank are registered (waiting for arbitration).
    pub requests: u16,
    /// The core granted this cycle, if any.
    pub grant: Option<u8>,
    /// The core the round-robin pointer favours next (the first requester at or after it
    /// wins).
    pub pointer: u8,
    /// The lock: its holder and row.
    pub lock: Option<(u8, u8)>,
}

/// The Task Scheduler in a cycle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SchedView {
    /// TP: the frame the walk is at.
    pub tp: u8,
    /// The cores running a task, and those of them running an `acq` frame's task.
    pub busy: u16,
    pub acq: u16,
    /// The cores whose tasks hold the frame at TP back this cycle.
    pub holds: u16,
    /// The frame at TP is handled this cycle.
    pub handled: bool,
    /// The status code latched so far (0: no error yet; MACHINE.md §7's codes as the hardware
    /// numbers them).
    pub error: u8,
}

/// One cycle of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleView {
    pub sched: SchedView,
    /// Cores 0..N-1.
    pub cores: Vec<CoreView>,
    pub banks: [BankView; 16],
    /// Register writes this cycle: (core, register, value).
    pub reg_writes: Vec<(u8, u8, u8)>,
    /// Shared-memory writes this cycle: (address, value).
    pub sm_writes: Vec<(u16, u8)>,
}

/// The cycles `first..` of a run, with the registers and shared memory as they were when
/// cycle `first` began.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recording {
    pub first: u64,
    /// Every core's registers, and shared memory, at the start of cycle `first`.
    pub regs: Vec<[u8; 16]>,
    pub sm: SmImage,
    pub cycles: Vec<CycleView>,
}

impl Recording {
    /// A recording starting at cycle `first` of a run whose registers and memory are then
    /// `regs` and `sm`.
    pub fn new(first: u64, regs: Vec<[u8; 16]>, sm: SmImage) -> Recording {
        Recording {
            first,
            regs,
            sm,
            cycles: Vec::new(),
        }
    }

    /// The cycle `cycle` of the run, if recorded.
    pub fn at(&self, cycle: u64) -> Option<&CycleView> {
        let i = cycle.checked_sub(self.first)?;
        self.cycles.get(usize::try_from(i).ok()?)
    }

    /// Every core's registers at the end of cycle `cycle` (after its writes).
    pub fn regs_after(&self, cycle: u64) -> Vec<[u8; 16]> {
        let mut regs = self.regs.clone();
        for c in self.cycles_through(cycle) {
            for &(core, reg, value) in &c.reg_writes {
                regs[core as usize][reg as usize] = value;
            }
        }
        regs
    }

    /// Shared memory at the end of cycle `cycle` (after its writes).
    pub fn sm_after(&self, cycle: u64) -> SmImage {
        let mut sm = self.sm.clone();
        for c in self.cycles_through(cycle) {
            for &(addr, value) in &c.sm_writes {
                sm[addr as usize] = value;
            }
        }
        sm
    }

    fn cycles_through(&self, cycle: u64) -> impl Iterator<Item = &CycleView> {
        let n = (cycle + 1).saturating_sub(self.first);
        self.cycles
            .iter()
            .take(usize::try_from(n).unwrap_or(usize::MAX))
    }
}

/// Builds the [`Recording`] of a window of a run from its cycles in order (cycle 0 first):
/// it keeps the registers and memory up to the window's start, and the cycles inside it.
pub struct Recorder {
    /// The next cycle's number.
    cycle: u64,
    window: RangeInclusive<u64>,
    /// Registers and memory after the cycles so far.
    regs: Vec<[u8; 16]>,
    sm: SmImage,
    recording: Recording,
}

impl Recorder {
    /// For a run on `cores` cores (registers zeroed at launch) whose memory starts as `init`.
    pub fn new(cores: usize, init: &SmImage, window: RangeInclusive<u64>) -> Recorder {
        Recorder {
            cycle: 0,
            regs: vec![[0; 16]; cores],
            sm: init.clone(),
            recording: Recording::new(*window.start(), Vec::new(), init.clone()),
            window,
        }
    }

    /// Takes the next cycle; true once the window is over.
    pub fn push(&mut self, view: CycleView) -> bool {
        let cycle = self.cycle;
        self.cycle += 1;
        if cycle == *self.window.start() {
            self.recording.regs = self.regs.clone();
            self.recording.sm = self.sm.clone();
        }
        for &(core, reg, value) in &view.reg_writes {
            self.regs[core as usize][reg as usize] = value;
        }
        for &(addr, value) in &view.sm_writes {
            self.sm[addr as usize] = value;
        }
        if self.window.contains(&cycle) {
            self.recording.cycles.push(view);
        }
        cycle >= *self.window.end()
    }

    /// The recording; if the window starts after the run's last cycle, it holds no cycle and
    /// the registers and memory the run ended with.
    pub fn finish(mut self) -> Recording {
        if self.recording.cycles.is_empty() {
            self.recording.regs = self.regs;
            self.recording.sm = self.sm;
        }
        self.recording
    }
}
