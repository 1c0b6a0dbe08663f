//! `salient sim --set PATH=V1,V2`: a value of a RON file changed by its path, in the text itself.
//!
//! The path walks the file's value tree: struct fields by name (`ai.german.aggression`), map entries
//! by their key as written (`objectives.62`, `ai.british`), list and tuple items by index
//! (`turns.3.british_ammo`) or, for a list of records, by their `id` (`units.gb-35.attack`), and `*`
//! for every child (`ai.*.aggression`). A wrapper with one unnamed value (`Some(x)`) is passed
//! through when the path goes on inside it.
//!
//! The new value replaces the old one's text in place: comments, struct and enum names and every
//! other line stay as written, so the normal loader checks the result and its errors keep the
//! file's own line:col. (Re-serialising a `ron::Value` would drop the names and comments.)

use crate::engine::source::suggestion;

/// A value of the file and where its text lies (byte offsets, end exclusive).
#[derive(Debug)]
pub struct Node {
    pub start: usize,
    pub end: usize,
    pub kind: Kind,
}

#[derive(Debug)]
pub enum Kind {
    /// A number, string, identifier or anything else without children.
    Scalar,
    /// `[a, b]`.
    List(Vec<Node>),
    /// `Name(field: v, ...)` or `(a, b)`: named fields and unnamed items.
    Group { fields: Vec<(String, Node)>, items: Vec<Node> },
    /// `{ key: value }`, keys as written without their quotes.
    Map(Vec<(String, Node)>),
}

/// Why a path does not lead to a value: the byte offset where the walk stopped and a sentence.
#[derive(Debug, PartialEq, Eq)]
pub struct PathError {
    pub at: usize,
    pub message: String,
}

const MAX_DEPTH: usize = 100;

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn at(&self, k: usize) -> Option<u8> {
        self.s.get(self.i + k).copied()
    }

    fn skip_ws(&mut self) {
        loop {
            match (self.peek(), self.at(1)) {
                (Some(c), _) if c.is_ascii_whitespace() => self.i += 1,
                (Some(b'/'), Some(b'/')) => {
                    while self.peek().is_some_and(|c| c != b'\n') {
                        self.i += 1;
                    }
                }
                (Some(b'/'), Some(b'*')) => {
                    self.i += 2;
                    let mut depth = 1;
                    while depth > 0 && self.peek().is_some() {
                        match (self.peek(), self.at(1)) {
                            (Some(b'*'), Some(b'/')) => {
                                self.i += 2;
                                depth -= 1;
                            }
                            (Some(b'/'), Some(b'*')) => {
                                self.i += 2;
                                depth += 1;
                            }
                            _ => self.i += 1,
                        }
                    }
                }
                // `#![enable(...)]` extensions at the top of a file.
                (Some(b'#'), Some(b'!')) => {
                    while self.peek().is_some_and(|c| c != b']') {
                        self.i += 1;
                    }
                    self.i += 1;
                }
                _ => return,
            }
        }
    }

    fn value(&mut self, depth: usize) -> Node {
        self.skip_ws();
        let start = self.i;
        let kind = match self.peek() {
            _ if depth > MAX_DEPTH => {
                self.scalar();
                Kind::Scalar
            }
            Some(b'[') => {
                self.i += 1;
                Kind::List(self.list(depth))
            }
            Some(b'(') => {
                self.i += 1;
                self.group(depth)
            }
            Some(b'{') => {
                self.i += 1;
                Kind::Map(self.map(depth))
            }
            Some(b'"') => {
                self.string();
                Kind::Scalar
            }
            Some(b'r') if matches!(self.at(1), Some(b'"') | Some(b'#')) => {
                self.raw_string();
                Kind::Scalar
            }
            Some(b'\'') => {
                self.char_lit();
                Kind::Scalar
            }
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                self.ident();
                let after = self.i;
                self.skip_ws();
                if self.peek() == Some(b'(') {
                    self.i += 1;
                    self.group(depth)
                } else {
                    self.i = after;
                    Kind::Scalar
                }
            }
            _ => {
                self.scalar();
                Kind::Scalar
            }
        };
        Node { start, end: self.i, kind }
    }

    /// A number or anything else: up to a delimiter.
    fn scalar(&mut self) {
        while let Some(c) = self.peek() {
            if matches!(c, b',' | b')' | b']' | b'}' | b':') || c.is_ascii_whitespace() {
                break;
            }
            self.i += 1;
        }
    }

    fn ident(&mut self) -> String {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'#') {
            self.i += 1;
        }
        String::from_utf8_lossy(&self.s[start..self.i]).into_owned()
    }

    fn string(&mut self) {
        self.i += 1;
        while let Some(c) = self.peek() {
            self.i += 1;
            match c {
                b'\\' => self.i += 1,
                b'"' => return,
                _ => {}
            }
        }
    }

    fn raw_string(&mut self) {
        self.i += 1;
        let mut hashes = 0;
        while self.peek() == Some(b'#') {
            hashes += 1;
            self.i += 1;
        }
        self.i += 1;
        while let Some(c) = self.peek() {
            self.i += 1;
            if c == b'"' {
                let mut n = 0;
                while n < hashes && self.peek() == Some(b'#') {
                    n += 1;
                    self.i += 1;
                }
                if n == hashes {
                    return;
                }
            }
        }
    }

    fn char_lit(&mut self) {
        self.i += 1;
        while let Some(c) = self.peek() {
            self.i += 1;
            match c {
                b'\\' => self.i += 1,
                b'\'' => return,
                _ => {}
            }
        }
    }

    /// Skips a separator or a stray byte; true at the closing bracket (consumed) or the end.
    fn separator(&mut self, close: u8) -> bool {
        self.skip_ws();
        match self.peek() {
            None => true,
            Some(c) if c == close => {
                self.i += 1;
                true
            }
            Some(b',') => {
                self.i += 1;
                self.separator(close)
            }
            _ => false,
        }
    }

    fn list(&mut self, depth: usize) -> Vec<Node> {
        let mut out = Vec::new();
        while !self.separator(b']') {
            let before = self.i;
            out.push(self.value(depth + 1));
            if self.i == before {
                self.i += 1;
            }
        }
        out
    }

    fn group(&mut self, depth: usize) -> Kind {
        let mut fields = Vec::new();
        let mut items = Vec::new();
        while !self.separator(b')') {
            let before = self.i;
            if self.peek().is_some_and(|c| c.is_ascii_alphabetic() || c == b'_') {
                let name = self.ident();
                self.skip_ws();
                if self.peek() == Some(b':') {
                    self.i += 1;
                    fields.push((name, self.value(depth + 1)));
                    continue;
                }
                self.i = before;
            }
            items.push(self.value(depth + 1));
            if self.i == before {
                self.i += 1;
            }
        }
        Kind::Group { fields, items }
    }

    fn map(&mut self, depth: usize) -> Vec<(String, Node)> {
        let mut out = Vec::new();
        while !self.separator(b'}') {
            let before = self.i;
            let key = self.value(depth + 1);
            let text = String::from_utf8_lossy(&self.s[key.start..key.end]).trim_matches(['"', '\'']).to_string();
            self.skip_ws();
            if self.peek() == Some(b':') {
                self.i += 1;
            }
            out.push((text, self.value(depth + 1)));
            if self.i == before {
                self.i += 1;
            }
        }
        out
    }
}

/// The value tree of a RON text (already known to be valid: the file loaded).
pub fn parse(text: &str) -> Node {
    Parser { s: text.as_bytes(), i: 0 }.value(0)
}

/// A scalar's text without its quotes.
fn unquoted<'a>(text: &'a str, n: &Node) -> &'a str {
    text[n.start..n.end].trim_matches('"')
}

/// The children of a node by their path names: (name, child), with the names a path may use.
fn children<'a>(text: &str, n: &'a Node) -> Vec<(String, &'a Node)> {
    match &n.kind {
        Kind::Scalar => Vec::new(),
        Kind::List(items) => {
            let mut out: Vec<(String, &Node)> = items.iter().enumerate().map(|(i, c)| (i.to_string(), c)).collect();
            for c in items {
                if let Kind::Group { fields, .. } = &c.kind
                    && let Some((_, id)) = fields.iter().find(|(k, _)| k == "id")
                {
                    out.push((unquoted(text, id).to_string(), c));
                }
            }
            out
        }
        Kind::Group { fields, items } => {
            let mut out: Vec<(String, &Node)> = fields.iter().map(|(k, c)| (k.clone(), c)).collect();
            out.extend(items.iter().enumerate().map(|(i, c)| (i.to_string(), c)));
            out
        }
        Kind::Map(entries) => entries.iter().map(|(k, c)| (k.clone(), c)).collect(),
    }
}

/// Every node at `path` under `n` (several with `*`).
fn find<'a>(text: &str, n: &'a Node, path: &[&str], walked: &str, out: &mut Vec<&'a Node>) -> Result<(), PathError> {
    let Some((seg, rest)) = path.split_first() else {
        out.push(n);
        return Ok(());
    };
    let here = if walked.is_empty() { "the top level".to_string() } else { format!("`{walked}`") };
    let next = |k: &str| if walked.is_empty() { k.to_string() } else { format!("{walked}.{k}") };
    let kids = children(text, n);
    if *seg == "*" {
        if kids.is_empty() {
            return Err(PathError { at: n.start, message: format!("`*`: {here} has no items") });
        }
        // Each child once (a list item is listed by index and by id).
        let mut seen = Vec::new();
        for (k, c) in &kids {
            if !seen.contains(&c.start) {
                seen.push(c.start);
                find(text, c, rest, &next(k), out)?;
            }
        }
        return Ok(());
    }
    if let Some((_, c)) = kids.iter().find(|(k, _)| k == seg) {
        return find(text, c, rest, &next(seg), out);
    }
    // `Some(x)` and other one-value wrappers: the path goes on inside.
    if let Kind::Group { fields, items } = &n.kind
        && fields.is_empty()
        && items.len() == 1
        && !matches!(items[0].kind, Kind::Scalar)
    {
        return find(text, &items[0], path, walked, out);
    }
    let names: Vec<&str> = kids.iter().map(|(k, _)| k.as_str()).collect();
    let message = if names.is_empty() {
        format!("{here} is a single value ({}): the path cannot go on to `{seg}`", text[n.start..n.end].trim())
    } else {
        format!("{here} has no `{seg}`{}", suggestion(seg, &names))
    };
    Err(PathError { at: n.start, message })
}

/// Splits `V1,V2` at the commas outside brackets and strings (`(1, 5),(1, 4)` is two values).
pub fn split_values(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut in_string = false;
    let mut escaped = false;
    let mut cur = String::new();
    for c in s.chars() {
        if in_string {
            in_string = c != '"' || escaped;
            escaped = c == '\\' && !escaped;
        } else {
            match c {
                '"' => in_string = true,
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                ',' if depth == 0 => {
                    out.push(cur.trim().to_string());
                    cur.clear();
                    continue;
                }
                _ => {}
            }
        }
        cur.push(c);
    }
    out.push(cur.trim().to_string());
    out
}

/// The text with the value(s) at `path` (dot-separated, see the module) replaced by `value`.
pub fn set(text: &str, path: &str, value: &str) -> Result<String, PathError> {
    if let Err(e) = ron::from_str::<ron::Value>(value) {
        return Err(PathError { at: 0, message: format!("`{value}` is not a RON value ({})", e.code) });
    }
    let root = parse(text);
    let segments: Vec<&str> = if path.is_empty() { Vec::new() } else { path.split('.').collect() };
    let mut found = Vec::new();
    find(text, &root, &segments, "", &mut found)?;
    let mut spans: Vec<(usize, usize)> = found.iter().map(|n| (n.start, n.end)).collect();
    spans.sort_unstable();
    spans.dedup();
    let mut out = text.to_string();
    for (start, end) in spans.into_iter().rev() {
        out.replace_range(start..end, value);
    }
    Ok(out)
}

/// The text of the value at `path` (the first one, with `*`).
pub fn get<'a>(text: &'a str, path: &str) -> Result<&'a str, PathError> {
    let root = parse(text);
    let segments: Vec<&str> = if path.is_empty() { Vec::new() } else { path.split('.').collect() };
    let mut found = Vec::new();
    find(text, &root, &segments, "", &mut found)?;
    Ok(found.first().map(|n| &text[n.start..n.end]).unwrap_or(""))
}

/// 1-based line and column of a byte offset.
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "// c\nScenario(\n  turns: [(turn: 1, ammo: (1, 5)), (turn: 2, ammo: (1, 4))],\n  units: [(id: \"gb-1\", attack: 3, area: Some(25))],\n  ai: {\n    \"british\": (aggression: 1.1, objectives: {62: 1.3}),\n    \"german\": (aggression: 0.9, turn: Some(11)),\n  },\n)";

    #[test]
    fn sets_fields_items_ids_map_keys_and_every_child() {
        let t = set(TEXT, "ai.british.aggression", "1.0").unwrap();
        assert!(t.contains("(aggression: 1.0, objectives"), "{t}");
        assert!(t.starts_with("// c\nScenario("), "comments and names stay");
        let t = set(TEXT, "ai.*.aggression", "0.5").unwrap();
        assert_eq!(t.matches("aggression: 0.5").count(), 2);
        assert!(set(TEXT, "units.gb-1.attack", "4").unwrap().contains("attack: 4,"));
        assert!(set(TEXT, "units.0.area", "None").unwrap().contains("area: None)"));
        assert!(set(TEXT, "turns.1.ammo", "(2, 6)").unwrap().contains("(turn: 2, ammo: (2, 6))"));
        assert!(set(TEXT, "ai.british.objectives.62", "2.0").unwrap().contains("{62: 2.0}"));
        assert_eq!(get(TEXT, "ai.german.turn").unwrap(), "Some(11)");
        assert_eq!(get(TEXT, "turns.*.turn").unwrap(), "1");
    }

    #[test]
    fn an_unknown_key_names_the_nearest_and_where() {
        let e = set(TEXT, "ai.german.agression", "1.0").unwrap_err();
        assert!(e.message.contains("`ai.german` has no `agression`; did you mean `aggression`?"), "{}", e.message);
        assert_eq!(line_col(TEXT, e.at), (7, 15));
        let e = set(TEXT, "unitz.0", "1").unwrap_err();
        assert!(e.message.contains("did you mean `units`"), "{}", e.message);
        let e = set(TEXT, "units.gb-1.attack.x", "1").unwrap_err();
        assert!(e.message.contains("single value"), "{}", e.message);
        let e = set(TEXT, "units.0.attack", "(1,").unwrap_err();
        assert!(e.message.contains("not a RON value"), "{}", e.message);
    }

    #[test]
    fn values_split_at_top_level_commas() {
        assert_eq!(split_values("0,1"), vec!["0", "1"]);
        assert_eq!(split_values("(1, 5),(1, 4)"), vec!["(1, 5)", "(1, 4)"]);
        assert_eq!(split_values("\"a,b\",[2,3]"), vec!["\"a,b\"", "[2,3]"]);
    }
}
