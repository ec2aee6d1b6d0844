//! The tasks in flight: which cores are busy, which of them run the `acq` task, the frame
//! each core's task came from; the starts of an IF and the timeline's record of each frame
//! handled.

use rust_hdl::prelude::*;

/// Cores.
const N: usize = gpu16_sim::frame::CORES;

/// Registers of the tasks started and not yet READY.
#[derive(LogicBlock, Default)]
pub struct Tasks {
    pub clock: Signal<In, Clock>,
    /// Launch: no task is in flight.
    pub launch: Signal<In, Bit>,
    /// TP, and this cycle's decision about the frame there ([`super::FrameDecision`]): a CF
    /// handled, with its mask; an IF handled, under `acq` or not, on the current CF's mask;
    /// the cores busy after this cycle's READYs.
    pub tp: Signal<In, Bits<6>>,
    pub cf_go: Signal<In, Bit>,
    pub cf_mask: Signal<In, Bits<16>>,
    pub if_go: Signal<In, Bit>,
    pub acquire: Signal<In, Bit>,
    pub mask: Signal<In, Bits<16>>,
    pub busy_now: Signal<In, Bits<16>>,
    /// Cores running a task; cores of the `acq` task in flight (0 if none).
    pub busy: Signal<Out, Bits<16>>,
    pub acq_mask: Signal<Out, Bits<16>>,
    /// No task is in flight after this cycle.
    pub idle_after: Signal<Out, Bit>,
    /// The cores to start now, on `start_frame` (the decision of last cycle).
    pub start: Signal<Out, Bits<16>>,
    pub start_frame: Signal<Out, Bits<6>>,
    /// The frame each core's task came from.
    pub core_frame: [Signal<Out, Bits<6>>; N],
    /// A frame was handled last cycle: IF or CF, which, its core mask.
    pub event_valid: Signal<Out, Bit>,
    pub event_if: Signal<Out, Bit>,
    pub event_frame: Signal<Out, Bits<6>>,
    pub event_mask: Signal<Out, Bits<16>>,

    busy_q: DFF<Bits<16>>,
    acq_mask_q: DFF<Bits<16>>,
    start_q: DFF<Bits<16>>,
    core_frame_q: [DFF<Bits<6>>; N],
    event_valid_q: DFF<Bit>,
    event_if_q: DFF<Bit>,
    /// The frame handled last cycle: the frame of the tasks it started.
    event_frame_q: DFF<Bits<6>>,
    event_mask_q: DFF<Bits<16>>,
}

impl Logic for Tasks {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            busy_q,
            acq_mask_q,
            start_q,
            event_valid_q,
            event_if_q,
            event_frame_q,
            event_mask_q
        );
        for i in 0..N {
            self.core_frame_q[i].clock.next = self.clock.val();
            self.core_frame_q[i].d.next = self.core_frame_q[i].q.val();
        }
        self.busy_q.d.next = self.busy_now.val();
        self.start_q.d.next = 0.into();
        self.event_valid_q.d.next = self.cf_go.val() || self.if_go.val();
        self.event_if_q.d.next = self.if_go.val();
        self.event_frame_q.d.next = self.tp.val();
        if self.cf_go.val() {
            self.event_mask_q.d.next = self.cf_mask.val();
        }
        if self.if_go.val() {
            self.start_q.d.next = self.mask.val();
            self.busy_q.d.next = self.busy_now.val() | self.mask.val();
            if self.acquire.val() {
                self.acq_mask_q.d.next = self.mask.val();
            } else {
                self.acq_mask_q.d.next = 0.into();
            }
            for i in 0..N {
                if self.mask.val().get_bit(i) {
                    self.core_frame_q[i].d.next = self.tp.val();
                }
            }
            self.event_mask_q.d.next = self.mask.val();
        }
        if self.launch.val() {
            self.busy_q.d.next = 0.into();
            self.acq_mask_q.d.next = 0.into();
            self.start_q.d.next = 0.into();
            self.event_valid_q.d.next = false;
        }

        self.busy.next = self.busy_q.q.val();
        self.acq_mask.next = self.acq_mask_q.q.val();
        self.idle_after.next =
            !(self.busy_now.val().any() || (self.if_go.val() && self.mask.val().any()));
        self.start.next = self.start_q.q.val();
        self.start_frame.next = self.event_frame_q.q.val();
        for i in 0..N {
            self.core_frame[i].next = self.core_frame_q[i].q.val();
        }
        self.event_valid.next = self.event_valid_q.q.val();
        self.event_if.next = self.event_if_q.q.val();
        self.event_frame.next = self.event_frame_q.q.val();
        self.event_mask.next = self.event_mask_q.q.val();
    }
}
