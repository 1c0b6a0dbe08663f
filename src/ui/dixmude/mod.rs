//! NOT YET IN THE MODULE TREE (issue 15): written against the rules, never compiled; wiring it is
//! `pub mod dixmude;` in `ui/mod.rs` and its `Window` in `rulesets::presenters()`. Its hand-over
//! predates the shell's `screens::hand_over_systems` and should become a `SideLooks` function.
//!
//! Tempête sur Dixmude 1914's presenter: the zone map on the shared area view (`ui::board::area`) —
//! the zones with their defence bonuses, the Yser along the borders between the banks with the
//! Diksmuide bridges, the HQ box of the XXII Reserve-Korps — and its panels: the turn, the phase, the
//! resource points and the strategy hand (the player's own only), the decision and its orders with
//! the odds of bombing, defensive fire and assault before the dice roll, the selected zone's card.
//! It holds no rule: it shows `Game::legal()`, the rules' previews, the state and the journal, and
//! submits commands.

use std::collections::HashMap;
use std::path::Path;

use bevy::prelude::*;

use crate::engine::Ruleset;
use crate::engine::loader::Loader;
use crate::engine::source::SourceFile;
use crate::rulesets::dixmude::scenario::Scenario;
use crate::rulesets::dixmude::{Command, Dixmude, ID};

use super::art::features::{self, Extent, HEX};
use super::art::{self, Canvas};
use super::hot_reload::hot_reload_systems;
use super::presenter::{Opening, Presenter, ScenarioCard, SeatChoice, first_problem, load_session, open_session};
use super::replay::session_systems;
use session::DixSession;

pub mod ai;
pub mod anim;
pub mod board;
pub mod handover;
pub mod panels;
pub mod session;
pub mod words;

/// The game screen of Tempête sur Dixmude: its systems run in it.
pub const SCREEN: super::Playing = super::Playing(ID);

/// What the player is looking at and pointing to.
#[derive(Resource, Default)]
pub struct DixUi {
    pub selected: Option<u32>,
    /// A unit picked in the panel (a gun to bomb with, a battalion to send from the HQ zone, a
    /// support unit to shift), for its targets on the map.
    pub picked: Option<String>,
    pub hovered: Option<u32>,
    /// A click on the map this frame: `Some(None)` is a click outside every zone.
    pub clicked: Option<Option<u32>>,
    /// The part of the window the panels leave to the map.
    pub free: Option<Rect>,
    pub pointer_over_ui: bool,
    pub keyboard_over_ui: bool,
    pub fit_requested: bool,
    /// A problem to show (a map that cannot be drawn).
    pub problem: Option<String>,
    /// Dice hidden, the whole log open.
    pub log: crate::ui::log::LogView,
    /// A right click on the map this frame (cancels the selection).
    pub cancelled: bool,
    /// Orders a click offered, for the player to choose among (where the pointer was, in points).
    pub choice: Option<(bevy_egui::egui::Pos2, Vec<Command>)>,
    /// The rule whose text is shown.
    pub rule: Option<String>,
}

fn reset(mut ui: ResMut<DixUi>) {
    *ui = DixUi::default();
}

/// Tempête sur Dixmude's presenter.
pub struct Window;

impl Presenter for Window {
    fn id(&self) -> &'static str {
        ID
    }
    fn name(&self) -> &'static str {
        Dixmude::NAME
    }
    fn blurb(&self) -> &'static str {
        "Diksmuide, October–November 1914: the marine fusiliers and the Belgians hold the Yser bridgehead against the XXII Reserve-Korps, zone by zone."
    }
    fn plugin(&self, app: &mut App) {
        app.insert_resource(DixUi::default()).add_systems(OnExit(SCREEN), reset).add_plugins((
            board::plugin,
            panels::plugin,
            ai::plugin,
            handover::plugin,
            anim::plugin,
        ));
        hot_reload_systems::<DixSession>(app, SCREEN);
        session_systems::<DixSession>(app, SCREEN);
    }
    fn builtin_rules(&self) -> &'static str {
        include_str!("../../../assets/ui/dixmude-rules.ron")
    }
    fn card(&self, file: &SourceFile, with_thumbnail: bool) -> Result<ScenarioCard, String> {
        let s = <Dixmude as Ruleset>::load_scenario(file, &mut Loader::from_disk()).map_err(|ds| first_problem(&ds))?;
        Ok(ScenarioCard {
            info: s.spec.info.clone(),
            length: format!("{} turns of three days", s.tables.turns),
            note: Some(format!("{} zones and the HQ zone of the XXII Reserve-Korps", s.zones.len().saturating_sub(1))),
            thumbnail: if with_thumbnail { thumbnail(&s, 480.0) } else { None },
        })
    }
    fn open(&self, path: &Path, seed: u64, seats: SeatChoice) -> Result<Opening, String> {
        open_session::<DixSession>(path, seed, seats)
    }
    fn load(&self, path: &Path, seats: Option<SeatChoice>) -> Result<Opening, String> {
        load_session::<DixSession>(path, seats)
    }
}

/// A small picture of the zone map, `width` pixels wide: each zone's cells in its terrain's colour,
/// darker along the borders between zones and blue along the Yser. `None` for a map without cells.
pub fn thumbnail(s: &Scenario, width: f32) -> Option<(u32, u32, Vec<u8>)> {
    let grid = s.board.grid.as_ref()?;
    let zone_of: HashMap<_, _> = s.board.areas.values().flat_map(|a| a.cells.iter().map(move |c| (*c, a.id))).collect();
    let ext = Extent::of(grid);
    let scale = width / ext.width().max(1.0);
    let (w, h) = ((ext.width() * scale).ceil() as u32, (ext.height() * scale).ceil() as u32);
    let mut c = Canvas::new(w, h);
    let r = HEX / 3f32.sqrt() * scale;
    for zone in s.board.areas.values() {
        let [red, green, blue] = board::terrain_colour(&zone.terrain).map(|x| (x * 255.0) as u8);
        for cell in &zone.cells {
            let (x, y) = features::centre_px(grid, *cell);
            let (x, y) = ((x - ext.min_x) * scale, (y - ext.min_y) * scale);
            let others: Vec<u32> = grid.neighbors(*cell).filter_map(|n| zone_of.get(&n).copied()).filter(|o| *o != zone.id).collect();
            let mut col = [red, green, blue, 255];
            if others.iter().any(|o| board::across_the_yser(s, zone.id, *o)) {
                col = [70, 110, 190, 255];
            } else if !others.is_empty() {
                col = art::mix(col, [60, 50, 36, 255], 0.45);
            }
            c.fill_poly(&art::hex_corners(x, y, r + 0.6), col);
        }
    }
    Some((w, h, c.to_rgba()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::rules_text::RuleTexts;

    /// Every rule number the Dixmude rules write in their events and refusals has a text of its
    /// own in the window's rule texts (not a parent's), copied from the rulebook.
    #[test]
    fn every_dixmude_rule_id_has_its_own_text() {
        let texts = RuleTexts::parse(Window.builtin_rules()).expect("the built-in dixmude rule texts parse");
        assert_eq!(texts.ruleset, "dixmude");
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rulesets/dixmude");
        let mut ids = std::collections::BTreeSet::new();
        for e in std::fs::read_dir(&dir).expect("src/rulesets/dixmude") {
            let text = std::fs::read_to_string(e.expect("entry").path()).unwrap_or_default();
            for part in text.split('"').skip(1).step_by(2) {
                if !part.is_empty() && part.len() <= 6 && part.chars().all(|c| c.is_ascii_digit() || c == '.') && !part.ends_with('.') {
                    ids.insert(part.to_string());
                }
            }
        }
        assert!(ids.len() > 20, "rule ids found: {ids:?}");
        for id in &ids {
            assert_eq!(texts.get(id).map(|r| r.0), Some(id.as_str()), "rule {id} has no text of its own");
        }
        assert!(texts.get("7.3.5").is_some_and(|r| r.1.text.contains("Diksmuide en ruine")));
        assert!(texts.get("8.6").is_some_and(|r| r.1.text.contains("4-5: Success")));
        assert_eq!(texts.get("8.3.5").map(|r| r.0), Some("7.3.5"));
    }

    /// The catalogue card reads the shipped scenario and draws its map.
    #[test]
    fn the_shipped_scenario_has_a_card_and_a_thumbnail() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/dixmude/dixmude-1914.ron");
        let file = SourceFile::read(&path).expect("the scenario reads");
        let card = Window.card(&file, true).expect("a card");
        let (w, h, px) = card.thumbnail.expect("a thumbnail");
        assert!(w >= 470 && h > 200 && px.len() == (w * h * 4) as usize);
        // The Yser's blue is in the picture.
        assert!(px.chunks(4).any(|p| p == [70, 110, 190, 255]));
    }
}
