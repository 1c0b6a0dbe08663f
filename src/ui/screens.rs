//! The hand-over screen between two people playing at one screen (the map is hidden until the next
//! player clicks), and the game-over screen: the result, how it was reached (the victory-point
//! events), and a plot of the victory points turn by turn.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::engine::journal::JournalLine;
use crate::rulesets::bastards::scenario::VictorySpec;
use crate::rulesets::bastards::state::Tracks;
use crate::rulesets::bastards::units::Side;

use super::art::palette::Palette;
use super::saves::SaveRequests;
use super::session::{PlaySession, Seat};
use super::settings::Settings;
use super::theme::{self, BRASS, DIM, PARCHMENT};
use super::{Frame, Screen};

/// The hand-over screen is up: the map is hidden until the next player clicks. Shared by every
/// board (the hex map and the area board): sides are named by their ids.
#[derive(Resource, Default)]
pub struct HandOver {
    pub showing: bool,
    /// The side the screen was last passed to.
    pub passed_to: Option<String>,
    /// The side it is being passed to now.
    pub to: Option<String>,
    /// Log length when each side last took the seat, to summarise what happened since.
    pub log_mark: std::collections::BTreeMap<String, usize>,
}

impl HandOver {
    /// Puts the screen up when the decision passes from one person to the other: `to_move` is the
    /// side that must decide, `both_human` whether two people play (never for a computer side).
    pub fn watch(&mut self, to_move: Option<&str>, both_human: bool) {
        if !both_human {
            self.showing = false;
            return;
        }
        if let Some(side) = to_move
            && self.passed_to.as_deref() != Some(side)
            && !self.showing
        {
            self.showing = true;
            self.to = Some(side.to_string());
        }
    }

    /// Where the "since your last turn" summary of `side` starts in a log of `len` lines.
    pub fn mark(&self, side: &str, len: usize) -> usize {
        self.log_mark.get(side).copied().unwrap_or(0).min(len)
    }

    /// The player of the side the screen was passed to took the seat.
    pub fn taken(&mut self, sides: &[&str], log_len: usize) {
        self.showing = false;
        let Some(side) = self.to.clone() else { return };
        self.log_mark.insert(side.clone(), log_len);
        // The other side will see everything from here on.
        for s in sides {
            self.log_mark.entry(s.to_string()).or_insert(log_len);
        }
        self.passed_to = Some(side);
    }
}

/// The game-over screen was dismissed to look at the map.
#[derive(Resource, Default)]
pub struct GameOverClosed(pub bool);

/// The emblem on the hand-over screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emblem {
    /// The British (or French) roundel.
    Cockade,
    /// The German black cross.
    Cross,
}

/// What the hand-over screen shows.
pub struct HandOverCard {
    pub side_name: String,
    pub colour: egui::Color32,
    pub emblem: Emblem,
    /// The turn and phase.
    pub when: String,
    /// The decision awaited.
    pub prompt: Option<String>,
    /// What happened since the player's last turn (empty the first time).
    pub since: Vec<String>,
}

/// Draws the hand-over screen over the whole window; true when the player clicked to take the seat.
pub fn hand_over_card(ctx: &egui::Context, card: &HandOverCard) -> bool {
    let mut go = false;
    let rect = ctx.viewport_rect();
    // A full-window layer that takes every click, so nothing under it can be touched.
    egui::Area::new("hand-over-cover".into()).order(egui::Order::Foreground).fixed_pos(rect.min).show(ctx, |ui| {
        ui.painter().rect_filled(rect, 0.0, egui::Color32::from_rgb(24, 23, 20));
        ui.allocate_rect(rect, egui::Sense::click_and_drag());
    });
    egui::Area::new("hand-over".into()).order(egui::Order::Tooltip).fixed_pos(rect.min).show(ctx, |ui| {
        ui.scope_builder(egui::UiBuilder::new().max_rect(rect.shrink2(egui::vec2(rect.width() * 0.25, rect.height() * 0.12))), |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(10.0);
                let (resp, painter) = ui.allocate_painter(egui::vec2(90.0, 90.0), egui::Sense::hover());
                let c0 = resp.rect.center();
                match card.emblem {
                    Emblem::Cockade => {
                        painter.circle_filled(c0, 40.0, egui::Color32::from_rgb(30, 60, 150));
                        painter.circle_filled(c0, 26.0, egui::Color32::from_rgb(245, 245, 240));
                        painter.circle_filled(c0, 13.0, egui::Color32::from_rgb(200, 30, 40));
                    }
                    Emblem::Cross => {
                        let (r, arm) = (40.0, 14.0);
                        for (w, col) in [(4.0, egui::Color32::from_rgb(245, 245, 240)), (0.0, egui::Color32::from_rgb(16, 16, 16))] {
                            painter.rect_filled(egui::Rect::from_center_size(c0, egui::vec2(2.0 * (arm + w), 2.0 * (r + w))), 0.0, col);
                            painter.rect_filled(egui::Rect::from_center_size(c0, egui::vec2(2.0 * (r + w), 2.0 * (arm + w))), 0.0, col);
                        }
                        painter.rect_filled(
                            egui::Rect::from_center_size(c0, egui::vec2(2.0 * arm, 2.0 * r)),
                            0.0,
                            egui::Color32::from_rgb(16, 16, 16),
                        );
                    }
                }
                ui.add_space(10.0);
                ui.label(theme::title("Hand over", 40.0));
                ui.add_space(10.0);
                ui.label(
                    egui::RichText::new(format!("{} player: take the controls", card.side_name)).size(26.0).color(card.colour).strong(),
                );
                ui.add_space(6.0);
                ui.label(egui::RichText::new(&card.when).color(PARCHMENT));
                if let Some(p) = &card.prompt {
                    ui.label(egui::RichText::new(p).color(DIM));
                }
                ui.add_space(18.0);
                let button = egui::Button::new(egui::RichText::new(format!("Continue — I am the {} player", card.side_name)).size(20.0))
                    .min_size(egui::vec2(380.0, 48.0));
                if ui.add(button).clicked() {
                    go = true;
                }
                ui.add_space(18.0);
                if !card.since.is_empty() {
                    ui.label(theme::title("Since your last turn", 18.0));
                    egui::ScrollArea::vertical().max_height(rect.height() * 0.4).show(ui, |ui| {
                        for t in card.since.iter().rev().take(60).rev() {
                            ui.label(egui::RichText::new(t).small().color(PARCHMENT));
                        }
                    });
                }
            });
        });
    });
    if ctx.input(|i| i.key_pressed(egui::Key::Enter)) {
        go = true;
    }
    go
}

/// The events of a log from `mark` on, in words.
pub fn events_since(log: &[super::session::LogEntry], mark: usize) -> Vec<String> {
    log[mark.min(log.len())..]
        .iter()
        .filter_map(|e| match &e.line {
            JournalLine::Event { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// Puts the hand-over screen up when the decision passes from one person to the other.
fn watch_hand_over(session: Option<Res<PlaySession>>, mut hand: ResMut<HandOver>, launch: Res<super::Launch>) {
    let Some(session) = session else { return };
    // The frame benchmark looks at the map, not at the hand-over screen.
    if launch.bench_frames.is_some() {
        hand.showing = false;
        return;
    }
    let both_human = Side::BOTH.iter().all(|s| session.seat(*s) == Seat::Human);
    hand.watch(session.to_move().map(|s| s.id()), both_human);
}

fn hand_over_screen(
    mut contexts: EguiContexts,
    mut hand: ResMut<HandOver>,
    session: Option<Res<PlaySession>>,
    settings: Res<Settings>,
) -> Result {
    if !hand.showing {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let Some(session) = session else { return Ok(()) };
    let Some(side) = hand.to.as_deref().and_then(Side::from_id) else { return Ok(()) };
    let pal = Palette::new(settings.colour_blind);
    let c = if side == Side::Allied { pal.allied } else { pal.german_side };
    let c = super::art::mix(c, [255, 255, 255, 255], 0.35);
    let card = HandOverCard {
        side_name: side.name().to_string(),
        colour: egui::Color32::from_rgb(c[0], c[1], c[2]),
        emblem: if side == Side::Allied { Emblem::Cockade } else { Emblem::Cross },
        when: format!("Turn {} — {}", session.view.turn, session.view.phase),
        prompt: session.view.pending.as_ref().map(|p| p.prompt.clone()),
        since: if hand.passed_to.is_some() { events_since(&session.log, hand.mark(side.id(), session.log.len())) } else { Vec::new() },
    };
    if hand_over_card(&ctx, &card) {
        hand.taken(&[Side::Allied.id(), Side::German.id()], session.log.len());
    }
    Ok(())
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
                for e in &session.log {
                    if (matches!(e.kind(), Some("victory_points" | "game_over"))
                        || (matches!(e.kind(), None | Some("note")) && matches!(e.line.rule(), "11" | "S2")))
                        && let JournalLine::Event { text, rule, .. } = &e.line
                    {
                        ui.label(egui::RichText::new(format!("Turn {}: {text}  ({rule})", e.turn)).color(PARCHMENT));
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
    app.init_resource::<HandOver>()
        .init_resource::<GameOverClosed>()
        .add_systems(Update, watch_hand_over.in_set(Frame::Visuals).run_if(in_state(Screen::Game)))
        .add_systems(
            EguiPrimaryContextPass,
            (game_over_screen, hand_over_screen).chain().run_if(in_state(Screen::Game)).run_if(super::theme::theme_ready),
        )
        .add_systems(OnExit(Screen::Game), |mut h: ResMut<HandOver>, mut c: ResMut<GameOverClosed>| {
            *h = HandOver::default();
            c.0 = false;
        });
}
