//! The classroom boards, built by their vendor's tools: Digilent's Artix-7 boards by Vivado,
//! Terasic's DE-series boards by Quartus. Neither tool runs here, so `gpu16 build` writes a
//! complete project for the board (the design's Verilog, the pin wrapper, the constraints
//! and a build script that refuses a bitstream that misses timing, [`project`]), and runs
//! the vendor's tool on it when the tool is on `PATH`.
//!
//! | board | FPGA | tool | clock | UART |
//! |---|---|---|---|---|
//! | Digilent Basys 3 | XC7A35T-1CPG236C | Vivado | W5, 100 MHz, through the `MMCME2` | on-board USB (RsRx B18, RsTx A18) |
//! | Digilent Arty A7-35 | XC7A35TICSG324-1L | Vivado | E3, 100 MHz, through the `MMCME2` | on-board USB (A9 in, D10 out) |
//! | Digilent Arty A7-100 | XC7A100TCSG324-1 | Vivado | E3, 100 MHz, through the `MMCME2` | on-board USB (A9 in, D10 out) |
//! | Digilent Nexys A7-100T | XC7A100TCSG324-1 | Vivado | E3, 100 MHz, through the `MMCME2` | on-board USB (C4 in, D4 out) |
//! | Terasic DE10-Lite | 10M50DAF484C7G (MAX 10) | Quartus | P11, 50 MHz, direct | a 3.3 V USB-serial adapter on GPIO[0] V10 (out), GPIO[1] W10 (in) |
//! | Terasic DE2-115 | EP4CE115F29C7 (Cyclone IV E) | Quartus | Y2, 50 MHz, direct | the RS-232 port (UART_RXD G12 in, UART_TXD G9 out) |
//! | Terasic DE1-SoC | 5CSEMA5F31C6 (Cyclone V SE) | Quartus | AF14, 50 MHz, direct | a 3.3 V USB-serial adapter on GPIO_0[0] AC18 (out), GPIO_0[1] Y17 (in) |
//!
//! The pins are those of Digilent's master XDC files and Terasic's board files. The Intel
//! boards run the design from their 50 MHz oscillator: an `altpll` or `altera_pll` is Intel
//! IP whose simulation models (`altera_mf`, `altera_lnsim`) are not free to install, so its
//! settings could not be checked here.

pub mod project;
pub mod quartus;
pub mod vivado;

use crate::board::pll::{PllError, PllKind};
use crate::board::{design::Design, pll::Pll};
use gpu16_sim::frame::CORES;
use std::fmt::Write;

/// The boards built by a vendor's tools.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VendorBoard {
    Basys3,
    ArtyA7_35,
    ArtyA7_100,
    NexysA7_100,
    De10Lite,
    De2_115,
    De1Soc,
}

/// Whose tools build a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vendor {
    /// AMD Xilinx Vivado: `.xdc` constraints, a Tcl script for `vivado -mode batch`.
    Xilinx,
    /// Intel Quartus Prime: a `.qpf`/`.qsf` project with `.sdc` timing, a Tcl script for
    /// `quartus_sh -t`.
    Intel,
}

/// Which way a pin goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Input,
    Output,
}

/// A port of the pin wrapper, named as in the board's master file, and the package pins it
/// takes: one for a single pin, `n` for a bus `[n-1:0]` (`sites[i]` is bit `i`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Port {
    pub name: &'static str,
    pub direction: Direction,
    pub sites: &'static [&'static str],
    /// What the pin is on the board, for the constraint file's comment.
    pub note: &'static str,
    /// Quartus's I/O standard where the pin's bank is not at 3.3 V, as the maker's file
    /// sets it.
    pub io_standard: Option<&'static str>,
}

impl Port {
    /// The port's declaration in the wrapper's header: `input clk`, `output [7:0] led`.
    fn declaration(&self) -> String {
        let dir = match self.direction {
            Direction::Input => "input",
            Direction::Output => "output",
        };
        match self.sites.len() {
            1 => format!("{dir} {}", self.name),
            n => format!("{dir} [{}:0] {}", n - 1, self.name),
        }
    }

    /// Each pin's name in a constraint (`led[3]`) with its package pin.
    pub fn pins(&self) -> Vec<(String, &'static str)> {
        match self.sites {
            [site] => vec![(self.name.to_string(), *site)],
            sites => sites
                .iter()
                .enumerate()
                .map(|(i, site)| (format!("{}[{i}]", self.name), *site))
                .collect(),
        }
    }
}

/// The board's pins gpu16 uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pins {
    pub clock: Port,
    /// The UART line into the FPGA (the host's transmit).
    pub uart_rx: Port,
    /// The UART line out of the FPGA.
    pub uart_tx: Port,
    /// LEDs 0.. of the design's eight (1 = lit).
    pub leds: Port,
    /// The VGA connector, on the boards that have one.
    pub vga: Option<Vga>,
}

/// A VGA connector: each colour's DAC inputs (bit 0 the least significant, as the master
/// files number them) and the two syncs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vga {
    pub red: Port,
    pub green: Port,
    pub blue: Port,
    pub hsync: Port,
    pub vsync: Port,
    /// The ADV7123 video DAC's clock, blank and sync-on-green inputs (DE2-115, DE1-SoC);
    /// `None` for a resistor ladder, which takes the levels as they are.
    pub dac: Option<VideoDac>,
}

/// The ADV7123's control pins: it latches the colours on `clock`'s rising edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VideoDac {
    pub clock: Port,
    pub blank_n: Port,
    pub sync_n: Port,
}

impl Vga {
    pub fn ports(&self) -> Vec<Port> {
        let mut ports = vec![self.red, self.green, self.blue, self.hsync, self.vsync];
        if let Some(dac) = self.dac {
            ports.extend([dac.clock, dac.blank_n, dac.sync_n]);
        }
        ports
    }
}

impl Pins {
    pub fn ports(&self) -> Vec<Port> {
        let mut ports = vec![self.clock, self.uart_rx, self.uart_tx, self.leds];
        ports.extend(self.vga.iter().flat_map(Vga::ports));
        ports
    }

    /// The output ports whose timing is not the design's concern: the UART's line (the
    /// receiver synchronises its input), the LEDs, and the VGA connector's levels (a
    /// resistor ladder, or a DAC clocked half a pixel after them).
    pub fn untimed_outputs(&self) -> Vec<Port> {
        self.ports()
            .into_iter()
            .filter(|p| p.direction == Direction::Output)
            .collect()
    }
}

const fn input(name: &'static str, site: &'static [&'static str], note: &'static str) -> Port {
    Port {
        name,
        direction: Direction::Input,
        sites: site,
        note,
        io_standard: None,
    }
}

const fn output(name: &'static str, sites: &'static [&'static str], note: &'static str) -> Port {
    Port {
        name,
        direction: Direction::Output,
        sites,
        note,
        io_standard: None,
    }
}

impl VendorBoard {
    pub const ALL: [VendorBoard; 7] = [
        VendorBoard::Basys3,
        VendorBoard::ArtyA7_35,
        VendorBoard::ArtyA7_100,
        VendorBoard::NexysA7_100,
        VendorBoard::De10Lite,
        VendorBoard::De2_115,
        VendorBoard::De1Soc,
    ];

    /// The `--board` name.
    pub fn name(self) -> &'static str {
        match self {
            VendorBoard::Basys3 => "basys3",
            VendorBoard::ArtyA7_35 => "arty-a7-35",
            VendorBoard::ArtyA7_100 => "arty-a7-100",
            VendorBoard::NexysA7_100 => "nexys-a7-100",
            VendorBoard::De10Lite => "de10-lite",
            VendorBoard::De2_115 => "de2-115",
            VendorBoard::De1Soc => "de1-soc",
        }
    }

    /// The board's name as its maker writes it.
    pub fn title(self) -> &'static str {
        match self {
            VendorBoard::Basys3 => "Digilent Basys 3",
            VendorBoard::ArtyA7_35 => "Digilent Arty A7-35",
            VendorBoard::ArtyA7_100 => "Digilent Arty A7-100",
            VendorBoard::NexysA7_100 => "Digilent Nexys A7-100T",
            VendorBoard::De10Lite => "Terasic DE10-Lite",
            VendorBoard::De2_115 => "Terasic DE2-115",
            VendorBoard::De1Soc => "Terasic DE1-SoC",
        }
    }

    pub fn from_name(name: &str) -> Option<VendorBoard> {
        VendorBoard::ALL.into_iter().find(|b| b.name() == name)
    }

    pub fn vendor(self) -> Vendor {
        match self {
            VendorBoard::Basys3
            | VendorBoard::ArtyA7_35
            | VendorBoard::ArtyA7_100
            | VendorBoard::NexysA7_100 => Vendor::Xilinx,
            VendorBoard::De10Lite | VendorBoard::De2_115 | VendorBoard::De1Soc => Vendor::Intel,
        }
    }

    /// The FPGA, as the vendor's tool names the part.
    pub fn part(self) -> &'static str {
        match self {
            VendorBoard::Basys3 => "xc7a35tcpg236-1",
            VendorBoard::ArtyA7_35 => "xc7a35ticsg324-1L",
            VendorBoard::ArtyA7_100 | VendorBoard::NexysA7_100 => "xc7a100tcsg324-1",
            VendorBoard::De10Lite => "10M50DAF484C7G",
            VendorBoard::De2_115 => "EP4CE115F29C7",
            VendorBoard::De1Soc => "5CSEMA5F31C6",
        }
    }

    /// Quartus's `FAMILY` of the part (Intel boards).
    pub fn intel_family(self) -> Option<&'static str> {
        match self {
            VendorBoard::De10Lite => Some("MAX 10"),
            VendorBoard::De2_115 => Some("Cyclone IV E"),
            VendorBoard::De1Soc => Some("Cyclone V"),
            _ => None,
        }
    }

    /// The board's pins, from Digilent's master XDC files and Terasic's board files (the
    /// DE2-115's green LEDs at 2.5 V, as its System Builder sets them).
    pub fn pins(self) -> Pins {
        // Red, green, blue, horizontal and vertical sync: the master file's names and sites.
        fn vga(
            names: [&'static str; 5],
            sites: [&'static [&'static str]; 5],
            dac: Option<VideoDac>,
        ) -> Option<Vga> {
            Some(Vga {
                red: output(names[0], sites[0], "VGA red"),
                green: output(names[1], sites[1], "VGA green"),
                blue: output(names[2], sites[2], "VGA blue"),
                hsync: output(names[3], sites[3], "VGA horizontal sync"),
                vsync: output(names[4], sites[4], "VGA vertical sync"),
                dac,
            })
        }
        // The ADV7123 of the DE2-115 and DE1-SoC: clock, blank and sync-on-green.
        fn adv7123(sites: [&'static [&'static str]; 3]) -> Option<VideoDac> {
            Some(VideoDac {
                clock: output("VGA_CLK", sites[0], "the video DAC's clock"),
                blank_n: output("VGA_BLANK_N", sites[1], "the video DAC's blank (held high)"),
                sync_n: output(
                    "VGA_SYNC_N",
                    sites[2],
                    "the video DAC's sync on green (held low)",
                ),
            })
        }
        const TERASIC_VGA: [&str; 5] = ["VGA_R", "VGA_G", "VGA_B", "VGA_HS", "VGA_VS"];
        const BASYS3_LEDS: &[&str] = &["U16", "E19", "U19", "V19", "W18", "U15", "U14", "V14"];
        const ARTY_LEDS: &[&str] = &["H5", "J5", "T9", "T10"];
        const NEXYS_LEDS: &[&str] = &["H17", "K15", "J13", "N14", "R18", "V17", "U17", "U16"];
        const DE10_LITE_LEDS: &[&str] = &["A8", "A9", "A10", "B10", "D13", "C13", "E14", "D14"];
        const DE1_SOC_LEDS: &[&str] = &["V16", "W16", "V17", "V18", "W17", "W19", "Y19", "W20"];
        const DE2_115_LEDS: &[&str] = &["E21", "E22", "E25", "E24", "H21", "G20", "G22", "G21"];
        match self {
            VendorBoard::Basys3 => Pins {
                clock: input("clk", &["W5"], "100 MHz oscillator"),
                uart_rx: input("RsRx", &["B18"], "USB-UART, host to FPGA"),
                uart_tx: output("RsTx", &["A18"], "USB-UART, FPGA to host"),
                leds: output("led", BASYS3_LEDS, "LD0-LD7"),
                vga: vga(
                    ["vgaRed", "vgaGreen", "vgaBlue", "Hsync", "Vsync"],
                    [
                        &["G19", "H19", "J19", "N19"],
                        &["J17", "H17", "G17", "D17"],
                        &["N18", "L18", "K18", "J18"],
                        &["P19"],
                        &["R19"],
                    ],
                    None,
                ),
            },
            VendorBoard::ArtyA7_35 | VendorBoard::ArtyA7_100 => Pins {
                clock: input("CLK100MHZ", &["E3"], "100 MHz oscillator"),
                uart_rx: input("uart_txd_in", &["A9"], "USB-UART, host to FPGA"),
                uart_tx: output("uart_rxd_out", &["D10"], "USB-UART, FPGA to host"),
                leds: output("led", ARTY_LEDS, "LD4-LD7"),
                vga: None,
            },
            VendorBoard::NexysA7_100 => Pins {
                clock: input("CLK100MHZ", &["E3"], "100 MHz oscillator"),
                uart_rx: input("UART_TXD_IN", &["C4"], "USB-UART, host to FPGA"),
                uart_tx: output("UART_RXD_OUT", &["D4"], "USB-UART, FPGA to host"),
                leds: output("LED", NEXYS_LEDS, "LD0-LD7"),
                vga: vga(
                    ["VGA_R", "VGA_G", "VGA_B", "VGA_HS", "VGA_VS"],
                    [
                        &["A3", "B4", "C5", "A4"],
                        &["C6", "A5", "B6", "A6"],
                        &["B7", "C7", "D7", "D8"],
                        &["B11"],
                        &["B12"],
                    ],
                    None,
                ),
            },
            VendorBoard::De10Lite => Pins {
                clock: input("MAX10_CLK1_50", &["P11"], "50 MHz oscillator"),
                uart_rx: input("uart_rx", &["W10"], "GPIO[1]: the adapter's TX"),
                uart_tx: output("uart_tx", &["V10"], "GPIO[0]: the adapter's RX"),
                leds: output("LEDR", DE10_LITE_LEDS, "LEDR0-LEDR7"),
                vga: vga(
                    TERASIC_VGA,
                    [
                        &["AA1", "V1", "Y2", "Y1"],
                        &["W1", "T2", "R2", "R1"],
                        &["P1", "T1", "P4", "N2"],
                        &["N3"],
                        &["N1"],
                    ],
                    None,
                ),
            },
            VendorBoard::De2_115 => Pins {
                clock: input("CLOCK_50", &["Y2"], "50 MHz oscillator"),
                uart_rx: input("UART_RXD", &["G12"], "RS-232, host to FPGA"),
                uart_tx: output("UART_TXD", &["G9"], "RS-232, FPGA to host"),
                leds: Port {
                    io_standard: Some("2.5 V"),
                    ..output("LEDG", DE2_115_LEDS, "LEDG0-LEDG7")
                },
                vga: vga(
                    TERASIC_VGA,
                    [
                        &["E12", "E11", "D10", "F12", "G10", "J12", "H8", "H10"],
                        &["G8", "G11", "F8", "H12", "C8", "B8", "F10", "C9"],
                        &["B10", "A10", "C11", "B11", "A11", "C12", "D11", "D12"],
                        &["G13"],
                        &["C13"],
                    ],
                    adv7123([&["A12"], &["F11"], &["C10"]]),
                ),
            },
            VendorBoard::De1Soc => Pins {
                clock: input("CLOCK_50", &["AF14"], "50 MHz oscillator"),
                uart_rx: input("uart_rx", &["Y17"], "GPIO_0[1]: the adapter's TX"),
                uart_tx: output("uart_tx", &["AC18"], "GPIO_0[0]: the adapter's RX"),
                leds: output("LEDR", DE1_SOC_LEDS, "LEDR0-LEDR7"),
                vga: vga(
                    TERASIC_VGA,
                    [
                        &["A13", "C13", "E13", "B12", "C12", "D12", "E12", "F13"],
                        &["J9", "J10", "H12", "G10", "G11", "G12", "F11", "E11"],
                        &["B13", "G13", "H13", "F14", "H14", "F15", "G15", "J14"],
                        &["B11"],
                        &["D11"],
                    ],
                    adv7123([&["A11"], &["F10"], &["C10"]]),
                ),
            },
        }
    }

    /// The board's oscillator.
    pub fn oscillator_hz(self) -> u32 {
        match self.vendor() {
            Vendor::Xilinx => 100_000_000,
            Vendor::Intel => 50_000_000,
        }
    }

    /// The PLL that makes the design's clock: the `MMCME2` on the Artix-7; none on the Intel
    /// boards (module docs).
    pub fn pll_kind(self) -> Option<PllKind> {
        match self.vendor() {
            Vendor::Xilinx => Some(PllKind::Mmcm),
            Vendor::Intel => None,
        }
    }

    /// Whether the VGA pixel clock comes from the PLL (the Digilent boards' `MMCME2`), not
    /// from the oscillator halved in the pin wrapper (the Terasic boards).
    fn pixel_clock_from_pll(self) -> bool {
        self.pins().vga.is_some() && self.pll_kind().is_some()
    }

    /// The PLL that makes `clock_hz` from the oscillator (`None`: the oscillator is the
    /// clock), and on a Digilent board with VGA the pixel clock too, so it is there even at
    /// the oscillator's clock. A clock it cannot make exactly is bad input, found before any
    /// tool runs.
    pub fn design_clock(self, clock_hz: u32) -> Result<Option<Pll>, PllError> {
        crate::board::pll::video_keeps_up(u64::from(clock_hz))?;
        if clock_hz == self.oscillator_hz() && !self.pixel_clock_from_pll() {
            return Ok(None);
        }
        let kind = self.pll_kind().ok_or(PllError::NoPll {
            board: self.name(),
            oscillator: self.oscillator_hz(),
            why: "Intel's PLL models cannot be run here to check its settings",
        })?;
        let pll = Pll::for_clock(kind, self.oscillator_hz(), u64::from(clock_hz))?;
        if self.pixel_clock_from_pll() {
            pll.vga_pixel_divide()?;
        }
        Ok(Some(pll))
    }

    /// The module `name` of `pll` ([`VendorBoard::design_clock`]'s), with the ports
    /// [`VendorBoard::pin_wrapper`] connects: `clkin`, `clkout`, `locked`, and
    /// `pixel_clock` on a board with VGA.
    pub fn pll_verilog(self, pll: &Pll, name: &str) -> Result<String, PllError> {
        match self.pixel_clock_from_pll() {
            true => pll.vga_verilog(name),
            false => Ok(pll.verilog(name)),
        }
    }

    /// The design's clock by default. Not measured on the vendor's tools (docs/BOARD.md):
    /// on the Artix-7 (speed grade -1) a quarter above the 60 MHz the GPU meets on the
    /// ECP5-85F (-6), whose logic is slower; on the Intel boards the 50 MHz oscillator.
    pub fn default_clock_hz(self, design: Design) -> u32 {
        match (design, self.vendor()) {
            (Design::Gpu, Vendor::Xilinx) => 75_000_000,
            _ => self.oscillator_hz(),
        }
    }

    /// N, the cores `gpu16 build` puts on the board by default: all 16 fit each of these
    /// FPGAs with the bridge, by yosys's mapping (docs/BOARD.md).
    pub fn default_cores(self) -> usize {
        CORES
    }

    /// The bitstream the project's script writes, in the project folder: Vivado's `.bit`;
    /// Quartus's `.sof` and, for openFPGALoader, its `.svf`.
    pub fn bitstream_file(self) -> String {
        match self.vendor() {
            Vendor::Xilinx => format!("gpu16_{}.bit", self.name()),
            Vendor::Intel => "output_files/gpu16.svf".to_string(),
        }
    }

    /// openFPGALoader's `-b` name, for the boards it knows.
    pub fn loader_name(self) -> Option<&'static str> {
        match self {
            VendorBoard::Basys3 => Some("basys3"),
            VendorBoard::ArtyA7_35 => Some("arty_a7_35t"),
            VendorBoard::ArtyA7_100 => Some("arty_a7_100t"),
            VendorBoard::NexysA7_100 => Some("nexys_a7_100"),
            VendorBoard::De10Lite => Some("de10lite"),
            VendorBoard::De1Soc => Some("de1Soc"),
            VendorBoard::De2_115 => None,
        }
    }

    /// The board's programmer is a USB-Blaster II, which openFPGALoader can use only with its
    /// firmware from Quartus ([`crate::board::flash::BLASTER_II_FIRMWARE`]).
    pub fn needs_probe_firmware(self) -> bool {
        self == VendorBoard::De1Soc
    }

    /// How to write a Terasic board's configuration flash with Quartus's tools, so that the
    /// design loads at power-up (in the project folder): the DE10-Lite's MAX 10 from the
    /// `.pof` Quartus's assembler writes for its internal flash; the DE2-115's EPCS64 and the
    /// DE1-SoC's EPCQ256 from a `.jic` that `quartus_cpf` makes of the `.sof`.
    pub fn flash_writer(self) -> Option<String> {
        let jic = |flash: &str, fpga: &str| {
            format!(
                "quartus_cpf -c -d {flash} -s {fpga} output_files/gpu16.sof \
                 output_files/gpu16.jic, then quartus_pgm -m jtag -o \"pvi;output_files/gpu16.jic\""
            )
        };
        match self {
            VendorBoard::De10Lite => {
                Some("quartus_pgm -m jtag -o \"p;output_files/gpu16.pof\"".to_string())
            }
            VendorBoard::De2_115 => Some(jic("EPCS64", "EP4CE115")),
            VendorBoard::De1Soc => Some(format!(
                "{} (and the board's MSEL switches set to boot from it, AS mode)",
                jic("EPCQ256", "5CSEMA5")
            )),
            _ => None,
        }
    }

    /// How to load the bitstream with the vendor's own programmer.
    pub fn vendor_programmer(self) -> String {
        match self.vendor() {
            Vendor::Xilinx => {
                "Vivado's Hardware Manager (open_hw_manager; program_hw_devices)".to_string()
            }
            Vendor::Intel => {
                "quartus_pgm -m jtag -o \"p;output_files/gpu16.sof\" (in the project folder)"
                    .to_string()
            }
        }
    }

    /// The pin wrapper: the board's ports, named as in its master file, around the design's
    /// module `inner`, clocked by the module `pll` (ports `clkin`, `clkout`, `locked`, and
    /// `pixel_clock` with VGA: [`VendorBoard::pll_verilog`]) or by the oscillator. The
    /// design's TMDS symbols are left unconnected. On a board with VGA each colour takes the
    /// top bits of the design's 8-bit levels; the pixel clock comes from the PLL, or is the
    /// 50 MHz oscillator halved (the Terasic boards: `gpu16.sdc` declares it); an ADV7123
    /// DAC latches the levels on the pixel clock's falling edge, half a pixel after they
    /// change. Without VGA the video's pixel clock is held still.
    pub fn pin_wrapper(self, inner: &str, pll: Option<&str>) -> String {
        let pins = self.pins();
        let mut v = String::new();
        writeln!(
            v,
            "// {} ({}): the board's pins around {inner} (gpu16 build).",
            self.title(),
            self.part()
        )
        .unwrap();
        let header: Vec<String> = pins.ports().iter().map(Port::declaration).collect();
        writeln!(v, "module gpu16_board({});", header.join(", ")).unwrap();
        let pixel_port = match pins.vga {
            Some(_) if pll.is_some() => ", .pixel_clock(pixel_clock)",
            _ => "",
        };
        let clock = match pll {
            None => pins.clock.name,
            Some(pll) => {
                writeln!(v, "  wire clock, locked;").unwrap();
                if !pixel_port.is_empty() {
                    writeln!(v, "  wire pixel_clock;").unwrap();
                }
                writeln!(
                    v,
                    "  {pll} pll(.clkin({}), .clkout(clock), .locked(locked){pixel_port});",
                    pins.clock.name
                )
                .unwrap();
                "clock"
            }
        };
        let port = pins.leds;
        let leds = if port.sites.len() == 8 {
            port.name.to_string()
        } else {
            writeln!(v, "  wire [7:0] leds;").unwrap();
            writeln!(
                v,
                "  assign {} = leds[{}:0];",
                port.name,
                port.sites.len() - 1
            )
            .unwrap();
            "leds".to_string()
        };
        let video = match pins.vga {
            None => crate::board::video::NO_VIDEO_PORTS.to_string(),
            Some(vga) => {
                if pixel_port.is_empty() {
                    writeln!(
                        v,
                        "  // The VGA pixel clock: the {} MHz oscillator halved.",
                        self.oscillator_hz() / 1_000_000
                    )
                    .unwrap();
                    writeln!(v, "  reg pixel_clock = 1'b0;").unwrap();
                    writeln!(
                        v,
                        "  always @(posedge {}) pixel_clock <= !pixel_clock;",
                        pins.clock.name
                    )
                    .unwrap();
                }
                writeln!(v, "  wire [7:0] vga_red, vga_green, vga_blue;").unwrap();
                for (port, level) in [
                    (vga.red, "vga_red"),
                    (vga.green, "vga_green"),
                    (vga.blue, "vga_blue"),
                ] {
                    let bits = port.sites.len();
                    writeln!(v, "  assign {} = {level}[7:{}];", port.name, 8 - bits).unwrap();
                }
                if let Some(dac) = vga.dac {
                    writeln!(v, "  assign {} = !pixel_clock;", dac.clock.name).unwrap();
                    writeln!(v, "  assign {} = 1'b1;", dac.blank_n.name).unwrap();
                    writeln!(v, "  assign {} = 1'b0;", dac.sync_n.name).unwrap();
                }
                format!(
                    ".pixel_clock(pixel_clock), .tmds_blue(), .tmds_green(), .tmds_red(), \
                     .vga_red(vga_red), .vga_green(vga_green), .vga_blue(vga_blue), \
                     .vga_hsync({}), .vga_vsync({})",
                    vga.hsync.name, vga.vsync.name
                )
            }
        };
        writeln!(
            v,
            "  {inner} inner(.clock({clock}), .uart_rx({}), .uart_tx({}), .leds({leds}), \
             .led_summary(), {video});",
            pins.uart_rx.name, pins.uart_tx.name
        )
        .unwrap();
        writeln!(v, "endmodule").unwrap();
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_names_round_trip_and_differ_from_the_open_flows() {
        for board in VendorBoard::ALL {
            assert_eq!(VendorBoard::from_name(board.name()), Some(board));
            assert_eq!(crate::board::Board::from_name(board.name()), None);
        }
    }

    #[test]
    fn the_wrapper_declares_every_pin_and_drives_the_design_from_it() {
        for board in VendorBoard::ALL {
            let v = board.pin_wrapper("gpu16_design", Some("gpu16_pll"));
            let pins = board.pins();
            for port in pins.ports() {
                assert!(v.contains(&port.declaration()), "{}: {v}", board.name());
            }
            assert!(
                v.contains(&format!(".uart_rx({})", pins.uart_rx.name)),
                "{v}"
            );
            assert!(
                v.contains(&format!(".uart_tx({})", pins.uart_tx.name)),
                "{v}"
            );
            assert!(v.contains(".clock(clock)"), "{v}");
            let direct = board.pin_wrapper("gpu16_design", None);
            assert!(
                direct.contains(&format!(".clock({})", pins.clock.name)),
                "{direct}"
            );
        }
    }

    #[test]
    fn a_vga_board_gets_its_pixel_clock_and_each_colours_top_bits() {
        for board in VendorBoard::ALL {
            let Some(vga) = board.pins().vga else {
                let v = board.pin_wrapper("gpu16_design", Some("gpu16_pll"));
                assert!(v.contains(".pixel_clock(1'b0)"), "{v}");
                continue;
            };
            let pll = board
                .design_clock(board.oscillator_hz())
                .unwrap()
                .map(|_| "gpu16_pll");
            // The Artix-7's MMCM makes the pixel clock even at the oscillator's clock.
            assert_eq!(pll.is_some(), board.vendor() == Vendor::Xilinx);
            let v = board.pin_wrapper("gpu16_design", pll);
            for port in vga.ports() {
                assert!(v.contains(&port.declaration()), "{v}");
            }
            for (port, level) in [(vga.red, "vga_red"), (vga.blue, "vga_blue")] {
                let top = 8 - port.sites.len();
                assert!(
                    v.contains(&format!("assign {} = {level}[7:{top}];", port.name)),
                    "{v}"
                );
            }
            let pixel = match board.vendor() {
                Vendor::Xilinx => ".pixel_clock(pixel_clock));",
                Vendor::Intel => "always @(posedge",
            };
            assert!(v.contains(pixel), "{v}");
            assert!(v.contains(".pixel_clock(pixel_clock), .tmds_blue()"), "{v}");
            if let Some(dac) = vga.dac {
                assert!(
                    v.contains(&format!("assign {} = !pixel_clock;", dac.clock.name)),
                    "{v}"
                );
            }
        }
    }

    #[test]
    fn the_default_clocks_are_made_exactly() {
        for board in VendorBoard::ALL {
            for design in [Design::Gpu, Design::UartEcho] {
                let hz = board.default_clock_hz(design);
                assert!(board.design_clock(hz).is_ok(), "{}", board.name());
            }
        }
        assert!(matches!(
            VendorBoard::De1Soc.design_clock(40_000_000),
            Err(PllError::NoPll { .. })
        ));
    }
}
