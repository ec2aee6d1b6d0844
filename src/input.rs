//! Reading the user's files: programs (assembly or TM image) and SM images, with errors that
//! name the file and line.

use anyhow::{anyhow, Context, Result};
use gpu16_sim::asm::FrameSource;
use gpu16_sim::frame::Frame;
use gpu16_sim::image::{sm, tm};
use std::path::Path;

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

/// A program as read: its frames and, when it was assembly, the source.
pub struct Program {
    pub frames: Vec<Frame>,
    pub source: Option<Source>,
}

/// An assembly program's text and where each frame is in it.
pub struct Source {
    pub text: String,
    pub frames: Vec<FrameSource>,
}

/// Assembles a source file for a GPU of `cores` cores; warnings go to standard error as
/// `file:line:col: warning: …` (`file:line: warning: …` when the whole line is meant).
pub fn assemble_file(path: &Path, cores: usize) -> Result<Program> {
    let name = path.display().to_string();
    let text = read(path)?;
    let assembled = gpu16_sim::asm::assemble_for(&text, cores).map_err(|e| anyhow!(e.at(&name)))?;
    for w in &assembled.warnings {
        eprintln!("{}", w.warning_at(&name));
    }
    Ok(Program {
        frames: assembled.frames,
        source: Some(Source {
            text,
            frames: assembled.source,
        }),
    })
}

/// Reads a TM image; what tools warn about in its CFs goes to standard error as
/// `file:line: warning: …`. An SM image in its place is named as such.
pub fn read_tm_image(path: &Path) -> Result<Vec<Frame>> {
    let name = path.display().to_string();
    let text = read(path)?;
    let (frames, warnings) = tm::parse_with_warnings(&text).map_err(|e| {
        if sm::parse(&text).is_ok() {
            anyhow!(
                "{name}: this is an SM image (shared memory, two hex digits a line), not a TM \
                 image (a program, sixteen a line): `gpu16 run PROGRAM --sm {name}` takes it as \
                 the initial shared memory"
            )
        } else {
            anyhow!(e.at(&name))
        }
    })?;
    for w in &warnings {
        eprintln!("{}", w.warning_at(&name));
    }
    Ok(frames)
}

/// Reads a program: assembly (`.s`, `.asm`, assembled for `cores` cores) or a TM image
/// (`.hex`, taken as it is).
pub fn read_program(path: &Path, cores: usize) -> Result<Program> {
    let name = path.to_string_lossy();
    if name.ends_with(".s") || name.ends_with(".asm") {
        assemble_file(path, cores)
    } else if name.ends_with(".hex") {
        Ok(Program {
            frames: read_tm_image(path)?,
            source: None,
        })
    } else {
        Err(anyhow!(
            "{name}: unknown program type (expected assembly `.s` or a TM image `.tm.hex`)"
        ))
    }
}

/// Reads an SM image; a TM image in its place is named as such.
pub fn read_sm_image(path: &Path) -> Result<sm::SmImage> {
    let name = path.display().to_string();
    let text = read(path)?;
    sm::parse(&text).map_err(|e| {
        if tm::parse(&text).is_ok() {
            anyhow!(
                "{name}: this is a TM image (a program, sixteen hex digits a line), not an SM \
                 image (shared memory, two a line): give it as the program, `gpu16 run {name}`"
            )
        } else if gpu16_sim::asm::assemble(&text).is_ok() {
            anyhow!(
                "{name}: this is an assembly program, not an SM image (shared memory, two hex \
                 digits a line): give it as the program, `gpu16 run {name}`"
            )
        } else {
            anyhow!(e.at(&name))
        }
    })
}

/// The SM image beside a program, `NAME.sm.hex` for `NAME.s`, `NAME.asm` or `NAME.tm.hex`,
/// if there is one: the examples keep their inputs so.
pub fn sm_image_beside(program: &Path) -> Option<std::path::PathBuf> {
    let file = program.file_name()?.to_str()?;
    let stem = [".s", ".asm", ".tm.hex"]
        .iter()
        .find_map(|ext| file.strip_suffix(ext))?;
    let beside = program.with_file_name(format!("{stem}.sm.hex"));
    beside.is_file().then_some(beside)
}
