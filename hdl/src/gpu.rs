//! The whole GPU: the Task Scheduler, N cores (16 unless built smaller, MACHINE.md §1) and the
//! shared memory, behind a host interface.
//!
//! ```text
//!  host ── TM lines, launch(L, max_cycles) ──► Scheduler ── start/frame/regs ──► cores[16]
//!  host ◄── done, status, cycles, events ─────┘    ▲ READY, faults ───────────────┘ │ memory ports
//!  host ── SM byte writes / row reads ────────────────────────────► SharedMem ◄──────┘
//!  host ── debug register and counter selects ──► dbg_value, stat_value, stat_ready
//! ```
//!
//! The host loads Task Memory and shared memory while the GPU is idle, pulses `launch`, waits
//! for `done`, then reads the status, shared memory, registers and counters. While a run is
//! over (`halt`) the cores are stopped and the shared memory grants nothing, so the host's
//! view is stable.
//!
//! A build with N < 16 cores has cores 0..N-1. The scheduler and the shared memory keep their
//! 16 ports; those of the absent cores are tied off here (never READY, never a request), and
//! the scheduler refuses a CF that names them (`NO_CORE`), so synthesis removes everything
//! that would serve them.

use crate::core::Core;
use crate::counters::Counters;
use crate::host_port::HostPortTarget;
use crate::program_writer::ProgramWriter;
use crate::scheduler::Scheduler;
use crate::shared_mem::SharedMem;
use crate::sm_port::SmPort;
use crate::task_port::TaskPort;
use gpu16_sim::frame::present_cores;
use gpu16_sim::isa::sm::BANKS;
use rust_hdl::prelude::*;

/// Banks (and cores in the full machine).
const N: usize = gpu16_sim::frame::CORES;

/// gpu16: scheduler, N cores, shared memory. Its ports are the host port
/// (docs/interfaces.md).
#[derive(LogicBlock)]
pub struct Gpu {
    pub clock: Signal<In, Clock>,
    /// The host port ([`HostPortTarget`]).
    pub host: HostPortTarget,
    /// Shared memory's read data for the host: bank b's byte of the row `host.sm_addr` named,
    /// the cycle after.
    pub sm_rdata: [Signal<Out, Bits<8>>; N],
    /// Timeline: a frame was handled in the previous cycle (IF or CF, which, mask); an IF's
    /// cores execute its instruction 0 in the next cycle. `ready_mask`: cores that signalled
    /// READY this cycle.
    pub event_valid: Signal<Out, Bit>,
    pub event_if: Signal<Out, Bit>,
    pub event_frame: Signal<Out, Bits<6>>,
    pub event_mask: Signal<Out, Bits<16>>,
    pub ready_mask: Signal<Out, Bits<16>>,

    sched: Scheduler,
    /// Writes the program into every core's program memory as the host writes Task Memory.
    writer: ProgramWriter,
    /// Cores 0..N-1.
    cores: Vec<Core>,
    sm: SharedMem,
    counters: Counters,
    core_ids: Vec<Constant<Bits<4>>>,
    /// The cores this build has: bits 0..N-1.
    present: Constant<Bits<16>>,
    dbg: Signal<Local, Bits<8>>,
    /// `dbg_core` of last cycle: the core whose registered read is on `dbg_value` now.
    dbg_core_q: DFF<Bits<4>>,
    /// The cores' performance events, a bit per core (for the counters).
    perf_retired: Signal<Local, Bits<16>>,
    perf_stalled: Signal<Local, Bits<16>>,
    perf_busy: Signal<Local, Bits<16>>,
}

impl Default for Gpu {
    /// The machine of MACHINE.md §1: 16 cores.
    fn default() -> Self {
        Gpu::new(N)
    }
}

impl Gpu {
    /// A GPU with `cores` cores (1–16, MACHINE.md §1).
    pub fn new(cores: usize) -> Self {
        Gpu {
            clock: Default::default(),
            host: Default::default(),
            sm_rdata: Default::default(),
            event_valid: Default::default(),
            event_if: Default::default(),
            event_frame: Default::default(),
            event_mask: Default::default(),
            ready_mask: Default::default(),
            sched: Default::default(),
            writer: Default::default(),
            cores: (0..cores).map(|_| Core::default()).collect(),
            sm: Default::default(),
            counters: Default::default(),
            core_ids: (0..cores)
                .map(|i| Constant::new((i as u64).into()))
                .collect(),
            present: Constant::new(u64::from(present_cores(cores)).into()),
            dbg: Default::default(),
            dbg_core_q: Default::default(),
            perf_retired: Default::default(),
            perf_stalled: Default::default(),
            perf_busy: Default::default(),
        }
    }
}

impl Gpu {
    /// N: the cores this build has.
    pub fn cores(&self) -> usize {
        self.cores.len()
    }

    /// Build the GPU without its performance counters (see [`Counters`]): `stat_value`
    /// reads 0.
    pub fn disable_counters(&mut self) {
        self.counters.disable();
    }
}

impl Logic for Gpu {
    #[hdl_gen]
    fn update(&mut self) {
        // ---- cores ----
        self.dbg.next = 0.into();
        self.perf_retired.next = 0.into();
        self.perf_stalled.next = 0.into();
        self.perf_busy.next = 0.into();
        for i in 0..self.cores.len() {
            self.cores[i].clock.next = self.clock.val();
            self.cores[i].core_id.next = self.core_ids[i].val();
            TaskPort::join(&mut self.sched.cores[i], &mut self.cores[i].task);
            self.cores[i].prog_write.next = self.writer.write.val();
            self.cores[i].prog_address.next = self.writer.address.val();
            self.cores[i].prog_word.next = self.writer.word.val();
            self.cores[i].dbg_reg_sel.next = self.host.dbg_reg.val();
            SmPort::join(&mut self.cores[i].mem, &mut self.sm.cores[i]);
            self.sm.task_end[i].next = self.cores[i].task.ready.val();
            if self.dbg_core_q.q.val().index() == i {
                self.dbg.next = self.cores[i].dbg_reg.val();
            }
            self.perf_retired.next = self
                .perf_retired
                .val()
                .replace_bit(i, self.cores[i].perf_retired.val());
            self.perf_stalled.next = self
                .perf_stalled
                .val()
                .replace_bit(i, self.cores[i].perf_stalled.val());
            self.perf_busy.next = self
                .perf_busy
                .val()
                .replace_bit(i, self.cores[i].perf_busy.val());
        }
        // ---- the ports of the cores this build lacks: tied off ----
        for i in self.cores.len()..N {
            self.sched.cores[i].ready.next = false;
            self.sched.cores[i].fault.next = false;
            self.sched.cores[i].fault_code.next = 0.into();
            self.sched.cores[i].fault_ip.next = 0.into();
            self.sm.cores[i].req.next = false;
            self.sm.cores[i].keep.next = false;
            self.sm.cores[i].addr.next = 0.into();
            self.sm.cores[i].write.next = false;
            self.sm.cores[i].sync.next = false;
            self.sm.cores[i].wdata.next = 0.into();
            self.sm.task_end[i].next = false;
        }
        // ---- banks ----
        for b in 0..BANKS {
            self.sm_rdata[b].next = self.sm.host_rdata[b].val();
        }

        // ---- scheduler ----
        self.sched.clock.next = self.clock.val();
        self.sched.tm_write.next = self.host.tm_write.val();
        self.sched.tm_line.next = self.host.tm_line.val();
        self.sched.tm_data.next = self.host.tm_data.val();
        self.writer.clock.next = self.clock.val();
        self.writer.line_write.next = self.host.tm_write.val();
        self.writer.line.next = self.host.tm_line.val();
        self.writer.data.next = self.host.tm_data.val();
        self.sched.launch.next = self.host.launch.val();
        self.sched.length.next = self.host.length.val();
        self.sched.max_cycles.next = self.host.max_cycles.val();
        self.sched.stop.next = self.host.stop.val();
        self.sched.present.next = self.present.val();

        // ---- shared memory: the host's while it asks or the run is over ----
        self.sm.clock.next = self.clock.val();
        self.sm.clear.next = self.sched.clear.val();
        self.sm.host_en.next = self.host.sm_en.val() || self.sched.halt.val();
        self.sm.host_addr.next = self.host.sm_addr.val();
        self.sm.host_write.next = self.host.sm_en.val() && self.host.sm_write.val();
        self.sm.host_wdata.next = self.host.sm_wdata.val();

        // ---- performance counters ----
        self.counters.clock.next = self.clock.val();
        self.counters.clear.next = self.host.launch.val();
        self.counters.running.next = self.sched.running.val();
        self.counters.events.retired.next = self.perf_retired.val();
        self.counters.events.mem_stall.next = self.perf_stalled.val();
        self.counters.events.busy.next = self.perf_busy.val();
        self.counters.events.lock_waits.next = self.sm.perf_lock_wait.val();
        self.counters.events.bank_accesses.next = self.sm.perf_access.val();
        self.counters.events.bank_contended.next = self.sm.perf_contended.val();
        self.counters.sel.next = self.host.stat_sel.val();

        // ---- host outputs ----
        self.host.running.next = self.sched.running.val();
        self.host.done.next = self.sched.done.val();
        self.host.cycles.next = self.sched.cycles.val();
        self.host.status_code.next = self.sched.status_code.val();
        self.host.status_frame.next = self.sched.status_frame.val();
        self.host.status_core.next = self.sched.status_core.val();
        self.host.status_ip.next = self.sched.status_ip.val();
        self.event_valid.next = self.sched.event_valid.val();
        self.event_if.next = self.sched.event_if.val();
        self.event_frame.next = self.sched.event_frame.val();
        self.event_mask.next = self.sched.event_mask.val();
        self.ready_mask.next = self.sched.ready.val();
        self.dbg_core_q.clock.next = self.clock.val();
        self.dbg_core_q.d.next = self.host.dbg_core.val();
        self.host.dbg_value.next = self.dbg.val();
        self.host.stat_value.next = self.counters.value.val();
        self.host.stat_ready.next = self.counters.ready.val();
    }
}
