//! The instruction decoder (hdl/src/core/decode.rs) against the ISA's own decoder
//! (`gpu16_sim::isa::decode`, the one the assembler and the model use), on every 16-bit word:
//! the decoder and the ISA table cannot drift apart. Its Verilog replays inside the core's
//! (`core_verilog.rs`).

use gpu16_hdl::core::Decode;
use gpu16_hdl::sim::{connected, settle};
use gpu16_sim::isa::{decode, Decoded, Instruction};

/// The decoder's outputs, by mnemonic.
fn outputs(d: &Decode) -> Vec<(&'static str, bool)> {
    vec![
        ("nop", d.is_nop.val()),
        ("add", d.is_add.val()),
        ("sub", d.is_sub.val()),
        ("mul", d.is_mul.val()),
        ("div", d.is_div.val()),
        ("cmpge", d.is_cmpge.val()),
        ("rshft", d.is_rshft.val()),
        ("lshft", d.is_lshft.val()),
        ("and", d.is_and.val()),
        ("or", d.is_or.val()),
        ("xor", d.is_xor.val()),
        ("ld", d.is_ld.val()),
        ("set_const", d.is_set_const.val()),
        ("st", d.is_st.val()),
        ("bnz", d.is_bnz.val()),
        ("ready", d.is_ready.val()),
    ]
}

/// The one output `word` must raise, whether it is a load or store (an illegal one too),
/// whether a store, and whether it writes a register, as the ISA's decoder says.
fn expected(word: u16) -> (&'static str, bool, bool, bool) {
    match decode(word) {
        Decoded::Illegal { is_store, .. } => (
            if is_store { "st" } else { "ld" },
            true,
            is_store,
            !is_store,
        ),
        Decoded::Legal(insn) => match insn {
            Instruction::Nop => ("nop", false, false, false),
            Instruction::Alu { op, .. } => (op.mnemonic(), false, false, true),
            Instruction::Shift { dir, .. } => (dir.mnemonic(), false, false, true),
            Instruction::Load { .. } => ("ld", true, false, true),
            Instruction::SetConst { .. } => ("set_const", false, false, true),
            Instruction::Store { .. } => ("st", true, true, false),
            Instruction::Bnz { .. } => ("bnz", false, false, false),
            Instruction::Ready => ("ready", false, false, false),
        },
    }
}

#[test]
fn every_word_decodes_as_the_isa_says() {
    let mut d = connected::<Decode>();
    for word in 0..=u16::MAX {
        d.opcode.next = u64::from(word >> 12).into();
        settle(&mut d).unwrap();
        let (name, mem, store, writes) = expected(word);
        let high: Vec<&str> = outputs(&d)
            .into_iter()
            .filter(|(_, v)| *v)
            .map(|(n, _)| n)
            .collect();
        assert_eq!(high, vec![name], "word {word:#06x}");
        assert_eq!(d.is_mem.val(), mem, "is_mem of {word:#06x}");
        if mem {
            assert_eq!(
                d.is_store_of_mem.val(),
                store,
                "is_store_of_mem of {word:#06x}"
            );
        }
        assert_eq!(d.writes_reg.val(), writes, "writes_reg of {word:#06x}");
    }
}
