//! Shared helpers for the gpu16 testbenches: assembling snippets, running the model,
//! recording GPU runs for replays, finding the examples, and a small deterministic random
//! generator.

pub mod board_harness;
pub mod bridge_harness;
pub mod compare;
pub mod core_harness;
pub mod decoded;
pub mod faulty_line;
pub mod numbered;
pub mod parallel;
pub mod program_words;
pub mod random_program;
pub mod rng;
pub mod simulated_board;
pub mod sm_harness;
pub mod sm_traffic;

use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::lint;
use gpu16_fpga::tools::ToolError;
use gpu16_sim::frame::Frame;
use gpu16_sim::image::sm::{self, SmImage};
use gpu16_sim::run::{RunConfig, RunResult};
use std::path::{Path, PathBuf};

/// Assembles test source; a test's own source must assemble (the panic names the test's
/// file and line, and the program's line and column).
#[track_caller]
pub fn asm(source: &str) -> Vec<Frame> {
    let at = std::panic::Location::caller();
    match gpu16_sim::asm::assemble(source) {
        Ok(a) => a.frames,
        Err(e) => panic!("{at}: the test's program does not assemble: line {e}\n{source}"),
    }
}

/// Runs `source` on the reference model with shared memory `init` and a 100k-cycle limit.
pub fn run_model(source: &str, init: &SmImage) -> RunResult {
    gpu16_sim::model::run(&asm(source), init, RunConfig::limit(100_000))
}

/// Runs `source` on the model with all-zero shared memory.
pub fn run_model_zero(source: &str) -> RunResult {
    run_model(source, &sm::zeroed())
}

/// A fresh, empty folder `name` under the calling test's `CARGO_TARGET_TMPDIR`.
#[macro_export]
macro_rules! scratch {
    ($name:expr) => {
        $crate::scratch(env!("CARGO_TARGET_TMPDIR"), $name)
    };
}

/// A fresh, empty folder `name` under `base` (use [`scratch!`] from a test).
pub fn scratch(base: &str, name: &str) -> PathBuf {
    let dir = Path::new(base).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the scratch folder can be made");
    dir
}

/// A whole GPU run of `frames` on `init` in rust-hdl, recorded on every port from power-up
/// (to replay into the GPU's Verilog or netlist).
pub fn record_gpu_run(frames: &[Frame], init: &SmImage, config: RunConfig) -> Recording {
    let mut rec = Recording::default();
    let mut watch = |g: &gpu16_hdl::gpu::Gpu| rec.sample(g);
    gpu16_hdl::driver::run(frames, init, config, Some(&mut watch)).unwrap();
    rec
}

/// Emits `block` as module `gpu16_NAME` and runs yosys' structural checks and Verilator's
/// lint on it, in folders under `base` (a test passes `env!("CARGO_TARGET_TMPDIR")`).
pub fn lint_block<B: rust_hdl::prelude::Block>(base: &str, name: &str, mut block: B) {
    block.connect_all();
    let top = format!("gpu16_{name}");
    let v = gpu16_fpga::emit::verilog(&block, &top).unwrap_or_else(|e| panic!("{name}: {e}"));
    lint::yosys_check(&v, &top, &scratch(base, &format!("{name}_yosys"))).unwrap();
    lint::verilator_lint(&v, &top, &scratch(base, &format!("{name}_lint"))).unwrap();
}

/// A leaf block's Verilog (top module `top`) passes yosys's check and Verilator's lint, and
/// replays `recording` cycle for cycle in Icarus and in Verilator; the tools work in fresh
/// folders `{name}_yosys`, `{name}_lint`, `{name}_icarus`, `{name}_verilator` under `base`
/// (a test passes `env!("CARGO_TARGET_TMPDIR")`).
pub fn lint_and_replay(base: &str, name: &str, verilog: &str, top: &str, recording: &Recording) {
    let dir = |tool: &str| scratch(base, &format!("{name}_{tool}"));
    lint::yosys_check(verilog, top, &dir("yosys")).unwrap();
    lint::verilator_lint(verilog, top, &dir("lint")).unwrap();
    for (sim, tool) in [
        (Simulator::Icarus, "icarus"),
        (Simulator::Verilator, "verilator"),
    ] {
        recording
            .run(verilog, top, sim, &dir(tool))
            .unwrap_or_else(|e| panic!("{name} in {tool}: {e}"));
    }
}

/// `err`, from a replay whose output `port` was corrupted in `cycle`, is exactly that one
/// mismatch: the replay's check can fail.
pub fn assert_one_mismatch(err: &ToolError, cycle: usize, port: &str) {
    match err {
        ToolError::Mismatch {
            mismatches: 1,
            finished: true,
            detail,
        } => assert!(
            detail.contains(&format!("MISMATCH cycle {cycle}: {port}")),
            "{detail}"
        ),
        e => panic!("not one mismatch: {e}"),
    }
}

/// The seeds a random test runs: `GPU16_SEED=S` alone, `GPU16_SEEDS=N` for `0..N`,
/// `GPU16_SEEDS=A..B` for a range (to split a campaign), else `0..default`.
pub fn seeds(default: u64) -> Vec<u64> {
    let number = |s: &str| -> u64 {
        s.parse()
            .unwrap_or_else(|_| panic!("GPU16_SEED(S): {s:?} is not a number"))
    };
    if let Ok(s) = std::env::var("GPU16_SEED") {
        return vec![number(&s)];
    }
    match std::env::var("GPU16_SEEDS") {
        Ok(s) => match s.split_once("..") {
            Some((a, b)) => (number(a)..number(b)).collect(),
            None => (0..number(&s)).collect(),
        },
        Err(_) => (0..default).collect(),
    }
}

/// The repository's `examples/` folder.
pub fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

/// One example: its program, initial SM and expected final SM.
pub struct Example {
    pub name: String,
    pub source: String,
    /// Assembled for the 16-core GPU.
    pub frames: Vec<Frame>,
    pub init: SmImage,
    pub expected: SmImage,
}

impl Example {
    /// The program assembled for a GPU of `cores` cores; `None` if it names cores that GPU
    /// lacks (an example for 16 cores).
    pub fn frames_for(&self, cores: usize) -> Option<Vec<Frame>> {
        gpu16_sim::asm::assemble_for(&self.source, cores)
            .ok()
            .map(|a| a.frames)
    }

    /// The example paints a picture: it has `NAME.expected.png`.
    pub fn expected_picture(&self) -> Option<Vec<u8>> {
        std::fs::read(examples_dir().join(format!("{}.expected.png", self.name))).ok()
    }
}

/// Every `examples/NAME.s` with its `NAME.sm.hex` (optional) and `NAME.expected.sm.hex`.
pub fn examples() -> Vec<Example> {
    let dir = examples_dir();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("examples/ exists")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".s").map(str::to_owned)
        })
        .collect();
    names.sort();
    let read = |file: String| std::fs::read_to_string(dir.join(&file));
    names
        .into_iter()
        .map(|name| {
            let source = read(format!("{name}.s")).unwrap();
            let init = read(format!("{name}.sm.hex"))
                .map(|t| sm::parse(&t).unwrap())
                .unwrap_or_else(|_| sm::zeroed());
            let expected = sm::parse(
                &read(format!("{name}.expected.sm.hex"))
                    .unwrap_or_else(|_| panic!("examples/{name}.s has no {name}.expected.sm.hex")),
            )
            .unwrap();
            let frames = gpu16_sim::asm::assemble(&source)
                .unwrap_or_else(|e| panic!("examples/{name}.s:{e}"))
                .frames;
            Example {
                frames,
                source,
                name,
                init,
                expected,
            }
        })
        .collect()
}
