//! The RTL core (hdl/src/core) against the reference model: every instruction, hazards,
//! random tasks under random memory stalls, every core error, and the pipeline's speed.

use gpu16_sim::frame::Frame;
use gpu16_sim::image::sm;
use gpu16_sim::isa::{decode, AluOp, Decoded};
use gpu16_testbenches::core_harness::{compare_with_model, CoreHarness, TaskEnd};
use gpu16_testbenches::rng::Rng;

/// The frames of `.if` bodies (assembled under a dummy CF).
fn tasks(bodies: &[&str]) -> Vec<Frame> {
    let src: String = std::iter::once(".cf mask=1\n".to_string())
        .chain(bodies.iter().map(|b| format!(".if\n{b}\n")))
        .collect();
    gpu16_testbenches::asm(&src)[1..].to_vec()
}

/// A set-up task that gives every register a distinct value from `rng`.
fn random_setup(rng: &mut Rng) -> String {
    let mut s = String::new();
    for r in 8..16 {
        s += &format!("set_const {}, r{r}\n", rng.byte());
    }
    for r in 0..8 {
        s += &format!("add r{}, r{}, r{r}\n", 8 + rng.below(8), 8 + rng.below(8));
    }
    s
}

#[test]
fn every_instruction_matches_the_model() {
    let mut rng = Rng::new(31);
    let ops = AluOp::ALL.map(AluOp::mnemonic);
    let mut mem = sm::zeroed();
    for (i, b) in mem.iter_mut().enumerate() {
        *b = (i * 7 + 3) as u8;
    }
    for round in 0..12 {
        let setup = random_setup(&mut rng);
        let mut body = String::new();
        for op in ops {
            body += &format!(
                "{op} r{}, r{}, r{}\n",
                rng.below(16),
                rng.below(16),
                rng.below(16)
            );
        }
        body += &format!("rshft r{}, {}, r9\n", rng.below(16), rng.below(8));
        body += &format!("lshft r{}, {}, r10\n", rng.below(16), rng.below(8));
        body += &format!("set_const {}, r{}\n", rng.byte(), rng.below(16));
        body += &format!("ld [r{}, r{}], r11\n", rng.below(16), rng.below(4));
        body += &format!(
            "st [r{}, r{}], r{}\n",
            rng.below(16),
            rng.below(4),
            rng.below(16)
        );
        body += "bnz r12, 15\nnop\n";
        compare_with_model((round % 16) as u8, &tasks(&[&setup, &body]), &mem, round, 0);
    }
}

#[test]
fn dependencies_through_every_operand_are_forwarded() {
    let bodies = [
        // src0, src1, both, and the destination of the same instruction.
        "set_const 3, r8\nadd r8, r8, r9\nadd r9, r8, r10\nadd r8, r10, r11\nadd r11, r11, r11\nready",
        // mul's second byte is used at once, as src0, src1 and store data.
        "set_const 200, r8\nset_const 100, r9\nmul r8, r9, r12\nadd r13, r13, r14\nmul r8, r9, r14\nsub r8, r15, r1\nready",
        "set_const 250, r8\nmul r8, r8, r15\nadd r0, r0, r1\nst [r1, r0], r0\nready",
        // A load's value used by the next instruction, as address and as data.
        "set_const 5, r9\nst [r9, r0], r9\nld [r9, r0], r10\nld [r10, r0], r11\nadd r11, r10, r12\nst [r12, r0], r11\nready",
        // div result used at once.
        "set_const 200, r8\nset_const 7, r9\ndiv r8, r9, r10\ndiv r10, r9, r11\nadd r11, r10, r12\nready",
        // set_const into r0-r7 writes the core id, forwarded.
        "set_const 99, r3\nadd r3, r3, r4\nready",
    ];
    for (i, b) in bodies.iter().enumerate() {
        compare_with_model(5, &tasks(&[b]), &sm::zeroed(), i as u64, 0);
        compare_with_model(9, &tasks(&[b]), &sm::zeroed(), i as u64, 3);
    }
}

#[test]
fn branches_at_ip_0_and_15_and_to_itself() {
    let pad = |n| "nop\n".repeat(n);
    let bodies = [
        // bnz at IP 0, taken and not.
        "bnz r8, 3\nset_const 1, r9\nready\nset_const 2, r10\nready".to_string(),
        "set_const 1, r8\nready".to_string(),
        // bnz at IP 15 taken back twice, then falling off.
        format!(
            "set_const 3, r9\nset_const 1, r8\nsub r9, r8, r9\n{}bnz r9, 2",
            pad(12)
        ),
        // bnz to itself with a counter: r9 counts to zero in one instruction? No: a loop of
        // two where the branch targets itself after the decrement.
        "set_const 5, r9\nset_const 1, r8\nl: sub r9, r8, r9\nbnz r9, l\nready".to_string(),
        // A taken branch over a load, and a branch on a just-loaded value.
        "set_const 1, r8\nst [r8, r0], r8\nld [r8, r0], r9\nbnz r9, 5\nset_const 7, r10\nready"
            .to_string(),
        // Falling off IP 15 after a full frame.
        "set_const 1, r8\n".to_string() + &"add r9, r8, r9\n".repeat(15),
    ];
    for (i, b) in bodies.iter().enumerate() {
        compare_with_model(2, &tasks(&[b.as_str()]), &sm::zeroed(), i as u64, 0);
        compare_with_model(14, &tasks(&[b.as_str()]), &sm::zeroed(), i as u64, 2);
    }
    // bnz to itself with a non-zero register never ends: the RTL spins too.
    let forever = tasks(&["set_const 1, r8\nl: bnz r8, l"]);
    let mut h = CoreHarness::new(0, &sm::zeroed(), 0, 0);
    assert_eq!(h.run_task(&forever[0], 500), None);
}

/// A random legal task that always ends: branches go forward, or close a counted loop of one
/// to three passes (the fetch guesses a backward `bnz` taken, so loops exercise both of its
/// guesses); atomic sequences are usually well formed (open, ALU body that leaves the address
/// registers alone, close).
fn random_task(rng: &mut Rng) -> Frame {
    let mut words: Vec<u16> = Vec::new();
    let reg = |rng: &mut Rng| rng.below(16) as u16;
    while words.len() < 16 {
        let ip = words.len() as u16;
        let w = match rng.below(100) {
            0..=39 => {
                (AluOp::ALL[rng.below(AluOp::ALL.len() as u64) as usize] as u16) << 12
                    | reg(rng) << 8
                    | reg(rng) << 4
                    | reg(rng)
            }
            40..=47 => {
                ((6 + rng.below(2)) as u16) << 12
                    | reg(rng) << 8
                    | (rng.below(8) as u16) << 4
                    | reg(rng)
            }
            48..=55 => 0xc000 | (rng.byte() as u16) << 4 | reg(rng),
            56..=65 => 0xb000 | reg(rng) << 8 | (rng.below(4) as u16) << 4 | reg(rng),
            66..=75 => 0xd000 | reg(rng) << 8 | (rng.below(4) as u16) << 4 | reg(rng),
            76..=83 if ip < 15 => {
                0xe000 | reg(rng) << 8 | (ip + 1 + rng.below(15 - ip as u64) as u16) << 4
            }
            84..=91 if ip < 13 => {
                // ld_sync [a, b], x ; body ; st_sync [a, b], y  (sometimes broken on purpose)
                let (a, b) = (reg(rng), rng.below(4) as u16);
                words.push(0xb040 | a << 8 | b << 4 | reg(rng));
                for _ in 0..rng.below(3) {
                    if words.len() >= 15 {
                        break;
                    }
                    let mut d = reg(rng);
                    while d == a || d == b || (d + 1) % 16 == a || (d + 1) % 16 == b {
                        d = reg(rng);
                    }
                    words.push(0x1000 | reg(rng) << 8 | reg(rng) << 4 | d);
                }
                if words.len() == 16 {
                    continue;
                }
                let a2 = if rng.chance(90) { a } else { reg(rng) };
                0xd040 | a2 << 8 | b << 4 | reg(rng)
            }
            92..=93 => 0xf000,
            94..=96 if ip < 13 => {
                // set_const 1|3|7, c ; l: body ; rshft c, 1, c ; bnz c, l
                let c = 8 + rng.below(8) as u16;
                words.push(0xc000 | [1, 3, 7][rng.below(3) as usize] << 4 | c);
                let top = words.len() as u16;
                for _ in 0..rng.below(3).min(13 - top as u64) {
                    let mut d = reg(rng);
                    while d == c {
                        d = reg(rng);
                    }
                    let op = [1, 2, 5, 8, 9, 10][rng.below(6) as usize];
                    words.push(op << 12 | reg(rng) << 8 | reg(rng) << 4 | d);
                }
                words.push(0x6010 | c << 8 | c);
                0xe000 | c << 8 | top << 4
            }
            _ => 0x0000,
        };
        if words.len() < 16 {
            words.push(w);
        }
    }
    for w in &words {
        assert!(matches!(decode(*w), Decoded::Legal(_)), "{w:04x}");
    }
    Frame::from_words(&words.try_into().unwrap())
}

#[test]
fn random_tasks_under_random_stalls_match_the_model() {
    let mut rng = Rng::new(0x5eed);
    let mut faults = 0;
    for n in 0..1000u64 {
        let mut mem = sm::zeroed();
        for b in mem.iter_mut() {
            *b = rng.byte();
        }
        let setup = tasks(&[&random_setup(&mut rng)])[0];
        let task = random_task(&mut rng);
        let id = rng.below(16) as u8;
        let max_delay = rng.below(4);
        let model = {
            let mut h = CoreHarness::new(id, &mem, n, max_delay);
            h.run_task(&setup, 100);
            h.run_task(&task, 10_000)
        };
        if matches!(model, Some(TaskEnd { fault: Some(_), .. })) {
            faults += 1;
        }
        compare_with_model(id, &[setup, task], &mem, n, max_delay);
    }
    assert!(
        faults > 10 && faults < 500,
        "the mix exercises faults sometimes ({faults})"
    );
}

#[test]
fn every_core_error_matches_the_model() {
    let pad = "nop\n".repeat(13);
    let bodies = [
        ".hword 0xb080\n".to_string(),                            // ld mode 10
        "nop\n.hword 0xd0c1\n".to_string(),                       // st mode 11
        "ld_sync [r0, r0], r8\nld_sync [r0, r0], r8".to_string(), // nested
        "ld_sync [r0, r0], r8\nld [r0, r0], r8".to_string(),      // load inside
        "ld_sync [r0, r0], r8\nst [r0, r0], r8".to_string(),      // store inside
        "ld_sync [r0, r0], r8\nready".to_string(),                // ready inside
        "st_sync [r0, r0], r8".to_string(),                       // no lock
        "set_const 1, r9\nadd r9, r0, r1\nld_sync [r0, r0], r8\nst_sync [r0, r1], r8".to_string(),
        format!("ld_sync [r0, r0], r8\n{pad}"), // falls off IP 15
        format!("{}ld_sync [r0, r0], r8", "nop\n".repeat(15)), // ld_sync at IP 15
    ];
    for (i, b) in bodies.iter().enumerate() {
        compare_with_model(6, &tasks(&[b.as_str()]), &sm::zeroed(), i as u64, 0);
        compare_with_model(6, &tasks(&[b.as_str()]), &sm::zeroed(), i as u64, 3);
    }
    // A faulting core releases its lock: the lock state does not leak into the next task.
    compare_with_model(
        1,
        &tasks(&[
            "ld_sync [r0, r0], r8\nready",
            "ld_sync [r0, r0], r8\nst_sync [r0, r0], r8\nready",
        ]),
        &sm::zeroed(),
        0,
        0,
    );
}

/// Cycles `body` takes on core 0 with a memory that grants at once.
fn cycles(body: &str) -> u64 {
    cycles_with_grant_delay(body, 0)
}

/// Cycles `body` takes on core 0 with a memory that makes every request wait `delay` cycles.
fn cycles_with_grant_delay(body: &str, delay: u64) -> u64 {
    let mut h = CoreHarness::new(0, &sm::zeroed(), 0, delay);
    h.min_delay = delay;
    h.run_task(&tasks(&[body])[0], 1000).expect("ends").cycles
}

#[test]
fn one_instruction_per_cycle_on_dependent_alu_code() {
    let chain = "set_const 1, r8\n".to_string() + &"add r8, r8, r8\nxor r8, r8, r9\n".repeat(7);
    assert_eq!(cycles(&(chain + "ready")), 16);
}

#[test]
fn pipeline_costs_of_branches_memory_and_divides() {
    // A loop's bnz is guessed taken at fetch: its taken passes cost nothing, its exit a
    // cycle (the word fetched behind it is dropped): 2 set-up + 3 loop passes of 2 + 1 + ready.
    assert_eq!(
        cycles("set_const 3, r9\nset_const 1, r8\nl: sub r9, r8, r9\nbnz r9, l\nready"),
        2 + 3 * 2 + 1 + 1
    );
    // A forward bnz is guessed not taken: falling through costs nothing, jumping a cycle.
    assert_eq!(cycles("bnz r8, 2\nnop\nready"), 3);
    assert_eq!(cycles("set_const 1, r8\nbnz r8, 3\nnop\nready"), 3 + 1);
    // A load costs one extra cycle, used or not.
    assert_eq!(cycles("ld [r8, r0], r9\nready"), 3);
    assert_eq!(cycles("ld [r8, r0], r9\nadd r9, r9, r9\nready"), 4);
    // mul: 3 cycles (the product registered; one write port: low byte, then high byte),
    // forwarded to the next one.
    assert_eq!(cycles("mul r8, r9, r10\nready"), 4);
    assert_eq!(cycles("mul r8, r9, r10\nadd r11, r11, r11\nready"), 5);
    // div: 8 cycles.
    assert_eq!(cycles("div r8, r9, r10\nready"), 9);
    // A store leaves E in its first cycle (the port holds it until its grant); the task's
    // end waits for it, so an instruction behind it runs while the store waits.
    assert_eq!(cycles("st [r8, r0], r9\nready"), 2);
    assert_eq!(cycles("st [r8, r0], r9\nadd r9, r9, r9\nready"), 3);
}

#[test]
fn a_posted_store_waits_for_its_grant_behind_the_instructions_that_follow_it() {
    let alu = "add r9, r9, r9\n".repeat(3);
    // Granted 3 cycles late: the three ALU instructions run meanwhile, and `ready` finds the
    // store made. A load waits in E instead.
    assert_eq!(
        cycles_with_grant_delay(&format!("st [r8, r0], r9\n{alu}ready"), 3),
        5
    );
    assert_eq!(
        cycles_with_grant_delay(&format!("ld [r8, r0], r10\n{alu}ready"), 3),
        9
    );
    // The next access waits for the posted store (one at a time, in program order), and so
    // does `ready` right behind it.
    assert_eq!(
        cycles_with_grant_delay("st [r8, r0], r9\nst [r8, r0], r9\nready", 3),
        1 + 3 + 1 + 3 + 1
    );
    assert_eq!(
        cycles_with_grant_delay("st [r8, r0], r9\nready", 3),
        1 + 3 + 1
    );
    // A store at IP 15 ends its task: it leaves E the cycle after its grant, and READY
    // follows a cycle later (an end the core does not foresee).
    let last = format!("{}st [r8, r0], r9", "nop\n".repeat(15));
    assert_eq!(cycles_with_grant_delay(&last, 3), 15 + 3 + 2 + 1);
}

#[test]
fn ready_leaves_the_core_from_flip_flops_a_cycle_late_only_after_a_long_last_instruction() {
    let at_15 = |last: &str| cycles(&format!("{}{last}", "nop\n".repeat(15)));
    // Foreseen: `ready`, or a one-cycle instruction at IP 15, ends the task in the cycle it
    // runs, READY included.
    assert_eq!(cycles("nop\nready"), 2);
    assert_eq!(at_15("nop"), 16);
    assert_eq!(cycles("st [r8, r0], r9\nready"), 2);
    // `ready` inside an atomic sequence: the fault is foreseen too.
    assert_eq!(cycles("ld_sync [r8, r0], r9\nready"), 3);
    // Not foreseen, so READY comes the cycle after: a load, `mul`, `div` or `bnz` at IP 15,
    // and a faulting instruction.
    assert_eq!(at_15("ld [r8, r0], r9"), 15 + 2 + 1);
    assert_eq!(at_15("mul r8, r9, r10"), 15 + 3 + 1);
    assert_eq!(at_15("div r8, r9, r10"), 15 + 8 + 1);
    assert_eq!(at_15("bnz r8, 0"), 15 + 1 + 1);
    assert_eq!(cycles("nop\n.hword 0xb080"), 1 + 1 + 1);
}

#[test]
fn r0_init_and_registers_persist_across_tasks() {
    let mut h = CoreHarness::new(3, &sm::zeroed(), 0, 0);
    h.init_r0(0x42);
    let t = tasks(&["set_const 1, r8\nadd r0, r8, r0\nready"]);
    h.run_task(&t[0], 100).unwrap();
    h.run_task(&t[0], 100).unwrap();
    assert_eq!(
        h.regs()[0],
        0x44,
        "the RTL's r0 (left) after two tasks that each add 1 to the 0x42 launch gave it"
    );
    assert_eq!(h.readies, 2, "the RTL's READY pulses for two tasks");
}
