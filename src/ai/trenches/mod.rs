//! The In the Trenches computer opponent (docs/ai.md, "In the Trenches"): one-step scores from the
//! rules' own fire and close combat arithmetic, read over the 36 outcomes of two dice. The attacker
//! (the side with the operation's victory conditions) closes on its objectives in formation, fires
//! where the odds pay and storms hexes at good close combat odds; the defender keeps its units free
//! for reaction fire (7.7), fires from cover and lets machine guns fire on. The computer reads only
//! what its side sees: hidden enemy units are left out of its position (7.24).

use bevy::prelude::*;
use hexx::Hex;

use crate::rulesets::trenches::events::{Ammo, Pattern, Stat};
use crate::rulesets::trenches::scenario::AiTuning;
use crate::rulesets::trenches::sequence::gives_cover;
use crate::rulesets::trenches::state::{Fort, Phase, Pos, Where};
use crate::rulesets::trenches::units::{Kind, Level, Side};
use crate::rulesets::trenches::view::{Stage, stage};
use crate::rulesets::trenches::{Command, Trenches, activation, close_combat, fire};

use super::Evaluators;
use super::search::{self, Simulate};
use crate::engine::difficulty::LookAhead;
use crate::engine::journal::Journal;
use crate::engine::{Dice, Game};
use crate::rulesets::trenches;
use crate::rulesets::trenches::sequence::controls;
use crate::rulesets::trenches::state::Rt;

/// Chance that two dice make at least `t` (2.2).
fn at_least(t: i32) -> f32 {
    let ways: i32 = (2..=12).filter(|s| *s >= t).map(|s: i32| 6 - (s - 7).abs()).sum();
    ways as f32 / 36.0
}

/// The position as `side` knows it: hidden enemy units are somewhere it does not know (7.24).
pub fn seen_by(p: &Pos, side: Side) -> Pos {
    let mut q = p.clone();
    for u in 0..q.units.len() {
        if q.side(u) != side && q.units[u].hidden && matches!(q.units[u].at, Where::Hex(_)) {
            q.units[u].at = Where::Unplaced;
        }
    }
    // 7.88: the other side's pre-game note is not read.
    let theirs: Vec<bool> = q.r.notes.iter().map(|(b, _, _)| q.side(*b) != side).collect();
    let mut k = theirs.iter();
    q.r.notes.retain(|_| !*k.next().expect("one flag a note"));
    q
}

fn attacker(p: &Pos) -> Side {
    p.sc.spec.victory.side
}

/// How much more a storm, and how much less a fire, is worth in the last turn of an annihilation.
const LAST_STAND: f32 = 3.0;

/// The weight of a storm, and the inverse weight of a fire, for `side`: `LAST_STAND` in the last
/// turn of an annihilation (13.4), where every enemy unit left on the map loses the operation, so a
/// unit that fires (and is spent, 4) is worth less than one that goes into an enemy hex and storms
/// it at its next activation (9); else 1.
fn urgency(p: &Pos, side: Side) -> f32 {
    let last_stand = side == attacker(p) && p.sc.spec.victory.annihilate && p.r.turn >= p.sc.spec.turns;
    if last_stand { LAST_STAND } else { 1.0 }
}

/// The hexes the attacker makes for: the operation's objectives, or the known enemy units and,
/// while some enemy unit is hidden, the hexes where it may be (`hiding_places`).
fn objectives(p: &Pos) -> Vec<Hex> {
    if !p.sc.hold.is_empty() {
        return p.sc.hold.clone();
    }
    let enemy = attacker(p).enemy();
    let mut v: Vec<Hex> = p.on_map().filter(|&u| p.side(u) == enemy).filter_map(|u| p.hex(u)).collect();
    if v.is_empty() {
        v.extend(hiding_places(p, attacker(p)));
    }
    v
}

/// Where the enemy's hidden units may be in `p`, the position as `side` knows it (`seen_by`, 7.24):
/// the cover hexes of their set-up areas its own units have not stood in. A hidden unit was set up
/// in cover, and stays hidden only while it does not move; contact reveals it (8.2).
pub fn hiding_places(p: &Pos, side: Side) -> Vec<Hex> {
    let placed = p.r.phase == Phase::Rounds;
    let hidden = |u: &usize| {
        let s = p.spec(*u);
        placed && s.side != side && p.units[*u].at == Where::Unplaced && s.enters.is_none() && !s.off_map
    };
    let mut v: Vec<Hex> = (0..p.units.len())
        .filter(hidden)
        .flat_map(|u| p.sc.setup[u].iter())
        .filter(|&h| gives_cover(p, h) && !p.r.searched[side.index()].contains(&h))
        .collect();
    v.sort_by_key(|h| (h.x, h.y));
    v.dedup();
    v
}

/// The hexes one attacking unit makes for: the operation's objectives; in an annihilation (13.4),
/// the known enemy hexes its comrades in them (not spent) or beside them (free) do not yet outnumber
/// 4:1 in close combat values (9.1), so that the attack spreads over every enemy instead of crowding the nearest.
fn objectives_for(p: &Pos, u: usize) -> Vec<Hex> {
    let all = objectives(p);
    if !p.sc.hold.is_empty() {
        return all;
    }
    let side = p.side(u);
    let strength = |x: usize| p.units[x].steps * close_combat::value(p, x);
    let open: Vec<Hex> = all
        .iter()
        .copied()
        .filter(|&e| {
            let def: u32 = p.side_in(e, side.enemy()).map(strength).sum();
            let att: u32 = p.on_map().filter(|&x| x != u && p.side(x) == side && can_storm_soon(p, x, e)).map(strength).sum();
            def == 0 || att < 4 * def
        })
        .collect();
    if open.is_empty() { all } else { open }
}

/// Whether a unit can still storm hex `e` (9): in it and not spent, or beside it and free to move in (4).
fn can_storm_soon(p: &Pos, x: usize, e: Hex) -> bool {
    match p.hex(x).map(|h| h.unsigned_distance_to(e)) {
        Some(0) => p.units[x].level != Level::Spent,
        Some(1) => p.units[x].level == Level::Free,
        _ => false,
    }
}

fn distance_to(objs: &[Hex], h: Hex) -> i32 {
    objs.iter().map(|o| o.unsigned_distance_to(h) as i32).min().unwrap_or(0)
}

/// What a casualties dice roll with final modifier `m` is worth against unit `u` (7.61): a step
/// lost, and a fifth of that for its commitment escalating.
fn casualties_worth(p: &Pos, u: usize, m: i32, t: &AiTuning) -> f32 {
    let step = at_least(p.sc.tables.fire.step_loss_at - m);
    let esc = (at_least(fire::resolve(p, u, &[]) as i32 + 1 - m) - step).max(0.0);
    step * t.enemy_step + esc * t.enemy_step * 0.2
}

/// Expected steps and escalations a force's fire at `target` inflicts on enemy units there, and on
/// friends (7.61; `moving` adds the +1).
fn fire_value(p: &Pos, shooters: &[usize], target: Hex, moving: bool, t: &AiTuning) -> f32 {
    let Some(side) = shooters.first().map(|&s| p.side(s)) else { return 0.0 };
    let mut volume = 0.0;
    let mut hexes = Vec::new();
    for &s in shooters {
        if let Ok(sight) = fire::can_fire(p, s, target) {
            volume += fire::firepower(p, s, target, sight);
            hexes.push(p.hex(s).expect("on the map"));
        }
    }
    if volume < 1.0 {
        return 0.0;
    }
    let vof = (volume / f64::from(p.sc.tables.fire.volume_divisor)).trunc() as i32;
    let mut value = 0.0;
    for u in p.units_in(target) {
        if shooters.contains(&u) || !fire::exposed(p, u, true) {
            continue;
        }
        let m = vof - fire::cover(p, u, &hexes, false, &[]) + if moving && p.side(u) != side { p.sc.tables.fire.moving_target } else { 0 };
        let worth = casualties_worth(p, u, m, t);
        value += if p.side(u) == side { -worth * 1.5 } else { worth };
    }
    value
}

/// What the enemy's known, unspent units threaten against a unit standing in `h` (expected steps).
fn exposure(p: &Pos, u: usize, h: Hex) -> f32 {
    let side = p.side(u);
    let mut q = p.clone();
    q.units[u].at = Where::Hex(h);
    let mut e = 0.0;
    for s in q.on_map().filter(|&s| q.side(s) == side.enemy() && q.units[s].level != Level::Spent) {
        if let Ok(sight) = fire::can_fire(&q, s, h) {
            let vof = (fire::firepower(&q, s, h, sight) / 3.0).trunc() as i32;
            let m = vof - fire::cover(&q, u, &[q.hex(s).expect("on the map")], false, &[]) + 1;
            e += at_least(q.sc.tables.fire.step_loss_at - m);
        }
    }
    e
}

/// The expected result of close combat in a hex for the phasing side (9.1, 9.2): defender steps
/// lost minus attacker steps lost.
fn close_combat_value(p: &Pos, h: Hex, side: Side, t: &AiTuning) -> f32 {
    let att = close_combat::attackers(p, h, side);
    let def: Vec<usize> = p.side_in(h, side.enemy()).collect();
    let sum = |us: &[usize]| us.iter().map(|&u| p.units[u].steps * close_combat::value(p, u)).sum::<u32>();
    let (a, d) = (sum(&att), sum(&def));
    let (_, _, m) = p.sc.tables.odds_modifier(a, d).unwrap_or((1, 1, 0));
    let mut v = 0.0;
    for s in 2..=12 {
        let w = (6 - (s - 7i32).abs()) as f32 / 36.0;
        let (al, dl) = p.sc.tables.close_combat_losses(s + m);
        v += w * (dl as f32 * t.enemy_step - al as f32 * t.step);
    }
    v
}

/// What shooters standing in an enemy hex give up by firing: spent (4), they cannot storm it at
/// their next activation (9).
fn storm_forgone(p: &Pos, side: Side, us: &[usize], t: &AiTuning) -> f32 {
    if side != attacker(p) {
        return 0.0;
    }
    let mut hexes: Vec<Hex> = Vec::new();
    for h in us.iter().filter_map(|&u| p.hex(u)).filter(|&h| p.enemy_in(h, side)) {
        if !hexes.contains(&h) {
            hexes.push(h);
        }
    }
    hexes.iter().map(|&h| urgency(p, side) * t.storm * close_combat_value(p, h, side, t).max(0.0)).sum()
}

/// Puts the side's infantry and ordnance on OUT in a fortification hex IN it (10.5): how the storm
/// of a trench held by the enemy is reckoned (9: units on OUT cannot start it).
fn go_in(q: &mut Pos, h: Hex, side: Side) {
    if q.fortification(h).is_none() {
        return;
    }
    let out: Vec<usize> =
        q.side_in(h, side).filter(|&u| matches!(q.kind(u), Kind::Infantry | Kind::Ordnance) && q.units[u].fort == Fort::Out).collect();
    for u in out {
        q.units[u].fort = Fort::In;
    }
}

/// A unit's standing at a hex: cover, approach to the objectives (attacker), exposure.
fn standing(p: &Pos, u: usize, h: Hex, t: &AiTuning) -> f32 {
    let side = p.side(u);
    let mut v = 0.0;
    if side == attacker(p) {
        v -= t.approach * distance_to(&objectives_for(p, u), h) as f32;
        if p.sc.hold.contains(&h) {
            v += t.objective * 0.25;
        }
    }
    v += t.cover * (p.natural_cover(h).max(p.other_cover(h)) + p.fortification(h).map(|f| p.fortification_cover(f)).unwrap_or(0)) as f32;
    // Into the enemy's hex: held there (8.2), it storms the hex at its next activation (9).
    if p.enemy_in(h, side) {
        let mut q = p.clone();
        q.units[u].at = Where::Hex(h);
        go_in(&mut q, h, side);
        v += urgency(p, side) * t.storm * close_combat_value(&q, h, side, t).max(0.0);
    }
    v - t.exposure * exposure(p, u, h)
}

fn ids(p: &Pos, names: &[String]) -> Vec<usize> {
    names.iter().filter_map(|n| p.find(n)).collect()
}

/// The hexes a unit could reach by moving now (8, 8.1): its movement points, a formation's less its
/// coordination penalty (5.3), each hex's entry cost (10.2); a hex with enemy units holds it (8.2);
/// the first hex is always within reach (8).
fn reachable(p: &Pos, u: usize, h: Hex, formation: bool) -> Vec<Hex> {
    let side = p.side(u);
    let full = 3 * activation::allowance(p, u) as i32;
    let budget = if formation { full - full / 3 } else { full };
    let mut best: Vec<(Hex, i32)> = vec![(h, budget)];
    let mut frontier = vec![(h, budget)];
    while let Some((x, left)) = frontier.pop() {
        if x != h && p.enemy_in(x, side) {
            continue;
        }
        for n in x.all_neighbors() {
            if !p.sc.board.contains(n) {
                continue;
            }
            let cost = 3 * p.entry_cost(u, x, n).0 as i32;
            let rest = if x == h && cost > left { 0 } else { left - cost };
            if rest < 0 {
                continue;
            }
            match best.iter_mut().find(|(y, _)| *y == n) {
                Some(e) if e.1 >= rest => continue,
                Some(e) => e.1 = rest,
                None => best.push((n, rest)),
            }
            if rest > 0 {
                frontier.push((n, rest));
            }
        }
    }
    best.into_iter().map(|(x, _)| x).filter(|&x| x != h).collect()
}

/// An activation's worth (3.2, 3.3): what each unit could do once activated — fire where it pays,
/// storm its hex, or (the attacker) close on its objectives as far as its movement points reach,
/// a formation's less its coordination penalty (5.3) — or a formation's combined fire at one hex
/// (5.2). The attacker
/// reckons it per half order: orders are what it runs short of, and a shock unit alone costs half
/// what a formation does (3.2).
fn activate_score(p: &Pos, side: Side, us: &[usize], t: &AiTuning) -> f32 {
    let attack = side == attacker(p);
    // A transport and its passenger move as one stack at the transport's rate (11.5), no
    // coordination penalty; reckoned as the transport's reach for both.
    let carried = activation::carrier(p, us);
    let formation = us.len() > 1 && carried.is_none();
    let mut total = 0.0;
    for &u in us {
        let Some(h) = p.hex(u) else {
            // From the pool (13.3): on to the map; an off-map battery: its fire (7.87).
            total += match p.units[u].at {
                Where::Pool => t.approach * 2.0,
                Where::OffMap => 2.0,
                _ => 0.0,
            };
            continue;
        };
        let mut best: f32 = 0.0;
        let fire_weight = 1.0 / urgency(p, side);
        for target in h.range(10).filter(|x| p.sc.board.contains(*x) && fire::spotted_enemy(p, *x, side)) {
            best = best.max(fire_weight * fire_value(p, &[u], target, false, t));
        }
        if attack && p.units[u].level == Level::Free && !p.enemy_in(h, side) {
            // Closing in: the hexes it gains on its objectives; an enemy hex within reach: it can go
            // in and storm it at its next activation (9).
            let objs = objectives_for(p, u);
            let now = distance_to(&objs, h);
            for e in reachable(p, carried.unwrap_or(u), h, formation) {
                best = best.max(t.approach * (now - distance_to(&objs, e)) as f32);
                if p.enemy_in(e, side) {
                    let mut q = p.clone();
                    q.units[u].at = Where::Hex(e);
                    best = best.max(0.5 * t.storm * close_combat_value(&q, e, side, t));
                }
            }
        }
        if !attack && p.units[u].level == Level::Free && !p.enemy_in(h, side) {
            // The defender's counter-attack: into an enemy hex within reach, to storm it at its next
            // activation (8.2, 9), where the odds favour it.
            for e in reachable(p, u, h, formation).into_iter().filter(|&e| p.enemy_in(e, side)) {
                let mut q = p.clone();
                q.units[u].at = Where::Hex(e);
                best = best.max(0.5 * t.storm * close_combat_value(&q, e, side, t));
            }
        }
        if p.enemy_in(h, side) {
            best = best.max(close_combat_value(p, h, side, t));
            // 9, 10.52: on OUT it cannot attack the hex's fortification; it goes IN (one movement
            // point), with its comrades, and storms at its next activation.
            if p.units[u].fort == Fort::Out && p.fortification(h).is_some() && p.units[u].level == Level::Free {
                let mut q = p.clone();
                go_in(&mut q, h, side);
                best = best.max(0.5 * close_combat_value(&q, h, side, t));
            }
        }
        total += best;
    }
    if formation {
        // 5.2: the formation's firepower in one lump sum at one hex.
        let from: Vec<Hex> = us.iter().filter_map(|&u| p.hex(u)).collect();
        let reach = from.iter().flat_map(|h| h.range(10)).filter(|x| p.sc.board.contains(*x) && fire::spotted_enemy(p, *x, side));
        let mut seen = Vec::new();
        for target in reach {
            if !seen.contains(&target) {
                seen.push(target);
                total = total.max(fire_value(p, us, target, false, t));
            }
        }
    }
    let cost = activation::force_cost(p, us) as f32;
    // A force that would do nothing is not worth an order: passing is better (3.2).
    if attack && total <= 0.0 {
        return -2.0;
    }
    if attack { total / cost.max(1.0) - 0.1 * cost } else { total - cost * 0.25 - 1.5 }
}

/// Scores each legal command for the side to decide.
fn score(p: &Pos, side: Side, c: &Command, t: &AiTuning) -> f32 {
    let attack = side == attacker(p);
    match c {
        Command::Place(id, hex) => {
            let (Some(u), Some(h)) = (p.find(id), p.parse_hex(hex)) else { return 0.0 };
            let crowd = p.side_in(h, side).count() as f32;
            let mut v = standing(p, u, h, t) - crowd * 2.0;
            // 11.5: the attacker boards an empty transport: the two then move at its rate.
            let lift = p.side_in(h, side).find(|&x| p.kind(x) == Kind::Transport && crowd == 1.0);
            let aboard = |x: usize| {
                let mut q = p.clone();
                q.units[u].at = Where::Hex(h);
                activation::carrier(&q, &[x, u]).is_some()
            };
            if attack && lift.is_some_and(aboard) {
                v += 3.0 + crowd * 2.0;
            }
            if !attack {
                // Defenders: see the ground the attacker must cross.
                let enemy_area: Vec<Hex> =
                    p.sc.setup.iter().zip(&p.sc.spec.units).filter(|(_, s)| s.side != side).flat_map(|(a, _)| a.iter()).collect();
                let seen = enemy_area.iter().filter(|&&e| p.sight(h, e).clear()).count() as f32;
                v += seen * 0.3 - 0.5 * distance_to(&objectives(p), h) as f32;
            }
            v
        }
        // 13.2: the computer keeps the operation's letters. Letters of four measured worse than the
        // operations' twos (Wasteland, Marines v random, 100 games: 30 % against 54 %): its one-step
        // scores crowd four-unit formations into the same fire.
        Command::Letter(..) => -1.0e6,
        Command::Pass => {
            if attack {
                -1.0
            } else {
                1.0
            }
        }
        Command::Activate(names) => activate_score(p, side, &ids(p, names), t),
        Command::Move(names, to) => {
            let us = ids(p, names);
            let Some(to) = p.parse_hex(to) else { return 0.0 };
            // A unit on the move keeps going before another starts (8: starting another ends its move).
            let going = p.r.act.as_ref().is_some_and(|a| us.iter().all(|u| a.moving.contains(u)));
            // From the pool (13.3), any hex on the map beats waiting.
            let gain: f32 = us
                .iter()
                .map(|&u| standing(p, u, to, t) - p.hex(u).map(|h| standing(p, u, h, t)).unwrap_or(standing(p, u, to, t) - 1.0))
                .sum();
            // Charging horse (8.5): on to its target, where the charge is rolled.
            let charge: f32 = us
                .iter()
                .map(|&u| {
                    let targets = charge_targets(p, u);
                    match p.hex(u) {
                        Some(h) if !targets.is_empty() => {
                            let before = distance_to(&targets, h) as f32;
                            let after = distance_to(&targets, to) as f32;
                            3.0 * (before - after) + if after == 0.0 { 5.0 } else { 0.0 }
                        }
                        _ => 0.0,
                    }
                })
                .sum();
            // Going on only where it gains: back and forth would pass the bonus to and fro.
            gain + charge + if going && gain + charge > 0.0 { 0.5 } else { 0.0 }
        }
        Command::EnterFortification(names) => {
            // Into a trench: its cover (10.5); into a dugout: out of sight and out of the fight
            // (10.52), for a defender with nothing to shoot at only.
            let us = ids(p, names);
            us.iter()
                .map(|&u| {
                    let h = p.hex(u).expect("on the map");
                    let seen = h.range(6).any(|x| p.sc.board.contains(x) && fire::spotted_enemy(p, x, side));
                    match p.units[u].fort {
                        Fort::OnWire => 1.0,
                        Fort::Out if p.fortification(h).is_some() => t.cover * 3.0 + 0.5,
                        _ if attack || seen => -2.0,
                        _ => 0.3,
                    }
                })
                .sum()
        }
        Command::LeaveDugout(names) => {
            let us = ids(p, names);
            us.iter()
                .filter(|&&u| p.hex(u).is_some_and(|h| h.range(5).any(|x| p.sc.board.contains(x) && fire::spotted_enemy(p, x, side))))
                .count() as f32
                * 2.0
                - 0.5
        }
        Command::Dig(_) => {
            if attack {
                -0.5
            } else {
                0.6
            }
        }
        Command::Fire(names, target) | Command::React(names, target) | Command::FireShrapnel(names, target) => {
            let us = ids(p, names);
            let Some(h) = p.parse_hex(target) else { return 0.0 };
            let moving =
                matches!(c, Command::React(..)) && matches!(p.r.window, Some(crate::rulesets::trenches::state::Window::Move { .. }));
            // Reacting spends a unit's freedom to react again (4); machine guns fire on (7.61).
            let cost: f32 = us.iter().map(|&u| if p.kind(u) == Kind::MachineGun { 0.2 } else { 0.8 }).sum();
            let value = fire_value(p, &us, h, moving, t) / urgency(p, side);
            // Fire that cannot hurt still spends the shooters (4): better to keep them engaged.
            if value <= 0.0 {
                return -1.0 - cost;
            }
            value - if matches!(c, Command::React(..)) { cost } else { 0.0 } - storm_forgone(p, side, &us, t)
        }
        Command::NoReaction => 0.0,
        Command::CloseCombat(hex) => p.parse_hex(hex).map(|h| close_combat_value(p, h, side, t)).unwrap_or(0.0),
        Command::Range(..) => 1.5,
        Command::FireForEffect(_, pattern) => pattern_value(*pattern),
        Command::FireForEffectWith(..)
        | Command::FireRegistered(..)
        | Command::PointFire(..)
        | Command::Lead(_)
        | Command::Exit(_)
        | Command::Charge(..)
        | Command::Register(..)
        | Command::DoneRegistering
        | Command::TakeLoss(_) => special_score(p, side, c, t, attack),
        // An order spent on a force that then does nothing is wasted (3.3).
        Command::EndActivation => match &p.r.act {
            Some(a) if a.moving.is_empty() && a.moved.is_empty() && a.fired.is_empty() && a.busy.is_empty() => -4.0,
            _ => 0.0,
        },
    }
}

/// Scores of the commands of the rules no Devil Dogs operation uses (7.5, 7.62, 7.88, 8.5, 9.2, 12,
/// 13.41).
fn special_score(p: &Pos, side: Side, c: &Command, t: &AiTuning, attack: bool) -> f32 {
    match c {
        // 7.5: shrapnel hits harder in the open; gas and smoke are left to players.
        Command::FireForEffectWith(_, pattern, ammo) => match ammo {
            Ammo::Shrapnel => pattern_value(*pattern) + 0.5,
            Ammo::HighExplosive => pattern_value(*pattern),
            Ammo::Gas => pattern_value(*pattern) - 0.5,
            Ammo::Smoke => -1.0,
        },
        // 7.88: no ranging, -2 to the accuracy die.
        Command::FireRegistered(..) => pattern_value(Pattern::Drum) + 1.0,
        Command::Register(id, hex, ammo, pattern) => register_value(p, side, id, hex, *ammo, *pattern),
        Command::DoneRegistering => 0.0,
        Command::PointFire(shooter, target) => match (p.find(shooter), p.find(target)) {
            (Some(u), Some(v)) => point_fire_value(p, u, v, t),
            _ => 0.0,
        },
        // 12: a leadership point on the firepower of a force about to fire, on its movement when it
        // must close; resolve and range are left to players.
        Command::Lead(stat) => match stat {
            Stat::Firepower => 0.8,
            Stat::Movement if attack => 0.6,
            _ => -0.5,
        },
        // 13.41: leaving the map scores as an objective for the side that must.
        Command::Exit(names) => {
            if p.sc.spec.victory.side == side && p.sc.spec.victory.exit.is_some() {
                t.objective * names.len() as f32
            } else {
                -5.0
            }
        }
        Command::Charge(names, targets) => {
            let hexes: Vec<Hex> = targets.iter().filter_map(|x| p.parse_hex(x)).collect();
            charge_value(p, &ids(p, names), &hexes, t)
        }
        // 9.2: flip full units before eliminating reduced ones; machine guns last.
        Command::TakeLoss(id) => {
            p.find(id).map_or(0.0, |u| p.units[u].steps as f32 - if p.kind(u) == Kind::MachineGun { 0.5 } else { 0.0 })
        }
        _ => 0.0,
    }
}

/// A cavalry charge's worth (8.5): the casualties dice roll at each target hex, +1 a charging unit
/// and no cover (a target is open ground), less the reaction fire the horse meets there.
fn charge_value(p: &Pos, us: &[usize], targets: &[Hex], t: &AiTuning) -> f32 {
    let Some(&first) = us.first() else { return 0.0 };
    let side = p.side(first);
    let m = p.sc.tables.cavalry.charge_per_unit * us.len() as i32;
    let mut value = 0.0;
    for &h in targets {
        value += p.side_in(h, side.enemy()).filter(|&e| !p.units[e].hidden).map(|e| casualties_worth(p, e, m, t)).sum::<f32>();
        value -= t.exposure * us.iter().map(|&u| exposure(p, u, h)).sum::<f32>();
    }
    value
}

/// The hexes a unit's declared charge still makes for (8.5).
fn charge_targets(p: &Pos, u: usize) -> Vec<Hex> {
    p.r.act
        .as_ref()
        .and_then(|a| a.charge.get(&u))
        .map(|t| t.iter().copied().filter(|&h| p.enemy_in(h, p.side(u))).collect())
        .unwrap_or_default()
}

/// A fire for effect's value by its pattern (7.83): a drum concentrates, a barrage spreads thin.
fn pattern_value(pattern: Pattern) -> f32 {
    match pattern {
        Pattern::Drum => 3.0,
        Pattern::Hurricane => 2.5,
        Pattern::Barrage(_) => 2.0,
    }
}

/// The expected steps a point fire shot takes from an AFV (7.62), over the 36 outcomes of each roll.
fn point_fire_value(p: &Pos, u: usize, v: usize, t: &AiTuning) -> f32 {
    let pf = &p.sc.tables.point_fire;
    let modifier = if p.full(u) { 0 } else { pf.reduced };
    let add = match p.kind(u) {
        Kind::Afv => p.ty(u).gun as i32,
        Kind::Ordnance => p.ty(u).firepower.0 as i32,
        _ => 0,
    };
    let mut hit = 0.0;
    let mut kill = 0.0;
    for a in 1..=6 {
        for b in 1..=6 {
            if a + b + modifier >= pf.hit_at {
                hit += 1.0 / 36.0;
            }
            if a + b + add >= pf.penetrate_at && a != b {
                kill += 1.0 / 36.0;
            }
        }
    }
    hit * kill * t.enemy_step * 2.0 - if p.units[v].immobile { 0.5 } else { 0.0 }
}

/// A pre-registered hex (7.88), scored simply: the objectives and the hexes beside them the
/// attacker must cross, the enemy's set-up areas; not the side's own set-up hexes; a pattern by its
/// reach, shrapnel a little above high explosive, gas and smoke never; one hex a battery.
fn register_value(p: &Pos, side: Side, id: &str, hex: &str, ammo: Ammo, pattern: Pattern) -> f32 {
    let (Some(u), Some(h)) = (p.find(id), p.parse_hex(hex)) else { return -1.0 };
    if matches!(ammo, Ammo::Gas | Ammo::Smoke) || p.r.notes.iter().any(|(b, x, _)| *b == u || *x == h) {
        return -1.0;
    }
    let own = p.sc.setup.iter().zip(&p.sc.spec.units).any(|(a, s)| s.side == side && a.contains(&h));
    let enemy = p.sc.setup.iter().zip(&p.sc.spec.units).any(|(a, s)| s.side != side && a.contains(&h));
    let d = distance_to(&objectives(p), h) as f32;
    let mut v = pattern_value(pattern) + if ammo == Ammo::Shrapnel { 0.5 } else { 0.0 };
    v += if own { -3.0 } else { (3.0 - d).max(0.0) } + if enemy { 1.0 } else { 0.0 };
    v.max(0.01)
}

impl Evaluators for Trenches {
    fn scores(world: &World, legal: &[Command]) -> Vec<f32> {
        world_scores(world, legal, false)
    }

    /// The scores with the deciding side's Hard weights (`ai.<side>.hard`).
    fn hard_scores(world: &World, legal: &[Command]) -> Vec<f32> {
        world_scores(world, legal, true)
    }

    const LOOKS_AHEAD: bool = true;

    fn look_ahead(game: &Game<Trenches>, legal: &[Command], scores: Vec<f32>) -> Vec<f32> {
        search::look_ahead(game, legal, scores)
    }

    fn threats(game: &Game<Trenches>, side: usize) -> Option<Vec<search::Threat>> {
        Some(search::threats(game, side))
    }
}

/// The scores of the game's position ([`scores_at`]); nothing to weigh with one command or none.
fn world_scores(world: &World, legal: &[Command], hard: bool) -> Vec<f32> {
    if legal.len() <= 1 {
        return vec![0.0; legal.len()];
    }
    scores_at(&Pos::capture(world), legal, hard)
}

/// The side that decides on a position.
fn decider(p: &Pos) -> Option<Side> {
    match stage(p) {
        Some(Stage::Place(s) | Stage::Orders(s) | Stage::Force(s) | Stage::Reaction(s) | Stage::Losses(s)) => Some(s),
        None => None,
    }
}

/// The scores on a position, read as the deciding side knows it: the Normal ones with the side's
/// weights, the `hard` ones with its Hard weights (`AiTuning::for_hard`).
fn scores_at(p: &Pos, legal: &[Command], hard: bool) -> Vec<f32> {
    let Some(side) = decider(p) else { return vec![0.0; legal.len()] };
    let q = seen_by(p, side);
    let own = q.sc.tuning(side);
    let t = if hard { own.for_hard() } else { own };
    legal.iter().map(|c| score(&q, side, c, &t)).collect()
}

/// The Hard opponent (docs/ai.md, "The look-ahead"): the look-ahead plays each order (which unit or formation
/// to activate, or pass, 3.2) on copies of the position its side sees (hidden enemy units left out,
/// 7.24) through the activation and the enemy's next; set-up and the commands inside an activation
/// keep the Normal scores.
impl Simulate for Trenches {
    type Pos = Pos;
    fn capture(world: &World) -> Pos {
        Pos::capture(world)
    }
    fn seen_by(p: &Pos, side: usize) -> Pos {
        seen_by(p, Side::BOTH[side.min(1)])
    }
    fn legal_at(p: &Pos) -> Vec<Command> {
        trenches::legal_at(p)
    }
    fn exec(p: &mut Pos, dice: &mut Dice, c: Command) {
        let mut journal = Journal::default();
        trenches::exec(p, &mut Rt { dice, journal: &mut journal }, c);
    }
    fn scores_at(p: &Pos, legal: &[Command]) -> Vec<f32> {
        scores_at(p, legal, false)
    }
    fn hard_scores_at(p: &Pos, legal: &[Command]) -> Vec<f32> {
        scores_at(p, legal, true)
    }
    fn decider(p: &Pos) -> Option<usize> {
        decider(p).map(Side::index)
    }
    /// A turn is an order and the activation it starts (3.2): reaction fire (7.7) and losses do not
    /// end it.
    fn turn(p: &Pos) -> Option<usize> {
        match stage(p) {
            Some(Stage::Orders(s)) => Some(s.index()),
            _ => None,
        }
    }
    fn value(p: &Pos, side: usize) -> f32 {
        value(p, Side::BOTH[side.min(1)])
    }
    fn strengths(p: &Pos) -> Vec<(String, usize, f32)> {
        let left = |u: usize| if p.units[u].at == Where::Eliminated { 0.0 } else { p.units[u].steps as f32 };
        (0..p.units.len()).map(|u| (p.spec(u).id.clone(), p.side(u).index(), left(u))).collect()
    }
    fn budget(p: &Pos, _legal: &[Command]) -> Option<LookAhead> {
        match stage(p) {
            Some(Stage::Orders(side)) => Some(p.sc.tuning(side).look_ahead),
            _ => None,
        }
    }
}

/// What a position is worth to a side, in the units of its scores (its tuning): the operation won or
/// lost (13.4); the steps each side has lost (2.4); the objective hexes the attacker controls (13.42)
/// and how far its units are from them.
fn value(p: &Pos, side: Side) -> f32 {
    let t = p.sc.tuning(side);
    if let Some((_, winner)) = &p.r.outcome {
        return match winner {
            Some(w) if *w == side => WON * t.enemy_step,
            Some(_) => -WON * t.enemy_step,
            None => 0.0,
        };
    }
    let mut v = 0.0;
    for u in 0..p.units.len() {
        let lost = p.ty(u).steps.saturating_sub(p.units[u].steps) as f32;
        v += if p.side(u) == side { -t.step * lost } else { t.enemy_step * lost };
    }
    let attacking = attacker(p);
    let sign = if side == attacking { 1.0 } else { -1.0 };
    for &h in &p.sc.hold {
        if controls(p, attacking, h) {
            v += sign * t.objective;
        }
    }
    let objs = objectives(p);
    for u in p.on_map().filter(|&u| p.side(u) == attacking) {
        if let Some(h) = p.hex(u) {
            v -= sign * t.approach * distance_to(&objs, h) as f32;
        }
    }
    v
}

/// An operation won, in enemy steps.
const WON: f32 = 60.0;
