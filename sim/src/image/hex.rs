//! The `$readmemh` text format both images share: hex words, `//` comments, blank lines and
//! `@addr` directives.

use crate::diag::SourceError;

/// Reads `text` as words of exactly `digits` hex digits (MACHINE.md §8: 16 for a task line, 2 for
/// a byte; `$writememh` pads to the word's width too) into a memory of `depth` words.
/// Returns the words written, as `(address, value, line)`, in file order.
pub fn read_words(
    text: &str,
    digits: usize,
    depth: usize,
) -> Result<Vec<(usize, u64, usize)>, SourceError> {
    let mut out = Vec::new();
    let mut addr = 0usize;
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let code = raw.split("//").next().unwrap_or("");
        for (col, token) in words_with_columns(code) {
            let (is_addr, hex) = match token.strip_prefix('@') {
                Some(rest) => (true, rest),
                None => (false, token),
            };
            let len = hex.chars().filter(|&c| c != '_').count();
            if len == 0 || !hex.chars().all(|c| c == '_' || c.is_ascii_hexdigit()) {
                return Err(SourceError::new(
                    line,
                    col,
                    format!("`{token}` is not a hex number"),
                ));
            }
            let binary = hex.chars().all(|c| matches!(c, '0' | '1' | '_'));
            if !is_addr && len != digits && binary && len == 4 * digits {
                return Err(SourceError::new(
                    line,
                    col,
                    format!(
                        "`{token}` is {len} binary digits: this looks like a `$readmemb` image, \
                         but images are hex (MACHINE.md §8: {digits} hex digits per word); write each \
                         word in hex"
                    ),
                ));
            }
            if !is_addr && len != digits {
                return Err(SourceError::new(
                    line,
                    col,
                    format!(
                        "`{token}` has {len} hex digits; each word of this image has exactly \
                         {digits}"
                    ),
                ));
            }
            let value = parse_hex(hex).ok_or_else(|| {
                SourceError::new(line, col, format!("`{token}` is not a hex number"))
            })?;
            if is_addr {
                addr = usize::try_from(value).unwrap_or(usize::MAX);
                if addr >= depth {
                    return Err(SourceError::new(
                        line,
                        col,
                        format!("address @{hex} is past the end (the memory has {depth} words)"),
                    ));
                }
            } else {
                if addr >= depth {
                    return Err(SourceError::new(
                        line,
                        col,
                        format!("too many words: the memory has {depth}"),
                    ));
                }
                out.push((addr, value, line));
                addr += 1;
            }
        }
    }
    Ok(out)
}

/// The whitespace-separated words of `code` with their 1-based (character) columns.
fn words_with_columns(code: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start = None;
    for (col, (byte, c)) in code.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((col + 1, byte)),
            (true, Some((scol, sbyte))) => {
                words.push((scol, &code[sbyte..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((scol, sbyte)) = start {
        words.push((scol, &code[sbyte..]));
    }
    words
}

fn parse_hex(s: &str) -> Option<u64> {
    let digits: String = s.chars().filter(|&c| c != '_').collect();
    if digits.is_empty() || digits.len() > 16 {
        return None;
    }
    u64::from_str_radix(&digits, 16).ok()
}
