//! The picture on the simulated board's monitor: a picture example run through the host's
//! code (`gpu16 run --engine board`) on the simulated board with its video running, the TMDS
//! symbols its board top sends decoded by a simulated monitor
//! (`gpu16_sim::dvi::Monitor`), is the picture the example leaves in shared memory
//! (its expected memory, which every engine's run is checked against). The copy reads shared
//! memory only while the port is free, so the host's own read-back of it still matches.
//! One example: each costs two frames (1.7 million clock cycles) of the whole board in
//! Verilator, and tests/video_out.rs shows every picture through the same video blocks.

use gpu16_hdl::board::top::{VIDEO_MODE, VIDEO_SCALE};
use gpu16_host::{self as host, Link, ReadBack, Timing};
use gpu16_sim::dvi::{receive, Monitor};
use gpu16_sim::run::RunConfig;
use gpu16_testbenches::{examples, scratch, simulated_board};
use std::time::{Duration, Instant};

/// The example shown.
const EXAMPLE: &str = "rings";

/// How long the simulated board may take to fall idle and write its video after a run.
const VIDEO_WAIT: Duration = Duration::from_secs(300);

/// The picture a monitor sees in the symbols the simulated board wrote to `video`.
fn seen(video: &std::path::Path) -> Vec<u8> {
    let bytes = std::fs::read(video).unwrap();
    let mut monitor = Monitor::new(!VIDEO_MODE.sync_high);
    for w in bytes.chunks_exact(4) {
        let w = u32::from_le_bytes(w.try_into().unwrap());
        let symbol = |shift: u32| ((w >> shift) & 0x3ff) as u16;
        monitor.see(receive(symbol(20), symbol(10), symbol(0)).unwrap());
    }
    monitor.picture(usize::from(VIDEO_SCALE)).unwrap()
}

#[test]
fn the_simulated_boards_monitor_shows_the_picture_a_run_leaves() {
    let board = simulated_board::board_sim();
    let design = simulated_board::design();
    let dir = scratch!("board_video");
    let video = dir.join("video.bin");
    let board = board.start_with(None, Some(&video)).unwrap();
    let ex = examples().into_iter().find(|e| e.name == EXAMPLE).unwrap();
    assert!(
        ex.expected_picture().is_some(),
        "{EXAMPLE} paints a picture"
    );
    let mut link = Link::open(&board.port, 115_200).unwrap();
    link.set_timing(Timing::SIMULATED);
    let read = ReadBack {
        sm: true,
        regs: false,
        counters: false,
    };
    let result = host::run(
        &mut link,
        &ex.frames,
        &ex.init,
        RunConfig::limit(1_000_000),
        read,
        Some(design),
        &mut |_| {},
    )
    .unwrap_or_else(|e| panic!("{EXAMPLE}: {e}"));
    assert!(result.sm == ex.expected, "{EXAMPLE}: the memory read back");
    let start = Instant::now();
    while !video.exists() {
        assert!(start.elapsed() < VIDEO_WAIT, "{EXAMPLE}: no video written");
        std::thread::sleep(Duration::from_millis(200));
    }
    let picture = seen(&video);
    assert!(
        picture[..] == ex.expected[..],
        "{EXAMPLE}: the monitor's picture differs from the run's memory"
    );
}
