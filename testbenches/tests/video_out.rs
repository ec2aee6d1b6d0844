//! The picture's whole way out, across the two clocks: a run's final memory read by
//! `FrameCopy` in the GPU clock, written and drawn by `VideoOut` in the pixel clock, and seen
//! by a simulated monitor (`gpu16_sim::dvi::Monitor`) as the picture the run left —
//! for every picture example and random pictures, in the small mode `gpu16 run --frame`
//! plays them in; and a second run ending mid-frame and late in the blanking (where a copy
//! started without the window tears a frame): no frame the monitor sees mixes two pictures.

use gpu16_hdl::video_driver::{
    play, show, symbols, RunEnd, Settled, SIMULATED_FRAMES, SIMULATED_MODE, SIMULATED_SCALE,
};
use gpu16_sim::dvi::{receive, Monitor};
use gpu16_sim::image::picture;
use gpu16_testbenches::examples;
use gpu16_testbenches::rng::Rng;

/// The pictures the monitor shows after `sm` is a run's final memory, in the simulated mode
/// (`gpu16_hdl::video_driver::SIMULATED_MODE`), with a GPU cycle every `gpu` time units and a
/// pixel cycle every `pixel`.
fn shown(sm: &[u8], gpu: u64, pixel: u64) -> Vec<u8> {
    let mut monitor = Monitor::new(!SIMULATED_MODE.sync_high);
    // The copy takes the first frame's blanking, then a whole frame is seen.
    show(
        sm,
        SIMULATED_MODE,
        SIMULATED_SCALE,
        (gpu, pixel),
        SIMULATED_FRAMES,
        &mut |[r, g, b]| monitor.see(receive(r, g, b).unwrap()),
    )
    .unwrap();
    monitor.picture(usize::from(SIMULATED_SCALE)).unwrap()
}

#[test]
fn every_picture_example_reaches_the_monitor() {
    let mut seen = 0;
    for ex in examples() {
        let Some(png) = ex.expected_picture() else {
            continue;
        };
        // GPU clock faster than the pixel clock, as on the boards (40-54 MHz against 25);
        // the first also at one rate, as `gpu16 run --frame` plays them (and random
        // pictures below).
        let shown = shown(&ex.expected[..], 1, 2);
        if seen == 0 {
            assert!(
                shown == self::shown(&ex.expected[..], 1, 1),
                "{}: at one rate",
                ex.name
            );
        }
        assert!(
            shown[..] == ex.expected[..],
            "{}: the monitor's picture",
            ex.name
        );
        let bytes: [u8; 4096] = shown.try_into().unwrap();
        assert!(picture::png(&bytes).unwrap() == png, "{}: its PNG", ex.name);
        seen += 1;
    }
    assert!(seen >= 3);
}

#[test]
fn random_pictures_reach_the_monitor() {
    let mut rng = Rng::new(54);
    for _ in 0..3 {
        let sm: Vec<u8> = (0..4096).map(|_| rng.byte()).collect();
        assert!(shown(&sm, 1, 1) == sm, "a random picture");
    }
}

/// Picture A shown, then a run leaving picture B ending half-way through the frame and at
/// 14/16 of it, late in the blanking, where a copy started without the window tears one
/// frame (every sixteenth: frame_copy.rs): every frame the monitor sees is black (the frame
/// memory at power-up), A or B whole, in that order.
#[test]
fn a_run_ending_at_any_phase_of_the_frame_tears_no_frame() {
    let mut rng = Rng::new(75);
    let a: Vec<u8> = (0..4096).map(|_| rng.byte()).collect();
    let b: Vec<u8> = (0..4096).map(|_| rng.byte()).collect();
    let black = vec![0; 4096];
    let frame = u64::from(SIMULATED_MODE.h_total()) * u64::from(SIMULATED_MODE.v_total());
    // One rate, a GPU cycle for each pixel cycle: the copy's crossing at other rates is
    // testbenches/tests/frame_copy.rs's.
    let rates = (1, 1);
    for sixteenth in [8, 14] {
        // B's run ends in the second frame, which shows A whole (A is copied in the first's
        // blanking, and nothing is written outside a blanking).
        let runs = [
            RunEnd { at: 0, sm: &a },
            RunEnd {
                at: frame + sixteenth * frame / 16,
                sm: &b,
            },
        ];
        let mut monitor = Monitor::new(!SIMULATED_MODE.sync_high);
        let mut seen = Vec::new();
        play(
            &runs,
            SIMULATED_MODE,
            SIMULATED_SCALE,
            rates,
            4,
            &mut |block| {
                if let Settled::Out(out) = block {
                    let [r, g, bl] = symbols(out);
                    monitor.see(receive(r, g, bl).unwrap());
                    if monitor.frame.is_some() {
                        let shown = monitor.picture(usize::from(SIMULATED_SCALE));
                        let shown = shown.unwrap_or_else(|e| panic!("{sixteenth}/16: {e}"));
                        seen.push(
                            [(&black, "black"), (&a, "A"), (&b, "B")]
                                .iter()
                                .find(|(p, _)| **p == shown)
                                .map_or("mixed", |(_, name)| *name),
                        );
                        monitor.frame = None;
                    }
                }
            },
        )
        .unwrap();
        // Black until A's copy (power-up's frame), then A, then B once it is, and nothing
        // else.
        assert!(seen.len() >= 4, "{sixteenth}/16: {seen:?}");
        assert!(!seen.contains(&"mixed"), "{sixteenth}/16: {seen:?}");
        let first_a = seen.iter().position(|&p| p != "black");
        assert!(
            first_a.is_some_and(|i| seen[i] == "A" && i <= 1),
            "{sixteenth}/16: {seen:?}"
        );
        let first_b = seen.iter().position(|&p| p == "B");
        let first_b = first_b.unwrap_or_else(|| panic!("{sixteenth}/16: no B in {seen:?}"));
        assert!(
            seen[first_b..].iter().all(|&p| p == "B"),
            "{sixteenth}/16: {seen:?}"
        );
    }
}
