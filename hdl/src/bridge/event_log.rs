//! The board's timeline log: every cycle in which the GPU's timeline outputs show a handled
//! frame or READYs is written to a block RAM as one entry (`gpu16_sim::link::LogEntry`), for
//! the host to read after the run. Launch empties it.

use super::packing::LogEntryWord;
use gpu16_sim::link::EVENT_CAPACITY;
use rust_hdl::prelude::*;

/// Address bits of the log (2,048 entries: a run of 64 frames has at most 64 frame entries and
/// 63 × 16 READY cycles).
const ADDR_BITS: usize = 11;
const _: () = assert!(1 << ADDR_BITS == EVENT_CAPACITY);

/// The timeline log.
#[derive(LogicBlock)]
pub struct EventLog {
    pub clock: Signal<In, Clock>,
    /// Empty the log (launch).
    pub clear: Signal<In, Bit>,
    /// The GPU's timeline outputs and cycle count.
    pub event_valid: Signal<In, Bit>,
    pub event_if: Signal<In, Bit>,
    pub event_frame: Signal<In, Bits<6>>,
    pub event_mask: Signal<In, Bits<16>>,
    pub ready_mask: Signal<In, Bits<16>>,
    pub cycles: Signal<In, Bits<32>>,
    /// Entry `read_addr`, the cycle after it is asked for (LogEntry's byte order: byte i is
    /// bits 8i+7..8i).
    pub read_addr: Signal<In, Bits<11>>,
    pub read_data: Signal<Out, Bits<80>>,
    /// Entries written since launch, and whether some did not fit.
    pub count: Signal<Out, Bits<12>>,
    pub overflow: Signal<Out, Bit>,
    ram: RAM<Bits<80>, 11>,
    written: DFF<Bits<12>>,
    lost: DFF<Bit>,
    entry: LogEntryWord,
    /// The handled frame's mask, 0 when none was handled.
    mask: Signal<Local, Bits<16>>,
    record: Signal<Local, Bit>,
}

impl Default for EventLog {
    fn default() -> Self {
        EventLog {
            clock: Default::default(),
            clear: Default::default(),
            event_valid: Default::default(),
            event_if: Default::default(),
            event_frame: Default::default(),
            event_mask: Default::default(),
            ready_mask: Default::default(),
            cycles: Default::default(),
            read_addr: Default::default(),
            read_data: Default::default(),
            count: Default::default(),
            overflow: Default::default(),
            ram: RAM::from((0..EVENT_CAPACITY).map(|_| Bits::<80>::default())),
            written: Default::default(),
            lost: Default::default(),
            entry: Default::default(),
            mask: Default::default(),
            record: Default::default(),
        }
    }
}

impl Logic for EventLog {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, written, lost);
        self.record.next = self.event_valid.val() || self.ready_mask.val().any();
        self.entry.cycle.next = self.cycles.val();
        self.entry.ready.next = self.ready_mask.val();
        self.mask.next = 0.into();
        if self.event_valid.val() {
            self.mask.next = self.event_mask.val();
        }
        self.entry.mask.next = self.mask.val();
        self.entry.frame.next = self.event_frame.val();
        self.entry.handled.next = self.event_valid.val();
        self.entry.is_if.next = self.event_valid.val() && self.event_if.val();

        self.ram.read_clock.next = self.clock.val();
        self.ram.write_clock.next = self.clock.val();
        self.ram.read_address.next = self.read_addr.val();
        self.ram.write_address.next = self.written.q.val().get_bits::<11>(0);
        self.ram.write_data.next = self.entry.word.val();
        self.ram.write_enable.next = self.record.val() && !self.written.q.val().get_bit(11);
        if self.clear.val() {
            self.written.d.next = 0.into();
            self.lost.d.next = false;
        } else if self.record.val() {
            if self.written.q.val().get_bit(11) {
                self.lost.d.next = true;
            } else {
                self.written.d.next = self.written.q.val() + 1;
            }
        }
        self.read_data.next = self.ram.read_data.val();
        self.count.next = self.written.q.val();
        self.overflow.next = self.lost.q.val();
    }
}
