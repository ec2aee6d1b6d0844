//! One gpu16 core (SPEC §4): a two-stage pipeline.
//!
//! ```text
//!   fetch/decode (combinational)                       execute (register E)
//!   program[frame, IP] ─► word ─► RF read ─► fwd ─►│E│─► ALU / divider / memory port ─► RF write
//!    ▲ (read a cycle ahead) │ a loop's bnz: guessed taken │ │        │                        │
//!    └─ next IP ◄───────────┘ (a wrong guess: a cycle) ◄──┘ └─ forward the value written ─────┘
//! ```
//!
//! - **Fetch/decode**: the program memory ([`program_memory`], a block RAM of every frame)
//!   has the word at IP out, read with the address the fetch gave it a cycle before; the
//!   fetch reads the word's three register fields with forwarding from the write-back of the
//!   instruction in E, and loads E. Dependent ALU instructions run at one per cycle. The next
//!   IP is chosen at fetch, from the fetched word and its flag: a `bnz` to its own IP or
//!   before (a loop's, flagged as the program was written) is guessed taken, any other `bnz`
//!   not; the next IP is the program memory's next address. E checks the guess; a wrong one
//!   (a loop's exit, a forward jump) drops the word fetched behind the `bnz` and restarts the
//!   fetch, a cycle. So E's branch decision is not on the fetch's path: it only selects where
//!   the fetch restarts.
//! - **Execute**: ALU results are written back in one cycle. `mul` takes 3: its product is
//!   registered ([`multiplier`]), then its two bytes are written in two cycles (the register
//!   file has one write port, [`regfile`]). `div` takes 8 cycles ([`divider`]).
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
//! - A task starts when `start` is high, with its frame on `start_frame`. Word 0 of that
//!   frame is out of the program memory already: a core that will not fetch in the next
//!   cycle (idle, or signalling READY) reads word 0 of the scheduler's `next_frame`. So word
//!   0 goes straight into E and instruction 0 executes the next cycle. `ready` comes from
//!   flip-flops ([`ready_port`]): the core foresees the usual end (`ready`, or a one-cycle
//!   instruction at IP 15, with no store posted) a cycle ahead and signals it in the cycle
//!   that instruction runs; any other end (a fault; a load, store, `mul`, `div` or `bnz` at
//!   IP 15) it signals the cycle after.
//! - The core checks the atomic-sequence rules it can see (SPEC §6–§7, [`atomic_check`]) and reports
//!   `ILLEGAL_INSN` / `ATOMIC_VIOLATION` on `fault` with its IP; the faulting access is not
//!   made. The shared memory releases the core's lock when it sees `ready`.

mod alu;
mod atomic_check;
mod divider;
mod mem_port;
mod multiplier;
mod program_memory;
mod ready_port;
mod regfile;

pub use alu::Alu;
pub use atomic_check::AtomicCheck;
pub use divider::Divider;
pub use mem_port::MemoryPort;
pub use multiplier::Multiplier;
pub use program_memory::ProgramMemory;
pub use ready_port::ReadyPort;
pub use regfile::RegFile;

use crate::sm_port::SmPort;
use rust_hdl::prelude::*;

/// `fault_code` for `ILLEGAL_INSN`.
pub const FAULT_ILLEGAL_INSN: u64 = 1;
/// `fault_code` for `ATOMIC_VIOLATION`.
pub const FAULT_ATOMIC_VIOLATION: u64 = 2;

/// One core with its program memory, register file and memory port. Its ports are the task
/// port (`start` … `fault_ip`) and the shared-memory port (`mem`): docs/interfaces.md.
#[derive(LogicBlock, Default)]
pub struct Core {
    pub clock: Signal<In, Clock>,
    /// This core's number (0–15).
    pub core_id: Signal<In, Bits<4>>,
    /// Launch: stop, drop the lock (the scheduler then zeroes the registers through
    /// `init_*`).
    pub clear: Signal<In, Bit>,
    /// The run was stopped (`TIMEOUT`): abandon the task, keep the registers.
    pub halt: Signal<In, Bit>,
    /// Start a task: execute frame `start_frame` from IP 0.
    pub start: Signal<In, Bit>,
    pub start_frame: Signal<In, Bits<6>>,
    /// The frame the scheduler may start next cycle: a core that will not fetch next cycle
    /// reads its word 0 ahead, so that a start fetches it at once.
    pub next_frame: Signal<In, Bits<6>>,
    /// Program write (from [`crate::program_writer::ProgramWriter`], while idle): word
    /// `prog_word` at `prog_address` = `{frame, IP}` of [`ProgramMemory`].
    pub prog_write: Signal<In, Bit>,
    pub prog_address: Signal<In, Bits<10>>,
    pub prog_word: Signal<In, Bits<18>>,
    /// Write `init_value` into register `init_reg` (only while idle): a CF's Init_R0, and the
    /// launch's zeroing of every register, one a cycle.
    pub init_write: Signal<In, Bit>,
    pub init_reg: Signal<In, Bits<4>>,
    pub init_value: Signal<In, Bits<8>>,
    /// READY, exactly once per task, from flip-flops: in the cycle the task ends, or for an
    /// end the core does not foresee (a fault, a long instruction at IP 15) the cycle after.
    pub ready: Signal<Out, Bit>,
    /// With `ready`: the task ended with a core error.
    pub fault: Signal<Out, Bit>,
    /// [`FAULT_ILLEGAL_INSN`] or [`FAULT_ATOMIC_VIOLATION`].
    pub fault_code: Signal<Out, Bits<2>>,
    /// IP of the faulting instruction.
    pub fault_ip: Signal<Out, Bits<4>>,
    /// The shared-memory port ([`SmPort`]): a load or store in E, or a posted store, from its
    /// first cycle until its grant. The request does not wait for the fault checks (they are
    /// not on the path into the shared memory's arbitration): a request whose instruction
    /// faults is withdrawn (`keep` low) and is not up in the next cycle. A halt or clear
    /// drops it too, but the shared memory serves nothing then.
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

    rf: RegFile,
    alu: Alu,
    atomic: AtomicCheck,
    div: Divider,
    mul: Multiplier,
    prog: ProgramMemory,
    port: MemoryPort,
    ready_port: ReadyPort,
    running: DFF<Bit>,
    /// The frame of the task.
    frame: DFF<Bits<6>>,
    /// Next instruction to fetch (its word is read from the program memory now), and
    /// whether IP 15 has been fetched already.
    ip: DFF<Bits<4>>,
    fetch_done: DFF<Bit>,
    /// Execute stage: valid, instruction, its IP, RF[bits 11:8], RF[7:4], RF[3:0].
    e_valid: DFF<Bit>,
    e_insn: DFF<Bits<16>>,
    /// The instruction in E is a load or a store (decoded at fetch, so the memory request
    /// is one gate from registers and the shared memory's arbitration starts sooner).
    e_mem: DFF<Bit>,
    /// The instruction in E is a `bnz` that the fetch guessed taken (a loop's backward
    /// branch), so the word fetched behind it is its target's.
    e_pred: DFF<Bit>,
    /// The instruction in E ends the task unless it is a taken `bnz`: it is `ready` or at
    /// IP 15 (decoded at fetch, so `ready` is a few gates from registers on its way into the
    /// scheduler's decision).
    e_last: DFF<Bit>,
    /// … and it takes one cycle (no load, store, `mul`, `div` or `bnz`): it ends the task as
    /// soon as it runs.
    e_ends: DFF<Bit>,
    /// The ALU's adder subtracts (the instruction is not `add`): decoded at fetch, so the
    /// adder's operand is one gate from registers.
    e_sub: DFF<Bit>,
    e_ip: DFF<Bits<4>>,
    e_a: DFF<Bits<8>>,
    e_b: DFF<Bits<8>>,
    e_c: DFF<Bits<8>>,
    /// The load (or IP 15's store) in E was granted last cycle (a load's byte is on
    /// `mem.rdata` now): it leaves E this cycle.
    mem_wait: DFF<Bit>,
    /// The `mul` in E has its product registered: it writes the low byte now.
    mul_low: DFF<Bit>,
    /// The `mul` in E wrote its low byte last cycle: it writes the high byte now.
    mul_high: DFF<Bit>,
    /// This core holds a lock, and the address of the last `ld_sync` E presented: the locked
    /// one while `locked` (taken from E, not at the grant, so that the grant, which comes
    /// from the far side of the shared memory, enables one flip-flop and not twelve).
    locked: DFF<Bit>,
    lock_addr: DFF<Bits<12>>,
    /// The debug view's register, read last cycle.
    dbg_q: DFF<Bits<8>>,

    opc: Signal<Local, Bits<4>>,
    is_load: Signal<Local, Bit>,
    is_store: Signal<Local, Bit>,
    is_sync: Signal<Local, Bit>,
    illegal: Signal<Local, Bit>,
    e_fault: Signal<Local, Bit>,
    /// The load or store in E asks for its byte (the port presents it once it is not busy:
    /// `busy` is not in this term, so the port's request is one LUT from flip-flops).
    e_req: Signal<Local, Bit>,
    /// The instruction in E is a store that leaves E in its first cycle (every store but
    /// one at IP 15, whose task ends with it).
    e_posts: Signal<Local, Bit>,
    /// The instruction in E waits for a posted store's grant: a load or store (one access at
    /// a time, in order), `ready` or the instruction at IP 15 (a task ends with its stores
    /// done), whose atomic checks also see the lock the posted store may release.
    port_wait: Signal<Local, Bit>,
    e_done: Signal<Local, Bit>,
    taken: Signal<Local, Bit>,
    /// The `bnz` in E went the other way than the fetch guessed: the word fetched behind it
    /// is dropped and the fetch restarts at the right IP.
    mispredict: Signal<Local, Bit>,
    finish_ok: Signal<Local, Bit>,
    locked_after: Signal<Local, Bit>,
    /// The task ends this cycle (with a core error: `finish_fault`, of `finish_code`).
    finish: Signal<Local, Bit>,
    finish_fault: Signal<Local, Bit>,
    finish_code: Signal<Local, Bits<2>>,
    /// E takes the fetched instruction at the end of this cycle.
    advance: Signal<Local, Bit>,
    /// The fetched instruction is `ready` or at IP 15 (`e_last`), and takes one cycle too
    /// (`e_ends`).
    f_last: Signal<Local, Bit>,
    f_ends: Signal<Local, Bit>,
    /// The task ends next cycle (foreseen for [`ReadyPort`]).
    ends_next: Signal<Local, Bit>,
    addr: Signal<Local, Bits<12>>,
    wb_en: Signal<Local, Bit>,
    wb_dst: Signal<Local, Bits<4>>,
    wb_val: Signal<Local, Bits<8>>,
    /// The write-back's value in two parts: the ALU's adder's bits, one gate after its carry
    /// chain (`wb_adder`; `wd_adder` for the register file, 0 under an `init_write`), and
    /// every other value, chosen beside the chain (`wb_rest`; `wd_rest` with `init_value`).
    wb_alu: Signal<Local, Bit>,
    wb_adder: Signal<Local, Bits<8>>,
    wb_rest: Signal<Local, Bits<8>>,
    wd_adder: Signal<Local, Bits<8>>,
    wd_rest: Signal<Local, Bits<8>>,
    f_ip: Signal<Local, Bits<4>>,
    /// The fetched word is a `bnz` to its own IP or before (a loop): guessed taken, so its
    /// target is fetched next.
    f_pred: Signal<Local, Bit>,
    /// Where the fetch goes next: from the fetched word (`next_ip`), or on a wrong guess
    /// from the `bnz` in E; to the word after it, or to the target (`next_jump`).
    next_jump: Signal<Local, Bit>,
    next_target: Signal<Local, Bits<4>>,
    next_ip: Signal<Local, Bits<4>>,
    /// The core does not fetch next cycle (idle and not starting, or its task ends now):
    /// the program memory reads the word 0 of `next_frame` instead.
    read_ahead: Signal<Local, Bit>,
    f_valid: Signal<Local, Bit>,
    f_word: Signal<Local, Bits<16>>,
    /// The fetched word's opcode (bits 15:12).
    f_opc: Signal<Local, Bits<4>>,
    /// The fetched word is a load or a store.
    f_mem: Signal<Local, Bit>,
    f_rb: Signal<Local, Bits<4>>,
    f_a: Signal<Local, Bits<8>>,
    f_b: Signal<Local, Bits<8>>,
    f_c: Signal<Local, Bits<8>>,
}

impl Logic for Core {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, running, frame, ip, fetch_done, e_valid, e_insn, e_mem, e_pred, e_last,
            e_ends, e_sub, e_ip, e_a, e_b, e_c, mem_wait, mul_low, mul_high, locked, lock_addr,
            dbg_q
        );
        self.rf.clock.next = self.clock.val();
        self.div.clock.next = self.clock.val();
        self.mul.clock.next = self.clock.val();
        self.port.clock.next = self.clock.val();
        self.prog.clock.next = self.clock.val();
        self.ready_port.clock.next = self.clock.val();

        // ---- execute stage: decode of E ----
        self.opc.next = self.e_insn.q.val().get_bits::<4>(12);
        // `ld` is opcode 11 (1011), `st` 13 (1101): bit 14 tells them apart.
        self.is_load.next = self.e_mem.q.val() && !self.e_insn.q.val().get_bit(14);
        self.is_store.next = self.e_mem.q.val() && self.e_insn.q.val().get_bit(14);
        self.is_sync.next = self.e_insn.q.val().get_bit(6);
        self.addr.next = (bit_cast::<12, 4>(self.e_b.q.val().get_bits::<4>(0)) << 8)
            | bit_cast::<12, 8>(self.e_a.q.val());
        // Mode bits [7:6] = 1x on a load or store: ILLEGAL_INSN.
        self.illegal.next = self.e_mem.q.val() && self.e_insn.q.val().get_bit(7);
        self.atomic.locked.next = self.locked.q.val();
        self.atomic.lock_addr.next = self.lock_addr.q.val();
        self.atomic.is_load.next = self.is_load.val();
        self.atomic.is_store.next = self.is_store.val();
        self.atomic.is_sync.next = self.is_sync.val();
        self.atomic.is_ready.next = self.opc.val() == 15;
        self.atomic.addr.next = self.addr.val();
        self.port_wait.next = self.e_valid.q.val()
            && self.port.busy.val()
            && (self.e_mem.q.val() || self.e_last.q.val());
        self.e_fault.next = self.e_valid.q.val()
            && !self.mem_wait.q.val()
            && !self.port_wait.val()
            && (self.illegal.val() || self.atomic.violation.val());

        // ---- execute units ----
        self.alu.opcode.next = self.opc.val();
        self.alu.subtract.next = self.e_sub.q.val();
        self.alu.a.next = self.e_a.q.val();
        self.alu.b.next = self.e_b.q.val();
        self.alu.imm.next = self.e_insn.q.val().get_bits::<8>(4);
        self.alu.dst_high.next = self.e_insn.q.val().get_bit(3);
        self.alu.core_id.next = self.core_id.val();
        // A `mul` or `div` at IP 15 starts once a posted store before it is granted.
        self.div.run.next = self.e_valid.q.val() && (self.opc.val() == 4) && !self.port_wait.val();
        self.div.dividend.next = self.e_a.q.val();
        self.div.divisor.next = self.e_b.q.val();
        self.mul.a.next = self.e_a.q.val();
        self.mul.b.next = self.e_b.q.val();

        // ---- memory port ----
        self.e_req.next = self.e_valid.q.val() && self.e_mem.q.val() && !self.mem_wait.q.val();
        // (A store is never `ready`, so `e_last` means IP 15 here.)
        self.e_posts.next = self.is_store.val() && !self.e_last.q.val();
        self.port.drop.next = self.clear.val() || self.halt.val();
        self.port.e_req.next = self.e_req.val();
        // The request is real (it does not fault): it stays up until its grant.
        self.port.e_keep.next = self.e_req.val() && !self.e_fault.val();
        self.port.e_addr.next = self.addr.val();
        self.port.e_write.next = self.is_store.val();
        self.port.e_sync.next = self.is_sync.val();
        self.port.e_wdata.next = self.e_c.q.val();
        self.port.e_post.next = self.e_posts.val();
        self.port.grant.next = self.mem.gnt.val();
        self.mem.req.next = self.port.req.val();
        self.mem.keep.next = self.port.keep.val();
        self.mem.addr.next = self.port.addr.val();
        self.mem.write.next = self.port.write.val();
        self.mem.sync.next = self.port.sync.val();
        self.mem.wdata.next = self.port.wdata.val();

        // ---- does E finish this cycle? ----
        self.e_done.next = false;
        if self.e_valid.q.val() && !self.port_wait.val() {
            if self.e_fault.val() || self.e_posts.val() {
                self.e_done.next = true;
            } else if self.e_mem.q.val() {
                self.e_done.next = self.mem_wait.q.val();
            } else if self.opc.val() == 4 {
                self.e_done.next = self.div.done.val();
            } else if self.opc.val() == 3 {
                self.e_done.next = self.mul_high.q.val();
            } else {
                self.e_done.next = true;
            }
        }
        self.taken.next = self.e_valid.q.val() && (self.opc.val() == 14) && self.e_a.q.val().any();
        // `taken` implies `bnz`, not `ready`: a taken branch in E with `e_last` is at IP 15.
        self.finish_ok.next =
            self.e_done.val() && !self.e_fault.val() && self.e_last.q.val() && !self.taken.val();
        self.locked_after.next = self.locked.q.val()
            && !(self.is_store.val() && self.is_sync.val() && self.e_done.val());
        self.finish.next = self.e_fault.val() || self.finish_ok.val();
        self.finish_fault.next =
            self.e_fault.val() || (self.finish_ok.val() && self.locked_after.val());
        // FAULT_ILLEGAL_INSN (1) or FAULT_ATOMIC_VIOLATION (2): literals, because hdl_gen emits
        // a Rust constant's name as an (undriven) Verilog wire.
        if self.illegal.val() {
            self.finish_code.next = 1.into();
        } else {
            self.finish_code.next = 2.into();
        }

        // ---- write-back ----
        // `mul` writes in its last two cycles: RF[dst], then RF[dst+1].
        self.wb_en.next = (self.e_done.val() || self.mul_low.q.val())
            && !self.e_fault.val()
            && (self.opc.val().any())
            && !self.is_store.val()
            && (self.opc.val() < 13);
        self.wb_dst.next =
            self.e_insn.q.val().get_bits::<4>(0) + bit_cast::<4, 1>(self.mul_high.q.val().into());
        // Every value but the adder's is chosen from E's registers, beside the carry chain;
        // the adder's bits join with one gate after it (the core's own loop).
        self.wb_alu.next = false;
        if self.is_load.val() {
            self.wb_rest.next = self.mem.rdata.val();
        } else if self.opc.val() == 4 {
            self.wb_rest.next = self.div.quotient.val();
        } else if self.mul_high.q.val() {
            self.wb_rest.next = self.mul.product.val().get_bits::<8>(8);
        } else if self.mul_low.q.val() {
            self.wb_rest.next = self.mul.product.val().get_bits::<8>(0);
        } else {
            self.wb_rest.next = self.alu.rest.val();
            self.wb_alu.next = true;
        }
        // The adder's bits: for the write-back, and for the register file unless the
        // scheduler writes it (`init_write`, only while idle). Written out per case: the
        // same logic with `wd_adder` taken from `wb_adder` where the port is given is
        // mapped differently and puts the write-back on the core's list of slow paths
        // (`gpu16 synth --target ecp5-25f --block core --no-counters`).
        self.wb_adder.next = 0.into();
        self.wd_adder.next = 0.into();
        if self.wb_alu.val() && self.alu.sum_op.val() {
            self.wb_adder.next = self.alu.sum.val().get_bits::<8>(0);
            if !self.init_write.val() {
                self.wd_adder.next = self.alu.sum.val().get_bits::<8>(0);
            }
        }
        if self.wb_alu.val() && self.alu.ge_op.val() {
            self.wb_adder.next = bit_cast::<8, 1>(self.alu.sum.val().get_bits::<1>(8));
            if !self.init_write.val() {
                self.wd_adder.next = bit_cast::<8, 1>(self.alu.sum.val().get_bits::<1>(8));
            }
        }
        self.wb_val.next = self.wb_adder.val() | self.wb_rest.val();
        self.rf.we.next = self.wb_en.val() || self.init_write.val();
        // Sub-block inputs are written once per update (see docs/microarchitecture.md).
        if self.init_write.val() {
            self.rf.wa.next = self.init_reg.val();
            self.wd_rest.next = self.init_value.val();
        } else {
            self.rf.wa.next = self.wb_dst.val();
            self.wd_rest.next = self.wb_rest.val();
        }
        self.rf.wd.next = self.wd_adder.val() | self.wd_rest.val();
        self.rf.rd.next = self.dbg_reg_sel.val();
        self.dbg_q.d.next = self.rf.qd.val();
        self.dbg_reg.next = self.dbg_q.q.val();

        // ---- fetch/decode: the next instruction and its operands ----
        // The fetch reads the word at IP, from registers alone: E's branch decision is not on
        // its path. A loop's `bnz` was guessed taken when it was fetched, so its target is
        // fetched behind it; E checks the guess and a wrong one drops the fetched word.
        self.mispredict.next = self.e_valid.q.val()
            && (self.opc.val() == 14)
            && (self.taken.val() != self.e_pred.q.val());
        // The program memory has the word at IP out now (read with the address given last
        // cycle); on `start`, word 0 of the task's frame, read ahead.
        self.f_ip.next = self.ip.q.val();
        if self.start.val() {
            self.f_ip.next = 0.into();
        }
        self.f_valid.next = !self.fetch_done.q.val() && !self.mispredict.val();
        self.f_word.next = self.prog.word.val();
        self.f_rb.next = self.prog.rb.val();
        self.f_opc.next = self.f_word.val().get_bits::<4>(12);
        // Decoded when the program was written.
        self.f_mem.next = self.prog.mem.val();
        self.f_pred.next = self.prog.loop_bnz.val();
        if self.mispredict.val() {
            self.next_jump.next = self.taken.val();
            self.next_target.next = self.e_insn.q.val().get_bits::<4>(4);
            self.next_ip.next = self.e_ip.q.val();
        } else {
            self.next_jump.next = self.f_pred.val();
            self.next_target.next = self.f_word.val().get_bits::<4>(4);
            self.next_ip.next = self.f_ip.val();
        }
        self.f_last.next = (self.f_ip.val() == 15) || (self.f_opc.val() == 15);
        // Opcodes 3 `mul`, 4 `div`, 11 `ld`, 13 `st`, 14 `bnz` take more than a cycle or may
        // jump.
        self.f_ends.next = self.f_last.val()
            && !((self.f_opc.val() == 3)
                || (self.f_opc.val() == 4)
                || self.f_mem.val()
                || (self.f_opc.val() == 14));
        self.rf.ra.next = self.f_word.val().get_bits::<4>(8);
        self.rf.rb.next = self.f_rb.val();
        self.rf.rc.next = self.f_word.val().get_bits::<4>(0);
        self.f_a.next = self.rf.qa.val();
        self.f_b.next = self.rf.qb.val();
        self.f_c.next = self.rf.qc.val();
        if self.wb_en.val() {
            if self.wb_dst.val() == self.f_word.val().get_bits::<4>(8) {
                self.f_a.next = self.wb_val.val();
            }
            if self.wb_dst.val() == self.f_rb.val() {
                self.f_b.next = self.wb_val.val();
            }
            if self.wb_dst.val() == self.f_word.val().get_bits::<4>(0) {
                self.f_c.next = self.wb_val.val();
            }
        }

        // ---- pipeline registers ----
        // E's own access was granted (not the posted store's).
        self.mem_wait.d.next = self.mem.gnt.val()
            && self.port.e_keep.val()
            && !self.port.busy.val()
            && !self.e_posts.val();
        self.mul_low.d.next = self.e_valid.q.val()
            && (self.opc.val() == 3)
            && !self.port_wait.val()
            && !self.mul_low.q.val()
            && !self.mul_high.q.val();
        self.mul_high.d.next = self.mul_low.q.val();
        // The port's access (E's or a posted store) takes or releases the lock, of the address
        // E's `ld_sync` presented.
        if self.mem.gnt.val() && self.mem.keep.val() && self.mem.sync.val() {
            self.locked.d.next = !self.mem.write.val();
        }
        if self.e_req.val() && self.is_load.val() && self.is_sync.val() {
            self.lock_addr.d.next = self.addr.val();
        }
        if self.finish.val() {
            self.locked.d.next = false;
        }
        self.advance.next = self.start.val()
            || (self.running.q.val() && (!self.e_valid.q.val() || self.e_done.val()));
        if self.advance.val() {
            if self.finish.val() {
                self.running.d.next = false;
                self.e_valid.d.next = false;
            } else {
                self.running.d.next = true;
                self.e_valid.d.next = self.f_valid.val() || self.start.val();
                self.e_insn.d.next = self.f_word.val();
                self.e_mem.d.next = self.f_mem.val();
                self.e_pred.d.next = self.f_pred.val();
                self.e_ip.d.next = self.f_ip.val();
                self.e_last.d.next = self.f_last.val();
                self.e_ends.d.next = self.f_ends.val();
                self.e_sub.d.next = self.f_opc.val() != 1;
                self.e_a.d.next = self.f_a.val();
                self.e_b.d.next = self.f_b.val();
                self.e_c.d.next = self.f_c.val();
                if self.next_jump.val() {
                    self.ip.d.next = self.next_target.val();
                    self.fetch_done.d.next = false;
                } else {
                    self.ip.d.next = self.next_ip.val() + 1;
                    self.fetch_done.d.next = self.next_ip.val() == 15;
                }
            }
        }

        // ---- program memory: the next IP's word, or word 0 of the frame starting next ----
        if self.start.val() {
            self.frame.d.next = self.start_frame.val();
        }
        self.read_ahead.next =
            self.ready_port.ready.val() || !(self.running.q.val() || self.start.val());
        self.prog.write.next = self.prog_write.val();
        self.prog.write_address.next = self.prog_address.val();
        self.prog.write_word.next = self.prog_word.val();
        if self.read_ahead.val() {
            self.prog.read_address.next = bit_cast::<10, 6>(self.next_frame.val()) << 4;
        } else {
            self.prog.read_address.next =
                (bit_cast::<10, 6>(self.frame.d.val()) << 4) | bit_cast::<10, 4>(self.ip.d.val());
        }

        // ---- performance events ----
        self.perf_retired.next = self.e_done.val() && !self.e_fault.val();
        // E waits on memory: for a grant (its own or the posted store's before it), or for a
        // final store's last cycle; a load's data cycle is its fixed cost, not a wait.
        self.perf_stalled.next = self.port_wait.val()
            || (self.port.e_keep.val() && !self.e_posts.val() && !self.mem.gnt.val())
            || (self.mem_wait.q.val() && self.is_store.val());
        self.perf_busy.next = self.running.q.val();

        if self.clear.val() || self.halt.val() {
            self.running.d.next = false;
            self.e_valid.d.next = false;
            self.mem_wait.d.next = false;
            self.mul_low.d.next = false;
            self.mul_high.d.next = false;
            self.locked.d.next = false;
        }

        // ---- READY, from flip-flops ----
        // Next cycle's E: the fetched instruction, or (held back by a posted store) this one.
        if self.advance.val() {
            self.ends_next.next = !self.finish.val()
                && (self.f_valid.val() || self.start.val())
                && self.f_ends.val()
                && !self.port.busy_next.val();
        } else {
            self.ends_next.next =
                self.e_valid.q.val() && self.e_ends.q.val() && !self.port.busy_next.val();
        }
        self.ready_port.clear.next = self.clear.val();
        self.ready_port.halt.next = self.halt.val();
        self.ready_port.finish.next = self.finish.val();
        self.ready_port.finish_fault.next = self.finish_fault.val();
        self.ready_port.finish_code.next = self.finish_code.val();
        self.ready_port.e_ip.next = self.e_ip.q.val();
        self.ready_port.ends_next.next = self.ends_next.val();
        self.ready_port.locked_next.next = self.locked.d.val();
        self.ready.next = self.ready_port.ready.val();
        self.fault.next = self.ready_port.fault.val();
        self.fault_code.next = self.ready_port.fault_code.val();
        self.fault_ip.next = self.ready_port.fault_ip.val();
    }
}
