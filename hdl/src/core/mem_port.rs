//! The core's memory port, with room for one posted store.
//!
//! A store needs nothing back, so it leaves the execute stage in its first cycle: if the
//! shared memory does not grant it then, the port keeps presenting it from its own registers
//! until the grant, while E runs the instructions behind it. Meanwhile the port ignores E's
//! request (the core holds a load or store back while the port is `busy`), so the port's
//! outputs are E's request or the posted one, selected by a flip-flop.

use rust_hdl::prelude::*;

/// One posted store, or the request of the instruction in E.
#[derive(LogicBlock, Default)]
pub struct MemoryPort {
    pub clock: Signal<In, Clock>,
    /// Launch or halt: drop a posted store.
    pub drop: Signal<In, Bit>,
    /// E's request this cycle (ignored while `busy`): valid, stays up unless granted (its
    /// instruction does not fault), byte address, store?, `_sync`?, store data.
    pub e_req: Signal<In, Bit>,
    pub e_keep: Signal<In, Bit>,
    pub e_addr: Signal<In, Bits<12>>,
    pub e_write: Signal<In, Bit>,
    pub e_sync: Signal<In, Bit>,
    pub e_wdata: Signal<In, Bits<8>>,
    /// E's request is a store that leaves E this cycle: if it is not granted now, the port
    /// posts it.
    pub e_post: Signal<In, Bit>,
    /// A posted store waits for its grant: now, and in the next cycle (`busy` then).
    pub busy: Signal<Out, Bit>,
    pub busy_next: Signal<Out, Bit>,
    /// To the shared memory (the core's `mem_*` ports).
    pub req: Signal<Out, Bit>,
    pub keep: Signal<Out, Bit>,
    pub addr: Signal<Out, Bits<12>>,
    pub write: Signal<Out, Bit>,
    pub sync: Signal<Out, Bit>,
    pub wdata: Signal<Out, Bits<8>>,
    /// The request on the port is served this cycle.
    pub grant: Signal<In, Bit>,
    posted: DFF<Bit>,
    posted_addr: DFF<Bits<12>>,
    posted_sync: DFF<Bit>,
    posted_wdata: DFF<Bits<8>>,
}

impl Logic for MemoryPort {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, posted, posted_addr, posted_sync, posted_wdata);
        self.busy.next = self.posted.q.val();
        if self.posted.q.val() {
            self.req.next = true;
            self.keep.next = true;
            self.addr.next = self.posted_addr.q.val();
            self.write.next = true;
            self.sync.next = self.posted_sync.q.val();
            self.wdata.next = self.posted_wdata.q.val();
        } else {
            self.req.next = self.e_req.val();
            self.keep.next = self.e_keep.val();
            self.addr.next = self.e_addr.val();
            self.write.next = self.e_write.val();
            self.sync.next = self.e_sync.val();
            self.wdata.next = self.e_wdata.val();
            self.posted_addr.d.next = self.e_addr.val();
            self.posted_sync.d.next = self.e_sync.val();
            self.posted_wdata.d.next = self.e_wdata.val();
        }
        self.busy_next.next = (self.posted.q.val() || (self.e_keep.val() && self.e_post.val()))
            && !self.grant.val()
            && !self.drop.val();
        self.posted.d.next = self.busy_next.val();
    }
}
