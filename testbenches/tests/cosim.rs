//! The whole GPU in rust-hdl against the reference model: every example, directed programs for
//! each scheduler rule and error, and random images — identical final shared memory,
//! registers, status and handled frames ([`compare::against_model`]). Also the RTL timeline:
//! fence overlaps and dispatch speed; and what the random programs reach. The random programs
//! themselves run in `cosim_verilog.rs`, on rust-hdl, Verilator and the model at once.
//!
//! `GPU16_SEEDS=N` runs N random images (default 60); `GPU16_SEED=S` runs seed S alone.

use gpu16_sim::frame::Frame;
use gpu16_sim::image::sm::{self, SmImage};
use gpu16_sim::run::{ErrorCode, EventKind, RunConfig, RunResult, Status};
use gpu16_testbenches::parallel::on_every_seed;
use gpu16_testbenches::random_program::{one_task_at_a_time, random_image, random_program};
use gpu16_testbenches::rng::Rng;
use gpu16_testbenches::{asm, compare, examples, seeds};

const CONFIG: RunConfig = RunConfig::limit(200_000);

fn rtl(frames: &[Frame], init: &SmImage) -> RunResult {
    rtl_within(frames, init, CONFIG)
}

fn rtl_within(frames: &[Frame], init: &SmImage, config: RunConfig) -> RunResult {
    gpu16_hdl::driver::run(frames, init, config, None).expect("the RTL settles")
}

/// Runs on both engines; returns a description of the first difference.
fn differences(frames: &[Frame], init: &SmImage) -> Result<(RunResult, RunResult), String> {
    differences_within(frames, init, CONFIG)
}

fn differences_within(
    frames: &[Frame],
    init: &SmImage,
    config: RunConfig,
) -> Result<(RunResult, RunResult), String> {
    let model = gpu16_sim::model::run(frames, init, config);
    let hw = rtl_within(frames, init, config);
    compare::against_model(&model, &hw)?;
    Ok((model, hw))
}

#[test]
fn every_example_agrees_and_gives_its_expected_output() {
    // The pictures run in rust-hdl on 16 cores in cosim_verilog.rs (three ways, with their
    // expected memory) and on 8 below: each takes rust-hdl seconds.
    for ex in examples()
        .into_iter()
        .filter(|e| e.expected_picture().is_none())
    {
        let (_, hw) =
            differences(&ex.frames, &ex.init).unwrap_or_else(|e| panic!("{}: {e}", ex.name));
        assert_eq!(hw.status, Status::Ok, "{}", ex.name);
        assert!(
            hw.sm == ex.expected,
            "{}: RTL memory differs from the expected output",
            ex.name
        );
    }
}

/// The examples written for any number of cores run on GPUs of 1, 2 and 8 cores as on the
/// model, with the 16-core GPU's results wherever those do not depend on N.
#[test]
fn examples_for_any_number_of_cores_agree_on_smaller_gpus() {
    let mut any_n = Vec::new();
    for ex in examples() {
        // The pictures store more bytes the same way, and take longer: one, the shortest, is
        // painted on 8 cores here. tests/examples.rs paints each on 1, 2, 3 and 8 on the
        // model, cosim_verilog.rs on 16 three ways.
        let sizes: &[usize] = if ex.expected_picture().is_some() {
            if ex.name == "xor" {
                &[8]
            } else {
                &[]
            }
        } else {
            &[1, 2, 8]
        };
        for &cores in sizes {
            let Some(frames) = ex.frames_for(cores) else {
                continue;
            };
            any_n.push((ex.name.clone(), cores));
            let config = RunConfig {
                max_cycles: 100_000,
                cores,
            };
            let (_, hw) = differences_within(&frames, &ex.init, config)
                .unwrap_or_else(|e| panic!("{} on {cores} cores: {e}", ex.name));
            assert_eq!(hw.status, Status::Ok, "{} on {cores} cores", ex.name);
            let same = |what: &str, addrs: std::ops::Range<usize>| {
                assert!(
                    hw.sm[addrs.clone()] == ex.expected[addrs],
                    "{} on {cores} cores: {what} differs from the 16-core GPU's",
                    ex.name
                );
            };
            match ex.name.as_str() {
                "atomic_counter" => assert_eq!(usize::from(hw.sm[0]), 10 * cores),
                // The total, in bank 0, row 0x80; the N partial sums (bank i, row 0x40) add up
                // to it, and the banks past N keep row 0x40 as it was.
                "reduction" => {
                    same("the total", 0x80..0x81);
                    let partial = |bank: usize| hw.sm[(bank << 8) | 0x40];
                    let sum = (0..cores).fold(0u8, |s, b| s.wrapping_add(partial(b)));
                    assert_eq!(sum, hw.sm[0x80], "reduction on {cores} cores: partial sums");
                    for bank in cores..16 {
                        assert_eq!(partial(bank), ex.init[(bank << 8) | 0x40], "bank {bank}");
                    }
                }
                _ => same("memory", 0..hw.sm.len()),
            }
        }
    }
    for name in ["atomic_counter", "histogram", "reduction", "vector_add"] {
        for cores in [1, 2, 8] {
            assert!(
                any_n.contains(&(name.to_string(), cores)),
                "examples/{name}.s runs on {cores} cores"
            );
        }
    }
}

/// Directed programs for the scheduler rules, atomics and every error of MACHINE.md §7.
const DIRECTED: &[&str] = &[
    // R0 init only for active cores, once per CF; registers persist across tasks.
    ".cf mask=0x3\n.init 0=5 1=6 2=7\n.if\nset_const 1, r8\nadd r0, r8, r0\nready\n.if\nset_const 1, r8\nadd r0, r8, r0\nready\n",
    // A CF waits for the cores it initialises; a rel IF waits for everything.
    ".cf mask=0x1\n.init 0=3\n.if\nset_const 30, r10\nset_const 1, r9\nl: sub r10, r9, r10\nbnz r10, l\nset_const 0, r1\nset_const 0x40, r8\nst [r8, r1], r0\nready\n.cf mask=0x1\n.init 0=9\n.if\nready\n.cf mask=0x2 fence=rel\n.if\nset_const 0, r1\nst [r1, r1], r0\nready\n",
    // Frames handled in the run's last cycle: a program that is only a CF, and a CF with
    // IF_Num = 0 after an acq task (the timeline must hold them).
    ".cf mask=0xffff fence=no\n",
    ".cf mask=0x3 fence=acq\n.if\nready\n.cf mask=0x0 fence=no\n",
    // Empty masks.
    ".cf mask=0\n.if\nready\n.if\nready\n.cf mask=0x8000\n.if\nset_const 7, r9\nready\n",
    // 16 cores x 15 atomic increments of one byte.
    ".cf mask=0xffff\n.if\nsub r0, r0, r0\nset_const 1, r9\nset_const 15, r10\nl: ld_sync [r0, r0], r11\nadd r11, r9, r11\nst_sync [r0, r0], r11\nsub r10, r9, r10\nbnz r10, l\nready\n",
    // Every core loads the same bank twice (round-robin), falls off IP 15.
    ".cf mask=0xffff\n.if\nld [r8, r0], r9\nld [r8, r0], r10\nadd r9, r10, r11\n",
    // BAD_FENCE, TRUNCATED.
    ".cf mask=0x1\n.if\nset_const 0, r1\nset_const 0x11, r9\nst [r9, r1], r9\nready\n.cf_raw 0x00000000000100c1 0 0 0\n.if\nready\n",
    ".cf mask=0x1\n.if\nset_const 0, r1\nst [r1, r1], r1\nready\n.cf_raw 0x0000000000010005 0 0 0\n.if\nready\n",
    // A fault stops issue at once: the next task on the same core never starts.
    ".cf mask=0x1\n.if\n.hword 0xb080\n.if\nset_const 5, r9\nready\n",
    // ILLEGAL_INSN on two cores at once: the lower is reported.
    ".cf mask=0x6 fence=acq\n.if\nnop\n.hword 0xd0c0\nready\n.cf mask=0x1\n.if\nset_const 1, r9\nready\n",
    // Every ATOMIC_VIOLATION.
    ".cf mask=0x1\n.if\nsub r0, r0, r0\nld_sync [r0, r0], r8\nld_sync [r0, r0], r8\n",
    ".cf mask=0x1\n.if\nsub r0, r0, r0\nld_sync [r0, r0], r8\nst [r0, r0], r8\n",
    ".cf mask=0x1\n.if\nsub r0, r0, r0\nld_sync [r0, r0], r8\nready\n",
    ".cf mask=0x1\n.if\nsub r0, r0, r0\nst_sync [r0, r0], r8\n",
    ".cf mask=0x1\n.if\nsub r0, r0, r0\nld_sync [r0, r0], r8\nnop\nnop\nnop\nnop\nnop\nnop\nnop\nnop\nnop\nnop\nnop\nnop\nnop\nnop\n",
];

#[test]
fn directed_programs_agree() {
    for src in DIRECTED {
        let frames = asm(src);
        if let Err(e) = differences(&frames, &sm::zeroed()) {
            panic!("{e}\n{src}");
        }
    }
}

#[test]
fn timeout_after_the_last_of_64_frames_reports_frame_64() {
    // 31 CFs with one IF each, then a CF whose IF never ends: TP is 64 when the limit hits.
    let mut src = ".cf mask=0x1\n.if\nready\n".repeat(31);
    src += ".cf mask=0x2\n.if\nset_const 1, r8\nl: bnz r8, l\n";
    let frames = asm(&src);
    assert_eq!(frames.len(), 64);
    let (model, _) = differences_within(&frames, &sm::zeroed(), RunConfig::limit(400))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        matches!(
            model.status,
            Status::Error {
                code: ErrorCode::Timeout,
                frame: 64,
                ..
            }
        ),
        "{}",
        model.status
    );
}

#[test]
fn timeout_stops_both_engines_with_the_same_status() {
    let frames = asm(".cf mask=0x1\n.if\nset_const 1, r8\nl: bnz r8, l\n");
    let config = RunConfig::limit(300);
    let model = gpu16_sim::model::run(&frames, &sm::zeroed(), config);
    let hw = gpu16_hdl::driver::run(&frames, &sm::zeroed(), config, None).unwrap();
    assert_eq!(hw.status, model.status);
    assert_eq!(hw.cycles, 300);
}

#[test]
fn rtl_timeline_shows_the_fences_of_spec_examples_1_and_2() {
    let run = |name: &str| {
        let ex = examples().into_iter().find(|e| e.name == name).unwrap();
        rtl(&ex.frames, &ex.init).timeline
    };
    let t = run("spec_example1");
    assert_eq!(t.iter().filter(|e| e.kind == EventKind::If).count(), 6);
    // acq: CF1 is handled no earlier than the cycle IF3's last READY arrives.
    assert!(
        t[5].issue >= t[4].complete,
        "acq: CF1 not before IF3 completes"
    );
    assert!(t[6].issue > t[4].complete, "IF4 after IF3");
    let t = run("spec_example2");
    assert!(t[5].issue < t[4].complete, "no fence: CF1 while IF3 runs");
    assert!(t[6].issue < t[4].complete, "IF4 issued while IF3 runs");
    assert!(t[7].issue > t[6].complete, "IF5 after IF4 (same cores)");
}

#[test]
fn dispatch_on_the_same_cores_takes_at_most_2_cycles() {
    // Back-to-back tasks on the same cores, and tasks on disjoint cores.
    let t = rtl(&asm(".cf mask=0xffff\n.if\nready\n.if\nnop\nready\n.if\nready\n.cf mask=0x00ff\n.if\nset_const 20, r9\nset_const 1, r8\nl: sub r9, r8, r9\nbnz r9, l\nready\n.cf mask=0xff00\n.if\nready\n"), &sm::zeroed()).timeline;
    for k in [1, 2] {
        assert!(
            t[k + 1].issue - t[k].complete <= 2,
            "{:?} then {:?}",
            t[k],
            t[k + 1]
        );
    }
    // The task on cores 8-15 starts while the one on cores 0-7 is still running.
    assert!(t[7].issue < t[5].complete);
}

/// The forms of `ATOMIC_VIOLATION`: how the generator's source shows each, and the
/// instruction the model reports the fault at (`None`: the task's end at IP 15).
const VIOLATIONS: [(&str, &str, Option<&str>); 7] = [
    (
        "violation: ld_sync twice",
        "ld_sync [r8, r0], r9\nld_sync",
        Some("ld_sync"),
    ),
    (
        "violation: ld inside",
        "ld_sync [r8, r0], r9\nld [",
        Some("ld"),
    ),
    (
        "violation: st inside",
        "ld_sync [r8, r0], r9\nst [",
        Some("st"),
    ),
    (
        "violation: st_sync to another byte",
        "st_sync [r10, r0]",
        Some("st_sync"),
    ),
    (
        "violation: ready inside",
        "ld_sync [r8, r0], r9\nready",
        Some("ready"),
    ),
    ("violation: past IP 15", "ld_sync [r8, r0], r9\nnop", None),
    (
        "violation: st_sync without a lock",
        "sub r0, r0, r0\nst_sync",
        Some("st_sync"),
    ),
];

/// What the first 1,000 random programs cover, from their frames and what the model reports
/// when it runs them; and the seeds the RTL runs (`cosim_verilog.rs`, 0-49) reach every
/// error the 16-core GPU can report.
#[test]
fn the_generator_reaches_every_rule() {
    use gpu16_sim::frame::{layout, ControlFrame, FrameKind};

    let mut seen = std::collections::BTreeSet::new();
    let mut on_the_rtl = std::collections::HashSet::new();
    for seed in 0..1000 {
        let p = random_program(seed);
        let frames = asm(&p.source);
        let kinds = layout(&frames);
        let mut see = |what: &'static str, yes: bool| {
            if yes {
                seen.insert(what);
            }
        };
        see("64 frames", frames.len() == 64);
        let cfs: Vec<ControlFrame> = (0..frames.len())
            .filter(|&f| kinds[f] == FrameKind::Cf)
            .map(|f| ControlFrame::decode(&frames[f]))
            .collect();
        see(
            "CF with IF_Num 0",
            cfs[..cfs.len() - 1].iter().any(|c| c.if_num == 0),
        );
        see(
            "last frame a CF with IF_Num 0",
            cfs.last().unwrap().if_num == 0,
        );
        see(
            "IFs of an empty mask",
            cfs.iter().any(|c| c.core_active_vect == 0 && c.if_num > 0),
        );
        for (f, kind) in kinds.iter().enumerate() {
            let FrameKind::If { .. } = kind else { continue };
            let words = frames[f].words();
            let opc = |w: u16| (w >> 12, w & 15);
            see("mul into r15", words.iter().any(|&w| opc(w) == (3, 15)));
            see("bnz at IP 15", opc(words[15]).0 == 0xe);
            see(
                "set_const into r0-r7 with C != 0",
                words
                    .iter()
                    .any(|&w| w >> 12 == 0xc && w & 15 < 8 && (w >> 4) & 0xff != 0),
            );
        }
        see(
            "plain loads of held bytes",
            p.source.contains("ld_sync [r8, r2], r12\nxor") && p.source.contains("ld [r8, r2]"),
        );
        let r = gpu16_sim::model::run(&frames, &p.init, p.config);
        if let Status::Error { code, fault, .. } = r.status {
            see(code.name(), true);
            if seed < 50 {
                on_the_rtl.insert(code);
            }
            // A violation counts as reached where the model reports it, at its instruction.
            if let (ErrorCode::AtomicViolation, Some(f)) = (code, fault) {
                let Status::Error { frame, .. } = r.status else {
                    unreachable!()
                };
                let word = frames[usize::from(frame)].word(usize::from(f.ip));
                let text = gpu16_sim::asm::word_text(word);
                let mnemonic = text.split_whitespace().next().unwrap_or("");
                for (what, form, at) in VIOLATIONS {
                    let reported = match at {
                        Some(m) => m == mnemonic,
                        None => f.ip == 15 && mnemonic != "ready",
                    };
                    see(what, p.source.contains(form) && reported);
                }
            }
            // Several cores faulting in one cycle: the group's task reported at its lowest core.
            let group = p.source.contains("fence=rel\n.if\n")
                && fault.is_some()
                && r.stats.cores.iter().filter(|c| c.tasks > 0).count() >= 2;
            see("a fault reported for a group", group);
        }
    }
    let all = [
        "64 frames",
        "CF with IF_Num 0",
        "last frame a CF with IF_Num 0",
        "IFs of an empty mask",
        "mul into r15",
        "bnz at IP 15",
        "set_const into r0-r7 with C != 0",
        "plain loads of held bytes",
        "BAD_FENCE",
        "TRUNCATED",
        "ILLEGAL_INSN",
        "ATOMIC_VIOLATION",
        "TIMEOUT",
        "a fault reported for a group",
    ];
    let missing: Vec<&str> = all
        .into_iter()
        .chain(VIOLATIONS.iter().map(|v| v.0))
        .filter(|w| !seen.contains(w))
        .collect();
    assert!(
        missing.is_empty(),
        "the random programs never make: {missing:?}"
    );
    let every: std::collections::HashSet<ErrorCode> = ErrorCode::ALL
        .into_iter()
        .filter(|&c| c != ErrorCode::NoCore)
        .collect();
    assert_eq!(on_the_rtl, every, "the errors of the seeds the RTL runs");
}

/// Random images run one task at a time (a random core per CF, fences `acq`): instruction
/// words, R0 values, `IF_Num`s and reserved bits stay random, and the RTL must end with the
/// model's status and memory.
#[test]
fn random_images_one_task_at_a_time_end_as_on_the_model() {
    let image = |i: u64| {
        let mut rng = Rng::new(i);
        let mut frames = random_image(&mut rng);
        one_task_at_a_time(&mut rng, &mut frames);
        frames
    };
    let config = RunConfig::limit(3_000);
    on_every_seed(&seeds(60), |i| {
        let frames = image(i);
        differences_within(&frames, &sm::zeroed(), config).unwrap_or_else(|e| {
            panic!(
                "image of seed {i} (GPU16_SEED={i}): {e}\n{}",
                gpu16_sim::image::tm::write(&frames)
            )
        });
    });
    // The images end both ways (on the model, for more seeds than the RTL runs).
    let kinds: std::collections::HashSet<_> = (0..200)
        .map(|i| {
            std::mem::discriminant(&gpu16_sim::model::run(&image(i), &sm::zeroed(), config).status)
        })
        .collect();
    assert_eq!(kinds.len(), 2, "both ok and error runs");
}

/// Random images as they come, several cores racing: the RTL always ends — when the model's
/// run ends, the RTL's ends too within a few times its cycles, never by `TIMEOUT`; when the
/// model's runs into the limit, so does the RTL's (it is never faster). Which error is
/// reported first may differ, since the two engines' timings differ.
#[test]
fn random_images_never_hang_the_rtl() {
    on_every_seed(&seeds(60), |i| {
        let frames = random_image(&mut Rng::new(i));
        let model = gpu16_sim::model::run(&frames, &sm::zeroed(), RunConfig::limit(3_000));
        let timed_out = |s: Status| {
            matches!(
                s,
                Status::Error {
                    code: ErrorCode::Timeout,
                    ..
                }
            )
        };
        let limit = if timed_out(model.status) {
            3_000
        } else {
            4 * model.cycles + 200
        };
        let hw = rtl_within(&frames, &sm::zeroed(), RunConfig::limit(limit));
        assert_eq!(
            timed_out(hw.status),
            timed_out(model.status),
            "image of seed {i} (GPU16_SEED={i}): model {} after {} cycles, rtl {} after {}\n{}",
            model.status,
            model.cycles,
            hw.status,
            hw.cycles,
            gpu16_sim::image::tm::write(&frames)
        );
        assert!(
            hw.cycles >= model.cycles,
            "image {i}: the RTL beat the ideal model"
        );
    });
}
