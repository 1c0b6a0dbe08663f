//! The action phase (9) and the attack decisions (10.2): which area to activate or whether to pass,
//! which units form the group, where it moves, whether it attacks, who leads, and the defender's
//! lead, gun and SOS barrage.
//!
//! Every command is scored as the first step of a plan for the activated area's group: the best
//! destination its movement points reach (the rules' `Ctx::move_group`, step by step), either an
//! area to move to (areas taken on the way, the potential gained, the exposure of spent units) or an
//! enemy area to attack (the rules' `attack::offence` / `attack::defence` totals, the odds of
//! `preview::odds`: the chance of clearing the area and taking it, the loss points, the lead lost on
//! a failure and the initiative passing, tank breakdown on 7+). The AI keeps no memory: the plan is
//! found again at each decision from the position.

use crate::rulesets::rtc::Command;
use crate::rulesets::rtc::attack;
use crate::rulesets::rtc::state::Group;
use crate::rulesets::rtc::units::{Kind, Side};

use super::brain::{Brain, MOVE_W, TEMPO};

/// The value of passing the action phase (9.2 a): an activation must be worth more than this.
pub const PASS: f32 = 0.25;
/// A small cost of spending a unit to move it (it is no longer fresh to defend).
const MOVE_COST: f32 = 0.2;

/// A destination of a group and how it gets there.
struct Reached {
    path: Vec<u32>,
    group: Group,
    attack: bool,
}

/// Every area a group can reach this activation (Dijkstra on movement points spent, each step
/// taken by the rules' `move_group`); enemy areas end a path (an attack, 9.5).
fn reach(b: &Brain, g0: &Group) -> Vec<Reached> {
    let ctx = &b.ctx;
    let side = b.side;
    let enemy = side.enemy();
    let mut best: std::collections::BTreeMap<u32, (u32, usize)> = Default::default();
    let mut out: Vec<Reached> = Vec::new();
    let mut frontier: std::collections::BTreeSet<(u32, u32, usize)> = Default::default();
    // Index usize::MAX: the start.
    let start = Reached { path: Vec::new(), group: g0.clone(), attack: false };
    let mut nodes: Vec<Reached> = vec![start];
    frontier.insert((0, g0.at, 0));
    best.insert(g0.at, (0, 0));
    while let Some((spent, at, ni)) = frontier.pop_first() {
        if best.get(&at).is_some_and(|&(s, i)| s < spent || i != ni) {
            continue;
        }
        let g = nodes[ni].group.clone();
        if nodes[ni].attack || g.must_stop {
            continue;
        }
        for &to in ctx.adjacent(at) {
            let Ok((g2, cost)) = ctx.move_group(side, &g, to) else { continue };
            let s2 = spent + cost;
            if best.get(&to).is_some_and(|&(s, _)| s <= s2) {
                continue;
            }
            let mut path = nodes[ni].path.clone();
            path.push(to);
            let attack = ctx.sit.has(to, enemy);
            nodes.push(Reached { path, group: g2, attack });
            let idx = nodes.len() - 1;
            best.insert(to, (s2, idx));
            frontier.insert((s2, to, idx));
        }
    }
    for (&a, &(_, i)) in &best {
        if a != g0.at {
            out.push(Reached { path: nodes[i].path.clone(), group: nodes[i].group.clone(), attack: nodes[i].attack });
        }
    }
    out
}

/// Whether unit `v` could follow the group's path (the rules' `move_group` for the group with `v`).
fn can_follow(b: &Brain, g0: &Group, v: usize, path: &[u32]) -> bool {
    let ctx = &b.ctx;
    let mut g = g0.clone();
    g.units.push(v);
    g.mp.push(ctx.unit(v).spec.movement);
    for &to in path {
        let Ok((moved, _)) = ctx.move_group(b.side, &g, to) else { return false };
        g = moved;
    }
    true
}

/// The value of moving `units` from `cur` along `path` and stopping at its end (relative to
/// stopping at `cur` now).
fn move_value(b: &Brain, units: &[usize], cur: u32, path: &[u32], moved: bool) -> f32 {
    let ctx = &b.ctx;
    let side = b.side;
    let Some(&end) = path.last() else { return 0.0 };
    let mut v = 0.0;
    let mut seen: Vec<u32> = Vec::new();
    for &a in path {
        if !seen.contains(&a) && ctx.controller(a) != side && !ctx.sit.has(a, side.enemy()) {
            v += b.ctrl(a);
            seen.push(a);
        }
    }
    for &i in units {
        v += unit_move_value(b, i, cur, end, moved);
    }
    let here = if moved { 1.0 } else { 0.4 };
    let leave = if moved { 0.0 } else { vacate(b, units, cur) };
    v + immediate_victory(b, units, end) - b.exposure(units, end) + here * b.exposure(units, cur) - leave - b.reserve_cost(units, end)
}

/// 3.21: units that all leave an area they hold let the enemy take it by walking in. What that
/// risks: the area's worth, by how near the enemy is.
pub fn vacate(b: &Brain, units: &[usize], area: u32) -> f32 {
    let ctx = &b.ctx;
    if ctx.controller(area) != b.side || b.own_in.get(area as usize).is_some_and(|v| v.iter().any(|i| !units.contains(i))) {
        return 0.0;
    }
    let near = match b.enemy_dist.get(area as usize).copied().unwrap_or(u32::MAX) {
        0 | 1 => 0.9,
        2 => 0.6,
        3 => 0.3,
        _ => 0.05,
    };
    b.ctrl(area) * near
}

/// 3.2, 11.2 A: the British win at once if they control 32 or 57 with three cavalry units there at
/// the administrative phase: a group that completes the count is worth the game.
fn immediate_victory(b: &Brain, units: &[usize], end: u32) -> f32 {
    let ctx = &b.ctx;
    let iv = &ctx.sc.spec.immediate_victory;
    if b.side != Side::British || !iv.areas.contains(&end) || ctx.sit.has(end, Side::German) {
        return 0.0;
    }
    let cav = |u: &crate::rulesets::rtc::units::U| u.kind() == Kind::Cavalry;
    let there =
        iv.areas.iter().map(|&a| ctx.sit.side_in(a, Side::British).filter(|u| cav(u) && !units.contains(&u.index)).count()).sum::<usize>();
    let coming = units.iter().filter(|&&i| cav(ctx.unit(i))).count();
    if coming > 0 && (there + coming) as u32 >= iv.cavalry { super::brain::WIN } else { 0.0 }
}

fn unit_move_value(b: &Brain, i: usize, cur: u32, end: u32, moved: bool) -> f32 {
    let u = b.ctx.unit(i);
    MOVE_W * (b.pot_of(u, end) - b.pot_of(u, cur)) - if moved { 0.0 } else { MOVE_COST }
}

/// The value of `units` attacking area `area` (from `cur`; `in_place`: 9.4), with their best lead.
pub fn attack_value(b: &mut Brain, units: &[usize], area: u32, cur: u32, in_place: bool, mp_left: u32) -> f32 {
    let leads: Vec<usize> = units.iter().copied().filter(|&i| !b.ctx.unit(i).is_artillery()).collect();
    let mut best = f32::NEG_INFINITY;
    let mut tried: Vec<(Kind, i32)> = Vec::new();
    for l in leads {
        let key = (b.ctx.unit(l).kind(), b.ctx.unit(l).spec.attack);
        if tried.contains(&key) {
            continue;
        }
        tried.push(key);
        best = best.max(attack_value_led(b, units, l, area, cur, in_place, mp_left));
    }
    best
}

pub fn attack_value_led(b: &mut Brain, units: &[usize], lead: usize, area: u32, cur: u32, in_place: bool, mp_left: u32) -> f32 {
    let side = b.side;
    let ot = b.offence(area, units, lead);
    let (dt, clear, avg) = b.defence(area, side.enemy());
    let diff = ot - dt;
    let (p, ecp) = b.attack_odds(diff);
    let p_clear = b.attack_odds(diff - clear as i32 + 1).0;
    let ctx = &b.ctx;
    let damage = b.tune.aggression * 0.6 * ecp.min(p * clear.max(2.0)) * avg / 4.0;
    let ctrl_gain = if ctx.controller(area) == side { 0.5 * b.ctrl(area) } else { b.ctrl(area) };
    let mut capture = b.tune.aggression * p_clear * ctrl_gain;
    // 3.2: a German unit that survives in an immediate-victory area keeps the British from
    // controlling it; when the cavalry threatens to win, being there at all is what matters.
    if side == Side::German && b.deny.contains(&area) {
        capture += p * super::brain::WIN;
    }
    let mut advance = 0.0;
    for &i in units {
        let u = ctx.unit(i);
        if !in_place {
            advance += MOVE_W * (b.pot_of(u, area) - b.pot_of(u, cur));
        }
    }
    let exposure = b.exposure(units, area);
    let lead_u = ctx.unit(lead);
    let fail = (1.0 - p) * (b.tune.caution * b.value(lead_u) + TEMPO);
    let tanks = units.iter().filter(|&&i| ctx.unit(i).kind() == Kind::Tank).count();
    let mut breakdown = 0.0;
    if tanks > 0 {
        let (bw, bl) = b.breakdown_split(diff);
        // A broken-down tank may come back on turns 2-4 (6.2, 10.61).
        let back = ctx.sc.spec.tank_return.per_turn.iter().any(|(&t, &n)| t > ctx.turn && n > 0);
        let tv = 3.5 * if back { 0.6 } else { 1.0 };
        breakdown += bw * tv;
        if tanks > 1 || lead_u.kind() != Kind::Tank {
            breakdown += bl * tv;
        }
    }
    let overrun = if !in_place && mp_left > 0 && matches!(lead_u.kind(), Kind::Tank | Kind::Stosstruppen) { 0.4 * p_clear } else { 0.0 };
    // The prepared counter-attack (12.32): the Stosstruppen lead it at full weight.
    let blow =
        if side == Side::German && b.counter_on && lead_u.kind() == Kind::Stosstruppen { 1.0 + 0.5 * b.tune.counter_attack } else { 1.0 };
    blow * (damage + capture + overrun) + p * advance - fail - b.tune.caution * breakdown - p * exposure - b.reserve_cost(units, area)
}

/// The best plan for the group `g` (in the activated area `home`): the most valuable destination
/// and, while the group has not moved, the units of the area worth adding to it.
fn best_plan(b: &mut Brain, g: &Group, home: u32, extend: bool) -> f32 {
    let side = b.side;
    let mut best = f32::NEG_INFINITY;
    let extra: Vec<usize> = if extend && !g.moved {
        b.ctx.sit.side_in(home, side).filter(|u| b.ctx.may_activate(u, side) && !g.units.contains(&u.index)).map(|u| u.index).collect()
    } else {
        Vec::new()
    };
    let reached = reach(b, g);
    for r in &reached {
        let mp_left = r.group.mp.iter().copied().min().unwrap_or(0);
        if r.attack {
            let mut units = g.units.clone();
            if units.iter().all(|&i| b.ctx.unit(i).is_artillery()) {
                continue;
            }
            let mut val = attack_value(b, &units, *r.path.last().unwrap_or(&g.at), g.at, false, mp_left);
            let cands: Vec<usize> =
                extra.iter().copied().filter(|&v| !b.ctx.unit(v).is_artillery() && can_follow(b, g, v, &r.path)).collect();
            let mut left = cands;
            loop {
                let mut pick: Option<(usize, f32)> = None;
                for (k, &v) in left.iter().enumerate() {
                    let mut us = units.clone();
                    us.push(v);
                    let nv = attack_value(b, &us, *r.path.last().unwrap_or(&g.at), g.at, false, mp_left);
                    if nv > val + 0.02 && pick.is_none_or(|(_, pv)| nv > pv) {
                        pick = Some((k, nv));
                    }
                }
                let Some((k, nv)) = pick else { break };
                units.push(left.remove(k));
                val = nv;
            }
            if !g.moved {
                val -= vacate(b, &units, g.at);
            }
            best = best.max(val);
        } else {
            let end = *r.path.last().unwrap_or(&g.at);
            let mut units = g.units.clone();
            let mut now = move_value(b, &units, g.at, &r.path, g.moved);
            for &v in &extra {
                let with_v: Vec<usize> = units.iter().copied().chain(std::iter::once(v)).collect();
                let nv = move_value(b, &with_v, g.at, &r.path, g.moved);
                if nv > now && can_follow(b, g, v, &r.path) {
                    units = with_v;
                    now = nv;
                }
            }
            let _ = end;
            best = best.max(move_value(b, &units, g.at, &r.path, g.moved));
        }
    }
    if !g.moved && b.ctx.can_attack_here(side, g) {
        let mut units = g.units.clone();
        let mut val = attack_value(b, &units, g.at, g.at, true, 0);
        let mut left: Vec<usize> = extra.iter().copied().filter(|&v| !b.ctx.unit(v).is_artillery()).collect();
        loop {
            let mut pick: Option<(usize, f32)> = None;
            for (k, &v) in left.iter().enumerate() {
                let mut us = units.clone();
                us.push(v);
                let nv = attack_value(b, &us, g.at, g.at, true, 0);
                if nv > val + 0.02 && pick.is_none_or(|(_, pv)| nv > pv) {
                    pick = Some((k, nv));
                }
            }
            let Some((k, nv)) = pick else { break };
            units.push(left.remove(k));
            val = nv;
        }
        best = best.max(val);
    }
    best
}

/// Scores of the action phase's commands.
pub fn action(b: &mut Brain, legal: &[Command]) -> Vec<f32> {
    let side = b.side;
    let act = b.ctx.impulse.activation.clone();
    let mut out = Vec::with_capacity(legal.len());
    match act {
        None => {
            // Bounded time (ai::two_stage): every area gets a quick plan (its first unit alone,
            // no other unit added); the best SHORTLIST are planned in full.
            let pass = PASS * b.tune.caution / b.tune.aggression.max(0.1);
            let pre: Vec<f32> = legal
                .iter()
                .map(|c| match c {
                    Command::Activate(a) => quick_activation_value(b, *a),
                    Command::Done => pass,
                    _ => f32::NEG_INFINITY,
                })
                .collect();
            return crate::ai::two_stage(pre, SHORTLIST, |i, p| match &legal[i] {
                Command::Activate(a) => activation_value(b, *a),
                _ => p,
            });
        }
        Some(act) => {
            let g = act.group.clone();
            // Plans for the group as it is (moves, attacks), found once.
            let moved = g.as_ref().is_some_and(|g| g.moved);
            let mut by_first: std::collections::BTreeMap<u32, f32> = Default::default();
            if let Some(g) = &g {
                for r in reach(b, g) {
                    let end = *r.path.last().unwrap_or(&g.at);
                    let mp_left = r.group.mp.iter().copied().min().unwrap_or(0);
                    let v = if r.attack {
                        if g.units.iter().all(|&i| b.ctx.unit(i).is_artillery()) {
                            f32::NEG_INFINITY
                        } else {
                            attack_value(b, &g.units, end, g.at, false, mp_left) - if g.moved { 0.0 } else { vacate(b, &g.units, g.at) }
                        }
                    } else {
                        move_value(b, &g.units, g.at, &r.path, g.moved)
                    };
                    let first = r.path[0];
                    // Never straight back where the group came from (a plan found again after
                    // each step would otherwise wander between two areas).
                    if Some(first) == g.came_from && !r.attack {
                        continue;
                    }
                    let e = by_first.entry(first).or_insert(f32::NEG_INFINITY);
                    if v > *e {
                        *e = v;
                    }
                }
            }
            for c in legal {
                out.push(match c {
                    Command::Add(id) => {
                        let Some(u) = b.ctx.find(id).cloned() else { return vec![0.0; legal.len()] };
                        let g2 = match &g {
                            Some(g) => {
                                let mut g2 = g.clone();
                                g2.units.push(u.index);
                                g2.mp.push(u.spec.movement);
                                g2
                            }
                            None => b.ctx.single(&u),
                        };
                        best_plan(b, &g2, act.area, true) - 0.001
                    }
                    Command::MoveTo(a) => by_first.get(a).copied().unwrap_or(f32::NEG_INFINITY),
                    Command::AttackHere => match &g {
                        Some(g) => attack_value(b, &g.units, g.at, g.at, true, 0),
                        None => f32::NEG_INFINITY,
                    },
                    Command::Halt => 0.0,
                    Command::EndActivation => {
                        if moved {
                            f32::NEG_INFINITY
                        } else {
                            0.0
                        }
                    }
                    _ => f32::NEG_INFINITY,
                });
            }
            let _ = side;
        }
    }
    out
}

/// Areas planned in full when choosing which to activate.
const SHORTLIST: usize = 8;

/// A quick estimate of an activation: the best plan of each kind of unit alone.
fn quick_activation_value(b: &mut Brain, area: u32) -> f32 {
    let side = b.side;
    let seeds: Vec<usize> = b.ctx.sit.side_in(area, side).filter(|u| b.ctx.may_activate(u, side)).map(|u| u.index).collect();
    let mut best = f32::NEG_INFINITY;
    let mut kinds: Vec<Kind> = Vec::new();
    for s in seeds {
        let k = b.ctx.unit(s).kind();
        if kinds.contains(&k) {
            continue;
        }
        kinds.push(k);
        let g = b.ctx.single(b.ctx.unit(s));
        best = best.max(best_plan(b, &g, area, false));
    }
    best
}

/// The value of activating an area: its best plan, from each kind of unit there as the first of
/// the group.
fn activation_value(b: &mut Brain, area: u32) -> f32 {
    let side = b.side;
    let mut seeds: Vec<usize> = Vec::new();
    let mut keys: Vec<(Kind, i32, u32, String)> = Vec::new();
    for u in b.ctx.sit.side_in(area, side) {
        if !b.ctx.may_activate(u, side) {
            continue;
        }
        let k = (u.kind(), u.spec.attack, u.spec.movement, u.spec.division.clone());
        if !keys.contains(&k) {
            keys.push(k);
            seeds.push(u.index);
        }
    }
    let mut best = f32::NEG_INFINITY;
    for s in seeds {
        let g = b.ctx.single(b.ctx.unit(s));
        best = best.max(best_plan(b, &g, area, true));
    }
    best
}

/// The attacker's lead (10.2 a): the best attack value with each.
pub fn lead(b: &mut Brain, legal: &[Command]) -> Vec<f32> {
    let Some(a) = b.ctx.combat.attack.clone() else { return vec![0.0; legal.len()] };
    let units: Vec<usize> = a.attackers.iter().copied().filter(|&i| b.ctx.unit(i).area() == Some(a.area)).collect();
    legal
        .iter()
        .map(|c| match c {
            Command::Lead(id) => match b.ctx.find(id).map(|u| u.index) {
                Some(l) => attack_value_led(b, &units, l, a.area, a.entered_from.unwrap_or(a.area), a.in_place, 1),
                None => f32::NEG_INFINITY,
            },
            _ => f32::NEG_INFINITY,
        })
        .collect()
}

/// The defender's lead, gun and SOS barrage (10.2): the lowest expected loss, the SOS only when it
/// changes the odds enough to spend the gun.
pub fn defend(b: &mut Brain, legal: &[Command]) -> Vec<f32> {
    let Some(a) = b.ctx.combat.attack.clone() else { return vec![0.0; legal.len()] };
    let Some(li) = a.lead else { return vec![0.0; legal.len()] };
    let ot = attack::offence(&b.ctx, &a, b.ctx.unit(li));
    let side: Side = b.side;
    let _ = side;
    legal
        .iter()
        .map(|c| match c {
            Command::Defend { lead, guns, sos } => {
                let ctx = &b.ctx;
                let (Some(d), g) = (ctx.find(lead), guns.as_ref().and_then(|g| ctx.find(g))) else { return f32::NEG_INFINITY };
                let dt = attack::defence(ctx, a.area, d, g, sos.is_some());
                let (p, ecp) = b.attack_odds(ot - dt);
                -(p * 3.0 + 0.5 * ecp) - if sos.is_some() { 0.15 } else { 0.0 }
            }
            _ => f32::NEG_INFINITY,
        })
        .collect()
}
