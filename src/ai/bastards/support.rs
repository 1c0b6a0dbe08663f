//! The decisions outside a unit's activation: artillery barrages and counter-battery (5), the hero
//! and the mechanic (7.2), the pause in the fighting (7.2), the attempt to maintain cohesion
//! (optional rule 3) and the deployment of the Australian night assault (10).

use bevy::prelude::*;
use hexx::Hex;

use crate::rulesets::bastards::Command;
use crate::rulesets::bastards::map::UnitInfo;
use crate::rulesets::bastards::preview;
use crate::rulesets::bastards::scenario::MarkerKind;
use crate::rulesets::bastards::state::{Agenda, Barrage, StageKind, Tracks};
use crate::rulesets::bastards::units::Side;

use super::act::LAMBDA;
use super::brain::{Brain, unit_worth};

fn stage_side(world: &World) -> Side {
    world.resource::<Agenda>().current.as_ref().and_then(|s| s.side).unwrap_or(Side::German)
}

/// Value, for the side firing, of a barrage striking hex `h` (chapter 5): every unit there is hit,
/// friend or foe; a battalion is disorganised then eliminated on a die above its medals (-1 in a
/// trench), a tank takes a loss on 5-6.
fn strike_value(b: &Brain, h: Hex) -> f32 {
    let Some(i) = b.index(h) else { return 0.0 };
    let sit = &b.sit;
    let t = &sit.scenario.tables.artillery;
    let max = sit.scenario.tables.max_medals;
    let mut v = 0.0;
    for u in sit.at(h) {
        // Enemies far from our units matter less now: the fight is elsewhere.
        let near =
            u.side() == b.side || sit.units.iter().any(|f| f.side() == b.side && f.hex().is_some_and(|x| x.unsigned_distance_to(h) <= 4));
        let sign = if u.side() == b.side {
            -1.5 * b.caution
        } else if near {
            b.aggression
        } else {
            0.6 * b.aggression
        };
        let w = unit_worth(u);
        let gain = if u.is_tank() {
            (7 - t.tank_loss_on.min(7)) as f32 / 6.0 * b.loss_value(u, None).abs()
        } else {
            let m = if b.atlas.trench[i] >= 0 { t.trench_modifier } else { 0 };
            let elim = (1..=6).filter(|d| d + m > u.medals(max) as i32).count() as f32 / 6.0;
            let dis = if u.reduced { 0.0 } else { 0.35 * w };
            let kill = 0.65 * w + b.removal_value(u);
            // A disorganised defender is easy prey for an assault in the activations that follow.
            let follow = if u.side() != b.side && !u.reduced && assault_ready(b, u) { 0.3 * w } else { 0.0 };
            dis + follow + elim * kill
        };
        v += sign * gain;
    }
    v
}

/// True if one of our battalions stands next to `u` and could assault it.
fn assault_ready(b: &Brain, u: &UnitInfo) -> bool {
    let Some(i) = u.hex().and_then(|h| b.index(h)) else { return false };
    let max = b.sit.scenario.tables.max_medals;
    b.atlas.neighbors(i).any(|j| {
        b.unit_in(j).is_some_and(|f| {
            f.side() == b.side && !f.is_tank() && !f.reduced && f.medals(max) >= b.sit.scenario.tables.actions.assault_battalion
        })
    })
}

/// The chance a marker lands on its hex (5: 1-3, -1 on turn 1), from the tables.
fn on_target(b: &Brain) -> f32 {
    let t = &b.sit.scenario.tables.artillery;
    let m = if b.turn == 1 { t.turn_1_modifier } else { 0 };
    ((t.on_target - m).clamp(0, 6)) as f32 / 6.0
}

/// Expected value of a marker aimed at hex index `i`, given every hex's strike value: on target,
/// or scattered to one of the six neighbours.
fn aimed(b: &Brain, strikes: &[f32], i: usize, on: f32) -> f32 {
    let scatter = &b.sit.scenario.tables.artillery.scatter;
    let h = b.atlas.hexes[i];
    let mut off = 0.0;
    for d in scatter {
        if let Some(j) = b.index(h + d.pointy_step()) {
            off += strikes[j];
        }
    }
    on * strikes[i] + (1.0 - on) * off / scatter.len().max(1) as f32
}

/// Barrage placement (5): every hex is legal; each is pre-scored from the strike values of the hex
/// and its neighbours, and the best few are scored again with the rules' preview of the marker
/// (its chance of landing on target, as the window shows it).
pub fn barrage(world: &World, legal: &[Command]) -> Vec<f32> {
    let side = stage_side(world);
    let b = Brain::new(world, side);
    let n = b.atlas.hexes.len();
    let mut strikes = vec![0.0f32; n];
    for u in b.sit.units.iter() {
        if let Some(i) = u.hex().and_then(|h| b.index(h))
            && strikes[i] == 0.0
        {
            strikes[i] = strike_value(&b, b.atlas.hexes[i]);
        }
    }
    let on = on_target(&b);
    let target = |c: &Command| -> Option<usize> {
        match c {
            Command::PlaceBarrage(l) => b.sit.board().parse(l).ok().and_then(|h| b.index(h)),
            _ => None,
        }
    };
    let pre: Vec<f32> = legal
        .iter()
        .map(|c| match c {
            Command::PlaceBarrage(_) => target(c).map(|i| aimed(&b, &strikes, i, on)).unwrap_or(-100.0),
            Command::CounterBattery => counter_battery_value(world, &b),
            // Fire now rather than waste a marker on a hex where it can do nothing.
            _ => 0.01,
        })
        .collect();
    crate::ai::two_stage(pre, 6, |k, p| match &legal[k] {
        c @ Command::PlaceBarrage(_) => match (target(c), preview::preview(world, c)) {
            (Some(i), Some(pv)) => aimed(&b, &strikes, i, pv.chance("on target")),
            _ => p,
        },
        _ => p,
    })
}

/// Counter-battery (5): each marker so used takes one from the Allied player's next barrage. Worth
/// what the best Allied marker would do to us, while he has markers left to lose.
fn counter_battery_value(world: &World, b: &Brain) -> f32 {
    let sit = &b.sit;
    let turn = b.turn;
    let barrage = world.resource::<Barrage>();
    let lost = world.resource::<Tracks>().allied_artillery_lost + barrage.counter_battery;
    let next = sit
        .scenario
        .turn(turn)
        .map(|t| t.allied_artillery)
        .unwrap_or(0)
        .max(sit.scenario.turn(turn + 1).map(|t| t.allied_artillery).unwrap_or(0));
    if lost >= next {
        return -1.0;
    }
    // The Allied player's best target among our units, as he would see it (on target or scattered).
    let enemy = Brain::from_situation(world, crate::rulesets::bastards::map::Situation::capture(world), b.enemy());
    let on = ((sit.scenario.tables.artillery.on_target - if turn == 1 { sit.scenario.tables.artillery.turn_1_modifier } else { 0 })
        .clamp(0, 6)) as f32
        / 6.0;
    let scatter = &sit.scenario.tables.artillery.scatter;
    let mut best: f32 = 0.0;
    for u in sit.units.iter().filter(|u| u.side() == b.side) {
        if let Some(h) = u.hex() {
            let off: f32 = scatter.iter().map(|d| strike_value(&enemy, h + d.pointy_step())).sum::<f32>() / scatter.len().max(1) as f32;
            best = best.max(on * strike_value(&enemy, h) + (1.0 - on) * off);
        }
    }
    best * b.caution
}

/// The hero or the mechanic (7.2).
pub fn choice(world: &World, legal: &[Command]) -> Vec<f32> {
    let side = stage_side(world);
    let b = Brain::new(world, side);
    let max = b.sit.scenario.tables.max_medals;
    let marker = match world.resource::<Agenda>().current.as_ref().map(|s| &s.kind) {
        Some(StageKind::Marker(m)) => Some(*m),
        _ => None,
    };
    legal
        .iter()
        .map(|c| match c {
            Command::PlaceHero(id) if marker == Some(MarkerKind::Hero) => {
                let Some(u) = b.sit.by_id(id) else { return -100.0 };
                let Some(i) = u.hex().and_then(|h| b.index(h)) else { return -100.0 };
                let enemies = b.atlas.neighbors(i).filter(|&j| b.enemy_in(j, side)).count() as f32;
                let medal = if u.medals(max) < max { 1.0 + if u.medals(max) + 1 >= 3 { 1.0 } else { 0.0 } } else { 0.0 };
                let rally = if u.reduced { 0.35 * unit_worth(u) + 0.5 } else { 0.0 };
                1.0 + medal + rally + 0.8 * enemies + 0.05 * b.hold_value(side, i, Some(i))
            }
            Command::Repair(id) if marker == Some(MarkerKind::Mechanic) => {
                let Some(u) = b.sit.by_id(id) else { return -100.0 };
                let w = unit_worth(u);
                1.0 + if u.reduced { 0.4 * w } else { 0.0 } + if u.breakdown { 0.3 * w } else { 0.0 }
            }
            Command::Done => 0.0,
            _ => -100.0,
        })
        .collect()
}

/// The pause in the fighting (7.2): reorganise the disorganised battalions worth most.
pub fn pause(world: &World, legal: &[Command]) -> Vec<f32> {
    let side = stage_side(world);
    let b = Brain::new(world, side);
    legal
        .iter()
        .map(|c| match c {
            Command::Reorganise(id) => match b.sit.by_id(id) {
                Some(u) => {
                    let hold = u.hex().and_then(|h| b.index(h)).map(|i| b.hold_value(side, i, Some(i))).unwrap_or(0.0);
                    1.0 + unit_worth(u) * 0.35 + 0.05 * hold
                }
                None => -100.0,
            },
            Command::Done => 0.0,
            _ => -100.0,
        })
        .collect()
}

/// Optional rule 3: the attempt costs nothing (a failure gives the random sequence, as declining
/// does), and the German player, who holds the initiative, prefers the classic sequence.
pub fn cohesion(_world: &World, legal: &[Command]) -> Vec<f32> {
    legal.iter().map(|c| if *c == Command::AttemptCohesion { 1.0 } else { 0.0 }).collect()
}

/// The Australian night assault's deployment (10): the strongest units first, as close to the
/// Allied objectives (and the Germans holding them) as the placement rules allow.
pub fn night_deploy(world: &World, legal: &[Command]) -> Vec<f32> {
    let b = Brain::new(world, Side::Allied);
    let field = b.goal_field(Side::Allied, None, LAMBDA);
    let max = b.sit.scenario.tables.max_medals;
    legal
        .iter()
        .map(|c| match c {
            Command::Deploy(id, l) => {
                let (Some(u), Ok(h)) = (b.sit.by_id(id), b.sit.board().parse(l)) else { return -100.0 };
                let Some(i) = b.index(h) else { return -100.0 };
                // Nearest German: the closer (it is at least 3 hexes away by the rules), the sooner
                // the three night rounds reach it.
                let near = b
                    .sit
                    .units
                    .iter()
                    .filter(|e| e.side() == Side::German)
                    .filter_map(|e| e.hex().map(|x| x.unsigned_distance_to(h)))
                    .min()
                    .unwrap_or(30) as f32;
                field[i].max(-1000.0) - 0.3 * near + 0.01 * u.medals(max) as f32
            }
            Command::Done => -1.0,
            _ => -100.0,
        })
        .collect()
}
