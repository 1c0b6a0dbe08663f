//! 3.4 Rallying, 3.5 Infiltration and 3.6 Withdrawal, with their costs from the Table of Actions.

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::Refusal;

use super::super::events::EventKind;
use super::super::ops;
use super::super::state::Activations;
use super::super::tanks;
use super::super::units::Reduced;
use super::{Ctx, movement};
use crate::engine::marker::mark;

/// 3.4: 2 medals; 1 in a friendly trench; 3 in an enemy zone of control outside a friendly trench.
pub fn rally_cost(ctx: &Ctx) -> u32 {
    let a = &ctx.tables().actions;
    if ctx.in_friendly_trench() {
        a.rally_in_friendly_trench
    } else if ctx.in_enemy_zoc() {
        a.rally_in_enemy_zoc_outside_trench
    } else {
        a.rally
    }
}

pub fn check_rally(ctx: &Ctx) -> Result<(), Refusal> {
    if ctx.me.is_tank() {
        return Err(Refusal::by_rule("3.4", "tanks do not rally: a damaged tank cannot be repaired"));
    }
    if !ctx.me.reduced {
        return Err(Refusal::by_rule("3.4", "only a disorganised battalion can rally"));
    }
    ctx.can_spend(rally_cost(ctx), "rallying")?;
    ctx.keeps_a_way_out(rally_cost(ctx), false)
}

pub fn apply_rally(world: &mut World, ctx: &Ctx) {
    let medals = rally_cost(ctx);
    spend(world, medals);
    mark::<Reduced>(world, ctx.me.entity, false);
    ops::log(
        world,
        "3.4",
        format!("{} rallies ({medals} medal{})", ctx.me.unit.name, if medals == 1 { "" } else { "s" }),
        EventKind::Rallied { unit: ctx.me.unit.id.to_string(), medals },
    );
}

/// 3.5: 3 medals for a battalion (2 from a friendly trench), 2 for a tank.
pub fn infiltration_cost(ctx: &Ctx) -> u32 {
    let a = &ctx.tables().actions;
    if ctx.me.is_tank() {
        a.infiltration_tank
    } else if ctx.in_friendly_trench() {
        a.infiltration_battalion_from_trench
    } else {
        a.infiltration_battalion
    }
}

/// 3.6: 2 medals for a battalion (1 from a friendly trench), 1 for a tank.
pub fn withdrawal_cost(ctx: &Ctx) -> u32 {
    let a = &ctx.tables().actions;
    if ctx.me.is_tank() {
        a.withdrawal_tank
    } else if ctx.in_friendly_trench() {
        a.withdrawal_battalion_from_trench
    } else {
        a.withdrawal_battalion
    }
}

/// Shared checks of the two ways out of a zone of control: from an enemy zone, to an adjacent free
/// hex (into another enemy zone for infiltration, out of every enemy zone for withdrawal).
fn check_step(ctx: &Ctx, label: &str, infiltrate: bool) -> Result<Hex, Refusal> {
    let (rule, what, cost) =
        if infiltrate { ("3.5", "infiltration", infiltration_cost(ctx)) } else { ("3.6", "withdrawal", withdrawal_cost(ctx)) };
    let to = ctx.sit.board().parse(label).map_err(Refusal::new)?;
    let from = ctx.hex().ok_or_else(|| Refusal::new("the unit is not on the map"))?;
    if !ctx.in_enemy_zoc() {
        return Err(Refusal::by_rule(rule, format!("{what} is made from an enemy zone of control")));
    }
    if from.unsigned_distance_to(to) != 1 {
        return Err(Refusal::by_rule(rule, format!("{what} moves to an adjacent hex")));
    }
    if !ctx.sit.in_play(to) {
        return Err(Refusal::by_rule("Scenarios", format!("{label} is outside the map in play")));
    }
    if ctx.sit.enemy_in(to, ctx.me.side()) {
        return Err(Refusal::by_rule("3.1", format!("{label} is held by the enemy")));
    }
    let zoc = ctx.sit.enemy_zoc(to, ctx.me.side());
    if infiltrate && !zoc {
        return Err(Refusal::by_rule(rule, "infiltration goes from enemy zone of control to enemy zone of control; use withdrawal"));
    }
    if !infiltrate && zoc {
        return Err(Refusal::by_rule(rule, "withdrawal goes to a hex outside enemy zones of control; use infiltration"));
    }
    if !(ctx.allowed())(to) {
        return Err(Refusal::by_rule("S1", "this unit must stay within 2 hexes of Cachy (Cachy garrison)"));
    }
    ctx.can_spend(cost, what)?;
    // Stacking: as a move may, the step may stop on a friend if the unit can still leave the hex
    // this activation with what it has left; the step is one a move could take (3.1: what is left
    // after the checks above is a tank's rule on a costly hex holding an activated friend).
    if ctx.sit.step_into(&ctx.me, ctx.me.medals(ctx.tables().max_medals), Some(from), to, &ctx.allowed()).is_none() {
        return Err(Refusal::by_rule("3.1", "a tank cannot enter a hex of more than 1 MP that holds an activated friend"));
    }
    if ctx.sit.friend_in(to, ctx.me.side()) && !movement::can_leave(ctx, to, 0, ctx.act.medals_left() - cost, 0) {
        return Err(Refusal::by_rule(
            "Stacking",
            format!("{label} holds a friend: the unit may stop there only with enough medals left to leave it"),
        ));
    }
    Ok(to)
}

pub fn check_infiltrate(ctx: &Ctx, label: &str) -> Result<Hex, Refusal> {
    check_step(ctx, label, true)
}

pub fn check_withdraw(ctx: &Ctx, label: &str) -> Result<Hex, Refusal> {
    check_step(ctx, label, false)
}

/// Legal destinations of an infiltration (`true`) or a withdrawal (`false`).
pub fn step_options(ctx: &Ctx, infiltrate: bool) -> Vec<Hex> {
    let Some(h) = ctx.hex() else { return Vec::new() };
    if !ctx.in_enemy_zoc() {
        return Vec::new();
    }
    let board = ctx.sit.board();
    board.neighbors(h).filter(|n| check_step(ctx, &board.label(*n), infiltrate).is_ok()).collect()
}

/// Moves the unit one hex regardless of terrain cost; a tank entering a hex of more than 1 MP still
/// tests for a breakdown (4.1).
pub fn apply_step(world: &mut World, ctx: &Ctx, to: Hex, infiltrate: bool) {
    let cost = if infiltrate { infiltration_cost(ctx) } else { withdrawal_cost(ctx) };
    spend(world, cost);
    ops::place(world, ctx.me.entity, to);
    let label = ops::label(world, to);
    let (rule, kind, verb) = if infiltrate {
        ("3.5", EventKind::Infiltrated { unit: ctx.me.unit.id.to_string(), to: label.clone() }, "infiltrates to")
    } else {
        ("3.6", EventKind::Withdrew { unit: ctx.me.unit.id.to_string(), to: label.clone() }, "withdraws to")
    };
    ops::log(world, rule, format!("{} {verb} {label} ({cost} medal{})", ctx.me.unit.name, if cost == 1 { "" } else { "s" }), kind);
    if ctx.me.is_tank() {
        let step = ctx.sit.step_cost(ctx.me.side(), ctx.me.kind(), ctx.me.medals(4), ctx.hex(), to);
        if step.terrain > 1 {
            tanks::breakdown_test(world, ctx.me.entity, false);
        }
    }
}

fn spend(world: &mut World, medals: u32) {
    if let Some(a) = world.resource_mut::<Activations>().current.as_mut() {
        a.spent += medals;
        a.actions += 1;
        a.mp_left = 0;
    }
}
