//! The player's hands on Into the Bastards!'s map: clicking to select, to move, to fire, to assault,
//! to place a barrage or to choose a unit; the keyboard shortcuts; the line-of-sight tool (hold L and
//! point). Clicks (the hex view's [`BoardInput`] and [`Hover`]) become [`Intent`]s, applied by
//! [`apply_intents`] — the only place where the player's commands reach the game.

use bevy::prelude::*;
use hexx::Hex;

use crate::rulesets::bastards::Command;
use crate::rulesets::bastards::map::Situation;
use crate::rulesets::bastards::state::Phase;
use crate::ui::Frame;
use crate::ui::board::BoardInput;
use crate::ui::board::hex::input::{Hover, ReadPointer};
use crate::ui::camera::MapViewport;
use crate::ui::input::Toasts;
use crate::ui::screens::HandOver;
use crate::ui::settings::Settings;

use super::SCREEN;
use super::counters::Selection;
use super::orders::{OrderMode, Orders};
use super::session::PlaySession;

/// The line-of-sight tool (hold L): from `from` to the hovered hex.
#[derive(Resource, Default, Clone)]
pub struct SightTool {
    pub active: bool,
    pub from: Option<Hex>,
    pub to: Option<Hex>,
    /// `Ok` when clear; the blocking hex and what blocks, when not.
    pub result: Option<Result<(), (Hex, String)>>,
}

/// Something the player asked for, applied in [`Frame::Apply`].
#[derive(Clone, Debug)]
pub enum Intent {
    /// Give these commands in order; if a later one is refused, take the earlier ones back (so an
    /// activation made only to move the unit does not stay behind).
    Commands(Vec<Command>),
    /// Ask for confirmation first (dice will be rolled).
    Confirm(Vec<Command>, String),
    Undo,
}

#[derive(Resource, Default)]
pub struct Intents(pub Vec<Intent>);

/// An order waiting for the player's confirmation.
#[derive(Resource, Default, Clone)]
pub struct AwaitingConfirmation(pub Option<(Vec<Command>, String)>);

/// A command from a button or a key: given at once, or held for confirmation when it rolls dice
/// (with the setting on) or ends a phase with units not yet activated.
pub fn request(cmd: Command, orders: &Orders, settings: &Settings, intents: &mut Intents, awaiting: &mut AwaitingConfirmation) {
    let text = match &cmd {
        Command::Done if orders.active.is_none() && !orders.activatable.is_empty() && orders.phase == Some(Phase::Activation) => {
            Some(format!(
                "end the phase with {} unit{} not activated",
                orders.activatable.len(),
                if orders.activatable.len() == 1 { "" } else { "s" }
            ))
        }
        Command::FireBarrages if settings.confirm_dice && orders.barrage_rolls => Some("roll the dice".to_string()),
        Command::AttemptCohesion if settings.confirm_dice => Some("roll the dice".to_string()),
        _ => None,
    };
    match text {
        Some(t) if awaiting.0.as_ref().is_none_or(|(c, _)| c.first() != Some(&cmd)) => awaiting.0 = Some((vec![cmd], t)),
        _ => {
            awaiting.0 = None;
            intents.0.push(Intent::Commands(vec![cmd]));
        }
    }
}

/// What a click on the map means, given the orders.
pub fn click_intent(
    sit: &Situation,
    orders: &Orders,
    mode: OrderMode,
    selected: Option<&str>,
    hex: Option<Hex>,
    unit: Option<&str>,
    confirm_dice: bool,
) -> ClickOutcome {
    if !orders.human {
        return match unit {
            Some(u) => ClickOutcome::Select(Some(u.to_string())),
            None => ClickOutcome::Select(None),
        };
    }
    let label = |h: Hex| sit.board().label(h);
    let name = |id: &str| sit.by_id(id).map(|u| u.unit.name.to_string()).unwrap_or_else(|| id.to_string());
    let confirm = |cmds: Vec<Command>, text: String| {
        if confirm_dice { ClickOutcome::Intent(Intent::Confirm(cmds, text)) } else { ClickOutcome::Intent(Intent::Commands(cmds)) }
    };
    // Barrages: any hex.
    if orders.barrage {
        if let Some(h) = hex {
            return ClickOutcome::Intent(Intent::Commands(vec![Command::PlaceBarrage(label(h))]));
        }
        return ClickOutcome::Nothing;
    }
    // Choosing a unit for the hero, the mechanic or a reorganisation.
    if let Some(id) = unit
        && let Some(cmd) = orders.choose.get(id)
    {
        return ClickOutcome::Intent(Intent::Commands(vec![cmd.clone()]));
    }
    // Targets of the active unit.
    if let Some(id) = unit {
        let fire = orders.fire.get(id);
        let assault = orders.assault.get(id);
        let pick = match mode {
            OrderMode::Assault => assault.map(|p| (Command::Assault(id.to_string()), p)),
            OrderMode::Fire => fire.map(|p| (Command::Fire(id.to_string()), p)),
            _ => fire.map(|p| (Command::Fire(id.to_string()), p)).or_else(|| assault.map(|p| (Command::Assault(id.to_string()), p))),
        };
        if let Some((cmd, p)) = pick {
            return confirm(vec![cmd], p.text.clone());
        }
        // Fire at a target of the selected, not yet active unit: activate it first.
        if orders.active.is_none()
            && let Some(sel) = selected
            && orders.activatable.contains(sel)
            && orders.fire_if_activated.contains_key(id)
        {
            return confirm(
                vec![Command::Activate(sel.to_string()), Command::Fire(id.to_string())],
                format!("activate {} and fire at {}", name(sel), name(id)),
            );
        }
    }
    // Hexes for the active unit.
    if let Some(h) = hex {
        let want_move = matches!(mode, OrderMode::Auto | OrderMode::Move);
        let clicked_own_other = unit.is_some_and(|u| Some(u) != orders.active.as_deref() && orders.activatable.contains(u));
        if want_move
            && !clicked_own_other
            && let Some(p) = orders.moves.get(&h)
        {
            let cmd = vec![Command::Move(label(h))];
            return if p.chance("breakdown") > 0.0 { confirm(cmd, p.text.clone()) } else { ClickOutcome::Intent(Intent::Commands(cmd)) };
        }
        if matches!(mode, OrderMode::Auto | OrderMode::Infiltrate)
            && let Some(p) = orders.infiltrate.get(&h)
        {
            return confirm(vec![Command::Infiltrate(label(h))], p.text.clone());
        }
        if matches!(mode, OrderMode::Auto | OrderMode::Withdraw)
            && let Some(p) = orders.withdraw.get(&h)
        {
            return confirm(vec![Command::Withdraw(label(h))], p.text.clone());
        }
        // Night deployment of the selected unit.
        if let Some(sel) = selected
            && orders.deploy.get(sel).is_some_and(|hs| hs.contains(&h))
        {
            return ClickOutcome::Intent(Intent::Commands(vec![Command::Deploy(sel.to_string(), label(h))]));
        }
        // Moving the selected unit before activating it: activate, then move.
        if orders.active.is_none()
            && !clicked_own_other
            && let Some(sel) = selected
            && orders.activatable.contains(sel)
            && orders.reach_if_activated.contains_key(&h)
            && unit.is_none_or(|u| u == sel || sit.by_id(u).is_some_and(|x| sit.by_id(sel).is_some_and(|s| s.side() == x.side())))
            && sit.by_id(sel).and_then(|u| u.hex()) != Some(h)
        {
            return ClickOutcome::Intent(Intent::Commands(vec![Command::Activate(sel.to_string()), Command::Move(label(h))]));
        }
    }
    match unit {
        Some(u) => ClickOutcome::Select(Some(u.to_string())),
        None => ClickOutcome::Select(None),
    }
}

/// The result of a click.
#[derive(Clone, Debug)]
pub enum ClickOutcome {
    Intent(Intent),
    Select(Option<String>),
    Nothing,
}

#[allow(clippy::too_many_arguments)]
fn handle_clicks(
    input: Res<BoardInput>,
    hover: Res<Hover>,
    viewport: Res<MapViewport>,
    session: Option<Res<PlaySession>>,
    orders: Res<Orders>,
    mut mode: ResMut<OrderMode>,
    mut selection: ResMut<Selection>,
    mut intents: ResMut<Intents>,
    mut awaiting: ResMut<AwaitingConfirmation>,
    settings: Res<Settings>,
    hand_over: Res<HandOver>,
    sight: Res<SightTool>,
) {
    let Some(session) = session else { return };
    if hand_over.showing || sight.active || viewport.pointer_over_ui {
        return;
    }
    if input.clicked.is_some() {
        let sit = session.situation();
        let outcome =
            click_intent(&sit, &orders, *mode, selection.unit.as_deref(), hover.hex, hover.unit.as_deref(), settings.confirm_dice);
        match outcome {
            ClickOutcome::Intent(Intent::Confirm(cmds, text)) => {
                // Clicking the same thing again confirms.
                if awaiting.0.as_ref().is_some_and(|(c, _)| *c == cmds) {
                    awaiting.0 = None;
                    intents.0.push(Intent::Commands(cmds));
                } else {
                    awaiting.0 = Some((cmds, text));
                }
            }
            ClickOutcome::Intent(i) => {
                awaiting.0 = None;
                intents.0.push(i);
            }
            ClickOutcome::Select(u) => {
                awaiting.0 = None;
                if u != selection.unit {
                    selection.unit = u;
                    *mode = OrderMode::Auto;
                }
            }
            ClickOutcome::Nothing => {}
        }
    }
    if input.cancelled {
        awaiting.0 = None;
    }
}

#[allow(clippy::too_many_arguments)]
fn handle_keys(
    keys: Res<ButtonInput<KeyCode>>,
    viewport: Res<MapViewport>,
    orders: Res<Orders>,
    mut mode: ResMut<OrderMode>,
    mut selection: ResMut<Selection>,
    mut intents: ResMut<Intents>,
    mut awaiting: ResMut<AwaitingConfirmation>,
    mut settings: ResMut<Settings>,
    hand_over: Res<HandOver>,
    mut menu: ResMut<crate::ui::game_menu::GameMenu>,
    mut cameras: Query<&mut crate::ui::camera::MapCamera>,
) {
    if viewport.keyboard_over_ui || hand_over.showing {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if keys.just_pressed(KeyCode::Escape) {
        if awaiting.0.is_some() {
            awaiting.0 = None;
        } else if *mode != OrderMode::Auto {
            *mode = OrderMode::Auto;
        } else if selection.unit.is_some() {
            selection.unit = None;
        } else {
            menu.toggle();
        }
        return;
    }
    if (ctrl && keys.just_pressed(KeyCode::KeyZ)) || keys.just_pressed(KeyCode::KeyU) {
        intents.0.push(Intent::Undo);
        return;
    }
    if keys.just_pressed(KeyCode::KeyH) {
        settings.hex_labels = !settings.hex_labels;
        let _ = settings.save();
    }
    if !orders.human {
        return;
    }
    if keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter) {
        if let Some((cmds, _)) = awaiting.0.take() {
            intents.0.push(Intent::Commands(cmds));
        } else if let Some(item) = orders.actions.iter().find(|a| a.hotkey == Some("Enter") && a.enabled)
            && let Some(c) = &item.command
        {
            request(c.clone(), &orders, &settings, &mut intents, &mut awaiting);
        }
        return;
    }
    for item in orders.actions.iter().filter(|a| a.enabled) {
        let key = match item.hotkey {
            Some("M") => KeyCode::KeyM,
            Some("T") => KeyCode::KeyT,
            Some("G") => KeyCode::KeyG,
            Some("R") => KeyCode::KeyR,
            Some("I") => KeyCode::KeyI,
            Some("X") => KeyCode::KeyX,
            Some("E") => KeyCode::KeyE,
            Some("Space") => KeyCode::Space,
            _ => continue,
        };
        if keys.just_pressed(key) {
            if let Some(m) = item.mode {
                *mode = m;
            }
            if let Some(c) = &item.command {
                request(c.clone(), &orders, &settings, &mut intents, &mut awaiting);
            }
        }
    }
    // Night deployment (10): a unit waiting to deploy is always picked, the next one after each
    // placement, and Tab goes through them.
    if !orders.deploy.is_empty() {
        let list: Vec<&String> = orders.deploy.keys().collect();
        let at = selection.unit.as_ref().and_then(|s| list.iter().position(|x| *x == s));
        if keys.just_pressed(KeyCode::Tab) {
            selection.unit = Some(list[at.map_or(0, |i| (i + 1) % list.len())].clone());
        } else if selection.unit.is_none() {
            selection.unit = Some(list[0].clone());
        }
        return;
    }
    // Tab: the next unit that can be activated.
    if keys.just_pressed(KeyCode::Tab) && orders.active.is_none() && !orders.activatable.is_empty() {
        let list: Vec<&String> = orders.activatable.iter().collect();
        let next = match selection.unit.as_ref().and_then(|s| list.iter().position(|x| *x == s)) {
            Some(i) => list[(i + 1) % list.len()].clone(),
            None => list[0].clone(),
        };
        for mut cam in &mut cameras {
            cam.reveal_unit = Some(next.clone());
        }
        selection.unit = Some(next);
    }
}

/// Hold L: line of sight from the selected unit (or from where L was pressed) to the pointer.
fn line_of_sight_tool(
    keys: Res<ButtonInput<KeyCode>>,
    hover: Res<Hover>,
    selection: Res<Selection>,
    session: Option<Res<PlaySession>>,
    viewport: Res<MapViewport>,
    mut tool: ResMut<SightTool>,
) {
    let Some(session) = session else { return };
    if viewport.keyboard_over_ui {
        return;
    }
    if keys.just_pressed(KeyCode::KeyL) {
        let sit = session.situation();
        let from_unit = selection.unit.as_deref().and_then(|id| sit.by_id(id)).and_then(|u| u.hex());
        tool.active = true;
        tool.from = from_unit.or(hover.hex);
    }
    if !keys.pressed(KeyCode::KeyL) {
        if tool.active {
            *tool = SightTool::default();
        }
        return;
    }
    if tool.from.is_none() {
        tool.from = hover.hex;
    }
    let to = hover.hex;
    if to == tool.to && tool.result.is_some() {
        return;
    }
    tool.to = to;
    tool.result = match (tool.from, to) {
        (Some(a), Some(b)) => {
            let sit = session.situation();
            Some(sit.line_of_sight(a, b).map_err(|h| (h, sit.describe_blocker(h))))
        }
        _ => None,
    };
}

/// Applies the player's intents to the game.
fn apply_intents(
    mut intents: ResMut<Intents>,
    mut session: Option<ResMut<PlaySession>>,
    mut toasts: ResMut<Toasts>,
    mut selection: ResMut<Selection>,
    hand_over: Res<HandOver>,
) {
    let list = std::mem::take(&mut intents.0);
    let Some(session) = session.as_mut() else { return };
    for intent in list {
        match intent {
            Intent::Undo => {
                if let Err(r) = session.undo() {
                    toasts.show(format!("Cannot undo: {r}"));
                }
            }
            Intent::Commands(cmds) | Intent::Confirm(cmds, _) => {
                if !session.human_to_move() || hand_over.showing {
                    continue;
                }
                let mut done = 0;
                for cmd in &cmds {
                    match session.submit(cmd.clone()) {
                        Ok(()) => done += 1,
                        Err(r) => {
                            toasts.show(format!("{r}"));
                            // Take back what was given only to prepare this one (an activation).
                            for _ in 0..done {
                                if session.game.can_undo() {
                                    let _ = session.undo();
                                }
                            }
                            break;
                        }
                    }
                }
                // Follow the active unit.
                if let Some(id) = cmds.iter().find_map(|c| match c {
                    Command::Activate(id) => Some(id.clone()),
                    _ => None,
                }) && done > 0
                {
                    selection.unit = Some(id);
                }
            }
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<SightTool>()
        .init_resource::<Intents>()
        .init_resource::<AwaitingConfirmation>()
        .add_systems(
            Update,
            (handle_clicks, handle_keys, line_of_sight_tool).chain().after(ReadPointer).in_set(Frame::Input).run_if(in_state(SCREEN)),
        )
        .add_systems(Update, apply_intents.in_set(Frame::Apply).run_if(in_state(SCREEN)))
        .add_systems(OnExit(SCREEN), |mut a: ResMut<AwaitingConfirmation>, mut i: ResMut<Intents>| {
            a.0 = None;
            i.0.clear();
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Firing no barrage rolls nothing: no "roll the dice?" question; a placed marker asks (issue 20).
    #[test]
    fn an_empty_barrage_ends_without_asking_a_placed_one_asks() {
        let settings = Settings { confirm_dice: true, ..Default::default() };
        let mut orders = Orders { barrage: true, ..Default::default() };
        let (mut intents, mut awaiting) = (Intents::default(), AwaitingConfirmation::default());
        request(Command::FireBarrages, &orders, &settings, &mut intents, &mut awaiting);
        assert!(awaiting.0.is_none());
        assert!(matches!(intents.0.as_slice(), [Intent::Commands(c)] if c == &vec![Command::FireBarrages]));
        orders.barrage_rolls = true;
        let mut intents = Intents::default();
        request(Command::FireBarrages, &orders, &settings, &mut intents, &mut awaiting);
        assert!(intents.0.is_empty());
        assert_eq!(awaiting.0.as_ref().map(|(_, t)| t.as_str()), Some("roll the dice"));
    }
}
