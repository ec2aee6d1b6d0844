//! The fence rules of SPEC §3 for an instruction frame.

use rust_hdl::prelude::*;

/// May the IF at TP be issued now?
///
/// - `no` (0) and `acq` (1): when none of its cores is busy;
/// - `rel` (2): when no task at all is in flight.
///
/// (`acq`'s other half — nothing after the task is handled until it completes — is the
/// scheduler's `acq_mask`.)
#[derive(LogicBlock, Default)]
pub struct FenceCheck {
    /// The fence of the current CF.
    pub fence: Signal<In, Bits<2>>,
    /// The IF's cores.
    pub mask: Signal<In, Bits<16>>,
    /// Cores busy with tasks in flight (READYs of this cycle already removed).
    pub busy: Signal<In, Bits<16>>,
    pub may_issue: Signal<Out, Bit>,
    /// The fence is `acq`.
    pub acquire: Signal<Out, Bit>,
}

impl Logic for FenceCheck {
    #[hdl_gen]
    fn update(&mut self) {
        if self.fence.val() == 2 {
            self.may_issue.next = !self.busy.val().any();
        } else {
            self.may_issue.next = !(self.mask.val() & self.busy.val()).any();
        }
        self.acquire.next = self.fence.val() == 1;
    }
}
