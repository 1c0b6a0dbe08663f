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
use crate::rulesets::bastards::scenario::{Award, PlaceAward, Scenario, VictorySpec};
use crate::rulesets::bastards::units::Side;
use crate::rulesets::bastards::{Bastards, ID};

use super::ai_worker::{ComputerPlayer, drive_computer, spawn_computer};
use super::art::features::{self, Extent, HEX};
use super::art::{self, Canvas, terrain};
use super::board::hex::{self, map::DrawHexMap};
use super::hot_reload::hot_reload_systems;
use super::presenter::{Opening, Presenter, ScenarioCard, SeatChoice, first_problem, list_text, load_session, open_session, side_name};
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
            victory: victory_lines(&s),
        })
    }
    fn open(&self, path: &Path, seed: u64, seats: SeatChoice) -> Result<Opening, String> {
        open_session::<PlaySession>(path, seed, seats)
    }
    fn load(&self, path: &Path, seats: Option<SeatChoice>) -> Result<Opening, String> {
        load_session::<PlaySession>(path, seats)
    }
}

/// A place of the victory conditions in words (`german trenches`: the German trench hexes).
fn place_text(place: &str) -> String {
    match place {
        "german trenches" => "the German trenches".into(),
        "allied trenches" => "the Allied trenches".into(),
        name => name.into(),
    }
}

/// What holding a place is worth, in words.
fn award_text(a: &PlaceAward) -> String {
    let place = place_text(&a.place);
    match a.award {
        Award::Sole(p) => format!("{place} {p} VP if alone there"),
        Award::Any(p) => format!("{place} {p} VP with a battalion there"),
        Award::PerHex(p) => format!("{place} {p} VP a hex held"),
        Award::SoleOrPerHex(sole, per) => format!("{place} {sole} VP if alone there (else {per} VP a hex held)"),
    }
}

/// How to win, from the scenario's victory conditions (11, S1, S2): the VP each side scores and when
/// (scenario 1's kind), or the decisive victory and the result levels (scenario 2's kind); when the
/// game ends. A place counts only with battalions that trace a line of communication.
fn victory_lines(s: &Scenario) -> Vec<(String, String)> {
    let name = |side: Side| side_name(&s.spec.info, side.id()).to_string();
    let last = s.spec.turns.last().map(|t| format!("turn {}, {}", t.turn, t.label)).unwrap_or_else(|| "the last turn".into());
    let holds = "A place counts only with battalions that trace a line of communication (11).";
    let mut lines = Vec::new();
    match &s.spec.victory {
        VictorySpec::Points(v) => {
            for side in Side::BOTH {
                let mut parts = Vec::new();
                let each: Vec<String> = v.each_turn.iter().filter(|a| a.side == side).map(award_text).collect();
                if !each.is_empty() {
                    parts.push(format!("At the end of each turn: {}", each.join(", ")));
                }
                let end: Vec<String> = v.end_of_game.iter().filter(|a| a.side == side).map(award_text).collect();
                if !end.is_empty() {
                    parts.push(format!("At the end of the game: {}", end.join(", ")));
                }
                if side == Side::German && v.captured_tank != 0 {
                    parts.push(format!("{} VP for each Allied tank captured in an assault", v.captured_tank));
                }
                if !parts.is_empty() {
                    lines.push((name(side), format!("{} (S1).", parts.join(". "))));
                }
            }
            lines.push((
                "Both sides".into(),
                format!(
                    "A tank eliminated in a combat begun by a tank: {} VP the first time ({} if a Whippet), {} VP after that (S1).",
                    v.first_tank_kill, v.first_tank_kill_whippet, v.later_tank_kill
                ),
            ));
            lines.push(("The end".into(), format!("After {last}, the side with more VP wins; equal VP is a draw. {holds}")));
        }
        VictorySpec::Levels(v) => {
            let (town, g, a) = (&v.town, name(Side::German), name(Side::Allied));
            lines.push((
                g.clone(),
                format!(
                    "Decisive victory at the end of turn {} or later: {town} alone, with a battalion in {}, {} alone or a battalion in {} (S2).",
                    v.decisive_from_turn,
                    v.wood,
                    v.village,
                    v.far_village
                ),
            ));
            lines.push((
                g,
                format!(
                    "At the end: strategic victory with {town} alone and a battalion in {}; operational with {town} alone; tactical with \
                     battalions in {} and {town} and no {a} battalion in the German trenches (S2).",
                    list_text(&[&v.south_village, &v.village], "or"),
                    v.south_village
                ),
            ));
            lines.push((
                a,
                format!(
                    "At the end: strategic victory with {town} alone and a battalion in the German trenches; operational with {town} \
                     alone; tactical with battalions in {} and the German trenches (S2).",
                    v.south_village
                ),
            ));
            lines.push((
                "The end".into(),
                format!(
                    "After {last}, anything else is a draw; the winner of the first tank battle shifts the result one level their way (S2). {holds}"
                ),
            ));
        }
    }
    lines
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

    /// How to win, from each scenario's victory conditions: scenario 1's VP by place and for tanks,
    /// scenario 2's decisive victory and levels, and the last turn.
    #[test]
    fn the_cards_say_how_to_win() {
        let text = crate::ui::presenter::victory_text(&Window, "bastards/first-tank-battle.ron");
        for part in [
            "German: At the end of each turn: Villers-Bretonneux 2 VP if alone there, Bois d'Aquenne 2 VP with a battalion there",
            "Cachy 3 VP a hex held",
            "2 VP for each Allied tank captured",
            "Allied: At the end of the game: Villers-Bretonneux 5 VP if alone there, the German trenches 1 VP a hex held (S1)",
            "4 VP the first time (2 if a Whippet)",
            "After turn 7",
        ] {
            assert!(text.contains(part), "`{part}` is not in:\n{text}");
        }
        let text = crate::ui::presenter::victory_text(&Window, "bastards/second-villers-bretonneux.ron");
        for part in ["at the end of turn 7 or later", "a battalion in Domart", "Hangard or Cachy", "After turn 14"] {
            assert!(text.contains(part), "`{part}` is not in:\n{text}");
        }
    }
}
