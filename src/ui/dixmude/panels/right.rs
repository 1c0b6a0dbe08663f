//! The right column: the decision awaited (its prompt, a refusal, the activation under way, the
//! orders not about one zone), the strategy hand of the player (the other camp's only counted:
//! hidden hands, 5), the units to pick for an order into a zone (entering from the HQ zone, bombing,
//! shifting a support unit), then the selected zone's card (its bonus, trenches, what the rules name
//! it for, its units drawn as counters) and the orders there with their costs and odds.

use bevy_egui::egui;

use crate::ui::area_game;

use crate::rulesets::dixmude::Command;
use crate::rulesets::dixmude::state::{Phase, Pos};
use crate::rulesets::dixmude::units::Side;
use crate::ui::theme::{self, BRASS, DIM, PARCHMENT};

use super::super::DixUi;
use super::super::board::{command_unit, command_zone};
use super::cards::{counter, order_button, per_row, prompt, side_egui, strategy_counter, warning};
use super::{Action, Asks, Scene};

pub(super) fn right_column(root: &mut egui::Ui, ctx_e: &egui::Context, scene: &Scene, ui_state: &DixUi, asks: &mut Asks) {
    area_game::right_column(root, ctx_e, |ui| {
        egui::ScrollArea::vertical().id_salt("dixmude-right-scroll").auto_shrink([false, false]).show(ui, |ui| {
                decision(ui, scene, ui_state, asks);
                hand(ui, scene, asks);
                if scene.human {
                    unit_picks(ui, scene, ui_state, asks);
                }
                ui.separator();
                let Some(z) = ui_state.selected else {
                    ui.label(
                        egui::RichText::new(
                            "Click a zone to see its units and the orders you can give there. Zones shaded green can be activated, blue: units can move or enter there, red: an assault (chance of winning), orange: a bombing (hits expected).",
                        )
                        .color(DIM),
                    );
                    return;
                };
                if scene.pos.sc.zones.contains_key(&z) {
                    zone_card(ui, scene, z, asks);
                    if scene.human {
                        zone_orders(ui, scene, z, asks);
                    }
                }
            });
    });
}

/// Orders shown in the decision rather than on a zone: those that name no zone, or several.
fn general(c: &Command) -> bool {
    command_zone(c).is_none() && !matches!(c, Command::Exit(_) | Command::Detach(_) | Command::Permute(..))
}

/// The decision: its prompt and rule, a refusal, the computer's status, the activation under way,
/// and the orders that are not about one zone (raising and digging grouped, they can be many).
fn decision(ui: &mut egui::Ui, scene: &Scene, ui_state: &DixUi, asks: &mut Asks) {
    let (session, p) = (scene.session, &scene.pos);
    ui.label(theme::title("Decision", 18.0));
    if let Some(pd) = session.game.pending() {
        prompt(ui, &pd.prompt, &pd.rule, &mut asks.open_rule);
    }
    if let Some(m) = &session.message {
        warning(ui, m, &mut asks.open_rule);
    }
    if let Some(ai) = scene.ai
        && !ai.status.is_empty()
    {
        warning(ui, &ai.status, &mut asks.open_rule);
    }
    if let Some(pr) = &ui_state.problem {
        warning(ui, pr, &mut asks.open_rule);
    }
    activation(ui, p);
    if !scene.human {
        if scene.session.to_move().is_some() {
            ui.label(egui::RichText::new("Waiting for the computer…").color(DIM));
        }
        return;
    }
    let orders: Vec<&Command> = session.legal.iter().filter(|c| general(c)).collect();
    let (grouped, single): (Vec<&Command>, Vec<&Command>) =
        orders.into_iter().partition(|c| matches!(c, Command::Raise(_) | Command::Dig(_)));
    ui.add_space(4.0);
    for c in single {
        order_button(ui, p, c, true, &mut asks.acts);
    }
    for (what, rule, is) in [("Raise battalions one level", "9.2", 0), ("Dig trenches", "9.4", 1)] {
        let group: Vec<&&Command> = grouped.iter().filter(|c| matches!((c, is), (Command::Raise(_), 0) | (Command::Dig(_), 1))).collect();
        if group.is_empty() {
            continue;
        }
        egui::CollapsingHeader::new(format!("{what} ({rule}): {} way{}", group.len(), if group.len() == 1 { "" } else { "s" }))
            .id_salt(what)
            .default_open(group.len() <= 6)
            .show(ui, |ui| {
                for c in group {
                    order_button(ui, p, c, true, &mut asks.acts);
                }
            });
    }
}

/// The activation under way (8.1): the offensive units and where they are, the assault declared.
fn activation(ui: &mut egui::Ui, p: &Pos) {
    let Some(act) = &p.r.impulse.act else { return };
    egui::Frame::group(ui.style()).fill(theme::PANEL_DARK).show(ui, |ui| {
        let side = act.units.first().map(|&u| p.side(u));
        ui.label(theme::strong(format!("{} offensive units", side.map(|s| s.name()).unwrap_or("The"))));
        for row in act.units.chunks(per_row(ui)) {
            ui.horizontal(|ui| {
                for &u in row {
                    ui.vertical(|ui| {
                        counter(ui, p, u);
                        let at = p.zone_of(u).map(|z| format!("zone {z}")).unwrap_or_default();
                        let stop = if act.stopped.contains(&u) { ", stopped (8.1)" } else { "" };
                        ui.label(egui::RichText::new(format!("{at}{stop}")).small());
                    });
                }
            });
        }
        if let Some(a) = &act.assault {
            ui.label(egui::RichText::new(format!("Assault from zone {} on zone {}", a.from, a.target)).color(BRASS));
        }
    });
}

/// The strategy hand: the player's own counters, both sides each; the other camp's as a count only
/// (5: hidden hands). In a game between computers or a replay no hand is shown.
fn hand(ui: &mut egui::Ui, scene: &Scene, asks: &mut Asks) {
    let p = &scene.pos;
    ui.add_space(6.0);
    ui.label(theme::title("Strategies", 17.0));
    let mine = scene.session.hand_shown();
    for s in Side::BOTH {
        let held = &p.r.hands[s.index()];
        if Some(s) == mine {
            ui.label(
                egui::RichText::new(format!("Your hand ({} of {})", held.len(), p.sc.tables.strategies.hand)).color(side_egui(s)).strong(),
            );
            for &i in held {
                let c = &p.sc.spec.strategies[i];
                strategy_counter(ui, c.reusable, c.one_time, &mut asks.open_rule);
            }
            if p.r.kept[s.index()] {
                ui.label(egui::RichText::new("A counter kept from last turn: no second purchase (5.2)").small().color(DIM));
            }
        } else {
            ui.label(
                egui::RichText::new(format!("{}: {} counter{} in hand", s.name(), held.len(), if held.len() == 1 { "" } else { "s" }))
                    .color(side_egui(s)),
            );
        }
    }
}

/// Units with orders into a zone (entering from the HQ zone, bombing, shifting): pick one, then click
/// a zone of the map.
fn unit_picks(ui: &mut egui::Ui, scene: &Scene, ui_state: &DixUi, asks: &mut Asks) {
    let p = &scene.pos;
    let mut ids: Vec<&str> = Vec::new();
    for c in &scene.session.legal {
        if let Some(u) = command_unit(c)
            && !ids.contains(&u)
        {
            ids.push(u);
        }
    }
    if ids.is_empty() {
        return;
    }
    ui.add_space(4.0);
    let what = match p.r.phase {
        Phase::Operational => "Units in the HQ zone: pick one, then click a blue entry zone (the next is picked for you)",
        Phase::Bombing => "Guns that can bomb: pick one, then click an orange zone",
        _ => "Support units that can move on their own (free, in place of an activation): pick one, then click a blue zone",
    };
    ui.label(egui::RichText::new(what).small().color(DIM));
    let units: Vec<usize> = ids.iter().filter_map(|id| p.find(id)).collect();
    for row in units.chunks(per_row(ui)) {
        ui.horizontal(|ui| {
            for &u in row {
                let picked = ui_state.picked.as_deref() == Some(p.id(u));
                let r = counter(ui, p, u);
                if picked {
                    ui.painter().rect_stroke(r.rect.expand(2.0), 5.0, egui::Stroke::new(3.0, BRASS), egui::StrokeKind::Outside);
                }
                if r.clicked() {
                    asks.acts.push(Action::Pick(if picked { None } else { Some(p.id(u).to_string()) }));
                }
            }
        });
    }
}

/// The selected zone's card: number and name, bonus and trenches, what the rules name it for, its
/// neighbours and the zones facing it across the Yser, its units.
fn zone_card(ui: &mut egui::Ui, scene: &Scene, z: u32, asks: &mut Asks) {
    let p = &scene.pos;
    let Some(area) = p.sc.board.areas.get(&z) else { return };
    let info = p.sc.zone(z);
    ui.horizontal(|ui| {
        ui.label(theme::title(if info.hq { "HQ zone".to_string() } else { format!("Zone {z}") }, 22.0));
        ui.label(egui::RichText::new(&area.name).color(PARCHMENT));
    });
    let mut tags = vec![area.terrain.clone()];
    if p.bonus(z) > 0 {
        tags.push(format!("defence bonus +{}", p.bonus(z)));
    }
    if p.trenches(z) {
        tags.push("trenches".into());
    }
    if info.diksmuide && p.r.ruins.is_some() {
        tags.push("in ruins (7.3.5)".into());
    }
    if p.flooded(z) {
        tags.push("flooded (12.1.2)".into());
    }
    if info.entry {
        tags.push("German entry zone (6)".into());
    }
    if info.victory_left_bank {
        tags.push("left bank: a German here wins (11.1)".into());
    }
    if info.tervaete {
        tags.push("Tervaete (12)".into());
    }
    ui.label(egui::RichText::new(tags.join(" · ")).color(DIM));
    match p.occupant(z) {
        Some(s) => {
            ui.horizontal(|ui| {
                ui.label("Held by");
                ui.label(egui::RichText::new(s.name()).color(side_egui(s)).strong());
            });
        }
        None => {
            ui.label(egui::RichText::new("Empty").color(DIM));
        }
    }
    if !info.hq {
        let adj: Vec<String> = area
            .adjacent
            .iter()
            .map(|n| if p.sc.board.border(z, *n).iter().any(|k| k == "bridge") { format!("{n} (bridge)") } else { n.to_string() })
            .collect();
        ui.label(egui::RichText::new(format!("Adjacent: {}", adj.join(", "))).small().color(DIM));
        if !info.across.is_empty() {
            let across: Vec<String> = info.across.iter().filter(|n| !area.adjacent.contains(n)).map(|n| n.to_string()).collect();
            if !across.is_empty() {
                ui.label(egui::RichText::new(format!("Across the Yser (8.6): {}", across.join(", "))).small().color(DIM));
            }
        }
    }
    let units = p.in_zone(z);
    for row in units.chunks(per_row(ui)) {
        ui.horizontal(|ui| {
            for &u in row {
                let r = counter(ui, p, u);
                if r.clicked() && scene.session.legal.iter().any(|c| command_unit(c) == Some(p.id(u))) {
                    asks.acts.push(Action::Pick(Some(p.id(u).to_string())));
                }
            }
        });
    }
}

/// The orders into or about the zone: activating it, moving or assaulting there, entering it,
/// bombing it (the picked gun's, or the best six), and the orders of its units (exit to the HQ zone,
/// detach a company, exchange with a neighbour).
fn zone_orders(ui: &mut egui::Ui, scene: &Scene, z: u32, asks: &mut Asks) {
    let p = &scene.pos;
    let here_units: Vec<&str> = p.in_zone(z).into_iter().map(|u| p.id(u)).collect();
    let about_units = |c: &Command| match c {
        Command::Exit(u) | Command::Detach(u) => here_units.contains(&u.as_str()),
        Command::Permute(a, b) => here_units.contains(&a.as_str()) || here_units.contains(&b.as_str()),
        _ => false,
    };
    let mut here: Vec<&Command> = scene.session.legal.iter().filter(|c| command_zone(c) == Some(z) || about_units(c)).collect();
    if here.is_empty() {
        return;
    }
    ui.separator();
    ui.label(theme::title("Orders here", 17.0));
    let bombs = here.iter().filter(|c| matches!(c, Command::Bomb(..))).count();
    if bombs > 6 {
        here.retain(|c| !matches!(c, Command::Bomb(..)));
        ui.label(egui::RichText::new(format!("{bombs} guns can bomb this zone: pick one above, then click the zone")).small().color(DIM));
    }
    for c in here {
        order_button(ui, p, c, true, &mut asks.acts);
    }
}
