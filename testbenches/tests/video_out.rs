//! The picture's whole way out, across the two clocks: a run's final memory read by
//! `FrameCopy` in the GPU clock, written and drawn by `VideoOut` in the pixel clock, and seen
//! by a simulated monitor (`gpu16_sim::dvi::Monitor`) as the picture the run left —
//! for every picture example and random pictures, in the small mode `gpu16 run --frame`
//! plays them in.

use gpu16_hdl::video_driver::{show, SIMULATED_FRAMES, SIMULATED_MODE, SIMULATED_SCALE};
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
