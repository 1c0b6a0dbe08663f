//! Royal Tank Corps's words on the shell's top bar (`ui::top_bar`): the turn and its date, the phase,
//! the initiative, the impulse and who is to move.

use bevy_egui::egui;

use crate::rulesets::rtc::state::Phase;
use crate::ui::theme::{self, BRASS, DIM};
use crate::ui::top_bar::{top_bar as shell_top_bar, who_decides};

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
    let clicked = shell_top_bar(root, ctx_e, scene.session, "back to the main menu", |ui| labels(ui, scene));
    asks.acts.extend(clicked.map(Action::of_button));
}

/// The top bar's words, left to right.
fn labels(ui: &mut egui::Ui, scene: &Scene) {
    let (ctx, sc, session) = (&scene.pos, scene.scenario(), scene.session);
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
    match scene.session.to_move() {
        Some(s) => {
            let who = who_decides(session, s.id(), s.name(), scene.thinking);
            ui.label(egui::RichText::new(format!("{} to decide ({who})", s.name())).color(side_egui(s)).strong());
        }
        None => {
            ui.label(egui::RichText::new(session.view.result.clone().unwrap_or_else(|| "—".into())).color(BRASS));
        }
    }
}
