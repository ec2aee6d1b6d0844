//! The examples' expected memories (`examples/NAME.expected.sm.hex`, which the model made)
//! derived a second way: what each example computes, written here as arithmetic on its
//! initial memory and on the pixel's position, so a wrong expected file cannot pass because
//! the model made it.

use gpu16_sim::image::picture::address;
use gpu16_sim::isa::sm;
use gpu16_testbenches::{examples, Example};

fn example(name: &str) -> Example {
    examples()
        .into_iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("examples/{name}.s"))
}

/// The byte at bank `bank`, row `row` (the contract's address: row in the low byte).
fn at(bank: usize, row: usize) -> usize {
    usize::from(sm::address(row as u8, bank as u8))
}

/// Element `j` of an array of 256 bytes laid out as the examples lay them out: bank j % 16,
/// row `first_row` + j / 16.
fn element(j: usize, first_row: usize) -> usize {
    at(j % 16, first_row + j / 16)
}

#[test]
fn vector_add_histogram_reduction_matmul_and_the_counter() {
    let ex = example("vector_add");
    for j in 0..256 {
        let sum = ex.init[element(j, 0)].wrapping_add(ex.init[element(j, 16)]);
        assert_eq!(ex.expected[element(j, 32)], sum, "vector_add: C[{j}]");
    }

    let ex = example("histogram");
    for bin in 0..16 {
        let count = (0..256)
            .filter(|&j| usize::from(ex.init[element(j, 0)] >> 4) == bin)
            .count();
        assert_eq!(
            usize::from(ex.expected[at(bin, 0x80)]),
            count % 256,
            "histogram: bin {bin}"
        );
    }

    let ex = example("reduction");
    let total = (0..256).fold(0u8, |s, j| s.wrapping_add(ex.init[element(j, 0)]));
    assert_eq!(ex.expected[at(0, 0x80)], total, "reduction: the total");

    let ex = example("matmul");
    for r in 0..4 {
        for c in 0..4 {
            let dot = (0..4).fold(0u8, |s, k| {
                s.wrapping_add(ex.init[at(0, 4 * r + k)].wrapping_mul(ex.init[at(1, 4 * k + c)]))
            });
            assert_eq!(ex.expected[at(2, 4 * r + c)], dot, "matmul: C[{r}][{c}]");
        }
    }

    let ex = example("atomic_counter");
    assert_eq!(
        ex.expected[0], 160,
        "atomic_counter: 10 increments by 16 cores"
    );
}

/// P(t), the high byte of t · (255 − t): plasma's wave.
fn wave(t: u8) -> u8 {
    ((u16::from(t) * u16::from(255 - t)) >> 8) as u8
}

/// A picture's pixel from its position (x, y).
type Formula = fn(u8, u8) -> u8;

#[test]
fn every_picture_is_its_formula() {
    let pictures: [(&str, Formula); 4] = [
        // Red from x / 8, green and blue from the bank (y / 4) shifted left once.
        ("gradient", |x, y| (4 * x) & 0xe0 | (y / 4) << 1),
        ("xor", |x, y| (x ^ y) << 2),
        ("rings", |x, y| {
            let square = |v: u8| v.wrapping_mul(v);
            square(x.wrapping_sub(32)).wrapping_add(square(y.wrapping_sub(32)))
        }),
        ("plasma", |x, y| {
            wave(4 * x)
                .wrapping_add(wave(4 * y))
                .wrapping_add(wave(x + y))
        }),
    ];
    let all: Vec<String> = examples()
        .into_iter()
        .filter(|e| e.expected_picture().is_some())
        .map(|e| e.name)
        .collect();
    assert_eq!(
        all.len(),
        pictures.len(),
        "a formula for every picture: {all:?}"
    );
    for (name, formula) in pictures {
        let ex = example(name);
        assert!(
            ex.expected_picture().is_some(),
            "{name} is a picture example"
        );
        for y in 0..64u8 {
            for x in 0..64u8 {
                assert_eq!(
                    ex.expected[address(usize::from(x), usize::from(y))],
                    formula(x, y),
                    "{name}: pixel ({x}, {y})"
                );
            }
        }
    }
}
