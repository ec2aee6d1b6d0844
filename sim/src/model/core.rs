//! One core of MACHINE.md §4: registers, instruction memory, IP, and the atomic-sequence rules a
//! core checks locally (MACHINE.md §6–§7).

use super::shared_mem::{Access, Request};
use crate::frame::IF_INSNS;
use crate::isa::{decode, mul_high, sm, AluOp, Decoded, Instruction, MemMode, Reg};
use crate::run::ErrorCode;

/// What a core wants to do this cycle.
pub enum Plan {
    /// Execute an instruction that needs no memory.
    Local(Instruction),
    /// Execute a memory instruction once its bank grants the request.
    Memory(Instruction, Request),
    /// Finish the task with an error, without executing the instruction.
    Fault(ErrorCode),
}

/// What executing an instruction did to the task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The task goes on at the new IP.
    Continue,
    /// The task finished (`ready`, or IP 15 without a taken branch).
    Finish,
    /// The task finished while holding a lock: `ATOMIC_VIOLATION`.
    FinishLocked,
}

/// The architectural state of a core.
#[derive(Clone, Debug, Default)]
pub struct Core {
    /// This core's number (what `set_const` writes to r0–r7).
    pub id: u8,
    pub rf: [u8; 16],
    pub imem: [u16; IF_INSNS],
    pub ip: u8,
    /// Running a task.
    pub busy: bool,
    /// The address this core has locked with `ld_sync`, until its `st_sync`.
    pub lock: Option<u16>,
    /// The timeline event (and frame) of the task it runs.
    pub task_event: usize,
    pub task_frame: u8,
}

impl Core {
    /// Decides what the instruction at IP does this cycle.
    pub fn plan(&self) -> Plan {
        let insn = match decode(self.imem[self.ip as usize]) {
            Decoded::Legal(insn) => insn,
            Decoded::Illegal { .. } => return Plan::Fault(ErrorCode::IllegalInsn),
        };
        let in_sequence = self.lock.is_some();
        let addr = |src0: Reg, src1: Reg| sm::address(self.rf[src0.index()], self.rf[src1.index()]);
        match insn {
            Instruction::Ready if in_sequence => Plan::Fault(ErrorCode::AtomicViolation),
            Instruction::Load {
                mode, src0, src1, ..
            } => {
                if in_sequence {
                    return Plan::Fault(ErrorCode::AtomicViolation);
                }
                let access = match mode {
                    MemMode::Plain => Access::Load,
                    MemMode::Sync => Access::LoadSync,
                };
                Plan::Memory(
                    insn,
                    Request {
                        addr: addr(src0, src1),
                        access,
                    },
                )
            }
            Instruction::Store {
                mode,
                src0,
                src1,
                src2,
            } => {
                let a = addr(src0, src1);
                let v = self.rf[src2.index()];
                let access = match mode {
                    MemMode::Plain if !in_sequence => Access::Store(v),
                    MemMode::Sync if self.lock == Some(a) => Access::StoreSync(v),
                    _ => return Plan::Fault(ErrorCode::AtomicViolation),
                };
                Plan::Memory(insn, Request { addr: a, access })
            }
            _ => Plan::Local(insn),
        }
    }

    /// Executes `insn` (`mem` is the byte a granted memory access read or wrote) and advances
    /// IP (which stays on the instruction if the task finishes).
    pub fn execute(&mut self, insn: Instruction, request: Option<Request>, mem: u8) -> Outcome {
        let rf = &mut self.rf;
        let mut next = self.ip as usize + 1;
        match insn {
            Instruction::Nop | Instruction::Store { .. } | Instruction::Ready => {}
            Instruction::Alu {
                op,
                src0,
                src1,
                dst,
            } => {
                let (a, b) = (rf[src0.index()], rf[src1.index()]);
                rf[dst.index()] = op.apply(a, b);
                if op == AluOp::Mul {
                    rf[(dst.index() + 1) % 16] = mul_high(a, b);
                }
            }
            Instruction::Shift {
                dir,
                src0,
                imm,
                dst,
            } => rf[dst.index()] = dir.apply(rf[src0.index()], imm),
            Instruction::Load { dst, .. } => rf[dst.index()] = mem,
            Instruction::SetConst { value, dst } => {
                rf[dst.index()] = if dst.index() < 8 { self.id } else { value }
            }
            Instruction::Bnz { src0, target } => {
                if rf[src0.index()] != 0 {
                    next = target as usize;
                }
            }
        }
        match request.map(|r| r.access) {
            Some(Access::LoadSync) => self.lock = request.map(|r| r.addr),
            Some(Access::StoreSync(_)) => self.lock = None,
            _ => {}
        }
        if insn == Instruction::Ready || next == IF_INSNS {
            if self.lock.is_some() {
                Outcome::FinishLocked
            } else {
                Outcome::Finish
            }
        } else {
            self.ip = next as u8;
            Outcome::Continue
        }
    }
}
