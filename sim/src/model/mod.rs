//! The reference model: runs a program exactly per MACHINE.md §3–§7, one clock cycle at a time.
//!
//! It is the oracle every RTL test is checked against, so it is written for clarity. Within a
//! cycle the scheduler acts first (it sees the busy mask left by the cycle before), then every
//! busy core executes one instruction, memory instructions only if their bank grants them.
//! A task issued in cycle c executes instruction 0 in cycle c; a core that signals READY in
//! cycle c can start its next task in cycle c+1. Simultaneous errors are ordered scheduler
//! first, then by core number.

mod core;
mod scheduler;
mod shared_mem;

use self::core::{Core, Outcome, Plan};
use self::shared_mem::Access;
use crate::frame::{present_cores, Frame, CORES};
use crate::image::sm::SmImage;
use crate::isa::{AluOp, Instruction};
use crate::run::{CoreFault, ErrorCode, RunConfig, RunResult, Stats, Status};
use crate::view::{CoreState, CoreView, CycleView, Recorder, Recording, SchedView};
use scheduler::Scheduler;
use shared_mem::SharedMem;
use std::ops::RangeInclusive;

/// Runs `frames` (the program, L = `frames.len()`, 1–64) on shared memory `sm`.
pub fn run(frames: &[Frame], sm: &SmImage, config: RunConfig) -> RunResult {
    run_observed(frames, sm, config, None)
}

/// [`run`], and the cycles `window` as the viewer shows them (`gpu16 run --engine model
/// --view`): the model's own cycles, at its ideal timing, not the hardware's.
pub fn run_viewed(
    frames: &[Frame],
    sm: &SmImage,
    config: RunConfig,
    window: RangeInclusive<u64>,
) -> (RunResult, Recording) {
    let mut recorder = Recorder::new(config.cores, sm, window);
    let mut observe = |view: CycleView| {
        recorder.push(view);
    };
    let result = run_observed(frames, sm, config, Some(&mut observe));
    (result, recorder.finish())
}

/// [`run`], showing each cycle to `observe` if given.
fn run_observed(
    frames: &[Frame],
    sm: &SmImage,
    config: RunConfig,
    mut observe: Option<&mut dyn FnMut(CycleView)>,
) -> RunResult {
    let mut cores: [Core; CORES] = std::array::from_fn(|i| Core {
        id: i as u8,
        ..Core::default()
    });
    let mut mem = SharedMem::new(sm.clone());
    let mut sched = Scheduler::new(present_cores(config.cores));
    let mut timeline = Vec::new();
    let mut stats = Stats::default();
    let mut status = Status::Ok;
    let mut cycle = 0u64;
    let fail = |status: &mut Status, code, frame: usize, fault| {
        if *status == Status::Ok {
            *status = Status::Error {
                code,
                frame: frame as u8,
                fault,
            };
        }
    };
    while !sched.finished(frames.len()) {
        if config.max_cycles != 0 && cycle == config.max_cycles {
            fail(&mut status, ErrorCode::Timeout, sched.tp(), None);
            sched.cut_off(cycle, &mut timeline);
            break;
        }
        // What the viewer shows of the cycle's start: the frame at TP and what holds it back,
        // the registers, the banks' locks and pointers.
        // (Only when watched: the model runs the long random campaigns.)
        let watched = observe.is_some();
        let (tp, holds) = (sched.tp(), if watched { sched.holds(frames) } else { 0 });
        let regs_before: Vec<[u8; 16]> = match watched {
            true => cores.iter().map(|c| c.rf).collect(),
            false => Vec::new(),
        };
        let mut banks = std::array::from_fn(|b| mem.bank_view(b, config.cores));
        let mut states = [CoreState::Idle; CORES];
        let mut ips = [None; CORES];
        let mut sm_writes = Vec::new();

        if let Some(code) = sched.step(cycle, frames, &mut cores, &mut timeline, &mut stats) {
            fail(&mut status, code, sched.tp(), None);
            sched.stopped = true;
        }
        // The tasks in flight this cycle, those just issued included.
        let (busy, acq) = (sched.busy(), sched.acq_busy());

        // Every busy core plans its instruction; memory requests go to the banks together.
        let mut plans: [Option<Plan>; CORES] = std::array::from_fn(|_| None);
        let mut requests = [None; CORES];
        for (i, core) in cores.iter().enumerate() {
            if core.busy {
                let plan = core.plan();
                if let Plan::Memory(_, req) = plan {
                    requests[i] = Some(req);
                }
                plans[i] = Some(plan);
                states[i] = CoreState::Running;
                ips[i] = Some(core.ip);
            }
        }
        let granted = mem.serve(&requests, &mut stats);
        for (i, req) in requests.iter().enumerate() {
            let Some(req) = req else { continue };
            let b = crate::isa::sm::bank(req.addr);
            banks[b].requests |= 1 << i;
            if granted[i].is_some() {
                banks[b].grant = Some(i as u8);
                if let (true, Access::Store(v) | Access::StoreSync(v)) = (watched, req.access) {
                    sm_writes.push((req.addr, v));
                }
            } else {
                states[i] = match banks[b].lock {
                    Some((holder, row))
                        if holder as usize != i
                            && (row == req.addr as u8 || req.access == Access::LoadSync) =>
                    {
                        CoreState::WaitLock {
                            bank: b as u8,
                            holder,
                        }
                    }
                    _ => CoreState::WaitBank { bank: b as u8 },
                };
            }
        }

        for (i, plan) in plans.into_iter().enumerate() {
            let Some(plan) = plan else { continue };
            let core = &mut cores[i];
            let cs = &mut stats.cores[i];
            cs.busy += 1;
            let outcome = match plan {
                Plan::Fault(code) => Err(code),
                Plan::Local(insn) => {
                    match insn {
                        Instruction::Alu { op: AluOp::Div, .. } => cs.divs += 1,
                        Instruction::Alu { op: AluOp::Mul, .. } => cs.muls += 1,
                        Instruction::Bnz { src0, target } => {
                            let taken = core.rf[src0.index()] != 0;
                            let backward = target <= core.ip;
                            // A fall-through at IP 15 ends the task: there is no next word.
                            cs.bnz_back_not_taken += u64::from(backward && !taken && core.ip < 15);
                            cs.bnz_forward_taken += u64::from(!backward && taken);
                        }
                        _ => {}
                    }
                    Ok(core.execute(insn, None, 0))
                }
                Plan::Memory(insn, req) => match granted[i] {
                    Some(byte) => {
                        cs.accesses += 1;
                        Ok(core.execute(insn, Some(req), byte))
                    }
                    None => {
                        cs.mem_stall += 1;
                        continue;
                    }
                },
            };
            let fault = match outcome {
                Ok(Outcome::Continue) => {
                    cs.retired += 1;
                    continue;
                }
                Ok(Outcome::Finish) => {
                    cs.retired += 1;
                    None
                }
                Ok(Outcome::FinishLocked) => {
                    cs.retired += 1;
                    Some(ErrorCode::AtomicViolation)
                }
                Err(code) => Some(code),
            };
            states[i] = match fault {
                Some(code) => CoreState::Fault { code },
                None => CoreState::Ready,
            };
            if let Some(code) = fault {
                let at = CoreFault {
                    core: i as u8,
                    ip: core.ip,
                };
                fail(&mut status, code, core.task_frame as usize, Some(at));
                sched.stopped = true;
            }
            // READY: the task is over for this core; a lock it holds is released.
            cs.tasks += 1;
            core.busy = false;
            core.lock = None;
            mem.release(i);
            sched.ready(core, cycle, &mut timeline);
            core.ip = 0;
        }
        if let Some(observe) = observe.as_mut() {
            let error = match status {
                Status::Ok => 0,
                Status::Error { code, .. } => code.hardware_code(),
            };
            let reg_writes = (0..config.cores)
                .flat_map(|c| (0..16).map(move |r| (c, r)))
                .filter(|&(c, r)| cores[c].rf[r] != regs_before[c][r])
                .map(|(c, r)| (c as u8, r as u8, cores[c].rf[r]))
                .collect();
            observe(CycleView {
                sched: SchedView {
                    tp: tp as u8,
                    busy,
                    acq,
                    holds,
                    handled: sched.tp() != tp,
                    error,
                },
                cores: (0..config.cores)
                    .map(|i| CoreView {
                        state: states[i],
                        frame: cores[i].task_frame,
                        ip: ips[i],
                    })
                    .collect(),
                banks,
                reg_writes,
                sm_writes,
            });
        }
        cycle += 1;
    }
    RunResult {
        status,
        cycles: cycle,
        sm: mem.bytes,
        regs: cores[..config.cores].iter().map(|c| c.rf).collect(),
        timeline,
        stats,
    }
}
