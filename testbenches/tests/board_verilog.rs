//! The board's blocks as Verilog: every one passes yosys' structural checks and Verilator's
//! lint, like every block of the GPU.

use gpu16_fpga::board::echo::EchoTop;
use gpu16_fpga::board::leds::Leds;
use gpu16_fpga::board::reset::PowerOnReset;
use gpu16_fpga::board::top::BoardTop;
use gpu16_fpga::bridge::crc16::Crc16;
use gpu16_fpga::bridge::event_log::EventLog;
use gpu16_fpga::bridge::receiver::Receiver;
use gpu16_fpga::bridge::uart_rx::UartRx;
use gpu16_fpga::bridge::uart_tx::UartTx;
use gpu16_fpga::bridge::{Bridge, BridgeConfig};
use gpu16_fpga::{emit, lint};
use gpu16_testbenches::scratch;
use rust_hdl::prelude::Block;

const CONFIG: BridgeConfig = BridgeConfig {
    clock_hz: 25_000_000,
    baud: 115_200,
    counters: true,
    simulated: false,
};

fn check<B: Block>(mut block: B, name: &str) {
    block.connect_all();
    let top = format!("gpu16_{name}");
    let v = emit::verilog(&block, &top).unwrap_or_else(|e| panic!("{name}: {e}"));
    lint::yosys_check(&v, &top, &scratch!(&format!("{name}_yosys"))).unwrap();
    lint::verilator_lint(&v, &top, &scratch!(&format!("{name}_lint"))).unwrap();
}

#[test]
fn uart_blocks_pass_yosys_and_verilator_lint() {
    check(UartRx::new(217), "uart_rx");
    check(UartTx::new(217), "uart_tx");
    check(Crc16::default(), "crc16");
}

#[test]
fn link_blocks_pass_yosys_and_verilator_lint() {
    check(Receiver::new(217), "receiver");
    check(EventLog::default(), "event_log");
    check(Bridge::new(CONFIG), "bridge");
}

#[test]
fn board_blocks_pass_yosys_and_verilator_lint() {
    check(Leds::default(), "leds");
    check(PowerOnReset::default(), "por");
    check(EchoTop::new(217), "echo");
}

#[test]
fn the_board_top_passes_yosys_and_verilator_lint() {
    check(BoardTop::new(CONFIG), "board_top");
    check(
        BoardTop::new(BridgeConfig {
            counters: false,
            ..CONFIG
        }),
        "board_top_no_counters",
    );
}
