//! A TMDS encoder (DVI 1.0, §3.2): one colour channel's byte, or its two control bits during
//! blanking, as a 10-bit symbol a cycle, sent least significant bit first.
//!
//! ```text
//!  data ─► ones(data) ─► q_m: each bit the XOR (or XNOR) of the one before and data's ─┐
//!                                                                                        ▼
//!  de, control ───────────────────────────► symbol: q_m, or its byte inverted, and the ─► symbol_q
//!                                           two flag bits; the running disparity cnt ──► cnt
//! ```
//!
//! - **Fewer transitions.** `q_m[0] = data[0]` and each later bit is the XOR of the bit before
//!   and the data bit, or the XNOR where `data` has more than four ones (or four and
//!   `data[0] = 0`); `q_m[8]` says which (1: XOR).
//! - **DC balance.** `cnt` is the ones minus the zeros sent since the last blanking. A
//!   symbol sends `q_m`'s byte as it is or inverted (`symbol[9]` = inverted), whichever moves
//!   `cnt` towards 0; with `cnt = 0`, or a byte of four ones, `symbol[9]` is `!q_m[8]`. So
//!   `cnt` stays within ±8.
//! - **Blanking** (`de` low): one of four control symbols for `control` = `{C1, C0}`, and
//!   `cnt` starts again from 0.
//!
//! The symbol is registered: it is on `symbol` the cycle after its byte.

use crate::codes::Code;
use rust_hdl::prelude::*;

/// The control symbols for `control` = 0, 1, 2, 3 (bit 0 sent first).
pub const CONTROL_SYMBOLS: [u64; 4] = [0b1101010100, 0b0010101011, 0b0101010100, 0b1010101011];

/// One channel's encoder.
#[derive(LogicBlock, Default)]
pub struct TmdsEncoder {
    pub clock: Signal<In, Clock>,
    /// Display enable: `data` is a pixel's byte; low, the channel sends `control`.
    pub de: Signal<In, Bit>,
    pub data: Signal<In, Bits<8>>,
    /// `{C1, C0}` for blanking (the blue channel's are HSYNC and VSYNC).
    pub control: Signal<In, Bits<2>>,
    /// Last cycle's symbol.
    pub symbol: Signal<Out, Bits<10>>,

    symbol_q: DFF<Bits<10>>,
    /// Ones minus zeros sent since the last blanking, two's complement (−8 to 8).
    cnt: DFF<Bits<5>>,
    control_0: Code<{ CONTROL_SYMBOLS[0] }, 10>,
    control_1: Code<{ CONTROL_SYMBOLS[1] }, 10>,
    control_2: Code<{ CONTROL_SYMBOLS[2] }, 10>,
    control_3: Code<{ CONTROL_SYMBOLS[3] }, 10>,
    /// Ones in `data`; the XNOR form is used; the transition-minimised word.
    ones_data: Signal<Local, Bits<4>>,
    use_xnor: Signal<Local, Bit>,
    q_m: Signal<Local, Bits<9>>,
    /// Ones in `q_m`'s byte, and its disparity (ones − zeros = 2·ones − 8); `q_m[8]` as
    /// 2·`q_m[8]` and 2·`!q_m[8]`, for `cnt`'s arithmetic.
    ones_q_m: Signal<Local, Bits<4>>,
    disparity: Signal<Local, Bits<5>>,
    twice_q_m8: Signal<Local, Bits<5>>,
    twice_not_q_m8: Signal<Local, Bits<5>>,
    /// `cnt` is 0, positive, negative.
    cnt_zero: Signal<Local, Bit>,
    cnt_positive: Signal<Local, Bit>,
    cnt_negative: Signal<Local, Bit>,
    /// The symbol sends `q_m`'s byte inverted; its byte; `cnt` after it.
    invert: Signal<Local, Bit>,
    sent_byte: Signal<Local, Bits<8>>,
    cnt_next: Signal<Local, Bits<5>>,
}

impl Logic for TmdsEncoder {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, symbol_q, cnt);

        // ---- transition minimising ----
        self.ones_data.next = 0.into();
        for i in 0..8 {
            if self.data.val().get_bit(i) {
                self.ones_data.next = self.ones_data.val() + 1;
            }
        }
        self.use_xnor.next = (self.ones_data.val() > 4)
            || ((self.ones_data.val() == 4) && !self.data.val().get_bit(0));
        self.q_m.next = bit_cast::<9, 8>(self.data.val());
        for i in 1..8 {
            self.q_m.next = self.q_m.val().replace_bit(
                i,
                self.q_m.val().get_bit(i - 1) ^ self.data.val().get_bit(i) ^ self.use_xnor.val(),
            );
        }
        self.q_m.next = self.q_m.val().replace_bit(8, !self.use_xnor.val());

        // ---- DC balance ----
        self.ones_q_m.next = 0.into();
        for i in 0..8 {
            if self.q_m.val().get_bit(i) {
                self.ones_q_m.next = self.ones_q_m.val() + 1;
            }
        }
        self.disparity.next = (bit_cast::<5, 4>(self.ones_q_m.val()) << 1) - 8;
        self.twice_q_m8.next = 0.into();
        self.twice_not_q_m8.next = 2.into();
        if self.q_m.val().get_bit(8) {
            self.twice_q_m8.next = 2.into();
            self.twice_not_q_m8.next = 0.into();
        }
        self.cnt_zero.next = !self.cnt.q.val().any();
        self.cnt_negative.next = self.cnt.q.val().get_bit(4);
        self.cnt_positive.next = !self.cnt_zero.val() && !self.cnt_negative.val();

        if self.cnt_zero.val() || (self.ones_q_m.val() == 4) {
            self.invert.next = !self.q_m.val().get_bit(8);
            if self.q_m.val().get_bit(8) {
                self.cnt_next.next = self.cnt.q.val() + self.disparity.val();
            } else {
                self.cnt_next.next = self.cnt.q.val() - self.disparity.val();
            }
        } else if (self.cnt_positive.val() && (self.ones_q_m.val() > 4))
            || (self.cnt_negative.val() && (self.ones_q_m.val() < 4))
        {
            self.invert.next = true;
            self.cnt_next.next = self.cnt.q.val() + self.twice_q_m8.val() - self.disparity.val();
        } else {
            self.invert.next = false;
            self.cnt_next.next =
                self.cnt.q.val() - self.twice_not_q_m8.val() + self.disparity.val();
        }
        self.sent_byte.next = bit_cast::<8, 9>(self.q_m.val());
        if self.invert.val() {
            self.sent_byte.next = !bit_cast::<8, 9>(self.q_m.val());
        }

        // ---- the symbol: a pixel's, or a control symbol in blanking ----
        if !self.de.val() {
            self.cnt.d.next = 0.into();
            if self.control.val() == 0 {
                self.symbol_q.d.next = self.control_0.val();
            } else if self.control.val() == 1 {
                self.symbol_q.d.next = self.control_1.val();
            } else if self.control.val() == 2 {
                self.symbol_q.d.next = self.control_2.val();
            } else {
                self.symbol_q.d.next = self.control_3.val();
            }
        } else {
            self.cnt.d.next = self.cnt_next.val();
            self.symbol_q.d.next = (bit_cast::<10, 1>(self.invert.val().into()) << 9)
                | (bit_cast::<10, 1>(self.q_m.val().get_bit(8).into()) << 8)
                | bit_cast::<10, 8>(self.sent_byte.val());
        }
        self.symbol.next = self.symbol_q.q.val();
    }
}
