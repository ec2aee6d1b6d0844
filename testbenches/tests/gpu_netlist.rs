//! The whole GPU as yosys builds it for an ECP5, replayed cycle for cycle on every port in
//! Icarus against rust-hdl, from power-up: loading, the run and the read-back of examples
//! that use the multiplier, the locks and every bank, and of random programs (errors and
//! timeouts among them). `GPU16_SEEDS` runs more random programs (a campaign).

use gpu16_fpga::blocks::Block;
use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::netlist::gate_level;
use gpu16_fpga::synth::Target;
use gpu16_sim::frame::Frame;
use gpu16_sim::image::sm::SmImage;
use gpu16_sim::run::RunConfig;
use gpu16_testbenches::random_program::random_program;
use gpu16_testbenches::{asm, examples, scratch, seeds};

/// A whole run of `frames` on `init`, recorded on every port from power-up.
fn recording(frames: &[Frame], init: &SmImage, config: RunConfig) -> Recording {
    let mut rec = Recording::default();
    let mut watch = |g: &gpu16_hdl::gpu::Gpu| rec.sample(g);
    gpu16_hdl::driver::run(frames, init, config, Some(&mut watch)).unwrap();
    rec
}

#[test]
fn gpu_netlist_for_ecp5_matches_rust_hdl_in_icarus() {
    let v = Block::Gpu.verilog().unwrap();
    let netlist = gate_level(&v, Block::Gpu.top(), Target::Ecp5_25f, &scratch!("netlist")).unwrap();
    // (name, recording, what to print if it differs)
    let mut runs: Vec<(String, Recording, String)> = Vec::new();
    for name in ["matmul", "atomic_counter"] {
        let ex = examples().into_iter().find(|e| e.name == name).unwrap();
        let config = RunConfig { max_cycles: 10_000 };
        let rec = recording(&ex.frames, &ex.init, config);
        runs.push((name.to_string(), rec, String::new()));
    }
    for seed in seeds(2) {
        let p = random_program(seed);
        let rec = recording(&asm(&p.source), &p.init, p.config);
        let how = format!(
            "reproduce: GPU16_SEED={seed} cargo test -p gpu16-testbenches --test gpu_netlist\n{}",
            p.source
        );
        runs.push((format!("seed_{seed}"), rec, how));
    }
    // Icarus runs one replay per core: two at a time.
    let half = runs.len().div_ceil(2);
    std::thread::scope(|s| {
        let replays: Vec<_> = runs
            .chunks(half)
            .map(|chunk| {
                let netlist = &netlist;
                s.spawn(move || {
                    for (name, rec, how) in chunk {
                        let dir = scratch!(&format!("netlist_{name}"));
                        rec.run(netlist, Block::Gpu.top(), Simulator::Icarus, &dir)
                            .unwrap_or_else(|e| panic!("{name}: {e}\n{how}"));
                    }
                })
            })
            .collect();
        for replay in replays {
            replay.join().unwrap();
        }
    });
}
