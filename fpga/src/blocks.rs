//! The blocks `gpu16 verilog --block` can emit, each with its Verilog top-module name.

use crate::emit;
use gpu16_hdl::core::Core;
use gpu16_hdl::shared_mem::SharedMem;
use gpu16_hdl::sim::connected;

/// A block of the GPU that can be emitted on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    /// One core (hdl/src/core).
    Core,
    /// The shared memory: banks, crossbar, arbiters, locks (hdl/src/shared_mem).
    SharedMem,
}

impl Block {
    /// Every emittable block.
    pub const ALL: [Block; 2] = [Block::Core, Block::SharedMem];

    /// The `--block` name.
    pub fn name(self) -> &'static str {
        match self {
            Block::Core => "core",
            Block::SharedMem => "shared_mem",
        }
    }

    /// The Verilog top module's name.
    pub fn top(self) -> &'static str {
        match self {
            Block::Core => "gpu16_core",
            Block::SharedMem => "gpu16_shared_mem",
        }
    }

    /// The block's Verilog.
    pub fn verilog(self) -> Result<String, String> {
        match self {
            Block::Core => emit::verilog(&connected::<Core>(), self.top()),
            Block::SharedMem => emit::verilog(&connected::<SharedMem>(), self.top()),
        }
    }
}
