//! Images nobody in the project wrote never panic or hang the model (the readers of user
//! input are fuzzed in fuzz.rs).

use gpu16_sim::image::sm;
use gpu16_sim::run::{RunConfig, Status};
use gpu16_testbenches::random_program::random_image;
use gpu16_testbenches::rng::Rng;

#[test]
fn random_images_never_panic_or_hang_the_model() {
    let mut rng = Rng::new(9);
    let mut statuses = std::collections::HashSet::new();
    for _ in 0..2_000 {
        let frames = random_image(&mut rng);
        let r = gpu16_sim::model::run(&frames, &sm::zeroed(), RunConfig::limit(5_000));
        assert!(r.cycles <= 5_000);
        if let Status::Error { code, .. } = r.status {
            statuses.insert(code);
        }
    }
    // Random images reach every error.
    assert!(statuses.len() >= 4, "{statuses:?}");
}
