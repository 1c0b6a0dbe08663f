//! The dialogs and popups over the board: the answer to a bombing (counter-battery or not, 7.2), the
//! assault (the passive player's defensive fire with or without a barrage, 8.2; then the attacker's
//! charge or break-off, 8.3), the end of the game, the tooltip over the map and the orders a click
//! offered.

use bevy_egui::egui;

use crate::rulesets::dixmude::state::AssaultStep;
use crate::rulesets::dixmude::{Command, Dixmude};
use crate::ui::rules_text::rule_link;
use crate::ui::theme::{self, DIM, PARCHMENT};

use super::super::DixUi;
use super::super::words::describe;
use super::cards::{odds_line, order_button};
use super::{Asks, Scene};
use crate::ui::area_game::click_orders;

fn dialog(title: String, id: &str) -> egui::Window<'static> {
    egui::Window::new(theme::title(title, 18.0))
        .id(egui::Id::new(id.to_string()))
        .collapsible(false)
        .resizable(false)
        .default_width(470.0)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 70.0))
}

/// A bombing declared against the player's zone: counter-battery with one of his unused guns, or not (7.2).
pub(super) fn counter_battery(ctx_e: &egui::Context, scene: &Scene, asks: &mut Asks) {
    let p = &scene.pos;
    let Some(shot) = &p.r.bombing.shot else { return };
    if scene.session.to_move() != Some(shot.side.enemy()) {
        return;
    }
    dialog(format!("Zone {} is bombed by {}", shot.zone, p.spec(shot.unit).name), "dixmude-counter-battery").show(ctx_e, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                egui::RichText::new("Answer with counter-battery fire: only heavy artillery answers heavy; field artillery in range or heavy answers field.")
                    .small()
                    .color(DIM),
            );
            rule_link(ui, "7.2", &mut asks.open_rule);
        });
        if let Some(line) = odds_line(p, &Command::Bomb(p.id(shot.unit).to_string(), shot.zone)) {
            ui.label(egui::RichText::new(format!("Without counter-battery: {line}")).color(PARCHMENT));
        }
        ui.separator();
        for c in scene.session.legal.iter().filter(|c| matches!(c, Command::CounterBattery(_) | Command::NoCounterBattery)) {
            order_button(ui, p, c, true, &mut asks.acts);
        }
    });
}

/// An assault under way (8.2, 8.3): its parties, then the decision awaited — the defensive fire for
/// the passive player, the charge or break-off for the attacker — each with its odds.
pub(super) fn assault(ctx_e: &egui::Context, scene: &Scene, asks: &mut Asks) {
    let p = &scene.pos;
    let Some(act) = &p.r.impulse.act else { return };
    let Some(a) = &act.assault else { return };
    let title = match a.step {
        AssaultStep::Fire => format!("Zone {} is assaulted: defensive fire", a.target),
        AssaultStep::Charge => format!("Assault on zone {}: charge or break off", a.target),
    };
    dialog(title, "dixmude-assault").show(ctx_e, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new("Defensive fire, then the assault:").small().color(DIM));
            rule_link(ui, "8.2", &mut asks.open_rule);
            rule_link(ui, "8.3", &mut asks.open_rule);
        });
        let names = |us: Vec<usize>| us.into_iter().map(|u| p.spec(u).name.clone()).collect::<Vec<_>>().join(", ");
        let attackers: Vec<usize> = act.units.iter().copied().filter(|&u| p.zone_of(u) == Some(a.from)).collect();
        ui.label(egui::RichText::new(format!("Assailants in zone {}: {}", a.from, names(attackers))).small().color(DIM));
        ui.label(egui::RichText::new(format!("Defenders in zone {}: {}", a.target, names(p.in_zone(a.target)))).small().color(DIM));
        if a.no_fire {
            ui.label(egui::RichText::new("Night Infiltration: no defensive fire (12.2.2)").small().color(DIM));
        }
        if let Some(line) = odds_line(p, &Command::Charge) {
            ui.label(egui::RichText::new(format!("The assault: {line}")).color(PARCHMENT));
        }
        ui.separator();
        for c in &scene.session.legal {
            if matches!(c, Command::DefensiveFire(_) | Command::Charge | Command::BreakOff) {
                order_button(ui, p, c, true, &mut asks.acts);
                ui.add_space(4.0);
            }
        }
    });
}

/// The tooltip over the map: the zone, its bonus, its units, and what a click would order with its odds.
pub fn map_tooltip(ctx_e: &egui::Context, scene: &Scene, ui_state: &DixUi, h: u32, pos: egui::Pos2) {
    let p = &scene.pos;
    let Some(area) = p.sc.board.areas.get(&h) else { return };
    let mut lines = vec![if p.sc.zone(h).hq { format!("{} (off the map)", area.name) } else { format!("Zone {h}: {}", area.name) }];
    let mut what = Vec::new();
    if p.bonus(h) > 0 {
        what.push(format!("bonus +{}", p.bonus(h)));
    }
    if p.trenches(h) {
        what.push("trenches".into());
    }
    if let Some(s) = p.occupant(h) {
        what.push(format!("{}: {} unit(s)", s.name(), p.in_zone(h).len()));
    }
    if !what.is_empty() {
        lines.push(what.join(" · "));
    }
    if scene.human {
        let orders = click_orders::<Dixmude>(&scene.session.legal, ui_state.picked.as_deref(), h);
        match orders.as_slice() {
            [] => {}
            [one] => {
                lines.push(format!("Click: {}", describe(p, one)));
                lines.extend(odds_line(p, one));
            }
            many => lines.push(format!("Click: choose among {} orders", many.len())),
        }
    }
    crate::ui::widgets::map_tip_lines(ctx_e, "dixmude-tip", pos, ui_state.free, &lines);
}
