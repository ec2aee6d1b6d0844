//! The frame at TP, from the walk ([`super::FrameWalk`]) to the decision
//! ([`super::FrameDecision`]), and the decision back: the one connection between the two,
//! joined in one line in the scheduler.
//!
//! | signal | width | from | meaning |
//! |---|---|---|---|
//! | `primed` | 1 | walk | frame 0 has been loaded (the run's first cycle only loads it) |
//! | `left` | 7 | walk | frames from TP to the end (L − TP) |
//! | `if_num`, `cf_fence`, `cf_mask`, `cf_absent`, `cf_init` | 6, 2, 16, 1, 16 | walk | the frame at TP read as a CF: `IF_Num`, fence, mask of the cores present, whether it names an absent core, the cores whose R0 it sets |
//! | `ifs_left`, `fence`, `mask` | 6, 2, 16 | walk | the current CF's IFs still to come (0: the frame at TP is a CF), fence and mask |
//! | `cf_go`, `if_go` | 1, 1 | decision | the frame at TP is handled now, as a CF / as an IF: the walk moves on at the edge |
//!
//! Everything the walk sends is from registers; the decision's answer goes back in the same
//! cycle.

use rust_hdl::prelude::*;

/// The walk's side.
#[derive(LogicInterface, Default)]
#[join = "FrameAtTpTarget"]
pub struct FrameAtTp {
    pub primed: Signal<Out, Bit>,
    pub left: Signal<Out, Bits<7>>,
    pub if_num: Signal<Out, Bits<6>>,
    pub cf_fence: Signal<Out, Bits<2>>,
    pub cf_mask: Signal<Out, Bits<16>>,
    pub cf_absent: Signal<Out, Bit>,
    pub cf_init: Signal<Out, Bits<16>>,
    pub ifs_left: Signal<Out, Bits<6>>,
    pub fence: Signal<Out, Bits<2>>,
    pub mask: Signal<Out, Bits<16>>,
    pub cf_go: Signal<In, Bit>,
    pub if_go: Signal<In, Bit>,
}

/// The decision's side.
#[derive(LogicInterface, Default)]
#[join = "FrameAtTp"]
pub struct FrameAtTpTarget {
    pub primed: Signal<In, Bit>,
    pub left: Signal<In, Bits<7>>,
    pub if_num: Signal<In, Bits<6>>,
    pub cf_fence: Signal<In, Bits<2>>,
    pub cf_mask: Signal<In, Bits<16>>,
    pub cf_absent: Signal<In, Bit>,
    pub cf_init: Signal<In, Bits<16>>,
    pub ifs_left: Signal<In, Bits<6>>,
    pub fence: Signal<In, Bits<2>>,
    pub mask: Signal<In, Bits<16>>,
    pub cf_go: Signal<Out, Bit>,
    pub if_go: Signal<Out, Bit>,
}
