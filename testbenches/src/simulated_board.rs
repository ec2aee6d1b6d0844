//! The simulated board (`gpu16 board-sim`: the board top in Verilator behind a
//! pseudo-terminal) for the tests that talk to it through the host's code: built once per
//! test program, in the cache `gpu16 run` uses, and its design fingerprint.

use gpu16_fpga::board::fingerprint::fingerprint_cached;
use gpu16_fpga::board::sim::{sim_config, BoardSim};
use std::path::PathBuf;
use std::sync::OnceLock;

/// The cache `gpu16 run` builds its Verilog engines in (`target/gpu16-verilog`), from the
/// test's `CARGO_TARGET_TMPDIR` (`target/tmp`).
fn cache(target_tmpdir: &str) -> PathBuf {
    PathBuf::from(target_tmpdir)
        .parent()
        .expect("the target folder")
        .join("gpu16-verilog")
}

/// The 16-core simulated board with its performance counters (a test passes
/// `env!("CARGO_TARGET_TMPDIR")`).
pub fn board_sim(target_tmpdir: &str) -> &'static BoardSim {
    static SIM: OnceLock<BoardSim> = OnceLock::new();
    SIM.get_or_init(|| {
        BoardSim::build(&cache(target_tmpdir), true, 16).expect("the simulated board builds")
    })
}

/// The simulated board's design fingerprint, as `gpu16 run` works it out.
pub fn design(target_tmpdir: &str) -> u64 {
    static DESIGN: OnceLock<u64> = OnceLock::new();
    *DESIGN.get_or_init(|| {
        fingerprint_cached(&cache(target_tmpdir), sim_config(true, 16), || {}).unwrap()
    })
}
