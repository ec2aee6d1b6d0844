//! Words packed by a layout the contract defines (`gpu16_sim::link::Layout`): the status
//! reply ([`StatusWord`](super::status_word::StatusWord)) and the timeline log's entries
//! ([`LogEntryWord`]). Each packer is a leaf block whose inputs are named as the layout
//! names its fields; its simulation packs with the contract's own code and its Verilog is
//! generated from the same layout, so neither restates where a field goes.

use gpu16_sim::link::{Layout, LogEntry};
use rust_hdl::prelude::*;

/// The Verilog body of a packer: `output` (of `width` bits) is zero but for each field of
/// `layout`, taken from the input of the field's name.
pub fn packer_verilog(output: &str, width: usize, layout: &Layout) -> String {
    let mut body = format!("always @(*) begin\n   {output} = {width}'d0;\n");
    for (name, at) in layout {
        body += &format!("   {output}[{} +: {}] = {name};\n", at.bit, at.width);
    }
    body + "end\n"
}

/// The low `N` bits of `word`.
pub fn bits_of<const N: usize>(word: u128) -> Bits<N> {
    Bits::<N>::from(word as u64) | (Bits::<N>::from((word >> 64) as u64) << 64)
}

/// Combinational: `word` is a timeline log entry (`LogEntry`, 10 bytes) as a little-endian
/// number. Its inputs are named as `LogEntry::FIELDS` names them.
#[derive(LogicBlock, Default)]
pub struct LogEntryWord {
    /// The run's cycle; the cores that signalled READY.
    pub cycle: Signal<In, Bits<32>>,
    pub ready: Signal<In, Bits<16>>,
    /// The handled frame's core mask and number (read only when `handled`).
    pub mask: Signal<In, Bits<16>>,
    pub frame: Signal<In, Bits<6>>,
    /// A frame was handled; it was an IF.
    pub handled: Signal<In, Bit>,
    pub is_if: Signal<In, Bit>,
    pub word: Signal<Out, Bits<80>>,
}

impl Logic for LogEntryWord {
    fn update(&mut self) {
        let values = [
            self.cycle.val().to_u64(),
            self.ready.val().to_u64(),
            self.mask.val().to_u64(),
            self.frame.val().to_u64(),
            u64::from(self.handled.val()),
            u64::from(self.is_if.val()),
        ];
        self.word.next = bits_of(gpu16_sim::link::pack(&LogEntry::FIELDS, &values));
    }

    fn connect(&mut self) {
        self.word.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(packer_verilog("word", 80, &LogEntry::FIELDS))
    }
}
