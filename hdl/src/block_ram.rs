//! A block RAM with one clock, one read port and one write port, whose read of the word
//! written in the same cycle is left undefined, as the hardware leaves it.
//!
//! - The read is synchronous: `read_data` is the word at the `read_address` of the cycle
//!   before. A write stores `write_data` at `write_address` at the end of the cycle.
//! - **Read and write of one address in one cycle.** An ECP5 `DP16KD`, like most FPGA block
//!   RAMs, returns an undefined word when its two ports meet at one address in one cycle. A
//!   plain Verilog RAM promises the old word, and yosys keeps that promise with logic of its
//!   own: a register that delays every write and a multiplexer after the RAM's output, a LUT
//!   level and its wire on every read (26 LUT4 and 48 flip-flops for a 1024 × 18 RAM). This
//!   block's RAM carries yosys's `no_rw_check` instead, so the read comes straight out of the
//!   `DP16KD`. Its users never read a word in the cycle it is written (each says why); to
//!   keep them honest, the simulations (rust-hdl, and the emitted Verilog in Icarus and
//!   Verilator: the code yosys reads is the same under `SYNTHESIS`) return such a read
//!   inverted, so a design that used it would not match the model.
//! - Every word, and the read before the first clock edge, is 0 in every simulator and in
//!   the bitstream.

use rust_hdl::prelude::*;

/// `2^N` words of `W` bits.
#[derive(LogicBlock)]
pub struct BlockRam<const W: usize, const N: usize> {
    pub clock: Signal<In, Clock>,
    /// The word to read: it is on `read_data` the next cycle.
    pub read_address: Signal<In, Bits<N>>,
    pub read_data: Signal<Out, Bits<W>>,
    /// Write `write_data` at `write_address` this cycle.
    pub write_enable: Signal<In, Bit>,
    pub write_address: Signal<In, Bits<N>>,
    pub write_data: Signal<In, Bits<W>>,
    /// The simulation's copy of the words.
    _words: Vec<Bits<W>>,
}

impl<const W: usize, const N: usize> Default for BlockRam<W, N> {
    fn default() -> Self {
        BlockRam {
            clock: Default::default(),
            read_address: Default::default(),
            read_data: Default::default(),
            write_enable: Default::default(),
            write_address: Default::default(),
            write_data: Default::default(),
            _words: vec![Bits::<W>::default(); 1 << N],
        }
    }
}

impl<const W: usize, const N: usize> Logic for BlockRam<W, N> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            let read = self.read_address.val().index();
            let old = self._words[read];
            let collides = self.write_enable.val() && self.write_address.val().index() == read;
            // Undefined in the hardware: inverted here, so that a use of it shows.
            self.read_data.next = if collides { !old } else { old };
            if self.write_enable.val() {
                self._words[self.write_address.val().index()] = self.write_data.val();
            }
        }
    }

    fn connect(&mut self) {
        self.read_data.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "\
// The read of the word written in the same cycle is undefined (see hdl/src/block_ram.rs).
(* no_rw_check *)
reg [{msb}:0] contents [0:{last}];
integer k;
initial begin
   read_data = {W}'h0;
   for (k = 0; k <= {last}; k = k + 1)
      contents[k] = {W}'h0;
end

always @(posedge clock) begin
`ifdef SYNTHESIS
   read_data <= contents[read_address];
`else
   if (write_enable && write_address == read_address)
      read_data <= ~contents[read_address];
   else
      read_data <= contents[read_address];
`endif
   if (write_enable)
      contents[write_address] <= write_data;
end
",
            msb = W - 1,
            last = (1usize << N) - 1,
        ))
    }
}
