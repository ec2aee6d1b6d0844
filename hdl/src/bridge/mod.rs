//! The UART host bridge: the board's side of the link (`gpu16_sim::link`), between a UART's
//! byte streams and the GPU's host interface.
//!
//! ```text
//!  UartRx ─bytes─► Receiver ─frame─► RequestCheck ─► Bridge state ─► GPU host ports
//!                  (buffer, CRC)     (refusal,        (carry out:     (TM, SM, launch, debug)
//!                                     resend)          TM, SM, clear)
//!  UartTx ◄─bytes── ReplyOut ◄── ReplyFetch ◄── captured bytes (StatusWord, identity, error),
//!                   (sync, code,   (a byte of     SM rows, registers, counters,
//!                    length, seq,   the source)    EventLog entries
//!                    payload, CRC)
//! ```
//!
//! One request at a time: the bridge checks a request (command known, length, arguments, not
//! busy), carries it out, and sends exactly one reply. A refused request changes nothing and
//! gets an error reply. A request that changes the board and repeats the `seq` and command of
//! the last one carried out is a host's resend after a lost reply: it gets the success reply
//! again and is not carried out twice (`gpu16_sim::link`, sequence numbers). The bridge
//! returns to waiting for a request after every reply, whatever came before, so it cannot
//! wedge; shared memory can be read whenever no run is in progress, after a machine error too.

pub mod crc16;
pub mod event_log;
pub mod packing;
pub mod receiver;
pub mod reply_fetch;
pub mod reply_out;
pub mod request_check;
pub mod status_word;
pub mod uart_rx;
pub mod uart_tx;

use crate::host_port::HostPort;
use gpu16_sim::link::{
    BaudError, Command, Identity, LinkError, ERROR_REPLY, EVENT_CAPACITY, VERSION,
};
use receiver::Receiver;
use reply_fetch::ReplyFetch;
use reply_out::ReplyOut;
use request_check::RequestCheck;
use rust_hdl::prelude::*;
use status_word::StatusWord;

/// Cores, and shared-memory banks.
const N: usize = 16;

/// What the bridge is doing.
#[derive(Copy, Clone, PartialEq, Debug, LogicState)]
pub enum BridgeState {
    /// Waiting for a request.
    Idle,
    /// `WriteTm`: read a payload byte from the buffer, shift it into the task line, write the
    /// line to Task Memory after its eighth byte.
    TmRead,
    TmShift,
    TmWrite,
    /// `WriteSm`: read a payload byte, write it to shared memory.
    SmRead,
    SmWrite,
    /// `ClearSm`: write 0 to each of the 4,096 bytes.
    Clear,
    /// The reply: header bytes, the request's `seq` (every reply but Identify's), then each
    /// payload byte fetched (address, two cycles of latency) and sent, then the CRC.
    SendSync,
    SendCode,
    SendLength,
    SendSeq,
    Fetch,
    Wait1,
    Wait2,
    SendByte,
    SendCrcHigh,
    SendCrcLow,
}

/// Where a reply's payload bytes come from.
#[derive(Copy, Clone, PartialEq, Debug, LogicState)]
pub enum Source {
    /// Up to 16 bytes captured when the reply starts (identity, status, error); byte 0 stands
    /// where the `seq` goes and is not sent after one.
    Fixed,
    /// Shared memory, a byte per word.
    Sm,
    /// Core registers through the GPU's debug port, a byte per word.
    Regs,
    /// Performance counters, 4 bytes per word.
    Counters,
    /// The timeline log, 10 bytes per word.
    Events,
}

/// What the bridge was built for, reported by `Identify`.
#[derive(Clone, Copy, Debug)]
pub struct BridgeConfig {
    pub clock_hz: u32,
    pub baud: u32,
    /// The GPU has its performance counters.
    pub counters: bool,
    /// Built for `gpu16 board-sim`.
    pub simulated: bool,
}

impl BridgeConfig {
    /// The configuration can be built: its UART rate can be made from its clock.
    pub fn check(&self) -> Result<(), BaudError> {
        gpu16_sim::link::clocks_per_bit(self.clock_hz, self.baud).map(|_| ())
    }

    /// UART bit time in clock cycles, for a configuration [`BridgeConfig::check`] accepts
    /// (a build checks first; panics otherwise).
    pub fn clocks_per_bit(&self) -> u32 {
        gpu16_sim::link::clocks_per_bit(self.clock_hz, self.baud)
            .unwrap_or_else(|e| panic!("a bridge configuration that was not checked: {e}"))
    }

    /// The identity the board reports.
    pub fn identity(&self) -> Identity {
        Identity {
            version: VERSION,
            counters: self.counters,
            simulated: self.simulated,
            clock_hz: self.clock_hz,
            baud: self.baud,
            event_capacity: EVENT_CAPACITY as u16,
        }
    }
}

/// The host bridge.
#[derive(LogicBlock)]
pub struct Bridge {
    pub clock: Signal<In, Clock>,
    /// Hold the bridge idle, dropping received bytes (power-on reset).
    pub reset: Signal<In, Bit>,
    /// Bytes from the UART receiver.
    pub rx_valid: Signal<In, Bit>,
    pub rx_data: Signal<In, Bits<8>>,
    /// Bytes to the UART transmitter: `tx_start` with `tx_data` when `tx_ready`.
    pub tx_start: Signal<Out, Bit>,
    pub tx_data: Signal<Out, Bits<8>>,
    pub tx_ready: Signal<In, Bit>,
    /// A request was refused (one cycle), for the link-error LED.
    pub refused: Signal<Out, Bit>,
    /// The GPU's host port ([`HostPort`]), and shared memory's read data beside it (bank
    /// b's byte of the row read, the cycle after).
    pub gpu: HostPort,
    pub sm_rdata: [Signal<In, Bits<8>>; N],
    /// The timeline log's read port and fill level.
    pub log_addr: Signal<Out, Bits<11>>,
    pub log_data: Signal<In, Bits<80>>,
    pub log_count: Signal<In, Bits<12>>,
    pub log_overflow: Signal<In, Bit>,

    receiver: Receiver,
    request_check: RequestCheck,
    reply_fetch: ReplyFetch,
    status_word: StatusWord,
    reply_out: ReplyOut,
    /// The command codes of `gpu16_sim::link::Command`.
    cmd_identify: Constant<Bits<8>>,
    cmd_write_tm: Constant<Bits<8>>,
    cmd_write_sm: Constant<Bits<8>>,
    cmd_read_sm: Constant<Bits<8>>,
    cmd_clear_sm: Constant<Bits<8>>,
    cmd_launch: Constant<Bits<8>>,
    cmd_status: Constant<Bits<8>>,
    cmd_read_events: Constant<Bits<8>>,
    cmd_read_counters: Constant<Bits<8>>,
    identity: Constant<Bits<128>>,
    error_reply: Constant<Bits<8>>,
    err_bad_crc: Constant<Bits<8>>,

    state: DFF<BridgeState>,
    source: DFF<Source>,
    /// The reply's code and payload length; payload bytes sent.
    code: DFF<Bits<8>>,
    len: DFF<Bits<8>>,
    ptr: DFF<Bits<8>>,
    /// The fixed payload (byte i in bits 8i+7..8i).
    fixed: DFF<Bits<128>>,
    /// The word being read (SM address, register number, counter, log entry), the byte in it,
    /// and the word's last byte.
    word: DFF<Bits<16>>,
    byte_sel: DFF<Bits<4>>,
    last_byte: DFF<Bits<4>>,
    out_byte: DFF<Bits<8>>,
    /// `WriteTm`: the task line being assembled, its number, and the number being written.
    line: DFF<Bits<64>>,
    line_no: DFF<Bits<8>>,
    tm_write_q: DFF<Bit>,
    tm_line_q: DFF<Bits<8>>,
    sm_en_q: DFF<Bit>,
    sm_write_q: DFF<Bit>,
    sm_addr_q: DFF<Bits<12>>,
    sm_wdata_q: DFF<Bits<8>>,
    launch_q: DFF<Bit>,
    length_q: DFF<Bits<7>>,
    max_cycles_q: DFF<Bits<32>>,
    dbg_sel: DFF<Bits<8>>,
    stat_sel_q: DFF<Bits<7>>,
    log_addr_q: DFF<Bits<11>>,
    /// Launches since power-up.
    runs: DFF<Bits<8>>,
    /// The `seq` and command of the last request that changed the board (0 after power-up).
    last_seq: DFF<Bits<8>>,
    last_cmd: DFF<Bits<8>>,
    /// The reply carries the request's `seq` (all but Identify's).
    has_seq: DFF<Bit>,
    refused_q: DFF<Bit>,

    cmd: Signal<Local, Bits<8>>,
    len_in: Signal<Local, Bits<8>>,
    args: Signal<Local, Bits<48>>,
    seq: Signal<Local, Bits<8>>,
    /// The request changes the board; it is a resend of the last one that did.
    changes: Signal<Local, Bit>,
    resend: Signal<Local, Bit>,
    arg0: Signal<Local, Bits<8>>,
    arg1: Signal<Local, Bits<8>>,
    arg2: Signal<Local, Bits<8>>,
    arg3: Signal<Local, Bits<8>>,
    arg4: Signal<Local, Bits<8>>,
    refusal: Signal<Local, Bits<8>>,
    status_bytes: Signal<Local, Bits<128>>,
    ptr_next: Signal<Local, Bits<8>>,
}

impl Bridge {
    /// A bridge built for `config`.
    pub fn new(config: BridgeConfig) -> Bridge {
        let id = config.identity().encode();
        // Byte i in bits 8i+7..8i, built from two 64-bit halves.
        let half = |bytes: &[u8]| bytes.iter().rev().fold(0u64, |v, b| v << 8 | u64::from(*b));
        let identity =
            (Bits::<128>::from(half(&id[8..])) << 64) | Bits::<128>::from(half(&id[..8]));
        let byte = |b: u8| Constant::new(u64::from(b).into());
        Bridge {
            clock: Default::default(),
            reset: Default::default(),
            rx_valid: Default::default(),
            rx_data: Default::default(),
            tx_start: Default::default(),
            tx_data: Default::default(),
            tx_ready: Default::default(),
            refused: Default::default(),
            gpu: Default::default(),
            sm_rdata: Default::default(),
            log_addr: Default::default(),
            log_data: Default::default(),
            log_count: Default::default(),
            log_overflow: Default::default(),
            receiver: Receiver::new(config.clocks_per_bit()),
            request_check: Default::default(),
            reply_fetch: Default::default(),
            status_word: Default::default(),
            reply_out: Default::default(),
            cmd_identify: byte(Command::Identify as u8),
            cmd_write_tm: byte(Command::WriteTm as u8),
            cmd_write_sm: byte(Command::WriteSm as u8),
            cmd_read_sm: byte(Command::ReadSm as u8),
            cmd_clear_sm: byte(Command::ClearSm as u8),
            cmd_launch: byte(Command::Launch as u8),
            cmd_status: byte(Command::Status as u8),
            cmd_read_events: byte(Command::ReadEvents as u8),
            cmd_read_counters: byte(Command::ReadCounters as u8),
            identity: Constant::new(identity),
            error_reply: byte(ERROR_REPLY),
            err_bad_crc: byte(LinkError::BadCrc as u8),
            state: Default::default(),
            source: Default::default(),
            code: Default::default(),
            len: Default::default(),
            ptr: Default::default(),
            fixed: Default::default(),
            word: Default::default(),
            byte_sel: Default::default(),
            last_byte: Default::default(),
            out_byte: Default::default(),
            line: Default::default(),
            line_no: Default::default(),
            tm_write_q: Default::default(),
            tm_line_q: Default::default(),
            sm_en_q: Default::default(),
            sm_write_q: Default::default(),
            sm_addr_q: Default::default(),
            sm_wdata_q: Default::default(),
            launch_q: Default::default(),
            length_q: Default::default(),
            max_cycles_q: Default::default(),
            dbg_sel: Default::default(),
            stat_sel_q: Default::default(),
            log_addr_q: Default::default(),
            runs: Default::default(),
            last_seq: Default::default(),
            last_cmd: Default::default(),
            has_seq: Default::default(),
            refused_q: Default::default(),
            cmd: Default::default(),
            len_in: Default::default(),
            args: Default::default(),
            seq: Default::default(),
            changes: Default::default(),
            resend: Default::default(),
            arg0: Default::default(),
            arg1: Default::default(),
            arg2: Default::default(),
            arg3: Default::default(),
            arg4: Default::default(),
            refusal: Default::default(),
            status_bytes: Default::default(),
            ptr_next: Default::default(),
        }
    }
}

impl Logic for Bridge {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            source,
            code,
            len,
            ptr,
            fixed,
            word,
            byte_sel,
            last_byte,
            out_byte,
            line,
            line_no,
            tm_write_q,
            tm_line_q,
            sm_en_q,
            sm_write_q,
            sm_addr_q,
            sm_wdata_q,
            launch_q,
            length_q,
            max_cycles_q,
            dbg_sel,
            stat_sel_q,
            log_addr_q,
            runs,
            last_seq,
            last_cmd,
            has_seq,
            refused_q
        );
        // One-cycle strobes.
        self.tm_write_q.d.next = false;
        self.sm_en_q.d.next = false;
        self.sm_write_q.d.next = false;
        self.launch_q.d.next = false;
        self.refused_q.d.next = false;

        // ---- the request ----
        self.receiver.clock.next = self.clock.val();
        self.receiver.byte_valid.next = self.rx_valid.val();
        self.receiver.rx_byte.next = self.rx_data.val();
        self.receiver.hold.next = self.reset.val() || (self.state.q.val() != BridgeState::Idle);
        self.receiver.buffer_addr.next = self.ptr.q.val();
        self.cmd.next = self.receiver.command.val();
        self.len_in.next = self.receiver.length.val();
        self.args.next = self.receiver.args.val();
        self.seq.next = self.args.val().get_bits::<8>(0);
        self.arg0.next = self.args.val().get_bits::<8>(8);
        self.arg1.next = self.args.val().get_bits::<8>(16);
        self.arg2.next = self.args.val().get_bits::<8>(24);
        self.arg3.next = self.args.val().get_bits::<8>(32);
        self.arg4.next = self.args.val().get_bits::<8>(40);
        // Checks (gpu16_sim::link::refusal): known command, payload length, arguments, not
        // busy; a damaged frame is refused as such.
        self.request_check.cmd.next = self.cmd.val();
        self.request_check.length.next = self.len_in.val();
        self.request_check.payload.next = bit_cast::<32, 48>(self.args.val());
        self.request_check.running.next = self.gpu.running.val();
        self.request_check.counters_ready.next = self.gpu.stat_ready.val();
        self.request_check.last_seq.next = self.last_seq.q.val();
        self.request_check.last_cmd.next = self.last_cmd.q.val();
        self.changes.next = self.request_check.changes.val();
        self.resend.next = self.request_check.resend.val();
        self.refusal.next = self.request_check.refusal.val();
        if self.receiver.frame_bad.val() {
            self.refusal.next = self.err_bad_crc.val();
        }

        // The status reply (gpu16_sim::link::BoardStatus).
        self.status_word.running.next = self.gpu.running.val();
        self.status_word.done.next = self.gpu.done.val();
        self.status_word.events_overflowed.next = self.log_overflow.val();
        self.status_word.counters_ready.next = self.gpu.stat_ready.val();
        self.status_word.code.next = self.gpu.status_code.val();
        self.status_word.frame.next = self.gpu.status_frame.val();
        self.status_word.core.next = self.gpu.status_core.val();
        self.status_word.ip.next = self.gpu.status_ip.val();
        self.status_word.cycles.next = self.gpu.cycles.val();
        self.status_word.runs.next = self.runs.q.val();
        self.status_word.events.next = self.log_count.val();
        self.status_word.seq.next = self.last_seq.q.val();
        // Byte 0 is where the reply's seq goes.
        self.status_bytes.next = bit_cast::<128, 104>(self.status_word.word.val()) << 8;

        // ---- the reply's bytes ----
        self.ptr_next.next = self.ptr.q.val() + 1;
        self.reply_out.clock.next = self.clock.val();
        self.reply_out.state.next = self.state.q.val();
        self.reply_out.code.next = self.code.q.val();
        self.reply_out.len.next = self.len.q.val();
        self.reply_out.seq.next = self.seq.val();
        self.reply_out.payload_byte.next = self.out_byte.q.val();
        self.reply_out.tx_ready.next = self.tx_ready.val();

        // A fetched payload byte, from the source's word and the byte in it.
        self.reply_fetch.source.next = self.source.q.val();
        self.reply_fetch.fixed.next = self.fixed.q.val();
        self.reply_fetch.ptr.next = self.ptr.q.val();
        for i in 0..16 {
            self.reply_fetch.sm_rdata[i].next = self.sm_rdata[i].val();
        }
        self.reply_fetch.sm_bank.next = self.sm_addr_q.q.val().get_bits::<4>(8);
        self.reply_fetch.dbg_value.next = self.gpu.dbg_value.val();
        self.reply_fetch.stat_value.next = self.gpu.stat_value.val();
        self.reply_fetch.log_data.next = self.log_data.val();
        self.reply_fetch.byte_sel.next = self.byte_sel.q.val();

        // ---- the state machine ----
        match self.state.q.val() {
            BridgeState::Idle => {
                self.ptr.d.next = 0.into();
                self.word.d.next = 0.into();
                self.byte_sel.d.next = 0.into();
                self.last_byte.d.next = 0.into();
                self.source.d.next = Source::Fixed;
                self.code.d.next = self.cmd.val();
                // Every reply but Identify's: the seq, then the data.
                self.len.d.next = 1.into();
                self.has_seq.d.next = true;
                if self.receiver.frame_bad.val()
                    || (self.receiver.frame_ok.val() && self.refusal.val().any())
                {
                    // [seq, error, command]
                    self.refused_q.d.next = true;
                    self.code.d.next = self.error_reply.val();
                    self.len.d.next = 3.into();
                    self.fixed.d.next = (bit_cast::<128, 8>(self.refusal.val()) << 8)
                        | (bit_cast::<128, 8>(self.cmd.val()) << 16);
                    self.state.d.next = BridgeState::SendSync;
                } else if self.receiver.frame_ok.val() && self.resend.val() {
                    // A resend: answered as before, not carried out again.
                    self.state.d.next = BridgeState::SendSync;
                } else if self.receiver.frame_ok.val() {
                    self.state.d.next = BridgeState::SendSync;
                    if self.changes.val() {
                        self.last_seq.d.next = self.seq.val();
                        self.last_cmd.d.next = self.cmd.val();
                    }
                    if self.cmd.val() == self.cmd_identify.val() {
                        self.has_seq.d.next = false;
                        self.len.d.next = 15.into();
                        self.fixed.d.next = self.identity.val();
                    } else if self.cmd.val() == self.cmd_write_tm.val() {
                        self.ptr.d.next = 2.into();
                        self.line_no.d.next = self.arg0.val();
                        self.state.d.next = BridgeState::TmRead;
                    } else if self.cmd.val() == self.cmd_write_sm.val() {
                        self.ptr.d.next = 3.into();
                        self.word.d.next = bit_cast::<16, 8>(self.arg0.val())
                            | (bit_cast::<16, 8>(self.arg1.val()) << 8);
                        self.state.d.next = BridgeState::SmRead;
                    } else if self.cmd.val() == self.cmd_read_sm.val() {
                        self.source.d.next = Source::Sm;
                        self.len.d.next = self.arg2.val() + 1;
                        self.word.d.next = bit_cast::<16, 8>(self.arg0.val())
                            | (bit_cast::<16, 8>(self.arg1.val()) << 8);
                        self.state.d.next = BridgeState::SendSync;
                    } else if self.cmd.val() == self.cmd_clear_sm.val() {
                        self.state.d.next = BridgeState::Clear;
                    } else if self.cmd.val() == self.cmd_launch.val() {
                        self.launch_q.d.next = true;
                        self.length_q.d.next = self.arg0.val().get_bits::<7>(0);
                        self.max_cycles_q.d.next = bit_cast::<32, 8>(self.arg1.val())
                            | (bit_cast::<32, 8>(self.arg2.val()) << 8)
                            | (bit_cast::<32, 8>(self.arg3.val()) << 16)
                            | (bit_cast::<32, 8>(self.arg4.val()) << 24);
                        self.runs.d.next = self.runs.q.val() + 1;
                    } else if self.cmd.val() == self.cmd_status.val() {
                        self.len.d.next = 14.into();
                        self.fixed.d.next = self.status_bytes.val();
                    } else if self.cmd.val() == self.cmd_read_events.val() {
                        self.source.d.next = Source::Events;
                        self.last_byte.d.next = 9.into();
                        self.len.d.next = (self.arg2.val() << 3) + (self.arg2.val() << 1) + 1;
                        self.word.d.next = bit_cast::<16, 8>(self.arg0.val())
                            | (bit_cast::<16, 8>(self.arg1.val()) << 8);
                    } else if self.cmd.val() == self.cmd_read_counters.val() {
                        self.source.d.next = Source::Counters;
                        self.last_byte.d.next = 3.into();
                        self.len.d.next = (self.arg1.val() << 2) + 1;
                        self.word.d.next = bit_cast::<16, 8>(self.arg0.val());
                    } else {
                        // ReadRegs
                        self.source.d.next = Source::Regs;
                        self.len.d.next = self.arg1.val() + 1;
                        self.word.d.next = bit_cast::<16, 8>(self.arg0.val());
                    }
                }
            }
            BridgeState::TmRead => {
                self.state.d.next = BridgeState::TmShift;
            }
            BridgeState::TmShift => {
                // Little-endian: the line's first byte ends up in bits 7..0. Lines are payload
                // bytes 2-9, 10-17, …
                self.line.d.next = (self.line.q.val() >> 8)
                    | (bit_cast::<64, 8>(self.receiver.buffer_data.val()) << 56);
                self.ptr.d.next = self.ptr_next.val();
                if self.ptr.q.val().get_bits::<3>(0) == 1 {
                    self.state.d.next = BridgeState::TmWrite;
                } else {
                    self.state.d.next = BridgeState::TmRead;
                }
            }
            BridgeState::TmWrite => {
                self.tm_write_q.d.next = true;
                self.tm_line_q.d.next = self.line_no.q.val();
                self.line_no.d.next = self.line_no.q.val() + 1;
                if self.ptr.q.val() == self.len_in.val() {
                    self.ptr.d.next = 0.into();
                    self.state.d.next = BridgeState::SendSync;
                } else {
                    self.state.d.next = BridgeState::TmRead;
                }
            }
            BridgeState::SmRead => {
                self.state.d.next = BridgeState::SmWrite;
            }
            BridgeState::SmWrite => {
                self.sm_en_q.d.next = true;
                self.sm_write_q.d.next = true;
                self.sm_addr_q.d.next = self.word.q.val().get_bits::<12>(0);
                self.sm_wdata_q.d.next = self.receiver.buffer_data.val();
                self.word.d.next = self.word.q.val() + 1;
                self.ptr.d.next = self.ptr_next.val();
                if self.ptr_next.val() == self.len_in.val() {
                    self.ptr.d.next = 0.into();
                    self.word.d.next = 0.into();
                    self.state.d.next = BridgeState::SendSync;
                } else {
                    self.state.d.next = BridgeState::SmRead;
                }
            }
            BridgeState::Clear => {
                self.sm_en_q.d.next = true;
                self.sm_write_q.d.next = true;
                self.sm_addr_q.d.next = self.word.q.val().get_bits::<12>(0);
                self.sm_wdata_q.d.next = 0.into();
                self.word.d.next = self.word.q.val() + 1;
                if self.word.q.val().get_bits::<12>(0).all() {
                    self.word.d.next = 0.into();
                    self.state.d.next = BridgeState::SendSync;
                }
            }
            BridgeState::SendSync => {
                if self.reply_out.accept.val() {
                    self.state.d.next = BridgeState::SendCode;
                }
            }
            BridgeState::SendCode => {
                if self.reply_out.accept.val() {
                    self.state.d.next = BridgeState::SendLength;
                }
            }
            BridgeState::SendLength => {
                if self.reply_out.accept.val() {
                    if self.has_seq.q.val() {
                        self.state.d.next = BridgeState::SendSeq;
                    } else {
                        self.state.d.next = BridgeState::Fetch;
                    }
                }
            }
            BridgeState::SendSeq => {
                if self.reply_out.accept.val() {
                    self.ptr.d.next = 1.into();
                    if self.len.q.val() == 1 {
                        self.state.d.next = BridgeState::SendCrcHigh;
                    } else {
                        self.state.d.next = BridgeState::Fetch;
                    }
                }
            }
            BridgeState::Fetch => {
                self.sm_en_q.d.next = self.source.q.val() == Source::Sm;
                self.sm_addr_q.d.next = self.word.q.val().get_bits::<12>(0);
                self.dbg_sel.d.next = self.word.q.val().get_bits::<8>(0);
                self.stat_sel_q.d.next = self.word.q.val().get_bits::<7>(0);
                self.log_addr_q.d.next = self.word.q.val().get_bits::<11>(0);
                self.state.d.next = BridgeState::Wait1;
            }
            BridgeState::Wait1 => {
                // Shared memory: the read is made at the end of this cycle.
                self.sm_en_q.d.next = self.source.q.val() == Source::Sm;
                self.state.d.next = BridgeState::Wait2;
            }
            BridgeState::Wait2 => {
                self.out_byte.d.next = self.reply_fetch.value.val();
                self.state.d.next = BridgeState::SendByte;
            }
            BridgeState::SendByte => {
                if self.reply_out.accept.val() {
                    self.ptr.d.next = self.ptr_next.val();
                    if self.byte_sel.q.val() == self.last_byte.q.val() {
                        self.byte_sel.d.next = 0.into();
                        self.word.d.next = self.word.q.val() + 1;
                    } else {
                        self.byte_sel.d.next = self.byte_sel.q.val() + 1;
                    }
                    if self.ptr_next.val() == self.len.q.val() {
                        self.state.d.next = BridgeState::SendCrcHigh;
                    } else {
                        self.state.d.next = BridgeState::Fetch;
                    }
                }
            }
            BridgeState::SendCrcHigh => {
                if self.reply_out.accept.val() {
                    self.state.d.next = BridgeState::SendCrcLow;
                }
            }
            BridgeState::SendCrcLow => {
                if self.reply_out.accept.val() {
                    self.state.d.next = BridgeState::Idle;
                }
            }
            _ => {
                self.state.d.next = BridgeState::Idle;
            }
        }
        if self.reset.val() {
            self.state.d.next = BridgeState::Idle;
        }

        // ---- outputs ----
        self.tx_start.next = self.reply_out.accept.val();
        self.tx_data.next = self.reply_out.tx_data.val();
        self.refused.next = self.refused_q.q.val();
        self.gpu.tm_write.next = self.tm_write_q.q.val();
        self.gpu.tm_line.next = self.tm_line_q.q.val();
        self.gpu.tm_data.next = self.line.q.val();
        self.gpu.sm_en.next = self.sm_en_q.q.val();
        self.gpu.sm_addr.next = self.sm_addr_q.q.val();
        self.gpu.sm_write.next = self.sm_write_q.q.val();
        self.gpu.sm_wdata.next = self.sm_wdata_q.q.val();
        self.gpu.launch.next = self.launch_q.q.val();
        self.gpu.length.next = self.length_q.q.val();
        self.gpu.max_cycles.next = self.max_cycles_q.q.val();
        self.gpu.dbg_core.next = self.dbg_sel.q.val().get_bits::<4>(4);
        self.gpu.dbg_reg.next = self.dbg_sel.q.val().get_bits::<4>(0);
        self.gpu.stat_sel.next = self.stat_sel_q.q.val();
        self.log_addr.next = self.log_addr_q.q.val();
    }
}
