//! The instruction decoder (hdl/src/core/decode.rs) against the ISA's own decoder
//! (`gpu16_sim::isa::decode`, the one the assembler and the model use), on every 16-bit word:
//! every control and every field the instruction has, so the decoder and the ISA table cannot
//! drift apart. Its Verilog replays inside the core's (`core_verilog.rs`).

use gpu16_hdl::core::{Controls, Decode};
use gpu16_hdl::sim::{connected, settle};
use gpu16_sim::isa::{decode, field, AluOp, Decoded, Instruction, MemMode, Reg, ShiftDir};

/// The result selects, by the instruction they stand for.
fn selects(c: &Controls) -> Vec<(&'static str, bool)> {
    vec![
        ("add/sub", c.adder),
        ("cmpge", c.is_cmpge),
        ("rshft", c.is_rshft),
        ("lshft", c.is_lshft),
        ("and", c.is_and),
        ("or", c.is_or),
        ("xor", c.is_xor),
        ("set_const", c.is_set_const),
        ("mul", c.is_mul),
        ("div", c.is_div),
    ]
}

/// What the ISA says of `word`: the result select (or none), and the controls every word has.
struct Expected {
    select: Option<&'static str>,
    subtract: bool,
    writes_reg: bool,
    mem: Option<(bool, u8)>,
    bnz: Option<u8>,
    ready: bool,
    /// The fields the instruction has: `src0` (bits 11:8), `dst`/`src2` (3:0), its constant.
    src0: Option<Reg>,
    dst: Option<Reg>,
    imm: Option<u8>,
}

fn expected(word: u16) -> Expected {
    let mode = ((word >> field::MODE) & 3) as u8;
    let mut e = Expected {
        select: None,
        subtract: true,
        writes_reg: false,
        mem: None,
        bnz: None,
        ready: false,
        src0: None,
        dst: None,
        imm: None,
    };
    match decode(word) {
        Decoded::Illegal { is_store, .. } => {
            e.mem = Some((is_store, mode));
            e.writes_reg = !is_store;
        }
        Decoded::Legal(insn) => match insn {
            Instruction::Nop => {}
            Instruction::Alu { op, src0, dst, .. } => {
                e.select = Some(match op {
                    AluOp::Add | AluOp::Sub => "add/sub",
                    other => other.mnemonic(),
                });
                e.subtract = op != AluOp::Add;
                e.writes_reg = true;
                (e.src0, e.dst) = (Some(src0), Some(dst));
            }
            Instruction::Shift {
                dir,
                src0,
                imm,
                dst,
            } => {
                e.select = Some(match dir {
                    ShiftDir::Right => "rshft",
                    ShiftDir::Left => "lshft",
                });
                e.writes_reg = true;
                (e.src0, e.dst, e.imm) = (Some(src0), Some(dst), Some(imm));
            }
            Instruction::Load {
                mode: m, src0, dst, ..
            } => {
                e.mem = Some((false, u8::from(m == MemMode::Sync)));
                e.writes_reg = true;
                (e.src0, e.dst) = (Some(src0), Some(dst));
            }
            Instruction::SetConst { value, dst } => {
                e.select = Some("set_const");
                e.writes_reg = true;
                (e.dst, e.imm) = (Some(dst), Some(value));
            }
            Instruction::Store {
                mode: m,
                src0,
                src2,
                ..
            } => {
                e.mem = Some((true, u8::from(m == MemMode::Sync)));
                (e.src0, e.dst) = (Some(src0), Some(src2));
            }
            Instruction::Bnz { src0, target } => {
                e.bnz = Some(target);
                e.src0 = Some(src0);
            }
            Instruction::Ready => e.ready = true,
        },
    }
    e
}

#[test]
fn every_word_decodes_as_the_isa_says() {
    let mut d = connected::<Decode>();
    for word in 0..=u16::MAX {
        d.word.next = u64::from(word).into();
        settle(&mut d).unwrap();
        let c = d.controls.val();
        let e = expected(word);
        let at = format!("word {word:#06x}");
        let high: Vec<&str> = selects(&c)
            .into_iter()
            .filter(|(_, v)| *v)
            .map(|(n, _)| n)
            .collect();
        assert_eq!(high, e.select.into_iter().collect::<Vec<_>>(), "{at}");
        assert_eq!(c.subtract, e.subtract, "subtract of {at}");
        assert_eq!(c.writes_reg, e.writes_reg, "writes_reg of {at}");
        assert_eq!(c.is_mem, e.mem.is_some(), "is_mem of {at}");
        if let Some((store, mode)) = e.mem {
            assert_eq!(c.is_store, store, "is_store of {at}");
            assert_eq!(c.sync, mode & 1 == 1, "sync of {at}");
            assert_eq!(c.illegal, mode >= 2, "illegal of {at}");
        }
        assert_eq!(c.is_bnz, e.bnz.is_some(), "is_bnz of {at}");
        if let Some(target) = e.bnz {
            assert_eq!(c.target.index(), usize::from(target), "target of {at}");
        }
        assert_eq!(c.is_ready, e.ready, "is_ready of {at}");
        assert_eq!(
            c.multi_cycle,
            matches!(e.select, Some("mul" | "div")) || e.bnz.is_some(),
            "multi_cycle of {at}"
        );
        if let Some(src0) = e.src0 {
            assert_eq!(c.src0.index(), src0.index(), "src0 of {at}");
        }
        if let Some(dst) = e.dst {
            assert_eq!(c.dst.index(), dst.index(), "dst of {at}");
        }
        if let Some(imm) = e.imm {
            // A shift's amount is the constant's bits 2:0.
            let mask = if e.select == Some("set_const") {
                0xff
            } else {
                7
            };
            assert_eq!(c.imm.index() & mask, usize::from(imm), "constant of {at}");
        }
    }
}
