//! Into the Bastards!'s window: its map (`board`) and pieces (`counters`, `faces`) in the hex view
//! (`ui::board::hex`), the orders and their highlights, the clicks and keys (`input`), the panels
//! (`hud`), its hand-over sides and game-over screen (`screens`), and its game in the window
//! (`session`); the shell's computer player, saves and hot reload instantiated for it. [`Window`]
//! presents it to the shell.

pub mod board;
pub mod counters;
pub mod faces;
pub mod highlights;
#[cfg(test)]
mod hot_reload_tests;
pub mod hud;
pub mod input;
pub mod orders;
pub mod screens;
pub mod session;

use std::path::Path;

use bevy::prelude::*;

use crate::engine::Ruleset;
use crate::engine::loader::Loader;
use crate::engine::source::SourceFile;
use crate::rulesets::bastards::scenario::Scenario;
use crate::rulesets::bastards::{Bastards, ID};

use super::ai_worker::{ComputerPlayer, drive_computer, spawn_computer};
use super::art::features::{self, Extent, HEX};
use super::art::{self, Canvas, terrain};
use super::board::hex::{self, map::DrawHexMap};
use super::hot_reload::hot_reload_systems;
use super::presenter::{Opening, Presenter, ScenarioCard, SeatChoice, first_problem, load_session, open_session};
use super::replay::session_systems;
use super::saves::save_systems;
use super::{Frame, Playing};
use session::PlaySession;

/// The game screen of Into the Bastards!: its systems run in it.
pub const SCREEN: Playing = Playing(ID);

/// The computer player of Into the Bastards!.
pub type AiWorker = ComputerPlayer<Bastards>;

/// Into the Bastards!'s presenter.
pub struct Window;

impl Presenter for Window {
    fn id(&self) -> &'static str {
        ID
    }
    fn name(&self) -> &'static str {
        Bastards::NAME
    }
    fn blurb(&self) -> &'static str {
        "Villers-Bretonneux, 24–25 April 1918: the first tank battle. Battalions and single tanks on a 200 m hex map."
    }
    fn plugin(&self, app: &mut App) {
        app.add_plugins((counters::plugin, highlights::plugin, input::plugin, orders::plugin, hud::plugin));
        hex::add_to(app);
        app.add_systems(Update, board::present_map.in_set(Frame::Map).before(DrawHexMap).run_if(in_state(SCREEN)));
        spawn_computer::<Bastards>(app);
        app.add_systems(Update, drive_computer::<PlaySession>.in_set(Frame::Apply).run_if(in_state(SCREEN)));
        save_systems::<PlaySession>(app, SCREEN);
        app.add_plugins(screens::plugin);
        hot_reload_systems::<PlaySession>(app, SCREEN);
        session_systems::<PlaySession>(app, SCREEN);
    }
    fn builtin_rules(&self) -> &'static str {
        include_str!("../../../assets/ui/bastards-rules.ron")
    }
    fn difficulties(&self) -> &'static [crate::engine::Difficulty] {
        <crate::ai::Computer as crate::engine::Opponent<crate::rulesets::bastards::Bastards>>::LEVELS
    }
    fn card(&self, file: &SourceFile, with_thumbnail: bool) -> Result<ScenarioCard, String> {
        let s = <Bastards as Ruleset>::load_scenario(file, &mut Loader::from_disk()).map_err(|ds| first_problem(&ds))?;
        let first = s.spec.turns.first().map(|t| t.label.clone()).unwrap_or_default();
        let last = s.spec.turns.last().map(|t| t.label.clone()).unwrap_or_default();
        Ok(ScenarioCard {
            info: s.spec.info.clone(),
            length: format!("{} turns, from {first} to {last}", s.spec.turns.len()),
            note: s.spec.rows_in_play.as_ref().map(|(a, b)| format!("Map rows {a} to {b}")),
            thumbnail: with_thumbnail.then(|| thumbnail(&s, 0.16)),
        })
    }
    fn open(&self, path: &Path, seed: u64, seats: SeatChoice) -> Result<Opening, String> {
        open_session::<PlaySession>(path, seed, seats)
    }
    fn load(&self, path: &Path, seats: Option<SeatChoice>) -> Result<Opening, String> {
        load_session::<PlaySession>(path, seats)
    }
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
    c.blit(&features::render(board, scale), 0, 0);
    (w, h, c.to_rgba())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::rules_text::RuleTexts;

    #[test]
    fn every_rule_id_the_engine_uses_has_a_text() {
        let texts = RuleTexts::parse(Window.builtin_rules()).expect("the built-in rule texts parse");
        for id in [
            "ZoC",
            "LoS",
            "LoC",
            "Stacking",
            "SoP",
            "2.1",
            "2.2",
            "2.3",
            "2.3.3",
            "3.1",
            "3.2",
            "3.3",
            "3.4",
            "3.5",
            "3.6",
            "Tanks",
            "4.1",
            "4.2",
            "5",
            "6",
            "7.1",
            "7.2",
            "8",
            "9",
            "10",
            "11",
            "S1",
            "S2",
            "O1",
            "O2",
            "O3",
            "Terrain Table",
            "Scenarios",
        ] {
            assert!(texts.get(id).is_some(), "no text for rule {id}");
        }
        assert_eq!(texts.get("3.3.1").map(|r| r.0), Some("3.3"));
        assert!(texts.get("nonsense").is_none());
    }
}
