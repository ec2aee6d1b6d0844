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
    /// `{eligible, eligible & above}`: its lowest set bit is the winner (in either half).
    both: Signal<Local, Bits<32>>,
    pick: Signal<Local, Bits<32>>,
    winner: Signal<Local, Bits<16>>,
}

impl Logic for RoundRobin {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, above);
        self.both.next = (bit_cast::<32, 16>(self.eligible.val()) << 16)
            | bit_cast::<32, 16>(self.eligible.val() & self.above.q.val());
        // x & -x isolates the lowest set bit: one carry chain instead of two.
        self.pick.next = self.both.val() & (!self.both.val() + 1);
        self.winner.next = self.pick.val().get_bits::<16>(0) | self.pick.val().get_bits::<16>(16);
        self.grant.next = self.winner.val();
        if self.eligible.val().any() {
            self.above.d.next = !((self.winner.val() << 1) - 1);
        }
        if self.clear.val() {
            self.above.d.next = 0.into();
        }
    }
}
