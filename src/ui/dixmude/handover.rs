//! Tempête sur Dixmude's sides on the shell's hand-over screen (`ui::screens`): when both sides are
//! people and the side that must decide changes — the activations alternating (8.5), the defensive
//! fire answering an assault (8.2), a counter-battery answering a bombing (7.2) — the board is covered
//! until the next player takes the controls, so neither sees the other's strategy counters (5).

use crate::rulesets::dixmude::units::Side;
use crate::ui::screens::{Emblem, SideLook};
use crate::ui::settings::Settings;

use super::panels::side_egui;

/// The camps' colours (lightened for the dark card) and emblems.
pub fn side_look(id: &str, _: &Settings) -> Option<SideLook> {
    let side = Side::from_id(id)?;
    Some(SideLook::lightened(side.name(), side_egui(side), if side == Side::FrancoBelgian { Emblem::Cockade } else { Emblem::Cross }))
}
