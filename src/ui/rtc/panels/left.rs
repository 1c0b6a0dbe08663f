//! The left column: the turn record track, the sequence of play, the front (victory and BR areas,
//! arrivals, losses) and the shell's log panel.

use bevy_egui::egui;

use crate::ui::area_game;

use crate::rulesets::rtc::EventKind;
use crate::rulesets::rtc::units::{Place, Side, U};
use crate::ui::log::{log_heading, log_panel};
use crate::ui::theme::{self, BRASS, DIM};
use crate::ui::widgets::{self, TurnBox};

use super::super::AreaUi;
use super::cards::side_egui;
use super::top_bar::PHASES;
use super::{Asks, Scene};

pub(super) fn left_column(root: &mut egui::Ui, ctx_e: &egui::Context, scene: &Scene, ui_state: &mut AreaUi, asks: &mut Asks) {
    area_game::left_column(root, ctx_e, |ui| {
        ui.label(theme::title("Turn record", 17.0));
        turn_record(ui, scene);
        ui.add_space(6.0);
        ui.label(theme::title("Sequence of play", 17.0));
        for (ph, n, name) in PHASES {
            let current = Some(ph) == scene.pos.phase;
            let text = egui::RichText::new(format!("{n}. {name}"));
            ui.label(if current { text.color(BRASS).strong() } else { text.color(DIM) });
        }
        ui.add_space(6.0);
        ui.label(theme::title("The front", 17.0));
        front(ui, scene);
        ui.add_space(6.0);
        log_heading(ui, &mut ui_state.log);
        log_panel(ui, scene.session, &ui_state.log, &mut asks.open_rule, |ev| matches!(ev.kind, EventKind::TurnBegan { .. }));
    });
}

/// The turn record track: each turn a box, the current one in brass, its date and ammunition on hover.
fn turn_record(ui: &mut egui::Ui, scene: &Scene) {
    let boxes: Vec<TurnBox> = scene
        .scenario()
        .spec
        .turns
        .iter()
        .map(|t| {
            let fatigue = t.fatigue_entered_by.map(|n| format!("; fatigue for units in play by turn {n}")).unwrap_or_default();
            let hover = format!(
                "Turn {}: {}\nammunition: British {}-{}, German {}-{}{fatigue}",
                t.turn, t.date, t.british_ammo.0, t.british_ammo.1, t.german_ammo.0, t.german_ammo.1
            );
            TurnBox { turn: t.turn, label: t.turn.to_string(), hover: Some(hover) }
        })
        .collect();
    widgets::turn_track(ui, scene.pos.turn, &boxes);
}

/// The front: victory and BR areas of each side, the immediate victory (3.2), arrivals and losses.
fn front(ui: &mut egui::Ui, scene: &Scene) {
    let (ctx, sc) = (&scene.pos, scene.scenario());
    let vic: Vec<u32> = sc.areas.iter().filter(|(_, a)| a.victory.is_some()).map(|(id, _)| *id).collect();
    for s in Side::BOTH {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(s.name()).color(side_egui(s)).strong());
            ui.label(format!("victory areas {}/{}", ctx.victory_areas(s), vic.len()));
            ui.label(egui::RichText::new(format!("BR {}", ctx.br_areas(s))).color(DIM));
        });
    }
    ui.label(egui::RichText::new(format!("Immediate British victory: {}", super::super::immediate_victory_text(sc))).small().color(DIM));
    let waiting: Vec<&U> = ctx.sit.units.iter().filter(|u| u.c.place == Place::Waiting && u.spec.turn == Some(ctx.turn)).collect();
    if !waiting.is_empty() {
        ui.label(egui::RichText::new(format!("{} unit(s) arrive this turn", waiting.len())).color(BRASS));
    }
    let broken = ctx.sit.units.iter().filter(|u| u.c.place == Place::BrokenDown).count();
    let elim = ctx.sit.units.iter().filter(|u| u.c.place == Place::Eliminated).count();
    ui.label(egui::RichText::new(format!("eliminated: {elim}; tanks broken down: {broken}")).small().color(DIM));
}
