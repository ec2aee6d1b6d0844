//! The link test: a tiny design on a board's pins that sends back every byte it receives.
//! `gpu16 build --design uart-echo` makes its bitstream in seconds, to check a board, its
//! cable and baud rate before the hour the whole GPU takes; the tests build it for every
//! board, so each board's pins, I/O types and bitstream packing are exercised on every run.
//! Its video output draws an empty picture (black, in the board top's video mode), so a
//! monitor on the board's connector shows that the video clocks and pins work.

use super::leds::Leds;
use super::top::{VIDEO_MODE, VIDEO_SCALE};
use crate::bridge::uart_rx::UartRx;
use crate::bridge::uart_tx::UartTx;
use crate::video::VideoOut;
use gpu16_sim::isa::sm::BANKS;
use rust_hdl::prelude::*;

/// UART echo with the board top's ports.
#[derive(LogicBlock)]
pub struct EchoTop {
    pub clock: Signal<In, Clock>,
    pub uart_rx: Signal<In, Bit>,
    pub uart_tx: Signal<Out, Bit>,
    /// LED 0 heartbeat, LED 4 activity (as on the GPU's board top).
    pub leds: Signal<Out, Bits<8>>,
    pub led_summary: Signal<Out, Bit>,
    /// The video output, as on the GPU's board top.
    pub pixel_clock: Signal<In, Clock>,
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
    rx: UartRx,
    tx: UartTx,
    indicators: Leds,
    video: VideoOut,
}

impl EchoTop {
    /// An echo at `clocks_per_bit` cycles per UART bit.
    pub fn new(clocks_per_bit: u32) -> EchoTop {
        EchoTop {
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
            rx: UartRx::new(clocks_per_bit),
            tx: UartTx::new(clocks_per_bit),
            indicators: Default::default(),
            video: VideoOut::new(VIDEO_MODE, VIDEO_SCALE),
        }
    }
}

impl Logic for EchoTop {
    #[hdl_gen]
    fn update(&mut self) {
        self.rx.clock.next = self.clock.val();
        self.tx.clock.next = self.clock.val();
        self.indicators.clock.next = self.clock.val();
        self.rx.line.next = self.uart_rx.val();
        // A byte arrives every 10 bit times and takes 10 to send, so the transmitter is free
        // unless the sender runs fast; then the byte is dropped.
        self.tx.start.next = self.rx.valid.val() && self.tx.ready.val();
        self.tx.data.next = self.rx.data.val();
        self.uart_tx.next = self.tx.line.val();
        self.indicators.running.next = false;
        self.indicators.done.next = false;
        self.indicators.status_code.next = 0.into();
        self.indicators.rx_activity.next = self.rx.valid.val();
        self.indicators.refused.next = self.rx.framing_error.val();
        self.leds.next = self.indicators.leds.val();
        self.led_summary.next = self.indicators.summary.val();
        // No row is ever offered (`offer` always equals `taken`): the frame memory keeps
        // its power-up zeros.
        self.video.clock.next = self.pixel_clock.val();
        for j in 0..BANKS {
            self.video.row_data[j].next = 0.into();
        }
        self.video.row_index.next = 0.into();
        self.video.offer.next = self.video.taken.val();
        self.tmds_blue.next = self.video.blue.val();
        self.tmds_green.next = self.video.green.val();
        self.tmds_red.next = self.video.red.val();
        self.vga_red.next = self.video.vga_red.val();
        self.vga_green.next = self.video.vga_green.val();
        self.vga_blue.next = self.video.vga_blue.val();
        self.vga_hsync.next = self.video.vga_hsync.val();
        self.vga_vsync.next = self.video.vga_vsync.val();
    }
}
