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
    /// The last winner, one-hot (0 after `clear`).
    last: DFF<Bits<16>>,
    /// Bits strictly above the last winner: they have priority. Spread from the registered
    /// winner by shifts and ORs, in parallel with the requests' eligibility, so the only carry
    /// chain after the requests is the pick.
    above: Signal<Local, Bits<16>>,
    /// `{eligible, eligible & above}`: its lowest set bit is the winner (in either half).
    both: Signal<Local, Bits<32>>,
    pick: Signal<Local, Bits<32>>,
    winner: Signal<Local, Bits<16>>,
}

impl Logic for RoundRobin {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, last);
        self.above.next = self.last.q.val() << 1;
        self.above.next = self.above.val() | (self.above.val() << 1);
        self.above.next = self.above.val() | (self.above.val() << 2);
        self.above.next = self.above.val() | (self.above.val() << 4);
        self.above.next = self.above.val() | (self.above.val() << 8);
        self.both.next = (bit_cast::<32, 16>(self.eligible.val()) << 16)
            | bit_cast::<32, 16>(self.eligible.val() & self.above.val());
        // x & -x isolates the lowest set bit.
        self.pick.next = self.both.val() & (!self.both.val() + 1);
        self.winner.next = self.pick.val().get_bits::<16>(0) | self.pick.val().get_bits::<16>(16);
        self.grant.next = self.winner.val();
        if self.eligible.val().any() {
            self.last.d.next = self.winner.val();
        }
        if self.clear.val() {
            self.last.d.next = 0.into();
        }
    }
}
