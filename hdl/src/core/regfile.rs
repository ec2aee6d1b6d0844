//! The core's register file: 16 × 8-bit flops, three combinational read ports, a debug read
//! port, and two write ports (the second for `mul`'s high byte).

use rust_hdl::prelude::*;

/// 16 registers of 8 bits (SPEC §4), all 0 after `clear`.
#[derive(LogicBlock, Default)]
pub struct RegFile {
    pub clock: Signal<In, Clock>,
    /// Zero every register this cycle (launch).
    pub clear: Signal<In, Bit>,
    /// Read port A: register number and its value.
    pub ra: Signal<In, Bits<4>>,
    pub qa: Signal<Out, Bits<8>>,
    /// Read port B.
    pub rb: Signal<In, Bits<4>>,
    pub qb: Signal<Out, Bits<8>>,
    /// Read port C.
    pub rc: Signal<In, Bits<4>>,
    pub qc: Signal<Out, Bits<8>>,
    /// Debug read port (host/testbench view of the registers).
    pub dbg_sel: Signal<In, Bits<4>>,
    pub dbg_q: Signal<Out, Bits<8>>,
    /// Write port 0: enable, register, value.
    pub we0: Signal<In, Bit>,
    pub wa0: Signal<In, Bits<4>>,
    pub wd0: Signal<In, Bits<8>>,
    /// Write port 1 (`mul`'s high byte); port 0 wins if both name one register.
    pub we1: Signal<In, Bit>,
    pub wa1: Signal<In, Bits<4>>,
    pub wd1: Signal<In, Bits<8>>,
    regs: [DFF<Bits<8>>; 16],
}

impl Logic for RegFile {
    #[hdl_gen]
    fn update(&mut self) {
        self.qa.next = 0.into();
        self.qb.next = 0.into();
        self.qc.next = 0.into();
        self.dbg_q.next = 0.into();
        for i in 0..16 {
            self.regs[i].clock.next = self.clock.val();
            self.regs[i].d.next = self.regs[i].q.val();
            if self.we1.val() && (self.wa1.val().index() == i) {
                self.regs[i].d.next = self.wd1.val();
            }
            if self.we0.val() && (self.wa0.val().index() == i) {
                self.regs[i].d.next = self.wd0.val();
            }
            if self.clear.val() {
                self.regs[i].d.next = 0.into();
            }
            if self.ra.val().index() == i {
                self.qa.next = self.regs[i].q.val();
            }
            if self.rb.val().index() == i {
                self.qb.next = self.regs[i].q.val();
            }
            if self.rc.val().index() == i {
                self.qc.next = self.regs[i].q.val();
            }
            if self.dbg_sel.val().index() == i {
                self.dbg_q.next = self.regs[i].q.val();
            }
        }
    }
}
