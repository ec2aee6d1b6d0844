//! The plan of the one reply a request gets: `[seq]` for a request carried out that returns
//! nothing (a load, a launch) and for a resend; `[seq, error, command]` for a refusal; for the
//! reads, their source, length and first word; the identity (no `seq`), the status, the
//! design's fingerprint and the last launch's arguments from bytes captured now.

use super::payload::PayloadPlan;
use super::Source;
use gpu16_sim::link::{Command, ERROR_REPLY};
use rust_hdl::prelude::*;

/// Combinational.
#[derive(LogicBlock)]
pub struct ReplyPlan {
    /// The request is refused now, with `refusal`; it is carried out now.
    pub refuse: Signal<In, Bit>,
    pub refusal: Signal<In, Bits<8>>,
    pub carry: Signal<In, Bit>,
    /// The request's command and arguments 0–2 (payload bytes 1–3).
    pub cmd: Signal<In, Bits<8>>,
    pub args: Signal<In, Bits<24>>,
    /// The board's status (`gpu16_sim::link::BoardStatus`, byte i in bits 8i+7..8i).
    pub status: Signal<In, Bits<120>>,
    /// The last launch's arguments (`gpu16_sim::link::Launched`).
    pub run_length: Signal<In, Bits<7>>,
    pub max_cycles: Signal<In, Bits<32>>,
    /// The reply: its code, payload length (the `seq` included), whether it starts with the
    /// `seq`, and where its payload comes from.
    pub code: Signal<Out, Bits<8>>,
    pub len: Signal<Out, Bits<8>>,
    pub has_seq: Signal<Out, Bit>,
    pub payload: PayloadPlan,

    /// The identity the board reports (byte i in bits 8i+7..8i).
    identity: Constant<Bits<128>>,
    /// The design's fingerprint, in bytes 1–8 (byte 0 is where the `seq` goes). (Not
    /// `design`: a Verilog keyword.)
    fingerprint: Constant<Bits<128>>,
    cmd_identify: Constant<Bits<8>>,
    cmd_design: Constant<Bits<8>>,
    cmd_read_sm: Constant<Bits<8>>,
    cmd_status: Constant<Bits<8>>,
    cmd_launched: Constant<Bits<8>>,
    cmd_read_events: Constant<Bits<8>>,
    cmd_read_counters: Constant<Bits<8>>,
    cmd_read_regs: Constant<Bits<8>>,
    error_reply: Constant<Bits<8>>,
    /// Arguments 0 and 1 as a 16-bit word, argument 0, 1 and 2.
    arg01: Signal<Local, Bits<16>>,
    arg0: Signal<Local, Bits<8>>,
    arg1: Signal<Local, Bits<8>>,
    arg2: Signal<Local, Bits<8>>,
    /// The plan, built before it is given out (each port written once).
    code_l: Signal<Local, Bits<8>>,
    len_l: Signal<Local, Bits<8>>,
    has_seq_l: Signal<Local, Bit>,
    source_l: Signal<Local, Source>,
    word_l: Signal<Local, Bits<16>>,
    last_byte_l: Signal<Local, Bits<4>>,
    fixed_l: Signal<Local, Bits<128>>,
}

impl ReplyPlan {
    /// The planner for a board of `identity` and design `fingerprint`.
    pub fn new(identity: Bits<128>, fingerprint: u64) -> ReplyPlan {
        let byte = |b: u8| Constant::new(u64::from(b).into());
        ReplyPlan {
            refuse: Default::default(),
            refusal: Default::default(),
            carry: Default::default(),
            cmd: Default::default(),
            args: Default::default(),
            status: Default::default(),
            run_length: Default::default(),
            max_cycles: Default::default(),
            code: Default::default(),
            len: Default::default(),
            has_seq: Default::default(),
            payload: Default::default(),
            identity: Constant::new(identity),
            fingerprint: Constant::new(Bits::<128>::from(fingerprint) << 8),
            cmd_identify: byte(Command::Identify as u8),
            cmd_design: byte(Command::Design as u8),
            cmd_read_sm: byte(Command::ReadSm as u8),
            cmd_status: byte(Command::Status as u8),
            cmd_launched: byte(Command::Launched as u8),
            cmd_read_events: byte(Command::ReadEvents as u8),
            cmd_read_counters: byte(Command::ReadCounters as u8),
            cmd_read_regs: byte(Command::ReadRegs as u8),
            error_reply: byte(ERROR_REPLY),
            arg01: Default::default(),
            arg0: Default::default(),
            arg1: Default::default(),
            arg2: Default::default(),
            code_l: Default::default(),
            len_l: Default::default(),
            has_seq_l: Default::default(),
            source_l: Default::default(),
            word_l: Default::default(),
            last_byte_l: Default::default(),
            fixed_l: Default::default(),
        }
    }
}

impl Logic for ReplyPlan {
    #[hdl_gen]
    fn update(&mut self) {
        self.arg01.next = self.args.val().get_bits::<16>(0);
        self.arg0.next = self.args.val().get_bits::<8>(0);
        self.arg1.next = self.args.val().get_bits::<8>(8);
        self.arg2.next = self.args.val().get_bits::<8>(16);
        // [seq] by default: a resend, a load, a launch.
        self.code_l.next = self.cmd.val();
        self.len_l.next = 1.into();
        self.has_seq_l.next = true;
        self.source_l.next = Source::Fixed;
        self.word_l.next = 0.into();
        self.last_byte_l.next = 0.into();
        self.fixed_l.next = 0.into();
        if self.refuse.val() {
            // [seq, error, command]
            self.code_l.next = self.error_reply.val();
            self.len_l.next = 3.into();
            self.fixed_l.next = (bit_cast::<128, 8>(self.refusal.val()) << 8)
                | (bit_cast::<128, 8>(self.cmd.val()) << 16);
        } else if self.carry.val() {
            if self.cmd.val() == self.cmd_identify.val() {
                self.has_seq_l.next = false;
                self.len_l.next = 15.into();
                self.fixed_l.next = self.identity.val();
            } else if self.cmd.val() == self.cmd_design.val() {
                self.len_l.next = 9.into();
                self.fixed_l.next = self.fingerprint.val();
            } else if self.cmd.val() == self.cmd_read_sm.val() {
                self.source_l.next = Source::Sm;
                self.len_l.next = self.arg2.val() + 1;
                self.word_l.next = self.arg01.val();
            } else if self.cmd.val() == self.cmd_status.val() {
                // Byte 0 is where the reply's seq goes.
                self.len_l.next = 16.into();
                self.fixed_l.next = bit_cast::<128, 120>(self.status.val()) << 8;
            } else if self.cmd.val() == self.cmd_launched.val() {
                // Frames, then the cycle limit, after the seq.
                self.len_l.next = 6.into();
                self.fixed_l.next = (bit_cast::<128, 7>(self.run_length.val()) << 8)
                    | (bit_cast::<128, 32>(self.max_cycles.val()) << 16);
            } else if self.cmd.val() == self.cmd_read_events.val() {
                self.source_l.next = Source::Events;
                self.last_byte_l.next = 9.into();
                self.len_l.next = (self.arg2.val() << 3) + (self.arg2.val() << 1) + 1;
                self.word_l.next = self.arg01.val();
            } else if self.cmd.val() == self.cmd_read_counters.val() {
                self.source_l.next = Source::Counters;
                self.last_byte_l.next = 3.into();
                self.len_l.next = (self.arg1.val() << 2) + 1;
                self.word_l.next = bit_cast::<16, 8>(self.arg0.val());
            } else if self.cmd.val() == self.cmd_read_regs.val() {
                self.source_l.next = Source::Regs;
                self.len_l.next = self.arg1.val() + 1;
                self.word_l.next = bit_cast::<16, 8>(self.arg0.val());
            }
        }
        self.code.next = self.code_l.val();
        self.len.next = self.len_l.val();
        self.has_seq.next = self.has_seq_l.val();
        self.payload.source.next = self.source_l.val();
        self.payload.word.next = self.word_l.val();
        self.payload.last_byte.next = self.last_byte_l.val();
        self.payload.fixed.next = self.fixed_l.val();
    }
}
