//! The program writer (hdl/src/program_writer.rs): each task line the host writes becomes its
//! four words at `{frame, IP}` in the four cycles after it, in order, flagged as the program
//! memory expects; nothing else is written; a line written sooner than 4 cycles after the one
//! before replaces the rest of it. Its Verilog replays inside the GPU's (`gpu_verilog.rs`).

use gpu16_hdl::program_writer::{ProgramWriter, LINE_CYCLES};
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_sim::isa::opcode;
use gpu16_testbenches::program_words::program_word;
use gpu16_testbenches::rng::Rng;

/// A random task line: four words, among them loads, stores and `bnz`s to every IP.
fn random_line(rng: &mut Rng) -> u64 {
    (0..4).fold(0, |line, j| {
        let low = rng.next_u64() as u16 & 0x0fff;
        let word = match rng.below(4) {
            0 => low | opcode::BNZ << 12,
            1 => low | opcode::LD << 12,
            2 => low | opcode::ST << 12,
            _ => rng.next_u64() as u16,
        };
        line | u64::from(word) << (16 * j)
    })
}

/// The words line `line` holds: (address `{frame, IP}`, stored word), in IP order.
fn expected_writes(line: u64, data: u64) -> Vec<(u64, u64)> {
    (0..4)
        .map(|j| {
            let ip = (4 * (line & 3) + j) as usize;
            let word = (data >> (16 * j)) as u16;
            ((line >> 2) << 4 | ip as u64, program_word(word, ip))
        })
        .collect()
}

/// One cycle with an optional line write; returns the write the writer makes this cycle.
fn cycle(w: &mut ProgramWriter, line: Option<(u64, u64)>) -> Option<(u64, u64)> {
    w.line_write.next = line.is_some();
    let (n, data) = line.unwrap_or((0, 0));
    w.line.next = n.into();
    w.data.next = data.into();
    settle(w).unwrap();
    let out = w
        .write
        .val()
        .then(|| (w.address.val().to_u64(), w.word.val().to_u64()));
    tick(w, |w| &mut w.clock).unwrap();
    out
}

#[test]
fn every_line_becomes_its_four_flagged_words_in_the_next_four_cycles() {
    let mut w = connected::<ProgramWriter>();
    let mut rng = Rng::new(4);
    let mut loops = 0;
    for _ in 0..2_000 {
        let (line, data) = (rng.below(256), random_line(&mut rng));
        assert_eq!(
            cycle(&mut w, Some((line, data))),
            None,
            "a write with the line"
        );
        let expect = expected_writes(line, data);
        let writes: Vec<_> = (0..LINE_CYCLES)
            .map_while(|_| cycle(&mut w, None))
            .collect();
        assert_eq!(writes, expect, "line {line} = {data:#018x}");
        loops += expect.iter().filter(|(_, word)| word >> 17 == 1).count();
        // Idle cycles between lines write nothing.
        for _ in 0..rng.below(3) {
            assert_eq!(cycle(&mut w, None), None, "a write after the line's four");
        }
    }
    assert!(loops > 500, "loop bnz words written: {loops}");
}

#[test]
fn a_line_written_sooner_replaces_the_rest_of_the_one_before() {
    let mut w = connected::<ProgramWriter>();
    let mut rng = Rng::new(5);
    let (first, second) = (random_line(&mut rng), random_line(&mut rng));
    cycle(&mut w, Some((8, first)));
    assert_eq!(cycle(&mut w, None), Some(expected_writes(8, first)[0]));
    assert_eq!(
        cycle(&mut w, Some((13, second))),
        Some(expected_writes(8, first)[1])
    );
    let writes: Vec<_> = (0..LINE_CYCLES + 1)
        .map_while(|_| cycle(&mut w, None))
        .collect();
    assert_eq!(writes, expected_writes(13, second));
}
