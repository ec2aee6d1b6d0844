//! The run's status (MACHINE.md §7): the first error is kept. Errors of one cycle rank the
//! scheduler's own (`BAD_FENCE`, `TRUNCATED`, `NO_CORE`) first, then a core fault, then `TIMEOUT`.

use crate::codes::{status, Code, FAULT_ILLEGAL_INSN};
use gpu16_sim::run::ErrorCode;
use rust_hdl::prelude::*;

/// Keeps the first error of a run.
#[derive(LogicBlock, Default)]
pub struct ErrorLatch {
    pub clock: Signal<In, Clock>,
    /// Launch: forget the last run's status.
    pub clear: Signal<In, Bit>,
    /// A run is in progress (errors are taken only then).
    pub running: Signal<In, Bit>,
    /// This cycle's errors. `tp`: the frame pointer, reported by the scheduler's errors and
    /// `TIMEOUT`; a core fault reports its task's frame, its core and IP.
    pub bad_fence: Signal<In, Bit>,
    pub truncated: Signal<In, Bit>,
    pub no_core: Signal<In, Bit>,
    pub tp: Signal<In, Bits<7>>,
    pub fault: Signal<In, Bit>,
    /// The core's code (`crate::codes::FAULT_*`).
    pub fault_code: Signal<In, Bits<2>>,
    pub fault_frame: Signal<In, Bits<6>>,
    pub fault_core: Signal<In, Bits<4>>,
    pub fault_ip: Signal<In, Bits<4>>,
    pub timeout: Signal<In, Bit>,
    /// The status: code (`ErrorCode::hardware_code`, 0 ok), frame, core and IP.
    pub code: Signal<Out, Bits<3>>,
    pub frame: Signal<Out, Bits<7>>,
    pub core: Signal<Out, Bits<4>>,
    pub ip: Signal<Out, Bits<4>>,

    /// The status, held until the next launch.
    code_q: DFF<Bits<3>>,
    frame_q: DFF<Bits<7>>,
    core_q: DFF<Bits<4>>,
    ip_q: DFF<Bits<4>>,
    /// The codes it reports, and the one it tells a core's faults apart by.
    code_bad_fence: Code<{ status(ErrorCode::BadFence) }, 3>,
    code_truncated: Code<{ status(ErrorCode::Truncated) }, 3>,
    code_illegal_insn: Code<{ status(ErrorCode::IllegalInsn) }, 3>,
    code_atomic_violation: Code<{ status(ErrorCode::AtomicViolation) }, 3>,
    code_timeout: Code<{ status(ErrorCode::Timeout) }, 3>,
    code_no_core: Code<{ status(ErrorCode::NoCore) }, 3>,
    fault_illegal_insn: Code<FAULT_ILLEGAL_INSN, 2>,
}

impl Logic for ErrorLatch {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, code_q, frame_q, core_q, ip_q);
        if self.running.val() && !self.code_q.q.val().any() {
            if self.bad_fence.val() || self.truncated.val() || self.no_core.val() {
                if self.bad_fence.val() {
                    self.code_q.d.next = self.code_bad_fence.val();
                } else if self.truncated.val() {
                    self.code_q.d.next = self.code_truncated.val();
                } else {
                    self.code_q.d.next = self.code_no_core.val();
                }
                self.frame_q.d.next = self.tp.val();
            } else if self.fault.val() {
                if self.fault_code.val() == self.fault_illegal_insn.val() {
                    self.code_q.d.next = self.code_illegal_insn.val();
                } else {
                    self.code_q.d.next = self.code_atomic_violation.val();
                }
                self.frame_q.d.next = bit_cast::<7, 6>(self.fault_frame.val());
                self.core_q.d.next = self.fault_core.val();
                self.ip_q.d.next = self.fault_ip.val();
            } else if self.timeout.val() {
                self.code_q.d.next = self.code_timeout.val();
                self.frame_q.d.next = self.tp.val();
            }
        }
        if self.clear.val() {
            self.code_q.d.next = 0.into();
            self.frame_q.d.next = 0.into();
            self.core_q.d.next = 0.into();
            self.ip_q.d.next = 0.into();
        }
        self.code.next = self.code_q.q.val();
        self.frame.next = self.frame_q.q.val();
        self.core.next = self.core_q.q.val();
        self.ip.next = self.ip_q.q.val();
    }
}
