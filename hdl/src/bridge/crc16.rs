//! The link's CRC-16 in hardware, a byte per cycle: the eight shift-and-XOR steps of
//! `gpu16_sim::link::crc::step`, unrolled. Polynomial and initial value come from that module,
//! so the board and the host cannot disagree.

use gpu16_sim::link::crc::{INITIAL, POLYNOMIAL};
use rust_hdl::prelude::*;

/// A CRC register fed one byte per cycle.
#[derive(LogicBlock)]
pub struct Crc16 {
    pub clock: Signal<In, Clock>,
    /// Start again from the initial value (wins over `enable`).
    pub clear: Signal<In, Bit>,
    /// Take `data` this cycle.
    pub enable: Signal<In, Bit>,
    pub data: Signal<In, Bits<8>>,
    /// The CRC of the bytes taken since `clear` (not `crc`: that names the instance in its
    /// parents, and Verilator warns when a port hides it).
    pub value: Signal<Out, Bits<16>>,
    polynomial: Constant<Bits<16>>,
    /// (Not `initial`: a Verilog keyword.)
    start_value: Constant<Bits<16>>,
    state: DFF<Bits<16>>,
    /// The register during the eight steps of one byte.
    step: Signal<Local, Bits<16>>,
}

impl Default for Crc16 {
    fn default() -> Self {
        Crc16 {
            clock: Default::default(),
            clear: Default::default(),
            enable: Default::default(),
            data: Default::default(),
            value: Default::default(),
            polynomial: Constant::new(u64::from(POLYNOMIAL).into()),
            start_value: Constant::new(u64::from(INITIAL).into()),
            state: Default::default(),
            step: Default::default(),
        }
    }
}

impl Logic for Crc16 {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state);
        self.step.next = self.state.q.val() ^ (bit_cast::<16, 8>(self.data.val()) << 8);
        for _bit in 0..8 {
            if self.step.val().get_bit(15) {
                self.step.next = (self.step.val() << 1) ^ self.polynomial.val();
            } else {
                self.step.next = self.step.val() << 1;
            }
        }
        if self.clear.val() {
            self.state.d.next = self.start_value.val();
        } else if self.enable.val() {
            self.state.d.next = self.step.val();
        }
        self.value.next = self.state.q.val();
    }
}
