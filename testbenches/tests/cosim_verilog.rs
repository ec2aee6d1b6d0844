//! Three-way cosimulation: the emitted GPU under Verilator (and Icarus for the examples), the
//! rust-hdl simulation and the reference model. rtl and Verilog agree on shared memory,
//! registers, status, cycles, timeline and counters; rtl agrees with the model on status,
//! memory, registers and the frames handled ([`compare::against_model`]). The random
//! programs run here, each once on every engine, for the 16-core GPU and for smaller ones.
//!
//! `GPU16_SEEDS=N` runs N random programs (default 50 on 16 cores, 12 on each smaller GPU);
//! `GPU16_SEED=S` runs seed S alone.

use gpu16_fpga::cosim::Simulator;
use gpu16_fpga::verilog_engine::{cache_dir, VerilogEngine};
use gpu16_sim::frame::Frame;
use gpu16_sim::image::sm::{self, SmImage};
use gpu16_sim::run::{ErrorCode, RunConfig, RunResult, Status};
use gpu16_testbenches::parallel::on_every_seed;
use gpu16_testbenches::random_program::random_program_for;
use gpu16_testbenches::{asm, compare, examples, seeds};
use std::path::PathBuf;

const CONFIG: RunConfig = RunConfig::limit(200_000);

/// Compares a Verilog run with rust-hdl's and the model's; describes the first difference.
fn three_way(
    engine: &VerilogEngine,
    frames: &[Frame],
    init: &SmImage,
    config: RunConfig,
    work: &str,
) -> Result<RunResult, String> {
    let dir = cache_dir().join(work);
    let v = engine
        .run(frames, init, config, &dir, None)
        .map_err(|e| e.to_string())?;
    std::fs::remove_dir_all(&dir).ok();
    let hw = gpu16_hdl::driver::run(frames, init, config, None).map_err(|e| e.to_string())?;
    let model = gpu16_sim::model::run(frames, init, config);
    if (v.status, v.cycles) != (hw.status, hw.cycles) {
        return Err(format!(
            "verilog {} cycles {} / rtl {} cycles {}",
            v.status, v.cycles, hw.status, hw.cycles
        ));
    }
    if v.sm != hw.sm || v.regs != hw.regs || v.timeline != hw.timeline {
        return Err("verilog and rtl differ in memory, registers or timeline".into());
    }
    if v.stats.cores != hw.stats.cores || v.stats.banks != hw.stats.banks {
        return Err("verilog and rtl counters differ".into());
    }
    compare::against_model(&model, &hw)?;
    Ok(v)
}

#[test]
fn examples_agree_three_ways_under_verilator_and_icarus() {
    // Every example under Verilator; under Icarus (~100 times slower) those that cover the
    // multiplier, the lock, the fences and the scheduler's overlaps.
    let under_icarus = ["atomic_counter", "fences", "matmul", "spec_example2"];
    for sim in [Simulator::Verilator, Simulator::Icarus] {
        let engine = VerilogEngine::build(sim, &cache_dir(), false, 16).unwrap();
        let chosen = |name: &str| sim == Simulator::Verilator || under_icarus.contains(&name);
        for ex in examples().into_iter().filter(|e| chosen(&e.name)) {
            let v = three_way(
                &engine,
                &ex.frames,
                &ex.init,
                CONFIG,
                &format!("{sim:?}-{}", ex.name),
            )
            .unwrap_or_else(|e| panic!("{sim:?} {}: {e}", ex.name));
            assert!(v.sm == ex.expected, "{sim:?} {}", ex.name);
        }
    }
}

#[test]
fn error_and_timeout_programs_agree_under_verilator() {
    let engine = VerilogEngine::build(Simulator::Verilator, &cache_dir(), false, 16).unwrap();
    for (i, src) in [
        ".cf mask=0x1\n.if\nset_const 1, r9\nready\n.cf_raw 0x00000000000100c1 0 0 0\n.if\nready\n",
        ".cf mask=0x6 fence=acq\n.if\nnop\n.hword 0xd0c0\nready\n",
        ".cf mask=0x1\n.if\nsub r0, r0, r0\nld_sync [r0, r0], r8\nready\n",
        ".cf mask=0x1\n.if\nset_const 1, r8\nl: bnz r8, l\n",
    ]
    .iter()
    .enumerate()
    {
        let frames = asm(src);
        let init = gpu16_sim::image::sm::zeroed();
        if i == 3 {
            let config = RunConfig::limit(500);
            let dir = cache_dir().join("timeout");
            let v = engine.run(&frames, &init, config, &dir, None).unwrap();
            let hw = gpu16_hdl::driver::run(&frames, &init, config, None).unwrap();
            assert_eq!(
                (v.status, v.cycles, v.regs),
                (hw.status, hw.cycles, hw.regs)
            );
        } else {
            three_way(&engine, &frames, &init, CONFIG, &format!("error-{i}"))
                .unwrap_or_else(|e| panic!("{e}\n{src}"));
        }
    }
}

#[test]
fn random_programs_agree_three_ways_under_verilator() {
    let statuses = random_programs_agree(Simulator::Verilator, 16, &seeds(50));
    if statuses.len() >= 50 {
        // The hardware itself reports every error a 16-core GPU can (cosim.rs checks the
        // model does for these seeds), and ends some runs well.
        let reported: std::collections::HashSet<Option<ErrorCode>> = statuses
            .iter()
            .map(|s| match s {
                Status::Ok => None,
                Status::Error { code, .. } => Some(*code),
            })
            .collect();
        let mut every: std::collections::HashSet<Option<ErrorCode>> = ErrorCode::ALL
            .into_iter()
            .filter(|&c| c != ErrorCode::NoCore)
            .map(Some)
            .collect();
        every.insert(None);
        assert_eq!(reported, every);
    }
}

/// Smaller GPUs (MACHINE.md §1): random programs for N cores, three ways, for N = 1 and 8 (12
/// each here; `GPU16_SEEDS` for more). The 2-core GPU's Verilog is replayed as the Gowin
/// netlists (gpu_netlist.rs), and rust-hdl runs the examples on 2 cores (cosim.rs).
#[test]
fn random_programs_agree_three_ways_on_smaller_gpus() {
    for cores in [1, 8] {
        let statuses = random_programs_agree(Simulator::Verilator, cores, &seeds(12));
        if statuses.len() >= 12 {
            let no_core =
                |s: &Status| matches!(s, Status::Error { code, .. } if *code == ErrorCode::NoCore);
            assert!(
                statuses.iter().any(no_core),
                "{cores} cores: the generator names absent cores too"
            );
        }
    }
}

/// Runs the random programs of `seeds` for a GPU of `cores` cores on every engine, the Verilog
/// under `simulator`; their statuses. A difference fails with the program written out and the
/// command that replays it.
fn random_programs_agree(simulator: Simulator, cores: usize, seeds: &[u64]) -> Vec<Status> {
    let engine = VerilogEngine::build(simulator, &cache_dir(), false, cores).unwrap();
    on_every_seed(seeds, |seed| {
        let p = random_program_for(seed, cores);
        let frames = asm(&p.source);
        let work = format!("seed-{cores}-{seed}");
        match three_way(&engine, &frames, &p.init, p.config, &work) {
            Ok(v) => v.status,
            Err(e) => {
                let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
                let (s, m) = (
                    dir.join(format!("cosim-{cores}-{seed}.s")),
                    dir.join(format!("cosim-{cores}-{seed}.sm.hex")),
                );
                std::fs::write(&s, &p.source).unwrap();
                std::fs::write(&m, sm::write(&p.init)).unwrap();
                panic!(
                    "{cores} cores, seed {seed}: {e}\nreproduce: GPU16_SEED={seed} cargo test -p gpu16-testbenches --test cosim_verilog random\n\
                     or: gpu16 run {} --sm {} --cores {cores} --engine model|rtl|verilator --timeline t.json\n{}",
                    s.display(),
                    m.display(),
                    p.source
                );
            }
        }
    })
}

/// The engines' cache is keyed by a fingerprint of the sources (so a run need not emit the
/// Verilog to find its model); a fingerprint that missed a source the Verilog depends on
/// would reuse a stale model. The cached model must hold exactly what this binary emits.
#[test]
fn the_cached_model_is_built_from_the_verilog_this_binary_emits() {
    let engine = VerilogEngine::build(Simulator::Verilator, &cache_dir(), false, 16).unwrap();
    let cached = std::fs::read_to_string(engine.dir().join("gpu16_top.v")).unwrap();
    let emitted = gpu16_fpga::blocks::Block::Gpu.verilog().unwrap();
    assert!(
        cached == emitted,
        "{} holds other Verilog",
        engine.dir().display()
    );
}
