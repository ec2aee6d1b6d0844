//! The Quartus project of a Terasic board: `gpu16.qpf` and `gpu16.qsf` (device, sources,
//! pins), the timing constraints (`gpu16.sdc`) and a script (`build.tcl`, run as
//! `quartus_sh -t build.tcl`) that synthesises, fits, analyses timing and only then
//! assembles the bitstream (`output_files/gpu16.sof`, and `gpu16.svf` for openFPGALoader).

use super::VendorBoard;
use std::fmt::Write;

/// The script's name in the project folder.
pub const SCRIPT: &str = "build.tcl";
/// The timing constraints' name in the project folder.
pub const TIMING: &str = "gpu16.sdc";

/// The arguments `gpu16 build` runs `quartus_sh` with, in the project folder.
pub const ARGS: [&str; 2] = ["-t", SCRIPT];

/// The I/O standard of the pins gpu16 uses on these boards (3.3 V banks), but those a
/// port names its own ([`super::Port::io_standard`]).
const IO_STANDARD: &str = "3.3-V LVTTL";

/// `gpu16.qpf`: the project, whose one revision is `gpu16`.
pub fn project_file() -> String {
    "PROJECT_REVISION = \"gpu16\"\n".to_string()
}

/// `gpu16.qsf`: the device, the sources and the pins.
pub fn settings(board: VendorBoard, sources: &[&str]) -> String {
    let family = board
        .intel_family()
        .expect("a Quartus project is for an Intel board");
    let mut q = String::new();
    writeln!(
        q,
        "# {} ({}): gpu16's Quartus settings, pins from Terasic's board files (gpu16 build).",
        board.title(),
        board.part()
    )
    .unwrap();
    let global = |q: &mut String, name: &str, value: &str| {
        writeln!(q, "set_global_assignment -name {name} {value}").unwrap()
    };
    global(&mut q, "FAMILY", &format!("\"{family}\""));
    global(&mut q, "DEVICE", board.part());
    global(&mut q, "TOP_LEVEL_ENTITY", "gpu16_board");
    global(&mut q, "PROJECT_OUTPUT_DIRECTORY", "output_files");
    for source in sources {
        global(&mut q, "VERILOG_FILE", source);
    }
    global(&mut q, "SDC_FILE", TIMING);
    // openFPGALoader loads an SVF over JTAG.
    global(&mut q, "GENERATE_SVF_FILE", "ON");
    if board == VendorBoard::De10Lite {
        // The design's block RAMs start from initial contents, which a MAX 10 loads only
        // in this configuration mode.
        global(
            &mut q,
            "INTERNAL_FLASH_UPDATE_MODE",
            "\"SINGLE IMAGE WITH ERAM\"",
        );
    }
    for port in board.pins().ports() {
        writeln!(q, "# {}: {}", port.name, port.note).unwrap();
        for (pin, site) in port.pins() {
            writeln!(q, "set_location_assignment PIN_{site} -to {pin}").unwrap();
            let standard = port.io_standard.unwrap_or(IO_STANDARD);
            writeln!(
                q,
                "set_instance_assignment -name IO_STANDARD \"{standard}\" -to {pin}"
            )
            .unwrap();
        }
    }
    q
}

/// `gpu16.sdc`: the oscillator's period; with VGA, the pixel clock the wrapper makes by
/// halving it (its register `pixel_clock`), asynchronous to the design's clock (the
/// picture crosses through `FrameCopy`'s handshake). The UART's input and the outputs are
/// not timed ([`super::Pins::untimed_outputs`]).
pub fn timing(board: VendorBoard) -> String {
    let pins = board.pins();
    let mut s = String::new();
    writeln!(
        s,
        "# {}: gpu16's timing constraints (gpu16 build).",
        board.title()
    )
    .unwrap();
    writeln!(
        s,
        "create_clock -name oscillator -period {:.3} [get_ports {{{}}}]",
        1e9 / f64::from(board.oscillator_hz()),
        pins.clock.name
    )
    .unwrap();
    if pins.vga.is_some() {
        writeln!(
            s,
            "create_generated_clock -name pixel -source [get_ports {{{}}}] -divide_by 2 \
             [get_registers {{pixel_clock}}]",
            pins.clock.name
        )
        .unwrap();
        writeln!(
            s,
            "set_clock_groups -asynchronous -group {{oscillator}} -group {{pixel}}"
        )
        .unwrap();
    }
    writeln!(s, "derive_clock_uncertainty").unwrap();
    writeln!(
        s,
        "set_false_path -from [get_ports {{{}}}]",
        pins.uart_rx.name
    )
    .unwrap();
    for port in pins.untimed_outputs() {
        writeln!(s, "set_false_path -to [get_ports {{{}*}}]", port.name).unwrap();
    }
    s
}

/// `build.tcl`: analysis and synthesis, the fitter and the timing analyser; the assembler
/// runs only if every slack in the timing analyser's summary (setup, hold, recovery,
/// removal and pulse width, at every corner) is at least zero. Otherwise the script stops
/// with an error and `quartus_sh` exits non-zero.
pub fn script(board: VendorBoard) -> String {
    format!(
        r#"# {title} ({part}): gpu16's Quartus build (gpu16 build).
# Run in this folder: quartus_sh -t {SCRIPT}
# It assembles output_files/gpu16.sof (and gpu16.svf) only if the fitted design meets timing.
load_package flow
project_open gpu16
execute_module -tool map
execute_module -tool fit
execute_module -tool sta
project_close

# Refuse a bitstream that would compute wrong results: any negative slack in the summary.
set summary [open output_files/gpu16.sta.summary r]
set text [read $summary]
close $summary
set type ""
set slacks 0
set failing {{}}
foreach line [split $text "\n"] {{
    if {{[regexp {{^Type\s*:\s*(.*)$}} $line -> found]}} {{
        set type [string trim $found]
    }}
    if {{[regexp {{^Slack\s*:\s*(-?[0-9.]+)}} $line -> slack]}} {{
        incr slacks
        if {{$slack < 0}} {{
            lappend failing "$type: $slack ns"
        }}
    }}
}}
if {{$slacks == 0}} {{
    error "gpu16: the timing analyser reported no slack (output_files/gpu16.sta.summary): no bitstream written"
}}
if {{[llength $failing] > 0}} {{
    error "gpu16: timing NOT met ([join $failing {{; }}]; output_files/gpu16.sta.rpt has the paths): no bitstream written. The board runs at its oscillator's clock: build a smaller GPU, gpu16 build --board {name} --cores N or --no-counters"
}}
puts "gpu16: timing met ($slacks slacks, none negative)"
project_open gpu16
execute_module -tool asm
project_close
puts "gpu16: bitstream output_files/gpu16.sof"
"#,
        title = board.title(),
        part = board.part(),
        name = board.name(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_assembles_only_after_the_timing_check() {
        let s = script(VendorBoard::De2_115);
        let check = s.find("if {[llength $failing] > 0}").unwrap();
        let assemble = s.find("execute_module -tool asm").unwrap();
        assert!(check < assemble, "{s}");
        let q = settings(VendorBoard::De2_115, &["design.v", "pins.v"]);
        assert!(
            q.contains("set_global_assignment -name FAMILY \"Cyclone IV E\""),
            "{q}"
        );
        assert!(
            q.contains("set_global_assignment -name DEVICE EP4CE115F29C7"),
            "{q}"
        );
        assert!(
            q.contains("set_global_assignment -name VERILOG_FILE pins.v"),
            "{q}"
        );
    }
}
