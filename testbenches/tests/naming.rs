//! The register naming rule of docs/microarchitecture.md, checked over every block in hdl/src:
//! a register (`DFF`) is named for what it holds, and `x_q` is the register of a signal `x`
//! of its block — the output it drives (`tp_q` drives `tp`), an interface field (`e_valid_q`
//! drives `e.valid`), or the input or sub-block output it registers (`read_row_q` holds last
//! cycle's `read_row`). So a `_q` register names a signal its block uses, and a register
//! copied unchanged onto an output whose name it contains is that output's `_q`.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The names of the `DFF` fields declared in `text` (`name: DFF<…>`).
fn registers(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|line| {
            let (name, ty) = line.trim().trim_start_matches("pub ").split_once(':')?;
            let name = name.trim();
            (ty.trim_start().starts_with("DFF<")
                && name.chars().all(|c| c == '_' || c.is_ascii_alphanumeric()))
            .then_some(name)
        })
        .collect()
}

/// Whether `text` uses a signal `x` (`.x.`), or an interface field spelt `x` with its
/// interface's name and an underscore (`.e.valid.` for `e_valid`).
fn uses_signal(text: &str, x: &str) -> bool {
    text.contains(&format!(".{x}."))
        || x.match_indices('_')
            .any(|(i, _)| text.contains(&format!(".{}.{}.", &x[..i], &x[i + 1..])))
}

/// The rule's breaches in one file's text.
fn breaches(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for register in registers(text) {
        if let Some(x) = register.strip_suffix("_q") {
            if !uses_signal(text, x) {
                found.push(format!("`{register}`: its block has no signal `{x}`"));
            }
            continue;
        }
        // Copied unchanged onto an output `p` in every cycle (`self.p.next =
        // self.register.q.val();` at the top level of `update()`).
        let copy = format!(".next = self.{register}.q.val();");
        for line in text.lines().filter(|l| {
            l.starts_with("        self.")
                && !l.starts_with("         ")
                && l.trim_end().ends_with(&copy)
        }) {
            let port = line
                .trim()
                .trim_start_matches("self.")
                .split(".next")
                .next()
                .unwrap();
            let named = register
                .split('_')
                .collect::<Vec<_>>()
                .windows(port.split('_').count())
                .any(|w| w.join("_") == port);
            if !port.contains('.') && named {
                found.push(format!(
                    "`{register}` drives the output `{port}`: name it `{port}_q`"
                ));
            }
        }
    }
    found
}

#[test]
fn every_register_follows_the_naming_rule() {
    let hdl = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hdl/src");
    let mut all = Vec::new();
    let mut registers_seen = 0;
    for file in sources(&hdl) {
        let text = std::fs::read_to_string(&file).unwrap();
        registers_seen += registers(&text).len();
        for b in breaches(&text) {
            all.push(format!("{}: {b}", file.display()));
        }
    }
    assert!(
        registers_seen > 100,
        "found only {registers_seen} registers"
    );
    assert!(all.is_empty(), "{}", all.join("\n"));
}

#[test]
fn the_check_finds_both_breaches() {
    let text = "\
    pub code: Signal<Out, Bits<3>>,
    err_code: DFF<Bits<3>>,
    line_q: DFF<Bits<8>>,
        self.code.next = self.err_code.q.val();
";
    assert_eq!(
        breaches(text),
        [
            "`err_code` drives the output `code`: name it `code_q`",
            "`line_q`: its block has no signal `line`"
        ]
    );
}
