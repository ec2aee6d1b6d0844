//! The video timing generator (hdl/src/video/timing.rs): over whole frames, the beam visits
//! every pixel of every line in order, `de` is high exactly on the visible area, `line_end`
//! on each line's last pixel and `vblank` below the visible area, and each
//! sync pulse is where and as long as the mode says, with its polarity — on a tiny mode in
//! rust-hdl and in the emitted Verilog (lint, Icarus), and on one whole 640×480 frame in
//! rust-hdl.

use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::{emit, lint};
use gpu16_hdl::sim::{connect, settle, tick};
use gpu16_hdl::video::{VideoMode, VideoTiming};

/// A mode of a few pixels and lines, with positive syncs.
const TINY: VideoMode = VideoMode {
    h_visible: 8,
    h_front: 2,
    h_sync: 3,
    h_back: 1,
    v_visible: 4,
    v_front: 1,
    v_sync: 2,
    v_back: 3,
    sync_high: true,
};

/// Runs `frames` whole frames of `mode` and checks every cycle against the mode; the
/// recording of the run.
fn check_frames(mode: VideoMode, frames: usize) -> Recording {
    let mut t = connect(VideoTiming::new(mode));
    let mut rec = Recording::default();
    let (h_total, v_total) = (usize::from(mode.h_total()), usize::from(mode.v_total()));
    let (mut visible, mut hsync_cycles, mut vsync_lines) = (0, 0, 0);
    for frame in 0..frames {
        for y in 0..v_total {
            for x in 0..h_total {
                settle(&mut t).unwrap();
                rec.sample(&t);
                let at = format!("frame {frame}, pixel ({x}, {y})");
                assert_eq!((t.x.val().index(), t.y.val().index()), (x, y), "{at}");
                let in_visible = x < usize::from(mode.h_visible) && y < usize::from(mode.v_visible);
                assert_eq!(t.de.val(), in_visible, "{at}: de");
                let h0 = usize::from(mode.h_visible + mode.h_front);
                let v0 = usize::from(mode.v_visible + mode.v_front);
                let in_hsync = (h0..h0 + usize::from(mode.h_sync)).contains(&x);
                let in_vsync = (v0..v0 + usize::from(mode.v_sync)).contains(&y);
                assert_eq!(t.hsync.val(), in_hsync == mode.sync_high, "{at}: hsync");
                assert_eq!(t.vsync.val(), in_vsync == mode.sync_high, "{at}: vsync");
                assert_eq!(t.line_end.val(), x == h_total - 1, "{at}: line_end");
                assert_eq!(
                    t.vblank.val(),
                    y >= usize::from(mode.v_visible),
                    "{at}: vblank"
                );
                visible += usize::from(t.de.val());
                hsync_cycles += usize::from(t.hsync.val() == mode.sync_high);
                vsync_lines += usize::from(x == 0 && t.vsync.val() == mode.sync_high);
                tick(&mut t, |t| &mut t.clock).unwrap();
            }
        }
    }
    let f = frames;
    assert_eq!(
        visible,
        f * usize::from(mode.h_visible) * usize::from(mode.v_visible)
    );
    assert_eq!(hsync_cycles, f * v_total * usize::from(mode.h_sync));
    assert_eq!(vsync_lines, f * usize::from(mode.v_sync));
    rec
}

#[test]
fn a_tiny_mode_in_rust_hdl_and_verilog() {
    let rec = check_frames(TINY, 3);
    let dir = gpu16_testbenches::scratch!("video_timing");
    let v = emit::verilog(&connect(VideoTiming::new(TINY)), "gpu16_video_timing").unwrap();
    lint::yosys_check(&v, "gpu16_video_timing", &dir).unwrap();
    lint::verilator_lint(&v, "gpu16_video_timing", &dir).unwrap();
    rec.run(&v, "gpu16_video_timing", Simulator::Icarus, &dir)
        .unwrap();
}

#[test]
fn one_whole_640_by_480_frame() {
    assert_eq!(
        (VideoMode::VGA.h_total(), VideoMode::VGA.v_total()),
        (800, 525)
    );
    check_frames(VideoMode::VGA, 1);
}
