//! The video output: what turns the picture in shared memory into a DVI signal
//! (docs/microarchitecture.md, "Video").

pub mod tmds;

pub use tmds::TmdsEncoder;
