//! `gpu16 run`: SPEC §9's stable command.

use crate::input;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use gpu16_hdl::waveform::Waveform;
use gpu16_sim::image::sm;
use gpu16_sim::run::{timeline_to_json, RunConfig, RunResult};
use std::path::PathBuf;
use std::process::ExitCode;

/// Which implementation of the machine runs the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Engine {
    /// The reference model (sim/src/model).
    Model,
    /// The rust-hdl simulation of the RTL.
    Rtl,
    /// The emitted Verilog, compiled by Verilator.
    Verilator,
}

#[derive(Args)]
pub struct RunArgs {
    /// The program: assembly (`.s`) or a TM image (`.tm.hex`).
    program: PathBuf,
    /// Initial shared memory (SM image); all zero if omitted.
    #[arg(long, value_name = "INIT.sm.hex")]
    sm: Option<PathBuf>,
    /// Which implementation runs the program.
    #[arg(long, value_enum, default_value_t = Engine::Rtl)]
    engine: Engine,
    /// Write the final shared memory here (4096 lines).
    #[arg(long, value_name = "OUT.sm.hex")]
    dump_sm: Option<PathBuf>,
    /// Write the per-frame timeline here as JSON.
    #[arg(long, value_name = "OUT.json")]
    timeline: Option<PathBuf>,
    /// Stop with TIMEOUT after N cycles (0 = no limit).
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    max_cycles: u64,
    /// Print counters (instructions, stalls, bank traffic) before the status line.
    #[arg(long)]
    stats: bool,
    /// Write a waveform of the run (rtl engine).
    #[arg(long, value_name = "OUT.vcd")]
    vcd: Option<PathBuf>,
}

pub fn run(args: &RunArgs) -> Result<ExitCode> {
    let frames = input::read_program(&args.program)?;
    let init = match &args.sm {
        Some(p) => input::read_sm_image(p)?,
        None => sm::zeroed(),
    };
    let config = RunConfig {
        max_cycles: args.max_cycles,
    };
    if args.vcd.is_some() && args.engine != Engine::Rtl {
        bail!("--vcd records the hardware's signals in rust-hdl: it needs --engine rtl");
    }
    let result: RunResult = match args.engine {
        Engine::Model => gpu16_sim::model::run(&frames, &init, config),
        Engine::Rtl => match &args.vcd {
            Some(path) => {
                let file = std::fs::File::create(path)
                    .with_context(|| format!("cannot write {}", path.display()))?;
                let mut waveform = Waveform::new(std::io::BufWriter::new(file));
                let mut watch = |g: &gpu16_hdl::gpu::Gpu| waveform.sample(g);
                gpu16_hdl::driver::run(&frames, &init, config, Some(&mut watch))?
            }
            None => gpu16_hdl::driver::run(&frames, &init, config, None)?,
        },
        Engine::Verilator => {
            bail!("the verilator engine is not built yet; use --engine rtl or model")
        }
    };
    if let Some(p) = &args.dump_sm {
        std::fs::write(p, sm::write(&result.sm))
            .with_context(|| format!("cannot write {}", p.display()))?;
    }
    if let Some(p) = &args.timeline {
        std::fs::write(p, timeline_to_json(&result.timeline))
            .with_context(|| format!("cannot write {}", p.display()))?;
    }
    if args.stats {
        print!("{}", result.stats.report(result.cycles));
    }
    println!("{}", result.status.line(result.cycles));
    Ok(ExitCode::from(result.status.exit_code() as u8))
}
