//! Input nobody in the project wrote: random text never panics the assembler or the image
//! readers, and random images never panic or hang the model.

use gpu16_sim::image::{sm, tm};
use gpu16_sim::run::{RunConfig, Status};
use gpu16_testbenches::random_program::random_image;
use gpu16_testbenches::rng::Rng;

const TOKENS: &[&str] = &[
    ".cf",
    ".if",
    ".init",
    ".hword",
    ".cf_raw",
    "mask=",
    "fence=",
    "acq",
    "rel",
    "if_num=",
    "add",
    "ld",
    "st_sync",
    "bnz",
    "ready",
    "set_const",
    "rshft",
    "r0",
    "r3",
    "r15",
    "r16",
    "[",
    "]",
    ",",
    ":",
    "=",
    "0x",
    "0xffff",
    "17",
    "0b2",
    "loop",
    "loop:",
    ";",
    "//",
    "@",
    "é",
    "\t",
    "\n",
    "\n",
    "\n",
    "-1",
    "99999999999999999999999",
];

#[test]
fn random_source_never_panics_the_assembler() {
    let mut rng = Rng::new(7);
    for _ in 0..20_000 {
        let n = rng.below(40) as usize;
        let src: String = (0..n)
            .map(|_| {
                let t = TOKENS[rng.below(TOKENS.len() as u64) as usize];
                format!("{t}{}", if rng.chance(70) { " " } else { "" })
            })
            .collect();
        if let Err(e) = gpu16_sim::asm::assemble(&src) {
            assert!(e.line >= 1 && !e.message.is_empty(), "{src:?}");
        }
    }
}

#[test]
fn random_text_never_panics_the_image_readers() {
    let mut rng = Rng::new(8);
    let alphabet = b"0123456789abcdefABCDEFxz@/_ \n\n\n";
    for _ in 0..20_000 {
        let n = rng.below(120) as usize;
        let text: String = (0..n)
            .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize] as char)
            .collect();
        let _ = tm::parse(&text);
        let _ = sm::parse(&text);
    }
}

#[test]
fn random_images_never_panic_or_hang_the_model() {
    let mut rng = Rng::new(9);
    let mut statuses = std::collections::HashSet::new();
    for _ in 0..2_000 {
        let frames = random_image(&mut rng);
        let r = gpu16_sim::model::run(&frames, &sm::zeroed(), RunConfig { max_cycles: 5_000 });
        assert!(r.cycles <= 5_000);
        if let Status::Error { code, .. } = r.status {
            statuses.insert(code);
        }
    }
    // Random images reach every error.
    assert!(statuses.len() >= 4, "{statuses:?}");
}
