//! `gpu16 verilog`: emit a block's Verilog for any flow.

use crate::cores::CoresArg;
use anyhow::{anyhow, Context, Result};
use clap::{Args, ValueEnum};
use gpu16_fpga::blocks::{Block, Counters};
use gpu16_fpga::lint;
use std::path::PathBuf;
use std::process::ExitCode;

/// `--block` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BlockArg {
    /// One core.
    Core,
    /// The shared memory (banks, crossbar, arbiters, locks).
    SharedMem,
    /// The task scheduler with its Task Memory.
    Scheduler,
    /// The whole GPU (top module `gpu16_top`).
    Gpu,
}

impl From<BlockArg> for Block {
    fn from(b: BlockArg) -> Block {
        match b {
            BlockArg::Core => Block::Core,
            BlockArg::SharedMem => Block::SharedMem,
            BlockArg::Scheduler => Block::Scheduler,
            BlockArg::Gpu => Block::Gpu,
        }
    }
}

#[derive(Args)]
pub struct VerilogArgs {
    /// Which block to emit.
    #[arg(long, value_enum, default_value_t = BlockArg::Gpu)]
    block: BlockArg,
    /// Output folder (created if missing).
    #[arg(short, long, value_name = "DIR")]
    output: PathBuf,
    /// Leave out the performance counters (`--stats`; they read 0): a smaller FPGA build.
    #[arg(long)]
    pub no_counters: bool,
    /// Also run yosys `hierarchy -check; proc; check -assert` and `verilator --lint-only -Wall`.
    #[arg(long)]
    check: bool,
    #[command(flatten)]
    cores: CoresArg,
}

/// The build's counters from a `--no-counters` flag.
pub fn counters(no_counters: bool) -> Counters {
    if no_counters {
        Counters::Off
    } else {
        Counters::On
    }
}

pub fn verilog(args: &VerilogArgs) -> Result<ExitCode> {
    let block = Block::from(args.block);
    let text = block
        .verilog_with(counters(args.no_counters), args.cores.get())
        .map_err(|e| anyhow!(e))?;
    std::fs::create_dir_all(&args.output)
        .with_context(|| format!("cannot create {}", args.output.display()))?;
    let path = args.output.join(format!("{}.v", block.top()));
    std::fs::write(&path, &text).with_context(|| format!("cannot write {}", path.display()))?;
    println!("wrote {} (top module {})", path.display(), block.top());
    if args.check {
        let scratch = args.output.join(".check");
        std::fs::create_dir_all(&scratch)?;
        lint::yosys_check(&text, block.top(), &scratch)?;
        println!("yosys: hierarchy -check; proc; check -assert: ok");
        lint::verilator_lint_sized(&text, block.top(), &scratch, args.cores.get())?;
        let absent = match args.cores.get() {
            16 => String::new(),
            n => format!("; UNUSEDSIGNAL on the ports of absent cores {n}-15"),
        };
        println!(
            "verilator --lint-only -Wall (waived: {}{absent}): ok",
            lint::VERILATOR_WAIVERS.join(", ")
        );
        std::fs::remove_dir_all(&scratch).ok();
    }
    Ok(ExitCode::SUCCESS)
}
