//! MACHINE.md §4 instruction semantics on the reference model, one core at a time.

use gpu16_sim::image::sm;
use gpu16_sim::run::Status;
use gpu16_testbenches::rng::Rng;
use gpu16_testbenches::{run_model, run_model_zero};

/// Runs `body` as one task on core `core` and returns its registers.
fn regs_after(core: usize, body: &str) -> [u8; 16] {
    let src = format!(".cf mask={:#x}\n.if\n{body}\n", 1u32 << core);
    let r = run_model_zero(&src);
    assert_eq!(r.status, Status::Ok, "{src}");
    r.regs[core]
}

#[test]
fn two_register_alu_ops_match_their_definition() {
    let mut rng = Rng::new(1);
    let edge = [0u8, 1, 2, 127, 128, 254, 255];
    let mut pairs: Vec<(u8, u8)> = edge
        .iter()
        .flat_map(|&a| edge.iter().map(move |&b| (a, b)))
        .collect();
    pairs.extend((0..40).map(|_| (rng.byte(), rng.byte())));
    type Op = fn(u8, u8) -> u8;
    let ops: [(&str, Op); 8] = [
        ("add", |a, b| a.wrapping_add(b)),
        ("sub", |a, b| a.wrapping_sub(b)),
        ("mul", |a, b| (a as u16 * b as u16) as u8),
        ("div", |a, b| match b {
            0 => 0xff,
            _ => a / b,
        }),
        ("cmpge", |a, b| (a >= b) as u8),
        ("and", |a, b| a & b),
        ("or", |a, b| a | b),
        ("xor", |a, b| a ^ b),
    ];
    for (name, f) in ops {
        for &(a, b) in &pairs {
            let r = regs_after(
                3,
                &format!("set_const {a}, r8\nset_const {b}, r9\n{name} r8, r9, r12\nready"),
            );
            assert_eq!(r[12], f(a, b), "{name} {a}, {b}");
            if name == "mul" {
                assert_eq!(
                    r[13],
                    ((a as u16 * b as u16) >> 8) as u8,
                    "mul high {a} {b}"
                );
            }
        }
    }
}

#[test]
fn mul_into_r15_wraps_the_high_byte_to_r0() {
    let r = regs_after(
        0,
        "set_const 200, r8\nset_const 3, r9\nmul r8, r9, r15\nready",
    );
    assert_eq!((r[15], r[0]), (600u16 as u8, (600 >> 8) as u8));
}

#[test]
fn div_by_zero_gives_ff() {
    let r = regs_after(0, "set_const 77, r8\ndiv r8, r9, r10\nready");
    assert_eq!(r[10], 0xff);
}

#[test]
fn shifts_use_the_3_bit_immediate() {
    for imm in 0..8u8 {
        let r = regs_after(
            5,
            &format!("set_const 0xb7, r8\nrshft r8, {imm}, r9\nlshft r8, {imm}, r10\nready"),
        );
        assert_eq!((r[9], r[10]), (0xb7 >> imm, 0xb7u8 << imm), "imm {imm}");
    }
}

#[test]
fn set_const_writes_core_id_into_r0_to_r7_and_the_constant_above() {
    for core in [0usize, 6, 15] {
        let body: String = (0..16)
            .map(|r| format!("set_const 0x{:02x}, r{r}\n", 0xa0 + r))
            .collect();
        let r = regs_after(core, &body);
        for (reg, &v) in r.iter().enumerate() {
            let want = if reg < 8 {
                core as u8
            } else {
                0xa0 + reg as u8
            };
            assert_eq!(v, want, "core {core} r{reg}");
        }
    }
}

#[test]
fn load_and_store_use_bank_from_src1_and_row_from_src0() {
    let mut init = sm::zeroed();
    init[0x5_3c] = 0x99;
    // r1 = 0x35: only its low nibble (5) picks the bank; r8 = row 0x3c.
    let src = ".cf mask=1\n.if\nset_const 0x35, r9\nadd r9, r0, r1\nset_const 0x3c, r8\n\
               ld [r8, r1], r10\nset_const 0x3d, r11\nst [r11, r1], r10\nready\n";
    let r = run_model(src, &init);
    assert_eq!(r.status, Status::Ok);
    assert_eq!(r.regs[0][10], 0x99);
    assert_eq!(r.sm[0x5_3d], 0x99);
}

#[test]
fn bnz_branches_on_nonzero_only() {
    // r9 counts down from 3: the loop body runs 3 times.
    let r = regs_after(
        1,
        "set_const 3, r9\nset_const 1, r8\nloop: add r10, r8, r10\nsub r9, r8, r9\nbnz r9, loop\nready",
    );
    assert_eq!((r[9], r[10]), (0, 3));
}

#[test]
fn falling_off_ip_15_finishes_the_task() {
    // 15 increments then an increment at IP 15: no ready needed.
    let body = "set_const 1, r8\n".to_string() + &"add r9, r8, r9\n".repeat(15);
    let r = run_model_zero(&format!(".cf mask=1\n.if\n{body}"));
    assert_eq!(r.status, Status::Ok);
    assert_eq!(r.regs[0][9], 15);
    assert_eq!(r.stats.cores[0].retired, 16);
    assert_eq!((r.timeline[1].issue, r.timeline[1].complete), (1, 16));
}

#[test]
fn a_not_taken_bnz_at_ip_15_finishes_and_a_taken_one_loops() {
    // IP 15 = bnz r9, 1: taken twice while r9 counts down, then falls off.
    let pad = "nop\n".repeat(12);
    let src = format!(
        ".cf mask=1\n.if\nset_const 3, r9\nset_const 1, r8\nsub r9, r8, r9\n{pad}bnz r9, 2\n"
    );
    let r = run_model_zero(&src);
    assert_eq!(r.status, Status::Ok);
    assert_eq!(r.regs[0][9], 0);
    // 2 + 3 passes of 14 instructions (IP 2..15).
    assert_eq!(r.stats.cores[0].retired, 2 + 3 * 14);
}

#[test]
fn short_frames_are_padded_with_nops_and_fall_off() {
    let r = run_model_zero(".cf mask=1\n.if\nset_const 7, r8\n");
    assert_eq!(r.status, Status::Ok);
    assert_eq!(r.stats.cores[0].retired, 16);
}

#[test]
fn registers_persist_between_tasks_and_start_at_zero() {
    let r = run_model_zero(
        ".cf mask=1\n.if\nset_const 5, r8\nadd r8, r9, r9\nready\n.if\nadd r8, r9, r9\nready\n",
    );
    assert_eq!(r.regs[0][9], 10);
    assert!(r.regs[1..].iter().all(|rf| rf.iter().all(|&v| v == 0)));
}

#[test]
fn ready_signals_once_and_stops_the_task() {
    let r = regs_after(2, "set_const 1, r8\nready\nset_const 2, r8\n");
    assert_eq!(r[8], 1);
}
