//! Simulation speed of the whole GPU: rust-hdl and Verilator on a long kernel. (Cycles per
//! example: the `efficiency` bench.) Run: `cargo bench -p gpu16-testbenches --bench gpu`.

use gpu16_fpga::cosim::Simulator;
use gpu16_fpga::verilog_engine::VerilogEngine;
use gpu16_sim::run::RunConfig;
use gpu16_testbenches::asm;
use std::time::Instant;

fn main() {
    let config = RunConfig::limit(1_000_000);
    // A long kernel: 16 cores, 8 tasks of a 255-iteration loop with a load each time.
    let task = ".if\nset_const 255, r9\nset_const 1, r8\nset_const 0, r1\nl: ld [r9, r1], r10\nadd r10, r11, r11\nsub r9, r8, r9\nbnz r9, l\nready\n";
    let frames = asm(&format!(".cf mask=0xffff\n{}", task.repeat(8)));
    let init = gpu16_sim::image::sm::zeroed();
    let (cycles, rtl_rate) = best_rate(|| {
        gpu16_hdl::driver::run(&frames, &init, config, None)
            .unwrap()
            .cycles
    });
    println!(
        "rust-hdl, whole GPU, long kernel: {cycles} cycles, {rtl_rate:.0} cycles/s (load and read-back included)"
    );

    // The same kernel, longer, on the emitted Verilog compiled by Verilator (build cached).
    let cache = std::env::temp_dir().join("gpu16-bench-verilog");
    let engine =
        VerilogEngine::build(Simulator::Verilator, &cache, false, 16).expect("verilator builds");
    let frames = asm(&format!(".cf mask=0xffff\n{}", task.repeat(63)));
    let work = cache.join("run");
    let (cycles, v_rate) = best_rate(|| {
        engine
            .run(&frames, &init, config, &work, None)
            .unwrap()
            .cycles
    });
    println!(
        "Verilator, whole GPU, long kernel: {cycles} cycles, {v_rate:.0} cycles/s (process start, load and read-back included) = {:.0}x rust-hdl",
        v_rate / rtl_rate
    );
}

/// Runs `run` (which returns the cycles simulated) [`RUNS`] times and keeps the best rate in
/// cycles/s: both engines are single-threaded, and the best of a few runs is the one least
/// disturbed by whatever else shares the machine.
fn best_rate(mut run: impl FnMut() -> u64) -> (u64, f64) {
    (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            let cycles = run();
            (cycles, cycles as f64 / start.elapsed().as_secs_f64())
        })
        .fold((0, 0.0), |best, r| if r.1 > best.1 { r } else { best })
}

/// How many times each engine runs the long kernel.
const RUNS: usize = 3;
