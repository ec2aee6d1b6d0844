//! Helpers shared by the command-line tests (the testbenches crate has its own `scratch!`:
//! nothing may depend on it).

use std::path::{Path, PathBuf};

/// A fresh, empty folder `name` under the tests' `CARGO_TARGET_TMPDIR`.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the scratch folder can be made");
    dir
}
