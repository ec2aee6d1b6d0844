//! Random programs whose result does not depend on timing, for comparing engines.
//!
//! Race-free by construction:
//! - a core stores only to its own bank (bank = core id, which `set_const _, r1` gives it),
//!   rows 0x00–0x7f, and tasks on one core run in order;
//! - everyone may load the read-only rows 0xc0–0xff of any bank (never written);
//! - shared counters (rows 0x80–0x83 of banks 0–3) are only changed by atomic
//!   `ld_sync`/`add`/`st_sync` sequences, whose sum does not depend on their order;
//! - held bytes (rows 0x84–0x87 of banks 0–3) are locked by sequences that write back the
//!   value they read, while other cores read them with plain `ld` (which waits for the lock);
//! - loops count down a register the body does not touch; other branches only go forward.
//!
//! The programs reach every rule of the scheduler and every error: CFs with `IF_Num = 0` (also
//! as the last frame), empty masks, programs of up to 64 frames, `mul` into r15, `bnz` at
//! IP 15, `set_const` into r0–r7. Some end in an error whose report cannot depend on timing
//! either, because nothing runs beside it or everything beside it is the same:
//! - a bad CF at the end (`BAD_FENCE`, `TRUNCATED`);
//! - `ILLEGAL_INSN` or `st_sync` without a lock on every core of a group in the same cycle
//!   (the lowest core is reported), the next task on those cores never starting;
//! - every other `ATOMIC_VIOLATION` on one core under `rel`;
//! - `TIMEOUT`: an endless loop under `rel` as the last task, with a cycle limit
//!   ([`RandomProgram::config`]) far above what the rest of the program needs;
//! - on a GPU of N < 16 cores ([`random_program_for`]), a CF naming an absent core
//!   (`NO_CORE`). Every other group is of the cores present.

use crate::rng::Rng;
use gpu16_sim::frame::{layout, present_cores, Fence, Frame, FrameKind, CORES, MAX_FRAMES};
use gpu16_sim::image::sm::{self, SmImage};
use gpu16_sim::isa::AluOp;
use gpu16_sim::run::RunConfig;
use std::fmt::Write;

/// A generated program: assembly source, initial shared memory and the run's settings.
pub struct RandomProgram {
    pub source: String,
    pub init: SmImage,
    pub config: RunConfig,
}

/// The cycle limit of every random program; those ending in `TIMEOUT` reach it (random
/// programs that end take at most ~600 model cycles).
pub const CYCLE_LIMIT: u64 = 4_000;

/// Registers a task body may scribble on (r1–r3 and r8 hold addresses when used; r13/r14 are
/// loop counters). `mul` into r15 writes r0 too.
const SCRATCH: [u8; 10] = [0, 4, 5, 6, 7, 9, 10, 11, 12, 15];

fn scratch(rng: &mut Rng) -> u8 {
    SCRATCH[rng.below(SCRATCH.len() as u64) as usize]
}

/// Appends to `out` the instructions that put `bank`'s number in r2 and `row` in r8.
fn address(out: &mut Vec<String>, bank: u64, row: u64) {
    out.push("sub r2, r2, r2".into());
    out.push(format!("set_const {bank}, r8"));
    out.push("add r2, r8, r2".into());
    out.push(format!("set_const {row:#x}, r8"));
}

/// Appends one random snippet (1–8 instructions) to `out`; `room` is how many may be added.
fn snippet(rng: &mut Rng, out: &mut Vec<String>, room: usize, label: &mut usize) {
    let alu = AluOp::ALL.map(AluOp::mnemonic);
    let r = |rng: &mut Rng| scratch(rng);
    match rng.below(13) {
        // Two-register ALU ops (mul writes dst+1 too: keep dst+1 a scratch register).
        0..=2 => {
            let op = alu[rng.below(alu.len() as u64) as usize];
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
        // set_const: a constant into r8-r15, the core's number into r0-r7 (C ignored).
        4 => {
            let d = if rng.chance(70) {
                rng.below(16).max(1) as u8 | 8
            } else {
                [0, 4, 5, 6, 7][rng.below(5) as usize]
            };
            out.push(format!("set_const {}, r{d}", rng.byte()));
        }
        // Store to / load from this core's private bank.
        5 if room >= 3 => {
            out.push(format!("set_const {}, r1", rng.byte()));
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
            address(out, rng.below(4), 0x80 + rng.below(4));
            out.push("ld_sync [r8, r2], r12".into());
            out.push(format!("add r12, r{}, r12", rng.below(16)));
            out.push("st_sync [r8, r2], r12".into());
            out.push("sub r12, r12, r12".into());
        }
        // Hold a byte: lock it, compute, write back what was read.
        8 if room >= 7 => {
            address(out, rng.below(4), 0x84 + rng.below(4));
            out.push("ld_sync [r8, r2], r12".into());
            let d = 4 + rng.below(4); // not r12, which holds the value to write back
            out.push(format!("xor r{}, r{}, r{d}", rng.below(16), rng.below(16)));
            out.push("st_sync [r8, r2], r12".into());
        }
        // Read a byte others hold, with a plain load (it waits while the byte is locked).
        9 if room >= 5 => {
            address(out, rng.below(4), 0x84 + rng.below(4));
            out.push(format!("ld [r8, r2], r{}", r(rng)));
        }
        // A counted loop over an ALU body.
        10 if room >= 5 => {
            *label += 1;
            counted_loop(rng, out, *label);
        }
        // A forward branch over one instruction.
        11 if room >= 3 => {
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

/// A loop of 1–5 turns over one ALU instruction: 5 instructions, the `bnz` last.
fn counted_loop(rng: &mut Rng, out: &mut Vec<String>, label: usize) {
    let alu = AluOp::ALL.map(AluOp::mnemonic);
    out.push(format!("set_const {}, r13", 1 + rng.below(5)));
    out.push("set_const 1, r14".into());
    let op = alu[rng.below(alu.len() as u64) as usize];
    let d = if op == "mul" { 9 } else { scratch(rng) };
    out.push(format!(
        "l{label}: {op} r{}, r{}, r{d}",
        rng.below(16),
        rng.below(16)
    ));
    out.push("sub r13, r14, r13".into());
    out.push(format!("bnz r13, l{label}"));
}

/// A task body of at most 16 instructions.
fn task(rng: &mut Rng, label: &mut usize) -> String {
    // Sometimes a loop whose bnz is the instruction at IP 15: the task ends when it falls
    // through.
    let loop_at_end = rng.chance(12);
    let limit = if loop_at_end { 11 } else { 15 };
    let target = (4 + rng.below(12) as usize).min(limit);
    let mut lines: Vec<String> = Vec::new();
    while lines.len() < target {
        let mut more = Vec::new();
        snippet(rng, &mut more, limit - lines.len(), label);
        if lines.len() + more.len() > limit {
            break;
        }
        lines.extend(more);
    }
    if loop_at_end {
        lines.resize(11, "nop".into());
        *label += 1;
        counted_loop(rng, &mut lines, *label);
    } else if rng.chance(80) {
        lines.push("ready".into());
    }
    lines.join("\n") + "\n"
}

/// A random group of the cores `present`: all, the other cores than `previous`, none, or any.
fn mask(rng: &mut Rng, previous: u16, present: u16) -> u16 {
    present
        & match rng.below(10) {
            0 | 1 => 0xffff,
            2 | 3 => !previous,
            4 => 0,
            _ => rng.next_u64() as u16,
        }
}

/// A group of at least two of the cores `present` (of the one, if it is alone).
fn several_cores(rng: &mut Rng, present: u16) -> u16 {
    loop {
        let m = rng.next_u64() as u16 & present;
        if m.count_ones() >= 2.min(present.count_ones()) && m != 0 {
            return m;
        }
    }
}

/// The last frames of a program for `cores` cores that ends in an error, and how many frames
/// they are.
fn error_tail(rng: &mut Rng, cores: usize) -> (String, usize) {
    let present = present_cores(cores);
    if cores < CORES && rng.chance(50) {
        // NO_CORE: a CF naming a core the GPU lacks, besides some that it has.
        let absent = 1u32 << (cores as u64 + rng.below((CORES - cores) as u64));
        let mask = absent | u32::from(rng.next_u64() as u16 & present);
        return (
            format!(
                ".cf mask={mask:#06x}
.if
ready
"
            ),
            2,
        );
    }
    let core = 1u32 << rng.below(cores as u64);
    // One core under rel: nothing else runs; it locks read-only byte 0xc0 of bank 0.
    let lock = "sub r0, r0, r0\nset_const 0xc0, r8\nld_sync [r8, r0], r9\n";
    let violations = [
        "ld_sync [r8, r0], r9\n",
        "ld [r8, r0], r9\n",
        "st [r8, r0], r9\n",
        "set_const 0xc1, r10\nst_sync [r10, r0], r9\n",
        "ready\n",
        "nop\nnop\nnop\nnop\nnop\nnop\nnop\nnop\nnop\nnop\nnop\nnop\n",
    ];
    match rng.below(9) {
        0 => (".cf_raw 0x00000000ffff00c1 0 0 0\n.if\nready\n".into(), 2),
        1 => (
            format!(".cf_raw {:#018x} 0 0 0\n.if\nready\n", 0xffff_0000u64 | 5),
            2,
        ),
        // No fence: the task after the fault, on the same core, must never start.
        2 => (
            format!(".cf mask={core:#x}\n.if\nadd r9, r10, r11\n.hword 0xb080\n.if\nset_const 5, r9\nready\n"),
            3,
        ),
        // A fault on every core of a group in one cycle: ALU work the same length on every
        // core, then an illegal load, an illegal store or an st_sync without a lock.
        3 | 4 => {
            let fault = [".hword 0xb080", ".hword 0xd0c0", "st_sync [r8, r0], r9"]
                [rng.below(3) as usize];
            let work: String = (0..rng.below(4))
                .map(|_| format!("xor r{}, r{}, r{}\n", rng.below(16), rng.below(16), 9 + rng.below(4)))
                .collect();
            let group = several_cores(rng, present);
            (
                format!(".cf mask={group:#06x} fence=rel\n.if\n{work}{fault}\n.if\nset_const 5, r9\nready\n"),
                3,
            )
        }
        5 | 6 => {
            let v = violations[rng.below(violations.len() as u64) as usize];
            (format!(".cf mask={core:#x} fence=rel\n.if\n{lock}{v}"), 2)
        }
        7 => (
            format!(".cf mask={core:#x} fence=rel\n.if\nsub r0, r0, r0\nst_sync [r0, r0], r9\n"),
            2,
        ),
        // TIMEOUT: everything before has finished (rel) when the endless loop starts.
        _ => (
            format!(".cf mask={core:#x} fence=rel\n.if\nset_const 1, r13\nl_end: bnz r13, l_end\n"),
            2,
        ),
    }
}

/// The program of seed `seed` for the 16-core GPU.
pub fn random_program(seed: u64) -> RandomProgram {
    random_program_for(seed, CORES)
}

/// The program of seed `seed` for a GPU of `cores` cores (1–16): the same as
/// [`random_program`]'s for 16.
pub fn random_program_for(seed: u64, cores: usize) -> RandomProgram {
    let present = present_cores(cores);
    let mut rng = Rng::new(seed);
    let mut init = sm::zeroed();
    for (addr, byte) in init.iter_mut().enumerate() {
        if addr % 256 >= 0xc0 || rng.chance(10) {
            *byte = rng.byte();
        }
    }
    let tail = rng.chance(20).then(|| error_tail(&mut rng, cores));
    let tail_frames = tail.as_ref().map_or(0, |t| t.1);
    // Most programs are short; some fill Task Memory.
    let (groups, max_ifs) = if rng.chance(10) {
        (24, 6)
    } else {
        (1 + rng.below(5), 4)
    };
    let mut src = String::new();
    let mut label = 0;
    let mut mask_now: u16 = 0;
    let mut frames = 0;
    for _ in 0..groups {
        if frames + tail_frames + 2 > MAX_FRAMES {
            break;
        }
        mask_now = mask(&mut rng, mask_now, present);
        let fence = ["no", "acq", "rel"][rng.below(3) as usize];
        writeln!(src, ".cf mask={mask_now:#06x} fence={fence}").unwrap();
        if rng.chance(40) {
            let mut inits = Vec::new();
            for c in 0..cores {
                if rng.chance(30) {
                    inits.push(format!("{c}={}", rng.byte()));
                }
            }
            if !inits.is_empty() {
                writeln!(src, ".init {}", inits.join(" ")).unwrap();
            }
        }
        // Sometimes a CF with no IF.
        let ifs = if rng.chance(10) {
            0
        } else {
            1 + rng.below(max_ifs) as usize
        };
        let ifs = ifs.min(MAX_FRAMES - tail_frames - frames - 1);
        frames += 1 + ifs;
        for _ in 0..ifs {
            src += ".if\n";
            src += &task(&mut rng, &mut label);
        }
    }
    match tail {
        Some((t, _)) => src += &t,
        // A CF with IF_Num = 0 as the last frame.
        None if frames < MAX_FRAMES && rng.chance(10) => {
            writeln!(src, ".cf mask={:#06x}", mask(&mut rng, mask_now, present)).unwrap()
        }
        None => {}
    }
    RandomProgram {
        source: src,
        init,
        config: RunConfig {
            max_cycles: CYCLE_LIMIT,
            cores,
        },
    }
}

/// A Task Memory image of random bytes (1–64 frames; most CFs get a small `IF_Num` so that
/// runs get past the first CF): nothing in it is race-free or even legal.
pub fn random_image(rng: &mut Rng) -> Vec<Frame> {
    let len = 1 + rng.below(MAX_FRAMES as u64) as usize;
    let mut frames: Vec<Frame> = (0..len)
        .map(|_| Frame(std::array::from_fn(|_| rng.byte())))
        .collect();
    for f in frames.iter_mut() {
        if rng.chance(80) {
            f.0[0] &= 0xc3;
        }
    }
    frames
}

/// Makes a random image run one task at a time on one core, so that its result cannot depend
/// on timing: every CF's group becomes a single core (or none) and its fence `acq` (a fence of
/// 3 stays: `BAD_FENCE`). Instruction words stay random.
pub fn one_task_at_a_time(rng: &mut Rng, frames: &mut [Frame]) {
    let kinds = layout(frames);
    for (frame, kind) in frames.iter_mut().zip(kinds) {
        if kind != FrameKind::Cf {
            continue;
        }
        let b = &mut frame.0;
        if b[0] >> 6 != 3 {
            b[0] = (b[0] & 0x3f) | (Fence::Acq as u8) << 6;
        }
        let group: u16 = if rng.chance(10) {
            0
        } else {
            1 << rng.below(16)
        };
        b[2..4].copy_from_slice(&group.to_le_bytes());
    }
}
