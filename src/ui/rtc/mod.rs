//! Royal Tank Corps's presenter: its areas and units on the shell's area view (`board`, `anim`,
//! `words`), the game and its seats (`session`), the panels, dialogs and orders (`panels`) and the
//! sides on the hand-over card (`handover`), wired by the area game kit (`ui::area_game`), with the
//! catalogue card of a scenario (a thumbnail of its areas on their cell grid). Like every presenter it holds no
//! rule: it shows `Game::legal()`, the previews of `rulesets::rtc::preview`, the state view and the
//! journal, and submits commands.

use std::path::Path;

use bevy::prelude::*;

use crate::engine::Ruleset;
use crate::engine::loader::Loader;
use crate::engine::source::SourceFile;
use crate::rulesets::rtc::scenario::Scenario;
use crate::rulesets::rtc::units::Side;
use crate::rulesets::rtc::{ID, Rtc};

pub use super::Screen;
use super::area_game::{self, AreaBoard, thumbnail};
use super::presenter::{Opening, Presenter, ScenarioCard, SeatChoice, first_problem, list_text, load_session, open_session, side_name};
pub use session::AreaSession;

pub mod anim;
pub mod board;
pub mod handover;
pub mod panels;
pub mod session;
pub mod words;

/// The game screen of Royal Tank Corps: its systems run in it.
pub const SCREEN: super::Playing = super::Playing(crate::rulesets::rtc::ID);

/// What the player is looking at and pointing to.
pub type AreaUi = area_game::AreaUi<Rtc>;

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
        area_game::plugin::<Rtc>(app, handover::side_look);
    }
    fn builtin_rules(&self) -> &'static str {
        include_str!("../../../assets/ui/rtc-rules.ron")
    }
    fn difficulties(&self) -> &'static [crate::engine::Difficulty] {
        <crate::ai::Computer as crate::engine::Opponent<crate::rulesets::rtc::Rtc>>::LEVELS
    }
    fn card(&self, file: &SourceFile, with_thumbnail: bool) -> Result<ScenarioCard, String> {
        let s = <Rtc as Ruleset>::load_scenario(file, &mut Loader::from_disk()).map_err(|ds| first_problem(&ds))?;
        let first = s.spec.turns.first().map(|t| t.date.clone()).unwrap_or_default();
        let last = s.spec.turns.last().map(|t| t.date.clone()).unwrap_or_default();
        Ok(ScenarioCard {
            info: s.spec.info.clone(),
            length: format!("{} turns, from {first} to {last}", s.spec.turns.len()),
            note: Some(format!("{} areas", s.board.areas.len())),
            thumbnail: if with_thumbnail { <Rtc as AreaBoard>::map_art(&s).and_then(|art| thumbnail(&art, 480.0)) } else { None },
            victory: victory_lines(&s),
        })
    }
    fn open(&self, path: &Path, seed: u64, seats: SeatChoice) -> Result<Opening, String> {
        open_session::<AreaSession>(path, seed, seats)
    }
    fn load(&self, path: &Path, seats: Option<SeatChoice>) -> Result<Opening, String> {
        load_session::<AreaSession>(path, seats)
    }
}

/// An area in words: "Lesdain plateau (32)", or its number if it has no name.
fn area_name(s: &Scenario, id: u32) -> String {
    match s.board.areas.get(&id).map(|a| a.name.as_str()).filter(|n| !n.is_empty()) {
        Some(name) => format!("{name} ({id})"),
        None => format!("area {id}"),
    }
}

/// The immediate British victory (3.2) in words, from the scenario: the areas and the cavalry.
pub fn immediate_victory_text(s: &Scenario) -> String {
    let v = &s.spec.immediate_victory;
    let areas: Vec<String> = v.areas.iter().map(|&a| area_name(s, a)).collect();
    format!("control {} with {} or more cavalry units there (3.2)", list_text(&areas, "or"), v.cavalry)
}

/// How to win, from the scenario (3.2, 3.22): the immediate British victory, checked at each
/// administrative phase; the victory areas counted at the end of the last turn, by who holds them at
/// the start.
fn victory_lines(s: &Scenario) -> Vec<(String, String)> {
    let name = |side: Side| side_name(&s.spec.info, side.id()).to_string();
    let last = s.spec.turns.last().map(|t| format!("turn {} ({})", t.turn, t.date)).unwrap_or_else(|| "the last turn".into());
    let victory: Vec<(u32, Side)> = s.areas.iter().filter_map(|(&id, a)| a.victory.map(|side| (id, side))).collect();
    let mut lines =
        vec![(name(Side::British), format!("Immediate victory, at the start of any administrative phase: {}.", immediate_victory_text(s)))];
    lines.push((
        "The end".into(),
        format!(
            "Otherwise, at the end of {last}, the side that controls more of the {} victory areas wins; a tie is not possible (3.22).",
            victory.len()
        ),
    ));
    for side in Side::BOTH {
        let areas: Vec<String> = victory.iter().filter(|v| v.1 == side).map(|v| area_name(s, v.0)).collect();
        if !areas.is_empty() {
            lines.push((name(side), format!("Victory areas ▲ marked in their colour: {}.", areas.join(", "))));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::rtc::preview::{Contest, cp_outcomes, odds};

    /// The odds the panels show: every CP result of a contest, summing to one and agreeing with the
    /// ruleset's own success chance and expected loss points.
    #[test]
    fn cp_outcomes_are_a_distribution_that_agrees_with_the_odds() {
        for (ot, n_ot, dt, n_dt) in [(7, 2, 7, 2), (3, 3, 8, 2), (12, 2, 2, 2), (0, 2, 20, 2)] {
            let p = cp_outcomes(ot, n_ot, dt, n_dt);
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            let (win, cp) = odds(ot, n_ot, dt, n_dt);
            let k = Contest::new(ot, n_ot, dt, n_dt);
            assert!((k.success() - win).abs() < 1e-9);
            assert!((k.expected_cp() - cp).abs() < 1e-9);
        }
        // Equal totals on 2d6 each: the attacker needs a higher roll; 6+6 against 1+1 is 10 CP.
        let p = cp_outcomes(7, 2, 7, 2);
        assert!((p[10] - 1.0 / 1296.0).abs() < 1e-12);
        assert_eq!(p.len(), 11);
    }

    use crate::ui::rules_text::RuleTexts;
    use crate::ui::rules_text::rule_ids_in;

    /// The new-game page's "How to win" for Cambrai, from its data: the immediate victory's areas by
    /// name and number and its cavalry, the count of victory areas and their names, the last turn.
    #[test]
    fn the_cambrai_card_says_how_to_win() {
        let text = crate::ui::presenter::victory_text(&Window, "rtc/cambrai.ron");
        for part in [
            "British: Immediate victory",
            "control Lesdain plateau (32) or Awoingt and Niergnies (57) with 3 or more cavalry units there (3.2)",
            "at the end of turn 15",
            "more of the 13 victory areas wins",
            "(3.22)",
            "Bourlon Wood (62)",
            "Gouzeaucourt (23)",
        ] {
            assert!(text.contains(part), "`{part}` is not in:\n{text}");
        }
    }

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
