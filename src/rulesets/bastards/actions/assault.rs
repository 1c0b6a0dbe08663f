//! 3.3 Assault action: entering an adjacent enemy unit's hex to eliminate it. Battalions pay 3 medals,
//! tanks 1; as many dice as the assaulting unit's medals, a loss on 4–6 with more medals than the
//! defender and on 5–6 otherwise, -1 into an enemy trench; the defender eliminated or the attacker
//! is; a tank re-launches while it has medals; breakdown tests before (costly terrain) and after (4.1).

use bevy::prelude::*;

use crate::engine::Refusal;

use super::super::events::EventKind;
use super::super::map::{Situation, UnitInfo};
use super::super::ops::{self, Cause};
use super::super::state::Activations;
use super::super::tanks;
use super::super::units::Side;
use super::super::victory;
use super::Ctx;

/// Medal cost of an assault by this unit on that target (2.1, optional rule 2).
pub fn cost(sit: &Situation, me: &UnitInfo, target: &UnitInfo, night: bool) -> u32 {
    let t = &sit.scenario.tables;
    if me.is_tank() {
        t.actions.assault_tank
    } else if night && target.is_tank() && sit.scenario.spec.options.tanks_vulnerable_at_night {
        t.assault.night_vs_tank_cost
    } else {
        t.actions.assault_battalion
    }
}

/// The number needed on each die (after the modifier) and the modifier, with why.
pub fn odds(sit: &Situation, me: &UnitInfo, target: &UnitInfo, night: bool) -> (i32, i32) {
    let t = &sit.scenario.tables;
    let max = t.max_medals;
    let night_rule = night && target.is_tank() && !me.is_tank() && sit.scenario.spec.options.tanks_vulnerable_at_night;
    let need = if me.medals(max) > target.medals(max) || night_rule { t.assault.hit_on_more_medals } else { t.assault.hit_on };
    let modifier = match target.hex() {
        Some(h) if sit.trench(h) == Some(me.side().enemy()) => t.trench.assault_drm,
        _ => 0,
    };
    (need, modifier)
}

/// Probability that one assault eliminates the defender (before breakdowns).
pub fn success_chance(sit: &Situation, me: &UnitInfo, target: &UnitInfo, night: bool) -> f32 {
    let (need, m) = odds(sit, me, target, night);
    let p = ((7 - (need - m).clamp(1, 7)) as f32 / 6.0).clamp(0.0, 1.0);
    let dice = me.medals(sit.scenario.tables.max_medals);
    let losses_needed = if target.reduced { 1 } else { 2 };
    // P(at least `losses_needed` successes in `dice` trials)
    let q = 1.0 - p;
    let p0 = q.powi(dice as i32);
    let p1 = dice as f32 * p * q.powi(dice as i32 - 1);
    if losses_needed == 1 { 1.0 - p0 } else { (1.0 - p0 - p1).max(0.0) }
}

pub fn check(ctx: &Ctx, target_id: &str, night: bool) -> Result<(), Refusal> {
    let target = ctx.sit.by_id(target_id).ok_or_else(|| Refusal::new(format!("there is no unit `{target_id}`")))?;
    let (Some(from), Some(to)) = (ctx.hex(), target.hex()) else {
        return Err(Refusal::new("both units must be on the map"));
    };
    if target.side() == ctx.me.side() {
        return Err(Refusal::by_rule("3.3", "an assault is made on an enemy unit"));
    }
    if !ctx.me.is_tank() && ctx.me.reduced {
        return Err(Refusal::by_rule("3.3", "a disorganised battalion cannot launch an assault"));
    }
    if ctx.me.is_tank() && target.is_tank() {
        return Err(Refusal::by_rule("3.3", "a tank cannot launch an assault against another tank"));
    }
    if from.unsigned_distance_to(to) != 1 {
        return Err(Refusal::by_rule("3.3", "an assault is only possible against an adjacent unit"));
    }
    if ctx.me.is_tank() && ctx.sit.closed(to) {
        return Err(Refusal::by_rule("Tanks", "a tank cannot launch an assault toward a town or forest hex"));
    }
    if !(ctx.allowed())(to) {
        return Err(Refusal::by_rule("S1", "this unit must stay within 2 hexes of Cachy (Cachy garrison)"));
    }
    ctx.can_spend(cost(&ctx.sit, &ctx.me, target, night), "an assault")
}

pub fn options(ctx: &Ctx, night: bool) -> Vec<String> {
    let Some(h) = ctx.hex() else { return Vec::new() };
    let mut v = Vec::new();
    for n in ctx.sit.board().neighbors(h) {
        for u in ctx.sit.at(n) {
            if check(ctx, &u.unit.id, night).is_ok() {
                v.push(u.unit.id.to_string());
            }
        }
    }
    v
}

/// Resolves the assault.
pub fn apply(world: &mut World, ctx: &Ctx, target_id: &str, night: bool) {
    let sit = &ctx.sit;
    let Some(target) = sit.by_id(target_id).cloned() else { return };
    let me = &ctx.me;
    let (Some(from), Some(to)) = (me.hex(), target.hex()) else { return };
    let medals = cost(sit, me, &target, night);
    spend(world, medals);
    if !me.is_tank() {
        ops::add_intensity(world, 1, &format!("{} launches an assault", me.unit.name));
    }
    ops::log(world, "3.3", format!("{} assaults {} in {}", me.unit.name, target.unit.name, ops::label(world, to)), EventKind::Note);
    // A tank assaulting into a hex of more than 1 MP tests first for the terrain (4.1); a breakdown
    // with the enemy still there eliminates it.
    if me.is_tank() {
        let step = sit.step_cost(me.side(), me.kind(), me.medals(4), Some(from), to);
        if step.terrain > 1 && tanks::breakdown_test(world, me.entity, false) {
            ops::log(world, "4.1", format!("{} breaks down before reaching the enemy and is lost", me.unit.name), EventKind::Note);
            tank_lost_in_assault(world, me);
            return;
        }
    }
    ops::place(world, me.entity, to);
    let (need, m) = odds(sit, me, &target, night);
    loop {
        let dice_count = me.medals(sit.scenario.tables.max_medals);
        let mut dice = Vec::new();
        for i in 0..dice_count {
            dice.push(ops::roll(world, format!("assault die {} of {} on {}", i + 1, me.unit.name, target.unit.name), "3.3"));
        }
        let losses = dice.iter().filter(|d| **d as i32 + m >= need).count() as u32;
        ops::log(
            world,
            "3.3",
            format!(
                "{} rolls {:?}{}: {losses} loss{} on {}+",
                me.unit.name,
                dice,
                if m != 0 { format!(" {m:+} (enemy trench)") } else { String::new() },
                if losses == 1 { "" } else { "es" },
                need
            ),
            EventKind::Assaulted {
                unit: me.unit.id.to_string(),
                target: target.unit.id.to_string(),
                dice: dice.clone(),
                modifier: m,
                needed: need,
                losses,
            },
        );
        let defender_cause = if me.is_tank() { Cause::AssaultedByTank } else { Cause::AssaultedByBattalion };
        let mut gone = false;
        for _ in 0..losses {
            if ops::inflict_loss(world, target.entity, defender_cause, "3.3") {
                gone = true;
                break;
            }
        }
        if gone && target.is_tank() {
            victory::tank_captured(world, &target);
        }
        // After an assault a tank tests for a breakdown (4.1).
        let broke = me.is_tank() && tanks::breakdown_test(world, me.entity, true);
        if gone {
            ops::log(
                world,
                "3.3",
                format!("The assault succeeds: {} takes {}", me.unit.name, ops::label(world, to)),
                EventKind::AssaultResult { unit: me.unit.id.to_string(), target: target.unit.id.to_string(), success: true },
            );
            return;
        }
        if me.is_tank() && !broke && medals_left(world) >= sit.scenario.tables.actions.assault_tank {
            ops::log(world, "3.3", format!("{} has medals left and must re-launch the assault", me.unit.name), EventKind::Note);
            spend(world, sit.scenario.tables.actions.assault_tank);
            continue;
        }
        ops::log(
            world,
            "3.3",
            format!("The assault fails: {} survives and {} is eliminated", target.unit.name, me.unit.name),
            EventKind::AssaultResult { unit: me.unit.id.to_string(), target: target.unit.id.to_string(), success: false },
        );
        if me.is_tank() {
            tank_lost_in_assault(world, me);
        } else {
            let cause = if target.is_tank() { Cause::FailedAssaultOnTank } else { Cause::FailedAssaultOnBattalion };
            ops::eliminate(world, me.entity, cause, "3.3");
        }
        end_now(world);
        return;
    }
}

fn spend(world: &mut World, medals: u32) {
    if let Some(a) = world.resource_mut::<Activations>().current.as_mut() {
        a.spent += medals;
        a.actions += 1;
        a.mp_left = 0;
    }
}

fn medals_left(world: &World) -> u32 {
    world.resource::<Activations>().current.as_ref().map(|a| a.medals_left()).unwrap_or(0)
}

/// The attacker is gone: its activation ends with nothing left to spend.
fn end_now(world: &mut World) {
    if let Some(a) = world.resource_mut::<Activations>().current.as_mut() {
        a.spent = a.medals;
        a.mp_left = 0;
    }
}

/// A tank eliminated in its own assault: an Allied one counts as captured (scenario 1).
fn tank_lost_in_assault(world: &mut World, me: &UnitInfo) {
    ops::eliminate(world, me.entity, Cause::Other, "3.3");
    if me.side() == Side::Allied {
        victory::tank_captured(world, me);
    }
    end_now(world);
}
