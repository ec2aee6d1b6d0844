//! Power-on reset: high for a fixed number of cycles after configuration, while the UART
//! lines settle. Flip-flops power up at 0 on ECP5 (and in every simulator here), so the count
//! needs no reset of its own.

use rust_hdl::prelude::*;

/// Cycles the reset lasts (40 µs at 25 MHz).
pub const RESET_CYCLES: u64 = 1024;

/// The power-on reset.
#[derive(LogicBlock, Default)]
pub struct PowerOnReset {
    pub clock: Signal<In, Clock>,
    /// High from configuration until [`RESET_CYCLES`] cycles have passed.
    pub reset: Signal<Out, Bit>,
    count: DFF<Bits<11>>,
}

impl Logic for PowerOnReset {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, count);
        // Counts to 1024 (bit 10) and stays there.
        if !self.count.q.val().get_bit(10) {
            self.count.d.next = self.count.q.val() + 1;
        }
        self.reset.next = !self.count.q.val().get_bit(10);
    }
}
