//! The shared memory's emitted Verilog: yosys checks, Verilator lint, cycle-for-cycle replay of
//! random port and host traffic in Icarus and Verilator, and block RAM inference on ECP5.

use gpu16_fpga::blocks::Block;
use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::{lint, tools};
use gpu16_testbenches::rng::Rng;
use gpu16_testbenches::scratch;
use gpu16_testbenches::sm_harness::{Request, SmHarness, PORTS};
use gpu16_testbenches::sm_traffic::random_traffic;

fn verilog() -> String {
    Block::SharedMem
        .verilog()
        .expect("the shared memory emits Verilog")
}

#[test]
fn shared_mem_verilog_passes_yosys_and_verilator_lint() {
    let v = verilog();
    let top = Block::SharedMem.top();
    lint::yosys_check(&v, top, &scratch!("sm_yosys")).unwrap();
    lint::verilator_lint(&v, top, &scratch!("sm_lint")).unwrap();
}

/// Core-like traffic on two hot banks, checked by the scoreboard as it runs in rust-hdl, then
/// random unconstrained inputs (any input sequence must match too), and host reads.
fn recording() -> Recording {
    let mut h = SmHarness::new();
    h.recording = Some(Recording::default());
    random_traffic(5, 300, 2, &mut h);
    let mut rng = Rng::new(77);
    for _ in 0..150 {
        let requests: [Option<Request>; PORTS] = std::array::from_fn(|_| {
            rng.chance(60).then(|| Request {
                addr: (rng.below(3) as u16) << 8 | rng.below(4) as u16,
                write: rng.chance(40),
                sync: rng.chance(40),
                data: rng.byte(),
            })
        });
        let task_end = if rng.chance(10) {
            1 << rng.below(16)
        } else {
            0
        };
        h.cycle(&requests, task_end);
    }
    for row in 0..8 {
        h.host_read_row(row);
    }
    h.recording.take().unwrap()
}

#[test]
fn shared_mem_verilog_matches_rust_hdl_in_icarus() {
    let top = Block::SharedMem.top();
    recording()
        .run(&verilog(), top, Simulator::Icarus, &scratch!("sm_icarus"))
        .unwrap();
}

#[test]
fn shared_mem_verilog_matches_rust_hdl_in_verilator() {
    let top = Block::SharedMem.top();
    recording()
        .run(
            &verilog(),
            top,
            Simulator::Verilator,
            &scratch!("sm_verilator"),
        )
        .unwrap();
}

#[test]
fn yosys_maps_the_16_banks_to_16_ecp5_block_rams() {
    let dir = scratch!("sm_ecp5");
    std::fs::write(dir.join("sm.v"), verilog()).unwrap();
    let script = format!(
        "read_verilog sm.v; synth_ecp5 -top {}; tee -q -o stat.txt stat",
        Block::SharedMem.top()
    );
    tools::run("yosys", &["-q", "-p", &script], &dir).unwrap();
    let stat = std::fs::read_to_string(dir.join("stat.txt")).unwrap();
    let brams: u32 = stat
        .lines()
        .find_map(|l| l.trim().strip_prefix("DP16KD")?.trim().parse().ok())
        .unwrap_or(0);
    assert_eq!(brams, 16, "{stat}");
}
