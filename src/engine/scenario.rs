//! What every scenario file shares, and how a file says what it is.
//!
//! A RON data file names its kind with its top-level structure name (`Scenario(...)`, `HexMap(...)`,
//! `AreaMap(...)`, `Tabletop(...)`, `Tables(...)`, `Save(...)`, `Campaign(...)`, `CampaignSave(...)`)
//! and, but for the two campaign kinds, its ruleset with a `ruleset` key,
//! so one validator can check a whole folder of mixed files and hand each to the right ruleset.

use serde::{Deserialize, Serialize};

use super::loader::Loader;
use super::source::{Diagnostic, Problems, SourceFile};

/// The scenario format this program reads.
pub const SCENARIO_FORMAT: u32 = 1;

/// The kinds of data file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Scenario,
    HexMap,
    AreaMap,
    Tabletop,
    Tables,
    Save,
    /// A campaign file (docs/campaigns.md): it names no ruleset, its battles' scenarios do.
    Campaign,
    /// A campaign save between battles.
    CampaignSave,
}

impl FileKind {
    pub const ALL: [(&'static str, FileKind); 8] = [
        ("Scenario", FileKind::Scenario),
        ("HexMap", FileKind::HexMap),
        ("AreaMap", FileKind::AreaMap),
        ("Tabletop", FileKind::Tabletop),
        ("Tables", FileKind::Tables),
        ("Save", FileKind::Save),
        ("Campaign", FileKind::Campaign),
        ("CampaignSave", FileKind::CampaignSave),
    ];
}

/// The first identifier of a RON text, after whitespace, comments and `#![enable(..)]` attributes.
pub fn top_level_name(text: &str) -> Option<&str> {
    let mut s = text;
    loop {
        s = s.trim_start_matches('\u{feff}').trim_start();
        if let Some(rest) = s.strip_prefix("//") {
            s = rest.split_once('\n').map(|(_, r)| r).unwrap_or("");
        } else if let Some(rest) = s.strip_prefix("/*") {
            s = rest.split_once("*/").map(|(_, r)| r).unwrap_or("");
        } else if let Some(rest) = s.strip_prefix("#![") {
            s = rest.split_once(']').map(|(_, r)| r).unwrap_or("");
        } else {
            break;
        }
    }
    let end = s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len());
    (end > 0).then(|| &s[..end])
}

/// Works out a file's kind from its top-level name; the error says what was expected.
pub fn file_kind(file: &SourceFile) -> Result<FileKind, Diagnostic> {
    let name = top_level_name(&file.text);
    match name.and_then(|n| FileKind::ALL.iter().find(|(k, _)| *k == n)) {
        Some((_, kind)) => Ok(*kind),
        None => {
            let names: Vec<&str> = FileKind::ALL.iter().map(|(n, _)| *n).collect();
            let found = match name {
                Some(n) => {
                    let hint =
                        super::source::nearest(n, names.iter().copied()).map(|s| format!("; did you mean `{s}`?")).unwrap_or_default();
                    format!("`{n}` is not a kind of Salient file{hint}")
                }
                None if file.text.trim().is_empty() => "the file is empty".to_string(),
                None => "this is not a Salient data file".to_string(),
            };
            Err(file.at_start(format!("{found} (a data file starts with one of {})", names.join(", "))))
        }
    }
}

/// Reads the two keys every data file has, `format` and `ruleset`, before the file is read strictly
/// as its kind (so a file of an unknown ruleset is reported as such, not as a parse error).
pub fn header(file: &SourceFile) -> Result<(u32, String), Diagnostic> {
    let token =
        file.top_level_token("ruleset").ok_or_else(|| file.at_start("missing key `ruleset`: say which ruleset this file is for"))?;
    let ruleset: String = ron::from_str(token).map_err(|_| file.at("ruleset", "`ruleset` must be a string, like \"my-ruleset\""))?;
    let format = match file.top_level_token("format") {
        None => return Err(file.at_start("missing key `format`: the file format version, 1")),
        Some(t) => t.parse::<u32>().map_err(|_| file.at("format", "`format` must be a whole number, like 1"))?,
    };
    Ok((format, ruleset))
}

/// Scenario facts shared by every ruleset: shown in the menu and the script output.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioInfo {
    /// A short id, unique within the ruleset (`first-tank-battle`).
    pub id: String,
    /// The scenario's name, as the menu shows it.
    pub name: String,
    /// The historical date(s) (`24-25 April 1918`).
    pub date: String,
    /// The historical introduction shown before play.
    #[serde(default)]
    pub introduction: String,
    /// The sides, first to set up first.
    pub sides: Vec<SideInfo>,
    /// Where the data comes from, and what is reconstructed.
    #[serde(default)]
    pub source: String,
}

/// One side of a scenario.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideInfo {
    /// The id commands and data use (`allied`, `german`); each once.
    pub id: String,
    /// The side's name, as the window shows it.
    pub name: String,
    /// A line about the side, shown under its name when choosing who plays it.
    #[serde(default)]
    pub description: String,
}

/// Checks the shared facts: format version, ids, sides.
pub fn check_info(format: u32, info: &ScenarioInfo, problems: &mut Problems) {
    if format != SCENARIO_FORMAT {
        problems
            .push("format", format!("scenario format {format} is not supported; this version of Salient reads format {SCENARIO_FORMAT}"));
    }
    if info.id.is_empty() || !info.id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        problems.push("info.id", "the scenario id must be letters, digits, `-` or `_`");
    }
    if info.sides.len() < 2 {
        problems.push("info.sides", "a scenario needs at least two sides");
    }
    for (i, s) in info.sides.iter().enumerate() {
        if info.sides[..i].iter().any(|o| o.id == s.id) {
            problems.push(format!("info.sides.{i}.id"), format!("duplicate side id `{}`", s.id));
        }
    }
}

/// Reads the map a scenario names (relative to the scenario) and checks it with the ruleset's
/// `check_map`; a map that cannot be read is reported at the scenario's `map` key. Every problem is
/// added to `diags`.
pub fn load_named_map<M>(
    file: &SourceFile,
    loader: &mut Loader,
    map: &str,
    diags: &mut Vec<Diagnostic>,
    check_map: impl FnOnce(&SourceFile) -> Result<M, Vec<Diagnostic>>,
) -> Option<M> {
    let checked = match loader.load_relative(&file.path, map) {
        Err(d) => Err(vec![file.at("map", format!("the map file `{map}` cannot be read: {}", d.message))]),
        Ok(map_file) => check_map(&map_file),
    };
    checked.map_err(|ds| diags.extend(ds)).ok()
}

/// The checks of a scenario's header every ruleset shares: the ruleset it names (`id` reads it) and
/// its info (format, id, sides).
pub fn check_header(id: &str, ruleset: &str, format: u32, info: &ScenarioInfo, problems: &mut Problems) {
    if ruleset != id {
        problems.push("ruleset", format!("this loader reads `{id}` scenarios, not `{ruleset}`"));
    }
    check_info(format, info, problems);
}
