//! The core's emitted Verilog: yosys structural checks, Verilator lint, and the same tasks in
//! Icarus and Verilator as in rust-hdl, cycle for cycle on every port.

use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::{emit, lint};
use gpu16_hdl::core::Core;
use gpu16_hdl::sim::connected;
use gpu16_sim::image::sm;
use gpu16_testbenches::core_harness::CoreHarness;
use gpu16_testbenches::scratch;

fn core_verilog() -> String {
    emit::verilog(&connected::<Core>(), "gpu16_core").expect("the core emits Verilog")
}

#[test]
fn core_verilog_passes_yosys_and_verilator_lint() {
    let v = core_verilog();
    lint::yosys_check(&v, "gpu16_core", &scratch!("core_yosys")).unwrap();
    lint::verilator_lint(&v, "gpu16_core", &scratch!("core_lint")).unwrap();
}

/// A recording of several tasks (ALU chains, loads, stores, div, branches, atomics, a fault)
/// on core 7 with random grant delays.
fn recording() -> Recording {
    let src = ".cf mask=0x80\n\
        .if\nset_const 200, r8\nset_const 7, r9\nmul r8, r9, r10\ndiv r8, r9, r12\nadd r10, r11, r13\n\
        set_const 0x21, r14\nadd r14, r0, r1\nst [r8, r1], r13\nld [r8, r1], r2\nsub r2, r9, r3\nready\n\
        .if\nset_const 3, r9\nset_const 1, r8\nl: sub r9, r8, r9\nld_sync [r9, r0], r4\nadd r4, r8, r4\n\
        st_sync [r9, r0], r4\nbnz r9, l\nlshft r4, 3, r5\nrshft r4, 1, r6\ncmpge r5, r6, r7\nxor r5, r6, r11\n\
        .if\nset_const 9, r8\nld_sync [r8, r0], r4\nst [r8, r0], r4\n";
    let frames = gpu16_testbenches::asm(src);
    let mut mem = sm::zeroed();
    for (i, b) in mem.iter_mut().enumerate() {
        *b = (i * 13) as u8;
    }
    let mut h = CoreHarness::new(7, &mem, 42, 2);
    h.recording = Some(Recording::default());
    h.init_r0(0x5a);
    for f in &frames[1..] {
        h.run_task(f, 1000).expect("task ends");
    }
    let regs = h.regs();
    assert_eq!(regs[0], 0x5a);
    h.step();
    h.recording.take().unwrap()
}

#[test]
fn core_verilog_matches_rust_hdl_in_icarus() {
    let rec = recording();
    assert!(rec.cycles() > 60);
    rec.run(
        &core_verilog(),
        "gpu16_core",
        Simulator::Icarus,
        &scratch!("core_icarus"),
    )
    .unwrap();
}

#[test]
fn core_verilog_matches_rust_hdl_in_verilator() {
    let rec = recording();
    rec.run(
        &core_verilog(),
        "gpu16_core",
        Simulator::Verilator,
        &scratch!("core_verilator"),
    )
    .unwrap();
}
