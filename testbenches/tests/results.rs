//! The core's execute units and write-back (hdl/src/core/results.rs) against the ISA's own
//! semantics (`gpu16_sim::isa`): every one-cycle instruction writes its result to its
//! destination in the cycle it completes; `mul` writes its low byte, then its high byte to
//! the next register; `div` its quotient when the divider is done (0xff for a division by
//! zero); a load its byte; a store, a fault, `nop`, `bnz` and `ready` nothing; the
//! scheduler's register write takes the port while the core is idle. Its Verilog replays
//! inside the core's (`core_verilog.rs`).

use gpu16_hdl::core::Results;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_sim::isa::{mul_high, AluOp, Instruction, MemMode, Reg, ShiftDir};
use gpu16_testbenches::decoded::controls;
use gpu16_testbenches::rng::Rng;

const CORE: u64 = 5;

fn reg(n: u64) -> Reg {
    Reg::new(n as u8).unwrap()
}

/// Presents `insn` in E with operands `a`, `b`, completing (`done`) or not.
fn present(r: &mut Results, insn: Instruction, a: u8, b: u8, done: bool) {
    r.core_id.next = CORE.into();
    r.e.valid.next = true;
    r.e.controls.next = controls(insn.encode());
    r.e.mem.next = matches!(insn, Instruction::Load { .. } | Instruction::Store { .. });
    r.e.sub.next = !matches!(insn, Instruction::Alu { op: AluOp::Add, .. });
    r.e.a.next = u64::from(a).into();
    r.e.b.next = u64::from(b).into();
    r.held.next = false;
    r.stop.next = false;
    r.done.next = done;
    r.fault.next = false;
    r.init_write.next = false;
    settle(r).unwrap();
}

/// The write-back shown now: register and value, or `None`.
fn written(r: &Results) -> Option<(usize, u8)> {
    r.wb_en
        .val()
        .then(|| (r.wb_dst.val().index(), r.wb_val.val().index() as u8))
}

#[test]
fn one_cycle_instructions_write_their_result_to_their_destination() {
    let mut r = connected::<Results>();
    let mut rng = Rng::new(21);
    for _ in 0..20_000 {
        let (a, b) = (rng.byte(), rng.byte());
        let dst = rng.below(16);
        let (insn, expected) = match rng.below(4) {
            0 => {
                let op = [
                    AluOp::Add,
                    AluOp::Sub,
                    AluOp::Cmpge,
                    AluOp::And,
                    AluOp::Or,
                    AluOp::Xor,
                ][rng.below(6) as usize];
                let insn = Instruction::Alu {
                    op,
                    src0: reg(1),
                    src1: reg(2),
                    dst: reg(dst),
                };
                (insn, op.apply(a, b))
            }
            1 => {
                let dir = [ShiftDir::Right, ShiftDir::Left][rng.below(2) as usize];
                let imm = rng.below(8) as u8;
                let insn = Instruction::Shift {
                    dir,
                    src0: reg(1),
                    imm,
                    dst: reg(dst),
                };
                (insn, dir.apply(a, imm))
            }
            2 => {
                let value = rng.byte();
                let insn = Instruction::SetConst {
                    value,
                    dst: reg(dst),
                };
                (insn, if dst < 8 { CORE as u8 } else { value })
            }
            _ => {
                // A load completes with its byte on `rdata`.
                let byte = rng.byte();
                r.rdata.next = u64::from(byte).into();
                let insn = Instruction::Load {
                    mode: MemMode::Plain,
                    src0: reg(1),
                    src1: reg(2),
                    dst: reg(dst),
                };
                (insn, byte)
            }
        };
        present(&mut r, insn, a, b, true);
        assert_eq!(
            written(&r),
            Some((dst as usize, expected)),
            "{insn:?} on {a}, {b}"
        );
        assert!(r.we.val(), "{insn:?}");
        assert_eq!(
            (r.wa.val().index(), r.wd.val().index() as u8),
            (dst as usize, expected)
        );
        // Not complete yet, or faulting: nothing is written.
        present(&mut r, insn, a, b, false);
        assert_eq!(written(&r), None, "{insn:?} before it completes");
        r.done.next = true;
        r.fault.next = true;
        settle(&mut r).unwrap();
        assert_eq!(written(&r), None, "{insn:?} faulting");
    }
}

#[test]
fn stores_nop_bnz_and_ready_write_nothing() {
    let mut r = connected::<Results>();
    for insn in [
        Instruction::Nop,
        Instruction::Ready,
        Instruction::Bnz {
            src0: reg(3),
            target: 2,
        },
        Instruction::Store {
            mode: MemMode::Sync,
            src0: reg(1),
            src1: reg(2),
            src2: reg(3),
        },
    ] {
        present(&mut r, insn, 7, 9, true);
        assert_eq!(written(&r), None, "{insn:?}");
        assert!(!r.we.val(), "{insn:?}");
    }
}

#[test]
fn mul_writes_two_bytes_and_div_its_quotient_when_done() {
    let mut r = connected::<Results>();
    let mut rng = Rng::new(22);
    for _ in 0..500 {
        let (a, b, dst) = (rng.byte(), rng.byte(), rng.below(16));
        // mul: the product registered, then the low byte, then the high byte (done).
        let mul = Instruction::Alu {
            op: AluOp::Mul,
            src0: reg(1),
            src1: reg(2),
            dst: reg(dst),
        };
        present(&mut r, mul, a, b, false);
        assert_eq!(written(&r), None);
        tick(&mut r, |r| &mut r.clock).unwrap();
        present(&mut r, mul, a, b, false);
        assert_eq!(
            written(&r),
            Some((dst as usize, a.wrapping_mul(b))),
            "mul {a}, {b}"
        );
        assert!(!r.mul_done.val());
        tick(&mut r, |r| &mut r.clock).unwrap();
        settle(&mut r).unwrap();
        assert!(r.mul_done.val());
        present(&mut r, mul, a, b, true);
        assert_eq!(
            written(&r),
            Some(((dst as usize + 1) % 16, mul_high(a, b))),
            "mul {a}, {b}: high byte"
        );
        // The next instruction in E, a cycle later: the sequence is over.
        r.e.valid.next = false;
        tick(&mut r, |r| &mut r.clock).unwrap();

        // div: nothing until the divider is done, then the quotient.
        let b = if rng.chance(10) { 0 } else { b };
        let div = Instruction::Alu {
            op: AluOp::Div,
            src0: reg(1),
            src1: reg(2),
            dst: reg(dst),
        };
        let mut cycles = 0;
        loop {
            present(&mut r, div, a, b, false);
            if r.div_done.val() {
                break;
            }
            assert_eq!(written(&r), None);
            tick(&mut r, |r| &mut r.clock).unwrap();
            cycles += 1;
            assert!(cycles < 20, "the divider never finishes");
        }
        present(&mut r, div, a, b, true);
        assert_eq!(
            written(&r),
            Some((dst as usize, AluOp::Div.apply(a, b))),
            "div {a}, {b}"
        );
        r.e.valid.next = false;
        tick(&mut r, |r| &mut r.clock).unwrap();
    }
}

#[test]
fn the_schedulers_register_write_takes_the_port() {
    let mut r = connected::<Results>();
    let insn = Instruction::Alu {
        op: AluOp::Add,
        src0: reg(1),
        src1: reg(2),
        dst: reg(4),
    };
    present(&mut r, insn, 1, 2, false);
    r.init_write.next = true;
    r.init_reg.next = 9.into();
    r.init_value.next = 0xa5.into();
    settle(&mut r).unwrap();
    assert!(r.we.val());
    assert_eq!((r.wa.val().index(), r.wd.val().index()), (9, 0xa5));
}
