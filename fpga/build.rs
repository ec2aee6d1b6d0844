//! Fingerprints the sources every Verilog this crate emits is generated from (the RTL in
//! `hdl/`, the board top and bridge among it; the ISA and image types in `sim/`; the emission
//! and the boards' pin wrappers in `fpga/`; and the locked rust-hdl version), so a cached Verilator model can be found without emitting the
//! Verilog again (`verilog_engine::DESIGN_FINGERPRINT`). Any change to those files gives a new
//! fingerprint: a change that leaves the Verilog as it was costs one rebuild of the model,
//! never a stale one.

use std::path::{Path, PathBuf};

/// What the fingerprint covers, relative to the workspace root.
const INPUTS: [&str; 4] = ["hdl/src", "sim/src", "fpga/src", "Cargo.lock"];

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest)
        .parent()
        .expect("fpga/ lives in the workspace");
    let mut files = Vec::new();
    for input in INPUTS {
        let path = root.join(input);
        println!("cargo:rerun-if-changed={}", path.display());
        collect(&path, &mut files);
    }
    files.sort();
    // FNV-1a over each file's path (relative to the root) and contents.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for file in &files {
        let name = file.strip_prefix(root).unwrap_or(file);
        let contents = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for byte in name.to_string_lossy().bytes().chain([0]).chain(contents) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    println!("cargo:rustc-env=GPU16_DESIGN_FINGERPRINT={hash:016x}");
}

/// Every file under `path` (or `path` itself).
fn collect(path: &Path, files: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let entries = std::fs::read_dir(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for entry in entries {
            collect(&entry.expect("a readable folder").path(), files);
        }
    } else {
        files.push(path.to_path_buf());
    }
}
