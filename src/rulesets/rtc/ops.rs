//! The small operations every rule uses: logging, dice, flipping and eliminating units, and keeping
//! area control (3.21) up to date.

use bevy::prelude::*;

use crate::engine::{Dice, emit};

use super::events::{Event, EventKind};
use super::state::Control;
use super::units::{Place, Side, Sit, Unit, update};

/// Records an event.
pub fn log(world: &mut World, rule: &str, text: impl Into<String>, kind: EventKind) {
    emit(world, Event { rule: rule.to_string(), text: text.into(), kind });
}

/// Rolls `n` dice, each logged with its purpose and rule; returns their sum.
pub fn roll(world: &mut World, n: u32, purpose: &str, rule: &str) -> u32 {
    (0..n).map(|i| world.resource_mut::<Dice>().d6(format!("{purpose} ({}/{n})", i + 1), rule)).sum()
}

/// Every unit's entity, in scenario order.
#[derive(Resource, Clone, Debug, Default)]
pub struct Roster(pub Vec<Entity>);

pub fn entity(world: &World, index: usize) -> Entity {
    world.resource::<Roster>().0[index]
}

pub fn id_name(world: &World, index: usize) -> (String, String) {
    let u = world.get::<Unit>(entity(world, index)).expect("every unit has a Unit");
    (u.spec.id.clone(), u.spec.name.clone())
}

/// Turns a unit to its spent side.
pub fn spend(world: &mut World, index: usize) {
    let e = entity(world, index);
    update(world, e, |c| c.spent = true);
}

/// Flips a fresh unit to its spent side as a loss, logged.
pub fn flip(world: &mut World, index: usize, rule: &str) {
    spend(world, index);
    let (id, name) = id_name(world, index);
    log(world, rule, format!("{name} is turned to its spent side"), EventKind::Flipped { unit: id });
}

/// Removes a unit from the map: eliminated, or (a tank) broken down (10.61).
pub fn eliminate(world: &mut World, index: usize, broken_down: bool, rule: &str) {
    let e = entity(world, index);
    update(world, e, |c| {
        c.place = if broken_down { Place::BrokenDown } else { Place::Eliminated };
        c.spent = true;
        c.no_ammo = false;
    });
    let (id, name) = id_name(world, index);
    if broken_down {
        log(world, rule, format!("{name} breaks down"), EventKind::BrokeDown { unit: id });
    } else {
        log(world, rule, format!("{name} is eliminated"), EventKind::Eliminated { unit: id });
    }
}

/// Moves a unit to an area.
pub fn put(world: &mut World, index: usize, area: u32) {
    let e = entity(world, index);
    update(world, e, |c| c.place = Place::Area(area));
}

/// 3.21: an area in which only one side has units is controlled by that side; it stays so until
/// the other side is alone in it.
pub fn update_control(world: &mut World) {
    let sit = Sit::capture(world);
    let mut changes = Vec::new();
    {
        let control = world.resource::<Control>();
        let mut seen = std::collections::BTreeMap::<u32, (bool, bool)>::new();
        for u in sit.on_map() {
            let e = seen.entry(u.area().unwrap_or(0)).or_default();
            match u.side() {
                Side::British => e.0 = true,
                Side::German => e.1 = true,
            }
        }
        for (area, (b, g)) in seen {
            let side = match (b, g) {
                (true, false) => Side::British,
                (false, true) => Side::German,
                _ => continue,
            };
            if control.0.get(&area) != Some(&side) {
                changes.push((area, side));
            }
        }
    }
    for (area, side) in changes {
        world.resource_mut::<Control>().0.insert(area, side);
        log(
            world,
            "3.21",
            format!("{} control area {area}", if side == Side::British { "The British" } else { "The Germans" }),
            EventKind::Control { area, side },
        );
    }
}
