//! Decisions outside the action phase's movement: reinforcement placement (6), bombardment (7),
//! rolling and interdiction barrages (8), paying loss points (7.63, 10.31) and fatigue (11.2).

use crate::rulesets::rtc::events::{BarrageKind, Target};
use crate::rulesets::rtc::state::{LossCause, Order};
use crate::rulesets::rtc::units::{Kind, Side, U};
use crate::rulesets::rtc::{Command, bombardment, preview};

use super::brain::Brain;

/// 6.1-6.3: place each arriving unit where its potential is highest (the objectives it can reach,
/// the victory areas it must hold); return broken-down tanks.
pub fn reinforcement(b: &Brain, legal: &[Command]) -> Vec<f32> {
    legal
        .iter()
        .map(|c| match c {
            Command::Place(id, a) | Command::ReturnTank(id, a) => {
                let Some(u) = b.ctx.find(id) else { return f32::NEG_INFINITY };
                let spent_entry = b.ctx.sit.has(*a, b.side.enemy());
                1.0 + b.pot_of(u, *a) - b.danger(u, *a) * if spent_entry { 1.5 } else { 0.6 }
            }
            Command::Done => 0.0,
            _ => f32::NEG_INFINITY,
        })
        .collect()
}

/// What one loss point of a bombardment on `area` is worth to the bombarding side: the defender's
/// units there, and more when our units are next to it, ready to attack a weakened defence.
fn cp_worth(b: &Brain, area: u32, at: Target) -> f32 {
    let ctx = &b.ctx;
    let enemy = b.side.enemy();
    let targets: Vec<&U> = ctx.sit.side_in(area, enemy).filter(|u| u.is_artillery() == (at == Target::Artillery)).collect();
    if targets.is_empty() {
        return 0.0;
    }
    let avg = targets.iter().map(|u| b.value(u)).sum::<f32>() / targets.len() as f32;
    let costs = if at == Target::Artillery { &ctx.sc.tables.bombardment.artillery_losses } else { &ctx.sc.tables.bombardment.other_losses };
    let mut w = 0.7 * avg / costs.eliminate_fresh.max(1) as f32;
    let ours_next = ctx.adjacent(area).iter().any(|&n| ctx.sit.side_in(n, b.side).any(|u| u.fresh() && !u.is_artillery()));
    if ours_next {
        w *= 1.6;
    }
    if ctx.sc.area(area).victory.is_some() {
        w *= 1.3;
    }
    w * b.tune.aggression
}

/// The expected value of a bombardment order (7.5-7.9), less the cost of spending the guns and of
/// running out of ammunition (7.8) and of friendly fire (7.9).
fn order_value(b: &Brain, o: &Order) -> f32 {
    let ctx = &b.ctx;
    let t = &ctx.sc.tables.bombardment;
    let strength = bombardment::lead_strength(ctx, o);
    let (_, ecp) = preview::bombardment_odds(ctx, strength, o.supports.len() as i32, o.target, o.side.enemy(), o.at, o.hurricane);
    let dice = if o.hurricane { t.hurricane_dice } else { t.dice };
    let ammo = preview::at_least(dice, t.out_of_ammo_at) as f32;
    let guns = 1 + o.supports.len();
    let worth = cp_worth(b, o.target, o.at);
    let friendly = if ctx.sit.has(o.target, o.side) { preview::at_least(dice, t.friendly_fire_at) as f32 * 1.5 } else { 0.0 };
    // A gun that fires is spent for the turn (no SOS, no gun in defence, no barrage) and may run out of
    // ammunition for several turns (less so near the end).
    let turns = b.turns_left().min(3) as f32 / 3.0;
    let gun_cost = b.tune.caution * (0.25 + ammo * 0.9 * turns);
    ecp as f32 * worth - guns as f32 * gun_cost - friendly
}

pub fn bombardment(b: &Brain, legal: &[Command]) -> Vec<f32> {
    let ctx = &b.ctx;
    if let Some(o) = &ctx.bombard.order {
        let now = order_value(b, o);
        return legal
            .iter()
            .map(|c| match c {
                Command::Support(id) => {
                    let Some(u) = ctx.find(id) else { return f32::NEG_INFINITY };
                    let mut o2 = o.clone();
                    o2.supports.push(u.index);
                    order_value(b, &o2) - 0.01
                }
                Command::Fire => now,
                _ => f32::NEG_INFINITY,
            })
            .collect();
    }
    legal
        .iter()
        .map(|c| match c {
            Command::Bombard { lead, target, at, hurricane } => {
                let Some(u) = ctx.find(lead) else { return f32::NEG_INFINITY };
                let from = u.area().unwrap_or(0);
                let mut o =
                    Order { side: b.side, lead: u.index, supports: Vec::new(), from, target: *target, at: *at, hurricane: *hurricane };
                // The supports the order could get: the other fresh guns in range in the lead's area.
                let mut best = order_value(b, &o);
                for s in ctx.sit.side_in(from, b.side) {
                    if s.index == u.index
                        || !s.is_artillery()
                        || !s.fresh()
                        || s.c.no_ammo
                        || ctx.range(from, *target).is_none_or(|d| d > s.spec.range)
                    {
                        continue;
                    }
                    o.supports.push(s.index);
                    let v = order_value(b, &o);
                    if v > best {
                        best = v;
                    } else {
                        o.supports.pop();
                    }
                }
                // 7.7: a hurricane must be worth its third die's ammunition risk by a margin.
                best - if *hurricane { b.tune.hurricane_margin } else { 0.0 }
            }
            Command::Done => 0.0,
            _ => f32::NEG_INFINITY,
        })
        .collect()
}

/// 8.2-8.3: a rolling barrage on an enemy area next to our fresh attackers (it makes entering it
/// cheaper, 8.21) or on the way to an objective; interdiction on enemy units that could
/// counter-attack or reinforce. The gun is spent either way.
pub fn barrage(b: &Brain, legal: &[Command]) -> Vec<f32> {
    let ctx = &b.ctx;
    let side = b.side;
    let enemy = side.enemy();
    legal
        .iter()
        .map(|c| match c {
            Command::Barrage(_, a, kind) => {
                let attackers = ctx
                    .adjacent(*a)
                    .iter()
                    .map(|&n| ctx.sit.side_in(n, side).filter(|u| u.fresh() && !u.is_artillery()).count())
                    .sum::<usize>() as f32;
                let fresh_enemy = ctx.sit.side_in(*a, enemy).filter(|u| u.fresh() && !u.is_artillery()).count() as f32;
                let v = match kind {
                    BarrageKind::Rolling => {
                        let goal = b.ctrl(*a).min(6.0) / 6.0;
                        if ctx.sit.has(*a, enemy) { 0.12 * attackers.min(6.0) * (1.0 + goal) } else { 0.05 * attackers.min(4.0) * goal }
                    }
                    BarrageKind::Interdiction => {
                        let near_ours = ctx.adjacent(*a).iter().any(|&n| ctx.sit.has(n, side));
                        0.15 * fresh_enemy.min(4.0) * if near_ours { 1.5 } else { 0.5 }
                    }
                };
                v - 0.2 * b.tune.caution
            }
            Command::Done => 0.0,
            _ => f32::NEG_INFINITY,
        })
        .collect()
}

/// Paying loss points (7.63, 10.31): the least value lost per loss point paid. A flip costs the
/// unit its fresh side, a retreat the area (10.41, to the best area open), an elimination the unit.
pub fn losses(b: &Brain, legal: &[Command]) -> Vec<f32> {
    let ctx = &b.ctx;
    let Some(p) = &ctx.losses.pending else { return vec![0.0; legal.len()] };
    let left = p.left.max(1) as f32;
    let area = p.area;
    let side = p.side;
    let remaining = ctx.sit.side_in(area, side).count();
    legal
        .iter()
        .map(|c| {
            let (u, paid, lost) = match c {
                Command::Flip(id) => {
                    let Some(u) = ctx.find(id) else { return f32::NEG_INFINITY };
                    let l = 0.35 * b.value(u) + if u.is_artillery() { 0.2 } else { 0.0 };
                    (u, p.costs.flip, l)
                }
                Command::Eliminate(id) => {
                    let Some(u) = ctx.find(id) else { return f32::NEG_INFINITY };
                    let cost = if u.c.spent { p.costs.eliminate_spent } else { p.costs.eliminate_fresh };
                    let hold = if remaining <= 1 { b.ctrl_value_for(side, area) * 0.5 } else { 0.0 };
                    (u, cost, b.value(u) + hold)
                }
                Command::Retreat(id, to) => {
                    let Some(u) = ctx.find(id) else { return f32::NEG_INFINITY };
                    let hold = if remaining <= 1 { b.ctrl_value_for(side, area) * 0.5 } else { 0.0 };
                    let there = b.danger(u, *to) * 0.5 - 0.1 * b.ctrl_value_for(side, *to).min(6.0) / 6.0;
                    (u, p.costs.retreat_spent.unwrap_or(2), 0.25 * b.value(u) + hold + there)
                }
                _ => return f32::NEG_INFINITY,
            };
            let _ = u;
            let _ = p.cause == LossCause::Attack;
            let useful = (paid as f32).min(left).max(0.5);
            -lost / useful
        })
        .collect()
}

/// 11.2: fatigue the enemy areas whose fresh infantry and cavalry matter most (near our units or
/// holding the victory areas); always better than stopping.
pub fn fatigue(b: &Brain, legal: &[Command]) -> Vec<f32> {
    let ctx = &b.ctx;
    let Some(target) = ctx.fatigue.target else { return vec![0.0; legal.len()] };
    let by = ctx.sc.turn(ctx.turn).and_then(|t| t.fatigue_entered_by).unwrap_or(0);
    let us: Side = target.enemy();
    legal
        .iter()
        .map(|c| match c {
            Command::Fatigue(a) => {
                let units: Vec<&U> =
                    ctx.sit.side_in(*a, target).filter(|u| u.fresh() && crate::rulesets::rtc::admin::fatigable(u, by)).collect();
                let near = ctx.adjacent(*a).iter().any(|&n| ctx.sit.has(n, us)) || ctx.sit.has(*a, us);
                let cav = units.iter().filter(|u| u.kind() == Kind::Cavalry).count() as f32;
                let v: f32 = units.iter().map(|u| b.value(u)).sum();
                1.0 + v * if near { 1.5 } else { 0.6 } + cav * 0.5 + 0.2 * b.ctrl_value_for(us, *a)
            }
            Command::Done => 0.0,
            _ => f32::NEG_INFINITY,
        })
        .collect()
}

/// 10.6 and 7.9: the attacker chooses the tank that breaks down, the bombarding player the unit
/// friendly fire eliminates: the one whose loss costs least (its worth, its movement points left
/// in the moving group, the last unit holding an area).
pub fn least_valuable(b: &Brain, legal: &[Command]) -> Vec<f32> {
    let ctx = &b.ctx;
    let group = ctx.impulse.activation.as_ref().and_then(|a| a.group.as_ref());
    legal
        .iter()
        .map(|c| match c {
            Command::BreakDown(id) | Command::FriendlyFire(id) => {
                let Some(u) = ctx.find(id) else { return f32::NEG_INFINITY };
                let mut lost = b.value(u);
                if !u.c.spent {
                    lost += 0.5;
                }
                // A tank with movement points left may still overrun (10.5).
                if let Some(g) = group
                    && let Some(k) = g.units.iter().position(|&i| i == u.index)
                {
                    lost += 0.1 * g.mp.get(k).copied().unwrap_or(0) as f32;
                }
                if let Some(a) = u.area()
                    && ctx.sit.side_in(a, u.side()).count() <= 1
                {
                    lost += 0.5 * b.ctrl_value_for(u.side(), a);
                }
                -lost
            }
            _ => f32::NEG_INFINITY,
        })
        .collect()
}
