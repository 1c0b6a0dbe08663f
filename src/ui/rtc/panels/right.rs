//! The right column: the decision awaited (its prompt, a refusal, the activated group, the
//! bombardment announced, the orders not about one area, the units to pick), then the selected
//! area's card (its terrain, markers and units drawn as counters) and the orders into it with their
//! costs and odds.

use bevy_egui::egui;

use crate::ui::area_game;

use crate::rulesets::rtc::preview;
use crate::rulesets::rtc::state::Phase;
use crate::rulesets::rtc::units::{Side, U};
use crate::rulesets::rtc::{Command, Target};
use crate::ui::rules_text::rule_link;
use crate::ui::theme::{self, BRASS, DIM, PARCHMENT, RED};

use super::super::AreaUi;
use super::cards::{counter, order_button, per_row, rule_links_in, side_egui};
use super::{Action, Asks, Scene};
use crate::ui::rtc::board::{command_area, command_unit};

pub(super) fn right_column(root: &mut egui::Ui, ctx_e: &egui::Context, scene: &Scene, ui_state: &AreaUi, asks: &mut Asks) {
    area_game::right_column(root, ctx_e, |ui| {
        egui::ScrollArea::vertical().id_salt("area-right-scroll").auto_shrink([false, false]).show(ui, |ui| {
                decision(ui, scene, ui_state, asks);
                if scene.human {
                    unit_picks(ui, scene, ui_state, asks);
                }
                ui.separator();
                let Some(a) = ui_state.selected else {
                    ui.label(egui::RichText::new("Click an area of the map to see its units and the orders you can give there. Areas shaded green can be activated or receive units; blue: the group can move there (cost in MP); red: it would attack (chance of success); orange: bombardment targets.").color(DIM));
                    return;
                };
                if scene.scenario().board.areas.contains_key(&a) {
                    area_card(ui, scene, a, asks);
                    if scene.human {
                        area_orders(ui, scene, ui_state, a, asks);
                    }
                }
            });
    });
}

/// The decision: its prompt and rule, a refusal, the computer's or the map's problem, the activated
/// group, the bombardment announced, and the orders that are not about one area.
fn decision(ui: &mut egui::Ui, scene: &Scene, ui_state: &AreaUi, asks: &mut Asks) {
    let (session, ctx) = (scene.session, &scene.pos);
    ui.label(theme::title("Decision", 18.0));
    if let Some(p) = session.game.pending() {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(&p.prompt).color(PARCHMENT));
            rule_link(ui, &p.rule, &mut asks.open_rule);
        });
    }
    if let Some(m) = &session.message {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(m).color(RED));
            rule_links_in(ui, m, &mut asks.open_rule);
        });
    }
    if let Some(ai) = scene.ai
        && !ai.status.is_empty()
    {
        ui.label(egui::RichText::new(&ai.status).color(RED));
    }
    if let Some(p) = &ui_state.problem {
        ui.label(egui::RichText::new(p).color(RED));
    }
    activation(ui, scene);
    if let Some(o) = &ctx.bombard.order {
        egui::Frame::group(ui.style()).fill(theme::PANEL_DARK).show(ui, |ui| {
            ui.label(theme::strong(format!(
                "{}bombardment of area {} ({}) by {}",
                if o.hurricane { "Hurricane " } else { "" },
                o.target,
                if o.at == Target::Artillery { "artillery" } else { "troops" },
                ctx.unit(o.lead).spec.name
            )));
            ui.label(format!(
                "supported by {} gun(s); lead strength {}",
                o.supports.len(),
                crate::rulesets::rtc::bombardment::lead_strength(ctx, o)
            ));
        });
    }
    // Orders that are not about one area.
    if scene.human {
        let general: Vec<&Command> = session
            .legal
            .iter()
            .filter(|c| {
                command_area(c).is_none()
                    && !matches!(c, Command::Lead(_) | Command::Defend { .. } | Command::Flip(_) | Command::Eliminate(_))
            })
            .collect();
        if !general.is_empty() {
            ui.add_space(4.0);
            for c in general {
                order_button(ui, ctx, c, true, &mut asks.acts);
            }
        }
    } else if scene.session.to_move().is_some() {
        ui.label(egui::RichText::new("Waiting for the computer…").color(DIM));
    }
}

/// The activated area and its group, each unit with the MP it has left.
fn activation(ui: &mut egui::Ui, scene: &Scene) {
    let ctx = &scene.pos;
    let Some(act) = &ctx.impulse.activation else { return };
    egui::Frame::group(ui.style()).fill(theme::PANEL_DARK).show(ui, |ui| {
        ui.label(theme::strong(format!("Area {} activated", act.area)));
        match &act.group {
            Some(g) => {
                ui.label(format!(
                    "Group in area {}{}{}",
                    g.at,
                    if g.moved { ", moving" } else { "" },
                    if g.must_stop { ", must stop (9.34)" } else { "" }
                ));
                let here: Vec<(usize, u32)> = g
                    .units
                    .iter()
                    .enumerate()
                    .filter(|(_, i)| ctx.unit(**i).area() == Some(g.at))
                    .map(|(k, &i)| (i, g.mp.get(k).copied().unwrap_or(0)))
                    .collect();
                for row in here.chunks(per_row(ui)) {
                    ui.horizontal(|ui| {
                        for &(i, mp) in row {
                            ui.vertical(|ui| {
                                counter(ui, ctx.unit(i));
                                ui.label(egui::RichText::new(format!("{mp} MP left")).small());
                            });
                        }
                    });
                }
            }
            None => {
                ui.label(egui::RichText::new("Form a group: add units of the area (Add), then move or attack.").small().color(DIM));
            }
        }
    });
}

/// Units with orders into an area (to place, to fire a barrage, to bombard): pick one, then click an
/// area of the map.
fn unit_picks(ui: &mut egui::Ui, scene: &Scene, ui_state: &AreaUi, asks: &mut Asks) {
    let ctx = &scene.pos;
    let mut ids: Vec<&str> = Vec::new();
    for c in &scene.session.legal {
        if let Some(u) = command_unit(c)
            && !matches!(c, Command::Retreat(..))
            && !ids.contains(&u)
        {
            ids.push(u);
        }
    }
    if ids.is_empty() {
        return;
    }
    ui.add_space(4.0);
    let what = match ctx.phase {
        Some(Phase::Reinforcement) => "Units to place: pick one, then click a green entry area (the next is picked for you)",
        Some(Phase::Barrage) => "Guns for barrages: pick one, then click a green area",
        _ => "Guns that can bombard: pick one, then click an orange target area",
    };
    ui.label(egui::RichText::new(what).small().color(DIM));
    let units: Vec<&U> = ids.iter().filter_map(|id| ctx.sit.units.iter().find(|u| u.spec.id == *id)).collect();
    for row in units.chunks(per_row(ui)) {
        ui.horizontal(|ui| {
            for u in row {
                let picked = ui_state.picked.as_deref() == Some(u.spec.id.as_str());
                let r = counter(ui, u);
                if picked {
                    ui.painter().rect_stroke(r.rect.expand(2.0), 5.0, egui::Stroke::new(3.0, BRASS), egui::StrokeKind::Outside);
                }
                if r.clicked() {
                    asks.acts.push(Action::Pick(if picked { None } else { Some(u.spec.id.clone()) }));
                }
            }
        });
    }
}

/// The selected area's card: its number and name, terrain and TEM, what it is (BR, victory, entry,
/// supply, blocking), who controls it, its neighbours, the markers on it and its units.
fn area_card(ui: &mut egui::Ui, scene: &Scene, a: u32, asks: &mut Asks) {
    let (ctx, sc) = (&scene.pos, scene.scenario());
    let Some(area) = sc.board.areas.get(&a) else { return };
    let info = sc.area(a);
    ui.horizontal(|ui| {
        ui.label(theme::title(format!("Area {a}"), 22.0));
        ui.label(egui::RichText::new(&area.name).color(PARCHMENT));
    });
    let mut tags = vec![format!("{} · TEM {}", area.terrain, info.tem)];
    if info.br {
        tags.push("BR area (5.1)".into());
    }
    if let Some(v) = info.victory {
        tags.push(format!("{} victory area ▲", v.name()));
    }
    if let Some(s) = info.entry {
        tags.push(format!("{} entry area", s.name()));
    }
    if let Some(s) = info.supply {
        tags.push(format!("{} supply source", s.name()));
    }
    if info.blocking {
        tags.push("blocks bombardment (7.32)".into());
    }
    ui.label(egui::RichText::new(tags.join(" · ")).color(DIM));
    let ctl = ctx.controller(a);
    ui.horizontal(|ui| {
        ui.label("Controlled by");
        ui.label(egui::RichText::new(ctl.name()).color(side_egui(ctl)).strong());
    });
    let mut adj: Vec<String> = Vec::new();
    for &n in &area.adjacent {
        let b = sc.board.border(a, n);
        let suffix = if b.iter().any(|k| k == "bridge") {
            " (bridge)"
        } else if b.iter().any(|k| k == "canal" || k == "schelde") {
            " (canal)"
        } else {
            ""
        };
        adj.push(format!("{n}{suffix}"));
    }
    ui.label(egui::RichText::new(format!("Adjacent: {}", adj.join(", "))).small().color(DIM));
    area_markers(ui, scene, a);
    area_units(ui, scene, a, asks);
}

/// The markers on the area: rolling barrage, interdiction, bombarded this turn.
fn area_markers(ui: &mut egui::Ui, scene: &Scene, a: u32) {
    let ctx = &scene.pos;
    let mut marks = Vec::new();
    if ctx.markers.rolling.contains(&a) {
        marks.push("rolling barrage (8.21: −2 MP to enter for the initiative player)");
    }
    if ctx.markers.interdiction.contains(&a) {
        marks.push("interdiction (8.3: +1 MP to enter and to leave for the enemy)");
    }
    for m in marks {
        ui.label(egui::RichText::new(m).color(egui::Color32::from_rgb(230, 150, 70)));
    }
    for (s, _, t) in ctx.markers.bombarded.iter().filter(|(_, x, _)| *x == a) {
        ui.label(
            egui::RichText::new(format!(
                "bombarded this turn by the {} ({})",
                s.name(),
                if *t == Target::Artillery { "artillery" } else { "troops" }
            ))
            .color(egui::Color32::from_rgb(220, 110, 90)),
        );
    }
}

/// The area's units of each side as counters; a click on a gun picks it as the bombardment's lead,
/// "+ group" adds a unit to the activated group (9.21).
fn area_units(ui: &mut egui::Ui, scene: &Scene, a: u32, asks: &mut Asks) {
    for side in Side::BOTH {
        let units: Vec<&U> = scene.pos.sit.side_in(a, side).collect();
        if units.is_empty() {
            continue;
        }
        ui.label(egui::RichText::new(format!("{} — {} unit(s)", side.name(), units.len())).color(side_egui(side)).strong());
        for row in units.chunks(per_row(ui)) {
            ui.horizontal(|ui| {
                for u in row {
                    ui.vertical(|ui| {
                        let r = counter(ui, u);
                        if r.clicked() && u.is_artillery() {
                            asks.acts.push(Action::Pick(Some(u.spec.id.clone())));
                        }
                        let add = Command::Add(u.spec.id.clone());
                        if scene.human
                            && scene.session.legal.contains(&add)
                            && ui.small_button("+ group").on_hover_text("add to the activated group (9.21)").clicked()
                        {
                            asks.acts.push(Action::Submit(add));
                        }
                    });
                }
            });
        }
    }
}

/// The orders into the area, the likeliest bombardments first (six of them, or those of the lead
/// unit picked), and why the group may not enter.
fn area_orders(ui: &mut egui::Ui, scene: &Scene, ui_state: &AreaUi, a: u32, asks: &mut Asks) {
    let ctx = &scene.pos;
    let here: Vec<&Command> =
        scene.session.legal.iter().filter(|c| command_area(c) == Some(a) && !matches!(c, Command::Retreat(..))).collect();
    if !here.is_empty() {
        ui.separator();
        ui.label(theme::title("Orders here", 17.0));
        // Bombardments: the best first; the lead picked by a click on an artillery counter, if any.
        let mut rows: Vec<(&Command, f64)> =
            here.iter().map(|c| (*c, preview::contest_for(ctx, c).map(|k| k.success()).unwrap_or(2.0))).collect();
        rows.sort_by(|x, y| y.1.total_cmp(&x.1));
        let lead = ui_state.picked.clone();
        let mut shown = 0;
        for (c, _) in rows {
            if let (Command::Bombard { lead: l, .. }, Some(sel)) = (c, &lead)
                && l != sel
            {
                continue;
            }
            if matches!(c, Command::Bombard { .. }) && shown >= 6 && lead.is_none() {
                continue;
            }
            if matches!(c, Command::Bombard { .. }) {
                shown += 1;
            }
            order_button(ui, ctx, c, true, &mut asks.acts);
        }
        let total = here.iter().filter(|c| matches!(c, Command::Bombard { .. })).count();
        if total > shown && lead.is_none() {
            ui.label(
                egui::RichText::new(format!("{} more bombardments: click an artillery counter in its area to see its own", total - shown))
                    .small()
                    .color(DIM),
            );
        }
        if lead.is_some() && ui.small_button("show every lead unit").clicked() {
            asks.acts.push(Action::Pick(None));
        }
    }
    // Why the group may not enter.
    if let Some(Err(why)) = preview::move_cost(ctx, a)
        && ctx.impulse.activation.as_ref().and_then(|x| x.group.as_ref()).is_some_and(|g| g.at != a && ctx.is_adjacent(g.at, a))
    {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(format!("The group may not enter: {why}")).small().color(RED));
            rule_links_in(ui, &why, &mut asks.open_rule);
        });
    }
}
