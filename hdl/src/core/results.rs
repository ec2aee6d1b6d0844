//! The execute units and the write-back: the ALU, the multiplier and the divider work on E's
//! operands; the value of the instruction that completes (or a `mul`'s second byte, or a
//! load's byte) is written into the register file, or the scheduler's register write while
//! the core is idle.
//!
//! ALU results are written back in one cycle. `mul` takes 3: its product is registered
//! ([`Multiplier`]), then its two bytes are written in two cycles (the register file has one
//! write port, [`super::RegFile`]). `div` takes 8 cycles ([`Divider`]).
//!
//! Every value but the adder's is chosen from registers, beside the adder's carry chain; the
//! adder's bits join with one gate after it (the core's own loop: ALU → write-back →
//! forwarding → E).

use super::{Alu, Divider, EStageTarget, Multiplier};
use rust_hdl::prelude::*;

/// The units, and the value written back.
#[derive(LogicBlock, Default)]
pub struct Results {
    pub clock: Signal<In, Clock>,
    /// This core's number (for `set_const`'s core id).
    pub core_id: Signal<In, Bits<4>>,
    /// E ([`EStageTarget`]): its instruction's controls (the result select, `dst`, its
    /// constant) and the operands `a` and `b`.
    pub e: EStageTarget,
    /// E waits for a posted store (a `mul` or `div` starts after it); the task is abandoned.
    pub held: Signal<In, Bit>,
    pub stop: Signal<In, Bit>,
    /// E's `div` has its quotient; its `mul` writes its high byte now (both are done).
    pub div_done: Signal<Out, Bit>,
    pub mul_done: Signal<Out, Bit>,
    /// E's instruction completes now; it faults; a load's byte (granted last cycle).
    pub done: Signal<In, Bit>,
    pub fault: Signal<In, Bit>,
    pub rdata: Signal<In, Bits<8>>,
    /// The scheduler's register write (only while the core is idle).
    pub init_write: Signal<In, Bit>,
    pub init_reg: Signal<In, Bits<4>>,
    pub init_value: Signal<In, Bits<8>>,
    /// The write-back, for forwarding to the fetch: enabled, register, value.
    pub wb_en: Signal<Out, Bit>,
    pub wb_dst: Signal<Out, Bits<4>>,
    pub wb_val: Signal<Out, Bits<8>>,
    /// The register file's write port.
    pub we: Signal<Out, Bit>,
    pub wa: Signal<Out, Bits<4>>,
    pub wd: Signal<Out, Bits<8>>,

    alu: Alu,
    div: Divider,
    mul: Multiplier,
    /// The `mul` in E has its product registered: it writes the low byte now; it wrote the
    /// low byte last cycle: it writes the high byte now.
    mul_low: DFF<Bit>,
    mul_high: DFF<Bit>,
    /// E's instruction is a load; its `dst`.
    is_load: Signal<Local, Bit>,
    dst: Signal<Local, Bits<4>>,
    /// The write-back's value in two parts: the ALU's adder's bits, one gate after its carry
    /// chain (`wb_adder`; `wd_adder` for the register file, 0 under an `init_write`), and
    /// every other value, chosen beside the chain (`wb_rest`; `wd_rest` with `init_value`).
    wb_alu: Signal<Local, Bit>,
    wb_adder: Signal<Local, Bits<8>>,
    wb_rest: Signal<Local, Bits<8>>,
    wd_adder: Signal<Local, Bits<8>>,
    wd_rest: Signal<Local, Bits<8>>,
}

impl Logic for Results {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, mul_low, mul_high);
        self.is_load.next = self.e.mem.val() && !self.e.controls.val().is_store;
        // The ALU's controls, from E's. (A bit of a field of a struct signal is taken from a
        // local: rust-hdl writes it as a slice of a slice, which Verilog does not have.)
        self.dst.next = self.e.controls.val().dst;
        self.alu.adder.next = self.e.controls.val().adder;
        self.alu.is_cmpge.next = self.e.controls.val().is_cmpge;
        self.alu.is_rshft.next = self.e.controls.val().is_rshft;
        self.alu.is_lshft.next = self.e.controls.val().is_lshft;
        self.alu.is_and.next = self.e.controls.val().is_and;
        self.alu.is_or.next = self.e.controls.val().is_or;
        self.alu.is_xor.next = self.e.controls.val().is_xor;
        self.alu.is_set_const.next = self.e.controls.val().is_set_const;
        self.alu.subtract.next = self.e.sub.val();
        self.alu.imm.next = self.e.controls.val().imm;
        self.alu.dst_high.next = self.dst.val().get_bit(3);
        self.alu.a.next = self.e.a.val();
        self.alu.b.next = self.e.b.val();
        self.alu.core_id.next = self.core_id.val();
        // A `mul` or `div` at IP 15 starts once a posted store before it is granted.
        self.div.clock.next = self.clock.val();
        self.div.run.next = self.e.valid.val() && self.e.controls.val().is_div && !self.held.val();
        self.div.dividend.next = self.e.a.val();
        self.div.divisor.next = self.e.b.val();
        self.div_done.next = self.div.done.val();
        self.mul.clock.next = self.clock.val();
        self.mul.a.next = self.e.a.val();
        self.mul.b.next = self.e.b.val();
        self.mul_low.d.next = self.e.valid.val()
            && self.e.controls.val().is_mul
            && !self.held.val()
            && !self.mul_low.q.val()
            && !self.mul_high.q.val();
        self.mul_high.d.next = self.mul_low.q.val();
        if self.stop.val() {
            self.mul_low.d.next = false;
            self.mul_high.d.next = false;
        }
        self.mul_done.next = self.mul_high.q.val();

        // `mul` writes in its last two cycles: RF[dst], then RF[dst+1].
        self.wb_en.next = (self.done.val() || self.mul_low.q.val())
            && !self.fault.val()
            && self.e.controls.val().writes_reg;
        self.wb_dst.next = self.dst.val() + bit_cast::<4, 1>(self.mul_high.q.val().into());
        self.wb_alu.next = false;
        if self.is_load.val() {
            self.wb_rest.next = self.rdata.val();
        } else if self.e.controls.val().is_div {
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
        // scheduler writes it. Written out per case: the same logic with `wd_adder` taken
        // from `wb_adder` where the port is given is mapped differently and puts the
        // write-back on the core's list of slow paths (`gpu16 synth --target ecp5-25f
        // --block core --no-counters`).
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
        self.we.next = self.wb_en.val() || self.init_write.val();
        if self.init_write.val() {
            self.wa.next = self.init_reg.val();
            self.wd_rest.next = self.init_value.val();
        } else {
            self.wa.next = self.wb_dst.val();
            self.wd_rest.next = self.wb_rest.val();
        }
        self.wd.next = self.wd_adder.val() | self.wd_rest.val();
    }
}
