//! The small operations every rule uses on the game world: logging, dice, losses, eliminations and
//! the elimination test (chapter 8), battle intensity (chapter 6), victory points.

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::{Dice, emit};

use super::events::{Event, EventKind};
use super::state::{Clock, Setup, Tracks};
use super::units::{Breakdown, GarrisonReleased, Hero, Location, Reduced, Side, Unit, UnitKind};
use crate::engine::marker::mark;

/// Records an event.
pub fn log(world: &mut World, rule: &str, text: impl Into<String>, kind: EventKind) {
    emit(world, Event { rule: rule.to_string(), text: text.into(), kind });
}

/// Rolls a die, logged with its purpose and rule.
pub fn roll(world: &mut World, purpose: impl Into<String>, rule: &str) -> u32 {
    world.resource_mut::<Dice>().d6(purpose, rule)
}

pub fn unit(world: &World, e: Entity) -> Unit {
    world.get::<Unit>(e).cloned().expect("every unit entity has a Unit")
}

pub fn name(world: &World, e: Entity) -> String {
    world.get::<Unit>(e).map(|u| u.name.to_string()).unwrap_or_default()
}

pub fn id(world: &World, e: Entity) -> String {
    world.get::<Unit>(e).map(|u| u.id.to_string()).unwrap_or_default()
}

pub fn label(world: &World, h: Hex) -> String {
    world.resource::<Setup>().0.board.label(h)
}

pub fn location(world: &World, e: Entity) -> Location {
    *world.get::<Location>(e).unwrap_or(&Location::Eliminated)
}

pub fn is_reduced(world: &World, e: Entity) -> bool {
    world.get::<Reduced>(e).is_some()
}

pub fn turn(world: &World) -> u32 {
    world.resource::<Clock>().turn
}

/// True if the current turn is a night turn (chapter 8, optional rule 2).
pub fn is_night(world: &World) -> bool {
    let t = turn(world);
    world.resource::<Setup>().0.turn(t).is_some_and(|s| s.night)
}

/// Finds a unit by id.
pub fn find(world: &mut World, id: &str) -> Option<Entity> {
    let mut q = world.query::<(Entity, &Unit)>();
    q.iter(world).find(|(_, u)| &*u.id == id).map(|(e, _)| e)
}

/// Advances the battle intensity marker (chapter 6).
pub fn add_intensity(world: &mut World, n: i32, why: &str) {
    let value = {
        let mut t = world.resource_mut::<Tracks>();
        t.intensity = (t.intensity + n).clamp(0, 99);
        t.intensity
    };
    log(world, "6", format!("Battle intensity +{n} ({why}): now {value}"), EventKind::Intensity { value });
}

/// Scores victory points.
pub fn score(world: &mut World, side: Side, points: i32, why: &str, rule: &str) {
    if points == 0 {
        return;
    }
    *world.resource_mut::<Tracks>().vp.entry(side).or_insert(0) += points;
    log(world, rule, format!("{} scores {points} VP: {why}", side.name()), EventKind::VictoryPoints { side, points });
}

/// How a unit came to take a loss: decides the elimination test's modifier (chapter 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// Combat action by a battalion.
    FireByBattalion,
    /// Combat action by a tank.
    FireByTank,
    /// Defender of an assault by a battalion.
    AssaultedByBattalion,
    /// Defender of an assault by a tank.
    AssaultedByTank,
    /// Attacker whose assault on a battalion failed.
    FailedAssaultOnBattalion,
    /// Attacker whose assault on a tank failed.
    FailedAssaultOnTank,
    Barrage,
    /// Rout, nightfall, breakdown: no test, the unit is out of the game.
    Other,
}

impl Cause {
    fn test_modifier(self, world: &World) -> Option<i32> {
        let t = &world.resource::<Setup>().0.tables.elimination_test;
        Some(match self {
            Cause::FailedAssaultOnBattalion => t.attacker_in_assault_on_battalion,
            Cause::AssaultedByBattalion => t.defender_of_battalion_assault,
            Cause::FireByBattalion | Cause::Barrage => t.battalion_attack_or_barrage,
            Cause::FireByTank | Cause::AssaultedByTank | Cause::FailedAssaultOnTank => t.tank_involved,
            Cause::Other => return None,
        })
    }
}

/// Inflicts one loss: a unit at full strength is flipped (disorganised battalion, damaged tank),
/// a reduced unit is eliminated (3.2). Returns true if eliminated.
pub fn inflict_loss(world: &mut World, e: Entity, cause: Cause, rule: &str) -> bool {
    if is_reduced(world, e) {
        eliminate(world, e, cause, rule);
        true
    } else {
        mark::<Reduced>(world, e, true);
        let u = unit(world, e);
        let status = if u.kind.is_tank() { "damaged" } else { "disorganised" };
        log(
            world,
            rule,
            format!("{} takes a loss and is {status}", u.name),
            EventKind::Loss { unit: u.id.to_string(), status: status.into() },
        );
        false
    }
}

/// Eliminates a unit. A battalion eliminated by combat, assault or barrage takes the elimination
/// test (chapter 8); every eliminated battalion advances the battle intensity (chapter 6); a hero on
/// it is removed from the game (7.2).
pub fn eliminate(world: &mut World, e: Entity, cause: Cause, rule: &str) {
    let u = unit(world, e);
    let had_hero = world.get::<Hero>(e).is_some();
    mark::<Hero>(world, e, false);
    mark::<Reduced>(world, e, false);
    mark::<Breakdown>(world, e, false);
    mark::<GarrisonReleased>(world, e, true);
    if had_hero {
        *world.resource_mut::<Tracks>().heroes_lost.entry(u.side).or_insert(0) += 1;
        log(world, "7.2", format!("The hero of {} is lost with the battalion", u.name), EventKind::Note);
    }
    let returns = if u.kind == UnitKind::Battalion { cause.test_modifier(world).and_then(|m| elimination_test(world, e, m)) } else { None };
    let loc = match returns {
        Some(turn) => Location::OnTrack { turn },
        None => Location::Eliminated,
    };
    if let Some(mut l) = world.get_mut::<Location>(e) {
        *l = loc;
    }
    let text = match returns {
        Some(t) => format!("{} is eliminated; it will return on turn {t}", u.name),
        None => format!("{} is eliminated", u.name),
    };
    log(world, rule, text, EventKind::Eliminated { unit: u.id.to_string(), permanently: returns.is_none() });
    if u.kind == UnitKind::Battalion {
        add_intensity(world, 1, &format!("{} eliminated", u.name));
    }
}

/// The test for eliminated battalions (chapter 8): a die plus the modifier (and -2 at night); a
/// natural 1 or a result above 6 eliminates the battalion for good; a result of 1 or less becomes 2;
/// otherwise it returns on the turn `current + result`, on 24 April at the latest on the first turn of
/// 25 April. Returns that turn.
pub fn elimination_test(world: &mut World, e: Entity, modifier: i32) -> Option<u32> {
    let setup = world.resource::<Setup>().0.clone();
    let t = &setup.tables.elimination_test;
    let now = turn(world);
    let night = if is_night(world) { t.night } else { 0 };
    let u = unit(world, e);
    let die = roll(world, format!("return test for {}", u.name), "8");
    let raw = die as i32 + modifier + night;
    let returns = if die == 1 || raw > t.max {
        None
    } else {
        let result = if raw <= 1 { t.floor } else { raw };
        let mut turn = now + result as u32;
        // 24 April eliminations return at the latest on the first turn of the next day.
        let day = setup.turn(now).map(|s| s.day).unwrap_or(1);
        if let Some(next_day) = setup.spec.turns.iter().find(|s| s.day > day) {
            turn = turn.min(next_day.turn);
        }
        Some(turn)
    };
    let text = match returns {
        Some(r) => format!("Return test for {}: d6 {die} {modifier:+} {night:+} = {raw}: back on turn {r}", u.name),
        None if die == 1 => format!("Return test for {}: natural 1, eliminated for good", u.name),
        None => format!("Return test for {}: d6 {die} {modifier:+} {night:+} = {raw}, above 6: eliminated for good", u.name),
    };
    log(world, "8", text, EventKind::ReturnTest { unit: u.id.to_string(), roll: die, result: raw, returns_on: returns });
    returns
}

/// Moves a unit on the map.
pub fn place(world: &mut World, e: Entity, h: Hex) {
    if let Some(mut l) = world.get_mut::<Location>(e) {
        *l = Location::OnMap(h);
    }
}
