//! `--cores N`: the size of the GPU a command builds or runs (MACHINE.md §1).

use clap::Args;

/// The GPU's cores, for the commands that build or simulate it.
#[derive(Args, Clone, Copy, Debug)]
pub struct CoresArg {
    /// Build the GPU with N cores, 0..N-1 (1-16; MACHINE.md §1): for boards too small for all 16.
    /// A program whose CF names a core ≥ N stops there with NO_CORE.
    /// Default: 16; on `build` and `board-sim`, the most the board holds (docs/BOARD.md).
    #[arg(long = "cores", value_name = "N", value_parser = clap::value_parser!(u8).range(1..=16))]
    cores: Option<u8>,
}

impl CoresArg {
    /// N.
    pub fn get(self) -> usize {
        self.given().unwrap_or(gpu16_sim::frame::CORES)
    }

    /// N, if the command line gave it.
    pub fn given(self) -> Option<usize> {
        self.cores.map(usize::from)
    }
}
