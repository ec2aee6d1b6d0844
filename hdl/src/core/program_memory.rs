//! The core's program memory: every frame of Task Memory as instruction words (MACHINE.md §2, §4),
//! in one block RAM, so that starting a task moves no code, only a frame number.
//!
//! - 1024 words of 18 bits, at address `{frame, IP}`: the instruction word and two flags
//!   that [`crate::program_writer::ProgramWriter`] decodes as the host writes the program,
//!   so the fetch does not decode them after the RAM:
//!   - bit 16: the word is a load or a store (`ld`, `st`, any mode);
//!   - bit 17: the word is a `bnz` to its own IP or before (a loop's), which the fetch
//!     guesses taken.
//! - The read is synchronous: the word of the address given in one cycle is out in the
//!   next. The fetch gives it the next IP as it decides it (on ECP5 the RAM is one `DP16KD`
//!   in its 1024 × 18 shape, without its output register: a [`BlockRam`], so no logic of
//!   yosys's stands between the RAM and the fetch). The host writes the program only while
//!   the GPU is idle, at least 4 cycles before `launch` ([`crate::gpu`]), and a core uses a
//!   word only while a run is in progress, so no word is used in the cycle it is written.
//! - The register the word reads on the register file's port B is named by bits 7:4, except
//!   in a load or store, where bits 7:6 are the mode and bits 5:4 the bank register (r0–r3):
//!   with the flag, port B's address is one LUT after the RAM.
//! - Never-written words read 0 in every simulator (the RAM starts zeroed).

use rust_hdl::prelude::*;

use crate::block_ram::BlockRam;

/// Every frame's words with their flags; one read port (the fetch), one write port (the host).
#[derive(LogicBlock, Default)]
pub struct ProgramMemory {
    pub clock: Signal<In, Clock>,
    /// Write `write_word` (`{loop?, load or store?, word}`) at `write_address` = `{frame, IP}`.
    pub write: Signal<In, Bit>,
    pub write_address: Signal<In, Bits<10>>,
    pub write_word: Signal<In, Bits<18>>,
    /// The word to read next cycle, `{frame, IP}`.
    pub read_address: Signal<In, Bits<10>>,
    /// The word read (of the address given last cycle) …
    pub word: Signal<Out, Bits<16>>,
    /// … the register it reads on port B: bits 7:4, or bits 5:4 for a load or store …
    pub rb: Signal<Out, Bits<4>>,
    /// … whether it is a load or a store …
    pub mem: Signal<Out, Bit>,
    /// … and whether it is a loop's `bnz` (to its own IP or before).
    pub loop_bnz: Signal<Out, Bit>,
    /// 64 frames of 16 words.
    words: BlockRam<18, 10>,
}

impl Logic for ProgramMemory {
    #[hdl_gen]
    fn update(&mut self) {
        self.words.clock.next = self.clock.val();
        self.words.write_enable.next = self.write.val();
        self.words.write_address.next = self.write_address.val();
        self.words.write_data.next = self.write_word.val();
        self.words.read_address.next = self.read_address.val();
        self.word.next = self.words.read_data.val().get_bits::<16>(0);
        self.mem.next = self.words.read_data.val().get_bit(16);
        self.loop_bnz.next = self.words.read_data.val().get_bit(17);
        // A load's or store's bits 7:6 are its mode, not a register's.
        self.rb.next = self.words.read_data.val().get_bits::<4>(4);
        if self.words.read_data.val().get_bit(16) {
            self.rb.next = bit_cast::<4, 2>(self.words.read_data.val().get_bits::<2>(4));
        }
    }
}
