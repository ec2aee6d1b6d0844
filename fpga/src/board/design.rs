//! What goes on a board, and its Verilog: the GPU's board top (`gpu16_hdl::board::top`) or
//! the UART echo, emitted from rust-hdl.

use crate::emit;
use crate::tools::ToolError;
use gpu16_hdl::board::echo::EchoTop;
use gpu16_hdl::board::top::BoardTop;
use gpu16_hdl::bridge::BridgeConfig;
use rust_hdl::prelude::Block;

/// What goes on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Design {
    /// The GPU behind the UART host bridge (`gpu16 run --engine board`).
    Gpu,
    /// Every received byte sent back: a check of the board, cable and baud rate.
    UartEcho,
}

impl Design {
    pub fn name(self) -> &'static str {
        match self {
            Design::Gpu => "gpu",
            Design::UartEcho => "uart-echo",
        }
    }
}

/// The design's Verilog, its top module named `top`.
pub fn design_verilog(
    design: Design,
    config: BridgeConfig,
    top: &str,
) -> Result<String, ToolError> {
    fn emit_top<B: Block>(mut block: B, top: &str) -> Result<String, ToolError> {
        block.connect_all();
        emit::verilog(&block, top)
    }
    match design {
        Design::Gpu => emit_top(BoardTop::new(config), top),
        Design::UartEcho => emit_top(EchoTop::new(config.clocks_per_bit()), top),
    }
}
