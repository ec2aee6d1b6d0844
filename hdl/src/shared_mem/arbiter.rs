//! A 16-way round-robin arbiter (SPEC §5): the first eligible requester after the one granted
//! last wins, so a waiting requester is served within 15 grants.

use rust_hdl::prelude::*;

/// Grants one of the `eligible` requesters per cycle.
#[derive(LogicBlock, Default)]
pub struct RoundRobin {
    pub clock: Signal<In, Clock>,
    /// Forget the last winner (core 0 goes first again).
    pub clear: Signal<In, Bit>,
    /// Bit i: requester i may be granted this cycle.
    pub eligible: Signal<In, Bits<16>>,
    /// One-hot winner (0 if nobody is eligible).
    pub grant: Signal<Out, Bits<16>>,
    /// Bits strictly above the last winner: they have priority.
    above: DFF<Bits<16>>,
    masked: Signal<Local, Bits<16>>,
    pick: Signal<Local, Bits<16>>,
}

impl Logic for RoundRobin {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, above);
        self.masked.next = self.eligible.val() & self.above.q.val();
        // x & -x isolates the lowest set bit.
        if self.masked.val().any() {
            self.pick.next = self.masked.val() & (!self.masked.val() + 1);
        } else {
            self.pick.next = self.eligible.val() & (!self.eligible.val() + 1);
        }
        self.grant.next = self.pick.val();
        if self.pick.val().any() {
            self.above.d.next = !((self.pick.val() << 1) - 1);
        }
        if self.clear.val() {
            self.above.d.next = 0.into();
        }
    }
}
