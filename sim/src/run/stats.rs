//! Counters a run returns (`gpu16 run --stats`).

use crate::frame::CORES;
use crate::isa::sm::BANKS;
use std::fmt::Write;

/// What the hardware counts, a group of 16 counters each (one per core, or per bank), in the
/// order its counter select (`stat_sel`) numbers them: group g's counter for core or bank i
/// is number `16·g + i` ([`CounterGroup::counter`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CounterGroup {
    /// Per core: instructions retired (counters 0–15).
    Retired,
    /// Per core: memory stall cycles (16–31).
    MemStall,
    /// Per core: busy cycles (32–47).
    Busy,
    /// Per core: cycles an `ld_sync` waited for a lock (48–63).
    LockWaits,
    /// Per bank: accesses served (64–79).
    BankAccesses,
    /// Per bank: cycles two or more cores asked for it (80–95).
    BankContended,
}

impl CounterGroup {
    /// Every group, in counter order.
    pub const ALL: [CounterGroup; 6] = [
        CounterGroup::Retired,
        CounterGroup::MemStall,
        CounterGroup::Busy,
        CounterGroup::LockWaits,
        CounterGroup::BankAccesses,
        CounterGroup::BankContended,
    ];

    /// The number of this group's counter for core (or bank) `i`.
    pub const fn counter(self, i: usize) -> usize {
        self as usize * CORES + i
    }
}

/// Performance counters the hardware keeps: [`CounterGroup::ALL`], 16 each.
pub const COUNTERS: usize = CounterGroup::ALL.len() * CORES;

/// Per-core counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CoreStats {
    /// Instructions executed (a faulting instruction is not counted).
    pub retired: u64,
    /// Cycles spent waiting for a memory grant (conflict or lock; on the hardware also each
    /// access's cycle in arbitration, and the cycles an access, `ready` or the task's last
    /// instruction waits for a posted store).
    pub mem_stall: u64,
    /// Cycles the core was running a task.
    pub busy: u64,
    /// Cycles its `ld_sync` waited while another core held the lock of its bank.
    pub lock_waits: u64,
    /// Tasks the core finished.
    pub tasks: u64,
    /// Loads and stores retired — counted by the model only (0 from the hardware).
    pub accesses: u64,
    /// Divisions retired — counted by the model only (0 from the hardware).
    pub divs: u64,
    /// Multiplications retired — counted by the model only (0 from the hardware).
    pub muls: u64,
    /// `bnz`s to their own IP or before (a loop's) that fell through to the next instruction,
    /// and `bnz`s to a later IP that were taken — counted by the model only (0 from the
    /// hardware, whose fetch guesses the other way for these: a cycle each).
    pub bnz_back_not_taken: u64,
    pub bnz_forward_taken: u64,
}

/// Per-bank counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BankStats {
    /// Accesses served.
    pub accesses: u64,
    /// Cycles in which two or more cores asked for the bank (a bank conflict: all but one of
    /// them wait).
    pub contended: u64,
}

/// All counters of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub cores: [CoreStats; CORES],
    pub banks: [BankStats; BANKS],
    /// Frames handled (CFs and IFs).
    pub frames: u64,
    /// IFs issued (including empty ones).
    pub tasks: u64,
}

impl Stats {
    /// The counters as the hardware reports them: the words of [`COUNTERS`] in order (the
    /// counts only the model keeps are 0).
    pub fn from_counters(words: &[u64; COUNTERS]) -> Stats {
        let mut stats = Stats::default();
        use CounterGroup::*;
        for i in 0..CORES {
            let c = &mut stats.cores[i];
            let word = |group: CounterGroup| words[group.counter(i)];
            (c.retired, c.mem_stall, c.busy, c.lock_waits) =
                (word(Retired), word(MemStall), word(Busy), word(LockWaits));
        }
        for i in 0..BANKS {
            let b = &mut stats.banks[i];
            (b.accesses, b.contended) = (
                words[BankAccesses.counter(i)],
                words[BankContended.counter(i)],
            );
        }
        stats
    }

    /// Fills `frames`, `tasks` and each core's `tasks` from a run's timeline (what the
    /// hardware engines count this way).
    pub fn count_frames(&mut self, timeline: &[crate::run::Event]) {
        use crate::run::EventKind;
        self.frames = timeline.len() as u64;
        self.tasks = timeline.iter().filter(|e| e.kind == EventKind::If).count() as u64;
        for e in timeline.iter().filter(|e| e.kind == EventKind::If) {
            for (core, c) in self.cores.iter_mut().enumerate() {
                c.tasks += u64::from(e.mask & (1 << core) != 0);
            }
        }
    }

    /// Instructions retired by all cores.
    pub fn retired(&self) -> u64 {
        self.cores.iter().map(|c| c.retired).sum()
    }

    /// A fixed-width report, for `--stats`.
    pub fn report(&self, cycles: u64) -> String {
        let mut s = String::new();
        let retired = self.retired();
        let ipc = if cycles == 0 {
            0.0
        } else {
            retired as f64 / cycles as f64
        };
        writeln!(
            s,
            "frames: {}  tasks: {}  instructions: {retired}  cycles: {cycles}  IPC: {ipc:.2}",
            self.frames, self.tasks
        )
        .unwrap();
        writeln!(s, "core  retired  busy  mem_stall  lock_waits  tasks").unwrap();
        for (i, c) in self.cores.iter().enumerate() {
            if c.busy > 0 {
                writeln!(
                    s,
                    "{i:>4}  {:>7}  {:>4}  {:>9}  {:>10}  {:>5}",
                    c.retired, c.busy, c.mem_stall, c.lock_waits, c.tasks
                )
                .unwrap();
            }
        }
        writeln!(s, "bank  accesses  contended_cycles").unwrap();
        for (i, b) in self.banks.iter().enumerate() {
            if b.accesses + b.contended > 0 {
                writeln!(s, "{i:>4}  {:>8}  {:>16}", b.accesses, b.contended).unwrap();
            }
        }
        s
    }
}
