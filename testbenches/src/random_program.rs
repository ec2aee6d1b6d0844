//! Random programs whose result does not depend on timing, for comparing engines.
//!
//! Race-free by construction:
//! - a core stores only to its own bank (bank = core id, which `set_const _, r1` gives it),
//!   rows 0x00–0x7f, and tasks on one core run in order;
//! - everyone may load the read-only rows 0xc0–0xff of any bank (never written);
//! - shared counters (row 0x80–0x83 of a few banks) are only changed by atomic
//!   `ld_sync`/`add`/`st_sync` sequences, whose sum does not depend on their order;
//! - loops count down a register the body does not touch; other branches only go forward.
//!
//! Some programs end in an error whose report cannot depend on timing either: a bad CF at the
//! end (`BAD_FENCE`, `TRUNCATED`), or a core fault on one core (`ILLEGAL_INSN` followed by
//! another task on that core that must never start; `ATOMIC_VIOLATION` under `acq`), after
//! which nothing else is issued.

use crate::rng::Rng;
use gpu16_sim::image::sm::{self, SmImage};
use std::fmt::Write;

/// A generated program: assembly source and initial shared memory.
pub struct RandomProgram {
    pub source: String,
    pub init: SmImage,
}

/// Registers a task body may scribble on (r1–r3 and r8 hold addresses when used; r13/r14 are
/// loop counters).
const SCRATCH: [u8; 9] = [4, 5, 6, 7, 9, 10, 11, 12, 15];

fn scratch(rng: &mut Rng) -> u8 {
    SCRATCH[rng.below(SCRATCH.len() as u64) as usize]
}

/// Appends one random snippet (1–6 instructions) to `out`; `room` is how many may be added.
fn snippet(rng: &mut Rng, out: &mut Vec<String>, room: usize, label: &mut usize) {
    let alu = ["add", "sub", "mul", "div", "cmpge", "and", "or", "xor"];
    let r = |rng: &mut Rng| scratch(rng);
    match rng.below(10) {
        // Two-register ALU ops (mul writes dst+1 too: keep dst+1 a scratch register).
        0..=2 => {
            let op = alu[rng.below(8) as usize];
            let mut d = r(rng);
            if op == "mul" {
                while !SCRATCH.contains(&((d + 1) % 16)) {
                    d = r(rng);
                }
            }
            out.push(format!("{op} r{}, r{}, r{d}", rng.below(16), rng.below(16)));
        }
        3 => {
            let dir = if rng.chance(50) { "rshft" } else { "lshft" };
            out.push(format!(
                "{dir} r{}, {}, r{}",
                rng.below(16),
                rng.below(8),
                r(rng)
            ));
        }
        4 => out.push(format!(
            "set_const {}, r{}",
            rng.byte(),
            rng.below(16).max(1) as u8 | 8
        )),
        // Store to / load from this core's private bank.
        5 if room >= 3 => {
            out.push("set_const 0, r1".into());
            out.push(format!("set_const {}, r8", rng.below(0x80)));
            if rng.chance(50) {
                out.push(format!("st [r8, r1], r{}", rng.below(16)));
            } else {
                out.push(format!("ld [r8, r1], r{}", r(rng)));
            }
        }
        // Load a read-only byte (rows 0xc0-0xff) of any bank.
        6 if room >= 5 => {
            out.push("sub r3, r3, r3".into());
            out.push(format!("set_const {}, r8", rng.below(16)));
            out.push("add r3, r8, r3".into());
            out.push(format!("set_const {}, r8", 0xc0 + rng.below(0x40)));
            out.push(format!("ld [r8, r3], r{}", r(rng)));
        }
        // Atomic add of a register to a shared counter. The byte read depends on the order of
        // the cores' sequences, so the register is cleared afterwards.
        7 if room >= 8 => {
            out.push("sub r2, r2, r2".into());
            out.push(format!("set_const {}, r8", rng.below(4)));
            out.push("add r2, r8, r2".into());
            out.push(format!("set_const {}, r8", 0x80 + rng.below(4)));
            out.push("ld_sync [r8, r2], r12".into());
            out.push(format!("add r12, r{}, r12", rng.below(16)));
            out.push("st_sync [r8, r2], r12".into());
            out.push("sub r12, r12, r12".into());
        }
        // A counted loop over an ALU body.
        8 if room >= 5 => {
            *label += 1;
            out.push(format!("set_const {}, r13", 1 + rng.below(5)));
            out.push("set_const 1, r14".into());
            let op = alu[rng.below(8) as usize];
            let d = if op == "mul" { 9 } else { r(rng) };
            out.push(format!(
                "l{label}: {op} r{}, r{}, r{d}",
                rng.below(16),
                rng.below(16)
            ));
            out.push("sub r13, r14, r13".into());
            out.push(format!("bnz r13, l{label}"));
        }
        // A forward branch over one instruction.
        9 if room >= 3 => {
            *label += 1;
            out.push(format!("bnz r{}, f{label}", rng.below(16)));
            out.push(format!(
                "xor r{}, r{}, r{}",
                rng.below(16),
                rng.below(16),
                r(rng)
            ));
            out.push(format!("f{label}: nop"));
        }
        _ => out.push("nop".into()),
    }
}

/// A task body of at most 16 instructions.
fn task(rng: &mut Rng, label: &mut usize) -> String {
    let target = 4 + rng.below(12) as usize;
    let mut lines: Vec<String> = Vec::new();
    while lines.len() < target {
        let room = 15 - lines.len();
        let mut more = Vec::new();
        snippet(rng, &mut more, room, label);
        if lines.len() + more.len() > 15 {
            break;
        }
        lines.extend(more);
    }
    if rng.chance(80) {
        lines.push("ready".into());
    }
    lines.join("\n") + "\n"
}

/// The program of seed `seed`.
pub fn random_program(seed: u64) -> RandomProgram {
    let mut rng = Rng::new(seed);
    let mut init = sm::zeroed();
    for (addr, byte) in init.iter_mut().enumerate() {
        if addr % 256 >= 0xc0 || rng.chance(10) {
            *byte = rng.byte();
        }
    }
    let mut src = String::new();
    let mut label = 0;
    let mut mask: u16 = 0;
    let groups = 1 + rng.below(5);
    for _ in 0..groups {
        // New masks sometimes overlap the previous group, sometimes not.
        mask = match rng.below(4) {
            0 => 0xffff,
            1 => !mask,
            _ => rng.next_u64() as u16,
        };
        let fence = ["no", "acq", "rel"][rng.below(3) as usize];
        writeln!(src, ".cf mask={mask:#06x} fence={fence}").unwrap();
        if rng.chance(40) {
            let mut inits = Vec::new();
            for c in 0..16 {
                if rng.chance(30) {
                    inits.push(format!("{c}={}", rng.byte()));
                }
            }
            if !inits.is_empty() {
                writeln!(src, ".init {}", inits.join(" ")).unwrap();
            }
        }
        let ifs = 1 + rng.below(4);
        for _ in 0..ifs {
            src += ".if\n";
            src += &task(&mut rng, &mut label);
        }
    }
    if rng.chance(15) {
        let core = rng.below(16);
        match rng.below(4) {
            0 => src += ".cf_raw 0x00000000ffff00c1 0 0 0\n.if\nready\n",
            1 => writeln!(src, ".cf_raw {:#018x} 0 0 0\n.if\nready", 0xffff_0000u64 | 5).unwrap(),
            // No fence: the task after the fault, on the same core, must never start.
            2 => writeln!(
                src,
                ".cf mask={:#x}\n.if\nadd r9, r10, r11\n.hword 0xb080\n.if\nset_const 5, r9\nready",
                1u32 << core
            )
            .unwrap(),
            _ => writeln!(
                src,
                ".cf mask={:#x} fence=acq\n.if\nsub r0, r0, r0\nset_const 0xc0, r8\nld_sync [r8, r0], r9\nready",
                1u32 << core
            )
            .unwrap(),
        }
    }
    RandomProgram { source: src, init }
}
