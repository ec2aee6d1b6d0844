//! The shared-memory port: how a core asks the shared memory for one byte, and how it is
//! answered; one per core. Its protocol — when a request may be withdrawn, when the grant and
//! a load's byte come — is written once, with its cycle diagram, in docs/interfaces.md ("The
//! shared-memory port").

use rust_hdl::prelude::*;

/// The core's side of the shared-memory port. Inside the core the same port joins its
/// execute stage to its memory port ([`crate::core::MemoryPort`]), which presents E's access
/// or a posted store to the shared memory and passes the grant and a load's byte back.
#[derive(LogicInterface, Default)]
#[join = "SmPortTarget"]
pub struct SmPort {
    /// A request this cycle.
    pub req: Signal<Out, Bit>,
    /// With `req`: it stays up next cycle unless granted now (low: withdrawn).
    pub keep: Signal<Out, Bit>,
    /// Byte address `{bank, row}`.
    pub addr: Signal<Out, Bits<12>>,
    /// A store; `ld_sync`/`st_sync`; the byte a store writes.
    pub write: Signal<Out, Bit>,
    pub sync: Signal<Out, Bit>,
    pub wdata: Signal<Out, Bits<8>>,
    /// The request is served this cycle.
    pub gnt: Signal<In, Bit>,
    /// The byte a load granted in the previous cycle read.
    pub rdata: Signal<In, Bits<8>>,
}

/// The shared memory's side of one core's port.
#[derive(LogicInterface, Default)]
#[join = "SmPort"]
pub struct SmPortTarget {
    pub req: Signal<In, Bit>,
    pub keep: Signal<In, Bit>,
    pub addr: Signal<In, Bits<12>>,
    pub write: Signal<In, Bit>,
    pub sync: Signal<In, Bit>,
    pub wdata: Signal<In, Bits<8>>,
    pub gnt: Signal<Out, Bit>,
    pub rdata: Signal<Out, Bits<8>>,
}
