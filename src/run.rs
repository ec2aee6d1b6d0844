//! `gpu16 run`: MACHINE.md §9's stable command.

use crate::cores::CoresArg;
use crate::engine::Engine;
use crate::fault;
use crate::input;
use crate::limit;
use crate::progress::{self, Bars, Progress};
use crate::view;
use anyhow::{bail, Context, Result};
use clap::Args;
use gpu16_fpga::cosim::Simulator;
use gpu16_fpga::verilog_engine::VerilogEngine;
use gpu16_hdl::waveform::Waveform;
use gpu16_host::{Link, ReadBack, Update};
use gpu16_sim::frame::{first_absent_core, Frame};
use gpu16_sim::image::{picture, sm};
use gpu16_sim::run::{
    timeline_svg, timeline_to_json, Event, RunConfig, RunResult, HARDWARE_MAX_CYCLES,
};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args)]
pub struct RunArgs {
    /// The program: assembly (`.s`) or a TM image (`.tm.hex`).
    program: PathBuf,
    /// Initial shared memory (SM image); all zero if omitted (with a warning when NAME.sm.hex
    /// sits beside the program NAME.s or NAME.tm.hex).
    #[arg(long, value_name = "INIT.sm.hex")]
    sm: Option<PathBuf>,
    /// Which implementation runs the program.
    #[arg(long, value_enum, default_value_t = Engine::Rtl)]
    engine: Engine,
    /// Write the final shared memory here (4096 lines).
    #[arg(long, value_name = "OUT.sm.hex")]
    dump_sm: Option<PathBuf>,
    /// Write the picture shared memory holds after the run here, as a PNG (docs/MACHINE.md §5,
    /// "The picture": 64 × 64 pixels of RGB332 at address 64·y + x, each drawn 4 × 4). On rtl
    /// and verilator it is what a monitor sees: the board's video blocks (hdl/src/video/) copy
    /// and scan out the final memory in a small simulated mode, and a DVI monitor model
    /// decodes their symbols; on model it is the memory; on board, the memory read back.
    #[arg(long, value_name = "OUT.png")]
    frame: Option<PathBuf>,
    /// Write every core's registers after the run here: 16·N lines of 2 hex digits, core c's
    /// register r on line 16·c + r + 1 (a `// core c` comment before each core's 16).
    #[arg(long, value_name = "OUT.hex")]
    dump_regs: Option<PathBuf>,
    /// Write the per-frame timeline here as JSON.
    #[arg(long, value_name = "OUT.json")]
    timeline: Option<PathBuf>,
    /// Draw the timeline here as a picture: a row per core, a bar per task.
    #[arg(long, value_name = "OUT.svg")]
    timeline_svg: Option<PathBuf>,
    /// Stop with TIMEOUT after N cycles (0 = no limit). Without it: 20000 on rtl (a loop that
    /// never ends stops in seconds), 1000000 on the other engines, and with --view the 20000
    /// cycles a page holds (or the end of a later --view-cycles window). The hardware counts
    /// cycles in 32 bits: rtl, verilator and board take at most 4294967295; the model any
    /// 64-bit number.
    #[arg(long, value_name = "N")]
    max_cycles: Option<u64>,
    /// Print counters before the status line: per core the instructions retired, busy cycles,
    /// cycles stalled on memory (mem_stall), cycles an ld_sync waited for a held lock
    /// (lock_waits) and tasks; per bank the accesses it served and the cycles in which two or
    /// more cores asked for it (contended_cycles: one access a cycle, so 16 cores on one bank
    /// make 16 accesses and about 15 contended cycles).
    #[arg(long)]
    stats: bool,
    /// Write a waveform of the run (rtl and verilator engines).
    #[arg(long, value_name = "OUT.vcd")]
    vcd: Option<PathBuf>,
    /// The board's serial port (--engine board), e.g. /dev/ttyUSB0, or the terminal
    /// `gpu16 board-sim` prints.
    #[arg(long, value_name = "PORT")]
    port: Option<String>,
    /// The serial port's rate: the one the bitstream was built for (300-12000000).
    #[arg(long, default_value_t = 115_200, value_parser = clap::value_parser!(u32).range(300..=12_000_000))]
    baud: u32,
    /// Write a page that replays the run cycle by cycle: the scheduler, every core's state,
    /// instruction and registers, the banks' requests, grants and locks, shared memory. rtl and
    /// verilator show the hardware's cycles (the same page); model its own ideal timing. One
    /// HTML file; open it in any browser, no network needed.
    /// It holds at most 20000 cycles (~50 kB, and 70-260 bytes a cycle): cycles 0-19999 unless
    /// --view-cycles says which.
    #[arg(long, value_name = "OUT.html")]
    view: Option<PathBuf>,
    /// The cycles --view shows: A..B (B included) or A.. (from A), at most 20000.
    #[arg(long, value_name = "A..B", value_parser = view::parse_window, requires = "view")]
    view_cycles: Option<RangeInclusive<u64>>,
    /// Run on a board even if it runs another design than this checkout makes (a bitstream
    /// built from other sources, a `gpu16 board-sim` started before they changed).
    #[arg(long)]
    any_design: bool,
    /// The machine's cores (model, rtl, verilator; a board has the N it was built with).
    #[command(flatten)]
    cores: CoresArg,
}

/// The fingerprint of the design this checkout makes for a board of identity `id`
/// (`gpu16_fpga::board::fingerprint`), worked out once after each change of the sources.
fn design_fingerprint(id: &gpu16_sim::link::Identity) -> Result<u64> {
    let config = gpu16_hdl::bridge::BridgeConfig {
        clock_hz: id.clock_hz,
        baud: id.baud,
        counters: id.counters,
        simulated: id.simulated,
        cores: usize::from(id.cores),
        fingerprint: 0,
    };
    let cache = gpu16_fpga::verilog_engine::cache_dir();
    Ok(gpu16_fpga::board::fingerprint::fingerprint_cached(
        &cache,
        config,
        || {
            eprintln!(
                "working out which design this gpu16 makes for the board (from the sources it \
                 was built from), to compare with the one the board runs (once after each \
                 change of the sources: seconds)"
            )
        },
    )?)
}

/// A board a run goes to: its link, what it said it is, and the design it must run (`None`
/// with `--any-design`).
type BoardLink = (Link, gpu16_sim::link::Identity, Option<u64>);

/// What a run gives besides its result: the model's own recording for `--view`, and the
/// board's clock for `--stats`'s work per second.
#[derive(Default)]
struct Extras {
    model_view: Option<gpu16_sim::view::Recording>,
    board_clock_hz: Option<u32>,
}

/// `gpu16 run`, in the order the data goes: the flags checked, the board (if any) asked what
/// it is, the program and shared memory read, the run on its engine, the files asked for
/// written, then the report.
pub fn run(args: &RunArgs) -> Result<ExitCode> {
    if let Some(root) = gpu16_fpga::verilog_engine::sources_changed_since_built() {
        eprintln!(
            "note: the sources in {} changed after this gpu16 was built: it simulates the \
             machine as it was then (cargo build --release makes one with your change)",
            root.display()
        );
    }
    let view_window = args
        .view
        .is_some()
        .then(|| view::window(args.view_cycles.clone()));
    let limit = limit::choose(args.max_cycles, args.engine, view_window);
    let mut config = RunConfig {
        max_cycles: limit.cycles,
        cores: args.cores.get(),
    };
    check_flags(args, &config)?;
    // The waveform the hardware engines' view is read from: the user's --vcd, or our own.
    let scratch = (args.vcd.is_none() && args.view.is_some() && args.engine != Engine::Model)
        .then(view::ScratchWaveform::new);
    let waveform_path = match (&args.vcd, &scratch) {
        (Some(p), _) => Some(p.clone()),
        (None, Some(s)) => Some(s.0.clone()),
        (None, None) => None,
    };
    // On a board, the GPU is the one its bitstream was built with.
    let board = match args.engine {
        Engine::Board => Some(connect_board(args, &mut config)?),
        _ => None,
    };
    let program = input::read_program(&args.program, config.cores)?;
    if let Some((frame, core)) = first_absent_core(&program.frames, config.cores) {
        eprintln!(
            "warning: {}: the CF at frame {frame} names core {core}; a GPU of {} cores stops \
             there with NO_CORE",
            args.program.display(),
            config.cores
        );
    }
    let init = read_initial_sm(args)?;
    let (result, extras) = run_on_engine(
        args,
        &program.frames,
        &init,
        config,
        waveform_path.as_deref(),
        board,
    )?;
    write_outputs(args, &program.frames, &result)?;
    if let Some(out) = &args.view {
        let recording = match extras.model_view {
            Some(recording) => recording,
            None => {
                let vcd = waveform_path.expect("a hardware engine's view has a waveform");
                let window = view::window(args.view_cycles.clone());
                view::read_waveform(&vcd, &engine_name(args), config.cores, &init, window)?
            }
        };
        let source = view::Source {
            program: &args.program,
            listing: program.source.as_ref(),
            engine: engine_name(args),
            frames: &program.frames,
            cores: config.cores,
            window: args.view_cycles.clone(),
        };
        view::write(&recording, &source, &result, out)?;
    }
    if args.stats {
        print!("{}", result.stats.report(result.cycles));
        if let Some(hz) = extras.board_clock_hz {
            println!(
                "{}",
                work_per_second(result.stats.retired(), result.cycles, hz)
            );
        }
    }
    let source = program.source.as_ref().map(|s| (args.program.as_path(), s));
    for note in limit::timeout_notes(&result, &limit, program.frames.len(), source) {
        eprintln!("note: {note}");
    }
    println!("{}", result.status.line(result.cycles));
    if let Some(place) = source.and_then(|(path, s)| fault::place(&result.status, path, s)) {
        eprintln!("{place}");
    }
    Ok(ExitCode::from(result.status.exit_code() as u8))
}

/// `--engine`'s value as the user wrote it.
fn engine_name(args: &RunArgs) -> String {
    format!("{:?}", args.engine).to_lowercase()
}

/// The flags that do not go together, refused before anything runs.
fn check_flags(args: &RunArgs, config: &RunConfig) -> Result<()> {
    if args.vcd.is_some() && matches!(args.engine, Engine::Model | Engine::Board) {
        bail!("--vcd records the hardware's signals: it needs --engine rtl or verilator");
    }
    if args.view.is_some() && args.engine == Engine::Board {
        bail!(
            "--view shows a run cycle by cycle: it needs a simulation (--engine rtl, verilator or \
             model); a board reports its tasks, not its cycles (--timeline-svg draws them)"
        );
    }
    if args.port.is_some() != (args.engine == Engine::Board) {
        bail!("--port goes with --engine board (and --engine board needs it: the board's serial port, e.g. /dev/ttyUSB0)");
    }
    if args.engine != Engine::Model && config.hardware_max_cycles().is_none() {
        bail!(
            "--max-cycles {}: the {} engine counts cycles in 32 bits, as the hardware does: at \
             most {HARDWARE_MAX_CYCLES} (0 = no limit; --engine model takes more)",
            config.max_cycles,
            engine_name(args)
        );
    }
    Ok(())
}

/// The board on `--port`, asked what it is: the run takes its number of cores, and (unless
/// `--any-design`) must find it running the design this gpu16 makes for it.
fn connect_board(args: &RunArgs, config: &mut RunConfig) -> Result<BoardLink> {
    let port = args.port.as_deref().unwrap_or_default();
    let mut link = Link::open(port, args.baud)?;
    let id = gpu16_host::identify(&mut link)?;
    let cores = usize::from(id.cores);
    if args.cores.given().is_some_and(|n| n != cores) {
        bail!(
            "--cores {}: the board on {port} was built with {cores} cores (leave --cores out \
             to run on the board's)",
            args.cores.get()
        );
    }
    config.cores = cores;
    // The design the board must run: the one this gpu16 makes for it.
    let design = match args.any_design {
        true => {
            eprintln!(
                "warning: --any-design: not checking that the board on {port} runs the design \
                 this gpu16 makes for it; a bitstream built from other sources (or a \
                 board-sim started before they changed) may give other cycle counts and \
                 results than --engine rtl"
            );
            None
        }
        false => Some(design_fingerprint(&id)?),
    };
    Ok((link, id, design))
}

/// Shared memory at the start: `--sm`, or all zero (with a warning when an image sits beside
/// the program).
fn read_initial_sm(args: &RunArgs) -> Result<sm::SmImage> {
    Ok(match &args.sm {
        Some(p) => input::read_sm_image(p)?,
        None => {
            if let Some(beside) = input::sm_image_beside(&args.program) {
                eprintln!(
                    "warning: {}: no --sm given, so shared memory starts all zero; {} beside it \
                     looks like its input: add `--sm {}`",
                    args.program.display(),
                    beside.display(),
                    beside.display()
                );
            }
            sm::zeroed()
        }
    })
}

/// The run itself, on `--engine`; a hardware engine writes its waveform to `waveform` if
/// given.
fn run_on_engine(
    args: &RunArgs,
    frames: &[Frame],
    init: &sm::SmImage,
    config: RunConfig,
    waveform: Option<&Path>,
    board: Option<BoardLink>,
) -> Result<(RunResult, Extras)> {
    let mut extras = Extras::default();
    let result = match args.engine {
        Engine::Model if args.view.is_some() => {
            let window = view::window(args.view_cycles.clone());
            let (result, recording) = gpu16_sim::model::run_viewed(frames, init, config, window);
            extras.model_view = Some(recording);
            result
        }
        Engine::Model => gpu16_sim::model::run(frames, init, config),
        Engine::Rtl => run_rtl(frames, init, config, waveform)?,
        Engine::Verilator => run_verilator(frames, init, config, waveform)?,
        Engine::Board => {
            let (link, id, design) = board.expect("a board run has its board");
            // `--stats` gives the work per second at the board's clock.
            if args.stats {
                extras.board_clock_hz = Some(id.clock_hz);
            }
            run_board(args, link, design, frames, init, config)?
        }
    };
    Ok((result, extras))
}

/// `--engine rtl`: rust-hdl's simulation. It simulates a few thousand cycles a second: a long
/// run shows its count on a terminal and, after a while, the faster engine.
fn run_rtl(
    frames: &[Frame],
    init: &sm::SmImage,
    config: RunConfig,
    waveform: Option<&Path>,
) -> Result<RunResult> {
    let mut progress = Progress::count("rtl", "cycles")
        .with_limit(config.max_cycles)
        .with_hint(
            Duration::from_secs(5),
            "this run is long for --engine rtl: --engine verilator simulates the same \
             RTL about 100 times faster, and --max-cycles N stops a loop that never \
             ends sooner"
                .into(),
        );
    let mut waveform = match waveform {
        Some(path) => {
            let file = std::fs::File::create(path)
                .with_context(|| format!("cannot write {}", path.display()))?;
            Some(Waveform::new(std::io::BufWriter::new(file)))
        }
        None => None,
    };
    let mut watch = |g: &gpu16_hdl::gpu::Gpu| {
        progress.set(g.host.cycles.val().index() as u64);
        if let Some(w) = &mut waveform {
            w.sample(g);
        }
    };
    Ok(gpu16_hdl::driver::run(
        frames,
        init,
        config,
        Some(&mut watch),
    )?)
}

/// `--engine verilator`: the emitted Verilog, built once per design into the cache.
fn run_verilator(
    frames: &[Frame],
    init: &sm::SmImage,
    config: RunConfig,
    waveform: Option<&Path>,
) -> Result<RunResult> {
    let cache = gpu16_fpga::verilog_engine::cache_dir();
    let trace = waveform.is_some();
    let build = || VerilogEngine::build(Simulator::Verilator, &cache, trace, config.cores);
    let built = VerilogEngine::is_built(Simulator::Verilator, &cache, trace, config.cores);
    if !built {
        // docs/results/simulation-speed.md: 87 s on an idle 2-core machine.
        eprintln!(
            "building the Verilator model in {} (once per design: about 1.5 minutes on \
             an idle 2-core machine, longer beside other work; GPU16_CACHE moves it)",
            cache.display()
        );
    }
    let engine = match built {
        true => build(),
        false => progress::timed("building the Verilator model", build),
    }?;
    let work = cache.join(format!("run-{}", std::process::id()));
    let vcd = match waveform {
        Some(p) => Some(std::path::absolute(p).with_context(|| format!("{}", p.display()))?),
        None => None,
    };
    let result = engine.run(frames, init, config, &work, vcd.as_deref());
    std::fs::remove_dir_all(&work).ok();
    Ok(result?)
}

/// `--engine board`: the run on the board over its link, reading back only what the user
/// asked for.
fn run_board(
    args: &RunArgs,
    mut link: Link,
    design: Option<u64>,
    frames: &[Frame],
    init: &sm::SmImage,
    config: RunConfig,
) -> Result<RunResult> {
    let port = args.port.as_deref().unwrap_or_default();
    // Only what the user asked for crosses the UART.
    let read = ReadBack {
        sm: args.dump_sm.is_some() || args.frame.is_some(),
        regs: args.dump_regs.is_some(),
        counters: args.stats,
    };
    let mut bars = Bars::default();
    let mut report = |u: Update| match u {
        Update::Transfer(t) => bars.show(t.what, t.done, t.total),
        Update::Note(note) => eprintln!("{port}: {note}"),
    };
    // Ctrl-C stops the run on the board before the program exits.
    crate::board::stop_board_run_on_signal();
    let result = gpu16_host::run(&mut link, frames, init, config, read, design, &mut report)?;
    if link.retries > 0 {
        eprintln!(
            "{port}: {} requests sent again after errors on the line",
            link.retries
        );
    }
    Ok(result)
}

/// The files the flags ask for: shared memory, the picture, the registers, the timeline.
fn write_outputs(args: &RunArgs, frames: &[Frame], result: &RunResult) -> Result<()> {
    if let Some(p) = &args.dump_sm {
        std::fs::write(p, sm::write(&result.sm))
            .with_context(|| format!("cannot write {}", p.display()))?;
    }
    if let Some(p) = &args.frame {
        let shown = match args.engine {
            Engine::Rtl | Engine::Verilator => scanned_out(&result.sm)?,
            Engine::Model | Engine::Board => result.sm.clone(),
        };
        std::fs::write(p, picture::png(&shown)?)
            .with_context(|| format!("cannot write {}", p.display()))?;
    }
    if let Some(p) = &args.dump_regs {
        std::fs::write(p, regs_image(&result.regs))
            .with_context(|| format!("cannot write {}", p.display()))?;
    }
    if let Some(p) = &args.timeline {
        std::fs::write(p, timeline_to_json(&result.timeline))
            .with_context(|| format!("cannot write {}", p.display()))?;
    }
    if let Some(p) = &args.timeline_svg {
        let title = format!("{} ({:?} engine)", args.program.display(), args.engine).to_lowercase();
        write_picture(p, frames, &result.timeline, &title)?;
    }
    Ok(())
}

/// The board's clock and the work per second at it (instructions per cycle × clock).
fn work_per_second(retired: u64, cycles: u64, clock_hz: u32) -> String {
    let ipc = if cycles == 0 {
        0.0
    } else {
        retired as f64 / cycles as f64
    };
    format!(
        "board clock: {} MHz, {:.2} million instructions a second (IPC × clock)",
        f64::from(clock_hz) / 1e6,
        ipc * f64::from(clock_hz) / 1e6
    )
}

/// The registers of every core as `--dump-regs` writes them.
fn regs_image(regs: &[[u8; 16]]) -> String {
    let mut text = String::new();
    for (core, values) in regs.iter().enumerate() {
        text += &format!("// core {core}\n");
        for v in values {
            text += &format!("{v:02x}\n");
        }
    }
    text
}

/// Writes the picture of a run's timeline.
/// The picture a monitor sees once the board's video blocks have copied `sm` (a run's final
/// memory) and scanned it out: played in rust-hdl in the simulated mode, decoded by the DVI
/// monitor model. It must be the memory's picture; anything else is a bug in the video RTL,
/// reported rather than written.
fn scanned_out(sm: &sm::SmImage) -> Result<sm::SmImage> {
    use gpu16_hdl::video_driver::{show, SIMULATED_FRAMES, SIMULATED_MODE, SIMULATED_SCALE};
    use gpu16_sim::dvi::{receive, Monitor};
    let mut monitor = Monitor::new(!SIMULATED_MODE.sync_high);
    let mut garbled = None;
    // The copy ends in the first frame's blanking; the next frame is seen whole.
    show(
        &sm[..],
        SIMULATED_MODE,
        SIMULATED_SCALE,
        (1, 1),
        SIMULATED_FRAMES,
        &mut |[r, g, b]| match receive(r, g, b) {
            Ok(seen) => monitor.see(seen),
            Err(e) => {
                garbled.get_or_insert(e);
            }
        },
    )?;
    if let Some(e) = garbled {
        bail!("the video output's symbols are not DVI (a bug in hdl/src/video/): {e}");
    }
    let picture = monitor
        .picture(usize::from(SIMULATED_SCALE))
        .context("the monitor found no picture in the video output (a bug in hdl/src/video/)")?;
    let shown: sm::SmImage = Box::new(
        picture
            .try_into()
            .map_err(|_| anyhow::anyhow!("the monitor's picture is not 64 × 64"))?,
    );
    if shown != *sm {
        bail!(
            "the video output shows another picture than shared memory holds (a bug in \
             hdl/src/video/)"
        );
    }
    Ok(shown)
}

pub fn write_picture(path: &Path, frames: &[Frame], timeline: &[Event], title: &str) -> Result<()> {
    let svg = timeline_svg::draw(frames, timeline, title)?;
    std::fs::write(path, svg).with_context(|| format!("cannot write {}", path.display()))
}
