//! The walk through Task Memory: TP, the frame at TP held in registers, and the current CF's
//! fence, mask and IFs still to come.
//!
//! The frame at TP is kept in registers and the Task Memory always reads the frame after it:
//! a cycle that handles the frame at TP (`cf_go` or `if_go`) loads TP+1's from the Task
//! Memory's outputs and reads TP+2. Frames are handled one per cycle and no decision waits for
//! a block RAM's output. The run's first cycle only loads frame 0 (`primed` low); during the
//! launch's register zeroing the Task Memory reads frame 0.

use super::task_memory::TaskMemory;
use super::FrameAtTp;
use rust_hdl::prelude::*;

/// TP and the frame there.
#[derive(LogicBlock, Default)]
pub struct FrameWalk {
    pub clock: Signal<In, Clock>,
    /// Host write of TM task line `tm_line` (= 4·frame + k).
    pub tm_write: Signal<In, Bit>,
    pub tm_line: Signal<In, Bits<8>>,
    pub tm_data: Signal<In, Bits<64>>,
    /// Launch a run of `length` frames (1–64); the launch's register zeroing is under way; a
    /// run is on.
    pub launch: Signal<In, Bit>,
    pub length: Signal<In, Bits<7>>,
    pub zeroing: Signal<In, Bit>,
    pub running: Signal<In, Bit>,
    /// The cores this build has (MACHINE.md §1), a constant: bit i for core i.
    pub present: Signal<In, Bits<16>>,
    /// The frame at TP, for the decision, and its answer ([`FrameAtTp`]). The CF's mask keeps
    /// absent cores out of every register, so synthesis removes what would serve them.
    pub at_tp: FrameAtTp,
    /// TP.
    pub tp: Signal<Out, Bits<7>>,
    /// The frame at TP read as a CF: the 16 R0 values (core i's in bits 8i+7..8i).
    pub cf_r0: Signal<Out, Bits<128>>,
    /// No frame is left after this cycle.
    pub last: Signal<Out, Bit>,

    tm: TaskMemory,
    tp_q: DFF<Bits<7>>,
    left_q: DFF<Bits<7>>,
    primed_q: DFF<Bit>,
    /// The frame at TP: task line 0 (the CF's fields) and lines 2–3 (its R0 values); line 1
    /// is reserved in a CF and unused in an IF here (the cores hold the program).
    line0: DFF<Bits<64>>,
    line2: DFF<Bits<64>>,
    line3: DFF<Bits<64>>,
    ifs_left_q: DFF<Bits<6>>,
    fence_q: DFF<Bits<2>>,
    mask_q: DFF<Bits<16>>,
    /// The frame at TP is handled now.
    go: Signal<Local, Bit>,
    /// The CF's `Core_Active_Vect`, as task line 0 holds it.
    named: Signal<Local, Bits<16>>,
    /// The frame the Task Memory reads: the one after TP (TP+2 if TP is handled now), from
    /// registers but for one multiplexer.
    read_frame: Signal<Local, Bits<6>>,
}

impl Logic for FrameWalk {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, tp_q, left_q, primed_q, line0, line2, line3, ifs_left_q, fence_q, mask_q
        );
        self.go.next = self.at_tp.cf_go.val() || self.at_tp.if_go.val();
        self.named.next = self.line0.q.val().get_bits::<16>(16);
        self.read_frame.next = self.tp_q.q.val().get_bits::<6>(0) + 1;
        if self.at_tp.cf_go.val() {
            self.mask_q.d.next = self.named.val() & self.present.val();
            self.fence_q.d.next = self.line0.q.val().get_bits::<2>(6);
            self.ifs_left_q.d.next = self.line0.q.val().get_bits::<6>(0);
        }
        if self.at_tp.if_go.val() {
            self.ifs_left_q.d.next = self.ifs_left_q.q.val() - 1;
        }
        if self.go.val() || !self.primed_q.q.val() {
            // The frame read last cycle (TP+1, or frame 0 in the run's first cycle) becomes
            // the frame at TP.
            self.line0.d.next = self.tm.line0.val();
            self.line2.d.next = self.tm.line2.val();
            self.line3.d.next = self.tm.line3.val();
        }
        if self.go.val() {
            self.read_frame.next = self.tp_q.q.val().get_bits::<6>(0) + 2;
            self.tp_q.d.next = self.tp_q.q.val() + 1;
            self.left_q.d.next = self.left_q.q.val() - 1;
        }
        self.primed_q.d.next = self.running.val();
        if self.zeroing.val() {
            self.read_frame.next = 0.into();
        }
        if self.launch.val() {
            self.tp_q.d.next = 0.into();
            self.left_q.d.next = self.length.val();
            self.primed_q.d.next = false;
            self.ifs_left_q.d.next = 0.into();
            self.read_frame.next = 0.into();
        }

        self.tm.clock.next = self.clock.val();
        self.tm.write_enable.next = self.tm_write.val();
        self.tm.write_line.next = self.tm_line.val();
        self.tm.write_data.next = self.tm_data.val();
        self.tm.read_frame.next = self.read_frame.val();

        self.tp.next = self.tp_q.q.val();
        self.at_tp.left.next = self.left_q.q.val();
        self.at_tp.primed.next = self.primed_q.q.val();
        self.at_tp.if_num.next = self.line0.q.val().get_bits::<6>(0);
        self.at_tp.cf_fence.next = self.line0.q.val().get_bits::<2>(6);
        self.at_tp.cf_mask.next = self.named.val() & self.present.val();
        self.at_tp.cf_absent.next = (self.named.val() & !self.present.val()).any();
        self.at_tp.cf_init.next = self.line0.q.val().get_bits::<16>(32);
        self.cf_r0.next = (bit_cast::<128, 64>(self.line3.q.val()) << 64)
            | bit_cast::<128, 64>(self.line2.q.val());
        self.at_tp.ifs_left.next = self.ifs_left_q.q.val();
        self.at_tp.fence.next = self.fence_q.q.val();
        self.at_tp.mask.next = self.mask_q.q.val();
        self.last.next =
            !self.left_q.q.val().any() || (self.go.val() && (self.left_q.q.val() == 1));
    }
}
