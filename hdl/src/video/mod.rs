//! The video output: what turns the picture in shared memory into a DVI signal
//! (docs/microarchitecture.md, "Video").

pub mod colour;
pub mod dvi_encode;
pub mod frame_copy;
pub mod gearbox;
pub mod scaler;
pub mod scan_out;
pub mod timing;
pub mod tmds;
pub mod vga_levels;
pub mod video_out;

pub use colour::{Rgb332, Widen3};
pub use dvi_encode::DviEncode;
pub use frame_copy::{FrameCopy, FrameWrite};
pub use gearbox::Gearbox;
pub use scaler::Scaler;
pub use scan_out::ScanOut;
pub use timing::{VideoMode, VideoTiming};
pub use tmds::{TmdsEncoder, CONTROL_SYMBOLS};
pub use vga_levels::VgaLevels;
pub use video_out::VideoOut;
