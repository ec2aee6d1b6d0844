//! The end-of-run status and the error codes of MACHINE.md §7.

use std::fmt;

/// An error of MACHINE.md §7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// A CF with fence 3.
    BadFence,
    /// A CF whose `IF_Num` runs past frame L-1.
    Truncated,
    /// A load/store with mode bits `10`/`11`.
    IllegalInsn,
    /// A broken atomic sequence (MACHINE.md §6).
    AtomicViolation,
    /// The run exceeded the host's cycle limit.
    Timeout,
    /// A CF names a core that a build with N < 16 cores lacks (MACHINE.md §1).
    NoCore,
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
            ErrorCode::NoCore => "NO_CORE",
        }
    }
}

impl ErrorCode {
    /// The code the hardware reports this error with (the GPU's `status_code`, the board's
    /// status): 1–6, 0 being ok. One definition for the RTL, its drivers and the host.
    pub const fn hardware_code(self) -> u8 {
        match self {
            ErrorCode::BadFence => 1,
            ErrorCode::Truncated => 2,
            ErrorCode::IllegalInsn => 3,
            ErrorCode::AtomicViolation => 4,
            ErrorCode::Timeout => 5,
            ErrorCode::NoCore => 6,
        }
    }

    /// Every error, in hardware code order.
    pub const ALL: [ErrorCode; 6] = [
        ErrorCode::BadFence,
        ErrorCode::Truncated,
        ErrorCode::IllegalInsn,
        ErrorCode::AtomicViolation,
        ErrorCode::Timeout,
        ErrorCode::NoCore,
    ];
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
    /// The status the hardware reports: its code ([`ErrorCode::hardware_code`], 0 ok), frame,
    /// core and IP (the last two kept for core errors only). A code no error has (7) reads as
    /// `TIMEOUT`.
    pub fn from_hardware(code: u8, frame: u8, core: u8, ip: u8) -> Status {
        if code == 0 {
            return Status::Ok;
        }
        let code = ErrorCode::ALL
            .into_iter()
            .find(|e| e.hardware_code() == code)
            .unwrap_or(ErrorCode::Timeout);
        let fault = matches!(code, ErrorCode::IllegalInsn | ErrorCode::AtomicViolation)
            .then_some(CoreFault { core, ip });
        Status::Error { code, frame, fault }
    }

    /// The CLI's exit status (MACHINE.md §9): 0 ok, 2 machine error, 3 `TIMEOUT`.
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

    /// The status line of MACHINE.md §9 for a run of `cycles` cycles.
    pub fn line(&self, cycles: u64) -> String {
        format!("status: {self} cycles: {cycles}")
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
    fn every_error_reads_back_from_its_hardware_code() {
        assert_eq!(Status::from_hardware(0, 5, 6, 7), Status::Ok);
        for code in ErrorCode::ALL {
            let fault = matches!(code, ErrorCode::IllegalInsn | ErrorCode::AtomicViolation)
                .then_some(CoreFault { core: 7, ip: 15 });
            assert_eq!(
                Status::from_hardware(code.hardware_code(), 3, 7, 15),
                Status::Error {
                    code,
                    frame: 3,
                    fault
                }
            );
        }
    }
}
