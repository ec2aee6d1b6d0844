//! The execute stage's control: when the instruction in E is done, when the task ends and
//! whether with a fault, wired to E's memory access ([`MemoryAccess`]) and the units and
//! write-back ([`Results`]).
//!
//! E's instruction is done when it faults, when a store leaves (posted), a load's byte
//! arrives, the divider is done, a `mul` writes its high byte, or at once for the rest; an
//! instruction that waits for a posted store does nothing. The task ends when its last
//! instruction (`ready`, or at IP 15 unless a taken `bnz`) is done, or at a fault; ending
//! with a lock still held is `ATOMIC_VIOLATION`.

use super::{EStageTarget, MemoryAccess, PortView, Results};
use crate::codes::{Code, FAULT_ATOMIC_VIOLATION, FAULT_ILLEGAL_INSN};
use crate::sm_port::SmPort;
use rust_hdl::prelude::*;

/// E's control, its memory access and the execute units.
#[derive(LogicBlock, Default)]
pub struct Execute {
    pub clock: Signal<In, Clock>,
    pub core_id: Signal<In, Bits<4>>,
    /// A task starts now; the task is abandoned (clear or halt).
    pub start: Signal<In, Bit>,
    pub stop: Signal<In, Bit>,
    /// E, from the fetch ([`EStageTarget`]), passed on whole to the memory access and the
    /// units.
    pub e: EStageTarget,
    /// E's access, for the memory port ([`super::MemoryPort`]), which passes back the
    /// shared memory's grant and a load's byte; a store that leaves E now.
    pub request: SmPort,
    pub post: Signal<Out, Bit>,
    /// What the memory port presents now ([`PortView`]).
    pub port: PortView,
    /// The scheduler's register write (only while idle).
    pub init_write: Signal<In, Bit>,
    pub init_reg: Signal<In, Bits<4>>,
    pub init_value: Signal<In, Bits<8>>,
    /// The register file's write port, and the write-back forwarded to the fetch.
    pub we: Signal<Out, Bit>,
    pub wa: Signal<Out, Bits<4>>,
    pub wd: Signal<Out, Bits<8>>,
    pub wb_en: Signal<Out, Bit>,
    pub wb_dst: Signal<Out, Bits<4>>,
    pub wb_val: Signal<Out, Bits<8>>,
    /// A task is running; E takes the fetched instruction at the end of this cycle.
    pub running: Signal<Out, Bit>,
    pub advance: Signal<Out, Bit>,
    /// The task ends this cycle, with a core error (`finish_fault`) of `finish_code`
    /// (`crate::codes::FAULT_*`); the core holds a lock after this cycle.
    pub finish: Signal<Out, Bit>,
    pub finish_fault: Signal<Out, Bit>,
    pub finish_code: Signal<Out, Bits<2>>,
    pub locked_next: Signal<Out, Bit>,
    /// Performance events: an instruction retires; E waits on memory (for a grant, its own or
    /// the posted store's before it, or for a final store's last cycle; a load's data cycle
    /// is its fixed cost, not a wait).
    pub retired: Signal<Out, Bit>,
    pub stalled: Signal<Out, Bit>,

    access: MemoryAccess,
    results: Results,
    running_q: DFF<Bit>,
    fault_illegal_insn: Code<FAULT_ILLEGAL_INSN, 2>,
    fault_atomic_violation: Code<FAULT_ATOMIC_VIOLATION, 2>,
    e_done: Signal<Local, Bit>,
    finish_ok: Signal<Local, Bit>,
}

impl Logic for Execute {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, running_q);

        // ---- the memory access, and the faults ----
        SmPort::link(&mut self.request, &mut self.access.request);
        self.access.clock.next = self.clock.val();
        EStageTarget::link(&mut self.e, &mut self.access.e);
        PortView::link(&mut self.port, &mut self.access.port);
        self.access.stop.next = self.stop.val();

        // ---- is E done this cycle? does the task end? ----
        self.e_done.next = false;
        if self.e.valid.val() && !self.access.port_wait.val() {
            if self.access.fault.val() || self.access.post.val() {
                self.e_done.next = true;
            } else if self.e.mem.val() {
                self.e_done.next = self.access.granted.val();
            } else if self.e.controls.val().is_div {
                self.e_done.next = self.results.div_done.val();
            } else if self.e.controls.val().is_mul {
                self.e_done.next = self.results.mul_done.val();
            } else {
                self.e_done.next = true;
            }
        }
        // `taken` implies `bnz`, not `ready`: a taken branch in E with `last` is at IP 15.
        self.finish_ok.next = self.e_done.val()
            && !self.access.fault.val()
            && self.e.last.val()
            && !self.e.taken.val();
        self.finish.next = self.access.fault.val() || self.finish_ok.val();
        self.access.finish.next = self.finish.val();
        // A task that ends holding a lock (its last instruction is not the `st_sync`).
        self.finish_fault.next = self.access.fault.val()
            || (self.finish_ok.val()
                && self.access.locked.val()
                && !(self.request.write.val() && self.request.sync.val() && self.e_done.val()));
        if self.access.illegal.val() {
            self.finish_code.next = self.fault_illegal_insn.val();
        } else {
            self.finish_code.next = self.fault_atomic_violation.val();
        }
        self.advance.next = self.start.val()
            || (self.running_q.q.val() && (!self.e.valid.val() || self.e_done.val()));
        if self.advance.val() {
            self.running_q.d.next = !self.finish.val();
        }
        if self.stop.val() {
            self.running_q.d.next = false;
        }

        // ---- the units and the write-back ----
        self.results.clock.next = self.clock.val();
        self.results.core_id.next = self.core_id.val();
        EStageTarget::link(&mut self.e, &mut self.results.e);
        self.results.held.next = self.access.port_wait.val();
        self.results.stop.next = self.stop.val();
        self.results.done.next = self.e_done.val();
        self.results.fault.next = self.access.fault.val();
        self.results.rdata.next = self.access.load_data.val();
        self.results.init_write.next = self.init_write.val();
        self.results.init_reg.next = self.init_reg.val();
        self.results.init_value.next = self.init_value.val();

        // ---- outputs ----
        self.post.next = self.access.post.val();
        self.we.next = self.results.we.val();
        self.wa.next = self.results.wa.val();
        self.wd.next = self.results.wd.val();
        self.wb_en.next = self.results.wb_en.val();
        self.wb_dst.next = self.results.wb_dst.val();
        self.wb_val.next = self.results.wb_val.val();
        self.running.next = self.running_q.q.val();
        self.locked_next.next = self.access.locked_next.val();
        self.retired.next = self.e_done.val() && !self.access.fault.val();
        self.stalled.next = self.access.port_wait.val()
            || (self.request.keep.val() && !self.access.post.val() && !self.request.gnt.val())
            || (self.access.granted.val() && self.request.write.val());
    }
}
