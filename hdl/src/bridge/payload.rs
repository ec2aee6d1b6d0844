//! A reply's payload, a byte at a time, from where the reply's data lives: the bytes captured
//! when the request arrived, a row of shared memory, a core register, a counter or a log
//! entry. A word of the source holds 1 byte (shared memory, registers), 4 (a counter) or 10
//! (a log entry).
//!
//! Every source's read is set up at `fetch` and its data registered before the byte is
//! picked, so no logic follows a memory's slow output (5.8 ns for an ECP5 block RAM) or
//! gathers bytes from across the die in the cycle the byte is taken:
//!
//! | source | addressed by | data arrives | registered |
//! |---|---|---|---|
//! | shared memory | the host port's address, loaded at `fetch` | `Wait2` | `sm_byte`, the word's bank picked by a tree of 2:1 selects |
//! | registers, counters | `dbg_sel_q`, `stat_sel_q`, loaded at `fetch` | `Wait2` | by the GPU, which registers both reads |
//! | the log | the word itself | `Wait1` | `log_data_q` |
//!
//! The byte is taken (`capture`) in `Wait3`: one multiplexer after registers.

use super::Source;
use gpu16_sim::isa::sm::BANKS;
use rust_hdl::prelude::*;

/// Where a reply's payload comes from, as the dispatch plans it: the source, its first word,
/// the last byte of each word (0: one-byte words), and the captured bytes of a
/// `Source::Fixed` payload (byte i in bits 8i+7..8i; byte 0 stands where the `seq` goes).
#[derive(LogicInterface, Default)]
#[join = "PayloadPlanTarget"]
pub struct PayloadPlan {
    pub source: Signal<Out, Source>,
    pub word: Signal<Out, Bits<16>>,
    pub last_byte: Signal<Out, Bits<4>>,
    pub fixed: Signal<Out, Bits<128>>,
}

/// The payload's side of [`PayloadPlan`].
#[derive(LogicInterface, Default)]
#[join = "PayloadPlan"]
pub struct PayloadPlanTarget {
    pub source: Signal<In, Source>,
    pub word: Signal<In, Bits<16>>,
    pub last_byte: Signal<In, Bits<4>>,
    pub fixed: Signal<In, Bits<128>>,
}

/// The read ports of a reply's sources other than shared memory's data (an interface carries
/// no arrays: `sm_rdata` stays beside it): shared memory's read enable and row address, the
/// debug register select, the counter select (registered at `fetch`), the log address (the word
/// itself, so the log reads in the `fetch` cycle); and what they read, the cycle after the
/// address: the register, the counter, the log entry. The payload drives it, the reply passes
/// it up, the bridge joins it to the GPU's host port and the timeline log.
#[derive(LogicInterface, Default)]
pub struct ReadPort {
    pub sm_read: Signal<Out, Bit>,
    pub sm_addr: Signal<Out, Bits<12>>,
    pub dbg_sel: Signal<Out, Bits<8>>,
    pub stat_sel: Signal<Out, Bits<7>>,
    pub log_addr: Signal<Out, Bits<11>>,
    pub dbg_value: Signal<In, Bits<8>>,
    pub stat_value: Signal<In, Bits<32>>,
    pub log_data: Signal<In, Bits<80>>,
}

/// The payload's source, the word and byte being read, and the byte fetched.
#[derive(LogicBlock, Default)]
pub struct Payload {
    pub clock: Signal<In, Clock>,
    /// Take the next reply's payload plan (`planned`).
    pub plan: Signal<In, Bit>,
    pub planned: PayloadPlanTarget,
    /// The payload byte's number (a `Source::Fixed` byte is picked by it).
    pub ptr: Signal<In, Bits<8>>,
    /// Set up the word's read now; the read is under way (shared memory is enabled now and
    /// next cycle); take the byte now (two cycles after the read); the byte was sent (move on
    /// to the next).
    pub fetch: Signal<In, Bit>,
    pub reading: Signal<In, Bit>,
    pub capture: Signal<In, Bit>,
    pub sent: Signal<In, Bit>,
    /// The byte taken.
    pub data: Signal<Out, Bits<8>>,
    /// The read ports ([`ReadPort`]), and shared memory's row as read, the cycle after its
    /// address: bank b's byte.
    pub reads: ReadPort,
    pub sm_rdata: [Signal<In, Bits<8>>; BANKS],

    source_q: DFF<Source>,
    fixed_q: DFF<Bits<128>>,
    word_q: DFF<Bits<16>>,
    byte_sel: DFF<Bits<4>>,
    last_byte_q: DFF<Bits<4>>,
    data_q: DFF<Bits<8>>,
    dbg_sel_q: DFF<Bits<8>>,
    stat_sel_q: DFF<Bits<7>>,
    /// The log entry read, a cycle after the RAM gave it.
    log_data_q: DFF<Bits<80>>,
    /// The word's byte of the shared memory row, a cycle after the banks gave it.
    sm_byte: DFF<Bits<8>>,
    /// The bank select, a tree of 2:1 selects by the bank's bits (a chain of 16 compares
    /// would run from bank to bank across the die).
    sm2: [Signal<Local, Bits<8>>; 8],
    sm4: [Signal<Local, Bits<8>>; 4],
    sm8: [Signal<Local, Bits<8>>; 2],
    /// The byte's offset in a counter or log entry, in bits; the byte from the source.
    byte_shift: Signal<Local, Bits<8>>,
    value: Signal<Local, Bits<8>>,
}

impl Logic for Payload {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            source_q,
            fixed_q,
            word_q,
            byte_sel,
            last_byte_q,
            data_q,
            dbg_sel_q,
            stat_sel_q,
            log_data_q,
            sm_byte
        );
        if self.plan.val() {
            self.source_q.d.next = self.planned.source.val();
            self.word_q.d.next = self.planned.word.val();
            self.last_byte_q.d.next = self.planned.last_byte.val();
            self.fixed_q.d.next = self.planned.fixed.val();
            self.byte_sel.d.next = 0.into();
        }
        if self.fetch.val() {
            self.dbg_sel_q.d.next = self.word_q.q.val().get_bits::<8>(0);
            self.stat_sel_q.d.next = self.word_q.q.val().get_bits::<7>(0);
        }
        self.log_data_q.d.next = self.reads.log_data.val();
        if self.sent.val() {
            if self.byte_sel.q.val() == self.last_byte_q.q.val() {
                self.byte_sel.d.next = 0.into();
                self.word_q.d.next = self.word_q.q.val() + 1;
            } else {
                self.byte_sel.d.next = self.byte_sel.q.val() + 1;
            }
        }

        // ---- the byte, from the source's word ----
        self.byte_shift.next = bit_cast::<8, 4>(self.byte_sel.q.val()) << 3;
        // (Narrowed to the low byte by `bit_cast`: no unused bits.)
        self.value.next = bit_cast::<8, 128>(self.fixed_q.q.val() >> (self.ptr.val() << 3));
        for j in 0..8 {
            self.sm2[j].next = self.sm_rdata[2 * j].val();
            if self.word_q.q.val().get_bit(8) {
                self.sm2[j].next = self.sm_rdata[2 * j + 1].val();
            }
        }
        for j in 0..4 {
            self.sm4[j].next = self.sm2[2 * j].val();
            if self.word_q.q.val().get_bit(9) {
                self.sm4[j].next = self.sm2[2 * j + 1].val();
            }
        }
        for j in 0..2 {
            self.sm8[j].next = self.sm4[2 * j].val();
            if self.word_q.q.val().get_bit(10) {
                self.sm8[j].next = self.sm4[2 * j + 1].val();
            }
        }
        self.sm_byte.d.next = self.sm8[0].val();
        if self.word_q.q.val().get_bit(11) {
            self.sm_byte.d.next = self.sm8[1].val();
        }
        match self.source_q.q.val() {
            Source::Sm => {
                self.value.next = self.sm_byte.q.val();
            }
            Source::Regs => {
                self.value.next = self.reads.dbg_value.val();
            }
            Source::Counters => {
                self.value.next =
                    bit_cast::<8, 32>(self.reads.stat_value.val() >> self.byte_shift.val());
            }
            Source::Events => {
                self.value.next =
                    bit_cast::<8, 80>(self.log_data_q.q.val() >> self.byte_shift.val());
            }
            _ => {}
        }
        if self.capture.val() {
            self.data_q.d.next = self.value.val();
        }

        self.data.next = self.data_q.q.val();
        self.reads.sm_read.next = self.reading.val() && (self.source_q.q.val() == Source::Sm);
        self.reads.sm_addr.next = self.word_q.q.val().get_bits::<12>(0);
        self.reads.dbg_sel.next = self.dbg_sel_q.q.val();
        self.reads.stat_sel.next = self.stat_sel_q.q.val();
        self.reads.log_addr.next = self.word_q.q.val().get_bits::<11>(0);
    }
}
