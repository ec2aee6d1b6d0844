//! The core's fetch/decode stage and the execute register E it loads.
//!
//! The program memory has the word at IP out (read with the address given a cycle before);
//! the fetch decodes it, reads its three register fields from the register file with the
//! write-back of this cycle forwarded, and E takes it when the instruction in E is done. The
//! next IP is chosen here from registers alone: a `bnz` to its own IP or before (a loop's,
//! flagged as the program was written) is guessed taken, any other `bnz` not. E's `bnz`
//! checks the guess (`mispredict`): a wrong one drops the fetched word and restarts the fetch
//! at the right IP, so E's branch decision only selects where the fetch restarts.

use super::{Decode, EStage};
use rust_hdl::prelude::*;

/// IP, the fetched instruction, and E.
#[derive(LogicBlock, Default)]
pub struct Fetch {
    pub clock: Signal<In, Clock>,
    /// A task starts now: the program memory has its word 0 out (read ahead), fetched at
    /// IP 0.
    pub start: Signal<In, Bit>,
    /// E takes the fetched instruction at the end of this cycle; the task ends now instead
    /// (E empties); it is abandoned (clear or halt: E empties).
    pub advance: Signal<In, Bit>,
    pub finish: Signal<In, Bit>,
    pub stop: Signal<In, Bit>,
    /// The program memory's word at IP, its `rb` field (`ld`/`st` read their address's
    /// high bits from it), and its flags: a load or store, a loop's `bnz`.
    pub word: Signal<In, Bits<16>>,
    pub word_rb: Signal<In, Bits<4>>,
    pub word_mem: Signal<In, Bit>,
    pub word_loop: Signal<In, Bit>,
    /// The register file's read ports for the fetched word, and what they read.
    pub read_a: Signal<Out, Bits<4>>,
    pub read_b: Signal<Out, Bits<4>>,
    pub read_c: Signal<Out, Bits<4>>,
    pub qa: Signal<In, Bits<8>>,
    pub qb: Signal<In, Bits<8>>,
    pub qc: Signal<In, Bits<8>>,
    /// This cycle's write-back, forwarded to the operands.
    pub wb_en: Signal<In, Bit>,
    pub wb_dst: Signal<In, Bits<4>>,
    pub wb_val: Signal<In, Bits<8>>,
    /// The IP whose word the program memory reads at the end of this cycle.
    pub ip_next: Signal<Out, Bits<4>>,
    /// The store port is still busy next cycle (a posted store): an instruction that ends
    /// the task waits for it.
    pub busy_next: Signal<In, Bit>,
    /// The task ends next cycle, as foreseen from E or the fetched word (for the READY
    /// flip-flops).
    pub ends_next: Signal<Out, Bit>,
    /// E ([`EStage`]: its fields in a table there).
    pub e: EStage,

    /// Next instruction to fetch (its word is out of the program memory now), and whether IP
    /// 15 has been fetched already.
    ip: DFF<Bits<4>>,
    fetch_done: DFF<Bit>,
    e_valid_q: DFF<Bit>,
    /// E's instruction word, and its "load or store" flag from the program memory.
    e_word: DFF<Bits<16>>,
    e_mem_q: DFF<Bit>,
    /// The `bnz` in E was guessed taken (a loop's backward branch): the word fetched behind
    /// it is its target's.
    e_pred: DFF<Bit>,
    e_last_q: DFF<Bit>,
    /// … and E's instruction takes one cycle (no load, store, `mul`, `div` or `bnz`): it ends
    /// the task as soon as it runs.
    e_ends: DFF<Bit>,
    /// … and the ALU's adder subtracts (every instruction but `add`): a register, so that the
    /// core's own loop through the adder starts from a flip-flop.
    e_sub_q: DFF<Bit>,
    e_ip_q: DFF<Bits<4>>,
    e_a_q: DFF<Bits<8>>,
    e_b_q: DFF<Bits<8>>,
    e_c_q: DFF<Bits<8>>,
    /// The fetched word's instruction (what the fetch needs of it: its register fields,
    /// whether it ends the task or takes more than a cycle, a loop's target, `sub`) and E's
    /// (the controls every block of the execute stage reads from E's bundle).
    word_decode: Decode,
    e_decode: Decode,

    /// The fetched word: valid (not past IP 15, not behind a wrong guess), its IP (0 on
    /// `start`), last and one-cycle (as `last`, `ends`), operands.
    f_valid: Signal<Local, Bit>,
    f_ip: Signal<Local, Bits<4>>,
    f_last: Signal<Local, Bit>,
    f_ends: Signal<Local, Bit>,
    f_a: Signal<Local, Bits<8>>,
    f_b: Signal<Local, Bits<8>>,
    f_c: Signal<Local, Bits<8>>,
    /// E's instruction is a `bnz`; it went the other way than guessed.
    e_bnz: Signal<Local, Bit>,
    mispredict: Signal<Local, Bit>,
    /// Where the fetch goes next: from the fetched word, or on a wrong guess from the `bnz`
    /// in E (`next_from`); to the word after it, or to the target (`next_jump`).
    next_jump: Signal<Local, Bit>,
    next_target: Signal<Local, Bits<4>>,
    next_from: Signal<Local, Bits<4>>,
}

impl Logic for Fetch {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, ip, fetch_done, e_valid_q, e_word, e_mem_q, e_pred, e_last_q, e_ends,
            e_sub_q, e_ip_q, e_a_q, e_b_q, e_c_q
        );
        // ---- E's instruction, and its branch against the guess ----
        self.e_decode.word.next = self.e_word.q.val();
        self.e_bnz.next = self.e_valid_q.q.val() && self.e_decode.controls.val().is_bnz;
        self.e.taken.next = self.e_bnz.val() && self.e_a_q.q.val().any();
        self.mispredict.next = self.e_bnz.val() && (self.e.taken.val() != self.e_pred.q.val());

        // ---- the fetched word ----
        self.f_ip.next = self.ip.q.val();
        if self.start.val() {
            self.f_ip.next = 0.into();
        }
        self.f_valid.next = !self.fetch_done.q.val() && !self.mispredict.val();
        self.word_decode.word.next = self.word.val();
        self.f_last.next = (self.f_ip.val() == 15) || self.word_decode.controls.val().is_ready;
        // `mul`, `div`, a load or store (flagged by the program memory) take more than a
        // cycle; a `bnz` may jump.
        self.f_ends.next = self.f_last.val()
            && !(self.word_decode.controls.val().multi_cycle || self.word_mem.val());
        if self.mispredict.val() {
            self.next_jump.next = self.e.taken.val();
            self.next_target.next = self.e_decode.controls.val().target;
            self.next_from.next = self.e_ip_q.q.val();
        } else {
            self.next_jump.next = self.word_loop.val();
            self.next_target.next = self.word_decode.controls.val().target;
            self.next_from.next = self.f_ip.val();
        }

        // ---- operands, with this cycle's write-back forwarded ----
        self.read_a.next = self.word_decode.controls.val().src0;
        self.read_b.next = self.word_rb.val();
        self.read_c.next = self.word_decode.controls.val().dst;
        self.f_a.next = self.qa.val();
        self.f_b.next = self.qb.val();
        self.f_c.next = self.qc.val();
        if self.wb_en.val() {
            if self.wb_dst.val() == self.word_decode.controls.val().src0 {
                self.f_a.next = self.wb_val.val();
            }
            if self.wb_dst.val() == self.word_rb.val() {
                self.f_b.next = self.wb_val.val();
            }
            if self.wb_dst.val() == self.word_decode.controls.val().dst {
                self.f_c.next = self.wb_val.val();
            }
        }

        // ---- E takes the fetched instruction; the fetch moves on ----
        if self.advance.val() {
            if self.finish.val() {
                self.e_valid_q.d.next = false;
            } else {
                self.e_valid_q.d.next = self.f_valid.val() || self.start.val();
                self.e_word.d.next = self.word.val();
                self.e_mem_q.d.next = self.word_mem.val();
                self.e_pred.d.next = self.word_loop.val();
                self.e_ip_q.d.next = self.f_ip.val();
                self.e_last_q.d.next = self.f_last.val();
                self.e_ends.d.next = self.f_ends.val();
                self.e_sub_q.d.next = self.word_decode.controls.val().subtract;
                self.e_a_q.d.next = self.f_a.val();
                self.e_b_q.d.next = self.f_b.val();
                self.e_c_q.d.next = self.f_c.val();
                if self.next_jump.val() {
                    self.ip.d.next = self.next_target.val();
                    self.fetch_done.d.next = false;
                } else {
                    self.ip.d.next = self.next_from.val() + 1;
                    self.fetch_done.d.next = self.next_from.val() == 15;
                }
            }
        }
        if self.stop.val() {
            self.e_valid_q.d.next = false;
        }
        self.ip_next.next = self.ip.d.val();

        // ---- the task's end, foreseen: next cycle's E is the fetched instruction, or (held
        // back by a posted store) this one ----
        if self.advance.val() {
            self.ends_next.next = !self.finish.val()
                && (self.f_valid.val() || self.start.val())
                && self.f_ends.val()
                && !self.busy_next.val();
        } else {
            self.ends_next.next =
                self.e_valid_q.q.val() && self.e_ends.q.val() && !self.busy_next.val();
        }

        self.e.valid.next = self.e_valid_q.q.val();
        self.e.controls.next = self.e_decode.controls.val();
        self.e.ip.next = self.e_ip_q.q.val();
        self.e.mem.next = self.e_mem_q.q.val();
        self.e.a.next = self.e_a_q.q.val();
        self.e.b.next = self.e_b_q.q.val();
        self.e.c.next = self.e_c_q.q.val();
        self.e.last.next = self.e_last_q.q.val();
        self.e.sub.next = self.e_sub_q.q.val();
    }
}
