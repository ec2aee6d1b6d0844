//! The scan-out: the picture in its frame memory, drawn scaled and centred on a video mode's
//! visible area, as the three TMDS channels' symbols and as VGA levels.
//!
//! ```text
//!  VideoTiming ─ x, y ─► Scaler ─ address ─► frame memory read ─┐ (a cycle)
//!      │ de, hsync, vsync, on the picture ──► registered ───────┤
//!      │                                                        ▼
//!      │                         pixel (black off the picture) ─► Rgb332 ─► red, green, blue
//!      │                                                             ├─► DviEncode ─► symbols
//!      │                            (de, hsync, vsync registered) ───┤   (a cycle)
//!      │                                                             └─► VgaLevels ─► vga_*
//!      └─ vblank, copy_window                                            (a cycle)
//! ```
//!
//! One block per job: where the beam is in the picture ([`Scaler`]), a pixel's colours
//! ([`Rgb332`]), the DVI symbols ([`DviEncode`]) and the VGA levels ([`VgaLevels`]), each with
//! its own testbench; this block holds the frame memory and the registers between them.
//!
//! - The picture (docs/MACHINE.md §5) is 64 × 64 pixels, each drawn `scale` × `scale`, its
//!   top-left corner where the picture is centred in the visible area ([`Scaler`]).
//! - The frame memory is a block RAM of 4,096 bytes, pixel (x, y) at 64·y + x, written
//!   through `write` and read a cycle ahead of the pixel's encoding. A read in the cycle of a
//!   write to the same byte is undefined ([`crate::block_ram`]): whoever writes does it while
//!   `vblank`, when no pixel of the picture is read.
//! - A symbol leaves two cycles after the timing's pixel (the RAM's read, the encoder's
//!   register); the sync and display enable travel with it.
//! - The same pixel leaves at the same cycle as levels for a VGA connector's DACs
//!   (`vga_*`, [`VgaLevels`]): each colour as 8 bits (black off the picture and in blanking)
//!   and the two sync levels, registered as the symbols are.

use super::{DviEncode, Rgb332, Scaler, VgaLevels, VideoMode, VideoTiming};
use crate::block_ram::BlockRam;
use rust_hdl::prelude::*;

/// The frame memory and the stages that draw it, for one video mode and scale.
#[derive(LogicBlock)]
pub struct ScanOut {
    /// The pixel clock.
    pub clock: Signal<In, Clock>,
    /// The frame memory's write port: `write_data` into pixel `write_address` (64·y + x).
    pub write: Signal<In, Bit>,
    pub write_address: Signal<In, Bits<12>>,
    pub write_data: Signal<In, Bits<8>>,
    /// The beam is below the visible area (the vertical blanking): no pixel is read; and in
    /// the blanking's first lines, where a whole copy still ends inside it
    /// ([`super::frame_copy::window_lines`]).
    pub vblank: Signal<Out, Bit>,
    pub copy_window: Signal<Out, Bit>,
    /// This cycle's symbols, bit 0 sent first: blue (with HSYNC and VSYNC in blanking),
    /// green and red.
    pub blue: Signal<Out, Bits<10>>,
    pub green: Signal<Out, Bits<10>>,
    pub red: Signal<Out, Bits<10>>,
    /// The same pixel as levels for a VGA DAC: 8 bits a colour (0 in blanking) and the
    /// sync levels (the mode's polarity applied).
    pub vga_red: Signal<Out, Bits<8>>,
    pub vga_green: Signal<Out, Bits<8>>,
    pub vga_blue: Signal<Out, Bits<8>>,
    pub vga_hsync: Signal<Out, Bit>,
    pub vga_vsync: Signal<Out, Bit>,

    timing: VideoTiming,
    scaler: Scaler,
    frame: BlockRam<8, 12>,
    colour: Rgb332,
    dvi: DviEncode,
    vga: VgaLevels,
    /// The first line after the copy's window.
    window_end: Constant<Bits<10>>,
    /// Last cycle's display enable, syncs and whether the beam was on the picture: they
    /// go with the byte the frame memory reads now.
    de_q: DFF<Bit>,
    hsync_q: DFF<Bit>,
    vsync_q: DFF<Bit>,
    on_picture_q: DFF<Bit>,
}

impl ScanOut {
    /// The scan-out for `mode`, each pixel `scale` × `scale` (1 to 16; the picture must fit).
    pub fn new(mode: VideoMode, scale: u16) -> ScanOut {
        let window = super::frame_copy::window_lines(mode)
            .expect("the vertical blanking holds a whole copy of the picture");
        ScanOut {
            clock: Default::default(),
            write: Default::default(),
            write_address: Default::default(),
            write_data: Default::default(),
            vblank: Default::default(),
            copy_window: Default::default(),
            blue: Default::default(),
            green: Default::default(),
            red: Default::default(),
            vga_red: Default::default(),
            vga_green: Default::default(),
            vga_blue: Default::default(),
            vga_hsync: Default::default(),
            vga_vsync: Default::default(),
            timing: VideoTiming::new(mode),
            scaler: Scaler::new(mode, scale),
            frame: Default::default(),
            colour: Default::default(),
            dvi: Default::default(),
            vga: Default::default(),
            window_end: Constant::new(u64::from(mode.v_visible + window).into()),
            de_q: Default::default(),
            hsync_q: Default::default(),
            vsync_q: Default::default(),
            on_picture_q: Default::default(),
        }
    }
}

impl Logic for ScanOut {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, de_q, hsync_q, vsync_q, on_picture_q);
        self.timing.clock.next = self.clock.val();
        self.vblank.next = self.timing.vblank.val();
        self.copy_window.next =
            self.timing.vblank.val() && (self.timing.y.val() < self.window_end.val());

        // ---- where the beam is in the picture ----
        self.scaler.clock.next = self.clock.val();
        self.scaler.x.next = self.timing.x.val();
        self.scaler.y.next = self.timing.y.val();
        self.scaler.line_end.next = self.timing.line_end.val();
        self.scaler.vblank.next = self.timing.vblank.val();

        // ---- the frame memory: read for this pixel, written by the port ----
        self.frame.clock.next = self.clock.val();
        self.frame.read_address.next = self.scaler.address.val();
        self.frame.write_enable.next = self.write.val();
        self.frame.write_address.next = self.write_address.val();
        self.frame.write_data.next = self.write_data.val();
        self.de_q.d.next = self.timing.de.val();
        self.hsync_q.d.next = self.timing.hsync.val();
        self.vsync_q.d.next = self.timing.vsync.val();
        self.on_picture_q.d.next = self.scaler.on_picture.val();

        // ---- the pixel's colours (black off the picture) ----
        self.colour.pixel.next = 0.into();
        if self.on_picture_q.q.val() {
            self.colour.pixel.next = self.frame.read_data.val();
        }

        // ---- the DVI symbols and the VGA levels, a cycle later ----
        self.dvi.clock.next = self.clock.val();
        self.dvi.red.next = self.colour.red.val();
        self.dvi.green.next = self.colour.green.val();
        self.dvi.blue.next = self.colour.blue.val();
        self.dvi.de.next = self.de_q.q.val();
        self.dvi.hsync.next = self.hsync_q.q.val();
        self.dvi.vsync.next = self.vsync_q.q.val();
        self.blue.next = self.dvi.blue_symbol.val();
        self.green.next = self.dvi.green_symbol.val();
        self.red.next = self.dvi.red_symbol.val();
        self.vga.clock.next = self.clock.val();
        self.vga.red.next = self.colour.red.val();
        self.vga.green.next = self.colour.green.val();
        self.vga.blue.next = self.colour.blue.val();
        self.vga.hsync.next = self.hsync_q.q.val();
        self.vga.vsync.next = self.vsync_q.q.val();
        self.vga_red.next = self.vga.vga_red.val();
        self.vga_green.next = self.vga.vga_green.val();
        self.vga_blue.next = self.vga.vga_blue.val();
        self.vga_hsync.next = self.vga.vga_hsync.val();
        self.vga_vsync.next = self.vga.vga_vsync.val();
    }
}
