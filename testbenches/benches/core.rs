//! The RTL core's speed: cycles per instruction on typical code (memory granted at once), and
//! rust-hdl simulation speed. Run: `cargo bench -p gpu16-testbenches --bench core`.

use gpu16_sim::image::sm;
use gpu16_testbenches::core_harness::CoreHarness;
use std::time::Instant;

fn main() {
    let kernels = [
        ("dependent ALU chain", "set_const 1, r8\n".to_string() + &"add r8, r8, r8\nxor r8, r8, r9\n".repeat(7) + "ready"),
        ("loop (taken bnz)", "set_const 100, r9\nset_const 1, r8\nl: sub r9, r8, r9\nbnz r9, l\nready".into()),
        ("load then use", "set_const 1, r8\nl: ld [r8, r0], r10\nadd r10, r8, r11\nsub r9, r8, r9\nbnz r9, l\nready".into()),
        ("div", "set_const 9, r8\ndiv r8, r8, r9\nready".into()),
    ];
    println!(
        "{:<22} {:>12} {:>8} {:>8}",
        "kernel", "instructions", "cycles", "CPI"
    );
    for (name, body) in &kernels {
        let frames = gpu16_testbenches::asm(&format!(".cf mask=1\n.if\n{body}\n"));
        let mut h = CoreHarness::new(0, &sm::zeroed(), 0, 0);
        let end = h.run_task(&frames[1], 1_000_000).expect("kernel ends");
        let (retired, _, _) = h.counters();
        println!(
            "{name:<22} {retired:>12} {:>8} {:>8.2}",
            end.cycles,
            end.cycles as f64 / retired as f64
        );
    }
    let frames = gpu16_testbenches::asm(".cf mask=1\n.if\nset_const 255, r9\nset_const 1, r8\nl: sub r9, r8, r9\nnop\nbnz r9, l\nready\n");
    let mut h = CoreHarness::new(0, &sm::zeroed(), 0, 0);
    let start = Instant::now();
    let mut cycles = 0;
    while start.elapsed().as_secs_f64() < 2.0 {
        cycles += h.run_task(&frames[1], 10_000).expect("ends").cycles + 1;
    }
    println!(
        "rust-hdl simulation of one core: {:.0} cycles/s",
        cycles as f64 / start.elapsed().as_secs_f64()
    );
}
