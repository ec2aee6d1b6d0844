//! Number of set bits of a 16-bit mask, for the per-bank wait counters.
//!
//! A leaf block with its own Verilog: the bit-parallel count (pairs, nibbles, bytes) is a
//! dozen word operations where the sum of 16 single bits is 16 additions, and Verilator
//! evaluates it for all 32 counters every cycle.

use rust_hdl::prelude::*;

/// Combinational population count (0–16).
#[derive(LogicBlock, Default)]
pub struct PopCount {
    /// The mask.
    pub bits: Signal<In, Bits<16>>,
    /// How many of its bits are set.
    pub count: Signal<Out, Bits<5>>,
}

impl Logic for PopCount {
    fn update(&mut self) {
        self.count.next = (self.bits.val().to_u64().count_ones() as u64).into();
    }

    fn connect(&mut self) {
        self.count.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "\
// Counts per 2 bits, then per 4, then per byte; the two byte counts added.
wire [15:0] pairs = bits - ((bits >> 1) & 16'h5555);
wire [15:0] nibbles = (pairs & 16'h3333) + ((pairs >> 2) & 16'h3333);
wire [3:0] low_byte = nibbles[3:0] + nibbles[7:4];
wire [3:0] high_byte = nibbles[11:8] + nibbles[15:12];

always @(*) begin
   count = low_byte + high_byte;
end
"
            .into(),
        )
    }
}
