//! The viewer's recorder: the cycles of a run, read from a waveform (VCD) of the whole GPU,
//! as a [`Recording`] for `gpu16 run --view`.
//!
//! Both hardware engines write the same design's waveform: the rtl engine through rust-hdl
//! ([`crate::waveform::Waveform`], one time step per cycle), the Verilog engines through the
//! simulator (a clock that toggles). This one reader turns either into the same cycles, so
//! what a cycle's state is (which signals, read how) is written once, here.
//!
//! It reads the blocks' ports only: the GPU's host port, each core's task and memory ports,
//! and the trace ports ([`crate::trace`]) of the cores, the banks and the scheduler — never a
//! block's private registers. Signals are named by their path below the GPU (`uut`), each
//! name split at `.` and `$`: rust-hdl's `cores$3` › `trace$e_ip` and the flattened Verilog's
//! `cores$3.trace$e_ip` are both `cores.3.trace.e_ip`.

use crate::codes::fault_error;
use gpu16_sim::image::sm::SmImage;
use gpu16_sim::isa::sm::BANKS;
use gpu16_sim::view::{BankView, CoreState, CoreView, CycleView, Recorder, Recording, SchedView};
use std::collections::HashMap;
use std::io::BufRead;
use std::ops::RangeInclusive;
use vcd::{Command, IdCode, ScopeItem, Value};

/// Why a waveform gave no recording.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("cannot read the waveform: {0}")]
    Read(#[from] std::io::Error),
    #[error(
        "the waveform has no signal `{0}`: it is not a waveform of the whole GPU with {1} cores"
    )]
    Missing(String, usize),
    #[error("the waveform ends before the run does")]
    Unfinished,
    #[error("cycle {cycle}: core {core} reports fault code {code}, which is no fault's")]
    FaultCode { cycle: u64, core: usize, code: u64 },
    #[error("cycle {cycle}: bank {bank} is locked by {owner:#06x}, not by one core")]
    LockOwner { cycle: u64, bank: usize, owner: u64 },
}

/// When the waveform shows a cycle's settled state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sampling {
    /// At every time step (rust-hdl's waveform: one step per cycle).
    EveryStep,
    /// Just before each rising edge of the GPU's clock (a Verilog simulator's waveform).
    BeforeRisingClock,
}

/// The signals a cycle's state is read from, each a slot in [`Signals`].
struct Names {
    slots: HashMap<String, usize>,
    names: Vec<String>,
}

impl Names {
    fn new() -> Names {
        Names {
            slots: HashMap::new(),
            names: Vec::new(),
        }
    }

    fn add(&mut self, name: String) -> usize {
        let n = self.names.len();
        *self.slots.entry(name.clone()).or_insert_with(|| {
            self.names.push(name);
            n
        })
    }
}

/// The slots of one core's signals.
struct CoreSlots {
    busy: usize,
    stalled: usize,
    ready: usize,
    fault: usize,
    fault_code: usize,
    fault_ip: usize,
    frame: usize,
    e_valid: usize,
    e_ip: usize,
    rf_we: usize,
    rf_wa: usize,
    rf_wd: usize,
    req: usize,
    addr: usize,
    write: usize,
    sync: usize,
}

/// The slots of one bank's signals.
struct BankSlots {
    requests: usize,
    grant: usize,
    after_last: usize,
    locked: usize,
    lock_row: usize,
    lock_owner: usize,
    ram_write: usize,
    ram_row: usize,
    ram_data: usize,
}

/// Every signal the viewer reads, by slot.
struct Slots {
    clock: usize,
    running: usize,
    done: usize,
    error: usize,
    tp: usize,
    busy: usize,
    acq: usize,
    holds: usize,
    handled: usize,
    cores: Vec<CoreSlots>,
    banks: Vec<BankSlots>,
}

impl Slots {
    fn new(names: &mut Names, cores: usize) -> Slots {
        let mut s = |n: &str| names.add(n.to_string());
        let mut slots = Slots {
            clock: s("clock"),
            running: s("host.running"),
            done: s("host.done"),
            error: s("sched.trace.error"),
            tp: s("sched.trace.tp"),
            busy: s("sched.trace.busy"),
            acq: s("sched.trace.acq"),
            holds: s("sched.trace.holds"),
            handled: s("sched.trace.handled"),
            cores: Vec::new(),
            banks: Vec::new(),
        };
        for c in 0..cores {
            let mut s = |n: &str| names.add(format!("cores.{c}.{n}"));
            slots.cores.push(CoreSlots {
                busy: s("perf_busy"),
                stalled: s("perf_stalled"),
                ready: s("task.ready"),
                fault: s("task.fault"),
                fault_code: s("task.fault_code"),
                fault_ip: s("task.fault_ip"),
                frame: s("trace.frame"),
                e_valid: s("trace.e_valid"),
                e_ip: s("trace.e_ip"),
                rf_we: s("trace.rf_we"),
                rf_wa: s("trace.rf_wa"),
                rf_wd: s("trace.rf_wd"),
                req: s("mem.req"),
                addr: s("mem.addr"),
                write: s("mem.write"),
                sync: s("mem.sync"),
            });
        }
        for b in 0..BANKS {
            let mut s = |n: &str| names.add(format!("sm.banks.{b}.trace.{n}"));
            slots.banks.push(BankSlots {
                requests: s("requests"),
                grant: s("grant"),
                after_last: s("after_last"),
                locked: s("locked"),
                lock_row: s("lock_row"),
                lock_owner: s("lock_owner"),
                ram_write: s("ram_write"),
                ram_row: s("ram_row"),
                ram_data: s("ram_data"),
            });
        }
        slots
    }

    /// Cycle `cycle` of the run, as the signals `v` show it; an error for a value no GPU
    /// gives (a fault code no fault has, a lock without one owner).
    fn cycle(&self, v: &[u64], cycle: u64) -> Result<CycleView, RecordError> {
        let mut locks: Vec<Option<(u8, u8)>> = Vec::with_capacity(self.banks.len());
        for (bank, b) in self.banks.iter().enumerate() {
            let owner = v[b.lock_owner];
            locks.push(if v[b.locked] == 0 {
                None
            } else if owner.count_ones() == 1 {
                Some((owner.trailing_zeros() as u8, v[b.lock_row] as u8))
            } else {
                return Err(RecordError::LockOwner { cycle, bank, owner });
            });
        }
        let cores = self
            .cores
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let bank = ((v[c.addr] >> 8) & 0xf) as u8;
                let row = v[c.addr] as u8;
                let state = if v[c.fault] != 0 {
                    let code = v[c.fault_code];
                    CoreState::Fault {
                        code: fault_error(code).ok_or(RecordError::FaultCode {
                            cycle,
                            core: i,
                            code,
                        })?,
                    }
                } else if v[c.ready] != 0 {
                    CoreState::Ready
                } else if v[c.busy] == 0 {
                    CoreState::Idle
                } else if v[c.stalled] != 0 && v[c.req] != 0 {
                    // An access to a row another core has locked waits for the lock (an
                    // `ld_sync` to any row of a locked bank waits too, MACHINE.md §6).
                    let ld_sync = v[c.sync] != 0 && v[c.write] == 0;
                    match locks[bank as usize] {
                        Some((holder, locked_row))
                            if holder as usize != i && (ld_sync || locked_row == row) =>
                        {
                            CoreState::WaitLock { bank, holder }
                        }
                        _ => CoreState::WaitBank { bank },
                    }
                } else {
                    CoreState::Running
                };
                // A fault is reported with the IP of the instruction that made it.
                let ip = if v[c.fault] != 0 {
                    Some(v[c.fault_ip] as u8)
                } else {
                    (v[c.e_valid] != 0).then_some(v[c.e_ip] as u8)
                };
                Ok(CoreView {
                    state,
                    frame: v[c.frame] as u8,
                    ip,
                })
            })
            .collect::<Result<_, RecordError>>()?;
        // The arbiter searches from the cores above the last one granted; with none of the
        // GPU's N cores above it, the search starts again at core 0.
        let present = (1u32 << self.cores.len()) - 1;
        let banks = std::array::from_fn(|b| {
            let s = &self.banks[b];
            let above = v[s.after_last] as u32 & present;
            BankView {
                requests: v[s.requests] as u16,
                grant: one_hot(v[s.grant]),
                pointer: if above == 0 {
                    0
                } else {
                    above.trailing_zeros() as u8
                },
                lock: locks[b],
            }
        });
        let reg_writes = self
            .cores
            .iter()
            .enumerate()
            .filter(|(_, c)| v[c.rf_we] != 0)
            .map(|(i, c)| (i as u8, v[c.rf_wa] as u8, v[c.rf_wd] as u8))
            .collect();
        let sm_writes = self
            .banks
            .iter()
            .enumerate()
            .filter(|(_, b)| v[b.ram_write] != 0)
            .map(|(i, b)| (((i as u16) << 8) | v[b.ram_row] as u16, v[b.ram_data] as u8))
            .collect();
        Ok(CycleView {
            sched: SchedView {
                tp: v[self.tp] as u8,
                busy: v[self.busy] as u16,
                acq: v[self.acq] as u16,
                holds: v[self.holds] as u16,
                handled: v[self.handled] != 0,
                error: v[self.error] as u8,
            },
            cores,
            banks,
            reg_writes,
            sm_writes,
        })
    }
}

/// The core a one-hot mask names.
fn one_hot(mask: u64) -> Option<u8> {
    (mask != 0).then(|| mask.trailing_zeros() as u8)
}

/// A signal's name below the GPU, split at `.` and `$` (see the module's text), without the
/// `\` of an escaped Verilog identifier (Icarus writes `\host$running`).
fn canonical(path: &[&str]) -> String {
    path.iter()
        .flat_map(|p| p.trim_start_matches('\\').split(['.', '$']))
        .collect::<Vec<_>>()
        .join(".")
}

/// Maps each VCD identifier to the slots of the signals it carries.
fn find_ids(
    items: &[ScopeItem],
    path: &mut Vec<String>,
    below_gpu: bool,
    names: &Names,
    ids: &mut HashMap<IdCode, Vec<usize>>,
    found: &mut [bool],
) {
    for item in items {
        match item {
            ScopeItem::Scope(s) => {
                let enters = !below_gpu && s.identifier == "uut";
                if below_gpu {
                    path.push(s.identifier.clone());
                }
                find_ids(&s.children, path, below_gpu || enters, names, ids, found);
                if below_gpu {
                    path.pop();
                }
            }
            ScopeItem::Var(v) if below_gpu => {
                let mut parts: Vec<&str> = path.iter().map(String::as_str).collect();
                parts.push(&v.reference);
                if let Some(&slot) = names.slots.get(&canonical(&parts)) {
                    ids.entry(v.code).or_default().push(slot);
                    found[slot] = true;
                }
            }
            ScopeItem::Var(_) => {}
        }
    }
}

/// A vector's value (X and Z read as 0; at most the low 64 bits).
fn value_of(bits: &[Value]) -> u64 {
    bits.iter()
        .fold(0, |acc, b| (acc << 1) | u64::from(*b == Value::V1))
}

/// The cycles `window` of the run in the waveform `vcd` of a GPU of `cores` cores whose shared
/// memory held `init` at launch. Cycle 0 is the first with `running` high, as the driver
/// counts; the run's last cycle is the one `done` rises in.
pub fn record(
    vcd: impl BufRead,
    sampling: Sampling,
    cores: usize,
    init: &SmImage,
    window: RangeInclusive<u64>,
) -> Result<Recording, RecordError> {
    let mut names = Names::new();
    let slots = Slots::new(&mut names, cores);
    let mut parser = vcd::Parser::new(vcd);
    let header = parser.parse_header()?;
    let mut ids = HashMap::new();
    let mut found = vec![false; names.names.len()];
    find_ids(
        &header.items,
        &mut Vec::new(),
        false,
        &names,
        &mut ids,
        &mut found,
    );
    if let Some(i) = found.iter().position(|f| !f) {
        return Err(RecordError::Missing(names.names[i].clone(), cores));
    }

    let mut values = vec![0u64; names.names.len()];
    // The values when the current time step began (for `BeforeRisingClock`).
    let mut before = values.clone();
    let mut any = false;
    let mut run = Run::new(cores, init, window);
    let set = |values: &mut Vec<u64>, id: IdCode, v: u64| -> bool {
        if let Some(list) = ids.get(&id) {
            for &slot in list {
                values[slot] = v;
            }
            return list.contains(&slots.clock);
        }
        false
    };
    for command in parser {
        let (id, v) = match command? {
            Command::Timestamp(_) => {
                if sampling == Sampling::EveryStep && any && run.sample(&slots, &values)? {
                    break;
                }
                before.clone_from(&values);
                continue;
            }
            Command::ChangeScalar(id, b) => (id, u64::from(b == Value::V1)),
            Command::ChangeVector(id, bits) => (id, value_of(&bits)),
            _ => continue,
        };
        any = true;
        let was = values[slots.clock];
        if set(&mut values, id, v)
            && sampling == Sampling::BeforeRisingClock
            && was == 0
            && v == 1
            && run.sample(&slots, &before)?
        {
            break;
        }
    }
    if sampling == Sampling::EveryStep && !run.over {
        run.sample(&slots, &values)?;
    }
    if !run.over {
        return Err(RecordError::Unfinished);
    }
    Ok(run.recorder.finish())
}

/// The run as the samples come: cycle 0 is the first with `running` high, the last the one
/// `done` rises in.
struct Run {
    recorder: Recorder,
    /// Cycles taken so far.
    cycles: u64,
    started: bool,
    over: bool,
}

impl Run {
    fn new(cores: usize, init: &SmImage, window: RangeInclusive<u64>) -> Run {
        Run {
            recorder: Recorder::new(cores, init, window),
            cycles: 0,
            started: false,
            over: false,
        }
    }

    /// Takes one sample's signals; true once the run (or the window) is over.
    fn sample(&mut self, slots: &Slots, v: &[u64]) -> Result<bool, RecordError> {
        self.started |= v[slots.running] != 0;
        if self.started && !self.over {
            let cycle = slots.cycle(v, self.cycles)?;
            self.cycles += 1;
            let window_over = self.recorder.push(cycle);
            self.over = window_over || v[slots.done] != 0;
        }
        Ok(self.over)
    }
}
