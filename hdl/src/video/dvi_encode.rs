//! A pixel as the three DVI channels' TMDS symbols: its colours while the display is enabled,
//! the syncs in blue's control bits (`{vsync, hsync}`) in the blanking; a cycle's latency
//! (each encoder's register).

use super::TmdsEncoder;
use rust_hdl::prelude::*;

/// The three channels' encoders.
#[derive(LogicBlock, Default)]
pub struct DviEncode {
    /// The pixel clock.
    pub clock: Signal<In, Clock>,
    /// The pixel's colours, the display enable and the sync levels of its cycle.
    pub red: Signal<In, Bits<8>>,
    pub green: Signal<In, Bits<8>>,
    pub blue: Signal<In, Bits<8>>,
    pub de: Signal<In, Bit>,
    pub hsync: Signal<In, Bit>,
    pub vsync: Signal<In, Bit>,
    /// The symbols, a cycle later, bit 0 sent first.
    pub blue_symbol: Signal<Out, Bits<10>>,
    pub green_symbol: Signal<Out, Bits<10>>,
    pub red_symbol: Signal<Out, Bits<10>>,
    encode_blue: TmdsEncoder,
    encode_green: TmdsEncoder,
    encode_red: TmdsEncoder,
}

impl Logic for DviEncode {
    #[hdl_gen]
    fn update(&mut self) {
        self.encode_red.clock.next = self.clock.val();
        self.encode_green.clock.next = self.clock.val();
        self.encode_blue.clock.next = self.clock.val();
        self.encode_red.data.next = self.red.val();
        self.encode_green.data.next = self.green.val();
        self.encode_blue.data.next = self.blue.val();
        self.encode_red.de.next = self.de.val();
        self.encode_green.de.next = self.de.val();
        self.encode_blue.de.next = self.de.val();
        self.encode_red.control.next = 0.into();
        self.encode_green.control.next = 0.into();
        self.encode_blue.control.next = (bit_cast::<2, 1>(self.vsync.val().into()) << 1)
            | bit_cast::<2, 1>(self.hsync.val().into());
        self.blue_symbol.next = self.encode_blue.symbol.val();
        self.green_symbol.next = self.encode_green.symbol.val();
        self.red_symbol.next = self.encode_red.symbol.val();
    }
}
