//! Which design a board runs: a fingerprint of the board top's Verilog, built into the
//! bitstream (and the simulated board) and reported by `Design`
//! (`gpu16_sim::link::Command::Design`), so that a host can tell a board built from other
//! sources than its own. It hashes what the hardware is, not the source text: sources that
//! make the same Verilog — an edited comment, a renamed variable — make the same fingerprint.

use super::design::{design_verilog, Design};
use crate::tools::ToolError;
use crate::verilog_engine::DESIGN_FINGERPRINT;
use gpu16_hdl::bridge::BridgeConfig;
use std::path::Path;

/// The fingerprint of the GPU design built for `config`: an FNV-1a hash of its board top's
/// Verilog, emitted with the fingerprint itself 0 (`config`'s is not looked at).
pub fn fingerprint(config: BridgeConfig) -> Result<u64, ToolError> {
    let unmarked = BridgeConfig {
        fingerprint: 0,
        ..config
    };
    let verilog = design_verilog(Design::Gpu, unmarked, "gpu16_board")?;
    Ok(fnv1a(verilog.as_bytes()))
}

/// `design`'s Verilog for a board, module `gpu16_design`: the GPU's with its fingerprint built
/// in (the board reports which design it runs; `gpu16 run --engine board` checks it).
pub fn board_design(design: Design, mut config: BridgeConfig) -> Result<String, ToolError> {
    if design == Design::Gpu {
        config.fingerprint = fingerprint(config)?;
    }
    design_verilog(design, config, "gpu16_design")
}

/// The 64-bit FNV-1a hash of `bytes`.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// [`fingerprint`], kept in `cache` for these sources (`DESIGN_FINGERPRINT`) and `config`:
/// emitting a whole board top takes seconds, and a host asks for it on every run. `working`
/// is called before a fingerprint not kept yet is worked out.
pub fn fingerprint_cached(
    cache: &Path,
    config: BridgeConfig,
    working: impl FnOnce(),
) -> Result<u64, ToolError> {
    let unmarked = BridgeConfig {
        fingerprint: 0,
        ..config
    };
    let name = fnv1a(format!("{DESIGN_FINGERPRINT} {unmarked:?}").as_bytes());
    let file = cache.join(format!("fingerprint-{name:016x}"));
    if let Some(known) = std::fs::read_to_string(&file)
        .ok()
        .and_then(|t| u64::from_str_radix(t.trim(), 16).ok())
    {
        return Ok(known);
    }
    working();
    let value = fingerprint(config)?;
    std::fs::create_dir_all(cache).map_err(ToolError::io(cache.display()))?;
    std::fs::write(&file, format!("{value:016x}\n")).map_err(ToolError::io(file.display()))?;
    crate::verilog_engine::prune(
        cache,
        "fingerprint",
        4 * crate::verilog_engine::KEEP_PER_KIND,
    );
    Ok(value)
}
