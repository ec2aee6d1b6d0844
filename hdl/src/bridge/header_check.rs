//! A frame's header check in hardware: the CRC-8 of its code and length
//! (`gpu16_sim::link::crc::header_check`), its sixteen shift-and-XOR steps unrolled over a
//! 16-bit register that holds the CRC and the bits still to go in.
//! Polynomial and initial value come from that module, so the board and the host cannot
//! disagree. The receiver compares it with the byte after a request's length; the reply
//! sends it after its own.

use gpu16_sim::link::crc::{HEADER_INITIAL, HEADER_POLYNOMIAL};
use rust_hdl::prelude::*;

/// Combinational.
#[derive(LogicBlock)]
pub struct HeaderCheck {
    /// The frame's command (or reply code) and payload length.
    pub code: Signal<In, Bits<8>>,
    pub length: Signal<In, Bits<8>>,
    /// Their header check.
    pub check: Signal<Out, Bits<8>>,
    /// The polynomial in the register's high byte.
    polynomial: Constant<Bits<16>>,
    /// (Not `initial`: a Verilog keyword.)
    start_value: Constant<Bits<8>>,
    /// The register: the CRC in the high byte, the bits still to go in the low byte.
    step: Signal<Local, Bits<16>>,
}

impl Default for HeaderCheck {
    fn default() -> Self {
        HeaderCheck {
            code: Default::default(),
            length: Default::default(),
            check: Default::default(),
            polynomial: Constant::new((u64::from(HEADER_POLYNOMIAL) << 8).into()),
            start_value: Constant::new(u64::from(HEADER_INITIAL).into()),
            step: Default::default(),
        }
    }
}

impl Logic for HeaderCheck {
    #[hdl_gen]
    fn update(&mut self) {
        // The code XORed into the initial value, the length behind it: sixteen steps shift
        // both through, each XORing the polynomial in when a 1 leaves the top.
        self.step.next = (bit_cast::<16, 8>(self.start_value.val() ^ self.code.val()) << 8)
            | bit_cast::<16, 8>(self.length.val());
        for _bit in 0..16 {
            if self.step.val().get_bit(15) {
                self.step.next = (self.step.val() << 1) ^ self.polynomial.val();
            } else {
                self.step.next = self.step.val() << 1;
            }
        }
        self.check.next = self.step.val().get_bits::<8>(8);
    }
}
