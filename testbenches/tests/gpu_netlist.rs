//! The whole GPU as yosys builds it for an ECP5 — retimed, so its flip-flops are not the
//! RTL's — replayed cycle for cycle on every port in Icarus against rust-hdl, from power-up:
//! loading, the run and the read-back of examples that use the multiplier, the locks and
//! every bank.

use gpu16_fpga::blocks::Block;
use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::netlist::gate_level;
use gpu16_fpga::synth::Target;
use gpu16_sim::run::RunConfig;
use gpu16_testbenches::{examples, scratch};

/// A whole run of the example `name`, recorded on every port from power-up.
fn recording(name: &str) -> Recording {
    let ex = examples().into_iter().find(|e| e.name == name).unwrap();
    let mut rec = Recording::default();
    let mut watch = |g: &gpu16_hdl::gpu::Gpu| rec.sample(g);
    let config = RunConfig { max_cycles: 10_000 };
    gpu16_hdl::driver::run(&ex.frames, &ex.init, config, Some(&mut watch)).unwrap();
    rec
}

#[test]
fn gpu_netlist_for_ecp5_matches_rust_hdl_in_icarus() {
    let v = Block::Gpu.verilog().unwrap();
    let netlist = gate_level(&v, Block::Gpu.top(), Target::Ecp5_25f, &scratch!("netlist")).unwrap();
    for name in ["matmul", "atomic_counter"] {
        let rec = recording(name);
        rec.run(
            &netlist,
            Block::Gpu.top(),
            Simulator::Icarus,
            &scratch!(&format!("netlist_{name}")),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}
