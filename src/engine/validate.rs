//! `salient validate`: every problem in every data file under the given paths, each as
//! `file:line:col: sentence`.

use std::path::{Path, PathBuf};

use super::board::{AreaBoard, AreaMapSpec, HexBoard, HexMapSpec, Tabletop, TabletopSpec};
use super::ruleset::MapVocabulary;
use super::scenario::{FileKind, file_kind, header};
use super::session::RulesetEntry;
use super::source::{Diagnostic, Problems, SourceFile, io_reason, nearest};

/// The result of validating some paths.
#[derive(Debug, Default)]
pub struct Report {
    pub files: usize,
    pub diagnostics: Vec<Diagnostic>,
}

/// Finds the registry entry of a ruleset, or explains which ones exist.
pub fn find_ruleset<'a>(registry: &'a [RulesetEntry], id: &str) -> Result<&'a RulesetEntry, String> {
    registry.iter().find(|e| e.id == id).ok_or_else(|| {
        let ids: Vec<&str> = registry.iter().map(|e| e.id).collect();
        let hint = nearest(id, ids.iter().copied()).map(|n| format!("did you mean `{n}`? ")).unwrap_or_default();
        format!("unknown ruleset `{id}`; {hint}this version of Salient plays: {}", ids.join(", "))
    })
}

/// Collects the files to check: a file as given, a folder's `.ron` files recursively (sorted). A
/// folder named on the command line (`named`) with no data file in it is an error; a subfolder
/// without any (fonts, pictures) is not.
fn collect(path: &Path, out: &mut Vec<PathBuf>, report: &mut Report, named: bool) {
    match std::fs::metadata(path) {
        Err(e) => report.diagnostics.push(Diagnostic {
            file: path.to_path_buf(),
            line: 1,
            col: 1,
            message: format!("cannot read: {}", io_reason(&e)),
        }),
        Ok(m) if m.is_dir() => {
            let mut entries: Vec<PathBuf> = match std::fs::read_dir(path) {
                Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
                Err(e) => {
                    report.diagnostics.push(Diagnostic {
                        file: path.to_path_buf(),
                        line: 1,
                        col: 1,
                        message: format!("cannot list the folder: {}", io_reason(&e)),
                    });
                    return;
                }
            };
            entries.sort();
            let before = out.len();
            for e in entries {
                if e.is_dir() {
                    collect(&e, out, report, false);
                } else if e.extension().is_some_and(|x| x == "ron") {
                    out.push(e);
                }
            }
            if named && out.len() == before && !report.diagnostics.iter().any(|d| d.file.starts_with(path)) {
                report.diagnostics.push(Diagnostic {
                    file: path.to_path_buf(),
                    line: 1,
                    col: 1,
                    message: "no .ron data files in this folder".into(),
                });
            }
        }
        Ok(_) => out.push(path.to_path_buf()),
    }
}

/// Validates files and folders.
pub fn validate_paths(paths: &[PathBuf], registry: &[RulesetEntry]) -> Report {
    let mut report = Report::default();
    let mut files = Vec::new();
    for p in paths {
        collect(p, &mut files, &mut report, true);
    }
    for f in files {
        report.files += 1;
        report.diagnostics.extend(validate_file(&f, registry));
    }
    report
}

/// Every problem in one file.
pub fn validate_file(path: &Path, registry: &[RulesetEntry]) -> Vec<Diagnostic> {
    let file = match SourceFile::read(path) {
        Ok(f) => f,
        Err(d) => return vec![d],
    };
    validate_source(&file, registry)
}

/// Every problem in one file already read.
pub fn validate_source(file: &SourceFile, registry: &[RulesetEntry]) -> Vec<Diagnostic> {
    if super::scenario::top_level_name(&file.text) == Some("RuleTexts") {
        return check_rule_texts(file, registry);
    }
    let kind = match file_kind(file) {
        Ok(k) => k,
        Err(d) => return vec![d],
    };
    match kind {
        FileKind::Campaign => return super::campaign::check_campaign(file, registry),
        FileKind::CampaignSave => {
            return match super::campaign::load_campaign_save(file, registry) {
                Ok(_) => Vec::new(),
                Err(msg) => vec![file.at_start(msg)],
            };
        }
        _ => {}
    }
    let (format, ruleset_id) = match header(file) {
        Ok(h) => h,
        Err(d) => return vec![d],
    };
    let entry = match find_ruleset(registry, &ruleset_id) {
        Ok(e) => e,
        Err(msg) => return vec![file.at("ruleset", msg)],
    };
    match kind {
        FileKind::Scenario => (entry.check_scenario)(file),
        FileKind::Tables => (entry.check_tables)(file),
        FileKind::HexMap => check_hex_map(file, &(entry.vocabulary)()).err().unwrap_or_default(),
        FileKind::AreaMap => match file.parse::<AreaMapSpec>() {
            Err(d) => vec![d],
            Ok(spec) => {
                let mut problems = Problems::default();
                AreaBoard::from_spec(&spec, &mut problems);
                file.locate_all(problems)
            }
        },
        FileKind::Tabletop => match file.parse::<TabletopSpec>() {
            Err(d) => vec![d],
            Ok(spec) => {
                let mut problems = Problems::default();
                Tabletop::from_spec(&spec, &mut problems);
                file.locate_all(problems)
            }
        },
        FileKind::Save => match (entry.load_save)(file, format) {
            Ok(s) => match s.campaign_record().map(|r| r.verify(registry)) {
                Some(Err(msg)) => vec![file.at_start(format!("the campaign attached to this save: {msg}"))],
                _ => Vec::new(),
            },
            Err(msg) => vec![file.at_start(msg)],
        },
        FileKind::Campaign | FileKind::CampaignSave => Vec::new(),
    }
}

/// A rulebook's text for the window's rule popups (`assets/ui/<ruleset>-rules.ron`).
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(rename = "RuleTexts", deny_unknown_fields)]
pub struct RuleTextsFile {
    /// The ruleset whose rulebook this is, by id.
    ruleset: String,
    /// Each rule's text by its section number as the game cites it (`"7.22"`).
    rules: std::collections::BTreeMap<String, RuleTextEntry>,
    /// Other numbers leading to a rule's text (a citation the rulebook prints differently), to the
    /// section they lead to.
    #[serde(default)]
    aliases: std::collections::BTreeMap<String, String>,
}

/// One rule's text in a popup.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct RuleTextEntry {
    /// The section's heading.
    title: String,
    /// The section's text, as the rulebook words it.
    text: String,
}

/// Checks a rule-text file: it reads, names a known ruleset, every rule has a title and a text, and
/// every alias leads to a rule.
fn check_rule_texts(file: &SourceFile, registry: &[RulesetEntry]) -> Vec<Diagnostic> {
    let texts: RuleTextsFile = match file.parse() {
        Ok(t) => t,
        Err(d) => return vec![d],
    };
    let mut out = Vec::new();
    if let Err(msg) = find_ruleset(registry, &texts.ruleset) {
        out.push(file.at("ruleset", msg));
    }
    if texts.rules.is_empty() {
        out.push(file.at("rules", "no rule texts: `rules` is empty"));
    }
    for (id, r) in &texts.rules {
        if r.title.trim().is_empty() {
            out.push(file.at("rules", format!("rule `{id}` has no title")));
        }
        if r.text.trim().is_empty() {
            out.push(file.at("rules", format!("rule `{id}` has no text")));
        }
    }
    for (alias, target) in &texts.aliases {
        if !texts.rules.contains_key(target) {
            let hint =
                nearest(target, texts.rules.keys().map(String::as_str)).map(|s| format!("; did you mean `{s}`?")).unwrap_or_default();
            out.push(file.at("aliases", format!("alias `{alias}` leads to rule `{target}`, which has no text{hint}")));
        }
    }
    out
}

/// Reads and checks a hex map against its ruleset's vocabulary.
pub fn check_hex_map(file: &SourceFile, vocab: &MapVocabulary) -> Result<HexBoard, Vec<Diagnostic>> {
    let spec: HexMapSpec = file.parse().map_err(|d| vec![d])?;
    fn names(v: &[String]) -> Vec<&str> {
        v.iter().map(|s| s.as_str()).collect()
    }
    let (terrains, features, sides) = (names(&vocab.terrains), names(&vocab.features), names(&vocab.sides));
    let mut problems = Problems::default();
    if spec.format != 1 {
        problems.push("format", format!("map format {} is not supported; this version reads format 1", spec.format));
    }
    // A ruleset whose sides come only from its scenarios names none: any owner id is accepted here.
    let sides = (!sides.is_empty()).then_some(sides.as_slice());
    let board = HexBoard::from_spec(&spec, Some(&terrains), Some(&features), sides, &mut problems);
    match board {
        Some(b) if problems.is_empty() => Ok(b),
        _ => Err(file.locate_all(problems)),
    }
}
