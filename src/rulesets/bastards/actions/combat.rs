//! 3.2 Combat action: one die per medal against an enemy unit; battalions adjacent only, tanks up to 3
//! hexes with a clear line of sight; the restrictions; the terrain modifier the defender chooses, or
//! the Tanks in Combat matrix against a tank; a loss on 4–6.

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::Refusal;

use super::super::events::EventKind;
use super::super::map::{Situation, UnitInfo};
use super::super::ops::{self, Cause};
use super::super::state::{Activations, Tracks};
use super::super::tables::Attacker;
use super::super::units::UnitKind;
use super::super::victory;
use super::Ctx;

/// Why a combat action may not be made (3.2), without its text.
enum Barred {
    OffMap,
    SameSide,
    Disorganised,
    TankInCover,
    TargetInCover,
    OutOfRange(u32),
    NoLineOfSight(Hex),
    NotAdjacent,
    NoTankMatrixEntry(Attacker, UnitKind),
}

/// Where the die modifier comes from (3.2, Terrain Table, Tanks in Combat).
enum Source {
    TankMatrix(Attacker, UnitKind),
    NoTerrain,
    Terrain(Hex),
    OwnTrench,
    CapturedTrench,
}

/// The rules of 3.2 once, for both [`modifier`] (with the words) and [`modifier_value`] (the number
/// alone): `attacker` fighting from `from`, or why it may not.
fn judge(sit: &Situation, attacker: &UnitInfo, from: Hex, target: &UnitInfo) -> Result<(i32, Source), Barred> {
    let t = &sit.scenario.tables;
    let to = target.hex().ok_or(Barred::OffMap)?;
    if attacker.side() == target.side() {
        return Err(Barred::SameSide);
    }
    if !attacker.is_tank() && attacker.reduced {
        return Err(Barred::Disorganised);
    }
    let d = from.unsigned_distance_to(to);
    if attacker.is_tank() {
        if sit.closed(from) {
            return Err(Barred::TankInCover);
        }
        if sit.closed(to) {
            return Err(Barred::TargetInCover);
        }
        if d > t.combat.tank_range {
            return Err(Barred::OutOfRange(d));
        }
        sit.line_of_sight(from, to).map_err(Barred::NoLineOfSight)?;
    } else if d != 1 {
        return Err(Barred::NotAdjacent);
    }
    if target.is_tank() {
        let row = if attacker.is_tank() { Attacker::Tank(attacker.kind()) } else { Attacker::Battalion(attacker.side()) };
        return t
            .tank_combat_drm(row, target.kind())
            .map(|m| (m, Source::TankMatrix(row, target.kind())))
            .ok_or(Barred::NoTankMatrixEntry(row, target.kind()));
    }
    // Against a battalion: the defender chooses the most favourable terrain modifier.
    let mut best = (0, Source::NoTerrain);
    if let Some(tt) = sit.terrain(to)
        && tt.combat_drm < best.0
    {
        best = (tt.combat_drm, Source::Terrain(to));
    }
    let trench = match sit.trench(to) {
        Some(owner) if owner == target.side() => Some((t.trench.combat_drm_in_own_trench, Source::OwnTrench)),
        Some(_) => Some((t.trench.combat_drm_in_attackers_trench, Source::CapturedTrench)),
        None => None,
    };
    if let Some(tr) = trench
        && tr.0 < best.0
    {
        best = tr;
    }
    Ok(best)
}

/// The die modifier and its explanation when `attacker` fights `target`, or why it may not.
pub fn modifier(sit: &Situation, attacker: &UnitInfo, target: &UnitInfo) -> Result<(i32, String), Refusal> {
    let t = &sit.scenario.tables;
    let from = attacker.hex().ok_or_else(|| Refusal::new("both units must be on the map"))?;
    match judge(sit, attacker, from, target) {
        Ok((m, source)) => Ok((
            m,
            match source {
                Source::TankMatrix(row, kind) => format!("{} against {}: {m:+} (Tanks in Combat)", attacker_name(row), kind.name()),
                Source::NoTerrain => "no terrain modifier".into(),
                Source::Terrain(h) => format!("{} {m:+}", sit.terrain(h).map(|tt| tt.name.to_lowercase()).unwrap_or_default()),
                Source::OwnTrench => format!("in its own trench {m:+}"),
                Source::CapturedTrench => format!("in a captured trench {m:+}"),
            },
        )),
        Err(barred) => Err(match barred {
            Barred::OffMap => Refusal::new("both units must be on the map"),
            Barred::SameSide => Refusal::by_rule("3.2", "a combat action attacks an enemy unit"),
            Barred::Disorganised => Refusal::by_rule("2.1", "a disorganised battalion cannot fight"),
            Barred::TankInCover => Refusal::by_rule("3.2", "a tank in a village or forest hex cannot fight"),
            Barred::TargetInCover => Refusal::by_rule("3.2", "a tank cannot fight an enemy unit in a forest or village hex"),
            Barred::OutOfRange(d) => {
                Refusal::by_rule("3.2", format!("a tank fires up to {} hexes; the target is {d} away", t.combat.tank_range))
            }
            Barred::NoLineOfSight(b) => Refusal::by_rule("LoS", format!("no line of sight: blocked by {}", sit.describe_blocker(b))),
            Barred::NotAdjacent => Refusal::by_rule("3.2", "a battalion can only attack an adjacent enemy unit"),
            Barred::NoTankMatrixEntry(row, kind) => {
                Refusal::by_rule("3.2", format!("{} cannot fight {} tanks", attacker_name(row), kind.name()))
            }
        }),
    }
}

/// [`modifier`]'s die modifier alone, with `attacker` standing in `from`, or `None` where
/// [`modifier`] refuses (no text, no copy of the unit): for the computer opponent, which asks it for
/// every hex a unit could fire from.
pub fn modifier_value(sit: &Situation, attacker: &UnitInfo, from: Hex, target: &UnitInfo) -> Option<i32> {
    judge(sit, attacker, from, target).ok().map(|(m, _)| m)
}

fn attacker_name(a: Attacker) -> String {
    match a {
        Attacker::Battalion(s) => format!("{} infantry", s.name()),
        Attacker::Tank(k) => format!("the {}", k.name()),
    }
}

/// Probability of a hit with one die.
pub fn hit_chance(sit: &Situation, modifier: i32) -> f32 {
    let need = sit.scenario.tables.combat.hit_on - modifier;
    ((7 - need.clamp(1, 7)) as f32 / 6.0).clamp(0.0, 1.0)
}

/// Medals the next combat action costs (2 for an MG battalion's first, optional rule 1).
fn cost(ctx: &Ctx) -> u32 {
    if ctx.mg_must_fire() && ctx.act.combat_medals == 0 { ctx.tables().actions.mg_combat_medals } else { 1 }
}

/// The extra medal of a lone combat action from a friendly trench (Terrain Table, capped at 4):
/// open while every medal spent in this activation went on combat, and taken only once the unit's
/// own medals no longer pay for the next combat action, so it never binds the unit to fight.
pub fn trench_bonus(ctx: &Ctx) -> u32 {
    let a = &ctx.act;
    if !a.trench_bonus && a.spent == a.combat_medals && a.mp_left == 0 && ctx.in_friendly_trench() {
        let bonus = ctx.tables().actions.lone_combat_bonus_from_trench;
        ctx.tables().max_medals.saturating_sub(a.medals).min(bonus)
    } else {
        0
    }
}

pub fn check(ctx: &Ctx, target_id: &str) -> Result<(), Refusal> {
    let target = ctx.sit.by_id(target_id).ok_or_else(|| Refusal::new(format!("there is no unit `{target_id}`")))?;
    if ctx.act.entering {
        return Err(Refusal::by_rule("2.3", "the unit must first enter the map by a movement action"));
    }
    if ctx.act.move_only_medals.is_some() {
        return Err(Refusal::by_rule("8", "a battalion returning to play may only spend one medal to move"));
    }
    if ctx.act.medals_left() + trench_bonus(ctx) < cost(ctx) {
        return Err(Refusal::by_rule(
            if cost(ctx) > 1 { "O1" } else { "2.1" },
            format!("a combat action costs {} medal(s) and the unit has {} left", cost(ctx), ctx.act.medals_left()),
        ));
    }
    modifier(&ctx.sit, &ctx.me, target)?;
    ctx.keeps_a_way_out(cost(ctx), true)
}

/// Every enemy unit the active unit may fire at now.
pub fn options(ctx: &Ctx) -> Vec<String> {
    ctx.sit
        .units
        .iter()
        .filter(|u| u.side() != ctx.me.side() && u.hex().is_some())
        .filter(|u| check(ctx, &u.unit.id).is_ok())
        .map(|u| u.unit.id.to_string())
        .collect()
}

pub fn apply(world: &mut World, ctx: &Ctx, target_id: &str) {
    let Some(target) = ctx.sit.by_id(target_id).cloned() else { return };
    let Ok((m, why)) = modifier(&ctx.sit, &ctx.me, &target) else { return };
    let medals = cost(ctx);
    // The extra medal pays only what the unit's own medals no longer cover.
    let bonus = trench_bonus(ctx).min(medals.saturating_sub(ctx.act.medals_left()));
    {
        let mut acts = world.resource_mut::<Activations>();
        if let Some(a) = acts.current.as_mut() {
            if bonus > 0 {
                a.medals += bonus;
                a.trench_bonus = true;
            }
            a.spent += medals;
            a.combat_medals += medals;
            a.actions += 1;
            a.mp_left = 0;
        }
    }
    if bonus > 0 {
        ops::log(
            world,
            "Terrain Table",
            format!("{} has fought from its own trench with every medal: +{bonus} medal", ctx.me.unit.name),
            EventKind::Note,
        );
    }
    let need = ctx.sit.scenario.tables.combat.hit_on;
    for _ in 0..medals {
        if ops::location(world, target.entity).hex().is_none() {
            break;
        }
        let die = ops::roll(world, format!("{} fires at {}", ctx.me.unit.name, target.unit.name), "3.2");
        let hit = die as i32 + m >= need;
        ops::log(
            world,
            "3.2",
            format!(
                "{} fires at {}: d6 {die} {m:+} ({why}) = {}: {}",
                ctx.me.unit.name,
                target.unit.name,
                die as i32 + m,
                if hit { "hit" } else { "miss" }
            ),
            EventKind::Fired { unit: ctx.me.unit.id.to_string(), target: target.unit.id.to_string(), roll: die, modifier: m, hit },
        );
        if hit {
            hit_target(world, &ctx.me, &target);
        }
    }
}

/// Applies a combat hit and its consequences: the loss, and for a tank eliminated by a tank the
/// first tank battle and the tank-kill victory points (11).
fn hit_target(world: &mut World, attacker: &UnitInfo, target: &UnitInfo) {
    let cause = if attacker.is_tank() { Cause::FireByTank } else { Cause::FireByBattalion };
    let eliminated = ops::inflict_loss(world, target.entity, cause, "3.2");
    if attacker.is_tank() && target.is_tank() {
        let mark_iv_vs_a7v = matches!(
            (attacker.kind(), target.kind()),
            (UnitKind::A7V, UnitKind::MarkIVMale | UnitKind::MarkIVFemale) | (UnitKind::MarkIVMale | UnitKind::MarkIVFemale, UnitKind::A7V)
        );
        // Won by knocking the other's tank out, as the Mark IV did to the A7V Nixe on 24 April (S2).
        if mark_iv_vs_a7v && eliminated && world.resource::<Tracks>().first_tank_battle.is_none() {
            world.resource_mut::<Tracks>().first_tank_battle = Some(attacker.side());
            ops::log(
                world,
                "11",
                format!("The {} wins the first tank battle between a Mark IV and an A7V", attacker.side().name()),
                EventKind::Note,
            );
        }
        if eliminated {
            victory::tank_killed_by_tank(world, attacker.side(), target.kind());
        }
    }
}
