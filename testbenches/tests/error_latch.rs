//! The scheduler's error latch (hdl/src/scheduler/error_latch.rs): the first error of a run is
//! kept; errors of one cycle rank BAD_FENCE/TRUNCATED/NO_CORE, then a core fault, then TIMEOUT; launch
//! clears it; nothing is taken while no run is in progress.

use gpu16_hdl::scheduler::{status, ErrorLatch};
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_testbenches::rng::Rng;

/// One cycle's inputs.
#[derive(Clone, Copy, Debug, Default)]
struct Errors {
    bad_fence: bool,
    truncated: bool,
    no_core: bool,
    tp: u64,
    fault: Option<(u64, u64, u64, u64)>, // (code 1|2, frame, core, ip)
    timeout: bool,
}

/// What the latch must hold after `errors` (status: code, frame, core, ip).
fn take(held: (u64, u64, u64, u64), running: bool, e: Errors) -> (u64, u64, u64, u64) {
    if !running || held.0 != status::OK {
        return held;
    }
    if e.bad_fence {
        (status::BAD_FENCE, e.tp, 0, 0)
    } else if e.truncated {
        (status::TRUNCATED, e.tp, 0, 0)
    } else if e.no_core {
        (status::NO_CORE, e.tp, 0, 0)
    } else if let Some((code, frame, core, ip)) = e.fault {
        let code = if code == 1 {
            status::ILLEGAL_INSN
        } else {
            status::ATOMIC_VIOLATION
        };
        (code, frame, core, ip)
    } else if e.timeout {
        (status::TIMEOUT, e.tp, 0, 0)
    } else {
        held
    }
}

#[test]
fn keeps_the_first_error_by_rank() {
    let mut l = connected::<ErrorLatch>();
    let mut rng = Rng::new(5);
    let mut held = (0, 0, 0, 0);
    let mut codes = [0usize; 7];
    for cycle in 0..20_000 {
        let clear = rng.chance(8);
        let running = !rng.chance(10);
        // Errors are rare, so a run usually sees several cycles before its first.
        let rare = |rng: &mut Rng| rng.chance(4);
        let e = Errors {
            bad_fence: rare(&mut rng),
            truncated: rare(&mut rng),
            no_core: rare(&mut rng),
            tp: rng.below(65),
            fault: rare(&mut rng).then(|| {
                (
                    1 + rng.below(2),
                    rng.below(64),
                    rng.below(16),
                    rng.below(16),
                )
            }),
            timeout: rare(&mut rng),
        };
        l.clear.next = clear;
        l.running.next = running;
        l.bad_fence.next = e.bad_fence;
        l.truncated.next = e.truncated;
        l.no_core.next = e.no_core;
        l.tp.next = e.tp.into();
        let (code, frame, core, ip) = e.fault.unwrap_or_default();
        l.fault.next = e.fault.is_some();
        l.fault_code.next = code.into();
        l.fault_frame.next = frame.into();
        l.fault_core.next = core.into();
        l.fault_ip.next = ip.into();
        l.timeout.next = e.timeout;
        settle(&mut l).unwrap();
        tick(&mut l, |l| &mut l.clock).unwrap();
        held = if clear {
            (0, 0, 0, 0)
        } else {
            take(held, running, e)
        };
        let got = (
            l.code.val().to_u64(),
            l.frame.val().to_u64(),
            l.core.val().to_u64(),
            l.ip.val().to_u64(),
        );
        assert_eq!(
            got, held,
            "cycle {cycle}: {e:?}, clear {clear}, running {running}"
        );
        codes[held.0 as usize] += 1;
    }
    assert!(
        codes.iter().all(|&n| n > 100),
        "every status held: {codes:?}"
    );
}
