//! The end-of-run status and the error codes of SPEC §7.

use std::fmt;

/// An error of SPEC §7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// A CF with fence 3.
    BadFence,
    /// A CF whose `IF_Num` runs past frame L-1.
    Truncated,
    /// A load/store with mode bits `10`/`11`.
    IllegalInsn,
    /// A broken atomic sequence (SPEC §6).
    AtomicViolation,
    /// The run exceeded the host's cycle limit.
    Timeout,
}

impl ErrorCode {
    /// The name printed in the status line.
    pub fn name(self) -> &'static str {
        match self {
            ErrorCode::BadFence => "BAD_FENCE",
            ErrorCode::Truncated => "TRUNCATED",
            ErrorCode::IllegalInsn => "ILLEGAL_INSN",
            ErrorCode::AtomicViolation => "ATOMIC_VIOLATION",
            ErrorCode::Timeout => "TIMEOUT",
        }
    }
}

/// Where a core error happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CoreFault {
    pub core: u8,
    pub ip: u8,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Ok,
    /// The first error: its code, the frame (for a core error, the IF its task came from; for
    /// `TIMEOUT`, TP when the run stopped) and, for core errors, core and IP.
    Error {
        code: ErrorCode,
        frame: u8,
        fault: Option<CoreFault>,
    },
}

impl Status {
    /// The CLI's exit status (SPEC §9): 0 ok, 2 machine error, 3 `TIMEOUT`.
    pub fn exit_code(&self) -> i32 {
        match self {
            Status::Ok => 0,
            Status::Error {
                code: ErrorCode::Timeout,
                ..
            } => 3,
            Status::Error { .. } => 2,
        }
    }

    /// The status line of SPEC §9 for a run of `cycles` cycles.
    pub fn line(&self, cycles: u64) -> String {
        format!("status: {self} cycles: {cycles}")
    }

    /// Reads a SPEC §9 status line back: the status and the cycles.
    pub fn parse_line(line: &str) -> Option<(Status, u64)> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let cycles = match words.as_slice() {
            [.., "cycles:", n] => n.parse().ok()?,
            _ => return None,
        };
        let status = match words.as_slice() {
            ["status:", "ok", "cycles:", _] => Status::Ok,
            ["status:", "error", code, "frame:", f, rest @ ..] => {
                let code = [
                    ErrorCode::BadFence,
                    ErrorCode::Truncated,
                    ErrorCode::IllegalInsn,
                    ErrorCode::AtomicViolation,
                    ErrorCode::Timeout,
                ]
                .into_iter()
                .find(|c| c.name() == *code)?;
                let fault = match rest {
                    ["core:", c, "ip:", i, "cycles:", _] => Some(CoreFault {
                        core: c.parse().ok()?,
                        ip: i.parse().ok()?,
                    }),
                    ["cycles:", _] => None,
                    _ => return None,
                };
                Status::Error {
                    code,
                    frame: f.parse().ok()?,
                    fault,
                }
            }
            _ => return None,
        };
        Some((status, cycles))
    }
}

impl fmt::Display for Status {
    /// `ok` or `error CODE frame: F [core: C ip: I]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ok => write!(f, "ok"),
            Status::Error { code, frame, fault } => {
                write!(f, "error {} frame: {frame}", code.name())?;
                if let Some(CoreFault { core, ip }) = fault {
                    write!(f, " core: {core} ip: {ip}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_lines_read_back() {
        let cases = [
            Status::Ok,
            Status::Error {
                code: ErrorCode::AtomicViolation,
                frame: 3,
                fault: Some(CoreFault { core: 7, ip: 15 }),
            },
            Status::Error {
                code: ErrorCode::Timeout,
                frame: 9,
                fault: None,
            },
        ];
        for s in cases {
            assert_eq!(Status::parse_line(&s.line(42)), Some((s, 42)));
        }
        assert_eq!(Status::parse_line("status: maybe cycles: 3"), None);
        assert_eq!(Status::parse_line("hello"), None);
    }
}
