//! What a request that arrived makes the bridge do: refuse it ([`RequestCheck`], or a damaged
//! frame), answer a resend of the last request that changed the board as before without
//! carrying it out again, or carry it out: start the loader (`WriteTm`, `WriteSm`,
//! `ClearSm`), launch or stop a run, start a session, or only reply. In every case the request gets one reply, planned
//! by [`ReplyPlan`].

use super::payload::PayloadPlan;
use super::reply_plan::ReplyPlan;
use super::request_check::RequestCheck;
use gpu16_sim::link::{Command, LinkError};
use rust_hdl::prelude::*;

/// The bridge's decision about a request, and the registers of what it carried out.
#[derive(LogicBlock)]
pub struct Dispatch {
    pub clock: Signal<In, Clock>,
    /// The bridge is idle: a request that arrives now is handled.
    pub idle: Signal<In, Bit>,
    /// A frame arrived whole and its CRC checks; a frame arrived damaged.
    pub frame_ok: Signal<In, Bit>,
    pub frame_bad: Signal<In, Bit>,
    /// The request: command, payload length, payload bytes 0–5 (`seq` and arguments; byte
    /// i in bits 8i+7..8i).
    pub cmd: Signal<In, Bits<8>>,
    pub length: Signal<In, Bits<8>>,
    pub args: Signal<In, Bits<48>>,
    /// The request's CRC-16 (its last two bytes, high byte first).
    pub frame_crc: Signal<In, Bits<16>>,
    /// The GPU runs; its counters are final; the board's status (`gpu16_sim::link::
    /// BoardStatus`: byte i in bits 8i+7..8i).
    pub running: Signal<In, Bit>,
    pub counters_ready: Signal<In, Bit>,
    pub status: Signal<In, Bits<120>>,
    /// Start the loader: `WriteTm` from line `first_line`, `WriteSm` from `sm_start`,
    /// `ClearSm`.
    pub write_tm: Signal<Out, Bit>,
    pub write_sm: Signal<Out, Bit>,
    pub clear_sm: Signal<Out, Bit>,
    pub first_line: Signal<Out, Bits<8>>,
    pub sm_start: Signal<Out, Bits<12>>,
    /// The reply's plan ([`ReplyPlan`]), taken now: code, payload length, `seq` first, the
    /// payload's source; the reply starts now (not after the loader).
    pub plan: Signal<Out, Bit>,
    pub reply_now: Signal<Out, Bit>,
    pub code: Signal<Out, Bits<8>>,
    pub len: Signal<Out, Bits<8>>,
    pub has_seq: Signal<Out, Bit>,
    pub payload: PayloadPlan,
    /// A launch (one cycle) of `run_length` frames with `max_cycles`; launches since
    /// power-up.
    pub launch: Signal<Out, Bit>,
    pub run_length: Signal<Out, Bits<7>>,
    pub max_cycles: Signal<Out, Bits<32>>,
    pub runs: Signal<Out, Bits<8>>,
    /// End the run in progress (one cycle); the last run was ended so (until the next launch).
    pub stop: Signal<Out, Bit>,
    pub stopped: Signal<Out, Bit>,
    /// The `seq` of the last request that changed the board.
    pub last_seq: Signal<Out, Bits<8>>,
    /// The number of the last `Session` (0 after power-up).
    pub session: Signal<Out, Bits<16>>,
    /// A request was refused (one cycle).
    pub refused: Signal<Out, Bit>,

    check: RequestCheck,
    planner: ReplyPlan,
    cmd_write_tm: Constant<Bits<8>>,
    cmd_write_sm: Constant<Bits<8>>,
    cmd_clear_sm: Constant<Bits<8>>,
    cmd_launch: Constant<Bits<8>>,
    cmd_session: Constant<Bits<8>>,
    cmd_stop: Constant<Bits<8>>,
    err_bad_crc: Constant<Bits<8>>,
    last_seq_q: DFF<Bits<8>>,
    last_cmd: DFF<Bits<8>>,
    last_crc: DFF<Bits<16>>,
    session_q: DFF<Bits<16>>,
    runs_q: DFF<Bits<8>>,
    launch_q: DFF<Bit>,
    run_length_q: DFF<Bits<7>>,
    max_cycles_q: DFF<Bits<32>>,
    stop_q: DFF<Bit>,
    stopped_q: DFF<Bit>,
    refused_q: DFF<Bit>,
    /// The request's `seq`, and its argument 0.
    seq: Signal<Local, Bits<8>>,
    arg0: Signal<Local, Bits<8>>,
    /// Why the request is refused (`LinkError`, 0: it is not); it is refused now; carried
    /// out now.
    refusal: Signal<Local, Bits<8>>,
    refuse: Signal<Local, Bit>,
    carry: Signal<Local, Bit>,
}

impl Dispatch {
    /// A dispatch for a board of `identity` and design `fingerprint`.
    pub fn new(identity: Bits<128>, fingerprint: u64) -> Dispatch {
        let byte = |b: u8| Constant::new(u64::from(b).into());
        Dispatch {
            clock: Default::default(),
            idle: Default::default(),
            frame_ok: Default::default(),
            frame_bad: Default::default(),
            cmd: Default::default(),
            length: Default::default(),
            args: Default::default(),
            frame_crc: Default::default(),
            running: Default::default(),
            counters_ready: Default::default(),
            status: Default::default(),
            write_tm: Default::default(),
            write_sm: Default::default(),
            clear_sm: Default::default(),
            first_line: Default::default(),
            sm_start: Default::default(),
            plan: Default::default(),
            reply_now: Default::default(),
            code: Default::default(),
            len: Default::default(),
            has_seq: Default::default(),
            payload: Default::default(),
            launch: Default::default(),
            run_length: Default::default(),
            max_cycles: Default::default(),
            runs: Default::default(),
            stop: Default::default(),
            stopped: Default::default(),
            last_seq: Default::default(),
            session: Default::default(),
            refused: Default::default(),
            check: Default::default(),
            planner: ReplyPlan::new(identity, fingerprint),
            cmd_write_tm: byte(Command::WriteTm as u8),
            cmd_write_sm: byte(Command::WriteSm as u8),
            cmd_clear_sm: byte(Command::ClearSm as u8),
            cmd_launch: byte(Command::Launch as u8),
            cmd_session: byte(Command::Session as u8),
            cmd_stop: byte(Command::Stop as u8),
            err_bad_crc: byte(LinkError::BadCrc as u8),
            last_seq_q: Default::default(),
            last_cmd: Default::default(),
            last_crc: Default::default(),
            session_q: Default::default(),
            runs_q: Default::default(),
            launch_q: Default::default(),
            run_length_q: Default::default(),
            max_cycles_q: Default::default(),
            stop_q: Default::default(),
            stopped_q: Default::default(),
            refused_q: Default::default(),
            seq: Default::default(),
            arg0: Default::default(),
            refusal: Default::default(),
            refuse: Default::default(),
            carry: Default::default(),
        }
    }
}

impl Logic for Dispatch {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            last_seq_q,
            last_cmd,
            last_crc,
            session_q,
            runs_q,
            launch_q,
            run_length_q,
            max_cycles_q,
            stop_q,
            stopped_q,
            refused_q
        );
        self.seq.next = self.args.val().get_bits::<8>(0);
        self.arg0.next = self.args.val().get_bits::<8>(8);

        // ---- refused, a resend, or carried out ----
        self.check.cmd.next = self.cmd.val();
        self.check.length.next = self.length.val();
        self.check.payload.next = bit_cast::<32, 48>(self.args.val());
        self.check.frame_crc.next = self.frame_crc.val();
        self.check.running.next = self.running.val();
        self.check.counters_ready.next = self.counters_ready.val();
        self.check.last_seq.next = self.last_seq_q.q.val();
        self.check.last_cmd.next = self.last_cmd.q.val();
        self.check.last_crc.next = self.last_crc.q.val();
        self.refusal.next = self.check.refusal.val();
        if self.frame_bad.val() {
            self.refusal.next = self.err_bad_crc.val();
        }
        self.plan.next = self.idle.val() && (self.frame_ok.val() || self.frame_bad.val());
        self.refuse.next = self.plan.val() && self.refusal.val().any();
        self.carry.next = self.plan.val() && !self.refuse.val() && !self.check.resend.val();
        self.write_tm.next = self.carry.val() && (self.cmd.val() == self.cmd_write_tm.val());
        self.write_sm.next = self.carry.val() && (self.cmd.val() == self.cmd_write_sm.val());
        self.clear_sm.next = self.carry.val() && (self.cmd.val() == self.cmd_clear_sm.val());
        self.reply_now.next =
            self.plan.val() && !(self.write_tm.val() || self.write_sm.val() || self.clear_sm.val());
        self.first_line.next = self.arg0.val();
        self.sm_start.next = self.args.val().get_bits::<12>(8);

        // ---- what a request carried out leaves behind ----
        self.refused_q.d.next = self.refuse.val();
        self.launch_q.d.next = false;
        if self.carry.val() && self.check.changes.val() {
            self.last_seq_q.d.next = self.seq.val();
            self.last_cmd.d.next = self.cmd.val();
            self.last_crc.d.next = self.frame_crc.val();
        }
        if self.carry.val() && (self.cmd.val() == self.cmd_session.val()) {
            self.session_q.d.next = self.args.val().get_bits::<16>(8);
        }
        if self.carry.val() && (self.cmd.val() == self.cmd_launch.val()) {
            self.launch_q.d.next = true;
            self.run_length_q.d.next = self.arg0.val().get_bits::<7>(0);
            self.max_cycles_q.d.next = bit_cast::<32, 48>(self.args.val() >> 16);
            self.runs_q.d.next = self.runs_q.q.val() + 1;
            self.stopped_q.d.next = false;
        }
        self.stop_q.d.next = false;
        if self.carry.val() && (self.cmd.val() == self.cmd_stop.val()) && self.running.val() {
            self.stop_q.d.next = true;
            self.stopped_q.d.next = true;
        }

        // ---- the reply ----
        self.planner.refuse.next = self.refuse.val();
        self.planner.refusal.next = self.refusal.val();
        self.planner.carry.next = self.carry.val();
        self.planner.cmd.next = self.cmd.val();
        self.planner.args.next = self.args.val().get_bits::<24>(8);
        self.planner.status.next = self.status.val();
        self.planner.run_length.next = self.run_length_q.q.val();
        self.planner.max_cycles.next = self.max_cycles_q.q.val();
        PayloadPlan::link(&mut self.payload, &mut self.planner.payload);
        self.code.next = self.planner.code.val();
        self.len.next = self.planner.len.val();
        self.has_seq.next = self.planner.has_seq.val();

        self.launch.next = self.launch_q.q.val();
        self.run_length.next = self.run_length_q.q.val();
        self.max_cycles.next = self.max_cycles_q.q.val();
        self.runs.next = self.runs_q.q.val();
        self.stop.next = self.stop_q.q.val();
        self.stopped.next = self.stopped_q.q.val();
        self.last_seq.next = self.last_seq_q.q.val();
        self.session.next = self.session_q.q.val();
        self.refused.next = self.refused_q.q.val();
    }
}
