//! The `gpu16` command line as MACHINE.md §9 fixes it: outputs, status line and exit codes.

mod common;

use common::scratch;

use std::path::Path;
use std::process::{Command, Output};

fn gpu16(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gpu16"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("gpu16 runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn run_prints_the_status_line_and_writes_dumps() {
    let dir = scratch("run_dumps");
    let dump = dir.join("out.sm.hex");
    let tl = dir.join("t.json");
    let o = gpu16(&[
        "run",
        "examples/vector_add.s",
        "--sm",
        "examples/vector_add.sm.hex",
        "--dump-sm",
        dump.to_str().unwrap(),
        "--timeline",
        tl.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last().unwrap(), "status: ok cycles: 265");
    let dumped = std::fs::read_to_string(&dump).unwrap();
    assert_eq!(dumped.lines().count(), 4096);
    assert_eq!(
        dumped,
        std::fs::read_to_string("examples/vector_add.expected.sm.hex").unwrap()
    );
    let events = gpu16_sim::run::timeline_from_json(&std::fs::read_to_string(&tl).unwrap())
        .expect("the timeline is JSON in MACHINE.md §9's shape");
    assert_eq!(events.len(), 2);
    assert_eq!((events[1].mask, events[1].issue), (0xffff, 4));
}

#[test]
fn stats_output_snapshots_of_both_engines() {
    for engine in ["model", "rtl"] {
        let o = gpu16(&[
            "run",
            "examples/histogram.s",
            "--sm",
            "examples/histogram.sm.hex",
            "--stats",
            "--engine",
            engine,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        insta::assert_snapshot!(format!("stats_{engine}"), stdout(&o));
    }
}

#[test]
fn disassembly_snapshot_and_asm_disasm_round_trip() {
    let dir = scratch("disasm");
    let img = dir.join("m.tm.hex");
    let o = gpu16(&["asm", "examples/matmul.s", "-o", img.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = gpu16(&["disasm", img.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    insta::assert_snapshot!(text);
    let s = write(&dir, "back.s", &text);
    let again = gpu16(&["asm", &s]);
    assert_eq!(stdout(&again), std::fs::read_to_string(&img).unwrap());
}

#[test]
fn a_tm_image_runs_like_its_source() {
    let dir = scratch("tm_image");
    let img = dir.join("h.tm.hex");
    let asm = gpu16(&["asm", "examples/histogram.s", "-o", img.to_str().unwrap()]);
    assert_eq!(asm.status.code(), Some(0), "{}", stderr(&asm));
    let run = |program: &str, dump: &str| {
        let dump = dir.join(dump);
        let o = gpu16(&[
            "run",
            program,
            "--engine",
            "model",
            "--sm",
            "examples/histogram.sm.hex",
            "--dump-sm",
            dump.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{program}: {}", stderr(&o));
        (stdout(&o), std::fs::read_to_string(dump).unwrap())
    };
    let (source, image) = (
        run("examples/histogram.s", "s.sm.hex"),
        run(img.to_str().unwrap(), "i.sm.hex"),
    );
    assert!(source.0.starts_with("status: ok cycles: "), "{}", source.0);
    assert_eq!(source, image, "the status line and the final memory");
    let expected = std::fs::read_to_string("examples/histogram.expected.sm.hex").unwrap();
    assert_eq!(image.1, expected);
}

#[test]
fn bad_input_exits_1_with_file_line_and_column() {
    let dir = scratch("bad_input");
    let s = write(&dir, "bad.s", ".cf mask=1\n.if\n  add r1, r2, r99\n");
    let o = gpu16(&["run", &s]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains(&format!("{s}:3:15: `r99` is not a register")),
        "{}",
        stderr(&o)
    );

    let img = write(&dir, "bad.tm.hex", "0000000000010001\nzz\n");
    let o = gpu16(&["run", &img]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains(&format!("{img}:2:1: `zz` is not a hex number")));

    let sm = write(&dir, "bad.sm.hex", "@1000 00\n");
    let o = gpu16(&["run", "examples/vector_add.s", "--sm", &sm]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("past the end"));

    let o = gpu16(&["run", "no/such/file.s"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot read no/such/file.s"));

    let o = gpu16(&["run", "README.md"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("unknown program type"));

    // Binary garbage: an error, not a panic.
    let junk = dir.join("junk.s");
    std::fs::write(&junk, [0xff, 0xfe, 0x00, 0x80]).unwrap();
    let o = gpu16(&["run", junk.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn warnings_go_to_stderr_with_their_position() {
    let dir = scratch("warn");
    let s = write(&dir, "w.s", ".cf mask=1\n.if\nset_const 5, r3\nready\n");
    let o = gpu16(&["run", &s]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).contains(&format!("{s}:3:1: warning: set_const into r3")));
}

#[test]
fn a_tm_image_gets_the_warnings_its_source_would() {
    // A CF with fence 3 and an IF_Num past the end, a reserved byte set; the whole line is
    // meant, so the position has no column.
    let dir = scratch("tm_warn");
    let img = write(
        &dir,
        "odd.tm.hex",
        "// odd\n00000000000101c1\n0000000000000000\n0000000000000000\n0000000000000000\n",
    );
    let o = gpu16(&["run", &img, "--engine", "model"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let said = stderr(&o);
    for warning in [
        "fence 3 is reserved",
        "reserved bits are set",
        "IF_Num 1 runs past the end",
    ] {
        assert!(
            said.contains(&format!("{img}:2: warning: frame 0 (a CF): {warning}")),
            "{said}"
        );
    }
    // disasm reads the image the same way.
    let o = gpu16(&["disasm", &img]);
    assert!(stderr(&o).contains("fence 3 is reserved"), "{}", stderr(&o));
    // Binary digits are refused as what they are.
    let bin = write(&dir, "bin.tm.hex", &format!("{:064b}\n", 0x0f0f_0044u64));
    let o = gpu16(&["run", &bin]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("`$readmemb` image"), "{}", stderr(&o));
}

#[test]
fn dump_regs_writes_every_cores_registers_on_every_engine() {
    let dir = scratch("dump_regs");
    let s = write(
        &dir,
        "r.s",
        ".cf mask=0x8001 fence=no\n.if\n  set_const 0x5a, r9\n  set_const 0, r2\n  ready\n",
    );
    let mut dumps = Vec::new();
    for engine in ["model", "rtl"] {
        let out = dir.join(format!("{engine}.hex"));
        let o = gpu16(&[
            "run",
            &s,
            "--engine",
            engine,
            "--dump-regs",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        dumps.push(std::fs::read_to_string(out).unwrap());
    }
    assert_eq!(dumps[0], dumps[1]);
    let values: Vec<&str> = dumps[0].lines().filter(|l| !l.starts_with("//")).collect();
    assert_eq!(values.len(), 256);
    // Core 15: r2 = its core id, r9 = 0x5a; core 1 ran nothing.
    assert_eq!((values[15 * 16 + 2], values[15 * 16 + 9]), ("0f", "5a"));
    assert_eq!(values[16 + 9], "00");
    assert!(dumps[0].starts_with("// core 0\n"));
}

#[test]
fn usage_errors_exit_1_and_help_exits_0() {
    for args in [
        vec!["run"],
        vec!["frobnicate"],
        vec!["run", "examples/vector_add.s", "--engine", "gpu"],
        vec!["run", "examples/vector_add.s", "--max-cycles", "-1"],
    ] {
        let o = gpu16(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
    }
    let o = gpu16(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).contains("Exit status: 0 ok; 1 bad input"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_cycle_limit_past_32_bits_is_refused_by_the_hardware_engines() {
    for engine in ["rtl", "verilator", "board"] {
        let mut args = vec![
            "run",
            "examples/vector_add.s",
            "--engine",
            engine,
            "--max-cycles",
            "4294967296",
        ];
        if engine == "board" {
            args.extend(["--port", "/dev/ttyNOSUCH9"]);
        }
        let o = gpu16(&args);
        assert_eq!(o.status.code(), Some(1), "{engine}: {}", stderr(&o));
        assert!(stderr(&o).contains("at most 4294967295"), "{}", stderr(&o));
    }
    let o = gpu16(&[
        "run",
        "examples/vector_add.s",
        "--engine",
        "model",
        "--max-cycles",
        "18446744073709551615",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

mod numeric_flags {
    //! Every numeric flag with any text at all: an exit status of the contract, never a panic
    //! (101) or a signal.
    use super::*;
    use gpu16_fpga::board::pll::{Pll, PllKind};
    use proptest::prelude::*;

    /// Values around every edge the flags have, and any text.
    fn value() -> impl Strategy<Value = String> {
        prop_oneof![
            any::<u64>().prop_map(|v| v.to_string()),
            any::<i64>().prop_map(|v| v.to_string()),
            prop::sample::select(vec![
                "0",
                "1",
                "9.5",
                "10",
                "25",
                "30",
                "33.333",
                "37.5",
                "40",
                "400",
                "400.5",
                "299",
                "300",
                "381",
                "382",
                "6250000",
                "6250001",
                "12000000",
                "12000001",
                "4294967295",
                "4294967296",
                "18446744073709551615",
                "18446744073709551616",
                "-1",
                "",
                "1e3",
                "0x10",
                " 7",
                "abc",
            ])
            .prop_map(str::to_owned),
            "\\PC{0,12}",
        ]
    }

    fn exits_cleanly(args: &[&str], path: Option<&str>) -> Result<i32, TestCaseError> {
        let mut c = Command::new(env!("CARGO_BIN_EXE_gpu16"));
        c.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
        if let Some(p) = path {
            c.env("PATH", p);
        }
        let o = c.output().expect("gpu16 runs");
        let code = o.status.code();
        prop_assert!(
            matches!(code, Some(0..=4)),
            "{args:?}: exit {code:?}\n{}",
            stderr(&o)
        );
        prop_assert!(!stderr(&o).contains("panicked"), "{args:?}: {}", stderr(&o));
        Ok(code.unwrap())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        #[test]
        fn max_cycles(v in value()) {
            exits_cleanly(&["run", "examples/vector_add.s", "--engine", "model", "--max-cycles", &v], None)?;
            let code = exits_cleanly(&["run", "examples/vector_add.s", "--max-cycles", &v], None)?;
            if v.parse::<u64>().is_ok_and(|n| n > u64::from(u32::MAX)) {
                prop_assert_eq!(code, 1);
            }
        }

        #[test]
        fn run_baud(v in value()) {
            // A valid rate gets as far as the port, which is not there (4); any other is
            // refused (1).
            let code = exits_cleanly(
                &["run", "examples/vector_add.s", "--engine", "board", "--port", "/dev/ttyNOSUCH9", "--baud", &v],
                None,
            )?;
            let valid = v.parse::<u32>().is_ok_and(|n| (300..=12_000_000).contains(&n));
            prop_assert_eq!(code, if valid { 4 } else { 1 });
        }

        #[test]
        fn build_baud(v in value()) {
            // No tools on PATH: a rate the board's UART can make reaches yosys, which is
            // missing (4); any other is refused before (1).
            let code = exits_cleanly(
                &["build", "--board", "ulx3s-25f", "--design", "uart-echo", "-o", "target/tmp/fuzz-build", "--baud", &v],
                Some("/nonexistent"),
            )?;
            let valid = v
                .parse::<u32>()
                .is_ok_and(|n| gpu16_sim::link::clocks_per_bit(25_000_000, n).is_ok());
            prop_assert_eq!(code, if valid { 4 } else { 1 });
        }

        #[test]
        fn build_clock(v in value()) {
            // No tools on PATH: a clock the board's PLL makes, at which the UART makes its
            // rate, reaches yosys (4); any other is refused before (1).
            let code = exits_cleanly(
                &["build", "--board", "ulx3s-25f", "-o", "target/tmp/fuzz-build", "--clock", &v],
                Some("/nonexistent"),
            )?;
            let valid = v.parse::<f64>().ok().map(|mhz| (mhz * 1e6).round()).is_some_and(|hz| {
                (1.0..=f64::from(u32::MAX)).contains(&hz)
                    && (hz == 25e6 || Pll::for_clock(PllKind::Ecp5, 25_000_000, hz as u64).is_ok())
                    && gpu16_sim::link::clocks_per_bit(hz as u32, 115_200).is_ok()
            });
            prop_assert_eq!(code, if valid { 4 } else { 1 });
        }
    }
}

#[test]
fn a_loop_that_never_ends_stops_by_itself_and_says_why() {
    let dir = scratch("runaway");
    // Core 0's r1 is its id, 0: it falls through; cores 1-3 loop for ever. A GPU of 4 cores:
    // rust-hdl runs its 20,000 cycles in half the time of 16 cores'.
    let s = write(
        &dir,
        "forever.s",
        ".cf mask=0xf\n.if\n        set_const 1, r1\nloop:   bnz r1, loop\n",
    );
    let notes = |o: &Output, expected: &[&str]| {
        let err = stderr(o);
        for text in expected {
            assert!(err.contains(text), "no `{text}` in: {err}");
        }
    };
    // No limit given, the default engine: rtl's own limit, reached in seconds (1,000,000
    // cycles would take rust-hdl minutes).
    let o = gpu16(&["run", &s, "--cores", "4"]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(
        stdout(&o).trim_end(),
        "status: error TIMEOUT frame: 2 cycles: 20000"
    );
    notes(
        &o,
        &[
            "frame 1 (",
            "forever.s:2) was still running on cores 1-3 when the run stopped",
            "`frame: 2` is one past the program's last frame (1)",
            "--engine rtl's default, 20000 cycles",
            "--engine verilator",
        ],
    );
    // The other engines' default.
    let o = gpu16(&["run", &s, "--engine", "model"]);
    assert_eq!(
        stdout(&o).trim_end(),
        "status: error TIMEOUT frame: 2 cycles: 1000000"
    );
    notes(&o, &["the limit was the default, 1000000 cycles"]);
    // A limit given is named as such.
    let o = gpu16(&["run", &s, "--engine", "model", "--max-cycles", "77"]);
    notes(&o, &["the limit was --max-cycles 77"]);
    // A --view run stops after the last cycle its page holds: 20,000, or a window's end.
    let page = dir.join("forever.html");
    let o = gpu16(&[
        "run",
        &s,
        "--engine",
        "model",
        "--view",
        page.to_str().unwrap(),
        "--view-cycles",
        "30000..30199",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert_eq!(
        stdout(&o).trim_end(),
        "status: error TIMEOUT frame: 2 cycles: 30200"
    );
    notes(&o, &["the limit was --view's, 30200 cycles"]);
    assert!(std::fs::read_to_string(&page)
        .unwrap()
        .contains("\"first\":30000"));
}

#[test]
fn machine_errors_exit_2_and_timeouts_exit_3() {
    let dir = scratch("machine_errors");
    let s = write(&dir, "ill.s", ".cf mask=0x4\n.if\nnop\n.hword 0xb080\n");
    // The RTL's pipeline and dispatch cost cycles, and a fault one more: the core signals it
    // from flip-flops, the cycle after the faulting instruction. Every engine names the
    // faulting line of the learner's source under the status line.
    for (engine, cycles) in [("model", 3), ("rtl", 7), ("verilator", 7)] {
        let o = gpu16(&["run", &s, "--engine", engine]);
        assert_eq!(o.status.code(), Some(2), "{engine}: {}", stderr(&o));
        assert_eq!(
            stdout(&o).trim_end(),
            format!("status: error ILLEGAL_INSN frame: 1 core: 2 ip: 1 cycles: {cycles}")
        );
        assert!(
            stderr(&o).contains(&format!(
                "{s}:4: core 2 stopped at this instruction (frame 1, ip 1): .hword 0xb080"
            )),
            "{engine}: {}",
            stderr(&o)
        );
    }
    let s = write(
        &dir,
        "loop.s",
        ".cf mask=1\n.if\nset_const 1, r8\nl: bnz r8, l\n",
    );
    for engine in ["model", "rtl"] {
        let o = gpu16(&["run", &s, "--max-cycles", "1000", "--engine", engine]);
        assert_eq!(o.status.code(), Some(3));
        assert_eq!(
            stdout(&o).trim_end(),
            "status: error TIMEOUT frame: 2 cycles: 1000"
        );
    }
}

#[test]
fn vcd_writes_a_waveform_of_the_rtl() {
    let dir = scratch("vcd");
    let vcd = dir.join("run.vcd");
    let o = gpu16(&[
        "run",
        "examples/matmul.s",
        "--sm",
        "examples/matmul.sm.hex",
        "--vcd",
        vcd.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&vcd).unwrap();
    assert!(text.starts_with("$timescale"));
    assert!(text.contains("$var wire 1 ") && text.contains(" done $end"));
    assert!(
        text.lines().filter(|l| l.starts_with('#')).count() > 100,
        "one time step per cycle"
    );
}

#[test]
fn verilator_engine_matches_rtl_and_vcd_needs_hardware() {
    let dir = scratch("verilator_engine");
    let run = |engine: &str, dump: &str| {
        let dump = dir.join(dump);
        let regs = dump.with_extension("regs");
        let o = gpu16(&[
            "run",
            "examples/reduction.s",
            "--sm",
            "examples/reduction.sm.hex",
            "--engine",
            engine,
            "--dump-sm",
            dump.to_str().unwrap(),
            "--dump-regs",
            regs.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        (
            stdout(&o),
            std::fs::read_to_string(dump).unwrap(),
            std::fs::read_to_string(regs).unwrap(),
        )
    };
    assert_eq!(run("verilator", "v.sm.hex"), run("rtl", "r.sm.hex"));
    let o = gpu16(&[
        "run",
        "examples/vector_add.s",
        "--engine",
        "model",
        "--vcd",
        "x.vcd",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("--vcd"));
    assert!(!std::path::Path::new("x.vcd").exists());
}

#[test]
fn verilog_writes_a_checked_block() {
    let dir = scratch("verilog_core");
    let o = gpu16(&[
        "verilog",
        "--block",
        "core",
        "-o",
        dir.to_str().unwrap(),
        "--check",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(dir.join("gpu16_core.v")).unwrap();
    assert!(text.contains("module gpu16_core("));
    assert!(stdout(&o).contains("check -assert: ok"));
}

#[test]
fn synth_reports_size_and_fmax_of_the_core_on_both_fpga_families() {
    let dir = scratch("synth");
    // iCE40 through routing; ECP5 placed only (`--no-route`, the quick estimate).
    for (target, route, fmax) in [
        ("ice40-hx8k", true, "Fmax (nextpnr, routed): "),
        (
            "ecp5-25f",
            false,
            "Fmax (nextpnr, estimated after placement, not routed): ",
        ),
    ] {
        let mut args = vec!["synth", "--target", target, "--block", "core"];
        args.extend(["-o", dir.to_str().unwrap()]);
        if !route {
            args.push("--no-route");
        }
        let o = gpu16(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains(&format!("target: {target}")), "{out}");
        assert!(out.contains("fits: yes"), "{out}");
        let lut4: u64 = out
            .lines()
            .find_map(|l| {
                l.trim()
                    .strip_prefix("LUT4")?
                    .split_whitespace()
                    .next()?
                    .parse()
                    .ok()
            })
            .expect("a LUT4 line");
        assert!(lut4 > 300, "{out}");
        assert!(out.contains(fmax), "{out}");
        // nextpnr names the critical path only once the design is routed.
        assert_eq!(out.contains("critical path: "), route, "{out}");
        let logs = dir.join(format!("core-{target}"));
        assert!(logs.join("nextpnr.log").exists() && logs.join("yosys.log").exists());
    }
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    // `gpu16 run … | head -1`: the reader is gone before gpu16 writes.
    let mut child = Command::new(env!("CARGO_BIN_EXE_gpu16"))
        .args(["asm", "examples/matmul.s"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

#[test]
fn a_tm_line_of_fewer_than_16_digits_is_refused_with_its_line() {
    let dir = scratch("short_tm_line");
    let image = write(
        &dir,
        "short.tm.hex",
        "000000000000ffff\n00000000ffff\n0\n0\n",
    );
    for command in ["run", "disasm"] {
        let o = gpu16(&[command, &image]);
        assert_eq!(o.status.code(), Some(1), "{command}");
        assert!(
            stderr(&o).contains("short.tm.hex:2:1:") && stderr(&o).contains("12 hex digits"),
            "{command}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn a_long_rtl_run_shows_its_progress_on_a_terminal_only() {
    // ~30,800 cycles: tens of seconds of the debug build's rust-hdl (several hundred cycles a
    // second with the GPU of 16 cores), past the five after which the hint comes.
    let dir = scratch("progress");
    let s = write(
        &dir,
        "long.s",
        ".cf mask=0x1\n.if\nset_const 1, r9\nset_const 60, r11\nouter: set_const 255, r10\n\
         inner: sub r10, r9, r10\nbnz r10, inner\nsub r11, r9, r11\nbnz r11, outer\nready\n",
    );
    // On a terminal (util-linux `script` gives it one): the count against the limit, its
    // rate and the time to the limit, the hint.
    let on_terminal = Command::new("script")
        .args([
            "-qec",
            &format!("{} run {s} --max-cycles 70000", env!("CARGO_BIN_EXE_gpu16")),
            "/dev/null",
        ])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs");
    // Piped, at the same time: nothing but the status line.
    let o = gpu16(&["run", &s, "--max-cycles", "70000"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(!stderr(&o).contains("cycles/s"), "{}", stderr(&o));
    let screen = stdout(&on_terminal.wait_with_output().unwrap());
    assert!(screen.contains("of at most 70000 cycles ("), "{screen}");
    assert!(screen.contains("cycles/s: the limit in "), "{screen}");
    assert!(screen.contains("--max-cycles N"), "{screen}");
    assert!(screen.contains("--engine verilator"), "{screen}");
    assert!(screen.contains(&stdout(&o).trim().to_string()), "{screen}");
}

/// Renders an SVG with a real renderer (`rsvg-convert`, Debian's librsvg2-bin) and returns the
/// PNG's width and height.
fn render(svg: &Path) -> (u32, u32) {
    let png = svg.with_extension("png");
    let o = Command::new("rsvg-convert")
        .arg(svg)
        .arg("-o")
        .arg(&png)
        .output()
        .expect("rsvg-convert runs (librsvg2-bin; scripts/test.sh installs it)");
    assert!(o.status.success(), "{}: {}", svg.display(), stderr(&o));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG", "{}", png.display());
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn timeline_pictures_render_and_redraw_from_a_saved_timeline() {
    let dir = scratch("timeline_svg");
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    for engine in ["model", "rtl"] {
        let (json, svg, again) = (
            path(&format!("{engine}.json")),
            path(&format!("{engine}.svg")),
            path(&format!("{engine}.again.svg")),
        );
        let program = "examples/spec_example1.s";
        let o = gpu16(&[
            "run",
            program,
            "--engine",
            engine,
            "--timeline",
            &json,
            "--timeline-svg",
            &svg,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let (w, h) = render(Path::new(&svg));
        assert!(w > 600 && h > 300, "{engine}: {w}×{h}");
        let picture = std::fs::read_to_string(&svg).unwrap();
        // 8 cores run tasks in each half: a bar per core per task, one for each READY.
        assert_eq!(
            picture.matches(" on core ").count(),
            4 * 8 + 2 * 8,
            "{engine}"
        );
        assert!(
            picture.contains("acq f1"),
            "{engine}: frame 2 waits for the acq task of frame 1"
        );
        if engine == "model" {
            insta::assert_snapshot!("timeline_svg_model", picture);
        }
        let o = gpu16(&["timeline-svg", program, &json, "-o", &again]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let redrawn = std::fs::read_to_string(&again).unwrap();
        let body = |s: &str| s.lines().skip(3).collect::<Vec<_>>().join("\n");
        assert_eq!(
            body(&redrawn),
            body(&picture),
            "{engine}: only the title differs"
        );
    }
    // A timeline of another program, and a file that is not a timeline.
    let other = write(
        &dir,
        "other.json",
        r#"[{"frame":9,"kind":"cf","mask":1,"issue":0,"complete":0}]"#,
    );
    let o = gpu16(&[
        "timeline-svg",
        "examples/spec_example1.s",
        &other,
        "-o",
        &path("x.svg"),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("timeline entry 0 is frame 9, but the program has 8 frames"),
        "{}",
        stderr(&o)
    );
    let junk = write(&dir, "junk.json", "{ not json");
    let o = gpu16(&[
        "timeline-svg",
        "examples/spec_example1.s",
        &junk,
        "-o",
        &path("x.svg"),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("junk.json: not a timeline"),
        "{}",
        stderr(&o)
    );
    assert!(
        !dir.join("x.svg").exists(),
        "nothing is written for a refused timeline"
    );
}

/// The signals of a VCD file: full dotted name → width.
fn vcd_signals(vcd: &str) -> std::collections::HashMap<String, u32> {
    let mut scopes: Vec<&str> = Vec::new();
    let mut signals = std::collections::HashMap::new();
    for line in vcd
        .lines()
        .take_while(|l| !l.starts_with("$enddefinitions"))
    {
        match line.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["$scope", _, name, "$end"] => scopes.push(name),
            ["$upscope", "$end"] => {
                scopes.pop();
            }
            ["$var", _, width, _, name, "$end"] => {
                let full = format!("{}.{name}", scopes.join("."));
                signals.insert(full, width.parse().unwrap());
            }
            _ => {}
        }
    }
    signals
}

#[test]
fn the_gtkwave_save_file_names_signals_of_an_rtl_waveform() {
    let dir = scratch("gtkw");
    let vcd = dir.join("run.vcd");
    let o = gpu16(&[
        "run",
        "examples/atomic_counter.s",
        "--vcd",
        vcd.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let signals = vcd_signals(&std::fs::read_to_string(&vcd).unwrap());
    let save = std::fs::read_to_string("docs/gpu16.gtkw").unwrap();
    let traces: Vec<&str> = save
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with(['[', '@', '-']))
        .collect();
    assert!(traces.len() > 100, "{} traces", traces.len());
    for trace in traces {
        let (name, width) = match trace.split_once('[') {
            Some((name, range)) => {
                let high: u32 = range.split(':').next().unwrap().parse().unwrap();
                (name, high + 1)
            }
            None => (trace, 1),
        };
        assert_eq!(
            signals.get(name),
            Some(&width),
            "docs/gpu16.gtkw names {trace}, which the waveform does not have with that width"
        );
    }
}

#[test]
fn the_docs_timeline_pictures_are_what_the_rtl_draws_today() {
    let dir = scratch("docs_pictures");
    let fences = std::fs::read_to_string("examples/fences.s").unwrap();
    let fences_no = write(
        &dir,
        "fences_no.s",
        &fences.replace("fence=rel", "fence=no"),
    );
    let pictures = [
        ("examples/spec_example1.s", "spec_example1"),
        ("examples/spec_example2.s", "spec_example2"),
        ("examples/fences.s", "fences_rel"),
        (fences_no.as_str(), "fences_no"),
    ];
    // Everything below the title line (which names the program's path).
    let body = |s: &str| s.lines().skip(3).collect::<Vec<_>>().join("\n");
    for (program, name) in pictures {
        let svg = dir.join(format!("{name}.svg"));
        let o = gpu16(&[
            "run",
            program,
            "--engine",
            "rtl",
            "--timeline-svg",
            svg.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let docs = format!("docs/img/{name}.svg");
        assert!(
            body(&std::fs::read_to_string(&svg).unwrap())
                == body(&std::fs::read_to_string(&docs).unwrap()),
            "{docs} is not what `gpu16 run {program} --engine rtl --timeline-svg` draws today: \
             redraw it"
        );
    }
}

#[test]
fn a_forgotten_sm_image_and_images_in_each_others_place_are_named() {
    // matmul's input sits beside it: a run without it warns, and still runs.
    let o = gpu16(&["run", "examples/matmul.s", "--engine", "model"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    insta::assert_snapshot!("forgotten_sm", stderr(&o));
    // Given, or with none beside the program: no warning.
    let o = gpu16(&[
        "run",
        "examples/matmul.s",
        "--sm",
        "examples/matmul.sm.hex",
        "--engine",
        "model",
    ]);
    assert_eq!(stderr(&o), "");
    let o = gpu16(&["run", "examples/atomic_counter.s", "--engine", "model"]);
    assert_eq!(stderr(&o), "");
    // An SM image given as the program, a TM image given as --sm.
    let o = gpu16(&["run", "examples/matmul.sm.hex"]);
    assert_eq!(o.status.code(), Some(1));
    insta::assert_snapshot!("sm_image_as_program", stderr(&o));
    let dir = scratch("image_mixups");
    let tm = dir.join("matmul.tm.hex");
    let tm = tm.to_str().unwrap();
    assert_eq!(
        gpu16(&["asm", "examples/matmul.s", "-o", tm]).status.code(),
        Some(0)
    );
    let o = gpu16(&["run", "examples/matmul.s", "--sm", tm]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains(&format!(
            "{tm}: this is a TM image (a program, sixteen hex digits a line), not an SM image"
        )),
        "{}",
        stderr(&o)
    );
    // An assembly program given as --sm.
    let o = gpu16(&["run", "examples/matmul.s", "--sm", "examples/matmul.s"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("examples/matmul.s: this is an assembly program, not an SM image"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn clean_removes_the_cache() {
    // A cache of its own (GPU16_CACHE), so the suite's is left alone.
    let dir = scratch("clean");
    let cache = dir.join("cache");
    std::fs::create_dir_all(cache.join("verilator-00000000000000aa")).unwrap();
    std::fs::write(
        cache.join("verilator-00000000000000aa/model"),
        vec![0u8; 2_000_000],
    )
    .unwrap();
    let clean = || {
        Command::new(env!("CARGO_BIN_EXE_gpu16"))
            .arg("clean")
            .env("GPU16_CACHE", &cache)
            .output()
            .unwrap()
    };
    let o = clean();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("(2 MB)"), "{}", stdout(&o));
    assert!(!cache.exists());
    let o = clean();
    assert!(
        stdout(&o).starts_with("nothing to remove"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn frame_gives_the_same_png_on_every_engine_and_rtl_takes_it_from_the_video_output() {
    // Every picture example on the model is its expected PNG; one on rtl and verilator,
    // where the picture is what a monitor sees on the board's video output (tests/video_out.rs
    // shows every picture through the same path).
    let dir = scratch("frame_engines");
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut pictures: Vec<String> = std::fs::read_dir(&examples)
        .unwrap()
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".expected.png").map(str::to_owned)
        })
        .collect();
    pictures.sort();
    assert!(pictures.len() >= 4, "{pictures:?}");
    let frame = |name: &str, engine: &str| {
        let out = dir.join(format!("{name}.{engine}.png"));
        let o = gpu16(&[
            "run",
            &format!("examples/{name}.s"),
            "--engine",
            engine,
            "--frame",
            out.to_str().unwrap(),
        ]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{name} on {engine}: {}",
            stderr(&o)
        );
        std::fs::read(out).unwrap()
    };
    for name in &pictures {
        let expected = std::fs::read(examples.join(format!("{name}.expected.png"))).unwrap();
        assert!(frame(name, "model") == expected, "{name} on the model");
    }
    let expected = std::fs::read(examples.join("gradient.expected.png")).unwrap();
    for engine in ["rtl", "verilator"] {
        assert!(
            frame("gradient", engine) == expected,
            "gradient on {engine}"
        );
    }
}

/// The compiled simulators live in the user's cache folder (or `GPU16_CACHE`), never beside
/// the binary, so a binary shared between checkouts writes into none of them.
#[test]
fn the_verilog_cache_is_the_users_not_the_checkouts() {
    let dir = scratch("verilog_cache");
    let clean = |vars: &[(&str, &std::path::Path)]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_gpu16"));
        command
            .arg("clean")
            .env_remove("GPU16_CACHE")
            .env_remove("XDG_CACHE_HOME");
        for (name, value) in vars {
            command.env(name, value);
        }
        let o = command.output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o)
    };
    let home = dir.join("home");
    let said = clean(&[("HOME", &home)]);
    assert!(
        said.contains(&format!("{}", home.join(".cache/gpu16/verilog").display())),
        "{said}"
    );
    let xdg = dir.join("xdg");
    let said = clean(&[("HOME", &home), ("XDG_CACHE_HOME", &xdg)]);
    assert!(
        said.contains(&format!("{}", xdg.join("gpu16/verilog").display())),
        "{said}"
    );
    let own = dir.join("own");
    let said = clean(&[("HOME", &home), ("GPU16_CACHE", &own)]);
    assert!(
        said.contains(&format!("{} does not exist", own.display())),
        "{said}"
    );
}

/// ASSEMBLY.md's program that faults gives what the document prints, line for line.
#[test]
fn the_documented_faulting_program_prints_what_assembly_md_shows() {
    let doc = std::fs::read_to_string("docs/ASSEMBLY.md").unwrap();
    let section = &doc[doc.find("## A program that faults").expect("the section")..];
    let block = |fence: &str| -> String {
        let start = section.find(fence).expect(fence) + fence.len() + 1;
        section[start..start + section[start..].find("```").unwrap()].to_string()
    };
    let dir = scratch("documented_fault");
    write(&dir, "fault.s", &block("```asm"));
    let console = block("```console");
    let mut lines = console.lines();
    assert_eq!(lines.next(), Some("$ gpu16 run fault.s --engine model"));
    let o = Command::new(env!("CARGO_BIN_EXE_gpu16"))
        .args(["run", "fault.s", "--engine", "model"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o).trim_end(), lines.next().unwrap());
    assert_eq!(stderr(&o).trim_end(), lines.next().unwrap());
}
