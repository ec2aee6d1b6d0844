//! The whole GPU as yosys builds it for an ECP5 and for the Gowin GW2A and GW5A, replayed
//! cycle for cycle on every port in Icarus against rust-hdl, from power-up: loading, the run
//! and the read-back of examples that use the multiplier, the locks and every bank, and of
//! random programs (errors and timeouts among them). `GPU16_SEEDS` runs more random programs
//! (a campaign). The Gowin netlists are of a 2-core GPU, made in about a minute each: the same
//! blocks and cells as the Tang boards' GPUs, whose replays are benchmarks run by hand
//! (docs/VERIFICATION.md; `GPU16_GOWIN_CORES=N`).

use gpu16_fpga::blocks::{Block, Counters};
use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::netlist::gate_level;
use gpu16_fpga::synth::Target;
use gpu16_sim::run::RunConfig;
use gpu16_testbenches::parallel::on_every_seed;
use gpu16_testbenches::random_program::{random_program, random_program_for};
use gpu16_testbenches::Example;
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

/// The examples that run on `cores` cores and random programs for them, recorded in rust-hdl
/// for a GPU of `cores` cores: (name, recording, what to print if the replay differs).
fn recordings(cores: usize, names: &[&str], seeds: &[u64]) -> Vec<(String, Recording, String)> {
    let mut runs = Vec::new();
    for ex in examples()
        .into_iter()
        .filter(|e: &Example| names.contains(&e.name.as_str()))
    {
        let frames = ex
            .frames_for(cores)
            .expect("an example for any number of cores");
        let config = RunConfig {
            max_cycles: 20_000,
            cores,
        };
        runs.push((
            ex.name.clone(),
            record_gpu_run(&frames, &ex.init, config),
            String::new(),
        ));
    }
    for &seed in seeds {
        let p = random_program_for(seed, cores);
        let rec = record_gpu_run(&asm_for(&p.source, cores), &p.init, p.config);
        let how = format!(
            "reproduce: GPU16_SEED={seed} cargo test -p gpu16-testbenches --test gpu_netlist\n{}",
            p.source
        );
        runs.push((format!("seed_{seed}"), rec, how));
    }
    runs
}

/// `source` assembled for `cores` cores.
fn asm_for(source: &str, cores: usize) -> Vec<gpu16_sim::frame::Frame> {
    gpu16_sim::asm::assemble_for(source, cores)
        .unwrap_or_else(|e| panic!("{e}\n{source}"))
        .frames
}

/// Replays each of `runs` into `netlist` in Icarus, in parallel.
fn replay(netlist: &str, runs: &[(String, Recording, String)], prefix: &str) {
    let each: Vec<u64> = (0..runs.len() as u64).collect();
    on_every_seed(&each, |at| {
        let (name, rec, how) = &runs[at as usize];
        let dir = scratch!(&format!("{prefix}_{name}"));
        rec.run(netlist, Block::Gpu.top(), Simulator::Icarus, &dir)
            .unwrap_or_else(|e| panic!("{name}: {e}\n{how}"));
    });
}

/// The GPU of `GPU16_GOWIN_CORES` cores (2 by default) as yosys builds it for `target`,
/// replayed over two examples and two random programs.
fn gowin_netlist_replays(target: Target) {
    let cores = std::env::var("GPU16_GOWIN_CORES").map_or(2, |n| n.parse().expect("a number"));
    let v = Block::Gpu.verilog_with(Counters::On, cores).unwrap();
    let name = format!("netlist_{}", target.name());
    let netlist = gate_level(&v, Block::Gpu.top(), target, &scratch!(&name)).unwrap();
    let runs = recordings(cores, &["atomic_counter", "histogram"], &seeds(2));
    replay(&netlist, &runs, &name);
}

#[test]
fn gpu_netlist_for_gowin_gw2a_matches_rust_hdl_in_icarus() {
    gowin_netlist_replays(Target::Gw2a18);
}

/// The GW5A's: the register files in flip-flops and LUTs (`-nolutram`), the multiplier in
/// LUTs.
#[test]
fn gpu_netlist_for_gowin_gw5a_matches_rust_hdl_in_icarus() {
    gowin_netlist_replays(Target::Gw5a25);
}
