//! The hand-over screen between two people playing at one screen (the map is hidden until the next
//! player clicks), shared by every board: its bookkeeping, its card and its systems
//! ([`hand_over_systems`]), to which each presenter gives only its sides' names, colours and
//! emblems; and whether the game-over screen was dismissed.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::Evaluators;
use crate::engine::Ruleset;
use crate::engine::journal::JournalLine;

use super::presenter::sides_of;
use super::session::GameSession;
use super::settings::Settings;
use super::theme::{self, DIM, PARCHMENT};
use super::widgets::typed_lines;
use super::{Launch, Playing, Screen};

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
    /// The card has been on screen for a whole frame: only then does Enter take the seat, so the
    /// Enter that gave the last order of one player never also dismisses the next player's card.
    pub drawn: bool,
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
            self.drawn = false;
            self.to = Some(side.to_string());
        }
    }

    /// Whether Enter may take the seat in this frame: not in the frame the card first shows (that
    /// Enter was the previous player's), from the next frame on.
    pub fn enter_takes_seat(&mut self) -> bool {
        std::mem::replace(&mut self.drawn, true)
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
    /// The American roundel of 1918: red, blue, a white centre.
    AmericanRoundel,
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

/// Draws the hand-over screen over the whole window; true when the player clicked to take the seat
/// (or pressed Enter, when `enter` allows it).
pub fn hand_over_card(ctx: &egui::Context, card: &HandOverCard, enter: bool) -> bool {
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
                    Emblem::Cockade | Emblem::AmericanRoundel => {
                        let (blue, white, red) = (
                            egui::Color32::from_rgb(30, 60, 150),
                            egui::Color32::from_rgb(245, 245, 240),
                            egui::Color32::from_rgb(200, 30, 40),
                        );
                        let rings = if card.emblem == Emblem::Cockade { [blue, white, red] } else { [red, blue, white] };
                        for (r, col) in [40.0, 26.0, 13.0].into_iter().zip(rings) {
                            painter.circle_filled(c0, r, col);
                        }
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
    if enter && ctx.input(|i| i.key_pressed(egui::Key::Enter)) {
        go = true;
    }
    go
}

/// How a presenter shows one of its sides on the hand-over card.
pub struct SideLook {
    pub name: String,
    pub colour: egui::Color32,
    pub emblem: Emblem,
}

impl SideLook {
    /// A side in its counters' colour, lightened for the dark card.
    pub fn lightened(name: &str, counter: egui::Color32, emblem: Emblem) -> Self {
        let lighter = |x: u8| x.saturating_add(((255 - x as u32) * 35 / 100) as u8);
        Self {
            name: name.to_string(),
            colour: egui::Color32::from_rgb(lighter(counter.r()), lighter(counter.g()), lighter(counter.b())),
            emblem,
        }
    }
}

/// A presenter's sides as the hand-over card shows them, by side id (`None` for an unknown id).
pub type SideLooks = fn(&str, &Settings) -> Option<SideLook>;

/// The hand-over card is drawn in this set: a presenter's panels that read Enter run before it, so
/// the Enter that takes the seat does not also pass the decision.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandOverCardSet;

/// Puts the card up when the decision passes from one person to the other (never for a computer
/// side, nor once the game is over; never in the frame benchmark, which looks at the map).
fn watch<R: Evaluators>(session: Option<Res<GameSession<R>>>, mut hand: ResMut<HandOver>, launch: Res<Launch>) {
    let Some(session) = session else { return };
    if launch.bench_frames.is_some() {
        hand.showing = false;
        return;
    }
    hand.watch(session.side_to_move().as_deref(), session.hot_seat() && !session.game.is_over());
}

/// Which events of the "since your last turn" summary the side taking over may read: a presenter
/// whose events name what that side may not see (a hidden unit's placement or move) leaves them out.
pub type EventShown<R> = for<'a> fn(&'a GameSession<R>, &str) -> Box<dyn Fn(&<R as Ruleset>::Event) -> bool + 'a>;

fn card<R: Evaluators>(
    look: SideLooks,
    shown: EventShown<R>,
    mut contexts: EguiContexts,
    mut hand: ResMut<HandOver>,
    session: Option<Res<GameSession<R>>>,
    settings: Res<Settings>,
) -> Result {
    if !hand.showing {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let Some(session) = session else { return Ok(()) };
    let Some(side) = hand.to.clone() else { return Ok(()) };
    let Some(looks) = look(&side, &settings) else { return Ok(()) };
    let card = HandOverCard {
        side_name: looks.name,
        colour: looks.colour,
        emblem: looks.emblem,
        when: format!("Turn {} — {}", session.view.turn, session.view.phase),
        prompt: session.game.pending().map(|p| format!("{} ({})", p.prompt, p.rule)),
        since: if hand.passed_to.is_some() {
            let mark = hand.mark(&side, session.log.len());
            let shown = shown(&session, &side);
            typed_lines(&session.log, mark, session.game.journal())
                .filter(|(_, ev)| ev.is_none_or(&shown))
                .filter_map(|(e, _)| match &e.line {
                    JournalLine::Event { text, .. } => Some(text.clone()),
                    _ => None,
                })
                .collect()
        } else {
            Vec::new()
        },
    };
    let enter = hand.enter_takes_seat();
    if hand_over_card(&ctx, &card, enter) {
        let sides = sides_of(&session.game);
        let sides: Vec<&str> = sides.iter().map(String::as_str).collect();
        hand.taken(&sides, session.log.len());
    }
    Ok(())
}

/// The hand-over screen of a presenter whose game is `GameSession<R>`, in its game screen.
pub fn hand_over_systems<R: Evaluators>(app: &mut App, screen: Playing, look: SideLooks) {
    hand_over_systems_where::<R>(app, screen, look, |_, _| Box::new(|_| true));
}

/// The hand-over screen, its summary of what happened showing only the events `shown` lets the
/// side taking over read (hidden information never leaks through it).
pub fn hand_over_systems_where<R: Evaluators>(app: &mut App, screen: Playing, look: SideLooks, shown: EventShown<R>) {
    // The computer's turn is summed up with the same looks and the same rule of what may be read.
    super::computer_turn::computer_turn_systems::<R>(app, screen, look, shown);
    super::dice_tray::dice_tray_systems::<R>(app, screen, shown);
    app.add_systems(Update, watch::<R>.in_set(super::Frame::Visuals).run_if(in_state(screen))).add_systems(
        EguiPrimaryContextPass,
        (move |contexts: EguiContexts, hand: ResMut<HandOver>, session: Option<Res<GameSession<R>>>, settings: Res<Settings>| {
            card::<R>(look, shown, contexts, hand, session, settings)
        })
        .in_set(HandOverCardSet)
        .run_if(in_state(screen))
        .run_if(theme::theme_ready),
    );
}

pub fn plugin(app: &mut App) {
    app.init_resource::<HandOver>().init_resource::<GameOverClosed>().add_systems(
        OnExit(Screen::Game),
        |mut h: ResMut<HandOver>, mut c: ResMut<GameOverClosed>| {
            *h = HandOver::default();
            c.0 = false;
        },
    );
}

#[cfg(test)]
mod tests {
    use super::HandOver;

    /// The Enter that gives one player's last order arrives in the frame the next player's card
    /// first shows: it must not take the seat (issue 20, hot-seat polish), the next Enter does.
    #[test]
    fn the_enter_of_the_last_order_does_not_dismiss_the_next_players_card() {
        let mut hand = HandOver::default();
        hand.watch(Some("allies"), true);
        hand.taken(&["allies", "germans"], 0);
        hand.watch(Some("germans"), true);
        assert!(hand.showing);
        assert!(!hand.enter_takes_seat(), "the frame the card shows in");
        assert!(hand.enter_takes_seat(), "a later frame");
        hand.taken(&["allies", "germans"], 3);
        hand.watch(Some("allies"), true);
        assert!(!hand.enter_takes_seat(), "every new card starts deaf to the old Enter");
    }
}
