//! Tempête sur Dixmude 1914's presenter: the zone map on the shared area view (`ui::board::area`) —
//! the zones with their defence bonuses, the Yser along the borders between the banks with the
//! Diksmuide bridges, the HQ box of the XXII Reserve-Korps — and its panels: the turn, the phase, the
//! resource points and the strategy hand (the player's own only), the decision and its orders with
//! the odds of bombing, defensive fire and assault before the dice roll, the selected zone's card.
//! It holds no rule: it shows `Game::legal()`, the rules' previews, the state and the journal, and
//! submits commands; the area game kit (`ui::area_game`) wires it to the shell.

use std::path::Path;

use bevy::prelude::*;

use crate::engine::Ruleset;
use crate::engine::loader::Loader;
use crate::engine::source::SourceFile;
use crate::rulesets::dixmude::scenario::{Scenario, ZoneInfo};
use crate::rulesets::dixmude::units::Side;
use crate::rulesets::dixmude::{Dixmude, ID};

use super::area_game::{self, AreaBoard, thumbnail};
use super::presenter::{
    Opening, Presenter, ScenarioCard, SeatChoice, first_problem, list_text, load_session, numbers_text, open_session, side_name,
};
use session::DixSession;

pub mod anim;
pub mod board;
pub mod handover;
pub mod panels;
pub mod session;
pub mod words;

/// The game screen of Tempête sur Dixmude: its systems run in it.
pub const SCREEN: super::Playing = super::Playing(ID);

/// What the player is looking at and pointing to.
pub type DixUi = area_game::AreaUi<Dixmude>;

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
        area_game::plugin::<Dixmude>(app, handover::side_look);
    }
    fn builtin_rules(&self) -> &'static str {
        include_str!("../../../assets/ui/dixmude-rules.ron")
    }
    fn difficulties(&self) -> &'static [crate::engine::Difficulty] {
        <crate::ai::Computer as crate::engine::Opponent<crate::rulesets::dixmude::Dixmude>>::LEVELS
    }
    fn card(&self, file: &SourceFile, with_thumbnail: bool) -> Result<ScenarioCard, String> {
        let s = <Dixmude as Ruleset>::load_scenario(file, &mut Loader::from_disk()).map_err(|ds| first_problem(&ds))?;
        Ok(ScenarioCard {
            info: s.spec.info.clone(),
            length: format!("{} turns of three days", s.tables.turns),
            note: Some(format!("{} zones and the HQ zone of the XXII Reserve-Korps", s.zones.len().saturating_sub(1))),
            thumbnail: if with_thumbnail { <Dixmude as AreaBoard>::map_art(&s).and_then(|art| thumbnail(&art, 480.0)) } else { None },
            victory: victory_lines(&s),
        })
    }
    fn open(&self, path: &Path, seed: u64, seats: SeatChoice) -> Result<Opening, String> {
        open_session::<DixSession>(path, seed, seats)
    }
    fn load(&self, path: &Path, seats: Option<SeatChoice>) -> Result<Opening, String> {
        load_session::<DixSession>(path, seats)
    }
}

/// How to win, from the scenario's zones (11): the left-bank zones whose capture is an automatic
/// German victory (11.1), Diksmuide, the left bank the Franco-Belgian must hold, Eessen and Woumen
/// castle, and the last turn (11.2).
fn victory_lines(s: &Scenario) -> Vec<(String, String)> {
    let name = |side: Side| side_name(&s.spec.info, side.id()).to_string();
    let ids = |f: fn(&ZoneInfo) -> bool| s.zone_ids().filter(|&z| f(s.zone(z))).collect::<Vec<u32>>();
    let named = |zs: Vec<u32>| -> Vec<String> {
        zs.into_iter()
            .map(|z| match s.board.areas.get(&z).map(|a| a.name.as_str()).filter(|n| !n.is_empty()) {
                Some(n) => format!("{n} ({z})"),
                None => format!("zone {z}"),
            })
            .collect()
    };
    let (g, fb) = (name(Side::German), name(Side::FrancoBelgian));
    let left = numbers_text(&ids(|z| z.victory_left_bank), "or");
    let diksmuide = list_text(&named(ids(|z| z.diksmuide)), "and");
    let hold = numbers_text(&ids(|z| z.hold_left_bank), "and");
    let beyond = list_text(&named(ids(|z| z.eessen || z.woumen)), "or");
    let end = format!("the end of turn {}", s.tables.turns);
    vec![
        (g.clone(), format!("Major victory at once with infantry in zone {left} of the left bank at the end of any turn (11.1).")),
        (
            g,
            format!(
                "At {end}: a foothold there and {diksmuide} is a major victory, a foothold alone a minor one; {diksmuide} alone is a \
                 tie, the historical result (11.2)."
            ),
        ),
        (
            fb.clone(),
            format!(
                "At {end}: {diksmuide} held and no German in zones {hold} of the left bank is a minor victory; with {beyond} as well, \
                 a major one (11.2)."
            ),
        ),
        (
            "The end".into(),
            format!("The game ends at {end} (turns of three days), or at once on a German victory (11.1); anything else is a tie."),
        ),
    ]
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
        assert!(px.chunks(4).any(|p| p == area_game::WATER));
        // How to win, from the zones' tags and the tables' turns (11).
        let text = crate::ui::presenter::victory_text(&Window, "dixmude/dixmude-1914.ron");
        for part in [
            "zone 2, 3, 5 or 8 of the left bank",
            "(11.1)",
            "Diksmuide (11)",
            "zones 2 to 8",
            "Woumen castle (14) or Eessen (37)",
            "turn 7",
        ] {
            assert!(text.contains(part), "`{part}` is not in:\n{text}");
        }
    }
}
