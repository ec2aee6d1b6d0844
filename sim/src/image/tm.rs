//! Task Memory images (`*.tm.hex`): one 64-bit task line per line, line 4f+k = task line k
//! of frame f. The program length L is the number of task lines / 4: the highest task line
//! written, plus one (lines skipped by `@addr` are 0).

use super::hex::read_words;
use crate::diag::SourceError;
use crate::frame::{cf_warnings, Frame, MAX_FRAMES, TASK_LINES};
use std::fmt::Write;

/// Parses a TM image into its frames (1–64).
pub fn parse(text: &str) -> Result<Vec<Frame>, SourceError> {
    parse_with_warnings(text).map(|(frames, _)| frames)
}

/// Parses a TM image into its frames, with what tools warn about in its CFs
/// ([`cf_warnings`]) at the line of each CF's first task line.
pub fn parse_with_warnings(text: &str) -> Result<(Vec<Frame>, Vec<SourceError>), SourceError> {
    let words = read_words(text, 16, MAX_FRAMES * TASK_LINES)?;
    let frames = frames_of(&words)?;
    let line_of = |task_line: usize| words.iter().find(|w| w.0 == task_line).map_or(0, |w| w.2);
    let warnings = cf_warnings(&frames)
        .into_iter()
        .map(|(f, w)| {
            SourceError::new(line_of(f * TASK_LINES), 0, format!("frame {f} (a CF): {w}"))
        })
        .collect();
    Ok((frames, warnings))
}

/// The frames of the words read from an image.
fn frames_of(words: &[(usize, u64, usize)]) -> Result<Vec<Frame>, SourceError> {
    let Some(&(_, _, last_line)) = words.iter().max_by_key(|w| w.0) else {
        return Err(SourceError::new(1, 0, "the image holds no task lines"));
    };
    let count = words.iter().map(|w| w.0).max().unwrap() + 1;
    if count % TASK_LINES != 0 {
        return Err(SourceError::new(
            last_line,
            0,
            format!("{count} task lines is not a whole number of frames (4 task lines each)"),
        ));
    }
    let mut lines = vec![0u64; count];
    for &(addr, value, _) in words {
        lines[addr] = value;
    }
    Ok(lines
        .chunks(TASK_LINES)
        .map(|c| Frame::from_task_lines(c.try_into().unwrap()))
        .collect())
}

/// Writes frames as a TM image: exactly 4 lines of 16 hex digits per frame.
pub fn write(frames: &[Frame]) -> String {
    let mut s = String::with_capacity(frames.len() * TASK_LINES * 17);
    for f in frames {
        for k in 0..TASK_LINES {
            writeln!(s, "{:016x}", f.task_line(k)).unwrap();
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let w = |v: u64| format!("{v:016x}");
        let text = format!(
            "// one CF\n000000000f0f0044\n{}\n@3 {}\n{}\n\n{} // frame 1\n{}\n{}\n",
            w(0),
            w(0),
            w(1),
            w(2),
            w(3),
            w(4)
        );
        let text = text.as_str();
        let frames = parse(text).unwrap();
        assert_eq!(frames.len(), 2);
        assert_eq!(frames[0].task_line(0), 0x0f0f0044);
        assert_eq!(frames[1].task_line(3), 4);
        assert_eq!(parse(&write(&frames)).unwrap(), frames);

        assert_eq!(
            parse(&format!("{}\n{}\n{}\n", w(1), w(2), w(3)))
                .unwrap_err()
                .line,
            3
        );
        let e = parse(&format!("{}\n\n  xyz\n", w(1))).unwrap_err();
        assert_eq!((e.line, e.col), (3, 3));
        assert!(parse("11112222333344445\n")
            .unwrap_err()
            .message
            .contains("exactly 16"));
        // MACHINE.md §8: 16 digits, not fewer either (`$readmemh` would take it).
        let e = parse(&format!("{}\n00000000ffff\n", w(1))).unwrap_err();
        assert_eq!((e.line, e.col), (2, 1));
        assert!(e.message.contains("12 hex digits"), "{e}");
        assert!(parse("@100\n")
            .unwrap_err()
            .message
            .contains("past the end"));
        let too_many = format!("{}\n", w(0)).repeat(257);
        assert_eq!(parse(&too_many).unwrap_err().line, 257);
        assert!(parse("// nothing\n").is_err());
        let binary = format!("{:064b}\n", 0x0f0f0044u64);
        let e = parse(&binary).unwrap_err();
        assert_eq!((e.line, e.col), (1, 1));
        assert!(e.message.contains("`$readmemb` image"), "{e}");
    }

    #[test]
    fn control_frames_are_warned_about_at_their_line() {
        // A CF with fence 3 and IF_Num 1 at the end of the program, after a comment line.
        let text = format!(
            "// odd\n{:016x}\n{}",
            0x0001_00c1u64,
            "0000000000000000\n".repeat(3)
        );
        let (frames, warnings) = parse_with_warnings(&text).unwrap();
        assert_eq!(frames.len(), 1);
        let said: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
        assert_eq!(
            said,
            [
                "2: frame 0 (a CF): fence 3 is reserved: the run stops here with BAD_FENCE",
                "2: frame 0 (a CF): IF_Num 1 runs past the end of the program: the run stops \
                 here with TRUNCATED"
            ]
        );
    }
}
