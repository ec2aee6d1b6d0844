//! The PLL that clocks the design on a board: the dividers that make a requested clock from
//! the board's oscillator within the device's limits, and the Verilog of the PLL with them,
//! behind a clock gate that passes no edge before the PLL has locked.
//!
//! The ECP5's and the GW2A's PLLs have the same shape. The phase detector compares `f_in / input_div`
//! with the output divided by `feedback_div`, so `f_out = f_in · feedback_div / input_div`,
//! and the PLL's oscillator runs at `f_vco = f_out · output_div`. The GW5A's `PLLA`, which
//! only the video uses, and the Xilinx 7-series `MMCME2` feed the oscillator back instead:
//! `f_vco = f_in · feedback_div / input_div` and `f_out = f_vco / output_div`
//! ([`PllKind::feeds_back_the_oscillator`]).
//!
//! | | ECP5 `EHXPLLL` (feedback from CLKOP) | Gowin GW2A `rPLL` (internal feedback) | Gowin GW5A `PLLA` (internal feedback) | Xilinx 7-series `MMCME2_BASE`, speed grade -1 (`CLKFBOUT` to `CLKFBIN`) |
//! |---|---|---|---|---|
//! | input | 8–400 MHz | 3–500 MHz | 19–400 MHz | 10–800 MHz |
//! | output | 10–400 MHz | 3.90625–625 MHz | 6.25–650 MHz (the oscillator's over `ODIV0_SEL`) | 4.69–464 MHz (the MMCM makes up to 800, its `BUFGCE` carries 464: `FMAX_BUFG`) |
//! | phase detector | 3.125–400 MHz | 3–500 MHz | 19–81.25 MHz | 10–450 MHz |
//! | oscillator | 400–800 MHz | 500–1250 MHz | 800–1300 MHz | 600–1200 MHz |
//! | `input_div` | `CLKI_DIV` 1–128 | `IDIV_SEL` + 1, 1–64 | `IDIV_SEL` 1–64 | `DIVCLK_DIVIDE` 1–106 |
//! | `feedback_div` | `CLKFB_DIV` 1–80 | `FBDIV_SEL` + 1, 1–64 | `MDIV_SEL` 2–128 (`FBDIV_SEL` 1) | `CLKFBOUT_MULT_F` 2–64 (whole numbers) |
//! | `output_div` | `CLKOP_DIV` 1–128 | `ODIV_SEL` 2, 4, 8, 16, 32, 48 … 128 | `ODIV0_SEL` 2–128 | `CLKOUT0_DIVIDE_F` 1–128 (whole numbers) |
//! | the limits of | Project Trellis' `ecppll` | apicula's `gowin_pack` (which refuses others) | where Gowin's datasheet figures as LiteX (`gowin_gw5a.py`) and nsl (`gowin_config_GW5A-25A`) give them overlap | Xilinx's Artix-7 data sheet (DS181), as LiteX's `S7MMCM` has them |
//!
//! Only clocks the PLL makes exactly are offered, so the UART's bit time, counted in clock
//! cycles, is what the build computed; and none below a quarter of the video's pixel clock
//! ([`video_keeps_up`]).

use std::ops::RangeInclusive;
use thiserror::Error;

/// Which PLL: the FPGA family's primitive and its limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PllKind {
    /// Lattice ECP5: `EHXPLLL`, gated by a `DCCA`.
    Ecp5,
    /// Gowin GW2A (the Tang Nano 20K's GW2AR-18): `rPLL`, gated by a `DQCE`.
    Gw2a,
    /// Gowin GW5A (the Tang Primer 25K's GW5A-25): `PLLA`, for the video only (the design's
    /// clock is the oscillator: no clock gate for it, [`super::Board::pll_kind`]).
    Gw5a,
    /// Xilinx 7-series (the Artix-7 of the Digilent boards, speed grade -1): `MMCME2_BASE`,
    /// gated by a `BUFGCE`.
    Mmcm,
}

/// What a PLL can do: its frequencies in Hz and its dividers.
pub struct Limits {
    pub input_hz: RangeInclusive<u64>,
    pub output_hz: RangeInclusive<u64>,
    pub pfd_hz: RangeInclusive<u64>,
    pub vco_hz: RangeInclusive<u64>,
    pub input_div: RangeInclusive<u32>,
    pub feedback_div: RangeInclusive<u32>,
    pub output_divs: &'static [u32],
}

/// `CLKOP_DIV` (and, from 2, `ODIV0_SEL`): every value from 1 to 128.
const ECP5_OUTPUT_DIVS: [u32; 128] = {
    let mut d = [0; 128];
    let mut i = 0;
    while i < 128 {
        d[i] = i as u32 + 1;
        i += 1;
    }
    d
};

impl PllKind {
    pub fn limits(self) -> Limits {
        match self {
            PllKind::Ecp5 => Limits {
                input_hz: 8_000_000..=400_000_000,
                output_hz: 10_000_000..=400_000_000,
                pfd_hz: 3_125_000..=400_000_000,
                vco_hz: 400_000_000..=800_000_000,
                input_div: 1..=128,
                feedback_div: 1..=80,
                output_divs: &ECP5_OUTPUT_DIVS,
            },
            PllKind::Gw2a => Limits {
                input_hz: 3_000_000..=500_000_000,
                // 3.90625 MHz: the lowest oscillator over the largest output divider.
                output_hz: 3_906_250..=625_000_000,
                pfd_hz: 3_000_000..=500_000_000,
                vco_hz: 500_000_000..=1_250_000_000,
                input_div: 1..=64,
                feedback_div: 1..=64,
                output_divs: &[2, 4, 8, 16, 32, 48, 64, 80, 96, 112, 128],
            },
            PllKind::Gw5a => Limits {
                input_hz: 19_000_000..=400_000_000,
                output_hz: 6_250_000..=650_000_000,
                pfd_hz: 19_000_000..=81_250_000,
                vco_hz: 800_000_000..=1_300_000_000,
                input_div: 1..=64,
                feedback_div: 2..=128,
                output_divs: &ECP5_OUTPUT_DIVS[1..],
            },
            PllKind::Mmcm => Limits {
                input_hz: 10_000_000..=800_000_000,
                // The output reaches the design through a `BUFGCE`: the global clock tree's
                // `FMAX_BUFG` at speed grade -1 (the classroom boards' parts), 464 MHz.
                output_hz: 4_690_000..=464_000_000,
                pfd_hz: 10_000_000..=450_000_000,
                vco_hz: 600_000_000..=1_200_000_000,
                input_div: 1..=106,
                feedback_div: 2..=64,
                output_divs: &ECP5_OUTPUT_DIVS,
            },
        }
    }

    /// The feedback divider divides the oscillator (`PLLA`, `MMCME2`), not the output.
    pub fn feeds_back_the_oscillator(self) -> bool {
        matches!(self, PllKind::Gw5a | PllKind::Mmcm)
    }

    /// The oscillator frequency the dividers aim at among those that make the clock: the
    /// middle of its range.
    fn vco_aim_hz(self) -> u64 {
        let l = self.limits();
        (l.vco_hz.start() + l.vco_hz.end()) / 2
    }
}

/// The PLL's dividers for one input clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pll {
    pub kind: PllKind,
    pub input_hz: u32,
    pub input_div: u32,
    pub feedback_div: u32,
    pub output_div: u32,
}

/// A clock the PLL cannot make.
#[derive(Debug, Error, PartialEq)]
pub enum PllError {
    #[error("the PLL takes an input clock of {} to {} MHz, not {} MHz",
        mhz(*.range.start()), mhz(*.range.end()), mhz(u64::from(*.input)))]
    Input {
        input: u32,
        range: RangeInclusive<u64>,
    },
    #[error("{} MHz is outside the PLL's {}-{} MHz",
        mhz(*.output), mhz(*.range.start()), mhz(*.range.end()))]
    Output {
        output: u64,
        range: RangeInclusive<u64>,
    },
    #[error(
        "the PLL cannot make exactly {} MHz from {} MHz; the nearest clocks it makes are {} \
         MHz and {} MHz",
        mhz(*wanted), mhz(u64::from(*input)), mhz(*below), mhz(*above)
    )]
    Inexact {
        wanted: u64,
        input: u32,
        below: u64,
        above: u64,
    },
    #[error(
        "the {board} runs from its {} MHz oscillator: gpu16 clocks no design from its FPGA's \
         PLL ({why}; docs/BOARD.md, Clocks)",
        mhz(u64::from(*oscillator))
    )]
    NoPll {
        board: &'static str,
        oscillator: u32,
        why: &'static str,
    },
    #[error(
        "{} MHz is below {} MHz, a quarter of the video's pixel clock: the picture's copy would \
         not end inside one vertical blanking (docs/microarchitecture.md, Video)",
        mhz(*clock), mhz(*minimum)
    )]
    BelowVideo { clock: u64, minimum: u64 },
    #[error(
        "with this clock the MMCM's oscillator runs at {} MHz, which no whole divider brings \
         to a VGA pixel clock of {}-{} MHz; choose another --clock (the default makes one)",
        mhz(*vco), mhz(*VGA_PIXEL_HZ.start()), mhz(*VGA_PIXEL_HZ.end())
    )]
    NoPixelClock { vco: u64 },
}

/// `hz` in MHz, as few digits as it takes.
fn mhz(hz: u64) -> String {
    format!("{}", hz as f64 / 1e6)
}

/// Oscillator cycles the Gowin PLL's lock must hold before its clock reaches the design.
/// Its `LOCK` may flicker while it settles (LiteX does not use it at all), so the gate opens
/// once it has held for this long (1.2 ms at 27 MHz) and then stays open.
pub const GOWIN_SETTLE_CYCLES: u32 = 1 << 15;

/// The MMCM's gate: `LOCKED` is asynchronous to the clock it gates, and a `BUFGCE`'s enable
/// must meet its setup and hold to the clock (UG472, "BUFGCE"; DS181's `TBCCCK_CE`), so two
/// flip-flops on the MMCM's own output, through a `BUFH`, bring it into that clock first.
const MMCM_GATE: &str = "  wire pll_local;\n\
    \x20 BUFH local_buffer(.I(pll_clock), .O(pll_local));\n\
    \x20 reg [1:0] lock_sync = 2'b00;\n\
    \x20 always @(posedge pll_local) lock_sync <= {lock_sync[0], pll_lock};\n\
    \x20 BUFGCE gate(.I(pll_clock), .CE(lock_sync[1]), .O(clkout));\n\
    \x20 assign locked = lock_sync[1];\n";

/// The VGA pixel clocks the MMCM's second output may make: 640 × 480 at 60 Hz is
/// 25.175 MHz, and monitors take it from 25 MHz (as the DVI boards' 25 and 25.2 MHz).
pub const VGA_PIXEL_HZ: RangeInclusive<u64> = 24_900_000..=25_400_000;

/// The GPU's clock is fast enough for the video's frame copy: at least
/// `gpu16_hdl::video::frame_copy::SLOWEST_GPU_CLOCK` of the highest pixel clock a board makes.
pub fn video_keeps_up(clock_hz: u64) -> Result<(), PllError> {
    let (num, den) = gpu16_hdl::video::frame_copy::SLOWEST_GPU_CLOCK;
    let minimum = (VGA_PIXEL_HZ.end() * u64::from(num)).div_ceil(u64::from(den));
    match clock_hz >= minimum {
        true => Ok(()),
        false => Err(PllError::BelowVideo {
            clock: clock_hz,
            minimum,
        }),
    }
}

impl Pll {
    /// The dividers that make exactly `output_hz` from `input_hz`, the oscillator nearest
    /// the middle of its range among them.
    pub fn for_clock(kind: PllKind, input_hz: u32, output_hz: u64) -> Result<Pll, PllError> {
        let limits = kind.limits();
        if !limits.input_hz.contains(&u64::from(input_hz)) {
            return Err(PllError::Input {
                input: input_hz,
                range: limits.input_hz,
            });
        }
        if !limits.output_hz.contains(&output_hz) {
            return Err(PllError::Output {
                output: output_hz,
                range: limits.output_hz,
            });
        }
        Pll::all(kind, input_hz)
            .filter(|p| p.output_hz() == Some(output_hz))
            .min_by_key(|p| p.vco_hz().abs_diff(kind.vco_aim_hz()))
            .ok_or_else(|| {
                let made: Vec<u64> = Pll::all(kind, input_hz)
                    .filter_map(|p| p.output_hz())
                    .collect();
                PllError::Inexact {
                    wanted: output_hz,
                    input: input_hz,
                    below: made
                        .iter()
                        .copied()
                        .filter(|&f| f < output_hz)
                        .max()
                        .unwrap_or(0),
                    above: made
                        .iter()
                        .copied()
                        .filter(|&f| f > output_hz)
                        .min()
                        .unwrap_or(0),
                }
            })
    }

    /// Every setting within the limits for `input_hz` (input dividers that put the phase
    /// detector out of its range are not tried further).
    fn all(kind: PllKind, input_hz: u32) -> impl Iterator<Item = Pll> {
        let limits = kind.limits();
        let input = u64::from(input_hz);
        limits
            .input_div
            .filter(move |&d| kind.limits().pfd_hz.contains(&(input / u64::from(d))))
            .flat_map(move |input_div| {
                kind.limits().feedback_div.flat_map(move |feedback_div| {
                    kind.limits()
                        .output_divs
                        .iter()
                        .map(move |&output_div| Pll {
                            kind,
                            input_hz,
                            input_div,
                            feedback_div,
                            output_div,
                        })
                })
            })
            .filter(Pll::within_limits)
    }

    /// The output clock, if it is a whole number of Hz.
    pub fn output_hz(&self) -> Option<u64> {
        let (scaled, div) = self.output_fraction();
        (scaled % div == 0).then(|| scaled / div)
    }

    /// The output clock as a fraction: (numerator, denominator).
    fn output_fraction(&self) -> (u64, u64) {
        let scaled = u64::from(self.input_hz) * u64::from(self.feedback_div);
        let div = u64::from(self.input_div);
        if self.kind.feeds_back_the_oscillator() {
            (scaled, div * u64::from(self.output_div))
        } else {
            (scaled, div)
        }
    }

    /// The oscillator's frequency (rounded down to a Hz).
    pub fn vco_hz(&self) -> u64 {
        let (scaled, div) = self.output_fraction();
        scaled * u64::from(self.output_div) / div
    }

    /// The phase detector's frequency.
    pub fn pfd_hz(&self) -> f64 {
        f64::from(self.input_hz) / f64::from(self.input_div)
    }

    /// Every divider, and every frequency, in its range (compared exactly: each frequency
    /// times one denominator).
    pub fn within_limits(&self) -> bool {
        let l = self.kind.limits();
        if self.input_div == 0 || self.output_div == 0 {
            return false;
        }
        // Every frequency over one denominator, `div`.
        let (out_num, out_div) = self.output_fraction();
        let div = out_div * u64::from(self.input_div);
        let out_num = out_num * u64::from(self.input_div);
        let vco_num = out_num * u64::from(self.output_div);
        let input = u64::from(self.input_hz) * out_div;
        l.input_hz.contains(&u64::from(self.input_hz))
            && l.input_div.contains(&self.input_div)
            && l.feedback_div.contains(&self.feedback_div)
            && l.output_divs.contains(&self.output_div)
            && input >= l.pfd_hz.start() * div
            && input <= l.pfd_hz.end() * div
            && vco_num >= l.vco_hz.start() * div
            && vco_num <= l.vco_hz.end() * div
            && out_num >= l.output_hz.start() * div
            && out_num <= l.output_hz.end() * div
    }

    /// A Verilog module `name` (ports `clkin`, `clkout`, `locked`): the PLL set up so, its
    /// output through a clock gate that passes no edge before `locked`. On ECP5 the gate
    /// (`DCCA`) follows the PLL's lock; on the Artix-7 (`BUFGCE`) the lock brought into the
    /// MMCM's clock ([`MMCM_GATE`]); on Gowin (`DQCE`) it opens once the lock has held for
    /// [`GOWIN_SETTLE_CYCLES`] oscillator cycles, and stays open. Verilog text, as the PLL
    /// and the gate are vendor primitives (`EHXPLLL`, `DCCA`, `rPLL`, `DQCE`) that rust-hdl
    /// cannot instantiate. Never a GW5A's: no board's design clock comes from one
    /// ([`super::Board::pll_kind`]).
    pub fn verilog(&self, name: &str) -> String {
        let head = format!(
            "// The board's PLL (gpu16 build): {}\n\
             module {name}(input clkin, output clkout, output locked);\n",
            self.describe()
        );
        let gate = match self.kind {
            PllKind::Ecp5 => "  DCCA gate(.CLKI(pll_clock), .CE(pll_lock), .CLKO(clkout));\n\
                              \x20 assign locked = pll_lock;\n"
                .to_string(),
            PllKind::Gw2a => format!(
                "  // Oscillator cycles the lock has held (the gate opens at {settle}).\n\
                 \x20 reg [{top}:0] held = 0;\n\
                 \x20 reg open = 0;\n\
                 \x20 always @(posedge clkin) begin\n\
                 \x20   if (!pll_lock) held <= 0;\n\
                 \x20   else if (!held[{top}]) held <= held + 1'b1;\n\
                 \x20   if (held[{top}]) open <= 1'b1;\n\
                 \x20 end\n\
                 \x20 assign locked = open;\n\
                 \x20 DQCE gate(.CLKIN(pll_clock), .CE(open), .CLKOUT(clkout));\n",
                settle = GOWIN_SETTLE_CYCLES,
                top = GOWIN_SETTLE_CYCLES.trailing_zeros(),
            ),
            PllKind::Mmcm => MMCM_GATE.to_string(),
            PllKind::Gw5a => unreachable!("the GW5A's PLL clocks no design: Board::pll_kind"),
        };
        format!("{head}{}{gate}endmodule\n", self.instance(false))
    }

    /// A Verilog module `name` (ports `clkin`, `bit_clock`, `pixel_clock`) for a video
    /// output: the PLL's output is the bit clock, and the pixel clock is a fifth of it, from
    /// the PLL's second output (`CLKOS` on the ECP5, `CLKOUT1` on the GW5A) or a `CLKDIV`
    /// (GW2A), its edges on the bit clock's. No gate: the video needs none
    /// (docs/microarchitecture.md, "Video").
    pub fn video_verilog(&self, name: &str) -> String {
        let head = format!(
            "// The board's video PLL (gpu16 build): {}; the pixel clock a fifth of it.\n\
             module {name}(input clkin, output bit_clock, output pixel_clock);\n",
            self.describe()
        );
        let divide = match self.kind {
            // The GW5A's PLLA has outputs enough to spare a CLKDIV, whose clock would be an
            // I/O bank's HCLK.
            PllKind::Ecp5 | PllKind::Gw5a => "  assign bit_clock = pll_clock;\n\
                              \x20 assign pixel_clock = pll_pixel;\n",
            PllKind::Gw2a => "  assign bit_clock = pll_clock;\n\
                              \x20 CLKDIV #(.DIV_MODE(\"5\"), .GSREN(\"false\")) divide(\n\
                              \x20   .HCLKIN(pll_clock), .RESETN(1'b1), .CALIB(1'b0), .CLKOUT(pixel_clock));\n",
            PllKind::Mmcm => unreachable!("no Xilinx board has gpu16's video yet"),
        };
        format!("{head}{}{divide}endmodule\n", self.instance(true))
    }

    /// The input pin of [`Pll::verilog`]'s PLL, as `cell/PORT` inside the module: the
    /// oscillator's net.
    pub fn input_pin(&self) -> &'static str {
        match self.kind {
            PllKind::Ecp5 => "pll/CLKI",
            PllKind::Gw2a | PllKind::Gw5a => "pll/CLKIN",
            PllKind::Mmcm => "pll/CLKIN1",
        }
    }

    /// The output pins of [`Pll::video_verilog`]'s cells that drive its bit and pixel
    /// clocks, as `cell/PORT` inside the module.
    pub fn video_clock_pins(&self) -> [&'static str; 2] {
        match self.kind {
            PllKind::Ecp5 => ["pll/CLKOP", "pll/CLKOS"],
            PllKind::Gw2a => ["pll/CLKOUT", "divide/CLKOUT"],
            PllKind::Gw5a => ["pll/CLKOUT0", "pll/CLKOUT1"],
            PllKind::Mmcm => unreachable!("no Xilinx board has gpu16's video yet"),
        }
    }

    /// The divider of the MMCM's second output (`CLKOUT1_DIVIDE`) that makes the VGA pixel
    /// clock from its oscillator: the whole number nearest 25.175 MHz, within
    /// [`VGA_PIXEL_HZ`].
    pub fn vga_pixel_divide(&self) -> Result<u32, PllError> {
        let vco = self.vco_hz();
        let divide = ((vco as f64) / 25.175e6).round() as u64;
        match (1..=128).contains(&divide) && VGA_PIXEL_HZ.contains(&(vco / divide)) {
            true => Ok(divide as u32),
            false => Err(PllError::NoPixelClock { vco }),
        }
    }

    /// [`Pll::verilog`]'s module for a board with a VGA connector (the Artix-7's `MMCME2`
    /// only), with a fourth port, `pixel_clock`: the MMCM's second output
    /// ([`Pll::vga_pixel_divide`]) on a global buffer. Not gated: the video needs no gate
    /// (docs/microarchitecture.md, "Video").
    pub fn vga_verilog(&self, name: &str) -> Result<String, PllError> {
        assert_eq!(self.kind, PllKind::Mmcm, "the VGA boards are the Artix-7's");
        let divide = self.vga_pixel_divide()?;
        Ok(format!(
            "// The board's PLL (gpu16 build): {} The VGA pixel clock: its oscillator ÷ {divide}, \
             {} MHz.\n\
             module {name}(input clkin, output clkout, output locked, output pixel_clock);\n\
             {}{MMCM_GATE}\
             \x20 BUFG pixel_buffer(.I(pll_pixel), .O(pixel_clock));\n\
             endmodule\n",
            self.describe(),
            self.vco_hz() as f64 / f64::from(divide) / 1e6,
            self.instance(true)
        ))
    }

    /// "25 MHz in, 125 MHz out, its oscillator at 625 MHz."
    fn describe(&self) -> String {
        let mhz = |hz: f64| format!("{}", hz / 1e6);
        let (num, div) = self.output_fraction();
        let out = num as f64 / div as f64;
        format!(
            "{} MHz in, {} MHz out, its oscillator at {} MHz.",
            mhz(f64::from(self.input_hz)),
            mhz(out),
            mhz(out * f64::from(self.output_div))
        )
    }

    /// The PLL primitive, its output on `pll_clock` and its lock on `pll_lock`; with `pixel`
    /// on the ECP5 and the GW5A, a second output a fifth of the first on `pll_pixel`; on
    /// the MMCM, the VGA pixel clock there ([`Pll::vga_pixel_divide`]).
    fn instance(&self, pixel: bool) -> String {
        let mhz = |hz: f64| format!("{}", hz / 1e6);
        let (num, div) = self.output_fraction();
        let out = num as f64 / div as f64;
        let in_mhz = mhz(f64::from(self.input_hz));
        let out_mhz = mhz(out);
        match self.kind {
            PllKind::Ecp5 => {
                let clkos_div = 5 * self.output_div;
                let (pixel_wire, pixel_attr, pixel_params, pixel_port) = if pixel {
                    (
                        ", pll_pixel",
                        format!(" (* FREQUENCY_PIN_CLKOS=\"{}\" *)", mhz(out / 5.0)),
                        format!(
                            ",\n\x20   .CLKOS_ENABLE(\"ENABLED\"), .CLKOS_DIV({clkos_div}), \
                             .CLKOS_CPHASE({}), .CLKOS_FPHASE(0)",
                            self.output_div / 2
                        ),
                        ", .CLKOS(pll_pixel)",
                    )
                } else {
                    ("", String::new(), String::new(), "")
                };
                format!(
                    "  wire pll_clock, pll_lock{pixel_wire};\n\
                     \x20 (* FREQUENCY_PIN_CLKI=\"{in_mhz}\" *) (* FREQUENCY_PIN_CLKOP=\"{out_mhz}\" *){pixel_attr}\n\
                     \x20 (* ICP_CURRENT=\"12\" *) (* LPF_RESISTOR=\"8\" *) (* MFG_ENABLE_FILTEROPAMP=\"1\" *) \
                     (* MFG_GMCREF_SEL=\"2\" *)\n\
                     \x20 EHXPLLL #(\n\
                     \x20   .PLLRST_ENA(\"DISABLED\"), .INTFB_WAKE(\"DISABLED\"), .STDBY_ENABLE(\"DISABLED\"),\n\
                     \x20   .DPHASE_SOURCE(\"DISABLED\"), .OUTDIVIDER_MUXA(\"DIVA\"), .CLKOP_ENABLE(\"ENABLED\"),\n\
                     \x20   .CLKI_DIV({clki}), .CLKFB_DIV({clkfb}), .CLKOP_DIV({clkop}),\n\
                     \x20   .CLKOP_CPHASE({cphase}), .CLKOP_FPHASE(0), .FEEDBK_PATH(\"CLKOP\"){pixel_params}\n\
                     \x20 ) pll (\n\
                     \x20   .CLKI(clkin), .CLKFB(pll_clock), .CLKOP(pll_clock){pixel_port}, .LOCK(pll_lock),\n\
                     \x20   .RST(1'b0), .STDBY(1'b0), .PHASESEL0(1'b0), .PHASESEL1(1'b0), .PHASEDIR(1'b0),\n\
                     \x20   .PHASESTEP(1'b0), .PHASELOADREG(1'b0), .PLLWAKESYNC(1'b0), .ENCLKOP(1'b0)\n\
                     \x20 );\n",
                    clki = self.input_div,
                    clkfb = self.feedback_div,
                    clkop = self.output_div,
                    // The output's edge half a period later, as Lattice's tools place it.
                    cphase = self.output_div / 2,
                )
            }
            PllKind::Gw2a => format!(
                "  wire pll_clock, pll_lock;\n\
                 \x20 rPLL #(\n\
                 \x20   .FCLKIN(\"{in_mhz}\"), .IDIV_SEL({idiv}), .FBDIV_SEL({fbdiv}), .ODIV_SEL({odiv}),\n\
                 \x20   .DYN_IDIV_SEL(\"false\"), .DYN_FBDIV_SEL(\"false\"), .DYN_ODIV_SEL(\"false\"),\n\
                 \x20   .DYN_SDIV_SEL(2), .PSDA_SEL(\"0000\"), .DYN_DA_EN(\"false\"), .DUTYDA_SEL(\"1000\"),\n\
                 \x20   .CLKOUT_FT_DIR(1'b1), .CLKOUTP_FT_DIR(1'b1), .CLKOUT_DLY_STEP(0), .CLKOUTP_DLY_STEP(0),\n\
                 \x20   .CLKFB_SEL(\"internal\"), .CLKOUT_BYPASS(\"false\"), .CLKOUTP_BYPASS(\"false\"),\n\
                 \x20   .CLKOUTD_BYPASS(\"false\"), .CLKOUTD_SRC(\"CLKOUT\"), .CLKOUTD3_SRC(\"CLKOUT\"),\n\
                 \x20   .DEVICE(\"GW2AR-18C\")\n\
                 \x20 ) pll (\n\
                 \x20   .CLKIN(clkin), .CLKOUT(pll_clock), .LOCK(pll_lock), .CLKOUTP(), .CLKOUTD(),\n\
                 \x20   .CLKOUTD3(), .RESET(1'b0), .RESET_P(1'b0), .CLKFB(1'b0), .FBDSEL(6'b0),\n\
                 \x20   .IDSEL(6'b0), .ODSEL(6'b0), .PSDA(4'b0), .DUTYDA(4'b0), .FDLY(4'b0)\n\
                 \x20 );\n",
                idiv = self.input_div - 1,
                fbdiv = self.feedback_div - 1,
                odiv = self.output_div,
            ),
            // Every parameter given: gowin_pack reads the ones it is left to default wrongly.
            // With `pixel`, CLKOUT1 divides the same oscillator by 5 × ODIV0_SEL, its
            // edges on CLKOUT0's.
            PllKind::Gw5a => {
                let (mut odivs, mut enables) = (Vec::new(), Vec::new());
                for k in 1..7 {
                    let (div, on) = match (k, pixel) {
                        (1, true) => (5 * self.output_div, "TRUE"),
                        _ => (8, "FALSE"),
                    };
                    odivs.push(format!(".ODIV{k}_SEL({div})"));
                    enables.push(format!(".CLKOUT{k}_EN(\"{on}\")"));
                }
                let (odivs, enables) = (odivs.join(", "), enables.join(", "));
                let (pixel_wire, pixel_port) = if pixel {
                    (", pll_pixel", ".CLKOUT1(pll_pixel)")
                } else {
                    ("", ".CLKOUT1()")
                };
                format!(
                    "  wire pll_clock, pll_lock{pixel_wire};\n\
                     \x20 PLLA #(\n\
                     \x20   .FCLKIN(\"{in_mhz}\"), .IDIV_SEL({idiv}), .FBDIV_SEL(1), .MDIV_SEL({mdiv}),\n\
                     \x20   .MDIV_FRAC_SEL(0), .ODIV0_SEL({odiv}), .ODIV0_FRAC_SEL(0), {odivs},\n\
                     \x20   .CLKOUT0_EN(\"TRUE\"), {enables},\n\
                     \x20   .CLKOUT0_DT_DIR(1'b1), .CLKOUT1_DT_DIR(1'b1), .CLKOUT2_DT_DIR(1'b1), .CLKOUT3_DT_DIR(1'b1),\n\
                     \x20   .CLKOUT0_DT_STEP(0), .CLKOUT1_DT_STEP(0), .CLKOUT2_DT_STEP(0), .CLKOUT3_DT_STEP(0),\n\
                     \x20   .CLK0_IN_SEL(1'b0), .CLK0_OUT_SEL(1'b0), .CLK1_IN_SEL(1'b0), .CLK1_OUT_SEL(1'b0),\n\
                     \x20   .CLKFB_SEL(\"INTERNAL\"), .DYN_DPA_EN(\"FALSE\"),\n\
                     \x20   .CLKOUT0_PE_COARSE(0), .CLKOUT0_PE_FINE(0), .CLKOUT1_PE_COARSE(0), .CLKOUT1_PE_FINE(0),\n\
                     \x20   .DE0_EN(\"FALSE\"), .DE1_EN(\"FALSE\"),\n\
                     \x20   .RESET_I_EN(\"FALSE\"), .RESET_O_EN(\"FALSE\"), .SSC_EN(\"FALSE\")\n\
                     \x20 ) pll (\n\
                     \x20   .CLKIN(clkin), .CLKOUT0(pll_clock), .LOCK(pll_lock), {pixel_port}, .CLKOUT2(),\n\
                     \x20   .CLKOUT3(), .CLKOUT4(), .CLKOUT5(), .CLKOUT6(), .CLKFBOUT(), .MDRDO(),\n\
                     \x20   .CLKFB(1'b0), .RESET(1'b0), .PLLPWD(1'b0), .RESET_I(1'b0), .RESET_O(1'b0),\n\
                     \x20   .PSSEL(3'b0), .PSDIR(1'b0), .PSPULSE(1'b0), .SSCPOL(1'b0), .SSCON(1'b0),\n\
                     \x20   .SSCMDSEL(7'b0), .SSCMDSEL_FRAC(3'b0), .MDCLK(1'b0), .MDOPC(2'b0), .MDAINC(1'b0),\n\
                     \x20   .MDWDI(8'b0)\n\
                     \x20 );\n",
                    idiv = self.input_div,
                    mdiv = self.feedback_div,
                    odiv = self.output_div,
                )
            }
            // The feedback straight from CLKFBOUT to CLKFBIN: no clock leaves the FPGA, so
            // none needs deskewing.
            PllKind::Mmcm => {
                let pixel_divide = self.vga_pixel_divide().ok().filter(|_| pixel);
                let (pixel_wire, pixel_params, pixel_port) = match pixel_divide {
                    Some(divide) => (
                        ", pll_pixel",
                        format!(
                            "\n\x20   .CLKOUT1_DIVIDE({divide}), .CLKOUT1_PHASE(0.000), \
                             .CLKOUT1_DUTY_CYCLE(0.500),"
                        ),
                        ".CLKOUT1(pll_pixel)",
                    ),
                    None => ("", String::new(), ".CLKOUT1()"),
                };
                format!(
                    "  wire pll_clock, pll_lock, feedback{pixel_wire};\n\
                     \x20 MMCME2_BASE #(\n\
                     \x20   .CLKIN1_PERIOD({period:.3}), .DIVCLK_DIVIDE({d}), .CLKFBOUT_MULT_F({m}.000),\n\
                     \x20   .CLKOUT0_DIVIDE_F({o}.000), .CLKFBOUT_PHASE(0.000), .CLKOUT0_PHASE(0.000),\n\
                     \x20   .CLKOUT0_DUTY_CYCLE(0.500),{pixel_params} .BANDWIDTH(\"OPTIMIZED\"), \
                     .STARTUP_WAIT(\"FALSE\")\n\
                     \x20 ) pll (\n\
                     \x20   .CLKIN1(clkin), .CLKFBIN(feedback), .CLKFBOUT(feedback), .CLKOUT0(pll_clock),\n\
                     \x20   .LOCKED(pll_lock), .RST(1'b0), .PWRDWN(1'b0), .CLKFBOUTB(), .CLKOUT0B(),\n\
                     \x20   {pixel_port}, .CLKOUT1B(), .CLKOUT2(), .CLKOUT2B(), .CLKOUT3(), .CLKOUT3B(),\n\
                     \x20   .CLKOUT4(), .CLKOUT5(), .CLKOUT6()\n\
                     \x20 );\n",
                    period = 1e9 / f64::from(self.input_hz),
                    d = self.input_div,
                    m = self.feedback_div,
                    o = self.output_div,
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds searched for any clock (the GW5A's makes the video's one clock, below).
    const KINDS: [PllKind; 2] = [PllKind::Ecp5, PllKind::Gw2a];

    #[test]
    fn no_clock_the_global_buffer_or_the_video_copy_cannot_take() {
        // The MMCM makes 500 MHz from 100 (×10 ÷ 2), but a -1 part's BUFGCE carries 464.
        let err = Pll::for_clock(PllKind::Mmcm, 100_000_000, 500_000_000).unwrap_err();
        assert!(matches!(err, PllError::Output { .. }), "{err}");
        assert!(Pll::for_clock(PllKind::Mmcm, 100_000_000, 400_000_000).is_ok());
        // A quarter of the highest pixel clock (25.4 MHz) is 6.35 MHz.
        let err = video_keeps_up(6_000_000).unwrap_err();
        assert!(err.to_string().contains("6.35 MHz"), "{err}");
        assert!(video_keeps_up(6_350_000).is_ok());
    }

    #[test]
    fn every_setting_offered_is_within_the_limits_and_makes_the_clock_asked_for() {
        for kind in KINDS {
            let l = kind.limits();
            for input in [12_000_000u32, 25_000_000, 27_000_000, 50_000_000] {
                for mhz_x2 in 20..=200u64 {
                    let wanted = mhz_x2 * 500_000;
                    match Pll::for_clock(kind, input, wanted) {
                        Ok(p) => {
                            assert!(p.within_limits(), "{p:?}");
                            assert_eq!(p.output_hz(), Some(wanted), "{p:?}");
                            assert!(l.vco_hz.contains(&p.vco_hz()), "{p:?}");
                        }
                        Err(PllError::Inexact { below, above, .. }) => {
                            assert!(
                                below < wanted && wanted < above,
                                "{wanted}: {below}, {above}"
                            );
                            // No setting makes it: checked against every divider.
                            for input_div in l.input_div.clone() {
                                for feedback_div in l.feedback_div.clone() {
                                    let p = Pll {
                                        kind,
                                        input_hz: input,
                                        input_div,
                                        feedback_div,
                                        output_div: l.output_divs[0],
                                    };
                                    if p.output_hz() != Some(wanted) {
                                        continue;
                                    }
                                    for &output_div in l.output_divs {
                                        let p = Pll { output_div, ..p };
                                        assert!(
                                            !p.within_limits(),
                                            "{wanted} Hz from {input} Hz: {p:?} was missed"
                                        );
                                    }
                                }
                            }
                        }
                        Err(e) => panic!("{kind:?}: {wanted} Hz from {input} Hz: {e}"),
                    }
                }
            }
        }
    }

    #[test]
    fn the_limits_reject_what_the_device_cannot_do() {
        let ok = Pll {
            kind: PllKind::Ecp5,
            input_hz: 25_000_000,
            input_div: 5,
            feedback_div: 8,
            output_div: 15,
        };
        assert!(ok.within_limits(), "40 MHz, its oscillator at 600 MHz");
        assert_eq!(ok.output_hz(), Some(40_000_000));
        let bad = [
            (
                Pll {
                    output_div: 40,
                    ..ok
                },
                "oscillator at 1.6 GHz",
            ),
            (
                Pll {
                    output_div: 5,
                    ..ok
                },
                "oscillator at 200 MHz",
            ),
            (
                Pll {
                    feedback_div: 81,
                    ..ok
                },
                "CLKFB_DIV past 80",
            ),
            (Pll { input_div: 0, ..ok }, "no divider"),
            (
                Pll {
                    input_div: 10,
                    feedback_div: 2,
                    output_div: 100,
                    ..ok
                },
                "a 5 MHz output",
            ),
        ];
        for (p, why) in bad {
            assert!(!p.within_limits(), "{why}");
        }
        let gowin = Pll {
            kind: PllKind::Gw2a,
            input_hz: 27_000_000,
            input_div: 1,
            feedback_div: 2,
            output_div: 16,
        };
        assert!(gowin.within_limits(), "54 MHz, its oscillator at 864 MHz");
        for (p, why) in [
            (
                Pll {
                    output_div: 8,
                    ..gowin
                },
                "oscillator at 432 MHz",
            ),
            (
                Pll {
                    output_div: 24,
                    ..gowin
                },
                "no output divider of 24",
            ),
            (
                Pll {
                    input_div: 10,
                    ..gowin
                },
                "phase detector at 2.7 MHz",
            ),
            (
                Pll {
                    feedback_div: 65,
                    ..gowin
                },
                "FBDIV_SEL past 63",
            ),
        ] {
            assert!(!p.within_limits(), "{why}");
        }
        assert!(matches!(
            Pll::for_clock(PllKind::Ecp5, 25_000_000, 5_000_000),
            Err(PllError::Output { .. })
        ));
        assert!(matches!(
            Pll::for_clock(PllKind::Ecp5, 5_000_000, 40_000_000),
            Err(PllError::Input { .. })
        ));
    }

    #[test]
    fn the_boards_clocks_come_with_the_oscillator_mid_range() {
        let p = Pll::for_clock(PllKind::Ecp5, 25_000_000, 40_000_000).unwrap();
        assert_eq!(p.vco_hz(), 600_000_000, "{p:?}");
        let v = p.verilog("gpu16_pll");
        assert!(
            v.contains(".CLKI_DIV(5), .CLKFB_DIV(8), .CLKOP_DIV(15)"),
            "{v}"
        );
        assert!(v.contains("module gpu16_pll(input clkin, output clkout, output locked);"));
        let g = Pll::for_clock(PllKind::Gw2a, 27_000_000, 54_000_000).unwrap();
        assert_eq!(g.vco_hz(), 864_000_000, "{g:?}");
        let v = g.verilog("gpu16_pll");
        assert!(
            v.contains(".FCLKIN(\"27\"), .IDIV_SEL(0), .FBDIV_SEL(1), .ODIV_SEL(16)"),
            "{v}"
        );
        assert!(v.contains("DQCE gate(.CLKIN(pll_clock), .CE(open), .CLKOUT(clkout));"));
    }

    #[test]
    fn the_gw5a_video_pll_feeds_back_its_oscillator() {
        let p = Pll::for_clock(PllKind::Gw5a, 50_000_000, 125_000_000).unwrap();
        assert!(p.within_limits(), "{p:?}");
        // 50 MHz × 20 = 1,000 MHz, ÷ 8 = 125 MHz.
        assert_eq!(
            (p.input_div, p.feedback_div, p.output_div),
            (1, 20, 8),
            "{p:?}"
        );
        assert_eq!(p.vco_hz(), 1_000_000_000);
        assert_eq!(p.output_hz(), Some(125_000_000));
        let v = p.video_verilog("gpu16_video_pll");
        assert!(
            v.contains(".FCLKIN(\"50\"), .IDIV_SEL(1), .FBDIV_SEL(1), .MDIV_SEL(20)"),
            "{v}"
        );
        assert!(v.contains(".ODIV0_SEL(8)"), "{v}");
        // The pixel clock: the oscillator ÷ 40, 25 MHz.
        assert!(v.contains(".ODIV1_SEL(40)"), "{v}");
        assert!(v.contains(".CLKOUT1_EN(\"TRUE\")"), "{v}");
        assert!(v.contains(".CLKOUT1(pll_pixel)"), "{v}");
        assert!(v.contains("assign pixel_clock = pll_pixel;"), "{v}");
        // gowin_pack misreads parameters left to their defaults: every output's are given.
        for k in 2..7 {
            assert!(v.contains(&format!(".ODIV{k}_SEL(8)")), "{v}");
            assert!(v.contains(&format!(".CLKOUT{k}_EN(\"FALSE\")")), "{v}");
        }
        for (bad, why) in [
            (
                Pll {
                    feedback_div: 28,
                    ..p
                },
                "oscillator at 1.4 GHz",
            ),
            (
                Pll {
                    input_div: 4,
                    feedback_div: 80,
                    ..p
                },
                "phase detector at 12.5 MHz",
            ),
            (Pll { output_div: 1, ..p }, "ODIV0_SEL of 1"),
            (
                Pll {
                    feedback_div: 1,
                    output_div: 1,
                    input_div: 1,
                    ..p
                },
                "MDIV_SEL of 1",
            ),
        ] {
            assert!(!bad.within_limits(), "{why}");
        }
    }

    #[test]
    fn the_mmcm_makes_a_vga_pixel_clock_beside_the_design_clock() {
        for (mhz, divide) in [(75, 36), (100, 36), (50, 36)] {
            let p = Pll::for_clock(PllKind::Mmcm, 100_000_000, mhz * 1_000_000).unwrap();
            assert_eq!(p.vga_pixel_divide(), Ok(divide), "{mhz} MHz");
            assert!(VGA_PIXEL_HZ.contains(&(p.vco_hz() / u64::from(divide))));
            let v = p.vga_verilog("gpu16_pll").unwrap();
            assert!(v.contains(&format!(".CLKOUT1_DIVIDE({divide}),")), "{v}");
            assert!(v.contains(".CLKOUT1(pll_pixel)"), "{v}");
            assert!(
                v.contains("module gpu16_pll(input clkin, output clkout, output locked, output pixel_clock);"),
                "{v}"
            );
            assert!(v.contains("BUFG pixel_buffer(.I(pll_pixel), .O(pixel_clock));"));
            // The module without the pixel clock leaves the second output unused.
            assert!(p.verilog("gpu16_pll").contains(".CLKOUT1(),"));
        }
        // An oscillator at 640 MHz: ÷ 25 is 25.6 MHz, ÷ 26 is 24.6.
        let p = Pll {
            kind: PllKind::Mmcm,
            input_hz: 100_000_000,
            input_div: 5,
            feedback_div: 32,
            output_div: 8,
        };
        assert_eq!(
            p.vga_pixel_divide(),
            Err(PllError::NoPixelClock { vco: 640_000_000 })
        );
    }

    #[test]
    fn the_xilinx_mmcm_feeds_back_its_oscillator_behind_a_bufgce() {
        let p = Pll::for_clock(PllKind::Mmcm, 100_000_000, 75_000_000).unwrap();
        // 100 MHz × 9 = 900 MHz, the middle of 600-1200, ÷ 12 = 75 MHz.
        assert_eq!(
            (p.input_div, p.feedback_div, p.output_div),
            (1, 9, 12),
            "{p:?}"
        );
        assert_eq!(p.vco_hz(), 900_000_000);
        let v = p.verilog("gpu16_pll");
        assert!(
            v.contains(".CLKIN1_PERIOD(10.000), .DIVCLK_DIVIDE(1), .CLKFBOUT_MULT_F(9.000)"),
            "{v}"
        );
        assert!(v.contains(".CLKOUT0_DIVIDE_F(12.000)"), "{v}");
        assert!(v.contains(".CLKFBIN(feedback), .CLKFBOUT(feedback)"), "{v}");
        assert!(v.contains("BUFGCE gate(.I(pll_clock), .CE(lock_sync[1]), .O(clkout));"));
        assert!(v.contains("always @(posedge pll_local) lock_sync <= {lock_sync[0], pll_lock};"));
        for (bad, why) in [
            (Pll { output_div: 1, ..p }, "a 900 MHz output"),
            (
                Pll {
                    feedback_div: 13,
                    ..p
                },
                "oscillator at 1.3 GHz",
            ),
            (
                Pll {
                    feedback_div: 5,
                    output_div: 8,
                    ..p
                },
                "oscillator at 500 MHz",
            ),
            (
                Pll {
                    input_div: 11,
                    feedback_div: 66,
                    ..p
                },
                "phase detector at 9.1 MHz, CLKFBOUT_MULT_F past 64",
            ),
        ] {
            assert!(!bad.within_limits(), "{why}");
        }
        assert!(matches!(
            Pll::for_clock(PllKind::Mmcm, 100_000_000, 1_000_000_000),
            Err(PllError::Output { .. })
        ));
    }
}
