//! The board's LEDs: what the GPU and the link are doing, readable from across the desk.
//!
//! | LED | meaning |
//! |---|---|
//! | 0 | heartbeat: blinks about 1.5 times a second while the bitstream runs |
//! | 1 | a run is in progress |
//! | 2 | the last run ended ok |
//! | 3 | the last run ended with a machine error (MACHINE.md §7, `TIMEOUT` included) |
//! | 4 | link activity: a byte was received (held ~80 ms so it can be seen) |
//! | 5 | link error: a request was refused (bad CRC, unknown command…) or a byte arrived
//! |   | without its stop bit (wrong baud rate); held ~0.7 s |
//!
//! Boards with a single LED show `summary`: on while running, a fast blink after a machine
//! error, else the heartbeat.

use rust_hdl::prelude::*;

/// The LED driver.
#[derive(LogicBlock, Default)]
pub struct Leds {
    pub clock: Signal<In, Clock>,
    pub running: Signal<In, Bit>,
    pub done: Signal<In, Bit>,
    /// The GPU's status code (0 ok).
    pub status_code: Signal<In, Bits<3>>,
    /// A byte arrived / a link error: a request refused or a framing error (one-cycle pulses).
    pub rx_activity: Signal<In, Bit>,
    pub refused: Signal<In, Bit>,
    /// LEDs 0–7, 1 = lit.
    pub leds: Signal<Out, Bits<8>>,
    /// The one-LED summary, 1 = lit.
    pub summary: Signal<Out, Bit>,
    /// Free-running: bit 23 is the heartbeat (25 MHz / 2²⁴), bit 21 the error blink.
    ticks: DFF<Bits<24>>,
    /// Cycles left to show activity / a refusal.
    activity: DFF<Bits<21>>,
    refusal: DFF<Bits<24>>,
    error: Signal<Local, Bit>,
    lit: Signal<Local, Bits<8>>,
}

impl Logic for Leds {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, ticks, activity, refusal);
        self.ticks.d.next = self.ticks.q.val() + 1;
        if self.rx_activity.val() {
            self.activity.d.next = 2000000.into();
        } else if self.activity.q.val().any() {
            self.activity.d.next = self.activity.q.val() - 1;
        }
        if self.refused.val() {
            self.refusal.d.next = 16000000.into();
        } else if self.refusal.q.val().any() {
            self.refusal.d.next = self.refusal.q.val() - 1;
        }
        self.error.next = self.done.val() && self.status_code.val().any();
        self.lit.next = 0.into();
        self.lit.next = self
            .lit
            .val()
            .replace_bit(0, self.ticks.q.val().get_bit(23));
        self.lit.next = self.lit.val().replace_bit(1, self.running.val());
        self.lit.next = self
            .lit
            .val()
            .replace_bit(2, self.done.val() && !self.status_code.val().any());
        self.lit.next = self.lit.val().replace_bit(3, self.error.val());
        self.lit.next = self.lit.val().replace_bit(4, self.activity.q.val().any());
        self.lit.next = self.lit.val().replace_bit(5, self.refusal.q.val().any());
        self.leds.next = self.lit.val();
        if self.running.val() {
            self.summary.next = true;
        } else if self.error.val() {
            self.summary.next = self.ticks.q.val().get_bit(21);
        } else {
            self.summary.next = self.ticks.q.val().get_bit(23);
        }
    }
}
