//! Formal checks of emitted Verilog: yosys reads a block with a property module (immediate
//! `assert`/`assume` statements over the block's ports), and the assertions are checked from
//! the power-up state either by yosys-smtbmc with z3 (bounded model checking, k-induction) or
//! by ABC's property-directed reachability (`pdr`, in yosys-abc) on the bit-level netlist.
//! The SMT engine unrolls the block word by word and suits small blocks; PDR works on bits,
//! finds an inductive invariant itself, and proves for ever in seconds what z3 needs minutes
//! per step to unroll (the scheduler with its fences, docs/VERIFICATION.md).
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
    /// Every assertion holds (to the depth, or for ever by induction or PDR).
    Passed,
    /// An assertion fails: its label, e.g. `one_winner` (without the generate loop's prefix),
    /// and the step of the counterexample.
    Failed { assertion: String, step: u32 },
    /// Induction did not close at this depth (an unreachable state breaks an assertion), or
    /// PDR ran out of time: no counterexample from power-up, no proof either.
    Inconclusive,
}

/// What to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every state reachable from power-up in `depth` cycles.
    Bmc { depth: u32 },
    /// Every state, by induction over `depth` cycles (with `Bmc` of the same depth: a proof).
    Induction { depth: u32 },
    /// Every state reachable from power-up, for ever: ABC's `pdr` finds an inductive
    /// invariant itself, or a counterexample. Each assertion is checked on its own (the
    /// others dropped), so a failure names its assertion.
    Pdr,
}

/// The longest ABC's `pdr` may work on one assertion before the check is inconclusive.
const PDR_SECONDS: u32 = 120;

/// The block `module` instantiated as `dut` inside a property module, its ports connected to
/// the property module's signals of the same name: element i of an array, `name$i`, to
/// element i of `name`; signal `field` of interface i of an array, `name$i$field`, to
/// element i of `name_field`; signal `field` of an interface, `name$field`, to `name_field`.
pub fn instantiate(module: &str, ports: &[Port]) -> String {
    let connections: Vec<String> = ports
        .iter()
        .map(|p| {
            let mut parts = p.name.splitn(3, '$');
            let base = parts.next().unwrap_or_default();
            match (parts.next(), parts.next()) {
                (Some(second), field) => match second.parse::<usize>() {
                    Ok(i) => {
                        let signal = field.map_or(base.to_string(), |f| format!("{base}_{f}"));
                        format!("    .{}({signal}[{} +: {}])", p.name, i * p.width, p.width)
                    }
                    Err(_) => format!("    .{}({})", p.name, p.name.replace('$', "_")),
                },
                (None, _) => format!("    .{0}({0})", p.name),
            }
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
    let io = |e| ToolError::io(dir.display())(e);
    std::fs::create_dir_all(dir).map_err(io)?;
    let properties = properties.replacen("// DUT:", &format!("{dut}\n  // DUT:"), 1);
    std::fs::write(dir.join("design.v"), design).map_err(io)?;
    std::fs::write(dir.join("properties.sv"), &properties).map_err(io)?;
    let read = format!(
        "read_verilog design.v; read_verilog -formal properties.sv; prep -top {top}; flatten"
    );
    match mode {
        Mode::Bmc { depth } | Mode::Induction { depth } => {
            let script = format!("{read}; opt_clean; write_smt2 -wires model.smt2");
            run_within("yosys", &["-q", "-p", &script], dir, LIMIT)?;
            let depth = depth.to_string();
            let mut args = vec!["-s", "z3", "-t", &depth];
            if let Mode::Induction { .. } = mode {
                args.push("-i");
            }
            args.push("model.smt2");
            let log = match run_within("yosys-smtbmc", &args, dir, LIMIT) {
                Ok(out) => String::from_utf8_lossy(&out.stdout).into_owned(),
                // A failed proof is yosys-smtbmc's exit status; its log is the verdict.
                Err(ToolError::Failed { output, .. }) if output.contains("Status: FAILED") => {
                    output
                }
                Err(e) => return Err(e),
            };
            Ok(verdict(&log, mode))
        }
        Mode::Pdr => {
            let labels = assertion_labels(&properties);
            if labels.is_empty() {
                return Err(ToolError::Unexpected(format!(
                    "{top}: no labelled assertion to check"
                )));
            }
            run_within(
                "yosys",
                &["-q", "-p", &aiger_script(&read, &labels)],
                dir,
                LIMIT,
            )?;
            for label in &labels {
                let model = dir.join(format!("{label}.aig"));
                let header = std::fs::read(&model).map_err(io)?;
                if bad_states(&header) != Some(1) {
                    return Err(ToolError::Unexpected(format!(
                        "{}: not a model of exactly the assertion `{label}`",
                        model.display()
                    )));
                }
                let abc = format!("read_aiger {label}.aig; fold; strash; pdr -T {PDR_SECONDS}");
                let out = run_within("yosys-abc", &["-c", &abc], dir, LIMIT)?;
                match pdr_verdict(&String::from_utf8_lossy(&out.stdout), label) {
                    Verdict::Passed => {}
                    other => return Ok(other),
                }
            }
            Ok(Verdict::Passed)
        }
    }
}

/// The labels of a property module's assertions (`label: assert (…);`), in order.
fn assertion_labels(properties: &str) -> Vec<String> {
    properties
        .lines()
        .filter_map(|l| {
            let (label, rest) = l.trim().split_once(':')?;
            let is_label =
                !label.is_empty() && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            (is_label && rest.trim_start().starts_with("assert")).then(|| label.to_string())
        })
        .collect()
}

/// A yosys script that writes, for each label, the design as a bit-level AIGER model
/// `<label>.aig` in which that assertion is the only one (assumptions become constraints).
fn aiger_script(read: &str, labels: &[String]) -> String {
    let mut script = format!(
        "{read}; async2sync; chformal -assume -early; opt_clean; memory_map; opt -fast; \
         setundef -undriven -anyseq; opt -full; design -save formal"
    );
    for label in labels {
        // Every assertion but this one (also inside a generate loop, `loop[3].label`).
        script.push_str(&format!(
            "; design -load formal; chformal -assert -remove t:$assert c:{label} c:*.{label} %u %d; \
             techmap; opt -fast; dffunmap; abc -g AND -fast; opt_clean; \
             write_aiger -zinit {label}.aig"
        ));
    }
    script
}

/// The number of bad-state properties in a binary AIGER file, from its header
/// `aig M I L O A [B C J F]` (a property written as an output when there are no `B`s).
fn bad_states(aiger: &[u8]) -> Option<usize> {
    let line = aiger.split(|&b| b == b'\n').next()?;
    let fields: Vec<usize> = std::str::from_utf8(line)
        .ok()?
        .strip_prefix("aig ")?
        .split(' ')
        .map(|f| f.parse().ok())
        .collect::<Option<_>>()?;
    match fields.as_slice() {
        [_, _, _, outputs, _] => Some(*outputs),
        [_, _, _, outputs, _, bad, ..] => Some(outputs + bad),
        _ => None,
    }
}

/// Reads yosys-abc's answer to `pdr` on the model of one assertion.
fn pdr_verdict(log: &str, label: &str) -> Verdict {
    if log.contains("Property proved") {
        return Verdict::Passed;
    }
    let step = log.lines().find_map(|l| {
        let rest = l.split_once("was asserted in frame ")?.1;
        rest.split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
    });
    match step {
        Some(step) => Verdict::Failed {
            assertion: label.to_string(),
            step,
        },
        None => Verdict::Inconclusive,
    }
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
        let text = instantiate(
            "m",
            &[port("clock", 1), port("addr$2", 12), port("trace$tp", 7)],
        );
        assert_eq!(
            text,
            "m dut(\n    .clock(clock),\n    .addr$2(addr[24 +: 12]),\n    .trace$tp(trace_tp)\n  );"
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

    #[test]
    fn pdr_logs_give_verdicts() {
        let proved = "Invariant F[15] : 19 clauses with 9 flops (out of 10)\n\
                      Property proved.  Time =     0.10 sec\n";
        assert_eq!(pdr_verdict(proved, "small"), Verdict::Passed);
        let failed = "Output 0 of miter \"small\" was asserted in frame 9.  Time =     0.02 sec\n";
        assert_eq!(
            pdr_verdict(failed, "small"),
            Verdict::Failed {
                assertion: "small".into(),
                step: 9
            }
        );
        let timeout = "Reached timeout (500 seconds) in frame 31.\n";
        assert_eq!(pdr_verdict(timeout, "small"), Verdict::Inconclusive);
    }

    #[test]
    fn aiger_headers_count_bad_states() {
        assert_eq!(
            bad_states(b"aig 2301 337 238 0 1726 1 2 0 0\n\x02"),
            Some(1)
        );
        assert_eq!(bad_states(b"aig 20 3 4 1 13\n"), Some(1));
        assert_eq!(bad_states(b"aig 20 3 4 0 13 2 1\n"), Some(2));
        assert_eq!(bad_states(b"aag 20 3 4 1 13\n"), None);
    }

    #[test]
    fn assertions_are_found_by_their_labels() {
        let text = "  always @(*) begin\n    if (a) assume (b);\n    one_winner: assert (x);\n\
                    \x20   fair: assert(y);\n    // note: assert nothing\n  end\n";
        assert_eq!(assertion_labels(text), ["one_winner", "fair"]);
    }
}
