//! A reply's payload byte, from where the reply's data lives: the bytes captured when the
//! reply started, a row of shared memory, a core register, a counter or a log entry. Every
//! source is read through a register the bridge set up two cycles before (`Fetch`, `Wait1`),
//! so this is one multiplexer after registers.

use super::Source;
use rust_hdl::prelude::*;

/// Combinational.
#[derive(LogicBlock, Default)]
pub struct ReplyFetch {
    /// Where the payload comes from.
    pub source: Signal<In, Source>,
    /// `Source::Fixed`: the captured bytes (byte i in bits 8i+7..8i) and the payload byte's
    /// number.
    pub fixed: Signal<In, Bits<128>>,
    pub ptr: Signal<In, Bits<8>>,
    /// `Source::Sm`: the row of every bank read, and the bank of the byte.
    pub sm_rdata: [Signal<In, Bits<8>>; 16],
    pub sm_bank: Signal<In, Bits<4>>,
    /// `Source::Regs`: the register read.
    pub dbg_value: Signal<In, Bits<8>>,
    /// `Source::Counters`, `Source::Events`: the word read, and the byte of it.
    pub stat_value: Signal<In, Bits<32>>,
    pub log_data: Signal<In, Bits<80>>,
    pub byte_sel: Signal<In, Bits<4>>,
    /// The byte.
    pub value: Signal<Out, Bits<8>>,
    byte_shift: Signal<Local, Bits<8>>,
}

impl Logic for ReplyFetch {
    #[hdl_gen]
    fn update(&mut self) {
        self.byte_shift.next = bit_cast::<8, 4>(self.byte_sel.val()) << 3;
        // (Narrowed to the low byte by `bit_cast`: no unused bits.)
        self.value.next = bit_cast::<8, 128>(self.fixed.val() >> (self.ptr.val() << 3));
        match self.source.val() {
            Source::Sm => {
                for i in 0..16 {
                    if self.sm_bank.val().index() == i {
                        self.value.next = self.sm_rdata[i].val();
                    }
                }
            }
            Source::Regs => {
                self.value.next = self.dbg_value.val();
            }
            Source::Counters => {
                self.value.next = bit_cast::<8, 32>(self.stat_value.val() >> self.byte_shift.val());
            }
            Source::Events => {
                self.value.next = bit_cast::<8, 80>(self.log_data.val() >> self.byte_shift.val());
            }
            _ => {}
        }
    }
}
