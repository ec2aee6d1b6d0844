//! The block RAMs without yosys's read-during-write logic (hdl/src/block_ram.rs): random reads
//! and writes read back the word of the address given the cycle before, on both ports of a
//! `ReadWriteBlockRam` (the write port's before its write); a read of the word the write port
//! writes in the same cycle comes back inverted in every simulation (rust-hdl, Icarus,
//! Verilator, cycle for cycle); and on ECP5 each is one `DP16KD` with no logic beside it.

use gpu16_fpga::cosim::Recording;
use gpu16_fpga::{emit, lint, tools};
use gpu16_hdl::block_ram::{BlockRam, ReadWriteBlockRam};
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_testbenches::rng::Rng;
use gpu16_testbenches::{lint_and_replay, scratch};

/// The RAM under test: 16 words of 8 bits, so that random addresses meet often. (A
/// `BlockRam` is the same without `write_port_data`: its Verilog is checked below.)
type Ram = ReadWriteBlockRam<8, 4>;

/// Random traffic for `cycles` cycles, checked against a plain array as it runs.
fn random_run(cycles: usize, recording: Option<&mut Recording>) -> (usize, usize) {
    let mut ram = connected::<Ram>();
    let mut rng = Rng::new(31);
    let mut words = [0u64; 16];
    let mut rec = recording;
    // What the reads of last cycle must return: the read port's, the write port's.
    let mut expect = 0u64;
    let mut expect_write_port = 0u64;
    let (mut collisions, mut reads_of_written) = (0, 0);
    for _ in 0..cycles {
        let write = rng.chance(50);
        let (wa, wd) = (rng.below(16), rng.below(256));
        let ra = if write && rng.chance(25) {
            wa
        } else {
            rng.below(16)
        };
        ram.write_enable.next = write;
        ram.write_address.next = wa.into();
        ram.write_data.next = wd.into();
        ram.read_address.next = ra.into();
        settle(&mut ram).unwrap();
        assert_eq!(ram.read_data.val().to_u64(), expect);
        assert_eq!(ram.write_port_data.val().to_u64(), expect_write_port);
        if let Some(r) = rec.as_deref_mut() {
            r.sample(&ram);
        }
        tick(&mut ram, |r| &mut r.clock).unwrap();
        reads_of_written += usize::from(words[ra as usize] != 0);
        expect_write_port = words[wa as usize];
        expect = if write && wa == ra {
            collisions += 1;
            !words[ra as usize] & 0xff
        } else {
            words[ra as usize]
        };
        if write {
            words[wa as usize] = wd;
        }
    }
    (collisions, reads_of_written)
}

#[test]
fn reads_come_a_cycle_after_their_address_and_a_read_of_the_word_being_written_is_inverted() {
    let (collisions, reads_of_written) = random_run(20_000, None);
    assert!(
        collisions > 1000 && reads_of_written > 10_000,
        "collisions {collisions}, reads of written words {reads_of_written}"
    );
}

#[test]
fn its_verilog_passes_yosys_and_verilator_lint_and_replays_in_icarus_and_verilator() {
    let mut rec = Recording::default();
    random_run(2_000, Some(&mut rec));
    lint_and_replay(
        env!("CARGO_TARGET_TMPDIR"),
        "bram",
        &emit::verilog(&connected::<Ram>(), "block_ram").expect("the RAM emits Verilog"),
        "block_ram",
        &rec,
    );
}

#[test]
fn a_block_ram_emits_verilog_that_passes_yosys_and_verilator_lint() {
    let v = emit::verilog(&connected::<BlockRam<8, 4>>(), "block_ram").unwrap();
    lint::yosys_check(&v, "block_ram", &scratch!("bram1_yosys")).unwrap();
    lint::verilator_lint(&v, "block_ram", &scratch!("bram1_lint")).unwrap();
}

/// The cells yosys maps `verilog` (top `block_ram`) to on ECP5: (DP16KD, all cells).
fn ecp5_cells(verilog: String, name: &str) -> (u32, u32, String) {
    let dir = scratch(env!("CARGO_TARGET_TMPDIR"), name);
    std::fs::write(dir.join("ram.v"), verilog).unwrap();
    let script = "read_verilog ram.v; synth_ecp5 -top block_ram; tee -q -o stat.txt stat";
    tools::run("yosys", &["-q", "-p", script], &dir).unwrap();
    let stat = std::fs::read_to_string(dir.join("stat.txt")).unwrap();
    let count = |cell: &str| -> u32 {
        stat.lines()
            .find_map(|l| l.trim().strip_prefix(cell)?.trim().parse().ok())
            .unwrap_or(0)
    };
    (count("DP16KD"), count("Number of cells:"), stat)
}

#[test]
fn on_ecp5_each_is_one_block_ram_and_nothing_else() {
    let (brams, cells, stat) = ecp5_cells(
        emit::verilog(&connected::<BlockRam<18, 10>>(), "block_ram").unwrap(),
        "bram_ecp5",
    );
    assert_eq!((brams, cells), (1, 1), "{stat}");
    let (brams, cells, stat) = ecp5_cells(
        emit::verilog(&connected::<ReadWriteBlockRam<8, 8>>(), "block_ram").unwrap(),
        "rwbram_ecp5",
    );
    assert_eq!((brams, cells), (1, 1), "{stat}");
}
