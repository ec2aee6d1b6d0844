//! The program writer: turns the host's Task Memory writes into the words of every core's
//! program memory ([`crate::core::ProgramMemory`]), with the flags the fetch reads beside
//! each word.
//!
//! - A task line `4·frame + k` holds instructions 4k..4k+3 (instruction 4k+j in bits
//!   16j+15:16j). The writer registers the line and writes its four words in the next four
//!   cycles, one per cycle (a block RAM has one write port), into every core at once, at
//!   address `{frame, IP}`. The host writes a line at most every 4th cycle and launches at
//!   least 4 cycles after the last; a line written sooner replaces the rest of the one
//!   before.
//! - Each word is written as `{loop?, load or store?, word}`: bit 16, `ld` or `st`; bit 17, a
//!   `bnz` whose target (bits 7:4) is its own IP or before.
//!   Configuration frames are written too: no core ever fetches them.

use crate::core::Decode;
use rust_hdl::prelude::*;

/// Cycles a task line takes to write: the host writes lines (and launches after the last) at
/// least this many cycles apart.
pub const LINE_CYCLES: usize = 4;

/// Task lines in, program words out.
#[derive(LogicBlock, Default)]
pub struct ProgramWriter {
    pub clock: Signal<In, Clock>,
    /// Host write of task line `line` (= 4·frame + k) with `data`.
    pub line_write: Signal<In, Bit>,
    pub line: Signal<In, Bits<8>>,
    pub data: Signal<In, Bits<64>>,
    /// Write `word` (`{loop?, load or store?, word}`) at `address` = `{frame, IP}`.
    pub write: Signal<Out, Bit>,
    pub address: Signal<Out, Bits<10>>,
    pub word: Signal<Out, Bits<18>>,
    /// The line being written: its number, its words not yet written (the next in bits
    /// 15:0), how many are left, and which is next (j).
    line_q: DFF<Bits<8>>,
    words: DFF<Bits<64>>,
    left: DFF<Bits<3>>,
    j: DFF<Bits<2>>,
    /// The word written now and its IP.
    w: Signal<Local, Bits<16>>,
    ip: Signal<Local, Bits<4>>,
    /// Its instruction, and its flags: a load or a store; a loop's `bnz`.
    flags_decode: Decode,
    is_mem: Signal<Local, Bit>,
    is_loop: Signal<Local, Bit>,
}

impl Logic for ProgramWriter {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, line_q, words, left, j);
        self.w.next = self.words.q.val().get_bits::<16>(0);
        self.ip.next = (bit_cast::<4, 2>(self.line_q.q.val().get_bits::<2>(0)) << 2)
            | bit_cast::<4, 2>(self.j.q.val());
        self.write.next = self.left.q.val().any();
        self.address.next = (bit_cast::<10, 6>(self.line_q.q.val().get_bits::<6>(2)) << 4)
            | bit_cast::<10, 4>(self.ip.val());
        self.flags_decode.word.next = self.w.val();
        self.is_mem.next = self.flags_decode.controls.val().is_mem;
        self.is_loop.next = self.flags_decode.controls.val().is_bnz
            && (self.flags_decode.controls.val().target <= self.ip.val());
        self.word.next = (bit_cast::<18, 1>(self.is_loop.val().into()) << 17)
            | (bit_cast::<18, 1>(self.is_mem.val().into()) << 16)
            | bit_cast::<18, 16>(self.w.val());
        if self.left.q.val().any() {
            self.words.d.next = self.words.q.val() >> 16;
            self.left.d.next = self.left.q.val() - 1;
            self.j.d.next = self.j.q.val() + 1;
        }
        if self.line_write.val() {
            self.line_q.d.next = self.line.val();
            self.words.d.next = self.data.val();
            self.left.d.next = 4.into();
            self.j.d.next = 0.into();
        }
    }
}
