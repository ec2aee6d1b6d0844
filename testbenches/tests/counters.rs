//! The performance counters (hdl/src/counters.rs): after every run each of the 96 counts
//! equals the plain sum of its events since the launch, `ready` rises within `READY_WITHIN`
//! cycles of the run's end, each event counted in the counter the contract numbers
//! (`gpu16_sim::run::CounterGroup`), and a build without counters reads 0 — in rust-hdl, and cycle for
//! cycle in the emitted Verilog (Icarus).

use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::emit;
use gpu16_hdl::counters::{Counters, COUNTERS, READY_WITHIN};
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_sim::run::CounterGroup;
use gpu16_testbenches::rng::Rng;
use rust_hdl::prelude::Bits;

fn counters(enabled: bool) -> Counters {
    let mut c = connected::<Counters>();
    if !enabled {
        c.disable();
    }
    c
}

/// Drives the block cycle by cycle, keeping the expected counts.
struct Bench {
    c: Counters,
    rng: Rng,
    rec: Recording,
    expected: [u64; COUNTERS],
    enabled: bool,
    /// The largest count read.
    largest: u32,
}

impl Bench {
    fn new(enabled: bool) -> Bench {
        Bench {
            c: counters(enabled),
            rng: Rng::new(11),
            rec: Recording::default(),
            expected: [0; COUNTERS],
            enabled,
            largest: 0,
        }
    }

    /// One cycle. `busy`: how many events come (0 = none, 4 = each counter's event about
    /// every other cycle; events come only while `running`, as in the GPU); `full`: every
    /// event in every cycle.
    fn cycle(&mut self, clear: bool, running: bool, busy: u64, full: bool, sel: usize) {
        let events: [bool; COUNTERS] = std::array::from_fn(|_| {
            running && (full || (busy > 0 && (0..5 - busy).all(|_| self.rng.chance(50))))
        });
        let c = &mut self.c;
        c.clear.next = clear;
        c.running.next = running;
        for group in CounterGroup::ALL {
            let field = match group {
                CounterGroup::Retired => &mut c.events.retired,
                CounterGroup::MemStall => &mut c.events.mem_stall,
                CounterGroup::Busy => &mut c.events.busy,
                CounterGroup::LockWaits => &mut c.events.lock_waits,
                CounterGroup::BankAccesses => &mut c.events.bank_accesses,
                CounterGroup::BankContended => &mut c.events.bank_contended,
            };
            field.next = (0..16).fold(Bits::default(), |bits, i| {
                bits.replace_bit(i, events[group.counter(i)])
            });
        }
        c.sel.next = (sel as u64).into();
        settle(c).unwrap();
        self.rec.sample(c);
        tick(c, |c| &mut c.clock).unwrap();
        if clear {
            self.expected = [0; COUNTERS];
        } else {
            for (e, event) in self.expected.iter_mut().zip(events) {
                *e += u64::from(event);
            }
        }
    }

    /// A launch, `length` cycles of running, then the wait for `ready` and a read of every
    /// counter, each checked against its sum.
    fn run(&mut self, length: usize, busy: u64, full: bool) {
        self.cycle(true, false, 0, false, 0);
        for _ in 0..length {
            self.cycle(false, true, busy, full, 0);
            assert!(
                !self.c.ready.val() || !self.enabled,
                "ready while a run is in progress"
            );
        }
        let mut waited = 0;
        while !self.c.ready.val() {
            assert!(
                waited < READY_WITHIN,
                "not ready {waited} cycles after the run"
            );
            self.cycle(false, false, 0, false, 0);
            waited += 1;
        }
        for sel in 0..COUNTERS {
            self.cycle(false, false, 0, false, sel);
            let want = if self.enabled {
                self.expected[sel] as u32
            } else {
                0
            };
            let value = self.c.value.val().to_u64() as u32;
            self.largest = self.largest.max(value);
            assert_eq!(value, want, "counter {sel} after a run of {length} cycles");
            assert!(self.c.ready.val(), "ready stays up while the host reads");
        }
    }
}

/// Runs of every kind: shorter than one pass of the drain, across passes, quiet and busy,
/// every event at its maximum (the prescalers' widest), and back-to-back launches.
fn exercise(enabled: bool) -> Recording {
    let mut b = Bench::new(enabled);
    // Read before any run: 0 everywhere.
    b.run(0, 0, false);
    for (length, busy, full) in [
        (1, 4, false),
        (5, 4, false),
        (95, 2, false),
        (96, 4, true),
        (97, 1, false),
        (400, 4, false),
        (1000, 4, true),
        (3, 0, false),
    ] {
        b.run(length, busy, full);
    }
    // A launch in the middle of a drain: the next run starts from 0.
    b.cycle(true, false, 0, false, 0);
    for _ in 0..50 {
        b.cycle(false, true, 4, false, 0);
    }
    b.run(30, 4, false);
    assert_eq!(
        b.largest,
        if enabled { 1000 } else { 0 },
        "a counter of the busiest run, past its prescaler's width"
    );
    b.rec
}

fn verilog(enabled: bool) -> String {
    emit::verilog(&counters(enabled), "gpu16_counters").expect("the counters emit Verilog")
}

#[test]
fn every_count_is_the_sum_of_its_events_and_the_verilog_agrees() {
    let dir = gpu16_testbenches::scratch!("counters_on");
    exercise(true)
        .run(&verilog(true), "gpu16_counters", Simulator::Icarus, &dir)
        .unwrap();
}

#[test]
fn a_build_without_counters_reads_zero_and_its_verilog_agrees() {
    let v = verilog(false);
    assert!(!v.contains("prescaler"), "no counter left:\n{v}");
    let dir = gpu16_testbenches::scratch!("counters_off");
    exercise(false)
        .run(&v, "gpu16_counters", Simulator::Icarus, &dir)
        .unwrap();
}
