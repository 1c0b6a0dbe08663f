//! The panels of the area game (egui): the top bar (turn, phase, initiative, impulse, who is to
//! move; Undo, Fit, Save, Load, Menu), the left column (turn record track, sequence of play,
//! victory and BR areas, the log), the right column (the decision awaited and its orders, the
//! selected area's card with its units drawn as counters and the orders into it with their costs
//! and odds), and the dialogs: the attack (lead unit; lead defender, guns and SOS barrage, each with
//! the exact odds of every CP result), the loss-point (CP) allocation, and the end of the game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rulesets::rtc::map::Ctx;
use crate::rulesets::rtc::preview::{self, Contest};
use crate::rulesets::rtc::state::{CombatStep, Phase};
use crate::rulesets::rtc::units::{Kind, Side, U};
use crate::rulesets::rtc::{Command, Target};
use crate::ui::session::Seat;
use crate::ui::theme::{self, BRASS, DIM, GREEN, PARCHMENT, RED};

use crate::ui::rules_text::{RuleBooks, rule_ids_in, rule_link, rule_window};
use crate::ui::screens::HandOver;

use super::ai::AreaAi;
use super::board::{click_orders, command_area, command_unit};
use super::session::{AreaSession, load_game, load_seats, quicksave_path};
use super::words::describe;
use super::{AreaUi, Screen};

enum Action {
    Submit(Command),
    Undo,
    Save,
    Load,
    Menu,
    Fit,
    Select(Option<u32>),
    Lead(Option<String>),
    /// Offer these orders (a click that could mean several) at this point of the window.
    Choose(egui::Pos2, Vec<Command>),
}

/// Clickable links to the rule numbers written in a text (a refusal, a reason).
fn rule_links_in(ui: &mut egui::Ui, text: &str, open: &mut Option<String>) {
    for id in rule_ids_in(text) {
        rule_link(ui, &id, open);
    }
}

pub fn side_egui(side: Side) -> egui::Color32 {
    match side {
        Side::British => egui::Color32::from_rgb(158, 133, 82),
        Side::German => egui::Color32::from_rgb(120, 133, 135),
    }
}

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Infantry => "INF",
        Kind::Cavalry => "CAV",
        Kind::Tank => "TANK",
        Kind::Artillery => "ART",
        Kind::HorseArtillery => "H.ART",
        Kind::Stosstruppen => "STOSS",
    }
}

/// The counter's factors as printed: attack-defence-movement; artillery strength-defence-movement
/// and its range.
fn factors(u: &U) -> String {
    if u.is_artillery() {
        format!("{}-{}-{} ({})", u.spec.strength, u.defence(), u.spec.movement, u.spec.range)
    } else {
        format!("{}-{}-{}", u.spec.attack, u.defence(), u.spec.movement)
    }
}

/// A counter drawn as a labelled rectangle in its side's colours, with its markers.
pub fn counter(ui: &mut egui::Ui, u: &U) -> egui::Response {
    let size = egui::vec2(74.0, 58.0);
    let (rect, resp) = ui.allocate_exact_size(size, egui::Sense::click());
    let p = ui.painter_at(rect.expand(2.0));
    let mut fill = side_egui(u.side());
    if u.c.spent {
        fill = fill.gamma_multiply(0.55);
        fill = egui::Color32::from_rgb(fill.r().saturating_add(25), fill.g().saturating_add(20), fill.b().saturating_add(20));
    }
    p.rect_filled(rect, 4.0, fill);
    p.rect_stroke(rect, 4.0, egui::Stroke::new(1.5, egui::Color32::from_rgb(30, 26, 20)), egui::StrokeKind::Inside);
    let ink = egui::Color32::from_rgb(24, 20, 14);
    let small = egui::FontId::new(10.0, theme::bold());
    p.text(rect.center_top() + egui::vec2(0.0, 8.0), egui::Align2::CENTER_CENTER, kind_name(u.kind()), small.clone(), ink);
    let name: String = u.spec.name.chars().take(12).collect();
    p.text(rect.center() + egui::vec2(0.0, -1.0), egui::Align2::CENTER_CENTER, name, egui::FontId::proportional(10.5), ink);
    p.text(
        rect.center_bottom() + egui::vec2(0.0, -9.0),
        egui::Align2::CENTER_CENTER,
        factors(u),
        egui::FontId::new(12.0, theme::bold()),
        ink,
    );
    if u.c.spent {
        let band = egui::Rect::from_min_size(rect.right_top() + egui::vec2(-26.0, 2.0), egui::vec2(24.0, 11.0));
        p.rect_filled(band, 2.0, egui::Color32::from_rgb(150, 30, 20));
        p.text(band.center(), egui::Align2::CENTER_CENTER, "SP", egui::FontId::new(9.0, theme::bold()), egui::Color32::WHITE);
    }
    if u.c.no_ammo {
        let band = egui::Rect::from_min_size(rect.left_top() + egui::vec2(2.0, 2.0), egui::vec2(24.0, 11.0));
        p.rect_filled(band, 2.0, egui::Color32::from_rgb(200, 120, 20));
        p.text(band.center(), egui::Align2::CENTER_CENTER, "NA", egui::FontId::new(9.0, theme::bold()), egui::Color32::BLACK);
    }
    if u.c.acted && !u.c.spent {
        p.rect_stroke(rect, 4.0, egui::Stroke::new(2.0, egui::Color32::from_rgb(90, 90, 200)), egui::StrokeKind::Inside);
    }
    let mut tip = format!(
        "{} ({})\n{} {}{}\n{}",
        u.spec.name,
        u.spec.id,
        u.side().name(),
        u.kind().id().replace('_', " "),
        if u.spec.division.is_empty() { String::new() } else { format!(", division {}", u.spec.division) },
        factors(u)
    );
    if u.is_artillery() {
        tip.push_str("  (strength-defence-movement (range))");
    } else {
        tip.push_str("  (attack-defence-movement)");
    }
    tip.push_str(&format!("\nfresh defence {}, spent defence {}", u.spec.defence, u.spec.spent_defence));
    if u.c.spent {
        tip.push_str("\nSPENT");
    }
    if u.c.no_ammo {
        tip.push_str("\nOUT OF AMMUNITION (7.8)");
    }
    if u.c.acted {
        tip.push_str("\nactivated this turn (9.2)");
    }
    if !u.spec.note.is_empty() {
        tip.push_str(&format!("\n{}", u.spec.note));
    }
    resp.on_hover_text(tip)
}

/// How many counters fit side by side in the panel.
fn per_row(ui: &egui::Ui) -> usize {
    ((ui.available_width() + 8.0) / (74.0 + ui.spacing().item_spacing.x)).floor().max(1.0) as usize
}

fn pct(p: f64) -> String {
    if p > 0.0 && p < 0.005 {
        "<1%".into()
    } else if p < 1.0 && p > 0.995 {
        ">99%".into()
    } else {
        format!("{:.0}%", p * 100.0)
    }
}

/// One line: OT vs DT and the chance of success.
fn contest_line(k: &Contest) -> String {
    format!("OT {}+{}d6 vs DT {}+{}d6: {} success, {:.1} CP expected", k.ot, k.ot_dice, k.dt, k.dt_dice, pct(k.success()), k.expected_cp())
}

/// The exact odds of each CP result, as a small bar chart.
fn outcome_bars(ui: &mut egui::Ui, k: &Contest) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 3.0;
        let top = k.outcomes.iter().copied().fold(0.0f64, f64::max).max(1e-9);
        for (cp, p) in k.outcomes.iter().enumerate() {
            if *p < 0.0005 {
                continue;
            }
            let label = if cp == 0 { "fail".to_string() } else { format!("{cp} CP") };
            let (rect, resp) = ui.allocate_exact_size(egui::vec2(if cp == 0 { 34.0 } else { 30.0 }, 52.0), egui::Sense::hover());
            let h = (p / top) as f32 * 26.0;
            let base = rect.min.y + 38.0;
            let bar = egui::Rect::from_min_max(egui::pos2(rect.min.x + 3.0, base - h.max(1.0)), egui::pos2(rect.max.x - 3.0, base));
            ui.painter().rect_filled(bar, 1.0, if cp == 0 { RED } else { GREEN });
            let text = if *p < 0.005 { "<1".to_string() } else { format!("{:.0}", p * 100.0) };
            ui.painter().text(
                egui::pos2(rect.center().x, base - h.max(1.0) - 6.0),
                egui::Align2::CENTER_CENTER,
                text,
                egui::FontId::proportional(9.5),
                PARCHMENT,
            );
            ui.painter().text(
                egui::pos2(rect.center().x, rect.max.y - 6.0),
                egui::Align2::CENTER_CENTER,
                label,
                egui::FontId::proportional(9.5),
                DIM,
            );
            resp.on_hover_text(if cp == 0 {
                format!("OT not above DT: {}", pct(*p))
            } else {
                format!("exactly {cp} CP (loss points): {}", pct(*p))
            });
        }
    });
}

/// A button for a command, with its cost or odds beneath.
fn order_button(ui: &mut egui::Ui, ctx: &Ctx, c: &Command, enabled: bool, acts: &mut Vec<Action>) {
    let text = describe(ctx, c);
    let contest = preview::contest_for(ctx, c);
    let mut extra = String::new();
    if let Command::MoveTo(to) = c
        && let Some(Ok(cost)) = preview::move_cost(ctx, *to)
    {
        extra = format!("{cost} MP");
    }
    if let Some(cp) = preview::cp_paid(ctx, c) {
        extra = format!("pays {cp} CP");
    }
    if *c == Command::Done {
        extra = "Enter".into();
    }
    let resp = ui.add_enabled(enabled, egui::Button::new(if extra.is_empty() { text.clone() } else { format!("{text} — {extra}") }).wrap());
    let resp = match &contest {
        Some(k) => resp.on_hover_text(contest_line(k)),
        None => resp,
    };
    if resp.clicked() {
        acts.push(Action::Submit(c.clone()));
    }
    if let Some(k) = &contest {
        ui.label(egui::RichText::new(contest_line(k)).small().color(DIM));
        let hurricane = match c {
            Command::Bombard { hurricane, .. } => Some(*hurricane),
            Command::Fire => Some(ctx.bombard.order.as_ref().is_some_and(|o| o.hurricane)),
            _ => None,
        };
        if let Some(h) = hurricane {
            ui.label(
                egui::RichText::new(format!(
                    "out of ammunition on an unmodified {}+: {}",
                    ctx.sc.tables.bombardment.out_of_ammo_at,
                    pct(preview::out_of_ammo_chance(ctx, h))
                ))
                .small()
                .color(DIM),
            );
        }
        outcome_bars(ui, k);
    }
}

const PHASES: [(Phase, &str, &str); 6] = [
    (Phase::TurnStart, "I", "Initiative (5)"),
    (Phase::Reinforcement, "II", "Reinforcement (6)"),
    (Phase::Bombardment, "III", "Artillery bombardment (7)"),
    (Phase::Barrage, "IV", "Rolling barrage / interdiction (8)"),
    (Phase::Action, "V", "Action: impulses (9, 10)"),
    (Phase::Administration, "VI", "Administration (11)"),
];

#[allow(clippy::too_many_arguments)]
fn panels(
    mut contexts: EguiContexts,
    session: Option<ResMut<AreaSession>>,
    mut ui_state: ResMut<AreaUi>,
    ai: Option<Res<AreaAi>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut next: ResMut<NextState<Screen>>,
    books: Res<RuleBooks>,
    hand: Res<HandOver>,
) -> Result {
    let Some(mut session) = session else { return Ok(()) };
    let ctx_e = contexts.ctx_mut()?.clone();
    // The hand-over screen covers everything: nothing under it may be touched.
    if hand.showing {
        ui_state.pointer_over_ui = true;
        ui_state.keyboard_over_ui = true;
        ui_state.clicked = None;
        ui_state.cancelled = false;
        return Ok(());
    }
    let zoom = ctx_e.zoom_factor();
    let mut root = egui::Ui::new(
        ctx_e.clone(),
        "area-hud".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx_e.viewport_rect()),
    );
    let ctx = session.ctx();
    let sc = session.game.scenario().clone();
    let to_move = session.to_move();
    let human = session.human_to_move();
    let thinking = ai.as_ref().is_some_and(|a| a.thinking());
    let mut acts: Vec<Action> = Vec::new();
    let mut open_rule: Option<String> = None;
    // A click on the map: the order it gives (only a legal command), else the area is selected.
    match ui_state.clicked.take() {
        Some(Some(a)) => {
            let orders = if human { click_orders(&session.legal, ui_state.selected_unit.as_deref(), a) } else { Vec::new() };
            match orders.len() {
                0 => acts.push(Action::Select(Some(a))),
                1 => acts.extend(orders.into_iter().map(Action::Submit)),
                _ => acts.push(Action::Choose(ctx_e.pointer_hover_pos().unwrap_or(egui::pos2(400.0, 300.0)), orders)),
            }
        }
        Some(None) => acts.push(Action::Select(None)),
        None => {}
    }
    if std::mem::take(&mut ui_state.cancelled) {
        acts.push(Action::Select(None));
    }

    // ---- Top bar ----
    egui::Panel::top("area-top")
        .frame(egui::Frame::side_top_panel(&ctx_e.global_style()).fill(theme::PANEL_DARK).inner_margin(egui::Margin::symmetric(10, 6)))
        .show(&mut root, |ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.button("☰ Menu").on_hover_text("back to the main menu").clicked() {
                    acts.push(Action::Menu);
                }
                if ui.button("Load").on_hover_text("F9: load the quick save").clicked() {
                    acts.push(Action::Load);
                }
                if ui.button("Save").on_hover_text("F5: quick save").clicked() {
                    acts.push(Action::Save);
                }
                if ui.button("Fit map").on_hover_text("F").clicked() {
                    acts.push(Action::Fit);
                }
                let undo = session.player_can_undo();
                let r = ui.add_enabled(undo.is_ok(), egui::Button::new("↶ Undo"));
                let r = match &undo {
                    Ok(()) => r.on_hover_text("Ctrl+Z or U: take back your last command"),
                    Err(why) => r.on_disabled_hover_text(why.clone()),
                };
                if r.clicked() {
                    acts.push(Action::Undo);
                }
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
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
                            egui::RichText::new(format!(
                                "({} activation{})",
                                ctx.impulse.actions,
                                if ctx.impulse.actions == 1 { "" } else { "s" }
                            ))
                            .color(DIM),
                        );
                    }
                    ui.separator();
                    match to_move {
                        Some(s) => {
                            let who = match session.seat(s) {
                                Seat::Computer if thinking => format!("{}: computer thinking…", s.name()),
                                Seat::Computer => format!("{}: computer", s.name()),
                                Seat::Human if session.seats.values().all(|x| *x == Seat::Human) => {
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
                });
            });
        });

    // ---- Left column: tracks and log ----
    egui::Panel::left("area-left")
        .resizable(true)
        .default_size(300.0)
        .min_size(240.0)
        .max_size(420.0)
        .frame(egui::Frame::side_top_panel(&ctx_e.global_style()).fill(theme::PANEL_DARK).inner_margin(egui::Margin::same(10)))
        .show(&mut root, |ui| {
            ui.label(theme::title("Turn record", 17.0));
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing = egui::vec2(3.0, 3.0);
                for t in &sc.spec.turns {
                    let current = t.turn == ctx.turn;
                    let (rect, resp) = ui.allocate_exact_size(egui::vec2(24.0, 22.0), egui::Sense::hover());
                    let fill = if current {
                        BRASS
                    } else if t.turn < ctx.turn {
                        egui::Color32::from_rgb(60, 56, 48)
                    } else {
                        egui::Color32::from_rgb(88, 82, 70)
                    };
                    ui.painter().rect_filled(rect, 3.0, fill);
                    ui.painter().text(
                        rect.center(),
                        egui::Align2::CENTER_CENTER,
                        t.turn.to_string(),
                        egui::FontId::new(12.0, theme::bold()),
                        if current { egui::Color32::BLACK } else { PARCHMENT },
                    );
                    let fatigue = t.fatigue_entered_by.map(|n| format!("; fatigue for units in play by turn {n}")).unwrap_or_default();
                    resp.on_hover_text(format!(
                        "Turn {}: {}\nammunition: British {}-{}, German {}-{}{fatigue}",
                        t.turn, t.date, t.british_ammo.0, t.british_ammo.1, t.german_ammo.0, t.german_ammo.1
                    ));
                }
            });
            ui.add_space(6.0);
            ui.label(theme::title("Sequence of play", 17.0));
            for (ph, n, name) in PHASES {
                let current = Some(ph) == ctx.phase;
                let text = egui::RichText::new(format!("{n}. {name}"));
                ui.label(if current { text.color(BRASS).strong() } else { text.color(DIM) });
            }
            ui.add_space(6.0);
            ui.label(theme::title("The front", 17.0));
            let vic: Vec<u32> = sc.areas.iter().filter(|(_, a)| a.victory.is_some()).map(|(id, _)| *id).collect();
            for s in Side::BOTH {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(s.name()).color(side_egui(s)).strong());
                    ui.label(format!("victory areas {}/{}", ctx.victory_areas(s), vic.len()));
                    ui.label(egui::RichText::new(format!("BR {}", ctx.br_areas(s))).color(DIM));
                });
            }
            ui.label(
                egui::RichText::new(format!(
                    "Immediate British victory: control {} with {}+ cavalry there (3.2)",
                    sc.spec.immediate_victory.areas.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(" or "),
                    sc.spec.immediate_victory.cavalry
                ))
                .small()
                .color(DIM),
            );
            let waiting: Vec<&U> = ctx
                .sit
                .units
                .iter()
                .filter(|u| u.c.place == crate::rulesets::rtc::units::Place::Waiting && u.spec.turn == Some(ctx.turn))
                .collect();
            if !waiting.is_empty() {
                ui.label(egui::RichText::new(format!("{} unit(s) arrive this turn", waiting.len())).color(BRASS));
            }
            let broken = ctx.sit.units.iter().filter(|u| u.c.place == crate::rulesets::rtc::units::Place::BrokenDown).count();
            let elim = ctx.sit.units.iter().filter(|u| u.c.place == crate::rulesets::rtc::units::Place::Eliminated).count();
            ui.label(egui::RichText::new(format!("eliminated: {elim}; tanks broken down: {broken}")).small().color(DIM));
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                ui.label(theme::title("Log", 17.0));
                ui.checkbox(&mut ui_state.show_log, "dice too");
            });
            egui::ScrollArea::vertical().id_salt("area-log").stick_to_bottom(true).auto_shrink([false, false]).show(ui, |ui| {
                let mut last_turn = 0;
                let from = session.log.len().saturating_sub(400);
                for (i, e) in session.log.iter().enumerate().skip(from) {
                    if e.is_roll() && !ui_state.show_log {
                        continue;
                    }
                    if e.turn != last_turn {
                        last_turn = e.turn;
                        ui.label(egui::RichText::new(format!("— Turn {} —", e.turn)).color(BRASS));
                    }
                    let rule = e.line.rule();
                    let new = i >= session.new_from;
                    let text = match &e.line {
                        crate::engine::journal::JournalLine::Roll { sides: 6, value: v @ 1..=6, .. } => {
                            format!("{} {}", ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'][*v as usize - 1], e.line.text())
                        }
                        _ => e.line.text(),
                    };
                    let colour = if new {
                        PARCHMENT
                    } else if e.is_roll() {
                        DIM
                    } else {
                        egui::Color32::from_rgb(205, 198, 180)
                    };
                    ui.horizontal_wrapped(|ui| {
                        ui.spacing_mut().item_spacing.x = 4.0;
                        rule_link(ui, rule, &mut open_rule);
                        ui.label(egui::RichText::new(text).size(12.5).color(colour));
                    });
                }
            });
        });

    // ---- Right column: decision, area card, orders ----
    let selected = ui_state.selected;
    egui::Panel::right("area-right").resizable(true).default_size(390.0).min_size(300.0).max_size(460.0).frame(egui::Frame::side_top_panel(&ctx_e.global_style()).inner_margin(egui::Margin::same(10))).show(&mut root, |ui| {
        egui::ScrollArea::vertical().id_salt("area-right-scroll").auto_shrink([false, false]).show(ui, |ui| {
            // The decision.
            ui.label(theme::title("Decision", 18.0));
            if let Some(p) = session.game.pending() {
                ui.horizontal_wrapped(|ui| {
                    ui.label(egui::RichText::new(&p.prompt).color(PARCHMENT));
                    rule_link(ui, &p.rule, &mut open_rule);
                });
            }
            if let Some(m) = &session.message {
                ui.horizontal_wrapped(|ui| {
                    ui.label(egui::RichText::new(m).color(RED));
                    rule_links_in(ui, m, &mut open_rule);
                });
            }
            if let Some(ai) = &ai
                && !ai.status.is_empty()
            {
                ui.label(egui::RichText::new(&ai.status).color(RED));
            }
            if let Some(p) = &ui_state.problem {
                ui.label(egui::RichText::new(p).color(RED));
            }
            // The activation and its group.
            if let Some(act) = &ctx.impulse.activation {
                egui::Frame::group(ui.style()).fill(theme::PANEL_DARK).show(ui, |ui| {
                    ui.label(theme::strong(format!("Area {} activated", act.area)));
                    match &act.group {
                        Some(g) => {
                            ui.label(format!("Group in area {}{}{}", g.at, if g.moved { ", moving" } else { "" }, if g.must_stop { ", must stop (9.34)" } else { "" }));
                            let here: Vec<(usize, u32)> = g.units.iter().enumerate().filter(|(_, i)| ctx.unit(**i).area() == Some(g.at)).map(|(k, &i)| (i, g.mp.get(k).copied().unwrap_or(0))).collect();
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
            if let Some(o) = &ctx.bombard.order {
                egui::Frame::group(ui.style()).fill(theme::PANEL_DARK).show(ui, |ui| {
                    ui.label(theme::strong(format!("{}bombardment of area {} ({}) by {}", if o.hurricane { "Hurricane " } else { "" }, o.target, if o.at == Target::Artillery { "artillery" } else { "troops" }, ctx.unit(o.lead).spec.name)));
                    ui.label(format!("supported by {} gun(s); lead strength {}", o.supports.len(), crate::rulesets::rtc::bombardment::lead_strength(&ctx, o)));
                });
            }
            // Orders that are not about one area.
            if human {
                let general: Vec<&Command> = session.legal.iter().filter(|c| command_area(c).is_none() && !matches!(c, Command::Lead(_) | Command::Defend { .. } | Command::Flip(_) | Command::Eliminate(_))).collect();
                if !general.is_empty() {
                    ui.add_space(4.0);
                    for c in general {
                        order_button(ui, &ctx, c, true, &mut acts);
                    }
                }
            } else if to_move.is_some() {
                ui.label(egui::RichText::new("Waiting for the computer…").color(DIM));
            }
            // Units with orders into an area: pick one, then click an area of the map.
            if human {
                let mut ids: Vec<&str> = Vec::new();
                for c in &session.legal {
                    if let Some(u) = command_unit(c)
                        && !matches!(c, Command::Retreat(..))
                        && !ids.contains(&u)
                    {
                        ids.push(u);
                    }
                }
                if !ids.is_empty() {
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
                                let picked = ui_state.selected_unit.as_deref() == Some(u.spec.id.as_str());
                                let r = counter(ui, u);
                                if picked {
                                    ui.painter().rect_stroke(r.rect.expand(2.0), 5.0, egui::Stroke::new(3.0, BRASS), egui::StrokeKind::Outside);
                                }
                                if r.clicked() {
                                    acts.push(Action::Lead(if picked { None } else { Some(u.spec.id.clone()) }));
                                }
                            }
                        });
                    }
                }
            }
            ui.separator();

            // The selected area.
            let Some(a) = selected else {
                ui.label(egui::RichText::new("Click an area of the map to see its units and the orders you can give there. Areas shaded green can be activated or receive units; blue: the group can move there (cost in MP); red: it would attack (chance of success); orange: bombardment targets.").color(DIM));
                return;
            };
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
                let suffix = if b.iter().any(|k| k == "bridge") { " (bridge)" } else if b.iter().any(|k| k == "canal" || k == "schelde") { " (canal)" } else { "" };
                adj.push(format!("{n}{suffix}"));
            }
            ui.label(egui::RichText::new(format!("Adjacent: {}", adj.join(", "))).small().color(DIM));
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
                ui.label(egui::RichText::new(format!("bombarded this turn by the {} ({})", s.name(), if *t == Target::Artillery { "artillery" } else { "troops" })).color(egui::Color32::from_rgb(220, 110, 90)));
            }
            // Units.
            for side in Side::BOTH {
                let units: Vec<&U> = ctx.sit.side_in(a, side).collect();
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
                                    acts.push(Action::Lead(Some(u.spec.id.clone())));
                                }
                                let add = Command::Add(u.spec.id.clone());
                                if human && session.legal.contains(&add) && ui.small_button("+ group").on_hover_text("add to the activated group (9.21)").clicked() {
                                    acts.push(Action::Submit(add));
                                }
                            });
                        }
                    });
                }
            }
            // Orders into this area.
            if human {
                let here: Vec<&Command> = session.legal.iter().filter(|c| command_area(c) == Some(a) && !matches!(c, Command::Retreat(..))).collect();
                if !here.is_empty() {
                    ui.separator();
                    ui.label(theme::title("Orders here", 17.0));
                    // Bombardments: the best first; the lead picked by a click on an artillery counter, if any.
                    let mut rows: Vec<(&Command, f64)> = here.iter().map(|c| (*c, preview::contest_for(&ctx, c).map(|k| k.success()).unwrap_or(2.0))).collect();
                    rows.sort_by(|x, y| y.1.total_cmp(&x.1));
                    let lead = ui_state.selected_unit.clone();
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
                        order_button(ui, &ctx, c, true, &mut acts);
                    }
                    let total = here.iter().filter(|c| matches!(c, Command::Bombard { .. })).count();
                    if total > shown && lead.is_none() {
                        ui.label(egui::RichText::new(format!("{} more bombardments: click an artillery counter in its area to see its own", total - shown)).small().color(DIM));
                    }
                    if lead.is_some() && ui.small_button("show every lead unit").clicked() {
                        acts.push(Action::Lead(None));
                    }
                }
                // Why the group may not enter.
                if let Some(Err(why)) = preview::move_cost(&ctx, a)
                    && ctx.impulse.activation.as_ref().and_then(|x| x.group.as_ref()).is_some_and(|g| g.at != a && ctx.is_adjacent(g.at, a))
                {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(egui::RichText::new(format!("The group may not enter: {why}")).small().color(RED));
                        rule_links_in(ui, &why, &mut open_rule);
                    });
                }
            }
        });
    });

    // ---- Dialogs: the attack and the loss points ----
    if human {
        if let Some(at) = ctx.combat.attack.as_ref().filter(|_| ctx.losses.pending.is_none()) {
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
                .show(&ctx_e, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(egui::RichText::new("Offensive and defensive totals:").small().color(DIM));
                        rule_link(ui, "10.2", &mut open_rule);
                        rule_link(ui, "10.3", &mut open_rule);
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
                                    pct(preview::at_least(t.dice, t.breakdown_at))
                                ))
                                .small()
                                .color(egui::Color32::from_rgb(230, 170, 90)),
                            );
                            rule_link(ui, "10.6", &mut open_rule);
                        });
                    }
                    if let Some(l) = at.lead {
                        ui.label(format!(
                            "Lead attacker: {} (OT {})",
                            ctx.unit(l).spec.name,
                            crate::rulesets::rtc::attack::offence(&ctx, at, ctx.unit(l))
                        ));
                    }
                    ui.separator();
                    let mut opts: Vec<(&Command, f64)> =
                        session.legal.iter().map(|c| (c, preview::contest_for(&ctx, c).map(|k| k.success()).unwrap_or(0.0))).collect();
                    // The attacker wants success, the defender wants failure.
                    if at.step == CombatStep::Lead {
                        opts.sort_by(|x, y| y.1.total_cmp(&x.1));
                    } else {
                        opts.sort_by(|x, y| x.1.total_cmp(&y.1));
                    }
                    egui::ScrollArea::vertical().max_height(480.0).show(ui, |ui| {
                        for (c, _) in opts {
                            order_button(ui, &ctx, c, true, &mut acts);
                            ui.add_space(4.0);
                        }
                    });
                });
        }
        if let Some(p) = &ctx.losses.pending {
            egui::Window::new(theme::title(format!("Loss points: {} CP to pay in area {}", p.left, p.area), 18.0)).id("area-cp".into()).collapsible(false).resizable(false).default_width(480.0).anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 70.0)).show(&ctx_e, |ui| {
                let rule = if p.costs.retreat_spent.is_some() { "10.31" } else { "7.63" };
                let mut costs = format!("Flip a fresh unit: {} CP · eliminate a spent unit: {} · eliminate a fresh unit: {}", p.costs.flip, p.costs.eliminate_spent, p.costs.eliminate_fresh);
                if let Some(r) = p.costs.retreat_spent {
                    costs.push_str(&format!(" · retreat a spent unit: {r}"));
                }
                ui.horizontal_wrapped(|ui| {
                    ui.label(egui::RichText::new(costs).small().color(DIM));
                    rule_link(ui, rule, &mut open_rule);
                });
                ui.horizontal_wrapped(|ui| {
                    ui.label(egui::RichText::new("A partial result must be paid in full even if it costs more; eliminations before retreats.").small().color(DIM));
                    rule_link(ui, "7.62", &mut open_rule);
                    rule_link(ui, "10.31", &mut open_rule);
                });
                ui.separator();
                for u in crate::rulesets::rtc::losses::payers(&ctx, p) {
                    ui.horizontal(|ui| {
                        counter(ui, u);
                        ui.vertical(|ui| {
                            ui.label(theme::strong(&u.spec.name));
                            ui.horizontal_wrapped(|ui| {
                                for c in session.legal.iter().filter(|c| matches!(c, Command::Flip(x) | Command::Eliminate(x) | Command::Retreat(x, _) if *x == u.spec.id)) {
                                    let label = match c {
                                        Command::Flip(_) => format!("Flip (−{})", p.costs.flip),
                                        Command::Eliminate(_) => format!("Eliminate (−{})", preview::cp_paid(&ctx, c).unwrap_or(0)),
                                        Command::Retreat(_, to) => format!("Retreat → {to} (−{})", p.costs.retreat_spent.unwrap_or(0)),
                                        _ => String::new(),
                                    };
                                    if ui.button(label).clicked() {
                                        acts.push(Action::Submit(c.clone()));
                                    }
                                }
                            });
                        });
                    });
                }
            });
        }
    }
    // ---- The end ----
    if session.game.is_over() {
        egui::Window::new(theme::title("The battle is over", 22.0))
            .id("area-over".into())
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(&ctx_e, |ui| {
                ui.label(egui::RichText::new(session.view.result.clone().unwrap_or_default()).size(17.0).color(PARCHMENT));
                if let Some(w) = &session.view.winner {
                    ui.label(theme::strong(format!("Winner: {w}")));
                }
                for s in Side::BOTH {
                    ui.label(format!("{}: {} victory areas", s.name(), ctx.victory_areas(s)));
                }
                if ui.button("Main menu").clicked() {
                    acts.push(Action::Menu);
                }
            });
    }

    // The map's part of the window.
    let free = root.available_rect_before_wrap();
    ui_state.free = Some(Rect::new(free.min.x * zoom, free.min.y * zoom, free.max.x * zoom, free.max.y * zoom));
    let pointer = ctx_e.pointer_hover_pos();
    ui_state.pointer_over_ui = ctx_e.is_pointer_over_egui() || pointer.is_some_and(|pp| !free.contains(pp));
    ui_state.keyboard_over_ui = ctx_e.text_edit_focused();
    if !ui_state.keyboard_over_ui {
        ctx_e.memory_mut(|m| m.stop_text_input());
        let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
        if (ctrl && keys.just_pressed(KeyCode::KeyZ)) || keys.just_pressed(KeyCode::KeyU) {
            acts.push(Action::Undo);
        }
        if keys.just_pressed(KeyCode::F5) {
            acts.push(Action::Save);
        }
        if keys.just_pressed(KeyCode::F9) {
            acts.push(Action::Load);
        }
        // Enter: the decision's "done" (pass, done placing, end the activation's phase...).
        if keys.just_pressed(KeyCode::Enter) && human && ui_state.choice.is_none() && session.legal.contains(&Command::Done) {
            acts.push(Action::Submit(Command::Done));
        }
        if keys.just_pressed(KeyCode::Escape) {
            if ui_state.rule.is_some() {
                ui_state.rule = None;
            } else {
                acts.push(Action::Select(None));
            }
        }
    }
    // Tooltip over the map.
    if let (Some(h), Some(pos)) = (ui_state.hovered, pointer)
        && !ui_state.pointer_over_ui
        && ui_state.choice.is_none()
        && let Some(area) = sc.board.areas.get(&h)
    {
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
        if let Some(r) = preview::move_cost(&ctx, h) {
            lines.push(match r {
                Ok(c) => format!("the group may enter: {c} MP"),
                Err(e) if ctx.impulse.activation.as_ref().and_then(|a| a.group.as_ref()).is_some_and(|g| ctx.is_adjacent(g.at, h)) => e,
                Err(_) => String::new(),
            });
        }
        if let Some(c) = session.legal.iter().find(|c| matches!(c, Command::MoveTo(x) if *x == h))
            && let Some(k) = preview::contest_for(&ctx, c)
        {
            lines.push(format!("attack: {}", contest_line(&k)));
        }
        if human {
            let orders = click_orders(&session.legal, ui_state.selected_unit.as_deref(), h);
            match orders.as_slice() {
                [] => {}
                [one] => lines.push(format!("Click: {}", describe(&ctx, one))),
                many => lines.push(format!("Click: choose among {} orders", many.len())),
            }
        }
        lines.retain(|l| !l.is_empty());
        egui::Area::new("area-tip".into()).fixed_pos(pos + egui::vec2(16.0, 16.0)).order(egui::Order::Tooltip).interactable(false).show(
            &ctx_e,
            |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    for l in lines {
                        ui.label(l);
                    }
                });
            },
        );
    }

    // The orders a click offered.
    if let Some((pos, orders)) = ui_state.choice.clone() {
        let mut close = false;
        egui::Area::new("area-choice".into()).order(egui::Order::Foreground).fixed_pos(pos + egui::vec2(8.0, 8.0)).show(&ctx_e, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(380.0);
                ui.label(theme::strong("Which order?"));
                for c in &orders {
                    order_button(ui, &ctx, c, session.legal.contains(c), &mut acts);
                }
                if ui.button("Cancel (Esc, right click)").clicked() {
                    close = true;
                }
            });
        });
        if close {
            ui_state.choice = None;
        }
    }
    if let Some(r) = open_rule {
        ui_state.rule = Some(r);
    }
    let centre = ctx_e.viewport_rect().center();
    rule_window(&ctx_e, books.of(crate::rulesets::rtc::ID), crate::rulesets::rtc::ID, &mut ui_state.rule, centre);

    for act in acts {
        match act {
            Action::Submit(c) => {
                ui_state.choice = None;
                // The UI holds no rule: only a legal command is sent.
                if !session.legal.contains(&c) {
                    continue;
                }
                let follow = match &c {
                    Command::Activate(a) | Command::MoveTo(a) => Some(*a),
                    _ => None,
                };
                let unit_order = command_unit(&c).is_some();
                let placed = matches!(c, Command::Place(..));
                match session.submit(c) {
                    Err(r) => session.message = Some(format!("Refused: {r}")),
                    Ok(()) => {
                        if follow.is_some() {
                            ui_state.selected = follow;
                        }
                        if unit_order {
                            // 6.1: after a placement the next arriving unit is picked for the next click.
                            ui_state.selected_unit = if placed && session.human_to_move() { next_to_place(&session.legal) } else { None };
                        }
                    }
                }
            }
            Action::Undo => {
                if let Err(r) = session.undo() {
                    session.message = Some(format!("Cannot undo: {r}"));
                }
            }
            Action::Save => {
                let path = quicksave_path();
                session.message = Some(match session.save(&path) {
                    Ok(()) => format!("Saved to {}", path.display()),
                    Err(e) => format!("The game was not saved: {e}"),
                });
            }
            Action::Load => {
                let path = quicksave_path();
                match load_game(&path) {
                    Ok(g) => {
                        session.replace(g);
                        session.seats = load_seats(&path);
                        session.message = Some(format!("Loaded {}", path.display()));
                    }
                    Err(e) => session.message = Some(format!("Cannot load: {e}")),
                }
            }
            Action::Menu => {
                next.set(Screen::Menu);
            }
            Action::Fit => ui_state.fit_requested = true,
            Action::Select(a) => {
                ui_state.selected = a;
                ui_state.selected_unit = None;
                ui_state.choice = None;
            }
            Action::Lead(u) => ui_state.selected_unit = u,
            Action::Choose(pos, orders) => ui_state.choice = Some((pos, orders)),
        }
    }
    Ok(())
}

pub fn plugin(app: &mut App) {
    // Before the hand-over screen: the Enter that closes it must not also pass the decision.
    app.add_systems(
        EguiPrimaryContextPass,
        panels.run_if(in_state(super::SCREEN)).run_if(theme::theme_ready).before(super::handover::screen),
    );
}

/// The first arriving unit still to be placed (6.1), if any.
fn next_to_place(legal: &[Command]) -> Option<String> {
    legal.iter().find_map(|c| match c {
        Command::Place(u, _) => Some(u.clone()),
        _ => None,
    })
}
