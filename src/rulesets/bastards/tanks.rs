//! Tanks: 4.1 Mechanical breakdown and 4.2 Repair of tanks.

use bevy::prelude::*;

use super::events::EventKind;
use super::map::Situation;
use super::ops::{self, Cause};
use super::units::{Breakdown, Location, Side, Unit};
use crate::engine::marker::mark;

/// The breakdown test (4.1): on entering a hex of more than 1 MP (`after_assault = false`) or after
/// an assault. German tanks break down on 1 on turn 1, on 1–2 later; Allied tanks on 1; any tank on
/// 1–2 after an assault. Puts the marker on and returns true on a breakdown.
pub fn breakdown_test(world: &mut World, e: Entity, after_assault: bool) -> bool {
    let t = world.resource::<super::state::Setup>().0.tables.breakdown.clone();
    let u = ops::unit(world, e);
    let turn = ops::turn(world);
    let limit = match (after_assault, u.side, turn) {
        (true, _, _) => t.after_assault,
        (false, Side::German, 1) => t.german_terrain_turn_1,
        (false, Side::German, _) => t.german_terrain,
        (false, Side::Allied, _) => t.allied_terrain,
    };
    let why = if after_assault { "after an assault" } else { "entering costly terrain" };
    let die = ops::roll(world, format!("breakdown test for {} {why}", u.name), "4.1");
    let broke = die <= limit;
    if broke {
        mark::<Breakdown>(world, e, true);
        ops::log(
            world,
            "4.1",
            format!("{} breaks down (d6 {die}, breaks on {limit} or less)", u.name),
            EventKind::BrokeDown { unit: u.id.to_string() },
        );
    }
    broke
}

/// Repair probability for the window and the AI: repaired on a modified 1 or less.
pub fn repair_odds(in_enemy_zoc: bool, t: &super::tables::RepairTable) -> (f32, f32) {
    let m = if in_enemy_zoc { t.enemy_zoc_modifier } else { 0 };
    let repaired = (1..=6).filter(|d| d + m <= t.repaired_on).count() as f32 / 6.0;
    let lost = (1..=6).filter(|d| d + m >= t.eliminated_on).count() as f32 / 6.0;
    (repaired, lost)
}

/// 4.2: the phasing player must try to repair each broken-down tank: a die, +2 in an enemy zone of
/// control; repaired on 1, eliminated on 6 or more.
pub fn repair_phase(world: &mut World, side: Side) {
    let sit = Situation::capture(world);
    let t = sit.scenario.tables.repair.clone();
    let tanks: Vec<_> = sit
        .units
        .iter()
        .filter(|u| u.side() == side && u.breakdown && matches!(u.location, Location::OnMap(_)))
        .map(|u| (u.entity, u.hex().is_some_and(|h| sit.enemy_zoc(h, side))))
        .collect();
    for (e, zoc) in tanks {
        let name = ops::name(world, e);
        let die = ops::roll(world, format!("repair of {name}"), "4.2");
        let m = if zoc { t.enemy_zoc_modifier } else { 0 };
        let total = die as i32 + m;
        let id = world.get::<Unit>(e).map(|u| u.id.to_string()).unwrap_or_default();
        if total <= t.repaired_on {
            mark::<Breakdown>(world, e, false);
            ops::log(
                world,
                "4.2",
                format!("{name} is repaired (d6 {die}{})", if zoc { " +2 in enemy ZoC" } else { "" }),
                EventKind::Repaired { unit: id },
            );
        } else if total >= t.eliminated_on {
            ops::log(
                world,
                "4.2",
                format!("{name} cannot be repaired and is abandoned (d6 {die}{} = {total})", if zoc { " +2" } else { "" }),
                EventKind::Note,
            );
            ops::eliminate(world, e, Cause::Other, "4.2");
        } else {
            ops::log(
                world,
                "4.2",
                format!("{name} is still broken down (d6 {die}{} = {total})", if zoc { " +2" } else { "" }),
                EventKind::Note,
            );
        }
    }
}
