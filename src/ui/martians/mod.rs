//! Martians, Indunas, Colonels and Emirs's presenter, on the shell's tabletop view (`ui::board::table`):
//! its table and stands, the selected unit's move ghosts, targets, kill zones and reach (`board`), the
//! game and its seats (`session`), the top bar, columns, unit card, order sheet with the engine's
//! previews and the choice among orders (`panels`), the commands in words (`words`), the pointer and
//! keys into legal commands only (`input`), and the sides on the hand-over card and the game-over
//! screen. Like every presenter it holds no rule: it shows `Game::legal()`, the previews of
//! `rulesets::martians::preview`, the state and the journal, and submits commands.

use std::path::Path;

use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};

use crate::engine::Ruleset;
use crate::engine::loader::Loader;
use crate::engine::source::SourceFile;
use crate::rulesets::martians::state::Pos;
use crate::rulesets::martians::{Command, Event, EventKind, ID, Martians};
use crate::ui::ai_worker::{drive_computer, spawn_computer};
use crate::ui::board::Spot;
use crate::ui::board::table::{self, TableDraw, TableView};
use crate::ui::dice_tray::throw_spots;
use crate::ui::game_over::game_over_systems;
use crate::ui::hot_reload::hot_reload_systems;
use crate::ui::log::LogView;
use crate::ui::replay::session_systems;
use crate::ui::saves::save_systems;
use crate::ui::screens::{HandOver, HandOverCardSet, hand_over_systems};
use crate::ui::sound::{Sound, sound_systems};
use crate::ui::theme;

use super::presenter::{Opening, Presenter, ScenarioCard, SeatChoice, first_problem, list_text, load_session, open_session};

pub mod board;
pub mod input;
pub mod panels;
pub mod session;
pub mod words;

pub use session::MarSession;

/// The game screen of Martians: its systems run in it.
pub const SCREEN: super::Playing = super::Playing(ID);

/// What the player is looking at and pointing to.
#[derive(Resource, Default)]
pub struct MarUi {
    /// The unit selected (its scenario id).
    pub selected: Option<String>,
    /// The unit under the pointer, and the table point there (yards).
    pub hovered: Option<String>,
    pub pointer: Option<Vec2>,
    /// A click on the table this frame: the unit under it and the table point.
    pub clicked: Option<(Option<String>, Option<Vec2>)>,
    /// A right click this frame (cancels the selection).
    pub cancelled: bool,
    /// The part of the window the panels leave to the table.
    pub free: Option<Rect>,
    pub pointer_over_ui: bool,
    pub keyboard_over_ui: bool,
    pub fit_requested: bool,
    /// Dice hidden, the whole log open.
    pub log: LogView,
    /// Orders a click offered, for the player to choose among (where the pointer was, in points).
    pub choice: Option<(egui::Pos2, Vec<Command>)>,
    /// The rule whose text is shown.
    pub rule: Option<String>,
}

/// Martians's presenter.
pub struct Window;

impl Presenter for Window {
    fn id(&self) -> &'static str {
        ID
    }
    fn name(&self) -> &'static str {
        Martians::NAME
    }
    fn blurb(&self) -> &'static str {
        "Victorian colonial battles on Mars: squares, gatlings and native masses on an open table in yards."
    }
    fn plugin(&self, app: &mut App) {
        plugin(app);
    }
    fn builtin_rules(&self) -> &'static str {
        include_str!("../../../assets/ui/martians-rules.ron")
    }
    fn difficulties(&self) -> &'static [crate::engine::Difficulty] {
        <crate::ai::Computer as crate::engine::Opponent<crate::rulesets::martians::Martians>>::LEVELS
    }
    fn card(&self, file: &SourceFile, with_thumbnail: bool) -> Result<ScenarioCard, String> {
        let s = <Martians as Ruleset>::load_scenario(file, &mut Loader::from_disk()).map_err(|ds| first_problem(&ds))?;
        let seq = match s.spec.sequence {
            crate::rulesets::martians::scenario::Sequence::Initiative => "the initiative sequence",
            crate::rulesets::martians::scenario::Sequence::Traditional => "the traditional IGO/UGO sequence",
        };
        Ok(ScenarioCard {
            info: s.spec.info.clone(),
            length: format!("{} turns, {seq}", s.spec.turns),
            note: Some(format!("a table of {:.0} by {:.0} yards, {} units", s.table.width, s.table.depth, s.spec.units.len())),
            thumbnail: if with_thumbnail { board::thumbnail(&s, 480.0) } else { None },
            victory: victory_lines(&s),
        })
    }
    fn open(&self, path: &Path, seed: u64, seats: SeatChoice) -> Result<Opening, String> {
        open_session::<MarSession>(path, seed, seats)
    }
    fn load(&self, path: &Path, seats: Option<SeatChoice>) -> Result<Opening, String> {
        load_session::<MarSession>(path, seats)
    }
}

/// How to win, from the battle's victory conditions: the objective zones each side must hold at the
/// end (some of its stands in them and no enemy stand), who wins if none does, and each side's
/// breaking point, at which it loses at once.
fn victory_lines(s: &crate::rulesets::martians::scenario::Scenario) -> Vec<(String, String)> {
    let v = &s.spec.victory;
    let end = format!("the end of turn {}", s.spec.turns);
    s.spec
        .info
        .sides
        .iter()
        .map(|side| {
            let mut parts = Vec::new();
            // Mid-sentence, "The wells of Khor Amar" reads "the wells of Khor Amar".
            let zones: Vec<String> = v
                .objectives
                .iter()
                .filter(|o| o.side == side.id)
                .map(|o| o.zone.strip_prefix("The ").map_or_else(|| o.zone.clone(), |rest| format!("the {rest}")))
                .collect();
            if !zones.is_empty() {
                parts.push(format!("To win: hold {} with some of its stands and no enemy stand at {end}.", list_text(&zones, "and")));
            }
            if v.otherwise == side.id {
                parts.push(format!("Wins at {end} if no side holds all its objectives."));
            }
            if let Some(bp) = v.breaking_point.get(&side.id) {
                parts.push(format!("Breaks and loses at once when {bp}% of its castings are lost."));
            }
            (side.name.clone(), parts.join(" "))
        })
        .filter(|(_, text)| !text.is_empty())
        .collect()
}

/// What an event sounds like: a volley by the firer's arms (rifles and muskets, a Gatling, guns,
/// rockets and aircraft's bombs: 6, 7), a charge or a melee (8), anti-aircraft fire.
fn sound_of(session: &MarSession, ev: &Event) -> Option<Sound> {
    match &ev.kind {
        EventKind::Fired { unit, .. } => {
            let p = Pos::capture(session.game.world());
            let u = p.find(unit)?;
            Some(match crate::rulesets::martians::artillery::gun(&p, u) {
                Some(g) if g.machine_gun => Sound::MachineGun,
                Some(_) => Sound::Artillery,
                None if p.fighter(u) || p.vehicle(u) => Sound::MachineGun,
                None if p.ty(u).craft.is_some() => Sound::Artillery,
                None => Sound::Rifle,
            })
        }
        EventKind::AntiAircraft { .. } => Some(Sound::MachineGun),
        // Steam vehicles and skimmers under way.
        EventKind::Moved { unit, .. } => {
            let p = Pos::capture(session.game.world());
            p.find(unit).filter(|&u| p.rapid_response(u)).map(|_| Sound::Engine)
        }
        EventKind::Unloaded { .. } => Some(Sound::Engine),
        EventKind::Charged { .. } | EventKind::Melee { .. } => Some(Sound::Assault),
        _ => None,
    }
}

/// Where a throw happened, for the dice tray: the unit fired at, in melee or hit, or the one that
/// tested its morale, its charge, its deviation or its breakdown (its first stand on the table).
fn throw_spot(_session: &MarSession, ev: &Event) -> Option<Spot> {
    let unit = match &ev.kind {
        EventKind::Fired { target, .. } | EventKind::AntiAircraft { target, .. } => target,
        EventKind::Melee { defender, .. } => defender,
        EventKind::VariableMorale { unit, .. }
        | EventKind::ChargeRefused { unit, .. }
        | EventKind::Deviated { unit, .. }
        | EventKind::Casualties { unit, .. }
        | EventKind::GunHit { unit, .. }
        | EventKind::Morale { unit, .. }
        | EventKind::MoraleLoss { unit, .. }
        | EventKind::MeleeResult { unit, .. }
        | EventKind::CommanderHit { unit, .. }
        | EventKind::BrokeDown { unit }
        | EventKind::Overrun { unit, .. } => unit,
        _ => return None,
    };
    Some(Spot::Piece(unit.clone()))
}

/// The game screen's systems: the table view, the computer player, the hand-over and game-over
/// screens, saves, hot reload and the replay viewer, and the presenter's own.
fn plugin(app: &mut App) {
    let screen = SCREEN;
    table::add_to(app);
    spawn_computer::<Martians>(app);
    hand_over_systems::<Martians>(app, screen, panels::side_look);
    throw_spots::<Martians>(app, throw_spot);
    sound_systems::<Martians>(app, screen, |_, _| Box::new(|_| true), sound_of);
    game_over_systems::<Martians>(app, screen, panels::side_look, panels::verdict);
    save_systems::<MarSession>(app, screen);
    hot_reload_systems::<MarSession>(app, screen);
    session_systems::<MarSession>(app, screen);
    app.init_resource::<MarUi>()
        .add_systems(OnExit(screen), |mut ui: ResMut<MarUi>| *ui = MarUi::default())
        .add_systems(
            Update,
            (board::present_table, board::present, input::window_to_view).chain().before(TableDraw).run_if(in_state(screen)),
        )
        .add_systems(Update, input::view_to_panels.after(TableView).before(TableDraw).run_if(in_state(screen)))
        .add_systems(Update, drive_computer::<MarSession>.run_if(in_state(screen)))
        .add_systems(Update, clear_selection.run_if(in_state(screen)))
        // Before the hand-over screen: the Enter that closes it must not also pass the decision.
        .add_systems(EguiPrimaryContextPass, panels::panels.run_if(in_state(screen)).run_if(theme::theme_ready).before(HandOverCardSet));
}

/// The next player starts with a clean selection.
fn clear_selection(hand: Res<HandOver>, mut ui: ResMut<MarUi>, mut was: Local<bool>) {
    if hand.showing && !*was {
        ui.selected = None;
        ui.choice = None;
    }
    *was = hand.showing;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::rules_text::RuleTexts;

    /// Every rule number the Martians rules write in their events and refusals has a text.
    #[test]
    fn every_martians_rule_id_has_a_text() {
        let texts = RuleTexts::parse(Window.builtin_rules()).expect("the built-in martians rule texts parse");
        assert_eq!(texts.ruleset, "martians");
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rulesets/martians");
        let mut ids = std::collections::BTreeSet::new();
        for e in std::fs::read_dir(&dir).expect("src/rulesets/martians") {
            let text = std::fs::read_to_string(e.expect("entry").path()).unwrap_or_default();
            for part in text.split('"').skip(1).step_by(2) {
                if !part.is_empty() && part.len() <= 5 && part.contains('.') && part.chars().all(|c| c.is_ascii_digit() || c == '.') {
                    ids.insert(part.to_string());
                }
            }
        }
        assert!(ids.len() > 10, "rule ids found: {ids:?}");
        for id in &ids {
            assert!(texts.get(id).is_some(), "rule {id} has no text");
        }
        for id in ["Aviation", "victory", "1.3", "2.6", "7.3", "8"] {
            assert!(texts.get(id).is_some(), "no text for rule {id}");
        }
    }

    /// How to win, from the battle's victory conditions: the objective zone, who wins otherwise, the
    /// breaking points.
    #[test]
    fn the_card_says_how_to_win() {
        let text = crate::ui::presenter::victory_text(&Window, "martians/hellas-canal.ron");
        for part in [
            "British column: To win: hold the pumping station yard with some of its stands",
            "at the end of turn 10",
            "The Emir of Hellas: Wins at the end of turn 10 if no side holds all its objectives",
            "when 50% of its castings",
            "when 60% of its castings",
        ] {
            assert!(text.contains(part), "`{part}` is not in:\n{text}");
        }
    }
}
