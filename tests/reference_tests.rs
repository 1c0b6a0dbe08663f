//! The reference of the data file formats (issue 18): docs/reference/ is what the game's own types
//! say, and `salient schema` serves every format.

use std::path::Path;

use salient::engine::reference;
use salient::rulesets::registry;

/// docs/reference/ holds exactly the pages `salient schema --write docs/reference` writes.
#[test]
fn docs_reference_is_current_issue_18() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/reference");
    let pages = reference::pages(&reference::all(&registry()));
    let mut stale: Vec<String> = pages
        .iter()
        .filter(|(name, text)| std::fs::read_to_string(dir.join(name)).ok().as_deref() != Some(text.as_str()))
        .map(|(name, _)| name.clone())
        .collect();
    for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") && !pages.iter().any(|(n, _)| *n == name) {
            stale.push(format!("{name} (no such format)"));
        }
    }
    assert!(
        stale.is_empty(),
        "docs/reference is out of date ({}): run `cargo run -- schema --write docs/reference` and commit the pages",
        stale.join(", ")
    );
}

/// Every ruleset in the registry has its scenario, tables and save pages, and every format's top
/// level is the name its files begin with.
#[test]
fn every_ruleset_has_scenario_tables_and_save_pages_issue_18() {
    let formats = reference::all(&registry());
    for entry in registry() {
        for (suffix, top) in [("scenario", "Scenario"), ("tables", "Tables"), ("save", "Save")] {
            let kind = format!("{}-{suffix}", entry.id);
            let f = formats.iter().find(|f| f.kind == kind).unwrap_or_else(|| panic!("no format {kind}"));
            assert_eq!(f.schema.as_value().get("title").and_then(|t| t.as_str()), Some(top), "{kind}'s top level");
            assert!(reference::markdown(f).contains(&format!("## {top}\n")), "{kind}'s page starts with {top}");
        }
    }
    for (kind, top) in [
        ("hex-map", "HexMap"),
        ("area-map", "AreaMap"),
        ("tabletop", "Tabletop"),
        ("campaign", "Campaign"),
        ("campaign-save", "CampaignSave"),
    ] {
        let f = formats.iter().find(|f| f.kind == kind).unwrap_or_else(|| panic!("no format {kind}"));
        assert_eq!(f.schema.as_value().get("title").and_then(|t| t.as_str()), Some(top), "{kind}'s top level");
    }
}

/// `--json-schema` is JSON a tool can read, with the definitions the Markdown links to.
#[test]
fn json_schema_parses_and_defines_what_it_references_issue_18() {
    for f in reference::all(&registry()) {
        let text = reference::json_schema(&f);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", f.kind));
        let defs = value.get("$defs").and_then(|d| d.as_object()).cloned().unwrap_or_default();
        for r in text.match_indices("\"#/$defs/").map(|(i, _)| &text[i + 9..]) {
            let name = &r[..r.find('"').unwrap()];
            assert!(defs.contains_key(name), "{}: `{name}` is referenced but not defined", f.kind);
        }
    }
}

/// Every key of every structure and every choice of every enum says what it means: no row of any
/// page has an empty Meaning column (issue 18: "each key with its type, range, default and the rule
/// it implements").
#[test]
fn every_key_and_choice_has_its_meaning_issue_18() {
    let mut empty = Vec::new();
    for (page, text) in reference::pages(&reference::all(&registry())) {
        let mut section = String::new();
        for line in text.lines() {
            if let Some(s) = line.strip_prefix("## ") {
                section = s.to_string();
            }
            let is_row = line.starts_with("| ")
                && !line.starts_with("| Key |")
                && !line.starts_with("| Choice |")
                && !line.starts_with("| Format |");
            if is_row && line.trim_end().ends_with("|  |") {
                let first = line.split(" | ").next().unwrap_or(line).trim_start_matches("| ");
                empty.push(format!("{page}: {section}: {first}"));
            }
        }
    }
    assert!(empty.is_empty(), "{} rows have no meaning (write a doc comment on the field or variant):\n{}", empty.len(), empty.join("\n"));
}
