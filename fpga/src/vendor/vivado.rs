//! The Vivado project of a Digilent board: the constraints (`gpu16.xdc`) and a non-project
//! batch script (`build.tcl`, run as `vivado -mode batch -source build.tcl`) that
//! synthesises, places, routes, checks timing and only then writes the bitstream.

use super::VendorBoard;
use std::fmt::Write;

/// The script's name in the project folder.
pub const SCRIPT: &str = "build.tcl";
/// The constraints' name in the project folder.
pub const CONSTRAINTS: &str = "gpu16.xdc";

/// The arguments `gpu16 build` runs `vivado` with, in the project folder.
pub const ARGS: [&str; 6] = ["-mode", "batch", "-source", SCRIPT, "-log", "vivado.log"];

/// `gpu16.xdc`: each pin's package pin and I/O standard (LVCMOS33: every pin gpu16 uses is
/// in a 3.3 V bank), the oscillator's period, and the configuration voltage, as Digilent's
/// master files have them. The UART's input and the outputs are not timed
/// ([`super::Pins::untimed_outputs`]). With VGA, the MMCM's two outputs (Vivado derives
/// their clocks) are asynchronous groups: the picture crosses between them through
/// `FrameCopy`'s handshake (docs/microarchitecture.md, "Video").
pub fn constraints(board: VendorBoard) -> String {
    let pins = board.pins();
    let mut x = String::new();
    writeln!(
        x,
        "# {} ({}): gpu16's pins, from Digilent's master XDC file (gpu16 build).",
        board.title(),
        board.part()
    )
    .unwrap();
    for port in pins.ports() {
        writeln!(x, "# {}: {}", port.name, port.note).unwrap();
        for (pin, site) in port.pins() {
            writeln!(
                x,
                "set_property -dict {{ PACKAGE_PIN {site} IOSTANDARD LVCMOS33 }} [get_ports {{ {pin} }}]"
            )
            .unwrap();
        }
    }
    let period_ns = 1e9 / f64::from(board.oscillator_hz());
    writeln!(
        x,
        "create_clock -name oscillator -period {period_ns:.3} [get_ports {{ {} }}]",
        pins.clock.name
    )
    .unwrap();
    writeln!(
        x,
        "set_false_path -from [get_ports {{ {} }}]",
        pins.uart_rx.name
    )
    .unwrap();
    for port in pins.untimed_outputs() {
        writeln!(x, "set_false_path -to [get_ports {{ {}* }}]", port.name).unwrap();
    }
    if pins.vga.is_some() {
        writeln!(
            x,
            "set_clock_groups -asynchronous \
             -group [get_clocks -of_objects [get_pins pll/pll/CLKOUT0]] \
             -group [get_clocks -of_objects [get_pins pll/pll/CLKOUT1]]"
        )
        .unwrap();
    }
    // The configuration bank's voltage, as the Digilent master XDC files set it for every
    // board here (Basys-3-Master.xdc, Arty-A7-35-Master.xdc, Arty-A7-100-Master.xdc,
    // Nexys-A7-100T-Master.xdc, "Configuration options"; AMD UG912, CFGBVS and
    // CONFIG_VOLTAGE): bank 0 at 3.3 V.
    writeln!(x, "set_property CFGBVS VCCO [current_design]").unwrap();
    writeln!(x, "set_property CONFIG_VOLTAGE 3.3 [current_design]").unwrap();
    writeln!(
        x,
        "set_property BITSTREAM.GENERAL.COMPRESS TRUE [current_design]"
    )
    .unwrap();
    x
}

/// `build.tcl`: reads `sources`, implements them for the board's part and writes the
/// bitstream only if what Vivado's own sign-off looks at is clean: every net routed, every
/// path meeting its setup and hold time, every clock's pulse width (WPWS in the timing
/// summary), and `check_timing` finding no clock pin without a clock, no untimed internal
/// endpoint and no combinational loop. Otherwise it stops with an error (and Vivado exits
/// non-zero). The reports are left in the folder: `utilization.rpt`, `timing.rpt`,
/// `check_timing.rpt`.
pub fn script(board: VendorBoard, sources: &[&str]) -> String {
    format!(
        r#"# {title} ({part}): gpu16's Vivado build (gpu16 build).
# Run in this folder: vivado -mode batch -source {SCRIPT}
# It writes {bitstream} only if the routed design meets timing.
set part {part}
read_verilog {{ {sources} }}
read_xdc {CONSTRAINTS}
synth_design -top gpu16_board -part $part
opt_design
place_design
phys_opt_design
route_design
report_utilization -file utilization.rpt
report_timing_summary -max_paths 10 -file timing.rpt

# Refuse a bitstream that would compute wrong results: an unrouted net, or a path slower
# than its clock (setup) or faster than its hold time.
set unrouted [get_nets -quiet -hierarchical -filter {{ROUTE_STATUS == UNROUTED || ROUTE_STATUS == PARTIAL || ROUTE_STATUS == CONFLICTS}}]
if {{[llength $unrouted] > 0}} {{
    error "gpu16: [llength $unrouted] nets not routed: no bitstream written"
}}
set setup [get_timing_paths -delay_type max -max_paths 1]
set hold [get_timing_paths -delay_type min -max_paths 1]
if {{[llength $setup] == 0 || [llength $hold] == 0}} {{
    error "gpu16: no timed path: the clock constraint in {CONSTRAINTS} did not apply; no bitstream written"
}}
set wns [get_property SLACK $setup]
set whs [get_property SLACK $hold]
# The clocks' pulse widths: WPWS, the ninth figure of the timing summary's table.
set report [open timing.rpt]
set summary [read $report]
close $report
if {{![regexp {{WPWS\(ns\)[^\n]*\n[ -]*\n\s*(\S+\s+){{8}}(\S+)}} $summary -> _ wpws]}} {{
    error "gpu16: no pulse width slack (WPWS) in timing.rpt's summary: no bitstream written"
}}
puts "gpu16: worst setup slack $wns ns, worst hold slack $whs ns, worst pulse width slack $wpws ns"
if {{$wns < 0 || $whs < 0 || $wpws < 0}} {{
    error "gpu16: timing NOT met (setup slack $wns ns, hold slack $whs ns, pulse width slack $wpws ns; timing.rpt has the paths): no bitstream written. Build at a slower clock: gpu16 build --board {name} --clock MHZ"
}}
# What the paths do not show: a clock pin no clock reaches, an endpoint nothing times, a loop.
check_timing -file check_timing.rpt
set report [open check_timing.rpt]
set checks [read $report]
close $report
foreach check {{no_clock unconstrained_internal_endpoints loops}} {{
    if {{![regexp "checking $check \\((\[0-9\]+)\\)" $checks -> count]}} {{
        error "gpu16: check_timing.rpt has no count for $check: no bitstream written"
    }}
    if {{$count > 0}} {{
        error "gpu16: check_timing found $count in $check (check_timing.rpt): no bitstream written"
    }}
}}
write_bitstream -force {bitstream}
puts "gpu16: timing met; bitstream {bitstream}"
"#,
        title = board.title(),
        part = board.part(),
        name = board.name(),
        bitstream = board.bitstream_file(),
        sources = sources.join(" "),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_checks_timing_before_it_writes_the_bitstream() {
        let s = script(VendorBoard::Basys3, &["design.v", "pll.v", "pins.v"]);
        let check = s.find("if {$wns < 0 || $whs < 0 || $wpws < 0}").unwrap();
        assert!(
            s.find("check_timing -file check_timing.rpt").unwrap()
                < s.find("write_bitstream").unwrap()
        );
        let write = s.find("write_bitstream").unwrap();
        assert!(check < write, "{s}");
        assert!(
            s.contains("synth_design -top gpu16_board -part $part"),
            "{s}"
        );
        assert!(s.contains("set part xc7a35tcpg236-1"), "{s}");
        assert!(s.contains("read_verilog { design.v pll.v pins.v }"), "{s}");
    }
}
