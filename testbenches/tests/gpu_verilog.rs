//! The emitted Verilog of the scheduler and of the whole GPU (`gpu16_top`): yosys structural
//! checks, Verilator lint, and whole runs — loading, launch, the run, read-back — replayed
//! cycle for cycle on every port in Icarus and Verilator against rust-hdl.

use gpu16_fpga::blocks::{Block, Counters};
use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::lint;
use gpu16_sim::image::sm;
use gpu16_sim::run::RunConfig;
use gpu16_testbenches::scratch;
use gpu16_testbenches::{asm, assert_one_mismatch, examples, record_gpu_run};

#[test]
fn scheduler_and_gpu_verilog_pass_yosys_and_verilator_lint() {
    // The GPU both as simulated and as an FPGA build without performance counters; smaller
    // GPUs (MACHINE.md §1) with only their absent cores' ports waived.
    for (block, counters, cores) in [
        (Block::Scheduler, Counters::On, 16),
        (Block::Gpu, Counters::On, 16),
        (Block::Gpu, Counters::Off, 16),
        (Block::Gpu, Counters::On, 8),
        (Block::Gpu, Counters::Off, 1),
    ] {
        let v = block.verilog_with(counters, cores).unwrap();
        let name = format!("{}_{counters:?}_{cores}", block.name());
        lint::yosys_check(&v, block.top(), &scratch!(&format!("{name}_yosys"))).unwrap();
        lint::verilator_lint_sized(&v, block.top(), &scratch!(&format!("{name}_lint")), cores)
            .unwrap();
    }
    // The waivers are the absent cores' signals by name: not another unused signal.
    let v = Block::Gpu.verilog_with(Counters::On, 8).unwrap();
    let unread = v.replacen("endmodule", "wire stray_unread;\nendmodule", 1);
    assert!(
        lint::verilator_lint_sized(&unread, Block::Gpu.top(), &scratch!("gpu_stray_lint"), 8)
            .is_err(),
        "an unused signal of the 8-core GPU is still reported"
    );
}

/// A whole run of `frames` on `init`, recorded on every port from power-up.
fn record(frames: &[gpu16_sim::frame::Frame], init: &gpu16_sim::image::sm::SmImage) -> Recording {
    record_gpu_run(frames, init, RunConfig::limit(10_000))
}

/// The matmul example (loads, stores, mul, two tasks, R0 untouched, read-back).
fn recording() -> Recording {
    let ex = examples().into_iter().find(|e| e.name == "matmul").unwrap();
    record(&ex.frames, &ex.init)
}

#[test]
fn a_replay_that_differs_is_caught() {
    // The check must be able to fail: expect a wrong `done` in one cycle.
    let mut rec = record(
        &asm(".cf mask=0x1\n.if\nset_const 1, r9\nready\n"),
        &sm::zeroed(),
    );
    let cycle = rec.cycles() - 3;
    rec.corrupt_output(cycle, "host$done");
    let v = Block::Gpu.verilog().unwrap();
    // Under Icarus (a whole-GPU build for Verilator takes minutes; the bank's testbench shows
    // the check failing under Verilator too).
    let err = rec
        .run(
            &v,
            Block::Gpu.top(),
            Simulator::Icarus,
            &scratch!("gpu_bad_icarus"),
        )
        .unwrap_err();
    assert_one_mismatch(&err, cycle, "host$done");
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
