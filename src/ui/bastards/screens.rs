//! Into the Bastards!'s hand-over card (the shell's `HandOver` screen in its sides' colours and
//! emblems) and its game-over screen: the result, how it was reached (the victory-point events),
//! and a plot of the victory points turn by turn.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rulesets::bastards::scenario::VictorySpec;
use crate::rulesets::bastards::state::Tracks;
use crate::rulesets::bastards::units::Side;
use crate::rulesets::bastards::{Bastards, EventKind};
use crate::ui::Screen;
use crate::ui::art::{self, palette::Palette};
use crate::ui::saves::SaveRequests;
use crate::ui::screens::{Emblem, GameOverClosed, HandOverCardSet, SideLook, hand_over_systems};
use crate::ui::settings::Settings;
use crate::ui::theme::{self, BRASS, DIM, PARCHMENT};
use crate::ui::widgets::typed_lines;

use super::SCREEN;
use super::session::PlaySession;

/// Into the Bastards!'s sides on the hand-over card: their colours and emblems.
fn side_look(id: &str, settings: &Settings) -> Option<SideLook> {
    let side = Side::from_id(id)?;
    let pal = Palette::new(settings.colour_blind);
    let c = if side == Side::Allied { pal.allied } else { pal.german_side };
    let c = art::mix(c, [255, 255, 255, 255], 0.35);
    Some(SideLook {
        name: side.name().to_string(),
        colour: egui::Color32::from_rgb(c[0], c[1], c[2]),
        emblem: if side == Side::Allied { Emblem::Cockade } else { Emblem::Cross },
    })
}

/// The game-over window over the map.
#[allow(clippy::too_many_arguments)]
fn game_over_screen(
    mut contexts: EguiContexts,
    session: Option<Res<PlaySession>>,
    mut closed: ResMut<GameOverClosed>,
    settings: Res<Settings>,
    mut next: ResMut<NextState<Screen>>,
    mut saves: ResMut<SaveRequests>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(session) = session else { return Ok(()) };
    if !session.game.is_over() {
        closed.0 = false;
        return Ok(());
    }
    if closed.0 {
        egui::Area::new("game-over-reopen".into())
            .order(egui::Order::Foreground)
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
            .show(&ctx, |ui| {
                if ui.button(theme::strong("Game over — show the result")).clicked() {
                    closed.0 = false;
                }
            });
        return Ok(());
    }
    let pal = Palette::new(settings.colour_blind);
    let view = &session.view;
    let world = session.game.world();
    let tracks = world.get_resource::<Tracks>().cloned().unwrap_or_default();
    let mut restart = false;
    egui::Window::new(theme::title("Game over", 30.0))
        .id("game-over".into())
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .default_width(620.0)
        .show(&ctx, |ui| {
            ui.set_width(620.0);
            let result = view.result.clone().unwrap_or_else(|| "The game is over.".into());
            ui.label(egui::RichText::new(result).size(22.0).color(BRASS).strong());
            let winner = match view.winner.as_deref() {
                Some("draw") | None => "A draw".to_string(),
                Some(w) => format!("{} victory", Side::from_id(w).map(|s| s.name()).unwrap_or(w)),
            };
            ui.label(egui::RichText::new(winner).size(17.0).color(PARCHMENT));
            // A scenario decided by the places held (scenario 2's levels) scores no points: no plot.
            let points = matches!(session.scenario().spec.victory, VictorySpec::Points(_));
            ui.horizontal(|ui| {
                if points {
                    for s in Side::BOTH {
                        let c = if s == Side::Allied { pal.allied } else { pal.german_side };
                        ui.label(
                            egui::RichText::new(format!("{}: {} VP", s.name(), tracks.vp.get(&s).copied().unwrap_or(0)))
                                .color(egui::Color32::from_rgb(c[0], c[1], c[2]))
                                .strong()
                                .size(16.0),
                        );
                    }
                }
                ui.label(egui::RichText::new(format!("after {} turns", view.turn)).color(DIM));
            });
            if points {
                ui.add_space(6.0);
                ui.label(theme::title("Victory points, turn by turn", 17.0));
                vp_plot(ui, &tracks.vp_by_turn, &pal);
            }
            ui.add_space(6.0);
            ui.label(theme::title("How it was reached", 17.0));
            egui::ScrollArea::vertical().max_height(180.0).show(ui, |ui| {
                let mut any = false;
                for (line, event) in typed_lines(&session.log, 0, session.game.journal()) {
                    let Some(event) = event else { continue };
                    let victory = matches!(event.kind, EventKind::VictoryPoints { .. } | EventKind::GameOver { .. })
                        || (event.kind == EventKind::Note && matches!(event.rule.as_str(), "11" | "S2"));
                    if victory {
                        let (turn, text, rule) = (line.turn, &event.text, &event.rule);
                        ui.label(egui::RichText::new(format!("Turn {turn}: {text}  ({rule})")).color(PARCHMENT));
                        any = true;
                    }
                }
                if !any {
                    ui.label(egui::RichText::new("No victory points were scored during the game.").color(DIM));
                }
            });
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("Look at the map").clicked() {
                    closed.0 = true;
                }
                if ui.button("Save the game").clicked() {
                    saves.open_save = true;
                    closed.0 = true;
                }
                if ui.button("Play again (new seed)").clicked() {
                    restart = true;
                }
                if ui.button(theme::strong("Main menu")).clicked() {
                    next.set(Screen::Menu);
                }
            });
        });
    if restart {
        let seed = session.game.origin().seed.wrapping_add(1);
        let mut origin = session.game.origin().clone();
        origin.seed = seed;
        origin.forced.clear();
        let game = crate::engine::Game::start(origin);
        commands.insert_resource(PlaySession::new(game, session.seats.clone()));
        closed.0 = false;
    }
    Ok(())
}

/// Victory points by turn: a line per side.
fn vp_plot(ui: &mut egui::Ui, points: &[(u32, i32, i32)], pal: &Palette) {
    let (resp, painter) = ui.allocate_painter(egui::vec2(ui.available_width(), 170.0), egui::Sense::hover());
    let r = resp.rect.shrink2(egui::vec2(28.0, 14.0));
    painter.rect_filled(resp.rect, 4.0, theme::PANEL_DARK);
    if points.is_empty() {
        painter.text(r.center(), egui::Align2::CENTER_CENTER, "no turn was completed", egui::FontId::proportional(13.0), DIM);
        return;
    }
    let max_turn = points.iter().map(|p| p.0).max().unwrap_or(1).max(1);
    let max_vp = points.iter().map(|p| p.1.max(p.2)).max().unwrap_or(1).max(1);
    let min_vp = points.iter().map(|p| p.1.min(p.2)).min().unwrap_or(0).min(0);
    let x = |t: u32| r.min.x + r.width() * (t as f32 / max_turn as f32);
    let y = |v: i32| r.max.y - r.height() * ((v - min_vp) as f32 / (max_vp - min_vp).max(1) as f32);
    // Axes and grid.
    painter.line_segment([egui::pos2(r.min.x, y(0)), egui::pos2(r.max.x, y(0))], egui::Stroke::new(1.0, DIM));
    for t in 1..=max_turn {
        painter.text(egui::pos2(x(t), r.max.y + 7.0), egui::Align2::CENTER_CENTER, t.to_string(), egui::FontId::proportional(10.0), DIM);
    }
    painter.text(
        egui::pos2(r.min.x - 14.0, y(max_vp)),
        egui::Align2::CENTER_CENTER,
        max_vp.to_string(),
        egui::FontId::proportional(10.0),
        DIM,
    );
    for (side, pick) in [(Side::Allied, 1usize), (Side::German, 2usize)] {
        let c = if side == Side::Allied { pal.allied } else { pal.german_side };
        let colour = egui::Color32::from_rgb(c[0], c[1], c[2]);
        let mut line = vec![egui::pos2(x(0), y(0))];
        line.extend(points.iter().map(|p| egui::pos2(x(p.0), y(if pick == 1 { p.1 } else { p.2 }))));
        painter.add(egui::Shape::line(line.clone(), egui::Stroke::new(2.5, colour)));
        for pt in line.iter().skip(1) {
            painter.circle_filled(*pt, 3.5, colour);
        }
        let last = line.last().copied().unwrap_or(r.min);
        // The side's name just left of its last point, above the line (the plot's right edge is near).
        let ends = points.last().map(|p| (p.1, p.2)).unwrap_or((0, 0));
        let (mine, theirs) = if pick == 1 { (ends.0, ends.1) } else { (ends.1, ends.0) };
        let close = (y(mine) - y(theirs)).abs() < 14.0;
        let dy = if close && (mine < theirs || (mine == theirs && pick == 1)) { 9.0 } else { -9.0 };
        painter.text(last + egui::vec2(-6.0, dy), egui::Align2::RIGHT_CENTER, side.name(), egui::FontId::proportional(12.0), colour);
    }
}

pub fn plugin(app: &mut App) {
    hand_over_systems::<Bastards>(app, SCREEN, side_look);
    app.add_systems(EguiPrimaryContextPass, game_over_screen.before(HandOverCardSet).run_if(in_state(SCREEN)).run_if(theme::theme_ready));
}
