//! The core's execute-stage control (hdl/src/core/execute.rs), driven as the fetch and the
//! memory port drive it: when E's instruction is done (at once, a `mul` in 3 cycles, a load
//! the cycle after its grant, a store at once, posted), when the task ends and with which
//! error (an illegal mode: `ILLEGAL_INSN`; the end with a lock held: `ATOMIC_VIOLATION`), and
//! what waits for the memory counts as a stall. Its Verilog replays inside the core's
//! (`core_verilog.rs`).

use gpu16_hdl::codes::{FAULT_ATOMIC_VIOLATION, FAULT_ILLEGAL_INSN};
use gpu16_hdl::core::Execute;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_sim::isa::{AluOp, Instruction, MemMode, Reg};
use gpu16_testbenches::decoded::controls;

fn reg(n: u8) -> Reg {
    Reg::new(n).unwrap()
}

/// A running task with `insn` in E (`last`: it ends the task), the port idle.
fn present(x: &mut Execute, insn: Instruction, last: bool) {
    x.start.next = false;
    x.stop.next = false;
    x.e.valid.next = true;
    x.e.controls.next = controls(insn.encode());
    x.e.mem.next = matches!(insn, Instruction::Load { .. } | Instruction::Store { .. });
    x.e.last.next = last;
    x.e.sub.next = !matches!(insn, Instruction::Alu { op: AluOp::Add, .. });
    x.e.a.next = 6.into();
    x.e.b.next = 3.into();
    x.e.c.next = 9.into();
    x.e.taken.next = false;
    x.request.gnt.next = false;
    x.port.busy.next = false;
    x.init_write.next = false;
    settle(x).unwrap();
}

/// A core that has just started a task.
fn started() -> Execute {
    let mut x = connected::<Execute>();
    x.start.next = true;
    tick(&mut x, |x| &mut x.clock).unwrap();
    x.start.next = false;
    settle(&mut x).unwrap();
    assert!(x.running.val());
    x
}

/// Cycles until E's instruction is done (`advance`), at most 20.
fn cycles_to_done(x: &mut Execute, insn: Instruction, last: bool) -> u32 {
    for n in 1..=20 {
        present(x, insn, last);
        if x.advance.val() {
            return n;
        }
        tick(x, |x| &mut x.clock).unwrap();
    }
    panic!("{insn:?} never done");
}

#[test]
fn instructions_take_their_cycles_and_the_last_ends_the_task() {
    let mut x = started();
    let add = Instruction::Alu {
        op: AluOp::Add,
        src0: reg(1),
        src1: reg(2),
        dst: reg(3),
    };
    assert_eq!(cycles_to_done(&mut x, add, false), 1);
    assert!(x.retired.val() && !x.finish.val() && !x.stalled.val());
    tick(&mut x, |x| &mut x.clock).unwrap();
    let mul = Instruction::Alu {
        op: AluOp::Mul,
        src0: reg(1),
        src1: reg(2),
        dst: reg(3),
    };
    assert_eq!(cycles_to_done(&mut x, mul, false), 3);
    tick(&mut x, |x| &mut x.clock).unwrap();
    let div = Instruction::Alu {
        op: AluOp::Div,
        src0: reg(1),
        src1: reg(2),
        dst: reg(3),
    };
    assert_eq!(cycles_to_done(&mut x, div, false), 8);
    tick(&mut x, |x| &mut x.clock).unwrap();
    // A store leaves at once, to be posted.
    let st = Instruction::Store {
        mode: MemMode::Plain,
        src0: reg(1),
        src1: reg(2),
        src2: reg(3),
    };
    assert_eq!(cycles_to_done(&mut x, st, false), 1);
    assert!(x.post.val() && x.request.req.val());
    tick(&mut x, |x| &mut x.clock).unwrap();
    // `ready` ends the task, without an error.
    assert_eq!(cycles_to_done(&mut x, Instruction::Ready, true), 1);
    assert!(x.finish.val() && !x.finish_fault.val());
    tick(&mut x, |x| &mut x.clock).unwrap();
    settle(&mut x).unwrap();
    assert!(!x.running.val());
}

#[test]
fn a_load_waits_for_its_grant_as_a_stall_and_leaves_with_its_byte() {
    let mut x = started();
    let ld = Instruction::Load {
        mode: MemMode::Plain,
        src0: reg(1),
        src1: reg(2),
        dst: reg(3),
    };
    for _ in 0..3 {
        present(&mut x, ld, false);
        assert!(x.request.req.val() && x.request.keep.val() && !x.advance.val());
        assert!(x.stalled.val(), "waiting for the grant");
        tick(&mut x, |x| &mut x.clock).unwrap();
    }
    present(&mut x, ld, false);
    x.request.gnt.next = true;
    x.port.keep.next = true;
    x.port.sync.next = false;
    x.port.write.next = false;
    settle(&mut x).unwrap();
    assert!(!x.advance.val() && !x.stalled.val());
    tick(&mut x, |x| &mut x.clock).unwrap();
    present(&mut x, ld, false);
    x.request.rdata.next = 0x5e.into();
    settle(&mut x).unwrap();
    assert!(
        x.advance.val() && !x.request.req.val(),
        "the cycle after the grant"
    );
    assert!(
        x.wb_en.val() && x.wb_val.val().index() == 0x5e,
        "with its byte"
    );
}

#[test]
fn errors_end_the_task_with_their_code() {
    // A load with mode bits 11: ILLEGAL_INSN, at once.
    let mut x = started();
    present(&mut x, Instruction::Ready, false);
    x.e.controls.next = controls(0xb0c0);
    x.e.mem.next = true;
    settle(&mut x).unwrap();
    assert!(x.finish.val() && x.finish_fault.val());
    assert_eq!(x.finish_code.val().index() as u64, FAULT_ILLEGAL_INSN);
    assert!(!x.request.keep.val(), "the access is withdrawn");

    // `ready` while holding a lock: ATOMIC_VIOLATION.
    let mut x = started();
    let ld_sync = Instruction::Load {
        mode: MemMode::Sync,
        src0: reg(1),
        src1: reg(2),
        dst: reg(3),
    };
    present(&mut x, ld_sync, false);
    x.request.gnt.next = true;
    x.port.keep.next = true;
    x.port.sync.next = true;
    x.port.write.next = false;
    settle(&mut x).unwrap();
    tick(&mut x, |x| &mut x.clock).unwrap();
    present(&mut x, ld_sync, false);
    assert!(x.advance.val() && x.locked_next.val());
    tick(&mut x, |x| &mut x.clock).unwrap();
    present(&mut x, Instruction::Ready, true);
    assert!(x.finish.val() && x.finish_fault.val());
    assert_eq!(x.finish_code.val().index() as u64, FAULT_ATOMIC_VIOLATION);
    assert!(!x.locked_next.val(), "the end drops the lock");
}

#[test]
fn a_stop_abandons_the_task() {
    let mut x = started();
    let mul = Instruction::Alu {
        op: AluOp::Mul,
        src0: reg(1),
        src1: reg(2),
        dst: reg(3),
    };
    present(&mut x, mul, false);
    x.stop.next = true;
    tick(&mut x, |x| &mut x.clock).unwrap();
    x.stop.next = false;
    settle(&mut x).unwrap();
    assert!(!x.running.val());
}
