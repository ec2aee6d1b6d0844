//! gpu16 RTL written with rust-hdl 0.46: the core, the shared memory, the task scheduler and
//! the GPU top; the board's RTL around it (the UART host bridge, the timeline log, the board
//! tops); and the driver that runs the GPU in rust-hdl's simulator. The RTL uses `sim`'s
//! ISA and image types, never the reference model.

pub mod block_ram;
pub mod board;
pub mod bridge;
pub mod codes;
pub mod core;
pub mod counters;
pub mod driver;
pub mod gpu;
pub mod host_port;
pub mod program_writer;
pub mod scheduler;
pub mod shared_mem;
pub mod sim;
pub mod sm_port;
pub mod task_port;
pub mod trace;
pub mod video;
pub mod video_driver;
pub mod view_recorder;
pub mod waveform;

// The shared memory pairs core i's port with bank i's arbiter and the GPU's host port reads
// bank b where it reads core c: the RTL is written for as many banks as cores.
const _: () = assert!(gpu16_sim::frame::CORES == gpu16_sim::isa::sm::BANKS);
