//! Style gates (issue 13): no function in `src/` is longer than 150 lines, and no ruleset's id is named
//! outside its own folders and the registry (the layering rule of the brief). `cargo fmt --check` and
//! `cargo clippy` are the other gates; `.ci/run` runs them.

use std::path::{Path, PathBuf};

/// The longest a function may be, signature to closing brace.
const MAX_FUNCTION_LINES: usize = 150;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

fn src_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    files
}

/// The name of the function a line starts, if it starts one with a body (rustfmt's layout: the body
/// closes with `}` at the signature's indentation).
fn function_start(line: &str) -> Option<(usize, &str)> {
    let indent = line.len() - line.trim_start().len();
    let mut rest = line.trim_start();
    for prefix in ["pub(crate) ", "pub(super) ", "pub ", "const ", "async ", "unsafe ", "extern \"C\" "] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    let name = rest.strip_prefix("fn ")?;
    let end = name.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(name.len());
    Some((indent, &name[..end]))
}

/// Every function longer than the limit: (file, line, name, length).
fn long_functions(files: &[PathBuf]) -> Vec<(String, usize, String, usize)> {
    let mut long = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some((indent, name)) = function_start(line) else { continue };
            // A declaration without a body (a trait's) ends with `;` before any `{`.
            let header_end = lines[i..].iter().position(|l| l.trim_end().ends_with('{') || l.trim_end().ends_with(';'));
            if header_end.is_none_or(|h| lines[i + h].trim_end().ends_with(';')) {
                continue;
            }
            let close = format!("{}}}", " ".repeat(indent));
            if let Some(len) = lines[i + 1..].iter().position(|l| *l == close) {
                let len = len + 2;
                if len > MAX_FUNCTION_LINES {
                    let shown = path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap_or(path).display().to_string();
                    long.push((shown, i + 1, name.to_string(), len));
                }
            }
        }
    }
    long
}

#[test]
fn no_function_in_src_is_over_150_lines() {
    let long = long_functions(&src_files());
    let list: Vec<String> = long.iter().map(|(f, l, n, len)| format!("{f}:{l}: fn {n} is {len} lines")).collect();
    assert!(list.is_empty(), "functions over {MAX_FUNCTION_LINES} lines (split them into named pieces):\n{}", list.join("\n"));
}

#[test]
fn the_length_check_sees_a_long_function_and_skips_declarations() {
    let dir = std::env::temp_dir().join(format!("salient-style-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let body = "    let x = 1;\n".repeat(MAX_FUNCTION_LINES);
    let text = format!("trait T {{\n    fn declared(&self);\n}}\n\npub fn short() {{\n}}\n\npub(crate) fn long() {{\n{body}}}\n");
    let file = dir.join("sample.rs");
    std::fs::write(&file, text).unwrap();
    let long = long_functions(&[file]);
    assert_eq!(long.iter().map(|(_, l, n, len)| (*l, n.as_str(), *len)).collect::<Vec<_>>(), vec![(8, "long", MAX_FUNCTION_LINES + 2)]);
}

/// Whether a file belongs to a ruleset's own folders or the registry.
fn own_folder_or_registry(rel: &str, ids: &[&str]) -> bool {
    rel == "src/rulesets/mod.rs"
        || ids.iter().any(|id| ["src/rulesets/", "src/ai/", "src/ui/"].iter().any(|root| rel.starts_with(&format!("{root}{id}/"))))
}

/// Whether a line names a ruleset: its id as a word, or its type (`Bastards`, `Rtc`), outside
/// `mod` declarations (the module tree is wired where the folders are).
fn names_a_ruleset(line: &str, ids: &[&str]) -> bool {
    let code = line.trim_start();
    if code.starts_with("//") || code.starts_with("pub mod ") || code.starts_with("mod ") {
        return false;
    }
    let lower = line.to_lowercase();
    ids.iter().any(|id| {
        lower.match_indices(id).any(|(at, _)| {
            let before = lower[..at].chars().next_back();
            let after = lower[at + id.len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric()) && !after.is_some_and(|c| c.is_alphanumeric())
        })
    })
}

#[test]
fn no_ruleset_is_named_outside_its_folders_and_the_registry() {
    let ids: Vec<&str> = salient::rulesets::registry().iter().map(|e| e.id).collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut naming = Vec::new();
    for path in src_files() {
        let rel = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
        if own_folder_or_registry(&rel, &ids) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        // Unit tests at the end of a file may use a ruleset as a fixture.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        if code.lines().any(|l| names_a_ruleset(l, &ids)) {
            naming.push(rel);
        }
    }
    assert!(
        naming.is_empty(),
        "these files name a ruleset outside its folders and the registry (move the code to ui/<id>/, ai/<id>/ or rulesets/<id>/): {naming:?}"
    );
}
