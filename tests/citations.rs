//! Every `§` and number in the repository (code, docs, `--help` texts) points at a section of
//! docs/MACHINE.md that exists: the specification the project was given is not in the
//! repository, so nothing may cite it.

use std::path::{Path, PathBuf};

/// The section numbers MACHINE.md has (`## N. …`).
fn sections(machine: &str) -> Vec<u32> {
    machine
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .filter_map(|l| l.split('.').next()?.parse().ok())
        .collect()
}

/// Every file of the repository worth reading as text: sources and docs, not build output.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" || name == "build" {
            continue;
        }
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn every_section_citation_resolves_to_machine_md() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let machine = std::fs::read_to_string(root.join("docs/MACHINE.md")).unwrap();
    let have = sections(&machine);
    assert!(have.len() >= 9, "MACHINE.md's sections: {have:?}");
    let mut all = Vec::new();
    files(root, &mut all);
    let mut bad = Vec::new();
    let mut cited = 0;
    for path in all {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue; // not text
        };
        let name = path.strip_prefix(root).unwrap().display().to_string();
        for (n, line) in text.lines().enumerate() {
            // (Built here, so that this file does not cite it.)
            if line.contains(&format!("SPEC {}", '\u{a7}')) {
                bad.push(format!(
                    "{name}:{}: cites the SPEC, not in the repository",
                    n + 1
                ));
            }
            for (at, _) in line.match_indices('§') {
                let digits: String = line[at + '§'.len_utf8()..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                match digits.parse::<u32>() {
                    Err(_) => {} // not followed by a number: no citation
                    Ok(section) if have.contains(&section) => cited += 1,
                    Ok(_) => bad.push(format!(
                        "{name}:{}: §{digits} is no section of MACHINE.md",
                        n + 1
                    )),
                }
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
    assert!(
        cited > 100,
        "only {cited} citations found: is the walk reading the sources?"
    );
}
