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
use crate::rulesets::dixmude::{Dixmude, ID};

use super::area_game::{self, AreaBoard, thumbnail};
use super::presenter::{Opening, Presenter, ScenarioCard, SeatChoice, first_problem, load_session, open_session};
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
        })
    }
    fn open(&self, path: &Path, seed: u64, seats: SeatChoice) -> Result<Opening, String> {
        open_session::<DixSession>(path, seed, seats)
    }
    fn load(&self, path: &Path, seats: Option<SeatChoice>) -> Result<Opening, String> {
        load_session::<DixSession>(path, seats)
    }
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
    }
}
