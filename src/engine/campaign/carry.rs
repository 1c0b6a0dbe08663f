//! What passes from one battle of a campaign to the next (DESIGN.md, Campaigns): the result level of
//! a battle, read from the ruleset's game-over view, and the carried units — their strength matched
//! by unit id into the next battle's order of battle.

use serde::{Deserialize, Serialize};

use crate::engine::view::StateView;

/// A battle's result for the campaign's side in it, from the ruleset's game-over view: the winner
/// named by the view is that side (victory), nobody or `draw` (draw), or another side (defeat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ResultLevel {
    /// The game-over view names the campaign's side as the winner.
    Victory,
    /// The view names no winner, or `draw`.
    Draw,
    /// The view names another side as the winner.
    Defeat,
}

impl ResultLevel {
    pub const ALL: [ResultLevel; 3] = [ResultLevel::Victory, ResultLevel::Draw, ResultLevel::Defeat];

    /// The level of a finished game for `side`; `None` while the game is not over.
    pub fn of(view: &StateView, side: &str) -> Option<ResultLevel> {
        view.result.as_ref()?;
        Some(match view.winner.as_deref() {
            Some(w) if w == side => ResultLevel::Victory,
            None | Some("draw") => ResultLevel::Draw,
            Some(_) => ResultLevel::Defeat,
        })
    }

    pub fn word(self) -> &'static str {
        match self {
            ResultLevel::Victory => "victory",
            ResultLevel::Draw => "draw",
            ResultLevel::Defeat => "defeat",
        }
    }
}

/// One unit's state at the end of a battle, carried into the next battle's order of battle under
/// the same id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CarriedUnit {
    /// The unit's id, the same in the battle it leaves and the battle it enters.
    pub id: String,
    /// The unit's status as the view wrote it (`full`, `disorganised`, `damaged`, `eliminated`,
    /// `not in play`...): the ruleset's own words, read back by its [`crate::engine::Ruleset::carry_in`].
    pub status: String,
    /// Steps of strength, when the ruleset counts them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<u32>,
    /// Medals, when the ruleset counts them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub medals: Option<u32>,
}

impl CarriedUnit {
    /// True if the unit did not survive the battle.
    pub fn eliminated(&self) -> bool {
        self.status == "eliminated"
    }
}

/// The state of the listed units at the end of a game (in the order listed; a unit the view does
/// not show is left out — the campaign's validator makes sure each is in the battle).
pub fn carried_units(view: &StateView, ids: &[String]) -> Vec<CarriedUnit> {
    ids.iter()
        .filter_map(|id| view.units.iter().find(|u| &u.id == id))
        .map(|u| CarriedUnit { id: u.id.clone(), status: u.status.clone(), steps: u.steps, medals: u.medals })
        .collect()
}
