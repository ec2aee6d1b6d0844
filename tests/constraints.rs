//! The open-flow boards' pins (constraints/*.lpf, *.cst) held to the makers' own files, pin
//! by pin: every pin gpu16 places is on the site the maker's file gives that signal. The
//! classroom boards' are tests/vendor.rs's.

use std::collections::BTreeMap;

/// `name → site` of every `LOCATE COMP "name" SITE "site";` (LPF) or `IO_LOC "name" site;`
/// (CST) line of `file`.
fn placed(file: &str) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(format!("constraints/{file}")).unwrap();
    text.lines()
        .filter_map(|l| {
            let l = l.trim();
            if let Some(rest) = l.strip_prefix("LOCATE COMP \"") {
                let (name, rest) = rest.split_once('"')?;
                let site = rest.trim().strip_prefix("SITE \"")?.split('"').next()?;
                Some((name.to_string(), site.to_string()))
            } else {
                let rest = l.strip_prefix("IO_LOC \"")?;
                let (name, rest) = rest.split_once('"')?;
                Some((
                    name.to_string(),
                    rest.trim().trim_end_matches(';').to_string(),
                ))
            }
        })
        .collect()
}

fn table(pins: &[(&str, &str)]) -> BTreeMap<String, String> {
    pins.iter()
        .map(|(n, s)| (n.to_string(), s.to_string()))
        .collect()
}

/// ULX3S: Radiona's `ulx3s_v20.lpf` (github.com/emard/ulx3s, doc/constraints), with its
/// names: the 25 MHz clock, the FTDI UART (`ftdi_rxd` is the FPGA's output), the eight LEDs,
/// the ESP32's GPIO0 (held high so it does not reset the board) and the GPDI's positive pins.
#[test]
fn the_ulx3s_pins_are_radionas() {
    let maker = table(&[
        ("clk_25mhz", "G2"),
        ("ftdi_rxd", "L4"),
        ("ftdi_txd", "M1"),
        ("led[0]", "B2"),
        ("led[1]", "C2"),
        ("led[2]", "C1"),
        ("led[3]", "D2"),
        ("led[4]", "D1"),
        ("led[5]", "E2"),
        ("led[6]", "E1"),
        ("led[7]", "H3"),
        ("wifi_gpio0", "L2"),
        ("gpdi_dp[0]", "A16"),
        ("gpdi_dp[1]", "A14"),
        ("gpdi_dp[2]", "A12"),
        ("gpdi_dp[3]", "A17"),
    ]);
    assert_eq!(placed("ulx3s.lpf"), maker);
}

/// Tang Nano 20K: Sipeed's examples (TangNano-20K-example), by signal: the 27 MHz clock on
/// pin 4, the BL616's UART (FPGA transmits on 69, receives on 70), LEDs 0-5 on 15-20, and
/// the HDMI pairs (clock 33/34, data 0 35/36, 1 37/38, 2 39/40).
#[test]
fn the_tang_nano_20k_pins_are_sipeeds() {
    let maker = table(&[
        ("clk", "4"),
        ("uart_tx", "69"),
        ("uart_rx", "70"),
        ("led_n[0]", "15"),
        ("led_n[1]", "16"),
        ("led_n[2]", "17"),
        ("led_n[3]", "18"),
        ("led_n[4]", "19"),
        ("led_n[5]", "20"),
        ("tmds_clk_p", "33"),
        ("tmds_clk_n", "34"),
        ("tmds_d_p[0]", "35"),
        ("tmds_d_n[0]", "36"),
        ("tmds_d_p[1]", "37"),
        ("tmds_d_n[1]", "38"),
        ("tmds_d_p[2]", "39"),
        ("tmds_d_n[2]", "40"),
    ]);
    assert_eq!(placed("tangnano20k.cst"), maker);
}

/// Colorlight i5 (v7.0) and i9 (v7.2): LiteX's platforms (litex-boards `colorlight_i5.py`,
/// documented by @smunaut; the i9 is the i5 with its LED on L2): the 25 MHz clock, the UART
/// on the extension board, the LED and the GPDI's positive pins.
#[test]
fn the_colorlight_pins_are_litexs() {
    for (file, led) in [("colorlight-i5.lpf", "U16"), ("colorlight-i9.lpf", "L2")] {
        let maker = table(&[
            ("clk25", "P3"),
            ("uart_tx", "J17"),
            ("uart_rx", "H18"),
            ("led_n", led),
            ("gpdi_dp[0]", "G19"),
            ("gpdi_dp[1]", "E20"),
            ("gpdi_dp[2]", "C20"),
            ("gpdi_dp[3]", "J19"),
        ]);
        assert_eq!(placed(file), maker, "{file}");
    }
}

/// Tang Primer 25K: the 50 MHz clock on E2 and the dock's UART (FPGA transmits on C3,
/// receives on B3), as a LiteX platform for the GW5A-LV25MG121 has them. The PMOD DVI
/// module's pins (tangprimer25k-pmod-dvi.cst) are not checked here: no maker's file for them
/// was at hand.
#[test]
fn the_tang_primer_25k_pins_are_the_docks() {
    let maker = table(&[("clk", "E2"), ("uart_tx", "C3"), ("uart_rx", "B3")]);
    assert_eq!(placed("tangprimer25k.cst"), maker);
}
