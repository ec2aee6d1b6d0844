//! The Task Scheduler (MACHINE.md §3): walks Task Memory frame by frame, applies fences,
//! initialises R0, starts groups of cores and collects READY; reports the errors of MACHINE.md §7.
//!
//! ```text
//!  TaskMemory ──frame TP──► FrameDecision (CF / IF, fences) ──► start, frame, R0 (registered)
//!       ▲ read TP (or TP+1 when this cycle handles TP)          │
//!       └───────────────────────────────────────────────────────┘   busy ◄── READY of cores
//! ```
//!
//! - The frame at TP is kept in registers, and the Task Memory always reads the frame after
//!   it ([`FrameWalk`]): frames are handled one per cycle, and no decision waits for a block
//!   RAM's output (on ECP5 a `DP16KD` without its output register takes ~5.6 ns from the
//!   clock to its data).
//! - Decisions use `busy & !ready`: a core that signals READY in cycle c can be started by the
//!   decision of cycle c; `start` and the frame are registered, so the core sees them in c+1 and
//!   executes instruction 0 in c+2 — a task follows the last READY of the one before on the
//!   same cores within 2 cycles. The rest of each decision is made from registers first, so
//!   READY meets one AND-OR on its way in ([`FrameDecision`]).
//! - A CF waits for an in-flight `acq` task and for the cores it initialises; R0 is written
//!   the cycle after the CF is handled ([`RegisterInit`], which also zeroes every register
//!   after a launch). An IF waits for its fence ([`fence`]); an `acq` IF then
//!   blocks every later frame until its cores are all READY.
//! - Errors: a CF with fence 3 (`BAD_FENCE`), an `IF_Num` past frame L-1 (`TRUNCATED`) or a
//!   core the build lacks (`NO_CORE`, MACHINE.md §1) stops the walk at that CF; a core fault stops it too; tasks in flight finish; the first error
//!   (scheduler before cores, then lowest core: [`FaultPriority`]) is kept ([`ErrorLatch`]).
//!   `TIMEOUT` stops everything when the cycle count reaches `max_cycles` (0 = no limit):
//!   [`RunControl`]. [`Tasks`] keeps the tasks in flight.
//!
//! Status codes: `gpu16_sim::run::ErrorCode::hardware_code` (0 ok), named here in [`status`].

mod decision;
mod error_latch;
mod fault_priority;
mod fence;
mod frame_at_tp;
mod frame_walk;
mod register_init;
mod run_control;
mod task_memory;
mod tasks;

pub use decision::FrameDecision;
pub use error_latch::ErrorLatch;
pub use fault_priority::FaultPriority;
pub use fence::FenceCheck;
pub use frame_at_tp::{FrameAtTp, FrameAtTpTarget};
pub use frame_walk::FrameWalk;
pub use register_init::RegisterInit;
pub use run_control::RunControl;
pub use task_memory::TaskMemory;
pub use tasks::Tasks;

use crate::task_port::TaskPort;
use crate::trace::SchedTrace;
use rust_hdl::prelude::*;

/// `status_code` values: the hardware codes of `gpu16_sim::run::ErrorCode` (0 ok).
pub mod status {
    use gpu16_sim::run::ErrorCode;

    pub const OK: u64 = 0;
    pub const BAD_FENCE: u64 = ErrorCode::BadFence.hardware_code() as u64;
    pub const TRUNCATED: u64 = ErrorCode::Truncated.hardware_code() as u64;
    pub const ILLEGAL_INSN: u64 = ErrorCode::IllegalInsn.hardware_code() as u64;
    pub const ATOMIC_VIOLATION: u64 = ErrorCode::AtomicViolation.hardware_code() as u64;
    pub const TIMEOUT: u64 = ErrorCode::Timeout.hardware_code() as u64;
    pub const NO_CORE: u64 = ErrorCode::NoCore.hardware_code() as u64;
}

/// Cores.
const N: usize = gpu16_sim::frame::CORES;

/// The Task Scheduler with its Task Memory. Its ports are a task port per core
/// ([`TaskPort`]) and its part of the GPU's host port (docs/interfaces.md).
#[derive(LogicBlock, Default)]
pub struct Scheduler {
    pub clock: Signal<In, Clock>,
    /// Host write of TM task line `tm_line` (= 4·frame + k).
    pub tm_write: Signal<In, Bit>,
    pub tm_line: Signal<In, Bits<8>>,
    pub tm_data: Signal<In, Bits<64>>,
    /// Start a run of frames 0..`length` (1–64) with a cycle limit (0 = none).
    pub launch: Signal<In, Bit>,
    pub length: Signal<In, Bits<7>>,
    pub max_cycles: Signal<In, Bits<32>>,
    /// End the run in progress as the cycle limit would (`TIMEOUT`, the cycle after).
    pub stop: Signal<In, Bit>,
    /// The cores this build has (MACHINE.md §1), a constant: bit i for core i. A CF naming another
    /// stops the run with `NO_CORE`; absent cores' task ports are tied off by the GPU.
    pub present: Signal<In, Bits<16>>,
    /// The task port of each core.
    pub cores: [TaskPort; N],
    /// The launch a cycle late, as the cores see it on `clear` (for the shared memory): the
    /// registers are zeroed for 16 cycles before the run, so nothing needs the clear sooner,
    /// and a register keeps the host's launch off the arbitration's path in every bank.
    pub clear: Signal<Out, Bit>,
    /// The run is over or stopped (the cores' `halt`).
    pub halt: Signal<Out, Bit>,
    /// The cores that signal READY this cycle.
    pub ready: Signal<Out, Bits<16>>,
    /// A run is in progress; it has ended (status valid); cycles it took so far.
    pub running: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub cycles: Signal<Out, Bits<32>>,
    /// The first error ([`status`]), its frame, and for core errors the core and IP. The
    /// frame has 7 bits: a `TIMEOUT` after the last of 64 frames reports TP = 64.
    pub status_code: Signal<Out, Bits<3>>,
    pub status_frame: Signal<Out, Bits<7>>,
    pub status_core: Signal<Out, Bits<4>>,
    pub status_ip: Signal<Out, Bits<4>>,
    /// A frame was handled last cycle (together with `start`): IF or CF, which, its core mask.
    pub event_valid: Signal<Out, Bit>,
    pub event_if: Signal<Out, Bit>,
    pub event_frame: Signal<Out, Bits<6>>,
    pub event_mask: Signal<Out, Bits<16>>,
    /// What the viewer shows of the scheduler (simulation only: nothing reads it).
    pub trace: SchedTrace,

    walk: FrameWalk,
    decision: FrameDecision,
    tasks: Tasks,
    init: RegisterInit,
    run: RunControl,
    fault_priority: FaultPriority,
    errors: ErrorLatch,
    clear_q: DFF<Bit>,
    /// The cores' READY and fault bits.
    ready_mask: Signal<Local, Bits<16>>,
    fault_mask: Signal<Local, Bits<16>>,
}

impl Logic for Scheduler {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, clear_q);
        self.clear_q.d.next = self.launch.val();

        // ---- the task ports ----
        self.ready_mask.next = 0.into();
        self.fault_mask.next = 0.into();
        for i in 0..N {
            self.cores[i].clear.next = self.clear_q.q.val();
            self.cores[i].halt.next = self.run.done.val() || self.run.timeout.val();
            self.cores[i].start.next = self.tasks.start.val().get_bit(i);
            self.cores[i].start_frame.next = self.tasks.start_frame.val();
            self.cores[i].next_frame.next = self.walk.tp.val().get_bits::<6>(0);
            self.cores[i].init_write.next = self.init.write.val().get_bit(i);
            self.cores[i].init_reg.next = self.init.register.val();
            self.cores[i].init_value.next = self.init.value[i].val();
            self.ready_mask.next = self
                .ready_mask
                .val()
                .replace_bit(i, self.cores[i].ready.val());
            self.fault_mask.next = self
                .fault_mask
                .val()
                .replace_bit(i, self.cores[i].fault.val());
            self.fault_priority.code[i].next = self.cores[i].fault_code.val();
            self.fault_priority.ip[i].next = self.cores[i].fault_ip.val();
            self.fault_priority.frame[i].next = self.tasks.core_frame[i].val();
        }

        // ---- the frame at TP ----
        self.walk.clock.next = self.clock.val();
        self.walk.tm_write.next = self.tm_write.val();
        self.walk.tm_line.next = self.tm_line.val();
        self.walk.tm_data.next = self.tm_data.val();
        self.walk.launch.next = self.launch.val();
        self.walk.length.next = self.length.val();
        self.walk.zeroing.next = self.init.zeroing.val();
        self.walk.running.next = self.run.running.val();
        self.walk.present.next = self.present.val();

        // ---- this cycle's decision about it ----
        self.decision.running.next = self.run.running.val();
        self.decision.stopped.next = self.run.stopped.val();
        self.decision.timeout.next = self.run.timeout.val();
        FrameAtTp::join(&mut self.walk.at_tp, &mut self.decision.at_tp);
        self.decision.acq_mask.next = self.tasks.acq_mask.val();
        self.decision.busy.next = self.tasks.busy.val();
        self.decision.ready.next = self.ready_mask.val();
        self.decision.fault.next = self.fault_mask.val();

        // ---- the tasks it starts, the registers it writes ----
        self.tasks.clock.next = self.clock.val();
        self.tasks.launch.next = self.launch.val();
        self.tasks.tp.next = self.walk.tp.val().get_bits::<6>(0);
        self.tasks.cf_go.next = self.decision.at_tp.cf_go.val();
        self.tasks.cf_mask.next = self.walk.at_tp.cf_mask.val();
        self.tasks.if_go.next = self.decision.at_tp.if_go.val();
        self.tasks.acquire.next = self.decision.acquire.val();
        self.tasks.mask.next = self.walk.at_tp.mask.val();
        self.tasks.busy_now.next = self.decision.busy_now.val();
        self.init.clock.next = self.clock.val();
        self.init.launch.next = self.launch.val();
        self.init.cf_go.next = self.decision.at_tp.cf_go.val();
        self.init.targets.next = self.decision.cf_targets.val();
        self.init.cf_r0.next = self.walk.cf_r0.val();

        // ---- the run: its start, cycle limit and end ----
        self.run.clock.next = self.clock.val();
        self.run.launch.next = self.launch.val();
        self.run.max_cycles.next = self.max_cycles.val();
        self.run.stop.next = self.stop.val();
        self.run.zeroed.next = self.init.zeroed.val();
        self.run.error.next = self.decision.bad_fence.val()
            || self.decision.truncated.val()
            || self.decision.no_core.val()
            || self.decision.faults.val().any();
        self.run.last.next = self.walk.last.val();
        self.run.idle_after.next = self.tasks.idle_after.val();

        // ---- errors: the first is kept, the lowest faulting core's first among faults ----
        self.fault_priority.faults.next = self.decision.faults.val();
        self.errors.clock.next = self.clock.val();
        self.errors.clear.next = self.launch.val();
        self.errors.running.next = self.run.running.val();
        self.errors.bad_fence.next = self.decision.bad_fence.val();
        self.errors.truncated.next = self.decision.truncated.val();
        self.errors.no_core.next = self.decision.no_core.val();
        self.errors.tp.next = self.walk.tp.val();
        self.errors.fault.next = self.fault_priority.any.val();
        self.errors.fault_code.next = self.fault_priority.first_code.val();
        self.errors.fault_frame.next = self.fault_priority.first_frame.val();
        self.errors.fault_core.next = self.fault_priority.first_core.val();
        self.errors.fault_ip.next = self.fault_priority.first_ip.val();
        self.errors.timeout.next = self.run.timeout.val();

        // ---- outputs ----
        self.clear.next = self.clear_q.q.val();
        self.halt.next = self.run.done.val() || self.run.timeout.val();
        self.ready.next = self.ready_mask.val();
        self.running.next = self.run.running.val();
        self.done.next = self.run.done.val();
        self.cycles.next = self.run.cycles.val();
        self.status_code.next = self.errors.code.val();
        self.status_frame.next = self.errors.frame.val();
        self.status_core.next = self.errors.core.val();
        self.status_ip.next = self.errors.ip.val();
        self.event_valid.next = self.tasks.event_valid.val();
        self.event_if.next = self.tasks.event_if.val();
        self.event_frame.next = self.tasks.event_frame.val();
        self.event_mask.next = self.tasks.event_mask.val();

        self.trace.tp.next = self.walk.tp.val();
        self.trace.busy.next = self.tasks.busy.val();
        self.trace.acq.next = self.tasks.acq_mask.val();
        self.trace.holds.next = self.decision.holds.val();
        self.trace.handled.next =
            self.decision.at_tp.cf_go.val() || self.decision.at_tp.if_go.val();
        self.trace.error.next = self.errors.code.val();
    }
}
