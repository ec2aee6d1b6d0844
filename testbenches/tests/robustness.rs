//! Images nobody in the project wrote never panic or hang the model (the readers of user
//! input are fuzzed in fuzz.rs).

use gpu16_sim::image::sm;
use gpu16_sim::run::{ErrorCode, RunConfig, Status};
use gpu16_testbenches::random_program::random_image;
use gpu16_testbenches::rng::Rng;

/// 2,000 random images, every other one on a GPU of 8 cores: the model ends each within its
/// limit, and between them they end well and in every error there is (`NO_CORE` needs a GPU
/// of fewer than 16 cores).
#[test]
fn random_images_never_panic_or_hang_the_model() {
    let mut rng = Rng::new(9);
    let mut seen = std::collections::HashSet::new();
    for i in 0..2_000 {
        let frames = random_image(&mut rng);
        let config = RunConfig {
            cores: if i % 2 == 0 { 16 } else { 8 },
            ..RunConfig::limit(5_000)
        };
        let r = gpu16_sim::model::run(&frames, &sm::zeroed(), config);
        assert!(r.cycles <= 5_000);
        seen.insert(match r.status {
            Status::Ok => None,
            Status::Error { code, .. } => Some(code),
        });
    }
    let mut every: std::collections::HashSet<Option<ErrorCode>> =
        ErrorCode::ALL.into_iter().map(Some).collect();
    every.insert(None);
    assert_eq!(seen, every);
}
