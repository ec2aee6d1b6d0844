//! The fence rules of MACHINE.md §3 for an instruction frame.

use rust_hdl::prelude::*;

/// Which cores' tasks must be done before the IF at TP may be issued?
///
/// - `no` (0) and `acq` (1): its own cores;
/// - `rel` (2): every core (no task at all may be in flight).
///
/// The answer is a mask made from the scheduler's registers alone; the scheduler ANDs it with
/// the cores busy after this cycle's READYs, so READY meets one AND-OR and no fence decode.
///
/// (`acq`'s other half — nothing after the task is handled until it completes — is the
/// scheduler's `acq_mask`.)
#[derive(LogicBlock, Default)]
pub struct FenceCheck {
    /// The fence of the current CF.
    pub fence: Signal<In, Bits<2>>,
    /// The IF's cores.
    pub mask: Signal<In, Bits<16>>,
    /// The cores whose tasks the IF waits for: it may be issued when none of them is busy.
    pub waits_for: Signal<Out, Bits<16>>,
    /// The fence is `acq`.
    pub acquire: Signal<Out, Bit>,
}

impl Logic for FenceCheck {
    #[hdl_gen]
    fn update(&mut self) {
        if self.fence.val() == 2 {
            self.waits_for.next = 0xFFFF.into();
        } else {
            self.waits_for.next = self.mask.val();
        }
        self.acquire.next = self.fence.val() == 1;
    }
}
