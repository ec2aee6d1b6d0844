//! Dev boards: what each one is (device, package, pins, clock, how openFPGALoader names it),
//! the designs that go on them, and the pin wrapper that gives a design the board's pin names.

pub mod build;
pub mod design;
pub mod fingerprint;
pub mod flash;
pub mod pll;
pub mod sim;
pub mod video;

use crate::synth::{Constraints, Family, Target};
use gpu16_sim::frame::CORES;
use std::fmt::Write;

/// The design clock's PLL's instance in the pin wrapper ([`Board::pin_wrapper`]).
const PLL_INSTANCE: &str = "pll";

/// The boards `gpu16 build` and `gpu16 flash` know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    Ulx3s12f,
    Ulx3s25f,
    Ulx3s45f,
    Ulx3s85f,
    ColorlightI5,
    ColorlightI9,
    /// Sipeed Tang Nano 20K.
    TangNano20k,
    /// Sipeed Tang Primer 25K on its dock.
    TangPrimer25k,
    /// The Tang Primer 25K with Sipeed's PMOD DVI module in the dock's slot 0.
    TangPrimer25kDvi,
}

/// The FPGAs the boards carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Device {
    Lfe5u12f,
    Lfe5u25f,
    Lfe5u45f,
    Lfe5u85f,
    /// GW2AR-LV18QN88C8/I7.
    Gw2ar18,
    /// GW5A-LV25MG121NES.
    Gw5a25,
}

impl Device {
    /// The target nextpnr places the device as. The 12F is a 25F die that reports another ID:
    /// it is placed and routed as a 25F and packed with its own ID ([`Device::idcode`]).
    pub fn target(self) -> Target {
        match self {
            Device::Lfe5u12f | Device::Lfe5u25f => Target::Ecp5_25f,
            Device::Lfe5u45f => Target::Ecp5_45f,
            Device::Lfe5u85f => Target::Ecp5_85f,
            Device::Gw2ar18 => Target::Gw2a18,
            Device::Gw5a25 => Target::Gw5a25,
        }
    }

    /// The JTAG ID `ecppack --idcode` must write, where it differs from the die nextpnr
    /// placed for.
    pub fn idcode(self) -> Option<&'static str> {
        match self {
            Device::Lfe5u12f => Some("0x21111043"),
            _ => None,
        }
    }

    /// The device's PLL.
    pub fn pll_kind(self) -> pll::PllKind {
        match self {
            Device::Gw5a25 => pll::PllKind::Gw5a,
            Device::Gw2ar18 => pll::PllKind::Gw2a,
            _ => pll::PllKind::Ecp5,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Device::Lfe5u12f => "LFE5U-12F",
            Device::Lfe5u25f => "LFE5U-25F",
            Device::Lfe5u45f => "LFE5U-45F",
            Device::Lfe5u85f => "LFE5U-85F",
            Device::Gw2ar18 => "GW2AR-LV18QN88C8/I7",
            Device::Gw5a25 => "GW5A-LV25MG121NES",
        }
    }
}

impl Board {
    pub const ALL: [Board; 9] = [
        Board::Ulx3s12f,
        Board::Ulx3s25f,
        Board::Ulx3s45f,
        Board::Ulx3s85f,
        Board::ColorlightI5,
        Board::ColorlightI9,
        Board::TangNano20k,
        Board::TangPrimer25k,
        Board::TangPrimer25kDvi,
    ];

    /// The `--board` name.
    pub fn name(self) -> &'static str {
        match self {
            Board::Ulx3s12f => "ulx3s-12f",
            Board::Ulx3s25f => "ulx3s-25f",
            Board::Ulx3s45f => "ulx3s-45f",
            Board::Ulx3s85f => "ulx3s-85f",
            Board::ColorlightI5 => "colorlight-i5",
            Board::ColorlightI9 => "colorlight-i9",
            Board::TangNano20k => "tangnano20k",
            Board::TangPrimer25k => "tangprimer25k",
            Board::TangPrimer25kDvi => "tangprimer25k-dvi",
        }
    }

    /// The board named `name`.
    pub fn from_name(name: &str) -> Option<Board> {
        Board::ALL.into_iter().find(|b| b.name() == name)
    }

    pub fn device(self) -> Device {
        match self {
            Board::Ulx3s12f => Device::Lfe5u12f,
            Board::Ulx3s25f | Board::ColorlightI5 => Device::Lfe5u25f,
            Board::Ulx3s45f | Board::ColorlightI9 => Device::Lfe5u45f,
            Board::Ulx3s85f => Device::Lfe5u85f,
            Board::TangNano20k => Device::Gw2ar18,
            Board::TangPrimer25k | Board::TangPrimer25kDvi => Device::Gw5a25,
        }
    }

    pub fn family(self) -> Family {
        self.device().target().family()
    }

    /// The board's oscillator, which the PLL takes.
    pub fn oscillator_hz(self) -> u32 {
        match self {
            Board::TangNano20k => 27_000_000,
            Board::TangPrimer25k | Board::TangPrimer25kDvi => 50_000_000,
            _ => 25_000_000,
        }
    }

    /// The PLL that makes the design's clock from the oscillator, if gpu16 has one for the
    /// board's FPGA (none for the Tang Primer 25K's GW5A: the open tools give it no clock
    /// gate to hold the design until the lock, docs/BOARD.md).
    pub fn pll_kind(self) -> Option<pll::PllKind> {
        match self.device() {
            Device::Gw5a25 => None,
            device => Some(device.pll_kind()),
        }
    }

    /// N, the cores of the GPU `gpu16 build` puts on this board by default: the most that
    /// fit with the bridge and the video, route, and meet the board's clock, as measured
    /// (docs/BOARD.md).
    pub fn default_cores(self) -> usize {
        match self {
            // 12 cores with the video place, but nextpnr's router had not finished them after
            // 70 minutes, nor 11 after two hours; 10 route in 20 minutes (BOARD.md).
            Board::TangNano20k => 10,
            Board::TangPrimer25k => 8,
            // With the video on, nextpnr finds no legal placement at 8 cores (BOARD.md).
            Board::TangPrimer25kDvi => 7,
            _ => CORES,
        }
    }

    /// The bitstream's file name in the build folder.
    pub fn bitstream_file(self) -> String {
        match self.family() {
            Family::Gowin => format!("gpu16_{}.fs", self.name()),
            _ => format!("gpu16_{}.bit", self.name()),
        }
    }

    /// The clock `gpu16 build` makes for the GPU by default: one the routed design meets on
    /// this board's device with margin (docs/BOARD.md, *Clocks*).
    ///
    /// The Tang Primer 25K runs from its 50 MHz oscillator: gpu16 clocks no design from the
    /// GW5A's PLL ([`Board::pll_kind`]).
    pub fn default_clock_hz(self, design: design::Design) -> u32 {
        match (design, self.device()) {
            (design::Design::UartEcho, _) | (_, Device::Gw5a25) => self.oscillator_hz(),
            (design::Design::Gpu, Device::Lfe5u12f | Device::Lfe5u25f) => 55_000_000,
            (design::Design::Gpu, Device::Lfe5u45f | Device::Lfe5u85f) => 60_000_000,
            (design::Design::Gpu, Device::Gw2ar18) => 54_000_000,
        }
    }

    /// The constraints (compiled in, so the binary builds from anywhere): LPF for the ECP5
    /// boards, CST for the Gowin ones.
    pub fn constraints(self) -> Constraints<'static> {
        let text = match self {
            Board::Ulx3s12f | Board::Ulx3s25f | Board::Ulx3s45f | Board::Ulx3s85f => {
                include_str!("../../../constraints/ulx3s.lpf")
            }
            Board::ColorlightI5 => include_str!("../../../constraints/colorlight-i5.lpf"),
            Board::ColorlightI9 => include_str!("../../../constraints/colorlight-i9.lpf"),
            Board::TangNano20k => include_str!("../../../constraints/tangnano20k.cst"),
            Board::TangPrimer25k => include_str!("../../../constraints/tangprimer25k.cst"),
            Board::TangPrimer25kDvi => concat!(
                include_str!("../../../constraints/tangprimer25k.cst"),
                include_str!("../../../constraints/tangprimer25k-pmod-dvi.cst")
            ),
        };
        Constraints { text }
    }

    /// openFPGALoader's `-b` name (`openFPGALoader --list-boards`).
    pub fn loader_name(self) -> &'static str {
        match self {
            Board::Ulx3s12f | Board::Ulx3s25f | Board::Ulx3s45f | Board::Ulx3s85f => "ulx3s",
            Board::ColorlightI5 => "colorlight-i5",
            Board::ColorlightI9 => "colorlight-i9",
            Board::TangNano20k => "tangnano20k",
            Board::TangPrimer25k | Board::TangPrimer25kDvi => "tangprimer25k",
        }
    }

    /// The Verilog top `gpu16 build` hands to yosys: the board's pins, named as in its LPF,
    /// around the design's module `inner` (ports `clock`, `uart_rx`, `uart_tx`, `leds`,
    /// `led_summary`, and the video's `pixel_clock` and `tmds_*`). The design's clock is the
    /// oscillator, or with `pll` the clock of the module `pll` (ports `clkin`, `clkout`,
    /// `locked`: [`pll::Pll::verilog`]), whose clock gate passes no edge before the PLL has
    /// locked: the design starts from its power-up state on a steady clock. On a board with
    /// a video connector the video PLL, serialisers and buffers ([`video`]) drive its pins.
    ///
    /// Written as Verilog text, not a rust-hdl block, on purpose: it holds no logic (an
    /// inversion at most), its ports are the names each board's constraint file gives its
    /// pins (a rust-hdl block's ports are its field names: a struct per board), and it
    /// instantiates the PLL, a vendor primitive rust-hdl cannot express. Every board's wrapper
    /// goes through yosys, nextpnr and the packer in `tests/board.rs`.
    pub fn pin_wrapper(self, inner: &str, pll: Option<&str>) -> String {
        let mut v = String::new();
        let top = self.wrapper_top();
        writeln!(
            v,
            "// {}: the board's pins around {inner} (gpu16 build).",
            self.name()
        )
        .unwrap();
        let (oscillator, header) = match self {
            Board::Ulx3s12f | Board::Ulx3s25f | Board::Ulx3s45f | Board::Ulx3s85f => (
                "clk_25mhz",
                "input clk_25mhz, input ftdi_txd, output ftdi_rxd, output [7:0] led, \
                 output wifi_gpio0",
            ),
            Board::ColorlightI5 | Board::ColorlightI9 => (
                "clk25",
                "input clk25, input uart_rx, output uart_tx, output led_n",
            ),
            Board::TangNano20k => (
                "clk",
                "input clk, input uart_rx, output uart_tx, output [5:0] led_n",
            ),
            Board::TangPrimer25k | Board::TangPrimer25kDvi => {
                ("clk", "input clk, input uart_rx, output uart_tx")
            }
        };
        writeln!(v, "module {top}({header}{});", video::pins(self)).unwrap();
        let clock = match pll {
            None => oscillator,
            Some(pll) => {
                writeln!(v, "  wire clock, locked;").unwrap();
                writeln!(
                    v,
                    "  {pll} {PLL_INSTANCE}(.clkin({oscillator}), .clkout(clock), .locked(locked));"
                )
                .unwrap();
                "clock"
            }
        };
        v.push_str(&video::wrapper_lines(self, oscillator));
        let video = video::inner_ports(self);
        match self {
            Board::Ulx3s12f | Board::Ulx3s25f | Board::Ulx3s45f | Board::Ulx3s85f => {
                writeln!(v, "  assign wifi_gpio0 = 1'b1;").unwrap();
                writeln!(
                    v,
                    "  {inner} inner(.clock({clock}), .uart_rx(ftdi_txd), \
                     .uart_tx(ftdi_rxd), .leds(led), .led_summary(){video});"
                )
                .unwrap();
            }
            Board::ColorlightI5 | Board::ColorlightI9 => {
                writeln!(v, "  wire summary;").unwrap();
                writeln!(v, "  assign led_n = ~summary;").unwrap();
                writeln!(
                    v,
                    "  {inner} inner(.clock({clock}), .uart_rx(uart_rx), .uart_tx(uart_tx), \
                     .leds(), .led_summary(summary){video});"
                )
                .unwrap();
            }
            Board::TangNano20k => {
                writeln!(v, "  wire [7:0] leds;").unwrap();
                writeln!(v, "  assign led_n = ~leds[5:0];").unwrap();
                writeln!(
                    v,
                    "  {inner} inner(.clock({clock}), .uart_rx(uart_rx), .uart_tx(uart_tx), \
                     .leds(leds), .led_summary(){video});"
                )
                .unwrap();
            }
            Board::TangPrimer25k | Board::TangPrimer25kDvi => {
                writeln!(
                    v,
                    "  {inner} inner(.clock({clock}), .uart_rx(uart_rx), .uart_tx(uart_tx), \
                     .leds(), .led_summary(){video});"
                )
                .unwrap();
            }
        }
        writeln!(v, "endmodule").unwrap();
        v
    }

    /// The pin wrapper's module name.
    pub fn wrapper_top(self) -> &'static str {
        "gpu16_board"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pin_of_the_wrapper_is_constrained_and_every_constraint_is_a_pin() {
        for board in Board::ALL {
            let wrapper = board.pin_wrapper("inner", None);
            let header = wrapper.lines().nth(1).unwrap();
            let lpf = board.constraints().text;
            let sites = lpf
                .lines()
                .filter(|l| l.starts_with("LOCATE COMP") || l.starts_with("IO_LOC"));
            for line in sites {
                let port = line.split('"').nth(1).unwrap();
                let base = port.split('[').next().unwrap();
                assert!(
                    header.contains(base),
                    "{}: {port} is not a pin",
                    board.name()
                );
            }
            let list = &header[header.find('(').unwrap() + 1..header.rfind(')').unwrap()];
            let pins = list.split(',').filter_map(|p| p.split_whitespace().last());
            for pin in pins {
                assert!(
                    lpf.contains(&format!("\"{pin}")),
                    "{}: pin {pin} has no site",
                    board.name()
                );
            }
        }
    }

    #[test]
    fn board_names_round_trip() {
        for board in Board::ALL {
            assert_eq!(Board::from_name(board.name()), Some(board));
        }
        assert_eq!(Board::from_name("ulx3s"), None);
    }
}
