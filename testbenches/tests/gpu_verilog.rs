//! The emitted Verilog of the scheduler and of the whole GPU (`gpu16_top`): yosys structural
//! checks, Verilator lint, and whole runs — loading, launch, the run, read-back — replayed
//! cycle for cycle on every port in Icarus and Verilator against rust-hdl.

use gpu16_fpga::blocks::{Block, Counters};
use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::lint;
use gpu16_fpga::tools::ToolError;
use gpu16_sim::image::sm;
use gpu16_sim::run::RunConfig;
use gpu16_testbenches::scratch;
use gpu16_testbenches::{asm, examples, record_gpu_run};

#[test]
fn scheduler_and_gpu_verilog_pass_yosys_and_verilator_lint() {
    // The GPU both as simulated and as an FPGA build without performance counters.
    for (block, counters) in [
        (Block::Scheduler, Counters::On),
        (Block::Gpu, Counters::On),
        (Block::Gpu, Counters::Off),
    ] {
        let v = block.verilog_with(counters).unwrap();
        let name = format!("{}_{counters:?}", block.name());
        lint::yosys_check(&v, block.top(), &scratch!(&format!("{name}_yosys"))).unwrap();
        lint::verilator_lint(&v, block.top(), &scratch!(&format!("{name}_lint"))).unwrap();
    }
}

/// A whole run of `frames` on `init`, recorded on every port from power-up.
fn record(frames: &[gpu16_sim::frame::Frame], init: &gpu16_sim::image::sm::SmImage) -> Recording {
    record_gpu_run(frames, init, RunConfig { max_cycles: 10_000 })
}

/// The matmul example (loads, stores, mul, two tasks, R0 untouched, read-back).
fn recording() -> Recording {
    let ex = examples().into_iter().find(|e| e.name == "matmul").unwrap();
    record(&ex.frames, &ex.init)
}

#[test]
fn a_replay_that_differs_is_caught_by_both_simulators() {
    // The check must be able to fail: expect a wrong `done` in one cycle.
    let mut rec = record(
        &asm(".cf mask=0x1\n.if\nset_const 1, r9\nready\n"),
        &sm::zeroed(),
    );
    let cycle = rec.cycles() - 3;
    rec.corrupt_output(cycle, "host$done");
    let v = Block::Gpu.verilog().unwrap();
    for (sim, dir) in [
        (Simulator::Icarus, "gpu_bad_icarus"),
        (Simulator::Verilator, "gpu_bad_verilator"),
    ] {
        let err = rec
            .run(&v, Block::Gpu.top(), sim, &scratch!(dir))
            .unwrap_err();
        match &err {
            ToolError::Mismatch {
                mismatches: 1,
                finished: true,
                detail,
            } => assert!(
                detail.contains(&format!("MISMATCH cycle {cycle}: host$done")),
                "{err}"
            ),
            _ => panic!("not one mismatch: {err}"),
        }
    }
}

#[test]
fn gpu_verilog_matches_rust_hdl_in_verilator() {
    let rec = recording();
    assert!(
        rec.cycles() > 300,
        "load, run and read-back are all replayed"
    );
    let v = Block::Gpu.verilog().unwrap();
    rec.run(
        &v,
        Block::Gpu.top(),
        Simulator::Verilator,
        &scratch!("gpu_verilator"),
    )
    .unwrap();
}

#[test]
fn gpu_verilog_matches_rust_hdl_in_icarus() {
    let v = Block::Gpu.verilog().unwrap();
    recording()
        .run(
            &v,
            Block::Gpu.top(),
            Simulator::Icarus,
            &scratch!("gpu_icarus"),
        )
        .unwrap();
}
