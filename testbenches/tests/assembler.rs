//! The assembler's errors (file:line:col) and the disassembler round trip on any image.

use gpu16_sim::asm::{assemble, disassemble};
use gpu16_sim::frame::{ControlFrame, Frame, FRAME_BYTES};
use gpu16_testbenches::examples;
use gpu16_testbenches::rng::Rng;

/// The (line, col) and message of the error `src` gives.
fn err(src: &str) -> (usize, usize, String) {
    let e = assemble(src).expect_err(src);
    (e.line, e.col, e.message)
}

#[test]
fn malformed_source_gets_line_column_and_a_message() {
    let cases: &[(&str, (usize, usize), &str)] = &[
        (
            ".cf mask=1\n.if\n  frob r1, r2, r3\n",
            (3, 3),
            "unknown mnemonic `frob`",
        ),
        (
            ".cf mask=1\n.if\nloop: jmp loop\n",
            (3, 7),
            "unknown mnemonic `jmp`: a jump here is `bnz` on a register that is never 0",
        ),
        (
            ".cf mask=1\n.if\nli r9, 5\n",
            (3, 1),
            "unknown mnemonic `li`: a constant goes in with `set_const C, d`",
        ),
        (
            ".cf mask=1\n.if\nadd r1, r16, r3\n",
            (3, 9),
            "`r16` is not a register",
        ),
        (
            ".cf mask=1\n.if\nadd r1, x, r3\n",
            (3, 9),
            "`x` is not a register",
        ),
        (
            ".cf mask=1\n.if\nld [r1, r4], r3\n",
            (3, 9),
            "must be r0–r3, not r4",
        ),
        (
            ".cf mask=1\n.if\nst_sync [r1, r9], r3\n",
            (3, 14),
            "must be r0–r3",
        ),
        (
            ".cf mask=1\n.if\nrshft r1, 8, r3\n",
            (3, 11),
            "shift amount 8 is out of range (0–7)",
        ),
        (
            ".cf mask=1\n.if\nset_const 256, r9\n",
            (3, 11),
            "out of range (0–255)",
        ),
        (
            ".cf mask=1\n.if\nbnz r1, 16\n",
            (3, 9),
            "out of range (0–15)",
        ),
        (
            ".cf mask=1\n.if\nbnz r1, nowhere\n",
            (3, 9),
            "undefined label `nowhere`",
        ),
        (
            ".cf mask=1\n.if\na: nop\na: nop\n",
            (4, 1),
            "duplicate label `a`",
        ),
        (".cf mask=1\n.if\nadd r1, r2\n", (3, 11), "expected `,`"),
        (
            ".cf mask=1\n.if\nadd r1, r2, r3 r4\n",
            (3, 16),
            "unexpected text",
        ),
        (".cf mask=1\n.if\nld r1, r2, r3\n", (3, 4), "expected `[`"),
        (".cf mask=1\nnop\n", (2, 1), "inside an instruction frame"),
        (".if\n", (1, 1), "needs a `.cf` before it"),
        (".cf mask=1 fence=3\n", (1, 18), "fence 3 is reserved"),
        (".cf mask=1 fence=maybe\n", (1, 18), "expected a fence"),
        (".cf fence=acq\n", (1, 1), "needs `mask=`"),
        (".cf mask=0x10000\n", (1, 10), "out of range"),
        (".cf mask=1 colour=2\n", (1, 12), "unknown `.cf` field"),
        (".cf mask=1 if_num=2\n.if\n", (1, 0), "IF_Num mismatch"),
        (".cf mask=1 if_num=1\n.if\n.if\n", (3, 1), "IF_Num mismatch"),
        (".cf mask=1\n.init 16=1\n", (2, 7), "out of range (0–15)"),
        (".cf mask=1\n.if\n.init 0=1\n", (3, 1), "after a `.cf`"),
        (".cf mask=1\n.bogus\n", (2, 1), "unknown directive"),
        (".cf mask=1\n.if\nnop $\n", (3, 5), "unexpected character"),
        ("; nothing\n", (1, 0), "no frames"),
    ];
    for (src, pos, msg) in cases {
        let (line, col, message) = err(src);
        assert_eq!((line, col), *pos, "{src:?}: {message}");
        assert!(message.contains(msg), "{src:?}: {message:?} lacks {msg:?}");
    }
}

#[test]
fn a_frame_holds_16_instructions_and_a_program_64_frames() {
    let full = ".cf mask=1\n.if\n".to_string() + &"nop\n".repeat(16);
    assert!(assemble(&full).is_ok());
    let (line, _, msg) = err(&(full + "nop\n"));
    assert_eq!(line, 19);
    assert!(msg.contains("at most 16"));

    let program = ".cf mask=1\n".to_string() + &".if\n".repeat(63);
    assert_eq!(assemble(&program).unwrap().frames.len(), 64);
    let (line, _, msg) = err(&(program + ".cf mask=1\n"));
    assert_eq!(line, 65);
    assert!(msg.contains("over 64 frames"));
}

#[test]
fn if_num_is_counted_and_labels_are_local_to_their_frame() {
    let a =
        assemble(".cf mask=0x0f0f fence=acq\n.if\nl: bnz r1, l\n.if\nnop\nl: bnz r2, l\n").unwrap();
    let cf = ControlFrame::decode(&a.frames[0]);
    assert_eq!(
        (cf.if_num, cf.fence_bits, cf.core_active_vect),
        (2, 1, 0x0f0f)
    );
    assert_eq!(a.frames[1].word(0), 0xe100);
    assert_eq!(a.frames[2].word(1), 0xe210);
    // MACHINE.md §8's example line.
    let a = assemble(".cf mask=0x0f0f fence=acq\n.if\n.if\n.if\n.if\n").unwrap();
    assert_eq!(a.frames[0].task_line(0), 0x0000_0000_0f0f_0044);
}

#[test]
fn numbers_comments_and_case() {
    // Everything but labels is case-insensitive.
    let a = assemble("// c\n.CF MASK=0b11 Fence=ACQ ; c\n.IF\n  SET_CONST 0x1F, R9 // c\nX: ADD r9, R9, r10\nbnz r1, X\n").unwrap();
    assert_eq!(a.frames[0].task_line(0), 0x0003_0041);
    assert_eq!(a.frames[1].word(0), 0xc1f9);
    assert_eq!(a.frames[1].word(2), 0xe110);
    assert!(assemble(".cf mask=1\n.if\nX: nop\nbnz r1, x\n").is_err());
}

#[test]
fn warnings_for_legal_but_suspicious_source() {
    let a = assemble(".cf mask=0x1\n.init 3=4\n.if\nset_const 9, r2\n.cf mask=0\n.if\n").unwrap();
    let msgs: Vec<&str> = a.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(a.warnings.len(), 3, "{msgs:?}");
    assert!(msgs[0].contains("not in this CF's mask"));
    assert!(msgs[1].contains("constant 9 is ignored"));
    assert!(msgs[2].contains("empty mask"));
}

fn round_trip(frames: &[Frame]) {
    let text = disassemble(frames);
    let back = assemble(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.frames, frames, "\n{text}");
}

#[test]
fn disassembly_reassembles_to_the_same_bytes_on_random_images() {
    let mut rng = Rng::new(0x6b75);
    for _ in 0..500 {
        let len = 1 + rng.below(64) as usize;
        let mut frames: Vec<Frame> = (0..len)
            .map(|_| Frame(std::array::from_fn(|_| rng.byte())))
            .collect();
        // Half the images get well-formed CFs, so the friendly directives are exercised too.
        if rng.chance(50) {
            let mut f = 0;
            while f < len {
                let mut cf = ControlFrame::decode(&frames[f]);
                cf.if_num = rng.below(4.min(len - f) as u64) as u8;
                cf.fence_bits = rng.below(3) as u8;
                for i in 0..16 {
                    if cf.init_r0_vect & (1 << i) == 0 {
                        cf.init_r0[i] = 0;
                    }
                }
                frames[f] = cf.encode();
                // Instruction frames of mostly canonical words, zero-padded.
                for k in 1..=cf.if_num as usize {
                    let n = rng.below(17) as usize;
                    let words: [u16; 16] = std::array::from_fn(|i| {
                        let w = rng.next_u64() as u16;
                        if i >= n {
                            0
                        } else if let gpu16_sim::isa::Decoded::Legal(insn) =
                            gpu16_sim::isa::decode(w)
                        {
                            if rng.chance(90) {
                                insn.encode()
                            } else {
                                w
                            }
                        } else {
                            w
                        }
                    });
                    frames[f + k] = Frame::from_words(&words);
                }
                f += cf.if_num as usize + 1;
            }
        }
        assert!(frames.iter().all(|f| f.0.len() == FRAME_BYTES));
        round_trip(&frames);
    }
}

#[test]
fn examples_disassemble_to_source_that_reassembles() {
    for ex in examples() {
        round_trip(&ex.frames);
    }
}

#[test]
fn a_program_for_n_cores_names_only_cores_0_to_n_minus_1() {
    use gpu16_sim::asm::assemble_for;
    let cf = |frames: &[Frame]| ControlFrame::decode(&frames[0]);
    // `mask=all` and `CORES` follow N.
    let src = ".cf mask=all\n.if\nset_const CORES, r9\nready\n";
    for (cores, mask) in [(1, 0x1), (5, 0x1f), (16, 0xffff)] {
        let frames = assemble_for(src, cores).unwrap().frames;
        assert_eq!(cf(&frames).core_active_vect, mask, "{cores} cores");
        let set_const = u16::from_le_bytes([frames[1].0[0], frames[1].0[1]]);
        assert_eq!(
            (set_const >> 4) & 0xff,
            cores as u16,
            "CORES on {cores} cores"
        );
    }
    assert_eq!(
        assemble(src).unwrap().frames,
        assemble_for(src, 16).unwrap().frames
    );
    // A mask or `.init` naming an absent core is an error at its column.
    let e = assemble_for(".cf mask=0x1ff\n.if\nready\n", 8).unwrap_err();
    assert_eq!((e.line, e.col), (1, 10));
    assert!(e.message.contains("names core 8"), "{}", e.message);
    assert!(e.message.contains("--cores 8"), "{}", e.message);
    let e = assemble_for(".cf mask=all\n.init 4=1\n.if\nready\n", 4).unwrap_err();
    assert_eq!((e.line, e.col), (2, 7));
    assert!(e.message.contains("out of range (0–3)"), "{}", e.message);
    // A raw CF is taken as it is: that is how a NO_CORE test image is written.
    let raw = assemble_for(".cf_raw 0x00000000ffff0001 0 0 0\n.if\nready\n", 2).unwrap();
    assert_eq!(cf(&raw.frames).core_active_vect, 0xffff);
}

/// The assembler says where each frame and instruction is in the source (the viewer lists the
/// program as written from it): labels, comments and blank lines keep their lines.
#[test]
fn every_frame_and_instruction_knows_its_source_line() {
    let src = "; a comment\n\n.cf mask=0x3 fence=no\n.init 0=1\n.if\n  nop ; one\nl:\n  bnz r0, l\n\n.if\n.hword 0xb080\n.cf_raw 0 0 0 0\n";
    let a = assemble(src).unwrap();
    let lines: Vec<(usize, Vec<usize>)> =
        a.source.iter().map(|f| (f.line, f.insns.clone())).collect();
    assert_eq!(
        lines,
        vec![(3, vec![]), (5, vec![6, 8]), (10, vec![11]), (12, vec![])]
    );
    assert_eq!(a.source.len(), a.frames.len());
    for ex in examples() {
        let a = assemble(&ex.source).unwrap();
        assert_eq!(a.source.len(), a.frames.len(), "{}", ex.name);
    }
}

/// Habits from other assembly languages that assemble and run here, warned at their line;
/// the examples, written in this machine's idioms, get no warning.
#[test]
fn habits_that_run_are_warned_at_their_line_and_the_examples_are_not() {
    let warned = |src: &str| -> Vec<(usize, String)> {
        let asm = assemble(src).unwrap();
        asm.warnings
            .into_iter()
            .map(|w| (w.line, w.message))
            .collect()
    };
    // Destination first, as in RISC-V and x86: r4 = r1 + r1 meant, r1 = r4 + r1 written.
    let w = warned(
        ".cf mask=all\n.if\n  set_const 7, r9\n  or r9, r9, r1\n  add r4, r1, r1 ; r4 = r1 + r1\n  \
         st [r4, r1], r9\n  ready\n",
    );
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].0, 5, "{w:?}");
    assert!(
        w[0].1.contains("reads r4") && w[0].1.contains("the destination is the last operand"),
        "{w:?}"
    );
    // A non-zero constant into r0-r7, which get the core's number.
    let w = warned(".cf mask=all\n.if\n  set_const 5, r2\n  ready\n");
    assert!(
        w.iter()
            .any(|(l, m)| *l == 3 && m.contains("writes the core id")),
        "{w:?}"
    );
    for ex in examples() {
        let asm = assemble(&ex.source).unwrap();
        assert!(asm.warnings.is_empty(), "{}: {:?}", ex.name, asm.warnings);
    }
}
