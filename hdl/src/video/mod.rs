//! The video output: what turns the picture in shared memory into a DVI signal
//! (docs/microarchitecture.md, "Video").

pub mod frame_copy;
pub mod gearbox;
pub mod scan_out;
pub mod timing;
pub mod tmds;
pub mod video_out;

pub use frame_copy::{FrameCopy, FrameWrite};
pub use gearbox::Gearbox;
pub use scan_out::ScanOut;
pub use timing::{VideoMode, VideoTiming};
pub use tmds::{TmdsEncoder, CONTROL_SYMBOLS};
pub use video_out::VideoOut;
