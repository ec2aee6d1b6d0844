//! The GPU's host port: how a host (the board's bridge, the rust-hdl driver, the Verilog
//! testbench) loads a program and memory, launches a run, and reads back its status,
//! registers and counters. Its protocol (Task Memory lines at most every 4th cycle, a launch's
//! register zeroing, read latencies, when the counters are final) is written out with its
//! cycle diagram in docs/interfaces.md ("The host port"). Shared memory's read data
//! (`sm_rdata`, one byte per bank) and the timeline outputs stay beside it as the GPU's own
//! ports: an interface carries no arrays, and the timeline goes to a log, not to the host.

use rust_hdl::prelude::*;

/// The host's side of the port.
#[derive(LogicInterface, Default)]
#[join = "HostPortTarget"]
pub struct HostPort {
    /// Write Task Memory line `tm_line` (= 4·frame + k).
    pub tm_write: Signal<Out, Bit>,
    pub tm_line: Signal<Out, Bits<8>>,
    pub tm_data: Signal<Out, Bits<64>>,
    /// Shared memory while no run is in progress: enable, byte address, write?, data (a read
    /// gives row `sm_addr[7:0]` of every bank on `sm_rdata` the next cycle).
    pub sm_en: Signal<Out, Bit>,
    pub sm_addr: Signal<Out, Bits<12>>,
    pub sm_write: Signal<Out, Bit>,
    pub sm_wdata: Signal<Out, Bits<8>>,
    /// Run frames 0..`length` (1–64), `TIMEOUT` after `max_cycles` (0: no limit).
    pub launch: Signal<Out, Bit>,
    pub length: Signal<Out, Bits<7>>,
    pub max_cycles: Signal<Out, Bits<32>>,
    /// End the run in progress as its cycle limit would (`TIMEOUT`); nothing when idle.
    pub stop: Signal<Out, Bit>,
    /// A run is in progress; the last has ended; its cycles.
    pub running: Signal<In, Bit>,
    pub done: Signal<In, Bit>,
    pub cycles: Signal<In, Bits<32>>,
    /// The run's status (`gpu16_sim::run::ErrorCode::hardware_code`, 0 ok), frame, core, IP.
    pub status_code: Signal<In, Bits<3>>,
    pub status_frame: Signal<In, Bits<7>>,
    pub status_core: Signal<In, Bits<4>>,
    pub status_ip: Signal<In, Bits<4>>,
    /// Register `dbg_reg` of core `dbg_core`, on `dbg_value` two edges after the select.
    pub dbg_core: Signal<Out, Bits<4>>,
    pub dbg_reg: Signal<Out, Bits<4>>,
    pub dbg_value: Signal<In, Bits<8>>,
    /// Counter `stat_sel` on `stat_value` the next cycle, once `stat_ready` (the counts are
    /// final).
    pub stat_sel: Signal<Out, Bits<7>>,
    pub stat_value: Signal<In, Bits<32>>,
    pub stat_ready: Signal<In, Bit>,
}

/// The GPU's side of the port.
#[derive(LogicInterface, Default)]
#[join = "HostPort"]
pub struct HostPortTarget {
    pub tm_write: Signal<In, Bit>,
    pub tm_line: Signal<In, Bits<8>>,
    pub tm_data: Signal<In, Bits<64>>,
    pub sm_en: Signal<In, Bit>,
    pub sm_addr: Signal<In, Bits<12>>,
    pub sm_write: Signal<In, Bit>,
    pub sm_wdata: Signal<In, Bits<8>>,
    pub launch: Signal<In, Bit>,
    pub length: Signal<In, Bits<7>>,
    pub max_cycles: Signal<In, Bits<32>>,
    pub stop: Signal<In, Bit>,
    pub running: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub cycles: Signal<Out, Bits<32>>,
    pub status_code: Signal<Out, Bits<3>>,
    pub status_frame: Signal<Out, Bits<7>>,
    pub status_core: Signal<Out, Bits<4>>,
    pub status_ip: Signal<Out, Bits<4>>,
    pub dbg_core: Signal<In, Bits<4>>,
    pub dbg_reg: Signal<In, Bits<4>>,
    pub dbg_value: Signal<Out, Bits<8>>,
    pub stat_sel: Signal<In, Bits<7>>,
    pub stat_value: Signal<Out, Bits<32>>,
    pub stat_ready: Signal<Out, Bit>,
}
