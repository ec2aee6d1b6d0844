//! The scan-out: the picture in its frame memory, drawn scaled and centred on a video mode's
//! visible area, as the three TMDS channels' symbols and as VGA levels.
//!
//! ```text
//!  VideoTiming ─ x, y ─► picture column/line counters ─► frame memory read ─┐ (a cycle)
//!      │ de, hsync, vsync, in the picture ──────────────► registered ───────┤
//!      │                                                                    ▼
//!      │                           RGB332 ─► 8-bit red, green, blue (bits repeated), black
//!      │                           outside the picture ─► TmdsEncoder × 3 ─► red, green, blue
//!      │                                               └► registered ──────► vga_* colours
//!      └─ (blue's control bits: {vsync, hsync}) ──────────────────────────► (a cycle)
//!                                                └► registered ──────────► vga_hsync, vga_vsync
//! ```
//!
//! - The picture (docs/MACHINE.md §5) is 64 × 64 pixels, each drawn `scale` × `scale`, its
//!   top-left corner where the picture is centred in the visible area. Two counters follow
//!   the beam through it, the picture's column and line and how far into a pixel's square
//!   the beam is, so no pixel address is divided out of `x` and `y`.
//! - The frame memory is a block RAM of 4,096 bytes, pixel (x, y) at 64·y + x, written
//!   through `write` and read a cycle ahead of the pixel's encoding. A read in the cycle of a
//!   write to the same byte is undefined ([`crate::block_ram`]): whoever writes does it while
//!   `vblank`, when no pixel of the picture is read.
//! - A symbol leaves two cycles after the timing's pixel (the RAM's read, the encoder's
//!   register); the sync and display enable travel with it.
//! - The same pixel leaves at the same cycle as levels for a VGA connector's DACs
//!   (`vga_*`): each colour as 8 bits (black off the picture and in blanking) and the two
//!   sync levels, registered as the symbols are. A board with VGA takes each colour's top
//!   bits; a board with DVI leaves them unconnected, and synthesis removes them.

use super::{TmdsEncoder, VideoMode, VideoTiming};
use crate::block_ram::BlockRam;
use gpu16_sim::image::picture::SIZE;
use rust_hdl::prelude::*;

/// The frame memory and the three channels' encoders, for one video mode and scale.
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
    frame: BlockRam<8, 12>,
    encode_blue: TmdsEncoder,
    encode_green: TmdsEncoder,
    encode_red: TmdsEncoder,
    /// The picture's first and one-past-last column and line on the screen, and the last
    /// step inside a pixel's square (`scale` − 1).
    left: Constant<Bits<10>>,
    right: Constant<Bits<10>>,
    top: Constant<Bits<10>>,
    bottom: Constant<Bits<10>>,
    step_last: Constant<Bits<4>>,
    /// The first line after the copy's window.
    window_end: Constant<Bits<10>>,
    /// The picture's column and line under the beam, and the steps taken into its square.
    column: DFF<Bits<6>>,
    column_step: DFF<Bits<4>>,
    line: DFF<Bits<6>>,
    line_step: DFF<Bits<4>>,
    /// Last cycle's display enable, syncs and whether the beam was on the picture: they
    /// go with the byte the frame memory reads now.
    de_q: DFF<Bit>,
    hsync_q: DFF<Bit>,
    vsync_q: DFF<Bit>,
    on_picture_q: DFF<Bit>,
    /// The beam is on the picture's columns, lines, and so on the picture.
    in_columns: Signal<Local, Bit>,
    in_lines: Signal<Local, Bit>,
    on_picture: Signal<Local, Bit>,
    /// The pixel to encode (black off the picture), its three fields, and each field's
    /// bits repeated to 8.
    pixel: Signal<Local, Bits<8>>,
    red3: Signal<Local, Bits<3>>,
    green3: Signal<Local, Bits<3>>,
    blue2: Signal<Local, Bits<2>>,
    red8: Signal<Local, Bits<8>>,
    green8: Signal<Local, Bits<8>>,
    blue8: Signal<Local, Bits<8>>,
    /// The VGA levels, registered beside the encoders.
    vga_red_q: DFF<Bits<8>>,
    vga_green_q: DFF<Bits<8>>,
    vga_blue_q: DFF<Bits<8>>,
    vga_hsync_q: DFF<Bit>,
    vga_vsync_q: DFF<Bit>,
}

impl ScanOut {
    /// The scan-out for `mode`, each pixel `scale` × `scale` (1 to 16; the picture must fit).
    pub fn new(mode: VideoMode, scale: u16) -> ScanOut {
        let side = SIZE as u16 * scale;
        assert!((1..=16).contains(&scale), "scale {scale}");
        assert!(
            side <= mode.h_visible && side <= mode.v_visible,
            "the picture fits"
        );
        let window = super::frame_copy::window_lines(mode)
            .expect("the vertical blanking holds a whole copy of the picture");
        let left = (mode.h_visible - side) / 2;
        let top = (mode.v_visible - side) / 2;
        let c10 = |v: u16| Constant::new(u64::from(v).into());
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
            frame: Default::default(),
            encode_blue: Default::default(),
            encode_green: Default::default(),
            encode_red: Default::default(),
            left: c10(left),
            right: c10(left + side),
            top: c10(top),
            bottom: c10(top + side),
            step_last: Constant::new(u64::from(scale - 1).into()),
            window_end: c10(mode.v_visible + window),
            column: Default::default(),
            column_step: Default::default(),
            line: Default::default(),
            line_step: Default::default(),
            de_q: Default::default(),
            hsync_q: Default::default(),
            vsync_q: Default::default(),
            on_picture_q: Default::default(),
            in_columns: Default::default(),
            in_lines: Default::default(),
            on_picture: Default::default(),
            pixel: Default::default(),
            red3: Default::default(),
            green3: Default::default(),
            blue2: Default::default(),
            red8: Default::default(),
            green8: Default::default(),
            blue8: Default::default(),
            vga_red_q: Default::default(),
            vga_green_q: Default::default(),
            vga_blue_q: Default::default(),
            vga_hsync_q: Default::default(),
            vga_vsync_q: Default::default(),
        }
    }
}

impl Logic for ScanOut {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            column,
            column_step,
            line,
            line_step,
            de_q,
            hsync_q,
            vsync_q,
            on_picture_q,
            vga_red_q,
            vga_green_q,
            vga_blue_q,
            vga_hsync_q,
            vga_vsync_q
        );
        self.timing.clock.next = self.clock.val();
        self.in_columns.next =
            (self.timing.x.val() >= self.left.val()) && (self.timing.x.val() < self.right.val());
        self.in_lines.next =
            (self.timing.y.val() >= self.top.val()) && (self.timing.y.val() < self.bottom.val());
        self.vblank.next = self.timing.vblank.val();
        self.copy_window.next =
            self.timing.vblank.val() && (self.timing.y.val() < self.window_end.val());

        // ---- the picture's column and line under the beam ----
        if self.in_columns.val() {
            if self.column_step.q.val() == self.step_last.val() {
                self.column_step.d.next = 0.into();
                self.column.d.next = self.column.q.val() + 1;
            } else {
                self.column_step.d.next = self.column_step.q.val() + 1;
            }
        }
        if self.timing.line_end.val() {
            self.column.d.next = 0.into();
            self.column_step.d.next = 0.into();
            if self.in_lines.val() {
                if self.line_step.q.val() == self.step_last.val() {
                    self.line_step.d.next = 0.into();
                    self.line.d.next = self.line.q.val() + 1;
                } else {
                    self.line_step.d.next = self.line_step.q.val() + 1;
                }
            }
            if self.vblank.val() {
                self.line.d.next = 0.into();
                self.line_step.d.next = 0.into();
            }
        }

        // ---- the frame memory: read for this pixel, written by the port ----
        self.frame.clock.next = self.clock.val();
        self.frame.read_address.next =
            (bit_cast::<12, 6>(self.line.q.val()) << 6) | bit_cast::<12, 6>(self.column.q.val());
        self.frame.write_enable.next = self.write.val();
        self.frame.write_address.next = self.write_address.val();
        self.frame.write_data.next = self.write_data.val();
        self.de_q.d.next = self.timing.de.val();
        self.hsync_q.d.next = self.timing.hsync.val();
        self.vsync_q.d.next = self.timing.vsync.val();
        self.on_picture.next = self.in_columns.val() && self.in_lines.val();
        self.on_picture_q.d.next = self.on_picture.val();

        // ---- the pixel's colours, each field's bits repeated to 8 ----
        self.pixel.next = 0.into();
        if self.on_picture_q.q.val() {
            self.pixel.next = self.frame.read_data.val();
        }
        self.red3.next = self.pixel.val().get_bits::<3>(5);
        self.green3.next = self.pixel.val().get_bits::<3>(2);
        self.blue2.next = self.pixel.val().get_bits::<2>(0);
        self.red8.next = (bit_cast::<8, 3>(self.red3.val()) << 5)
            | (bit_cast::<8, 3>(self.red3.val()) << 2)
            | bit_cast::<8, 2>(self.red3.val().get_bits::<2>(1));
        self.green8.next = (bit_cast::<8, 3>(self.green3.val()) << 5)
            | (bit_cast::<8, 3>(self.green3.val()) << 2)
            | bit_cast::<8, 2>(self.green3.val().get_bits::<2>(1));
        self.blue8.next = (bit_cast::<8, 2>(self.blue2.val()) << 6)
            | (bit_cast::<8, 2>(self.blue2.val()) << 4)
            | (bit_cast::<8, 2>(self.blue2.val()) << 2)
            | bit_cast::<8, 2>(self.blue2.val());
        self.encode_red.data.next = self.red8.val();
        self.encode_green.data.next = self.green8.val();
        self.encode_blue.data.next = self.blue8.val();

        // ---- the three channels ----
        self.encode_red.clock.next = self.clock.val();
        self.encode_green.clock.next = self.clock.val();
        self.encode_blue.clock.next = self.clock.val();
        self.encode_red.de.next = self.de_q.q.val();
        self.encode_green.de.next = self.de_q.q.val();
        self.encode_blue.de.next = self.de_q.q.val();
        self.encode_red.control.next = 0.into();
        self.encode_green.control.next = 0.into();
        self.encode_blue.control.next = (bit_cast::<2, 1>(self.vsync_q.q.val().into()) << 1)
            | bit_cast::<2, 1>(self.hsync_q.q.val().into());
        self.blue.next = self.encode_blue.symbol.val();
        self.green.next = self.encode_green.symbol.val();
        self.red.next = self.encode_red.symbol.val();

        // ---- the VGA levels ----
        self.vga_red_q.d.next = self.red8.val();
        self.vga_green_q.d.next = self.green8.val();
        self.vga_blue_q.d.next = self.blue8.val();
        self.vga_hsync_q.d.next = self.hsync_q.q.val();
        self.vga_vsync_q.d.next = self.vsync_q.q.val();
        self.vga_red.next = self.vga_red_q.q.val();
        self.vga_green.next = self.vga_green_q.q.val();
        self.vga_blue.next = self.vga_blue_q.q.val();
        self.vga_hsync.next = self.vga_hsync_q.q.val();
        self.vga_vsync.next = self.vga_vsync_q.q.val();
    }
}
