//! The scan wrapper a block is synthesised in: four pins (`clk`, `scan_in`, `capture`,
//! `scan_out`); every input of the block comes from a shift register, every output is captured
//! into another that shifts out (see [`super`]).

use std::fmt::Write;

use crate::cosim::Port;

/// The scan wrapper around module `top` with `ports` (block inputs and outputs).
pub fn scan_wrapper(top: &str, ports: &[Port]) -> String {
    let ins: Vec<&Port> = ports.iter().filter(|p| p.is_input).collect();
    let outs: Vec<&Port> = ports.iter().filter(|p| !p.is_input).collect();
    let in_width: usize = ins.iter().map(|p| p.width).sum::<usize>().max(1);
    let out_width: usize = outs.iter().map(|p| p.width).sum::<usize>().max(1);
    let mut v = String::new();
    writeln!(
        v,
        "// Scan wrapper: {top}'s ports behind two shift registers (see fpga/src/synth/mod.rs)."
    )
    .unwrap();
    writeln!(
        v,
        "module gpu16_synth_top(input clk, input scan_in, input capture, output scan_out);"
    )
    .unwrap();
    writeln!(v, "  reg [{}:0] in_q = 0;", in_width - 1).unwrap();
    writeln!(v, "  reg [{}:0] out_q = 0;", out_width - 1).unwrap();
    for (k, p) in outs.iter().enumerate() {
        writeln!(v, "  wire [{}:0] o{k};", p.width - 1).unwrap();
    }
    let mut conns = vec!["    .clock(clk)".to_string()];
    let mut lo = 0;
    for p in &ins {
        conns.push(format!("    .{}(in_q[{}:{lo}])", p.name, lo + p.width - 1));
        lo += p.width;
    }
    for (k, p) in outs.iter().enumerate() {
        conns.push(format!("    .{}(o{k})", p.name));
    }
    writeln!(v, "  {top} block(\n{}\n  );", conns.join(",\n")).unwrap();
    let out_cat: Vec<String> = (0..outs.len()).rev().map(|k| format!("o{k}")).collect();
    writeln!(v, "  always @(posedge clk) begin").unwrap();
    if in_width > 1 {
        writeln!(v, "    in_q <= {{in_q[{}:0], scan_in}};", in_width - 2).unwrap();
    } else {
        writeln!(v, "    in_q <= scan_in;").unwrap();
    }
    writeln!(v, "    if (capture) out_q <= {{{}}};", out_cat.join(", ")).unwrap();
    if out_width > 1 {
        writeln!(v, "    else out_q <= out_q >> 1;").unwrap();
    }
    writeln!(v, "  end\n  assign scan_out = out_q[0];\nendmodule").unwrap();
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn the_wrapper_feeds_every_input_and_captures_every_output() {
        let port = |name: &str, width, is_input| Port {
            name: name.into(),
            width,
            is_input,
        };
        let v = scan_wrapper(
            "blk",
            &[port("a", 3, true), port("b", 1, true), port("y", 8, false)],
        );
        assert!(v.contains(".a(in_q[2:0])") && v.contains(".b(in_q[3:3])") && v.contains(".y(o0)"));
        assert!(v.contains("in_q <= {in_q[2:0], scan_in};"));
        assert!(v.contains("if (capture) out_q <= {o0};"));
    }
}
