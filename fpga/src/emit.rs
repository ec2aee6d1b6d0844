//! Verilog emission of any block, with rust-hdl's own connection checks run first so a broken
//! design is an error rather than a panic.

use crate::tools::ToolError;
use rust_hdl::prelude::*;

/// The Verilog of `uut` (connected), with its top module named `top`.
pub fn verilog<B: Block>(uut: &B, top: &str) -> Result<String, ToolError> {
    check_all(uut).map_err(|e| ToolError::Design(format!("{e:?}")))?;
    let text = generate_verilog(uut);
    Ok(rename_top(&text, top))
}

/// Renames rust-hdl's `top` module (and the `top$…` prefix of its sub-modules) to `top`.
fn rename_top(text: &str, top: &str) -> String {
    if top == "top" {
        return text.to_string();
    }
    text.replace("module top(", &format!("module {top}("))
        .replace("top$", &format!("{top}$"))
}
