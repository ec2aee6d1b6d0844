//! Reading the operands of one line of assembly, with errors at the right column.

use super::lexer::{Tok, Token};
use crate::diag::SourceError;
use crate::isa::Reg;

/// The tokens of one line after its labels, and where the line ends.
pub struct Cursor<'a> {
    toks: &'a [Token],
    pos: usize,
    line: usize,
    end_col: usize,
    /// N, the cores the program is assembled for: the value of the name `CORES`.
    cores: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(toks: &'a [Token], line: usize, end_col: usize, cores: usize) -> Cursor<'a> {
        Cursor {
            toks,
            pos: 0,
            line,
            end_col,
            cores,
        }
    }

    /// N, the cores the program is assembled for.
    pub fn cores(&self) -> usize {
        self.cores
    }

    /// The line.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column of the next token (or of the end of the line).
    pub fn col(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end_col, |t| t.col)
    }

    /// An error at the next token.
    pub fn error(&self, message: impl Into<String>) -> SourceError {
        SourceError::new(self.line, self.col(), message)
    }

    /// The next token, consumed.
    pub fn next(&mut self) -> Option<&'a Token> {
        let t = self.toks.get(self.pos);
        self.pos += usize::from(t.is_some());
        t
    }

    /// The next token, not consumed.
    pub fn peek(&self) -> Option<&'a Tok> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }

    /// A label definition `name:` at the cursor, consumed.
    pub fn label(&mut self) -> Option<(String, usize)> {
        match (self.toks.get(self.pos), self.toks.get(self.pos + 1)) {
            (
                Some(Token {
                    tok: Tok::Name(n),
                    col,
                }),
                Some(Token {
                    tok: Tok::Punct(':'),
                    ..
                }),
            ) => {
                self.pos += 2;
                Some((n.clone(), *col))
            }
            _ => None,
        }
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    /// Fails unless the line is used up.
    pub fn end(&self) -> Result<(), SourceError> {
        match self.toks.get(self.pos) {
            None => Ok(()),
            Some(_) => Err(self.error("unexpected text after the operands")),
        }
    }

    pub fn punct(&mut self, c: char) -> Result<(), SourceError> {
        match self.peek() {
            Some(Tok::Punct(p)) if *p == c => {
                self.pos += 1;
                Ok(())
            }
            _ => Err(self.error(format!("expected `{c}`"))),
        }
    }

    pub fn name(&mut self, what: &str) -> Result<(String, usize), SourceError> {
        let col = self.col();
        match self.peek() {
            Some(Tok::Name(n)) => {
                self.pos += 1;
                Ok((n.clone(), col))
            }
            _ => Err(self.error(format!("expected {what}"))),
        }
    }

    /// A number no greater than `max`, or `CORES` (N, the cores the program is assembled for).
    pub fn number(&mut self, what: &str, max: u64) -> Result<u64, SourceError> {
        match self.peek() {
            Some(Tok::Name(n)) if n.eq_ignore_ascii_case("cores") && self.cores as u64 <= max => {
                self.pos += 1;
                Ok(self.cores as u64)
            }
            Some(Tok::Num(v)) if *v <= max => {
                self.pos += 1;
                Ok(*v)
            }
            Some(Tok::Num(v)) => Err(self.error(format!("{what} {v} is out of range (0–{max})"))),
            _ => Err(self.error(format!("expected {what} (a number)"))),
        }
    }

    /// A register `r0`–`r15`.
    pub fn reg(&mut self) -> Result<Reg, SourceError> {
        let col = self.col();
        let (name, _) = self.name("a register r0–r15")?;
        parse_reg(&name).ok_or_else(|| {
            SourceError::new(
                self.line,
                col,
                format!("`{name}` is not a register (r0–r15)"),
            )
        })
    }

    /// A register then a comma.
    pub fn reg_comma(&mut self) -> Result<Reg, SourceError> {
        let r = self.reg()?;
        self.punct(',')?;
        Ok(r)
    }
}

/// `r0`…`r15` (case-insensitive).
pub fn parse_reg(name: &str) -> Option<Reg> {
    let digits = name.strip_prefix(['r', 'R'])?;
    if digits.is_empty() || digits.len() > 2 || (digits.len() == 2 && digits.starts_with('0')) {
        return None;
    }
    Reg::new(digits.parse().ok()?)
}
