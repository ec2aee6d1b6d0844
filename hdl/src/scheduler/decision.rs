//! The decision about the frame at TP, made every cycle: handle it (a CF: take its fence,
//! mask and R0 values; an IF: start its task on its cores), stop at it (a bad CF: fence 3,
//! truncated, or naming a core the build lacks), or let it
//! wait for the cores whose tasks hold it back.
//!
//! Everything about the frame is worked out from the scheduler's registers first: whether the
//! walk may go on at all, whether a CF is bad, and `waits_for`, the cores whose tasks hold
//! the frame back (for a CF an `acq` task's and its R0 targets; for an IF its fence's cores,
//! [`FenceCheck`]). The cores' READY and faults then meet one AND-OR,
//! `holds = (waits_for & busy & !ready) | (fault & ready)`, and the frame is handled when no
//! bit of `holds` is set.

use super::fence::FenceCheck;
use super::FrameAtTpTarget;
use rust_hdl::prelude::*;

/// Combinational.
#[derive(LogicBlock, Default)]
pub struct FrameDecision {
    /// The scheduler's state: a run is on; the walk was stopped (an error); the cycle limit is
    /// reached now.
    pub running: Signal<In, Bit>,
    pub stopped: Signal<In, Bit>,
    pub timeout: Signal<In, Bit>,
    /// The frame at TP from the walk, and the answer: it is handled now, as a CF / an IF
    /// ([`FrameAtTpTarget`]).
    pub at_tp: FrameAtTpTarget,
    /// Cores of the `acq` task in flight; cores running a task.
    pub acq_mask: Signal<In, Bits<16>>,
    pub busy: Signal<In, Bits<16>>,
    /// The cores' READY this cycle, and which of them fault.
    pub ready: Signal<In, Bits<16>>,
    pub fault: Signal<In, Bits<16>>,
    /// Cores faulting now; cores busy after this cycle's READYs.
    pub faults: Signal<Out, Bits<16>>,
    pub busy_now: Signal<Out, Bits<16>>,
    /// The cores whose R0 the CF at TP initialises.
    pub cf_targets: Signal<Out, Bits<16>>,
    /// The current fence is `acq`.
    pub acquire: Signal<Out, Bit>,
    /// The CF at TP is reported now as `BAD_FENCE` / `TRUNCATED` / `NO_CORE` (one at most,
    /// in that order).
    pub bad_fence: Signal<Out, Bit>,
    pub truncated: Signal<Out, Bit>,
    pub no_core: Signal<Out, Bit>,
    /// Per core: it holds the frame back this cycle, or it faults (no frame is handled after
    /// an error).
    pub holds: Signal<Out, Bits<16>>,
    fence_check: FenceCheck,
    /// The walk may go on this cycle as far as the registers tell.
    walk_ok: Signal<Local, Bit>,
    frame_ok: Signal<Local, Bit>,
    is_cf: Signal<Local, Bit>,
    /// The CF at TP names fence 3 / an IF_Num past the last frame / either, or an absent core.
    fence3: Signal<Local, Bit>,
    past_end: Signal<Local, Bit>,
    bad_cf: Signal<Local, Bit>,
    /// The cores whose tasks hold the frame at TP back (from registers).
    waits_for: Signal<Local, Bits<16>>,
}

impl Logic for FrameDecision {
    #[hdl_gen]
    fn update(&mut self) {
        // A fault this cycle already stops issue this cycle (MACHINE.md §7: no new frame after an
        // error), although the faulting core's READY frees it.
        self.faults.next = self.fault.val() & self.ready.val();
        self.busy_now.next = self.busy.val() & !self.ready.val();
        self.walk_ok.next = self.running.val()
            && self.at_tp.primed.val()
            && !self.stopped.val()
            && !self.timeout.val()
            && self.at_tp.left.val().any();
        self.is_cf.next = !self.at_tp.ifs_left.val().any();
        self.cf_targets.next = self.at_tp.cf_init.val() & self.at_tp.cf_mask.val();
        self.fence3.next = self.at_tp.cf_fence.val() == 3;
        // TP + IF_Num >= L, as IF_Num >= L - TP: one comparison of registers.
        self.past_end.next = bit_cast::<7, 6>(self.at_tp.if_num.val()) >= self.at_tp.left.val();
        self.bad_cf.next = self.fence3.val() || self.past_end.val() || self.at_tp.cf_absent.val();
        self.fence_check.fence.next = self.at_tp.fence.val();
        self.fence_check.mask.next = self.at_tp.mask.val();
        self.acquire.next = self.fence_check.acquire.val();
        // An IF after an `acq` IF is of the same CF, under the same fence and mask: its own
        // cores are the `acq` task's, so only a CF needs `acq_mask`.
        if self.is_cf.val() {
            self.waits_for.next = self.acq_mask.val() | self.cf_targets.val();
        } else {
            self.waits_for.next = self.fence_check.waits_for.val();
        }
        self.holds.next = (self.waits_for.val() & self.busy_now.val()) | self.faults.val();
        // A bad CF is reported once no `acq` task holds the scheduler; it does not wait for
        // its R0 targets (docs/ARCHITECTURE.md, reading 2).
        self.frame_ok.next = self.walk_ok.val()
            && !self.faults.val().any()
            && !(self.acq_mask.val() & self.busy_now.val()).any();
        self.bad_fence.next = self.frame_ok.val() && self.is_cf.val() && self.fence3.val();
        self.truncated.next =
            self.frame_ok.val() && self.is_cf.val() && !self.fence3.val() && self.past_end.val();
        self.no_core.next = self.frame_ok.val()
            && self.is_cf.val()
            && !self.fence3.val()
            && !self.past_end.val()
            && self.at_tp.cf_absent.val();
        self.at_tp.cf_go.next =
            self.walk_ok.val() && self.is_cf.val() && !self.bad_cf.val() && !self.holds.val().any();
        self.at_tp.if_go.next = self.walk_ok.val() && !self.is_cf.val() && !self.holds.val().any();
    }
}
