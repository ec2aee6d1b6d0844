//! The core's register file: 16 × 8 bits, four combinational read ports and one write port.
//!
//! This is a leaf block with its own Verilog (a `reg` array with asynchronous reads), so that
//! synthesis maps it to distributed RAM: on ECP5 each read port becomes two
//! `TRELLIS_DPR16X4`, far smaller than flip-flops and read multiplexers. A read
//! is one LUT level after its register number.
//!
//! - A distributed RAM has one write port, so `mul` writes its two bytes in two cycles.
//! - Launch zeroes every register (MACHINE.md §4). A RAM cannot be cleared in one cycle: the
//!   scheduler writes 0 into every register through the write port, one a cycle, before the
//!   run starts ([`crate::scheduler::Scheduler`]), so no mask of live registers stands
//!   between a read and its value.
//! - Ports A, B and C are the fetch's; port D is the debug view's, so that the fetch's
//!   register numbers come straight from the program memory.

use rust_hdl::prelude::*;

/// 16 registers of 8 bits (MACHINE.md §4).
#[derive(LogicBlock, Default)]
pub struct RegFile {
    pub clock: Signal<In, Clock>,
    /// Read port A: register number and its value.
    pub ra: Signal<In, Bits<4>>,
    pub qa: Signal<Out, Bits<8>>,
    /// Read port B.
    pub rb: Signal<In, Bits<4>>,
    pub qb: Signal<Out, Bits<8>>,
    /// Read port C.
    pub rc: Signal<In, Bits<4>>,
    pub qc: Signal<Out, Bits<8>>,
    /// Read port D (the debug view).
    pub rd: Signal<In, Bits<4>>,
    pub qd: Signal<Out, Bits<8>>,
    /// Write port: enable, register, value.
    pub we: Signal<In, Bit>,
    pub wa: Signal<In, Bits<4>>,
    pub wd: Signal<In, Bits<8>>,
    /// The simulation's copy of the registers.
    _regs: [u8; 16],
}

impl RegFile {
    fn read(&self, r: Bits<4>) -> Bits<8> {
        (self._regs[r.index()] as u64).into()
    }
}

impl Logic for RegFile {
    fn update(&mut self) {
        if self.clock.pos_edge() && self.we.val() {
            self._regs[self.wa.val().index()] = self.wd.val().to_u64() as u8;
        }
        self.qa.next = self.read(self.ra.val());
        self.qb.next = self.read(self.rb.val());
        self.qc.next = self.read(self.rc.val());
        self.qd.next = self.read(self.rd.val());
    }

    fn connect(&mut self) {
        self.qa.connect();
        self.qb.connect();
        self.qc.connect();
        self.qd.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
reg [7:0] regs [0:15];
integer k;
initial begin
   for (k = 0; k < 16; k = k + 1)
      regs[k] = 8'h0;
end

always @(posedge clock) begin
   if (we) regs[wa] <= wd;
end

always @(*) begin
   qa = regs[ra];
   qb = regs[rb];
   qc = regs[rc];
   qd = regs[rd];
end
"
            .into(),
        )
    }
}
