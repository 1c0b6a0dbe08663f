//! Royal Tank Corps's sides on the shell's hand-over screen (`ui::screens`): when both sides are
//! people and the side that must decide changes — the impulse passing, the defender's choices during
//! the attacker's impulse, the loss points to pay — the board is covered until the next player takes
//! the controls, who starts with a clean selection.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::rulesets::rtc::Rtc;
use crate::rulesets::rtc::units::Side;
use crate::ui::screens::{Emblem, HandOver, SideLook, hand_over_systems};
use crate::ui::settings::Settings;

use super::panels::side_egui;
use super::session::side_from_id;
use super::{AreaUi, SCREEN};

/// The sides' colours (lightened for the dark card) and emblems.
fn side_look(id: &str, _: &Settings) -> Option<SideLook> {
    let side = side_from_id(id)?;
    let c = side_egui(side);
    let lighter = |x: u8| x.saturating_add(((255 - x as u32) * 35 / 100) as u8);
    Some(SideLook {
        name: side.name().to_string(),
        colour: egui::Color32::from_rgb(lighter(c.r()), lighter(c.g()), lighter(c.b())),
        emblem: if side == Side::British { Emblem::Cockade } else { Emblem::Cross },
    })
}

/// The next player starts with a clean selection.
fn clear_selection(hand: Res<HandOver>, mut ui: ResMut<AreaUi>, mut was: Local<bool>) {
    if hand.showing && !*was {
        ui.selected = None;
        ui.selected_unit = None;
        ui.choice = None;
    }
    *was = hand.showing;
}

pub fn plugin(app: &mut App) {
    hand_over_systems::<Rtc>(app, SCREEN, side_look);
    app.add_systems(Update, clear_selection.run_if(in_state(SCREEN)));
}
