//! The top bar: the game's buttons (Undo, Fit, Save, Load, Menu) from the right, then the turn and
//! its date, the phase, the initiative, the impulse and who is to move.

use bevy_egui::egui;

use crate::rulesets::rtc::state::Phase;
use crate::ui::session::Seat;
use crate::ui::theme::{self, BRASS, DIM};

use super::cards::side_egui;
use super::{Action, Asks, Scene};

/// The sequence of play (4): each phase, its numeral and its name with its rules.
pub(super) const PHASES: [(Phase, &str, &str); 6] = [
    (Phase::TurnStart, "I", "Initiative (5)"),
    (Phase::Reinforcement, "II", "Reinforcement (6)"),
    (Phase::Bombardment, "III", "Artillery bombardment (7)"),
    (Phase::Barrage, "IV", "Rolling barrage / interdiction (8)"),
    (Phase::Action, "V", "Action: impulses (9, 10)"),
    (Phase::Administration, "VI", "Administration (11)"),
];

pub(super) fn top_bar(root: &mut egui::Ui, ctx_e: &egui::Context, scene: &Scene, asks: &mut Asks) {
    egui::Panel::top("area-top")
        .frame(egui::Frame::side_top_panel(&ctx_e.global_style()).fill(theme::PANEL_DARK).inner_margin(egui::Margin::symmetric(10, 6)))
        .show(root, |ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.button("☰ Menu").on_hover_text("back to the main menu").clicked() {
                    asks.acts.push(Action::Menu);
                }
                if ui.button("Load").on_hover_text("F9: load the quick save").clicked() {
                    asks.acts.push(Action::Load);
                }
                if ui.button("Save").on_hover_text("F5: quick save").clicked() {
                    asks.acts.push(Action::Save);
                }
                if ui.button("Fit map").on_hover_text("F").clicked() {
                    asks.acts.push(Action::Fit);
                }
                let undo = scene.session.player_can_undo();
                let r = ui.add_enabled(undo.is_ok(), egui::Button::new("↶ Undo"));
                let r = match &undo {
                    Ok(()) => r.on_hover_text("Ctrl+Z or U: take back your last command"),
                    Err(why) => r.on_disabled_hover_text(why.clone()),
                };
                if r.clicked() {
                    asks.acts.push(Action::Undo);
                }
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| labels(ui, scene));
            });
        });
}

/// The top bar's words, left to right.
fn labels(ui: &mut egui::Ui, scene: &Scene) {
    let (ctx, sc, session) = (&scene.ctx, scene.sc, scene.session);
    ui.label(theme::title("Royal Tank Corps", 20.0)).on_hover_text(&sc.spec.info.name);
    ui.separator();
    let date = sc.turn(ctx.turn).map(|t| t.date.clone()).unwrap_or_default();
    ui.label(theme::strong(format!("Turn {} of {}", ctx.turn, sc.last_turn())));
    ui.label(egui::RichText::new(date).color(BRASS));
    ui.separator();
    if let Some((_, n, name)) = PHASES.iter().find(|p| Some(p.0) == ctx.phase) {
        ui.label(theme::strong(format!("{n}. {name}")));
    }
    ui.separator();
    ui.label("Initiative:");
    ui.label(egui::RichText::new(ctx.initiative.name()).color(side_egui(ctx.initiative)).strong());
    if let (Some(Phase::Action), Some(a)) = (ctx.phase, ctx.impulse.active) {
        ui.separator();
        ui.label("Impulse:");
        ui.label(egui::RichText::new(a.name()).color(side_egui(a)).strong());
        ui.label(
            egui::RichText::new(format!("({} activation{})", ctx.impulse.actions, if ctx.impulse.actions == 1 { "" } else { "s" }))
                .color(DIM),
        );
    }
    ui.separator();
    match scene.to_move {
        Some(s) => {
            let who = match session.seat(s) {
                Seat::Computer if scene.thinking => format!("{}: computer thinking…", s.name()),
                Seat::Computer => format!("{}: computer", s.name()),
                Seat::Watcher => format!("{} to decide (replay)", s.name()),
                Seat::Human if session.hot_seat() => {
                    format!("{} player to decide", s.name())
                }
                Seat::Human => format!("{}: you", s.name()),
            };
            ui.label(egui::RichText::new(who).color(side_egui(s)).strong());
        }
        None => {
            ui.label(egui::RichText::new(session.view.result.clone().unwrap_or_else(|| "—".into())).color(BRASS));
        }
    }
}
