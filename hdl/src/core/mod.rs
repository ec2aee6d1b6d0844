//! One gpu16 core (MACHINE.md §4): a two-stage pipeline.
//!
//! ```text
//!   fetch/decode (combinational)                       execute (register E)
//!   program[frame, IP] ─► word ─► RF read ─► fwd ─►│E│─► ALU / divider / memory port ─► RF write
//!    ▲ (read a cycle ahead) │ a loop's bnz: guessed taken │ │        │                        │
//!    └─ next IP ◄───────────┘ (a wrong guess: a cycle) ◄──┘ └─ forward the value written ─────┘
//! ```
//!
//! - **Fetch/decode** ([`Fetch`]): the program memory ([`program_memory`], a block RAM of every frame)
//!   has the word at IP out, read with the address the fetch gave it a cycle before; the
//!   fetch reads the word's three register fields with forwarding from the write-back of the
//!   instruction in E, and loads E. Dependent ALU instructions run at one per cycle. The next
//!   IP is chosen at fetch, from the fetched word and its flag: a `bnz` to its own IP or
//!   before (a loop's, flagged as the program was written) is guessed taken, any other `bnz`
//!   not; the next IP is the program memory's next address. E checks the guess; a wrong one
//!   (a loop's exit, a forward jump) drops the word fetched behind the `bnz` and restarts the
//!   fetch, a cycle. So E's branch decision is not on the fetch's path: it only selects where
//!   the fetch restarts.
//! - **Execute** ([`Execute`]; the units and the write-back in [`Results`]): ALU results are
//!   written back in one cycle. `mul` takes 3: its product is registered ([`multiplier`]),
//!   then its two bytes are written in two cycles (the register file has one write port,
//!   [`regfile`]). `div` takes 8 cycles ([`divider`]).
//! - **Memory** ([`mem_port`]): a load requests its byte until `mem.gnt` and leaves E the
//!   cycle after (`mem_wait`), when the byte arrives, so `mem.gnt` only feeds flip-flops
//!   and the shared memory's arbitration does not share a clock cycle with the core's fetch.
//!   A load costs one extra cycle here, and in the GPU two more: the shared memory registers
//!   a request, picks it in the next cycle and grants it in the cycle after. A store leaves
//!   E in its first cycle; if it is not granted then, the port posts it and presents it
//!   until its grant while E goes on. The next load or store, `ready` and the instruction at
//!   IP 15 wait for the port, so accesses stay in program order and a task ends with its
//!   stores made (a store at IP 15 is not posted: it leaves E the cycle after its grant,
//!   like a load).
//! - A task starts when `task.start` is high, with its frame on `task.start_frame`. Word 0 of that
//!   frame is out of the program memory already: a core that will not fetch in the next
//!   cycle (idle, or signalling READY) reads word 0 of the scheduler's `next_frame`. So word
//!   0 goes straight into E and instruction 0 executes the next cycle. `ready` comes from
//!   flip-flops ([`ready_port`]): the core foresees the usual end (`ready`, or a one-cycle
//!   instruction at IP 15, with no store posted) a cycle ahead and signals it in the cycle
//!   that instruction runs; any other end (a fault; a load, store, `mul`, `div` or `bnz` at
//!   IP 15) it signals the cycle after.
//! - The core checks the atomic-sequence rules it can see (MACHINE.md §6–§7, [`atomic_check`])
//!   and reports `ILLEGAL_INSN` / `ATOMIC_VIOLATION` on `task.fault` with its IP; the
//!   faulting access is not made. The shared memory releases the core's lock when it sees `ready`.

mod alu;
mod atomic_check;
mod decode;
mod divider;
mod e_stage;
mod execute;
mod fetch;
mod mem_port;
mod memory_access;
mod multiplier;
mod port_view;
mod program_memory;
mod ready_port;
mod regfile;
mod results;

pub use alu::Alu;
pub use atomic_check::AtomicCheck;
pub use decode::{Controls, Decode};
pub use divider::Divider;
pub use e_stage::{EStage, EStageTarget};
pub use execute::Execute;
pub use fetch::Fetch;
pub use mem_port::MemoryPort;
pub use memory_access::MemoryAccess;
pub use multiplier::Multiplier;
pub use port_view::PortView;
pub use program_memory::ProgramMemory;
pub use ready_port::ReadyPort;
pub use regfile::RegFile;
pub use results::Results;

use crate::sm_port::SmPort;
use crate::task_port::TaskPortTarget;
use crate::trace::CoreTrace;
use rust_hdl::prelude::*;

/// One core with its program memory, register file and memory port. Its ports are the task
/// port (`task`) and the shared-memory port (`mem`): docs/interfaces.md.
#[derive(LogicBlock, Default)]
pub struct Core {
    pub clock: Signal<In, Clock>,
    /// This core's number (0–15).
    pub core_id: Signal<In, Bits<4>>,
    /// The task port ([`TaskPortTarget`]): start, register writes, READY and faults.
    pub task: TaskPortTarget,
    /// Program write (from [`crate::program_writer::ProgramWriter`], while idle): word
    /// `prog_word` at `prog_address` = `{frame, IP}` of [`ProgramMemory`].
    pub prog_write: Signal<In, Bit>,
    pub prog_address: Signal<In, Bits<10>>,
    pub prog_word: Signal<In, Bits<18>>,
    /// The shared-memory port ([`SmPort`]; its protocol in docs/interfaces.md): a load or
    /// store in E, or a posted store, from its first cycle until its grant; a faulting
    /// instruction's request is withdrawn. A halt or clear drops it too, but the shared memory
    /// serves nothing then.
    pub mem: SmPort,
    /// Debug view of the register file: register number, and its value the next cycle
    /// (read on a port of its own and registered, so the GPU's debug select starts from
    /// flip-flops).
    pub dbg_reg_sel: Signal<In, Bits<4>>,
    pub dbg_reg: Signal<Out, Bits<8>>,
    /// Performance events this cycle (for [`crate::counters::Counters`]): an instruction
    /// retires; E waits on memory (for a grant, its own or a posted store's, or in the last
    /// cycle of a store at IP 15; not in a load's data cycle); it is running a task.
    pub perf_retired: Signal<Out, Bit>,
    pub perf_stalled: Signal<Out, Bit>,
    pub perf_busy: Signal<Out, Bit>,
    /// What the viewer shows of the core (simulation only: nothing reads it).
    pub trace: CoreTrace,

    prog: ProgramMemory,
    fetch: Fetch,
    rf: RegFile,
    execute: Execute,
    port: MemoryPort,
    ready_port: ReadyPort,
    /// The frame of the task.
    frame: DFF<Bits<6>>,
    /// The debug view's register, read last cycle.
    dbg_reg_q: DFF<Bits<8>>,
    /// The task is abandoned (clear or halt).
    stop: Signal<Local, Bit>,
}

impl Logic for Core {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, frame, dbg_reg_q);
        self.stop.next = self.task.clear.val() || self.task.halt.val();

        // ---- program memory: the next IP's word, or word 0 of the frame starting next ----
        if self.task.start.val() {
            self.frame.d.next = self.task.start_frame.val();
        }
        self.prog.clock.next = self.clock.val();
        self.prog.write.next = self.prog_write.val();
        self.prog.write_address.next = self.prog_address.val();
        self.prog.write_word.next = self.prog_word.val();
        // A core that will not fetch next cycle (idle and not starting, or its task ends now)
        // reads word 0 of `next_frame` ahead.
        if self.ready_port.ready.val() || !(self.execute.running.val() || self.task.start.val()) {
            self.prog.read_address.next = bit_cast::<10, 6>(self.task.next_frame.val()) << 4;
        } else {
            self.prog.read_address.next = (bit_cast::<10, 6>(self.frame.d.val()) << 4)
                | bit_cast::<10, 4>(self.fetch.ip_next.val());
        }

        // ---- fetch/decode, and E ----
        self.fetch.clock.next = self.clock.val();
        self.fetch.start.next = self.task.start.val();
        self.fetch.advance.next = self.execute.advance.val();
        self.fetch.finish.next = self.execute.finish.val();
        self.fetch.stop.next = self.stop.val();
        self.fetch.word.next = self.prog.word.val();
        self.fetch.word_rb.next = self.prog.rb.val();
        self.fetch.word_mem.next = self.prog.mem.val();
        self.fetch.word_loop.next = self.prog.loop_bnz.val();
        self.fetch.qa.next = self.rf.qa.val();
        self.fetch.qb.next = self.rf.qb.val();
        self.fetch.qc.next = self.rf.qc.val();
        self.fetch.wb_en.next = self.execute.wb_en.val();
        self.fetch.wb_dst.next = self.execute.wb_dst.val();
        self.fetch.wb_val.next = self.execute.wb_val.val();
        self.fetch.busy_next.next = self.port.busy_next.val();

        // ---- register file: read by the fetch, written by E or the scheduler ----
        self.rf.clock.next = self.clock.val();
        self.rf.ra.next = self.fetch.read_a.val();
        self.rf.rb.next = self.fetch.read_b.val();
        self.rf.rc.next = self.fetch.read_c.val();
        self.rf.we.next = self.execute.we.val();
        self.rf.wa.next = self.execute.wa.val();
        self.rf.wd.next = self.execute.wd.val();
        self.rf.rd.next = self.dbg_reg_sel.val();
        self.dbg_reg_q.d.next = self.rf.qd.val();
        self.dbg_reg.next = self.dbg_reg_q.q.val();

        // ---- memory port: E's access, or a posted store ----
        self.port.clock.next = self.clock.val();
        self.port.drop.next = self.stop.val();
        SmPort::join(&mut self.execute.request, &mut self.port.e);
        self.port.e_post.next = self.execute.post.val();
        SmPort::link(&mut self.mem, &mut self.port.mem);

        // ---- execute ----
        self.execute.clock.next = self.clock.val();
        self.execute.core_id.next = self.core_id.val();
        self.execute.start.next = self.task.start.val();
        self.execute.stop.next = self.stop.val();
        EStage::join(&mut self.fetch.e, &mut self.execute.e);
        self.execute.port.busy.next = self.port.busy.val();
        self.execute.port.keep.next = self.mem.keep.val();
        self.execute.port.sync.next = self.mem.sync.val();
        self.execute.port.write.next = self.mem.write.val();
        self.execute.init_write.next = self.task.init_write.val();
        self.execute.init_reg.next = self.task.init_reg.val();
        self.execute.init_value.next = self.task.init_value.val();

        // ---- READY, from flip-flops ----
        self.ready_port.clock.next = self.clock.val();
        self.ready_port.clear.next = self.task.clear.val();
        self.ready_port.halt.next = self.task.halt.val();
        self.ready_port.finish.next = self.execute.finish.val();
        self.ready_port.finish_fault.next = self.execute.finish_fault.val();
        self.ready_port.finish_code.next = self.execute.finish_code.val();
        self.ready_port.e_ip.next = self.fetch.e.ip.val();
        self.ready_port.ends_next.next = self.fetch.ends_next.val();
        self.ready_port.locked_next.next = self.execute.locked_next.val();
        self.task.ready.next = self.ready_port.ready.val();
        self.task.fault.next = self.ready_port.fault.val();
        self.task.fault_code.next = self.ready_port.fault_code.val();
        self.task.fault_ip.next = self.ready_port.fault_ip.val();

        // ---- performance events ----
        self.perf_retired.next = self.execute.retired.val();
        self.perf_stalled.next = self.execute.stalled.val();
        self.perf_busy.next = self.execute.running.val();

        // ---- trace ----
        self.trace.frame.next = self.frame.q.val();
        self.trace.e_valid.next = self.fetch.e.valid.val();
        self.trace.e_ip.next = self.fetch.e.ip.val();
        self.trace.rf_we.next = self.execute.we.val();
        self.trace.rf_wa.next = self.execute.wa.val();
        self.trace.rf_wd.next = self.execute.wd.val();
    }
}
