//! `--cores N`: the size of the GPU a command builds or runs (SPEC §1).

use clap::Args;

/// The GPU's cores, for the commands that build or simulate it.
#[derive(Args, Clone, Copy, Debug)]
pub struct CoresArg {
    /// Build the GPU with N cores, 0..N-1 (1-16; SPEC §1): for boards too small for all 16.
    /// A program whose CF names a core ≥ N stops there with NO_CORE.
    #[arg(long = "cores", value_name = "N", default_value_t = 16,
          value_parser = clap::value_parser!(u8).range(1..=16))]
    cores: u8,
}

impl CoresArg {
    /// N.
    pub fn get(self) -> usize {
        usize::from(self.cores)
    }
}
