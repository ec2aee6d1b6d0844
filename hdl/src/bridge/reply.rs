//! The reply to a request, byte by byte: the sync byte, code, length and header check, the
//! request's `seq` (every reply but Identify's), each payload byte fetched from its source and
//! sent, and the CRC ([`ReplyOut`]). A payload byte ([`Payload`]) takes five cycles at least: its word's
//! address is registered (`Fetch`), the source reads it (`Wait1`: shared memory reads at the
//! end of this cycle), its data is registered (`Wait2`), the byte is taken (`Wait3`) and sent
//! when the UART takes it (`SendByte`). The fetch runs while the UART still sends the byte
//! before, so the cycles cost nothing at any baud rate.

use super::payload::{Payload, PayloadPlanTarget, ReadPort};
use super::reply_out::ReplyOut;
use super::reply_state::ReplyState;
use gpu16_sim::isa::sm::BANKS;
use rust_hdl::prelude::*;

/// A reply: its plan, taken when the request arrives, and its bytes.
#[derive(LogicBlock, Default)]
pub struct Reply {
    pub clock: Signal<In, Clock>,
    /// Stop, back to idle (power-on reset).
    pub reset: Signal<In, Bit>,
    /// Take the plan of the next reply: its code, payload length (the `seq` included), whether
    /// it starts with the request's `seq`, and where its payload comes from
    /// ([`PayloadPlan`](super::payload::PayloadPlan)).
    pub plan: Signal<In, Bit>,
    pub code: Signal<In, Bits<8>>,
    pub len: Signal<In, Bits<8>>,
    pub has_seq: Signal<In, Bit>,
    pub payload_plan: PayloadPlanTarget,
    /// Send it: its sync byte is due next cycle.
    pub go: Signal<In, Bit>,
    /// The request's `seq`.
    pub seq: Signal<In, Bits<8>>,
    /// Sending.
    pub busy: Signal<Out, Bit>,
    /// To the UART transmitter: `tx_start` with `tx_data` when `tx_ready`.
    pub tx_start: Signal<Out, Bit>,
    pub tx_data: Signal<Out, Bits<8>>,
    pub tx_ready: Signal<In, Bit>,
    /// The payload's read ports ([`ReadPort`]: shared memory's is read with `reads.sm_read`,
    /// and the GPU's host port loads `reads.sm_addr` at `sm_load`), and shared memory's row as
    /// read (bank b's byte).
    pub reads: ReadPort,
    pub sm_load: Signal<Out, Bit>,
    pub sm_rdata: [Signal<In, Bits<8>>; BANKS],

    out: ReplyOut,
    payload: Payload,
    state: DFF<ReplyState>,
    code_q: DFF<Bits<8>>,
    len_q: DFF<Bits<8>>,
    has_seq_q: DFF<Bit>,
    /// Payload bytes sent.
    ptr: DFF<Bits<8>>,
    ptr_next: Signal<Local, Bits<8>>,
}

impl Logic for Reply {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state, code_q, len_q, has_seq_q, ptr);
        self.ptr_next.next = self.ptr.q.val() + 1;
        self.out.clock.next = self.clock.val();
        self.out.state.next = self.state.q.val();
        self.out.code.next = self.code_q.q.val();
        self.out.len.next = self.len_q.q.val();
        self.out.seq.next = self.seq.val();
        self.out.payload_byte.next = self.payload.data.val();
        self.out.tx_ready.next = self.tx_ready.val();
        self.payload.clock.next = self.clock.val();
        self.payload.plan.next = self.plan.val();
        PayloadPlanTarget::link(&mut self.payload_plan, &mut self.payload.planned);
        self.payload.ptr.next = self.ptr.q.val();
        self.payload.fetch.next = self.state.q.val() == ReplyState::Fetch;
        self.payload.reading.next =
            (self.state.q.val() == ReplyState::Fetch) || (self.state.q.val() == ReplyState::Wait1);
        self.payload.capture.next = self.state.q.val() == ReplyState::Wait3;
        self.payload.sent.next =
            (self.state.q.val() == ReplyState::SendByte) && self.out.accept.val();
        for i in 0..BANKS {
            self.payload.sm_rdata[i].next = self.sm_rdata[i].val();
        }
        ReadPort::link(&mut self.reads, &mut self.payload.reads);

        // The states that send a byte move on when the UART takes it; the others each cycle.
        if (self.state.q.val() == ReplyState::Idle) && self.go.val() {
            self.state.d.next = ReplyState::SendSync;
        }
        match self.state.q.val() {
            ReplyState::Fetch => {
                self.state.d.next = ReplyState::Wait1;
            }
            ReplyState::Wait1 => {
                self.state.d.next = ReplyState::Wait2;
            }
            ReplyState::Wait2 => {
                self.state.d.next = ReplyState::Wait3;
            }
            ReplyState::Wait3 => {
                self.state.d.next = ReplyState::SendByte;
            }
            _ => {}
        }
        if self.out.accept.val() {
            match self.state.q.val() {
                ReplyState::SendSync => {
                    self.state.d.next = ReplyState::SendCode;
                }
                ReplyState::SendCode => {
                    self.state.d.next = ReplyState::SendLength;
                }
                ReplyState::SendLength => {
                    self.state.d.next = ReplyState::SendHeader;
                }
                ReplyState::SendHeader => {
                    if self.has_seq_q.q.val() {
                        self.state.d.next = ReplyState::SendSeq;
                    } else {
                        self.state.d.next = ReplyState::Fetch;
                    }
                }
                ReplyState::SendSeq => {
                    self.ptr.d.next = 1.into();
                    if self.len_q.q.val() == 1 {
                        self.state.d.next = ReplyState::SendCrcHigh;
                    } else {
                        self.state.d.next = ReplyState::Fetch;
                    }
                }
                ReplyState::SendByte => {
                    self.ptr.d.next = self.ptr_next.val();
                    if self.ptr_next.val() == self.len_q.q.val() {
                        self.state.d.next = ReplyState::SendCrcHigh;
                    } else {
                        self.state.d.next = ReplyState::Fetch;
                    }
                }
                ReplyState::SendCrcHigh => {
                    self.state.d.next = ReplyState::SendCrcLow;
                }
                _ => {
                    self.state.d.next = ReplyState::Idle;
                }
            }
        }
        if self.plan.val() {
            self.code_q.d.next = self.code.val();
            self.len_q.d.next = self.len.val();
            self.has_seq_q.d.next = self.has_seq.val();
            self.ptr.d.next = 0.into();
        }
        if self.reset.val() {
            self.state.d.next = ReplyState::Idle;
        }
        self.busy.next = self.state.q.val() != ReplyState::Idle;
        self.tx_start.next = self.out.accept.val();
        self.tx_data.next = self.out.tx_data.val();
        self.sm_load.next = self.state.q.val() == ReplyState::Fetch;
    }
}
