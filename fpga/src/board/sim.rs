//! `gpu16 board-sim`: the board top compiled by Verilator behind a pseudo-terminal, so the
//! board flow — `gpu16 run --engine board` — can be tried, and tested, with no board.
//!
//! The simulated board is the real board top with a short UART bit time ([`SIM_CLOCKS_PER_BIT`]
//! clocks instead of 217 at 115200 baud): at 115200 baud, reading 4 KB of shared memory would
//! be ~9 million clock cycles of simulation. The real bit time is checked by the UART's and
//! the bridge's own testbenches.

use crate::tools::ToolError;
use crate::verilog_engine::{flatten_script, CachedBuild, Step, DESIGN_FINGERPRINT};
use gpu16_hdl::board::reset::RESET_CYCLES;
use gpu16_hdl::board::top::VIDEO_MODE;
use gpu16_hdl::bridge::BridgeConfig;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The simulated board's UART bit time, in clock cycles.
pub const SIM_CLOCKS_PER_BIT: u32 = 4;

/// The harness: the far end of the UART, behind a pseudo-terminal.
pub const HARNESS: &str = include_str!("../../board_sim/harness.cpp");

/// The simulated board's configuration: a 25 MHz board at a bit time of
/// [`SIM_CLOCKS_PER_BIT`] clocks, its GPU with `cores` cores (its fingerprint not yet
/// worked out).
pub fn sim_config(counters: bool, cores: usize) -> BridgeConfig {
    BridgeConfig {
        clock_hz: 25_000_000,
        baud: 25_000_000 / SIM_CLOCKS_PER_BIT,
        counters,
        simulated: true,
        cores,
        fingerprint: 0,
    }
}

/// A built simulated board.
pub struct BoardSim {
    dir: PathBuf,
}

/// A simulated board serving on a pseudo-terminal; stopped when dropped.
pub struct Running {
    child: Child,
    /// The terminal's path, for `--port`.
    pub port: String,
}

impl Running {
    /// Serves until the simulator stops (a signal to it or to this process's group), or until
    /// `stop` says so (then the simulator is stopped with it).
    pub fn serve_until(mut self, stop: impl Fn() -> bool) -> Result<(), ToolError> {
        loop {
            let exited = self
                .child
                .try_wait()
                .map_err(ToolError::io("the simulated board"))?;
            match exited {
                Some(status) if status.success() => return Ok(()),
                Some(status) => {
                    return Err(ToolError::Unexpected(format!(
                        "the simulated board stopped ({status})"
                    )))
                }
                None if stop() => return Ok(()),
                None => std::thread::sleep(std::time::Duration::from_millis(50)),
            }
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

impl BoardSim {
    /// Builds the simulated board, its GPU with `cores` cores, under `cache` (reused if built
    /// before: then nothing is emitted).
    pub fn build(cache: &Path, counters: bool, cores: usize) -> Result<BoardSim, ToolError> {
        let strings = |args: &[&str]| args.iter().map(|a| a.to_string()).collect::<Vec<_>>();
        let mut verilator = strings(&[
            "--cc",
            "--exe",
            "--build",
            "-O3",
            "-j",
            "2",
            "--top-module",
            "gpu16_board_sim",
            "-MAKEFLAGS",
            "OPT_FAST=-O2 OPT_SLOW=-O1",
        ]);
        verilator.extend(crate::lint::verilator_waiver_flags());
        verilator.extend(strings(&["-Wno-fatal", "harness.cpp", "board_flat.v"]));
        let steps: Vec<Step> = vec![
            (
                "yosys",
                strings(&[
                    "-q",
                    "-p",
                    &flatten_script("board.v", "gpu16_board_sim", "board_flat.v", false),
                ]),
            ),
            ("verilator", verilator),
        ];
        let build = CachedBuild {
            prefix: "board-sim".into(),
            key: vec![
                DESIGN_FINGERPRINT.into(),
                HARNESS.into(),
                format!("{:?}", sim_config(counters, cores)),
            ],
            steps,
            binary: "obj_dir/Vgpu16_board_sim",
        };
        let dir = build.build(cache, || {
            let config = sim_config(counters, cores);
            let config = BridgeConfig {
                fingerprint: super::fingerprint::fingerprint(config)?,
                ..config
            };
            let design = super::design::design_verilog(
                super::design::Design::Gpu,
                config,
                "gpu16_board_sim",
            )?;
            Ok(vec![("board.v", design), ("harness.cpp", HARNESS.into())])
        })?;
        Ok(BoardSim { dir })
    }

    /// The simulator's program.
    pub fn binary(&self) -> PathBuf {
        self.dir.join("obj_dir").join("Vgpu16_board_sim")
    }

    /// Starts the board; it serves until the returned handle is dropped.
    pub fn start(&self) -> Result<Running, ToolError> {
        self.start_with(None, None)
    }

    /// [`BoardSim::start`] on a damaged line, or showing its video: with `corrupt` =
    /// Some(k), every k-th byte in each direction arrives with a bit flipped (for tests of
    /// recovery); with `video` = Some(path), the pixel clock runs (a cycle every two of the
    /// GPU's) and, each time the board falls idle, the last two frames' TMDS symbols are
    /// written to `path` (the harness's `+video`, fpga/board_sim/harness.cpp).
    pub fn start_with(
        &self,
        corrupt: Option<u32>,
        video: Option<&Path>,
    ) -> Result<Running, ToolError> {
        let frame = u32::from(VIDEO_MODE.h_total()) * u32::from(VIDEO_MODE.v_total());
        let video_args = video
            .map(|p| [format!("+video={}", p.display()), format!("+frame={frame}")])
            .into_iter()
            .flatten();
        let mut child = Command::new(self.binary())
            .arg(format!("+cpb={SIM_CLOCKS_PER_BIT}"))
            .arg(format!("+reset={RESET_CYCLES}"))
            .args(corrupt.map(|k| format!("+corrupt={k}")))
            .args(video_args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(ToolError::io(self.binary().display()))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .map_err(ToolError::io("the simulated board did not start"))?;
        let port = line.trim().to_string();
        if port.is_empty() {
            child.kill().ok();
            child.wait().ok();
            return Err(ToolError::Unexpected(
                "the simulated board printed no terminal".into(),
            ));
        }
        Ok(Running { child, port })
    }
}
