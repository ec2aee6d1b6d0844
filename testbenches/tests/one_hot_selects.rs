//! The shared memory's one-hot selects (hdl/src/shared_mem/one_hot_selects.rs): each output is
//! the input its select names, 0 when it names none, and the OR of the inputs it names when
//! it names several (never the case in the shared memory, whose grants are one-hot). Their
//! Verilog replays cycle for cycle inside the shared memory's (`shared_mem_verilog.rs`).

use gpu16_hdl::shared_mem::OneHotSelects;
use gpu16_hdl::sim::{connected, settle};
use gpu16_testbenches::rng::Rng;

/// What output `o` must be: the OR of the inputs `sel` names.
fn selected(sel: u64, input: &[u64; 16]) -> u64 {
    (0..16)
        .filter(|i| sel >> i & 1 == 1)
        .fold(0, |acc, i| acc | input[i])
}

/// Runs `rounds` random input sets through `OneHotSelects<W>`, with selects made by `pick`,
/// and checks every output. Returns how often each input was selected alone.
fn check<const W: usize>(rounds: usize, pick: impl Fn(&mut Rng, usize) -> u64) -> [u32; 16] {
    let mut s = connected::<OneHotSelects<W>>();
    let mut rng = Rng::new(W as u64);
    let mut taken = [0u32; 16];
    for round in 0..rounds {
        let input: [u64; 16] = std::array::from_fn(|_| rng.next_u64() & ((1 << W) - 1));
        let sel: [u64; 16] = std::array::from_fn(|o| pick(&mut rng, round * 16 + o));
        for i in 0..16 {
            s.input[i].next = input[i].into();
            s.sel[i].next = sel[i].into();
        }
        settle(&mut s).unwrap();
        for o in 0..16 {
            assert_eq!(
                s.out[o].val().to_u64(),
                selected(sel[o], &input),
                "output {o}, select {:#06x}, inputs {input:x?}",
                sel[o]
            );
            if sel[o].count_ones() == 1 {
                taken[sel[o].trailing_zeros() as usize] += 1;
            }
        }
    }
    taken
}

#[test]
fn each_output_is_the_input_its_one_hot_select_names() {
    // Every input for every output in turn, then at random.
    let taken = check::<18>(400, |rng, k| match k {
        0..=255 => 1 << ((k / 16 + k % 16) % 16),
        _ => 1 << rng.below(16),
    });
    assert!(
        taken.iter().all(|&n| n > 200),
        "every input taken: {taken:?}"
    );
    check::<8>(200, |rng, _| 1 << rng.below(16));
}

#[test]
fn an_empty_select_gives_zero_and_several_bits_give_their_or() {
    let taken = check::<18>(300, |rng, k| match k % 3 {
        0 => 0,
        1 => rng.next_u64() & 0xffff,
        _ => 1 << rng.below(16),
    });
    assert!(
        taken.iter().all(|&n| n > 50),
        "every input taken: {taken:?}"
    );
}
