//! Task Memory (MACHINE.md §2) as the scheduler reads it: 64 frames, each read whole in one cycle.
//!
//! The scheduler needs three of a frame's four task lines: line 0 (a CF's IF_Num, fence,
//! mask and Init_R0 mask) and lines 2–3 (its 16 R0 values). Line 1 is reserved in a CF, and
//! an IF's instructions reach the cores' program memories as the host writes them
//! ([`crate::program_writer::ProgramWriter`]), so the scheduler keeps no copy of line 1.
//! Each kept line is a block RAM of its own.
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
    /// The frame to read; its task lines 0, 2 and 3 are on `line0`, `line2`, `line3` the next
    /// cycle.
    pub read_frame: Signal<In, Bits<6>>,
    pub line0: Signal<Out, Bits<64>>,
    pub line2: Signal<Out, Bits<64>>,
    pub line3: Signal<Out, Bits<64>>,
    /// Task line 0, 2 and 3 of each of the 64 frames.
    lines: [BlockRam<64, 6>; 3],
    /// Which task line of its frame the host writes.
    k: Signal<Local, Bits<2>>,
}

impl Logic for TaskMemory {
    #[hdl_gen]
    fn update(&mut self) {
        self.k.next = self.write_line.val().get_bits::<2>(0);
        for i in 0..3 {
            self.lines[i].clock.next = self.clock.val();
            self.lines[i].read_address.next = self.read_frame.val();
            self.lines[i].write_address.next = self.write_line.val().get_bits::<6>(2);
            self.lines[i].write_data.next = self.write_data.val();
        }
        self.lines[0].write_enable.next = self.write_enable.val() && (self.k.val() == 0);
        self.lines[1].write_enable.next = self.write_enable.val() && (self.k.val() == 2);
        self.lines[2].write_enable.next = self.write_enable.val() && (self.k.val() == 3);
        self.line0.next = self.lines[0].read_data.val();
        self.line2.next = self.lines[1].read_data.val();
        self.line3.next = self.lines[2].read_data.val();
    }
}
