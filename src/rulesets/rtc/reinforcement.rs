//! 6.0 Mutual reinforcement phase: the non-initiative player places his arriving units, then the
//! initiative player (6.1); British entry areas and the returning broken-down tanks (6.2, 10.61);
//! German entry areas and the railway condition on Cambrai (6.3).

use bevy::prelude::*;

use crate::engine::{Refusal, goto};

use super::events::{Command, EventKind};
use super::map::Ctx;
use super::ops;
use super::state::{Phase, Reinforce};
use super::units::{Kind, Place, Side, U, update};

/// Units of a side due to arrive (this turn's, and earlier ones that could not be placed).
pub fn due(ctx: &Ctx, side: Side) -> Vec<&U> {
    ctx.sit.units.iter().filter(|u| u.side() == side && u.c.place == Place::Waiting && u.spec.turn.is_some_and(|t| t <= ctx.turn)).collect()
}

fn returnable(ctx: &Ctx, side: Side) -> Vec<&U> {
    if side != Side::British || ctx.reinforce.returned >= ctx.sc.spec.tank_return.on(ctx.turn) {
        return Vec::new();
    }
    ctx.sit.units.iter().filter(|u| u.c.place == Place::BrokenDown && u.kind() == Kind::Tank).collect()
}

/// 6.3: an entry area with a condition (Cambrai) needs one of its sets of areas controlled.
fn entry_open(ctx: &Ctx, side: Side, area: u32) -> bool {
    if side != Side::German {
        return true;
    }
    ctx.sc
        .spec
        .german_entry_conditions
        .iter()
        .filter(|c| c.area == area)
        .all(|c| c.any_of.iter().any(|set| set.iter().all(|&a| ctx.controller(a) == side)))
}

pub fn check_place(ctx: &Ctx, side: Side, unit: &str, area: u32) -> Result<(), Refusal> {
    let u = ctx.find(unit).ok_or_else(|| Refusal::new(format!("there is no unit `{unit}`")))?;
    if u.side() != side || u.c.place != Place::Waiting || u.spec.turn.is_none_or(|t| t > ctx.turn) {
        return Err(Refusal::by_rule("6.1", format!("{} is not a {} reinforcement due now", u.spec.name, side.name())));
    }
    if !ctx.sc.entry_areas(side).contains(&area) {
        return Err(Refusal::by_rule(
            if side == Side::British { "6.2" } else { "6.3" },
            format!("area {area} is not a {} entry area", side.name()),
        ));
    }
    if !entry_open(ctx, side, area) {
        return Err(Refusal::by_rule(
            "6.3",
            format!("units may be placed in area {area} only while the Germans control one of the railway lines leading to it"),
        ));
    }
    if ctx.controller(area) == side.enemy() {
        return Err(Refusal::by_rule("6.1", format!("area {area} is under enemy control")));
    }
    if !u.spec.division.is_empty()
        && let Some(&a) = ctx.reinforce.divisions.get(&(side, u.spec.division.clone()))
        && a != area
    {
        return Err(Refusal::by_rule(
            "6.2",
            format!("the {} division is entering through area {a}: all its units enter through the same area", u.spec.division),
        ));
    }
    if !ctx.room(area, side, 1) {
        return Err(Refusal::by_rule("9.35", format!("area {area} already holds {} {} units", ctx.stacking(), side.name())));
    }
    Ok(())
}

pub fn check_return(ctx: &Ctx, side: Side, unit: &str, area: u32) -> Result<(), Refusal> {
    let u = ctx.find(unit).ok_or_else(|| Refusal::new(format!("there is no unit `{unit}`")))?;
    if !returnable(ctx, side).iter().any(|r| r.index == u.index) {
        let why = match ctx.sc.spec.tank_return.on(ctx.turn) {
            0 => "no broken-down tank returns this turn".to_string(),
            n => format!(
                "{} is not a broken-down tank, or the {n} return{} of this turn {} been made",
                u.spec.name,
                if n == 1 { "" } else { "s" },
                if n == 1 { "has" } else { "have" }
            ),
        };
        return Err(Refusal::by_rule("10.61", why));
    }
    if !ctx.sc.spec.tank_return.areas.contains(&area) {
        return Err(Refusal::by_rule("6.2", format!("broken-down tanks return in areas {:?} only", ctx.sc.spec.tank_return.areas)));
    }
    if ctx.controller(area) == side.enemy() {
        return Err(Refusal::by_rule("6.1", format!("area {area} is under enemy control")));
    }
    if !ctx.room(area, side, 1) {
        return Err(Refusal::by_rule("9.35", format!("area {area} is full")));
    }
    Ok(())
}

fn placements(ctx: &Ctx, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    for u in due(ctx, side) {
        for &a in ctx.sc.entry_areas(side) {
            out.push(Command::Place(u.spec.id.clone(), a));
        }
    }
    out.retain(|c| matches!(c, Command::Place(u, a) if check_place(ctx, side, u, *a).is_ok()));
    out
}

fn returns(ctx: &Ctx, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    for u in returnable(ctx, side) {
        for &a in &ctx.sc.spec.tank_return.areas {
            if check_return(ctx, side, &u.spec.id, a).is_ok() {
                out.push(Command::ReturnTank(u.spec.id.clone(), a));
            }
        }
    }
    out
}

pub fn candidates(ctx: &Ctx) -> Vec<Command> {
    let Some(side) = ctx.reinforce.side else { return Vec::new() };
    let mut out = placements(ctx, side);
    let must_place = !out.is_empty();
    out.extend(returns(ctx, side));
    if !must_place {
        out.push(Command::Done);
    }
    out
}

pub fn check(ctx: &Ctx, cmd: &Command) -> Result<(), Refusal> {
    let Some(side) = ctx.reinforce.side else { return Err(Refusal::new("no reinforcement segment is under way")) };
    match cmd {
        Command::Place(u, a) => check_place(ctx, side, u, *a),
        Command::ReturnTank(u, a) => check_return(ctx, side, u, *a),
        Command::Done if !placements(ctx, side).is_empty() => {
            Err(Refusal::by_rule("6.1", "every arriving unit that can be placed must be placed"))
        }
        Command::Done => Ok(()),
        _ => Err(Refusal::new("in the reinforcement phase: Place, ReturnTank or Done")),
    }
}

pub fn apply(world: &mut World, cmd: Command) {
    let ctx = Ctx::capture(world);
    let Some(side) = ctx.reinforce.side else { return };
    match cmd {
        Command::Place(id, area) | Command::ReturnTank(id, area) => {
            let Some(u) = ctx.find(&id) else { return };
            let returning = u.c.place == Place::BrokenDown;
            let spent = returning || ctx.sit.has(area, side.enemy());
            let turn = ctx.turn;
            update(world, u.entity, |c| {
                c.place = Place::Area(area);
                c.spent = spent;
                c.entered = if returning { c.entered } else { turn };
            });
            if !u.spec.division.is_empty() {
                world.resource_mut::<Reinforce>().divisions.insert((side, u.spec.division.clone()), area);
            }
            if returning {
                world.resource_mut::<Reinforce>().returned += 1;
            }
            let (rule, what) = if returning { ("10.61", "returns from breakdown") } else { ("6.1", "arrives") };
            ops::log(
                world,
                rule,
                format!("{} {what} in area {area}{}", u.spec.name, if spent { ", spent" } else { "" }),
                EventKind::Placed { unit: id.clone(), area, spent },
            );
            ops::update_control(world);
            let ctx = Ctx::capture(world);
            if candidates(&ctx) == vec![Command::Done] {
                next_segment(world);
            }
        }
        Command::Done => next_segment(world),
        _ => {}
    }
}

/// OnEnter(Reinforcement): the non-initiative player's segment first (6.1).
pub fn begin(world: &mut World) {
    let initiative = Ctx::capture(world).initiative;
    {
        let mut r = world.resource_mut::<Reinforce>();
        r.side = Some(initiative.enemy());
        r.second = false;
        r.divisions.clear();
        r.returned = 0;
    }
    skip_if_idle(world);
}

fn skip_if_idle(world: &mut World) {
    let ctx = Ctx::capture(world);
    if candidates(&ctx) == vec![Command::Done] {
        next_segment(world);
    }
}

fn next_segment(world: &mut World) {
    let ctx = Ctx::capture(world);
    let side = ctx.reinforce.side.unwrap_or(ctx.initiative);
    let left: Vec<String> = due(&ctx, side).iter().map(|u| u.spec.id.clone()).collect();
    if !left.is_empty() {
        ops::log(
            world,
            "6.1",
            format!("{} {} reinforcement(s) cannot be placed and wait for the next turn", left.len(), side.name()),
            EventKind::NotArrived { units: left },
        );
    }
    if ctx.reinforce.second {
        world.resource_mut::<Reinforce>().side = None;
        goto(world, Phase::Bombardment);
        return;
    }
    {
        let mut r = world.resource_mut::<Reinforce>();
        r.side = Some(ctx.initiative);
        r.second = true;
    }
    skip_if_idle(world);
}
