//! What the core's memory port ([`super::MemoryPort`]) presents now, as E's memory access
//! ([`super::MemoryAccess`]) sees it: whether the port holds a posted store, and the `keep`,
//! `sync` and `write` of the access on the shared-memory port this cycle (E's own, or the
//! posted store). The core fills it; the execute stage passes it on whole.

use rust_hdl::prelude::*;

/// The port's state this cycle, into the execute stage.
#[derive(LogicInterface, Default)]
pub struct PortView {
    /// The port holds a posted store.
    pub busy: Signal<In, Bit>,
    /// The access it presents: kept (not withdrawn), `_sync`, a store.
    pub keep: Signal<In, Bit>,
    pub sync: Signal<In, Bit>,
    pub write: Signal<In, Bit>,
}
