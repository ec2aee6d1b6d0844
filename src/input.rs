//! Reading the user's files: programs (assembly or TM image) and SM images, with errors that
//! name the file and line.

use anyhow::{anyhow, Context, Result};
use gpu16_sim::frame::Frame;
use gpu16_sim::image::{sm, tm};
use std::path::Path;

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

/// Assembles a source file for a GPU of `cores` cores; warnings go to standard error as
/// `file:line:col: warning: …` (`file:line: warning: …` when the whole line is meant).
pub fn assemble_file(path: &Path, cores: usize) -> Result<Vec<Frame>> {
    let name = path.display().to_string();
    let assembled =
        gpu16_sim::asm::assemble_for(&read(path)?, cores).map_err(|e| anyhow!(e.at(&name)))?;
    for w in &assembled.warnings {
        eprintln!("{}", w.warning_at(&name));
    }
    Ok(assembled.frames)
}

/// Reads a TM image; what tools warn about in its CFs goes to standard error as
/// `file:line: warning: …`.
pub fn read_tm_image(path: &Path) -> Result<Vec<Frame>> {
    let name = path.display().to_string();
    let (frames, warnings) =
        tm::parse_with_warnings(&read(path)?).map_err(|e| anyhow!(e.at(&name)))?;
    for w in &warnings {
        eprintln!("{}", w.warning_at(&name));
    }
    Ok(frames)
}

/// Reads a program: assembly (`.s`, `.asm`, assembled for `cores` cores) or a TM image
/// (`.hex`, taken as it is).
pub fn read_program(path: &Path, cores: usize) -> Result<Vec<Frame>> {
    let name = path.to_string_lossy();
    if name.ends_with(".s") || name.ends_with(".asm") {
        assemble_file(path, cores)
    } else if name.ends_with(".hex") {
        read_tm_image(path)
    } else {
        Err(anyhow!(
            "{name}: unknown program type (expected assembly `.s` or a TM image `.tm.hex`)"
        ))
    }
}

/// Reads an SM image.
pub fn read_sm_image(path: &Path) -> Result<sm::SmImage> {
    sm::parse(&read(path)?).map_err(|e| anyhow!(e.at(&path.display().to_string())))
}
