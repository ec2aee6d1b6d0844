//! The Task Scheduler (SPEC §3): walks Task Memory frame by frame, applies fences, initialises
//! R0, starts groups of cores and collects READY; reports the errors of SPEC §7.
//!
//! ```text
//!  TaskMemory ──frame TP──► FrameDecision (CF / IF, fences) ──► start, frame, R0 (registered)
//!       ▲ read TP (or TP+1 when this cycle handles TP)          │
//!       └───────────────────────────────────────────────────────┘   busy ◄── READY of cores
//! ```
//!
//! - The frame at TP is kept in registers (`frame`), and the Task Memory always reads the
//!   frame after it: a cycle that handles the frame at TP loads TP+1's from the Task Memory's
//!   outputs and reads TP+2. Frames are handled one per cycle, and no decision waits for a
//!   block RAM's output (on ECP5 a `DP16KD` without its output register takes ~5.6 ns from
//!   the clock to its data). The run's first cycle only loads frame 0.
//! - Decisions use `busy & !ready`: a core that signals READY in cycle c can be started by the
//!   decision of cycle c; `start` and the frame are registered, so the core sees them in c+1 and
//!   executes instruction 0 in c+2 — a task follows the last READY of the one before on the
//!   same cores within 2 cycles. The rest of each decision is made from registers first, so
//!   READY meets one AND-OR on its way in ([`FrameDecision`]).
//! - A CF waits for an in-flight `acq` task and for the cores it initialises; R0 is written
//!   the cycle after the CF is handled. An IF waits for its fence ([`fence`]); an `acq` IF then
//!   blocks every later frame until its cores are all READY.
//! - Errors: a CF with fence 3 (`BAD_FENCE`) or an `IF_Num` past frame L-1 (`TRUNCATED`) stops
//!   the walk at that CF; a core fault stops it too; tasks in flight finish; the first error
//!   (scheduler before cores, then lowest core: [`FaultPriority`]) is kept ([`ErrorLatch`]). `TIMEOUT` stops everything when the
//!   cycle count reaches `max_cycles` (0 = no limit).
//!
//! Status codes: `gpu16_sim::run::ErrorCode::hardware_code` (0 ok), named here in [`status`].

mod decision;
mod error_latch;
mod fault_priority;
mod fence;
mod task_memory;

pub use decision::FrameDecision;
pub use error_latch::ErrorLatch;
pub use fault_priority::FaultPriority;
pub use fence::FenceCheck;
pub use task_memory::TaskMemory;

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
}

/// Cores.
const N: usize = 16;

/// The Task Scheduler with its Task Memory. Its ports to the cores are the task port, and
/// its host ports part of the GPU's host port (docs/interfaces.md).
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
    /// Per core: READY this cycle, with a fault, the fault's code (1 illegal, 2 atomic) and IP.
    pub ready: Signal<In, Bits<16>>,
    pub fault: Signal<In, Bits<16>>,
    pub fault_code: [Signal<In, Bits<2>>; N],
    pub fault_ip: [Signal<In, Bits<4>>; N],
    /// To the cores: clear (launch), abandon tasks (`TIMEOUT`), start mask and its frame,
    /// register writes (per core), their register and values: every register zeroed after
    /// launch, then each CF's Init_R0.
    pub core_clear: Signal<Out, Bit>,
    pub halt: Signal<Out, Bit>,
    pub start: Signal<Out, Bits<16>>,
    pub start_frame: Signal<Out, Bits<6>>,
    /// The frame at TP, which this cycle's decision may start (the cores read its word 0
    /// ahead).
    pub next_frame: Signal<Out, Bits<6>>,
    pub init_write: Signal<Out, Bits<16>>,
    pub init_reg: Signal<Out, Bits<4>>,
    pub init_value: [Signal<Out, Bits<8>>; N],
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

    tm: TaskMemory,
    decision: FrameDecision,
    fault_priority: FaultPriority,
    errors: ErrorLatch,
    run: DFF<Bit>,
    finished: DFF<Bit>,
    tp: DFF<Bits<7>>,
    /// Frames from TP to the end (L - TP): a CF is truncated if its IF_Num reaches it.
    left: DFF<Bits<7>>,
    /// The frame at TP, as four task lines, and whether it has been loaded (the run's first
    /// cycle loads frame 0).
    frame: [DFF<Bits<64>>; 4],
    primed: DFF<Bit>,
    ifs_left: DFF<Bits<6>>,
    mask: DFF<Bits<16>>,
    fence_bits: DFF<Bits<2>>,
    busy: DFF<Bits<16>>,
    /// Cores of the `acq` task in flight (0 if none).
    acq_mask: DFF<Bits<16>>,
    stopped: DFF<Bit>,
    cycle: DFF<Bits<32>>,
    limit: DFF<Bits<32>>,
    /// The cycle count equals the limit this cycle: compared a cycle ahead, so that the
    /// 32-bit comparison is not on the path from the count through `halt` into every
    /// core and the shared memory's arbitration.
    at_limit: DFF<Bit>,
    /// The cycle count after this cycle.
    cycle_next: Signal<Local, Bits<32>>,
    /// The frame each core's task came from.
    core_frame: [DFF<Bits<6>>; N],
    start_q: DFF<Bits<16>>,
    /// The register writes of next cycle (`init_*`).
    init_write_q: DFF<Bits<16>>,
    init_reg_q: DFF<Bits<4>>,
    init_value_q: [DFF<Bits<8>>; N],
    /// Launch zeroes the cores' registers, one a cycle in every core (a register file in
    /// distributed RAM has one write port), `init_reg_q` counting 0–15; the run starts the
    /// cycle after the last, with `init_reg_q` wrapped to 0: a CF's writes go to R0.
    zeroing: DFF<Bit>,
    ev_valid: DFF<Bit>,
    ev_if: DFF<Bit>,
    ev_frame: DFF<Bits<6>>,
    ev_mask: DFF<Bits<16>>,

    timeout: Signal<Local, Bit>,
    /// The frame at TP's mask, read as a CF's.
    cf_mask: Signal<Local, Bits<16>>,
    tp_next: Signal<Local, Bits<7>>,
    busy_next: Signal<Local, Bits<16>>,
    stop_next: Signal<Local, Bit>,
    read_frame: Signal<Local, Bits<6>>,
}

impl Logic for Scheduler {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            run,
            finished,
            tp,
            left,
            primed,
            ifs_left,
            mask,
            fence_bits,
            busy,
            acq_mask,
            stopped,
            cycle,
            limit,
            at_limit,
            start_q,
            init_write_q,
            init_reg_q,
            zeroing,
            ev_valid,
            ev_if,
            ev_frame,
            ev_mask
        );
        for i in 0..16 {
            self.core_frame[i].clock.next = self.clock.val();
            self.core_frame[i].d.next = self.core_frame[i].q.val();
            self.init_value_q[i].clock.next = self.clock.val();
            self.init_value_q[i].d.next = self.init_value_q[i].q.val();
        }
        for k in 0..4 {
            self.frame[k].clock.next = self.clock.val();
            self.frame[k].d.next = self.frame[k].q.val();
        }

        // ---- the frame at TP: handled now, stopped at, or waiting (FrameDecision) ----
        self.timeout.next = self.run.q.val() && self.at_limit.q.val();
        self.cycle_next.next = self.cycle.q.val() + 1;
        self.decision.running.next = self.run.q.val();
        self.decision.primed.next = self.primed.q.val();
        self.decision.stopped.next = self.stopped.q.val();
        self.decision.timeout.next = self.timeout.val();
        self.decision.left.next = self.left.q.val();
        self.decision.ifs_left.next = self.ifs_left.q.val();
        self.cf_mask.next = self.frame[0].q.val().get_bits::<16>(16);
        self.decision.if_num.next = self.frame[0].q.val().get_bits::<6>(0);
        self.decision.cf_fence.next = self.frame[0].q.val().get_bits::<2>(6);
        self.decision.cf_mask.next = self.cf_mask.val();
        self.decision.cf_init.next = self.frame[0].q.val().get_bits::<16>(32);
        self.decision.fence.next = self.fence_bits.q.val();
        self.decision.mask.next = self.mask.q.val();
        self.decision.acq_mask.next = self.acq_mask.q.val();
        self.decision.busy.next = self.busy.q.val();
        self.decision.ready.next = self.ready.val();
        self.decision.fault.next = self.fault.val();

        // ---- core faults: the lowest faulting core is first ----
        self.fault_priority.faults.next = self.decision.faults.val();
        for i in 0..16 {
            self.fault_priority.code[i].next = self.fault_code[i].val();
            self.fault_priority.ip[i].next = self.fault_ip[i].val();
            self.fault_priority.frame[i].next = self.core_frame[i].q.val();
        }

        // ---- handling ----
        self.tp_next.next = self.tp.q.val();
        self.busy_next.next = self.decision.busy_now.val();
        // The frame after TP (TP+2 if TP is handled now); from registers but for one
        // multiplexer.
        self.read_frame.next = self.tp.q.val().get_bits::<6>(0) + 1;
        self.start_q.d.next = 0.into();
        self.init_write_q.d.next = 0.into();
        self.ev_valid.d.next = self.decision.cf_go.val() || self.decision.if_go.val();
        self.ev_if.d.next = self.decision.if_go.val();
        self.ev_frame.d.next = self.tp.q.val().get_bits::<6>(0);
        if self.decision.cf_go.val() {
            self.tp_next.next = self.tp.q.val() + 1;
            self.mask.d.next = self.cf_mask.val();
            self.fence_bits.d.next = self.frame[0].q.val().get_bits::<2>(6);
            self.ifs_left.d.next = self.frame[0].q.val().get_bits::<6>(0);
            self.init_write_q.d.next = self.decision.cf_targets.val();
            for i in 0..8 {
                self.init_value_q[i].d.next = self.frame[2].q.val().get_bits::<8>(8 * i);
                self.init_value_q[i + 8].d.next = self.frame[3].q.val().get_bits::<8>(8 * i);
            }
            self.ev_mask.d.next = self.cf_mask.val();
        }
        if self.decision.if_go.val() {
            self.tp_next.next = self.tp.q.val() + 1;
            self.ifs_left.d.next = self.ifs_left.q.val() - 1;
            self.start_q.d.next = self.mask.q.val();
            self.busy_next.next = self.decision.busy_now.val() | self.mask.q.val();
            if self.decision.acquire.val() {
                self.acq_mask.d.next = self.mask.q.val();
            } else {
                self.acq_mask.d.next = 0.into();
            }
            for i in 0..16 {
                if self.mask.q.val().get_bit(i) {
                    self.core_frame[i].d.next = self.tp.q.val().get_bits::<6>(0);
                }
            }
            self.ev_mask.d.next = self.mask.q.val();
        }
        if self.decision.cf_go.val() || self.decision.if_go.val() || !self.primed.q.val() {
            // The frame read last cycle (TP+1, or frame 0 in the run's first cycle) becomes
            // the frame at TP.
            self.frame[0].d.next = self.tm.line0.val();
            self.frame[1].d.next = self.tm.line1.val();
            self.frame[2].d.next = self.tm.line2.val();
            self.frame[3].d.next = self.tm.line3.val();
        }
        if self.decision.cf_go.val() || self.decision.if_go.val() {
            self.read_frame.next = self.tp.q.val().get_bits::<6>(0) + 2;
            self.left.d.next = self.left.q.val() - 1;
        }
        self.primed.d.next = self.run.q.val();
        self.tp.d.next = self.tp_next.val();
        self.busy.d.next = self.busy_next.val();

        // ---- errors and the end of the run ----
        self.stop_next.next = self.stopped.q.val()
            || self.decision.bad_fence.val()
            || self.decision.truncated.val()
            || self.decision.faults.val().any();
        self.stopped.d.next = self.stop_next.val();
        self.errors.clock.next = self.clock.val();
        self.errors.clear.next = self.launch.val();
        self.errors.running.next = self.run.q.val();
        self.errors.bad_fence.next = self.decision.bad_fence.val();
        self.errors.truncated.next = self.decision.truncated.val();
        self.errors.tp.next = self.tp.q.val();
        self.errors.fault.next = self.fault_priority.any.val();
        self.errors.fault_code.next = self.fault_priority.first_code.val();
        self.errors.fault_frame.next = self.fault_priority.first_frame.val();
        self.errors.fault_core.next = self.fault_priority.first_core.val();
        self.errors.fault_ip.next = self.fault_priority.first_ip.val();
        self.errors.timeout.next = self.timeout.val();
        if self.run.q.val() {
            if self.timeout.val() {
                self.run.d.next = false;
                self.finished.d.next = true;
                self.at_limit.d.next = false;
            } else {
                self.cycle.d.next = self.cycle_next.val();
                self.at_limit.d.next =
                    self.limit.q.val().any() && (self.cycle_next.val() == self.limit.q.val());
                // The walk is over (stopped, or no frame left after this cycle) and no task
                // is in flight after it: written out so that the decisions feed a few gates,
                // not a comparison of TP and an OR over the busy mask.
                if (self.stop_next.val()
                    || !self.left.q.val().any()
                    || ((self.decision.cf_go.val() || self.decision.if_go.val())
                        && (self.left.q.val() == 1)))
                    && !self.decision.busy_now.val().any()
                    && !(self.decision.if_go.val() && self.mask.q.val().any())
                {
                    self.run.d.next = false;
                    self.finished.d.next = true;
                }
            }
        }

        // ---- launch: zero every register of every core, then run ----
        self.core_clear.next = self.launch.val();
        if self.zeroing.q.val() {
            self.init_write_q.d.next = 0xffff.into();
            self.init_reg_q.d.next = self.init_reg_q.q.val() + 1;
            self.read_frame.next = 0.into();
            if self.init_reg_q.q.val() == 15 {
                // Register 15 is written now: the run starts next cycle, and frame 0 is read.
                self.zeroing.d.next = false;
                self.init_write_q.d.next = 0.into();
                self.run.d.next = true;
            }
        }
        if self.launch.val() {
            self.zeroing.d.next = true;
            self.init_write_q.d.next = 0xffff.into();
            self.init_reg_q.d.next = 0.into();
            for i in 0..16 {
                self.init_value_q[i].d.next = 0.into();
            }
            self.run.d.next = false;
            self.finished.d.next = false;
            self.tp.d.next = 0.into();
            self.left.d.next = self.length.val();
            self.primed.d.next = false;
            self.ifs_left.d.next = 0.into();
            self.busy.d.next = 0.into();
            self.acq_mask.d.next = 0.into();
            self.stopped.d.next = false;
            self.cycle.d.next = 0.into();
            self.limit.d.next = self.max_cycles.val();
            self.at_limit.d.next = false;
            self.start_q.d.next = 0.into();
            self.ev_valid.d.next = false;
            self.read_frame.next = 0.into();
        }

        // ---- Task Memory ----
        self.tm.clock.next = self.clock.val();
        self.tm.write_enable.next = self.tm_write.val();
        self.tm.write_line.next = self.tm_line.val();
        self.tm.write_data.next = self.tm_data.val();
        self.tm.read_frame.next = self.read_frame.val();

        // ---- outputs ----
        self.halt.next = self.finished.q.val() || self.timeout.val();
        self.start.next = self.start_q.q.val();
        // The frame handled last cycle is the frame of the tasks it started.
        self.start_frame.next = self.ev_frame.q.val();
        self.next_frame.next = self.tp.q.val().get_bits::<6>(0);
        self.init_write.next = self.init_write_q.q.val();
        self.init_reg.next = self.init_reg_q.q.val();
        for i in 0..16 {
            self.init_value[i].next = self.init_value_q[i].q.val();
        }
        self.running.next = self.run.q.val();
        self.done.next = self.finished.q.val();
        self.cycles.next = self.cycle.q.val();
        self.status_code.next = self.errors.code.val();
        self.status_frame.next = self.errors.frame.val();
        self.status_core.next = self.errors.core.val();
        self.status_ip.next = self.errors.ip.val();
        self.event_valid.next = self.ev_valid.q.val();
        self.event_if.next = self.ev_if.q.val();
        self.event_frame.next = self.ev_frame.q.val();
        self.event_mask.next = self.ev_mask.q.val();
    }
}
