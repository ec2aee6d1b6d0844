//! The blocks `gpu16 verilog --block` can emit, each with its Verilog top-module name.

use crate::cosim::{ports_of, Port};
use crate::emit;
use crate::tools::ToolError;
use gpu16_hdl::core::Core;
use gpu16_hdl::gpu::Gpu;
use gpu16_hdl::scheduler::Scheduler;
use gpu16_hdl::shared_mem::SharedMem;
use gpu16_hdl::sim::{connect, connected};
use gpu16_sim::frame::CORES;

/// Whether a build keeps the performance counters (`gpu16 run --stats`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counters {
    On,
    Off,
}

/// A block of the GPU that can be emitted on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    /// One core (hdl/src/core).
    Core,
    /// The shared memory: banks, crossbar, arbiters, locks (hdl/src/shared_mem).
    SharedMem,
    /// The task scheduler with its Task Memory (hdl/src/scheduler).
    Scheduler,
    /// The whole GPU with its host interface (hdl/src/gpu.rs).
    Gpu,
}

impl Block {
    /// The `--block` name.
    pub fn name(self) -> &'static str {
        match self {
            Block::Core => "core",
            Block::SharedMem => "shared_mem",
            Block::Scheduler => "scheduler",
            Block::Gpu => "gpu",
        }
    }

    /// The Verilog top module's name.
    pub fn top(self) -> &'static str {
        match self {
            Block::Core => "gpu16_core",
            Block::SharedMem => "gpu16_shared_mem",
            Block::Scheduler => "gpu16_scheduler",
            Block::Gpu => "gpu16_top",
        }
    }

    /// The block's top-level ports.
    pub fn ports(self) -> Vec<Port> {
        match self {
            Block::Core => ports_of(&connected::<Core>()),
            Block::SharedMem => ports_of(&connected::<SharedMem>()),
            Block::Scheduler => ports_of(&connected::<Scheduler>()),
            Block::Gpu => ports_of(&connected::<Gpu>()),
        }
    }

    /// The block's Verilog, with its performance counters, of the 16-core machine.
    pub fn verilog(self) -> Result<String, ToolError> {
        self.verilog_with(Counters::On, CORES)
    }

    /// The block's Verilog, with or without its performance counters
    /// (`gpu16_hdl::counters`, in the GPU; the core and the shared memory only emit the
    /// events they count); the GPU with `cores` cores (1–16, MACHINE.md §1), every other block as
    /// the 16-core machine has it.
    pub fn verilog_with(self, counters: Counters, cores: usize) -> Result<String, ToolError> {
        if !(1..=CORES).contains(&cores) {
            return Err(ToolError::Unsupported(format!(
                "a GPU has 1–16 cores, not {cores}"
            )));
        }
        if cores != CORES && self != Block::Gpu {
            return Err(ToolError::Unsupported(format!(
                "--cores sizes the whole GPU: the {} block is the same in every size",
                self.name()
            )));
        }
        let top = self.top();
        match self {
            Block::Core => emit_block(top, counters, Core::default(), |_| {}),
            Block::SharedMem => emit_block(top, counters, SharedMem::default(), |_| {}),
            Block::Scheduler => emit_block(top, counters, Scheduler::default(), |_| {}),
            Block::Gpu => emit_block(top, counters, Gpu::new(cores), Gpu::disable_counters),
        }
    }
}

/// Emits `block` as module `top`, calling `disable_counters` first if the build has none.
fn emit_block<B: rust_hdl::prelude::Block>(
    top: &str,
    counters: Counters,
    block: B,
    disable_counters: fn(&mut B),
) -> Result<String, ToolError> {
    let mut block = connect(block);
    if counters == Counters::Off {
        disable_counters(&mut block);
    }
    emit::verilog(&block, top)
}
