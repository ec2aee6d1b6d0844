//! Splits one line of assembly into tokens with their columns.

use crate::diag::SourceError;

/// A token of the assembly language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A name: mnemonic, directive (`.cf`), register, label or key (`mask`).
    Name(String),
    /// A number: decimal, `0x` hex or `0b` binary.
    Num(u64),
    /// One of `, [ ] : =`.
    Punct(char),
}

/// A token and its 1-based column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub col: usize,
}

/// Tokenises `text` (line `line`), stopping at a `;` or `//` comment.
pub fn tokenize(text: &str, line: usize) -> Result<Vec<Token>, SourceError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        if c.is_whitespace() {
            i += 1;
        } else if c == ';' || (c == '/' && chars.get(i + 1) == Some(&'/')) {
            break;
        } else if ",[]:=".contains(c) {
            out.push(Token {
                tok: Tok::Punct(c),
                col,
            });
            i += 1;
        } else if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || "_.".contains(chars[i])) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let tok = if c.is_ascii_digit() {
                Tok::Num(parse_number(&word).ok_or_else(|| {
                    SourceError::new(line, col, format!("`{word}` is not a number"))
                })?)
            } else {
                Tok::Name(word)
            };
            out.push(Token { tok, col });
        } else {
            return Err(SourceError::new(
                line,
                col,
                format!("unexpected character `{c}`"),
            ));
        }
    }
    Ok(out)
}

/// Parses `123`, `0x7f`, `0b101` (with optional `_` separators).
pub fn parse_number(word: &str) -> Option<u64> {
    let w: String = word.chars().filter(|&c| c != '_').collect();
    let lower = w.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        u64::from_str_radix(hex, 16).ok()
    } else if let Some(bin) = lower.strip_prefix("0b") {
        u64::from_str_radix(bin, 2).ok()
    } else {
        lower.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_columns() {
        let t = tokenize("loop: ld [r1, r2], r3 ; c", 1).unwrap();
        let cols: Vec<usize> = t.iter().map(|t| t.col).collect();
        assert_eq!(cols, vec![1, 5, 7, 10, 11, 13, 15, 17, 18, 20]);
        assert_eq!(t[0].tok, Tok::Name("loop".into()));
        assert_eq!(
            tokenize("0x1F 0b101 1_000", 1).unwrap()[2].tok,
            Tok::Num(1000)
        );
        assert_eq!(tokenize("add // c", 1).unwrap().len(), 1);
        assert_eq!(tokenize("  0xZ", 4).unwrap_err().col, 3);
        assert_eq!(tokenize("a $", 4).unwrap_err().col, 3);
    }
}
