//! The status reply's payload (`gpu16_sim::link::BoardStatus`), packed from the GPU's status
//! and the bridge's own counts by the layout the contract defines once
//! (`BoardStatus::FIELDS`; see [`super::packing`]).

use super::packing::{bits_of, packer_verilog};
use gpu16_sim::link::BoardStatus;
use rust_hdl::prelude::*;

/// Combinational: `word` is the status payload, as a little-endian number. Its inputs are
/// named as `BoardStatus::FIELDS` names them.
#[derive(LogicBlock, Default)]
pub struct StatusWord {
    /// A run is in progress; the last run has ended.
    pub running: Signal<In, Bit>,
    pub done: Signal<In, Bit>,
    /// The last run was ended by a `Stop`.
    pub stopped: Signal<In, Bit>,
    /// The timeline log filled up during the last run.
    pub events_overflowed: Signal<In, Bit>,
    /// The counters hold the last run's final counts.
    pub counters_ready: Signal<In, Bit>,
    /// The GPU's status: code, frame, core, IP.
    pub code: Signal<In, Bits<3>>,
    pub frame: Signal<In, Bits<7>>,
    pub core: Signal<In, Bits<4>>,
    pub ip: Signal<In, Bits<4>>,
    /// The run's cycles.
    pub cycles: Signal<In, Bits<32>>,
    /// Launches since configuration.
    pub runs: Signal<In, Bits<8>>,
    /// Timeline log entries of the last run.
    pub events: Signal<In, Bits<12>>,
    /// The `seq` of the last request that changed the board.
    pub seq: Signal<In, Bits<8>>,
    /// The number of the last session.
    pub session: Signal<In, Bits<16>>,
    /// The payload, bytes 0–14 (bits 0–119).
    pub word: Signal<Out, Bits<120>>,
}

impl Logic for StatusWord {
    fn update(&mut self) {
        let status = BoardStatus {
            running: self.running.val(),
            done: self.done.val(),
            stopped: self.stopped.val(),
            events_overflowed: self.events_overflowed.val(),
            counters_ready: self.counters_ready.val(),
            code: self.code.val().to_u64() as u8,
            frame: self.frame.val().to_u64() as u8,
            core: self.core.val().to_u64() as u8,
            ip: self.ip.val().to_u64() as u8,
            cycles: self.cycles.val().to_u64() as u32,
            runs: self.runs.val().to_u64() as u8,
            events: self.events.val().to_u64() as u16,
            seq: self.seq.val().to_u64() as u8,
            session: self.session.val().to_u64() as u16,
        };
        self.word.next = bits_of(status.word());
    }

    fn connect(&mut self) {
        self.word.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(packer_verilog("word", 120, &BoardStatus::FIELDS))
    }
}
