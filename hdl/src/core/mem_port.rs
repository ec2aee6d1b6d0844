//! The core's memory port, with room for one posted store.
//!
//! A store needs nothing back, so it leaves the execute stage in its first cycle: if the
//! shared memory does not grant it then, the port keeps presenting it from its own registers
//! until the grant, while E runs the instructions behind it. Meanwhile the port ignores E's
//! request (the core holds a load or store back while the port is `busy`), so the port's
//! outputs are E's request or the posted one, selected by a flip-flop.

use crate::sm_port::{SmPort, SmPortTarget};
use rust_hdl::prelude::*;

/// One posted store, or the request of the instruction in E.
#[derive(LogicBlock, Default)]
pub struct MemoryPort {
    pub clock: Signal<In, Clock>,
    /// Launch or halt: drop a posted store.
    pub drop: Signal<In, Bit>,
    /// E's access (ignored while `busy`), on a port of the same kind as the shared memory's:
    /// its grant and a load's byte are passed back.
    pub e: SmPortTarget,
    /// E's request is a store that leaves E this cycle: if it is not granted now, the port
    /// posts it.
    pub e_post: Signal<In, Bit>,
    /// A posted store waits for its grant: now, and in the next cycle (`busy` then).
    pub busy: Signal<Out, Bit>,
    pub busy_next: Signal<Out, Bit>,
    /// The shared-memory port ([`SmPort`]): E's request, or the posted store.
    pub mem: SmPort,
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
            self.mem.req.next = true;
            self.mem.keep.next = true;
            self.mem.addr.next = self.posted_addr.q.val();
            self.mem.write.next = true;
            self.mem.sync.next = self.posted_sync.q.val();
            self.mem.wdata.next = self.posted_wdata.q.val();
        } else {
            self.mem.req.next = self.e.req.val();
            self.mem.keep.next = self.e.keep.val();
            self.mem.addr.next = self.e.addr.val();
            self.mem.write.next = self.e.write.val();
            self.mem.sync.next = self.e.sync.val();
            self.mem.wdata.next = self.e.wdata.val();
            self.posted_addr.d.next = self.e.addr.val();
            self.posted_sync.d.next = self.e.sync.val();
            self.posted_wdata.d.next = self.e.wdata.val();
        }
        self.busy_next.next = (self.posted.q.val() || (self.e.keep.val() && self.e_post.val()))
            && !self.mem.gnt.val()
            && !self.drop.val();
        self.posted.d.next = self.busy_next.val();
        self.e.gnt.next = self.mem.gnt.val();
        self.e.rdata.next = self.mem.rdata.val();
    }
}
