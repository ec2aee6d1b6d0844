//! A 32-bit performance counter (`gpu16 run --stats`), or, in a build without counters, a
//! constant 0.
//!
//! The counters are not part of the machine (SPEC), and 96 of them with their adders and
//! read-back multiplexer cost ~9.5k LUT4 sites, two fifths of an ECP5-25F
//! (docs/microarchitecture.md). An FPGA build may leave them out
//! ([`Counter::disable`]): the block then emits `count = 0`, and synthesis removes every
//! gate that only fed it (the shared memory's population counts, the `stat_sel` multiplexer).

use rust_hdl::prelude::*;

/// Adds `add` every cycle; `clear` zeroes it.
#[derive(LogicBlock)]
pub struct Counter<const W: usize> {
    pub clock: Signal<In, Clock>,
    /// Zero the counter (launch); wins over `add`.
    pub clear: Signal<In, Bit>,
    /// The amount to add this cycle.
    pub add: Signal<In, Bits<W>>,
    /// The count (wraps at 2³²); always 0 when disabled.
    pub count: Signal<Out, Bits<32>>,
    _enabled: bool,
    _value: u32,
}

impl<const W: usize> Default for Counter<W> {
    fn default() -> Self {
        Counter {
            clock: Default::default(),
            clear: Default::default(),
            add: Default::default(),
            count: Default::default(),
            _enabled: true,
            _value: 0,
        }
    }
}

impl<const W: usize> Counter<W> {
    /// Build this counter as a constant 0.
    pub fn disable(&mut self) {
        self._enabled = false;
    }
}

impl<const W: usize> Logic for Counter<W> {
    fn update(&mut self) {
        if self._enabled && self.clock.pos_edge() {
            self._value = if self.clear.val() {
                0
            } else {
                self._value.wrapping_add(self.add.val().to_u64() as u32)
            };
        }
        self.count.next = (self._value as u64).into();
    }

    fn connect(&mut self) {
        self.count.connect();
    }

    fn hdl(&self) -> Verilog {
        if self._enabled {
            Verilog::Custom(
                "\
initial count = 32'h0;
always @(posedge clock) begin
   if (clear) count <= 32'h0;
   else count <= count + add;
end
"
                .into(),
            )
        } else {
            // A flip-flop that always holds 0: every simulator starts it at 0 (an
            // `always @(*)` with no inputs would never run), and yosys removes it. The unused
            // inputs are named for Verilator's lint (its `*unused*` convention).
            Verilog::Custom(
                "\
initial count = 32'h0;
always @(posedge clock) count <= 32'h0;
wire unused_inputs = &{1'b0, clear, add};
"
                .into(),
            )
        }
    }
}
