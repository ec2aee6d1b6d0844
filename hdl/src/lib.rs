//! gpu16 RTL written with rust-hdl 0.46: the core, the shared memory, the task scheduler and
//! the GPU top, plus the driver that runs them in rust-hdl's simulator. The RTL uses `sim`'s
//! ISA and image types, never the reference model.

pub mod block_ram;
pub mod core;
pub mod counters;
pub mod driver;
pub mod gpu;
pub mod program_writer;
pub mod scheduler;
pub mod shared_mem;
pub mod sim;
pub mod timeline;
pub mod waveform;
