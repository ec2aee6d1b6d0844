//! The performance counter block: counts what it is given, clears, and reads 0 in a build
//! without counters — in rust-hdl, and cycle for cycle in the emitted Verilog (Icarus).

use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::emit;
use gpu16_hdl::counter::Counter;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_testbenches::rng::Rng;

fn counter(enabled: bool) -> Counter<5> {
    let mut c = connected::<Counter<5>>();
    if !enabled {
        c.disable();
    }
    c
}

/// Runs 300 cycles of random `add` (0–16) and occasional `clear`, checking `count` against a
/// plain sum every cycle; returns the recording.
fn exercise(enabled: bool) -> Recording {
    let mut c = counter(enabled);
    let mut rng = Rng::new(5);
    let mut rec = Recording::default();
    let mut expected: u32 = 0;
    let mut saw_big = false;
    for cycle in 0..300 {
        let clear = cycle == 150 || rng.below(40) == 0;
        let add = rng.below(17) as u32;
        c.clear.next = clear;
        c.add.next = (add as u64).into();
        settle(&mut c).unwrap();
        let count = c.count.val().to_u64() as u32;
        assert_eq!(count, if enabled { expected } else { 0 }, "cycle {cycle}");
        saw_big |= count > 100;
        rec.sample(&c);
        tick(&mut c, |c| &mut c.clock).unwrap();
        expected = if clear { 0 } else { expected + add };
    }
    assert_eq!(saw_big, enabled, "the enabled counter accumulated");
    rec
}

fn verilog(enabled: bool) -> String {
    emit::verilog(&counter(enabled), "gpu16_counter").expect("the counter emits Verilog")
}

#[test]
fn the_counter_adds_and_clears_and_its_verilog_agrees() {
    let dir = gpu16_testbenches::scratch!("counter_on");
    exercise(true)
        .run(&verilog(true), "gpu16_counter", Simulator::Icarus, &dir)
        .unwrap();
}

#[test]
fn a_disabled_counter_reads_zero_and_its_verilog_agrees() {
    let v = verilog(false);
    assert!(!v.contains("count + add"), "no adder left:\n{v}");
    let dir = gpu16_testbenches::scratch!("counter_off");
    exercise(false)
        .run(&v, "gpu16_counter", Simulator::Icarus, &dir)
        .unwrap();
}
