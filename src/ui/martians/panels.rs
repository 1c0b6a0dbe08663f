//! The panels around the table: the top bar (turn, phase, who decides), the left column (the
//! sequence of play with the phase under way, the initiative priority list with each regiment's
//! red and black cards and the motivation cards, each side's castings against its breaking point,
//! the log), the right column (the decision and its orders, the selected unit's card and its orders
//! with the engine's previews: the dice, the chance of a hit and what made them, each with its rule),
//! the tooltip over a stand, the choice among orders, the rule text; the sides' looks for the
//! hand-over card and the verdict of the game-over screen.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::rulesets::martians::formations::Formation;
use crate::rulesets::martians::scenario::Sequence;
use crate::rulesets::martians::state::{Phase, Pos};
use crate::rulesets::martians::view::{Stage, stage};
use crate::rulesets::martians::{Command, EventKind, preview};
use crate::ui::ai_worker::ComputerPlayer;
use crate::ui::game_menu::GameMenu;
use crate::ui::game_over::Verdict;
use crate::ui::log::{full_log_window, log_heading, log_panel};
use crate::ui::rules_text::{RuleBooks, rule_link, rule_window};
use crate::ui::saves::SaveRequests;
use crate::ui::screens::{Emblem, HandOver, SideLook};
use crate::ui::settings::Settings;
use crate::ui::theme::{self, BRASS, DIM, PANEL_DARK, PARCHMENT, RED};
use crate::ui::top_bar::{top_bar, who_decides};
use crate::ui::widgets::{panels_root, typed_lines};

use super::board::side_egui;
use super::input::{self, Act};
use super::{MarSession, MarUi, words};

/// The sides' looks on the hand-over card and the game-over screen.
pub fn side_look(id: &str, _: &Settings) -> Option<SideLook> {
    let (side, emblem) = match id {
        "british" => (0, Emblem::Cockade),
        _ => (1, Emblem::Cross),
    };
    let name = match id {
        "british" => "British",
        "indunas" => "Indunas",
        "emirs" => "Emirs",
        other => other,
    };
    Some(SideLook::lightened(name, side_egui(side), emblem))
}

/// The verdict: each side's castings against its breaking point, and how the battle ended.
pub fn verdict(session: &MarSession, _: &Settings) -> Verdict {
    let how = typed_lines(&session.log, 0, session.game.journal())
        .filter_map(|(line, e)| {
            e.filter(|e| matches!(e.kind, EventKind::GameOver { .. })).map(|e| format!("Turn {}: {}  ({})", line.turn, e.text, e.rule))
        })
        .collect();
    Verdict { standing: strength_lines(&session.pos()), plot: None, how }
}

/// Each side's castings now and at the start, in its colour.
fn strength_lines(p: &Pos) -> Vec<(String, egui::Color32)> {
    (0..p.sc.spec.info.sides.len())
        .map(|s| {
            let (full, now) = p.side_castings(s);
            let id = p.side_id(s);
            let bp = p.sc.spec.victory.breaking_point.get(id).map(|b| format!(", breaks at {b}% lost")).unwrap_or_default();
            let lost = (100 * (full - now)).checked_div(full).unwrap_or(0);
            (format!("{}: {now} of {full} castings ({lost}% lost{bp})", p.sc.spec.info.sides[s].name), side_egui(s))
        })
        .collect()
}

/// What the panels read and change.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Params<'w> {
    session: Option<ResMut<'w, MarSession>>,
    ui: ResMut<'w, MarUi>,
    ai: Option<Res<'w, ComputerPlayer<crate::rulesets::martians::Martians>>>,
    keys: Res<'w, ButtonInput<KeyCode>>,
    menu: ResMut<'w, GameMenu>,
    saves: ResMut<'w, SaveRequests>,
    books: Res<'w, RuleBooks>,
    hand: Res<'w, HandOver>,
}

/// What the panels asked for this frame.
#[derive(Default)]
pub struct Asks {
    pub acts: Vec<Act>,
    pub open_rule: Option<String>,
}

/// The panels' frame: the columns, the table's part of the window, the pointer and keys, the
/// tooltip, the choice and the rule text; then what they asked for is done.
pub fn panels(mut contexts: EguiContexts, mut p: Params) -> Result {
    let Some(mut session) = p.session.take() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?.clone();
    let ui = &mut *p.ui;
    if p.hand.showing {
        ui.pointer_over_ui = true;
        ui.keyboard_over_ui = true;
        ui.clicked = None;
        ui.cancelled = false;
        return Ok(());
    }
    let zoom = ctx.zoom_factor();
    let mut root = panels_root(&ctx, "martians-hud");
    let mut asks = Asks::default();
    let pos = session.pos();
    let thinking = p.ai.as_ref().is_some_and(|a| a.thinking());
    {
        let s = &*session;
        input::click(&ctx, &pos, s, ui, &mut asks.acts);
        let clicked = top_bar(&mut root, &ctx, s, "back to the main menu", |row| top_words(row, s, &pos, thinking));
        asks.acts.extend(clicked.map(Act::of_button));
        left_column(&mut root, &ctx, s, &pos, ui, &mut asks);
        right_column(&mut root, &ctx, s, &pos, ui, p.ai.as_deref().map(|a| a.status.as_str()), &mut asks);
        let free = root.available_rect_before_wrap();
        ui.free = Some(Rect::new(free.min.x * zoom, free.min.y * zoom, free.max.x * zoom, free.max.y * zoom));
        let pointer = ctx.pointer_hover_pos();
        ui.pointer_over_ui = p.menu.modal() || ctx.is_pointer_over_egui() || pointer.is_some_and(|pp| !free.contains(pp));
        ui.keyboard_over_ui = ctx.text_edit_focused();
        if !ui.keyboard_over_ui {
            input::keys(&p.keys, s, ui, &mut asks.acts);
        }
        if let (Some(h), Some(at)) = (ui.hovered.clone(), pointer)
            && !ui.pointer_over_ui
            && ui.choice.is_none()
        {
            tooltip(&ctx, &pos, &h, at, free);
        }
        choice(&ctx, &pos, ui, &mut asks);
    }
    full_log_window(&ctx, &session.log, &mut ui.log, &mut asks.open_rule);
    if let Some(r) = asks.open_rule.take().or_else(|| p.menu.rule.take()) {
        ui.rule = Some(r);
    }
    rule_window(&ctx, p.books.of(crate::rulesets::martians::ID), crate::rulesets::martians::ID, &mut ui.rule, ctx.viewport_rect().center());
    input::apply(asks.acts, &mut session, ui, &mut p.menu, &mut p.saves);
    Ok(())
}

/// The phase in words: the sequence's phase and, in the initiative sequence, the regiment's action.
fn phase_words(p: &Pos) -> String {
    match stage(p) {
        Some(Stage::Aviation(_)) => "II. Aviation operations".into(),
        Some(Stage::Regiment(r)) => format!("III. Regimental activities: {}", p.sc.spec.regiments[r].id),
        Some(Stage::Act(r, a)) => format!("III. {} — {}", p.sc.spec.regiments[r].id, words::action(a)),
        Some(Stage::Opportunity(_)) => "Opportunity fire (2.6)".into(),
        Some(Stage::Return(_)) => "Return fire (2.6)".into(),
        Some(Stage::Segment(_, Phase::Vehicles)) => "III. Vehicle rapid response".into(),
        Some(Stage::Segment(_, ph)) => ph.name().to_string(),
        Some(Stage::Evade(_)) => "Charged: evade or stand (8.2a)".into(),
        Some(Stage::Advance(_)) => "Melee won: advance or hold (8.3)".into(),
        Some(Stage::Order(_)) => format!("{}: move first or last?", p.r.phase.name()),
        None => p.r.phase.name().to_string(),
    }
}

fn top_words(ui: &mut egui::Ui, s: &MarSession, p: &Pos, thinking: bool) {
    ui.label(theme::title("Martians", 20.0)).on_hover_text(<crate::rulesets::martians::Martians as crate::engine::Ruleset>::NAME);
    ui.separator();
    ui.label(theme::strong(&p.sc.spec.info.name));
    ui.separator();
    ui.label(theme::strong(format!("Turn {} of {}", p.r.turn, p.sc.spec.turns)));
    ui.separator();
    ui.label(theme::strong(phase_words(p)));
    ui.separator();
    match s.game.pending() {
        Some(pd) => {
            let side = p.sc.side_index(&pd.side).unwrap_or(0);
            let name = &p.sc.spec.info.sides[side].name;
            let who = who_decides(s, &pd.side, name, thinking);
            ui.label(egui::RichText::new(format!("{name} to decide ({who})")).color(side_egui(side)).strong());
        }
        None => {
            ui.label(egui::RichText::new(s.view.result.clone().unwrap_or_else(|| "—".into())).color(BRASS));
        }
    }
}

/// The sequences of play (1.3): each phase with its rule, the current one in brass.
const INITIATIVE: [(&str, &str, &str); 6] = [
    ("I", "Administration: orders, initiative", "2.4"),
    ("II", "Aviation operations", "Aviation"),
    ("III", "Regimental activities", "2.6"),
    ("III", "Vehicle rapid response", "Vehicles"),
    ("IV", "Melees", "8"),
    ("V", "Morale and victory", "5"),
];
const TRADITIONAL: [(&str, &str, &str); 6] = [
    ("I", "Administration", "1.3"),
    ("II", "Artillery fire", "6"),
    ("III", "Individual musketry", "7"),
    ("IV–V", "Movement, each side in turn", "4"),
    ("VI", "Secondary fire", "6.37"),
    ("VII", "Melees", "8"),
];

fn current_row(p: &Pos) -> usize {
    match (p.sc.spec.sequence, p.r.phase) {
        (Sequence::Initiative, Phase::Aviation) => 1,
        (Sequence::Initiative, Phase::Regiments) => 2,
        (Sequence::Initiative, Phase::Vehicles) => 3,
        (Sequence::Initiative, _) => 0,
        (_, Phase::ArtilleryFire) => 1,
        (_, Phase::Musketry) => 2,
        (_, Phase::Movement) => 3,
        (_, Phase::SecondaryFire) => 4,
        _ => 0,
    }
}

fn left_column(root: &mut egui::Ui, ctx: &egui::Context, s: &MarSession, p: &Pos, ui: &mut MarUi, asks: &mut Asks) {
    crate::ui::area_game::left_column(root, ctx, |col| {
        col.label(theme::title("Sequence of play", 17.0));
        let rows: &[(&str, &str, &str)] = if p.sc.spec.sequence == Sequence::Initiative { &INITIATIVE } else { &TRADITIONAL };
        for (i, (n, name, rule)) in rows.iter().enumerate() {
            col.horizontal(|row| {
                let t = egui::RichText::new(format!("{n}. {name}"));
                row.label(if i == current_row(p) { t.color(BRASS).strong() } else { t.color(DIM) });
                rule_link(row, rule, &mut asks.open_rule);
            });
        }
        if p.sc.spec.sequence == Sequence::Initiative {
            col.add_space(6.0);
            col.horizontal(|row| {
                row.label(theme::title("Initiative", 17.0));
                rule_link(row, "2.4", &mut asks.open_rule);
            });
            priority(col, p, asks);
        }
        col.add_space(6.0);
        col.horizontal(|row| {
            row.label(theme::title("Strength", 17.0));
            rule_link(row, "victory", &mut asks.open_rule);
        });
        for (line, colour) in strength_lines(p) {
            col.label(egui::RichText::new(line).color(colour));
        }
        col.add_space(6.0);
        log_heading(col, &mut ui.log);
        log_panel(col, s, &ui.log, &mut asks.open_rule, |ev| {
            matches!(
                ev.kind,
                EventKind::TurnBegan { .. } | EventKind::Initiative { .. } | EventKind::GameOver { .. } | EventKind::Melee { .. }
            )
        });
    });
}

/// The priority list (2.4): each regiment with its total and its cards (2.5), the one acting in brass.
fn priority(ui: &mut egui::Ui, p: &Pos, asks: &mut Asks) {
    for (i, &r) in p.r.priority.iter().enumerate() {
        let reg = &p.sc.spec.regiments[r];
        let side = p.regiment_side(r);
        let cards = p.r.cards.get(r).copied().unwrap_or_default();
        let mut state = Vec::new();
        if cards.done {
            state.push("done".to_string());
        } else {
            if cards.black {
                state.push("black".to_string());
            }
            if cards.red {
                state.push("red".to_string());
            }
        }
        let total = p.r.totals.get(r).map(|t| format!(" ({t})")).unwrap_or_default();
        let text = egui::RichText::new(format!("{}. {}{total} — {}", i + 1, reg.id, state.join(", "))).color(side_egui(side));
        let text = if p.r.active == Some(r) { text.strong().background_color(PANEL_DARK).color(BRASS) } else { text };
        ui.label(text).on_hover_text(&reg.name);
    }
    for (s, &has) in p.r.motivation.iter().enumerate() {
        ui.horizontal(|row| {
            let name = &p.sc.spec.info.sides[s].name;
            row.label(
                egui::RichText::new(format!("{name}: motivation card {}", if has { "in hand" } else { "played" }))
                    .color(side_egui(s))
                    .small(),
            );
            rule_link(row, "2.5", &mut asks.open_rule);
        });
    }
}

fn right_column(root: &mut egui::Ui, ctx: &egui::Context, s: &MarSession, p: &Pos, ui: &MarUi, status: Option<&str>, asks: &mut Asks) {
    crate::ui::area_game::right_column(root, ctx, |col| {
        egui::ScrollArea::vertical().id_salt("martians-right").auto_shrink([false, false]).show(col, |col| {
            decision(col, s, p, status, asks);
            col.separator();
            match ui.selected.as_deref().and_then(|id| p.find(id)) {
                Some(u) => {
                    unit_card(col, p, u, asks);
                    if s.human_to_move() {
                        unit_orders(col, s, p, u, asks);
                    }
                }
                None => {
                    col.label(
                        egui::RichText::new(
                            "Click a stand to see its unit and its orders (Tab: the next unit that may act). With a unit selected: click the table where a blue ghost shows to move there, an orange frame to fire (dice and chance of a hit), a red one to charge; Q/E wheel 45°; Enter: Done. Hold R to measure.",
                        )
                        .color(DIM),
                    );
                }
            }
        });
    });
}

/// The decision: its prompt and rule, a refusal, the computer's status, and the orders that are not
/// a unit's (begin an action, the motivation card, end the regiment, Done).
fn decision(ui: &mut egui::Ui, s: &MarSession, p: &Pos, status: Option<&str>, asks: &mut Asks) {
    ui.label(theme::title("Decision", 18.0));
    if let Some(pd) = s.game.pending() {
        ui.horizontal_wrapped(|row| {
            row.label(egui::RichText::new(&pd.prompt).color(PARCHMENT));
            rule_link(row, &pd.rule, &mut asks.open_rule);
        });
    }
    if let Some(m) = &s.message {
        ui.label(egui::RichText::new(m).color(RED));
    }
    if let Some(st) = status.filter(|x| !x.is_empty()) {
        ui.label(egui::RichText::new(st).color(RED));
    }
    if !s.human_to_move() {
        if s.game.pending().is_some() {
            ui.label(egui::RichText::new("Waiting for the computer…").color(DIM));
        }
        return;
    }
    for c in s.legal.iter().filter(|c| matches!(c, Command::Evade(..))) {
        evade_order(ui, p, c, asks);
    }
    for c in s.legal.iter().filter(|c| matches!(c, Command::Advance(..))) {
        advance_order(ui, p, c, asks);
    }
    for c in s.legal.iter().filter(|c| words::actor(c).is_none()) {
        order_button(ui, p, c, &mut asks.acts);
    }
    let n = input::actors(&s.legal).len();
    if n > 0 {
        ui.label(egui::RichText::new(format!("{n} unit{} may act: glowing gold on the table.", if n == 1 { "" } else { "s" })).color(DIM));
    }
}

/// 8.2a: the evasion of a charge, with what it costs and what standing would (Done: stand).
fn evade_order(ui: &mut egui::Ui, p: &Pos, c: &Command, asks: &mut Asks) {
    let Command::Evade(id) = c else { return };
    let (Some(u), Some(crate::rulesets::martians::state::Window::Evade { charger, .. })) = (p.find(id), &p.r.window) else { return };
    let e = preview::evade(p, u, *charger);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal_wrapped(|row| {
            if row.button(egui::RichText::new(words::command(p, c)).color(RED)).clicked() {
                asks.acts.push(Act::Submit(c.clone()));
            }
            rule_link(row, "8.2a", &mut asks.open_rule);
        });
        let flee = match e.flee {
            Some(y) => format!("flees {y:.0} yds from {}, disrupted", p.id(*charger)),
            None => "the crew flees without the guns: the section is lost".into(),
        };
        ui.label(egui::RichText::new(flee).color(PARCHMENT));
        ui.label(
            egui::RichText::new(format!("Done stands to the melee: {:.1} hits inflicted, {:.1} received, expected", e.inflict, e.receive))
                .color(DIM)
                .small(),
        );
    });
}

/// 8.3: the winner's advance into the ground won, with how far (Done: it holds).
fn advance_order(ui: &mut egui::Ui, p: &Pos, c: &Command, asks: &mut Asks) {
    let Command::Advance(id) = c else { return };
    let Some(crate::rulesets::martians::state::Window::Advance { unit, yards, .. }) = &p.r.window else { return };
    if p.id(*unit) != id {
        return;
    }
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal_wrapped(|row| {
            if row.button(egui::RichText::new(words::command(p, c)).color(RED)).clicked() {
                asks.acts.push(Act::Submit(c.clone()));
            }
            rule_link(row, "8.3", &mut asks.open_rule);
        });
        ui.label(egui::RichText::new(format!("advances {yards:.0} yds straight ahead, short of any enemy")).color(PARCHMENT));
        ui.label(egui::RichText::new("Done holds the ground it fought on").color(DIM).small());
    });
}

/// One order's button, with its rule.
fn order_button(ui: &mut egui::Ui, p: &Pos, c: &Command, acts: &mut Vec<Act>) {
    let mut text = words::command(p, c);
    if c == &Command::Done || c == &Command::EndRegiment {
        text.push_str("  (Enter)");
    }
    if ui.button(text).on_hover_text(format!("rule {}", words::rule(c))).clicked() {
        acts.push(Act::Submit(c.clone()));
    }
}

/// The unit's card: its type, regiment, formation, castings, grade and state.
fn unit_card(ui: &mut egui::Ui, p: &Pos, u: usize, asks: &mut Asks) {
    let st = &p.units[u];
    let side = p.side(u);
    egui::Frame::group(ui.style()).fill(PANEL_DARK).show(ui, |ui| {
        ui.label(egui::RichText::new(format!("{} — {}", p.id(u), p.ty(u).name)).color(side_egui(side)).strong().size(16.0));
        ui.label(egui::RichText::new(&p.sc.spec.regiments[p.regiment(u)].name).color(DIM));
        let full = p.sc.full_castings(u);
        let weapon = p.ty(u).weapon.as_deref().and_then(|w| p.sc.tables.musketry.weapons.get(w)).map(|w| w.name.clone());
        let lines = [
            (format!("{} · {}", p.kind(u).name(), st.formation.name()), "3"),
            (format!("{} of {full} castings", st.castings), "3.5"),
            (format!("morale grade {}", st.grade), "5.1"),
            arms(p, u, weapon),
        ];
        for (line, rule) in lines {
            ui.horizontal(|row| {
                row.label(egui::RichText::new(line).color(PARCHMENT));
                rule_link(row, rule, &mut asks.open_rule);
            });
        }
        if let Some(g) = st.gone {
            ui.label(egui::RichText::new(format!("{g:?}")).color(RED));
        }
        let mut flags = Vec::new();
        if p.halted(u) {
            flags.push(("halted after a morale loss", "5.5"));
        }
        if st.disrupted {
            flags.push(("disrupted: cannot charge until it reforms", "3.5"));
        }
        if p.engaged(u) {
            flags.push(("in melee contact", "8.1"));
        }
        if st.fired {
            flags.push(("has fired this turn", "6.4"));
        }
        if st.has_moved {
            flags.push(("has moved this turn", "4"));
        }
        let carries = p.cargo(u).map(|c| format!("carries {} ({})", p.id(c), p.ty(c).name));
        let aboard = st.aboard.filter(|_| st.gone.is_none()).map(|t| format!("aboard {}, off the table until unloaded", p.id(t)));
        for line in carries.iter().chain(aboard.iter()) {
            ui.horizontal_wrapped(|row| {
                row.label(egui::RichText::new(line).color(BRASS));
                rule_link(row, "11.0", &mut asks.open_rule);
            });
        }
        for (f, rule) in flags {
            ui.horizontal(|row| {
                row.label(egui::RichText::new(f).color(BRASS));
                rule_link(row, rule, &mut asks.open_rule);
            });
        }
        if let Some(ring) = crate::rulesets::martians::marching::square_of(p, u) {
            let others: Vec<&str> = ring.iter().filter(|&&v| v != u).map(|&v| p.id(v)).collect();
            ui.horizontal_wrapped(|row| {
                let words = format!("in a marching square with {}: no flank or rear", others.join(", "));
                row.label(egui::RichText::new(words).color(BRASS));
                rule_link(row, "3.2", &mut asks.open_rule);
            });
        }
        if st.on_table() && p.kind(u) != crate::rulesets::martians::tables::Kind::Aviation {
            let (allow, charge) = preview::reach(p, u);
            ui.label(egui::RichText::new(format!("move {allow:.0} yds, charge {charge:.0} yds")).color(DIM));
        }
    });
}

/// What a unit fires: its musketry (7.1), its guns (6.11), a flight's craft type and machine guns
/// (Aviation), or nothing (a skimmer, 11.0).
fn arms(p: &Pos, u: usize, weapon: Option<String>) -> (String, &'static str) {
    let ty = p.ty(u);
    let gun = ty.gun.as_deref().and_then(|g| p.sc.tables.artillery.guns.get(g)).map(|g| g.name.clone());
    match (weapon, gun, ty.craft.as_deref()) {
        (Some(w), _, _) => (format!("musketry: {w}"), "7.1"),
        (None, _, Some(craft)) => (format!("craft {craft}, {} machine guns a stand", ty.mgs), "Aviation"),
        (None, Some(g), _) if ty.mgs > 0 => {
            (format!("{g} and {} machine guns{}", ty.mgs, if ty.turret { "" } else { ", no turret" }), "Vehicles")
        }
        (None, Some(g), _) => (g, "6.11"),
        (None, None, _) if ty.mgs > 0 => (format!("{} machine guns", ty.mgs), "Vehicles"),
        _ => ("unarmed".into(), "11.0"),
    }
}

/// The selected unit's orders: formations and wheels as buttons, each shot with its preview, each
/// charge with its distance; moves are given on the table (or the farthest each way here).
fn unit_orders(ui: &mut egui::Ui, s: &MarSession, p: &Pos, u: usize, asks: &mut Asks) {
    let id = p.id(u);
    let mine: Vec<&Command> = s.legal.iter().filter(|c| words::actor(c) == Some(id)).collect();
    if mine.is_empty() {
        ui.label(egui::RichText::new("This unit has no order now.").color(DIM));
        return;
    }
    let forms: Vec<&Command> = mine.iter().copied().filter(|c| matches!(c, Command::Form(..) | Command::Face(..))).collect();
    if !forms.is_empty() {
        ui.horizontal(|row| {
            row.label(theme::strong("Formation and facing"));
            rule_link(row, "4.4", &mut asks.open_rule);
        });
        ui.horizontal_wrapped(|row| {
            for c in forms {
                let label = match c {
                    Command::Form(_, f) => form_label(*f),
                    Command::Face(_, t) => format!("wheel {}", words::turn(*t)),
                    _ => continue,
                };
                if row.button(label).clicked() {
                    asks.acts.push(Act::Submit(c.clone()));
                }
            }
        });
    }
    for c in mine.iter().filter(|c| matches!(c, Command::Fire(..))) {
        fire_order(ui, p, u, c, asks);
    }
    let splits: Vec<&Command> = mine.iter().copied().filter(|c| matches!(c, Command::Split(..))).collect();
    if !splits.is_empty() {
        egui::CollapsingHeader::new(theme::strong(format!("Split the dice among targets ({})", splits.len())))
            .id_salt("martians-splits")
            .show(ui, |ui| {
                for c in splits {
                    split_order(ui, p, u, c, asks);
                }
            });
    }
    for c in mine.iter().filter(|c| matches!(c, Command::Charge(..))) {
        let Some(t) = words::aim(c).and_then(|t| p.find(t)) else { continue };
        let ch = preview::charge(p, u, t);
        let flank = if ch.flank { ", into its flank or rear" } else { "" };
        ui.horizontal_wrapped(|row| {
            if row.button(egui::RichText::new(words::command(p, c)).color(RED)).clicked() {
                asks.acts.push(Act::Submit((*c).clone()));
            }
            row.label(egui::RichText::new(format!("{:.0} yds of {:.0}{flank}", ch.distance, ch.rate)).color(DIM));
            rule_link(row, "8.1", &mut asks.open_rule);
        });
    }
    for c in mine.iter().filter(|c| matches!(c, Command::Unload(..))) {
        let cargo = p.cargo(u).map(|c| p.id(c).to_string()).unwrap_or_default();
        ui.horizontal_wrapped(|row| {
            if row.button(egui::RichText::new(format!("Unload {cargo}")).color(BRASS)).on_hover_text(words::command(p, c)).clicked() {
                asks.acts.push(Act::Submit((*c).clone()));
            }
            rule_link(row, "11.0", &mut asks.open_rule);
        });
        ui.label(
            egui::RichText::new("The unit deploys where the transport stands, no closer than 200 yds to the enemy; the transport leaves.")
                .color(DIM)
                .small(),
        );
    }
    let moves = mine.iter().filter(|c| matches!(c, Command::Move(..))).count();
    if moves > 0 {
        ui.horizontal_wrapped(|row| {
            row.label(egui::RichText::new(format!("{moves} moves: click the table where a blue ghost shows.")).color(DIM));
            rule_link(row, "4", &mut asks.open_rule);
        });
    }
}

fn form_label(f: Formation) -> String {
    format!("form {}", f.name())
}

/// A shot with the engine's preview: dice, chance, expected hits and what made them.
fn fire_order(ui: &mut egui::Ui, p: &Pos, u: usize, c: &Command, asks: &mut Asks) {
    let Some(t) = words::aim(c).and_then(|t| p.find(t)) else { return };
    egui::Frame::group(ui.style()).show(ui, |ui| match preview::fire(p, u, t) {
        Ok(f) => {
            ui.horizontal_wrapped(|row| {
                if row.button(egui::RichText::new(words::command(p, c)).color(egui::Color32::from_rgb(255, 160, 60))).clicked() {
                    asks.acts.push(Act::Submit(c.clone()));
                }
                rule_link(row, f.rule, &mut asks.open_rule);
            });
            ui.label(
                egui::RichText::new(format!(
                    "{}: {:.0} yds, {} d10, {:.0}% a die — {:.1} hits expected, {:.0}% at least one",
                    f.what,
                    f.range,
                    f.dice,
                    f.per_die * 100.0,
                    f.expected,
                    f.any_hit * 100.0
                ))
                .color(PARCHMENT),
            );
            for (note, rule) in &f.notes {
                ui.horizontal_wrapped(|row| {
                    row.label(egui::RichText::new(format!("• {note}")).color(DIM).small());
                    rule_link(row, rule, &mut asks.open_rule);
                });
            }
        }
        Err((why, rule)) => {
            ui.horizontal_wrapped(|row| {
                row.label(egui::RichText::new(why).color(RED));
                rule_link(row, &rule, &mut asks.open_rule);
            });
        }
    });
}

/// A Gatling's split fire (6.7b) with the engine's preview of each share.
fn split_order(ui: &mut egui::Ui, p: &Pos, u: usize, c: &Command, asks: &mut Asks) {
    let Command::Split(_, shares) = c else { return };
    let Ok(parts) = preview::split(p, u, shares) else { return };
    let expected: f32 = parts.iter().map(|x| x.1.expected).sum();
    ui.horizontal_wrapped(|row| {
        if row.button(egui::RichText::new(words::command(p, c)).color(egui::Color32::from_rgb(255, 160, 60))).clicked() {
            asks.acts.push(Act::Submit(c.clone()));
        }
        row.label(egui::RichText::new(format!("{expected:.1} hits expected")).color(PARCHMENT));
        rule_link(row, "6.7b", &mut asks.open_rule);
    });
    for (t, f) in &parts {
        ui.label(
            egui::RichText::new(format!(
                "• {}: {:.0} yds, {} d10, {:.0}% a die — {:.1} hits expected",
                p.id(*t),
                f.range,
                f.dice,
                f.per_die * 100.0,
                f.expected
            ))
            .color(DIM)
            .small(),
        );
    }
}

/// The unit under the pointer.
fn tooltip(ctx: &egui::Context, p: &Pos, unit: &str, at: egui::Pos2, map: egui::Rect) {
    let Some(u) = p.find(unit) else { return };
    let st = &p.units[u];
    crate::ui::widgets::map_tip_area("martians-tip", at, map).show(ctx, |ui| {
        egui::Frame::popup(ui.style()).show(ui, |ui| {
            ui.label(egui::RichText::new(format!("{} — {}", p.id(u), p.ty(u).name)).color(side_egui(p.side(u))).strong());
            ui.label(format!("{} · {} castings · grade {}", st.formation.name(), st.castings, st.grade));
            ui.label(egui::RichText::new(&p.sc.spec.regiments[p.regiment(u)].name).color(DIM).small());
        });
    });
}

/// The orders a click offered, to choose among (Cancel closes it).
fn choice(ctx: &egui::Context, p: &Pos, ui: &mut MarUi, asks: &mut Asks) {
    let Some((at, orders)) = ui.choice.clone() else { return };
    let mut close = false;
    egui::Area::new("martians-choice".into()).order(egui::Order::Foreground).fixed_pos(at + egui::vec2(8.0, 8.0)).show(ctx, |area| {
        egui::Frame::popup(area.style()).show(area, |area| {
            area.label(theme::strong("Which order?"));
            for c in &orders {
                order_button(area, p, c, &mut asks.acts);
            }
            if area.button("Cancel (Esc, right click)").clicked() {
                close = true;
            }
        });
    });
    if close {
        ui.choice = None;
    }
}
