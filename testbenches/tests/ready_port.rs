//! The core's READY output (hdl/src/core/ready_port.rs): every end of a task gives exactly one
//! READY, in the cycle of the end when the core foresaw it (with `ATOMIC_VIOLATION` if a lock
//! was to be held) and the cycle after otherwise (with the end's fault, code and IP); launch
//! and halt cancel what they must. Driven as a core drives it: a foreseen end always comes, and
//! a task ends at most once before the next one can start. Its Verilog replays cycle for cycle
//! inside the core's (`core_verilog.rs`).

use gpu16_hdl::core::ReadyPort;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_testbenches::rng::Rng;

/// What the port must show: fault, code (when faulting) and IP.
type Signalled = (bool, u64, u64);

#[test]
fn every_end_gives_one_ready_foreseen_in_its_cycle_else_the_next() {
    let mut p = connected::<ReadyPort>();
    let mut rng = Rng::new(16);
    // Last cycle's inputs, as far as this cycle's outputs depend on them.
    let mut foreseen: Option<bool> = None; // an end foreseen for now, with a lock held?
    let mut late: Option<Signalled> = None; // an end last cycle that was not foreseen
    let (mut early_ends, mut late_ends, mut early_faults) = (0, 0, 0);
    for cycle in 0..50_000 {
        let e_ip = rng.below(16);
        // A foreseen end comes; otherwise an end is rare, and none right after another (the
        // core is idle until the scheduler starts it again).
        let finish = foreseen.is_some() || (late.is_none() && rng.chance(10));
        let fault = rng.chance(30);
        let code = 1 + rng.below(2);
        let clear = rng.chance(2);
        let halt = rng.chance(2);
        let ends_next = !finish && !clear && rng.chance(10);
        let locked_next = rng.chance(30);
        p.clear.next = clear;
        p.halt.next = halt;
        p.finish.next = finish;
        p.finish_fault.next = fault;
        p.finish_code.next = code.into();
        p.e_ip.next = e_ip.into();
        p.ends_next.next = ends_next;
        p.locked_next.next = locked_next;
        settle(&mut p).unwrap();

        let expected: Option<Signalled> = match (foreseen, late) {
            (Some(locked), None) => Some((locked, 2, e_ip)),
            (None, Some(end)) => Some(end),
            (None, None) => None,
            (Some(_), Some(_)) => unreachable!("the stimulus ends a task once"),
        };
        assert_eq!(p.ready.val(), expected.is_some(), "cycle {cycle}: ready");
        if let Some((fault, code, ip)) = expected {
            assert_eq!(p.fault.val(), fault, "cycle {cycle}: fault");
            if fault {
                assert_eq!(p.fault_code.val().to_u64(), code, "cycle {cycle}: code");
            }
            assert_eq!(p.fault_ip.val().to_u64(), ip, "cycle {cycle}: IP");
        }
        early_ends += u64::from(foreseen.is_some());
        early_faults += u64::from(foreseen == Some(true));
        late_ends += u64::from(late.is_some());

        late = (finish && foreseen.is_none() && !clear).then_some((fault, code, e_ip));
        foreseen = (ends_next && !halt).then_some(locked_next);
        tick(&mut p, |p| &mut p.clock).unwrap();
    }
    assert!(
        early_ends > 1000 && late_ends > 1000 && early_faults > 300,
        "foreseen {early_ends} ({early_faults} faulting), late {late_ends}"
    );
}
