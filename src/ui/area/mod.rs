//! The window for area-impulse games (Royal Tank Corps, `rulesets::rtc`): the area board drawn on
//! its hex cell grid (`board`), the game and its seats (`session`), the panels, dialogs and orders
//! (`panels`), the computer opponent off the frame (`ai`); `ui::rtc` presents it to the shell.
//! Like the hex window, it holds no rule: it shows `Game::legal()`, the previews of
//! `rulesets::rtc::preview`, the state view and the journal, and submits commands.

pub mod ai;
pub mod handover;
pub mod panels;
pub mod session;

use bevy::prelude::*;

pub use super::Screen;
pub use session::AreaSession;

/// The game screen of Royal Tank Corps: its systems run in it.
pub const SCREEN: super::Playing = super::Playing(crate::rulesets::rtc::ID);

/// What the player is looking at and pointing to.
#[derive(Resource, Default)]
pub struct AreaUi {
    pub selected: Option<u32>,
    /// A unit picked in the panel (a bombardment's lead, for its targets on the map).
    pub selected_unit: Option<String>,
    pub hovered: Option<u32>,
    /// A click on the map this frame: `Some(None)` is a click outside every area.
    pub clicked: Option<Option<u32>>,
    /// The part of the window the panels leave to the map.
    pub free: Option<Rect>,
    pub pointer_over_ui: bool,
    pub keyboard_over_ui: bool,
    pub fit_requested: bool,
    /// A problem to show (a map that cannot be drawn).
    pub problem: Option<String>,
    /// Dice hidden, the whole log open.
    pub log: crate::ui::log::LogView,
    /// A right click on the map this frame (cancels the selection).
    pub cancelled: bool,
    /// Orders a click offered, for the player to choose among (where the pointer was, in points).
    pub choice: Option<(bevy_egui::egui::Pos2, Vec<crate::rulesets::rtc::Command>)>,
    /// The rule whose text is shown.
    pub rule: Option<String>,
}

fn reset(mut ui: ResMut<AreaUi>) {
    *ui = AreaUi::default();
}

pub fn plugin(app: &mut App) {
    app.insert_resource(AreaUi::default()).add_plugins((panels::plugin, ai::plugin, handover::plugin)).add_systems(OnExit(SCREEN), reset);
}

#[cfg(test)]
mod tests {
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
}
