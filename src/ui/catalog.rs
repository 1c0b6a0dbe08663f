//! The scenarios the menu offers: every scenario file of Into the Bastards! found under
//! `<data root>/scenarios/` (the shipped ones) and under the user's mods folder
//! (`engine::paths::mods_dir()`), each loaded and checked, with a thumbnail of its map. A scenario that
//! fails its checks is listed with its first error instead of being hidden.

use std::path::{Path, PathBuf};

use crate::engine::Ruleset;
use crate::engine::loader::Loader;
use crate::engine::paths;
use crate::engine::scenario::{FileKind, file_kind, header};
use crate::engine::source::SourceFile;
use crate::rulesets::bastards::Bastards;
use crate::rulesets::bastards::scenario::Scenario;

use super::art::features::{self, Extent, HEX};
use super::art::{self, Canvas, terrain};

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
    /// The loaded scenario, or why it does not load.
    pub scenario: Result<std::sync::Arc<Scenario>, String>,
    /// A picture of the map: (width, height, RGBA).
    pub thumbnail: Option<(u32, u32, Vec<u8>)>,
}

impl ScenarioEntry {
    pub fn title(&self) -> String {
        match &self.scenario {
            Ok(s) => s.spec.info.name.clone(),
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

/// Reads one file: `None` if it is not a scenario of Into the Bastards! (a map, a table, another
/// ruleset's scenario).
pub fn read_entry(path: &Path, origin: Origin, thumbnails: bool) -> Option<ScenarioEntry> {
    let file = SourceFile::read(path).ok()?;
    if file_kind(&file).ok()? != FileKind::Scenario {
        return None;
    }
    let (_, ruleset) = header(&file).ok()?;
    if ruleset != crate::rulesets::bastards::ID {
        return None;
    }
    let mut loader = Loader::from_disk();
    let scenario = <Bastards as Ruleset>::load_scenario(&file, &mut loader)
        .map(std::sync::Arc::new)
        .map_err(|ds| ds.first().map(|d| d.to_string()).unwrap_or_else(|| "the scenario does not load".into()));
    let thumbnail = match (&scenario, thumbnails) {
        (Ok(s), true) => Some(thumbnail(s, 0.16)),
        _ => None,
    };
    Some(ScenarioEntry { path: path.to_path_buf(), origin, scenario, thumbnail })
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

/// A small picture of a scenario's map: terrain, features, rows out of play dimmed.
pub fn thumbnail(s: &Scenario, scale: f32) -> (u32, u32, Vec<u8>) {
    let board = &s.board;
    let ext = Extent::of(board);
    let (w, h) = ((ext.width() * scale).ceil() as u32, (ext.height() * scale).ceil() as u32);
    let mut c = Canvas::new(w, h);
    let (first, last) = s.rows_in_play();
    let r = HEX / 3f32.sqrt() * scale;
    for hx in board.hexes() {
        let (x, y) = features::centre_px(board, hx);
        let (x, y) = ((x - ext.min_x) * scale, (y - ext.min_y) * scale);
        let mut col = terrain::thumbnail_colour(board.terrain(hx).unwrap_or(""));
        let row = board.offset_of(hx).1 as u32;
        if row < first || row > last {
            col = art::mix(col, [30, 28, 24, 255], 0.55);
        }
        c.fill_poly(&art::hex_corners(x, y, r + 0.6), col);
    }
    if let Some(fonts) = art::Fonts::load() {
        let overlay = features::render(board, scale, &fonts, false);
        c.blit(&overlay, 0, 0);
    }
    (w, h, c.to_rgba())
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
            if let Ok(s) = &e.scenario {
                let (w, h, px) = e.thumbnail.clone().expect("a thumbnail");
                assert_eq!(px.len(), (w * h * 4) as usize);
                assert!(!s.spec.info.name.is_empty());
            }
        }
        // Maps and tables are not scenarios.
        assert!(files.iter().any(|f| f.to_string_lossy().contains("maps")));
        assert!(entries.iter().all(|e| !e.path.to_string_lossy().contains("/maps/")));
    }
}
