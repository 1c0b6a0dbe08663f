//! 11.0 Administrative phase: the immediate British victory (3.2, 11.2), the turn-15 victory
//! (3.22), barrage marker removal, ammunition resupply, supply and the return to the fresh side,
//! fatigue (11.2), and the turn marker.

use bevy::prelude::*;

use crate::engine::{GameFlow, Refusal, goto};

use super::events::{Command, EventKind};
use super::map::Ctx;
use super::ops;
use super::state::{BarrageMarker, Clock, FatigueCheck, Outcome, Phase};
use super::units::{Kind, Side, U, update};

/// 3.2: the British control area 32 or 57 and have 3 or more cavalry units in them.
pub fn immediate_victory(ctx: &Ctx) -> bool {
    let v = &ctx.sc.spec.immediate_victory;
    let controls = v.areas.iter().any(|&a| ctx.controller(a) == Side::British && !ctx.sit.has(a, Side::German));
    let cavalry =
        v.areas.iter().map(|&a| ctx.sit.side_in(a, Side::British).filter(|u| u.kind() == Kind::Cavalry).count() as u32).sum::<u32>();
    controls && cavalry >= v.cavalry
}

fn game_over(world: &mut World, winner: Side, result: String, rule: &str) {
    ops::log(world, rule, result.clone(), EventKind::GameOver { result: result.clone(), winner });
    *world.resource_mut::<Outcome>() = Outcome { result: Some(result), winner: Some(winner) };
    goto(world, GameFlow::Over);
}

/// Whether a unit may be fatigued this turn (11.2).
pub fn fatigable(u: &U, entered_by: u32) -> bool {
    matches!(u.kind(), Kind::Infantry | Kind::Cavalry | Kind::Stosstruppen) && u.c.entered <= entered_by
}

/// The areas the chooser may fatigue.
pub fn fatigue_areas(ctx: &Ctx) -> Vec<u32> {
    let Some(target) = ctx.fatigue.target else { return Vec::new() };
    let Some(by) = ctx.sc.turn(ctx.turn).and_then(|t| t.fatigue_entered_by) else { return Vec::new() };
    let mut out: Vec<u32> =
        ctx.sit.on_map().filter(|u| u.side() == target && u.fresh() && fatigable(u, by)).filter_map(|u| u.area()).collect();
    out.sort();
    out.dedup();
    out.retain(|a| !ctx.fatigue.chosen.contains(a));
    out
}

pub fn candidates(ctx: &Ctx) -> Vec<Command> {
    if ctx.fatigue.target.is_none() {
        return Vec::new();
    }
    let mut out: Vec<Command> = fatigue_areas(ctx).into_iter().map(Command::Fatigue).collect();
    out.push(Command::Done);
    out
}

pub fn check(ctx: &Ctx, cmd: &Command) -> Result<(), Refusal> {
    if ctx.fatigue.target.is_none() {
        return Err(Refusal::new("nothing is to be decided now"));
    }
    match cmd {
        Command::Fatigue(a) if fatigue_areas(ctx).contains(a) => Ok(()),
        Command::Fatigue(a) => {
            Err(Refusal::by_rule("11.2", format!("area {a} holds no fresh enemy infantry or cavalry that may be fatigued this turn")))
        }
        Command::Done => Ok(()),
        _ => Err(Refusal::new("fatigue: choose an area (Fatigue) or stop (Done)")),
    }
}

pub fn apply(world: &mut World, cmd: Command) {
    match cmd {
        Command::Fatigue(area) => {
            let ctx = Ctx::capture(world);
            let by = ctx.sc.turn(ctx.turn).and_then(|t| t.fatigue_entered_by).unwrap_or(0);
            let Some(target) = ctx.fatigue.target else { return };
            for u in ctx.sit.side_in(area, target).filter(|u| u.fresh() && fatigable(u, by)) {
                update(world, u.entity, |c| c.spent = true);
                ops::log(world, "11.2", format!("{} is fatigued", u.spec.name), EventKind::Fatigued { unit: u.spec.id.clone() });
            }
            let left = {
                let mut f = world.resource_mut::<FatigueCheck>();
                f.chosen.push(area);
                f.left = f.left.saturating_sub(1);
                f.left
            };
            let ctx = Ctx::capture(world);
            if left == 0 || fatigue_areas(&ctx).is_empty() {
                next_fatigue(world);
            }
        }
        Command::Done => next_fatigue(world),
        _ => {}
    }
}

/// 11.2 fatigue: the next side in turn rolls; the die halved (at least 1) is the number of its areas
/// the opponent may fatigue.
fn next_fatigue(world: &mut World) {
    loop {
        let next = {
            let mut f = world.resource_mut::<FatigueCheck>();
            f.target = None;
            f.chosen.clear();
            if f.queue.is_empty() { None } else { Some(f.queue.remove(0)) }
        };
        let Some(side) = next else {
            end_turn(world);
            return;
        };
        let t = Ctx::capture(world).sc.tables.fatigue.clone();
        let die = ops::roll(world, 1, &format!("{} fatigue", side.name()), "11.2");
        let n = (die / t.divisor).max(t.minimum);
        {
            let mut f = world.resource_mut::<FatigueCheck>();
            f.target = Some(side);
            f.left = n;
        }
        ops::log(
            world,
            "11.2",
            format!(
                "Fatigue: {} roll {die}: the {} may fatigue {n} area(s) of theirs",
                side.name(),
                if side == Side::British { "Germans" } else { "British" }
            ),
            EventKind::Note,
        );
        if !fatigue_areas(&Ctx::capture(world)).is_empty() {
            return;
        }
    }
}

/// OnEnter(Administration): 11.2 steps in order.
pub fn begin(world: &mut World) {
    let ctx = Ctx::capture(world);
    // A. Immediate British victory.
    if immediate_victory(&ctx) {
        game_over(world, Side::British, "Immediate British victory: the cavalry is through to the green fields (3.2)".into(), "3.2");
        return;
    }
    // B. Turn 15: the victory areas.
    if ctx.turn >= ctx.sc.last_turn() {
        let (b, g) = (ctx.victory_areas(Side::British), ctx.victory_areas(Side::German));
        let winner = if b > g { Side::British } else { Side::German };
        game_over(
            world,
            winner,
            format!("End of turn {}: the British control {b} victory areas, the Germans {g}: {} victory (3.22)", ctx.turn, winner.name()),
            "3.22",
        );
        return;
    }
    // C. Barrage markers.
    let markers: Vec<Entity> = world.query_filtered::<Entity, With<BarrageMarker>>().iter(world).collect();
    for marker in markers {
        world.despawn(marker);
    }
    // D. Ammunition, supply, fresh side.
    let turn_spec = ctx.sc.turn(ctx.turn).cloned();
    for u in ctx.sit.on_map().filter(|u| u.c.no_ammo) {
        let range = turn_spec.as_ref().map(|t| if u.side() == Side::British { t.british_ammo } else { t.german_ammo }).unwrap_or((0, 0));
        let die = ops::roll(world, 1, &format!("ammunition for {}", u.spec.name), "11.2");
        if die >= range.0 && die <= range.1 && range.1 > 0 {
            update(world, u.entity, |c| c.no_ammo = false);
            ops::log(
                world,
                "11.2",
                format!("{} is resupplied (roll {die})", u.spec.name),
                EventKind::Resupplied { unit: u.spec.id.clone() },
            );
        }
    }
    let ctx = Ctx::capture(world);
    for u in ctx.sit.on_map() {
        if !u.c.spent {
            continue;
        }
        if u.c.no_ammo || !ctx.supplied(u) {
            ops::log(
                world,
                "11.2",
                format!("{} stays spent ({})", u.spec.name, if u.c.no_ammo { "out of ammunition" } else { "out of supply" }),
                EventKind::StaysSpent { unit: u.spec.id.clone() },
            );
            continue;
        }
        update(world, u.entity, |c| c.spent = false);
    }
    // Fatigue, from turn 4: the initiative player's roll first.
    let t = ctx.sc.tables.fatigue.clone();
    if ctx.turn >= t.from_turn && turn_spec.as_ref().is_some_and(|s| s.fatigue_entered_by.is_some()) {
        *world.resource_mut::<FatigueCheck>() =
            FatigueCheck { target: None, left: 0, queue: vec![ctx.initiative, ctx.initiative.enemy()], chosen: Vec::new() };
        next_fatigue(world);
    } else {
        end_turn(world);
    }
}

/// E. The turn marker advances.
fn end_turn(world: &mut World) {
    world.resource_mut::<Clock>().turn += 1;
    goto(world, Phase::TurnStart);
}
