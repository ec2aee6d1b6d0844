//! The scan-out (hdl/src/video/scan_out.rs) seen by a simulated monitor
//! (`gpu16_sim::dvi`): a picture written into the frame memory during the vertical
//! blanking comes out of the three channels as that picture, scaled and centred, black around
//! it, with blanking and the sync pulses exactly where the mode puts them, two cycles after
//! the timing's pixel — in a tiny mode in rust-hdl and in the emitted Verilog (lint, Icarus),
//! and for one whole 640×480 frame at ×7 in rust-hdl and Verilator. The VGA levels
//! (`vga_*`) carry the same pixels and syncs at the same cycle, and black in blanking.

use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::{emit, lint};
use gpu16_hdl::sim::{connect, settle, tick};
use gpu16_hdl::video::frame_copy::window_lines;
use gpu16_hdl::video::{ScanOut, VideoMode};
use gpu16_sim::dvi::{receive, Received};
use gpu16_sim::image::picture::{address, rgb, SIZE};
use gpu16_testbenches::rng::Rng;

/// A mode just large enough for the picture at ×1, with room around it and a vertical
/// blanking long enough for the frame copy's window (`frame_copy::window_lines`: 5 lines).
const TINY: VideoMode = VideoMode {
    h_visible: 70,
    h_front: 2,
    h_sync: 3,
    h_back: 2,
    v_visible: 68,
    v_front: 1,
    v_sync: 2,
    v_back: 135,
    sync_high: false,
};

/// Cycles from the timing's pixel to its symbols.
const LATENCY: usize = 2;

/// A picture with every colour field's values and some structure to see a misplaced pixel.
fn test_picture(seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    (0..SIZE * SIZE)
        .map(|i| {
            if rng.chance(50) {
                rng.below(256) as u8
            } else {
                (i % 251) as u8 ^ (i / 64) as u8
            }
        })
        .collect()
}

/// Runs the scan-out for `frames` frames: the picture is written while `vblank` (a byte a
/// cycle), and from the first frame that starts after it is complete every cycle's symbols
/// are checked against the mode and the picture; `vblank` and `copy_window` are checked in
/// every cycle. The recording of the run.
fn watch(mode: VideoMode, scale: u16, frames: usize, picture: &[u8]) -> Recording {
    let mut s = connect(ScanOut::new(mode, scale));
    let mut rec = Recording::default();
    let (h_total, v_total) = (usize::from(mode.h_total()), usize::from(mode.v_total()));
    let side = SIZE * usize::from(scale);
    let left = (usize::from(mode.h_visible) - side) / 2;
    let top = (usize::from(mode.v_visible) - side) / 2;
    let frame_cycles = h_total * v_total;
    let mut written = 0;
    let mut checked_from = None;
    let mut pixels_seen = 0;
    let blank_from = usize::from(mode.v_visible);
    let window_to = blank_from + usize::from(window_lines(mode).unwrap());
    for t in 0..frames * frame_cycles + LATENCY {
        settle(&mut s).unwrap();
        let line = t % frame_cycles / h_total;
        assert_eq!(s.vblank.val(), line >= blank_from, "cycle {t}: vblank");
        assert_eq!(
            s.copy_window.val(),
            (blank_from..window_to).contains(&line),
            "cycle {t}: the copy's window"
        );
        let write = s.vblank.val() && written < picture.len();
        s.write.next = write;
        s.write_address.next = ((written % picture.len()) as u64).into();
        s.write_data.next = u64::from(picture[written.min(picture.len() - 1)]).into();
        settle(&mut s).unwrap();
        rec.sample(&s);
        let got = receive(
            s.red.val().index() as u16,
            s.green.val().index() as u16,
            s.blue.val().index() as u16,
        );
        let vga = (
            [
                s.vga_red.val().index() as u8,
                s.vga_green.val().index() as u8,
                s.vga_blue.val().index() as u8,
            ],
            s.vga_hsync.val(),
            s.vga_vsync.val(),
        );
        tick(&mut s, |s| &mut s.clock).unwrap();
        written += usize::from(write);
        if written == picture.len() && checked_from.is_none() {
            // The first frame that starts after the last write, and its symbols' first cycle.
            checked_from = Some((t / frame_cycles + 1) * frame_cycles + LATENCY);
        }
        if checked_from.is_none_or(|from| t < from) {
            continue;
        }
        let pixel = (t - LATENCY) % frame_cycles;
        let (x, y) = (pixel % h_total, pixel / h_total);
        let at = format!("frame {}, ({x}, {y})", (t - LATENCY) / frame_cycles);
        let got = got.unwrap_or_else(|e| panic!("{at}: {e}"));
        let h0 = usize::from(mode.h_visible + mode.h_front);
        let v0 = usize::from(mode.v_visible + mode.v_front);
        let in_pulse =
            |v: usize, from: usize, len: u16| (from..from + usize::from(len)).contains(&v);
        // The sync levels: the mode's polarity during its pulse, the other level elsewhere.
        let hsync = in_pulse(x, h0, mode.h_sync) == mode.sync_high;
        let vsync = in_pulse(y, v0, mode.v_sync) == mode.sync_high;
        let want = if x < usize::from(mode.h_visible) && y < usize::from(mode.v_visible) {
            let on = (left..left + side).contains(&x) && (top..top + side).contains(&y);
            Received::Pixel(if on {
                let (px, py) = (
                    (x - left) / usize::from(scale),
                    (y - top) / usize::from(scale),
                );
                rgb(picture[address(px, py)])
            } else {
                [0, 0, 0]
            })
        } else {
            Received::Blanking { hsync, vsync }
        };
        assert_eq!(got, want, "{at}");
        let colour = match want {
            Received::Pixel(colour) => colour,
            Received::Blanking { .. } => [0, 0, 0],
        };
        assert_eq!(vga, (colour, hsync, vsync), "{at}: the VGA levels");
        pixels_seen += usize::from(matches!(got, Received::Pixel(_)));
    }
    assert!(checked_from.is_some(), "the picture was written in time");
    assert!(
        pixels_seen >= usize::from(mode.h_visible) * usize::from(mode.v_visible),
        "a whole frame checked"
    );
    rec
}

#[test]
fn a_tiny_mode_shows_the_picture_in_rust_hdl_and_verilog() {
    let picture = test_picture(1);
    let rec = watch(TINY, 1, 4, &picture);
    let dir = gpu16_testbenches::scratch!("scan_out");
    let v = emit::verilog(&connect(ScanOut::new(TINY, 1)), "gpu16_scan_out").unwrap();
    lint::yosys_check(&v, "gpu16_scan_out", &dir).unwrap();
    lint::verilator_lint(&v, "gpu16_scan_out", &dir).unwrap();
    rec.run(&v, "gpu16_scan_out", Simulator::Icarus, &dir)
        .unwrap();
}

#[test]
fn one_640_by_480_frame_at_seven_times_in_rust_hdl_and_verilator() {
    let picture = test_picture(2);
    let rec = watch(VideoMode::VGA, 7, 2, &picture);
    let dir = gpu16_testbenches::scratch!("scan_out_vga");
    let v = emit::verilog(&connect(ScanOut::new(VideoMode::VGA, 7)), "gpu16_scan_out").unwrap();
    rec.run(&v, "gpu16_scan_out", Simulator::Verilator, &dir)
        .unwrap();
}
