// The fingerprint of the sources every Verilog gpu16 emits is generated from: computed by
// `fpga/build.rs` when this crate is built (`include!`d there, so both compute it the same
// way) and again when a binary runs, to tell whether it was built from the sources that are
// in its checkout now. Plain `std`: build scripts cannot use the crate they build.

/// What the fingerprint covers, relative to the workspace root: the RTL in `hdl/` (the
/// board top and bridge among it), the ISA and image types in `sim/`, the emission and the
/// boards' pin wrappers in `fpga/`, and the locked rust-hdl version.
pub const INPUTS: [&str; 4] = ["hdl/src", "sim/src", "fpga/src", "Cargo.lock"];

/// FNV-1a over each file's path (relative to `root`) and contents, in path order.
pub fn fingerprint(root: &std::path::Path) -> std::io::Result<u64> {
    let mut files = Vec::new();
    for input in INPUTS {
        collect(&root.join(input), &mut files)?;
    }
    files.sort();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for file in &files {
        let name = file.strip_prefix(root).unwrap_or(file);
        let contents = std::fs::read(file)?;
        for byte in name.to_string_lossy().bytes().chain([0]).chain(contents) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    Ok(hash)
}

/// Every file under `path` (or `path` itself).
fn collect(path: &std::path::Path, files: &mut Vec<std::path::PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        for entry in std::fs::read_dir(path)? {
            collect(&entry?.path(), files)?;
        }
    } else {
        files.push(path.to_path_buf());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_change_of_a_covered_file_changes_the_fingerprint_and_others_do_not() {
        let root = std::env::temp_dir().join(format!("gpu16-fingerprint-{}", std::process::id()));
        for dir in ["hdl/src", "sim/src", "fpga/src", "docs"] {
            std::fs::create_dir_all(root.join(dir)).unwrap();
        }
        std::fs::write(root.join("Cargo.lock"), "lock").unwrap();
        std::fs::write(root.join("hdl/src/alu.rs"), "b").unwrap();
        let before = fingerprint(&root).unwrap();
        std::fs::write(root.join("docs/notes.md"), "not covered").unwrap();
        assert_eq!(fingerprint(&root).unwrap(), before);
        std::fs::write(root.join("hdl/src/alu.rs"), "b + 1").unwrap();
        let after = fingerprint(&root).unwrap();
        assert_ne!(after, before);
        std::fs::write(root.join("hdl/src/alu.rs"), "b").unwrap();
        assert_eq!(fingerprint(&root).unwrap(), before);
        std::fs::remove_dir_all(&root).unwrap();
        // This test binary was built from the sources as they are.
        assert_eq!(crate::verilog_engine::sources_changed_since_built(), None);
    }
}
