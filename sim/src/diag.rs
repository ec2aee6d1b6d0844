//! Errors in user input (assembly source, image files) with their position.

use std::fmt;

/// A problem at a line (and column, where known) of a text the user wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column; 0 when the whole line is meant.
    pub col: usize,
    /// What is wrong, for a person.
    pub message: String,
}

impl SourceError {
    /// An error at `line`:`col`.
    pub fn new(line: usize, col: usize, message: impl Into<String>) -> SourceError {
        SourceError {
            line,
            col,
            message: message.into(),
        }
    }

    /// `file:line:col: message` (or `file:line: message` without a column).
    pub fn at(&self, file: &str) -> String {
        format!("{file}:{self}")
    }
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.col > 0 {
            write!(f, "{}:{}: {}", self.line, self.col, self.message)
        } else {
            write!(f, "{}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for SourceError {}
