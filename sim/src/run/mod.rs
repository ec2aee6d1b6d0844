//! What every engine (model, rust-hdl, Verilator) takes and returns for a run: the host's
//! settings, the status of SPEC §7/§9, the timeline and the counters.

mod stats;
mod status;
mod timeline;
pub mod timeline_svg;

pub use stats::{BankStats, CoreStats, Stats};
pub use status::{CoreFault, ErrorCode, Status};
pub use timeline::{
    from_json as timeline_from_json, to_json as timeline_to_json, Event, EventKind,
};

use crate::frame::CORES;
use crate::image::sm::SmImage;

/// Host settings for a run.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunConfig {
    /// Stop with `TIMEOUT` after this many cycles (0 = no limit).
    pub max_cycles: u64,
}

/// Everything a run leaves behind.
#[derive(Clone, Debug)]
pub struct RunResult {
    pub status: Status,
    /// Cycles from launch to the end of the run.
    pub cycles: u64,
    /// Final shared memory.
    pub sm: SmImage,
    /// Final register files, `regs[core][reg]`.
    pub regs: [[u8; 16]; CORES],
    /// One event per handled frame, in program order.
    pub timeline: Vec<Event>,
    pub stats: Stats,
}
