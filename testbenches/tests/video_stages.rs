//! The scan-out's stages (hdl/src/video/), each on its own: the colour of every pixel value
//! against the contract's `gpu16_sim::image::picture::rgb`; the scaler's pixel address and
//! "on the picture" on every cycle of a frame of a small mode at three scales, against the
//! picture's geometry; the DVI stage's symbols, a cycle later, read by the monitor's receiver
//! (`gpu16_sim::dvi::receive`) as the colours and syncs given; the VGA levels a cycle later.
//! Their Verilog replays inside the scan-out's (`scan_out.rs`).

use gpu16_hdl::sim::{connect, connected, settle, tick};
use gpu16_hdl::video::{DviEncode, Rgb332, Scaler, VgaLevels, VideoMode, VideoTiming, Widen3};
use gpu16_sim::dvi::{receive, Received};
use gpu16_sim::image::picture::{address, rgb, SIZE};
use gpu16_testbenches::rng::Rng;

#[test]
fn every_pixel_value_has_the_contracts_colours() {
    let mut c = connected::<Rgb332>();
    for pixel in 0..=255u8 {
        c.pixel.next = u64::from(pixel).into();
        settle(&mut c).unwrap();
        let got = [c.red.val(), c.green.val(), c.blue.val()].map(|v| v.index() as u8);
        assert_eq!(got, rgb(pixel), "pixel {pixel:#04x}");
    }
    // A field of 3 bits: all zeros is black, all ones full brightness, in even steps.
    let mut w = connected::<Widen3>();
    let levels: Vec<u8> = (0..8u64)
        .map(|f| {
            w.field.next = f.into();
            settle(&mut w).unwrap();
            w.level.val().index() as u8
        })
        .collect();
    assert_eq!(levels, [0, 36, 73, 109, 146, 182, 219, 255]);
}

/// A small mode with room around a picture of side 64·3.
const SMALL: VideoMode = VideoMode {
    h_visible: 200,
    h_front: 2,
    h_sync: 3,
    h_back: 2,
    v_visible: 196,
    v_front: 1,
    v_sync: 2,
    v_back: 3,
    sync_high: false,
};

#[test]
fn the_scaler_names_the_pixel_under_the_beam_on_every_cycle() {
    for scale in [1u16, 2, 3] {
        let mut timing = connect(VideoTiming::new(SMALL));
        let mut s = connect(Scaler::new(SMALL, scale));
        let side = SIZE * usize::from(scale);
        let left = (usize::from(SMALL.h_visible) - side) / 2;
        let top = (usize::from(SMALL.v_visible) - side) / 2;
        let cycles = usize::from(SMALL.h_total()) * usize::from(SMALL.v_total());
        // Two frames: the second starts from the state the first left.
        for cycle in 0..2 * cycles {
            settle(&mut timing).unwrap();
            let (x, y) = (timing.x.val().index(), timing.y.val().index());
            s.x.next = timing.x.val();
            s.y.next = timing.y.val();
            s.line_end.next = timing.line_end.val();
            s.vblank.next = timing.vblank.val();
            settle(&mut s).unwrap();
            let on = (left..left + side).contains(&x) && (top..top + side).contains(&y);
            assert_eq!(
                s.on_picture.val(),
                on,
                "×{scale}, cycle {cycle}, ({x}, {y})"
            );
            if on {
                let pixel = address(
                    (x - left) / usize::from(scale),
                    (y - top) / usize::from(scale),
                );
                assert_eq!(
                    s.address.val().index(),
                    pixel,
                    "×{scale}, cycle {cycle}, ({x}, {y})"
                );
            }
            tick(&mut timing, |t| &mut t.clock).unwrap();
            tick(&mut s, |s| &mut s.clock).unwrap();
        }
    }
}

#[test]
fn the_dvi_stage_sends_the_colours_and_syncs_it_is_given_a_cycle_later() {
    let mut d = connected::<DviEncode>();
    let mut rng = Rng::new(5);
    for cycle in 0..4000 {
        let de = rng.chance(80);
        let colours = [rng.byte(), rng.byte(), rng.byte()];
        let (hsync, vsync) = (rng.chance(50), rng.chance(50));
        d.red.next = u64::from(colours[0]).into();
        d.green.next = u64::from(colours[1]).into();
        d.blue.next = u64::from(colours[2]).into();
        d.de.next = de;
        d.hsync.next = hsync;
        d.vsync.next = vsync;
        settle(&mut d).unwrap();
        tick(&mut d, |d| &mut d.clock).unwrap();
        settle(&mut d).unwrap();
        let got = receive(
            d.red_symbol.val().index() as u16,
            d.green_symbol.val().index() as u16,
            d.blue_symbol.val().index() as u16,
        )
        .unwrap_or_else(|e| panic!("cycle {cycle}: {e}"));
        let sent = match de {
            true => Received::Pixel(colours),
            false => Received::Blanking { hsync, vsync },
        };
        assert_eq!(got, sent, "cycle {cycle}");
    }
}

#[test]
fn the_vga_levels_are_their_pixel_a_cycle_later() {
    let mut v = connected::<VgaLevels>();
    let mut rng = Rng::new(6);
    for cycle in 0..1000 {
        let given = [rng.byte(), rng.byte(), rng.byte()];
        let (hsync, vsync) = (rng.chance(50), rng.chance(50));
        v.red.next = u64::from(given[0]).into();
        v.green.next = u64::from(given[1]).into();
        v.blue.next = u64::from(given[2]).into();
        v.hsync.next = hsync;
        v.vsync.next = vsync;
        settle(&mut v).unwrap();
        tick(&mut v, |v| &mut v.clock).unwrap();
        settle(&mut v).unwrap();
        let got = [v.vga_red.val(), v.vga_green.val(), v.vga_blue.val()].map(|l| l.index() as u8);
        assert_eq!(
            (got, v.vga_hsync.val(), v.vga_vsync.val()),
            (given, hsync, vsync),
            "cycle {cycle}"
        );
    }
}
