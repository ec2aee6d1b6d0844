//! The trace ports: what a learner sees of a core, a bank and the scheduler in each cycle, as
//! outputs of those blocks, like Ibex's RVFI. The viewer (`gpu16 run --view`,
//! [`crate::view_recorder`]) reads a run's waveform through them alone, never a block's
//! private registers, so a block can rename or rebuild its insides without breaking it; a
//! renamed trace field fails the recorder's tests by name ("the waveform has no signal …").
//!
//! Nothing in the GPU reads a trace port: synthesis removes the logic behind it, and the lint
//! waives its outputs by name (`gpu16_fpga::lint`).

use rust_hdl::prelude::*;

/// A core in a cycle (hdl/src/core).
#[derive(LogicInterface, Default)]
pub struct CoreTrace {
    /// The frame of its task (meaningful while it has one).
    pub frame: Signal<Out, Bits<6>>,
    /// E holds an instruction, and its IP.
    pub e_valid: Signal<Out, Bit>,
    pub e_ip: Signal<Out, Bits<4>>,
    /// The register file's write this cycle: enable, register, value (E's result, or the
    /// scheduler's R0 or launch write).
    pub rf_we: Signal<Out, Bit>,
    pub rf_wa: Signal<Out, Bits<4>>,
    pub rf_wd: Signal<Out, Bits<8>>,
}

/// A bank of shared memory in a cycle (hdl/src/shared_mem/bank_slice.rs).
#[derive(LogicInterface, Default)]
pub struct BankTrace {
    /// The cores whose requests the bank has registered (waiting for arbitration).
    pub requests: Signal<Out, Bits<16>>,
    /// The core granted this cycle (one-hot, 0 for none).
    pub grant: Signal<Out, Bits<16>>,
    /// The round-robin pointer: the cores above the last one granted, which go first (none:
    /// the search starts at core 0).
    pub after_last: Signal<Out, Bits<16>>,
    /// The lock: held, its row and its owner (one-hot).
    pub locked: Signal<Out, Bit>,
    pub lock_row: Signal<Out, Bits<8>>,
    pub lock_owner: Signal<Out, Bits<16>>,
    /// The RAM's write this cycle: enable, row, value (a core's store, or the host's).
    pub ram_write: Signal<Out, Bit>,
    pub ram_row: Signal<Out, Bits<8>>,
    pub ram_data: Signal<Out, Bits<8>>,
}

/// The Task Scheduler in a cycle (hdl/src/scheduler).
#[derive(LogicInterface, Default)]
pub struct SchedTrace {
    /// TP: the frame the walk is at.
    pub tp: Signal<Out, Bits<7>>,
    /// The cores running a task, and those of them running an `acq` frame's task.
    pub busy: Signal<Out, Bits<16>>,
    pub acq: Signal<Out, Bits<16>>,
    /// The cores whose tasks hold the frame at TP back this cycle.
    pub holds: Signal<Out, Bits<16>>,
    /// The frame at TP is handled this cycle.
    pub handled: Signal<Out, Bit>,
    /// The status code latched so far (0: no error yet).
    pub error: Signal<Out, Bits<3>>,
}
