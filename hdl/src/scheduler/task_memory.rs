//! Task Memory (SPEC §2): 64 frames of four 64-bit task lines, in four block RAMs (one per
//! task line) so that a whole frame is read in one cycle.
//!
//! The RAMs are [`BlockRam`]s: no word is read in the cycle it is written, since the host
//! writes Task Memory only while the GPU is idle, at least 4 cycles before `launch`, and the
//! scheduler uses what it reads only during a run.

use rust_hdl::prelude::*;

use crate::block_ram::BlockRam;

/// The Task Memory: host writes task lines, the scheduler reads frames.
#[derive(LogicBlock, Default)]
pub struct TaskMemory {
    pub clock: Signal<In, Clock>,
    /// Host write of task line `write_line` (= 4·frame + k) with `write_data`.
    pub write_enable: Signal<In, Bit>,
    pub write_line: Signal<In, Bits<8>>,
    pub write_data: Signal<In, Bits<64>>,
    /// The frame to read; its task lines are on `line0..3` the next cycle.
    pub read_frame: Signal<In, Bits<6>>,
    pub line0: Signal<Out, Bits<64>>,
    pub line1: Signal<Out, Bits<64>>,
    pub line2: Signal<Out, Bits<64>>,
    pub line3: Signal<Out, Bits<64>>,
    /// Task line k of each of the 64 frames.
    lines: [BlockRam<64, 6>; 4],
}

impl Logic for TaskMemory {
    #[hdl_gen]
    fn update(&mut self) {
        for k in 0..4 {
            self.lines[k].clock.next = self.clock.val();
            self.lines[k].read_address.next = self.read_frame.val();
            self.lines[k].write_address.next = self.write_line.val().get_bits::<6>(2);
            self.lines[k].write_data.next = self.write_data.val();
            self.lines[k].write_enable.next =
                self.write_enable.val() && (self.write_line.val().get_bits::<2>(0).index() == k);
        }
        self.line0.next = self.lines[0].read_data.val();
        self.line1.next = self.lines[1].read_data.val();
        self.line2.next = self.lines[2].read_data.val();
        self.line3.next = self.lines[3].read_data.val();
    }
}
