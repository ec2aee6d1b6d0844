//! The core's fetch stage and E register (hdl/src/core/fetch.rs) on random programs, with a
//! program memory and a register file modelled as the core has them (a word the cycle after
//! its address; fixed register values, so every branch's outcome is known): E receives the
//! task's instructions in program order, each with its IP and operands; a loop's `bnz` (to
//! its own IP or before) is guessed taken and any other not, and each wrong guess costs
//! exactly one empty cycle in E; the write-back of the cycle is forwarded to the operands.
//! Its Verilog replays inside the core's (`core_verilog.rs`).

use gpu16_hdl::core::Fetch;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_sim::isa::{AluOp, Instruction, Reg};
use gpu16_testbenches::decoded::controls;
use gpu16_testbenches::rng::Rng;

fn reg(n: u64) -> Reg {
    Reg::new(n as u8).unwrap()
}

/// A random task of ALU instructions and `bnz`s (no loads or stores: their operand fields
/// differ), ending with `ready` somewhere or at IP 15.
fn program(rng: &mut Rng) -> Vec<Instruction> {
    (0..16)
        .map(|ip| match rng.below(10) {
            0..=2 => Instruction::Bnz {
                src0: reg(rng.below(16)),
                target: rng.below(16) as u8,
            },
            3 if ip > 8 => Instruction::Ready,
            _ => Instruction::Alu {
                op: AluOp::Add,
                src0: reg(rng.below(16)),
                src1: reg(rng.below(16)),
                dst: reg(rng.below(16)),
            },
        })
        .collect()
}

/// The IPs the task executes, in order (at most `limit`), and the wrong guesses among them
/// before the last (whose empty cycle would come after it).
fn trace(prog: &[Instruction], regs: &[u8; 16], limit: usize) -> (Vec<u64>, usize) {
    let (mut ips, mut wrong, mut ip) = (vec![], 0, 0usize);
    while ips.len() < limit {
        ips.push(ip as u64);
        match prog[ip] {
            Instruction::Ready => break,
            Instruction::Bnz { src0, target } => {
                let taken = regs[src0.index()] != 0;
                let guessed = usize::from(target) <= ip;
                // (A wrong guess at IP 15 ends the task: no cycle is lost.)
                wrong += usize::from(taken != guessed && ip != 15 && ips.len() < limit);
                if taken {
                    ip = usize::from(target);
                    continue;
                }
            }
            _ => {}
        }
        if ip == 15 {
            break;
        }
        ip += 1;
    }
    (ips, wrong)
}

/// Presents word `ip` of `prog` as the program memory gives it, with its flags.
fn word(f: &mut Fetch, prog: &[Instruction], ip: usize) {
    let insn = prog[ip];
    let w = insn.encode();
    f.word.next = u64::from(w).into();
    f.word_rb.next = u64::from((w >> 4) & 15).into();
    f.word_mem.next = false;
    f.word_loop.next = matches!(insn, Instruction::Bnz { target, .. } if usize::from(target) <= ip);
}

#[test]
fn e_gets_the_task_in_order_and_each_wrong_guess_costs_one_cycle() {
    let mut f = connected::<Fetch>();
    let mut rng = Rng::new(31);
    for _ in 0..2000 {
        let prog = program(&mut rng);
        let regs: [u8; 16] = std::array::from_fn(|_| if rng.chance(50) { 0 } else { rng.byte() });
        let (expected, wrong) = trace(&prog, &regs, 40);
        // The start: word 0 is out already.
        f.stop.next = false;
        f.finish.next = false;
        f.busy_next.next = false;
        f.wb_en.next = false;
        f.start.next = true;
        f.advance.next = true;
        word(&mut f, &prog, 0);
        let (mut seen, mut empty) = (vec![], 0);
        for cycle in 0..200 {
            settle(&mut f).unwrap();
            for (q, r) in [
                (&mut f.qa, f.read_a.val()),
                (&mut f.qb, f.read_b.val()),
                (&mut f.qc, f.read_c.val()),
            ] {
                q.next = u64::from(regs[r.index()]).into();
            }
            settle(&mut f).unwrap();
            let next = f.ip_next.val().index();
            tick(&mut f, |f| &mut f.clock).unwrap();
            f.start.next = false;
            word(&mut f, &prog, next);
            settle(&mut f).unwrap();
            if f.e.valid.val() {
                let ip = f.e.ip.val().index();
                let w = prog[ip].encode();
                assert_eq!(
                    f.e.controls.val(),
                    controls(w),
                    "cycle {cycle}: the word at IP {ip}"
                );
                let field = |s: u16| regs[usize::from((w >> s) & 15)];
                assert_eq!(
                    (
                        f.e.a.val().index() as u8,
                        f.e.b.val().index() as u8,
                        f.e.c.val().index() as u8
                    ),
                    (field(8), field(4), field(0)),
                    "cycle {cycle}: operands of IP {ip}"
                );
                seen.push(ip as u64);
                if seen.len() == expected.len() {
                    break;
                }
            } else {
                empty += 1;
            }
        }
        // The task ends: E empties before the next one starts (a core starts only while
        // idle).
        f.finish.next = true;
        tick(&mut f, |f| &mut f.clock).unwrap();
        f.finish.next = false;
        assert_eq!(seen, expected, "{prog:?} with {regs:?}");
        assert_eq!(
            empty, wrong,
            "one empty cycle per wrong guess: {prog:?} with {regs:?}"
        );
    }
}

#[test]
fn the_write_back_of_the_cycle_is_forwarded_to_the_operands() {
    let mut f = connected::<Fetch>();
    let add = Instruction::Alu {
        op: AluOp::Add,
        src0: reg(3),
        src1: reg(4),
        dst: reg(5),
    };
    let prog = vec![add; 16];
    for (dst, forwarded) in [
        (3u64, (0x99, 4, 5)),
        (4, (3, 0x99, 5)),
        (5, (3, 4, 0x99)),
        (6, (3, 4, 5)),
    ] {
        f.start.next = true;
        f.advance.next = true;
        word(&mut f, &prog, 0);
        f.qa.next = 3.into();
        f.qb.next = 4.into();
        f.qc.next = 5.into();
        f.wb_en.next = true;
        f.wb_dst.next = dst.into();
        f.wb_val.next = 0x99.into();
        tick(&mut f, |f| &mut f.clock).unwrap();
        settle(&mut f).unwrap();
        let got = (
            f.e.a.val().index(),
            f.e.b.val().index(),
            f.e.c.val().index(),
        );
        assert_eq!(got, forwarded, "write-back to r{dst}");
    }
}
