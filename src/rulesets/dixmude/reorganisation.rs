//! Phase G: reorganisation (9): units coming back and leaving (12), Franco-Belgian reinforcements
//! (9.5), the free raises of the HQs (9.2), then each camp spends its RP: raising battalions (9.2),
//! rebuilding those out of action (9.3), digging trenches (9.4), and plays its phase G strategies.

use std::collections::BTreeSet;

use bevy::prelude::*;

use crate::engine::Refusal;

use super::events::{Command, EventKind};
use super::scenario::Arrival;
use super::state::{Pos, ReturnTo, Rt};
use super::strategy::Timing;
use super::units::{Kind, Level, Nation, Side, Where};
use super::{sequence, stratagems};

/// The automatic part of phase G, then the first camp's decisions.
pub fn begin(p: &mut Pos, rt: &mut Rt) {
    let turn = p.r.turn;
    for u in 0..p.units.len() {
        if let Some((t, to, hits)) = p.units[u].returns
            && t == turn
        {
            p.units[u].returns = None;
            p.units[u].at = Where::Waiting;
            match to {
                // 12.1.2: back to the HQ zone of the XXII Reserve-Korps, which has no stacking limit.
                ReturnTo::GermanHq => {
                    let (id, hq) = (p.id(u).to_string(), p.sc.hq);
                    p.units[u].at = Where::Zone(hq);
                    rt.log("12.1.2", format!("{id} returns to the HQ zone"), EventKind::Arrived { unit: id, zone: hq });
                }
                ReturnTo::BrFmHq => match stratagems::brfm_hq(p) {
                    Some(z) => stratagems::place_near(p, rt, &[u], z, "12"),
                    None => p.units[u].at = Where::Removed,
                },
            }
            for _ in 0..hits {
                p.hit(rt, u, true, "12");
            }
            p.units[u].raised = true;
        }
    }
    let leaving: Vec<usize> = (0..p.units.len())
        .filter(|&u| {
            let a = p.spec(u).arrives;
            matches!(p.units[u].at, Where::Zone(_) | Where::OutOfAction)
                && (a == Some(Arrival::Grossetti) && p.r.flags.grossetti.is_some_and(|t| t + 1 == turn)
                    || a == Some(Arrival::GeneralOffensive) && p.r.flags.general.is_some_and(|t| t + 1 == turn)
                    || p.spec(u).formation == "RAL155" && p.r.flags.ral155_leaves == Some(turn))
        })
        .collect();
    for u in leaving {
        p.remove(rt, u, "12");
    }
    reinforcements(p, rt);
    free_raises(p, rt);
    p.r.reorganising = p.r.initiative;
    next(p, rt, false);
}

/// 9.5: the reinforcements of the turn, and the 1/1RL after three Belgian battalions lost.
fn reinforcements(p: &mut Pos, rt: &mut Rt) {
    let turn = p.r.turn;
    let mut due: Vec<usize> =
        (0..p.units.len()).filter(|&u| p.spec(u).arrives == Some(Arrival::Turn(turn)) && p.units[u].at == Where::Waiting).collect();
    if !p.r.flags.belgian_reinforced && p.belgian_losses() >= p.sc.spec.belgian_losses {
        p.r.flags.belgian_reinforced = true;
        due.extend((0..p.units.len()).filter(|&u| p.spec(u).arrives == Some(Arrival::BelgianLosses) && p.units[u].at == Where::Waiting));
    }
    if due.is_empty() {
        return;
    }
    let at = stratagems::brfm_hq(p).or_else(|| p.sc.zone_ids().find(|&z| p.sc.zone(z).hold_left_bank)).unwrap_or_default();
    stratagems::place_near(p, rt, &due, at, "9.5");
}

/// 9.2: four German battalions in the HQ zone and three Franco-Belgian battalions with the BrFM HQ
/// are raised one level free (the most disorganised first).
fn free_raises(p: &mut Pos, rt: &mut Rt) {
    let t = p.sc.tables.reorganisation.clone();
    let german: Vec<usize> = p.in_zone(p.sc.hq).into_iter().filter(|&u| raisable(p, u)).collect();
    raise_best(p, rt, german, t.german_hq_free);
    if let Some(z) = stratagems::brfm_hq(p)
        && p.enemy_zones(z, Side::German).is_empty()
    {
        let fb: Vec<usize> = p.in_zone(z).into_iter().filter(|&u| raisable(p, u)).collect();
        raise_best(p, rt, fb, t.hq_free);
    }
}

fn raise_best(p: &mut Pos, rt: &mut Rt, mut units: Vec<usize>, n: u32) {
    units.sort_by_key(|&u| (std::cmp::Reverse(p.units[u].level), u));
    for u in units.into_iter().take(n as usize) {
        raise(p, rt, u);
    }
}

fn raise(p: &mut Pos, rt: &mut Rt, u: usize) {
    let level = p.units[u].level.up();
    p.units[u].level = level;
    p.units[u].raised = true;
    let id = p.id(u).to_string();
    rt.log("9.2", format!("{id} is raised to {}", level.id()), EventKind::Raised { unit: id, level });
}

/// A battalion that may be raised one level now (9.2).
pub fn raisable(p: &Pos, u: usize) -> bool {
    let st = &p.units[u];
    let Some(z) = p.zone_of(u) else { return false };
    p.is_battalion(u)
        && st.level != Level::Good
        && !st.raised
        && !(st.detached && st.level == Level::Weakened)
        && p.enemy_zones(z, p.side(u).enemy()).is_empty()
}

fn has_decision(p: &Pos, side: Side) -> bool {
    p.r.rp[side.index()] > 0 || sequence::holds(p, side, Timing::Reorganisation)
}

/// The next camp to reorganise, or the end of the turn.
fn next(p: &mut Pos, rt: &mut Rt, done_current: bool) {
    let first = p.r.initiative.unwrap_or(Side::German);
    let mut side = p.r.reorganising;
    if done_current {
        side = side.and_then(|s| (s == first).then_some(s.enemy()));
    }
    while let Some(s) = side {
        if has_decision(p, s) {
            p.r.reorganising = Some(s);
            return;
        }
        side = (s == first).then_some(s.enemy());
    }
    p.r.reorganising = None;
    stratagems::deferred_effects(p, rt);
    sequence::end_turn(p, rt);
}

fn rebuildable(p: &Pos, u: usize) -> bool {
    p.units[u].at == Where::OutOfAction
        && p.is_battalion(u)
        && p.spec(u).nation != Nation::Belgian
        && matches!(p.spec(u).arrives, None | Some(Arrival::Turn(_)) | Some(Arrival::BelgianLosses))
        && (p.side(u) == Side::German || stratagems::brfm_hq(p).is_some())
}

fn diggable(p: &Pos, side: Side, z: u32) -> bool {
    !p.is_hq_zone(z)
        && !p.sc.zone(z).diksmuide
        && !p.trenches(z)
        && p.in_zone(z).into_iter().any(|u| p.side(u) == side && p.is_battalion(u))
}

pub fn candidates(p: &Pos) -> Vec<Command> {
    let Some(side) = p.r.reorganising else { return Vec::new() };
    let mut out = vec![Command::Done];
    out.extend(stratagems::playable(p, side).into_iter().filter(|s| s.timing() == Timing::Reorganisation).map(Command::Play));
    let mut raisable: Vec<usize> = (0..p.units.len()).filter(|&u| p.side(u) == side && raisable(p, u)).collect();
    raisable.sort_by_key(|&u| (std::cmp::Reverse(p.units[u].level), u));
    let n = p.sc.tables.reorganisation.raise_per_rp as usize;
    if !raisable.is_empty() {
        out.push(Command::Raise(raisable.iter().take(n).map(|&u| p.id(u).to_string()).collect()));
        for &u in raisable.iter().skip(n) {
            out.push(Command::Raise(vec![p.id(u).to_string()]));
        }
    }
    out.extend((0..p.units.len()).filter(|&u| p.side(u) == side && rebuildable(p, u)).map(|u| Command::Rebuild(p.id(u).to_string())));
    let zones: Vec<u32> = p.sc.zone_ids().filter(|&z| diggable(p, side, z)).collect();
    if !zones.is_empty() {
        out.push(Command::Dig(zones.iter().take(p.sc.tables.reorganisation.dig_zones as usize).copied().collect()));
        for &z in &zones {
            out.push(Command::Dig(vec![z]));
        }
    }
    out
}

fn raise_cost(p: &Pos, units: &[usize]) -> u32 {
    let belgian = units.iter().any(|&u| p.spec(u).nation == Nation::Belgian);
    if belgian { p.sc.tables.reorganisation.belgian_raise_cost.max(1) } else { 1 }
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let Some(side) = p.r.reorganising else { return Err(Refusal::new("nobody reorganises now")) };
    let rp = p.r.rp[side.index()];
    let t = &p.sc.tables.reorganisation;
    match c {
        Command::Done => Ok(()),
        Command::Play(s) => stratagems::check_play(p, side, *s, Timing::Reorganisation),
        Command::Raise(ids) => {
            let units: Vec<usize> = ids.iter().filter_map(|id| p.find(id)).collect();
            if units.is_empty()
                || units.len() != ids.len()
                || units.len() > t.raise_per_rp as usize
                || units.iter().collect::<BTreeSet<_>>().len() != units.len()
            {
                return Err(Refusal::by_rule("9.2", format!("name 1 to {} different battalions", t.raise_per_rp)));
            }
            if let Some(&u) = units.iter().find(|&&u| p.side(u) != side || !raisable(p, u)) {
                return Err(Refusal::by_rule(
                    "9.2",
                    format!(
                        "{} cannot be raised: a weakened or exhausted battalion of yours, not raised this turn, not next to the enemy",
                        p.id(u)
                    ),
                ));
            }
            let cost = raise_cost(p, &units);
            if rp < cost {
                return Err(Refusal::by_rule("9.2", format!("raising costs {cost} RP; {rp} left")));
            }
            Ok(())
        }
        Command::Rebuild(id) => {
            let u = p.find(id).ok_or_else(|| Refusal::new(format!("there is no unit `{id}`")))?;
            if p.side(u) != side || !rebuildable(p, u) {
                return Err(Refusal::by_rule(
                    "9.3",
                    format!("{id} is not a battalion of yours out of action that may be rebuilt (never the Belgians)"),
                ));
            }
            if rp < t.rebuild {
                return Err(Refusal::by_rule("9.3", format!("rebuilding costs {} RP; {rp} left", t.rebuild)));
            }
            Ok(())
        }
        Command::Dig(zones) => {
            if zones.is_empty() || zones.len() > t.dig_zones as usize || zones.iter().collect::<BTreeSet<_>>().len() != zones.len() {
                return Err(Refusal::by_rule("9.4", format!("name 1 to {} different zones", t.dig_zones)));
            }
            if let Some(z) = zones.iter().find(|&&z| !diggable(p, side, z)) {
                return Err(Refusal::by_rule(
                    "9.4",
                    format!("no trenches can be dug in zone {z}: one of your battalions there, no trenches yet, never in Diksmuide"),
                ));
            }
            if rp < 1 {
                return Err(Refusal::by_rule("9.4", "digging costs 1 RP"));
            }
            Ok(())
        }
        _ => Err(Refusal::by_rule("9", "phase G: Raise, Rebuild, Dig, Play a strategy or Done")),
    }
}

/// Carries out a checked command of phase G on a position.
pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    let side = p.r.reorganising.expect("checked");
    let s = side.index();
    match c {
        Command::Play(strategy) => stratagems::play(p, rt, side, strategy),
        Command::Raise(ids) => {
            let units: Vec<usize> = ids.iter().filter_map(|id| p.find(id)).collect();
            p.r.rp[s] -= raise_cost(p, &units);
            for u in units {
                raise(p, rt, u);
            }
        }
        Command::Rebuild(id) => {
            let u = p.find(&id).expect("checked");
            p.r.rp[s] -= p.sc.tables.reorganisation.rebuild;
            p.units[u].level = Level::Good;
            p.units[u].at = Where::Waiting;
            if side == Side::German {
                p.units[u].at = Where::Zone(p.sc.hq);
                rt.log("9.3", format!("{id} is rebuilt in the HQ zone"), EventKind::Arrived { unit: id, zone: p.sc.hq });
            } else if let Some(z) = stratagems::brfm_hq(p) {
                stratagems::place_near(p, rt, &[u], z, "9.3");
                if p.units[u].at == Where::Waiting {
                    p.units[u].at = Where::OutOfAction;
                }
            }
        }
        Command::Dig(zones) => {
            p.r.rp[s] -= 1;
            for z in zones {
                p.r.trenches.insert(z);
                rt.log("9.4", format!("trenches dug in zone {z}"), EventKind::Trenches { zone: z, dug: true });
            }
        }
        _ => {
            rt.log("9", format!("{} has reorganised", side.name()), EventKind::Note);
            return next(p, rt, true);
        }
    }
    if !has_decision(p, side) {
        next(p, rt, true);
    }
}

/// Units of a kind (used by the view).
pub fn is_gun(p: &Pos, u: usize) -> bool {
    matches!(p.kind(u), Kind::FieldArtillery | Kind::HeavyArtillery)
}
