//! One bank's storage: 256 bytes in a block RAM, read a cycle ahead of the access it serves,
//! with the byte registered at the RAM's output.
//!
//! ```text
//!  cycle k: pick             cycle k+1: access                cycle k+2
//!  read_row ─► RAM port B ──► byte ──► data_q ──────────────► data (to the cores' selects)
//!  (the winner's row)                  ▲ the write made as it was read (forwarded)
//!                  row ─► RAM port A: the winner's write, or the host's write or read
//! ```
//!
//! - The arbitration gives the winner's row as it picks it (cycle k), so the RAM reads it at
//!   the edge that starts the winner's access (k+1), and the byte is in a flip-flop beside
//!   the RAM at the end of the access: a loaded byte leaves the bank in the cycle after its
//!   grant from a register, not from the RAM's output 5.6 ns after the clock (an ECP5
//!   `DP16KD` without its output register).
//! - The access of cycle k may write the row read ahead at the end of k (a store served just
//!   before a load of its row): the RAM's answer to a read and a write of one address at
//!   one edge is undefined ([`ReadWriteBlockRam`]), so the write made at that edge,
//!   registered with its row, is compared with the row read and forwarded into `data`.
//! - The access itself (the winner's write, the host's write or read) is the RAM's other
//!   port, at `row`; the row read ahead comes straight from the arbitration's select into the
//!   RAM, with nothing chosen in between.

use rust_hdl::prelude::*;

use crate::block_ram::ReadWriteBlockRam;

/// A bank of 256 bytes.
#[derive(LogicBlock, Default)]
pub struct Bank {
    pub clock: Signal<In, Clock>,
    /// The row read ahead: its byte is on `data` two cycles later.
    pub read_row: Signal<In, Bits<8>>,
    pub data: Signal<Out, Bits<8>>,
    /// The access: its row, written with `write_data` if `write`; the byte the row held
    /// before, on `row_data` the next cycle.
    pub row: Signal<In, Bits<8>>,
    pub write: Signal<In, Bit>,
    pub write_data: Signal<In, Bits<8>>,
    pub row_data: Signal<Out, Bits<8>>,
    ram: ReadWriteBlockRam<8, 8>,
    /// The row the RAM reads now (given last cycle), and the write made last cycle: at the
    /// edge that read it.
    read_row_q: DFF<Bits<8>>,
    wrote: DFF<Bit>,
    wrote_row: DFF<Bits<8>>,
    wrote_data: DFF<Bits<8>>,
    data_q: DFF<Bits<8>>,
}

impl Logic for Bank {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, read_row_q, wrote, wrote_row, wrote_data, data_q);
        self.ram.clock.next = self.clock.val();
        self.ram.read_address.next = self.read_row.val();
        self.ram.write_enable.next = self.write.val();
        self.ram.write_address.next = self.row.val();
        self.ram.write_data.next = self.write_data.val();
        self.read_row_q.d.next = self.read_row.val();
        self.wrote.d.next = self.write.val();
        self.wrote_row.d.next = self.row.val();
        self.wrote_data.d.next = self.write_data.val();
        if self.wrote.q.val() && (self.wrote_row.q.val() == self.read_row_q.q.val()) {
            self.data_q.d.next = self.wrote_data.q.val();
        } else {
            self.data_q.d.next = self.ram.read_data.val();
        }
        self.row_data.next = self.ram.write_port_data.val();
        self.data.next = self.data_q.q.val();
    }
}
