//! Royal Tank Corps's presenter: the area board and its panels (`ui::area`) offered to the shell,
//! with the catalogue card of a scenario (a thumbnail of its areas on their cell grid).

use std::collections::HashMap;
use std::path::Path;

use bevy::prelude::*;

use crate::engine::Ruleset;
use crate::engine::loader::Loader;
use crate::engine::source::SourceFile;
use crate::rulesets::rtc::scenario::Scenario;
use crate::rulesets::rtc::{ID, Rtc};

use super::area::AreaSession;
use super::art::features::{self, Extent, HEX};
use super::art::{self, Canvas};
use super::hot_reload::hot_reload_systems;
use super::presenter::{Opening, Presenter, ScenarioCard, SeatChoice, first_problem, load_session, open_session};
use super::replay::session_systems;
use board::terrain_colour;

pub mod anim;
pub mod board;
pub mod words;

/// Royal Tank Corps's presenter.
pub struct Window;

impl Presenter for Window {
    fn id(&self) -> &'static str {
        ID
    }
    fn name(&self) -> &'static str {
        Rtc::NAME
    }
    fn blurb(&self) -> &'static str {
        "Cambrai, 20 November – 4 December 1917: the Tank Corps' great attack, on an area map with impulses."
    }
    fn plugin(&self, app: &mut App) {
        app.add_plugins((super::area::plugin, board::plugin, anim::plugin));
        hot_reload_systems::<AreaSession>(app, super::area::SCREEN);
        session_systems::<AreaSession>(app, super::area::SCREEN);
    }
    fn builtin_rules(&self) -> &'static str {
        include_str!("../../../assets/ui/rtc-rules.ron")
    }
    fn card(&self, file: &SourceFile, with_thumbnail: bool) -> Result<ScenarioCard, String> {
        let s = <Rtc as Ruleset>::load_scenario(file, &mut Loader::from_disk()).map_err(|ds| first_problem(&ds))?;
        let first = s.spec.turns.first().map(|t| t.date.clone()).unwrap_or_default();
        let last = s.spec.turns.last().map(|t| t.date.clone()).unwrap_or_default();
        Ok(ScenarioCard {
            info: s.spec.info.clone(),
            length: format!("{} turns, from {first} to {last}", s.spec.turns.len()),
            note: Some(format!("{} areas", s.board.areas.len())),
            thumbnail: if with_thumbnail { thumbnail(&s, 480.0) } else { None },
        })
    }
    fn open(&self, path: &Path, seed: u64, seats: SeatChoice) -> Result<Opening, String> {
        open_session::<AreaSession>(path, seed, seats)
    }
    fn load(&self, path: &Path, seats: Option<SeatChoice>) -> Result<Opening, String> {
        load_session::<AreaSession>(path, seats)
    }
}

/// A small picture of the area map, `width` pixels wide: each area's cells in its terrain's colour,
/// darker along the borders between areas. `None` for a map drawn without cells.
pub fn thumbnail(s: &Scenario, width: f32) -> Option<(u32, u32, Vec<u8>)> {
    let grid = s.board.grid.as_ref()?;
    let area_of: HashMap<_, _> = s.board.areas.values().flat_map(|a| a.cells.iter().map(move |c| (*c, a.id))).collect();
    let ext = Extent::of(grid);
    let scale = width / ext.width().max(1.0);
    let (w, h) = ((ext.width() * scale).ceil() as u32, (ext.height() * scale).ceil() as u32);
    let mut c = Canvas::new(w, h);
    let r = HEX / 3f32.sqrt() * scale;
    for area in s.board.areas.values() {
        let [red, green, blue] = terrain_colour(&area.terrain).map(|x| (x * 255.0) as u8);
        for cell in &area.cells {
            let (x, y) = features::centre_px(grid, *cell);
            let (x, y) = ((x - ext.min_x) * scale, (y - ext.min_y) * scale);
            let border = grid.neighbors(*cell).any(|n| area_of.get(&n).is_some_and(|other| *other != area.id));
            let col = if border { art::mix([red, green, blue, 255], [60, 50, 36, 255], 0.45) } else { [red, green, blue, 255] };
            c.fill_poly(&art::hex_corners(x, y, r + 0.6), col);
        }
    }
    Some((w, h, c.to_rgba()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::rules_text::RuleTexts;
    use crate::ui::rules_text::rule_ids_in;

    /// Every rule number the Royal Tank Corps rules write in their events, refusals and sources has
    /// its own text (not a parent's), copied from the rulebook.
    #[test]
    fn every_rtc_rule_id_has_its_own_text() {
        let texts = RuleTexts::parse(Window.builtin_rules()).expect("the built-in rtc rule texts parse");
        assert_eq!(texts.ruleset, "rtc");
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rulesets/rtc");
        let mut ids = std::collections::BTreeSet::new();
        for e in std::fs::read_dir(&dir).expect("src/rulesets/rtc") {
            let text = std::fs::read_to_string(e.expect("entry").path()).unwrap_or_default();
            for part in text.split('"').skip(1).step_by(2) {
                if !part.is_empty() && part.len() <= 5 && part.contains('.') && part.chars().all(|c| c.is_ascii_digit() || c == '.') {
                    ids.insert(part.to_string());
                }
            }
        }
        assert!(ids.len() > 20, "rule ids found: {ids:?}");
        for id in &ids {
            assert_eq!(texts.get(id).map(|r| r.0), Some(id.as_str()), "rule {id} has no text of its own");
        }
        for id in ["SoP", "5", "7", "10", "10.1", "Appendix", "9.34", "10.6", "7.9"] {
            assert!(texts.get(id).is_some(), "no text for rule {id}");
        }
        assert!(texts.get("9.34").is_some_and(|r| r.1.text.contains("Stosstruppen")));
        assert_eq!(texts.get("7.64").map(|r| r.0), Some("7.6"));
        assert_eq!(rule_ids_in("may not enter (9.34); see [10.31] and rule 7.63, turn 1917.5"), vec!["9.34", "10.31", "7.63"]);
    }
}
