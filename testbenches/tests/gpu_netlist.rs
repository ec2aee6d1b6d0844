//! The whole GPU as yosys builds it for an ECP5, replayed cycle for cycle on every port in
//! Icarus against rust-hdl, from power-up: loading, the run and the read-back of examples
//! that use the multiplier, the locks and every bank, and of random programs (errors and
//! timeouts among them). `GPU16_SEEDS` runs more random programs (a campaign).

use gpu16_fpga::blocks::Block;
use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::netlist::gate_level;
use gpu16_fpga::synth::Target;
use gpu16_sim::run::RunConfig;
use gpu16_testbenches::parallel::on_every_seed;
use gpu16_testbenches::random_program::random_program;
use gpu16_testbenches::{asm, examples, record_gpu_run, scratch, seeds};

#[test]
fn gpu_netlist_for_ecp5_matches_rust_hdl_in_icarus() {
    let v = Block::Gpu.verilog().unwrap();
    let netlist = gate_level(&v, Block::Gpu.top(), Target::Ecp5_25f, &scratch!("netlist")).unwrap();
    // (name, recording, what to print if it differs)
    let mut runs: Vec<(String, Recording, String)> = Vec::new();
    for name in ["matmul", "atomic_counter"] {
        let ex = examples().into_iter().find(|e| e.name == name).unwrap();
        let rec = record_gpu_run(&ex.frames, &ex.init, RunConfig::limit(10_000));
        runs.push((name.to_string(), rec, String::new()));
    }
    for seed in seeds(2) {
        let p = random_program(seed);
        let rec = record_gpu_run(&asm(&p.source), &p.init, p.config);
        let how = format!(
            "reproduce: GPU16_SEED={seed} cargo test -p gpu16-testbenches --test gpu_netlist\n{}",
            p.source
        );
        runs.push((format!("seed_{seed}"), rec, how));
    }
    // Icarus is single-threaded: the replays share the machine's cores.
    let each: Vec<u64> = (0..runs.len() as u64).collect();
    on_every_seed(&each, |at| {
        let (name, rec, how) = &runs[at as usize];
        let dir = scratch!(&format!("netlist_{name}"));
        rec.run(&netlist, Block::Gpu.top(), Simulator::Icarus, &dir)
            .unwrap_or_else(|e| panic!("{name}: {e}\n{how}"));
    });
}
