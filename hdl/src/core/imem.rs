//! The core's instruction memory (SPEC §4: 16 instruction words): loaded with a whole frame in
//! one cycle, read through a one-hot select.
//!
//! - Each word is stored with a flag, decoded when the frame is loaded: the word is a load or
//!   a store. The fetch reads it beside the word (the core's `e_mem`), and the register its
//!   instruction reads on the register file's port B is named by bits 7:4, except in a load
//!   or store, where bits 7:6 are the mode and bits 5:4 the bank register (r0–r3): with the
//!   flag, the fetch has the port's address one LUT after the word, instead of decoding the
//!   opcode first.
//! - The read is one OR tree: the selected word, OR the frame's word 0 while it is loaded
//!   (nothing is selected then), so the start of a task adds no multiplexer after the select.

use rust_hdl::prelude::*;

/// Sixteen instruction words, each with its "load or store" flag.
#[derive(LogicBlock, Default)]
pub struct InstructionMemory {
    pub clock: Signal<In, Clock>,
    /// Load the frame on `line0..3` (instruction 4k+j is `line{k}[16j+15:16j]`).
    pub load: Signal<In, Bit>,
    pub line0: Signal<In, Bits<64>>,
    pub line1: Signal<In, Bits<64>>,
    pub line2: Signal<In, Bits<64>>,
    pub line3: Signal<In, Bits<64>>,
    /// The word to read, one-hot; 0 while `load` (then the frame's word 0 is read).
    pub sel: Signal<In, Bits<16>>,
    /// The selected word (0 if none), or while `load` the frame's word 0.
    pub word: Signal<Out, Bits<16>>,
    /// The register `word` reads on port B: bits 7:4, or bits 5:4 for a load or store.
    pub rb: Signal<Out, Bits<4>>,
    /// `word` is a load or a store (`ld`, `st`, any mode).
    pub mem: Signal<Out, Bit>,
    /// Per word: `{load or store?, word}`.
    words: [DFF<Bits<17>>; 16],
    /// The frame's words as they are loaded, each with its flag.
    loaded: [Signal<Local, Bits<17>>; 16],
    /// Scratch for one word (rule 4 of docs/microarchitecture.md: `bit_cast` takes no
    /// loop-indexed argument).
    w: Signal<Local, Bits<16>>,
    /// The selected `{load or store?, word}`.
    read: Signal<Local, Bits<17>>,
}

impl Logic for InstructionMemory {
    #[hdl_gen]
    fn update(&mut self) {
        for k in 0..4 {
            self.w.next = self.line0.val().get_bits::<16>(16 * k);
            self.loaded[k].next = bit_cast::<17, 16>(self.w.val());
            self.w.next = self.line1.val().get_bits::<16>(16 * k);
            self.loaded[k + 4].next = bit_cast::<17, 16>(self.w.val());
            self.w.next = self.line2.val().get_bits::<16>(16 * k);
            self.loaded[k + 8].next = bit_cast::<17, 16>(self.w.val());
            self.w.next = self.line3.val().get_bits::<16>(16 * k);
            self.loaded[k + 12].next = bit_cast::<17, 16>(self.w.val());
        }
        self.read.next = 0.into();
        for i in 0..16 {
            // `ld` is opcode 11, `st` 13.
            self.w.next = self.loaded[i].val().get_bits::<16>(0);
            self.loaded[i].next = self.loaded[i].val().replace_bit(
                16,
                (self.w.val().get_bits::<4>(12) == 11) || (self.w.val().get_bits::<4>(12) == 13),
            );
            self.words[i].clock.next = self.clock.val();
            if self.load.val() {
                self.words[i].d.next = self.loaded[i].val();
            } else {
                self.words[i].d.next = self.words[i].q.val();
            }
            // At most one word is selected: an AND-OR tree, not a priority chain.
            if self.sel.val().get_bit(i) {
                self.read.next = self.read.val() | self.words[i].q.val();
            }
        }
        if self.load.val() {
            self.read.next = self.read.val() | self.loaded[0].val();
        }
        self.word.next = self.read.val().get_bits::<16>(0);
        self.mem.next = self.read.val().get_bit(16);
        // A load's or store's bits 7:6 are its mode, not a register's.
        self.rb.next = self.read.val().get_bits::<4>(4);
        if self.read.val().get_bit(16) {
            self.rb.next = bit_cast::<4, 2>(self.read.val().get_bits::<2>(4));
        }
    }
}
