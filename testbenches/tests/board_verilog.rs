//! The board's blocks as Verilog: every one passes yosys' structural checks and Verilator's
//! lint, like every block of the GPU, and the whole board top — the GPU behind the UART
//! bridge — replays an exchange over its UART pins cycle for cycle in Icarus and Verilator.

use gpu16_fpga::board::sim::sim_config;
use gpu16_fpga::cosim::Simulator;
use gpu16_fpga::{emit, lint};
use gpu16_hdl::board::echo::EchoTop;
use gpu16_hdl::board::leds::Leds;
use gpu16_hdl::board::reset::PowerOnReset;
use gpu16_hdl::board::top::BoardTop;
use gpu16_hdl::bridge::crc16::Crc16;
use gpu16_hdl::bridge::event_log::EventLog;
use gpu16_hdl::bridge::receiver::Receiver;
use gpu16_hdl::bridge::uart_rx::UartRx;
use gpu16_hdl::bridge::uart_tx::UartTx;
use gpu16_hdl::bridge::{Bridge, BridgeConfig};
use gpu16_testbenches::board_harness::recorded_exchange;
use gpu16_testbenches::{lint_block, scratch};
use rust_hdl::prelude::Block;

const CONFIG: BridgeConfig = BridgeConfig {
    clock_hz: 25_000_000,
    baud: 115_200,
    counters: true,
    simulated: false,
    cores: 16,
    fingerprint: 0x0123_4567_89ab_cdef,
};

fn check<B: Block>(block: B, name: &str) {
    lint_block(env!("CARGO_TARGET_TMPDIR"), name, block);
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
    // `gpu16 build --no-counters`' bridge (the GPU's without counters: gpu_verilog.rs).
    check(
        Bridge::new(BridgeConfig {
            counters: false,
            ..CONFIG
        }),
        "bridge_no_counters",
    );
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
    // `gpu16 build --no-counters`' top: Verilator's lint (yosys' checks, half a minute on
    // the whole top, pass on both its bridge and its GPU alone).
    let v = board_top_verilog(BridgeConfig {
        counters: false,
        ..CONFIG
    });
    lint::verilator_lint(
        &v,
        "gpu16_board_top",
        &scratch!("board_top_no_counters_lint"),
    )
    .unwrap();
}

/// The board top with `config`'s bridge, as module `gpu16_board_top`.
fn board_top_verilog(config: BridgeConfig) -> String {
    let mut top = BoardTop::new(config);
    top.connect_all();
    emit::verilog(&top, "gpu16_board_top").unwrap()
}

#[test]
fn the_board_top_replays_a_uart_exchange_in_icarus_and_verilator() {
    let rec = recorded_exchange(16);
    assert!(rec.cycles() > 5_000, "a whole exchange is replayed");
    let v = board_top_verilog(sim_config(true, 16));
    rec.run(
        &v,
        "gpu16_board_top",
        Simulator::Icarus,
        &scratch!("board_top_icarus"),
    )
    .unwrap();
    rec.run(
        &v,
        "gpu16_board_top",
        Simulator::Verilator,
        &scratch!("board_top_verilator"),
    )
    .unwrap();
}
