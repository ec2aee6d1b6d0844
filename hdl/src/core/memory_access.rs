//! E's access to shared memory, as the core sees it: the request it hands the memory port,
//! the checks that fault it, the lock the core holds, and when a load's byte arrives.
//!
//! - A load requests its byte until its grant and leaves E the cycle after (`mem_wait`),
//!   when the byte arrives, so the grant only feeds flip-flops. A store leaves E in its
//!   first cycle (`post`); the memory port posts it if it is not granted then. The next
//!   load or store, `ready` and the instruction at IP 15 wait for a posted store
//!   (`port_wait`), so accesses stay in program order and a task ends with its stores made
//!   (a store at IP 15 is not posted: it leaves E the cycle after its grant, like a load).
//! - The request does not wait for the fault checks (they are not on the path into the
//!   shared memory's arbitration): a request whose instruction faults is withdrawn (`keep`
//!   low; docs/interfaces.md says when a request may be).
//! - A load or store with mode bits 1x is `ILLEGAL_INSN`; the atomic-sequence rules the core
//!   can see (MACHINE.md §6–§7, [`AtomicCheck`]) give `ATOMIC_VIOLATION`. The faulting access is
//!   not made.

use super::{AtomicCheck, EStageTarget, PortView};
use crate::sm_port::SmPort;
use rust_hdl::prelude::*;

/// E's memory request, its faults, and the lock the core holds.
#[derive(LogicBlock, Default)]
pub struct MemoryAccess {
    pub clock: Signal<In, Clock>,
    /// E ([`EStageTarget`]): its instruction's controls (a load or store, its mode, `ready`),
    /// the task's last instruction (for a store: at IP 15), the address
    /// `{b[3:0], a}` and a store's byte `c`.
    pub e: EStageTarget,
    /// E's access, for the memory port ([`super::MemoryPort`]), which passes back the
    /// shared memory's grant (of the access it presents now: E's or a posted store) and a
    /// load's byte; a store that leaves E now (the port posts it unless it is granted).
    pub request: SmPort,
    pub post: Signal<Out, Bit>,
    /// What the memory port presents now ([`PortView`]).
    pub port: PortView,
    /// The task ends now; it is abandoned (clear or halt): the lock is given back.
    pub finish: Signal<In, Bit>,
    pub stop: Signal<In, Bit>,
    /// E waits for a posted store's grant.
    pub port_wait: Signal<Out, Bit>,
    /// E's load (or IP 15's store) was granted last cycle: it leaves E now, a load with the
    /// byte it read.
    pub granted: Signal<Out, Bit>,
    pub load_data: Signal<Out, Bits<8>>,
    /// E's instruction faults now: `ILLEGAL_INSN` (`illegal`) or `ATOMIC_VIOLATION`.
    pub fault: Signal<Out, Bit>,
    pub illegal: Signal<Out, Bit>,
    /// The core holds a lock; it holds one after this cycle.
    pub locked: Signal<Out, Bit>,
    pub locked_next: Signal<Out, Bit>,

    atomic: AtomicCheck,
    mem_wait: DFF<Bit>,
    /// The lock, and the address of the last `ld_sync` E presented: the locked one while
    /// `locked_q` (taken from E, not at the grant, so that the grant, which comes from the
    /// far side of the shared memory, enables one flip-flop and not twelve).
    locked_q: DFF<Bit>,
    lock_addr: DFF<Bits<12>>,
    /// E's instruction is a load.
    is_load: Signal<Local, Bit>,
}

impl Logic for MemoryAccess {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, mem_wait, locked_q, lock_addr);
        self.is_load.next = self.e.mem.val() && !self.e.controls.val().is_store;
        self.request.write.next = self.e.mem.val() && self.e.controls.val().is_store;
        self.request.sync.next = self.e.controls.val().sync;
        self.request.addr.next = (bit_cast::<12, 4>(self.e.b.val().get_bits::<4>(0)) << 8)
            | bit_cast::<12, 8>(self.e.a.val());
        self.request.wdata.next = self.e.c.val();

        // ---- the checks ----
        self.illegal.next = self.e.mem.val() && self.e.controls.val().illegal;
        self.atomic.locked.next = self.locked_q.q.val();
        self.atomic.lock_addr.next = self.lock_addr.q.val();
        self.atomic.is_load.next = self.is_load.val();
        self.atomic.is_store.next = self.request.write.val();
        self.atomic.is_sync.next = self.request.sync.val();
        self.atomic.is_ready.next = self.e.controls.val().is_ready;
        self.atomic.addr.next = self.request.addr.val();
        self.port_wait.next =
            self.e.valid.val() && self.port.busy.val() && (self.e.mem.val() || self.e.last.val());
        self.fault.next = self.e.valid.val()
            && !self.mem_wait.q.val()
            && !self.port_wait.val()
            && (self.illegal.val() || self.atomic.violation.val());

        // ---- the request (`port.busy` is not in `req`: one LUT from flip-flops) ----
        self.request.req.next = self.e.valid.val() && self.e.mem.val() && !self.mem_wait.q.val();
        self.request.keep.next = self.request.req.val() && !self.fault.val();
        // (A store is never `ready`, so `last` means IP 15 here.)
        self.post.next = self.request.write.val() && !self.e.last.val();

        // ---- registers ----
        // E's own access was granted (not the posted store's).
        self.mem_wait.d.next = self.request.gnt.val()
            && self.request.keep.val()
            && !self.port.busy.val()
            && !self.post.val();
        // The port's access (E's or a posted store) takes or releases the lock, of the
        // address E's `ld_sync` presented.
        if self.request.gnt.val() && self.port.keep.val() && self.port.sync.val() {
            self.locked_q.d.next = !self.port.write.val();
        }
        if self.request.req.val() && self.is_load.val() && self.request.sync.val() {
            self.lock_addr.d.next = self.request.addr.val();
        }
        if self.finish.val() || self.stop.val() {
            self.locked_q.d.next = false;
        }
        if self.stop.val() {
            self.mem_wait.d.next = false;
        }
        self.granted.next = self.mem_wait.q.val();
        self.load_data.next = self.request.rdata.val();
        self.locked.next = self.locked_q.q.val();
        self.locked_next.next = self.locked_q.d.val();
    }
}
