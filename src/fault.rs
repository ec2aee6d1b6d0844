//! Where a run's error is in the learner's own source: the line under the status line that
//! names `file:line` and the text there, for an assembled program (a hex image has no
//! lines to name).
//!
//! - A core's fault (`ILLEGAL_INSN`, `ATOMIC_VIOLATION`: the status names its core and IP)
//!   is the instruction at that IP of the frame.
//! - Any other error names a frame (docs/MACHINE.md §9): the line of its `.cf` or `.if`.
//! - A `TIMEOUT` whose frame is one past the last names no line: every frame had been
//!   handed out ([`crate::limit::timeout_notes`] says so).

use crate::input::Source;
use gpu16_sim::run::{CoreFault, Status};
use std::path::Path;

/// `file:line` of frame `frame`'s `.cf` or `.if`, if the program has that frame.
pub fn frame_line(program: &Path, source: &Source, frame: usize) -> Option<String> {
    let line = source.frames.get(frame)?.line;
    Some(format!("{}:{line}", program.display()))
}

/// `file:line: what: text`, or `None` when the run ended well or the place has no line.
pub fn place(status: &Status, program: &Path, source: &Source) -> Option<String> {
    let Status::Error { frame, fault, .. } = status else {
        return None;
    };
    let frame_source = source.frames.get(usize::from(*frame))?;
    let (line, what) = match fault {
        Some(CoreFault { core, ip }) => (
            *frame_source.insns.get(usize::from(*ip))?,
            format!("core {core} stopped at this instruction (frame {frame}, ip {ip})"),
        ),
        None => (frame_source.line, format!("frame {frame} starts here")),
    };
    let text = source.text.lines().nth(line - 1)?.trim();
    Some(format!("{}:{line}: {what}: {text}", program.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu16_sim::asm::assemble;
    use gpu16_sim::run::ErrorCode;

    fn source(text: &str) -> Source {
        Source {
            text: text.to_string(),
            frames: assemble(text).unwrap().source,
        }
    }

    #[test]
    fn a_core_fault_names_its_instruction_and_a_frame_error_its_directive() {
        let s = source(".cf mask=all\n.if\n  nop\n  .hword 0xb080 ; ld, mode 10\n  ready\n");
        let fault = Status::Error {
            code: ErrorCode::IllegalInsn,
            frame: 1,
            fault: Some(CoreFault { core: 2, ip: 1 }),
        };
        assert_eq!(
            place(&fault, Path::new("p.s"), &s).unwrap(),
            "p.s:4: core 2 stopped at this instruction (frame 1, ip 1): .hword 0xb080 ; ld, mode 10"
        );
        let fence = Status::Error {
            code: ErrorCode::BadFence,
            frame: 0,
            fault: None,
        };
        assert_eq!(
            place(&fence, Path::new("p.s"), &s).unwrap(),
            "p.s:1: frame 0 starts here: .cf mask=all"
        );
        // One past the last frame, and a run that ended well: no line.
        let past = Status::Error {
            code: ErrorCode::Timeout,
            frame: 2,
            fault: None,
        };
        assert_eq!(place(&past, Path::new("p.s"), &s), None);
        assert_eq!(place(&Status::Ok, Path::new("p.s"), &s), None);
    }
}
