//! Parsing the operands of an instruction or of a `.cf` directive.

use super::cursor::Cursor;
use super::lexer::Tok;
use crate::diag::SourceError;
use crate::frame::{present_cores, CfWarning, ControlFrame, Fence};
use crate::isa::{AluOp, Instruction, MemMode, Reg, ShiftDir};

/// A `bnz` target: a number, or a label resolved when its frame closes.
pub enum Target {
    Index(u8),
    /// The label, its line and column.
    Label(String, usize, usize),
}

/// One instruction slot of an instruction frame being assembled.
pub enum Slot {
    Word(u16),
    Bnz(Reg, Target),
}

/// A CF's mask: a number naming only cores the program is assembled for, or `all` (cores
/// 0..N-1).
fn parse_mask(c: &mut Cursor) -> Result<u16, SourceError> {
    let present = present_cores(c.cores());
    if matches!(c.peek(), Some(Tok::Name(n)) if n.eq_ignore_ascii_case("all")) {
        c.next();
        return Ok(present);
    }
    let col = c.col();
    let mask = c.number("a core mask (or `all`)", 0xffff)? as u16;
    let absent = mask & !present;
    if absent != 0 {
        let first = absent.trailing_zeros();
        return Err(SourceError::new(
            c.line(),
            col,
            format!(
                "mask {mask:#06x} names core {first}, but the program is assembled for {n} \
                 cores (0-{last}; --cores {n}): `mask=all` names every core there is",
                n = c.cores(),
                last = c.cores() - 1
            ),
        ));
    }
    Ok(mask)
}

/// `.cf mask=M|all [fence=no|acq|rel] [if_num=N]`: the fields, and `IF_Num` if declared.
pub fn parse_cf(
    line: usize,
    col: usize,
    c: &mut Cursor,
    warnings: &mut Vec<SourceError>,
) -> Result<(ControlFrame, Option<u8>), SourceError> {
    let mut fields = ControlFrame::default();
    let mut mask = None;
    let mut declared = None;
    while !c.at_end() {
        let (key, key_col) = c.name("`mask=`, `fence=` or `if_num=`")?;
        c.punct('=')?;
        match key.to_ascii_lowercase().as_str() {
            "mask" => mask = Some(parse_mask(c)?),
            "if_num" => declared = Some(c.number("IF_Num", 63)? as u8),
            "fence" => {
                let fence = match c.peek() {
                    Some(Tok::Name(n)) => match n.to_ascii_lowercase().as_str() {
                        "no" => Some(Fence::No),
                        "acq" => Some(Fence::Acq),
                        "rel" => Some(Fence::Rel),
                        _ => None,
                    },
                    Some(Tok::Num(n)) if *n < 3 => Fence::from_bits(*n as u8),
                    Some(Tok::Num(3)) => {
                        return Err(c.error(
                            "fence 3 is reserved (a BAD_FENCE test image can be written with `.cf_raw`)",
                        ))
                    }
                    _ => None,
                }
                .ok_or_else(|| c.error("expected a fence: no, acq or rel (0, 1, 2)"))?;
                c.next();
                fields.fence_bits = fence as u8;
            }
            _ => {
                return Err(SourceError::new(
                    line,
                    key_col,
                    format!("unknown `.cf` field `{key}` (mask, fence, if_num)"),
                ))
            }
        }
    }
    fields.core_active_vect =
        mask.ok_or_else(|| SourceError::new(line, col, "`.cf` needs `mask=`"))?;
    if fields.core_active_vect == 0 {
        warnings.push(SourceError::new(
            line,
            col,
            CfWarning::EmptyMask.to_string(),
        ));
    }
    Ok((fields, declared))
}

/// One instruction (mnemonic `word`, lower case, at `col`) and its operands.
pub fn parse_instruction(
    word: &str,
    line: usize,
    col: usize,
    c: &mut Cursor,
    warnings: &mut Vec<SourceError>,
) -> Result<Slot, SourceError> {
    if let Some(op) = AluOp::ALL.iter().find(|op| op.mnemonic() == word) {
        let (src0, src1) = (c.reg_comma()?, c.reg_comma()?);
        let dst = c.reg()?;
        return Ok(Slot::Word(
            Instruction::Alu {
                op: *op,
                src0,
                src1,
                dst,
            }
            .encode(),
        ));
    }
    let insn = match word {
        "nop" => Instruction::Nop,
        "ready" => Instruction::Ready,
        "rshft" | "lshft" => {
            let src0 = c.reg_comma()?;
            let imm = c.number("a shift amount", 7)? as u8;
            c.punct(',')?;
            Instruction::Shift {
                dir: if word == "rshft" {
                    ShiftDir::Right
                } else {
                    ShiftDir::Left
                },
                src0,
                imm,
                dst: c.reg()?,
            }
        }
        "ld" | "ld_sync" | "st" | "st_sync" => {
            let mode = if word.ends_with("_sync") {
                MemMode::Sync
            } else {
                MemMode::Plain
            };
            c.punct('[')?;
            let src0 = c.reg_comma()?;
            let src1_col = c.col();
            let src1 = c.reg()?;
            if src1.index() > 3 {
                return Err(SourceError::new(
                    line,
                    src1_col,
                    format!("the bank register of {word} must be r0–r3, not {src1}"),
                ));
            }
            c.punct(']')?;
            c.punct(',')?;
            let reg = c.reg()?;
            if word.starts_with("ld") {
                Instruction::Load {
                    mode,
                    src0,
                    src1,
                    dst: reg,
                }
            } else {
                Instruction::Store {
                    mode,
                    src0,
                    src1,
                    src2: reg,
                }
            }
        }
        "set_const" => {
            let value = c.number("an 8-bit constant", 255)? as u8;
            c.punct(',')?;
            let dst = c.reg()?;
            if dst.index() < 8 && value != 0 {
                warnings.push(SourceError::new(
                    line,
                    col,
                    format!(
                        "set_const into {dst} writes the core id: the constant {value} is ignored"
                    ),
                ));
            }
            Instruction::SetConst { value, dst }
        }
        "bnz" => {
            let src0 = c.reg_comma()?;
            let target = match c.next() {
                Some(t) => match &t.tok {
                    Tok::Num(n) if *n < 16 => Target::Index(*n as u8),
                    Tok::Num(n) => {
                        return Err(SourceError::new(
                            line,
                            t.col,
                            format!("branch target {n} is out of range (0–15)"),
                        ))
                    }
                    Tok::Name(label) => Target::Label(label.clone(), line, t.col),
                    Tok::Punct(_) => {
                        return Err(SourceError::new(line, t.col, "expected a label or 0–15"))
                    }
                },
                None => return Err(c.error("expected a label or 0–15")),
            };
            return Ok(Slot::Bnz(src0, target));
        }
        _ => {
            let hint = super::habits::idiom(word).map_or(String::new(), |i| format!(": {i}"));
            return Err(SourceError::new(
                line,
                col,
                format!("unknown mnemonic `{word}`{hint}"),
            ));
        }
    };
    Ok(Slot::Word(insn.encode()))
}
