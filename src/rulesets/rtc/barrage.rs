//! 8.0 Rolling barrage / interdiction phase: the initiative player's fresh artillery may each fire
//! one rolling barrage or one interdiction barrage (8.2); where they may be placed (8.3); their
//! effects are in the movement costs (8.21, 8.3; see `map::Ctx::enter_cost`).

use bevy::prelude::*;

use crate::engine::{Refusal, goto};

use super::events::{BarrageKind, Command, EventKind};
use super::map::Ctx;
use super::ops;
use super::state::{BarrageMarker, InArea, Phase};
use super::units::{U, update};

fn can_fire(ctx: &Ctx, u: &U) -> bool {
    u.side() == ctx.initiative
        && u.is_artillery()
        && u.fresh()
        && !u.c.no_ammo
        && u.area().is_some_and(|a| !ctx.sit.has(a, ctx.initiative.enemy()))
}

pub fn check_barrage(ctx: &Ctx, id: &str, area: u32, kind: BarrageKind) -> Result<(), Refusal> {
    let side = ctx.initiative;
    let u = ctx.find(id).ok_or_else(|| Refusal::new(format!("there is no unit `{id}`")))?;
    if !can_fire(ctx, u) {
        return Err(Refusal::by_rule(
            "8.2",
            format!("{} cannot fire a barrage: only the initiative player's fresh artillery with ammunition", u.spec.name),
        ));
    }
    let from = u.area().unwrap_or(0);
    if area == from || ctx.range(from, area).is_none_or(|d| d > u.spec.range) {
        return Err(Refusal::by_rule("8.3", format!("area {area} is not within {}'s range", u.spec.name)));
    }
    if ctx.markers.rolling.contains(&area) || ctx.markers.interdiction.contains(&area) {
        return Err(Refusal::by_rule("8.3", format!("area {area} already holds a barrage marker")));
    }
    if ctx.sit.has(area, side) {
        return Err(Refusal::by_rule("8.3", format!("area {area} contains friendly units")));
    }
    if kind == BarrageKind::Rolling {
        let next_to_friends = ctx.adjacent(area).iter().any(|&n| ctx.sit.has(n, side));
        let next_to_rolling = ctx.adjacent(area).iter().any(|n| ctx.markers.rolling.contains(n));
        if !next_to_friends && !next_to_rolling {
            return Err(Refusal::by_rule(
                "8.21",
                "a rolling barrage goes next to friendly units or next to another rolling barrage, skipping no area",
            ));
        }
    }
    Ok(())
}

pub fn candidates(ctx: &Ctx) -> Vec<Command> {
    let mut out = Vec::new();
    for u in ctx.sit.units.iter().filter(|u| can_fire(ctx, u)) {
        for a in ctx.within(u.area().unwrap_or(0), u.spec.range) {
            for kind in [BarrageKind::Rolling, BarrageKind::Interdiction] {
                if check_barrage(ctx, &u.spec.id, a, kind).is_ok() {
                    out.push(Command::Barrage(u.spec.id.clone(), a, kind));
                }
            }
        }
    }
    out.push(Command::Done);
    out
}

pub fn check(ctx: &Ctx, cmd: &Command) -> Result<(), Refusal> {
    match cmd {
        Command::Barrage(id, a, k) => check_barrage(ctx, id, *a, *k),
        Command::Done => Ok(()),
        _ => Err(Refusal::new("in the rolling barrage / interdiction phase: Barrage or Done")),
    }
}

pub fn apply(world: &mut World, cmd: Command) {
    match cmd {
        Command::Barrage(id, area, kind) => {
            let ctx = Ctx::capture(world);
            let Some(u) = ctx.find(&id) else { return };
            world.spawn((BarrageMarker(kind), InArea(area)));
            if ctx.sc.tables.barrage.spends_artillery {
                update(world, u.entity, |c| c.spent = true);
            }
            let what = if kind == BarrageKind::Rolling { "a rolling barrage" } else { "an interdiction barrage" };
            ops::log(
                world,
                if kind == BarrageKind::Rolling { "8.21" } else { "8.3" },
                format!("{} fires {what} on area {area}", u.spec.name),
                EventKind::BarrageFired { unit: id, area, kind },
            );
            let ctx = Ctx::capture(world);
            if candidates(&ctx) == vec![Command::Done] {
                goto(world, Phase::Action);
            }
        }
        Command::Done => goto(world, Phase::Action),
        _ => {}
    }
}

/// OnEnter(Barrage): skipped when the initiative player has nothing to fire.
pub fn begin(world: &mut World) {
    let ctx = Ctx::capture(world);
    if candidates(&ctx) == vec![Command::Done] {
        goto(world, Phase::Action);
    }
}
