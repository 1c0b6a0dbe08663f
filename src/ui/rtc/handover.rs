//! Royal Tank Corps's sides on the shell's hand-over screen (`ui::screens`): when both sides are
//! people and the side that must decide changes — the impulse passing, the defender's choices during
//! the attacker's impulse, the loss points to pay — the board is covered until the next player takes
//! the controls (who starts with a clean selection: `ui::area_game`).

use crate::rulesets::rtc::units::Side;
use crate::ui::screens::{Emblem, SideLook};
use crate::ui::settings::Settings;

use super::panels::side_egui;
use super::session::side_from_id;

/// The sides' colours (lightened for the dark card) and emblems.
pub fn side_look(id: &str, _: &Settings) -> Option<SideLook> {
    let side = side_from_id(id)?;
    Some(SideLook::lightened(side.name(), side_egui(side), if side == Side::British { Emblem::Cockade } else { Emblem::Cross }))
}
