//! The whole GPU as yosys builds it for an ECP5, for the Gowin GW2A and GW5A, and for the
//! classroom boards' Xilinx 7 series and Cyclone V, replayed cycle for cycle on every port in
//! Icarus against rust-hdl, from power-up: loading, the run and the read-back of examples that
//! use the locks and every bank, and of random programs (the multiplier, errors and timeouts
//! among them). `GPU16_SEEDS` runs more random programs (a campaign). The GPUs are small, so
//! that each is made in about a minute: 2 cores for the ECP5 and the Gowin families, 1 for
//! the classroom ones, with the same blocks and cells as the boards' GPUs of 16, 12 and 8
//! cores, whose replays are benchmarks run by hand (docs/VERIFICATION.md;
//! `GPU16_ECP5_CORES=N`, `GPU16_GOWIN_CORES=N`, `GPU16_XC7_CORES=N`, `GPU16_CYCLONE5_CORES=N`).
//! By hand too (`-- --ignored`), the classroom families' board tops answering over the UART.

use gpu16_fpga::blocks::{Block, Counters};
use gpu16_fpga::board::sim::sim_config;
use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::emit;
use gpu16_fpga::netlist::gate_level;
use gpu16_fpga::synth::Target;
use gpu16_hdl::board::top::BoardTop;
use gpu16_sim::run::RunConfig;
use gpu16_testbenches::board_harness::recorded_exchange;
use gpu16_testbenches::parallel::on_every_seed;
use gpu16_testbenches::random_program::random_program_for;
use gpu16_testbenches::Example;
use gpu16_testbenches::{examples, record_gpu_run, scratch, seeds};
use rust_hdl::prelude::Block as _;

/// The ECP5's: the shared memory in `DP16KD`, the multipliers in `MULT18X18D`.
#[test]
fn gpu_netlist_for_ecp5_matches_rust_hdl_in_icarus() {
    netlist_replays(Target::Ecp5_25f, "GPU16_ECP5_CORES", 2, &BOTH, &seeds(2));
}

#[test]
fn gpu_netlist_for_gowin_gw2a_matches_rust_hdl_in_icarus() {
    netlist_replays(Target::Gw2a18, "GPU16_GOWIN_CORES", 2, &BOTH, &seeds(2));
}

/// The GW5A's: the register files in flip-flops and LUTs (`-nolutram`), the multiplier in
/// LUTs.
#[test]
fn gpu_netlist_for_gowin_gw5a_matches_rust_hdl_in_icarus() {
    netlist_replays(Target::Gw5a25, "GPU16_GOWIN_CORES", 2, &BOTH, &seeds(2));
}

/// The Xilinx 7-series': the shared memory and program memories in `RAMB18E1` (our model),
/// the register files in `RAM32M`/`RAM64M`, the multiplier in a `DSP48E1`. One core, over
/// `histogram` and a random program that multiplies (`GPU16_XC7_CORES=N` and `GPU16_SEEDS`
/// for more, by hand).
#[test]
fn gpu_netlist_for_xilinx_7_series_matches_rust_hdl_in_icarus() {
    netlist_replays(
        Target::Xc7a35t,
        "GPU16_XC7_CORES",
        1,
        &["histogram"],
        &seeds(1),
    );
}

/// The Cyclone V's: the block RAMs in `MISTRAL_M10K` (our model), the multiplier in a
/// `MISTRAL_MUL9X9`; as the Xilinx one.
#[test]
fn gpu_netlist_for_cyclone_v_matches_rust_hdl_in_icarus() {
    netlist_replays(
        Target::Cyclone5,
        "GPU16_CYCLONE5_CORES",
        1,
        &["histogram"],
        &seeds(1),
    );
}

/// The board top (the UART, the bridge and its timeline log, the picture's copy, a GPU of
/// one core; the video's pixel clock held still, its path is video_netlist.rs's) as yosys
/// builds it for the classroom boards' Xilinx 7 series and Cyclone V, replayed from power-up
/// through its UART pins against rust-hdl: an exchange that loads, runs and reads back a
/// program. By hand, a few minutes: `cargo test -p gpu16-testbenches --test gpu_netlist --
/// --ignored`.
#[test]
#[ignore = "by hand (a few minutes): the classroom families' board-top netlists over the UART"]
fn board_top_netlists_for_xilinx_7_series_and_cyclone_v_answer_over_the_uart() {
    let rec = recorded_exchange(1);
    let mut top = BoardTop::new(sim_config(true, 1));
    top.connect_all();
    let v = emit::verilog(&top, "gpu16_board_top").unwrap();
    std::thread::scope(|s| {
        for target in [Target::Xc7a35t, Target::Cyclone5] {
            let (rec, v) = (&rec, &v);
            s.spawn(move || {
                let dir = scratch!(&format!("board_top_netlist_{}", target.name()));
                let netlist = gate_level(v, "gpu16_board_top", target, &dir).unwrap();
                rec.run(&netlist, "gpu16_board_top", Simulator::Icarus, &dir)
                    .unwrap_or_else(|e| panic!("{}: {e}", target.name()));
            });
        }
    });
}

/// The two examples most families replay: the locks, every bank.
const BOTH: [&str; 2] = ["atomic_counter", "histogram"];

/// The GPU of `$cores_var` cores (`cores` by default) as yosys builds it for `target`,
/// replayed over `examples` and the random programs of `seeds` (seed 0's multiplies on 1 and 2
/// cores).
fn netlist_replays(
    target: Target,
    cores_var: &str,
    cores: usize,
    examples: &[&str],
    seeds: &[u64],
) {
    let cores = std::env::var(cores_var).map_or(cores, |n| n.parse().expect("a number"));
    let v = Block::Gpu.verilog_with(Counters::On, cores).unwrap();
    let name = format!("netlist_{}", target.name());
    let dir = scratch!(&name);
    let netlist = gate_level(&v, Block::Gpu.top(), target, &dir).unwrap();
    // The multiplier is in the family's cell (one a core), and seed 0 runs a `mul` through it.
    if let Some(cell) = multiplier_cell(target) {
        let mapped = std::fs::read_to_string(dir.join("netlist.v")).unwrap();
        let cells = mapped
            .lines()
            .filter(|l| l.trim_start().starts_with(&format!("{cell} ")))
            .count();
        assert!(cells >= cores, "{} {cell} cells for {cores} cores", cells);
    }
    if seeds.contains(&0) {
        let program = random_program_for(0, cores).source;
        assert!(
            program.lines().any(|l| l.trim_start().starts_with("mul ")),
            "seed 0 multiplies:\n{program}"
        );
    }
    let runs = recordings(cores, examples, seeds);
    replay(&netlist, &runs, &name);
}

/// The cell a family's multiplier maps to (the GW5A's is in LUTs: yosys maps no multiplier
/// to its DSP).
fn multiplier_cell(target: Target) -> Option<&'static str> {
    match target {
        Target::Ecp5_25f => Some("MULT18X18D"),
        Target::Gw2a18 => Some("MULT9X9"),
        Target::Xc7a35t => Some("DSP48E1"),
        Target::Cyclone5 => Some("MISTRAL_MUL9X9"),
        _ => None,
    }
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
