//! The threat view (issue 19; docs/gui.md, "The threat view"): F7 or the top bar's "Threats" puts
//! a mark on each of the player's units the enemy may hurt before the player's next turn, with the
//! chance and the loss expected, from the computer's look-ahead (`ai::search::threats`: the game
//! played on by the Normal opponent for both sides, under a dozen dice samples, from the position
//! the player's side sees). Every board view: the marks are drawn over the places the board model
//! gives, through [`PlaceCentres`].

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::Evaluators;

use super::ai_worker::ComputerPlayer;
use super::board::{BoardModel, PlaceCentres};
use super::camera::{MapCamera, MapViewport};
use super::presenter::sides_of;
use super::session::{GameSession, Seat};
use super::theme;

/// Whether the threat view is on, kept in egui's memory so the shared top bar can toggle it.
const ON: &str = "threat-view-on";
/// Whether the game's opponent can show it (set by the running presenter's system).
const AVAILABLE: &str = "threat-view-available";

pub fn is_on(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<bool>(egui::Id::new(ON))).unwrap_or(false)
}

pub fn toggle(ctx: &egui::Context) {
    let on = !is_on(ctx);
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(ON), on));
}

/// Whether the top bar offers the toggle.
pub fn available(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<bool>(egui::Id::new(AVAILABLE))).unwrap_or(false)
}

/// The side the view is for: the person's side in a game against the computer.
fn player_side<R: Evaluators>(session: &GameSession<R>) -> Option<usize> {
    let sides = sides_of(&session.game);
    let computer = session.seats.values().any(|s| *s == Seat::Computer);
    let person = sides.iter().position(|s| session.seat_of(s) == Seat::Human)?;
    computer.then_some(person)
}

/// F7 toggles the view; while it is on, asks the computer's worker for the position's threats.
fn ask<R: Evaluators>(
    mut contexts: EguiContexts,
    keys: Res<ButtonInput<KeyCode>>,
    viewport: Res<MapViewport>,
    session: Option<Res<GameSession<R>>>,
    worker: Option<ResMut<ComputerPlayer<R>>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let (Some(session), Some(mut worker)) = (session, worker) else { return Ok(()) };
    let side = player_side(&session);
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(AVAILABLE), R::LOOKS_AHEAD && side.is_some()));
    if keys.just_pressed(KeyCode::F7) && !viewport.keyboard_over_ui {
        toggle(&ctx);
    }
    if let Some(side) = side.filter(|_| is_on(&ctx) && R::LOOKS_AHEAD) {
        worker.ask_threats(session.revision, side);
        // The window sleeps between inputs: keep drawing until the answer is on the map.
        if !matches!(&worker.threats, Some((rev, _)) if *rev == session.revision) {
            redraw.write(bevy::window::RequestRedraw);
        }
    }
    Ok(())
}

/// A ring on each threatened unit, red as the chance, and a tag with the chance and the loss.
fn draw<R: Evaluators>(
    mut contexts: EguiContexts,
    session: Option<Res<GameSession<R>>>,
    worker: Option<Res<ComputerPlayer<R>>>,
    model: Res<BoardModel>,
    centres: PlaceCentres,
    cameras: Query<(&Camera, &GlobalTransform), With<MapCamera>>,
    viewport: Res<MapViewport>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let (Some(session), Some(worker)) = (session, worker) else { return Ok(()) };
    if !is_on(&ctx) || player_side(&session).is_none() {
        return Ok(());
    }
    let legend = |text: &str| {
        egui::Area::new(egui::Id::new("threat-legend"))
            .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -40.0))
            .interactable(false)
            .show(&ctx, |ui| {
                egui::Frame::popup(ui.style()).fill(theme::PANEL_DARK).show(ui, |ui| {
                    ui.label(egui::RichText::new(text).color(theme::PARCHMENT));
                });
            });
    };
    if !R::LOOKS_AHEAD {
        legend("Threat view (F7): this game's computer opponent has no look-ahead yet.");
        return Ok(());
    }
    let threats = match &worker.threats {
        Some((rev, Some(list))) if *rev == session.revision => list,
        _ => {
            legend("Threat view (F7): reckoning what the enemy may do…");
            return Ok(());
        }
    };
    let Ok((camera, at)) = cameras.single() else { return Ok(()) };
    let zoom = ctx.zoom_factor();
    let free = viewport
        .free
        .map(|r| egui::Rect::from_min_max(egui::pos2(r.min.x / zoom, r.min.y / zoom), egui::pos2(r.max.x / zoom, r.max.y / zoom)));
    let painter = ctx
        .layer_painter(egui::LayerId::new(egui::Order::Background, egui::Id::new("threat-marks")))
        .with_clip_rect(free.unwrap_or(ctx.content_rect()));
    for t in threats {
        let Some(place) = model.piece_of(&t.unit).and_then(|p| p.place) else { continue };
        let Some(world) = centres.of(place) else { continue };
        let Ok(screen) = camera.world_to_viewport(at, world.extend(0.0)) else { continue };
        let pos = egui::pos2(screen.x / zoom, screen.y / zoom);
        let alpha = (90.0 + 165.0 * t.chance) as u8;
        let red = egui::Color32::from_rgba_unmultiplied(230, 40, 30, alpha);
        painter.circle_stroke(pos, 16.0, egui::Stroke::new(2.0 + 3.0 * t.chance, red));
        let text = format!("{:.0}% −{:.1}", t.chance * 100.0, t.loss);
        let galley = painter.layout_no_wrap(text, egui::FontId::proportional(12.0), egui::Color32::WHITE);
        let rect = egui::Rect::from_min_size(pos + egui::vec2(-galley.size().x / 2.0, 18.0), galley.size()).expand(3.0);
        painter.rect_filled(rect, 3.0, egui::Color32::from_rgba_unmultiplied(120, 15, 10, 220));
        painter.galley(rect.min + egui::vec2(3.0, 3.0), galley, egui::Color32::WHITE);
    }
    let mut worst: Vec<&crate::ai::search::Threat> = threats.iter().collect();
    worst.sort_by(|a, b| b.loss.total_cmp(&a.loss));
    let named: Vec<String> = worst
        .iter()
        .take(4)
        .map(|t| {
            let name = model.piece_of(&t.unit).map_or(t.unit.as_str(), |p| p.label.as_str());
            format!("{name} {:.0}% −{:.1}", t.chance * 100.0, t.loss)
        })
        .collect();
    let more = if worst.len() > 4 { format!(" and {} more", worst.len() - 4) } else { String::new() };
    legend(&if named.is_empty() {
        "Threat view (F7): the enemy can hurt none of your units before your next turn.".to_string()
    } else {
        format!(
            "Threat view (F7), the enemy may hurt before your next turn: {}{more}.\nThe chance and the loss expected, from the computer's \
             look-ahead over {} dice samples of what your side sees.",
            named.join(", "),
            crate::ai::search::THREAT_SAMPLES
        )
    });
    Ok(())
}

/// The threat view's systems for a presenter whose game is `GameSession<R>`.
pub fn threat_systems<R: Evaluators>(app: &mut App, screen: super::Playing) {
    app.add_systems(EguiPrimaryContextPass, (ask::<R>, draw::<R>).chain().run_if(in_state(screen)).run_if(theme::theme_ready));
}
