//! The RTL that goes on a dev board around the GPU: the board top (GPU, UART host bridge,
//! timeline log, LEDs, video output), the port the GPU's host port shares with the
//! picture's copy, the link-test design, the power-on reset and the LEDs. Their ports are
//! the board's pins by function; which pin of which board is `gpu16_fpga::board`'s business.

pub mod echo;
pub mod leds;
pub mod port_share;
pub mod reset;
pub mod top;
