//! The reference of every data file format (docs/modding.md, docs/reference/): generated from the
//! very types the game reads — their fields, serde attributes and doc comments, which cite the rules
//! they implement — as Markdown for people (`salient schema KIND`) or as JSON Schema for tools
//! (`salient schema KIND --json-schema`). A test keeps docs/reference/ equal to what this writes.

use std::fmt::Write as _;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::Value;

use super::board::{AreaMapSpec, HexMapSpec, TabletopSpec};
use super::campaign::{CampaignRecord, CampaignSpec};
use super::ruleset::{MapVocabulary, Ruleset};
use super::save::SaveFile;
use super::session::RulesetEntry;
use super::settings::Settings;

/// One kind of data file and its reference.
pub struct Format {
    /// Its name on the command line and its page in docs/reference/ (`hex-map`, `<ruleset>-scenario`).
    pub kind: String,
    pub title: String,
    /// Where such files live and how they begin.
    pub about: String,
    pub schema: Schema,
    /// A closing section in Markdown (the names a ruleset's maps may use), if any.
    pub notes: Option<String>,
}

fn schema_of<T: JsonSchema>() -> Schema {
    SchemaGenerator::default().into_root_schema_for::<T>()
}

/// The formats every ruleset shares: maps, tables of the table-top, campaigns, saves of campaigns and
/// the settings.
pub fn engine_formats() -> Vec<Format> {
    let format = |kind: &str, title: &str, about: &str, schema| Format {
        kind: kind.into(),
        title: title.into(),
        about: about.into(),
        schema,
        notes: None,
    };
    vec![
        format(
            "hex-map",
            "Hex map",
            "A hex board: `HexMap(...)`, in a scenario's `maps/` folder, named by the scenario's `map` key. \
             Terrain, feature and side names are the ruleset's: see the names at the end of each ruleset's scenario page.",
            schema_of::<HexMapSpec>(),
        ),
        format(
            "area-map",
            "Area map",
            "A board of areas (the area-impulse and zone rulesets): `AreaMap(...)`, in a scenario's \
             `maps/` folder, named by the scenario's `map` key.",
            schema_of::<AreaMapSpec>(),
        ),
        format(
            "tabletop",
            "Tabletop",
            "An open table measured in yards, for miniatures: `Tabletop(...)`, in a scenario's `maps/` folder, named by the \
             scenario's `table` key.",
            schema_of::<TabletopSpec>(),
        ),
        format(
            "campaign",
            "Campaign",
            "Battles chained by their results (docs/campaigns.md): `Campaign(...)`, in `scenarios/<ruleset>/campaigns/` or, \
             for a campaign across rulesets, `scenarios/campaigns/`.",
            schema_of::<CampaignSpec>(),
        ),
        format(
            "campaign-save",
            "Campaign save",
            "A campaign between battles, written by the game: `CampaignSave(...)`, in the user's saves folder. Loading it \
             replays every finished battle's save and checks it.",
            schema_of::<CampaignRecord>(),
        ),
        format(
            "rule-texts",
            "Rule texts",
            "A rulebook's sections for the window's rule popups and links: `RuleTexts(...)`, \
             `assets/ui/<ruleset>-rules.ron`.",
            schema_of::<super::validate::RuleTextsFile>(),
        ),
        format(
            "settings",
            "Settings",
            "The player's settings, written by the window: `settings.ron` in the user's folder. A missing or damaged file \
             gives the defaults; a value out of range is brought back into it.",
            schema_of::<Settings>(),
        ),
    ]
}

/// A ruleset's own formats: its scenarios, its tables and its saves.
pub fn ruleset_formats<R: Ruleset>() -> Vec<Format> {
    let (id, name) = (R::ID, R::NAME);
    vec![
        Format {
            kind: format!("{id}-scenario"),
            title: format!("{name} — scenario"),
            about: format!(
                "A battle of {name}: `Scenario(...)` with `ruleset: \"{id}\"`, in `scenarios/{id}/` or a mod's folder. Files it \
                 names (its map, its tables) are paths inside its own folder or the game's data folder."
            ),
            schema: schema_of::<R::ScenarioFile>(),
            notes: Some(vocabulary_notes(name, &R::map_vocabulary())),
        },
        Format {
            kind: format!("{id}-tables"),
            title: format!("{name} — tables"),
            about: format!(
                "The rulebook's tables and charts as data: `Tables(...)` with `ruleset: \"{id}\"`, \
                 `assets/rulesets/{id}/tables.ron`; a scenario may name its own."
            ),
            schema: schema_of::<R::TablesFile>(),
            notes: None,
        },
        Format {
            kind: format!("{id}-save"),
            title: format!("{name} — save"),
            about: format!(
                "A game of {name} in progress, written by the game: `Save(...)` with `ruleset: \"{id}\"`. Loading it replays \
                 its commands on the files it embeds and checks the checksum; `salient replay` does the same from the \
                 command line."
            ),
            schema: schema_of::<SaveFile<R::Command>>(),
            notes: None,
        },
    ]
}

fn vocabulary_notes(name: &str, v: &MapVocabulary) -> String {
    let list = |names: &[String]| {
        if names.is_empty() { "none".to_string() } else { names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ") }
    };
    format!(
        "## Names its maps may use\n\nThe terrain, feature and side names a map of {name} may use (the validator refuses \
         others):\n\n- terrain: {}\n- features: {}\n- sides: {}\n",
        list(&v.terrains),
        list(&v.features),
        list(&v.sides)
    )
}

/// Every format: the engine's, then each ruleset's in the registry's order.
pub fn all(registry: &[RulesetEntry]) -> Vec<Format> {
    let mut out = engine_formats();
    for entry in registry {
        out.extend((entry.formats)());
    }
    out
}

/// Every page of docs/reference/ by file name: the index (`README.md`) and one page a format.
pub fn pages(formats: &[Format]) -> Vec<(String, String)> {
    let mut pages = vec![("README.md".to_string(), index(formats))];
    pages.extend(formats.iter().map(|f| (format!("{}.md", f.kind), markdown(f))));
    pages
}

/// Writes every format's page and the index (`README.md`) into `dir`; returns the number of pages.
pub fn write_pages(formats: &[Format], dir: &std::path::Path) -> Result<usize, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {}", dir.display(), super::source::io_reason(&e)))?;
    let pages = pages(formats);
    for (name, text) in &pages {
        let path = dir.join(name);
        super::save::write_atomically(&path, text.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(pages.len())
}

/// The JSON Schema of a format, pretty-printed.
pub fn json_schema(format: &Format) -> String {
    serde_json::to_string_pretty(format.schema.as_value()).unwrap_or_default() + "\n"
}

/// The index page of docs/reference/: every format with its page.
pub fn index(formats: &[Format]) -> String {
    let mut out = String::from(
        "# Data file reference\n\nEvery file the game reads, generated from the game's own types by `salient schema --write \
         docs/reference` (a test checks these pages are current: do not edit them by hand). `salient schema KIND \
         --json-schema` prints a format as JSON Schema. How to write them: docs/modding.md.\n\n| Format | Page | What it is |\n\
         |---|---|---|\n",
    );
    for f in formats {
        let _ = writeln!(out, "| {} | [{}]({}.md) | {} |", f.title, f.kind, f.kind, cell(&f.about));
    }
    out
}

/// A format's reference page in Markdown: the top level, then every type it uses, each key with its
/// type, range, default and meaning.
pub fn markdown(format: &Format) -> String {
    let root = format.schema.as_value();
    let mut out = format!(
        "# {}\n\n{}\n\nGenerated by `salient schema {}` from the game's types; do not edit.\n\nRON: a structure is written \
         `Name(key: value, ...)`, a list `[a, b]`, a map `{{\"key\": value}}`, a choice `Variant` or `Variant(...)`; an \
         optional value may be written bare or left out.\n\n",
        format.title, format.about, format.kind
    );
    let top = root.get("title").and_then(Value::as_str).unwrap_or("file");
    let _ = writeln!(out, "## {top}\n");
    out.push_str(&describe(root));
    if let Some(Value::Object(defs)) = root.get("$defs") {
        for (name, def) in defs {
            let _ = writeln!(out, "## {name}\n");
            out.push_str(&describe(def));
        }
    }
    if let Some(notes) = &format.notes {
        out.push_str(notes);
    }
    out
}

/// The description and the keys (or the choices) of one type.
fn describe(schema: &Value) -> String {
    let mut out = String::new();
    if let Some(d) = schema.get("description").and_then(Value::as_str) {
        let _ = writeln!(out, "{}\n", doc(d).trim());
    }
    if let Some(Value::Object(props)) = schema.get("properties") {
        out.push_str(&keys_table(schema, props));
    } else if let Some(choices) = choices(schema) {
        out.push_str("One of:\n\n| Choice | Meaning |\n|---|---|\n");
        for (written, meaning) in choices {
            let _ = writeln!(out, "| {} | {} |", cell(&written), cell(&meaning));
        }
        out.push('\n');
    } else if schema.get("type").is_some() || schema.get("$ref").is_some() {
        let _ = writeln!(out, "Written as: {}.\n", type_of(schema));
    }
    out
}

fn keys_table(schema: &Value, props: &serde_json::Map<String, Value>) -> String {
    let required: Vec<&str> =
        schema.get("required").and_then(Value::as_array).map(|r| r.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    let mut out = String::from("| Key | Type | Range | Default | Meaning |\n|---|---|---|---|---|\n");
    let mut keys: Vec<&String> = props.keys().collect();
    keys.sort_by_key(|k| (!required.contains(&k.as_str()), k.as_str()));
    for key in keys {
        let p = &props[key];
        let default = if required.contains(&key.as_str()) {
            "required".to_string()
        } else {
            let is_map = p.get("additionalProperties").is_some_and(Value::is_object);
            match p.get("default") {
                Some(Value::String(choice)) if p.get("$ref").is_some() => format!("`{choice}`"),
                Some(d) if is_map => format!("`{}`", ron_map(d)),
                Some(d) => format!("`{}`", ron_value(d)),
                None if p.get("type").and_then(Value::as_str) == Some("array") || is_map => "empty".into(),
                None => "none".into(),
            }
        };
        let meaning = doc(p.get("description").and_then(Value::as_str).unwrap_or(""));
        let _ = writeln!(out, "| `{key}` | {} | {} | {} | {} |", cell(&type_of(p)), range_of(p), cell(&default), cell(&meaning));
    }
    out.push('\n');
    out
}

/// The choices of an enum as written in RON, with their meanings; `None` if the schema is not one.
fn choices(schema: &Value) -> Option<Vec<(String, String)>> {
    let words = |v: &Value| doc(v.get("description").and_then(Value::as_str).unwrap_or(""));
    if let Some(Value::Array(values)) = schema.get("enum") {
        return Some(values.iter().map(|v| (format!("`{}`", ron_value(v).trim_matches('"')), String::new())).collect());
    }
    let variants = schema.get("oneOf").or_else(|| schema.get("anyOf"))?.as_array()?;
    let mut out = Vec::new();
    for v in variants {
        if let Some(c) = v.get("const") {
            out.push((format!("`{}`", ron_value(c).trim_matches('"')), words(v)));
        } else if let Some(Value::Array(values)) = v.get("enum") {
            for c in values {
                out.push((format!("`{}`", ron_value(c).trim_matches('"')), words(v)));
            }
        } else if let Some(Value::Object(props)) = v.get("properties")
            && props.len() == 1
        {
            let (name, inner) = props.iter().next()?;
            out.push((format!("`{name}`({})", contents(inner)), words(v)));
        } else {
            out.push((type_of(v), words(v)));
        }
    }
    Some(out)
}

/// What goes between a variant's parentheses: a struct's keys, a tuple's values, or one value.
fn contents(inner: &Value) -> String {
    if let Some(Value::Object(props)) = inner.get("properties") {
        props.iter().map(|(k, p)| format!("{k}: {}", type_of(p))).collect::<Vec<_>>().join(", ")
    } else if let Some(Value::Array(items)) = inner.get("prefixItems") {
        items.iter().map(type_of).collect::<Vec<_>>().join(", ")
    } else {
        type_of(inner)
    }
}

/// A type in words, with links to the sections of named types.
fn type_of(s: &Value) -> String {
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let name = r.rsplit('/').next().unwrap_or(r);
        return format!("[{name}](#{})", name.to_lowercase());
    }
    if let Some(Value::Array(any)) = s.get("anyOf").or_else(|| s.get("oneOf")) {
        let (nulls, others): (Vec<&Value>, Vec<&Value>) = any.iter().partition(|v| v.get("type").and_then(Value::as_str) == Some("null"));
        if !nulls.is_empty() && others.len() == 1 {
            return format!("optional {}", type_of(others[0]));
        }
        if let Some(cs) = choices(s) {
            return format!("one of {}", cs.into_iter().map(|(w, _)| w).collect::<Vec<_>>().join(", "));
        }
    }
    if let Some(c) = s.get("const") {
        return format!("`{}`", ron_value(c));
    }
    if let Some(Value::Array(values)) = s.get("enum") {
        return format!("one of {}", values.iter().map(|v| format!("`{}`", ron_value(v).trim_matches('"'))).collect::<Vec<_>>().join(", "));
    }
    match s.get("type") {
        Some(Value::Array(types)) => {
            let named: Vec<&str> = types.iter().filter_map(Value::as_str).filter(|t| *t != "null").collect();
            let base = named.iter().map(|t| simple_type(t, s)).collect::<Vec<_>>().join(" or ");
            if named.len() < types.len() { format!("optional {base}") } else { base }
        }
        Some(Value::String(t)) => simple_type(t, s),
        _ if s.as_bool() == Some(true) || s.as_object().is_some_and(|o| o.is_empty()) => "anything".into(),
        _ => "see below".into(),
    }
}

fn simple_type(t: &str, s: &Value) -> String {
    match t {
        "string" => "text".into(),
        "integer" => "whole number".into(),
        "number" => "number".into(),
        "boolean" => "`true` or `false`".into(),
        "null" => "nothing".into(),
        "array" => {
            if let Some(Value::Array(items)) = s.get("prefixItems") {
                format!("({})", items.iter().map(type_of).collect::<Vec<_>>().join(", "))
            } else {
                let of = s.get("items").map(type_of).unwrap_or_else(|| "anything".into());
                if s.get("uniqueItems") == Some(&Value::Bool(true)) { format!("set of {of}") } else { format!("list of {of}") }
            }
        }
        "object" => match s.get("additionalProperties") {
            Some(v) if v.is_object() => format!("map of text to {}", type_of(v)),
            _ => "structure".into(),
        },
        other => other.into(),
    }
}

/// The range a number or a list must keep, from the schema's bounds and the integer's width.
fn range_of(s: &Value) -> String {
    let num = |k: &str| s.get(k).and_then(Value::as_f64);
    let fmt = |v: f64| if v.fract() == 0.0 && v.abs() < 1e15 { format!("{}", v as i64) } else { format!("{v}") };
    let width = match s.get("format").and_then(Value::as_str) {
        Some("uint8") => Some(255.0),
        Some("uint16") => Some(65535.0),
        _ => None,
    };
    match (num("minimum").or(num("exclusiveMinimum")), num("maximum").or(width)) {
        (Some(lo), Some(hi)) => format!("{}–{}", fmt(lo), fmt(hi)),
        (Some(lo), None) => format!("≥ {}", fmt(lo)),
        (None, Some(hi)) => format!("≤ {}", fmt(hi)),
        (None, None) => match (num("minItems"), num("maxItems")) {
            (Some(lo), Some(hi)) if lo == hi => format!("{} items", fmt(lo)),
            (Some(lo), _) if lo > 0.0 => format!("≥ {} items", fmt(lo)),
            _ => String::new(),
        },
    }
}

/// A JSON value written as RON would write it.
fn ron_value(v: &Value) -> String {
    match v {
        Value::Null => "None".into(),
        Value::String(s) => format!("{s:?}"),
        Value::Array(items) => format!("[{}]", items.iter().map(ron_value).collect::<Vec<_>>().join(", ")),
        Value::Object(o) if o.is_empty() => "()".into(),
        Value::Object(o) => format!("({})", o.iter().map(|(k, v)| format!("{k}: {}", ron_value(v))).collect::<Vec<_>>().join(", ")),
        other => other.to_string(),
    }
}

/// A doc comment for readers of the reference: Rust's intra-doc links (``[`x`]``) become plain code.
fn doc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("[`") {
        let Some(j) = rest[i..].find("`]") else { break };
        let after = &rest[i + j + 2..];
        out.push_str(&rest[..i]);
        if after.starts_with('(') {
            out.push_str(&rest[i..i + j + 2]);
        } else {
            out.push_str(&rest[i + 1..i + j + 1]);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// A JSON object written as a RON map.
fn ron_map(v: &Value) -> String {
    match v {
        Value::Object(o) => format!("{{{}}}", o.iter().map(|(k, v)| format!("{k:?}: {}", ron_value(v))).collect::<Vec<_>>().join(", ")),
        other => ron_value(other),
    }
}

/// Text fit for one cell of a Markdown table.
fn cell(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").replace('|', "\\|")
}
