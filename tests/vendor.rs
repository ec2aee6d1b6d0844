//! The classroom boards (docs/BOARD.md, "Classroom boards"): `gpu16 build` writes each one's
//! Vivado or Quartus project, its pins are the boards' own, and the project's script, run by
//! a stand-in `vivado` or `quartus_sh` that executes it in Tcl with the vendor's commands
//! faked, writes a bitstream only when timing is met.

mod common;

use common::scratch;
use std::path::Path;
use std::process::{Command, Output};

fn gpu16(args: &[&str], path: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gpu16"))
        .args(args)
        .env("PATH", path)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("gpu16 runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// What the board makers' own files say (Digilent's master XDC files, Terasic's board
/// files and manuals): (board, clock pin, UART pin into the FPGA, UART pin out of it).
const MASTER_FILES: [(&str, &str, &str, &str); 7] = [
    ("basys3", "W5", "B18", "A18"),
    ("arty-a7-35", "E3", "A9", "D10"),
    ("arty-a7-100", "E3", "A9", "D10"),
    ("nexys-a7-100", "E3", "C4", "D4"),
    // GPIO[1] in, GPIO[0] out.
    ("de10-lite", "P11", "W10", "V10"),
    ("de2-115", "Y2", "G12", "G9"),
    // GPIO_0[1] in, GPIO_0[0] out.
    ("de1-soc", "AF14", "Y17", "AC18"),
];

/// The VGA connectors' pins in the same files: (board, [(port bit, site)]), red, green and
/// blue from bit 0, then the syncs, then the DE-series' ADV7123 clock, blank and sync.
const VGA_MASTER_FILES: [(&str, &[(&str, &str)]); 5] = [
    (
        "basys3",
        &[
            ("vgaRed[0]", "G19"),
            ("vgaRed[1]", "H19"),
            ("vgaRed[2]", "J19"),
            ("vgaRed[3]", "N19"),
            ("vgaGreen[0]", "J17"),
            ("vgaGreen[1]", "H17"),
            ("vgaGreen[2]", "G17"),
            ("vgaGreen[3]", "D17"),
            ("vgaBlue[0]", "N18"),
            ("vgaBlue[1]", "L18"),
            ("vgaBlue[2]", "K18"),
            ("vgaBlue[3]", "J18"),
            ("Hsync", "P19"),
            ("Vsync", "R19"),
        ],
    ),
    (
        "nexys-a7-100",
        &[
            ("VGA_R[0]", "A3"),
            ("VGA_R[1]", "B4"),
            ("VGA_R[2]", "C5"),
            ("VGA_R[3]", "A4"),
            ("VGA_G[0]", "C6"),
            ("VGA_G[1]", "A5"),
            ("VGA_G[2]", "B6"),
            ("VGA_G[3]", "A6"),
            ("VGA_B[0]", "B7"),
            ("VGA_B[1]", "C7"),
            ("VGA_B[2]", "D7"),
            ("VGA_B[3]", "D8"),
            ("VGA_HS", "B11"),
            ("VGA_VS", "B12"),
        ],
    ),
    (
        "de10-lite",
        &[
            ("VGA_R[0]", "AA1"),
            ("VGA_R[1]", "V1"),
            ("VGA_R[2]", "Y2"),
            ("VGA_R[3]", "Y1"),
            ("VGA_G[0]", "W1"),
            ("VGA_G[1]", "T2"),
            ("VGA_G[2]", "R2"),
            ("VGA_G[3]", "R1"),
            ("VGA_B[0]", "P1"),
            ("VGA_B[1]", "T1"),
            ("VGA_B[2]", "P4"),
            ("VGA_B[3]", "N2"),
            ("VGA_HS", "N3"),
            ("VGA_VS", "N1"),
        ],
    ),
    (
        "de2-115",
        &[
            ("VGA_R[0]", "E12"),
            ("VGA_R[1]", "E11"),
            ("VGA_R[2]", "D10"),
            ("VGA_R[3]", "F12"),
            ("VGA_R[4]", "G10"),
            ("VGA_R[5]", "J12"),
            ("VGA_R[6]", "H8"),
            ("VGA_R[7]", "H10"),
            ("VGA_G[0]", "G8"),
            ("VGA_G[1]", "G11"),
            ("VGA_G[2]", "F8"),
            ("VGA_G[3]", "H12"),
            ("VGA_G[4]", "C8"),
            ("VGA_G[5]", "B8"),
            ("VGA_G[6]", "F10"),
            ("VGA_G[7]", "C9"),
            ("VGA_B[0]", "B10"),
            ("VGA_B[1]", "A10"),
            ("VGA_B[2]", "C11"),
            ("VGA_B[3]", "B11"),
            ("VGA_B[4]", "A11"),
            ("VGA_B[5]", "C12"),
            ("VGA_B[6]", "D11"),
            ("VGA_B[7]", "D12"),
            ("VGA_HS", "G13"),
            ("VGA_VS", "C13"),
            ("VGA_CLK", "A12"),
            ("VGA_BLANK_N", "F11"),
            ("VGA_SYNC_N", "C10"),
        ],
    ),
    (
        "de1-soc",
        &[
            ("VGA_R[0]", "A13"),
            ("VGA_R[1]", "C13"),
            ("VGA_R[2]", "E13"),
            ("VGA_R[3]", "B12"),
            ("VGA_R[4]", "C12"),
            ("VGA_R[5]", "D12"),
            ("VGA_R[6]", "E12"),
            ("VGA_R[7]", "F13"),
            ("VGA_G[0]", "J9"),
            ("VGA_G[1]", "J10"),
            ("VGA_G[2]", "H12"),
            ("VGA_G[3]", "G10"),
            ("VGA_G[4]", "G11"),
            ("VGA_G[5]", "G12"),
            ("VGA_G[6]", "F11"),
            ("VGA_G[7]", "E11"),
            ("VGA_B[0]", "B13"),
            ("VGA_B[1]", "G13"),
            ("VGA_B[2]", "H13"),
            ("VGA_B[3]", "F14"),
            ("VGA_B[4]", "H14"),
            ("VGA_B[5]", "F15"),
            ("VGA_B[6]", "G15"),
            ("VGA_B[7]", "J14"),
            ("VGA_HS", "B11"),
            ("VGA_VS", "D11"),
            ("VGA_CLK", "A11"),
            ("VGA_BLANK_N", "F10"),
            ("VGA_SYNC_N", "C10"),
        ],
    ),
];

/// The LEDs the designs light, in the same files: (board, LED 0 first, their I/O standard
/// on an Intel board). The DE2-115's green LEDs sit in a 2.5 V bank (its System Builder).
const LED_MASTER_FILES: [(&str, &[&str], &str); 6] = [
    (
        "basys3",
        &["U16", "E19", "U19", "V19", "W18", "U15", "U14", "V14"],
        "LVCMOS33",
    ),
    ("arty-a7-35", &["H5", "J5", "T9", "T10"], "LVCMOS33"),
    (
        "nexys-a7-100",
        &["H17", "K15", "J13", "N14", "R18", "V17", "U17", "U16"],
        "LVCMOS33",
    ),
    (
        "de10-lite",
        &["A8", "A9", "A10", "B10", "D13", "C13", "E14", "D14"],
        "3.3-V LVTTL",
    ),
    (
        "de2-115",
        &["E21", "E22", "E25", "E24", "H21", "G20", "G22", "G21"],
        "2.5 V",
    ),
    (
        "de1-soc",
        &["V16", "W16", "V17", "V18", "W17", "W19", "Y19", "W20"],
        "3.3-V LVTTL",
    ),
];

/// The (port, site, I/O standard) lines of a project's constraints.
fn constrained(dir: &Path) -> Vec<(String, String, String)> {
    if let Ok(xdc) = std::fs::read_to_string(dir.join("gpu16.xdc")) {
        // set_property -dict { PACKAGE_PIN W5 IOSTANDARD LVCMOS33 } [get_ports { clk }]
        return xdc
            .lines()
            .filter(|l| l.starts_with("set_property -dict { PACKAGE_PIN"))
            .map(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                (w[10].to_string(), w[4].to_string(), w[6].to_string())
            })
            .collect();
    }
    let qsf = std::fs::read_to_string(dir.join("gpu16.qsf")).unwrap();
    let standard = |port: &str| {
        qsf.lines()
            .find(|l| {
                l.starts_with("set_instance_assignment -name IO_STANDARD")
                    && l.ends_with(&format!(" -to {port}"))
            })
            .and_then(|l| l.split('"').nth(1))
            .unwrap_or("none")
            .to_string()
    };
    qsf.lines()
        .filter_map(|l| l.strip_prefix("set_location_assignment PIN_"))
        .map(|l| {
            let (site, port) = l.split_once(" -to ").unwrap();
            (port.to_string(), site.to_string(), standard(port))
        })
        .collect()
}

/// A line of `verilog` is a compiler directive (`` `ifdef ``, `` `define ``, …).
fn holds_directive(verilog: &str) -> bool {
    verilog.lines().any(|l| l.trim_start().starts_with('`'))
}

/// The directive check fails on the board top as rust-hdl emits it (its block RAMs' models
/// under `` `ifdef SYNTHESIS ``), which is what a project would hold without
/// `gpu16_hdl::block_ram::synthesis_only`.
#[test]
fn the_directive_check_fails_on_the_board_top_as_emitted() {
    use gpu16_fpga::board::build::board_config;
    use gpu16_fpga::board::design::{design_verilog, Design};
    let config = board_config(50_000_000, 115_200, false, 1).unwrap();
    let emitted = design_verilog(Design::Gpu, config, "gpu16_design").unwrap();
    assert!(holds_directive(&emitted));
    assert!(!holds_directive(&gpu16_hdl::block_ram::synthesis_only(
        &emitted
    )));
}

#[test]
fn every_classroom_board_gets_a_project_on_its_own_pins() {
    let dir = scratch("vendor_projects");
    std::thread::scope(|s| {
        for board in MASTER_FILES {
            let dir = &dir;
            s.spawn(move || project_on_its_own_pins(dir, board));
        }
    });
}

/// `gpu16 build`'s project for `board` in `dir`, checked against the master files' pins.
fn project_on_its_own_pins(dir: &Path, (board, clock, rx, tx): (&str, &str, &str, &str)) {
    let out = dir.join(board);
    // No vendor tool on PATH: the project is written and the command to build it named.
    // On the DE10-Lite a GPU of one core; elsewhere the UART echo (the board top has the
    // same ports), on the Digilent boards at 50 MHz so that the MMCM is in it.
    let mut args = vec!["build", "--board", board];
    if board == "de10-lite" {
        args.extend(["--design", "gpu", "--cores", "1"]);
    } else {
        args.extend(["--design", "uart-echo"]);
    }
    if clock == "E3" || clock == "W5" {
        args.extend(["--clock", "50"]);
    }
    args.extend(["-o", out.to_str().unwrap()]);
    let o = gpu16(&args, "/usr/bin:/bin");
    assert_eq!(o.status.code(), Some(0), "{board}: {}", text(&o.stderr));
    let said = text(&o.stdout);
    let xilinx = out.join("gpu16.xdc").exists();
    let command = if xilinx {
        "vivado -mode batch -source build.tcl"
    } else {
        "quartus_sh -t build.tcl"
    };
    assert!(said.contains(command), "{board}: {said}");
    assert!(said.contains("not on PATH"), "{board}: {said}");
    let pins = constrained(&out);
    let port_at = |site: &str| {
        let found: Vec<&(String, String, String)> =
            pins.iter().filter(|(_, s, _)| s == site).collect();
        assert_eq!(found.len(), 1, "{board}: pin {site} in {pins:?}");
        found[0].0.clone()
    };
    let leds = LED_MASTER_FILES.iter().find(|(b, _, _)| *b == board);
    let is_led = |site: &String| leds.is_some_and(|(_, sites, _)| sites.contains(&site.as_str()));
    for (_, site, standard) in &pins {
        let expected = match leds {
            Some((_, _, led_standard)) if is_led(site) => led_standard,
            _ if xilinx => "LVCMOS33",
            _ => "3.3-V LVTTL",
        };
        assert_eq!(standard, expected, "{board}: {site}");
    }
    // The LEDs: each on its site, LED i from the design's bit i.
    if let Some((_, sites, _)) = leds {
        for (i, site) in sites.iter().enumerate() {
            let port = port_at(site);
            assert!(
                port.ends_with(&format!("[{i}]")),
                "{board}: LED {i} is {port}"
            );
        }
    }
    let wrapper = std::fs::read_to_string(out.join("pins.v")).unwrap();
    let header = wrapper.lines().nth(1).unwrap();
    let (clock, rx, tx) = (port_at(clock), port_at(rx), port_at(tx));
    assert!(header.contains(&format!("input {clock}")), "{header}");
    assert!(header.contains(&format!("input {rx}")), "{header}");
    assert!(header.contains(&format!("output {tx}")), "{header}");
    assert!(
        wrapper.contains(&format!(".clkin({clock})"))
            || wrapper.contains(&format!(".clock({clock})")),
        "{wrapper}"
    );
    assert!(wrapper.contains(&format!(".uart_rx({rx})")), "{wrapper}");
    assert!(wrapper.contains(&format!(".uart_tx({tx})")), "{wrapper}");
    // The VGA connector: every pin of the master file's, on its site, and no other; the
    // colours from the top bits of the design's levels, the syncs straight from it.
    let vga = VGA_MASTER_FILES.iter().find(|(b, _)| *b == board);
    let is_vga =
        |port: &str| port.starts_with("vga") || port.starts_with("VGA") || port.ends_with("sync");
    let constrained_vga: Vec<(String, String)> = pins
        .iter()
        .filter(|(port, _, _)| is_vga(port))
        .map(|(port, site, _)| (port.clone(), site.clone()))
        .collect();
    let master: Vec<(String, String)> = vga
        .map(|(_, pins)| {
            pins.iter()
                .map(|(p, s)| (p.to_string(), s.to_string()))
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(constrained_vga, master, "{board}: the VGA pins");
    if let Some((_, pins)) = vga {
        let bits = pins.iter().filter(|(p, _)| p.ends_with("[0]")).count();
        assert_eq!(bits, 3, "{board}");
        let red = pins[0].0.trim_end_matches("[0]");
        let width = pins.iter().filter(|(p, _)| p.starts_with(red)).count();
        assert!(
            wrapper.contains(&format!("assign {red} = vga_red[7:{}];", 8 - width)),
            "{board}: {wrapper}"
        );
        let (hsync, vsync) = (pins[3 * width].0, pins[3 * width + 1].0);
        assert!(
            wrapper.contains(&format!(".vga_hsync({hsync}), .vga_vsync({vsync})")),
            "{board}: {wrapper}"
        );
        assert!(wrapper.contains(".pixel_clock(pixel_clock)"), "{wrapper}");
    }
    // The timing constraints clock the oscillator's pin.
    let timing = if xilinx {
        std::fs::read_to_string(out.join("gpu16.xdc")).unwrap()
    } else {
        std::fs::read_to_string(out.join("gpu16.sdc")).unwrap()
    };
    if xilinx {
        // The configuration lines of Digilent's master XDC files, and no property Vivado
        // does not have.
        let config: Vec<&str> = timing
            .lines()
            .filter(|l| l.contains("VOLTAGE") || l.contains("CFGBVS"))
            .collect();
        assert_eq!(
            config,
            [
                "set_property CFGBVS VCCO [current_design]",
                "set_property CONFIG_VOLTAGE 3.3 [current_design]"
            ],
            "{board}"
        );
    }
    // The one line that creates the clock names the oscillator's port, the one on the
    // master file's clock pin, and no other.
    let period = if xilinx { "10.000" } else { "20.000" };
    let creates: Vec<&str> = timing
        .lines()
        .filter(|l| l.starts_with("create_clock -name oscillator"))
        .collect();
    let on_port = if xilinx {
        format!("[get_ports {{ {clock} }}]")
    } else {
        format!("[get_ports {{{clock}}}]")
    };
    assert_eq!(
        creates,
        [format!(
            "create_clock -name oscillator -period {period} {on_port}"
        )],
        "{board}"
    );
    // The design means the same in every tool: no compiler directive (Quartus defines no
    // `SYNTHESIS`).
    let design = std::fs::read_to_string(out.join("design.v")).unwrap();
    assert!(
        !holds_directive(&design),
        "{board}: design.v holds a compiler directive"
    );
    // The sources elaborate: every module the wrapper names is defined (the vendor's
    // primitives from yosys's Xilinx cell library).
    let sources: Vec<&str> = ["design.v", "pll.v", "pins.v"]
        .into_iter()
        .filter(|f| out.join(f).exists())
        .collect();
    let library = if xilinx {
        "read_verilog -lib +/xilinx/cells_sim.v +/xilinx/cells_xtra.v; "
    } else {
        ""
    };
    let script = format!(
        "{library}read_verilog {}; hierarchy -check -top gpu16_board",
        sources.join(" ")
    );
    let y = Command::new("yosys")
        .args(["-q", "-p", &script])
        .current_dir(&out)
        .output()
        .expect("yosys is installed (./scripts/test.sh)");
    assert!(y.status.success(), "{board}: {}", text(&y.stderr));
}

/// A stand-in for a vendor tool in `bin`: records its arguments in `args.txt`, then runs the
/// project's `build.tcl` in tclsh after `harness`, which defines the vendor's commands.
fn stand_in(bin: &Path, tool: &str, harness: &str) {
    let harness_path = bin.join(format!("{tool}.tcl"));
    std::fs::write(&harness_path, harness).unwrap();
    let path = bin.join(tool);
    std::fs::write(
        &path,
        format!(
            "#!/bin/sh\necho \"$@\" > args.txt\nexec tclsh {}\n",
            harness_path.display()
        ),
    )
    .unwrap();
    Command::new("chmod").arg("+x").arg(&path).status().unwrap();
}

/// Vivado's commands as the script uses them: each logs itself to `calls.txt`; the worst
/// setup and hold slacks are `FAKE_SETUP` and `FAKE_HOLD`; the timing summary, in the layout
/// of Vivado's `report_timing_summary`, has `FAKE_PULSE` as its pulse width slack (WPWS);
/// `check_timing` finds `FAKE_NO_CLOCK` clock pins without a clock; the unrouted nets are
/// `FAKE_UNROUTED`; with `FAKE_NO_PATHS` 1 no path is timed; `write_bitstream` writes its file.
const FAKE_VIVADO: &str = r#"
set calls [open calls.txt w]
foreach command {read_verilog read_xdc synth_design opt_design place_design phys_opt_design route_design report_utilization} {
    proc $command {args} "puts \$::calls \"$command \$args\""
}
proc report_timing_summary {args} {
    puts $::calls "report_timing_summary $args"
    set f [open [lindex $args end] w]
    puts $f "------------------------------------------------------------------------------------------------"
    puts $f "| Design Timing Summary"
    puts $f "| ---------------------"
    puts $f "------------------------------------------------------------------------------------------------"
    puts $f ""
    puts $f "    WNS(ns)      TNS(ns)  TNS Failing Endpoints  TNS Total Endpoints      WHS(ns)      THS(ns)  THS Failing Endpoints  THS Total Endpoints     WPWS(ns)     TPWS(ns)  TPWS Failing Endpoints  TPWS Total Endpoints  "
    puts $f "    -------      -------  ---------------------  -------------------      -------      -------  ---------------------  -------------------     --------     --------  ----------------------  --------------------  "
    puts $f "      $::env(FAKE_SETUP)        0.000                      0                 1234        $::env(FAKE_HOLD)        0.000                      0                 1234        $::env(FAKE_PULSE)        0.000                       0                   567  "
    close $f
}
proc check_timing {args} {
    puts $::calls "check_timing $args"
    set f [open [lindex $args end] w]
    puts $f "1. checking no_clock ($::env(FAKE_NO_CLOCK))"
    puts $f "2. checking constant_clock (0)"
    puts $f "3. checking pulse_width_clock (0)"
    puts $f "4. checking unconstrained_internal_endpoints (0)"
    puts $f "5. checking no_input_delay (1)"
    puts $f "6. checking no_output_delay (9)"
    puts $f "7. checking multiple_clock (0)"
    puts $f "8. checking generated_clocks (0)"
    puts $f "9. checking loops (0)"
    close $f
}
proc get_nets {args} { return $::env(FAKE_UNROUTED) }
proc get_timing_paths {args} {
    if {$::env(FAKE_NO_PATHS)} { return {} }
    if {[lsearch $args max] >= 0} { return setup } else { return hold }
}
proc get_property {name object} {
    if {$object eq "setup"} { return $::env(FAKE_SETUP) } else { return $::env(FAKE_HOLD) }
}
proc write_bitstream {args} {
    puts $::calls "write_bitstream $args"
    set f [open [lindex $args end] w]; puts $f bitstream; close $f
}
source build.tcl
close $calls
"#;

/// Quartus's commands as the script uses them: the timing analyser's summary has
/// `FAKE_SETUP` for setup and `FAKE_HOLD` for hold; the assembler writes the bitstreams.
const FAKE_QUARTUS: &str = r#"
set calls [open calls.txt w]
proc load_package {name} { puts $::calls "load_package $name" }
proc project_open {name} {
    if {![file exists $name.qpf]} { error "no project $name" }
    puts $::calls "project_open $name"
}
proc project_close {} { puts $::calls "project_close" }
proc execute_module {dash tool} {
    puts $::calls "execute_module $tool"
    file mkdir output_files
    if {$tool eq "sta"} {
        set f [open output_files/gpu16.sta.summary w]
        puts $f "------------------------------------------------------------"
        puts $f "Timing Analyzer Summary"
        puts $f "------------------------------------------------------------"
        puts $f ""
        puts $f "Type  : Slow 1200mV 85C Model Setup 'oscillator'"
        puts $f "Slack : $::env(FAKE_SETUP)"
        puts $f "TNS   : 0.000"
        puts $f ""
        puts $f "Type  : Slow 1200mV 85C Model Hold 'oscillator'"
        puts $f "Slack : $::env(FAKE_HOLD)"
        puts $f "TNS   : 0.000"
        close $f
    }
    if {$tool eq "asm"} {
        foreach name {gpu16.sof gpu16.svf} {
            set f [open output_files/$name w]; puts $f bitstream; close $f
        }
    }
}
source build.tcl
close $calls
"#;

#[test]
fn a_vendor_tool_on_path_builds_the_project_and_its_script_refuses_a_timing_failure() {
    let dir = scratch("vendor_tools");
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    stand_in(&bin, "vivado", FAKE_VIVADO);
    stand_in(&bin, "quartus_sh", FAKE_QUARTUS);
    let path = format!("{}:/usr/bin:/bin", bin.display());
    for (board, bitstream, args, steps) in [
        (
            "basys3",
            "gpu16_basys3.bit",
            "-mode batch -source build.tcl -log vivado.log",
            &[
                "read_verilog { design.v pll.v pins.v }",
                "synth_design -top gpu16_board -part xc7a35tcpg236-1",
                "route_design",
                "write_bitstream -force gpu16_basys3.bit",
            ][..],
        ),
        (
            "de1-soc",
            "output_files/gpu16.svf",
            "-t build.tcl",
            &[
                "project_open gpu16",
                "execute_module map",
                "execute_module fit",
                "execute_module sta",
                "execute_module asm",
            ][..],
        ),
    ] {
        let out = dir.join(board);
        // The UART echo (the GPU's project differs only in design.v): on the Basys 3 at
        // 50 MHz, so that the MMCM is in it, on the DE1-SoC at the oscillator's clock.
        let design: &[&str] = if board == "basys3" {
            &["--design", "uart-echo", "--clock", "50"]
        } else {
            &["--design", "uart-echo"]
        };
        // Everything clean but `failing` (a fake variable and its value).
        let build = |failing: Option<(&str, &str)>| {
            let mut command = Command::new(env!("CARGO_BIN_EXE_gpu16"));
            command
                .args(["build", "--board", board])
                .args(design)
                .arg("-o")
                .arg(&out)
                .env("PATH", &path);
            for (name, clean) in [
                ("FAKE_SETUP", "0.125"),
                ("FAKE_HOLD", "0.250"),
                ("FAKE_PULSE", "4.500"),
                ("FAKE_NO_CLOCK", "0"),
                ("FAKE_UNROUTED", ""),
                ("FAKE_NO_PATHS", "0"),
            ] {
                let value = failing.filter(|f| f.0 == name).map_or(clean, |f| f.1);
                command.env(name, value);
            }
            command.output().unwrap()
        };
        let o = build(None);
        assert_eq!(o.status.code(), Some(0), "{board}: {}", text(&o.stderr));
        let said = text(&o.stdout);
        assert!(
            said.contains(&format!("bitstream: {}", out.join(bitstream).display())),
            "{said}"
        );
        assert!(said.contains("gpu16: timing met"), "{said}");
        assert!(
            said.contains(&format!("load it: gpu16 flash --board {board}")),
            "{said}"
        );
        assert_eq!(
            std::fs::read_to_string(out.join("args.txt"))
                .unwrap()
                .trim(),
            args
        );
        let calls = std::fs::read_to_string(out.join("calls.txt")).unwrap();
        let mut at = 0;
        for step in steps {
            let found = calls[at..]
                .find(step)
                .unwrap_or_else(|| panic!("{board}: no `{step}` after byte {at} of:\n{calls}"));
            at += found + step.len();
        }
        // A negative slack, and on Vivado a pulse width violated or a clock pin without a
        // clock: the script stops before the bitstream, and gpu16 says why.
        let mut failures = vec![
            (("FAKE_SETUP", "-0.042"), "-0.042"),
            (("FAKE_HOLD", "-0.017"), "-0.017"),
        ];
        if board == "basys3" {
            failures.push((("FAKE_PULSE", "-0.300"), "pulse width slack -0.300"));
            failures.push((("FAKE_NO_CLOCK", "3"), "found 3 in no_clock"));
            failures.push((("FAKE_UNROUTED", "a b"), "2 nets not routed"));
            failures.push((("FAKE_NO_PATHS", "1"), "no timed path"));
        }
        for (failing, says) in failures {
            let o = build(Some(failing));
            assert_eq!(o.status.code(), Some(4), "{board}: {}", text(&o.stdout));
            let err = text(&o.stderr);
            assert!(err.contains(says), "{board}, {failing:?}: {err}");
            assert!(
                !out.join(bitstream).exists(),
                "{board}: a bitstream was left"
            );
            let calls = std::fs::read_to_string(out.join("calls.txt")).unwrap_or_default();
            assert!(
                !calls.contains("write_bitstream") && !calls.contains("execute_module asm"),
                "{board}: {calls}"
            );
        }
    }
}

#[test]
fn classroom_board_flags_that_cannot_work_are_refused() {
    let dir = scratch("vendor_flash");
    let sof = dir.join("gpu16.sof");
    std::fs::write(&sof, "not really a bitstream").unwrap();
    let sof = sof.to_str().unwrap();
    for (args, says) in [
        // The Terasic boards run at their oscillator's 50 MHz.
        (
            &["build", "--board", "de10-lite", "--clock", "40"][..],
            "50 MHz oscillator",
        ),
        // A clock the MMCM cannot make exactly.
        (
            &["build", "--board", "basys3", "--clock", "77.7"],
            "cannot make exactly",
        ),
        // One the MMCM makes but a -1 part's global buffer cannot carry.
        (
            &["build", "--board", "basys3", "--clock", "500"],
            "4.69-464 MHz",
        ),
        // One too slow for the picture's copy to end inside a blanking.
        (
            &["build", "--board", "basys3", "--clock", "5"],
            "a quarter of the video's pixel clock",
        ),
        // The script refuses a timing failure; there is nothing to allow.
        (
            &["build", "--board", "arty-a7-35", "--allow-timing-fail"],
            "refuses a bitstream",
        ),
        // openFPGALoader does not know the DE2-115: Quartus's programmer is named.
        (&["flash", "--board", "de2-115", sof], "quartus_pgm"),
        // openFPGALoader writes a Terasic board's flash only from files Quartus converts.
        (
            &["flash", "--board", "de10-lite", "--write-flash", sof],
            ".pof",
        ),
    ] {
        let o = gpu16(args, "/usr/bin:/bin");
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(
            text(&o.stderr).contains(says),
            "{args:?}: {}",
            text(&o.stderr)
        );
    }
}
