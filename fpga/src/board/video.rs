//! The video output's board half: the PLL that makes the bit and pixel clocks, and the
//! serialisers and output buffers that put the design's TMDS symbols on the connector's
//! pins (docs/BOARD.md, "The picture on a monitor").
//!
//! | family | bit clock (5× the pixel clock) | pixel clock | 10:1 serialiser | pin |
//! |---|---|---|---|---|
//! | ECP5 | `EHXPLLL` `CLKOP`, 125 MHz from 25 | `CLKOS`, 25 MHz | [`Gearbox`] (fabric, 10:2) and `ODDRX1F` | `LVCMOS33D` (the pair from its p pin) |
//! | Gowin GW2A | `rPLL`, 126 MHz from 27 | `CLKDIV` ÷5, 25.2 MHz | `OSER10` | `TLVDS_OBUF` (p and n pins; apicula refuses the emulated `ELVDS_OBUF` on these true-LVDS pins) |
//! | Gowin GW5A (PMOD DVI) | `PLLA` `CLKOUT0`, 125 MHz from 50 | `CLKOUT1`, 25 MHz | `OSER10` | `TLVDS_OBUF`, as on the GW2A |
//!
//! Verilog text, as the pin wrapper is ([`super::Board::pin_wrapper`]): the PLL, the
//! serialisers and the buffers are vendor primitives rust-hdl cannot instantiate. The one
//! piece of logic, the ECP5's gearbox, is a rust-hdl block emitted beside the design.

use super::pll::{Pll, PllError};
use super::Board;
use crate::emit;
use crate::synth::Family;
use crate::tools::ToolError;
use gpu16_hdl::video::gearbox::CLOCK_WORD;
use gpu16_hdl::video::Gearbox;
use rust_hdl::prelude::Block;
use std::fmt::Write;

/// The video PLL's module, and the ECP5 gearbox's.
pub const VIDEO_PLL: &str = "gpu16_video_pll";
pub const GEARBOX: &str = "gpu16_gearbox";
/// The video PLL's instance in the pin wrapper.
const VIDEO_PLL_INSTANCE: &str = "video_pll";

/// The lanes' order on the serialisers: blue, green, red (the design's `tmds_*` outputs),
/// then the TMDS clock.
const LANES: [&str; 3] = ["tmds_blue", "tmds_green", "tmds_red"];

/// Whether `board` has a video connector gpu16 drives.
pub fn has_video(board: Board) -> bool {
    bit_clock_hz(board).is_some()
}

/// The bit clock (10 bits per pixel, two a cycle on ECP5, so 5× the pixel clock) `board`'s
/// video PLL makes; `None` for a board with no video connector.
pub fn bit_clock_hz(board: Board) -> Option<u32> {
    match board {
        Board::TangPrimer25k => None,
        // 27 MHz × 14 / 3: a pixel clock of 25.2 MHz.
        Board::TangNano20k => Some(126_000_000),
        _ => Some(125_000_000),
    }
}

/// The video's clocks that nextpnr is told of, as (the output pin that drives each, MHz): on
/// the Gowin boards the bit and pixel clocks, as nextpnr-himbaechel derives no frequency for
/// the outputs of a PLL or a `CLKDIV` and would hold them to the GPU's; none on the ECP5, whose
/// nextpnr derives both from the `EHXPLLL`'s dividers.
pub fn generated_clocks(board: Board) -> Result<Vec<(String, f64)>, ToolError> {
    let pll = video_pll(board).map_err(|e| ToolError::Unexpected(e.to_string()))?;
    let (Family::Gowin, Some(pll), Some(hz)) = (board.family(), pll, bit_clock_hz(board)) else {
        return Ok(Vec::new());
    };
    let bit_mhz = f64::from(hz) / 1e6;
    let [bit, pixel] = pll.video_clock_pins();
    Ok(vec![
        (format!("{VIDEO_PLL_INSTANCE}.{bit}"), bit_mhz),
        (format!("{VIDEO_PLL_INSTANCE}.{pixel}"), bit_mhz / 5.0),
    ])
}

/// The video PLL's dividers for `board`: the family's PLL, on the GW5A a `PLLA` (which
/// clocks no design there, [`Board::pll_kind`]).
pub fn video_pll(board: Board) -> Result<Option<Pll>, PllError> {
    let Some(hz) = bit_clock_hz(board) else {
        return Ok(None);
    };
    Pll::for_clock(
        board.device().pll_kind(),
        board.oscillator_hz(),
        u64::from(hz),
    )
    .map(Some)
}

/// The files the pin wrapper's video needs besides the design: the video PLL and, on ECP5,
/// the gearbox.
pub fn sources(board: Board) -> Result<Vec<(&'static str, String)>, ToolError> {
    let Some(pll) = video_pll(board).map_err(|e| ToolError::Unexpected(e.to_string()))? else {
        return Ok(Vec::new());
    };
    let mut files = vec![("video_pll.v", pll.video_verilog(VIDEO_PLL))];
    if board.family() == Family::Ecp5 {
        let mut gearbox = Gearbox::default();
        gearbox.connect_all();
        files.push(("gearbox.v", emit::verilog(&gearbox, GEARBOX)?));
    }
    Ok(files)
}

/// The wrapper's ports for the video connector (after the others in its header).
pub fn pins(board: Board) -> &'static str {
    match board.family() {
        _ if !has_video(board) => "",
        Family::Ecp5 => ", output [3:0] gpdi_dp",
        _ => ", output tmds_clk_p, output tmds_clk_n, output [2:0] tmds_d_p, output [2:0] tmds_d_n",
    }
}

/// The inner design's video ports for a board without a video connector: the pixel clock
/// held still, nothing connected (the classroom boards' wrapper uses it too).
pub const NO_VIDEO_PORTS: &str = ".pixel_clock(1'b0), .tmds_blue(), .tmds_green(), \
     .tmds_red(), .vga_red(), .vga_green(), .vga_blue(), .vga_hsync(), .vga_vsync()";

/// The inner design's video ports, as wired in the wrapper (the VGA levels are for the
/// classroom boards' connectors: unconnected here, and removed by synthesis).
pub fn inner_ports(board: Board) -> String {
    if has_video(board) {
        ", .pixel_clock(pixel_clock), .tmds_blue(tmds_blue), .tmds_green(tmds_green), \
         .tmds_red(tmds_red), .vga_red(), .vga_green(), .vga_blue(), .vga_hsync(), .vga_vsync()"
            .to_string()
    } else {
        format!(", {NO_VIDEO_PORTS}")
    }
}

/// The wrapper's video lines: the PLL from `oscillator`, the serialisers, the buffers.
pub fn wrapper_lines(board: Board, oscillator: &str) -> String {
    let mut v = String::new();
    if !has_video(board) {
        return v;
    }
    writeln!(
        v,
        "  // Video: the PLL, then 10:1 serialisers onto the pins."
    )
    .unwrap();
    writeln!(v, "  wire bit_clock, pixel_clock;").unwrap();
    writeln!(v, "  wire [9:0] tmds_blue, tmds_green, tmds_red;").unwrap();
    writeln!(
        v,
        "  {VIDEO_PLL} {VIDEO_PLL_INSTANCE}(.clkin({oscillator}), .bit_clock(bit_clock), \
         .pixel_clock(pixel_clock));"
    )
    .unwrap();
    match board.family() {
        Family::Ecp5 => {
            writeln!(v, "  wire [7:0] pairs;").unwrap();
            writeln!(
                v,
                "  {GEARBOX} gearbox(.pixel_clock(pixel_clock), .bit_clock(bit_clock), \
                 .blue(tmds_blue), .green(tmds_green), .red(tmds_red), .pairs(pairs));"
            )
            .unwrap();
            for lane in 0..4 {
                writeln!(
                    v,
                    "  ODDRX1F lane{lane}(.SCLK(bit_clock), .RST(1'b0), .D0(pairs[{}]), \
                     .D1(pairs[{}]), .Q(gpdi_dp[{lane}]));",
                    2 * lane,
                    2 * lane + 1
                )
                .unwrap();
            }
        }
        _ => {
            writeln!(v, "  wire [3:0] lane;").unwrap();
            for k in 0..4 {
                let bit = |i: usize| match LANES.get(k) {
                    Some(lane) => format!(".D{i}({lane}[{i}])"),
                    None => format!(".D{i}(1'b{})", (CLOCK_WORD >> i) & 1),
                };
                let bits: Vec<String> = (0..10).map(bit).collect();
                writeln!(
                    v,
                    "  OSER10 #(.GSREN(\"false\"), .LSREN(\"true\")) serialise{k}(\
                     .PCLK(pixel_clock), .FCLK(bit_clock), .RESET(1'b0), {}, .Q(lane[{k}]));",
                    bits.join(", ")
                )
                .unwrap();
            }
            for k in 0..3 {
                writeln!(
                    v,
                    "  TLVDS_OBUF pins{k}(.I(lane[{k}]), .O(tmds_d_p[{k}]), .OB(tmds_d_n[{k}]));"
                )
                .unwrap();
            }
            writeln!(
                v,
                "  TLVDS_OBUF pins3(.I(lane[3]), .O(tmds_clk_p), .OB(tmds_clk_n));"
            )
            .unwrap();
        }
    }
    v
}
