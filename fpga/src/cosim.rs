//! Cycle-for-cycle cosimulation of emitted Verilog against the rust-hdl simulation.
//!
//! A rust-hdl testbench drives a block as usual and calls [`Recording::sample`] once per
//! cycle, after setting the inputs and settling, before the rising edge. The recording holds
//! every top-level port's value in every cycle. [`Recording::run`] then writes a plain
//! Verilog-2005 testbench that applies the recorded inputs to the emitted Verilog and compares
//! every output with what rust-hdl produced, cycle by cycle, under Icarus or Verilator. The
//! testbench prints one `MISMATCH` line per differing output and cycle; the verdict is taken
//! from those lines.

use crate::tools::{run, ToolError};
use rust_hdl::prelude::*;
use std::fmt::Write;
use std::path::Path;

/// A top-level port of the block under test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Port {
    /// The Verilog port name (`launch`, `req$3` for element 3 of an array, `mem$req` inside an
    /// interface).
    pub name: String,
    pub width: usize,
    pub is_input: bool,
}

/// The Verilog simulator to replay a recording in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Simulator {
    Icarus,
    Verilator,
}

/// Every top-level port's value in every cycle of a rust-hdl run.
#[derive(Default)]
pub struct Recording {
    pub ports: Vec<Port>,
    /// `values[cycle][port]`.
    values: Vec<Vec<u128>>,
}

/// Collects the top-level ports (depth 1) of a block and their current values. A port
/// inside an interface is named as rust-hdl names it in Verilog: `mem$req`, `cores$3$gnt`.
#[derive(Default)]
struct PortProbe {
    depth: usize,
    /// The interfaces the next atom is inside, outermost first.
    namespace: Vec<String>,
    ports: Vec<(Port, u128)>,
}

impl Probe for PortProbe {
    fn visit_start_scope(&mut self, _name: &str, _node: &dyn Block) {
        self.depth += 1;
    }

    fn visit_atom(&mut self, name: &str, signal: &dyn Atom) {
        let is_input = match signal.kind() {
            AtomKind::InputParameter => true,
            AtomKind::OutputParameter => false,
            _ => return,
        };
        if self.depth != 1 || name == "clock" {
            return;
        }
        let name = self
            .namespace
            .iter()
            .map(String::as_str)
            .chain([name])
            .collect::<Vec<_>>()
            .join("$");
        let name = name.as_str();
        assert!(signal.bits() <= 128, "port {name} is wider than 128 bits");
        let value = parse_literal(&signal.verilog().to_string());
        let port = Port {
            name: name.to_string(),
            width: signal.bits(),
            is_input,
        };
        self.ports.push((port, value));
    }

    fn visit_end_scope(&mut self, _name: &str, _node: &dyn Block) {
        self.depth -= 1;
    }

    fn visit_start_namespace(&mut self, name: &str, _node: &dyn Block) {
        self.namespace.push(name.to_string());
    }

    fn visit_end_namespace(&mut self, _name: &str, _node: &dyn Block) {
        self.namespace.pop();
    }
}

/// The value of a rust-hdl Verilog literal such as `8'h1f` or `3'b101`.
fn parse_literal(text: &str) -> u128 {
    let (_, rest) = text.split_once('\'').expect("a sized Verilog literal");
    let (radix, digits) = rest.split_at(1);
    let radix = if radix == "b" { 2 } else { 16 };
    u128::from_str_radix(digits, radix).expect("a literal of 128 bits at most")
}

/// The top-level ports of `uut`, in declaration order.
pub fn ports_of<B: Block>(uut: &B) -> Vec<Port> {
    let mut probe = PortProbe::default();
    uut.accept("uut", &mut probe);
    probe.ports.into_iter().map(|(p, _)| p).collect()
}

impl Recording {
    /// Records this cycle's port values of `uut` (settled, before the rising edge).
    pub fn sample<B: Block>(&mut self, uut: &B) {
        let mut probe = PortProbe::default();
        uut.accept("uut", &mut probe);
        let (ports, values): (Vec<Port>, Vec<u128>) = probe.ports.into_iter().unzip();
        if self.ports.is_empty() {
            self.ports = ports;
        }
        self.values.push(values);
    }

    /// Flips bit 0 of output `port` in `cycle`: the replay must then report that mismatch
    /// (how the tests show the comparison can fail).
    pub fn corrupt_output(&mut self, cycle: usize, port: &str) {
        let k = self
            .ports
            .iter()
            .position(|p| p.name == port && !p.is_input)
            .unwrap_or_else(|| panic!("no output port {port}"));
        self.values[cycle][k] ^= 1;
    }

    /// Cycles recorded.
    pub fn cycles(&self) -> usize {
        self.values.len()
    }

    fn side(&self, inputs: bool) -> Vec<(usize, &Port)> {
        self.ports
            .iter()
            .enumerate()
            .filter(|(_, p)| p.is_input == inputs)
            .collect()
    }

    /// One hex line per cycle: the given ports' values concatenated, first port leftmost.
    fn vectors(&self, inputs: bool) -> String {
        let side = self.side(inputs);
        let width: usize = side.iter().map(|(_, p)| p.width).sum();
        let mut out = String::new();
        for cycle in &self.values {
            let mut bits = String::with_capacity(width);
            for (i, p) in &side {
                write!(bits, "{:0w$b}", cycle[*i], w = p.width).unwrap();
            }
            let padded = format!("{}{bits}", "0".repeat((4 - width % 4) % 4));
            for nibble in padded.as_bytes().chunks(4) {
                let v = u8::from_str_radix(std::str::from_utf8(nibble).unwrap(), 2).unwrap();
                write!(out, "{v:x}").unwrap();
            }
            out.push('\n');
        }
        out
    }

    /// The Verilog testbench replaying this recording into module `top`.
    pub fn testbench(&self, top: &str) -> String {
        let (ins, outs) = (self.side(true), self.side(false));
        let in_width: usize = ins.iter().map(|(_, p)| p.width).sum();
        let out_width: usize = outs.iter().map(|(_, p)| p.width).sum();
        let mut v = String::new();
        writeln!(v, "`timescale 1ns/1ps\nmodule cosim_tb;").unwrap();
        writeln!(v, "  reg clock = 1'b0;").unwrap();
        let sig = |k: usize| format!("p{k}");
        for (k, p) in &self.ports.iter().enumerate().collect::<Vec<_>>() {
            let kind = if p.is_input { "reg" } else { "wire" };
            writeln!(v, "  {kind} [{}:0] {};", p.width - 1, sig(*k)).unwrap();
        }
        let conns: Vec<String> = std::iter::once("    .clock(clock)".to_string())
            .chain(
                self.ports
                    .iter()
                    .enumerate()
                    .map(|(k, p)| format!("    .{}({})", p.name, sig(k))),
            )
            .collect();
        writeln!(v, "  {top} uut(\n{}\n  );", conns.join(",\n")).unwrap();
        writeln!(
            v,
            "  reg [{}:0] stimulus [0:{}];",
            in_width.max(1) - 1,
            self.cycles() - 1
        )
        .unwrap();
        writeln!(
            v,
            "  reg [{}:0] expected [0:{}];",
            out_width - 1,
            self.cycles() - 1
        )
        .unwrap();
        writeln!(v, "  reg [{}:0] want;", out_width - 1).unwrap();
        writeln!(v, "  integer i;").unwrap();
        writeln!(v, "  initial begin").unwrap();
        writeln!(v, "    $readmemh(\"stimulus.hex\", stimulus);").unwrap();
        writeln!(v, "    $readmemh(\"expected.hex\", expected);").unwrap();
        writeln!(v, "    for (i = 0; i < {}; i = i + 1) begin", self.cycles()).unwrap();
        let in_sigs: Vec<String> = ins.iter().map(|(k, _)| sig(*k)).collect();
        if !in_sigs.is_empty() {
            writeln!(v, "      {{{}}} = stimulus[i];", in_sigs.join(", ")).unwrap();
        }
        writeln!(v, "      #1;\n      want = expected[i];").unwrap();
        let mut hi = out_width;
        for (k, p) in &outs {
            let lo = hi - p.width;
            writeln!(
                v,
                "      if ({s} !== want[{}:{lo}]) $display(\"MISMATCH cycle %0d: {name} = %h, rust-hdl %h\", i, {s}, want[{}:{lo}]);",
                hi - 1,
                hi - 1,
                s = sig(*k),
                name = p.name
            )
            .unwrap();
            hi = lo;
        }
        writeln!(v, "      clock = 1'b1; #1; clock = 1'b0; #1;").unwrap();
        writeln!(v, "    end").unwrap();
        writeln!(
            v,
            "    $display(\"cosim: %0d cycles replayed\", {});",
            self.cycles()
        )
        .unwrap();
        writeln!(v, "    $finish;\n  end\nendmodule").unwrap();
        v
    }

    /// Replays the recording into `verilog` (top module `top`) under `simulator`, in `dir`.
    /// Returns the simulator's report; an error if any output differed in any cycle.
    pub fn run(
        &self,
        verilog: &str,
        top: &str,
        simulator: Simulator,
        dir: &Path,
    ) -> Result<String, ToolError> {
        let write = |name: &str, text: &str| {
            std::fs::write(dir.join(name), text).map_err(ToolError::io(name))
        };
        write("design.v", verilog)?;
        write("cosim_tb.v", &self.testbench(top))?;
        write("stimulus.hex", &self.vectors(true))?;
        write("expected.hex", &self.vectors(false))?;
        let out = match simulator {
            Simulator::Icarus => {
                run(
                    "iverilog",
                    // The testbench is the one root: Icarus would also elaborate every cell
                    // model the netlist does not use, and run its configuration checks.
                    &[
                        "-g2005",
                        "-s",
                        "cosim_tb",
                        "-o",
                        "cosim.vvp",
                        "cosim_tb.v",
                        "design.v",
                    ],
                    dir,
                )?;
                run("vvp", &["-n", "cosim.vvp"], dir)?
            }
            Simulator::Verilator => {
                let mut args = vec!["--binary", "-j", "2", "--top-module", "cosim_tb"];
                let waivers = crate::lint::verilator_waiver_flags();
                args.extend(waivers.iter().map(String::as_str));
                args.extend(["-Wno-fatal", "cosim_tb.v", "design.v"]);
                run("verilator", &args, dir)?;
                run("obj_dir/Vcosim_tb", &[], dir)?
            }
        };
        // The verdict is taken here, from the lines printed, not from a count kept in the
        // testbench: Verilator 5.006 loses updates to a counter in this long initial block.
        let report = String::from_utf8_lossy(&out.stdout).into_owned();
        let mismatches: Vec<&str> = report
            .lines()
            .filter(|l| l.starts_with("MISMATCH"))
            .collect();
        let finished = report.contains(&format!("cosim: {} cycles replayed", self.cycles()));
        if finished && mismatches.is_empty() {
            Ok(report)
        } else {
            let shown: Vec<&str> = mismatches.iter().take(20).copied().collect();
            Err(ToolError::Mismatch {
                mismatches: mismatches.len(),
                finished,
                detail: shown.join("\n"),
            })
        }
    }
}
