//! The header check in hardware (hdl/src/bridge/header_check.rs) against the contract's
//! (`gpu16_sim::link::crc::header_check`) for every command and length, in rust-hdl and, cycle
//! for cycle, its Verilog in Icarus.

use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::emit;
use gpu16_hdl::bridge::header_check::HeaderCheck;
use gpu16_hdl::sim::{connected, settle};
use gpu16_sim::link::crc::header_check;
use gpu16_testbenches::scratch;
use rust_hdl::prelude::*;

/// The block in a clocked wrapper, so that its replay has a clock to step.
#[derive(LogicBlock, Default)]
struct Wrapped {
    clock: Signal<In, Clock>,
    code: Signal<In, Bits<8>>,
    length: Signal<In, Bits<8>>,
    check: Signal<Out, Bits<8>>,
    header: HeaderCheck,
}

impl Logic for Wrapped {
    #[hdl_gen]
    fn update(&mut self) {
        self.header.code.next = self.code.val();
        self.header.length.next = self.length.val();
        self.check.next = self.header.check.val();
    }
}

#[test]
fn every_header_checks_as_the_contract_says_in_rust_hdl_and_verilog() {
    let mut w = connected::<Wrapped>();
    let mut rec = Recording::default();
    for code in 0..=255u8 {
        for length in 0..=255u8 {
            w.code.next = u64::from(code).into();
            w.length.next = u64::from(length).into();
            settle(&mut w).unwrap();
            assert_eq!(
                w.check.val().to_u64(),
                u64::from(header_check(code, length)),
                "code {code}, length {length}"
            );
            rec.sample(&w);
        }
    }
    let v = emit::verilog(&w, "header_check").unwrap();
    rec.run(
        &v,
        "header_check",
        Simulator::Icarus,
        &scratch!("header_check"),
    )
    .unwrap();
}
