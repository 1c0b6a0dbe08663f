//! The scenarios the menu offers, one catalogue for every ruleset: every scenario file found under
//! `<data root>/scenarios/` (the shipped ones) and under the user's mods folder
//! (`engine::paths::mods_dir()`) whose ruleset the window plays, each read by its ruleset's presenter
//! (loaded and checked, with a thumbnail of its map). A scenario that fails its checks is listed with
//! its first error instead of being hidden.

use std::path::{Path, PathBuf};

use crate::engine::paths;
use crate::engine::scenario::{FileKind, file_kind, header};
use crate::engine::source::SourceFile;

use super::presenter::{Presenter, ScenarioCard};
use super::registry::presenter;

/// Where a scenario comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Shipped,
    Mod,
}

/// One scenario of the list.
#[derive(Clone)]
pub struct ScenarioEntry {
    pub path: PathBuf,
    pub origin: Origin,
    /// The ruleset the file names.
    pub ruleset: &'static str,
    /// The scenario as its presenter reads it, or why it does not load.
    pub card: Result<ScenarioCard, String>,
}

impl ScenarioEntry {
    /// A picture of the map: (width, height, RGBA).
    pub fn thumbnail(&self) -> Option<&(u32, u32, Vec<u8>)> {
        self.card.as_ref().ok()?.thumbnail.as_ref()
    }

    pub fn title(&self) -> String {
        match &self.card {
            Ok(c) => c.info.name.clone(),
            Err(_) => self.path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default(),
        }
    }
}

/// The folders searched, in order.
pub fn folders() -> Vec<(PathBuf, Origin)> {
    let mut v = Vec::new();
    if let Some(root) = paths::data_root() {
        v.push((root.join("scenarios"), Origin::Shipped));
    }
    v.push((paths::mods_dir(), Origin::Mod));
    v
}

fn ron_files(dir: &Path, out: &mut Vec<PathBuf>, depth: u32) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() && depth < 4 {
            ron_files(&p, out, depth + 1);
        } else if p.extension().is_some_and(|x| x == "ron") {
            out.push(p);
        }
    }
}

/// Reads one file: `None` if it is not a scenario (a map, a table) or its ruleset has no window.
pub fn read_entry(path: &Path, origin: Origin, thumbnails: bool) -> Option<ScenarioEntry> {
    let file = SourceFile::read(path).ok()?;
    if file_kind(&file).ok()? != FileKind::Scenario {
        return None;
    }
    let (_, ruleset) = header(&file).ok()?;
    let p = presenter(&ruleset)?;
    Some(ScenarioEntry { path: path.to_path_buf(), origin, ruleset: p.id(), card: p.card(&file, thumbnails) })
}

/// The presenter of the ruleset a scenario file names; the error says why there is none.
pub fn presenter_of(path: &Path) -> Result<&'static dyn Presenter, String> {
    let file = SourceFile::read(path).map_err(|d| d.to_string())?;
    let (_, ruleset) = header(&file).map_err(|d| d.to_string())?;
    presenter(&ruleset).ok_or_else(|| format!("{}: the window does not play `{ruleset}`", path.display()))
}

/// Every scenario in the folders.
pub fn scan(thumbnails: bool) -> Vec<ScenarioEntry> {
    let mut out = Vec::new();
    for (dir, origin) in folders() {
        let mut files = Vec::new();
        ron_files(&dir, &mut files, 0);
        for f in files {
            if let Some(e) = read_entry(&f, origin, thumbnails) {
                out.push(e);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_scenarios_are_found_with_thumbnails() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let mut files = Vec::new();
        ron_files(&root, &mut files, 0);
        let entries: Vec<ScenarioEntry> = files.iter().filter_map(|f| read_entry(f, Origin::Shipped, true)).collect();
        assert!(!entries.is_empty(), "no scenario found under {}", root.display());
        for e in &entries {
            if let Ok(c) = &e.card {
                let (w, h, px) = c.thumbnail.clone().expect("a thumbnail");
                assert_eq!(px.len(), (w * h * 4) as usize);
                assert!(!c.info.name.is_empty());
            }
        }
        // Every ruleset the window plays has its scenarios in the one catalogue.
        for p in super::super::registry::presenters() {
            assert!(entries.iter().any(|e| e.ruleset == p.id() && e.card.is_ok()), "no scenario of {} loads", p.id());
        }
        // Maps and tables are not scenarios.
        assert!(files.iter().any(|f| f.to_string_lossy().contains("maps")));
        assert!(entries.iter().all(|e| !e.path.to_string_lossy().contains("/maps/")));
    }

    /// Every shipped scenario's card says how to win before Start (issue 20): lines read from its
    /// data that name each of its sides and the turn the game ends on (its length's number of turns).
    #[test]
    fn every_shipped_scenario_says_how_to_win_before_start() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let mut files = Vec::new();
        ron_files(&root, &mut files, 0);
        let entries: Vec<ScenarioEntry> = files.iter().filter_map(|f| read_entry(f, Origin::Shipped, false)).collect();
        assert!(entries.len() >= 10, "{} scenarios", entries.len());
        for e in &entries {
            let card = e.card.as_ref().unwrap_or_else(|m| panic!("{} does not load: {m}", e.path.display()));
            let at = e.path.display();
            assert!(!card.victory.is_empty(), "{at}: no victory lines");
            assert!(card.victory.iter().all(|(who, how)| !who.is_empty() && how.len() > 20), "{at}: {:?}", card.victory);
            let text: String = card.victory.iter().map(|(who, how)| format!("{who}: {how}\n")).collect();
            for side in &card.info.sides {
                assert!(text.contains(&side.name), "{at}: the victory lines do not name {}:\n{text}", side.name);
            }
            let turns: String = card.length.chars().take_while(char::is_ascii_digit).collect();
            assert!(!turns.is_empty(), "{at}: length `{}`", card.length);
            assert!(text.contains(&format!("turn {turns}")), "{at}: the victory lines do not say the game ends on turn {turns}:\n{text}");
        }
    }
}
