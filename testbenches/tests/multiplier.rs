//! `mul`'s registered multiplier (hdl/src/core/multiplier.rs): every product of two bytes
//! comes out one clock edge after its operands, and not before. Its Verilog replays cycle for
//! cycle inside the core's (`core_verilog.rs`).

use gpu16_hdl::core::Multiplier;
use gpu16_hdl::sim::{connected, settle, tick};

fn present(m: &mut Multiplier, a: u64, b: u64) {
    m.a.next = a.into();
    m.b.next = b.into();
    settle(m).unwrap();
}

#[test]
fn every_product_arrives_one_cycle_after_its_operands() {
    let mut m = connected::<Multiplier>();
    let mut previous = 0;
    for a in 0..256u64 {
        for b in 0..256u64 {
            present(&mut m, a, b);
            // The operands just presented have not reached the output yet.
            assert_eq!(
                m.product.val().to_u64(),
                previous,
                "before the edge, {a} × {b}"
            );
            tick(&mut m, |m| &mut m.clock).unwrap();
            assert_eq!(m.product.val().to_u64(), a * b, "{a} × {b}");
            previous = a * b;
        }
    }
}
