//! The panels of the area game (egui): the top bar (turn, phase, initiative, impulse, who is to
//! move; Undo, Fit, Save, Load, Menu), the left column (turn record track, sequence of play,
//! victory and BR areas, the log), the right column (the decision awaited and its orders, the
//! selected area's card with its units drawn as counters and the orders into it with their costs
//! and odds), and the dialogs: the attack (lead unit; lead defender, guns and SOS barrage, each with
//! the exact odds of every CP result), the loss-point (CP) allocation, and the end of the game.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rulesets::rtc::Command;
use crate::rulesets::rtc::map::Ctx;
use crate::rulesets::rtc::scenario::Scenario;
use crate::rulesets::rtc::units::Side;
use crate::ui::rules_text::{RuleBooks, rule_window};
use crate::ui::screens::{HandOver, HandOverCardSet};
use crate::ui::theme;
use crate::ui::widgets::panels_root;

use super::AreaUi;
use super::ai::AreaAi;
use super::session::AreaSession;
use crate::ui::game_menu::GameMenu;
use crate::ui::rtc::board::{click_orders, command_unit};
use crate::ui::saves::SaveRequests;

mod cards;
mod dialogs;
mod left;
mod right;
mod top_bar;

pub use cards::{counter, side_egui};

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

/// Everything the panels read or change.
#[derive(SystemParam)]
struct PanelParams<'w> {
    session: Option<ResMut<'w, AreaSession>>,
    ui_state: ResMut<'w, AreaUi>,
    ai: Option<Res<'w, AreaAi>>,
    keys: Res<'w, ButtonInput<KeyCode>>,
    shell: Shell<'w>,
    books: Res<'w, RuleBooks>,
    hand: Res<'w, HandOver>,
}

/// The shell's windows the panels open: the in-game menu and the save dialogs.
#[derive(SystemParam)]
struct Shell<'w> {
    menu: ResMut<'w, GameMenu>,
    saves: ResMut<'w, SaveRequests>,
}

/// What every panel reads in this frame.
struct Scene<'a> {
    session: &'a AreaSession,
    ctx: Ctx,
    sc: &'a Scenario,
    ai: Option<&'a AreaAi>,
    to_move: Option<Side>,
    /// A person must decide now.
    human: bool,
    thinking: bool,
}

/// What the panels asked for in this frame, done once they are drawn.
#[derive(Default)]
struct Asks {
    acts: Vec<Action>,
    open_rule: Option<String>,
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
    let mut root = panels_root(&ctx_e, "area-hud");
    let mut asks = Asks::default();
    {
        let scene = Scene {
            session: &session,
            ctx: session.ctx(),
            sc: session.game.scenario(),
            ai: p.ai.as_deref(),
            to_move: session.to_move(),
            human: session.human_to_move(),
            thinking: p.ai.as_ref().is_some_and(|a| a.thinking()),
        };
        map_click(&ctx_e, &scene, ui_state, &mut asks.acts);
        top_bar::top_bar(&mut root, &ctx_e, &scene, &mut asks);
        left::left_column(&mut root, &ctx_e, &scene, ui_state, &mut asks);
        right::right_column(&mut root, &ctx_e, &scene, ui_state, &mut asks);
        if scene.human {
            if let Some(at) = scene.ctx.combat.attack.as_ref().filter(|_| scene.ctx.losses.pending.is_none()) {
                dialogs::attack(&ctx_e, &scene, at, &mut asks);
            }
            if let Some(lp) = &scene.ctx.losses.pending {
                dialogs::losses(&ctx_e, &scene, lp, &mut asks);
            }
        }
        if session.game.is_over() {
            dialogs::game_over(&ctx_e, &scene, &mut asks);
        }

        // The map's part of the window.
        let free = root.available_rect_before_wrap();
        ui_state.free = Some(Rect::new(free.min.x * zoom, free.min.y * zoom, free.max.x * zoom, free.max.y * zoom));
        let pointer = ctx_e.pointer_hover_pos();
        ui_state.pointer_over_ui = p.shell.menu.modal() || ctx_e.is_pointer_over_egui() || pointer.is_some_and(|pp| !free.contains(pp));
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
    if let Some(r) = asks.open_rule.or_else(|| p.shell.menu.rule.take()) {
        ui_state.rule = Some(r);
    }
    let centre = ctx_e.viewport_rect().center();
    rule_window(&ctx_e, p.books.of(crate::rulesets::rtc::ID), crate::rulesets::rtc::ID, &mut ui_state.rule, centre);
    apply(asks.acts, &mut session, ui_state, &mut p.shell);
    Ok(())
}

/// A click on the map: the order it gives (only a legal command), a choice among several, else the
/// area is selected; a right click cancels the selection.
fn map_click(ctx_e: &egui::Context, scene: &Scene, ui_state: &mut AreaUi, acts: &mut Vec<Action>) {
    match ui_state.clicked.take() {
        Some(Some(a)) => {
            let orders = if scene.human { click_orders(&scene.session.legal, ui_state.selected_unit.as_deref(), a) } else { Vec::new() };
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
}

/// The keys (F5 and F9 are the shell's): Ctrl+Z or U undo, Enter the decision's "done" (pass, done
/// placing, end the activation's phase...), Esc closes the rule text, else clears the selection,
/// else opens the in-game menu.
fn keys(keys: &ButtonInput<KeyCode>, scene: &Scene, ui_state: &mut AreaUi, acts: &mut Vec<Action>) {
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if (ctrl && keys.just_pressed(KeyCode::KeyZ)) || keys.just_pressed(KeyCode::KeyU) {
        acts.push(Action::Undo);
    }
    if keys.just_pressed(KeyCode::Enter) && scene.human && ui_state.choice.is_none() && scene.session.legal.contains(&Command::Done) {
        acts.push(Action::Submit(Command::Done));
    }
    if keys.just_pressed(KeyCode::Escape) {
        if ui_state.rule.is_some() {
            ui_state.rule = None;
        } else if ui_state.selected.is_some() || ui_state.selected_unit.is_some() || ui_state.choice.is_some() {
            acts.push(Action::Select(None));
        } else {
            acts.push(Action::Menu);
        }
    }
}

/// Does what the panels asked for: only a legal command is sent (the window holds no rule).
fn apply(acts: Vec<Action>, session: &mut AreaSession, ui_state: &mut AreaUi, shell: &mut Shell) {
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
            Action::Save => shell.saves.open_save = true,
            Action::Load => shell.saves.open_load = true,
            Action::Menu => shell.menu.toggle(),
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
}

pub fn plugin(app: &mut App) {
    // Before the hand-over screen: the Enter that closes it must not also pass the decision.
    app.add_systems(EguiPrimaryContextPass, panels.run_if(in_state(super::SCREEN)).run_if(theme::theme_ready).before(HandOverCardSet));
}

/// The first arriving unit still to be placed (6.1), if any.
fn next_to_place(legal: &[Command]) -> Option<String> {
    legal.iter().find_map(|c| match c {
        Command::Place(u, _) => Some(u.clone()),
        _ => None,
    })
}
