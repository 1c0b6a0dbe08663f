//! The pointer and the keys into legal commands only. A click on a stand selects its unit, or — with
//! a unit selected that may fire at or charge it — gives that order (both offered as a choice); a
//! click on the open table with a unit selected gives the legal move ending nearest it; a right click
//! or Esc clears the selection. Keys: Enter the decision's Done (or ending the regiment), Tab the
//! next unit that may act, Q and E wheel 45° left and right, Ctrl+Z or U undo.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::rulesets::martians::Command;
use crate::rulesets::martians::state::Pos;
use crate::ui::board::table::TablePointer;
use crate::ui::board::{BoardInput, BoardModel, Place};
use crate::ui::camera::{MapCamera, MapViewport};
use crate::ui::game_menu::GameMenu;
use crate::ui::saves::SaveRequests;
use crate::ui::top_bar::BarButton;

use super::board::{move_near, unit_of};
use super::{MarSession, MarUi, words};

/// What a panel or a key asks for; done once every panel is drawn (only a legal command is sent).
pub enum Act {
    Submit(Command),
    Undo,
    Save,
    Load,
    Menu,
    Fit,
    Select(Option<String>),
    Choose(egui::Pos2, Vec<Command>),
}

impl Act {
    pub fn of_button(b: BarButton) -> Self {
        match b {
            BarButton::Menu => Act::Menu,
            BarButton::Load => Act::Load,
            BarButton::Save => Act::Save,
            BarButton::Fit => Act::Fit,
            BarButton::Undo => Act::Undo,
        }
    }
}

/// The panels' window, for the view's camera and pointer.
pub fn window_to_view(mut ui: ResMut<MarUi>, mut viewport: ResMut<MapViewport>, mut cameras: Query<&mut MapCamera>) {
    viewport.free = ui.free;
    viewport.pointer_over_ui = ui.pointer_over_ui;
    viewport.keyboard_over_ui = ui.keyboard_over_ui;
    if std::mem::take(&mut ui.fit_requested) {
        for mut camera in &mut cameras {
            camera.fit_requested = true;
        }
    }
}

/// The view's pointing, for the panels: the unit and the table point under the pointer, a click,
/// a right click.
pub fn view_to_panels(mut ui: ResMut<MarUi>, mut input: ResMut<BoardInput>, model: Res<BoardModel>, pointer: Res<TablePointer>) {
    let unit = |p: Option<Place>| -> Option<String> {
        let p = p?;
        model.pieces.iter().find(|pc| pc.place == Some(p)).map(|pc| unit_of(&pc.id).to_string())
    };
    let hovered = unit(input.hovered);
    if ui.hovered != hovered {
        ui.hovered = hovered;
    }
    if ui.pointer != pointer.at {
        ui.pointer = pointer.at;
    }
    if let Some(click) = input.clicked.take() {
        ui.clicked = Some((unit(click), pointer.at));
    }
    if std::mem::take(&mut input.cancelled) {
        ui.cancelled = true;
    }
}

/// The orders a click on a unit gives with `sel` selected: its fire at it or charge of it.
pub fn orders_at(legal: &[Command], sel: Option<&str>, unit: &str) -> Vec<Command> {
    let Some(sel) = sel else { return Vec::new() };
    legal.iter().filter(|c| words::actor(c) == Some(sel) && words::aim(c) == Some(unit)).cloned().collect()
}

/// A click on the table: an order, a choice among orders, or a selection.
pub fn click(ctx: &egui::Context, p: &Pos, session: &MarSession, ui: &mut MarUi, acts: &mut Vec<Act>) {
    let human = session.human_to_move();
    let legal: &[Command] = if human { &session.legal } else { &[] };
    if let Some((unit, at)) = ui.clicked.take() {
        let here = ctx.pointer_hover_pos().unwrap_or(egui::pos2(400.0, 300.0));
        match (unit, at) {
            (Some(u), _) => {
                let orders = orders_at(legal, ui.selected.as_deref(), &u);
                match orders.len() {
                    0 => acts.push(Act::Select(Some(u))),
                    1 => acts.extend(orders.into_iter().map(Act::Submit)),
                    _ => acts.push(Act::Choose(here, orders)),
                }
            }
            (None, Some(at)) => {
                let mv = ui.selected.as_deref().and_then(|s| p.find(s)).and_then(|u| move_near(p, u, legal, at));
                acts.push(mv.map_or(Act::Select(None), Act::Submit));
            }
            (None, None) => acts.push(Act::Select(None)),
        }
    }
    if std::mem::take(&mut ui.cancelled) {
        acts.push(Act::Select(None));
    }
}

/// The command Enter gives: Done, else ending the regiment's activity.
pub fn enter_command(legal: &[Command]) -> Option<Command> {
    [Command::Done, Command::EndRegiment].into_iter().find(|c| legal.contains(c))
}

/// The units that may act now, in scenario order.
pub fn actors(legal: &[Command]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in legal {
        if let Some(u) = words::actor(c)
            && !out.iter().any(|x| x == u)
        {
            out.push(u.to_string());
        }
    }
    out
}

/// The keys (F5, F9 and F are the shell's).
pub fn keys(keys: &ButtonInput<KeyCode>, session: &MarSession, ui: &mut MarUi, acts: &mut Vec<Act>) {
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if (ctrl && keys.just_pressed(KeyCode::KeyZ)) || keys.just_pressed(KeyCode::KeyU) {
        acts.push(Act::Undo);
    }
    let human = session.human_to_move();
    if keys.just_pressed(KeyCode::Enter)
        && human
        && ui.choice.is_none()
        && let Some(c) = enter_command(&session.legal)
    {
        acts.push(Act::Submit(c));
    }
    if keys.just_pressed(KeyCode::Tab) && human {
        let all = actors(&session.legal);
        let next = match ui.selected.as_ref().and_then(|s| all.iter().position(|x| x == s)) {
            Some(i) => all.get((i + 1) % all.len().max(1)).cloned(),
            None => all.first().cloned(),
        };
        acts.push(Act::Select(next));
    }
    if let Some(sel) = ui.selected.clone().filter(|_| human) {
        for (key, turn) in [(KeyCode::KeyQ, 45), (KeyCode::KeyE, -45)] {
            let c = Command::Face(sel.clone(), turn);
            if keys.just_pressed(key) && session.legal.contains(&c) {
                acts.push(Act::Submit(c));
            }
        }
    }
    if keys.just_pressed(KeyCode::Escape) {
        if ui.rule.is_some() {
            ui.rule = None;
        } else if ui.selected.is_some() || ui.choice.is_some() {
            acts.push(Act::Select(None));
        } else {
            acts.push(Act::Menu);
        }
    }
}

/// Does what the panels asked for: only a legal command is sent (the window holds no rule).
pub fn apply(acts: Vec<Act>, session: &mut MarSession, ui: &mut MarUi, menu: &mut GameMenu, saves: &mut SaveRequests) {
    for act in acts {
        match act {
            Act::Submit(c) => {
                ui.choice = None;
                if !session.legal.contains(&c) {
                    continue;
                }
                if let Err(r) = session.submit(c) {
                    session.message = Some(format!("Refused: {r}"));
                }
            }
            Act::Undo => {
                if let Err(r) = session.undo() {
                    session.message = Some(format!("Cannot undo: {r}"));
                }
            }
            Act::Save => saves.open_save = true,
            Act::Load => saves.open_load = true,
            Act::Menu => menu.toggle(),
            Act::Fit => ui.fit_requested = true,
            Act::Select(u) => {
                ui.selected = u;
                ui.choice = None;
            }
            Act::Choose(pos, orders) => ui.choice = Some((pos, orders)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_on_an_enemy_offers_only_the_selected_units_orders_at_it() {
        let legal = vec![
            Command::Fire("a".into(), "x".into()),
            Command::Charge("a".into(), "x".into()),
            Command::Fire("b".into(), "x".into()),
            Command::Move("a".into(), 0, 10),
            Command::Done,
        ];
        assert_eq!(orders_at(&legal, Some("a"), "x").len(), 2);
        assert!(orders_at(&legal, None, "x").is_empty());
        assert_eq!(actors(&legal), vec!["a".to_string(), "b".to_string()]);
        assert_eq!(enter_command(&legal), Some(Command::Done));
        assert_eq!(enter_command(&[Command::EndRegiment]), Some(Command::EndRegiment));
    }
}
