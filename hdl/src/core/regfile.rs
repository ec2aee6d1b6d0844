//! The core's register file: 16 × 8 bits in two memories (even and odd registers), three
//! combinational read ports and two write ports (the second for `mul`'s high byte).
//!
//! This is a leaf block with its own Verilog (a `reg` array per bank with asynchronous reads),
//! so that synthesis can map it to distributed RAM: on ECP5 each bank and read port becomes
//! two `TRELLIS_DPR16X4`, where flip-flops and read multiplexers cost ~700 LUT4 per core.
//!
//! - A distributed RAM has one write port, and `mul` writes `dst` and `dst + 1` in one cycle:
//!   those are one even and one odd register, so each bank needs only one write port.
//! - Launch zeroes every register (SPEC §4): a RAM cannot be cleared in one cycle, so `live`
//!   (one flip-flop per register) is cleared instead, and a register that is not live reads 0.

use rust_hdl::prelude::*;

/// 16 registers of 8 bits (SPEC §4), all 0 after `clear`.
#[derive(LogicBlock, Default)]
pub struct RegFile {
    pub clock: Signal<In, Clock>,
    /// Zero every register this cycle (launch); writes in the same cycle are lost.
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
    /// Write port 0: enable, register, value.
    pub we0: Signal<In, Bit>,
    pub wa0: Signal<In, Bits<4>>,
    pub wd0: Signal<In, Bits<8>>,
    /// Write port 1 (`mul`'s high byte): when both ports write, `wa1` is `wa0 + 1`.
    pub we1: Signal<In, Bit>,
    pub wa1: Signal<In, Bits<4>>,
    pub wd1: Signal<In, Bits<8>>,
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
            } else {
                // Port 1 first, so that port 0 wins if both ever named one register.
                for (we, wa, wd) in [
                    (self.we1.val(), self.wa1.val(), self.wd1.val()),
                    (self.we0.val(), self.wa0.val(), self.wd0.val()),
                ] {
                    if we {
                        let r = wa.to_u64() as usize;
                        self._regs[r] = wd.to_u64() as u8;
                        self._live |= 1 << r;
                    }
                }
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
// Even registers (R0, R2, ..) and odd registers (R1, R3, ..), one write port each.
reg [7:0] even [0:7];
reg [7:0] odd [0:7];
// live[r] = 0: register r reads 0 (cleared at launch, set by a write).
reg [15:0] live;
integer k;
initial begin
   live = 16'h0;
   for (k = 0; k < 8; k = k + 1) begin
      even[k] = 8'h0;
      odd[k] = 8'h0;
   end
end

// Each bank's single write port: port 0 if it names a register of the bank, else port 1.
wire even_we = (we0 && !wa0[0]) || (we1 && !wa1[0]);
wire [2:0] even_wa = (we0 && !wa0[0]) ? wa0[3:1] : wa1[3:1];
wire [7:0] even_wd = (we0 && !wa0[0]) ? wd0 : wd1;
wire odd_we = (we0 && wa0[0]) || (we1 && wa1[0]);
wire [2:0] odd_wa = (we0 && wa0[0]) ? wa0[3:1] : wa1[3:1];
wire [7:0] odd_wd = (we0 && wa0[0]) ? wd0 : wd1;

always @(posedge clock) begin
   if (even_we) even[even_wa] <= even_wd;
   if (odd_we) odd[odd_wa] <= odd_wd;
   if (clear)
      live <= 16'h0;
   else
      live <= live | ({15'h0, we0} << wa0) | ({15'h0, we1} << wa1);
end

always @(*) begin
   qa = live[ra] ? (ra[0] ? odd[ra[3:1]] : even[ra[3:1]]) : 8'h0;
   qb = live[rb] ? (rb[0] ? odd[rb[3:1]] : even[rb[3:1]]) : 8'h0;
   qc = live[rc] ? (rc[0] ? odd[rc[3:1]] : even[rc[3:1]]) : 8'h0;
end
"
            .into(),
        )
    }
}
