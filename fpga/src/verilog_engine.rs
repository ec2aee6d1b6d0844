//! `--engine verilator`: the emitted GPU (`gpu16_top`, flattened by yosys) and the Verilog
//! testbench (fpga/verilog/gpu16_tb.v) compiled by Verilator, run once per program. The compiled
//! model is cached, keyed by the sources its Verilog is generated from ([`DESIGN_FINGERPRINT`])
//! and the recipe, so only the first run pays for the build, and later runs start without
//! emitting anything; a change of the sources makes new builds, and the cache keeps the
//! [`KEEP_PER_KIND`] most recently used of each kind ([`prune`]). The same testbench runs
//! under Icarus ([`Simulator::Icarus`]).

use crate::blocks::{Block, Counters};
use crate::cosim::Simulator;
use crate::tools::{run, ToolError};
use gpu16_sim::frame::Frame;
use gpu16_sim::image::hex::read_words;
use gpu16_sim::image::sm::SmImage;
use gpu16_sim::image::{sm, tm};
use gpu16_sim::run::{
    Event, Handled, RunConfig, RunResult, Stats, Status, TimelineRecorder, COUNTERS,
};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// The testbench, plain Verilog-2005.
pub const TESTBENCH: &str = include_str!("../verilog/gpu16_tb.v");

/// A hash of every source the emitted Verilog is generated from, computed when this crate is
/// built (`fpga/build.rs`): two binaries with the same fingerprint emit the same Verilog.
pub const DESIGN_FINGERPRINT: &str = env!("GPU16_DESIGN_FINGERPRINT");

/// The checkout this binary was built from, if the sources [`DESIGN_FINGERPRINT`] covers have
/// changed there since (the binary simulates the hardware as it was; `cargo build` makes the
/// new one); `None` if they have not, or the checkout is not there.
pub fn sources_changed_since_built() -> Option<PathBuf> {
    let root = PathBuf::from(env!("GPU16_SOURCE_ROOT"));
    let now = crate::source_fingerprint::fingerprint(&root).ok()?;
    (format!("{now:016x}") != DESIGN_FINGERPRINT).then_some(root)
}

/// Where compiled Verilog models are kept: `$GPU16_CACHE`, else `gpu16/verilog` in the
/// user's cache folder (`$XDG_CACHE_HOME`, else `~/.cache`), else in the system's temporary
/// folder. Never beside a binary: a binary shared between checkouts writes into none of them.
pub fn cache_dir() -> PathBuf {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var("GPU16_CACHE") {
        return dir;
    }
    let user = var("XDG_CACHE_HOME").or_else(|| var("HOME").map(|h| h.join(".cache")));
    user.unwrap_or_else(std::env::temp_dir)
        .join("gpu16")
        .join("verilog")
}

/// A built simulation of the whole GPU with its testbench.
pub struct VerilogEngine {
    simulator: Simulator,
    /// N: the GPU's cores.
    cores: usize,
    /// Where the simulator's build lives.
    dir: PathBuf,
}

impl VerilogEngine {
    /// Builds the simulation of a GPU with `cores` cores under `cache` (reused if the same
    /// design was built before: then nothing is emitted). `trace`: able to write a waveform
    /// (slower under Verilator, so only when asked).
    pub fn build(
        simulator: Simulator,
        cache: &Path,
        trace: bool,
        cores: usize,
    ) -> Result<VerilogEngine, ToolError> {
        let files = || {
            let design = Block::Gpu.verilog_with(Counters::On, cores)?;
            Ok(vec![
                ("gpu16_top.v", design),
                ("gpu16_tb.v", TESTBENCH.into()),
            ])
        };
        let dir = Self::cached(simulator, trace, cores).build(cache, files)?;
        Ok(VerilogEngine {
            simulator,
            cores,
            dir,
        })
    }

    /// Whether [`VerilogEngine::build`] would find the simulation built in `cache`.
    pub fn is_built(simulator: Simulator, cache: &Path, trace: bool, cores: usize) -> bool {
        Self::cached(simulator, trace, cores).is_built(cache)
    }

    /// The folder this engine's build lives in (it holds the Verilog it was built from).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn cached(simulator: Simulator, trace: bool, cores: usize) -> CachedBuild {
        CachedBuild {
            prefix: format!("{simulator:?}").to_lowercase(),
            key: vec![
                DESIGN_FINGERPRINT.into(),
                TESTBENCH.into(),
                format!("{cores} cores"),
            ],
            steps: build_steps(simulator, trace),
            binary: match simulator {
                Simulator::Icarus => "gpu16.vvp",
                Simulator::Verilator => "obj_dir/Vgpu16_tb",
            },
        }
    }

    fn binary(&self) -> PathBuf {
        match self.simulator {
            Simulator::Icarus => self.dir.join("gpu16.vvp"),
            Simulator::Verilator => self.dir.join("obj_dir").join("Vgpu16_tb"),
        }
    }

    /// Runs `frames` on `init` in a fresh folder `work`; `vcd` asks for a waveform.
    /// `config.cores` must be the engine's.
    pub fn run(
        &self,
        frames: &[Frame],
        init: &SmImage,
        config: RunConfig,
        work: &Path,
        vcd: Option<&Path>,
    ) -> Result<RunResult, ToolError> {
        let max_cycles = config.hardware_max_cycles().ok_or_else(|| {
            ToolError::Unsupported(format!(
                "a cycle limit of {} does not fit the GPU's 32-bit counter (at most {})",
                config.max_cycles,
                gpu16_sim::run::HARDWARE_MAX_CYCLES
            ))
        })?;
        if config.cores != self.cores {
            return Err(ToolError::Unsupported(format!(
                "this simulation was built with {} cores, not {}",
                self.cores, config.cores
            )));
        }
        let io = |e| ToolError::io(work.display())(e);
        std::fs::create_dir_all(work).map_err(io)?;
        std::fs::write(work.join("program.tm.hex"), tm::write(frames)).map_err(io)?;
        std::fs::write(work.join("init.sm.hex"), sm::write(init)).map_err(io)?;
        let mut args = vec![
            "+tm=program.tm.hex".to_string(),
            format!("+frames={}", frames.len()),
            "+sm=init.sm.hex".into(),
            format!("+max_cycles={max_cycles}"),
            "+dump=final.sm.hex".into(),
            "+events=events.txt".into(),
            "+regs=regs.hex".into(),
            "+stats=stats.hex".into(),
        ];
        if let Some(v) = vcd {
            args.push(format!("+vcd={}", v.display()));
        }
        let binary = self.binary().display().to_string();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = match self.simulator {
            Simulator::Icarus => {
                let mut a = vec!["-n", binary.as_str()];
                a.extend(args);
                run("vvp", &a, work)?
            }
            Simulator::Verilator => run(&binary, &args, work)?,
        };
        let stdout = String::from_utf8_lossy(&out.stdout);
        let (status, cycles) = stdout
            .lines()
            .rev()
            .find_map(status_outputs)
            .ok_or_else(|| {
                ToolError::Unexpected(format!("the testbench printed no status line:\n{stdout}"))
            })?;
        let read = |name: &str| {
            std::fs::read_to_string(work.join(name))
                .map_err(ToolError::io(format!("the testbench wrote no {name}")))
        };
        let bad =
            |name: &str, e: &dyn std::fmt::Display| ToolError::Unexpected(format!("{name}: {e}"));
        let mem = sm::parse(&read("final.sm.hex")?).map_err(|e| bad("final.sm.hex", &e))?;
        let timeline = timeline_outputs(&read("events.txt")?, cycles)
            .map_err(|line| bad("events.txt", &format!("line {line} is not six numbers")))?;
        // The testbench's $writememh dumps: registers (8 bits) and counters (32 bits).
        let words = |name: &str, digits: usize, depth: usize| -> Result<Vec<u64>, ToolError> {
            let text = read(name)?;
            let words = read_words(&text, digits, depth).map_err(|e| bad(name, &e.at(name)))?;
            if words.len() != depth {
                let n = words.len();
                return Err(bad(name, &format!("{n} words, not {depth}")));
            }
            let mut out = vec![0; depth];
            for (addr, value, _) in words {
                out[addr] = value;
            }
            Ok(out)
        };
        let reg_words = words("regs.hex", 2, 256)?;
        let stat_words = words("stats.hex", 8, COUNTERS)?;
        let regs = (0..self.cores)
            .map(|c| std::array::from_fn(|r| reg_words[16 * c + r] as u8))
            .collect();
        let mut stats = Stats::from_counters(&stat_words.try_into().expect("96 counters"));
        stats.count_frames(&timeline);
        Ok(RunResult {
            status,
            cycles,
            sm: mem,
            regs,
            timeline,
            stats,
        })
    }
}

/// The testbench's status outputs, "gpu16_tb: status_code C frame F core K ip I cycles N",
/// read as the hardware's.
fn status_outputs(line: &str) -> Option<(Status, u64)> {
    let mut words = line.strip_prefix("gpu16_tb: ")?.split(' ');
    let mut field = |name: &str| -> Option<u64> {
        (words.next()? == name).then_some(())?;
        words.next()?.parse().ok()
    };
    let (code, frame, core, ip) = (
        field("status_code")?,
        field("frame")?,
        field("core")?,
        field("ip")?,
    );
    let cycles = field("cycles")?;
    let byte = |v: u64| u8::try_from(v).ok();
    let status = Status::from_hardware(byte(code)?, byte(frame)?, byte(core)?, byte(ip)?);
    Some((status, cycles))
}

/// The timeline from the testbench's record of the timeline outputs (one line per cycle with
/// any: cycle, event_valid, event_if, event_frame, event_mask, ready_mask); a malformed line's
/// number is the error.
fn timeline_outputs(text: &str, cycles: u64) -> Result<Vec<Event>, usize> {
    let mut recorder = TimelineRecorder::default();
    for (n, line) in text.lines().enumerate() {
        let v: Vec<u64> = line.split(' ').filter_map(|w| w.parse().ok()).collect();
        let &[cycle, valid, is_if, frame, mask, ready] = v.as_slice() else {
            return Err(n + 1);
        };
        let handled = (valid == 1).then_some(Handled {
            is_if: is_if == 1,
            frame: frame as u8,
            mask: mask as u16,
        });
        recorder.observe(cycle, handled, ready as u16);
    }
    Ok(recorder.finish(cycles))
}

/// A program and its arguments.
pub type Step = (&'static str, Vec<String>);

/// A simulator build cached in a folder named after `prefix` and a hash of everything that
/// decides it: `key` (what its files are generated from) and `steps`.
pub struct CachedBuild {
    pub prefix: String,
    pub key: Vec<String>,
    /// The commands, run in the folder holding the files.
    pub steps: Vec<Step>,
    /// The program the build makes, relative to its folder.
    pub binary: &'static str,
}

/// Builds of one kind (Verilator GPU, Icarus GPU, simulated board) the cache keeps: the most
/// recently used. Every change of the sources makes new ones (3–13 MB each); the whole test
/// suite makes four of a kind at most (docs/flow.md).
pub const KEEP_PER_KIND: usize = 8;

/// Removes all but the `keep` most recently used entries named `{prefix}-{hex}` in `cache`
/// (their `.used` mark's time, else their own), folders or files; anything else is left.
pub fn prune(cache: &Path, prefix: &str, keep: usize) {
    let Ok(entries) = std::fs::read_dir(cache) else {
        return;
    };
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let name = entry.file_name().into_string().ok()?;
            let hex = name.strip_prefix(prefix)?.strip_prefix('-')?;
            if hex.is_empty() || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
                return None;
            }
            let path = entry.path();
            let used = std::fs::metadata(path.join(USED))
                .or_else(|_| std::fs::metadata(&path))
                .and_then(|m| m.modified())
                .ok()?;
            Some((used, path))
        })
        .collect();
    found.sort_by_key(|(used, _)| std::cmp::Reverse(*used));
    for (_, path) in found.into_iter().skip(keep) {
        if path.is_dir() {
            std::fs::remove_dir_all(&path).ok();
        } else {
            std::fs::remove_file(&path).ok();
        }
    }
}

/// The mark a build's folder gets each time it is used.
const USED: &str = ".used";

impl CachedBuild {
    /// The build's folder under `cache`.
    pub fn dir(&self, cache: &Path) -> PathBuf {
        let mut h = DefaultHasher::new();
        (&self.key, &self.steps).hash(&mut h);
        cache.join(format!("{}-{:016x}", self.prefix, h.finish()))
    }

    /// Whether the build is in `cache` already.
    pub fn is_built(&self, cache: &Path) -> bool {
        self.dir(cache).join(self.binary).exists()
    }

    /// Returns the build's folder, building it first if needed: `files()` (name, text) are
    /// written into it and the steps run there.
    pub fn build(
        &self,
        cache: &Path,
        files: impl FnOnce() -> Result<Vec<(&'static str, String)>, ToolError>,
    ) -> Result<PathBuf, ToolError> {
        let dir = self.dir(cache);
        if self.is_built(cache) {
            std::fs::write(dir.join(USED), "").ok();
            return Ok(dir);
        }
        let files = files()?;
        // Built in a private folder, then renamed into place: concurrent builds (parallel
        // tests, two CLI runs) never see each other's half-built files.
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let build = cache.join(format!("building-{}-{stamp}", std::process::id()));
        let io = |e| ToolError::io(build.display())(e);
        std::fs::create_dir_all(&build).map_err(io)?;
        for (name, text) in &files {
            std::fs::write(build.join(name), text).map_err(io)?;
        }
        let built = self.steps.iter().try_for_each(|(program, args)| {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            run(program, &args, &build).map(|_| ())
        });
        if let Err(e) = built {
            std::fs::remove_dir_all(&build).ok();
            return Err(e);
        }
        if dir.exists() && !self.is_built(cache) {
            // An incomplete entry (an interrupted build of an older version): replace it.
            std::fs::remove_dir_all(&dir).ok();
        }
        if std::fs::rename(&build, &dir).is_err() {
            // Someone else finished the same build first: use theirs.
            std::fs::remove_dir_all(&build).ok();
            if !self.is_built(cache) {
                return Err(ToolError::Unexpected(format!(
                    "cannot install the build in {}",
                    dir.display()
                )));
            }
        }
        std::fs::write(dir.join(USED), "").ok();
        prune(cache, &self.prefix, KEEP_PER_KIND);
        Ok(dir)
    }
}

/// The yosys script that flattens module `top` of `input` into `output` for Verilator (see
/// [`build_steps`] for why); `trace` keeps the internal signal names for a waveform.
pub fn flatten_script(input: &str, top: &str, output: &str, trace: bool) -> String {
    // With a waveform, every named signal stays in it under its own name: `opt` merges cells
    // that compute the same value and `opt_clean` then keeps one name for the net (the
    // scheduler's `trace.handled` went under `event_valid`'s), so the named wires are kept
    // (`keep`) before the netlist is flattened, for the viewer and for GTKWave.
    let (keep, clean) = if trace {
        ("setattr -set keep 1 w:* w:$* %d; ", "opt_clean")
    } else {
        ("", "opt_clean -purge")
    };
    format!(
        "read_verilog {input}; hierarchy -top {top}; proc; {keep}flatten; opt_clean; \
         simplemap t:$memwr* %ci1:+$memwr_v2[EN] %ci1 t:$mux %i; \
         opt -fast -mux_undef -mux_bool; \
         {clean}; write_verilog -noattr {output}"
    )
}

/// The commands (program, arguments) that build `simulator`'s model in a folder holding
/// `gpu16_top.v` and `gpu16_tb.v`. Part of the cache key: a changed recipe rebuilds.
fn build_steps(simulator: Simulator, trace: bool) -> Vec<Step> {
    let strings = |args: &[&str]| args.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    match simulator {
        Simulator::Icarus => vec![(
            "iverilog",
            strings(&["-g2005", "-o", "gpu16.vvp", "gpu16_tb.v", "gpu16_top.v"]),
        )],
        Simulator::Verilator => {
            // Verilator runs a yosys-flattened netlist of the same design: rust-hdl's module
            // structure (one always block per module driving and reading its sub-modules)
            // forces Verilator to iterate to convergence; flat, it schedules statically (~1.9x
            // faster). The three-way cosimulation checks this netlist.
            // `proc` gives each memory write a per-bit enable (`we ? 8'hff : 8'h00`), which
            // write_verilog prints as one nonblocking write per bit, each a delayed assignment
            // for Verilator; mapping those multiplexers to gates and folding them (`s ? 1 : 0`
            // is `s`) leaves one enable and one write per memory port. With yosys' quick
            // optimisation after it (shared subexpressions merged, multiplexers in front of
            // flip-flops made enables, `x` inputs of multiplexers dropped), the model executes
            // fewer instructions per cycle with fewer instruction-cache misses
            // (docs/results/simulation-speed.md). More (`opt -full`, `wreduce`) is worse:
            // odd widths cost extra masking.
            // Without a waveform to show them, the internal signal names are dropped too
            // (`opt_clean -purge`): Verilator then keeps fewer signals in memory (~5%).
            let flatten = flatten_script("gpu16_top.v", "gpu16_top", "gpu16_flat.v", trace);
            // -O2 for the generated C++ (Verilator's default is -Os): ~1.8x faster.
            let mut args = strings(&["--binary", "-O3", "-j", "2", "--top-module", "gpu16_tb"]);
            args.extend(strings(&["-MAKEFLAGS", "OPT_FAST=-O2 OPT_SLOW=-O1"]));
            if trace {
                args.push("--trace".into());
            }
            args.extend(crate::lint::verilator_waiver_flags());
            args.extend(strings(&["-Wno-fatal", "gpu16_tb.v", "gpu16_flat.v"]));
            vec![
                ("yosys", strings(&["-q", "-p", &flatten])),
                ("verilator", args),
            ]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, SystemTime};

    #[test]
    fn pruning_keeps_the_most_recently_used_of_a_kind_and_nothing_else_is_touched() {
        let cache = std::env::temp_dir().join(format!("gpu16-prune-{}", std::process::id()));
        std::fs::remove_dir_all(&cache).ok();
        std::fs::create_dir_all(&cache).unwrap();
        let epoch = SystemTime::now() - Duration::from_secs(1000);
        // Five builds of one kind, used at times 0..5 (build 3 the latest); one of another
        // kind; a file entry; a build in progress; a folder of another name.
        for (i, at) in [0u64, 4, 1, 5, 2].iter().enumerate() {
            let dir = cache.join(format!("verilator-{i:016x}"));
            std::fs::create_dir_all(&dir).unwrap();
            let mark = std::fs::File::create(dir.join(USED)).unwrap();
            mark.set_modified(epoch + Duration::from_secs(*at)).unwrap();
        }
        for other in ["icarus-00000000000000aa", "building-1-2", "verilator-trace"] {
            std::fs::create_dir_all(cache.join(other)).unwrap();
        }
        prune(&cache, "verilator", 3);
        let mut left: Vec<String> = std::fs::read_dir(&cache)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "building-1-2",
                "icarus-00000000000000aa",
                "verilator-0000000000000001",
                "verilator-0000000000000003",
                "verilator-0000000000000004",
                "verilator-trace",
            ]
        );
        std::fs::remove_dir_all(&cache).ok();
    }
}
