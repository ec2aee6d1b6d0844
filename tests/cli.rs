//! The `gpu16` command line as SPEC §9 fixes it: outputs, status line and exit codes.

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
    assert_eq!(stdout(&o).lines().last().unwrap(), "status: ok cycles: 250");
    let dumped = std::fs::read_to_string(&dump).unwrap();
    assert_eq!(dumped.lines().count(), 4096);
    assert_eq!(
        dumped,
        std::fs::read_to_string("examples/vector_add.expected.sm.hex").unwrap()
    );
    let events = gpu16_sim::run::timeline_from_json(&std::fs::read_to_string(&tl).unwrap())
        .expect("the timeline is JSON in SPEC §9's shape");
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
    gpu16(&["asm", "examples/histogram.s", "-o", img.to_str().unwrap()]);
    let a = gpu16(&[
        "run",
        "examples/histogram.s",
        "--sm",
        "examples/histogram.sm.hex",
    ]);
    let b = gpu16(&[
        "run",
        img.to_str().unwrap(),
        "--sm",
        "examples/histogram.sm.hex",
    ]);
    assert_eq!(stdout(&a), stdout(&b));
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
fn machine_errors_exit_2_and_timeouts_exit_3() {
    let dir = scratch("machine_errors");
    let s = write(&dir, "ill.s", ".cf mask=0x4\n.if\nnop\n.hword 0xb080\n");
    // The RTL's pipeline and dispatch cost cycles, and a fault one more: the core signals it
    // from flip-flops, the cycle after the faulting instruction.
    for (engine, cycles) in [("model", 3), ("rtl", 7)] {
        let o = gpu16(&["run", &s, "--engine", engine]);
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(
            stdout(&o).trim_end(),
            format!("status: error ILLEGAL_INSN frame: 1 core: 2 ip: 1 cycles: {cycles}")
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
        let o = gpu16(&[
            "run",
            "examples/reduction.s",
            "--sm",
            "examples/reduction.sm.hex",
            "--engine",
            engine,
            "--dump-sm",
            dump.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        (stdout(&o), std::fs::read_to_string(dump).unwrap())
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
    // ~61,000 cycles: over ten seconds of rust-hdl, past the five after which the hint comes.
    let dir = scratch("progress");
    let s = write(
        &dir,
        "long.s",
        ".cf mask=0x1\n.if\nset_const 1, r9\nset_const 120, r11\nouter: set_const 255, r10\n\
         inner: sub r10, r9, r10\nbnz r10, inner\nsub r11, r9, r11\nbnz r11, outer\nready\n",
    );
    // On a terminal (util-linux `script` gives it one): the count, its rate, the hint.
    let on_terminal = Command::new("script")
        .args([
            "-qec",
            &format!("{} run {s}", env!("CARGO_BIN_EXE_gpu16")),
            "/dev/null",
        ])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs");
    // Piped, at the same time: nothing but the status line.
    let o = gpu16(&["run", &s]);
    assert_eq!(o.status.code(), Some(0));
    assert!(!stderr(&o).contains("cycles/s"), "{}", stderr(&o));
    let screen = stdout(&on_terminal.wait_with_output().unwrap());
    assert!(screen.contains("cycles/s)"), "{screen}");
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
