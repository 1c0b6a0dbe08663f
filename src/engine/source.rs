//! Source files and their diagnostics.
//!
//! Every error a modder sees is `file:line:col: sentence`. Syntax and type errors come from `ron` with a
//! position; semantic errors (a hex off the map, a duplicate id...) are found after parsing, so
//! [`SourceMap`] indexes where each value of the file starts, by its path (`units.3.hex`), and the
//! semantic checks name the path.

use std::fmt;
use std::path::{Path, PathBuf};

/// One problem in one file, with the position of the value at fault (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: PathBuf,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file.display(), self.line, self.col, self.message)
    }
}

/// A problem found by a semantic check, located by the path of the value at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub path: String,
    pub message: String,
}

/// Collects semantic problems while a check walks a parsed file.
#[derive(Default, Debug)]
pub struct Problems(pub Vec<Problem>);

impl Problems {
    pub fn push(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.0.push(Problem { path: path.into(), message: message.into() });
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn extend(&mut self, other: Problems) {
        self.0.extend(other.0);
    }
}

/// A loaded text file: its path, its text and the index of its values' positions.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub path: PathBuf,
    pub text: String,
    pub map: SourceMap,
}

impl SourceFile {
    pub fn new(path: impl Into<PathBuf>, text: String) -> Self {
        let map = SourceMap::index(&text);
        SourceFile { path: path.into(), text, map }
    }

    /// Reads a file, turning I/O and encoding failures into one diagnostic.
    pub fn read(path: &Path) -> Result<Self, Diagnostic> {
        let bytes = std::fs::read(path).map_err(|e| Diagnostic {
            file: path.to_path_buf(),
            line: 1,
            col: 1,
            message: format!("cannot read the file: {}", io_reason(&e)),
        })?;
        let text = String::from_utf8(bytes).map_err(|e| Diagnostic {
            file: path.to_path_buf(),
            line: 1,
            col: 1,
            message: format!("the file is not UTF-8 text (invalid byte at offset {}); is it a RON file?", e.utf8_error().valid_up_to()),
        })?;
        Ok(SourceFile::new(path, text))
    }

    /// A diagnostic at the value found at `path` (or the closest enclosing value that exists).
    pub fn at(&self, path: &str, message: impl Into<String>) -> Diagnostic {
        let (line, col) = self.map.locate(path);
        Diagnostic { file: self.path.clone(), line, col, message: message.into() }
    }

    /// The text of the top-level value at `path` (a string literal, a number), read without
    /// deserializing the whole file.
    pub fn top_level_token(&self, path: &str) -> Option<&str> {
        let (line, col) = self.map.get(path)?;
        let start_of_line: usize = self.text.split_inclusive('\n').take(line - 1).map(|l| l.len()).sum();
        let rest = &self.text[start_of_line..];
        let offset: usize = rest.chars().take(col - 1).map(|c| c.len_utf8()).sum();
        let rest = &rest[offset..];
        let end = if rest.starts_with('"') {
            let mut escaped = false;
            rest.char_indices()
                .skip(1)
                .find(|(_, c)| {
                    let done = *c == '"' && !escaped;
                    escaped = *c == '\\' && !escaped;
                    done
                })?
                .0
                + 1
        } else {
            rest.find(|c: char| c == ',' || c == ')' || c.is_whitespace()).unwrap_or(rest.len())
        };
        Some(&rest[..end])
    }

    pub fn at_start(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic { file: self.path.clone(), line: 1, col: 1, message: message.into() }
    }

    /// Turns semantic problems into located diagnostics.
    pub fn locate_all(&self, problems: Problems) -> Vec<Diagnostic> {
        problems.0.into_iter().map(|p| self.at(&p.path, p.message)).collect()
    }

    /// Deserializes the whole file as `T`, turning a RON error into a diagnostic a modder can act on.
    /// Optional values may be written bare (`hex: "K05"`) or as `Some("K05")`.
    pub fn parse<T: serde::de::DeserializeOwned>(&self) -> Result<T, Diagnostic> {
        ron_options().from_str::<T>(&self.text).map_err(|e| ron_diagnostic(&self.path, &e))
    }
}

/// The RON dialect of Salient's data files: standard RON, with optional values written bare allowed.
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// A readable reason for an I/O error, without Rust's debug formatting.
pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::IsADirectory => "it is a directory".into(),
        _ => e.to_string(),
    }
}

/// Converts a RON parse error into a diagnostic with a sentence and, for a misspelt key or
/// variant, the nearest valid one.
pub fn ron_diagnostic(path: &Path, e: &ron::error::SpannedError) -> Diagnostic {
    use ron::Error as E;
    let message = match &e.code {
        E::NoSuchStructField { expected, found, outer } => {
            let within = outer.as_deref().map(|o| format!(" in `{o}`")).unwrap_or_default();
            format!("unknown key `{found}`{within}{}", suggestion(found, expected))
        }
        E::MissingStructField { field, outer } => {
            let within = outer.as_deref().map(|o| format!(" in `{o}`")).unwrap_or_default();
            format!("missing key `{field}`{within}")
        }
        E::DuplicateStructField { field, outer } => {
            let within = outer.as_deref().map(|o| format!(" in `{o}`")).unwrap_or_default();
            format!("key `{field}` is given twice{within}")
        }
        E::NoSuchEnumVariant { expected, found, outer } => {
            let within = outer.as_deref().map(|o| format!(" for `{o}`")).unwrap_or_default();
            format!("unknown value `{found}`{within}{}", suggestion(found, expected))
        }
        E::InvalidValueForType { expected, found } => {
            format!("wrong type: expected {expected}, found {found}")
        }
        E::IntegerOutOfBounds => "value out of range for this field".into(),
        E::ExpectedInteger => "wrong type: expected a whole number".into(),
        E::ExpectedFloat => "wrong type: expected a number".into(),
        E::ExpectedString | E::ExpectedStringEnd => "wrong type: expected a string in double quotes".into(),
        E::ExpectedBoolean => "wrong type: expected `true` or `false`".into(),
        E::ExpectedOption => "wrong type: expected a value, `Some(...)` or `None`".into(),
        E::ExpectedArray => "wrong type: expected a list in square brackets `[...]`".into(),
        E::ExpectedMap => "wrong type: expected a map in braces `{...}`".into(),
        E::ExpectedStructLike | E::ExpectedNamedStructLike(_) => {
            "wrong type: expected a structure in parentheses `(key: value, ...)`".into()
        }
        E::ExpectedDifferentStructName { expected, found } => {
            format!("this file holds a `{found}` where a `{expected}` was expected")
        }
        E::Eof => "the file ends too early: a bracket or parenthesis is not closed".into(),
        E::TrailingCharacters => "unexpected text after the end of the value".into(),
        E::ExpectedComma => "expected a comma between two values".into(),
        E::Utf8Error(_) => "the file is not valid UTF-8 text".into(),
        E::Message(m) => m.clone(),
        other => other.to_string(),
    };
    Diagnostic { file: path.to_path_buf(), line: e.span.start.line, col: e.span.start.col, message }
}

/// ", did you mean `x`?" for the valid name closest to `found`, or the list of valid names.
pub fn suggestion(found: &str, expected: &[&str]) -> String {
    if expected.is_empty() {
        return String::new();
    }
    let best = expected.iter().min_by_key(|e| edit_distance(found, e)).copied().unwrap_or_default();
    if edit_distance(found, best) <= found.len().max(best.len()) / 2 + 1 {
        format!("; did you mean `{best}`?")
    } else {
        let list: Vec<String> = expected.iter().map(|e| format!("`{e}`")).collect();
        format!("; expected one of {}", list.join(", "))
    }
}

/// The nearest name among `candidates`, when one is close enough to be a likely typo.
pub fn nearest<'a>(found: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates.into_iter().map(|c| (edit_distance(found, c), c)).min().filter(|(d, c)| *d <= found.len().max(c.len()) / 2).map(|(_, c)| c)
}

/// Levenshtein distance, case-insensitive.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Where each value of a RON text starts, by path: struct fields by name, list and tuple items by
/// index, map entries by their key as written (`units.3.hex`, `terrain.0`, `legend.w`). A wrapper
/// with a single unnamed value (`Some(x)`, `Hex("K05")`) passes through to its content.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    entries: Vec<(String, (usize, usize))>,
}

impl SourceMap {
    pub fn index(text: &str) -> Self {
        let mut scanner = Scanner { chars: text.char_indices().collect(), i: 0, line: 1, col: 1, depth: 0, out: Vec::new() };
        scanner.value(String::new());
        SourceMap { entries: scanner.out }
    }

    /// Position of the value at `path`; if that path is not in the file, the deepest enclosing one.
    pub fn locate(&self, path: &str) -> (usize, usize) {
        let mut p = path.to_string();
        loop {
            if let Some((_, pos)) = self.entries.iter().find(|(k, _)| *k == p) {
                return *pos;
            }
            match p.rfind('.') {
                Some(i) => p.truncate(i),
                None => {
                    return self.entries.iter().find(|(k, _)| k.is_empty()).map(|(_, pos)| *pos).unwrap_or((1, 1));
                }
            }
        }
    }

    /// Position of the value at exactly `path`, if the file has it.
    pub fn get(&self, path: &str) -> Option<(usize, usize)> {
        self.entries.iter().find(|(k, _)| k == path).map(|(_, p)| *p)
    }

    /// Paths indexed, in source order (for tests and tools).
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(k, _)| k.as_str())
    }
}

struct Scanner {
    chars: Vec<(usize, char)>,
    i: usize,
    line: usize,
    col: usize,
    /// Brackets open around the cursor; past [`MAX_DEPTH`] values are skipped, not indexed.
    depth: usize,
    out: Vec<(String, (usize, usize))>,
}

/// Deeper than any real scenario nests (and than the RON parser accepts): keeps a pathological file
/// from exhausting the stack.
const MAX_DEPTH: usize = 100;

fn join(path: &str, seg: &str) -> String {
    if path.is_empty() { seg.to_string() } else { format!("{path}.{seg}") }
}

impl Scanner {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).map(|c| c.1)
    }
    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).map(|c| c.1)
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }
    fn skip_ws(&mut self) {
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('/'), Some('/')) => {
                    while let Some(c) = self.peek() {
                        if c == '\n' {
                            break;
                        }
                        self.bump();
                    }
                }
                (Some('/'), Some('*')) => {
                    self.bump();
                    self.bump();
                    let mut depth = 1;
                    while depth > 0 {
                        match (self.peek(), self.peek_at(1)) {
                            (None, _) => return,
                            (Some('*'), Some('/')) => {
                                self.bump();
                                self.bump();
                                depth -= 1;
                            }
                            (Some('/'), Some('*')) => {
                                self.bump();
                                self.bump();
                                depth += 1;
                            }
                            _ => {
                                self.bump();
                            }
                        }
                    }
                }
                _ => return,
            }
        }
    }

    /// Scans one value starting at the cursor (after whitespace) and records it under `path`.
    fn value(&mut self, path: String) {
        self.skip_ws();
        let pos = (self.line, self.col);
        self.out.push((path.clone(), pos));
        if self.depth >= MAX_DEPTH {
            self.skip_nested();
            return;
        }
        self.depth += 1;
        self.nested_value(&path);
        self.depth -= 1;
    }

    /// Skips a value without indexing it: up to the delimiter that closes its enclosing brackets.
    fn skip_nested(&mut self) {
        let mut open = 0usize;
        while let Some(c) = self.peek() {
            match c {
                '"' => {
                    self.string();
                    continue;
                }
                '(' | '[' | '{' => open += 1,
                ')' | ']' | '}' if open == 0 => return,
                ')' | ']' | '}' => open -= 1,
                ',' if open == 0 => return,
                _ => {}
            }
            self.bump();
        }
    }

    fn nested_value(&mut self, path: &str) {
        match self.peek() {
            None => {}
            Some('[') => {
                self.bump();
                self.sequence(path, ']');
            }
            Some('(') => {
                self.bump();
                self.group(path);
            }
            Some('{') => {
                self.bump();
                self.map(path);
            }
            Some('"') => self.string(),
            Some('r') if matches!(self.peek_at(1), Some('"') | Some('#')) => self.raw_string(),
            Some('\'') => self.char_lit(),
            Some(c) if c.is_alphabetic() || c == '_' => {
                self.ident();
                self.skip_ws();
                if self.peek() == Some('(') {
                    self.bump();
                    self.group(path);
                }
            }
            Some(_) => {
                // number, or anything else: up to a delimiter
                while let Some(c) = self.peek() {
                    if c == ',' || c == ')' || c == ']' || c == '}' || c.is_whitespace() {
                        break;
                    }
                    self.bump();
                }
            }
        }
    }

    fn ident(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' || c == '#' {
                s.push(c);
                self.bump();
            } else {
                break;
            }
        }
        s
    }

    fn string(&mut self) {
        self.bump();
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '"' => return,
                _ => {}
            }
        }
    }

    fn raw_string(&mut self) {
        self.bump();
        let mut hashes = 0;
        while self.peek() == Some('#') {
            hashes += 1;
            self.bump();
        }
        self.bump();
        while let Some(c) = self.bump() {
            if c == '"' {
                let mut n = 0;
                while n < hashes && self.peek() == Some('#') {
                    n += 1;
                    self.bump();
                }
                if n == hashes {
                    return;
                }
            }
        }
    }

    fn char_lit(&mut self) {
        self.bump();
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '\'' => return,
                _ => {}
            }
        }
    }

    fn sequence(&mut self, path: &str, close: char) {
        let mut index = 0;
        loop {
            self.skip_ws();
            match self.peek() {
                None => return,
                Some(c) if c == close => {
                    self.bump();
                    return;
                }
                Some(',') => {
                    self.bump();
                }
                Some(_) => {
                    let before = self.i;
                    self.value(join(path, &index.to_string()));
                    index += 1;
                    if self.i == before {
                        self.bump();
                    }
                }
            }
        }
    }

    /// Inside `( ... )`: named fields (`key: value`) or unnamed items.
    fn group(&mut self, path: &str) {
        let mut index = 0;
        // Where the first unnamed value's entries start and end in `out`.
        let mut first_unnamed = (0, 0);
        loop {
            self.skip_ws();
            match self.peek() {
                None => break,
                Some(')') => {
                    self.bump();
                    break;
                }
                Some(',') => {
                    self.bump();
                }
                Some(c) if c.is_alphabetic() || c == '_' => {
                    // a field name if followed by ':', otherwise a value (an enum variant, a bool...)
                    let save = (self.i, self.line, self.col);
                    let name = self.ident();
                    self.skip_ws();
                    if self.peek() == Some(':') {
                        self.bump();
                        self.value(join(path, &name));
                    } else {
                        (self.i, self.line, self.col) = save;
                        let start = self.out.len();
                        self.value(join(path, &index.to_string()));
                        if index == 0 {
                            first_unnamed = (start, self.out.len());
                        }
                        index += 1;
                    }
                }
                Some(_) => {
                    let before = self.i;
                    let start = self.out.len();
                    self.value(join(path, &index.to_string()));
                    if index == 0 {
                        first_unnamed = (start, self.out.len());
                    }
                    index += 1;
                    if self.i == before {
                        self.bump();
                    }
                }
            }
        }
        // A wrapper with one unnamed value is transparent: `Some(x)` or `Hex("K05")` is located by the
        // path of the wrapper itself, and its content's own paths are renamed to sit under the
        // wrapper's path (renamed in place, so nested wrappers cost linear time).
        if index == 1 {
            let prefix = format!("{}.", join(path, "0"));
            for entry in &mut self.out[first_unnamed.0 + 1..first_unnamed.1] {
                if let Some(rest) = entry.0.strip_prefix(&prefix) {
                    entry.0 = join(path, rest);
                }
            }
        }
    }

    fn map(&mut self, path: &str) {
        loop {
            self.skip_ws();
            match self.peek() {
                None => return,
                Some('}') => {
                    self.bump();
                    return;
                }
                Some(',') => {
                    self.bump();
                }
                Some(_) => {
                    let start_i = self.i;
                    let before = self.out.len();
                    self.value(format!("{path}.__key"));
                    self.out.truncate(before);
                    let raw: String = self.chars[start_i..self.i].iter().map(|c| c.1).collect();
                    let key = raw.trim().trim_matches('"').trim_matches('\'').to_string();
                    self.skip_ws();
                    if self.peek() == Some(':') {
                        self.bump();
                    }
                    self.value(join(path, &key));
                    if self.i == start_i {
                        self.bump();
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_fields_items_and_map_keys() {
        let text = "Scenario(\n  name: \"x\", // c\n  units: [\n    (id: \"a\", hex: \"K05\"),\n    (id: \"b\", hex: Some(\"Z99\")),\n  ],\n  legend: {'w': \"forest\"},\n)";
        let m = SourceMap::index(text);
        assert_eq!(m.locate("name"), (2, 9));
        assert_eq!(m.locate("units.1.hex"), (5, 20));
        assert_eq!(m.locate("units.0.id"), (4, 10));
        assert_eq!(m.locate("legend.w"), (7, 17));
        assert_eq!(m.locate("units.7.hex"), (3, 10));
    }

    #[test]
    fn nested_wrappers_are_transparent_and_cost_linear_time() {
        let m = SourceMap::index("S(\n  hex: Some(Hex(Some((x: 1)))),\n)");
        assert_eq!(m.locate("hex"), (2, 8));
        assert_eq!(m.locate("hex.x"), (2, 26));
        // A fuzzed file once opened a dozen parentheses it never closed: every level copied the
        // whole rest of the file, twice per level. Now it is linear, and deep nesting is not indexed.
        let deep = format!("S(\n  a: {}1,\n  b: 2)", "(".repeat(20_000));
        let m = SourceMap::index(&deep);
        assert_eq!(m.locate("a"), (2, 6));
    }

    #[test]
    fn suggests_the_nearest_key() {
        assert_eq!(suggestion("turn", &["name", "turns"]), "; did you mean `turns`?");
        assert!(suggestion("zzzzzzzz", &["name", "turns"]).contains("expected one of"));
    }
}
