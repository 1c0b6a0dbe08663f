//! The panels around the map (egui): the shell's top bar with the turn, round, initiative rolls,
//! orders left (halves as ½) and the phasing side; the right column with the decision awaited and
//! its orders (each a button with its cost and odds, the numbers explained on hover), the set-up
//! tray, the selected unit's card, and the shell's log; a bar of hints and confirmations along the
//! bottom; the tooltip over the map (terrain, level, cover, what a click there would do and why);
//! the orders as the board model's targets, and the rule popup.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rulesets::trenches::EventKind;
use crate::rulesets::trenches::activation::halves;
use crate::rulesets::trenches::indirect::pattern_hexes;
use crate::rulesets::trenches::state::{Fort, Phase, Pos, Where};
use crate::rulesets::trenches::units::Side;
use crate::rulesets::trenches::view::Stage;
use crate::rulesets::trenches::{Command, ID};
use crate::ui::Frame;
use crate::ui::ai_worker::computer_thinking;
use crate::ui::board::hex::input::Hover;
use crate::ui::board::hex::map::DrawnMap;
use crate::ui::board::{BoardModel, Place, Target, TargetKind, TargetNote, Tone};
use crate::ui::camera::{MapCamera, MapViewport};
use crate::ui::game_menu::GameMenu;
use crate::ui::geometry::hex_corners;
use crate::ui::log::{LogView, full_log_window, log_heading, log_panel_where};
use crate::ui::rules_text::{RuleBooks, rule_link, rule_window};
use crate::ui::saves::SaveRequests;
use crate::ui::theme::{self, BRASS, DIM, PARCHMENT, RED};
use crate::ui::top_bar::{BarButton, top_bar as shell_top_bar, who_decides};
use crate::ui::widgets::{panels_root, typed_lines};

use super::counters::{CounterAtlas, Selection, face_key, unit_markers};
use super::input::{Awaiting, Intent, Intents, Preview, RangeMode, StackMode, request};
use super::orders::{Offer, OfferKind, Orders};
use super::screens::{side_colour, side_name};
use super::session::{TrenchSession, visible};
use super::{AiWorker, SCREEN, board};

/// The panels' own state.
#[derive(Resource, Default)]
pub struct HudState {
    pub rule: Option<String>,
    pub log: LogView,
    atlas_texture: Option<(egui::TextureId, AssetId<Image>, String)>,
}

#[derive(SystemParam)]
pub struct HudParams<'w, 's> {
    session: Option<Res<'w, TrenchSession>>,
    orders: Res<'w, Orders>,
    selection: ResMut<'w, Selection>,
    hover: Res<'w, Hover>,
    intents: ResMut<'w, Intents>,
    awaiting: ResMut<'w, Awaiting>,
    stack: ResMut<'w, StackMode>,
    ranging: ResMut<'w, RangeMode>,
    preview: ResMut<'w, Preview>,
    menu: ResMut<'w, GameMenu>,
    viewport: ResMut<'w, MapViewport>,
    state: ResMut<'w, HudState>,
    books: Res<'w, RuleBooks>,
    atlas: Option<Res<'w, CounterAtlas>>,
    worker: Option<Res<'w, AiWorker>>,
    cameras: Query<'w, 's, &'static mut MapCamera>,
    saves: ResMut<'w, SaveRequests>,
    hand_over: Res<'w, crate::ui::screens::HandOver>,
    game_over_closed: Res<'w, crate::ui::screens::GameOverClosed>,
}

/// What the panels asked for in this frame.
#[derive(Default)]
struct Asks {
    open_rule: Option<String>,
    commands: Vec<Command>,
    select: Option<Option<String>>,
    preview: Preview,
    undo: bool,
    fit: bool,
}

/// What every panel reads.
struct Scene<'a> {
    session: &'a TrenchSession,
    p: Pos,
    viewer: Option<Side>,
}

fn hud(mut contexts: EguiContexts, mut p: HudParams) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(session) = p.session.take() else { return Ok(()) };
    let scene = Scene { session: &session, p: session.pos(), viewer: session.viewer() };
    if let Some(atlas) = p.atlas.as_deref()
        && p.state.atlas_texture.as_ref().is_none_or(|(_, _, k)| *k != atlas.key)
    {
        if let Some((_, old, _)) = p.state.atlas_texture.take() {
            contexts.remove_image(old);
        }
        let id = contexts.add_image(bevy_egui::EguiTextureHandle::Weak(atlas.image.id()));
        p.state.atlas_texture = Some((id, atlas.image.id(), atlas.key.clone()));
    }
    let zoom = ctx.zoom_factor();
    let mut root = panels_root(&ctx, "trenches-hud");
    let mut asks = Asks::default();
    match shell_top_bar(&mut root, &ctx, &session, "Esc", |ui| top_bar_words(ui, &p, &scene)) {
        Some(BarButton::Menu) => p.menu.toggle(),
        Some(BarButton::Load) => p.saves.open_load = true,
        Some(BarButton::Save) => p.saves.open_save = true,
        Some(BarButton::Fit) => asks.fit = true,
        Some(BarButton::Undo) => asks.undo = true,
        None => {}
    }
    bottom_bar(&mut root, &ctx, &mut p, &scene);
    right_column(&mut root, &ctx, &mut p, &scene, &mut asks);
    let free = root.available_rect_before_wrap();
    p.viewport.free = Some(Rect::new(free.min.x * zoom, free.min.y * zoom, free.max.x * zoom, free.max.y * zoom));
    let pointer = ctx.pointer_hover_pos();
    let modal = p.menu.modal();
    p.viewport.pointer_over_ui = modal || ctx.is_pointer_over_egui() || pointer.is_some_and(|pp| !free.contains(pp));
    p.viewport.keyboard_over_ui = ctx.text_edit_focused();
    if !p.viewport.keyboard_over_ui {
        ctx.memory_mut(|m| m.stop_text_input());
    }
    if let Some(pos) = pointer
        && free.contains(pos)
        && !p.viewport.pointer_over_ui
        && !p.hand_over.showing
        && (!session.game.is_over() || p.game_over_closed.0)
        && let Some(h) = p.hover.hex
    {
        crate::ui::widgets::map_tip_area("trenches-tooltip", pos, free).show(&ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(420.0);
                hex_tooltip(ui, &scene, &p.orders, p.selection.unit.as_deref(), (p.stack.0, p.ranging.0), h);
            });
        });
    }
    let state = &mut *p.state;
    if state.log.full {
        let lines: Vec<crate::ui::session::LogEntry> = typed_lines(&session.log, 0, session.game.journal())
            .filter(|(_, ev)| ev.is_none_or(|ev| event_shown(&scene.p, scene.viewer, ev)))
            .map(|(e, _)| e.clone())
            .collect();
        full_log_window(&ctx, &lines, &mut state.log, &mut state.rule);
    }
    if let Some(r) = asks.open_rule.take().or_else(|| p.menu.rule.take()) {
        p.state.rule = Some(r);
    }
    rule_window(&ctx, p.books.of(ID), ID, &mut p.state.rule, free.center());
    for c in asks.commands {
        request(c, &mut p.intents, &mut p.awaiting);
    }
    if let Some(s) = asks.select {
        p.selection.unit = s;
    }
    if *p.preview != asks.preview {
        *p.preview = asks.preview;
    }
    if asks.undo {
        p.intents.0.push(Intent::Undo);
    }
    if asks.fit {
        for mut cam in &mut p.cameras {
            cam.fit_requested = true;
        }
    }
    Ok(())
}

/// Whether the viewer may read an event: not the other side's placements and letters (13.2), nor what a unit
/// it does not see did (7.24).
pub fn event_shown(p: &Pos, viewer: Option<Side>, ev: &crate::rulesets::trenches::Event) -> bool {
    let unit = match &ev.kind {
        EventKind::Placed { unit, .. } | EventKind::Lettered { unit, .. } | EventKind::Registered { unit, .. } => {
            return p.find(unit).is_none_or(|u| viewer.is_none_or(|v| p.side(u) == v));
        }
        EventKind::Moved { unit, .. } | EventKind::Fortification { unit, .. } | EventKind::Dug { unit } => unit,
        _ => return true,
    };
    p.find(unit).is_none_or(|u| visible(p, viewer, u))
}

/// The top bar's words: the game, turn of turns, round, initiative rolls, orders left, who decides.
fn top_bar_words(ui: &mut egui::Ui, p: &HudParams, scene: &Scene) {
    let (session, pos) = (scene.session, &scene.p);
    ui.label(theme::title("In the Trenches", 20.0));
    let turns = pos.sc.spec.turns;
    if pos.r.phase == Phase::SetUp {
        ui.label(theme::strong("Set-up")).on_hover_text("13.2: each side places its units in its set-up areas");
    } else {
        ui.label(theme::strong(format!("Turn {}/{turns}", pos.r.turn.max(1))));
        if pos.is_night() {
            ui.label(egui::RichText::new("☾ night").color(BRASS)).on_hover_text("Activations cost double at night (3.2)");
        }
        if pos.all_concealed() {
            ui.label(egui::RichText::new("low visibility").color(BRASS)).on_hover_text("Every hex affords concealment this turn (7.21)");
        }
        if pos.r.round > 0 {
            ui.label(egui::RichText::new(format!("Round {}", pos.r.round)).color(PARCHMENT));
            let [a, c] = pos.r.rolls;
            ui.label(
                egui::RichText::new(format!(
                    "Initiative: {} {a} · {} {c}",
                    side_name(session, Side::Allied),
                    side_name(session, Side::Central)
                ))
                .color(DIM),
            )
            .on_hover_text(
                "3.11: both roll two dice; the higher issues as many orders as the difference (the spread) first, then the other as many",
            );
        }
        if let Some(side) = pos.r.phasing {
            ui.separator();
            ui.label(egui::RichText::new(format!("{} phasing", side_name(session, side))).color(side_colour(side)).strong());
            ui.label(egui::RichText::new(format!("orders left {} of {}", halves(pos.r.orders), halves(pos.r.spread))).color(BRASS))
                .on_hover_text("3.2: one order activates a unit or a formation; a shock unit costs ½; night doubles the cost");
        }
    }
    ui.separator();
    match session.to_move() {
        Some(side) => {
            let who = who_decides(session, side.id(), &side_name(session, side), computer_thinking(p.worker.as_deref()));
            ui.label(egui::RichText::new(format!("{} to decide ({who})", side_name(session, side))).color(side_colour(side)).strong());
        }
        None => {
            ui.label(egui::RichText::new("Game over").color(RED).strong());
        }
    }
    ui.separator();
    ui.add(egui::Label::new(egui::RichText::new(&pos.sc.spec.info.name).color(DIM)).truncate());
}

/// The bottom bar: a confirmation asked for, or the keys of the decision awaited.
fn bottom_bar(root: &mut egui::Ui, ctx: &egui::Context, p: &mut HudParams, scene: &Scene) {
    egui::Panel::bottom("trenches-actions")
        .frame(egui::Frame::side_top_panel(&ctx.global_style()).fill(theme::PANEL_DARK).inner_margin(egui::Margin::symmetric(10, 7)))
        .show(root, |ui| {
            ui.horizontal_wrapped(|ui| {
                if let Some((cmd, text)) = p.awaiting.0.clone() {
                    ui.label(egui::RichText::new("Confirm:").color(BRASS).strong());
                    ui.label(egui::RichText::new(text).color(PARCHMENT));
                    if ui.button(egui::RichText::new("✔ Confirm (Enter)").strong()).clicked() {
                        p.awaiting.0 = None;
                        p.intents.0.push(Intent::Submit(cmd));
                    }
                    if ui.button("✖ Cancel (Esc)").clicked() {
                        p.awaiting.0 = None;
                    }
                    return;
                }
                let hint = if !p.orders.human {
                    match scene.session.to_move() {
                        Some(s) if scene.session.watching() => format!("Replay: {} to decide.", side_name(scene.session, s)),
                        Some(s) => format!("{} is played by the computer.", side_name(scene.session, s)),
                        None => scene.session.view.result.clone().unwrap_or_else(|| "The game is over.".into()),
                    }
                } else {
                    match p.orders.stage {
                        Some(Stage::Place(_)) => "Set-up: pick a unit in the tray (Tab: the next), then click a shaded hex of its area.".into(),
                        Some(Stage::Orders(_)) => "Orders: click a unit to see the forces it can be activated in · Space: activate it alone · P or Enter: pass".into(),
                        Some(Stage::Force(_)) => format!(
                            "Force: click a unit of it, then a shaded hex to move or a ringed hex to fire · S: move the stack ({}) · R: range · I: go IN · O: leave dugout · G: dig · C: close combat · Enter/E: end the activation",
                            if p.stack.0 { "on" } else { "off" }
                        ),
                        Some(Stage::Reaction(_)) => "Reaction: a React button (or a ringed hex) fires; Enter lets the moment pass.".into(),
                        Some(Stage::Losses(_)) => "Close combat losses: pick the unit that takes each step (9.2).".into(),
                        None => String::new(),
                    }
                };
                ui.label(egui::RichText::new(hint).color(DIM));
                if let Some(w) = p.worker.as_deref()
                    && !w.status.is_empty()
                {
                    ui.label(egui::RichText::new(&w.status).color(RED));
                }
            });
        });
}

/// An order's button: its label, the numbers behind it on hover; a click gives it.
fn offer_button(ui: &mut egui::Ui, o: &Offer, asks: &mut Asks, key: Option<&str>) {
    let text = match key {
        Some(k) => format!("{}  [{k}]", o.label),
        None => o.label.clone(),
    };
    let mut resp = ui.add(egui::Button::new(egui::RichText::new(text).color(PARCHMENT)).wrap());
    if !o.detail.is_empty() {
        resp = resp.on_hover_text(o.detail.join("\n"));
    }
    if resp.hovered() {
        asks.preview.units = o.units.clone();
        if let Some(h) = o.hex {
            asks.preview.hexes = vec![h];
        }
    }
    if resp.clicked() {
        asks.commands.push(o.command.clone());
    }
}

/// The right column: the decision and its orders, the tray or the force, the unit card, the log.
fn right_column(root: &mut egui::Ui, ctx: &egui::Context, p: &mut HudParams, scene: &Scene, asks: &mut Asks) {
    egui::Panel::right("trenches-side")
        .resizable(true)
        .default_size(390.0)
        .min_size(300.0)
        .frame(egui::Frame::side_top_panel(&ctx.global_style()).inner_margin(egui::Margin::same(10)))
        .show(root, |ui| {
            decision_box(ui, p, scene, asks);
            ui.add_space(4.0);
            egui::ScrollArea::vertical().id_salt("trenches-orders").max_height(ui.available_height() * 0.55).show(ui, |ui| {
                orders_ui(ui, p, scene, asks);
                ui.separator();
                let sel = p.selection.unit.clone();
                if let Some(u) = sel.as_deref().and_then(|id| scene.p.find(id)).filter(|&u| visible(&scene.p, scene.viewer, u)) {
                    unit_card(ui, p, scene, u);
                } else {
                    ui.label(egui::RichText::new("Click a counter to see its card. Tab: the next unit you can order.").small().color(DIM));
                }
            });
            ui.separator();
            log_heading(ui, &mut p.state.log);
            let strong = |ev: &crate::rulesets::trenches::Event| {
                matches!(
                    ev.kind,
                    EventKind::StepLost { .. }
                        | EventKind::GameOver { .. }
                        | EventKind::TurnBegan { .. }
                        | EventKind::CloseCombat { .. }
                        | EventKind::Initiative { .. }
                )
            };
            log_panel_where(ui, scene.session, &p.state.log, &mut asks.open_rule, strong, |ev| event_shown(&scene.p, scene.viewer, ev));
        });
}

fn decision_box(ui: &mut egui::Ui, p: &HudParams, scene: &Scene, asks: &mut Asks) {
    if let Some(pending) = &p.orders.pending.clone().or_else(|| scene.session.game.pending()) {
        let side = Side::from_id(&pending.side);
        let colour = side.map(side_colour).unwrap_or(BRASS);
        egui::Frame::group(ui.style()).stroke(egui::Stroke::new(1.5, colour)).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(side.map(|s| side_name(scene.session, s)).unwrap_or_default()).color(colour).strong());
                rule_link(ui, &pending.rule, &mut asks.open_rule);
            });
            if let Some(m) = &p.orders.moment {
                ui.label(egui::RichText::new(m).color(BRASS).strong());
            }
            ui.label(egui::RichText::new(&pending.prompt).color(PARCHMENT));
        });
    } else if let Some(result) = &scene.session.view.result {
        ui.label(egui::RichText::new(result).color(RED).strong());
    }
}

/// At set-up, the formation ID letter of the unit to place (13.2): its own, or another with room.
fn letter_choice(ui: &mut egui::Ui, pos: &Pos, id: &str, letters: &[Command], asks: &mut Asks) {
    let Some(u) = pos.find(id) else { return };
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(format!("Letter ID {}:", pos.letter(u))).small()).on_hover_text(
            "13.2: choose the formation letters of your units as you set them up — units of one sub-type and letter can \
             act as one formation for one order (5.1); four infantry (three of anything else) to a letter at most",
        );
        for c in letters {
            let Command::Letter(_, l) = c else { continue };
            if ui.add(egui::Button::new(l.to_string()).small()).on_hover_text(format!("{id} takes the letter {l}")).clicked() {
                asks.commands.push(c.clone());
            }
        }
    });
}

/// Before set-up, the pre-game note (7.88, 13.1): the hexes noted, each battery with its ammunition
/// and pattern choices (pick one, then click a shaded hex), and the note's end.
fn note_tray(ui: &mut egui::Ui, pos: &Pos, side: Side, orders: &Orders, sel: Option<&str>, asks: &mut Asks) {
    use crate::rulesets::trenches::register;
    ui.label(theme::strong(format!("Pre-game note: {} of {} hexes", register::noted(pos, side), register::allowance(pos, side))))
        .on_hover_text("7.88: before set-up, write down each pre-registered hex with its battery, ammunition and fire pattern; the other side does not see it until the battery fires there");
    for (b, h, r) in pos.r.notes.iter().filter(|(b, _, _)| pos.side(*b) == side) {
        ui.label(egui::RichText::new(format!("{} — {}: {}, {:?}", pos.id(*b), pos.hex_label(*h), r.ammo.name(), r.pattern)).small());
    }
    let keys: Vec<(String, &String)> =
        orders.unplaced.iter().filter_map(|k| super::orders::parse_note_key(k).map(|(id, _, _)| (id, k))).collect();
    let mut batteries: Vec<&String> = keys.iter().map(|(id, _)| id).collect();
    batteries.dedup();
    for b in batteries {
        ui.label(egui::RichText::new(b.as_str()).color(BRASS));
        ui.horizontal_wrapped(|ui| {
            for (_, key) in keys.iter().filter(|(id, _)| id == b) {
                let Some((_, ammo, pattern)) = super::orders::parse_note_key(key) else { continue };
                let text = format!("{} · {pattern:?}", ammo.name());
                let rich = if sel == Some(key.as_str()) {
                    egui::RichText::new(text).strong().color(egui::Color32::BLACK).background_color(BRASS)
                } else {
                    egui::RichText::new(text)
                };
                if ui.add(egui::Button::new(rich).small()).clicked() {
                    asks.select = Some(Some((*key).clone()));
                }
            }
        });
    }
    if !orders.place.is_empty() {
        ui.label(egui::RichText::new("Click a shaded hex to pre-register it.").color(BRASS));
    }
    if let Some(o) = orders.offers.first() {
        offer_button(ui, o, asks, None);
    }
}

/// The orders of the decision awaited, as buttons.
fn orders_ui(ui: &mut egui::Ui, p: &mut HudParams, scene: &Scene, asks: &mut Asks) {
    let orders = &*p.orders;
    if !orders.human {
        return;
    }
    let sel = p.selection.unit.clone();
    let pos = &scene.p;
    match orders.stage {
        Some(Stage::Place(side)) if pos.r.registering.is_some() => note_tray(ui, pos, side, orders, sel.as_deref(), asks),
        Some(Stage::Place(_)) => {
            ui.label(theme::strong(format!("Units to place: {}", orders.unplaced.len())));
            ui.horizontal_wrapped(|ui| {
                for id in &orders.unplaced {
                    let Some(u) = pos.find(id) else { continue };
                    let text = format!("{} {}", pos.spec(u).subtype, pos.letter(u));
                    let picked = sel.as_deref() == Some(id.as_str());
                    let rich = if picked {
                        egui::RichText::new(text).strong().color(egui::Color32::BLACK).background_color(BRASS)
                    } else {
                        egui::RichText::new(text)
                    };
                    if ui.add(egui::Button::new(rich).small()).on_hover_text(format!("{id}: sets up in {}", pos.spec(u).setup)).clicked() {
                        asks.select = Some(Some(id.clone()));
                    }
                }
            });
            match sel.as_deref().and_then(|s| orders.unplaced.iter().find(|x| x.as_str() == s)) {
                Some(id) => {
                    ui.label(
                        egui::RichText::new(format!(
                            "{id}: click one of the {} shaded hexes of `{}`.",
                            orders.place.len(),
                            pos.spec(pos.find(id).unwrap_or(0)).setup
                        ))
                        .color(BRASS),
                    );
                    letter_choice(ui, pos, id, &orders.letters, asks);
                }
                None => {
                    ui.label(egui::RichText::new("Pick a unit above (or Tab).").color(BRASS));
                }
            }
        }
        Some(Stage::Orders(_)) => {
            match sel.as_deref() {
                Some(s) if orders.of_unit(s).next().is_some() => {
                    ui.label(theme::strong("Activate it alone or in a formation:"));
                    let mut list: Vec<&Offer> = orders.of_unit(s).collect();
                    list.sort_by_key(|o| o.units.len());
                    for (i, o) in list.iter().enumerate() {
                        offer_button(ui, o, asks, (i == 0).then_some("Space"));
                    }
                }
                _ => {
                    ui.label(egui::RichText::new("Click one of your ringed units to see the forces it can be activated in.").color(BRASS));
                }
            }
            if let Some(o) = orders.kind(OfferKind::Pass).next() {
                offer_button(ui, o, asks, Some("P"));
            }
        }
        Some(Stage::Force(_)) => force_ui(ui, p, scene, asks, sel.as_deref()),
        Some(Stage::Losses(_)) => {
            ui.label(theme::strong(format!("Allocate {} step loss(es) (9.2):", pos.r.losses.first().map(|l| l.1).unwrap_or(0))));
            for o in orders.kind(OfferKind::Other) {
                offer_button(ui, o, asks, None);
            }
        }
        Some(Stage::Reaction(_)) => {
            let mut reacts: Vec<&Offer> = orders.kind(OfferKind::React).collect();
            reacts.sort_by(|a, b| b.chance.partial_cmp(&a.chance).unwrap_or(std::cmp::Ordering::Equal));
            let more = reacts.len().saturating_sub(8);
            for o in reacts.into_iter().take(8) {
                offer_button(ui, o, asks, None);
            }
            if more > 0 {
                ui.label(egui::RichText::new(format!("{more} more with smaller forces; the best odds are above.")).small().color(DIM));
            }
            for o in orders.kind(OfferKind::Other) {
                offer_button(ui, o, asks, None);
            }
            if let Some(o) = orders.kind(OfferKind::NoReaction).next() {
                offer_button(ui, o, asks, Some("Enter"));
            }
        }
        None => {}
    }
}

/// The activated force: its units, the selected unit's orders that are not a click on the map.
fn force_ui(ui: &mut egui::Ui, p: &mut HudParams, scene: &Scene, asks: &mut Asks, sel: Option<&str>) {
    let orders = &*p.orders;
    let pos = &scene.p;
    if let Some(act) = &pos.r.act {
        ui.label(theme::strong(if act.formation { "The activated formation:" } else { "The activated unit:" }));
        ui.horizontal_wrapped(|ui| {
            for &u in &act.units {
                let id = pos.id(u);
                let mp = act.mp.get(&u).map(|t| *t as f32 / 3.0).unwrap_or(0.0);
                let can = orders.of_unit(id).next().is_some();
                let text = format!("{} {} · {mp:.1} MP{}", pos.spec(u).subtype, pos.letter(u), if can { "" } else { " · done" });
                let rich = if sel == Some(id) {
                    egui::RichText::new(text).strong().color(egui::Color32::BLACK).background_color(BRASS)
                } else {
                    egui::RichText::new(text)
                };
                if ui.add(egui::Button::new(rich).small()).on_hover_text(id).clicked() {
                    asks.select = Some(Some(id.to_string()));
                }
            }
        });
    }
    ui.checkbox(&mut p.stack.0, "Move the whole stack [S]")
        .on_hover_text("A formation's units that start in one hex may move together (8)");
    let mine = |o: &&Offer| sel.is_none_or(|s| o.units.is_empty() || o.units.iter().any(|u| u == s));
    // Per target hex: the largest group the selected unit fires with, and the unit alone.
    let mut fires: Vec<&Offer> = Vec::new();
    for o in orders.kind(OfferKind::Fire).filter(mine) {
        let same = |x: &&Offer| x.hex == o.hex && (x.units.len() == 1) == (o.units.len() == 1);
        match fires.iter().position(same) {
            Some(i) if fires[i].units.len() < o.units.len() => fires[i] = o,
            Some(_) => {}
            None => fires.push(o),
        }
    }
    if !fires.is_empty() {
        ui.label(egui::RichText::new("Fire (or click a ringed hex):").color(BRASS));
        for o in fires {
            offer_button(ui, o, asks, None);
        }
    }
    for (kind, key) in [(OfferKind::Fortify, Some("I/O")), (OfferKind::Dig, Some("G")), (OfferKind::CloseCombat, Some("C"))] {
        for o in orders.kind(kind).filter(mine) {
            offer_button(ui, o, asks, key);
        }
    }
    // Ranging (7.82): a button per hex when they are few, else the hexes marked on the map.
    let ranges: Vec<&Offer> = orders.kind(OfferKind::Range).filter(mine).collect();
    if !ranges.is_empty() {
        ui.checkbox(&mut p.ranging.0, format!("Range indirect fire: click one of {} hexes [R]", ranges.len())).on_hover_text(
            "Ranging (7.82): the real cross hair on the hex clicked, two dummies drawn near it; fire for effect on a later turn",
        );
    }
    for o in orders.kind(OfferKind::Effect).filter(mine) {
        let before = asks.preview.hexes.len();
        offer_button(ui, o, asks, None);
        // The pattern's hexes round the real cross hair, while the button is pointed at.
        if asks.preview.units == o.units
            && before == 0
            && let Command::FireForEffect(_, pat) = &o.command
            && let Some(c) = pos.r.crosshairs.iter().find(|c| o.units.iter().all(|id| pos.find(id).is_some_and(|u| c.units.contains(&u))))
        {
            asks.preview.hexes = pattern_hexes(c.hexes[c.real], *pat).into_iter().filter(|h| pos.sc.board.contains(*h)).collect();
        }
    }
    for o in orders.kind(OfferKind::Other).filter(mine) {
        offer_button(ui, o, asks, None);
    }
    let moves = orders.kind(OfferKind::Move).filter(mine).count();
    if moves > 0 {
        ui.label(egui::RichText::new(format!("{moves} moves: click a shaded hex (its MP cost on it; hover for why).")).small().color(DIM));
    }
    if let Some(o) = orders.kind(OfferKind::End).next() {
        offer_button(ui, o, asks, Some("Enter"));
    }
}

/// The selected unit's card: its face, values, steps, commitment, fortification, markers, hex.
fn unit_card(ui: &mut egui::Ui, p: &HudParams, scene: &Scene, u: usize) {
    let pos = &scene.p;
    let spec = pos.spec(u);
    let t = pos.ty(u);
    ui.horizontal(|ui| {
        if let (Some((tex, _, _)), Some(atlas)) = (p.state.atlas_texture.as_ref(), p.atlas.as_deref())
            && let Some(r) = atlas.cells.get(&face_key(pos, u))
        {
            let (w, h) = (atlas.size.x as f32, atlas.size.y as f32);
            let uv = egui::Rect::from_min_max(egui::pos2(r.min.x / w, r.min.y / h), egui::pos2(r.max.x / w, r.max.y / h));
            ui.add(egui::Image::new((*tex, egui::vec2(84.0, 84.0))).uv(uv));
        }
        ui.vertical(|ui| {
            ui.label(theme::strong(format!("{} {} — {}", spec.subtype, pos.letter(u), spec.id)));
            ui.label(egui::RichText::new(&t.name).small().color(DIM));
            ui.label(format!(
                "{} · {}",
                side_name(scene.session, spec.side),
                match (pos.full(u), t.steps) {
                    (true, 1) => "one step: a single casualty destroys it (2.4)",
                    (true, _) => "full strength (2 steps)",
                    _ => "reduced (1 step)",
                }
            ));
            let (f, r, res) = if pos.full(u) { (t.firepower.0, t.range.0, t.resolve.0) } else { (t.firepower.1, t.range.1, t.resolve.1) };
            ui.label(format!(
                "firepower {f} · range {r} · resolve {res} · movement {}",
                super::super::super::rulesets::trenches::activation::allowance(pos, u)
            ))
            .on_hover_text("Printed values (11); long range is twice the normal range (7.3)");
        });
    });
    let st = &pos.units[u];
    let mut marks: Vec<String> = unit_markers(pos, u)
        .into_iter()
        .map(|m| match m {
            "engaged" => "engaged (fires at ½, 4)".into(),
            "spent" => "spent: can do nothing more this turn (4)".into(),
            "in" => "IN its fortification (10.5)".into(),
            "dugout" => "in a dugout: cover 5, no line of sight (10.52)".into(),
            "fort" => "IN a fortress: only sappers and flamethrowers storm it (9, 10.52)".into(),
            "wire" => "on wire: no cover (10.53)".into(),
            "shock" => "shock troops: ½ order, 4 MP, close combat 6 (3.2)".into(),
            "hidden" => "hidden from the enemy (7.24)".into(),
            other => other.into(),
        })
        .collect();
    if marks.is_empty() {
        marks.push("free (4)".into());
    }
    if spec.sapper {
        marks.push("sapper: storms fortifications from OUT or wire, cuts the wire it goes beneath (9, 10.53)".into());
    }
    if t.flamethrower {
        marks.push("flamethrower: storms fortifications from OUT or wire (9)".into());
    }
    ui.label(egui::RichText::new(marks.join(" · ")).color(PARCHMENT));
    match st.at {
        Where::Hex(h) => {
            let terrain = pos.sc.board.terrain(h).unwrap_or("open").replace('_', " ");
            ui.label(egui::RichText::new(format!("{} ({terrain}, level {})", pos.hex_label(h), pos.level(h))).color(PARCHMENT));
        }
        Where::Unplaced => {
            ui.label(egui::RichText::new(format!("not yet placed: sets up in `{}`", spec.setup)).color(DIM));
        }
        Where::Eliminated => {
            ui.label(egui::RichText::new("eliminated").color(RED));
        }
        Where::Exited => {
            ui.label(egui::RichText::new("left the map").color(DIM));
        }
        Where::Pool => {
            ui.label(egui::RichText::new(format!("in the off-map pool: enters at `{}` (13.3)", spec.setup)).color(DIM));
        }
        Where::OffMap => {
            ui.label(egui::RichText::new("an off-map battery: in range of the whole map (7.87)").color(DIM));
        }
        Where::Withdrawn => {
            ui.label(egui::RichText::new("out of play (7.87)").color(RED));
        }
    }
    let _ = Fort::Out;
}

/// The tooltip over a hex: terrain, level, features, cover, movement cost, markers, the units the
/// viewer sees there, and what a click would do, with its numbers.
fn hex_tooltip(ui: &mut egui::Ui, scene: &Scene, orders: &Orders, selected: Option<&str>, (stack, ranging): (bool, bool), h: hexx::Hex) {
    let pos = &scene.p;
    let board = &pos.sc.board;
    let terrain = board.terrain(h).unwrap_or("open");
    let row = pos.terrain_row(h);
    ui.horizontal(|ui| {
        ui.label(theme::strong(pos.hex_label(h)));
        ui.label(egui::RichText::new(if pos.cratered(h) { "crater".to_string() } else { terrain.replace('_', " ") }).color(BRASS));
        ui.label(egui::RichText::new(format!("level {}", pos.level(h))).color(DIM));
    });
    let mut fx = vec![format!("{} MP to enter", row.cost)];
    if pos.natural_cover(h) > 0 {
        fx.push(format!("natural cover {}", pos.natural_cover(h)));
    }
    if pos.other_cover(h) > 0 {
        fx.push(format!("cover {}", pos.other_cover(h)));
    }
    if row.obstacle {
        fx.push("obstacle: blocks sight".into());
    }
    if row.concealment {
        fx.push("concealment: halves fire through it".into());
    }
    ui.label(egui::RichText::new(fx.join(" · ")).small().color(DIM));
    let mut feats = Vec::new();
    if pos.crest(h) {
        feats.push(format!("crest: sees and is seen from lower ground, cover {} against lower shooters (10.7)", pos.sc.tables.crest_cover));
    }
    for f in board.hex_features(h) {
        match f.kind.as_str() {
            "stream" => feats.push("stream (10)".to_string()),
            "ravine" => feats.push("ravine (10)".to_string()),
            "trench" => feats.push(format!("trench, cover {} IN it (10.51)", pos.sc.tables.fortifications.trench)),
            "strongpoint" => feats.push(format!("strongpoint, cover {} IN it (10.5)", pos.sc.tables.fortifications.strongpoint)),
            _ => {}
        }
    }
    if pos.r.scrapes.contains(&h) {
        feats.push(format!("scrape, cover {} IN it (6)", pos.sc.tables.fortifications.scrape));
    }
    if pos.r.wire.contains(&h) {
        feats.push("wire: entering costs everything, no cover on it (10.53)".into());
    }
    if pos.dugout(h) {
        feats.push("dugouts beneath (10.52)".into());
    }
    if pos.r.melee.contains(&h) {
        feats.push("close combat under way (9)".into());
    }
    let roads: Vec<String> = board.neighbors(h).filter(|n| board.hexside_has(h, *n, "road")).map(|n| pos.hex_label(n)).collect();
    if !roads.is_empty() {
        feats.push(format!("road to {} (10.8)", roads.join(", ")));
    }
    if let Some(place) = board.places.iter().find(|pl| pl.hexes.contains(&h)) {
        feats.push(place.name.clone());
    }
    if pos.sc.hold.contains(&h) {
        feats.push(format!("victory hex: the {} must hold it alone at the end (13.42)", pos.sc.spec.victory.side.name()));
    }
    for f in feats {
        ui.label(egui::RichText::new(f).small().color(PARCHMENT));
    }
    for u in pos.units_in(h).filter(|&u| visible(pos, scene.viewer, u)) {
        let marks = unit_markers(pos, u).join(", ");
        ui.label(
            egui::RichText::new(format!(
                "{} {} {} ({}){}",
                side_name(scene.session, pos.side(u)),
                pos.spec(u).subtype,
                pos.letter(u),
                pos.id(u),
                if marks.is_empty() { String::new() } else { format!(" — {marks}") }
            ))
            .color(side_colour(pos.side(u))),
        );
    }
    if let Some(o) = super::input::click_order(orders, selected, h, stack, ranging) {
        ui.separator();
        ui.label(egui::RichText::new(format!("Click: {}", o.label)).color(theme::GREEN).strong());
        for line in &o.detail {
            ui.label(egui::RichText::new(line).small().color(PARCHMENT));
        }
    } else if let Some((_, c)) = orders.place.iter().find(|(x, _)| *x == h) {
        ui.label(egui::RichText::new(format!("Click: {c:?}")).color(theme::GREEN));
    }
}

/// The orders as the board model's targets: set-up hexes, moves with their MP, fire and reaction
/// targets with the chance of a step lost, ranging, close combat, units that can be picked, and what
/// a panel button points at.
#[allow(clippy::type_complexity)]
fn present_targets(
    orders: Res<Orders>,
    selection: Res<Selection>,
    (stack, ranging): (Res<StackMode>, Res<RangeMode>),
    preview: Res<Preview>,
    session: Option<Res<TrenchSession>>,
    mut model: ResMut<BoardModel>,
    mut seen: Local<Option<((u64, Option<String>), Option<String>, (bool, bool), Preview)>>,
) {
    let Some(session) = session else { return };
    let key = (orders.key.clone(), selection.unit.clone(), (stack.0, ranging.0), preview.clone());
    if seen.as_ref() == Some(&key) {
        return;
    }
    *seen = Some(key);
    let p = session.pos();
    let sel = selection.unit.as_deref();
    let open = |badge: Option<String>| TargetNote::Open { cost: badge.clone(), odds: None };
    let mut out: Vec<Target> = Vec::new();
    let mut push = |h: hexx::Hex, kind: TargetKind, badge: Option<String>, tone: Tone| {
        if !out.iter().any(|t| t.place == Place::Cell(h) && t.kind == kind) {
            out.push(Target { place: Place::Cell(h), kind, note: open(badge.clone()), badge, tone });
        }
    };
    for (h, _) in &orders.place {
        push(*h, TargetKind::Move, None, Tone::Normal);
    }
    let mine = |o: &Offer| sel.is_some_and(|s| o.units.iter().any(|u| u == s));
    for o in &orders.offers {
        let Some(h) = o.hex else { continue };
        match o.kind {
            OfferKind::Move if !ranging.0 && mine(o) && (o.units.len() > 1) == stack.0 => {
                push(h, TargetKind::Move, o.badge.clone(), Tone::Normal)
            }
            OfferKind::Fire if !ranging.0 && mine(o) => push(h, TargetKind::Fire, o.badge.clone(), Tone::Normal),
            OfferKind::Range if ranging.0 && mine(o) => push(h, TargetKind::Other, None, Tone::Normal),
            OfferKind::React if sel.is_none() || mine(o) => push(h, TargetKind::Fire, o.badge.clone(), Tone::Normal),
            OfferKind::CloseCombat => push(h, TargetKind::Assault, o.badge.clone(), Tone::Normal),
            _ => {}
        }
    }
    // Units that can be picked: ringed faintly.
    for id in orders.pickable() {
        if Some(id.as_str()) == sel {
            continue;
        }
        if let Some(h) = p.find(&id).and_then(|u| p.hex(u)) {
            push(h, TargetKind::Pick, None, if preview.units.contains(&id) { Tone::Normal } else { Tone::Faint });
        }
    }
    for h in &preview.hexes {
        push(*h, TargetKind::Other, None, Tone::Warning);
    }
    // The hexes a pointed-at formation stands in.
    for id in &preview.units {
        if let Some(h) = p.find(id).and_then(|u| p.hex(u)) {
            push(h, TargetKind::Pick, None, Tone::Normal);
        }
    }
    model.set_targets(out);
}

/// The hovered hex's outline.
fn draw_pointer(mut gizmos: Gizmos, hover: Res<Hover>, drawn: Option<Res<DrawnMap>>) {
    let (Some(drawn), Some(h)) = (drawn, hover.hex) else { return };
    let c = hex_corners(&drawn.board, h, 2.0);
    gizmos.linestrip_2d(c.iter().copied().chain([c[0]]), Color::srgba(1.0, 1.0, 0.9, 0.9));
}

pub fn plugin(app: &mut App) {
    let _ = board::has;
    app.init_resource::<HudState>()
        .add_systems(Update, (present_targets, draw_pointer).chain().in_set(Frame::Visuals).run_if(in_state(SCREEN)))
        .add_systems(
            EguiPrimaryContextPass,
            hud.before(crate::ui::screens::HandOverCardSet)
                .run_if(in_state(SCREEN))
                .run_if(theme::theme_ready)
                .run_if(|l: Res<crate::ui::Launch>| !l.hides("hud")),
        );
}
