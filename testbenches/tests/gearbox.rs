//! The ECP5's gearbox (hdl/src/video/gearbox.rs): random symbols a pixel cycle, the bit clock
//! 5× the pixel clock at every phase between them (and, where their edges meet, with either
//! one taken first), and the four lanes' bit streams read back two bits a bit cycle. Once
//! aligned, every lane sends every symbol, bit 0 first, none lost or repeated, the three
//! colours in step and the TMDS clock's lane the clock word on their boundaries. Its Verilog
//! passes yosys' checks and Verilator's lint.

use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_hdl::video::gearbox::CLOCK_WORD;
use gpu16_hdl::video::Gearbox;
use gpu16_testbenches::lint_block;
use gpu16_testbenches::rng::Rng;

/// Time units per bit cycle and per pixel cycle.
const BIT: u64 = 2;
const PIXEL: u64 = 5 * BIT;
/// Pixel cycles run, and bits skipped at the start while the gearbox aligns.
const WORDS: usize = 300;
const SETTLE_BITS: usize = 200;

/// The symbols sent ({blue, green, red} per pixel cycle) and each lane's bits out, with the
/// pixel clock's edges `offset` time units after the bit clock's.
fn run(offset: u64, pixel_first: bool, seed: u64) -> (Vec<[u16; 3]>, [Vec<u8>; 4]) {
    let mut g: Gearbox = connected();
    let mut rng = Rng::new(seed);
    let mut sent = Vec::new();
    let mut lanes: [Vec<u8>; 4] = Default::default();
    let mut next = |g: &mut Gearbox, sent: &mut Vec<[u16; 3]>| {
        let word = [0; 3].map(|_| rng.below(1024) as u16);
        g.blue.next = u64::from(word[0]).into();
        g.green.next = u64::from(word[1]).into();
        g.red.next = u64::from(word[2]).into();
        sent.push(word);
    };
    next(&mut g, &mut sent);
    for t in 0..WORDS as u64 * PIXEL {
        let bit_edge = t % BIT == 0;
        let pixel_edge = t % PIXEL == offset;
        let bit = |g: &mut Gearbox, lanes: &mut [Vec<u8>; 4]| {
            settle(g).unwrap();
            let pairs = g.pairs.val().index();
            for (k, lane) in lanes.iter_mut().enumerate() {
                lane.push(((pairs >> (2 * k)) & 1) as u8);
                lane.push(((pairs >> (2 * k + 1)) & 1) as u8);
            }
            tick(g, |g| &mut g.bit_clock).unwrap();
        };
        let pixel = |g: &mut Gearbox,
                     sent: &mut Vec<[u16; 3]>,
                     next: &mut dyn FnMut(&mut Gearbox, &mut Vec<[u16; 3]>)| {
            tick(g, |g| &mut g.pixel_clock).unwrap();
            // The symbols are the pixel side's registers: they change just after its edge.
            next(g, sent);
        };
        match (bit_edge, pixel_edge, pixel_first) {
            (true, true, true) => {
                pixel(&mut g, &mut sent, &mut next);
                bit(&mut g, &mut lanes);
            }
            (true, true, false) => {
                bit(&mut g, &mut lanes);
                pixel(&mut g, &mut sent, &mut next);
            }
            (true, false, _) => bit(&mut g, &mut lanes),
            (false, true, _) => pixel(&mut g, &mut sent, &mut next),
            (false, false, _) => {}
        }
    }
    (sent, lanes)
}

/// The 10-bit word of `bits` from `at`, its first bit as bit 0.
fn word(bits: &[u8], at: usize) -> u16 {
    (0..10).fold(0, |w, i| w | (u16::from(bits[at + i]) << i))
}

#[test]
fn every_symbol_goes_out_whole_in_order_at_every_phase() {
    for offset in 0..PIXEL {
        let mut latency = Vec::new();
        for pixel_first in [false, true] {
            let (sent, lanes) = run(offset, pixel_first, 100 + offset);
            let case = format!("pixel edge {offset} after the bit edge, pixel first {pixel_first}");
            // The clock lane's word boundary, after alignment.
            let start = (SETTLE_BITS..SETTLE_BITS + 10)
                .find(|&at| word(&lanes[3], at) == CLOCK_WORD as u16)
                .unwrap_or_else(|| panic!("{case}: no clock word"));
            let received: Vec<[u16; 3]> = (start..lanes[0].len() - 10)
                .step_by(10)
                .map(|at| {
                    [
                        word(&lanes[0], at),
                        word(&lanes[1], at),
                        word(&lanes[2], at),
                    ]
                })
                .collect();
            for at in (start..lanes[3].len() - 10).step_by(10) {
                assert_eq!(word(&lanes[3], at), CLOCK_WORD as u16, "{case}: bit {at}");
            }
            let first = sent
                .iter()
                .position(|w| *w == received[0])
                .unwrap_or_else(|| panic!("{case}: {:?} was never sent", received[0]));
            assert!(received.len() > 200, "{case}");
            for (j, got) in received.iter().enumerate() {
                assert_eq!(*got, sent[first + j], "{case}: word {j} after alignment");
            }
            // Time units from the pixel edge that registered the word to its first bit leaving.
            let bit_time = (start / 2) as u64 * BIT;
            latency.push(bit_time as i64 - (offset + first as u64 * PIXEL) as i64);
        }
        // Where the edges meet, which is taken first is the race a real register would lose:
        // the gearbox must load no word at that edge, so either order sends each word as
        // soon (give or take the synchroniser's bit cycle or two), not a pixel cycle apart.
        assert!(
            (latency[0] - latency[1]).abs() <= 2 * BIT as i64,
            "pixel edge {offset} after the bit edge: the order of coinciding edges changes \
             the word loaded (latencies {latency:?} time units)"
        );
    }
}

#[test]
fn the_gearbox_passes_yosys_and_verilator_lint() {
    lint_block(env!("CARGO_TARGET_TMPDIR"), "gearbox", Gearbox::default());
}
