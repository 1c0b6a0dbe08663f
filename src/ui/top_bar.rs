//! The top bar every board shows: the game's buttons from the right (Menu, Load, Save, Fit map,
//! Undo with the reason it is refused; Pause, Faster and Skip against the computer), then the presenter's words left to right (its name, the
//! turn, the phase…), and who decides now — a person, the other player at the screen, the
//! computer ("thinking…" while it chooses) or nobody (a replay).

use bevy_egui::egui;

use crate::engine::Ruleset;

use super::session::{GameSession, Seat};
use super::theme;

/// A button of the top bar, clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarButton {
    Menu,
    Load,
    Save,
    Fit,
    Undo,
}

/// Draws the top bar; `words` writes the presenter's part. Returns the button clicked, if any.
pub fn top_bar<R: Ruleset>(
    root: &mut egui::Ui,
    ctx: &egui::Context,
    session: &GameSession<R>,
    menu_tip: &str,
    words: impl FnOnce(&mut egui::Ui),
) -> Option<BarButton> {
    let mut clicked = None;
    egui::Panel::top("top")
        .frame(egui::Frame::side_top_panel(&ctx.global_style()).fill(theme::PANEL_DARK).inner_margin(egui::Margin::symmetric(10, 6)))
        .show(root, |ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let buttons = [
                    (BarButton::Menu, "☰ Menu", menu_tip),
                    (BarButton::Load, "Load", "F9: load the quick save"),
                    (BarButton::Save, "Save", "F5: quick save"),
                    (BarButton::Fit, "Fit map", "F"),
                ];
                for (b, label, tip) in buttons {
                    if ui.button(label).on_hover_text(tip).clicked() {
                        clicked = Some(b);
                    }
                }
                let can = session.player_can_undo();
                let why = can.clone().err().unwrap_or_default();
                let undo = ui.add_enabled(can.is_ok(), egui::Button::new("⟲ Undo"));
                if undo.on_hover_text("Ctrl+Z or U: take back your last command").on_disabled_hover_text(why).clicked() {
                    clicked = Some(BarButton::Undo);
                }
                super::computer_turn::playback_buttons(ui, session);
                if super::threats::available(ctx) {
                    let on = super::threats::is_on(ctx);
                    let tip = "F7: what the enemy may do to your units before your next turn, with the odds";
                    if ui.selectable_label(on, "⚠ Threats").on_hover_text(tip).clicked() {
                        super::threats::toggle(ctx);
                    }
                }
                // The presenter's words fill what the buttons leave and are cut at their edge, never
                // drawn under them (a narrow window, a long phase name).
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    let clip = ui.clip_rect().with_max_x(ui.max_rect().max.x - 8.0);
                    ui.set_clip_rect(clip);
                    words(ui);
                });
            });
        });
    clicked
}

/// Who decides for the side to move, in words: "you", "the British player" at a hot-seat game,
/// "computer, thinking…", "computer" or "replay".
pub fn who_decides<R: Ruleset>(session: &GameSession<R>, side: &str, side_name: &str, thinking: bool) -> String {
    match session.seat_of(side) {
        Seat::Human if session.hot_seat() => format!("the {side_name} player"),
        Seat::Human => "you".into(),
        Seat::Computer if thinking => "computer, thinking…".into(),
        Seat::Computer => "computer".into(),
        Seat::Watcher => "replay".into(),
    }
}
