//! The core's register file: 16 × 8 bits, three combinational read ports and one write port.
//!
//! This is a leaf block with its own Verilog (a `reg` array with asynchronous reads), so that
//! synthesis maps it to distributed RAM: on ECP5 each read port becomes two
//! `TRELLIS_DPR16X4`, where flip-flops and read multiplexers cost ~700 LUT4 per core.
//!
//! - A distributed RAM has one write port, so `mul` writes its two bytes in two cycles.
//! - Launch zeroes every register (SPEC §4): a RAM cannot be cleared in one cycle, so `live`
//!   (one flip-flop per register) is cleared instead, and a register that is not live reads 0.

use rust_hdl::prelude::*;

/// 16 registers of 8 bits (SPEC §4), all 0 after `clear`.
#[derive(LogicBlock, Default)]
pub struct RegFile {
    pub clock: Signal<In, Clock>,
    /// Zero every register this cycle (launch); a write in the same cycle is lost.
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
    /// Write port: enable, register, value.
    pub we: Signal<In, Bit>,
    pub wa: Signal<In, Bits<4>>,
    pub wd: Signal<In, Bits<8>>,
    /// The simulation's copy of the registers and of `live`.
    _regs: [u8; 16],
    _live: u16,
}

impl RegFile {
    fn read(&self, r: Bits<4>) -> Bits<8> {
        let r = r.to_u64() as usize;
        if self._live & (1 << r) != 0 {
            (self._regs[r] as u64).into()
        } else {
            0.into()
        }
    }
}

impl Logic for RegFile {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            if self.clear.val() {
                self._live = 0;
            } else if self.we.val() {
                let r = self.wa.val().to_u64() as usize;
                self._regs[r] = self.wd.val().to_u64() as u8;
                self._live |= 1 << r;
            }
        }
        self.qa.next = self.read(self.ra.val());
        self.qb.next = self.read(self.rb.val());
        self.qc.next = self.read(self.rc.val());
    }

    fn connect(&mut self) {
        self.qa.connect();
        self.qb.connect();
        self.qc.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
reg [7:0] regs [0:15];
// live[r] = 0: register r reads 0 (cleared at launch, set by a write).
reg [15:0] live;
integer k;
initial begin
   live = 16'h0;
   for (k = 0; k < 16; k = k + 1)
      regs[k] = 8'h0;
end

always @(posedge clock) begin
   if (we) regs[wa] <= wd;
   if (clear)
      live <= 16'h0;
   else if (we)
      live <= live | (16'h1 << wa);
end

always @(*) begin
   qa = live[ra] ? regs[ra] : 8'h0;
   qb = live[rb] ? regs[rb] : 8'h0;
   qc = live[rc] ? regs[rc] : 8'h0;
end
"
            .into(),
        )
    }
}
