//! The run's course (hdl/src/scheduler/run_control.rs): a run starts the cycle after the
//! zeroing's last register; `TIMEOUT` comes when the cycle count reaches the limit (0: none)
//! and ends the run; the run ends when the walk is over (its last frame, or an error that
//! stops it) and no task is in flight; a host's stop times the run out the cycle after; a
//! launch forgets the last run. Its Verilog replays
//! inside the scheduler's (`gpu_verilog.rs`).

use gpu16_hdl::scheduler::RunControl;
use gpu16_hdl::sim::{connected, settle, tick};

/// Launches with `limit`, runs the zeroing, and returns the control running at cycle 0.
fn start(limit: u64) -> RunControl {
    let mut r = connected::<RunControl>();
    r.launch.next = true;
    r.max_cycles.next = limit.into();
    tick(&mut r, |r| &mut r.clock).unwrap();
    r.launch.next = false;
    settle(&mut r).unwrap();
    assert!(
        !r.running.val() && !r.done.val(),
        "not before the zeroing ends"
    );
    r.zeroed.next = true;
    tick(&mut r, |r| &mut r.clock).unwrap();
    r.zeroed.next = false;
    settle(&mut r).unwrap();
    assert!(r.running.val(), "running the cycle after the zeroing");
    r
}

/// Steps until the run is done (at most `cycles`), with `each` setting the inputs of each
/// cycle; returns the cycle count and whether it timed out.
fn until_done(r: &mut RunControl, cycles: u64, each: impl Fn(&mut RunControl, u64)) -> (u64, bool) {
    let mut timed_out = false;
    for c in 0..cycles {
        each(r, c);
        settle(r).unwrap();
        assert_eq!(
            r.cycles.val().index() as u64,
            c,
            "the count is the run's cycle"
        );
        timed_out |= r.timeout.val();
        tick(r, |r| &mut r.clock).unwrap();
        settle(r).unwrap();
        if r.done.val() {
            assert!(!r.running.val());
            return (c, timed_out);
        }
    }
    panic!("no end in {cycles} cycles");
}

#[test]
fn timeout_comes_when_the_count_reaches_the_limit() {
    for limit in [1u64, 2, 3, 100] {
        let mut r = start(limit);
        let (end, timed_out) = until_done(&mut r, 1000, |r, _| r.idle_after.next = false);
        assert!(timed_out, "limit {limit}");
        assert_eq!(
            end, limit,
            "limit {limit}: TIMEOUT in the cycle the count reaches it"
        );
    }
}

#[test]
fn without_a_limit_the_run_ends_when_its_last_frame_is_done() {
    let mut r = start(0);
    let (end, timed_out) = until_done(&mut r, 100_000, |r, c| {
        r.last.next = c >= 70_000;
        r.idle_after.next = c % 7 == 0;
    });
    assert!(!timed_out);
    assert_eq!(
        end, 70_000,
        "the first cycle with the walk over and nothing in flight"
    );
}

#[test]
fn an_error_stops_the_walk_and_the_run_ends_when_the_tasks_are_done() {
    let mut r = start(0);
    let (end, _) = until_done(&mut r, 100, |r, c| {
        r.error.next = c == 10;
        r.idle_after.next = c >= 20;
        if c > 10 {
            assert!(r.stopped.val(), "cycle {c}: stopped after the error");
        }
    });
    assert_eq!(end, 20);
    // A launch forgets the stop and the end.
    r.launch.next = true;
    tick(&mut r, |r| &mut r.clock).unwrap();
    r.launch.next = false;
    settle(&mut r).unwrap();
    assert!(!r.stopped.val() && !r.done.val() && !r.running.val());
}

#[test]
fn a_stop_times_the_run_out_the_cycle_after() {
    for at in [0u64, 1, 57] {
        let mut r = start(0);
        let (end, timed_out) = until_done(&mut r, 1000, |r, c| {
            r.idle_after.next = false;
            r.stop.next = c == at;
        });
        assert!(timed_out, "stopped at {at}");
        assert_eq!(end, at + 1, "stopped at {at}");
    }
    // A stop before the run starts (during the zeroing) or after it ends changes nothing.
    let mut r = connected::<RunControl>();
    r.stop.next = true;
    tick(&mut r, |r| &mut r.clock).unwrap();
    settle(&mut r).unwrap();
    assert!(!r.running.val() && !r.done.val() && !r.timeout.val());
}
