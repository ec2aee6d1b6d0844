//! One bank of the shared memory (hdl/src/shared_mem/bank.rs): a row read ahead in one cycle
//! comes out of `data` two cycles later as the bank held it after that cycle's write, a write
//! of the row at the edge that read it included (forwarded past the RAM's undefined answer);
//! the access row's byte, as it was before its write, is on `row_data` the cycle after. Its
//! Verilog replays cycle for cycle in Icarus and Verilator.

use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::emit;
use gpu16_hdl::shared_mem::Bank;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_testbenches::rng::Rng;
use gpu16_testbenches::{assert_one_mismatch, lint_and_replay};

/// Random reads and writes over 4 rows (so that a write often meets the row read at its edge),
/// checked against a plain array; returns the forwarded writes seen.
fn random_run(cycles: usize, mut recording: Option<&mut Recording>) -> usize {
    let mut bank = connected::<Bank>();
    let mut rng = Rng::new(5);
    let mut mem = [0u8; 256];
    // What `row_data` and `data` must show now.
    let mut row_data: u8 = 0;
    let mut data_next: u8 = 0;
    let mut data: u8 = 0;
    let mut forwarded = 0;
    for _ in 0..cycles {
        let ahead = rng.below(4) as u8;
        let row = rng.below(4) as u8;
        let write = rng.chance(50).then(|| rng.byte());
        bank.read_row.next = (ahead as u64).into();
        bank.row.next = (row as u64).into();
        bank.write.next = write.is_some();
        bank.write_data.next = (write.unwrap_or(0) as u64).into();
        settle(&mut bank).unwrap();
        assert_eq!(bank.data.val().index() as u8, data, "data");
        assert_eq!(bank.row_data.val().index() as u8, row_data, "row_data");
        if let Some(r) = recording.as_deref_mut() {
            r.sample(&bank);
        }
        tick(&mut bank, |b| &mut b.clock).unwrap();
        // The edge: both rows are read, then the write is made.
        data = data_next;
        row_data = mem[row as usize];
        if let Some(d) = write {
            mem[row as usize] = d;
            forwarded += usize::from(row == ahead);
        }
        data_next = mem[ahead as usize];
    }
    forwarded
}

#[test]
fn a_row_comes_out_two_cycles_later_with_the_write_made_as_it_was_read() {
    let forwarded = random_run(20_000, None);
    assert!(forwarded > 1_000, "writes forwarded: {forwarded}");
}

#[test]
fn its_verilog_passes_yosys_and_verilator_lint_and_replays_in_icarus_and_verilator() {
    let v = emit::verilog(&connected::<Bank>(), "bank").expect("the bank emits Verilog");
    let mut rec = Recording::default();
    random_run(2_000, Some(&mut rec));
    lint_and_replay(env!("CARGO_TARGET_TMPDIR"), "bank", &v, "bank", &rec);
}

/// The replay's check can fail, under either simulator: a wrong `data` in one cycle is one
/// mismatch there. (The whole GPU's replay shows it again under Icarus.)
#[test]
fn a_replay_that_differs_is_caught_by_both_simulators() {
    let v = emit::verilog(&connected::<Bank>(), "bank").expect("the bank emits Verilog");
    let mut rec = Recording::default();
    random_run(300, Some(&mut rec));
    let cycle = rec.cycles() - 7;
    rec.corrupt_output(cycle, "data");
    for (sim, dir) in [
        (Simulator::Icarus, "bank_bad_icarus"),
        (Simulator::Verilator, "bank_bad_verilator"),
    ] {
        let dir = gpu16_testbenches::scratch(env!("CARGO_TARGET_TMPDIR"), dir);
        let err = rec.run(&v, "bank", sim, &dir).unwrap_err();
        assert_one_mismatch(&err, cycle, "data");
    }
}
