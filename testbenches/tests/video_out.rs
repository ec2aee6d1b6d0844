//! The picture's whole way out, across the two clocks: a run's final memory read by
//! `FrameCopy` in the GPU clock, written and drawn by `VideoOut` in the pixel clock, and seen
//! by a simulated monitor (`gpu16_testbenches::dvi::Monitor`) as the picture the run left —
//! for every picture example, in a small video mode.

use gpu16_hdl::sim::{connect, connected, settle, tick};
use gpu16_hdl::video::{FrameCopy, VideoMode, VideoOut};
use gpu16_sim::image::picture;
use gpu16_testbenches::dvi::{receive, Monitor};
use gpu16_testbenches::examples;
use gpu16_testbenches::two_clocks::{answer_reads, two_clocks, Edge};

/// The picture at ×2 with a short blanking around it (a frame is ~20,000 pixel cycles).
const SMALL: VideoMode = VideoMode {
    h_visible: 132,
    h_front: 2,
    h_sync: 4,
    h_back: 2,
    v_visible: 130,
    v_front: 2,
    v_sync: 2,
    v_back: 10,
    sync_high: false,
};

/// The pictures the monitor shows after `sm` is a run's final memory, with a GPU cycle
/// every `gpu` time units and a pixel cycle every `pixel`.
fn shown(sm: &[u8], gpu: u64, pixel: u64) -> Vec<u8> {
    let mut copy: FrameCopy = connected();
    let mut out = connect(VideoOut::new(SMALL, 2));
    let mut monitor = Monitor::new(true);
    let mut read_row: Option<usize> = None;
    let frame = u64::from(SMALL.h_total()) * u64::from(SMALL.v_total()) * pixel;
    // The run ends at once; the copy takes three frames' blankings (about 90 rows in each),
    // then a whole frame is seen.
    two_clocks(7 * frame, gpu, pixel, |edge| match edge {
        Edge::Gpu => {
            copy.done.next = true;
            copy.port_free.next = true;
            answer_reads(&mut copy, sm, read_row);
            copy.taken.next = out.taken.val();
            settle(&mut copy).unwrap();
            read_row = copy.sm_en.val().then(|| copy.sm_row.val().index());
            tick(&mut copy, |c| &mut c.clock).unwrap();
        }
        Edge::Pixel => {
            for (j, byte) in out.row_data.iter_mut().enumerate() {
                byte.next = copy.row_data[j].val();
            }
            out.row_index.next = copy.row_index.val();
            out.offer.next = copy.offer.val();
            settle(&mut out).unwrap();
            let symbols = [&out.red, &out.green, &out.blue].map(|s| s.val().index() as u16);
            monitor.see(receive(symbols[0], symbols[1], symbols[2]).unwrap());
            tick(&mut out, |o| &mut o.clock).unwrap();
        }
    });
    monitor.picture(2).unwrap()
}

#[test]
fn every_picture_example_reaches_the_monitor() {
    let mut seen = 0;
    for ex in examples() {
        let Some(png) = ex.expected_picture() else {
            continue;
        };
        // GPU clock faster than the pixel clock, as on the boards (40-54 MHz against 25).
        let shown = shown(&ex.expected[..], 1, 2);
        assert!(
            shown[..] == ex.expected[..],
            "{}: the monitor's picture",
            ex.name
        );
        let bytes: [u8; 4096] = shown.try_into().unwrap();
        assert!(picture::png(&bytes).unwrap() == png, "{}: its PNG", ex.name);
        seen += 1;
    }
    assert!(seen >= 3);
}
