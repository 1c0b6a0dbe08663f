//! The player's hands on the map: clicks (the hex view's [`BoardInput`] and [`Hover`]) and keys
//! become [`Intent`]s, applied by [`apply_intents`] — the only place the player's commands reach
//! the game, and only commands of the legal list (or that the engine's `check` accepts) are sent.
//!
//! Set-up: pick a unit (the tray, Tab, or its counter), click a shaded hex of its area. Orders:
//! click a unit for the forces it can be activated in (the panel), Space activates it alone, P or
//! Enter passes (asked twice). The activated force: click a unit of it, then a shaded hex to move
//! or a ringed one to fire (a formation fires together where it can); S moves the stack, I goes IN
//! the fortification, O leaves the dugout, G digs, C fights in close combat, Enter or E ends the
//! activation. Reaction: the panel's React buttons (or a click on a ringed hex), Enter lets it pass.

use bevy::prelude::*;

use crate::rulesets::trenches::Command;
use crate::rulesets::trenches::view::Stage;
use crate::ui::Frame;
use crate::ui::board::BoardInput;
use crate::ui::board::hex::input::{Hover, ReadPointer};
use crate::ui::camera::{MapCamera, MapViewport};
use crate::ui::input::Toasts;
use crate::ui::screens::HandOver;

use super::SCREEN;
use super::counters::Selection;
use super::orders::{Offer, OfferKind, Orders, compute};
use super::session::TrenchSession;

/// Something the player asked for, applied in [`Frame::Apply`].
#[derive(Clone, Debug)]
pub enum Intent {
    Submit(Command),
    Undo,
}

#[derive(Resource, Default)]
pub struct Intents(pub Vec<Intent>);

/// A command waiting for the player's second yes (passing orders).
#[derive(Resource, Default, Clone)]
pub struct Awaiting(pub Option<(Command, String)>);

/// Whether a move takes the whole stack of the formation in the selected unit's hex (S).
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub struct StackMode(pub bool);

/// Whether a click on the map ranges indirect fire on the hex (R) rather than moving or firing.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub struct RangeMode(pub bool);

/// What the panels point at (a formation's units, a pattern's hexes), drawn on the map.
#[derive(Resource, Default, Clone, PartialEq)]
pub struct Preview {
    pub units: Vec<String>,
    pub hexes: Vec<hexx::Hex>,
}

/// Keeps the orders in step with the game and the selection.
fn refresh_orders(session: Option<Res<TrenchSession>>, selection: Res<Selection>, mut orders: ResMut<Orders>) {
    let Some(session) = session else { return };
    let key = (session.revision, selection.unit.clone());
    if orders.key != key {
        *orders = compute(&session, selection.unit.as_deref());
    }
}

/// At set-up a unit to place is always picked: the first of the tray when none is.
/// In an activation, a unit of the force that can still act is picked when none is.
fn auto_pick(orders: Res<Orders>, mut selection: ResMut<Selection>) {
    if !orders.human {
        return;
    }
    match orders.stage {
        Some(Stage::Place(_)) => {
            if selection.unit.as_ref().is_none_or(|s| !orders.unplaced.contains(s))
                && let Some(first) = orders.unplaced.first()
            {
                selection.unit = Some(first.clone());
            }
        }
        Some(Stage::Force(_)) => {
            if selection.unit.as_deref().is_none_or(|s| orders.of_unit(s).next().is_none())
                && let Some(first) = orders.pickable().into_iter().next()
            {
                selection.unit = Some(first);
            }
        }
        _ => {}
    }
}

/// A command from a button or a key: passing asks twice, the rest goes at once.
pub fn request(cmd: Command, intents: &mut Intents, awaiting: &mut Awaiting) {
    if cmd == Command::Pass && awaiting.0.as_ref().is_none_or(|(c, _)| *c != cmd) {
        awaiting.0 = Some((cmd, "pass the rest of your orders this round (Enter or P again to confirm, Esc to cancel)".into()));
        return;
    }
    awaiting.0 = None;
    intents.0.push(Intent::Submit(cmd));
}

/// The order a click on `hex` gives the selected unit: fire before moving (a formation's combined
/// fire first), the stack's move with S, ranging, close combat; in a reaction, the best odds.
pub fn click_order<'a>(orders: &'a Orders, selected: Option<&str>, hex: hexx::Hex, stack: bool, ranging: bool) -> Option<&'a Offer> {
    let here: Vec<&Offer> = orders.offers.iter().filter(|o| o.hex == Some(hex) && (o.kind == OfferKind::Range) == ranging).collect();
    let mine: Vec<&Offer> = match selected {
        Some(s) if here.iter().any(|o| o.units.iter().any(|u| u == s)) => {
            here.iter().copied().filter(|o| o.units.iter().any(|u| u == s)).collect()
        }
        _ => here.clone(),
    };
    let by = |kind: OfferKind| mine.iter().copied().filter(move |o| o.kind == kind);
    let best = |v: Vec<&'a Offer>| {
        v.into_iter().max_by(|a, b| (a.units.len(), a.chance).partial_cmp(&(b.units.len(), b.chance)).unwrap_or(std::cmp::Ordering::Equal))
    };
    if let Some(o) = best(by(OfferKind::Fire).collect()) {
        return Some(o);
    }
    let moves: Vec<&Offer> = by(OfferKind::Move).collect();
    if !moves.is_empty() {
        return if stack {
            moves.iter().copied().max_by_key(|o| o.units.len())
        } else {
            moves.iter().copied().min_by_key(|o| o.units.len())
        };
    }
    if let Some(o) = mine
        .iter()
        .copied()
        .filter(|o| o.kind == OfferKind::React)
        .max_by(|a, b| a.chance.partial_cmp(&b.chance).unwrap_or(std::cmp::Ordering::Equal))
    {
        return Some(o);
    }
    by(OfferKind::Range).next().or_else(|| here.iter().copied().find(|o| o.kind == OfferKind::CloseCombat))
}

#[allow(clippy::too_many_arguments)]
fn handle_clicks(
    input: Res<BoardInput>,
    hover: Res<Hover>,
    viewport: Res<MapViewport>,
    keys: Res<ButtonInput<KeyCode>>,
    orders: Res<Orders>,
    (stack, ranging): (Res<StackMode>, Res<RangeMode>),
    mut selection: ResMut<Selection>,
    mut intents: ResMut<Intents>,
    mut awaiting: ResMut<Awaiting>,
    hand_over: Res<HandOver>,
) {
    if hand_over.showing || viewport.pointer_over_ui {
        return;
    }
    if input.cancelled {
        awaiting.0 = None;
        selection.unit = None;
        return;
    }
    let Some(clicked) = input.clicked else { return };
    let select = |selection: &mut Selection| selection.unit = hover.unit.clone();
    let Some(crate::ui::board::Place::Cell(hex)) = clicked else {
        selection.unit = None;
        return;
    };
    if !orders.human {
        select(&mut selection);
        return;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    match orders.stage {
        Some(Stage::Place(_)) => {
            if let Some((_, c)) = orders.place.iter().find(|(h, _)| *h == hex) {
                intents.0.push(Intent::Submit(c.clone()));
            } else if hover.unit.is_some() {
                select(&mut selection);
            }
        }
        Some(Stage::Orders(_)) | None => select(&mut selection),
        // 9.2: a click on a unit in the fight gives it a step of the losses.
        Some(Stage::Losses(_)) => match hover.unit.as_deref().and_then(|u| orders.of_unit(u).next()) {
            Some(o) => intents.0.push(Intent::Submit(o.command.clone())),
            None => select(&mut selection),
        },
        Some(Stage::Force(_)) | Some(Stage::Reaction(_)) => {
            let other = hover.unit.as_deref().filter(|u| Some(*u) != selection.unit.as_deref() && orders.of_unit(u).next().is_some());
            if other.is_some() && !shift {
                select(&mut selection);
            } else if let Some(o) = click_order(&orders, selection.unit.as_deref(), hex, stack.0, ranging.0) {
                awaiting.0 = None;
                intents.0.push(Intent::Submit(o.command.clone()));
            } else {
                select(&mut selection);
            }
        }
    }
}

/// The one command of a kind the selected unit may give (I, O, G, C).
fn single(orders: &Orders, selected: Option<&str>, kind: OfferKind) -> Option<Command> {
    let mine: Vec<&Offer> =
        orders.kind(kind).filter(|o| selected.is_none_or(|s| o.units.is_empty() || o.units.iter().any(|u| u == s))).collect();
    mine.iter().min_by_key(|o| o.units.len()).map(|o| o.command.clone())
}

#[allow(clippy::too_many_arguments)]
fn handle_keys(
    keys: Res<ButtonInput<KeyCode>>,
    viewport: Res<MapViewport>,
    orders: Res<Orders>,
    (mut stack, mut ranging): (ResMut<StackMode>, ResMut<RangeMode>),
    mut selection: ResMut<Selection>,
    mut intents: ResMut<Intents>,
    mut awaiting: ResMut<Awaiting>,
    mut settings: ResMut<crate::ui::settings::Settings>,
    hand_over: Res<HandOver>,
    mut menu: ResMut<crate::ui::game_menu::GameMenu>,
    mut cameras: Query<&mut MapCamera>,
) {
    if viewport.keyboard_over_ui || hand_over.showing {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if keys.just_pressed(KeyCode::Escape) {
        if awaiting.0.is_some() {
            awaiting.0 = None;
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
    let sel = selection.unit.clone();
    let enter = keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter);
    if enter && let Some((c, _)) = awaiting.0.take() {
        intents.0.push(Intent::Submit(c));
        return;
    }
    let pass = keys.just_pressed(KeyCode::KeyP) || (enter && matches!(orders.stage, Some(Stage::Orders(_))));
    let give = |c: Option<Command>, intents: &mut Intents, awaiting: &mut Awaiting| {
        if let Some(c) = c {
            request(c, intents, awaiting);
        }
    };
    if pass {
        give(orders.kind(OfferKind::Pass).next().map(|o| o.command.clone()), &mut intents, &mut awaiting);
    }
    if enter || keys.just_pressed(KeyCode::KeyE) {
        give(orders.kind(OfferKind::End).next().map(|o| o.command.clone()), &mut intents, &mut awaiting);
    }
    if enter {
        give(orders.kind(OfferKind::NoReaction).next().map(|o| o.command.clone()), &mut intents, &mut awaiting);
    }
    if keys.just_pressed(KeyCode::Space)
        && let Some(s) = sel.as_deref()
    {
        let alone = orders.kind(OfferKind::Activate).find(|o| o.units.len() == 1 && o.units[0] == s);
        give(alone.map(|o| o.command.clone()), &mut intents, &mut awaiting);
    }
    for (key, kind) in [(KeyCode::KeyI, OfferKind::Fortify), (KeyCode::KeyG, OfferKind::Dig), (KeyCode::KeyC, OfferKind::CloseCombat)] {
        if keys.just_pressed(key) {
            let c =
                single(&orders, sel.as_deref(), kind).filter(|c| kind != OfferKind::Fortify || matches!(c, Command::EnterFortification(_)));
            give(c, &mut intents, &mut awaiting);
        }
    }
    if keys.just_pressed(KeyCode::KeyO) {
        let c = orders
            .kind(OfferKind::Fortify)
            .filter(|o| matches!(o.command, Command::LeaveDugout(_)))
            .find(|o| sel.as_deref().is_none_or(|s| o.units.iter().any(|u| u == s)));
        give(c.map(|o| o.command.clone()), &mut intents, &mut awaiting);
    }
    if keys.just_pressed(KeyCode::KeyS) {
        stack.0 = !stack.0;
    }
    if keys.just_pressed(KeyCode::KeyR) {
        ranging.0 = !ranging.0 && orders.kind(OfferKind::Range).next().is_some();
    }
    // Tab: the next unit that can be placed, activated or ordered.
    if keys.just_pressed(KeyCode::Tab) {
        let list = orders.pickable();
        if !list.is_empty() {
            let next = match sel.as_ref().and_then(|s| list.iter().position(|x| x == s)) {
                Some(i) => list[(i + 1) % list.len()].clone(),
                None => list[0].clone(),
            };
            for mut cam in &mut cameras {
                cam.reveal_unit = Some(next.clone());
            }
            selection.unit = Some(next);
        }
    }
}

/// Applies the player's intents to the game; after a placement the next unit to place is picked,
/// after an activation the force's first unit.
fn apply_intents(
    mut intents: ResMut<Intents>,
    mut session: Option<ResMut<TrenchSession>>,
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
            Intent::Submit(cmd) => {
                if !session.human_to_move() || hand_over.showing {
                    continue;
                }
                let side = session.to_move();
                match session.submit(cmd.clone()) {
                    Err(r) => toasts.show(format!("{r}")),
                    Ok(()) => match &cmd {
                        Command::Place(..) => {
                            let p = session.pos();
                            selection.unit = side
                                .filter(|s| session.to_move() == Some(*s))
                                .and_then(|s| crate::rulesets::trenches::sequence::unplaced(&p, s).next())
                                .map(|u| p.id(u).to_string());
                        }
                        Command::Activate(ids) => selection.unit = ids.first().cloned(),
                        _ => {}
                    },
                }
            }
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Intents>()
        .init_resource::<Awaiting>()
        .init_resource::<StackMode>()
        .init_resource::<RangeMode>()
        .init_resource::<Preview>()
        .init_resource::<Orders>()
        .add_systems(
            Update,
            (auto_pick, refresh_orders, handle_clicks, handle_keys)
                .chain()
                .after(ReadPointer)
                .in_set(Frame::Input)
                .run_if(in_state(SCREEN)),
        )
        .add_systems(Update, (apply_intents, refresh_orders).chain().in_set(Frame::Apply).run_if(in_state(SCREEN)))
        .add_systems(
            Update,
            (|orders: Res<Orders>, mut r: ResMut<RangeMode>| {
                if r.0 && orders.kind(OfferKind::Range).next().is_none() {
                    r.0 = false;
                }
            })
            .in_set(Frame::Orders)
            .run_if(in_state(SCREEN)),
        )
        .add_systems(OnExit(SCREEN), |mut a: ResMut<Awaiting>, mut i: ResMut<Intents>, mut o: ResMut<Orders>| {
            a.0 = None;
            i.0.clear();
            *o = Orders::default();
        });
}
