//! The shell's game-over screen, the same for every ruleset: the result and the winner, each side's
//! standing, a plot of the scenario's track turn by turn (victory points, areas held...), how the
//! result was reached, and the way on — look at the map, save, play again with a new seed, main
//! menu. A presenter gives only its [`Verdict`] (and its sides' names through its `SideLooks`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::Evaluators;
use crate::engine::Game;
use crate::ui::saves::SaveRequests;
use crate::ui::screens::{GameOverClosed, HandOverCardSet, SideLooks};
use crate::ui::session::GameSession;
use crate::ui::settings::Settings;
use crate::ui::theme::{self, BRASS, DIM, PARCHMENT};
use crate::ui::{Playing, Screen};

/// What a presenter says of a finished game.
#[derive(Default)]
pub struct Verdict {
    /// Each side's standing in words, in its colour ("Allied: 12 VP", "British: 9 victory areas").
    pub standing: Vec<(String, egui::Color32)>,
    /// The scenario's track turn by turn, if it keeps one.
    pub plot: Option<Plot>,
    /// The events that decided the result, one line each.
    pub how: Vec<String>,
}

/// A track plotted turn by turn: a line per side.
pub struct Plot {
    pub title: String,
    pub lines: Vec<PlotLine>,
}

pub struct PlotLine {
    pub name: String,
    pub colour: egui::Color32,
    /// (turn, value), in turn order.
    pub points: Vec<(u32, i32)>,
}

/// A presenter's verdict on its finished game.
pub type Verdicts<R> = fn(&GameSession<R>, &Settings) -> Verdict;

/// What the screen reads and asks for.
#[derive(bevy::ecs::system::SystemParam)]
struct Params<'w, R: Evaluators> {
    session: Option<Res<'w, GameSession<R>>>,
    closed: ResMut<'w, GameOverClosed>,
    settings: Res<'w, Settings>,
    next: ResMut<'w, NextState<Screen>>,
    saves: ResMut<'w, SaveRequests>,
}

/// The winner in words: a side's victory by its name, or a draw.
fn winner_line(winner: Option<&str>, looks: SideLooks, settings: &Settings) -> String {
    match winner {
        Some("draw") | None => "A draw".to_string(),
        Some(w) => format!("{} victory", looks(w, settings).map(|l| l.name).unwrap_or_else(|| w.to_string())),
    }
}

fn game_over_screen<R: Evaluators>(
    mut contexts: EguiContexts,
    mut p: Params<R>,
    mut commands: Commands,
    config: Res<GameOverConfig<R>>,
    mut cached: Local<Option<((u64, u64), Verdict)>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(session) = p.session.as_deref() else { return Ok(()) };
    if !session.game.is_over() {
        p.closed.0 = false;
        return Ok(());
    }
    if p.closed.0 {
        egui::Area::new("game-over-reopen".into())
            .order(egui::Order::Foreground)
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
            .show(&ctx, |ui| {
                if ui.button(theme::strong("Game over — show the result")).clicked() {
                    p.closed.0 = false;
                }
            });
        return Ok(());
    }
    // Read from the log once per finished game (and settings, for the colours), not every frame
    // the window stands.
    let key = (session.generation, session.revision);
    if p.settings.is_changed() || cached.as_ref().is_none_or(|(k, _)| *k != key) {
        *cached = Some((key, (config.verdict)(session, &p.settings)));
    }
    let Some((_, verdict)) = cached.as_ref() else { return Ok(()) };
    let mut restart = false;
    let in_campaign = session.game.campaign().record.is_some();
    let mut campaign_on = false;
    egui::Window::new(theme::title(if in_campaign { "Battle over" } else { "Game over" }, 30.0))
        .id("game-over".into())
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .default_width(620.0)
        .show(&ctx, |ui| {
            ui.set_width(620.0);
            let result = session.view.result.clone().unwrap_or_else(|| "The game is over.".into());
            ui.label(egui::RichText::new(result).size(22.0).color(BRASS).strong());
            ui.label(
                egui::RichText::new(winner_line(session.view.winner.as_deref(), config.looks, &p.settings)).size(17.0).color(PARCHMENT),
            );
            let after = egui::RichText::new(format!("after {} turns", session.view.turn)).color(DIM);
            let standing = |(line, colour): &(String, egui::Color32)| egui::RichText::new(line).color(*colour).strong().size(16.0);
            // Short standings ("Allied: 12 VP") on one line; sentences one under the other.
            if verdict.standing.iter().all(|(line, _)| line.chars().count() <= 24) {
                ui.horizontal_wrapped(|ui| {
                    for s in &verdict.standing {
                        ui.label(standing(s));
                    }
                    ui.label(after);
                });
            } else {
                for s in &verdict.standing {
                    ui.label(standing(s));
                }
                ui.label(after);
            }
            if let Some(plot) = &verdict.plot {
                ui.add_space(6.0);
                ui.label(theme::title(&plot.title, 17.0));
                draw_plot(ui, plot);
            }
            ui.add_space(6.0);
            ui.label(theme::title("How it was reached", 17.0));
            egui::ScrollArea::vertical().max_height(180.0).show(ui, |ui| {
                for line in &verdict.how {
                    ui.label(egui::RichText::new(line).color(PARCHMENT));
                }
                if verdict.how.is_empty() {
                    ui.label(egui::RichText::new("Nothing scored during the game: the result is the final position's.").color(DIM));
                }
            });
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if in_campaign && ui.button(theme::strong("Continue the campaign ▶")).clicked() {
                    campaign_on = true;
                }
                if ui.button("Look at the map").clicked() {
                    p.closed.0 = true;
                }
                if ui.button("Save the game").clicked() {
                    p.saves.open_save = true;
                    p.closed.0 = true;
                }
                if !in_campaign && ui.button("Play again (new seed)").clicked() {
                    restart = true;
                }
                if ui.button(theme::strong("Main menu")).clicked() {
                    p.next.set(Screen::Menu);
                }
            });
        });
    if campaign_on {
        // The battle goes into its campaign's record, and the menu shows the between-battles page.
        commands.queue(|world: &mut World| {
            let finished = crate::ui::campaign::finish_battle(&mut world.resource_mut::<GameSession<R>>().game);
            match finished {
                Ok(active) => {
                    let mut c = world.resource_mut::<crate::ui::campaign::CampaignInWindow>();
                    c.active = Some(active);
                    c.show = true;
                }
                Err(e) => world.resource_mut::<crate::ui::MenuMessage>().0 = Some(format!("The campaign could not go on: {e}")),
            }
            world.resource_mut::<NextState<Screen>>().set(Screen::Menu);
        });
    }
    if restart {
        let mut origin = session.game.origin().clone();
        origin.seed = origin.seed.wrapping_add(1);
        origin.forced.clear();
        commands.insert_resource(GameSession::<R>::new(Game::start(origin), session.seats.clone()));
        p.closed.0 = false;
    }
    Ok(())
}

/// A line per side from turn 0, its points marked, its name by its last point.
fn draw_plot(ui: &mut egui::Ui, plot: &Plot) {
    let (resp, painter) = ui.allocate_painter(egui::vec2(ui.available_width(), 170.0), egui::Sense::hover());
    let r = resp.rect.shrink2(egui::vec2(28.0, 14.0));
    painter.rect_filled(resp.rect, 4.0, theme::PANEL_DARK);
    let all = || plot.lines.iter().flat_map(|l| l.points.iter());
    if all().next().is_none() {
        painter.text(r.center(), egui::Align2::CENTER_CENTER, "no turn was completed", egui::FontId::proportional(13.0), DIM);
        return;
    }
    let max_turn = all().map(|p| p.0).max().unwrap_or(1).max(1);
    let max_v = all().map(|p| p.1).max().unwrap_or(1).max(1);
    let min_v = all().map(|p| p.1).min().unwrap_or(0).min(0);
    let x = |t: u32| r.min.x + r.width() * (t as f32 / max_turn as f32);
    let y = |v: i32| r.max.y - r.height() * ((v - min_v) as f32 / (max_v - min_v).max(1) as f32);
    painter.line_segment([egui::pos2(r.min.x, y(0)), egui::pos2(r.max.x, y(0))], egui::Stroke::new(1.0, DIM));
    for t in 1..=max_turn {
        painter.text(egui::pos2(x(t), r.max.y + 7.0), egui::Align2::CENTER_CENTER, t.to_string(), egui::FontId::proportional(10.0), DIM);
    }
    painter.text(
        egui::pos2(r.min.x - 14.0, y(max_v)),
        egui::Align2::CENTER_CENTER,
        max_v.to_string(),
        egui::FontId::proportional(10.0),
        DIM,
    );
    let ends: Vec<i32> = plot.lines.iter().map(|l| l.points.last().map_or(0, |p| p.1)).collect();
    for (i, line) in plot.lines.iter().enumerate() {
        let mut pts = vec![egui::pos2(x(0), y(0))];
        pts.extend(line.points.iter().map(|p| egui::pos2(x(p.0), y(p.1))));
        painter.add(egui::Shape::line(pts.clone(), egui::Stroke::new(2.5, line.colour)));
        for pt in pts.iter().skip(1) {
            painter.circle_filled(*pt, 3.5, line.colour);
        }
        let last = pts.last().copied().unwrap_or(r.min);
        // The name just left of the last point, above the line; below it when another line ends close
        // above (the lower of two close lines, or the first of two equal ones, goes below).
        let below = ends
            .iter()
            .enumerate()
            .any(|(j, &other)| j != i && (y(ends[i]) - y(other)).abs() < 14.0 && (ends[i] < other || (ends[i] == other && i < j)));
        let dy = if below { 9.0 } else { -9.0 };
        painter.text(last + egui::vec2(-6.0, dy), egui::Align2::RIGHT_CENTER, &line.name, egui::FontId::proportional(12.0), line.colour);
    }
}

/// A presenter's sides and verdict, for its game-over screen.
#[derive(Resource)]
struct GameOverConfig<R: Evaluators> {
    looks: SideLooks,
    verdict: Verdicts<R>,
}

/// Adds the game-over screen of `R`'s games, drawn while `screen` is up (before the hand-over card,
/// which it never covers: a finished game hands over to nobody).
pub fn game_over_systems<R: Evaluators>(app: &mut App, screen: Playing, looks: SideLooks, verdict: Verdicts<R>) {
    app.insert_resource(GameOverConfig::<R> { looks, verdict }).add_systems(
        EguiPrimaryContextPass,
        game_over_screen::<R>.before(HandOverCardSet).run_if(in_state(screen)).run_if(theme::theme_ready),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::screens::{Emblem, SideLook};

    fn looks(id: &str, _: &Settings) -> Option<SideLook> {
        (id == "north").then(|| SideLook { name: "The North".into(), colour: egui::Color32::WHITE, emblem: Emblem::Cross })
    }

    /// The winner is named by the presenter's side names; an unknown id stands as it is; no winner
    /// or "draw" is a draw.
    #[test]
    fn the_winner_is_named_by_the_presenter() {
        let s = Settings::default();
        assert_eq!(winner_line(Some("north"), looks, &s), "The North victory");
        assert_eq!(winner_line(Some("south"), looks, &s), "south victory");
        assert_eq!(winner_line(Some("draw"), looks, &s), "A draw");
        assert_eq!(winner_line(None, looks, &s), "A draw");
    }
}
