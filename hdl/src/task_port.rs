//! The task port: how the scheduler starts a task on a core, writes its registers, and hears
//! that the task ended; one per core. Its protocol (the decision of cycle c on `busy & !ready`,
//! `start` registered, word 0 read ahead from `next_frame`, `ready` exactly once per task,
//! register writes only to idle cores) is written out, with its cycle diagram, in
//! docs/interfaces.md ("The task port").

use rust_hdl::prelude::*;

/// The scheduler's side of one core's task port.
#[derive(LogicInterface, Default)]
#[join = "TaskPortTarget"]
pub struct TaskPort {
    /// Launch, a cycle late: stop, drop the lock (the registers are then zeroed through
    /// `init_*`).
    pub clear: Signal<Out, Bit>,
    /// The run was stopped (`TIMEOUT`) or is over: abandon the task, keep the registers.
    pub halt: Signal<Out, Bit>,
    /// Start a task: execute frame `start_frame` from IP 0.
    pub start: Signal<Out, Bit>,
    pub start_frame: Signal<Out, Bits<6>>,
    /// The frame this cycle's decision may start: a core that will not fetch next cycle reads
    /// its word 0 ahead, so that a start fetches it at once.
    pub next_frame: Signal<Out, Bits<6>>,
    /// Write `init_value` into register `init_reg` (only while the core is idle): a CF's
    /// Init_R0, and the launch's zeroing of every register, one a cycle.
    pub init_write: Signal<Out, Bit>,
    pub init_reg: Signal<Out, Bits<4>>,
    pub init_value: Signal<Out, Bits<8>>,
    /// READY, exactly once per task, from flip-flops.
    pub ready: Signal<In, Bit>,
    /// With `ready`: the task ended with a core error, its code (1 `ILLEGAL_INSN`,
    /// 2 `ATOMIC_VIOLATION`) and the faulting instruction's IP.
    pub fault: Signal<In, Bit>,
    pub fault_code: Signal<In, Bits<2>>,
    pub fault_ip: Signal<In, Bits<4>>,
}

/// The core's side of its task port.
#[derive(LogicInterface, Default)]
#[join = "TaskPort"]
pub struct TaskPortTarget {
    pub clear: Signal<In, Bit>,
    pub halt: Signal<In, Bit>,
    pub start: Signal<In, Bit>,
    pub start_frame: Signal<In, Bits<6>>,
    pub next_frame: Signal<In, Bits<6>>,
    pub init_write: Signal<In, Bit>,
    pub init_reg: Signal<In, Bits<4>>,
    pub init_value: Signal<In, Bits<8>>,
    pub ready: Signal<Out, Bit>,
    pub fault: Signal<Out, Bit>,
    pub fault_code: Signal<Out, Bits<2>>,
    pub fault_ip: Signal<Out, Bits<4>>,
}
