//! In the Trenches: Devil Dogs's window: its map (`board`) and counters (`counters`, `faces`) on the
//! shell's hex view (`ui::board::hex`), its orders in words with their costs and odds (`orders`),
//! the clicks and keys that give them (`input`), the panels (`hud`), the hand-over sides and
//! game-over verdict (`screens`), and its game in the window (`session`); the shell's computer
//! player, saves, hot reload and replay viewer instantiated for it. [`Window`] presents it to the
//! shell. It holds no rule: what it shows comes from the position, `legal_at`/`check`, the rules'
//! own fire and close combat arithmetic and the journal; only legal commands are sent.

pub mod board;
pub mod counters;
pub mod faces;
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
use crate::rulesets::trenches::{ID, Trenches};

use super::ai_worker::{ComputerPlayer, drive_computer, spawn_computer};
use super::board::hex;
use super::hot_reload::hot_reload_systems;
use super::presenter::{Opening, Presenter, ScenarioCard, SeatChoice, first_problem, list_text, load_session, open_session, side_name};
use super::replay::session_systems;
use super::saves::save_systems;
use super::{Frame, Playing};
use session::TrenchSession;

/// The game screen of In the Trenches: its systems run in it.
pub const SCREEN: Playing = Playing(ID);

/// The computer player of In the Trenches.
pub type AiWorker = ComputerPlayer<Trenches>;

/// In the Trenches's presenter.
pub struct Window;

impl Presenter for Window {
    fn id(&self) -> &'static str {
        ID
    }
    fn name(&self) -> &'static str {
        Trenches::NAME
    }
    fn blurb(&self) -> &'static str {
        "Belleau Wood, June 1918: U.S. Marine and German platoons on 100-yard hexes. Initiative rounds, orders, formations, reaction fire."
    }
    fn plugin(&self, app: &mut App) {
        app.add_plugins((board::plugin, counters::plugin, input::plugin, hud::plugin, screens::plugin));
        hex::add_to(app);
        spawn_computer::<Trenches>(app);
        app.add_systems(Update, drive_computer::<TrenchSession>.in_set(Frame::Apply).run_if(in_state(SCREEN)));
        save_systems::<TrenchSession>(app, SCREEN);
        hot_reload_systems::<TrenchSession>(app, SCREEN);
        session_systems::<TrenchSession>(app, SCREEN);
    }
    fn builtin_rules(&self) -> &'static str {
        include_str!("../../../assets/ui/trenches-rules.ron")
    }
    fn difficulties(&self) -> &'static [crate::engine::Difficulty] {
        <crate::ai::Computer as crate::engine::Opponent<crate::rulesets::trenches::Trenches>>::LEVELS
    }
    fn card(&self, file: &SourceFile, with_thumbnail: bool) -> Result<ScenarioCard, String> {
        let s = <Trenches as Ruleset>::load_scenario(file, &mut Loader::from_disk()).map_err(|ds| first_problem(&ds))?;
        let b = &s.board;
        Ok(ScenarioCard {
            info: s.spec.info.clone(),
            length: format!("{} turns", s.spec.turns),
            note: Some(format!(
                "Map {}: {} × {} hexes of {} m. {} place first.",
                b.name,
                b.columns,
                b.rows,
                b.hex_metres,
                s.spec.info.sides.iter().find(|x| x.id == s.spec.first_placement.id()).map(|x| x.name.as_str()).unwrap_or("?")
            )),
            thumbnail: with_thumbnail.then(|| board::thumbnail(&s, 0.2)),
            victory: victory_lines(&s),
        })
    }
    fn open(&self, path: &Path, seed: u64, seats: SeatChoice) -> Result<Opening, String> {
        open_session::<TrenchSession>(path, seed, seats)
    }
    fn load(&self, path: &Path, seats: Option<SeatChoice>) -> Result<Opening, String> {
        load_session::<TrenchSession>(path, seats)
    }
}

/// How to win, from the operation's victory conditions (13.4): what the side named there must do —
/// hold hexes alone at the end (13.42), move units off the map (13.41), leave no enemy on the map —
/// and that the other side wins if it does not, when the last turn ends.
fn victory_lines(s: &crate::rulesets::trenches::scenario::Scenario) -> Vec<(String, String)> {
    let v = &s.spec.victory;
    let (side, enemy) = (side_name(&s.spec.info, v.side.id()), side_name(&s.spec.info, v.side.enemy().id()));
    let end = format!("the end of turn {}", s.spec.turns);
    let mut tasks = Vec::new();
    if !v.hold.is_empty() {
        let hexes = if v.hold.len() == 1 { "hex" } else { "hexes" };
        tasks.push(format!("hold {hexes} {} alone, with a unit that is not a transport, at {end} (13.42)", list_text(&v.hold, "and")));
    }
    if let Some(e) = &v.exit {
        tasks.push(format!("move {} units off the map from {} by {end} (13.41)", e.units, list_text(&e.from, "or")));
    }
    if v.annihilate {
        tasks.push(format!("leave no {enemy} unit on the map, which wins at once, by {end} (13.4)"));
    }
    vec![
        (side.to_string(), format!("To win: {}.", list_text(&tasks, "and"))),
        (enemy.to_string(), format!("Wins if the {side} have not done so at {end}, when the operation ends (13.4).")),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::rules_text::RuleTexts;

    /// Every rule the rules cite has its text.
    #[test]
    fn every_rule_id_the_engine_uses_has_a_text() {
        let texts = RuleTexts::parse(Window.builtin_rules()).expect("the built-in rule texts parse");
        assert_eq!(texts.ruleset, ID);
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rulesets/trenches");
        let mut ids = Vec::new();
        for e in std::fs::read_dir(src).expect("the rules' folder") {
            let text = std::fs::read_to_string(e.expect("a file").path()).expect("a source file");
            for piece in text.split('"').skip(1).step_by(2) {
                let ok = !piece.is_empty() && piece.chars().all(|c| c.is_ascii_digit() || c == '.') && piece.contains(char::is_numeric);
                if ok && piece.split('.').next().is_some_and(|h| (2..=13).contains(&h.parse::<u32>().unwrap_or(0))) {
                    ids.push(piece.to_string());
                }
            }
        }
        assert!(ids.len() > 20, "{ids:?}");
        for id in ids {
            assert!(texts.get(&id).is_some(), "no text for rule {id}");
        }
        for id in ["4", "7.61", "7.7", "9.2", "13.4", "3.11", "SoP"] {
            assert!(texts.get(id).is_some(), "no text for rule {id}");
        }
    }

    /// Every operation's catalogue card reads, with its length and a thumbnail.
    #[test]
    fn every_operation_has_a_card() {
        for name in ["hill-142.ron", "lucys-corner.ron", "wasteland.ron"] {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/trenches").join(name);
            let file = SourceFile::read(&path).expect("the file reads");
            let card = Window.card(&file, true).expect("a card");
            assert!(card.length.ends_with("turns"), "{}", card.length);
            let (w, h, px) = card.thumbnail.expect("a thumbnail");
            assert_eq!(px.len(), (w * h * 4) as usize);
        }
        // How to win, from each operation's victory conditions (13.4): the hexes to hold, or no enemy left.
        let text = crate::ui::presenter::victory_text(&Window, "trenches/lucys-corner.ron");
        assert!(text.contains("U.S. Marines: To win: hold hexes F04 and G05 alone") && text.contains("turn 7 (13.42)"), "{text}");
        assert!(text.contains("German: Wins if the U.S. Marines have not done so"), "{text}");
        let text = crate::ui::presenter::victory_text(&Window, "trenches/wasteland.ron");
        assert!(text.contains("leave no German unit on the map"), "{text}");
    }
}
