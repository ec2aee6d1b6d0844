//! The TMDS encoder (hdl/src/video/tmds.rs) against the encoder and decoder written from
//! DVI 1.0 §3.2 in `gpu16_sim::dvi`: every byte in every running-disparity state it can reach
//! gives the reference's symbol and decodes back to itself; on a long stream of random pixels and
//! blanking, the ones minus zeros sent since the last blanking never leave ±8, and blanking
//! sends the control symbol of its two bits. The emitted Verilog passes the lint and replays
//! the same cycles in Icarus.

use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::{emit, lint};
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_hdl::video::TmdsEncoder;
use gpu16_sim::dvi::{decode, disparity, encode, CONTROL};
use gpu16_testbenches::rng::Rng;
use std::collections::{HashMap, VecDeque};

/// The encoder, stepped a cycle at a time, recorded for the Verilog replay.
struct Bench {
    e: TmdsEncoder,
    rec: Recording,
}

impl Bench {
    fn new() -> Bench {
        Bench {
            e: connected::<TmdsEncoder>(),
            rec: Recording::default(),
        }
    }

    /// One cycle with these inputs; the symbol registered at its end (on `symbol` in the
    /// next cycle).
    fn cycle(&mut self, de: bool, data: u8, control: u8) -> u16 {
        let e = &mut self.e;
        e.de.next = de;
        e.data.next = u64::from(data).into();
        e.control.next = u64::from(control).into();
        settle(e).unwrap();
        self.rec.sample(e);
        tick(e, |e| &mut e.clock).unwrap();
        settle(e).unwrap();
        e.symbol.val().index() as u16
    }
}

/// For each running disparity the encoder can reach from a blanking, the shortest run of
/// bytes that reaches it.
fn ways_to_each_disparity() -> HashMap<i32, Vec<u8>> {
    let mut ways = HashMap::from([(0, vec![])]);
    let mut todo = VecDeque::from([0]);
    while let Some(cnt) = todo.pop_front() {
        for data in 0..=255u8 {
            let (_, next) = encode(data, cnt);
            if !ways.contains_key(&next) {
                let mut way = ways[&cnt].clone();
                way.push(data);
                ways.insert(next, way);
                todo.push_back(next);
            }
        }
    }
    ways
}

#[test]
fn the_reference_pair_round_trips_and_knows_its_bound() {
    let ways = ways_to_each_disparity();
    let mut states: Vec<i32> = ways.keys().copied().collect();
    states.sort();
    assert_eq!(states, [-8, -6, -4, -2, 0, 2, 4, 6, 8]);
    for &cnt in &states {
        for data in 0..=255u8 {
            let (symbol, next) = encode(data, cnt);
            assert_eq!(decode(symbol), data);
            assert_eq!(next - cnt, disparity(symbol), "cnt counts what is sent");
        }
    }
}

#[test]
fn every_byte_in_every_disparity_state_gives_the_references_symbol() {
    let mut b = Bench::new();
    for (cnt, way) in ways_to_each_disparity() {
        for data in 0..=255u8 {
            b.cycle(false, 0, 0);
            for &d in &way {
                b.cycle(true, d, 0);
            }
            let symbol = b.cycle(true, data, 0);
            let (want, _) = encode(data, cnt);
            assert_eq!(
                symbol, want,
                "{data:#04x} with running disparity {cnt}: {symbol:010b}, not {want:010b}"
            );
            assert_eq!(decode(symbol), data);
        }
    }
}

#[test]
fn a_stream_stays_balanced_and_blanking_sends_its_control_symbols() {
    let mut b = Bench::new();
    let mut rng = Rng::new(54);
    let mut running = 0;
    let mut extremes = (0, 0);
    for _ in 0..40 {
        // A line: some pixels (runs of one value, as a picture has, and noise), then blanking.
        let pixels = 1 + rng.below(300) as usize;
        let blanking = 1 + rng.below(20) as usize;
        let mut value = rng.below(256) as u8;
        let mut inputs = Vec::new();
        for _ in 0..pixels {
            if rng.chance(20) {
                value = rng.below(256) as u8;
            }
            inputs.push((true, value, 0));
        }
        for _ in 0..blanking {
            inputs.push((false, 0, rng.below(4) as u8));
        }
        for (de, data, control) in inputs {
            let symbol = b.cycle(de, data, control);
            if de {
                assert_eq!(decode(symbol), data, "{symbol:010b}");
                running += disparity(symbol);
                assert!(running.abs() <= 8, "running disparity {running}");
                extremes = (extremes.0.min(running), extremes.1.max(running));
            } else {
                let want = u16::from_str_radix(CONTROL[usize::from(control)], 2).unwrap();
                assert_eq!(symbol, want, "control {control}");
                running = 0;
            }
        }
    }
    assert_eq!(extremes, (-8, 8), "the stream reaches both bounds");
    let dir = gpu16_testbenches::scratch!("tmds");
    let v = emit::verilog(&connected::<TmdsEncoder>(), "gpu16_tmds").unwrap();
    lint::yosys_check(&v, "gpu16_tmds", &dir).unwrap();
    lint::verilator_lint(&v, "gpu16_tmds", &dir).unwrap();
    b.rec
        .run(&v, "gpu16_tmds", Simulator::Icarus, &dir)
        .unwrap();
}
