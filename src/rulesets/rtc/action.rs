//! 9.0 The action phase: continuous impulses (9.2, 9.11), area activation (9.2), movement and
//! stacking (9.3-9.35), attacks in place (9.4) and by entering enemy areas (9.5); the restrictions
//! on tanks and artillery (9.6, 9.61). Attacks themselves are resolved in `attack`.

use bevy::prelude::*;

use crate::engine::{Refusal, goto};

use super::attack;
use super::events::{Command, EventKind};
use super::map::Ctx;
use super::ops;
use super::state::{Activation, Group, Impulse, Phase};
use super::units::{Side, update};

fn active(ctx: &Ctx) -> Option<Side> {
    ctx.impulse.active
}

/// The group with one more unit.
fn with_unit(ctx: &Ctx, act: &Activation, index: usize) -> Group {
    let u = ctx.unit(index);
    match &act.group {
        Some(g) => {
            let mut g = g.clone();
            g.units.push(index);
            g.mp.push(u.spec.movement);
            g
        }
        None => ctx.single(u),
    }
}

pub fn candidates(ctx: &Ctx) -> Vec<Command> {
    let Some(side) = active(ctx) else { return Vec::new() };
    let mut out = Vec::new();
    match &ctx.impulse.activation {
        None => {
            out.extend(ctx.activatable(side).into_iter().map(Command::Activate));
            out.push(Command::Done);
        }
        Some(act) => {
            let moved = act.group.as_ref().is_some_and(|g| g.moved);
            if !moved {
                for u in ctx.sit.side_in(act.area, side) {
                    out.push(Command::Add(u.spec.id.clone()));
                }
            }
            if let Some(g) = &act.group {
                for &a in ctx.adjacent(g.at) {
                    out.push(Command::MoveTo(a));
                }
                out.push(Command::AttackHere);
                out.push(Command::Halt);
            }
            out.push(Command::EndActivation);
        }
    }
    out
}

pub fn check(ctx: &Ctx, cmd: &Command) -> Result<(), Refusal> {
    let Some(side) = active(ctx) else { return Err(Refusal::new("the action phase is not under way")) };
    let act = ctx.impulse.activation.as_ref();
    let group = act.and_then(|a| a.group.as_ref());
    match cmd {
        Command::Activate(a) => {
            if act.is_some() {
                return Err(Refusal::by_rule("9.2", "an area is already activated: end its activation first"));
            }
            if !ctx.activatable(side).contains(a) {
                return Err(Refusal::by_rule(
                    "9.2",
                    format!("area {a} holds no fresh {} unit that has not been activated and could move or attack", side.name()),
                ));
            }
            Ok(())
        }
        Command::Done => {
            if act.is_some() {
                return Err(Refusal::by_rule("9.2", "end the area's activation before passing"));
            }
            Ok(())
        }
        Command::Add(id) => {
            let act = act.ok_or_else(|| Refusal::by_rule("9.2", "activate an area first"))?;
            let u = ctx.find(id).ok_or_else(|| Refusal::new(format!("there is no unit `{id}`")))?;
            if u.area() != Some(act.area) || !ctx.may_activate(u, side) {
                return Err(Refusal::by_rule(
                    "9.2",
                    format!("{} is not a fresh unit of the activated area that has not been activated yet", u.spec.name),
                ));
            }
            if group.is_some_and(|g| g.moved || g.units.contains(&u.index)) {
                return Err(Refusal::by_rule("9.21", "units join a group before it moves, once"));
            }
            if !ctx.group_can_act(side, &with_unit(ctx, act, u.index)) {
                return Err(Refusal::by_rule("9.3", format!("with {} the group could neither move nor attack", u.spec.name)));
            }
            Ok(())
        }
        Command::MoveTo(to) => {
            let g = group.ok_or_else(|| Refusal::by_rule("9.21", "add units to a group first"))?;
            ctx.group_move(side, g, *to).map(|_| ()).map_err(|e| Refusal::by_rule("9.3", e))
        }
        Command::AttackHere => {
            let g = group.ok_or_else(|| Refusal::by_rule("9.21", "add units to a group first"))?;
            if !ctx.can_attack_here(side, g) {
                return Err(Refusal::by_rule(
                    "9.4",
                    "a group that has not moved attacks the enemy units in its own area; there are none, or the group is only artillery",
                ));
            }
            Ok(())
        }
        Command::Halt => match group {
            Some(g) if g.moved => Ok(()),
            _ => Err(Refusal::new("no group is moving")),
        },
        Command::EndActivation => {
            let act = act.ok_or_else(|| Refusal::new("no area is activated"))?;
            if act.acted == 0 {
                return Err(Refusal::by_rule("9.2", "an activation moves or attacks with at least one unit"));
            }
            if group.is_some_and(|g| g.moved) {
                return Err(Refusal::new("the group is moving: Halt it first"));
            }
            Ok(())
        }
        _ => Err(Refusal::new("in the action phase: Activate, Add, MoveTo, AttackHere, Halt, EndActivation or Done (pass)")),
    }
}

fn set_group(world: &mut World, g: Option<Group>) {
    if let Some(a) = world.resource_mut::<Impulse>().activation.as_mut() {
        a.group = g;
    }
}

pub fn apply(world: &mut World, cmd: Command) {
    let ctx = Ctx::capture(world);
    let Some(side) = active(&ctx) else { return };
    match cmd {
        Command::Activate(area) => {
            {
                let mut imp = world.resource_mut::<Impulse>();
                imp.activation = Some(Activation { area, acted: 0, group: None });
                imp.actions += 1;
            }
            ops::log(world, "9.2", format!("{} activate area {area}", side.name()), EventKind::Activated { area });
        }
        Command::Add(id) => {
            let (Some(act), Some(u)) = (ctx.impulse.activation.as_ref(), ctx.find(&id)) else { return };
            let g = with_unit(&ctx, act, u.index);
            set_group(world, Some(g));
        }
        Command::MoveTo(to) => {
            let Some(g) = ctx.impulse.activation.as_ref().and_then(|a| a.group.clone()) else { return };
            let Ok((g2, cost)) = ctx.move_group(side, &g, to) else { return };
            let from = g.at;
            let leaving_enemy = g2.from_enemy_area;
            for &i in &g.units {
                ops::put(world, i, to);
            }
            let ids: Vec<String> = g.units.iter().map(|&i| ctx.unit(i).spec.id.clone()).collect();
            ops::log(
                world,
                if leaving_enemy { "9.34" } else { "9.31" },
                format!("{} unit(s) move from area {from} to area {to} ({cost} MP)", ids.len()),
                EventKind::Moved { units: ids, from, to, cost },
            );
            set_group(world, Some(g2.clone()));
            // 3.21: leaving an area may leave the other side alone in it, before any attack.
            ops::update_control(world);
            if ctx.sit.has(to, side.enemy()) {
                attack::start(world, Some(from), false);
                return;
            }
            let ctx = Ctx::capture(world);
            if !ctx.group_can_act(side, &g2) {
                finish_group(world);
            }
        }
        Command::AttackHere => {
            if let Some(g) = world.resource_mut::<Impulse>().activation.as_mut().and_then(|a| a.group.as_mut()) {
                // 9.4: an attack in place costs all the units' movement points.
                for mp in &mut g.mp {
                    *mp = 0;
                }
            }
            attack::start(world, None, true);
        }
        Command::Halt => finish_group(world),
        Command::EndActivation => {
            world.resource_mut::<Impulse>().activation = None;
            auto_pass(world);
        }
        Command::Done => pass(world),
        _ => {}
    }
}

/// The group's units have acted: they are spent (9.2).
pub fn finish_group(world: &mut World) {
    let Some(g) = world.resource::<Impulse>().activation.as_ref().and_then(|a| a.group.clone()) else { return };
    let ctx = Ctx::capture(world);
    let mut n = 0;
    for &i in &g.units {
        let u = ctx.unit(i);
        if u.area().is_some() {
            update(world, u.entity, |c| {
                c.spent = true;
                c.acted = true;
            });
            n += 1;
        }
    }
    if let Some(a) = world.resource_mut::<Impulse>().activation.as_mut() {
        a.group = None;
        a.acted += n.max(1);
    }
    ops::update_control(world);
    // Nothing more to do in the activated area: the activation ends by itself.
    let ctx = Ctx::capture(world);
    if let Some(side) = active(&ctx)
        && let Some(act) = &ctx.impulse.activation
        && !ctx.sit.side_in(act.area, side).any(|u| ctx.may_activate(u, side) && ctx.group_can_act(side, &ctx.single(u)))
    {
        world.resource_mut::<Impulse>().activation = None;
        auto_pass(world);
    }
}

/// 9.2 a-c, 9.11: the action phase passes to the other player; two passes in a row without any
/// action end it.
pub fn pass(world: &mut World) {
    let (side, empty, last_empty) = {
        let imp = world.resource::<Impulse>();
        (imp.active, imp.actions == 0, imp.last_pass_empty)
    };
    let Some(side) = side else { return };
    world.resource_mut::<Impulse>().activation = None;
    if empty && last_empty {
        ops::log(world, "9.11", "Both players have passed: the action phase ends", EventKind::Note);
        *world.resource_mut::<Impulse>() = Impulse::default();
        goto(world, Phase::Administration);
        return;
    }
    {
        let mut imp = world.resource_mut::<Impulse>();
        imp.active = Some(side.enemy());
        imp.actions = 0;
        imp.last_pass_empty = empty;
    }
    ops::log(
        world,
        "9.2",
        format!("The action phase passes to the {}", if side == Side::British { "Germans" } else { "British" }),
        EventKind::ActionPassed { to: side.enemy() },
    );
    auto_pass(world);
}

/// 9.2 b: a player with no unit able to act must pass.
pub fn auto_pass(world: &mut World) {
    let ctx = Ctx::capture(world);
    if ctx.impulse.activation.is_some() || ctx.combat.attack.is_some() || ctx.combat.breakdown.is_some() || ctx.losses.pending.is_some() {
        return;
    }
    if let Some(side) = active(&ctx)
        && ctx.activatable(side).is_empty()
    {
        pass(world);
    }
}

/// OnEnter(Action): the initiative player begins (9.2).
pub fn begin(world: &mut World) {
    let initiative = Ctx::capture(world).initiative;
    *world.resource_mut::<Impulse>() = Impulse { active: Some(initiative), actions: 0, last_pass_empty: false, activation: None };
    auto_pass(world);
}
