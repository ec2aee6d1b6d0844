//! Every example in examples/ on the reference model gives its expected shared memory.

use gpu16_sim::run::Status;
use gpu16_testbenches::examples;

#[test]
fn every_example_gives_its_expected_output() {
    let all = examples();
    assert!(all.len() >= 7, "examples/ lost programs");
    for ex in all {
        let r = gpu16_sim::model::run(&ex.frames, &ex.init, Default::default());
        assert_eq!(r.status, Status::Ok, "{}", ex.name);
        let diff: Vec<usize> = (0..4096).filter(|&a| r.sm[a] != ex.expected[a]).collect();
        assert!(diff.is_empty(), "{}: SM differs at {diff:x?}", ex.name);
    }
}
