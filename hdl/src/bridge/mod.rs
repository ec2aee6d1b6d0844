//! The UART host bridge: the board's side of the link (`gpu16_sim::link`), between a UART's
//! byte streams and the GPU's host interface.
//!
//! ```text
//!  UartRx ─bytes─► Receiver ─frame─► Dispatch ──────────► Loader ─► GPU host port: TM, SM
//!                  (buffer, CRC)     (RequestCheck:       (WriteTm, WriteSm, ClearSm)
//!                                     refusal, resend;     │ done
//!                                     launch; the plan)    ▼
//!  UartTx ◄─bytes── Reply (ReplyOut: sync, code, length, seq, payload, CRC ◄── Payload:
//!                   the captured bytes (StatusWord, identity, error), SM rows, registers,
//!                   counters, EventLog entries)
//! ```
//!
//! One request at a time: the bridge checks a request (command known, length, arguments, not
//! busy), carries it out, and sends exactly one reply. A refused request changes nothing and
//! gets an error reply. A request that changes the board and repeats the `seq`, command and
//! CRC of the last one carried out is a host's resend after a lost reply: it gets the success
//! reply again and is not carried out twice (`gpu16_sim::link`, sequence numbers). `Session`
//! keeps the host's session number for the status (`gpu16_sim::link`, sessions). The bridge
//! returns to waiting for a request after every reply, whatever came before, so it cannot
//! wedge; shared memory can be read whenever no run is in progress, after a machine error too.

pub mod crc16;
pub mod dispatch;
pub mod event_log;
pub mod header_check;
pub mod loader;
pub mod packing;
pub mod payload;
pub mod receiver;
pub mod reply;
pub mod reply_out;
pub mod reply_plan;
pub mod reply_state;
pub mod request_check;
pub mod status_word;
pub mod uart_rx;
pub mod uart_tx;

use crate::host_port::HostPort;
use dispatch::Dispatch;
use gpu16_sim::isa::sm::BANKS;
use gpu16_sim::link::{BaudError, Identity, EVENT_CAPACITY, VERSION};
use loader::Loader;
use payload::PayloadPlan;
use receiver::Receiver;
use reply::Reply;
use rust_hdl::prelude::*;
use status_word::StatusWord;

/// Cores, and shared-memory banks.
const N: usize = gpu16_sim::frame::CORES;

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
    /// N, the GPU's cores (1–16).
    pub cores: usize,
    /// The design's fingerprint, reported by `Design` (`gpu16_sim::link::Command::Design`): a
    /// hash of this block's Verilog built with 0 here.
    pub fingerprint: u64,
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
            cores: self.cores as u8,
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
    dispatch: Dispatch,
    loader: Loader,
    reply: Reply,
    status_word: StatusWord,
    /// The shared-memory side of the GPU's host port: the loader's writes, the reply's row
    /// reads.
    sm_en: DFF<Bit>,
    sm_write: DFF<Bit>,
    sm_addr: DFF<Bits<12>>,
    sm_wdata: DFF<Bits<8>>,
}

impl Bridge {
    /// A bridge built for `config`.
    pub fn new(config: BridgeConfig) -> Bridge {
        let id = config.identity().encode();
        // Byte i in bits 8i+7..8i, built from two 64-bit halves.
        let half = |bytes: &[u8]| bytes.iter().rev().fold(0u64, |v, b| v << 8 | u64::from(*b));
        let identity =
            (Bits::<128>::from(half(&id[8..])) << 64) | Bits::<128>::from(half(&id[..8]));
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
            dispatch: Dispatch::new(identity, config.fingerprint),
            loader: Default::default(),
            reply: Default::default(),
            status_word: Default::default(),
            sm_en: Default::default(),
            sm_write: Default::default(),
            sm_addr: Default::default(),
            sm_wdata: Default::default(),
        }
    }
}

impl Logic for Bridge {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, sm_en, sm_write, sm_addr, sm_wdata);

        // ---- the request: received whole while the bridge is idle ----
        self.receiver.clock.next = self.clock.val();
        self.receiver.byte_valid.next = self.rx_valid.val();
        self.receiver.rx_byte.next = self.rx_data.val();
        self.receiver.hold.next =
            self.reset.val() || self.loader.busy.val() || self.reply.busy.val();
        self.receiver.buffer_addr.next = self.loader.buffer_addr.val();

        // ---- what it makes the bridge do ----
        self.dispatch.clock.next = self.clock.val();
        self.dispatch.idle.next = !(self.loader.busy.val() || self.reply.busy.val());
        self.dispatch.frame_ok.next = self.receiver.frame_ok.val();
        self.dispatch.frame_bad.next = self.receiver.frame_bad.val();
        self.dispatch.cmd.next = self.receiver.command.val();
        self.dispatch.length.next = self.receiver.length.val();
        self.dispatch.args.next = self.receiver.args.val();
        self.dispatch.frame_crc.next = self.receiver.frame_crc.val();
        self.dispatch.running.next = self.gpu.running.val();
        self.dispatch.counters_ready.next = self.gpu.stat_ready.val();
        self.dispatch.status.next = self.status_word.word.val();

        // The status reply (gpu16_sim::link::BoardStatus).
        self.status_word.running.next = self.gpu.running.val();
        self.status_word.done.next = self.gpu.done.val();
        self.status_word.stopped.next = self.dispatch.stopped.val();
        self.status_word.events_overflowed.next = self.log_overflow.val();
        self.status_word.counters_ready.next = self.gpu.stat_ready.val();
        self.status_word.code.next = self.gpu.status_code.val();
        self.status_word.frame.next = self.gpu.status_frame.val();
        self.status_word.core.next = self.gpu.status_core.val();
        self.status_word.ip.next = self.gpu.status_ip.val();
        self.status_word.cycles.next = self.gpu.cycles.val();
        self.status_word.runs.next = self.dispatch.runs.val();
        self.status_word.events.next = self.log_count.val();
        self.status_word.seq.next = self.dispatch.last_seq.val();
        self.status_word.session.next = self.dispatch.session.val();

        // ---- loading Task Memory and shared memory ----
        self.loader.clock.next = self.clock.val();
        self.loader.reset.next = self.reset.val();
        self.loader.write_tm.next = self.dispatch.write_tm.val();
        self.loader.write_sm.next = self.dispatch.write_sm.val();
        self.loader.clear_sm.next = self.dispatch.clear_sm.val();
        self.loader.first_line.next = self.dispatch.first_line.val();
        self.loader.sm_start.next = self.dispatch.sm_start.val();
        self.loader.length.next = self.receiver.length.val();
        self.loader.buffer_data.next = self.receiver.buffer_data.val();

        // ---- the reply: at once, or when the loader is done ----
        self.reply.clock.next = self.clock.val();
        self.reply.reset.next = self.reset.val();
        self.reply.plan.next = self.dispatch.plan.val();
        self.reply.code.next = self.dispatch.code.val();
        self.reply.len.next = self.dispatch.len.val();
        self.reply.has_seq.next = self.dispatch.has_seq.val();
        PayloadPlan::join(&mut self.dispatch.payload, &mut self.reply.payload_plan);
        self.reply.go.next = self.dispatch.reply_now.val() || self.loader.done.val();
        self.reply.seq.next = self.receiver.args.val().get_bits::<8>(0);
        self.reply.tx_ready.next = self.tx_ready.val();
        for i in 0..BANKS {
            self.reply.sm_rdata[i].next = self.sm_rdata[i].val();
        }
        self.reply.reads.dbg_value.next = self.gpu.dbg_value.val();
        self.reply.reads.stat_value.next = self.gpu.stat_value.val();
        self.reply.reads.log_data.next = self.log_data.val();

        // ---- shared memory: the loader's writes, the reply's reads ----
        self.sm_en.d.next = self.loader.sm_write.val() || self.reply.reads.sm_read.val();
        self.sm_write.d.next = self.loader.sm_write.val();
        if self.loader.sm_write.val() {
            self.sm_addr.d.next = self.loader.sm_addr.val();
            self.sm_wdata.d.next = self.loader.sm_wdata.val();
        }
        if self.reply.sm_load.val() {
            self.sm_addr.d.next = self.reply.reads.sm_addr.val();
        }

        // ---- outputs ----
        self.tx_start.next = self.reply.tx_start.val();
        self.tx_data.next = self.reply.tx_data.val();
        self.refused.next = self.dispatch.refused.val();
        self.gpu.tm_write.next = self.loader.tm_write.val();
        self.gpu.tm_line.next = self.loader.tm_line.val();
        self.gpu.tm_data.next = self.loader.tm_data.val();
        self.gpu.sm_en.next = self.sm_en.q.val();
        self.gpu.sm_addr.next = self.sm_addr.q.val();
        self.gpu.sm_write.next = self.sm_write.q.val();
        self.gpu.sm_wdata.next = self.sm_wdata.q.val();
        self.gpu.launch.next = self.dispatch.launch.val();
        self.gpu.length.next = self.dispatch.run_length.val();
        self.gpu.max_cycles.next = self.dispatch.max_cycles.val();
        self.gpu.stop.next = self.dispatch.stop.val();
        self.gpu.dbg_core.next = self.reply.reads.dbg_sel.val().get_bits::<4>(4);
        self.gpu.dbg_reg.next = self.reply.reads.dbg_sel.val().get_bits::<4>(0);
        self.gpu.stat_sel.next = self.reply.reads.stat_sel.val();
        self.log_addr.next = self.reply.reads.log_addr.val();
    }
}
