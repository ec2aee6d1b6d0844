//! The RTL task scheduler alone (hdl/src/scheduler), with stub cores: a started core stays busy
//! for the number of cycles in its task's word 0, then signals READY (with a fault if word 1
//! says so). Checks start cycles, R0 writes, fences, dispatch, errors and TIMEOUT at its ports.

use gpu16_hdl::scheduler::{status, Scheduler};
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_hdl::task_port::TaskPort;
use gpu16_sim::frame::{ControlFrame, Fence, Frame};

/// The cores whose task port shows `bit`.
fn mask(s: &Scheduler, bit: impl Fn(&TaskPort) -> bool) -> u16 {
    (0..16)
        .filter(|&c| bit(&s.cores[c]))
        .fold(0, |m, c| m | 1 << c)
}

/// A task that keeps each core busy `cycles` cycles; `fault` = (code, ip) makes it fault.
fn task(cycles: u16, fault: Option<(u16, u16)>) -> Frame {
    let mut words = [0u16; 16];
    words[0] = cycles;
    if let Some((code, ip)) = fault {
        words[1] = code << 8 | ip;
    }
    Frame::from_words(&words)
}

fn cf(mask: u16, fence: Fence, if_num: u8, init: &[(usize, u8)]) -> Frame {
    let mut c = ControlFrame {
        if_num,
        fence_bits: fence as u8,
        core_active_vect: mask,
        ..Default::default()
    };
    for &(core, v) in init {
        c.init_r0_vect |= 1 << core;
        c.init_r0[core] = v;
    }
    c.encode()
}

/// What the scheduler did, cycle by cycle after launch.
#[derive(Default)]
struct Trace {
    /// (cycle, mask) of every start.
    starts: Vec<(u64, u16)>,
    /// (cycle, targets, values) of every R0 write.
    r0_writes: Vec<(u64, u16, Vec<u8>)>,
    /// (cycle, mask) of every READY.
    readies: Vec<(u64, u16)>,
    status: (u64, u64, u64, u64),
    cycles: u64,
}

/// Loads and runs `frames` with 16 stub cores; `limit` is the TIMEOUT (0 = none).
fn run(frames: &[Frame], limit: u64) -> Trace {
    run_on(frames, limit, 0xffff)
}

/// [`run`] on a scheduler built for the cores `present` (MACHINE.md §1).
fn run_on(frames: &[Frame], limit: u64, present: u16) -> Trace {
    let mut s: Scheduler = connected();
    s.present.next = u64::from(present).into();
    for (f, frame) in frames.iter().enumerate() {
        for k in 0..4 {
            s.tm_write.next = true;
            s.tm_line.next = ((4 * f + k) as u64).into();
            s.tm_data.next = frame.task_line(k).into();
            tick(&mut s, |s| &mut s.clock).unwrap();
        }
    }
    s.tm_write.next = false;
    s.launch.next = true;
    s.length.next = (frames.len() as u64).into();
    s.max_cycles.next = limit.into();
    tick(&mut s, |s| &mut s.clock).unwrap();
    s.launch.next = false;
    // Launch first zeroes every register of every core, one a cycle, and starts nothing.
    for r in 0..16 {
        settle(&mut s).unwrap();
        assert!(
            !s.running.val() && !s.done.val(),
            "register {r}: no run yet"
        );
        assert_eq!(
            mask(&s, |p| p.init_write.val()),
            0xffff,
            "register {r} of every core"
        );
        assert!(s.cores.iter().all(|p| p.init_reg.val().index() == r));
        assert!(s.cores.iter().all(|p| p.init_value.val().index() == 0));
        assert_eq!(mask(&s, |p| p.start.val()), 0);
        tick(&mut s, |s| &mut s.clock).unwrap();
    }
    settle(&mut s).unwrap();
    assert!(s.running.val(), "the run starts after the last register");

    let mut trace = Trace::default();
    // Per core: cycles left in its task, and the fault it will report.
    let mut left = [0u64; 16];
    let mut fault = [(0u64, 0u64); 16];
    // `next_frame` in the cycle before.
    let mut next_frame = None;
    for cycle in 0..10_000u64 {
        // The stub cores' outputs for this cycle.
        let mut ready = 0u16;
        let mut faults = 0u16;
        for c in 0..16 {
            if left[c] == 1 {
                ready |= 1 << c;
                if fault[c].0 != 0 {
                    faults |= 1 << c;
                }
            }
            let port = &mut s.cores[c];
            port.fault_code.next = fault[c].0.into();
            port.fault_ip.next = fault[c].1.into();
            port.ready.next = ready & (1 << c) != 0;
            port.fault.next = faults & (1 << c) != 0;
        }
        settle(&mut s).unwrap();
        if s.done.val() {
            trace.status = (
                s.status_code.val().index() as u64,
                s.status_frame.val().index() as u64,
                s.status_core.val().index() as u64,
                s.status_ip.val().index() as u64,
            );
            trace.cycles = s.cycles.val().index() as u64;
            return trace;
        }
        if ready != 0 {
            trace.readies.push((cycle, ready));
        }
        let start = mask(&s, |p| p.start.val());
        assert_eq!(
            start & !present,
            0,
            "cycle {cycle}: a task on an absent core"
        );
        if start != 0 {
            trace.starts.push((cycle, start));
            let started = s.cores[0].start_frame.val().index();
            // The cores read the started frame's word 0 a cycle ahead, from `next_frame`.
            assert_eq!(
                Some(started),
                next_frame,
                "cycle {cycle}: frame {started} started, not the frame named the cycle before"
            );
            let w0 = frames[started].task_line(0);
            for (c, l) in left.iter_mut().enumerate() {
                if start & (1 << c) != 0 {
                    assert_eq!(*l, 0, "core {c} started while busy");
                    *l = (w0 & 0xffff) + 1;
                    let w1 = (w0 >> 16) & 0xffff;
                    fault[c] = (w1 >> 8, w1 & 0xf);
                }
            }
        }
        let r0 = mask(&s, |p| p.init_write.val());
        if r0 != 0 {
            assert_eq!(s.cores[0].init_reg.val().index(), 0, "a CF writes R0 only");
            let values = s
                .cores
                .iter()
                .map(|p| p.init_value.val().index() as u8)
                .collect();
            trace.r0_writes.push((cycle, r0, values));
        }
        for l in left.iter_mut() {
            *l = l.saturating_sub(1);
        }
        next_frame = Some(s.cores[0].next_frame.val().index());
        tick(&mut s, |s| &mut s.clock).unwrap();
    }
    panic!("the scheduler never finished");
}

#[test]
fn r0_is_written_once_per_cf_for_active_cores_only() {
    let t = run(
        &[
            cf(0x3, Fence::No, 2, &[(0, 5), (1, 6), (2, 7)]),
            task(3, None),
            task(3, None),
        ],
        0,
    );
    assert_eq!(t.r0_writes.len(), 1);
    let (_, targets, values) = &t.r0_writes[0];
    assert_eq!(*targets, 0x3, "core 2 is not active");
    assert_eq!((values[0], values[1]), (5, 6));
    assert_eq!(t.status.0, status::OK);
}

#[test]
fn a_task_follows_the_last_ready_on_the_same_cores_at_once() {
    let t = run(
        &[
            cf(0x3, Fence::No, 3, &[]),
            task(5, None),
            task(1, None),
            task(4, None),
        ],
        0,
    );
    assert_eq!(t.starts.len(), 3);
    for k in 0..2 {
        let ready = t.readies[k].0;
        // Start is visible the cycle after the READY; the core executes instruction 0 the
        // cycle after that: 2 cycles after the last READY.
        assert_eq!(
            t.starts[k + 1].0,
            ready + 1,
            "{:?} {:?}",
            t.starts,
            t.readies
        );
    }
}

#[test]
fn fences_no_rel_and_acq() {
    // no: the disjoint second group starts while the first runs.
    let t = run(
        &[
            cf(0x1, Fence::No, 1, &[]),
            task(20, None),
            cf(0x2, Fence::No, 1, &[]),
            task(2, None),
        ],
        0,
    );
    assert!(t.starts[1].0 < t.readies[0].0.max(t.readies[1].0));
    // rel: waits for every task in flight.
    let t = run(
        &[
            cf(0x1, Fence::No, 1, &[]),
            task(20, None),
            cf(0x2, Fence::Rel, 1, &[]),
            task(2, None),
        ],
        0,
    );
    assert_eq!(t.starts[1].0, t.readies[0].0 + 1);
    // acq: nothing after it — not even the next CF's R0 write — before it completes.
    let t = run(
        &[
            cf(0x1, Fence::Acq, 1, &[]),
            task(20, None),
            cf(0x2, Fence::No, 1, &[(1, 9)]),
            task(2, None),
        ],
        0,
    );
    assert!(t.r0_writes[0].0 > t.readies[0].0);
    assert!(t.starts[1].0 > t.readies[0].0);
}

#[test]
fn a_cf_waits_for_the_cores_it_initialises() {
    let t = run(
        &[
            cf(0x1, Fence::No, 1, &[]),
            task(20, None),
            cf(0x1, Fence::No, 1, &[(0, 3)]),
            task(1, None),
        ],
        0,
    );
    assert!(t.r0_writes[0].0 > t.readies[0].0);
}

#[test]
fn bad_fence_and_truncated_stop_at_their_cf() {
    let mut bad = ControlFrame::decode(&cf(0x1, Fence::No, 1, &[]));
    bad.fence_bits = 3;
    let t = run(
        &[
            cf(0x2, Fence::No, 1, &[]),
            task(10, None),
            bad.encode(),
            task(1, None),
        ],
        0,
    );
    assert_eq!((t.status.0, t.status.1), (status::BAD_FENCE, 2));
    assert_eq!(t.starts.len(), 1, "only the task before the bad CF ran");
    assert_eq!(t.readies.len(), 1, "and it was allowed to finish");
    let t = run(
        &[
            cf(0x1, Fence::No, 1, &[]),
            task(1, None),
            cf(0x1, Fence::No, 5, &[]),
            task(1, None),
        ],
        0,
    );
    assert_eq!((t.status.0, t.status.1), (status::TRUNCATED, 2));
}

#[test]
fn a_cf_naming_an_absent_core_stops_with_no_core() {
    // Eight cores: the first group runs; the CF naming core 9 stops the walk.
    let frames = [
        cf(0x0f, Fence::No, 1, &[]),
        task(6, None),
        cf(0x201, Fence::No, 1, &[]),
        task(1, None),
    ];
    let t = run_on(&frames, 0, 0x00ff);
    assert_eq!((t.status.0, t.status.1), (status::NO_CORE, 2));
    assert_eq!(
        t.starts,
        vec![(t.starts[0].0, 0x0f)],
        "only the task before it"
    );
    assert_eq!(t.readies.len(), 1, "and it was allowed to finish");
    // The same program on 16 cores runs to its end; on 10, too.
    assert_eq!(run(&frames, 0).status.0, status::OK);
    assert_eq!(run_on(&frames, 0, 0x03ff).status.0, status::OK);
    // A bad fence or a truncated CF is reported before an absent core.
    let mut both = ControlFrame::decode(&cf(0x8000, Fence::No, 1, &[]));
    both.fence_bits = 3;
    let t = run_on(&[both.encode(), task(1, None)], 0, 0x00ff);
    assert_eq!(t.status.0, status::BAD_FENCE);
    let t = run_on(&[cf(0x8000, Fence::No, 3, &[]), task(1, None)], 0, 0x00ff);
    assert_eq!(t.status.0, status::TRUNCATED);
}

#[test]
fn the_lowest_faulting_core_is_reported_and_issue_stops() {
    // Cores 3 and 5 fault in the same cycle (code 2 = atomic, ip 7).
    let t = run(
        &[
            cf(0x28, Fence::No, 2, &[]),
            task(4, Some((2, 7))),
            task(1, None),
        ],
        0,
    );
    assert_eq!(t.status, (status::ATOMIC_VIOLATION, 1, 3, 7));
    assert_eq!(t.starts.len(), 1, "no task after the fault");
}

#[test]
fn timeout_stops_the_run_at_the_limit() {
    let t = run(&[cf(0x1, Fence::No, 1, &[]), task(500, None)], 50);
    assert_eq!((t.status.0, t.cycles), (status::TIMEOUT, 50));
}
