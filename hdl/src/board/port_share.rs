//! The GPU's host port shared between the bridge and the picture's copy
//! ([`crate::video::FrameCopy`]): the bridge's port passes to the GPU unchanged, except that
//! in a cycle the port is free the copy may read a row of shared memory through it.
//!
//! - **Free** means the last run has ended (`done`: low from a launch, through the
//!   registers' zeroing, to the run's end), and the bridge neither uses shared memory
//!   (`sm_en`) nor launches this cycle. The copy's read then takes the cycle no one else
//!   wanted: the cores lose no cycle and the bridge's own accesses are never delayed.
//! - **Read data.** `sm_rdata` answers the read of the cycle before, whoever made it, and
//!   every reader takes it in the cycle after its own read (the bridge: docs/interfaces.md,
//!   "The host port"), so one reader's read never changes what the other takes.
//! - The copy's read is a read: the bridge's `sm_write` is low whenever its `sm_en` is.

use crate::host_port::{HostPort, HostPortTarget};
use rust_hdl::prelude::*;

/// The host port with a second reader of shared memory.
#[derive(LogicBlock, Default)]
pub struct PortShare {
    /// The bridge's side (joined to the bridge's `gpu` port).
    pub host: HostPortTarget,
    /// The GPU's side (joined to the GPU's `host` port).
    pub gpu: HostPort,
    /// The copy reads row `copy_row` of every bank (only when `copy_free`).
    pub copy_read: Signal<In, Bit>,
    pub copy_row: Signal<In, Bits<8>>,
    /// The port is free for the copy this cycle.
    pub copy_free: Signal<Out, Bit>,
    /// The address the GPU gets: the bridge's while it uses the port, else the copy's row.
    sm_addr: Signal<Local, Bits<12>>,
}

impl Logic for PortShare {
    #[hdl_gen]
    fn update(&mut self) {
        self.copy_free.next =
            self.gpu.done.val() && !self.host.sm_en.val() && !self.host.launch.val();

        // ---- shared memory: the bridge's access, or the copy's read when free ----
        self.gpu.sm_en.next =
            self.host.sm_en.val() || (self.copy_read.val() && self.copy_free.val());
        self.sm_addr.next = self.host.sm_addr.val();
        if !self.host.sm_en.val() {
            self.sm_addr.next = bit_cast::<12, 8>(self.copy_row.val());
        }
        self.gpu.sm_addr.next = self.sm_addr.val();
        self.gpu.sm_write.next = self.host.sm_write.val();
        self.gpu.sm_wdata.next = self.host.sm_wdata.val();

        // ---- everything else passes through ----
        self.gpu.tm_write.next = self.host.tm_write.val();
        self.gpu.tm_line.next = self.host.tm_line.val();
        self.gpu.tm_data.next = self.host.tm_data.val();
        self.gpu.launch.next = self.host.launch.val();
        self.gpu.length.next = self.host.length.val();
        self.gpu.max_cycles.next = self.host.max_cycles.val();
        self.gpu.stop.next = self.host.stop.val();
        self.host.running.next = self.gpu.running.val();
        self.host.done.next = self.gpu.done.val();
        self.host.cycles.next = self.gpu.cycles.val();
        self.host.status_code.next = self.gpu.status_code.val();
        self.host.status_frame.next = self.gpu.status_frame.val();
        self.host.status_core.next = self.gpu.status_core.val();
        self.host.status_ip.next = self.gpu.status_ip.val();
        self.gpu.dbg_core.next = self.host.dbg_core.val();
        self.gpu.dbg_reg.next = self.host.dbg_reg.val();
        self.host.dbg_value.next = self.gpu.dbg_value.val();
        self.gpu.stat_sel.next = self.host.stat_sel.val();
        self.host.stat_value.next = self.gpu.stat_value.val();
        self.host.stat_ready.next = self.gpu.stat_ready.val();
    }
}
