//! The simulated board (`gpu16 board-sim`: the board top in Verilator behind a
//! pseudo-terminal) for the tests that talk to it through the host's code: built once per
//! test program, in the cache `gpu16 run` uses, and its design fingerprint.

use gpu16_fpga::board::fingerprint::fingerprint_cached;
use gpu16_fpga::board::sim::{sim_config, BoardSim};
use gpu16_fpga::verilog_engine::cache_dir;
use std::sync::OnceLock;

/// The 16-core simulated board with its performance counters.
pub fn board_sim() -> &'static BoardSim {
    static SIM: OnceLock<BoardSim> = OnceLock::new();
    SIM.get_or_init(|| BoardSim::build(&cache_dir(), true, 16).expect("the simulated board builds"))
}

/// The simulated board's design fingerprint, as `gpu16 run` works it out.
pub fn design() -> u64 {
    static DESIGN: OnceLock<u64> = OnceLock::new();
    *DESIGN.get_or_init(|| fingerprint_cached(&cache_dir(), sim_config(true, 16), || {}).unwrap())
}
