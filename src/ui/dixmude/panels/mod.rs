//! The panels of the Dixmude game (egui): the top bar (turn, phase, initiative, resource points, who
//! is to move; Undo, Fit, Save, Load, Menu), the left column (turn track, sequence of play, the
//! victory conditions as they stand, the log), the right column (the decision awaited and its
//! orders, the player's own strategy hand, the units to pick, the selected zone's card with its
//! units drawn as counters and the orders there with their costs and odds), and the dialogs: the
//! counter-battery answer to a bombing, the assault (defensive fire, then charge or break off, with
//! the odds of each), the end of the game.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rulesets::dixmude::Command;
use crate::rulesets::dixmude::state::Pos;
use crate::rulesets::dixmude::units::Side;
use crate::ui::rules_text::{RuleBooks, rule_window};
use crate::ui::saves::load_save_of;
use crate::ui::screens::HandOver;
use crate::ui::theme;
use crate::ui::widgets::panels_root;

use super::ai::DixAi;
use super::board::{click_orders, command_unit};
use super::session::{DixSession, quicksave_path};
use super::{DixUi, SCREEN};
use crate::ui::Screen;

mod cards;
mod dialogs;
mod left;
mod right;

pub use cards::side_egui;

pub(super) enum Action {
    Submit(Command),
    Undo,
    Save,
    Load,
    Menu,
    Fit,
    Select(Option<u32>),
    Pick(Option<String>),
    /// Offer these orders (a click that could mean several) at this point of the window.
    Choose(egui::Pos2, Vec<Command>),
}

/// Everything the panels read or change.
#[derive(SystemParam)]
struct PanelParams<'w> {
    session: Option<ResMut<'w, DixSession>>,
    ui_state: ResMut<'w, DixUi>,
    ai: Option<Res<'w, DixAi>>,
    keys: Res<'w, ButtonInput<KeyCode>>,
    next: ResMut<'w, NextState<Screen>>,
    books: Res<'w, RuleBooks>,
    hand: Res<'w, HandOver>,
}

/// What every panel reads in this frame.
pub(super) struct Scene<'a> {
    pub session: &'a DixSession,
    pub p: Pos,
    pub ai: Option<&'a DixAi>,
    pub to_move: Option<Side>,
    /// A person must decide now.
    pub human: bool,
    pub thinking: bool,
}

/// What the panels asked for in this frame, done once they are drawn.
#[derive(Default)]
pub(super) struct Asks {
    pub acts: Vec<Action>,
    pub open_rule: Option<String>,
}

fn panels(mut contexts: EguiContexts, mut p: PanelParams) -> Result {
    let Some(mut session) = p.session.take() else { return Ok(()) };
    let ctx_e = contexts.ctx_mut()?.clone();
    let ui_state = &mut *p.ui_state;
    // The hand-over screen covers everything: nothing under it may be touched.
    if p.hand.showing {
        ui_state.pointer_over_ui = true;
        ui_state.keyboard_over_ui = true;
        ui_state.clicked = None;
        ui_state.cancelled = false;
        return Ok(());
    }
    let zoom = ctx_e.zoom_factor();
    let mut root = panels_root(&ctx_e, "dixmude-hud");
    let mut asks = Asks::default();
    {
        let scene = Scene {
            session: &session,
            p: session.pos(),
            ai: p.ai.as_deref(),
            to_move: session.to_move(),
            human: session.human_to_move(),
            thinking: p.ai.as_ref().is_some_and(|a| a.thinking()),
        };
        map_click(&ctx_e, &scene, ui_state, &mut asks.acts);
        left::top_bar(&mut root, &ctx_e, &scene, &mut asks);
        left::left_column(&mut root, &ctx_e, &scene, ui_state, &mut asks);
        right::right_column(&mut root, &ctx_e, &scene, ui_state, &mut asks);
        if scene.human {
            dialogs::counter_battery(&ctx_e, &scene, &mut asks);
            dialogs::assault(&ctx_e, &scene, &mut asks);
        }
        if session.game.is_over() {
            dialogs::game_over(&ctx_e, &scene, &mut asks);
        }
        // The map's part of the window.
        let free = root.available_rect_before_wrap();
        ui_state.free = Some(Rect::new(free.min.x * zoom, free.min.y * zoom, free.max.x * zoom, free.max.y * zoom));
        let pointer = ctx_e.pointer_hover_pos();
        ui_state.pointer_over_ui = ctx_e.is_pointer_over_egui() || pointer.is_some_and(|pp| !free.contains(pp));
        ui_state.keyboard_over_ui = ctx_e.text_edit_focused();
        if !ui_state.keyboard_over_ui {
            ctx_e.memory_mut(|m| m.stop_text_input());
            keys(&p.keys, &scene, ui_state, &mut asks.acts);
        }
        if let (Some(h), Some(pos)) = (ui_state.hovered, pointer)
            && !ui_state.pointer_over_ui
            && ui_state.choice.is_none()
        {
            dialogs::map_tooltip(&ctx_e, &scene, ui_state, h, pos);
        }
        dialogs::choice(&ctx_e, &scene, ui_state, &mut asks);
    }
    if let Some(r) = asks.open_rule {
        ui_state.rule = Some(r);
    }
    let centre = ctx_e.viewport_rect().center();
    rule_window(&ctx_e, p.books.of(crate::rulesets::dixmude::ID), crate::rulesets::dixmude::ID, &mut ui_state.rule, centre);
    apply(asks.acts, &mut session, ui_state, &mut p.next);
    Ok(())
}

/// A click on the map: the order it gives (only a legal command), a choice among several, else the
/// zone is selected; a right click cancels the selection.
fn map_click(ctx_e: &egui::Context, scene: &Scene, ui_state: &mut DixUi, acts: &mut Vec<Action>) {
    match ui_state.clicked.take() {
        Some(Some(z)) => {
            let orders = if scene.human { click_orders(&scene.session.legal, ui_state.picked.as_deref(), z) } else { Vec::new() };
            match orders.len() {
                0 => acts.push(Action::Select(Some(z))),
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
}

/// The keys: Ctrl+Z or U undo, F5 save, F9 load, Enter the decision's "done" (pass, stop bombing, end
/// the activation...), Esc closes the rule text or clears the selection.
fn keys(keys: &ButtonInput<KeyCode>, scene: &Scene, ui_state: &mut DixUi, acts: &mut Vec<Action>) {
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
    if keys.just_pressed(KeyCode::Enter) && scene.human && ui_state.choice.is_none() && scene.session.legal.contains(&Command::Done) {
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

/// Does what the panels asked for: only a legal command is sent (the window holds no rule).
fn apply(acts: Vec<Action>, session: &mut DixSession, ui_state: &mut DixUi, next: &mut NextState<Screen>) {
    for act in acts {
        match act {
            Action::Submit(c) => {
                ui_state.choice = None;
                if !session.legal.contains(&c) {
                    continue;
                }
                let follow = match &c {
                    Command::Activate(z, _) | Command::Move(_, z) => Some(*z),
                    _ => None,
                };
                let unit_order = command_unit(&c).is_some();
                let entered = matches!(c, Command::Enter(..));
                match session.submit(c) {
                    Err(r) => session.message = Some(format!("Refused: {r}")),
                    Ok(()) => {
                        if follow.is_some() {
                            ui_state.selected = follow;
                        }
                        if unit_order {
                            // 6: after an entry the next unit of the HQ zone is picked for the next click.
                            ui_state.picked = if entered && session.human_to_move() { next_to_enter(&session.legal) } else { None };
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
                match load_save_of(&path) {
                    Ok(g) => {
                        session.replace(g);
                        session.seats_from_save(&path);
                        session.message = Some(format!("Loaded {}", path.display()));
                    }
                    Err(e) => session.message = Some(format!("Cannot load: {e}")),
                }
            }
            Action::Menu => next.set(Screen::Menu),
            Action::Fit => ui_state.fit_requested = true,
            Action::Select(z) => {
                ui_state.selected = z;
                ui_state.picked = None;
                ui_state.choice = None;
            }
            Action::Pick(u) => ui_state.picked = u,
            Action::Choose(pos, orders) => ui_state.choice = Some((pos, orders)),
        }
    }
}

/// The next unit of the HQ zone that may enter the map (6), if any.
fn next_to_enter(legal: &[Command]) -> Option<String> {
    legal.iter().find_map(|c| match c {
        Command::Enter(u, _) => Some(u.clone()),
        _ => None,
    })
}

pub fn plugin(app: &mut App) {
    // Before the hand-over screen: the Enter that closes it must not also pass the decision.
    app.add_systems(EguiPrimaryContextPass, panels.run_if(in_state(SCREEN)).run_if(theme::theme_ready).before(super::handover::screen));
}
