//! The core's instruction memory (hdl/src/core/imem.rs): a frame loaded in one cycle is read
//! back word by word through the one-hot select, each word with the register its instruction
//! reads on port B and its "load or store" flag; while loading, the frame's word 0 is read.
//! Its Verilog replays cycle for cycle inside the core's (`core_verilog.rs`).

use gpu16_hdl::core::InstructionMemory;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_sim::isa::opcode;
use gpu16_testbenches::rng::Rng;

/// `word` is a load or a store (any mode).
fn is_mem(word: u16) -> bool {
    let opc = word >> 12;
    opc == opcode::LD || opc == opcode::ST
}

/// Port B's register of `word`: bits 7:4, or for a load or store its bank register (5:4).
fn port_b(word: u16) -> u64 {
    let field = (word >> 4) & 0xf;
    u64::from(if is_mem(word) { field & 3 } else { field })
}

/// The memory reads word `i` of `words`: the word, its port B register and its flag.
fn assert_word(m: &InstructionMemory, words: &[u16; 16], i: usize) {
    let what = format!("word {i} ({:#06x})", words[i]);
    assert_eq!(m.word.val().to_u64(), u64::from(words[i]), "{what}");
    assert_eq!(m.rb.val().to_u64(), port_b(words[i]), "port B of {what}");
    assert_eq!(m.mem.val(), is_mem(words[i]), "load or store: {what}");
}

/// A frame's four task lines (instruction 4k+j in bits 16j+15:16j of line k).
fn lines(words: &[u16; 16]) -> [u64; 4] {
    std::array::from_fn(|k| (0..4).fold(0, |l, j| l | u64::from(words[4 * k + j]) << (16 * j)))
}

fn present(m: &mut InstructionMemory, load: Option<&[u16; 16]>, sel: u64) {
    let l = lines(load.unwrap_or(&[0; 16]));
    m.load.next = load.is_some();
    m.line0.next = l[0].into();
    m.line1.next = l[1].into();
    m.line2.next = l[2].into();
    m.line3.next = l[3].into();
    m.sel.next = sel.into();
    settle(m).unwrap();
}

/// A random word, a load or a store (any mode) in half the cases.
fn random_word(rng: &mut Rng) -> u16 {
    let w = rng.next_u64() as u16;
    match rng.below(4) {
        0 => (w & 0x0fff) | opcode::LD << 12,
        1 => (w & 0x0fff) | opcode::ST << 12,
        _ => w,
    }
}

#[test]
fn every_word_reads_back_with_its_port_b_register_and_flag() {
    let mut m = connected::<InstructionMemory>();
    let mut rng = Rng::new(16);
    let mut mem_words = 0;
    for _ in 0..200 {
        let words: [u16; 16] = std::array::from_fn(|_| random_word(&mut rng));
        // Loading: word 0 is read (nothing is selected then).
        present(&mut m, Some(&words), 0);
        assert_word(&m, &words, 0);
        tick(&mut m, |m| &mut m.clock).unwrap();
        // Every word, in a random order, over several cycles: the frame stays.
        for _ in 0..24 {
            let i = rng.below(16) as usize;
            present(&mut m, None, 1 << i);
            assert_word(&m, &words, i);
            mem_words += usize::from(port_b(words[i]) != u64::from((words[i] >> 4) & 0xf));
            tick(&mut m, |m| &mut m.clock).unwrap();
        }
        // Nothing selected, nothing loaded: 0.
        present(&mut m, None, 0);
        assert_eq!(m.word.val().to_u64(), 0);
        assert_eq!(m.rb.val().to_u64(), 0);
        assert!(!m.mem.val());
    }
    assert!(
        mem_words > 500,
        "loads and stores whose mode bits are not a register: {mem_words}"
    );
}
