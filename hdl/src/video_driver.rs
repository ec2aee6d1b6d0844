//! Plays a board's video output after a run, in rust-hdl: the run's final shared memory read
//! by [`FrameCopy`] through a host port that answers from it, the rows written and drawn by
//! [`VideoOut`] in the pixel clock, every pixel cycle's TMDS symbols handed to a watcher
//! (`gpu16 run --frame` on the rtl and verilator engines decodes them with the monitor of
//! `gpu16_sim::dvi`). Two clocks, stepped in time order ([`two_clocks`]).

use crate::sim::{connect, settle, tick, NoConvergence};
use crate::video::{FrameCopy, VideoMode, VideoOut};

/// A mode for simulation: the picture at ×2 in a 132 × 130 visible area, a short line and a
/// vertical blanking long enough for the whole copy (`crate::video::frame_copy::window_lines`;
/// 29,960 pixel cycles a frame, against 420,000 at 640×480): the copy takes the first frame's
/// blanking, and the second frame shows the picture whole.
pub const SIMULATED_MODE: VideoMode = VideoMode {
    h_visible: 132,
    h_front: 2,
    h_sync: 4,
    h_back: 2,
    v_visible: 130,
    v_front: 2,
    v_sync: 2,
    v_back: 80,
    sync_high: false,
};
pub const SIMULATED_SCALE: u16 = 2;
/// The frames to play in [`SIMULATED_MODE`] to see a picture whole: the copy takes the
/// first frame's blanking, the second frame shows it.
pub const SIMULATED_FRAMES: u64 = 2;

/// A rising edge of one of the two clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    Gpu,
    Pixel,
}

/// Calls `step` for a GPU edge every `gpu` time units and a pixel edge every `pixel`, in time
/// order (the GPU's first when they meet), for `time` units; stops at `step`'s first error.
pub fn two_clocks<E>(
    time: u64,
    gpu: u64,
    pixel: u64,
    mut step: impl FnMut(Edge) -> Result<(), E>,
) -> Result<(), E> {
    let (mut next_gpu, mut next_pixel) = (0, 0);
    while next_gpu.min(next_pixel) < time {
        if next_gpu <= next_pixel {
            step(Edge::Gpu)?;
            next_gpu += gpu;
        } else {
            step(Edge::Pixel)?;
            next_pixel += pixel;
        }
    }
    Ok(())
}

/// Drives `copy`'s host-port read data as the GPU would: row `read_row` of every bank of
/// `sm` when a read was made last cycle, zeros when none was.
pub fn answer_reads(copy: &mut FrameCopy, sm: &[u8], read_row: Option<usize>) {
    for (bank, byte) in copy.sm_rdata.iter_mut().enumerate() {
        byte.next = u64::from(read_row.map_or(0, |row| sm[256 * bank + row])).into();
    }
}

/// A block of the video path, settled before its clock's rising edge.
pub enum Settled<'a> {
    /// The copy, in the GPU clock.
    Copy(&'a FrameCopy),
    /// The video output, in the pixel clock.
    Out(&'a VideoOut),
}

/// A run's end as the copy sees it: the GPU cycle `done` rises, and shared memory as the run
/// left it. The run holds the host port for [`RUN_CYCLES`] before (`done` low).
#[derive(Clone, Copy)]
pub struct RunEnd<'a> {
    pub at: u64,
    pub sm: &'a [u8],
}

/// The GPU cycles a run of [`play`] lasts: `done` is low for them before its end.
pub const RUN_CYCLES: u64 = 100;

/// Plays `runs` (in order of their ends; the first at cycle 0 is a run ended before power-up)
/// as a board would, in `mode` at `scale`, with a GPU cycle every `gpu` time units and a pixel
/// cycle every `pixel`, for `frames` frames; `watch` sees each block once a cycle, settled
/// before its clock's edge.
pub fn play(
    runs: &[RunEnd],
    mode: VideoMode,
    scale: u16,
    (gpu, pixel): (u64, u64),
    frames: u64,
    watch: &mut dyn FnMut(Settled),
) -> Result<(), NoConvergence> {
    let mut copy = connect(FrameCopy::default());
    let mut out = connect(VideoOut::new(mode, scale));
    let mut read_row: Option<usize> = None;
    let mut cycle = 0;
    let time = frames * u64::from(mode.h_total()) * u64::from(mode.v_total()) * pixel;
    two_clocks(time, gpu, pixel, |edge| match edge {
        Edge::Gpu => {
            let ended = runs.iter().rev().find(|r| r.at <= cycle);
            let running = runs
                .iter()
                .any(|r| r.at > 0 && (r.at.saturating_sub(RUN_CYCLES)..r.at).contains(&cycle));
            // Between runs the port is the copy's: nobody else uses it here.
            let done = ended.is_some() && !running;
            copy.done.next = done;
            copy.port_free.next = done;
            answer_reads(&mut copy, ended.map_or(&[0; 4096], |r| r.sm), read_row);
            copy.taken.next = out.taken.val();
            settle(&mut copy)?;
            watch(Settled::Copy(&copy));
            read_row = copy.sm_en.val().then(|| copy.sm_row.val().index());
            cycle += 1;
            tick(&mut copy, |c| &mut c.clock)
        }
        Edge::Pixel => {
            for (j, byte) in out.row_data.iter_mut().enumerate() {
                byte.next = copy.row_data[j].val();
            }
            out.row_index.next = copy.row_index.val();
            out.offer.next = copy.offer.val();
            settle(&mut out)?;
            watch(Settled::Out(&out));
            tick(&mut out, |o| &mut o.clock)
        }
    })
}

/// `out`'s symbols this cycle: red, green, blue.
pub fn symbols(out: &VideoOut) -> [u16; 3] {
    [&out.red, &out.green, &out.blue].map(|s| s.val().index() as u16)
}

/// [`play`]s `sm`, a run's final shared memory (4,096 bytes), as a board would after the
/// run's end, and hands `see` each pixel cycle's [`symbols`].
pub fn show(
    sm: &[u8],
    mode: VideoMode,
    scale: u16,
    rates: (u64, u64),
    frames: u64,
    see: &mut dyn FnMut([u16; 3]),
) -> Result<(), NoConvergence> {
    let runs = [RunEnd { at: 0, sm }];
    play(&runs, mode, scale, rates, frames, &mut |block| {
        if let Settled::Out(out) = block {
            see(symbols(out));
        }
    })
}
