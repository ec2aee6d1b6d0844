//! Every example in examples/ on the reference model gives its expected shared memory, and a
//! picture example (one with `NAME.expected.png`) its expected picture, byte for byte, on
//! GPUs of 1, 2, 3, 8 and 16 cores.

use gpu16_sim::image::picture;
use gpu16_sim::run::{RunConfig, Status};
use gpu16_testbenches::examples;

#[test]
fn every_example_gives_its_expected_output() {
    let all = examples();
    assert!(all.len() >= 7, "examples/ lost programs");
    let mut pictures = 0;
    for ex in all {
        let r = gpu16_sim::model::run(&ex.frames, &ex.init, Default::default());
        assert_eq!(r.status, Status::Ok, "{}", ex.name);
        let diff: Vec<usize> = (0..4096).filter(|&a| r.sm[a] != ex.expected[a]).collect();
        assert!(diff.is_empty(), "{}: SM differs at {diff:x?}", ex.name);
        if let Some(want) = ex.expected_picture() {
            pictures += 1;
            assert!(
                picture::png(&r.sm).unwrap() == want,
                "{}: the picture",
                ex.name
            );
            // The same picture on any number of cores (the RTL's smaller GPUs paint it on 8
            // cores only: painting on one takes rust-hdl half a minute).
            for cores in [1, 2, 3, 8] {
                let frames = ex.frames_for(cores).expect("a picture for any N");
                let config = RunConfig {
                    max_cycles: 1_000_000,
                    cores,
                };
                let r = gpu16_sim::model::run(&frames, &ex.init, config);
                assert!(r.sm == ex.expected, "{} on {cores} cores", ex.name);
            }
        }
    }
    assert!(pictures >= 3, "examples/ lost its pictures");
}
