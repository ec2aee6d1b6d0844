//! Block RAMs with one clock, a read port and a write port, whose read of the word the write
//! port writes in the same cycle is left undefined, as the hardware leaves it: [`BlockRam`],
//! and [`ReadWriteBlockRam`], whose write port reads its own address too.
//!
//! - The reads are synchronous: `read_data` is the word at the `read_address` of the cycle
//!   before. A write stores `write_data` at `write_address` at the end of the cycle. The write
//!   port of a [`ReadWriteBlockRam`] reads before it writes (`write_port_data`, the cycle
//!   after: an ECP5 `DP16KD` port in its read-before-write mode), which is always defined.
//! - **Read and write of one address in one cycle.** An ECP5 `DP16KD`, like most FPGA block
//!   RAMs, returns an undefined word when its two ports meet at one address in one cycle. A
//!   plain Verilog RAM promises the old word, and yosys keeps that promise with logic of its
//!   own: a register that delays every write and a multiplexer after the RAM's output, a LUT
//!   level and its wire on every read. This
//!   block's RAM carries yosys's `no_rw_check` instead, so the read comes straight out of the
//!   `DP16KD`. Its users never read a word in the cycle it is written (each says why); to
//!   keep them honest, the simulations (rust-hdl, and the emitted Verilog in Icarus and
//!   Verilator: the code yosys reads is the same under `SYNTHESIS`) return such a read
//!   inverted, so a design that used it would not match the model.
//! - Every word, and the read before the first clock edge, is 0 in every simulator and in
//!   the bitstream.
//! - The two reads are chosen with `` `ifdef SYNTHESIS ``, which yosys and Vivado define and
//!   Quartus does not: a design a vendor's tool reads has the simulation branch taken out
//!   ([`synthesis_only`]), so it means the block RAM's read in every tool.

use rust_hdl::prelude::*;

/// `2^N` words of `W` bits: a read port and a write port.
#[derive(LogicBlock, Default)]
pub struct BlockRam<const W: usize, const N: usize> {
    pub clock: Signal<In, Clock>,
    /// The word to read: it is on `read_data` the next cycle.
    pub read_address: Signal<In, Bits<N>>,
    pub read_data: Signal<Out, Bits<W>>,
    /// Write `write_data` at `write_address` this cycle.
    pub write_enable: Signal<In, Bit>,
    pub write_address: Signal<In, Bits<N>>,
    pub write_data: Signal<In, Bits<W>>,
    _words: Words<W, N>,
}

/// A [`BlockRam`] whose write port reads too: a read port and a read-write port.
#[derive(LogicBlock, Default)]
pub struct ReadWriteBlockRam<const W: usize, const N: usize> {
    pub clock: Signal<In, Clock>,
    /// The word to read: it is on `read_data` the next cycle.
    pub read_address: Signal<In, Bits<N>>,
    pub read_data: Signal<Out, Bits<W>>,
    /// Write `write_data` at `write_address` this cycle (if `write_enable`); the word that
    /// was there is on `write_port_data` the next cycle.
    pub write_enable: Signal<In, Bit>,
    pub write_address: Signal<In, Bits<N>>,
    pub write_data: Signal<In, Bits<W>>,
    pub write_port_data: Signal<Out, Bits<W>>,
    _words: Words<W, N>,
}

/// The simulation's copy of the `2^N` words, all 0 at first.
struct Words<const W: usize, const N: usize>(Vec<Bits<W>>);

impl<const W: usize, const N: usize> Default for Words<W, N> {
    fn default() -> Self {
        Words(vec![Bits::<W>::default(); 1 << N])
    }
}

impl<const W: usize, const N: usize> Words<W, N> {
    /// A clock edge: the read port's word (inverted if the write port writes it now: undefined
    /// in the hardware, so that a use of it shows), the write port's word before the write;
    /// then the write.
    fn edge(
        &mut self,
        read: Bits<N>,
        write_enable: bool,
        address: Bits<N>,
        data: Bits<W>,
    ) -> (Bits<W>, Bits<W>) {
        let (read, address) = (read.index(), address.index());
        let old = self.0[read];
        let read_data = if write_enable && address == read {
            !old
        } else {
            old
        };
        let write_port_data = self.0[address];
        if write_enable {
            self.0[address] = data;
        }
        (read_data, write_port_data)
    }
}

impl<const W: usize, const N: usize> Logic for BlockRam<W, N> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            (self.read_data.next, _) = self._words.edge(
                self.read_address.val(),
                self.write_enable.val(),
                self.write_address.val(),
                self.write_data.val(),
            );
        }
    }

    fn connect(&mut self) {
        self.read_data.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(verilog(W, N, false))
    }
}

impl<const W: usize, const N: usize> Logic for ReadWriteBlockRam<W, N> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            (self.read_data.next, self.write_port_data.next) = self._words.edge(
                self.read_address.val(),
                self.write_enable.val(),
                self.write_address.val(),
                self.write_data.val(),
            );
        }
    }

    fn connect(&mut self) {
        self.read_data.connect();
        self.write_port_data.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(verilog(W, N, true))
    }
}

/// `verilog` with every block RAM's read for simulation taken out: each
/// `` `ifdef SYNTHESIS `` … `` `else `` … `` `endif `` this module writes becomes its first
/// branch, so that the text means the same whether a tool defines `SYNTHESIS` or not.
pub fn synthesis_only(verilog: &str) -> String {
    let mut out = String::with_capacity(verilog.len());
    // Inside such a block: in its first branch (kept), or its second (dropped).
    let mut branch: Option<bool> = None;
    for line in verilog.lines() {
        match (line.trim(), branch) {
            ("`ifdef SYNTHESIS", None) => branch = Some(true),
            ("`else", Some(true)) => branch = Some(false),
            ("`endif", Some(_)) => branch = None,
            (_, Some(false)) => {}
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// The Verilog of `2^n` words of `w` bits, with `write_port_data` if `write_port_reads`.
fn verilog(w: usize, n: usize, write_port_reads: bool) -> String {
    let (init, read) = if write_port_reads {
        (
            format!("   write_port_data = {w}'h0;\n"),
            "   write_port_data <= contents[write_address];\n",
        )
    } else {
        (String::new(), "")
    };
    format!(
        "\
// The read of the word written in the same cycle is undefined (see hdl/src/block_ram.rs).
(* no_rw_check *)
reg [{msb}:0] contents [0:{last}];
integer k;
initial begin
   read_data = {w}'h0;
{init}   for (k = 0; k <= {last}; k = k + 1)
      contents[k] = {w}'h0;
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
{read}   if (write_enable)
      contents[write_address] <= write_data;
end
",
        msb = w - 1,
        last = (1usize << n) - 1,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_synthesis_text_has_no_simulation_read_and_no_macro() {
        for write_port_reads in [false, true] {
            let v = verilog(8, 8, write_port_reads);
            assert!(
                v.contains("`ifdef SYNTHESIS"),
                "the simulation keeps its check"
            );
            let s = synthesis_only(&v);
            assert!(!s.contains('`'), "{s}");
            assert!(!s.contains("~contents"), "{s}");
            assert!(
                s.contains("   read_data <= contents[read_address];\n"),
                "{s}"
            );
            // Everything else is kept, line for line.
            assert_eq!(s.lines().count(), v.lines().count() - 7, "{s}");
        }
    }
}
