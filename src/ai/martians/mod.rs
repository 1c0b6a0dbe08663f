//! The Martians computer opponent (docs/ai.md, "Martians"): every legal command scored with the
//! rules' own arithmetic. Fire by the expected castings it kills (dice x the target type's to-hit
//! chance, 6.7, 7.5); charges by the melee values and kill ratios of 8.5, against the volley the
//! defender may fire (8.1); moves by the yards they close on the side's objective (or on the enemy, for
//! the side without one), which the side holding the ground does not chase; the regiment's action
//! (2.6) by the best shot it has. Deterministic: ties go to the first command in the legal order.

use bevy::prelude::*;

use crate::engine::board::tabletop::Yards;
use crate::rulesets::martians::scenario::AiTuning;
use crate::rulesets::martians::state::{Action, Pos};
use crate::rulesets::martians::tables::Kind;
use crate::rulesets::martians::view::{Stage, decider, stage};
use crate::rulesets::martians::{Command, Martians, fire, melee, movement};

use super::Evaluators;

impl Evaluators for Martians {
    fn scores(world: &World, legal: &[Command]) -> Vec<f32> {
        let p = Pos::capture(world);
        let Some(s) = stage(&p) else { return vec![0.0; legal.len()] };
        let side = decider(&p, s);
        let t = p.sc.tuning(side);
        legal.iter().map(|c| score(&p, s, side, &t, c)).collect()
    }
}

/// Where a side goes: its objective zone's middle, or the nearest enemy.
fn goal(p: &Pos, side: usize, u: usize) -> Option<Yards> {
    if let Some(&(f, _)) = p.sc.objectives.iter().find(|o| o.1 == side) {
        let poly = &p.sc.table.features[f].polygon;
        let n = poly.len() as f32;
        return Some(Yards::new(poly.iter().map(|q| q.x).sum::<f32>() / n, poly.iter().map(|q| q.y).sum::<f32>() / n));
    }
    let at = p.units[u].at;
    p.ground().filter(|&e| p.side(e) != side).map(|e| p.units[e].at).min_by(|a, b| a.distance(at).total_cmp(&b.distance(at)))
}

/// Whether the side must take ground (it has objectives) or holds it.
fn attacker(p: &Pos, side: usize) -> bool {
    p.sc.objectives.iter().any(|o| o.1 == side)
}

/// Expected castings a shot kills.
pub fn shot_value(p: &Pos, u: usize, target: usize) -> f32 {
    match fire::can_fire(p, u, target) {
        Ok(s) => {
            let per = fire::hit_chance(p, u, target, s.skirmish);
            let weight = if s.skirmish { 0.6 } else { 1.0 };
            s.dice as f32 * per * weight
        }
        Err(_) => 0.0,
    }
}

/// Expected castings a charge's melee kills, less those it loses (8.5).
pub fn charge_value(p: &Pos, u: usize, target: usize) -> f32 {
    let (to, facing, flank) = movement::contact_place(p, u, target);
    let mut q = p.clone();
    q.units[u].at = to;
    q.units[u].facing = facing;
    let mine = melee::value(&q, u, target, false);
    let theirs = melee::value(&q, target, u, flank);
    let (a, at) = melee::kills(&q, mine, &melee::weapon(&q, u));
    let (d, dt) = melee::kills(&q, theirs, &melee::weapon(&q, target));
    let volley = if fire::can_fire(p, target, u).is_ok() { shot_value(p, target, u) } else { 0.0 };
    (a as f32 + at as f32 / 10.0) - (d as f32 + dt as f32 / 10.0) - volley
}

fn best_shot(p: &Pos, units: &[usize]) -> f32 {
    let side = units.first().map(|&u| p.side(u));
    units.iter().flat_map(|&u| p.ground().filter(move |&e| Some(p.side(e)) != side).map(move |e| shot_value(p, u, e))).fold(0.0, f32::max)
}

fn score(p: &Pos, s: Stage, side: usize, t: &AiTuning, c: &Command) -> f32 {
    let unit = |id: &str| p.find(id);
    match c {
        Command::Done | Command::EndRegiment => 0.0,
        Command::Begin(r, a) | Command::Motivate(r, a) => {
            let Some(reg) = p.find_regiment(r) else { return 0.0 };
            let units: Vec<usize> = p.regiment_units(reg).collect();
            let penalty = if matches!(c, Command::Motivate(..)) { 0.5 } else { 0.0 };
            match a {
                Action::Fire => t.kill * best_shot(p, &units) - penalty,
                Action::Move => {
                    let fire = t.kill * best_shot(p, &units);
                    let keen = if attacker(p, side)
                        || units.iter().any(|&u| p.ground().any(|e| p.side(e) != side && movement::check_charge(p, u, e).is_ok()))
                    {
                        2.0
                    } else {
                        0.2
                    };
                    // Fire first when it pays: moving first would spend the turn.
                    keen - fire * 0.1 - penalty - if p.r.cards[reg].red && fire > 0.0 { 1.0 } else { 0.0 }
                }
            }
        }
        Command::Fire(a, b) => match (unit(a), unit(b)) {
            (Some(u), Some(e)) => t.kill * shot_value(p, u, e) + 0.1,
            _ => 0.0,
        },
        Command::Charge(a, b) => match (unit(a), unit(b)) {
            (Some(u), Some(e)) => {
                let v = charge_value(p, u, e);
                t.charge * t.kill * v + if attacker(p, side) { 2.0 } else { 0.0 }
            }
            _ => 0.0,
        },
        Command::Move(id, b, y) => {
            let Some(u) = unit(id) else { return 0.0 };
            let Some(g) = goal(p, side, u) else { return -1.0 };
            let from = p.units[u].at;
            let to = movement::destination(p, u, *b, *y);
            let closer = from.distance(g) - to.distance(g);
            if p.kind(u) == Kind::Aviation {
                return closer * t.approach;
            }
            if !attacker(p, side) {
                // The side holding the ground stays where it is (its objective is the enemy's failure).
                return closer * t.approach * 0.2 - 0.5;
            }
            closer * t.approach - if matches!(s, Stage::Act(..)) { 0.0 } else { 0.1 }
        }
        Command::Face(id, turn) => {
            let Some(u) = unit(id) else { return 0.0 };
            let Some(g) = goal(p, side, u) else { return -1.0 };
            let st = &p.units[u];
            let want = (g.y - st.at.y).atan2(g.x - st.at.x);
            let off = |f: f32| ((f - want).rem_euclid(std::f32::consts::TAU) - std::f32::consts::PI).abs();
            let gain = off(st.facing + (*turn as f32).to_radians()) - off(st.facing);
            // Turning toward the goal: from the back half, it pays.
            if gain > 0.5 && off(st.facing) < 2.0 { gain - 1.5 } else { -1.0 }
        }
        Command::Form(..) => -1.0,
    }
}
