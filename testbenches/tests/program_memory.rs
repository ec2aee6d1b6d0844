//! A core's program memory (hdl/src/core/program_memory.rs): words written at random
//! addresses read back the cycle after their address is given, each with its two flags and
//! the register its instruction reads on port B; a read of the word written in the same cycle
//! is undefined (the simulation inverts it, [`gpu16_hdl::block_ram`]); words never written
//! read 0. Its Verilog
//! replays cycle for cycle inside the core's (`core_verilog.rs`).

use gpu16_hdl::core::ProgramMemory;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_sim::isa::opcode;
use gpu16_testbenches::program_words::program_word;
use gpu16_testbenches::rng::Rng;
use std::collections::HashMap;

/// Port B's register of a stored word: bits 7:4, or for a load or store (bit 16) bits 5:4.
fn port_b(stored: u64) -> u64 {
    let field = (stored >> 4) & 0xf;
    if stored >> 16 & 1 == 1 {
        field & 3
    } else {
        field
    }
}

/// A random instruction word: a load, a store or a `bnz` in three cases of five.
fn random_word(rng: &mut Rng) -> u16 {
    let w = rng.next_u64() as u16 & 0x0fff;
    match rng.below(5) {
        0 => w | opcode::LD << 12,
        1 => w | opcode::ST << 12,
        2 => w | opcode::BNZ << 12,
        _ => w | (rng.below(16) as u16) << 12,
    }
}

/// One cycle: an optional write, a read address; returns the outputs before the edge.
fn cycle(m: &mut ProgramMemory, write: Option<(u64, u64)>, read: u64) -> (u64, u64, bool, bool) {
    m.write.next = write.is_some();
    let (wa, wd) = write.unwrap_or((0, 0));
    m.write_address.next = wa.into();
    m.write_word.next = wd.into();
    m.read_address.next = read.into();
    settle(m).unwrap();
    let out = (
        m.word.val().to_u64(),
        m.rb.val().to_u64(),
        m.mem.val(),
        m.loop_bnz.val(),
    );
    tick(m, |m| &mut m.clock).unwrap();
    out
}

#[test]
fn words_read_back_a_cycle_after_their_address_with_flags_and_port_b() {
    let mut m = connected::<ProgramMemory>();
    let mut rng = Rng::new(17);
    let mut stored: HashMap<u64, u64> = HashMap::new();
    let (mut flagged_mem, mut flagged_loop, mut zeros) = (0, 0, 0);
    // What the address given last cycle held then (0 if never written), and whether it was
    // written.
    let mut expect = (0, false);
    for _ in 0..20_000 {
        let write = (rng.below(2) == 0).then(|| {
            let (address, ip) = (rng.below(1024), rng.below(16) as usize);
            (address, program_word(random_word(&mut rng), ip))
        });
        // Reads favour written words, and sometimes the word being written this cycle.
        let read = match (rng.below(4), write) {
            (0, Some((a, _))) => a,
            (1, _) => rng.below(1024),
            _ => *stored
                .keys()
                .nth(rng.below(stored.len().max(1) as u64) as usize)
                .unwrap_or(&0),
        };
        let (word, rb, mem, loop_bnz) = cycle(&mut m, write, read);
        let (held, written) = expect;
        let at = format!("a word stored as {held:#07x}");
        assert_eq!(word, held & 0xffff, "{at}");
        assert_eq!(mem, held >> 16 & 1 == 1, "load-or-store flag of {at}");
        assert_eq!(loop_bnz, held >> 17 & 1 == 1, "loop flag of {at}");
        assert_eq!(rb, port_b(held), "port B of {at}");
        flagged_mem += usize::from(mem);
        flagged_loop += usize::from(loop_bnz);
        zeros += usize::from(!written);
        expect = stored.get(&read).map_or((0, false), |&w| (w, true));
        // The word being written is undefined in the hardware: the simulation inverts it.
        if write.is_some_and(|(a, _)| a == read) {
            expect.0 = !expect.0 & 0x3ffff;
        }
        if let Some((a, d)) = write {
            stored.insert(a, d);
        }
    }
    assert!(
        flagged_mem > 1000 && flagged_loop > 300 && zeros > 100,
        "reads of loads or stores {flagged_mem}, loops {flagged_loop}, unwritten words {zeros}"
    );
}
