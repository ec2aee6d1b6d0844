//! The core instruction set of MACHINE.md §4: one typed definition, with encode and decode.
//!
//! Every 16-bit word decodes to an [`Instruction`], or to [`Decoded::Illegal`] for a
//! load/store whose mode bits are `10`/`11` (MACHINE.md §7 `ILLEGAL_INSN`). Fields the hardware
//! ignores (bnz bits [3:0], the shift immediate's bit 7, every field of `nop` and `ready`)
//! are dropped by [`decode`]; `set_const` keeps its constant even for r0–r7, which ignore it.
//! [`is_canonical`] tells whether a word is exactly what [`Instruction::encode`] writes, which
//! the disassembler needs to reproduce any image byte for byte.

use std::fmt;

/// A register index, `r0`–`r15`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Reg(u8);

impl Reg {
    /// `rN` for N in 0..16; `None` otherwise.
    pub fn new(n: u8) -> Option<Reg> {
        (n < 16).then_some(Reg(n))
    }

    /// The register named by a 4-bit field (the upper bits of `field` are ignored).
    pub fn from_field(field: u16) -> Reg {
        Reg((field & 0xf) as u8)
    }

    /// The register number, 0–15.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}", self.0)
    }
}

/// The opcodes (instruction bits [15:12]) of MACHINE.md §4: the one table the assembler,
/// the model, the disassembler and the hardware's decoder (`gpu16_hdl::core::Decode`) take
/// them from. Every 4-bit value is an instruction.
pub mod opcode {
    pub const NOP: u16 = 0x0;
    pub const ADD: u16 = 0x1;
    pub const SUB: u16 = 0x2;
    pub const MUL: u16 = 0x3;
    pub const DIV: u16 = 0x4;
    pub const CMPGE: u16 = 0x5;
    pub const RSHFT: u16 = 0x6;
    pub const LSHFT: u16 = 0x7;
    pub const AND: u16 = 0x8;
    pub const OR: u16 = 0x9;
    pub const XOR: u16 = 0xa;
    pub const LD: u16 = 0xb;
    pub const SET_CONST: u16 = 0xc;
    pub const ST: u16 = 0xd;
    pub const BNZ: u16 = 0xe;
    pub const READY: u16 = 0xf;
}

/// The two-register ALU operations of format F1, by opcode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u16)]
pub enum AluOp {
    Add = opcode::ADD,
    Sub = opcode::SUB,
    Mul = opcode::MUL,
    Div = opcode::DIV,
    Cmpge = opcode::CMPGE,
    And = opcode::AND,
    Or = opcode::OR,
    Xor = opcode::XOR,
}

impl AluOp {
    /// Every ALU operation, in opcode order.
    pub const ALL: [AluOp; 8] = [
        AluOp::Add,
        AluOp::Sub,
        AluOp::Mul,
        AluOp::Div,
        AluOp::Cmpge,
        AluOp::And,
        AluOp::Or,
        AluOp::Xor,
    ];

    /// The assembler mnemonic.
    pub fn mnemonic(self) -> &'static str {
        match self {
            AluOp::Add => "add",
            AluOp::Sub => "sub",
            AluOp::Mul => "mul",
            AluOp::Div => "div",
            AluOp::Cmpge => "cmpge",
            AluOp::And => "and",
            AluOp::Or => "or",
            AluOp::Xor => "xor",
        }
    }

    /// The low result byte of `a op b` (for `mul`, the high byte is [`mul_high`]).
    pub fn apply(self, a: u8, b: u8) -> u8 {
        match self {
            AluOp::Add => a.wrapping_add(b),
            AluOp::Sub => a.wrapping_sub(b),
            AluOp::Mul => a.wrapping_mul(b),
            AluOp::Div => a.checked_div(b).unwrap_or(DIV_BY_ZERO),
            AluOp::Cmpge => u8::from(a >= b),
            AluOp::And => a & b,
            AluOp::Or => a | b,
            AluOp::Xor => a ^ b,
        }
    }
}

/// The quotient of a division by zero (MACHINE.md §4 decision).
pub const DIV_BY_ZERO: u8 = 0xff;

/// The high byte of the 16-bit product of `mul`.
pub fn mul_high(a: u8, b: u8) -> u8 {
    ((a as u16 * b as u16) >> 8) as u8
}

/// Direction of a shift by an immediate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u16)]
pub enum ShiftDir {
    Right = opcode::RSHFT,
    Left = opcode::LSHFT,
}

impl ShiftDir {
    /// The assembler mnemonic.
    pub fn mnemonic(self) -> &'static str {
        match self {
            ShiftDir::Right => "rshft",
            ShiftDir::Left => "lshft",
        }
    }

    /// `a` shifted by `imm` (0–7), logically.
    pub fn apply(self, a: u8, imm: u8) -> u8 {
        match self {
            ShiftDir::Right => a >> (imm & 7),
            ShiftDir::Left => a << (imm & 7),
        }
    }
}

/// Where each field sits in the 16-bit word (MACHINE.md §4), as the lowest bit of the field:
/// the one table of positions `decode`, `encode` and the hardware's decoder
/// (`gpu16_hdl::core::Decode`, which checks its own slices against these at compile time)
/// use.
pub mod field {
    /// The opcode, bits [15:12].
    pub const OPCODE: u32 = 12;
    /// The first register field, bits [11:8]: `src0`.
    pub const A: u32 = 8;
    /// The second 4-bit field, bits [7:4]: `src1`, a shift's amount (its bits [2:0]), a
    /// `bnz` target, and for a load or store its mode (bits [7:6]) and `src1` (bits [5:4]).
    pub const B: u32 = 4;
    /// The third register field, bits [3:0]: `dst`, or a store's `src2`.
    pub const C: u32 = 0;
    /// A load's or store's mode, bits [7:6] (`00` plain, `01` `_sync`, `1x` illegal).
    pub const MODE: u32 = 6;
    /// `set_const`'s constant, bits [11:4].
    pub const VALUE: u32 = 4;
}

/// Plain or atomic-sequence memory access: instruction bits [7:6] = `00` or `01`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemMode {
    Plain = 0,
    Sync = 1,
}

/// One decoded, legal instruction of MACHINE.md §4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Instruction {
    /// `nop`
    Nop,
    /// `add|sub|mul|div|cmpge|and|or|xor src0, src1, dst`
    Alu {
        op: AluOp,
        src0: Reg,
        src1: Reg,
        dst: Reg,
    },
    /// `rshft|lshft src0, imm, dst`, imm 0–7
    Shift {
        dir: ShiftDir,
        src0: Reg,
        imm: u8,
        dst: Reg,
    },
    /// `ld [src0, src1], dst` / `ld_sync …`; src1 is r0–r3
    Load {
        mode: MemMode,
        src0: Reg,
        src1: Reg,
        dst: Reg,
    },
    /// `set_const value, dst`; for dst r0–r7 the hardware writes core_id instead
    SetConst { value: u8, dst: Reg },
    /// `st [src0, src1], src2` / `st_sync …`; src1 is r0–r3
    Store {
        mode: MemMode,
        src0: Reg,
        src1: Reg,
        src2: Reg,
    },
    /// `bnz src0, target`, target an instruction index 0–15
    Bnz { src0: Reg, target: u8 },
    /// `ready`
    Ready,
}

/// The result of decoding a 16-bit word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decoded {
    Legal(Instruction),
    /// A load (`is_store == false`) or store with mode bits `10`/`11`: MACHINE.md §7 `ILLEGAL_INSN`.
    Illegal {
        is_store: bool,
        mode: u8,
    },
}

/// The 4-bit field of `word` whose lowest bit is `at` (a [`field`] position).
fn nibble(word: u16, at: u32) -> u16 {
    (word >> at) & 0xf
}

/// Decodes a 16-bit instruction word.
pub fn decode(word: u16) -> Decoded {
    let opc = nibble(word, field::OPCODE);
    let a = Reg::from_field(nibble(word, field::A));
    let b_field = nibble(word, field::B);
    let c = Reg::from_field(nibble(word, field::C));
    let mem = |store: bool| -> Decoded {
        let mode = ((word >> field::MODE) & 3) as u8;
        let src1 = Reg::from_field(b_field & 3);
        let mode = match mode {
            0 => MemMode::Plain,
            1 => MemMode::Sync,
            m => {
                return Decoded::Illegal {
                    is_store: store,
                    mode: m,
                }
            }
        };
        Decoded::Legal(if store {
            Instruction::Store {
                mode,
                src0: a,
                src1,
                src2: c,
            }
        } else {
            Instruction::Load {
                mode,
                src0: a,
                src1,
                dst: c,
            }
        })
    };
    let insn = match opc {
        opcode::NOP => Instruction::Nop,
        opcode::RSHFT | opcode::LSHFT => Instruction::Shift {
            dir: if opc == opcode::RSHFT {
                ShiftDir::Right
            } else {
                ShiftDir::Left
            },
            src0: a,
            imm: (b_field & 7) as u8,
            dst: c,
        },
        opcode::LD => return mem(false),
        opcode::ST => return mem(true),
        opcode::SET_CONST => Instruction::SetConst {
            value: ((word >> field::VALUE) & 0xff) as u8,
            dst: c,
        },
        opcode::BNZ => Instruction::Bnz {
            src0: a,
            target: b_field as u8,
        },
        opcode::READY => Instruction::Ready,
        _ => Instruction::Alu {
            op: *AluOp::ALL
                .iter()
                .find(|op| **op as u16 == opc)
                .expect("every remaining opcode is an ALU op"),
            src0: a,
            src1: Reg::from_field(b_field),
            dst: c,
        },
    };
    Decoded::Legal(insn)
}

impl Instruction {
    /// The registers the instruction reads (a shift's amount and a constant are not
    /// registers).
    pub fn reads(&self) -> Vec<Reg> {
        match *self {
            Instruction::Alu { src0, src1, .. } | Instruction::Load { src0, src1, .. } => {
                vec![src0, src1]
            }
            Instruction::Shift { src0, .. } | Instruction::Bnz { src0, .. } => vec![src0],
            Instruction::Store {
                src0, src1, src2, ..
            } => vec![src0, src1, src2],
            Instruction::Nop | Instruction::SetConst { .. } | Instruction::Ready => vec![],
        }
    }

    /// The registers the instruction writes: `mul` its destination and the next one.
    pub fn writes(&self) -> Vec<Reg> {
        match *self {
            Instruction::Alu {
                op: AluOp::Mul,
                dst,
                ..
            } => vec![dst, Reg::from_field(dst.0 as u16 + 1)],
            Instruction::Alu { dst, .. }
            | Instruction::Shift { dst, .. }
            | Instruction::Load { dst, .. }
            | Instruction::SetConst { dst, .. } => vec![dst],
            Instruction::Nop
            | Instruction::Store { .. }
            | Instruction::Bnz { .. }
            | Instruction::Ready => vec![],
        }
    }

    /// The 16-bit encoding; ignored fields are written 0.
    pub fn encode(&self) -> u16 {
        let f = |opc: u16, a: u16, b: u16, c: u16| {
            (opc << field::OPCODE) | (a << field::A) | (b << field::B) | (c << field::C)
        };
        let r = |reg: Reg| reg.0 as u16;
        match *self {
            Instruction::Nop => 0,
            Instruction::Alu {
                op,
                src0,
                src1,
                dst,
            } => f(op as u16, r(src0), r(src1), r(dst)),
            Instruction::Shift {
                dir,
                src0,
                imm,
                dst,
            } => f(dir as u16, r(src0), (imm & 7) as u16, r(dst)),
            Instruction::Load {
                mode,
                src0,
                src1,
                dst,
            } => f(
                opcode::LD,
                r(src0),
                ((mode as u16) << (field::MODE - field::B)) | (r(src1) & 3),
                r(dst),
            ),
            Instruction::SetConst { value, dst } => {
                (opcode::SET_CONST << field::OPCODE) | ((value as u16) << field::VALUE) | r(dst)
            }
            Instruction::Store {
                mode,
                src0,
                src1,
                src2,
            } => f(
                opcode::ST,
                r(src0),
                ((mode as u16) << (field::MODE - field::B)) | (r(src1) & 3),
                r(src2),
            ),
            Instruction::Bnz { src0, target } => f(opcode::BNZ, r(src0), (target & 15) as u16, 0),
            Instruction::Ready => opcode::READY << field::OPCODE,
        }
    }
}

/// True when `word` decodes to a legal instruction that encodes back to `word` exactly.
pub fn is_canonical(word: u16) -> bool {
    matches!(decode(word), Decoded::Legal(i) if i.encode() == word)
}

impl fmt::Display for Instruction {
    /// Assembler syntax (docs/ASSEMBLY.md); bnz targets as numbers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sync = |m: MemMode| if m == MemMode::Sync { "_sync" } else { "" };
        match *self {
            Instruction::Nop => write!(f, "nop"),
            Instruction::Alu {
                op,
                src0,
                src1,
                dst,
            } => write!(f, "{} {src0}, {src1}, {dst}", op.mnemonic()),
            Instruction::Shift {
                dir,
                src0,
                imm,
                dst,
            } => write!(f, "{} {src0}, {imm}, {dst}", dir.mnemonic()),
            Instruction::Load {
                mode,
                src0,
                src1,
                dst,
            } => write!(f, "ld{} [{src0}, {src1}], {dst}", sync(mode)),
            Instruction::SetConst { value, dst } => write!(f, "set_const {value:#04x}, {dst}"),
            Instruction::Store {
                mode,
                src0,
                src1,
                src2,
            } => write!(f, "st{} [{src0}, {src1}], {src2}", sync(mode)),
            Instruction::Bnz { src0, target } => write!(f, "bnz {src0}, {target}"),
            Instruction::Ready => write!(f, "ready"),
        }
    }
}

/// Shared-memory geometry (MACHINE.md §5).
pub mod sm {
    /// Number of banks.
    pub const BANKS: usize = 16;
    /// Rows (bytes) per bank.
    pub const ROWS: usize = 256;
    /// Bytes of shared memory.
    pub const BYTES: usize = BANKS * ROWS;

    /// `ADDR[11:0] = {RF[src1][3:0], RF[src0][7:0]}` (MACHINE.md §4).
    pub fn address(src0_value: u8, src1_value: u8) -> u16 {
        (((src1_value & 0xf) as u16) << 8) | src0_value as u16
    }

    /// The bank of an address: `ADDR[11:8]`.
    pub fn bank(addr: u16) -> usize {
        ((addr >> 8) & 0xf) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_decodes_and_canonical_words_round_trip() {
        let mut canonical = 0;
        for word in 0..=u16::MAX {
            match decode(word) {
                Decoded::Legal(i) => {
                    if i.encode() == word {
                        canonical += 1;
                    }
                    // Re-decoding the canonical form gives the same instruction.
                    assert_eq!(decode(i.encode()), Decoded::Legal(i));
                }
                Decoded::Illegal { mode, .. } => assert!(mode >= 2),
            }
        }
        // ALU: 8 ops x 4096; shifts 2 x 16*8*16; ld/st 2 x 2 modes x 16*4*16;
        // set_const 4096 (the constant is kept even where r0-r7 ignore it); bnz 16*16;
        // nop; ready.
        let expected = 8 * 4096 + 2 * 2048 + 2 * 2 * 1024 + 4096 + 256 + 2;
        assert_eq!(canonical, expected);
    }

    #[test]
    fn mode_bits_select_sync_and_illegal() {
        assert_eq!(
            decode(0xb123),
            Decoded::Legal(Instruction::Load {
                mode: MemMode::Plain,
                src0: Reg(1),
                src1: Reg(2),
                dst: Reg(3)
            })
        );
        assert!(matches!(
            decode(0xb163),
            Decoded::Legal(Instruction::Load {
                mode: MemMode::Sync,
                ..
            })
        ));
        assert_eq!(
            decode(0xd1a3),
            Decoded::Illegal {
                is_store: true,
                mode: 2
            }
        );
        assert_eq!(
            decode(0xb1e3),
            Decoded::Illegal {
                is_store: false,
                mode: 3
            }
        );
    }
}
