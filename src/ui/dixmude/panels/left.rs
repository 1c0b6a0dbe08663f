//! The top bar (the turn, the phase, the initiative, the resource points, who is to move) and the
//! left column: the turn track, the sequence of play, the zones of the victory conditions as they
//! stand, and the shell's log panel.

use bevy_egui::egui;

use crate::ui::area_game;

use crate::rulesets::dixmude::EventKind;
use crate::rulesets::dixmude::state::{Phase, Pos};
use crate::rulesets::dixmude::units::Side;
use crate::ui::log::{log_heading, log_panel};
use crate::ui::rules_text::rule_link;
use crate::ui::theme::{self, BRASS, DIM};
use crate::ui::top_bar::{top_bar as shell_top_bar, who_decides};
use crate::ui::widgets::{self, TurnBox};

use super::super::DixUi;
use super::cards::side_egui;
use super::{Action, Asks, Scene};

/// The sequence of play (2): each phase, its letter and name with its rules.
const PHASES: [(Option<Phase>, &str, &str, &str); 7] = [
    (None, "A", "Initiative", "3"),
    (None, "B", "Resource points", "4"),
    (Some(Phase::Strategies), "C", "Drawing strategies", "5"),
    (Some(Phase::Operational), "D", "German operational movement", "6"),
    (Some(Phase::Bombing), "E", "Artillery bombing", "7"),
    (Some(Phase::Activation), "F", "Alternating activation", "8"),
    (Some(Phase::Reorganisation), "G", "Reorganisation", "9"),
];

pub(super) fn top_bar(root: &mut egui::Ui, ctx_e: &egui::Context, scene: &Scene, asks: &mut Asks) {
    let clicked = shell_top_bar(root, ctx_e, scene.session, "back to the main menu", |ui| labels(ui, scene));
    asks.acts.extend(clicked.map(Action::of_button));
}

/// The top bar's words, left to right.
fn labels(ui: &mut egui::Ui, scene: &Scene) {
    let p = &scene.pos;
    ui.label(theme::title("Tempête sur Dixmude", 20.0)).on_hover_text(&p.sc.spec.info.name);
    ui.separator();
    ui.label(theme::strong(format!("Turn {} of {}", p.r.turn, p.sc.tables.turns)));
    ui.separator();
    if let Some((_, letter, name, _)) = PHASES.iter().find(|x| x.0 == Some(p.r.phase)) {
        ui.label(theme::strong(format!("{letter}. {name}")));
    }
    if let Some(s) = p.r.initiative {
        ui.separator();
        ui.label("Initiative:");
        ui.label(egui::RichText::new(s.name()).color(side_egui(s)).strong());
    }
    ui.separator();
    for s in Side::BOTH {
        ui.label(egui::RichText::new(format!("{} {} RP", short(s), p.r.rp[s.index()])).color(side_egui(s)).strong())
            .on_hover_text(format!("{}: {} resource points (4)", s.name(), p.r.rp[s.index()]));
    }
    ui.separator();
    match scene.session.to_move() {
        Some(s) => {
            let who = who_decides(scene.session, s.id(), s.name(), scene.thinking);
            ui.label(egui::RichText::new(format!("{} to decide ({who})", s.name())).color(side_egui(s)).strong());
        }
        None => {
            ui.label(egui::RichText::new(scene.session.view.result.clone().unwrap_or_else(|| "—".into())).color(BRASS));
        }
    }
}

fn short(s: Side) -> &'static str {
    match s {
        Side::FrancoBelgian => "F-B",
        Side::German => "Ger",
    }
}

pub(super) fn left_column(root: &mut egui::Ui, ctx_e: &egui::Context, scene: &Scene, ui_state: &mut DixUi, asks: &mut Asks) {
    area_game::left_column(root, ctx_e, |ui| {
        ui.label(theme::title("Turns (three days each)", 17.0));
        turn_track(ui, &scene.pos);
        ui.add_space(6.0);
        ui.label(theme::title("Sequence of play", 17.0));
        for (ph, letter, name, rule) in PHASES {
            let current = ph == Some(scene.pos.r.phase);
            ui.horizontal(|ui| {
                let text = egui::RichText::new(format!("{letter}. {name}"));
                ui.label(if current { text.color(BRASS).strong() } else { text.color(DIM) });
                rule_link(ui, rule, &mut asks.open_rule);
            });
        }
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            ui.label(theme::title("Victory", 17.0));
            rule_link(ui, "11", &mut asks.open_rule);
        });
        victory(ui, &scene.pos);
        ui.add_space(6.0);
        log_heading(ui, &mut ui_state.log);
        log_panel(ui, scene.session, &ui_state.log, &mut asks.open_rule, |ev| matches!(ev.kind, EventKind::TurnBegan { .. }));
    });
}

/// The turn track: each turn a box, the current one in brass.
fn turn_track(ui: &mut egui::Ui, p: &Pos) {
    let boxes: Vec<TurnBox> = (1..=p.sc.tables.turns).map(|t| TurnBox { turn: t, label: t.to_string(), hover: None }).collect();
    widgets::turn_track(ui, p.r.turn, &boxes);
}

/// Who holds the zones of the victory conditions (11): Diksmuide, the left bank, Eessen and Woumen
/// castle. What the holding means is the rules' to say at the end of each turn and of turn 7.
fn victory(ui: &mut egui::Ui, p: &Pos) {
    for (line, colour) in victory_lines(p) {
        ui.label(egui::RichText::new(line).color(colour));
    }
}

/// The victory conditions' zones as they stand, a line each in the colour of who holds them.
pub(super) fn victory_lines(p: &Pos) -> Vec<(String, egui::Color32)> {
    let held = |z: u32| p.occupant(z);
    let name = |s: Option<Side>| s.map(|s| s.name()).unwrap_or("nobody");
    let colour = |s: Option<Side>| s.map(side_egui).unwrap_or(DIM);
    let mut out = Vec::new();
    for z in p.sc.zone_ids().filter(|&z| p.sc.zone(z).diksmuide) {
        out.push((format!("Diksmuide ({z}): {} (bonus +{})", name(held(z)), p.bonus(z)), colour(held(z))));
    }
    let german_left: Vec<String> =
        p.sc.zone_ids().filter(|&z| p.sc.zone(z).victory_left_bank && held(z) == Some(Side::German)).map(|z| z.to_string()).collect();
    if german_left.is_empty() {
        out.push(("No German on the left bank (2, 3, 5, 8)".to_string(), DIM));
    } else {
        out.push((format!("German on the left bank: zone {} (11.1)", german_left.join(", ")), side_egui(Side::German)));
    }
    let hold: Vec<u32> = p.sc.zone_ids().filter(|&z| p.sc.zone(z).hold_left_bank).collect();
    let fb = hold.iter().filter(|&&z| held(z) == Some(Side::FrancoBelgian)).count();
    out.push((format!("Franco-Belgian holds {fb} of the {} left-bank zones 2–8", hold.len()), DIM));
    for z in p.sc.zone_ids().filter(|&z| p.sc.zone(z).eessen || p.sc.zone(z).woumen) {
        out.push((format!("{} ({z}): {}", if p.sc.zone(z).eessen { "Eessen" } else { "Woumen castle" }, name(held(z))), colour(held(z))));
    }
    out
}
