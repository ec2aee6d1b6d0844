//! The TMDS encoder (hdl/src/video/tmds.rs) against an encoder and a decoder written here
//! from DVI 1.0 §3.2: every byte in every running-disparity state it can reach gives the
//! reference's symbol and decodes back to itself; on a long stream of random pixels and
//! blanking, the ones minus zeros sent since the last blanking never leave ±8, and blanking
//! sends the control symbol of its two bits. The emitted Verilog passes the lint and replays
//! the same cycles in Icarus.

use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::{emit, lint};
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_hdl::video::TmdsEncoder;
use gpu16_testbenches::rng::Rng;
use std::collections::{HashMap, VecDeque};

/// The four control symbols for `{C1, C0}` = 0..3, as DVI lists them (bit 9 first).
const CONTROL: [&str; 4] = ["1101010100", "0010101011", "0101010100", "1010101011"];

/// DVI's encoder: the symbol for `data` and the running disparity after it.
fn reference_encode(data: u8, cnt: i32) -> (u16, i32) {
    let ones = data.count_ones();
    let xnor = ones > 4 || (ones == 4 && data & 1 == 0);
    let mut q_m = u16::from(data & 1);
    for i in 1..8 {
        let bit = ((q_m >> (i - 1)) & 1) ^ u16::from((data >> i) & 1);
        q_m |= (if xnor { bit ^ 1 } else { bit }) << i;
    }
    if !xnor {
        q_m |= 1 << 8;
    }
    let q_m8 = (q_m >> 8) & 1;
    let n1 = (q_m & 0xff).count_ones() as i32;
    let n0 = 8 - n1;
    let byte = q_m & 0xff;
    if cnt == 0 || n1 == n0 {
        if q_m8 == 1 {
            (0b01 << 8 | byte, cnt + n1 - n0)
        } else {
            (0b10 << 8 | (!byte & 0xff), cnt + n0 - n1)
        }
    } else if (cnt > 0 && n1 > n0) || (cnt < 0 && n0 > n1) {
        (
            1 << 9 | q_m8 << 8 | (!byte & 0xff),
            cnt + 2 * q_m8 as i32 + n0 - n1,
        )
    } else {
        (q_m8 << 8 | byte, cnt - 2 * (1 - q_m8 as i32) + n1 - n0)
    }
}

/// DVI's decoder: a data symbol's byte.
fn decode(symbol: u16) -> u8 {
    let d = if symbol & 1 << 9 != 0 {
        !symbol & 0xff
    } else {
        symbol & 0xff
    };
    let xor = symbol & 1 << 8 != 0;
    let mut data = d & 1;
    for i in 1..8 {
        let bit = ((d >> i) ^ (d >> (i - 1))) & 1;
        data |= (if xor { bit } else { bit ^ 1 }) << i;
    }
    data as u8
}

/// Ones minus zeros in a symbol.
fn disparity(symbol: u16) -> i32 {
    2 * symbol.count_ones() as i32 - 10
}

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
            let (_, next) = reference_encode(data, cnt);
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
            let (symbol, next) = reference_encode(data, cnt);
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
            let (want, _) = reference_encode(data, cnt);
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
