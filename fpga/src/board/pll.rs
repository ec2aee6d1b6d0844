//! The ECP5 PLL (`EHXPLLL`) that clocks the design on a board: the dividers that make a
//! requested clock from the board's oscillator within the device's limits, and the Verilog
//! of the PLL with them.
//!
//! With the feedback taken from the output (`FEEDBK_PATH "CLKOP"`), the PLL's phase detector
//! compares `f_in / CLKI_DIV` with `f_out / CLKFB_DIV`, so `f_out = f_in · CLKFB_DIV /
//! CLKI_DIV`, and its oscillator runs at `f_vco = f_out · CLKOP_DIV`. The limits are those
//! Project Trellis' `ecppll` applies (input 8–400 MHz, output 10–400 MHz, phase detector
//! 3.125–400 MHz, oscillator 400–800 MHz; `CLKI_DIV` and `CLKOP_DIV` 1–128, `CLKFB_DIV`
//! 1–80). Only clocks the PLL makes exactly are offered, so the UART's bit time, counted in
//! clock cycles, is what the build computed.

use std::ops::RangeInclusive;
use thiserror::Error;

/// Input, output, phase-detector and oscillator frequencies the PLL works at, in Hz.
pub const INPUT_HZ: RangeInclusive<u64> = 8_000_000..=400_000_000;
pub const OUTPUT_HZ: RangeInclusive<u64> = 10_000_000..=400_000_000;
pub const PFD_HZ: RangeInclusive<f64> = 3_125_000.0..=400_000_000.0;
pub const VCO_HZ: RangeInclusive<u64> = 400_000_000..=800_000_000;
/// The dividers' ranges.
pub const CLKI_DIV: RangeInclusive<u32> = 1..=128;
pub const CLKFB_DIV: RangeInclusive<u32> = 1..=80;
pub const CLKOP_DIV: RangeInclusive<u32> = 1..=128;

/// The PLL's dividers for one input clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pll {
    pub input_hz: u32,
    pub clki_div: u32,
    pub clkfb_div: u32,
    pub clkop_div: u32,
}

/// A clock the PLL cannot make.
#[derive(Debug, Error, PartialEq)]
pub enum PllError {
    #[error("the PLL takes an input clock of 8 to 400 MHz, not {} MHz", mhz(u64::from(*.0)))]
    Input(u32),
    #[error("{} MHz is outside the PLL's 10-400 MHz", mhz(*.0))]
    Output(u64),
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
        "the {board} runs from its {} MHz oscillator: gpu16 has no PLL for its FPGA yet",
        mhz(u64::from(*oscillator))
    )]
    NoPll {
        board: &'static str,
        oscillator: u32,
    },
}

/// `hz` in MHz, as few digits as it takes.
fn mhz(hz: u64) -> String {
    format!("{}", hz as f64 / 1e6)
}

impl Pll {
    /// The dividers that make exactly `output_hz` from `input_hz`, the oscillator nearest
    /// 600 MHz (the middle of its range) among them.
    pub fn for_clock(input_hz: u32, output_hz: u64) -> Result<Pll, PllError> {
        if !INPUT_HZ.contains(&u64::from(input_hz)) {
            return Err(PllError::Input(input_hz));
        }
        if !OUTPUT_HZ.contains(&output_hz) {
            return Err(PllError::Output(output_hz));
        }
        Pll::all(input_hz)
            .filter(|p| p.output_hz() == Some(output_hz))
            .min_by_key(|p| p.vco_hz().abs_diff(600_000_000))
            .ok_or_else(|| {
                let made: Vec<u64> = Pll::all(input_hz).filter_map(|p| p.output_hz()).collect();
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

    /// Every setting within the limits for `input_hz`.
    fn all(input_hz: u32) -> impl Iterator<Item = Pll> {
        CLKI_DIV
            .flat_map(move |clki_div| {
                CLKFB_DIV.flat_map(move |clkfb_div| {
                    CLKOP_DIV.map(move |clkop_div| Pll {
                        input_hz,
                        clki_div,
                        clkfb_div,
                        clkop_div,
                    })
                })
            })
            .filter(Pll::within_limits)
    }

    /// The output clock, if it is a whole number of Hz.
    pub fn output_hz(&self) -> Option<u64> {
        let scaled = u64::from(self.input_hz) * u64::from(self.clkfb_div);
        (scaled % u64::from(self.clki_div) == 0).then(|| scaled / u64::from(self.clki_div))
    }

    /// The oscillator's frequency (rounded down to a Hz).
    pub fn vco_hz(&self) -> u64 {
        u64::from(self.input_hz) * u64::from(self.clkfb_div) * u64::from(self.clkop_div)
            / u64::from(self.clki_div)
    }

    /// The phase detector's frequency.
    pub fn pfd_hz(&self) -> f64 {
        f64::from(self.input_hz) / f64::from(self.clki_div)
    }

    /// Every divider, and every frequency, in its range.
    pub fn within_limits(&self) -> bool {
        let exact_vco =
            u64::from(self.input_hz) * u64::from(self.clkfb_div) * u64::from(self.clkop_div);
        let out_num = u64::from(self.input_hz) * u64::from(self.clkfb_div);
        let div = u64::from(self.clki_div);
        CLKI_DIV.contains(&self.clki_div)
            && CLKFB_DIV.contains(&self.clkfb_div)
            && CLKOP_DIV.contains(&self.clkop_div)
            && INPUT_HZ.contains(&u64::from(self.input_hz))
            && PFD_HZ.contains(&self.pfd_hz())
            && exact_vco >= VCO_HZ.start() * div
            && exact_vco <= VCO_HZ.end() * div
            && out_num >= OUTPUT_HZ.start() * div
            && out_num <= OUTPUT_HZ.end() * div
    }

    /// A Verilog module `name` (ports `clkin`, `clkout`, `locked`) with the PLL set up so.
    pub fn verilog(&self, name: &str) -> String {
        let mhz = |hz: f64| format!("{}", hz / 1e6);
        let out =
            u64::from(self.input_hz) as f64 * f64::from(self.clkfb_div) / f64::from(self.clki_div);
        format!(
            "// The board's PLL (gpu16 build): {in_mhz} MHz in, {out_mhz} MHz out, its oscillator \
             at {vco_mhz} MHz.\n\
             module {name}(input clkin, output clkout, output locked);\n\
             \x20 (* FREQUENCY_PIN_CLKI=\"{in_mhz}\" *) (* FREQUENCY_PIN_CLKOP=\"{out_mhz}\" *)\n\
             \x20 (* ICP_CURRENT=\"12\" *) (* LPF_RESISTOR=\"8\" *) (* MFG_ENABLE_FILTEROPAMP=\"1\" *) \
             (* MFG_GMCREF_SEL=\"2\" *)\n\
             \x20 EHXPLLL #(\n\
             \x20   .PLLRST_ENA(\"DISABLED\"), .INTFB_WAKE(\"DISABLED\"), .STDBY_ENABLE(\"DISABLED\"),\n\
             \x20   .DPHASE_SOURCE(\"DISABLED\"), .OUTDIVIDER_MUXA(\"DIVA\"), .CLKOP_ENABLE(\"ENABLED\"),\n\
             \x20   .CLKI_DIV({clki}), .CLKFB_DIV({clkfb}), .CLKOP_DIV({clkop}),\n\
             \x20   .CLKOP_CPHASE({cphase}), .CLKOP_FPHASE(0), .FEEDBK_PATH(\"CLKOP\")\n\
             \x20 ) pll (\n\
             \x20   .CLKI(clkin), .CLKFB(clkout), .CLKOP(clkout), .LOCK(locked),\n\
             \x20   .RST(1'b0), .STDBY(1'b0), .PHASESEL0(1'b0), .PHASESEL1(1'b0), .PHASEDIR(1'b0),\n\
             \x20   .PHASESTEP(1'b0), .PHASELOADREG(1'b0), .PLLWAKESYNC(1'b0), .ENCLKOP(1'b0)\n\
             \x20 );\n\
             endmodule\n",
            in_mhz = mhz(f64::from(self.input_hz)),
            out_mhz = mhz(out),
            vco_mhz = mhz(out * f64::from(self.clkop_div)),
            clki = self.clki_div,
            clkfb = self.clkfb_div,
            clkop = self.clkop_div,
            // The output's edge half a period later, as Lattice's tools place it.
            cphase = self.clkop_div / 2,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_offered_is_within_the_limits_and_makes_the_clock_asked_for() {
        for input in [12_000_000u32, 25_000_000, 27_000_000, 100_000_000] {
            for mhz_x2 in 20..=200u64 {
                let wanted = mhz_x2 * 500_000;
                match Pll::for_clock(input, wanted) {
                    Ok(p) => {
                        assert!(p.within_limits(), "{p:?}");
                        assert_eq!(p.output_hz(), Some(wanted), "{p:?}");
                        assert!(VCO_HZ.contains(&p.vco_hz()), "{p:?}");
                    }
                    Err(PllError::Inexact { below, above, .. }) => {
                        assert!(
                            below < wanted && wanted < above,
                            "{wanted}: {below}, {above}"
                        );
                        // No setting makes it: checked against every divider, limits or not.
                        for clki in CLKI_DIV {
                            for clkfb in CLKFB_DIV {
                                let p = Pll {
                                    input_hz: input,
                                    clki_div: clki,
                                    clkfb_div: clkfb,
                                    clkop_div: 1,
                                };
                                if p.output_hz() == Some(wanted) {
                                    assert!(
                                        CLKOP_DIV
                                            .clone()
                                            .all(|d| !Pll { clkop_div: d, ..p }.within_limits()),
                                        "{wanted} Hz from {input} Hz: {p:?} was missed"
                                    );
                                }
                            }
                        }
                    }
                    Err(e) => panic!("{wanted} Hz from {input} Hz: {e}"),
                }
            }
        }
    }

    #[test]
    fn the_limits_reject_what_the_device_cannot_do() {
        let ok = Pll {
            input_hz: 25_000_000,
            clki_div: 5,
            clkfb_div: 8,
            clkop_div: 15,
        };
        assert!(ok.within_limits(), "40 MHz, its oscillator at 600 MHz");
        assert_eq!(ok.output_hz(), Some(40_000_000));
        assert!(
            !Pll {
                clkop_div: 40,
                ..ok
            }
            .within_limits(),
            "oscillator at 1.6 GHz"
        );
        assert!(
            !Pll { clkop_div: 5, ..ok }.within_limits(),
            "oscillator at 200 MHz"
        );
        assert!(
            !Pll {
                clkfb_div: 81,
                ..ok
            }
            .within_limits(),
            "CLKFB_DIV past 80"
        );
        assert!(!Pll { clki_div: 0, ..ok }.within_limits());
        assert!(
            !Pll {
                input_hz: 25_000_000,
                clki_div: 10,
                clkfb_div: 2,
                clkop_div: 100
            }
            .within_limits(),
            "a 5 MHz output"
        );
        assert_eq!(
            Pll::for_clock(25_000_000, 5_000_000),
            Err(PllError::Output(5_000_000))
        );
        assert_eq!(
            Pll::for_clock(5_000_000, 40_000_000),
            Err(PllError::Input(5_000_000))
        );
    }

    #[test]
    fn the_boards_clocks_come_with_the_oscillator_near_600_mhz() {
        let p = Pll::for_clock(25_000_000, 40_000_000).unwrap();
        assert_eq!(p.vco_hz(), 600_000_000, "{p:?}");
        let v = p.verilog("gpu16_pll");
        assert!(
            v.contains(".CLKI_DIV(5), .CLKFB_DIV(8), .CLKOP_DIV(15)"),
            "{v}"
        );
        assert!(v.contains("module gpu16_pll(input clkin, output clkout, output locked);"));
    }
}
