//! The video output: what turns the picture in shared memory into a DVI signal
//! (docs/microarchitecture.md, "Video").

pub mod timing;
pub mod tmds;

pub use timing::{VideoMode, VideoTiming};
pub use tmds::TmdsEncoder;
