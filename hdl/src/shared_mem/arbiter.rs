//! A 16-way round-robin arbiter (MACHINE.md §5): the first eligible requester after the one granted
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
    /// The requesters strictly above the last winner, who go first (the round-robin
    /// pointer; for the trace port).
    pub after_last: Signal<Out, Bits<16>>,
    /// The requesters strictly above the last winner (0 after `clear`): they go first. Kept
    /// as a mask rather than as the winner, so the only logic between this register and the
    /// pick's carry chain is one AND with `eligible`.
    above: DFF<Bits<16>>,
    /// `{eligible, eligible & above}`: its lowest set bit is the winner (in either half).
    both: Signal<Local, Bits<32>>,
    /// `-both`, the one carry chain.
    neg: Signal<Local, Bits<32>>,
    /// The winner in `both` (x & -x isolates the lowest set bit) …
    pick: Signal<Local, Bits<32>>,
    /// … and the bits strictly above it (x ^ -x): the next `above`, from the same chain.
    beyond: Signal<Local, Bits<32>>,
    winner: Signal<Local, Bits<16>>,
}

impl Logic for RoundRobin {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, above);
        self.both.next = (bit_cast::<32, 16>(self.eligible.val()) << 16)
            | bit_cast::<32, 16>(self.eligible.val() & self.above.q.val());
        self.neg.next = !self.both.val() + 1;
        self.pick.next = self.both.val() & self.neg.val();
        self.beyond.next = self.both.val() ^ self.neg.val();
        self.winner.next = self.pick.val().get_bits::<16>(0) | self.pick.val().get_bits::<16>(16);
        self.grant.next = self.winner.val();
        self.after_last.next = self.above.q.val();
        // A winner in the lower half (above the last one) leaves the rest of that half; a
        // winner in the upper half (the search wrapped) leaves the rest of the upper half.
        if (self.eligible.val() & self.above.q.val()).any() {
            self.above.d.next = self.beyond.val().get_bits::<16>(0);
        } else if self.eligible.val().any() {
            self.above.d.next = self.beyond.val().get_bits::<16>(16);
        }
        if self.clear.val() {
            self.above.d.next = 0.into();
        }
    }
}
