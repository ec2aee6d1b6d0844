//! The bytes of a reply, as the reply's state walks through them: the sync byte, the code,
//! the length, the header check of code and length, the request's `seq` (every reply but
//! Identify's), each payload byte fetched, and the CRC-16 over every byte after the sync byte
//! (`gpu16_sim::link::crc`), kept as the bytes go out.

use super::crc16::Crc16;
use super::header_check::HeaderCheck;
use super::reply_state::ReplyState;
use gpu16_sim::link::REPLY_SYNC;
use rust_hdl::prelude::*;

/// The transmit side of a reply.
#[derive(LogicBlock)]
pub struct ReplyOut {
    pub clock: Signal<In, Clock>,
    /// Which of the reply's bytes is due.
    pub state: Signal<In, ReplyState>,
    /// The reply's code, payload length and `seq`; the payload byte fetched.
    pub code: Signal<In, Bits<8>>,
    pub len: Signal<In, Bits<8>>,
    pub seq: Signal<In, Bits<8>>,
    pub payload_byte: Signal<In, Bits<8>>,
    /// The UART transmitter takes a byte.
    pub tx_ready: Signal<In, Bit>,
    /// The byte due is taken this cycle (the UART's start strobe): the state moves on.
    pub accept: Signal<Out, Bit>,
    /// The byte due.
    pub tx_data: Signal<Out, Bits<8>>,
    crc: Crc16,
    header: HeaderCheck,
    sync: Constant<Bits<8>>,
    /// A byte is due this cycle.
    send: Signal<Local, Bit>,
}

impl Default for ReplyOut {
    fn default() -> Self {
        ReplyOut {
            clock: Default::default(),
            state: Default::default(),
            code: Default::default(),
            len: Default::default(),
            seq: Default::default(),
            payload_byte: Default::default(),
            tx_ready: Default::default(),
            accept: Default::default(),
            tx_data: Default::default(),
            crc: Default::default(),
            header: Default::default(),
            sync: Constant::new(u64::from(REPLY_SYNC).into()),
            send: Default::default(),
        }
    }
}

impl Logic for ReplyOut {
    #[hdl_gen]
    fn update(&mut self) {
        self.send.next = false;
        self.tx_data.next = self.payload_byte.val();
        self.header.code.next = self.code.val();
        self.header.length.next = self.len.val();
        match self.state.val() {
            ReplyState::SendSync => {
                self.send.next = true;
                self.tx_data.next = self.sync.val();
            }
            ReplyState::SendCode => {
                self.send.next = true;
                self.tx_data.next = self.code.val();
            }
            ReplyState::SendLength => {
                self.send.next = true;
                self.tx_data.next = self.len.val();
            }
            ReplyState::SendHeader => {
                self.send.next = true;
                self.tx_data.next = self.header.check.val();
            }
            ReplyState::SendSeq => {
                self.send.next = true;
                self.tx_data.next = self.seq.val();
            }
            ReplyState::SendByte => {
                self.send.next = true;
            }
            ReplyState::SendCrcHigh => {
                self.send.next = true;
                self.tx_data.next = self.crc.value.val().get_bits::<8>(8);
            }
            ReplyState::SendCrcLow => {
                self.send.next = true;
                self.tx_data.next = self.crc.value.val().get_bits::<8>(0);
            }
            _ => {}
        }
        self.accept.next = self.send.val() && self.tx_ready.val();
        self.crc.clock.next = self.clock.val();
        self.crc.clear.next = self.state.val() == ReplyState::SendSync;
        self.crc.enable.next = self.accept.val()
            && ((self.state.val() == ReplyState::SendCode)
                || (self.state.val() == ReplyState::SendLength)
                || (self.state.val() == ReplyState::SendHeader)
                || (self.state.val() == ReplyState::SendSeq)
                || (self.state.val() == ReplyState::SendByte));
        self.crc.data.next = self.tx_data.val();
    }
}
