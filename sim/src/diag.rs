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

    /// `file:line:col: warning: message`, positioned as [`SourceError::at`] positions errors.
    pub fn warning_at(&self, file: &str) -> String {
        format!("{file}:{}: warning: {}", self.position(), self.message)
    }

    /// `line:col`, or `line` when the whole line is meant.
    fn position(&self) -> String {
        if self.col > 0 {
            format!("{}:{}", self.line, self.col)
        } else {
            self.line.to_string()
        }
    }
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.position(), self.message)
    }
}

impl std::error::Error for SourceError {}
