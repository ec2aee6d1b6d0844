//! A pixel as a VGA connector's levels: 8 bits a colour for its DACs and the two sync levels,
//! registered, so they leave in the cycle the DVI symbols of the same pixel do. A board with
//! VGA takes each colour's top bits; a board with DVI leaves them unconnected, and synthesis
//! removes them.

use rust_hdl::prelude::*;

/// The VGA levels, a cycle after their pixel.
#[derive(LogicBlock, Default)]
pub struct VgaLevels {
    /// The pixel clock.
    pub clock: Signal<In, Clock>,
    /// The pixel's colours (black off the picture and in the blanking) and sync levels.
    pub red: Signal<In, Bits<8>>,
    pub green: Signal<In, Bits<8>>,
    pub blue: Signal<In, Bits<8>>,
    pub hsync: Signal<In, Bit>,
    pub vsync: Signal<In, Bit>,
    /// The same, a cycle later.
    pub vga_red: Signal<Out, Bits<8>>,
    pub vga_green: Signal<Out, Bits<8>>,
    pub vga_blue: Signal<Out, Bits<8>>,
    pub vga_hsync: Signal<Out, Bit>,
    pub vga_vsync: Signal<Out, Bit>,
    red_q: DFF<Bits<8>>,
    green_q: DFF<Bits<8>>,
    blue_q: DFF<Bits<8>>,
    hsync_q: DFF<Bit>,
    vsync_q: DFF<Bit>,
}

impl Logic for VgaLevels {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, red_q, green_q, blue_q, hsync_q, vsync_q);
        self.red_q.d.next = self.red.val();
        self.green_q.d.next = self.green.val();
        self.blue_q.d.next = self.blue.val();
        self.hsync_q.d.next = self.hsync.val();
        self.vsync_q.d.next = self.vsync.val();
        self.vga_red.next = self.red_q.q.val();
        self.vga_green.next = self.green_q.q.val();
        self.vga_blue.next = self.blue_q.q.val();
        self.vga_hsync.next = self.hsync_q.q.val();
        self.vga_vsync.next = self.vsync_q.q.val();
    }
}
