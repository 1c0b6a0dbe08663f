//! The panels around the map (egui): the top bar (turn, phase, side to move, and the game's buttons),
//! the right-hand column (the decision awaited, the battle intensity and confusion track, the victory
//! points, the turn track and the activation markers drawn, the selected unit's card, units off the
//! map, the log of every event and die roll with clickable rule numbers), the action bar along the
//! bottom, the tooltip over the map, the rule-text popup and the in-game menu.

use std::collections::BTreeMap;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::engine::Ruleset;
use crate::rulesets::bastards::map::{Situation, UnitInfo};
use crate::rulesets::bastards::preview::preview;
use crate::rulesets::bastards::scenario::{MarkerKind, VictorySpec};
use crate::rulesets::bastards::state::{
    Activations, Barrage, Clock, Pool, Sequence, Tracks, barrage_markers_left, barrages_placed, markers_drawn,
};
use crate::rulesets::bastards::units::{Location, Side};
use crate::rulesets::bastards::{Bastards, Command, EventKind};

use super::AiWorker;
use super::SCREEN;
use super::counters::{CounterAtlas, Selection};
use super::input::{AwaitingConfirmation, Intent, Intents, SightTool, request};
use super::orders::{OrderMode, Orders, odds_text};
use super::session::PlaySession;
use crate::ui::Frame;
use crate::ui::ai_worker::computer_thinking;
use crate::ui::art::palette::Palette;
use crate::ui::board::hex::input::Hover;
use crate::ui::camera::{MapCamera, MapViewport};
use crate::ui::game_menu::GameMenu;
use crate::ui::log::{LogView, full_log_window, log_heading, log_panel};
use crate::ui::rules_text::{RuleBooks, rule_link, rule_window};
use crate::ui::saves::SaveRequests;
use crate::ui::session::Seat;
use crate::ui::settings::Settings;
use crate::ui::theme::{self, BRASS, DIM, PARCHMENT, RED};
use crate::ui::top_bar::{BarButton, top_bar as shell_top_bar, who_decides};
use crate::ui::widgets::{self, TurnBox, panels_root, pct};

/// The panels' own state.
#[derive(Resource, Default)]
pub struct HudState {
    /// A rule whose text is shown.
    pub rule: Option<String>,
    /// Dice hidden, the whole log open.
    pub log: LogView,
    /// The counter atlas's image as an egui texture, the image, and the atlas it is.
    atlas_texture: Option<(egui::TextureId, AssetId<Image>, (String, bool))>,
    /// Lines of communication of both sides for the tooltip, by game revision.
    comms: Option<(u64, [Vec<bool>; 2])>,
    /// Follow the end of the log.
    pub log_len_seen: usize,
}

/// Everything the panels read or change.
#[derive(SystemParam)]
pub struct HudParams<'w, 's> {
    session: Option<Res<'w, PlaySession>>,
    orders: Res<'w, Orders>,
    mode: ResMut<'w, OrderMode>,
    selection: ResMut<'w, Selection>,
    hover: Res<'w, Hover>,
    sight: Res<'w, SightTool>,
    settings: ResMut<'w, Settings>,
    intents: ResMut<'w, Intents>,
    awaiting: ResMut<'w, AwaitingConfirmation>,
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

fn side_colour(side: Side, pal: &Palette) -> egui::Color32 {
    let c = if side == Side::Allied { pal.allied } else { pal.german_side };
    egui::Color32::from_rgb(c[0], c[1], c[2])
}

fn location_text(sit: &Situation, u: &UnitInfo) -> String {
    match u.location {
        Location::OnMap(h) => {
            let terrain = sit.terrain(h).map(|t| t.name.clone()).unwrap_or_default();
            format!("{} ({terrain})", sit.board().label(h))
        }
        Location::Waiting => "waiting to enter the map".into(),
        Location::OnTrack { turn } => format!("eliminated: returns at the end of turn {}", turn.saturating_sub(1)),
        Location::Eliminated => "permanently eliminated".into(),
        Location::Unused => "not used in this game".into(),
    }
}

/// What every part of the panels reads: the game, its situation and the sides' colours.
struct Scene<'a> {
    session: &'a PlaySession,
    sit: Situation,
    pal: Palette,
}

/// What the panels asked for in this frame, done once they are drawn.
#[derive(Default)]
struct Asks {
    open_rule: Option<String>,
    commands: Vec<Command>,
    undo: bool,
    fit: bool,
}

fn hud(mut contexts: EguiContexts, mut p: HudParams) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(session) = p.session.take() else { return Ok(()) };
    let scene = Scene { session: &session, sit: session.situation(), pal: Palette::new(p.settings.colour_blind) };
    let zoom = ctx.zoom_factor();

    // The counter atlas, for the unit card: the map's own image, lent to egui (not a copy: under a
    // software renderer every copy of an image is process memory).
    if let Some(atlas) = p.atlas.as_deref()
        && p.state.atlas_texture.as_ref().is_none_or(|(_, _, k)| *k != atlas.key)
    {
        if let Some((_, old, _)) = p.state.atlas_texture.take() {
            contexts.remove_image(old);
        }
        let id = contexts.add_image(bevy_egui::EguiTextureHandle::Weak(atlas.image.id()));
        p.state.atlas_texture = Some((id, atlas.image.id(), atlas.key.clone()));
    }

    let mut root = panels_root(&ctx, "hud");
    let mut asks = Asks::default();
    top_bar(&mut root, &ctx, &mut p, &scene, &mut asks);
    action_bar(&mut root, &ctx, &mut p, &scene, &mut asks);
    right_column(&mut root, &ctx, &mut p, &scene, &mut asks);

    // The map's area.
    let free = root.available_rect_before_wrap();
    p.viewport.free = Some(Rect::new(free.min.x * zoom, free.min.y * zoom, free.max.x * zoom, free.max.y * zoom));
    let pointer = ctx.pointer_hover_pos();
    // The in-game menu and the settings are modal: the map neither answers nor explains while they are open.
    let modal = p.menu.modal();
    p.viewport.pointer_over_ui = modal || ctx.is_pointer_over_egui() || pointer.is_some_and(|pp| !free.contains(pp));
    p.viewport.keyboard_over_ui = ctx.text_edit_focused();
    // Buttons keep the keyboard focus after a click, and egui would press them again on Enter or
    // Space: the map's shortcuts take the keyboard back unless a text field is being typed in.
    if !p.viewport.keyboard_over_ui {
        ctx.memory_mut(|m| m.stop_text_input());
    }

    // ---- Tooltip over the map ----
    if let Some(pos) = pointer
        && free.contains(pos)
        && !p.viewport.pointer_over_ui
        && !p.hand_over.showing
        // Nor over the game-over window.
        && (!session.game.is_over() || p.game_over_closed.0)
    {
        map_tooltip(&ctx, &mut p, &scene, pos);
    }
    let state = &mut *p.state;
    full_log_window(&ctx, &session.log, &mut state.log, &mut state.rule);

    // ---- Rule popup ----
    if let Some(r) = asks.open_rule.take().or_else(|| p.menu.rule.take()) {
        p.state.rule = Some(r);
    }
    rule_window(&ctx, p.books.of(crate::rulesets::bastards::ID), crate::rulesets::bastards::ID, &mut p.state.rule, free.center());

    // What the panels asked for.
    for c in asks.commands {
        if let Command::Activate(id) = &c {
            p.selection.unit = Some(id.clone());
        }
        request(c, &p.orders, &p.settings, &mut p.intents, &mut p.awaiting);
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

/// The top bar: the game's buttons from the right (so the labels never run under them), then the
/// turn, the sequence, the phase, who is to move and the scenario's name.
fn top_bar(root: &mut egui::Ui, ctx: &egui::Context, p: &mut HudParams, scene: &Scene, asks: &mut Asks) {
    match shell_top_bar(root, ctx, scene.session, "Esc", |ui| top_bar_labels(ui, p, scene)) {
        Some(BarButton::Menu) => p.menu.toggle(),
        Some(BarButton::Load) => p.saves.open_load = true,
        Some(BarButton::Save) => p.saves.open_save = true,
        Some(BarButton::Fit) => asks.fit = true,
        Some(BarButton::Undo) => asks.undo = true,
        None => {}
    }
}

/// The top bar's words, left to right.
fn top_bar_labels(ui: &mut egui::Ui, p: &HudParams, scene: &Scene) {
    let (session, view) = (scene.session, &scene.session.view);
    let scenario = session.scenario();
    ui.label(theme::title("Into the Bastards!", 20.0));
    let turn = view.turn;
    let spec = scenario.turn(turn);
    let last = scenario.last_turn();
    ui.label(theme::strong(format!("Turn {turn}/{last}")));
    if let Some(s) = spec {
        ui.label(egui::RichText::new(&s.label).color(PARCHMENT));
    }
    let random = session.game.world().get_resource::<Clock>().is_some_and(|c| c.sequence == Sequence::Random);
    ui.label(egui::RichText::new(if random { "random sequence" } else { "classic sequence" }).small().color(if random {
        RED
    } else {
        DIM
    }));
    ui.separator();
    // At the end the phase reads "game over" too: say it once, below.
    if session.to_move().is_some() {
        ui.label(egui::RichText::new(&view.phase).color(BRASS));
        ui.separator();
    }
    match session.to_move() {
        Some(side) => {
            let who = who_decides(session, side.id(), side.name(), computer_thinking(p.worker.as_deref()));
            ui.label(egui::RichText::new(format!("{} to move ({who})", side.name())).color(side_colour(side, &scene.pal)).strong());
        }
        None => {
            ui.label(egui::RichText::new("Game over").color(RED).strong());
        }
    }
    // The scenario's name last, shortened to the room the rest leaves.
    ui.separator();
    ui.add(egui::Label::new(egui::RichText::new(&scenario.spec.info.name).color(DIM)).truncate());
}

/// The action bar along the bottom: a command awaiting confirmation, the computer's turn, or the
/// active unit's medals and the orders it may give.
fn action_bar(root: &mut egui::Ui, ctx: &egui::Context, p: &mut HudParams, scene: &Scene, asks: &mut Asks) {
    let (session, sit) = (scene.session, &scene.sit);
    egui::Panel::bottom("actions")
        .frame(egui::Frame::side_top_panel(&ctx.global_style()).fill(theme::PANEL_DARK).inner_margin(egui::Margin::symmetric(10, 7)))
        .show(root, |ui| {
            ui.horizontal_wrapped(|ui| {
                if let Some((cmds, text)) = p.awaiting.0.clone() {
                    ui.label(egui::RichText::new("Confirm:").color(BRASS).strong());
                    ui.label(egui::RichText::new(&text).color(PARCHMENT));
                    if ui.button(egui::RichText::new("✔ Confirm (Enter)").strong()).clicked() {
                        p.awaiting.0 = None;
                        p.intents.0.push(Intent::Commands(cmds));
                    }
                    if ui.button("✖ Cancel (Esc)").clicked() {
                        p.awaiting.0 = None;
                    }
                    return;
                }
                if !p.orders.human {
                    let text = match session.to_move() {
                        Some(s) if session.watching() => format!("Replay: {} to decide; no orders are given here.", s.name()),
                        Some(s) => format!("{} is played by the computer.", s.name()),
                        None => session.view.result.clone().unwrap_or_else(|| "The game is over.".into()),
                    };
                    ui.label(egui::RichText::new(text).color(DIM));
                    if let Some(w) = p.worker.as_deref()
                        && !w.status.is_empty()
                    {
                        ui.label(egui::RichText::new(&w.status).color(RED));
                    }
                    return;
                }
                if let Some(active) = p.orders.active.as_deref().and_then(|id| sit.by_id(id)) {
                    let act = session.game.world().get_resource::<Activations>().and_then(|a| a.current.clone());
                    let left = act.as_ref().map(|a| a.medals_left()).unwrap_or(0);
                    let mp = act.as_ref().map(|a| a.mp_left).unwrap_or(0);
                    ui.label(theme::strong(active.unit.name.to_string()));
                    ui.label(
                        egui::RichText::new(format!(
                            "{}{}",
                            "●".repeat(left as usize),
                            if mp > 0 { format!(" +{mp} MP") } else { String::new() }
                        ))
                        .color(BRASS)
                        .size(16.0),
                    )
                    .on_hover_text(format!("{left} medal{} left to spend", if left == 1 { "" } else { "s" }));
                    ui.separator();
                }
                action_buttons(ui, p, asks);
            });
        });
}

/// The orders of the action bar as buttons (greyed with the reason and its rule when not allowed),
/// and what the player is asked to click.
fn action_buttons(ui: &mut egui::Ui, p: &mut HudParams, asks: &mut Asks) {
    for item in p.orders.actions.clone() {
        let selected = item.mode.is_some_and(|m| m == *p.mode);
        let mut text = item.label.clone();
        if let Some(c) = &item.cost {
            text.push_str(&format!("  ({c})"));
        }
        if let Some(k) = item.hotkey {
            text.push_str(&format!("  [{k}]"));
        }
        let button = egui::Button::new(if item.enabled { egui::RichText::new(text) } else { egui::RichText::new(text).color(DIM) })
            .selected(selected);
        let mut resp = ui.add_enabled(item.enabled, button);
        if let Some(reason) = &item.reason {
            let rule = item.rule.clone().map(|r| format!(" (rule {r})")).unwrap_or_default();
            resp = resp.on_disabled_hover_text(format!("{reason}{rule}"));
        }
        if let Some(d) = &item.detail {
            resp = resp.on_hover_text(d);
        }
        if resp.clicked() {
            if let Some(m) = item.mode {
                *p.mode = if *p.mode == m { OrderMode::Auto } else { m };
            }
            if let Some(c) = &item.command {
                asks.commands.push(c.clone());
            }
        }
    }
    // The reason the first greyed action is not allowed, in words.
    if let Some(item) =
        p.orders.actions.iter().find(|a| !a.enabled && a.reason.is_some() && a.mode.is_none() && a.command == Some(Command::EndActivation))
    {
        ui.label(egui::RichText::new(item.reason.clone().unwrap_or_default()).small().color(DIM));
    }
    if *p.mode != OrderMode::Auto {
        ui.label(egui::RichText::new(format!("{:?}: click a highlighted hex or unit (Esc: cancel)", *p.mode)).color(BRASS));
    }
    if p.orders.actions.is_empty() && p.orders.pending.is_some() {
        ui.label(egui::RichText::new("Select a unit.").color(DIM));
    }
}

/// The least height the log keeps in the right-hand column, in points.
const LOG_MIN_HEIGHT: f32 = 190.0;

/// The right-hand column: the decision awaited, the tracks, the selected unit's card, the units off
/// the map and the log.
fn right_column(root: &mut egui::Ui, ctx: &egui::Context, p: &mut HudParams, scene: &Scene, asks: &mut Asks) {
    let (session, sit) = (scene.session, &scene.sit);
    egui::Panel::right("side")
        .resizable(true)
        .default_size(350.0)
        .min_size(280.0)
        .frame(egui::Frame::side_top_panel(&ctx.global_style()).inner_margin(egui::Margin::same(10)))
        .show(root, |ui| {
            // The upper part scrolls so that the log keeps at least LOG_MIN_HEIGHT (issue 20: with
            // "Off the map" open it shrank to one line).
            let upper = (ui.available_height() - LOG_MIN_HEIGHT).max(120.0);
            egui::ScrollArea::vertical().id_salt("side-upper").max_height(upper).auto_shrink([false, true]).show(ui, |ui| {
                // The decision awaited.
                if let Some(pending) = &p.orders.pending {
                    let side = Side::from_id(&pending.side);
                    let colour = side.map(|s| side_colour(s, &scene.pal)).unwrap_or(BRASS);
                    egui::Frame::group(ui.style()).stroke(egui::Stroke::new(1.5, colour)).show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        ui.horizontal(|ui| {
                            ui.label(egui::RichText::new(side.map(|s| s.name()).unwrap_or("")).color(colour).strong());
                            rule_link(ui, &pending.rule, &mut asks.open_rule);
                        });
                        ui.label(egui::RichText::new(&pending.prompt).color(PARCHMENT));
                    });
                } else if let Some(result) = &session.view.result {
                    ui.label(egui::RichText::new(result).color(RED).strong());
                }
                ui.add_space(4.0);
                tracks_ui(ui, session, &scene.pal, &mut asks.open_rule);
                ui.separator();
                // The selected unit.
                let selected = p.selection.unit.clone().and_then(|id| sit.by_id(&id).cloned());
                if let Some(u) = selected {
                    let atlas = p.state.atlas_texture.as_ref().map(|t| t.0).zip(p.atlas.as_deref());
                    unit_card(ui, session, sit, &u, atlas, &p.orders, &mut asks.commands);
                } else {
                    ui.label(egui::RichText::new("Click a counter to see its card. Tab: next unit to activate.").small().color(DIM));
                }
                if !p.orders.deploy.is_empty() {
                    ui.label(
                        egui::RichText::new("Night assault: click a shaded hex to deploy the unit picked; Tab picks another.")
                            .small()
                            .color(BRASS),
                    );
                }
                ui.separator();
                if let Some(pick) = off_map_ui(ui, session, sit, &p.orders) {
                    p.selection.unit = Some(pick);
                }
            });
            ui.separator();
            log_heading(ui, &mut p.state.log);
            log_panel(ui, session, &p.state.log, &mut asks.open_rule, |ev| {
                // The events that matter most in bold.
                matches!(
                    ev.kind,
                    EventKind::Eliminated { .. }
                        | EventKind::VictoryPoints { .. }
                        | EventKind::GameOver { .. }
                        | EventKind::TurnBegan { .. }
                        | EventKind::MarkerDrawn { .. }
                        | EventKind::SequenceChange { .. }
                )
            });
        });
}

/// The tooltip over the map, at the pointer (the lines of communication computed once per revision).
fn map_tooltip(ctx: &egui::Context, p: &mut HudParams, scene: &Scene, pos: egui::Pos2) {
    let (session, sit) = (scene.session, &scene.sit);
    let comms = match &p.state.comms {
        Some((rev, c)) if *rev == session.revision => c.clone(),
        _ => {
            let c = [sit.communications(Side::Allied), sit.communications(Side::German)];
            p.state.comms = Some((session.revision, c.clone()));
            c
        }
    };
    crate::ui::widgets::map_tip_area("map-tooltip", pos, crate::ui::widgets::map_rect_points(ctx, p.viewport.free)).show(ctx, |ui| {
        egui::Frame::popup(ui.style()).show(ui, |ui| {
            ui.set_max_width(330.0);
            let tip = Tip { orders: &p.orders, mode: *p.mode, hover: &p.hover, sight: &p.sight, selected: p.selection.unit.as_deref() };
            tooltip_ui(ui, scene, &tip, &comms);
        });
    });
}

/// Messages over the top of the map, fading out.
/// The battle intensity and confusion track, the victory points, the turn track, the markers drawn.
fn tracks_ui(ui: &mut egui::Ui, session: &PlaySession, pal: &Palette, open_rule: &mut Option<String>) {
    let world = session.game.world();
    let Some(tracks) = world.get_resource::<Tracks>() else { return };
    intensity_track(ui, tracks, open_rule);
    victory_ui(ui, session, tracks, pal, open_rule);
    turn_track(ui, session);
    drawn_markers_ui(ui, world, pal, open_rule);
}

/// The battle intensity and confusion track (6): intensity filled in red, confusion framed in blue.
fn intensity_track(ui: &mut egui::Ui, tracks: &Tracks, open_rule: &mut Option<String>) {
    // Intensity vs confusion.
    ui.horizontal(|ui| {
        ui.label(theme::strong("Battle intensity"));
        ui.label(egui::RichText::new(format!("{} / confusion {}", tracks.intensity, tracks.confusion)).color(PARCHMENT));
        rule_link(ui, "6", open_rule);
    });
    let max = (tracks.confusion.max(tracks.intensity) + 2).max(10) as usize;
    let (rect, painter) = {
        let (resp, painter) = ui.allocate_painter(egui::vec2(ui.available_width(), 22.0), egui::Sense::hover());
        (resp.rect, painter)
    };
    let w = rect.width() / (max + 1) as f32;
    for i in 0..=max {
        let r = egui::Rect::from_min_size(egui::pos2(rect.min.x + i as f32 * w, rect.min.y), egui::vec2(w - 1.0, 20.0));
        let fill = if (i as i32) < tracks.intensity { egui::Color32::from_rgb(150, 60, 40) } else { egui::Color32::from_rgb(62, 58, 50) };
        painter.rect_filled(r, 2.0, fill);
        if i as i32 == tracks.confusion {
            painter.rect_stroke(r, 2.0, egui::Stroke::new(2.0, egui::Color32::from_rgb(110, 150, 230)), egui::StrokeKind::Inside);
            painter.text(r.center(), egui::Align2::CENTER_CENTER, "C", egui::FontId::proportional(11.0), egui::Color32::WHITE);
        }
        if i as i32 == tracks.intensity {
            painter.circle_filled(r.center(), 6.5, egui::Color32::from_rgb(230, 90, 50));
            painter.text(r.center(), egui::Align2::CENTER_CENTER, "I", egui::FontId::proportional(10.0), egui::Color32::WHITE);
        }
    }
}

/// The victory points (scenario 1), or what scenario 2's levels are decided by: it scores none.
fn victory_ui(ui: &mut egui::Ui, session: &PlaySession, tracks: &Tracks, pal: &Palette, open_rule: &mut Option<String>) {
    match &session.scenario().spec.victory {
        VictorySpec::Points(_) => {
            let vp = |s: Side| tracks.vp.get(&s).copied().unwrap_or(0);
            ui.horizontal(|ui| {
                ui.label(theme::strong("Victory points"));
                ui.label(egui::RichText::new(format!("Allied {}", vp(Side::Allied))).color(side_colour(Side::Allied, pal)).strong());
                ui.label(egui::RichText::new(format!("German {}", vp(Side::German))).color(side_colour(Side::German, pal)).strong());
                rule_link(ui, "11", open_rule);
            });
        }
        VictorySpec::Levels(l) => {
            ui.horizontal_wrapped(|ui| {
                ui.label(theme::strong("Victory"));
                ui.label(
                    egui::RichText::new(format!(
                        "German decisive from turn {} with {} alone and {}, {} or {}; otherwise levels at the end",
                        l.decisive_from_turn, l.town, l.wood, l.village, l.far_village
                    ))
                    .color(DIM),
                );
                rule_link(ui, "S2", open_rule);
            });
        }
    }
}

/// The turn track: nightfall turns marked with a moon, the artillery of each turn on hover.
fn turn_track(ui: &mut egui::Ui, session: &PlaySession) {
    let boxes: Vec<TurnBox> = session
        .scenario()
        .spec
        .turns
        .iter()
        .map(|t| TurnBox {
            turn: t.turn,
            label: if t.nightfall { "☾".to_string() } else { t.turn.to_string() },
            hover: Some(format!(
                "Turn {}: {}{}\nArtillery markers: German {}, Allied {}",
                t.turn,
                t.label,
                if t.nightfall { " (Nightfall)" } else { "" },
                t.german_artillery,
                t.allied_artillery
            )),
        })
        .collect();
    widgets::turn_track(ui, session.view.turn, &boxes);
}

/// The random sequence (7.2): the activation markers drawn this turn, the last one large.
fn drawn_markers_ui(ui: &mut egui::Ui, world: &World, pal: &Palette, open_rule: &mut Option<String>) {
    let drawn = markers_drawn(world);
    if let Some(pool) = world.get_resource::<Pool>()
        && (world.get_resource::<Clock>().is_some_and(|c| c.sequence == Sequence::Random) || !drawn.is_empty())
    {
        ui.horizontal_wrapped(|ui| {
            ui.label(theme::strong("Markers drawn"));
            rule_link(ui, "7.2", open_rule);
            let n = drawn.len();
            for (i, (kind, side)) in drawn.iter().enumerate() {
                let name = crate::rulesets::bastards::markers::marker_name(*kind, *side);
                let colour = side.map(|s| side_colour(s, pal)).unwrap_or(BRASS);
                let text = egui::RichText::new(short_marker(*kind)).color(egui::Color32::BLACK).background_color(colour);
                let text = if i + 1 == n { text.size(17.0).strong() } else { text.small() };
                ui.label(text).on_hover_text(name);
            }
            ui.label(egui::RichText::new(format!("({} left in the pool)", pool.markers.len())).small().color(DIM));
        });
        if let Some((kind, side)) = drawn.last() {
            ui.label(
                egui::RichText::new(format!("Just drawn: {}", crate::rulesets::bastards::markers::marker_name(*kind, *side))).color(BRASS),
            );
        }
    }
}

fn short_marker(kind: MarkerKind) -> String {
    match kind {
        MarkerKind::Battalions(n) => format!(" {n} Bn "),
        MarkerKind::Tanks => " Tanks ".into(),
        MarkerKind::Hero => " Hero ".into(),
        MarkerKind::Pause => " Pause ".into(),
        MarkerKind::Artillery => " Arty ".into(),
        MarkerKind::Rout => " Rout ".into(),
        MarkerKind::Mechanic => " Mech ".into(),
        MarkerKind::EndOfTurn => " End ".into(),
        MarkerKind::Reinforcements => " Reinf ".into(),
    }
}

/// The selected unit's card, with its two faces from the counter atlas.
fn unit_card(
    ui: &mut egui::Ui,
    session: &PlaySession,
    sit: &Situation,
    u: &UnitInfo,
    atlas: Option<(egui::TextureId, &CounterAtlas)>,
    orders: &Orders,
    commands: &mut Vec<Command>,
) {
    let id = u.unit.id.to_string();
    let max = sit.scenario.tables.max_medals;
    ui.horizontal(|ui| {
        if let Some((tex, atlas)) = atlas {
            for (reduced, size) in [(u.reduced, 84.0), (!u.reduced, 46.0)] {
                if let Some(r) = atlas.cells.get(&(id.clone(), reduced)) {
                    let (w, h) = (atlas.size.x as f32, atlas.size.y as f32);
                    let uv = egui::Rect::from_min_max(egui::pos2(r.min.x / w, r.min.y / h), egui::pos2(r.max.x / w, r.max.y / h));
                    ui.add(egui::Image::new((tex, egui::vec2(size, size))).uv(uv)).on_hover_text(if reduced == u.reduced {
                        "this side up"
                    } else {
                        "the other side"
                    });
                }
            }
        }
        ui.vertical(|ui| {
            ui.label(theme::strong(u.unit.name.to_string()));
            ui.label(egui::RichText::new(u.unit.formation.to_string()).small().color(DIM));
            let kind = if u.is_tank() {
                u.kind().name().to_string()
            } else if u.unit.mg {
                "machine-gun battalion".into()
            } else {
                "infantry battalion".into()
            };
            ui.label(format!("{} · {}", u.side().name(), kind));
        });
    });
    let medals = u.medals(max);
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("●".repeat(medals as usize)).color(BRASS).size(17.0));
        ui.label(format!("{medals} medal{}{}", if medals == 1 { "" } else { "s" }, if u.hero { " (hero +1)" } else { "" }));
    });
    let status = match (u.is_tank(), u.reduced) {
        (_, false) => "full strength",
        (true, true) => "damaged",
        (false, true) => "disorganised",
    };
    let mut marks = Vec::new();
    if u.breakdown {
        marks.push("mechanical breakdown");
    }
    if u.hero {
        marks.push("hero");
    }
    if u.record.activated {
        marks.push("activated this turn");
    }
    // A unit out of the game has no strength to speak of.
    if !matches!(u.location, Location::Eliminated | Location::Unused) {
        ui.label(format!("{status}{}", if marks.is_empty() { String::new() } else { format!(" · {}", marks.join(", ")) }));
    }
    ui.label(egui::RichText::new(location_text(sit, u)).color(PARCHMENT));
    if u.is_tank() {
        ui.label(
            egui::RichText::new(format!(
                "movement medals this turn: {}/{}",
                u.record.movement_medals, sit.scenario.tables.actions.tank_movement_medals_per_turn
            ))
            .small()
            .color(DIM),
        );
    }
    if orders.active.as_deref() == Some(id.as_str())
        && let Some(a) = session.game.world().get_resource::<Activations>().and_then(|a| a.current.clone())
    {
        ui.label(
            egui::RichText::new(format!(
                "Active: {} medal(s) left{}",
                a.medals_left(),
                if a.mp_left > 0 { format!(", {} MP left", a.mp_left) } else { String::new() }
            ))
            .color(BRASS),
        );
    } else if orders.activatable.contains(&id) {
        if ui.button(egui::RichText::new(if u.hex().is_some() { "Activate [Space]" } else { "Bring into play" }).strong()).clicked() {
            commands.push(Command::Activate(id.clone()));
        }
    } else if let Some(c) = orders.choose.get(&id)
        && ui.button(egui::RichText::new(command_name(c)).strong()).clicked()
    {
        commands.push(c.clone());
    }
    if let Some(note) = sit.scenario.unit(&id).map(|s| s.note.clone()).filter(|n| !n.is_empty()) {
        ui.label(egui::RichText::new(note).small().italics().color(DIM));
    }
}

fn command_name(c: &Command) -> &'static str {
    match c {
        Command::PlaceHero(_) => "Place the hero here",
        Command::Repair(_) => "Repair with the mechanic",
        Command::Reorganise(_) => "Reorganise",
        _ => "Choose",
    }
}

/// An off-map unit's button text: its designation, on brass and bold when it may be activated or
/// deployed now.
fn off_map_label(u: &UnitInfo, can: bool) -> egui::RichText {
    let text = egui::RichText::new(super::faces::designation(&u.unit.name, u.kind()));
    if can { text.strong().color(egui::Color32::BLACK).background_color(BRASS) } else { text.small() }
}

/// Units off the map: reinforcements to come, eliminated battalions on the turn track, artillery
/// markers to place. Returns a unit the player clicked.
fn off_map_ui(ui: &mut egui::Ui, session: &PlaySession, sit: &Situation, orders: &Orders) -> Option<String> {
    let mut picked = None;
    let world = session.game.world();
    let scenario = session.scenario();
    // Artillery markers to place now.
    if orders.barrage && world.contains_resource::<Barrage>() {
        let left = barrage_markers_left(world);
        ui.label(
            egui::RichText::new(format!(
                "Artillery: {left} marker{} to place (click hexes), {} placed",
                if left == 1 { "" } else { "s" },
                barrages_placed(world).len()
            ))
            .color(BRASS)
            .strong(),
        );
    }
    let mut waiting: BTreeMap<String, Vec<&UnitInfo>> = BTreeMap::new();
    let mut returning: BTreeMap<u32, Vec<&UnitInfo>> = BTreeMap::new();
    // A person sees their own side's units off the map (both sides when watching the computer).
    let humans: Vec<Side> = Side::BOTH.iter().copied().filter(|s| session.seat(*s) == Seat::Human).collect();
    let shown =
        |s: Side| humans.is_empty() || humans.len() == 2 && orders.side.is_none_or(|m| m == s) || humans.len() == 1 && humans[0] == s;
    for u in sit.units.iter().filter(|u| shown(u.side())) {
        match u.location {
            Location::Waiting => {
                let group = scenario
                    .spec
                    .reinforcements
                    .iter()
                    .find(|r| r.units.iter().any(|x| *x == *u.unit.id))
                    .map(|r| format!("{} — turn {}", r.side.name(), r.turn))
                    .or_else(|| {
                        scenario
                            .spec
                            .night_assault
                            .as_ref()
                            .filter(|n| n.units.iter().any(|x| *x == *u.unit.id))
                            .map(|n| format!("Night assault — turn {}", n.turn))
                    })
                    .unwrap_or_else(|| format!("{} — later", u.side().name()));
                waiting.entry(group).or_default().push(u);
            }
            Location::OnTrack { turn } => returning.entry(turn).or_default().push(u),
            _ => {}
        }
    }
    if waiting.is_empty() && returning.is_empty() {
        return None;
    }
    egui::CollapsingHeader::new(theme::strong("Off the map"))
        .id_salt(("off-map", session.view.turn, orders.activatable.len()))
        .default_open(!orders.activatable.iter().all(|id| sit.by_id(id).is_some_and(|u| u.hex().is_some())))
        .show(ui, |ui| {
            for (group, units) in &waiting {
                ui.label(egui::RichText::new(format!("Reinforcements: {group}")).color(BRASS).small());
                ui.horizontal_wrapped(|ui| {
                    for u in units {
                        let id = u.unit.id.to_string();
                        let can = orders.activatable.contains(&id) || orders.deploy.contains_key(&id);
                        if ui.add(egui::Button::new(off_map_label(u, can)).small()).on_hover_text(u.unit.name.to_string()).clicked() {
                            picked = Some(id);
                        }
                    }
                });
            }
            for (turn, units) in &returning {
                ui.label(
                    egui::RichText::new(format!("Turn track: back at the end of turn {}", turn.saturating_sub(1))).color(BRASS).small(),
                );
                ui.horizontal_wrapped(|ui| {
                    for u in units {
                        let id = u.unit.id.to_string();
                        let can = orders.activatable.contains(&id);
                        if ui.add(egui::Button::new(off_map_label(u, can)).small()).on_hover_text(u.unit.name.to_string()).clicked() {
                            picked = Some(id);
                        }
                    }
                });
            }
        });
    picked
}

/// What the tooltip reads besides the game: the orders, the pointer and the line of sight tool.
struct Tip<'a> {
    orders: &'a Orders,
    mode: OrderMode,
    hover: &'a Hover,
    sight: &'a SightTool,
    selected: Option<&'a str>,
}

/// The tooltip over the map: the line of sight tool's verdict, or the hex and the units in it.
fn tooltip_ui(ui: &mut egui::Ui, scene: &Scene, tip: &Tip, comms: &[Vec<bool>; 2]) {
    if tip.sight.active {
        sight_tooltip(ui, &scene.sit, tip.sight);
        return;
    }
    let Some(h) = tip.hover.hex else {
        ui.label(egui::RichText::new("off the map").color(DIM));
        return;
    };
    hex_tooltip(ui, scene, tip, h, comms);
    for u in scene.sit.at(h) {
        ui.separator();
        unit_tooltip(ui, scene, tip, u);
    }
}

/// The line of sight tool's verdict.
fn sight_tooltip(ui: &mut egui::Ui, sit: &Situation, sight: &SightTool) {
    match (&sight.result, sight.from, sight.to) {
        (Some(Ok(())), Some(a), Some(b)) => {
            ui.label(
                egui::RichText::new(format!("Line of sight {} → {}: clear", sit.board().label(a), sit.board().label(b)))
                    .color(theme::GREEN)
                    .strong(),
            );
        }
        (Some(Err((_, why))), Some(a), Some(b)) => {
            ui.label(
                egui::RichText::new(format!("Line of sight {} → {}: blocked", sit.board().label(a), sit.board().label(b)))
                    .color(RED)
                    .strong(),
            );
            ui.label(format!("by {why}"));
        }
        _ => {
            ui.label("Line of sight: point at a hex");
        }
    }
    ui.label(egui::RichText::new("(LoS: blocking terrain and battalions block; adjacent hexes always see each other)").small().color(DIM));
}

/// The hex: terrain and its cost for the selected unit, place, trench, roads, zones of control, lines
/// of communication, and the orders into it (move, infiltrate, withdraw, barrage).
fn hex_tooltip(ui: &mut egui::Ui, scene: &Scene, tip: &Tip, h: hexx::Hex, comms: &[Vec<bool>; 2]) {
    let sit = &scene.sit;
    let label = sit.board().label(h);
    let terrain = sit.terrain(h);
    let tname = terrain.map(|t| t.name.clone()).unwrap_or_else(|| "?".into());
    ui.horizontal(|ui| {
        ui.label(theme::strong(label.clone()));
        ui.label(egui::RichText::new(&tname).color(BRASS));
        if let Some(t) = terrain {
            let mut fx = vec![format!("{} MP", t.cost)];
            if t.combat_drm != 0 {
                fx.push(format!("{:+} to fire into", t.combat_drm));
            }
            if t.blocks_los {
                fx.push("blocks sight".into());
            }
            ui.label(egui::RichText::new(fx.join(", ")).small().color(DIM));
        }
    });
    if let Some(place) = sit.board().places.iter().find(|p| p.hexes.contains(&h)) {
        ui.label(egui::RichText::new(&place.name).italics().color(PARCHMENT));
    }
    if !sit.in_play(h) {
        ui.label(egui::RichText::new("not in play in this scenario").color(RED));
    }
    if let Some(owner) = sit.trench(h) {
        ui.label(format!("Trench: {} ({})", owner.name(), if owner == Side::Allied { "British cockade" } else { "black cross" }));
    }
    let roads: Vec<String> = sit.board().neighbors(h).filter(|n| sit.road_between(h, *n)).map(|n| sit.board().label(n)).collect();
    if !roads.is_empty() {
        ui.label(egui::RichText::new(format!("Road to {}", roads.join(", "))).small());
    }
    let zoc: Vec<&str> = Side::BOTH.iter().filter(|s| sit.enemy_zoc(h, s.enemy())).map(|s| s.name()).collect();
    if !zoc.is_empty() {
        ui.label(format!("Zone of control: {}", zoc.join(" and ")));
    }
    let idx = sit.board().index(h);
    let loc =
        |i: usize, side: Side| idx.is_some_and(|x| comms[i].get(x).copied().unwrap_or(false)) || sit.has_communication(h, side, &comms[i]);
    ui.label(
        egui::RichText::new(format!(
            "Line of communication: Allied {}, German {}",
            if loc(0, Side::Allied) { "yes" } else { "no" },
            if loc(1, Side::German) { "yes" } else { "no" }
        ))
        .small()
        .color(DIM),
    );
    hex_orders_tooltip(ui, scene, tip, h, &label);
}

/// The orders into the hex: the move's cost for the selected or active unit (or why it may not
/// move there), infiltration, withdrawal, a barrage's odds.
fn hex_orders_tooltip(ui: &mut egui::Ui, scene: &Scene, tip: &Tip, h: hexx::Hex, label: &str) {
    let (sit, orders, world) = (&scene.sit, tip.orders, scene.session.game.world());
    if let Some(p) = orders.moves.get(&h) {
        ui.label(egui::RichText::new(p.text.clone()).color(theme::GREEN));
    } else if let Some(cost) = orders.reach_if_activated.get(&h) {
        ui.label(
            egui::RichText::new(format!("{cost} MP for the selected unit once activated (click to activate and move)")).color(theme::GREEN),
        );
    } else if orders.human
        && orders.active.is_some()
        && matches!(tip.mode, OrderMode::Auto | OrderMode::Move)
        && sit.in_play(h)
        && !sit.at(h).any(|x| Some(&*x.unit.id) == orders.active.as_deref())
        && let Err(r) = <Bastards as Ruleset>::check(world, &Command::Move(label.to_string()))
    {
        ui.label(egui::RichText::new(format!("cannot move here: {r}")).small().color(DIM));
    }
    if let Some(p) = orders.infiltrate.get(&h).or_else(|| orders.withdraw.get(&h)) {
        ui.label(egui::RichText::new(p.text.clone()).color(theme::GREEN));
    }
    if orders.barrage
        && let Some(pv) = preview(world, &Command::PlaceBarrage(label.to_string()))
    {
        let extra: Vec<String> = pv.odds.iter().skip(1).map(|(n, v)| format!("{n} {}", pct(*v))).collect();
        ui.label(
            egui::RichText::new(if extra.is_empty() { pv.text.clone() } else { format!("{} — {}", pv.text, extra.join(", ")) })
                .color(BRASS),
        );
    }
}

/// A unit in the hex: its name and state, the odds of firing at or assaulting it (or why the active
/// unit may not fire), what a click does.
fn unit_tooltip(ui: &mut egui::Ui, scene: &Scene, tip: &Tip, u: &UnitInfo) {
    let (sit, orders, world) = (&scene.sit, tip.orders, scene.session.game.world());
    let id = u.unit.id.to_string();
    let status = if u.reduced { if u.is_tank() { " (damaged)" } else { " (disorganised)" } } else { "" };
    ui.label(egui::RichText::new(format!("{}{status}", u.unit.name)).strong().color(if Some(id.as_str()) == tip.hover.unit.as_deref() {
        BRASS
    } else {
        PARCHMENT
    }));
    ui.label(
        egui::RichText::new(format!(
            "{} {} · {} medals{}",
            u.side().name(),
            u.kind().name(),
            u.medals(sit.scenario.tables.max_medals),
            if u.record.activated { " · activated" } else { "" }
        ))
        .small(),
    );
    if let Some(pv) = orders.fire.get(&id) {
        ui.label(egui::RichText::new(format!("Fire: {} — {}", odds_text(pv), pv.text)).color(theme::GREEN));
    }
    if let Some(pv) = orders.assault.get(&id) {
        ui.label(egui::RichText::new(format!("Assault: {} — {}", odds_text(pv), pv.text)).color(theme::GREEN));
    }
    if let Some(hit) = orders.fire_if_activated.get(&id) {
        ui.label(egui::RichText::new(format!("Fire once activated: hit {}", pct(*hit))).color(theme::GREEN));
    }
    // Why the active unit cannot fire at an enemy here.
    if let Some(active) = orders.active.as_deref().and_then(|a| sit.by_id(a)).filter(|_| orders.human)
        && active.side() != u.side()
        && !orders.fire.contains_key(&id)
        && !orders.assault.contains_key(&id)
        && let Err(r) = <Bastards as Ruleset>::check(world, &Command::Fire(id.clone()))
    {
        ui.label(egui::RichText::new(format!("cannot fire: {r}")).small().color(DIM));
    }
    if let Some(c) = orders.choose.get(&id) {
        ui.label(egui::RichText::new(format!("click: {}", command_name(c))).color(BRASS));
    }
    if orders.activatable.contains(&id) && orders.active.is_none() {
        ui.label(
            egui::RichText::new(if tip.selected == Some(id.as_str()) {
                "selected: click a shaded hex to activate and move, Space to activate"
            } else {
                "can be activated: click to select"
            })
            .small()
            .color(BRASS),
        );
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<HudState>().add_systems(
        EguiPrimaryContextPass,
        hud.run_if(in_state(SCREEN)).run_if(theme::theme_ready).run_if(|l: Res<crate::ui::Launch>| !l.hides("hud")),
    );
    let _ = Frame::Input;
}
