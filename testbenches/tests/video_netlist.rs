//! The video path as yosys builds it for an ECP5, for the Gowin GW2A and GW5A, and for the
//! classroom boards' Xilinx 7 series and Cyclone V — the copy (`FrameCopy`, the GPU clock)
//! and the video output (`VideoOut`: the frame memory's writer, the frame memory in block
//! RAM, the timing, the TMDS encoders and the VGA levels, the pixel clock) — each replayed
//! cycle for cycle on every port in Icarus against rust-hdl, from power-up, while a random
//! picture is copied and drawn. The blocks are emitted in the simulated mode
//! (`gpu16_hdl::video_driver::SIMULATED_MODE`): the boards' 640×480 differs only in the
//! timing's constants, and two of its frames would be 840,000 cycles.

use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::emit;
use gpu16_fpga::netlist::gate_level;
use gpu16_fpga::synth::Target;
use gpu16_hdl::video::{FrameCopy, VideoOut};
use gpu16_hdl::video_driver::{
    play, symbols, RunEnd, Settled, SIMULATED_FRAMES, SIMULATED_MODE, SIMULATED_SCALE,
};
use gpu16_sim::dvi::{receive, Monitor};
use gpu16_testbenches::rng::Rng;
use gpu16_testbenches::scratch;
use rust_hdl::prelude::Block;
use std::sync::OnceLock;

/// The copy's and the video output's recordings while a random picture is shown for two
/// frames at one rate (a GPU cycle for every pixel cycle), made once; checks the monitor sees
/// it.
fn recordings() -> &'static (Recording, Recording) {
    static RECORDINGS: OnceLock<(Recording, Recording)> = OnceLock::new();
    RECORDINGS.get_or_init(record)
}

fn record() -> (Recording, Recording) {
    let mut rng = Rng::new(54);
    let sm: Vec<u8> = (0..4096).map(|_| rng.byte()).collect();
    let (mut copy, mut out) = (Recording::default(), Recording::default());
    let mut monitor = Monitor::new(!SIMULATED_MODE.sync_high);
    play(
        &[RunEnd { at: 0, sm: &sm }],
        SIMULATED_MODE,
        SIMULATED_SCALE,
        (1, 1),
        SIMULATED_FRAMES,
        &mut |block| match block {
            Settled::Copy(c) => copy.sample(c),
            Settled::Out(o) => {
                let [r, g, b] = symbols(o);
                monitor.see(receive(r, g, b).unwrap());
                out.sample(o);
            }
        },
    )
    .unwrap();
    let shown = monitor.picture(usize::from(SIMULATED_SCALE)).unwrap();
    assert!(shown == sm, "the recorded run shows the picture");
    (copy, out)
}

/// `block`'s Verilog as `top`.
fn verilog<B: Block>(mut block: B, top: &str) -> String {
    block.connect_all();
    emit::verilog(&block, top).unwrap()
}

/// Both blocks as yosys builds them for `target`, each replaying its recording.
fn replays(target: Target) {
    let (copy, out) = recordings();
    let blocks: [(&str, String, &Recording); 2] = [
        (
            "gpu16_frame_copy",
            verilog(FrameCopy::default(), "gpu16_frame_copy"),
            copy,
        ),
        (
            "gpu16_video_out",
            verilog(
                VideoOut::new(SIMULATED_MODE, SIMULATED_SCALE),
                "gpu16_video_out",
            ),
            out,
        ),
    ];
    for (top, v, rec) in blocks {
        let dir = scratch!(&format!("{top}_{}", target.name()));
        let netlist = gate_level(&v, top, target, &dir).unwrap();
        rec.run(&netlist, top, Simulator::Icarus, &dir)
            .unwrap_or_else(|e| panic!("{top} for {}: {e}", target.name()));
    }
}

#[test]
fn video_netlist_for_ecp5_matches_rust_hdl_in_icarus() {
    replays(Target::Ecp5_25f);
}

#[test]
fn video_netlist_for_gowin_gw2a_matches_rust_hdl_in_icarus() {
    replays(Target::Gw2a18);
}

#[test]
fn video_netlist_for_gowin_gw5a_matches_rust_hdl_in_icarus() {
    replays(Target::Gw5a25);
}

/// The frame memory in a `RAMB36E1` (our model).
#[test]
fn video_netlist_for_xilinx_7_series_matches_rust_hdl_in_icarus() {
    replays(Target::Xc7a35t);
}

/// The frame memory in `MISTRAL_M10K`s (our model).
#[test]
fn video_netlist_for_cyclone_v_matches_rust_hdl_in_icarus() {
    replays(Target::Cyclone5);
}
