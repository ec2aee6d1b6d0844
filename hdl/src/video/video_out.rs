//! The pixel clock's half of the video output: the rows [`super::FrameCopy`] offers written
//! into the frame memory ([`super::FrameWrite`]) in the scan-out's vertical blanking (a copy
//! started only in its first lines, so that it ends there), and the scan-out
//! ([`super::ScanOut`]) drawing them as the three TMDS channels.
//!
//! ```text
//!  row, index, offer ─► FrameWrite ─ write port ─► ScanOut ─► red, green, blue symbols,
//!                                                              vga_* levels
//!  taken ◄──────────────┘   ▲ vblank, copy_window ─┘
//! ```

use super::{FrameWrite, ScanOut, VideoMode};
use gpu16_sim::isa::sm::BANKS;
use rust_hdl::prelude::*;

/// The frame memory's writer and the scan-out, in the pixel clock.
#[derive(LogicBlock)]
pub struct VideoOut {
    /// The pixel clock.
    pub clock: Signal<In, Clock>,
    /// The row [`super::FrameCopy`] offers, from the GPU's clock (see its handshake).
    pub row_data: [Signal<In, Bits<8>>; BANKS],
    pub row_index: Signal<In, Bits<8>>,
    pub offer: Signal<In, Bit>,
    pub taken: Signal<Out, Bit>,
    /// This cycle's symbols, bit 0 sent first: blue (with HSYNC and VSYNC), green, red.
    pub blue: Signal<Out, Bits<10>>,
    pub green: Signal<Out, Bits<10>>,
    pub red: Signal<Out, Bits<10>>,
    /// The same pixels as VGA levels ([`ScanOut`]'s `vga_*`).
    pub vga_red: Signal<Out, Bits<8>>,
    pub vga_green: Signal<Out, Bits<8>>,
    pub vga_blue: Signal<Out, Bits<8>>,
    pub vga_hsync: Signal<Out, Bit>,
    pub vga_vsync: Signal<Out, Bit>,
    writer: FrameWrite,
    scan: ScanOut,
}

impl VideoOut {
    /// The video output for `mode`, each pixel of the picture `scale` × `scale`.
    pub fn new(mode: VideoMode, scale: u16) -> VideoOut {
        VideoOut {
            clock: Default::default(),
            row_data: Default::default(),
            row_index: Default::default(),
            offer: Default::default(),
            taken: Default::default(),
            blue: Default::default(),
            green: Default::default(),
            red: Default::default(),
            vga_red: Default::default(),
            vga_green: Default::default(),
            vga_blue: Default::default(),
            vga_hsync: Default::default(),
            vga_vsync: Default::default(),
            writer: Default::default(),
            scan: ScanOut::new(mode, scale),
        }
    }
}

impl Logic for VideoOut {
    #[hdl_gen]
    fn update(&mut self) {
        self.writer.clock.next = self.clock.val();
        self.scan.clock.next = self.clock.val();
        for j in 0..BANKS {
            self.writer.row_data[j].next = self.row_data[j].val();
        }
        self.writer.row_index.next = self.row_index.val();
        self.writer.offer.next = self.offer.val();
        self.writer.vblank.next = self.scan.vblank.val();
        self.writer.window.next = self.scan.copy_window.val();
        self.taken.next = self.writer.taken.val();
        self.scan.write.next = self.writer.write.val();
        self.scan.write_address.next = self.writer.write_address.val();
        self.scan.write_data.next = self.writer.write_data.val();
        self.blue.next = self.scan.blue.val();
        self.green.next = self.scan.green.val();
        self.red.next = self.scan.red.val();
        self.vga_red.next = self.scan.vga_red.val();
        self.vga_green.next = self.scan.vga_green.val();
        self.vga_blue.next = self.scan.vga_blue.val();
        self.vga_hsync.next = self.scan.vga_hsync.val();
        self.vga_vsync.next = self.scan.vga_vsync.val();
    }
}
