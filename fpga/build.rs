//! Fingerprints the sources every Verilog this crate emits is generated from
//! (`src/source_fingerprint.rs`), so a cached Verilator model can be found without emitting
//! the Verilog again (`verilog_engine::DESIGN_FINGERPRINT`). Any change to those files gives a
//! new fingerprint: a change that leaves the Verilog as it was costs one rebuild of the model,
//! never a stale one.

include!("src/source_fingerprint.rs");

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = std::path::Path::new(&manifest)
        .parent()
        .expect("fpga/ lives in the workspace");
    for input in INPUTS {
        println!("cargo:rerun-if-changed={}", root.join(input).display());
    }
    let hash = fingerprint(root).unwrap_or_else(|e| panic!("the sources: {e}"));
    println!("cargo:rustc-env=GPU16_DESIGN_FINGERPRINT={hash:016x}");
    println!("cargo:rustc-env=GPU16_SOURCE_ROOT={}", root.display());
}
