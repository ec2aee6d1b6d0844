//! Formal checks of emitted Verilog: yosys reads a block with a property module (immediate
//! `assert`/`assume` statements over the block's ports), and yosys-smtbmc with z3 checks the
//! assertions by bounded model checking from the power-up state and by k-induction.
//!
//! The property modules live in `testbenches/formal/`; each has a `// DUT:` comment where
//! [`instantiate`] puts the block, every port `name$i` of the block connected to element i of
//! the property module's packed vector `name`.

use crate::cosim::Port;
use crate::tools::{run_within, ToolError};
use std::path::Path;
use std::time::Duration;

/// The longest one check may take.
const LIMIT: Duration = Duration::from_secs(600);

/// A check's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every assertion holds (to the depth, or for ever by induction).
    Passed,
    /// An assertion fails: its label, e.g. `one_winner` (without the generate loop's prefix),
    /// and the step of the counterexample.
    Failed { assertion: String, step: u32 },
    /// Induction did not close at this depth (an unreachable state breaks an assertion): no
    /// counterexample from power-up, no proof either.
    Inconclusive,
}

/// What to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every state reachable from power-up in `depth` cycles.
    Bmc { depth: u32 },
    /// Every state, by induction over `depth` cycles (with `Bmc` of the same depth: a proof).
    Induction { depth: u32 },
}

/// The block `module` instantiated as `dut` inside a property module, its ports connected to
/// the property module's signals of the same name (`name$i` to element i of `name`).
pub fn instantiate(module: &str, ports: &[Port]) -> String {
    let connections: Vec<String> = ports
        .iter()
        .map(|p| match p.name.split_once('$') {
            Some((base, i)) => {
                let i: usize = i.parse().expect("an array port's index");
                format!("    .{}({base}[{} +: {}])", p.name, i * p.width, p.width)
            }
            None => format!("    .{0}({0})", p.name),
        })
        .collect();
    format!("{module} dut(\n{}\n  );", connections.join(",\n"))
}

/// Checks `properties` (a property module whose name is `top`, with its `// DUT:` comment)
/// against `design` in `dir`.
pub fn check(
    dir: &Path,
    design: &str,
    properties: &str,
    top: &str,
    dut: &str,
    mode: Mode,
) -> Result<Verdict, ToolError> {
    let io = |e: std::io::Error| ToolError(format!("{}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(io)?;
    let properties = properties.replacen("// DUT:", &format!("{dut}\n  // DUT:"), 1);
    std::fs::write(dir.join("design.v"), design).map_err(io)?;
    std::fs::write(dir.join("properties.sv"), properties).map_err(io)?;
    let script = format!(
        "read_verilog design.v; read_verilog -formal properties.sv; prep -top {top}; \
         flatten; opt_clean; write_smt2 -wires model.smt2"
    );
    run_within("yosys", &["-q", "-p", &script], dir, LIMIT)?;
    let depth = match mode {
        Mode::Bmc { depth } | Mode::Induction { depth } => depth.to_string(),
    };
    let mut args = vec!["-s", "z3", "-t", &depth];
    if let Mode::Induction { .. } = mode {
        args.push("-i");
    }
    args.push("model.smt2");
    let log = match run_within("yosys-smtbmc", &args, dir, LIMIT) {
        Ok(out) => String::from_utf8_lossy(&out.stdout).into_owned(),
        Err(e) if e.0.contains("Status: FAILED") => e.0,
        Err(e) => return Err(e),
    };
    Ok(verdict(&log, mode))
}

/// Reads yosys-smtbmc's log.
fn verdict(log: &str, mode: Mode) -> Verdict {
    if log.contains("Status: PASSED") {
        return Verdict::Passed;
    }
    let failed = log
        .lines()
        .find_map(|l| l.split_once("Assert failed in ")?.1.split_once(": "))
        // A label inside a generate loop comes as `loop[3].label`.
        .map(|(_, label)| {
            label
                .trim()
                .rsplit('.')
                .next()
                .unwrap_or_default()
                .to_string()
        });
    let step = log
        .lines()
        .rev()
        .find_map(|l| {
            let rest = l.split_once("Checking assertions in step ")?.1;
            rest.trim_end_matches("..").trim().parse().ok()
        })
        .unwrap_or(0);
    match (failed, mode) {
        (Some(assertion), Mode::Bmc { .. }) => Verdict::Failed { assertion, step },
        _ => Verdict::Inconclusive,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn array_ports_connect_to_slices() {
        let port = |name: &str, width| Port {
            name: name.into(),
            width,
            is_input: true,
        };
        let text = instantiate("m", &[port("clock", 1), port("addr$2", 12)]);
        assert_eq!(
            text,
            "m dut(\n    .clock(clock),\n    .addr$2(addr[24 +: 12])\n  );"
        );
    }

    #[test]
    fn logs_give_verdicts() {
        let bmc = Mode::Bmc { depth: 5 };
        let failed = "##   0:00:00  Checking assertions in step 3..\n\
                      ##   0:00:00  BMC failed!\n\
                      ##   0:00:00  Assert failed in props: fair\n\
                      ##   0:00:00  Status: FAILED\n";
        assert_eq!(
            verdict(failed, bmc),
            Verdict::Failed {
                assertion: "fair".into(),
                step: 3
            }
        );
        assert_eq!(verdict("##  Status: PASSED\n", bmc), Verdict::Passed);
        let induction = Mode::Induction { depth: 5 };
        assert_eq!(verdict(failed, induction), Verdict::Inconclusive);
    }
}
