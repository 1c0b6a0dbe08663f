//! Paying loss points (CP): after a bombardment (7.61-7.63) and after a successful attack (10.31).
//! Partial results must be paid even if that costs more than the result (7.62, 10.31); eliminations
//! come before retreats (10.31); a unit that cannot pay otherwise is eliminated (10.5: its retreat
//! was blocked).

use bevy::prelude::*;

use crate::engine::Refusal;

use super::events::{Command, EventKind};
use super::map::Ctx;
use super::ops;
use super::state::{LossCause, LossPayment, Losses};
use super::units::U;
use super::{attack, bombardment};

fn rule(p: &LossPayment) -> &'static str {
    match p.cause {
        LossCause::Bombardment => "7.63",
        LossCause::Attack => "10.31",
    }
}

/// The units that may still pay.
pub fn payers<'a>(ctx: &'a Ctx, p: &'a LossPayment) -> impl Iterator<Item = &'a U> {
    p.units.iter().map(|&i| ctx.unit(i)).filter(move |u| u.area() == Some(p.area))
}

pub fn candidates(ctx: &Ctx) -> Vec<Command> {
    let Some(p) = &ctx.losses.pending else { return Vec::new() };
    let mut out = Vec::new();
    for u in payers(ctx, p) {
        out.push(Command::Flip(u.spec.id.clone()));
        out.push(Command::Eliminate(u.spec.id.clone()));
        for a in ctx.retreat_areas(p.side, p.area, u.kind()) {
            out.push(Command::Retreat(u.spec.id.clone(), a));
        }
    }
    out
}

pub fn check(ctx: &Ctx, cmd: &Command) -> Result<(), Refusal> {
    let Some(p) = &ctx.losses.pending else { return Err(Refusal::new("no loss points are being paid")) };
    let r = rule(p);
    let unit = |id: &str| -> Result<&U, Refusal> {
        payers(ctx, p)
            .find(|u| u.spec.id == id)
            .ok_or_else(|| Refusal::by_rule(r, format!("`{id}` is not a unit that may pay these loss points")))
    };
    match cmd {
        Command::Flip(id) => {
            let u = unit(id)?;
            if u.c.spent {
                return Err(Refusal::by_rule(r, format!("{} is already spent", u.spec.name)));
            }
            Ok(())
        }
        Command::Eliminate(id) => {
            unit(id)?;
            if p.retreated {
                return Err(Refusal::by_rule("10.31", "all eliminations must be carried out before any retreat"));
            }
            Ok(())
        }
        Command::Retreat(id, to) => {
            let u = unit(id)?;
            if p.costs.retreat_spent.is_none() {
                return Err(Refusal::by_rule(r, "bombardment losses cannot be paid by retreating"));
            }
            if !u.c.spent {
                return Err(Refusal::by_rule("10.31", format!("only a spent unit may retreat; {} is fresh", u.spec.name)));
            }
            if !ctx.retreat_areas(p.side, p.area, u.kind()).contains(to) {
                return Err(Refusal::by_rule(
                    "10.41",
                    format!(
                        "{} may not retreat to area {to} (empty areas first, then areas with only friendly units, then with both; never only enemy units; stacking applies)",
                        u.spec.name
                    ),
                ));
            }
            Ok(())
        }
        _ => Err(Refusal::new("paying loss points: Flip, Eliminate or Retreat a unit")),
    }
}

pub fn apply(world: &mut World, cmd: Command) {
    let ctx = Ctx::capture(world);
    let Some(mut p) = ctx.losses.pending.clone() else { return };
    let r = rule(&p);
    match cmd {
        Command::Flip(id) => {
            let Some(u) = ctx.find(&id) else { return };
            ops::flip(world, u.index, r);
            p.left -= p.costs.flip as i32;
        }
        Command::Eliminate(id) => {
            let Some(u) = ctx.find(&id) else { return };
            p.left -= if u.c.spent { p.costs.eliminate_spent } else { p.costs.eliminate_fresh } as i32;
            ops::eliminate(world, u.index, false, r);
        }
        Command::Retreat(id, to) => {
            let Some(u) = ctx.find(&id) else { return };
            ops::put(world, u.index, to);
            ops::log(world, "10.41", format!("{} retreats to area {to}", u.spec.name), EventKind::Retreated { unit: id.clone(), to });
            p.left -= p.costs.retreat_spent.unwrap_or(0) as i32;
            p.retreated = true;
            p.any_retreat = true;
        }
        _ => return,
    }
    world.resource_mut::<Losses>().pending = Some(p);
    ops::update_control(world);
    settle(world);
}

/// Starts a payment (or finishes at once if nothing is owed or nobody can pay).
pub fn start(world: &mut World, p: LossPayment) {
    world.resource_mut::<Losses>().pending = Some(p);
    settle(world);
}

/// Pays automatically what leaves no choice, and hands back to the phase when done.
fn settle(world: &mut World) {
    loop {
        let ctx = Ctx::capture(world);
        let Some(p) = ctx.losses.pending.clone() else { return };
        let payers: Vec<usize> = payers(&ctx, &p).map(|u| u.index).collect();
        if p.left <= 0 || payers.is_empty() {
            world.resource_mut::<Losses>().pending = None;
            match p.cause {
                LossCause::Bombardment => bombardment::after_losses(world),
                LossCause::Attack => attack::after_losses(world, p.any_retreat),
            }
            return;
        }
        if !candidates(&ctx).iter().any(|c| check(&ctx, c).is_ok()) {
            // Nothing the defender may choose: the units that cannot pay otherwise are eliminated.
            let i = payers[0];
            let u = ctx.unit(i);
            let cost = if u.c.spent { p.costs.eliminate_spent } else { p.costs.eliminate_fresh } as i32;
            ops::log(world, rule(&p), format!("{} cannot pay otherwise (no retreat open) and is eliminated", u.spec.name), EventKind::Note);
            ops::eliminate(world, i, false, rule(&p));
            let mut p2 = p.clone();
            p2.left -= cost;
            world.resource_mut::<Losses>().pending = Some(p2);
            ops::update_control(world);
            continue;
        }
        return;
    }
}
