//! The viewer's recorder (`gpu16_hdl::view_recorder`) against the run it records: the cycles
//! it reads from a waveform agree with what the driver reads through the host port (final
//! memory and registers, the timeline's task starts and READYs, the error's core and IP), a
//! core waiting for a lock names the lock's holder, a window holds the same cycles as the
//! whole run, and the Verilog's waveform (Icarus) gives the same recording as rust-hdl's. The
//! model's own view (its ideal timing) agrees with its runs the same way.

use gpu16_fpga::cosim::Simulator;
use gpu16_fpga::verilog_engine::{cache_dir, VerilogEngine};
use gpu16_hdl::view_recorder::{record, RecordError, Sampling};
use gpu16_hdl::waveform::Waveform;
use gpu16_sim::frame::Frame;
use gpu16_sim::image::sm::SmImage;
use gpu16_sim::run::{EventKind, RunConfig, RunResult, Status};
use gpu16_sim::view::{CoreState, Recording};
use gpu16_testbenches::random_program::random_program_for;
use gpu16_testbenches::{asm, examples, scratch};
use std::io::BufReader;
use std::ops::RangeInclusive;
use std::path::Path;

const CONFIG: RunConfig = RunConfig::limit(20_000);

/// Runs `frames` on the rtl engine with a waveform in `dir`; the run and the waveform's path.
fn run_rtl(dir: &Path, frames: &[Frame], init: &SmImage, config: RunConfig) -> RunResult {
    let file = std::fs::File::create(dir.join("rtl.vcd")).unwrap();
    let mut waveform = Waveform::new(std::io::BufWriter::new(file));
    let mut watch = |g: &gpu16_hdl::gpu::Gpu| waveform.sample(g);
    gpu16_hdl::driver::run(frames, init, config, Some(&mut watch)).unwrap()
}

fn read(
    vcd: &Path,
    sampling: Sampling,
    cores: usize,
    init: &SmImage,
    window: RangeInclusive<u64>,
) -> Result<Recording, RecordError> {
    let file = BufReader::new(std::fs::File::open(vcd).unwrap());
    record(file, sampling, cores, init, window)
}

/// Everything the recording must agree on with the run's host-port results.
fn agrees(rec: &Recording, result: &RunResult, cores: usize) {
    // The hardware's run ends in the cycle `done` rises (cycle `cycles`); the model's has
    // cycles 0..cycles-1.
    let last = rec.first + rec.cycles.len() as u64 - 1;
    assert_eq!(rec.first, 0);
    assert!(
        last == result.cycles || last + 1 == result.cycles,
        "cycles 0..={last} of a run of {}",
        result.cycles
    );
    assert_eq!(rec.regs_after(last), result.regs, "final registers");
    assert!(
        rec.sm_after(last)[..] == result.sm[..],
        "final shared memory"
    );
    for e in result.timeline.iter().filter(|e| e.kind == EventKind::If) {
        let issue = rec.at(e.issue).unwrap();
        let on: Vec<usize> = (0..cores).filter(|c| e.mask & (1 << c) != 0).collect();
        for (&c, &ready) in on.iter().zip(&e.ready) {
            let core = issue.cores[c];
            assert!(
                core.state != CoreState::Idle && core.ip == Some(0) && core.frame == e.frame,
                "frame {} issued at {}: core {c} is {core:?}",
                e.frame,
                e.issue
            );
            // A task cut off by the end of the run has no READY.
            if ready <= last && (ready < result.cycles || matches!(result.status, Status::Ok)) {
                let end = rec.at(ready).unwrap().cores[c].state;
                assert!(
                    matches!(end, CoreState::Ready | CoreState::Fault { .. }),
                    "frame {}: core {c} at its READY ({ready}) is {end:?}",
                    e.frame
                );
            }
        }
    }
    for (k, cycle) in rec.cycles.iter().enumerate() {
        for (b, bank) in cycle.banks.iter().enumerate() {
            assert!(
                usize::from(bank.pointer) < cores,
                "cycle {k}: bank {b}'s pointer names core {} of a GPU of {cores}",
                bank.pointer
            );
        }
        for (c, core) in cycle.cores.iter().enumerate() {
            if let CoreState::WaitLock { bank, holder } = core.state {
                assert_eq!(
                    cycle.banks[bank as usize].lock.map(|l| l.0),
                    Some(holder),
                    "cycle {k}: core {c} waits for core {holder}'s lock of bank {bank}"
                );
                assert_ne!(cycle.cores[holder as usize].state, CoreState::Idle);
            }
        }
    }
    if let Status::Error {
        fault: Some(f),
        code,
        ..
    } = result.status
    {
        let faulted = rec.cycles.iter().any(|c| {
            let core = c.cores[f.core as usize];
            core.state == CoreState::Fault { code } && core.ip == Some(f.ip)
        });
        assert!(faulted, "{code:?}: core {} faults at IP {}", f.core, f.ip);
        assert_ne!(rec.cycles.last().unwrap().sched.error, 0);
    }
}

#[test]
fn the_examples_recorded_agree_with_their_runs() {
    let dir = scratch!("view-examples");
    // The lock, the fences and the waits of the scheduler; the other examples run long (the
    // whole design's waveform is written every cycle) and show nothing new here.
    let chosen = ["atomic_counter", "fences", "spec_example1", "spec_example2"];
    for ex in examples()
        .into_iter()
        .filter(|e| chosen.contains(&e.name.as_str()))
    {
        let result = run_rtl(&dir, &ex.frames, &ex.init, CONFIG);
        let vcd = dir.join("rtl.vcd");
        let rec = read(&vcd, Sampling::EveryStep, 16, &ex.init, 0..=u64::MAX).unwrap();
        agrees(&rec, &result, 16);
        if ex.name == "atomic_counter" {
            let waits = rec.cycles.iter().flat_map(|c| &c.cores);
            let lock_waits = waits
                .filter(|c| matches!(c.state, CoreState::WaitLock { .. }))
                .count();
            assert!(
                lock_waits > 1000,
                "atomic_counter's cores queue for the lock"
            );
        }
        // A window: the same cycles, starting from the registers and memory of its start.
        let (a, b) = (result.cycles / 3, result.cycles / 2);
        let part = read(&vcd, Sampling::EveryStep, 16, &ex.init, a..=b).unwrap();
        assert_eq!(part.first, a);
        assert_eq!(part.cycles[..], rec.cycles[a as usize..=b as usize]);
        assert_eq!(part.regs, rec.regs_after(a - 1));
        assert!(part.sm[..] == rec.sm_after(a - 1)[..], "{}", ex.name);
    }
}

#[test]
fn random_programs_recorded_agree_with_their_runs() {
    let dir = scratch!("view-random");
    for (seed, cores) in [(1, 16), (2, 16), (3, 2), (4, 8)] {
        let p = random_program_for(seed, cores);
        let frames = gpu16_sim::asm::assemble_for(&p.source, cores)
            .unwrap()
            .frames;
        let config = RunConfig { cores, ..p.config };
        let result = run_rtl(&dir, &frames, &p.init, config);
        let rec = read(
            &dir.join("rtl.vcd"),
            Sampling::EveryStep,
            cores,
            &p.init,
            0..=u64::MAX,
        )
        .unwrap();
        agrees(&rec, &result, cores);
    }
}

/// The model's view (`--engine model --view`), at its own timing, agrees with its runs the
/// same way.
#[test]
fn the_models_view_agrees_with_its_runs() {
    for ex in examples() {
        let window = 0..=u64::MAX;
        let (result, rec) = gpu16_sim::model::run_viewed(&ex.frames, &ex.init, CONFIG, window);
        agrees(&rec, &result, 16);
        let (a, b) = (result.cycles / 3, result.cycles / 2);
        let (_, part) = gpu16_sim::model::run_viewed(&ex.frames, &ex.init, CONFIG, a..=b);
        assert_eq!(part.cycles[..], rec.cycles[a as usize..=b as usize]);
        assert_eq!(part.regs, rec.regs_after(a - 1));
    }
    for (seed, cores) in [(1, 16), (2, 16), (3, 2), (4, 8), (5, 1)] {
        let p = random_program_for(seed, cores);
        let frames = gpu16_sim::asm::assemble_for(&p.source, cores)
            .unwrap()
            .frames;
        let config = RunConfig { cores, ..p.config };
        let (result, rec) = gpu16_sim::model::run_viewed(&frames, &p.init, config, 0..=u64::MAX);
        agrees(&rec, &result, cores);
    }
    let frames = asm(".cf mask=0x4\n.if\nnop\n.hword 0xb080\n");
    let zero = gpu16_sim::image::sm::zeroed();
    let (result, rec) = gpu16_sim::model::run_viewed(&frames, &zero, CONFIG, 0..=u64::MAX);
    agrees(&rec, &result, 16);
}

#[test]
fn an_error_recorded_names_its_core_and_ip() {
    let dir = scratch!("view-error");
    let frames = asm(".cf mask=0x4\n.if\nnop\n.hword 0xb080\n");
    let init = gpu16_sim::image::sm::zeroed();
    let result = run_rtl(&dir, &frames, &init, CONFIG);
    assert!(matches!(result.status, Status::Error { .. }));
    let rec = read(&dir.join("rtl.vcd"), Sampling::EveryStep, 16, &init, 0..=99).unwrap();
    agrees(&rec, &result, 16);
}

#[test]
fn the_verilog_waveform_gives_the_same_recording() {
    let dir = scratch!("view-icarus");
    // The cache `gpu16 run` and the cosimulation use.
    let engine = VerilogEngine::build(Simulator::Icarus, &cache_dir(), true, 16).unwrap();
    let ex = examples()
        .into_iter()
        .find(|e| e.name == "spec_example2")
        .unwrap();
    let fault = asm(".cf mask=0x4\n.if\nnop\n.hword 0xb080\n");
    let zero = gpu16_sim::image::sm::zeroed();
    for (name, frames, init) in [
        ("spec_example2", &ex.frames, &ex.init),
        ("a fault", &fault, &zero),
    ] {
        let rtl = run_rtl(&dir, frames, init, CONFIG);
        let vcd = dir.join("icarus.vcd");
        engine
            .run(frames, init, CONFIG, &dir.join("work"), Some(&vcd))
            .unwrap();
        let a = read(
            &dir.join("rtl.vcd"),
            Sampling::EveryStep,
            16,
            init,
            0..=u64::MAX,
        );
        let b = read(&vcd, Sampling::BeforeRisingClock, 16, init, 0..=u64::MAX);
        let (a, b) = (a.unwrap(), b.unwrap());
        agrees(&b, &rtl, 16);
        assert!(a == b, "{name}: the two waveforms give different cycles");
    }
}

#[test]
fn a_waveform_of_something_else_is_refused() {
    let dir = scratch!("view-refused");
    let vcd = dir.join("other.vcd");
    std::fs::write(
        &vcd,
        "$scope module uut $end\n$var wire 1 ! clock $end\n$upscope $end\n$enddefinitions $end\n#0\n0!\n",
    )
    .unwrap();
    let init = gpu16_sim::image::sm::zeroed();
    let e = read(&vcd, Sampling::EveryStep, 16, &init, 0..=9).unwrap_err();
    assert!(e.to_string().contains("has no signal"), "{e}");
    // A waveform cut before the run ends.
    let frames = asm(".cf mask=0x1\n.if\nready\n");
    run_rtl(&dir, &frames, &init, CONFIG);
    let text = std::fs::read_to_string(dir.join("rtl.vcd")).unwrap();
    let cut = text.find("\n#40\n").expect("a long enough waveform");
    std::fs::write(&vcd, &text[..=cut]).unwrap();
    let e = read(&vcd, Sampling::EveryStep, 16, &init, 0..=u64::MAX).unwrap_err();
    assert!(matches!(e, RecordError::Unfinished), "{e}");
    // A fault code no fault has (core 2's ILLEGAL_INSN, 1, made 3) is named, not guessed.
    let frames = asm(".cf mask=0x4\n.if\nnop\n.hword 0xb080\n");
    run_rtl(&dir, &frames, &init, CONFIG);
    let text = std::fs::read_to_string(dir.join("rtl.vcd")).unwrap();
    let id = var_id(&text, &["cores$2", "task"], "fault_code");
    let changed = text.replace(&format!("\nb01 {id}\n"), &format!("\nb11 {id}\n"));
    assert_ne!(changed, text, "core 2 reports ILLEGAL_INSN");
    std::fs::write(&vcd, changed).unwrap();
    let e = read(&vcd, Sampling::EveryStep, 16, &init, 0..=u64::MAX).unwrap_err();
    assert!(
        matches!(
            e,
            RecordError::FaultCode {
                core: 2,
                code: 3,
                ..
            }
        ),
        "{e}"
    );
}

/// The identifier of the waveform's signal `name` in the scopes `scope` (the innermost last),
/// as `$var` declares it.
fn var_id(vcd: &str, scope: &[&str], name: &str) -> String {
    let mut scopes: Vec<&str> = Vec::new();
    for line in vcd.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["$scope", _, s, "$end"] => scopes.push(s),
            ["$upscope", "$end"] => {
                scopes.pop();
            }
            ["$var", _, _, id, n, "$end"] if *n == name && scopes.ends_with(scope) => {
                return id.to_string();
            }
            _ => {}
        }
    }
    panic!("no signal {name} in {scope:?}")
}
