//! What every engine (model, rust-hdl, Verilator) takes and returns for a run: the host's
//! settings, the status of MACHINE.md §7/§9, the timeline and the counters.

mod stats;
mod status;
mod timeline;
pub mod timeline_svg;

pub use stats::{BankStats, CoreStats, CounterGroup, Stats, COUNTERS};
pub use status::{CoreFault, ErrorCode, Status};
pub use timeline::{
    from_json as timeline_from_json, to_json as timeline_to_json, Event, EventKind, Handled,
    TimelineRecorder,
};

use crate::frame::CORES;
use crate::image::sm::SmImage;

/// Host settings for a run, and the machine's size.
#[derive(Clone, Copy, Debug)]
pub struct RunConfig {
    /// Stop with `TIMEOUT` after this many cycles (0 = no limit). The hardware takes at most
    /// [`HARDWARE_MAX_CYCLES`].
    pub max_cycles: u64,
    /// N, the cores the machine is built with (MACHINE.md §1): 1–16, 16 by default.
    pub cores: usize,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            max_cycles: 0,
            cores: CORES,
        }
    }
}

/// The largest cycle limit the hardware takes: its cycle counter and limit are 32 bits wide.
pub const HARDWARE_MAX_CYCLES: u64 = u32::MAX as u64;

impl RunConfig {
    /// The cycle limit as the hardware's 32-bit register holds it (0 = no limit); `None` if it
    /// does not fit, which callers report rather than run with another limit.
    pub fn hardware_max_cycles(&self) -> Option<u32> {
        u32::try_from(self.max_cycles).ok()
    }

    /// A run of at most `max_cycles` cycles (0 = no limit) on the 16-core machine.
    pub const fn limit(max_cycles: u64) -> RunConfig {
        RunConfig {
            max_cycles,
            cores: CORES,
        }
    }
}

/// Everything a run leaves behind.
#[derive(Clone, Debug)]
pub struct RunResult {
    pub status: Status,
    /// Cycles from launch to the end of the run.
    pub cycles: u64,
    /// Final shared memory.
    pub sm: SmImage,
    /// Final register files, `regs[core][reg]`, of the N cores.
    pub regs: Vec<[u8; 16]>,
    /// One event per handled frame, in program order.
    pub timeline: Vec<Event>,
    pub stats: Stats,
}
