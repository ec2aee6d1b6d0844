//! `gpu16`: assemble, disassemble and run programs on the 16-core GPU (MACHINE.md §9).
//!
//! Exit statuses, for every subcommand: 0 ok; 1 bad input (a file, a program or a flag, the
//! message says which and where); 2 the run ended with a machine error (MACHINE.md §7); 3
//! `TIMEOUT`; 4 the work could not be carried out, through nothing in the input: a tool missing or
//! failing, a board not there or not answering.

mod board;
mod cores;
mod engine;
mod fault;
mod input;
mod limit;
mod progress;
mod run;
mod synth;
mod verilog;
mod view;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "gpu16",
    version,
    about = "The gpu16 16-core educational GPU: assembler, reference model and RTL",
    after_help = "Exit status: 0 ok; 1 bad input (a file, a program or a flag); 2 the run \
                  ended with a machine error; 3 TIMEOUT; 4 the work could not be carried out \
                  (a tool missing or failing, a board not there or not answering)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Assemble a program (docs/ASSEMBLY.md) into a Task Memory image (MACHINE.md §8).
    Asm {
        /// Assembly source (`.s`).
        source: PathBuf,
        /// Output TM image; standard output if omitted.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// The GPU the program is for: `CORES` and `mask=all` follow it.
        #[command(flatten)]
        cores: cores::CoresArg,
    },
    /// Disassemble a TM image into assembly that reassembles to the same bytes.
    Disasm {
        /// TM image (`.tm.hex`).
        image: PathBuf,
        /// Output assembly file; standard output if omitted.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Write the GPU's Verilog (`DIR/gpu16_top.v`, or one block's with --block), optionally
    /// checking it with yosys and Verilator.
    Verilog(verilog::VerilogArgs),
    /// Synthesise the GPU (or a block) for an FPGA with yosys and nextpnr; report its size and
    /// Fmax.
    Synth(synth::SynthArgs),
    /// Build a board's bitstream: yosys, nextpnr and the packer (the whole GPU 30-60 minutes on
    /// two cores, docs/BOARD.md; --design uart-echo, seconds). For the Digilent and Terasic
    /// boards: a Vivado or Quartus project, built when the tool is on PATH.
    Build(board::BuildArgs),
    /// Load a bitstream onto a board with openFPGALoader.
    Flash(board::FlashArgs),
    /// Serve a simulated board (the board top in Verilator) on a pseudo-terminal, for
    /// `gpu16 run --engine board --port TERMINAL`.
    BoardSim(board::BoardSimArgs),
    /// End the run in progress on a board (or `gpu16 board-sim`): it ends as its cycle limit
    /// would, with TIMEOUT, and its status says it was stopped. A run another `gpu16 run` left
    /// going (killed before it could stop it) otherwise holds the board until its limit.
    Stop(board::StopArgs),
    /// Draw a timeline saved by `gpu16 run --timeline` as a picture (SVG).
    TimelineSvg {
        /// The program the timeline is a run of (`.s` or `.tm.hex`).
        program: PathBuf,
        /// The timeline (JSON).
        timeline: PathBuf,
        /// The picture to write.
        #[arg(short, long, value_name = "OUT.svg")]
        output: PathBuf,
        /// The GPU the run was on.
        #[command(flatten)]
        cores: cores::CoresArg,
    },
    /// Run a program and print its status line (exit 0 ok, 1 bad input, 2 machine error,
    /// 3 TIMEOUT, 4 a tool or the board failed).
    Run(Box<run::RunArgs>),
    /// Remove the simulators and fingerprints cached for the Verilator and board engines
    /// ($GPU16_CACHE, else ~/.cache/gpu16/verilog): they are built again when next needed.
    /// The cache keeps the 8 most recently used builds of each kind by itself.
    Clean,
}

fn main() -> ExitCode {
    // A closed pipe (`gpu16 run … | head -1`) ends the program quietly, as it ends `cat`:
    // Rust ignores SIGPIPE and would panic on the failed write instead.
    // SAFETY: restoring a signal's default disposition before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version are answers; anything else clap refuses is bad input.
            e.print().ok();
            return ExitCode::from(if e.use_stderr() { BAD_INPUT } else { 0 });
        }
    };
    match dispatch(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(failure_status(&e))
        }
    }
}

/// Exit status: bad input (a file, a program, a flag).
const BAD_INPUT: u8 = 1;
/// Exit status: the work could not be carried out through nothing in the input (a tool
/// missing or failing, a board not there or not answering).
const CANNOT_RUN: u8 = 4;
/// Exit status: the user interrupted the work (Ctrl-C), as a shell reports it: 128 + SIGINT.
const INTERRUPTED: u8 = 130;

/// The exit status of a failure: [`CANNOT_RUN`] when a tool, the simulator, the loader or
/// the board link failed, else [`BAD_INPUT`].
fn failure_status(e: &anyhow::Error) -> u8 {
    use gpu16_host::HostError;
    for cause in e.chain() {
        if let Some(h) = cause.downcast_ref::<HostError>() {
            return match h {
                HostError::CycleLimit { .. } => BAD_INPUT,
                HostError::Interrupted { .. } => INTERRUPTED,
                _ => CANNOT_RUN,
            };
        }
        if cause.is::<gpu16_fpga::tools::ToolError>()
            || cause.is::<gpu16_fpga::board::flash::FlashError>()
            || cause.is::<gpu16_hdl::sim::NoConvergence>()
        {
            return CANNOT_RUN;
        }
    }
    BAD_INPUT
}

fn dispatch(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Asm {
            source,
            output,
            cores,
        } => {
            let frames = input::assemble_file(&source, cores.get())?.frames;
            write_output(output.as_ref(), &gpu16_sim::image::tm::write(&frames))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Disasm { image, output } => {
            let frames = input::read_tm_image(&image)?;
            write_output(output.as_ref(), &gpu16_sim::asm::disassemble(&frames))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Run(args) => run::run(&args),
        Command::TimelineSvg {
            program,
            timeline,
            output,
            cores,
        } => {
            let frames = input::read_program(&program, cores.get())?.frames;
            let text = std::fs::read_to_string(&timeline)
                .with_context(|| format!("cannot read {}", timeline.display()))?;
            let events = gpu16_sim::run::timeline_from_json(&text)
                .with_context(|| format!("{}: not a timeline", timeline.display()))?;
            let title = program.display().to_string();
            run::write_picture(&output, &frames, &events, &title)
                .with_context(|| format!("{} with {}", timeline.display(), program.display()))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Verilog(args) => verilog::verilog(&args),
        Command::Synth(args) => synth::synth(&args),
        Command::Build(args) => board::build_command(&args),
        Command::Flash(args) => board::flash_command(&args),
        Command::BoardSim(args) => board::board_sim_command(&args),
        Command::Stop(args) => board::stop_command(&args),
        Command::Clean => clean(),
    }
}

/// `gpu16 clean`: removes the cache of compiled simulators.
fn clean() -> Result<ExitCode> {
    let cache = gpu16_fpga::verilog_engine::cache_dir();
    if !cache.exists() {
        println!("nothing to remove: {} does not exist", cache.display());
        return Ok(ExitCode::SUCCESS);
    }
    fn size(path: &Path) -> u64 {
        match std::fs::read_dir(path) {
            Ok(entries) => entries.flatten().map(|e| size(&e.path())).sum(),
            Err(_) => std::fs::metadata(path).map_or(0, |m| m.len()),
        }
    }
    let bytes = size(&cache);
    std::fs::remove_dir_all(&cache)
        .with_context(|| format!("cannot remove {}", cache.display()))?;
    println!("removed {} ({} MB)", cache.display(), bytes / 1_000_000);
    Ok(ExitCode::SUCCESS)
}

/// Writes `text` to `path`, or to standard output.
fn write_output(path: Option<&PathBuf>, text: &str) -> Result<()> {
    match path {
        Some(p) => std::fs::write(p, text).with_context(|| format!("cannot write {}", p.display())),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}
