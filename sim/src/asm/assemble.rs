//! The assembler: source text (docs/ASSEMBLY.md) to Task Memory frames.

use super::cursor::{parse_reg, Cursor};
use super::lexer::tokenize;
use super::operands::{parse_cf, parse_instruction, Slot, Target};
use crate::diag::SourceError;
use crate::frame::{CfWarning, ControlFrame, Frame, CORES, IF_INSNS, MAX_FRAMES};
use crate::isa::Instruction;
use std::collections::HashMap;

/// An assembled program and the warnings met on the way.
#[derive(Clone, Debug)]
pub struct Assembled {
    /// The program: frame 0 is a CF; 1–64 frames.
    pub frames: Vec<Frame>,
    /// Where each frame is in the source.
    pub source: Vec<FrameSource>,
    /// Legal but suspicious source (e.g. a constant `set_const` ignores).
    pub warnings: Vec<SourceError>,
}

/// Where a frame is in the source: the line of its directive (`.cf`, `.cf_raw`, `.if`) and,
/// for an IF, the line of each instruction written, IP 0 first (the IPs after them hold the
/// padding `nop`s). Lines count from 1.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FrameSource {
    pub line: usize,
    pub insns: Vec<usize>,
}

/// Assembles `source` for the 16-core GPU; the first error stops it.
pub fn assemble(source: &str) -> Result<Assembled, SourceError> {
    assemble_for(source, CORES)
}

/// Assembles `source` for a GPU of `cores` cores (1–16, MACHINE.md §1): `CORES` is `cores`,
/// `mask=all` names cores 0..`cores`-1, and a mask or `.init` naming another core is an
/// error. `.cf_raw` is taken as it is.
pub fn assemble_for(source: &str, cores: usize) -> Result<Assembled, SourceError> {
    assert!((1..=CORES).contains(&cores), "a GPU has 1–16 cores");
    let mut asm = Assembler {
        cores,
        ..Assembler::default()
    };
    for (n, text) in source.lines().enumerate() {
        asm.line(n + 1, text)?;
    }
    asm.finish(source.lines().count().max(1))
}

/// A control frame being assembled: where it is and how its `IF_Num` is known.
struct OpenCf {
    frame: usize,
    line: usize,
    /// `IF_Num` given in the source (`if_num=` or a raw CF); otherwise it is counted.
    declared: Option<u8>,
    raw: bool,
    ifs: usize,
}

struct OpenIf {
    frame: usize,
    slots: Vec<Slot>,
    labels: HashMap<String, (usize, usize)>,
}

#[derive(Default)]
struct Assembler {
    frames: Vec<Frame>,
    source: Vec<FrameSource>,
    warnings: Vec<SourceError>,
    cf: Option<OpenCf>,
    cur_if: Option<OpenIf>,
    /// Labels seen before the line's statement (they name the next instruction).
    pending_labels: Vec<(String, usize, usize)>,
    /// N, the cores the program is assembled for.
    cores: usize,
}

impl Assembler {
    fn line(&mut self, line: usize, text: &str) -> Result<(), SourceError> {
        let toks = tokenize(text, line)?;
        let mut c = Cursor::new(&toks, line, text.chars().count() + 1, self.cores);
        // Labels: `name:` (any number of them).
        while let Some((name, col)) = c.label() {
            if name.starts_with('.') || parse_reg(&name).is_some() {
                return Err(SourceError::new(
                    line,
                    col,
                    format!("`{name}` cannot be a label"),
                ));
            }
            self.pending_labels.push((name, line, col));
        }
        if c.at_end() {
            return Ok(());
        }
        let col = c.col();
        let (word, _) = c.name("a mnemonic or directive")?;
        let word = word.to_ascii_lowercase();
        if word.starts_with('.') {
            self.directive(&word, line, col, &mut c)
        } else {
            let slot = parse_instruction(&word, line, col, &mut c, &mut self.warnings)?;
            c.end()?;
            self.push_slot(slot, line, col)
        }
    }

    fn directive(
        &mut self,
        word: &str,
        line: usize,
        col: usize,
        c: &mut Cursor,
    ) -> Result<(), SourceError> {
        match word {
            ".cf" => {
                let (fields, declared) = parse_cf(line, col, c, &mut self.warnings)?;
                self.open_cf(fields.encode(), declared, false, line, col)
            }
            ".cf_raw" => {
                let mut lines = [0u64; 4];
                for l in lines.iter_mut() {
                    *l = c.number("a 64-bit task line", u64::MAX)?;
                }
                c.end()?;
                let frame = Frame::from_task_lines(lines);
                let if_num = ControlFrame::decode(&frame).if_num;
                self.open_cf(frame, Some(if_num), true, line, col)
            }
            ".init" => {
                let cf = self
                    .cf
                    .as_ref()
                    .filter(|_| self.cur_if.is_none())
                    .ok_or_else(|| {
                        SourceError::new(
                            line,
                            col,
                            "`.init` belongs after a `.cf`, before its first `.if`",
                        )
                    })?;
                if cf.raw {
                    return Err(SourceError::new(
                        line,
                        col,
                        "`.init` cannot change a `.cf_raw`",
                    ));
                }
                let frame = cf.frame;
                let mut fields = ControlFrame::decode(&self.frames[frame]);
                if c.at_end() {
                    return Err(c.error("expected CORE=VALUE pairs"));
                }
                while !c.at_end() {
                    let core = c.number("a core number", self.cores as u64 - 1)? as usize;
                    c.punct('=')?;
                    let value = c.number("an R0 value", 255)? as u8;
                    fields.init_r0_vect |= 1 << core;
                    fields.init_r0[core] = value;
                    if fields.core_active_vect & (1 << core) == 0 {
                        self.warnings.push(SourceError::new(
                            line,
                            col,
                            CfWarning::StrayR0 { core }.to_string(),
                        ));
                    }
                }
                self.frames[frame] = fields.encode();
                Ok(())
            }
            ".if" => {
                c.end()?;
                self.close_if()?;
                let cf = self.cf.as_mut().ok_or_else(|| {
                    SourceError::new(
                        line,
                        col,
                        "an instruction frame (`.if`) needs a `.cf` before it",
                    )
                })?;
                if cf.declared.is_some_and(|n| cf.ifs == n as usize) {
                    return Err(SourceError::new(
                        line,
                        col,
                        format!(
                            "IF_Num mismatch: the control frame at line {} declares {} instruction frames",
                            cf.line, cf.ifs
                        ),
                    ));
                }
                cf.ifs += 1;
                let frame = self.new_frame(line, col)?;
                self.cur_if = Some(OpenIf {
                    frame,
                    slots: Vec::new(),
                    labels: HashMap::new(),
                });
                Ok(())
            }
            ".hword" => {
                let w = c.number("a 16-bit instruction word", 0xffff)? as u16;
                c.end()?;
                self.push_slot(Slot::Word(w), line, col)
            }
            _ => Err(SourceError::new(
                line,
                col,
                format!("unknown directive `{word}` (.cf, .cf_raw, .init, .if, .hword)"),
            )),
        }
    }

    /// Opens a CF: from `.cf` (`declared` if it gave `if_num=`) or from `.cf_raw` (`raw`,
    /// declaring the frame's own `IF_Num`).
    fn open_cf(
        &mut self,
        frame: Frame,
        declared: Option<u8>,
        raw: bool,
        line: usize,
        col: usize,
    ) -> Result<(), SourceError> {
        self.close_if()?;
        self.close_cf(false)?;
        let index = self.new_frame(line, col)?;
        let fields = ControlFrame::decode(&frame);
        self.frames[index] = frame;
        if raw && fields.fence().is_none() {
            self.warnings.push(SourceError::new(
                line,
                col,
                CfWarning::ReservedFence.to_string(),
            ));
        }
        if raw && ControlFrame::reserved_bits_set(&frame) {
            self.warnings.push(SourceError::new(
                line,
                col,
                CfWarning::ReservedBits.to_string(),
            ));
        }
        self.cf = Some(OpenCf {
            frame: index,
            line,
            declared,
            raw,
            ifs: 0,
        });
        Ok(())
    }

    /// Appends a zero frame; fails past 64 frames.
    fn new_frame(&mut self, line: usize, col: usize) -> Result<usize, SourceError> {
        if self.frames.len() == MAX_FRAMES {
            return Err(SourceError::new(
                line,
                col,
                format!("the program is over {MAX_FRAMES} frames (Task Memory holds {MAX_FRAMES})"),
            ));
        }
        self.frames.push(Frame::default());
        self.source.push(FrameSource {
            line,
            insns: Vec::new(),
        });
        Ok(self.frames.len() - 1)
    }

    fn push_slot(&mut self, slot: Slot, line: usize, col: usize) -> Result<(), SourceError> {
        let open = self.cur_if.as_mut().ok_or_else(|| {
            SourceError::new(
                line,
                col,
                "an instruction must be inside an instruction frame (`.if`)",
            )
        })?;
        if open.slots.len() == IF_INSNS {
            return Err(SourceError::new(
                line,
                col,
                "an instruction frame holds at most 16 instructions",
            ));
        }
        for (name, l, c) in self.pending_labels.drain(..) {
            if let Some((first, _)) = open.labels.get(&name) {
                return Err(SourceError::new(
                    l,
                    c,
                    format!("duplicate label `{name}` (first defined at line {first})"),
                ));
            }
            open.labels.insert(name, (l, open.slots.len()));
        }
        open.slots.push(slot);
        self.source[open.frame].insns.push(line);
        Ok(())
    }

    /// Resolves the labels of the open IF and writes its frame.
    fn close_if(&mut self) -> Result<(), SourceError> {
        let Some(mut open) = self.cur_if.take() else {
            return Ok(());
        };
        // A label after the last instruction names the padding `nop` that follows it.
        for (name, l, c) in self.pending_labels.drain(..) {
            if open.slots.len() == IF_INSNS {
                return Err(SourceError::new(
                    l,
                    c,
                    format!("label `{name}` is past instruction 15"),
                ));
            }
            if let Some((first, _)) = open.labels.get(&name) {
                return Err(SourceError::new(
                    l,
                    c,
                    format!("duplicate label `{name}` (first defined at line {first})"),
                ));
            }
            open.labels.insert(name, (l, open.slots.len()));
        }
        let mut words = [0u16; IF_INSNS];
        for (w, slot) in words.iter_mut().zip(&open.slots) {
            *w = match slot {
                Slot::Word(w) => *w,
                Slot::Bnz(src0, target) => {
                    let target = match target {
                        Target::Index(i) => *i,
                        Target::Label(name, l, c) => {
                            open.labels.get(name).ok_or_else(|| {
                                SourceError::new(*l, *c, format!("undefined label `{name}` (labels are local to their `.if`)"))
                            })?.1 as u8
                        }
                    };
                    Instruction::Bnz {
                        src0: *src0,
                        target,
                    }
                    .encode()
                }
            };
        }
        self.frames[open.frame] = Frame::from_words(&words);
        Ok(())
    }

    /// Checks and writes the `IF_Num` of the open CF. `at_end`: no more source follows.
    fn close_cf(&mut self, at_end: bool) -> Result<(), SourceError> {
        let Some(cf) = self.cf.take() else {
            return Ok(());
        };
        match cf.declared {
            Some(n) if (n as usize) > cf.ifs => {
                if at_end && cf.raw {
                    self.warnings.push(SourceError::new(
                        cf.line,
                        0,
                        CfWarning::Truncated { if_num: n }.to_string(),
                    ));
                } else {
                    return Err(SourceError::new(
                        cf.line,
                        0,
                        format!(
                            "IF_Num mismatch: IF_Num is {n} but {} instruction frames follow",
                            cf.ifs
                        ),
                    ));
                }
            }
            Some(_) => {}
            None => {
                let mut fields = ControlFrame::decode(&self.frames[cf.frame]);
                fields.if_num = cf.ifs as u8;
                self.frames[cf.frame] = fields.encode();
            }
        }
        Ok(())
    }

    fn finish(mut self, last_line: usize) -> Result<Assembled, SourceError> {
        if let Some((name, l, c)) = self.pending_labels.first() {
            if self.cur_if.is_none() {
                return Err(SourceError::new(
                    *l,
                    *c,
                    format!("label `{name}` names no instruction"),
                ));
            }
        }
        self.close_if()?;
        self.close_cf(true)?;
        if self.frames.is_empty() {
            return Err(SourceError::new(
                last_line,
                0,
                "the program has no frames (start with `.cf`)",
            ));
        }
        let mut warnings = self.warnings;
        warnings.extend(super::unwritten::unwritten_reads(
            &self.frames,
            &self.source,
        ));
        warnings.sort_by_key(|w| (w.line, w.col));
        Ok(Assembled {
            frames: self.frames,
            source: self.source,
            warnings,
        })
    }
}
