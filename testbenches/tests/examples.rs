//! Every example in examples/ on the reference model gives its expected shared memory, and a
//! picture example (one with `NAME.expected.png`) its expected picture, byte for byte.

use gpu16_sim::image::picture;
use gpu16_sim::run::Status;
use gpu16_testbenches::{examples, examples_dir};

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
        let png = examples_dir().join(format!("{}.expected.png", ex.name));
        if png.exists() {
            pictures += 1;
            let want = std::fs::read(&png).unwrap();
            assert!(
                picture::png(&r.sm).unwrap() == want,
                "{}: the picture",
                ex.name
            );
        }
    }
    assert!(pictures >= 1, "examples/ lost its pictures");
}
