//! Runs a program on the rust-hdl simulation of the whole GPU, playing the host: load Task
//! Memory and shared memory, launch, watch the timeline, read everything back. It returns the
//! same [`RunResult`] as the reference model, built only from the GPU's host interface.

use crate::counters::{COUNTERS, READY_WITHIN};
use crate::gpu::Gpu;
use crate::program_writer::LINE_CYCLES;
use crate::sim::{connect, settle, tick, NoConvergence};
use gpu16_sim::frame::{Frame, TASK_LINES};
use gpu16_sim::image::sm::{self, SmImage};
use gpu16_sim::isa::sm::{BANKS, ROWS};
use gpu16_sim::run::{Handled, RunConfig, RunResult, Stats, Status, TimelineRecorder};

/// The host's side of a run in progress: the GPU and the timeline being recorded.
struct Host<'a> {
    gpu: Gpu,
    /// Cycles since the run started (cycle 0: the first with `running` high).
    cycle: u64,
    timeline: TimelineRecorder,
    /// Called once per clock cycle, the design settled, before the rising edge.
    watch: Option<&'a mut dyn FnMut(&Gpu)>,
}

impl Host<'_> {
    /// One clock cycle with the inputs as set.
    fn step(&mut self) -> Result<(), NoConvergence> {
        settle(&mut self.gpu)?;
        if let Some(watch) = &mut self.watch {
            watch(&self.gpu);
        }
        tick(&mut self.gpu, |g| &mut g.clock)
    }

    /// Observes this cycle's timeline outputs (the GPU settled, before the clock edge).
    fn observe(&mut self) {
        let g = &self.gpu;
        let handled = g.event_valid.val().then(|| Handled {
            is_if: g.event_if.val(),
            frame: g.event_frame.val().index() as u8,
            mask: g.event_mask.val().index() as u16,
        });
        self.timeline
            .observe(self.cycle, handled, g.ready_mask.val().index() as u16);
    }
}

/// Runs `frames` on `init` shared memory, on a GPU of `config.cores` cores. `watch`, if given, sees the whole design once per
/// clock cycle (settled, before the rising edge), loading and reading back included: a
/// waveform writer, or a recorder for cosimulation.
pub fn run(
    frames: &[Frame],
    init: &SmImage,
    config: RunConfig,
    watch: Option<&mut dyn FnMut(&Gpu)>,
) -> Result<RunResult, NoConvergence> {
    let mut h = Host {
        gpu: connect(Gpu::new(config.cores)),
        cycle: 0,
        timeline: TimelineRecorder::default(),
        watch,
    };

    // Load Task Memory, a line every LINE_CYCLES cycles (each is written into the cores'
    // program memories over the cycles after it), then the bytes of shared memory that are not
    // 0 (it starts zeroed).
    for (f, frame) in frames.iter().enumerate() {
        for k in 0..TASK_LINES {
            h.gpu.host.tm_write.next = true;
            h.gpu.host.tm_line.next = ((TASK_LINES * f + k) as u64).into();
            h.gpu.host.tm_data.next = frame.task_line(k).into();
            h.step()?;
            h.gpu.host.tm_write.next = false;
            for _ in 1..LINE_CYCLES {
                h.step()?;
            }
        }
    }
    for (addr, &byte) in init.iter().enumerate().filter(|(_, b)| **b != 0) {
        h.gpu.host.sm_en.next = true;
        h.gpu.host.sm_write.next = true;
        h.gpu.host.sm_addr.next = (addr as u64).into();
        h.gpu.host.sm_wdata.next = (byte as u64).into();
        h.step()?;
    }
    h.gpu.host.sm_en.next = false;
    h.gpu.host.sm_write.next = false;

    // Launch and run until done.
    h.gpu.host.launch.next = true;
    h.gpu.host.length.next = (frames.len() as u64).into();
    let max_cycles = config.hardware_max_cycles().unwrap_or_else(|| {
        panic!(
            "a cycle limit of {} does not fit the GPU's 32-bit counter (check it against \
             gpu16_sim::run::HARDWARE_MAX_CYCLES first)",
            config.max_cycles
        )
    });
    h.gpu.host.max_cycles.next = u64::from(max_cycles).into();
    h.step()?;
    h.gpu.host.launch.next = false;
    // The GPU zeroes the cores' registers first; the run's cycle 0 is its first `running`
    // cycle.
    settle(&mut h.gpu)?;
    while !h.gpu.host.running.val() {
        h.step()?;
        settle(&mut h.gpu)?;
    }
    loop {
        settle(&mut h.gpu)?;
        // The outputs of the cycle `done` rises in still show the last frame handled.
        h.observe();
        if h.gpu.host.done.val() {
            break;
        }
        h.step()?;
        h.cycle += 1;
    }
    let g = &h.gpu;
    let cycles = g.host.cycles.val().index() as u64;
    let status = Status::from_hardware(
        g.host.status_code.val().index() as u8,
        g.host.status_frame.val().index() as u8,
        g.host.status_core.val().index() as u8,
        g.host.status_ip.val().index() as u8,
    );
    let timeline = std::mem::take(&mut h.timeline).finish(cycles);

    // Read back shared memory, one row of all banks per cycle.
    let mut mem = sm::zeroed();
    h.gpu.host.sm_en.next = true;
    for row in 0..=ROWS {
        if row < ROWS {
            h.gpu.host.sm_addr.next = (row as u64).into();
        }
        if row > 0 {
            for bank in 0..BANKS {
                mem[bank * ROWS + row - 1] = h.gpu.sm_rdata[bank].val().index() as u8;
            }
        }
        h.step()?;
        settle(&mut h.gpu)?;
    }
    h.gpu.host.sm_en.next = false;

    // Registers through the debug select, each the cycle after its select.
    let mut regs = vec![[0u8; 16]; config.cores];
    for (core, rf) in regs.iter_mut().enumerate() {
        for (reg, value) in rf.iter_mut().enumerate() {
            h.gpu.host.dbg_core.next = (core as u64).into();
            h.gpu.host.dbg_reg.next = (reg as u64).into();
            h.step()?;
            settle(&mut h.gpu)?;
            *value = h.gpu.host.dbg_value.val().index() as u8;
        }
    }
    // Counters from the counters' RAM once final (the memory read-back above already took
    // longer than their drain), one a cycle, each the cycle after its select.
    for _ in 0..READY_WITHIN {
        if h.gpu.host.stat_ready.val() {
            break;
        }
        h.step()?;
    }
    let mut words = [0u64; COUNTERS];
    for (sel, word) in words.iter_mut().enumerate() {
        h.gpu.host.stat_sel.next = (sel as u64).into();
        h.step()?;
        settle(&mut h.gpu)?;
        *word = h.gpu.host.stat_value.val().index() as u64;
    }
    let mut stats = Stats::from_counters(&words);
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
