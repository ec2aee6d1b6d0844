//! `div`: a restoring divider, one quotient bit per cycle (8 cycles), so no 8-bit
//! combinational divider sits in the core's critical path. A divisor of 0 yields 0xFF by
//! construction (every trial subtraction of 0 succeeds), as MACHINE.md §4 decides.

use rust_hdl::prelude::*;

/// Sequential divider. Hold `run` high from the first cycle of a `div` until `done`.
#[derive(LogicBlock, Default)]
pub struct Divider {
    pub clock: Signal<In, Clock>,
    /// A `div` is in the execute stage.
    pub run: Signal<In, Bit>,
    /// Dividend RF[src0] and divisor RF[src1] (stable while `run`).
    pub dividend: Signal<In, Bits<8>>,
    pub divisor: Signal<In, Bits<8>>,
    /// High in the 8th cycle of `run`: `quotient` is the result.
    pub done: Signal<Out, Bit>,
    pub quotient: Signal<Out, Bits<8>>,
    /// Steps done so far (0 = first cycle of this `div`).
    step: DFF<Bits<3>>,
    rem: DFF<Bits<8>>,
    quo: DFF<Bits<8>>,
    rem_in: Signal<Local, Bits<8>>,
    quo_in: Signal<Local, Bits<8>>,
    trial: Signal<Local, Bits<9>>,
    difference: Signal<Local, Bits<8>>,
    next_quo: Signal<Local, Bits<8>>,
}

impl Logic for Divider {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, step, rem, quo);
        if self.step.q.val().any() {
            self.rem_in.next = self.rem.q.val();
            self.quo_in.next = self.quo.q.val();
        } else {
            self.rem_in.next = 0.into();
            self.quo_in.next = self.dividend.val();
        }
        // Shift the next dividend bit into the partial remainder and try to subtract.
        self.trial.next = (bit_cast::<9, 8>(self.rem_in.val()) << 1)
            | bit_cast::<9, 1>(self.quo_in.val().get_bits::<1>(7));
        self.next_quo.next = self.quo_in.val() << 1;
        // Sliced from a signal: rust-hdl emits `get_bits` on an expression as invalid Verilog.
        self.difference.next =
            bit_cast::<8, 9>(self.trial.val() - bit_cast::<9, 8>(self.divisor.val()));
        if self.trial.val() >= bit_cast::<9, 8>(self.divisor.val()) {
            self.rem.d.next = self.difference.val();
            self.next_quo.next = (self.quo_in.val() << 1) | 1;
        } else {
            self.rem.d.next = self.trial.val().get_bits::<8>(0);
        }
        self.quo.d.next = self.next_quo.val();
        self.quotient.next = self.next_quo.val();
        self.done.next = self.run.val() && self.step.q.val().all();
        if self.run.val() && !self.step.q.val().all() {
            self.step.d.next = self.step.q.val() + 1;
        } else {
            self.step.d.next = 0.into();
        }
    }
}
