//! Reference-model speed: instructions per second on a tight ALU loop on all 16 cores, and on
//! the memory-heavy histogram example. Run: `cargo bench -p gpu16-sim --bench model`.

use gpu16_sim::asm::assemble;
use gpu16_sim::image::sm;
use gpu16_sim::model::run;
use gpu16_sim::run::{RunConfig, Status};
use std::time::Instant;

fn measure(name: &str, source: &str, init: &sm::SmImage) {
    let frames = assemble(source).expect("benchmark source assembles").frames;
    let config = RunConfig::default();
    let first = run(&frames, init, config);
    assert_eq!(first.status, Status::Ok);
    let (mut runs, start) = (0u64, Instant::now());
    while start.elapsed().as_secs_f64() < 2.0 {
        std::hint::black_box(run(&frames, init, config));
        runs += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let insns = first.stats.retired() * runs;
    let cycles = first.cycles * runs;
    println!(
        "{name:<12} {:>6.1} M instructions/s  {:>6.2} M cycles/s  ({} instructions, {} cycles per run, {runs} runs)",
        insns as f64 / secs / 1e6,
        cycles as f64 / secs / 1e6,
        first.stats.retired(),
        first.cycles
    );
}

fn main() {
    // 63 tasks on 16 cores, each a 255-iteration loop of 4 instructions.
    let task = ".if\nset_const 255, r8\nset_const 1, r9\n\
                l: add r10, r9, r10\nxor r10, r8, r11\nsub r8, r9, r8\nbnz r8, l\nready\n";
    let alu_loop = format!(".cf mask=0xffff\n{}", task.repeat(63));
    measure("alu_loop", &alu_loop, &sm::zeroed());

    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/");
    let read = |f: &str| std::fs::read_to_string(format!("{dir}{f}")).unwrap();
    let histogram = read("histogram.s");
    let init = sm::parse(&read("histogram.sm.hex")).unwrap();
    measure("histogram", &histogram, &init);
}
