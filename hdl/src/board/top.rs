//! The board top: the GPU behind the UART host bridge, with its timeline log, the power-on
//! reset, the LEDs and the video output. Its ports are the board's pins (named in
//! `constraints/<board>.lpf` through the board's pin wrapper,
//! `gpu16_fpga::board::Board::pin_wrapper`), except the video's: a DVI board's wrapper
//! serialises its symbols onto the connector's pins, a VGA board's takes its levels.
//!
//! ```text
//!  uart_rx ─► UartRx ─► Bridge ─► UartTx ─► uart_tx
//!                         │ ▲
//!             host port   ▼ │
//!                       PortShare ◄── a row's read ── FrameCopy ─ a row ─► VideoOut ─► tmds_*, vga_*
//!                         │ ▲  (when free)             (clock)   ◄ taken ─ (pixel_clock)
//!                         ▼ │  timeline outputs
//!                          Gpu ────────────► EventLog ─► (Bridge)
//!  clock ─► all but VideoOut; PowerOnReset ─► Bridge;  status ─► Leds ─► leds, led_summary
//! ```
//!
//! When a run ends the picture (docs/MACHINE.md §5) is copied into the video's frame memory
//! through the host port in cycles nobody else uses it, and the monitor shows it until the
//! next run's end.

use super::leds::Leds;
use super::port_share::PortShare;
use super::reset::PowerOnReset;
use crate::bridge::event_log::EventLog;
use crate::bridge::uart_rx::UartRx;
use crate::bridge::uart_tx::UartTx;
use crate::bridge::{Bridge, BridgeConfig};
use crate::gpu::Gpu;
use crate::host_port::HostPort;
use crate::video::{FrameCopy, VideoMode, VideoOut};
use gpu16_sim::isa::sm::BANKS;
use rust_hdl::prelude::*;

/// The video mode the boards show the picture in, and how large its pixels are drawn
/// (64 × 7 = 448 of 480 lines).
pub const VIDEO_MODE: VideoMode = VideoMode::VGA;
pub const VIDEO_SCALE: u16 = 7;

/// The board's design.
#[derive(LogicBlock)]
pub struct BoardTop {
    /// The board's oscillator: the GPU's clock.
    pub clock: Signal<In, Clock>,
    /// The UART from the PC (idle high) and to it.
    pub uart_rx: Signal<In, Bit>,
    pub uart_tx: Signal<Out, Bit>,
    /// LEDs 0–7 (1 = lit) and the one-LED summary (see `super::leds`).
    pub leds: Signal<Out, Bits<8>>,
    pub led_summary: Signal<Out, Bit>,
    /// The video's pixel clock (25 MHz for [`VIDEO_MODE`]; any phase and ratio to `clock`).
    pub pixel_clock: Signal<In, Clock>,
    /// The three TMDS channels' symbols, a pixel clock cycle each, bit 0 sent first.
    pub tmds_blue: Signal<Out, Bits<10>>,
    pub tmds_green: Signal<Out, Bits<10>>,
    pub tmds_red: Signal<Out, Bits<10>>,
    /// The same pixels as VGA levels, for the boards with a VGA connector: 8 bits a colour
    /// and the sync levels, in the pixel clock (see `crate::video::ScanOut`).
    pub vga_red: Signal<Out, Bits<8>>,
    pub vga_green: Signal<Out, Bits<8>>,
    pub vga_blue: Signal<Out, Bits<8>>,
    pub vga_hsync: Signal<Out, Bit>,
    pub vga_vsync: Signal<Out, Bit>,
    por: PowerOnReset,
    rx: UartRx,
    tx: UartTx,
    bridge: Bridge,
    log: EventLog,
    gpu: Gpu,
    indicators: Leds,
    share: PortShare,
    copy: FrameCopy,
    video: VideoOut,
}

impl BoardTop {
    /// The board top for `config`; `config.counters` false leaves the GPU's performance
    /// counters out.
    pub fn new(config: BridgeConfig) -> BoardTop {
        let cpb = config.clocks_per_bit();
        let mut gpu = Gpu::new(config.cores);
        if !config.counters {
            gpu.disable_counters();
        }
        BoardTop {
            clock: Default::default(),
            uart_rx: Default::default(),
            uart_tx: Default::default(),
            leds: Default::default(),
            led_summary: Default::default(),
            pixel_clock: Default::default(),
            tmds_blue: Default::default(),
            tmds_green: Default::default(),
            tmds_red: Default::default(),
            vga_red: Default::default(),
            vga_green: Default::default(),
            vga_blue: Default::default(),
            vga_hsync: Default::default(),
            vga_vsync: Default::default(),
            por: Default::default(),
            rx: UartRx::new(cpb),
            tx: UartTx::new(cpb),
            bridge: Bridge::new(config),
            log: Default::default(),
            gpu,
            indicators: Default::default(),
            share: Default::default(),
            copy: Default::default(),
            video: VideoOut::new(VIDEO_MODE, VIDEO_SCALE),
        }
    }
}

impl Logic for BoardTop {
    #[hdl_gen]
    fn update(&mut self) {
        self.por.clock.next = self.clock.val();
        self.rx.clock.next = self.clock.val();
        self.tx.clock.next = self.clock.val();
        self.bridge.clock.next = self.clock.val();
        self.log.clock.next = self.clock.val();
        self.gpu.clock.next = self.clock.val();
        self.indicators.clock.next = self.clock.val();

        // ---- the link ----
        self.rx.line.next = self.uart_rx.val();
        self.bridge.reset.next = self.por.reset.val();
        self.bridge.rx_valid.next = self.rx.valid.val();
        self.bridge.rx_data.next = self.rx.data.val();
        self.tx.start.next = self.bridge.tx_start.val();
        self.tx.data.next = self.bridge.tx_data.val();
        self.bridge.tx_ready.next = self.tx.ready.val();
        self.uart_tx.next = self.tx.line.val();

        // ---- the GPU's host port, shared with the picture's copy ----
        HostPort::join(&mut self.bridge.gpu, &mut self.share.host);
        HostPort::join(&mut self.share.gpu, &mut self.gpu.host);
        for i in 0..BANKS {
            self.bridge.sm_rdata[i].next = self.gpu.sm_rdata[i].val();
            self.copy.sm_rdata[i].next = self.gpu.sm_rdata[i].val();
        }

        // ---- the picture: copied when a run ends, shown in the pixel clock ----
        self.copy.clock.next = self.clock.val();
        self.copy.done.next = self.gpu.host.done.val();
        self.copy.port_free.next = self.share.copy_free.val();
        self.share.copy_read.next = self.copy.sm_en.val();
        self.share.copy_row.next = self.copy.sm_row.val();
        self.video.clock.next = self.pixel_clock.val();
        for j in 0..BANKS {
            self.video.row_data[j].next = self.copy.row_data[j].val();
        }
        self.video.row_index.next = self.copy.row_index.val();
        self.video.offer.next = self.copy.offer.val();
        self.copy.taken.next = self.video.taken.val();
        self.tmds_blue.next = self.video.blue.val();
        self.tmds_green.next = self.video.green.val();
        self.tmds_red.next = self.video.red.val();
        self.vga_red.next = self.video.vga_red.val();
        self.vga_green.next = self.video.vga_green.val();
        self.vga_blue.next = self.video.vga_blue.val();
        self.vga_hsync.next = self.video.vga_hsync.val();
        self.vga_vsync.next = self.video.vga_vsync.val();

        // ---- the timeline log ----
        self.log.clear.next = self.bridge.gpu.launch.val();
        self.log.event_valid.next = self.gpu.event_valid.val();
        self.log.event_if.next = self.gpu.event_if.val();
        self.log.event_frame.next = self.gpu.event_frame.val();
        self.log.event_mask.next = self.gpu.event_mask.val();
        self.log.ready_mask.next = self.gpu.ready_mask.val();
        self.log.cycles.next = self.gpu.host.cycles.val();
        self.log.read_addr.next = self.bridge.log_addr.val();
        self.bridge.log_data.next = self.log.read_data.val();
        self.bridge.log_count.next = self.log.count.val();
        self.bridge.log_overflow.next = self.log.overflow.val();

        // ---- LEDs ----
        self.indicators.running.next = self.gpu.host.running.val();
        self.indicators.done.next = self.gpu.host.done.val();
        self.indicators.status_code.next = self.gpu.host.status_code.val();
        self.indicators.rx_activity.next = self.rx.valid.val();
        self.indicators.refused.next = self.bridge.refused.val() || self.rx.framing_error.val();
        self.leds.next = self.indicators.leds.val();
        self.led_summary.next = self.indicators.summary.val();
    }
}
