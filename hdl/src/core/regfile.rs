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
    va: Signal<Local, Bits<8>>,
    vb: Signal<Local, Bits<8>>,
    vc: Signal<Local, Bits<8>>,
    vd: Signal<Local, Bits<8>>,
}

impl Logic for RegFile {
    #[hdl_gen]
    fn update(&mut self) {
        // The read muxes build their results in locals: outputs are written once per update.
        self.va.next = 0.into();
        self.vb.next = 0.into();
        self.vc.next = 0.into();
        self.vd.next = 0.into();
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
                self.va.next = self.regs[i].q.val();
            }
            if self.rb.val().index() == i {
                self.vb.next = self.regs[i].q.val();
            }
            if self.rc.val().index() == i {
                self.vc.next = self.regs[i].q.val();
            }
            if self.dbg_sel.val().index() == i {
                self.vd.next = self.regs[i].q.val();
            }
        }
        self.qa.next = self.va.val();
        self.qb.next = self.vb.val();
        self.qc.next = self.vc.val();
        self.dbg_q.next = self.vd.val();
    }
}
