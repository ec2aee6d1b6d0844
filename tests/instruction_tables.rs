//! The instruction tables a learner reads — docs/MACHINE.md §4 (opcode, assembly) and
//! docs/ASSEMBLY.md's syntax table — name exactly the mnemonics of `gpu16_sim::isa`, each
//! under its opcode: an instruction changed in the ISA and not in the documents fails here.

use gpu16_sim::isa::{decode, Decoded};
use std::collections::{BTreeMap, BTreeSet};

/// The ISA's mnemonics under each opcode, from decoding every word.
fn isa() -> BTreeMap<u16, BTreeSet<String>> {
    let mut by_opcode: BTreeMap<u16, BTreeSet<String>> = BTreeMap::new();
    for word in 0..=u16::MAX {
        if let Decoded::Legal(insn) = decode(word) {
            let text = insn.to_string();
            let mnemonic = text.split_whitespace().next().unwrap().to_string();
            by_opcode.entry(word >> 12).or_default().insert(mnemonic);
        }
    }
    by_opcode
}

/// The first word of every `code` span in `cell`, split at `/` (`and/or/xor a, b, d`).
fn mnemonics(cell: &str) -> BTreeSet<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|code| code.split_whitespace().next())
        .flat_map(|word| word.split('/'))
        .map(|m| m.trim_end_matches(',').to_string())
        .filter(|m| !m.is_empty())
        .collect()
}

/// The rows of the first table after `heading` in `doc`, as cells.
fn table_after(doc: &str, heading: &str) -> Vec<Vec<String>> {
    let from = doc
        .find(heading)
        .unwrap_or_else(|| panic!("no `{heading}`"));
    doc[from..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

/// The mnemonics docs/MACHINE.md's instruction table (`doc`) names under each opcode.
fn machine_md_table(doc: &str) -> BTreeMap<u16, BTreeSet<String>> {
    let mut documented: BTreeMap<u16, BTreeSet<String>> = BTreeMap::new();
    for row in table_after(doc, "### Instructions") {
        let names = mnemonics(&row[1]);
        // `8, 9, a` with `and`, `or`, `xor`: one mnemonic per opcode, in order.
        let opcodes: Vec<u16> = row[0]
            .split(',')
            .map(|o| u16::from_str_radix(o.trim(), 16).unwrap_or_else(|_| panic!("{row:?}")))
            .collect();
        if opcodes.len() > 1 {
            assert_eq!(opcodes.len(), names.len(), "{row:?}");
            let in_order: Vec<&str> = row[1].split('`').skip(1).step_by(2).collect();
            for (opcode, code) in opcodes.iter().zip(in_order) {
                let name = code
                    .split_whitespace()
                    .next()
                    .unwrap()
                    .trim_end_matches(',');
                documented
                    .entry(*opcode)
                    .or_default()
                    .insert(name.to_string());
            }
        } else {
            documented.entry(opcodes[0]).or_default().extend(names);
        }
    }
    documented
}

/// The mnemonics docs/ASSEMBLY.md's syntax table (`doc`) names.
fn assembly_md_mnemonics(doc: &str) -> BTreeSet<String> {
    table_after(doc, "## Instructions")
        .iter()
        .flat_map(|row| mnemonics(&row[0]))
        .collect()
}

/// `doc` with its first `from` written `to`: a broken copy.
fn broken(doc: &str, from: &str, to: &str) -> String {
    assert!(doc.contains(from), "no {from}");
    doc.replacen(from, to, 1)
}

#[test]
fn machine_md_names_each_opcodes_mnemonics() {
    let doc = std::fs::read_to_string("docs/MACHINE.md").unwrap();
    assert_eq!(machine_md_table(&doc), isa());
    // The check fails on a table that names an instruction wrongly.
    assert_ne!(machine_md_table(&broken(&doc, "`cmpge ", "`cmpgt ")), isa());
}

#[test]
fn assembly_md_names_every_mnemonic() {
    let doc = std::fs::read_to_string("docs/ASSEMBLY.md").unwrap();
    let isa: BTreeSet<String> = isa().into_values().flatten().collect();
    assert_eq!(assembly_md_mnemonics(&doc), isa);
    assert_ne!(
        assembly_md_mnemonics(&broken(&doc, "`and/or/xor ", "`and/nor/xor ")),
        isa
    );
}
