//! UART transmitter, 8N1: start bit, 8 data bits least significant first, stop bit, each for
//! a bit time fixed at build time. The line is a flip-flop (no glitches on the pin) and idles
//! high from power-up.

use rust_hdl::prelude::*;

/// An 8N1 UART transmitter.
#[derive(LogicBlock)]
pub struct UartTx {
    pub clock: Signal<In, Clock>,
    /// Send `data`; taken in a cycle where `ready` is high.
    pub start: Signal<In, Bit>,
    pub data: Signal<In, Bits<8>>,
    /// Idle: a `start` this cycle is taken.
    pub ready: Signal<Out, Bit>,
    /// The line.
    pub line: Signal<Out, Bit>,
    /// Clock cycles per bit, less one.
    bit_reload: Constant<Bits<16>>,
    /// The line, inverted: flip-flops power up at 0 and the line must idle high.
    line_n: DFF<Bit>,
    /// Bits still to send after the current one: data bits then the stop bit, with 1s (idle)
    /// shifted in behind them.
    shift: DFF<Bits<9>>,
    /// Bit periods left, the current one included (0: idle).
    bits_left: DFF<Bits<4>>,
    /// Cycles left in the current bit.
    count: DFF<Bits<16>>,
    framed: Signal<Local, Bits<9>>,
    shifted: Signal<Local, Bits<9>>,
}

impl UartTx {
    /// A transmitter for bit times of `clocks_per_bit` cycles.
    pub fn new(clocks_per_bit: u32) -> UartTx {
        assert!(
            (4..=65_536).contains(&clocks_per_bit),
            "a UART bit time of {clocks_per_bit} clocks is out of range (4-65536)"
        );
        UartTx {
            clock: Default::default(),
            start: Default::default(),
            data: Default::default(),
            ready: Default::default(),
            line: Default::default(),
            bit_reload: Constant::new(u64::from(clocks_per_bit - 1).into()),
            line_n: Default::default(),
            shift: Default::default(),
            bits_left: Default::default(),
            count: Default::default(),
            framed: Default::default(),
            shifted: Default::default(),
        }
    }
}

impl Logic for UartTx {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, line_n, shift, bits_left, count);
        self.framed.next = bit_cast::<9, 8>(self.data.val()).replace_bit(8, true);
        self.shifted.next = self.shift.q.val() >> 1;
        self.shifted.next = self.shifted.val().replace_bit(8, true);
        if !self.bits_left.q.val().any() {
            if self.start.val() {
                self.line_n.d.next = true;
                self.shift.d.next = self.framed.val();
                self.bits_left.d.next = 10.into();
                self.count.d.next = self.bit_reload.val();
            }
        } else if self.count.q.val().any() {
            self.count.d.next = self.count.q.val() - 1;
        } else {
            self.bits_left.d.next = self.bits_left.q.val() - 1;
            self.count.d.next = self.bit_reload.val();
            self.line_n.d.next = !self.shift.q.val().get_bit(0);
            self.shift.d.next = self.shifted.val();
        }
        self.ready.next = !self.bits_left.q.val().any();
        self.line.next = !self.line_n.q.val();
    }
}
