//! The dialogs and popups over the board: the attack (lead unit; lead defender, guns and SOS
//! barrage, each with the exact odds of every CP result), the loss-point (CP) allocation, the end of
//! the game, the tooltip over the map and the orders a click offered.

use bevy_egui::egui;

use crate::rulesets::rtc::preview;
use crate::rulesets::rtc::state::{Attack, CombatStep, LossPayment};
use crate::rulesets::rtc::units::{Kind, Side};
use crate::rulesets::rtc::{Command, Rtc};
use crate::ui::rules_text::rule_link;
use crate::ui::theme::{self, DIM};
use crate::ui::widgets::odds;

use super::super::AreaUi;
use super::cards::{contest_line, counter, order_button};
use super::{Action, Asks, Scene};
use crate::ui::area_game::click_orders;
use crate::ui::rtc::words::describe;

/// The attack (10.2): who attacks whom, the tanks' breakdown chance (10.6), the lead attacker, and the
/// orders (lead unit, defence) with the best for the side to choose first.
pub(super) fn attack(ctx_e: &egui::Context, scene: &Scene, at: &Attack, asks: &mut Asks) {
    let ctx = &scene.pos;
    let title = match at.step {
        CombatStep::Lead => format!("Attack on area {}: choose the lead unit", at.area),
        CombatStep::Defence => format!("Area {} is attacked: choose the defence", at.area),
    };
    egui::Window::new(theme::title(title, 18.0))
        .id("area-attack".into())
        .collapsible(false)
        .resizable(false)
        .default_width(470.0)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 70.0))
        .show(ctx_e, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new("Offensive and defensive totals:").small().color(DIM));
                rule_link(ui, "10.2", &mut asks.open_rule);
                rule_link(ui, "10.3", &mut asks.open_rule);
            });
            ui.label(
                egui::RichText::new(format!(
                    "Attackers: {}",
                    at.attackers.iter().map(|&i| ctx.unit(i).spec.name.clone()).collect::<Vec<_>>().join(", ")
                ))
                .small()
                .color(DIM),
            );
            ui.label(
                egui::RichText::new(format!(
                    "Defenders: {}",
                    ctx.sit.side_in(at.area, at.side.enemy()).map(|u| u.spec.name.clone()).collect::<Vec<_>>().join(", ")
                ))
                .small()
                .color(DIM),
            );
            let tanks = at.attackers.iter().any(|&i| ctx.unit(i).kind() == Kind::Tank && ctx.unit(i).area() == Some(at.area));
            if tanks {
                let t = &ctx.sc.tables.attack;
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        egui::RichText::new(format!(
                            "Tank breakdown on an unmodified attack roll of {}+: {}",
                            t.breakdown_at,
                            odds(preview::at_least(t.dice, t.breakdown_at))
                        ))
                        .small()
                        .color(egui::Color32::from_rgb(230, 170, 90)),
                    );
                    rule_link(ui, "10.6", &mut asks.open_rule);
                });
            }
            if let Some(l) = at.lead {
                ui.label(format!(
                    "Lead attacker: {} (OT {})",
                    ctx.unit(l).spec.name,
                    crate::rulesets::rtc::attack::offence(ctx, at, ctx.unit(l))
                ));
            }
            ui.separator();
            let mut opts: Vec<(&Command, f64)> =
                scene.session.legal.iter().map(|c| (c, preview::contest_for(ctx, c).map(|k| k.success()).unwrap_or(0.0))).collect();
            // The attacker wants success, the defender wants failure.
            if at.step == CombatStep::Lead {
                opts.sort_by(|x, y| y.1.total_cmp(&x.1));
            } else {
                opts.sort_by(|x, y| x.1.total_cmp(&y.1));
            }
            // The choices scroll within what the window leaves on screen (the third was cut off).
            egui::ScrollArea::vertical().max_height(room_below(ctx_e, ui)).show(ui, |ui| {
                for (c, _) in opts {
                    order_button(ui, ctx, c, true, &mut asks.acts);
                    ui.add_space(4.0);
                }
            });
        });
}

/// The loss points to pay (7.63, 10.31): the cost of each way, then each unit that can pay with its
/// orders (flip, eliminate, retreat).
pub(super) fn losses(ctx_e: &egui::Context, scene: &Scene, p: &LossPayment, asks: &mut Asks) {
    egui::Window::new(theme::title(format!("Loss points: {} CP to pay in area {}", p.left, p.area), 18.0))
        .id("area-cp".into())
        .collapsible(false)
        .resizable(false)
        .default_width(480.0)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 70.0))
        .show(ctx_e, |ui| {
            let rule = if p.costs.retreat_spent.is_some() { "10.31" } else { "7.63" };
            let mut costs = format!(
                "Flip a fresh unit: {} CP · eliminate a spent unit: {} · eliminate a fresh unit: {}",
                p.costs.flip, p.costs.eliminate_spent, p.costs.eliminate_fresh
            );
            if let Some(r) = p.costs.retreat_spent {
                costs.push_str(&format!(" · retreat a spent unit: {r}"));
            }
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(costs).small().color(DIM));
                rule_link(ui, rule, &mut asks.open_rule);
            });
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    egui::RichText::new("A partial result must be paid in full even if it costs more; eliminations before retreats.")
                        .small()
                        .color(DIM),
                );
                rule_link(ui, "7.62", &mut asks.open_rule);
                rule_link(ui, "10.31", &mut asks.open_rule);
            });
            ui.separator();
            egui::ScrollArea::vertical().max_height(room_below(ctx_e, ui)).show(ui, |ui| losses_payers(ui, scene, p, asks));
        });
}

/// The height a dialog's list may take below its heading and still end on screen.
fn room_below(ctx_e: &egui::Context, ui: &egui::Ui) -> f32 {
    (ctx_e.viewport_rect().bottom() - ui.cursor().top() - 24.0).max(140.0)
}

/// Each unit that can pay the loss points, with its ways (flip, eliminate, retreat).
fn losses_payers(ui: &mut egui::Ui, scene: &Scene, p: &LossPayment, asks: &mut Asks) {
    let ctx = &scene.pos;
    for u in crate::rulesets::rtc::losses::payers(ctx, p) {
        ui.horizontal(|ui| {
            counter(ui, u);
            ui.vertical(|ui| {
                ui.label(theme::strong(&u.spec.name));
                ui.horizontal_wrapped(|ui| {
                    let mine =
                        |c: &&Command| matches!(c, Command::Flip(x) | Command::Eliminate(x) | Command::Retreat(x, _) if *x == u.spec.id);
                    for c in scene.session.legal.iter().filter(mine) {
                        let label = match c {
                            Command::Flip(_) => format!("Flip (−{})", p.costs.flip),
                            Command::Eliminate(_) => format!("Eliminate (−{})", preview::cp_paid(ctx, c).unwrap_or(0)),
                            Command::Retreat(_, to) => format!("Retreat → {to} (−{})", p.costs.retreat_spent.unwrap_or(0)),
                            _ => String::new(),
                        };
                        if ui.button(label).clicked() {
                            asks.acts.push(Action::Submit(c.clone()));
                        }
                    }
                });
            });
        });
    }
}

/// The tooltip over the map: the area, its units, the group's cost to enter (or why it may not), the
/// odds of attacking it, and what a click would order.
pub fn map_tooltip(ctx_e: &egui::Context, scene: &Scene, ui_state: &AreaUi, h: u32, pos: egui::Pos2) {
    let (ctx, sc) = (&scene.pos, scene.scenario());
    let Some(area) = sc.board.areas.get(&h) else { return };
    let info = sc.area(h);
    let mut lines = vec![format!("Area {h}: {} ({}, TEM {})", area.name, area.terrain, info.tem)];
    let units: Vec<String> = Side::BOTH
        .iter()
        .filter_map(|s| {
            let n = ctx.sit.count(h, *s);
            (n > 0).then(|| format!("{} {n}", s.name()))
        })
        .collect();
    if !units.is_empty() {
        lines.push(units.join(", "));
    }
    if let Some(r) = preview::move_cost(ctx, h) {
        lines.push(match r {
            Ok(c) => format!("the group may enter: {c} MP"),
            Err(e) if ctx.impulse.activation.as_ref().and_then(|a| a.group.as_ref()).is_some_and(|g| ctx.is_adjacent(g.at, h)) => e,
            Err(_) => String::new(),
        });
    }
    if let Some(c) = scene.session.legal.iter().find(|c| matches!(c, Command::MoveTo(x) if *x == h))
        && let Some(k) = preview::contest_for(ctx, c)
    {
        lines.push(format!("attack: {}", contest_line(&k)));
    }
    if scene.human {
        let orders = click_orders::<Rtc>(&scene.session.legal, ui_state.picked.as_deref(), h);
        match orders.as_slice() {
            [] => {}
            [one] => lines.push(format!("Click: {}", describe(ctx, one))),
            many => lines.push(format!("Click: choose among {} orders", many.len())),
        }
    }
    lines.retain(|l| !l.is_empty());
    crate::ui::widgets::map_tip_lines(ctx_e, "area-tip", pos, ui_state.free, &lines);
}
