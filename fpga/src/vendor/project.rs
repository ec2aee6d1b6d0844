//! `gpu16 build` for a classroom board: the vendor project, written into the build folder,
//! and built by the vendor's tool when it is on `PATH`.
//!
//! | file | what |
//! |---|---|
//! | `design.v` | the design, emitted from rust-hdl (the GPU's board top, or the UART echo), its block RAMs' simulation-only reads taken out (`gpu16_hdl::block_ram::synthesis_only`: Quartus defines no `SYNTHESIS`) |
//! | `pll.v` | the `MMCME2_BASE` and its `BUFGCE` gate (Xilinx, when the clock is not the oscillator's or the board has VGA: then the pixel clock too) |
//! | `pins.v` | the pin wrapper, top module `gpu16_board` ([`VendorBoard::pin_wrapper`]) |
//! | `gpu16.xdc`, `build.tcl` | Vivado's constraints and script ([`super::vivado`]) |
//! | `gpu16.qpf`, `gpu16.qsf`, `gpu16.sdc`, `build.tcl` | Quartus's project, timing and script ([`super::quartus`]) |

use super::{quartus, vivado, Vendor, VendorBoard};
use crate::board::build::board_config;
use crate::board::design::Design;
use crate::board::fingerprint::board_design;
use crate::tools::{require, run_within, ToolError, IMPLEMENTATION_TIME_LIMIT};
use std::path::PathBuf;

/// What to build.
#[derive(Clone, Debug)]
pub struct VendorBuildOptions {
    pub board: VendorBoard,
    pub design: Design,
    /// Keep the GPU's performance counters.
    pub counters: bool,
    /// N: the GPU's cores (1–16).
    pub cores: usize,
    pub baud: u32,
    /// The design's clock in Hz (`None`: the board's default for the design).
    pub clock_hz: Option<u32>,
    /// The project folder.
    pub dir: PathBuf,
}

/// A project written, and what became of it.
#[derive(Clone, Debug)]
pub struct Project {
    pub dir: PathBuf,
    /// The design's clock.
    pub clock_hz: u32,
    /// The vendor's tool and its arguments, to run in `dir`.
    pub tool: &'static str,
    pub args: &'static [&'static str],
    /// The bitstream, if the tool ran and wrote it.
    pub bitstream: Option<PathBuf>,
    /// What the script said of timing (its `gpu16:` lines), if the tool ran.
    pub said: Vec<String>,
}

impl Project {
    /// The command a user runs in the project folder.
    pub fn command(&self) -> String {
        format!("{} {}", self.tool, self.args.join(" "))
    }
}

/// The vendor's tool for `vendor`, and its arguments.
pub fn tool(vendor: Vendor) -> (&'static str, &'static [&'static str]) {
    match vendor {
        Vendor::Xilinx => ("vivado", &vivado::ARGS),
        Vendor::Intel => ("quartus_sh", &quartus::ARGS),
    }
}

/// Writes the project of `opts` into its folder; runs the vendor's tool on it if the tool is
/// on `PATH`. `progress` is told about each step.
pub fn build(
    opts: &VendorBuildOptions,
    progress: &mut dyn FnMut(&str),
) -> Result<Project, ToolError> {
    let board = opts.board;
    let clock_hz = opts
        .clock_hz
        .unwrap_or_else(|| board.default_clock_hz(opts.design));
    let pll = board
        .design_clock(clock_hz)
        .map_err(|e| ToolError::Unsupported(format!("--clock: {e}")))?;
    let config = board_config(clock_hz, opts.baud, opts.counters, opts.cores)?;
    progress(&format!(
        "emitting the {} design from rust-hdl",
        opts.design.name()
    ));
    let design = gpu16_hdl::block_ram::synthesis_only(&board_design(opts.design, config)?);
    let mut files = vec![("design.v", design)];
    if let Some(p) = &pll {
        let verilog = board
            .pll_verilog(p, "gpu16_pll")
            .map_err(|e| ToolError::Unsupported(format!("--clock: {e}")))?;
        files.push(("pll.v", verilog));
    }
    files.push((
        "pins.v",
        board.pin_wrapper("gpu16_design", pll.map(|_| "gpu16_pll")),
    ));
    let sources: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
    let vendor = board.vendor();
    match vendor {
        Vendor::Xilinx => {
            files.push((vivado::CONSTRAINTS, vivado::constraints(board)));
            files.push((vivado::SCRIPT, vivado::script(board, &sources)));
        }
        Vendor::Intel => {
            files.push(("gpu16.qpf", quartus::project_file()));
            files.push(("gpu16.qsf", quartus::settings(board, &sources)));
            files.push((quartus::TIMING, quartus::timing(board)));
            files.push((quartus::SCRIPT, quartus::script(board)));
        }
    }
    std::fs::create_dir_all(&opts.dir).map_err(ToolError::io(opts.dir.display()))?;
    let bitstream = opts.dir.join(board.bitstream_file());
    // A bitstream from an earlier build must not pass for this one's.
    if bitstream.exists() {
        std::fs::remove_file(&bitstream).map_err(ToolError::io(bitstream.display()))?;
    }
    for (name, text) in &files {
        let path = opts.dir.join(name);
        std::fs::write(&path, text).map_err(ToolError::io(path.display()))?;
    }
    let (tool, args) = tool(vendor);
    let mut project = Project {
        dir: opts.dir.clone(),
        clock_hz,
        tool,
        args,
        bitstream: None,
        said: Vec::new(),
    };
    if require(&[tool]).is_err() {
        return Ok(project);
    }
    progress(&format!(
        "running `{}` in {} (synthesis, place and route: tens of minutes)",
        project.command(),
        opts.dir.display()
    ));
    let out =
        run_within(tool, args, &opts.dir, IMPLEMENTATION_TIME_LIMIT).map_err(|e| match e {
            ToolError::Failed {
                command,
                status,
                output,
            } => ToolError::VendorFailed {
                command,
                dir: opts.dir.display().to_string(),
                status: status.to_string(),
                errors: errors_in(&output),
            },
            e => e,
        })?;
    project.said = said_by_script(&String::from_utf8_lossy(&out.stdout));
    if !bitstream.is_file() {
        return Err(ToolError::Unexpected(format!(
            "`{}` finished but wrote no {}; see its log in {}",
            project.command(),
            bitstream.display(),
            opts.dir.display()
        )));
    }
    project.bitstream = Some(bitstream);
    Ok(project)
}

/// The lines of a vendor tool's output that say what went wrong: its errors and the
/// script's own (`gpu16:`) lines, the last 20 of them.
fn errors_in(output: &str) -> String {
    let lines: Vec<&str> = output
        .lines()
        .filter(|l| {
            let l = l.trim_start();
            l.starts_with("ERROR")
                || l.starts_with("Error")
                || l.contains("gpu16:")
                || l.starts_with("CRITICAL WARNING")
        })
        .collect();
    if lines.is_empty() {
        let all: Vec<&str> = output.lines().collect();
        return all[all.len().saturating_sub(20)..].join("\n");
    }
    lines[lines.len().saturating_sub(20)..].join("\n")
}

/// The script's `gpu16:` lines.
fn said_by_script(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|l| l.find("gpu16:").map(|i| l[i..].to_string()))
        .collect()
}
