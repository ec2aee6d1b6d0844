//! Snapshots of small blocks' emitted Verilog: a change in rust-hdl's code generation (or in
//! these blocks) shows up here as a diff to review, not silently.

use gpu16_fpga::emit;
use gpu16_hdl::scheduler::FenceCheck;
use gpu16_hdl::shared_mem::RoundRobin;
use gpu16_hdl::sim::connected;

#[test]
fn round_robin_arbiter_verilog() {
    let v = emit::verilog(&connected::<RoundRobin>(), "gpu16_round_robin").unwrap();
    insta::assert_snapshot!(v);
}

#[test]
fn fence_check_verilog() {
    let v = emit::verilog(&connected::<FenceCheck>(), "gpu16_fence_check").unwrap();
    insta::assert_snapshot!(v);
}
