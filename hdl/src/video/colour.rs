//! A pixel's colour (RGB332: red in bits 7–5, green in 4–2, blue in 1–0) as three 8-bit
//! levels, each field's bits repeated until they fill eight — the contract's
//! `gpu16_sim::image::picture::rgb`, so 0 is black and all ones full brightness.

use rust_hdl::prelude::*;

/// Combinational: a 3-bit field repeated to 8 bits (`{f, f, f[2:1]}`).
#[derive(LogicBlock, Default)]
pub struct Widen3 {
    pub field: Signal<In, Bits<3>>,
    pub level: Signal<Out, Bits<8>>,
    top2: Signal<Local, Bits<2>>,
}

impl Logic for Widen3 {
    #[hdl_gen]
    fn update(&mut self) {
        self.top2.next = self.field.val().get_bits::<2>(1);
        self.level.next = (bit_cast::<8, 3>(self.field.val()) << 5)
            | (bit_cast::<8, 3>(self.field.val()) << 2)
            | bit_cast::<8, 2>(self.top2.val());
    }
}

/// Combinational: an RGB332 pixel as 8-bit red, green and blue.
#[derive(LogicBlock, Default)]
pub struct Rgb332 {
    pub pixel: Signal<In, Bits<8>>,
    pub red: Signal<Out, Bits<8>>,
    pub green: Signal<Out, Bits<8>>,
    pub blue: Signal<Out, Bits<8>>,
    widen_red: Widen3,
    widen_green: Widen3,
    blue2: Signal<Local, Bits<2>>,
}

impl Logic for Rgb332 {
    #[hdl_gen]
    fn update(&mut self) {
        self.widen_red.field.next = self.pixel.val().get_bits::<3>(5);
        self.widen_green.field.next = self.pixel.val().get_bits::<3>(2);
        self.blue2.next = self.pixel.val().get_bits::<2>(0);
        self.red.next = self.widen_red.level.val();
        self.green.next = self.widen_green.level.val();
        self.blue.next = (bit_cast::<8, 2>(self.blue2.val()) << 6)
            | (bit_cast::<8, 2>(self.blue2.val()) << 4)
            | (bit_cast::<8, 2>(self.blue2.val()) << 2)
            | bit_cast::<8, 2>(self.blue2.val());
    }
}
