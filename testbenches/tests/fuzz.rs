//! Fuzzing the user-facing readers with proptest: the assembler, the TM and SM image readers
//! and the disassembler. Whatever the input, they return — quickly, without panicking — and
//! a rejected input gets an error on one of its lines with a message. Valid images and any
//! Task Memory image survive a write/read or disassemble/assemble round trip.
//!
//! `testbenches/fuzz_corpus/` keeps inputs worth keeping (each once a bug or a near miss),
//! checked here with the outcome each must have.

use gpu16_sim::asm::{assemble, disassemble};
use gpu16_sim::diag::SourceError;
use gpu16_sim::frame::{Frame, MAX_FRAMES};
use gpu16_sim::image::{sm, tm};
use proptest::prelude::*;
use std::time::Duration;

/// The most processor time one call may take: far above what any input needs, far below a
/// hang or a blow-up on some input. Counted on the calling thread's own clock, so a loaded
/// machine that leaves the test waiting for its turn does not count against it.
const QUICK: Duration = Duration::from_millis(500);

/// The processor time this thread has used.
fn thread_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// `result` is an answer a user can act on: success, or an error on a line of `input`.
fn clear<T>(input: &str, result: &Result<T, SourceError>) -> Result<(), TestCaseError> {
    if let Err(e) = result {
        let lines = input.lines().count().max(1);
        prop_assert!(
            e.line >= 1 && e.line <= lines + 1 && !e.message.is_empty(),
            "error {e} for {input:?}"
        );
    }
    Ok(())
}

/// Runs `f` and checks that it was quick (in processor time: [`QUICK`]).
fn quickly<T>(f: impl FnOnce() -> T) -> Result<T, TestCaseError> {
    let start = thread_time();
    let t = f();
    let took = thread_time() - start;
    prop_assert!(took < QUICK, "took {took:?} of processor time");
    Ok(t)
}

/// Assembly-like text: directives, mnemonics, operands and junk, in any order.
fn source() -> impl Strategy<Value = String> {
    let token = prop::sample::select(vec![
        ".cf",
        ".if",
        ".init",
        ".hword",
        ".cf_raw",
        "mask=",
        "fence=",
        "acq",
        "rel",
        "no",
        "if_num=",
        "nop",
        "add",
        "mul",
        "div",
        "ld",
        "ld_sync",
        "st",
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
        "0b102",
        "17",
        "-1",
        "99999999999999999999",
        "loop",
        "loop:",
        ";",
        "//",
        "@",
        "é",
        "\t",
        "\n",
        "\n",
    ]);
    prop::collection::vec((token, any::<bool>()), 0..60).prop_map(|tokens| {
        tokens
            .into_iter()
            .map(|(t, space)| {
                if space {
                    format!("{t} ")
                } else {
                    t.to_string()
                }
            })
            .collect()
    })
}

/// Image-like text: hex digits, `@addr`, comments, blanks, junk.
fn image_text() -> impl Strategy<Value = String> {
    "[0-9a-fA-F@/xz_ \\t\\n]{0,300}"
}

/// A Task Memory image of 1–64 frames of any bytes.
fn frames() -> impl Strategy<Value = Vec<Frame>> {
    prop::collection::vec(prop::array::uniform32(any::<u8>()), 1..=MAX_FRAMES)
        .prop_map(|fs| fs.into_iter().map(Frame).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn the_assembler_answers_every_source(src in source()) {
        let result = quickly(|| assemble(&src))?;
        clear(&src, &result)?;
    }

    #[test]
    fn the_image_readers_answer_every_text(text in image_text()) {
        let result = quickly(|| tm::parse(&text))?;
        clear(&text, &result)?;
        let result = quickly(|| sm::parse(&text))?;
        clear(&text, &result)?;
    }

    #[test]
    fn any_tm_image_disassembles_and_reassembles_to_its_bytes(frames in frames()) {
        let text = quickly(|| disassemble(&frames))?;
        let back = quickly(|| assemble(&text))?;
        prop_assert_eq!(back.map(|a| a.frames), Ok(frames), "{}", text);
    }

    #[test]
    fn written_images_read_back(frames in frames(), bytes in prop::collection::vec(any::<u8>(), 4096)) {
        prop_assert_eq!(tm::parse(&tm::write(&frames)), Ok(frames));
        let image: sm::SmImage = bytes.try_into().unwrap();
        prop_assert_eq!(sm::parse(&sm::write(&image)), Ok(image));
    }
}

#[test]
fn the_corpus_gets_the_answers_it_must() {
    // File, and the line of its error (None: accepted).
    let expected: &[(&str, Option<usize>)] = &[
        ("short_line.tm.hex", Some(1)),
        ("seventeen_digits.tm.hex", Some(1)),
        ("huge_address.sm.hex", Some(1)),
        ("one_digit.sm.hex", Some(1)),
        ("huge_number.s", Some(3)),
        ("fence_3.s", Some(1)),
        ("truncated_raw.s", None),
        ("duplicate_label.s", Some(4)),
        ("bank_register_r4.s", Some(3)),
        ("non_ascii.s", Some(1)),
        ("if_first.s", Some(1)),
        ("seventeen_insns.s", Some(19)),
    ];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz_corpus");
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(
        files,
        expected.len(),
        "every corpus file has its expected answer here"
    );
    for &(name, line) in expected {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let got = if name.ends_with(".tm.hex") {
            tm::parse(&text).map(drop)
        } else if name.ends_with(".sm.hex") {
            sm::parse(&text).map(drop)
        } else {
            assemble(&text).map(drop)
        };
        assert_eq!(got.as_ref().err().map(|e| e.line), line, "{name}: {got:?}");
    }
}
