//! The core's READY output, from flip-flops.
//!
//! READY goes from every core into the scheduler's decision, across the die. Signalled
//! straight from E's logic it carried E's decode, the done and fault logic and the atomic
//! check into that path. This port signals it from registers instead:
//!
//! - the usual end of a task is foreseen a cycle ahead by the core (`ends_next`: next cycle
//!   E holds `ready`, or a one-cycle instruction at IP 15, and no store is posted), so it is
//!   signalled in the cycle it happens, with `ATOMIC_VIOLATION` if the core then holds a
//!   lock (`ready` or the end of the task inside an atomic sequence);
//! - any other end (a faulting instruction; a load, store, `mul`, `div` or `bnz` at IP 15) is
//!   signalled the cycle after it, with its fault, code and IP.

use crate::codes::{Code, FAULT_ATOMIC_VIOLATION};
use rust_hdl::prelude::*;

/// READY, fault, code and IP from flip-flops.
#[derive(LogicBlock, Default)]
pub struct ReadyPort {
    pub clock: Signal<In, Clock>,
    /// Launch: nothing is signalled next cycle.
    pub clear: Signal<In, Bit>,
    /// The run was stopped: no task runs next cycle.
    pub halt: Signal<In, Bit>,
    /// The task ends this cycle, with a core error or not, its code and the IP in E.
    pub finish: Signal<In, Bit>,
    pub finish_fault: Signal<In, Bit>,
    pub finish_code: Signal<In, Bits<2>>,
    pub e_ip: Signal<In, Bits<4>>,
    /// The task will end next cycle (the core's foresight; it must be right), and the core
    /// will hold a lock then.
    pub ends_next: Signal<In, Bit>,
    pub locked_next: Signal<In, Bit>,
    /// READY with its fault, code (`crate::codes::FAULT_*`) and IP: in the cycle of a foreseen
    /// end, else the
    /// cycle after the end.
    pub ready: Signal<Out, Bit>,
    pub fault: Signal<Out, Bit>,
    pub fault_code: Signal<Out, Bits<2>>,
    pub fault_ip: Signal<Out, Bits<4>>,
    /// A foreseen end this cycle, with a lock held.
    early: DFF<Bit>,
    early_fault: DFF<Bit>,
    /// An end last cycle that was not foreseen, with its fault, code and IP.
    late: DFF<Bit>,
    late_fault: DFF<Bit>,
    late_code: DFF<Bits<2>>,
    late_ip: DFF<Bits<4>>,
    fault_atomic_violation: Code<FAULT_ATOMIC_VIOLATION, 2>,
}

impl Logic for ReadyPort {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            early,
            early_fault,
            late,
            late_fault,
            late_code,
            late_ip
        );
        self.early.d.next = self.ends_next.val() && !self.clear.val() && !self.halt.val();
        self.early_fault.d.next = self.locked_next.val();
        self.late.d.next = self.finish.val() && !self.early.q.val() && !self.clear.val();
        self.late_fault.d.next = self.finish_fault.val();
        self.late_code.d.next = self.finish_code.val();
        self.late_ip.d.next = self.e_ip.val();
        self.ready.next = self.early.q.val() || self.late.q.val();
        if self.late.q.val() {
            self.fault.next = self.late_fault.q.val();
            self.fault_code.next = self.late_code.q.val();
            self.fault_ip.next = self.late_ip.q.val();
        } else {
            // A foreseen end faults only on a lock held: ATOMIC_VIOLATION.
            self.fault.next = self.early.q.val() && self.early_fault.q.val();
            self.fault_code.next = self.fault_atomic_violation.val();
            self.fault_ip.next = self.e_ip.val();
        }
    }
}
