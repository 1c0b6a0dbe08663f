//! 7.0 Artillery bombardment phase: the players alternate, the initiative player first (7.2); one
//! bombardment per side, area and target type each turn (7.3); range and blocked areas (7.31,
//! 7.32); the offensive and defensive totals (7.5); loss points (7.6, 7.63); the hurricane
//! bombardment (7.7); ammunition (7.8) and friendly fire (7.9).

use bevy::prelude::*;

use crate::engine::{Refusal, goto};

use super::events::{Command, EventKind, Target};
use super::losses;
use super::map::Ctx;
use super::ops;
use super::state::{Bombarded, Bombardment, FriendlyFireChoice, LossCause, LossPayment, Order, Phase};
use super::units::{Side, U, update};

fn of_type(u: &U, at: Target) -> bool {
    u.is_artillery() == (at == Target::Artillery)
}

/// The artillery that may bombard: fresh, with ammunition, not in an area with enemy units (7.4, 7.41).
fn can_fire(ctx: &Ctx, u: &U, side: Side) -> bool {
    u.side() == side && u.is_artillery() && u.fresh() && !u.c.no_ammo && u.area().is_some_and(|a| !ctx.sit.has(a, side.enemy()))
}

pub fn check_bombard(ctx: &Ctx, side: Side, lead: &str, target: u32, at: Target, hurricane: bool) -> Result<(), Refusal> {
    let u = ctx.find(lead).ok_or_else(|| Refusal::new(format!("there is no unit `{lead}`")))?;
    if !can_fire(ctx, u, side) {
        return Err(Refusal::by_rule(
            "7.4",
            format!("{} cannot bombard: only fresh {} artillery with ammunition, in an area without enemy units", u.spec.name, side.name()),
        ));
    }
    let from = u.area().unwrap_or(0);
    if target == from || !ctx.exists(target) {
        return Err(Refusal::by_rule("7.31", "the target must be another area of the map"));
    }
    if ctx.range(from, target).is_none_or(|d| d > u.spec.range) {
        return Err(Refusal::by_rule("7.31", format!("area {target} is beyond {}'s range of {}", u.spec.name, u.spec.range)));
    }
    if !ctx.sit.side_in(target, side.enemy()).any(|d| of_type(d, at)) {
        return Err(Refusal::by_rule(
            "7.3",
            format!("area {target} holds no enemy {} units", if at == Target::Artillery { "artillery" } else { "non-artillery" }),
        ));
    }
    if ctx.markers.bombarded.contains(&(side, target, at)) {
        return Err(Refusal::by_rule(
            "7.3",
            format!("the {} have already bombarded that target type in area {target} this turn", side.name()),
        ));
    }
    if hurricane && side != ctx.initiative {
        return Err(Refusal::by_rule("7.7", "only the player with the initiative may conduct a hurricane bombardment"));
    }
    Ok(())
}

fn check_support(ctx: &Ctx, o: &Order, id: &str) -> Result<(), Refusal> {
    let u = ctx.find(id).ok_or_else(|| Refusal::new(format!("there is no unit `{id}`")))?;
    if u.index == o.lead || o.supports.contains(&u.index) {
        return Err(Refusal::by_rule("7.4", format!("{} already takes part", u.spec.name)));
    }
    if !can_fire(ctx, u, o.side) || u.area() != Some(o.from) {
        return Err(Refusal::by_rule("7.4", "supporting units are fresh artillery in the lead unit's area"));
    }
    if ctx.range(o.from, o.target).is_none_or(|d| d > u.spec.range) {
        return Err(Refusal::by_rule("7.31", format!("area {} is beyond {}'s range", o.target, u.spec.name)));
    }
    Ok(())
}

fn bombardments(ctx: &Ctx, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    for u in ctx.sit.units.iter().filter(|u| can_fire(ctx, u, side)) {
        let from = u.area().unwrap_or(0);
        let mut targets: Vec<u32> = ctx.within(from, u.spec.range).into_iter().filter(|&t| ctx.sit.has(t, side.enemy())).collect();
        targets.sort();
        for t in targets {
            for at in [Target::Other, Target::Artillery] {
                for hurricane in [false, true] {
                    if check_bombard(ctx, side, &u.spec.id, t, at, hurricane).is_ok() {
                        out.push(Command::Bombard { lead: u.spec.id.clone(), target: t, at, hurricane });
                    }
                }
            }
        }
    }
    out
}

pub fn candidates(ctx: &Ctx) -> Vec<Command> {
    if let Some(f) = &ctx.bombard.friendly_fire {
        return f.candidates.iter().map(|&i| Command::FriendlyFire(ctx.unit(i).spec.id.clone())).collect();
    }
    if let Some(o) = &ctx.bombard.order {
        let mut out: Vec<Command> = ctx
            .sit
            .side_in(o.from, o.side)
            .filter(|u| check_support(ctx, o, &u.spec.id).is_ok())
            .map(|u| Command::Support(u.spec.id.clone()))
            .collect();
        out.push(Command::Fire);
        return out;
    }
    let Some(side) = ctx.bombard.to_move else { return Vec::new() };
    let mut out = bombardments(ctx, side);
    out.push(Command::Done);
    out
}

pub fn check(ctx: &Ctx, cmd: &Command) -> Result<(), Refusal> {
    if let Some(f) = &ctx.bombard.friendly_fire {
        return check_friendly_fire(ctx, f, cmd);
    }
    if let Command::FriendlyFire(_) = cmd {
        return Err(Refusal::by_rule(
            "7.9",
            "no friendly-fire victim is to be chosen now: only after an unmodified bombardment roll of 8 or more when all the bombarding player's units in the target area are already spent, and more than one is there",
        ));
    }
    if let Some(o) = &ctx.bombard.order {
        return match cmd {
            Command::Support(id) => check_support(ctx, o, id),
            Command::Fire => Ok(()),
            _ => Err(Refusal::new("a bombardment is announced: add Support units, then Fire")),
        };
    }
    let Some(side) = ctx.bombard.to_move else { return Err(Refusal::new("no bombardment segment is under way")) };
    match cmd {
        Command::Bombard { lead, target, at, hurricane } => check_bombard(ctx, side, lead, *target, *at, *hurricane),
        Command::Done => Ok(()),
        _ => Err(Refusal::new("in the bombardment phase: Bombard or Done (pass)")),
    }
}

/// The lead unit's strength (7.5 a, 7.32): 1 at range 4 or more or through a blocked area, unless
/// a friendly unit is in or next to the target.
pub fn lead_strength(ctx: &Ctx, o: &Order) -> i32 {
    let t = &ctx.sc.tables.bombardment;
    let lead = ctx.unit(o.lead);
    let far = ctx.range(o.from, o.target).is_some_and(|d| d >= t.long_range) || ctx.through_blocked(o.from, o.target);
    if far && !ctx.friend_near(o.side, o.target) { t.degraded_strength } else { lead.spec.strength }
}

/// The DT's terrain part (7.5 DT a): the TEM doubled; artillery targets always count as TEM 4;
/// non-artillery targets lose one for each such unit above 4, to no less than 1.
pub fn defence_tem(ctx: &Ctx, area: u32, defender: Side, at: Target) -> i32 {
    let t = &ctx.sc.tables.bombardment;
    match at {
        Target::Artillery => t.artillery_target_tem * 2,
        Target::Other => {
            let n = ctx.sit.side_in(area, defender).filter(|u| !u.is_artillery()).count() as i32;
            (ctx.sc.area(area).tem * 2 - (n - t.crowding_above as i32).max(0)).max(t.minimum_tem)
        }
    }
}

pub fn apply(world: &mut World, cmd: Command) {
    let ctx = Ctx::capture(world);
    match cmd {
        Command::Bombard { lead, target, at, hurricane } => {
            let Some(u) = ctx.find(&lead) else { return };
            let side = u.side();
            world.resource_mut::<Bombardment>().order =
                Some(Order { side, lead: u.index, supports: Vec::new(), from: u.area().unwrap_or(0), target, at, hurricane });
        }
        Command::Support(id) => {
            let Some(u) = ctx.find(&id) else { return };
            if let Some(o) = world.resource_mut::<Bombardment>().order.as_mut() {
                o.supports.push(u.index);
            }
        }
        Command::Fire => fire(world),
        Command::FriendlyFire(id) => {
            let Some(f) = world.resource_mut::<Bombardment>().friendly_fire.take() else { return };
            let Some(u) = ctx.find(&id) else { return };
            friendly_fire_eliminates(world, u.index);
            loss_points(world, f.side, f.area, f.at, f.loss_points);
        }
        Command::Done => {
            let (passes, passer) = {
                let mut b = world.resource_mut::<Bombardment>();
                let passer = b.to_move;
                b.passes += 1;
                b.to_move = b.to_move.map(|s| s.enemy());
                (b.passes, passer)
            };
            if let Some(side) = passer {
                ops::log(world, "7.2", format!("The {} player passes: no further bombardment", side.name()), EventKind::Note);
            }
            if passes >= 2 {
                end(world);
            } else {
                skip_if_idle(world);
            }
        }
        _ => {}
    }
}

/// 7.5-7.9: resolves the announced bombardment.
fn fire(world: &mut World) {
    let ctx = Ctx::capture(world);
    let Some(o) = ctx.bombard.order.clone() else { return };
    let t = ctx.sc.tables.bombardment.clone();
    let defender = o.side.enemy();
    let strength = lead_strength(&ctx, &o);
    let tem = defence_tem(&ctx, o.target, defender, o.at);
    let dice = if o.hurricane { t.hurricane_dice } else { t.dice };
    let roll = ops::roll(world, dice, &format!("bombardment of area {} (OT)", o.target), "7.5");
    let droll = ops::roll(world, t.dice, &format!("bombardment of area {} (DT)", o.target), "7.5");
    let ot = strength + o.supports.len() as i32 * t.support_each + roll as i32;
    let dt = tem + droll as i32;
    let cp = ot - dt;
    world.resource_mut::<Bombarded>().0.insert((o.side, o.target, o.at));
    let lead = ctx.unit(o.lead).clone();
    ops::log(
        world,
        if o.hurricane { "7.7" } else { "7.5" },
        format!(
            "{}{} bombards the {} in area {}: OT {strength} + {} support + {roll} = {ot}, DT {tem} + {droll} = {dt}: {}",
            lead.spec.name,
            if o.hurricane { " (hurricane)" } else { "" },
            if o.at == Target::Artillery { "artillery" } else { "infantry, tanks and cavalry" },
            o.target,
            o.supports.len(),
            if cp > 0 { format!("{cp} loss points") } else { "no effect".into() }
        ),
        EventKind::Bombardment { lead: lead.spec.id.clone(), target: o.target, at: o.at, ot, dt, roll, loss_points: cp.max(0) },
    );
    // 7.8: the firing units are spent, and out of ammunition on an unmodified roll of 8 or more.
    let out_of_ammo = roll >= t.out_of_ammo_at;
    for i in std::iter::once(o.lead).chain(o.supports.iter().copied()) {
        let e = ops::entity(world, i);
        update(world, e, |c| {
            c.spent = true;
            c.no_ammo |= out_of_ammo;
        });
        if out_of_ammo {
            let (id, name) = ops::id_name(world, i);
            ops::log(world, "7.8", format!("{name} is out of ammunition"), EventKind::OutOfAmmo { unit: id });
        }
    }
    // 7.9: friendly fire.
    world.resource_mut::<Bombardment>().order = None;
    if roll >= t.friendly_fire_at {
        let friends: Vec<U> = ctx.sit.side_in(o.target, o.side).cloned().collect();
        if friends.iter().any(|u| u.fresh()) {
            for u in friends.iter().filter(|u| u.fresh()) {
                ops::spend(world, u.index);
                ops::log(
                    world,
                    "7.9",
                    format!("{} is spent by friendly fire", u.spec.name),
                    EventKind::FriendlyFire { unit: u.spec.id.clone(), eliminated: false },
                );
            }
        } else if friends.len() > 1 {
            let names: Vec<String> = friends.iter().map(|u| u.spec.name.clone()).collect();
            ops::log(
                world,
                "7.9",
                format!(
                    "Friendly fire in area {}: all the {} units there are spent, so one is eliminated; the {} choose which ({})",
                    o.target,
                    o.side.name(),
                    o.side.name(),
                    names.join(", ")
                ),
                EventKind::Note,
            );
            world.resource_mut::<Bombardment>().friendly_fire = Some(FriendlyFireChoice {
                side: o.side,
                area: o.target,
                candidates: friends.iter().map(|u| u.index).collect(),
                at: o.at,
                loss_points: cp,
            });
            return;
        } else if let Some(u) = friends.first() {
            friendly_fire_eliminates(world, u.index);
        }
    }
    loss_points(world, o.side, o.target, o.at, cp);
}

/// 7.9: friendly fire eliminates one of the bombarding player's spent units.
fn friendly_fire_eliminates(world: &mut World, index: usize) {
    let (id, name) = ops::id_name(world, index);
    ops::log(world, "7.9", format!("{name} is eliminated by friendly fire"), EventKind::FriendlyFire { unit: id, eliminated: true });
    ops::eliminate(world, index, false, "7.9");
    ops::update_control(world);
}

/// 7.61: the defender pays the loss points of the target type, or (none) play passes (7.6).
fn loss_points(world: &mut World, side: Side, target: u32, at: Target, cp: i32) {
    let t = Ctx::capture(world).sc.tables.bombardment.clone();
    if cp > 0 {
        let ctx = Ctx::capture(world);
        let defender = side.enemy();
        let units: Vec<usize> = ctx.sit.side_in(target, defender).filter(|u| of_type(u, at)).map(|u| u.index).collect();
        let costs = if at == Target::Artillery { t.artillery_losses } else { t.other_losses };
        losses::start(
            world,
            LossPayment {
                side: defender,
                area: target,
                units,
                left: cp,
                costs,
                cause: LossCause::Bombardment,
                retreated: false,
                any_retreat: false,
            },
        );
    } else {
        after_losses(world);
    }
}

fn check_friendly_fire(ctx: &Ctx, f: &FriendlyFireChoice, cmd: &Command) -> Result<(), Refusal> {
    let Command::FriendlyFire(id) = cmd else {
        return Err(Refusal::by_rule(
            "7.9",
            format!(
                "friendly fire eliminates one of the {} units in area {} first: the {} choose which (FriendlyFire)",
                f.side.name(),
                f.area,
                f.side.name()
            ),
        ));
    };
    if f.candidates.iter().any(|&i| ctx.unit(i).spec.id == *id) {
        return Ok(());
    }
    let why = match ctx.find(id) {
        None => format!("there is no unit `{id}`"),
        Some(u) if u.side() != f.side => {
            format!("{} is not a {} unit: friendly fire eliminates one of the bombarding player's own units", u.spec.name, f.side.name())
        }
        Some(u) => format!("{} is not in the bombarded area {}", u.spec.name, f.area),
    };
    Err(Refusal::by_rule("7.9", why))
}

/// After a bombardment: play passes to the other player (7.6).
pub fn after_losses(world: &mut World) {
    {
        let mut b = world.resource_mut::<Bombardment>();
        b.passes = 0;
        b.to_move = b.to_move.map(|s| s.enemy());
    }
    skip_if_idle(world);
}

/// A side with nothing to bombard passes at once.
fn skip_if_idle(world: &mut World) {
    for _ in 0..2 {
        let ctx = Ctx::capture(world);
        let Some(side) = ctx.bombard.to_move else { return };
        if !bombardments(&ctx, side).is_empty() {
            return;
        }
        let passes = {
            let mut b = world.resource_mut::<Bombardment>();
            b.passes += 1;
            b.to_move = Some(side.enemy());
            b.passes
        };
        if passes >= 2 {
            end(world);
            return;
        }
    }
}

fn end(world: &mut World) {
    {
        let mut b = world.resource_mut::<Bombardment>();
        b.to_move = None;
        b.order = None;
        b.friendly_fire = None;
        b.passes = 0;
    }
    goto(world, Phase::Barrage);
}

/// OnEnter(Bombardment): the initiative player begins (7.2).
pub fn begin(world: &mut World) {
    let initiative = Ctx::capture(world).initiative;
    *world.resource_mut::<Bombardment>() = Bombardment { to_move: Some(initiative), passes: 0, order: None, friendly_fire: None };
    skip_if_idle(world);
}
