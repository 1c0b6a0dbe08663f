//! The Martians computer opponent (docs/ai.md, "Martians"): every legal command scored with the
//! rules' own arithmetic. Fire by the expected castings it kills (dice x the target type's to-hit
//! chance, 6.7, 7.5); charges by the melee values and kill ratios of 8.5, against the volley the
//! defender may fire (8.1); moves by the yards they close on the side's objective (or on the enemy, for
//! the side without one), which the side holding the ground does not chase; the regiment's action
//! (2.6) by the best shot it has. Deterministic: ties go to the first command in the legal order.

use bevy::prelude::*;

use crate::engine::board::tabletop::{Yards, edge_distance, point_in_polygon, segment_crosses_polygon};
use crate::rulesets::martians::formations::Formation;
use crate::rulesets::martians::scenario::{AiTuning, Sequence};
use crate::rulesets::martians::state::{Action, Pos, Window};
use crate::rulesets::martians::table::{self, Terrain};
use crate::rulesets::martians::tables::Kind;
use crate::rulesets::martians::view::{Stage, decider, stage};
use crate::rulesets::martians::{Command, Martians, command, fire, melee, morale, movement, transports, vehicles};

use super::Evaluators;
use super::search::{self, Simulate};
use crate::engine::difficulty::LookAhead;
use crate::engine::journal::Journal;
use crate::engine::{Dice, Game};
use crate::rulesets::martians;
use crate::rulesets::martians::state::Rt;

impl Evaluators for Martians {
    fn scores(world: &World, legal: &[Command]) -> Vec<f32> {
        scores_at(&Pos::capture(world), legal)
    }

    const LOOKS_AHEAD: bool = true;

    fn look_ahead(game: &Game<Martians>, legal: &[Command], scores: Vec<f32>) -> Vec<f32> {
        search::look_ahead(game, legal, scores)
    }

    fn threats(game: &Game<Martians>, side: usize) -> Option<Vec<search::Threat>> {
        Some(search::threats(game, side))
    }
}

/// The Normal scores of the legal commands on a position.
fn scores_at(p: &Pos, legal: &[Command]) -> Vec<f32> {
    let Some(s) = stage(p) else { return vec![0.0; legal.len()] };
    let side = decider(p, s);
    let t = p.sc.tuning(side);
    // Each unit's goal, worked out once a decision.
    let goals: Vec<Option<Yards>> =
        (0..p.units.len()).map(|u| if p.side(u) == side && p.units[u].on_table() { goal(p, side, &t, u) } else { None }).collect();
    legal.iter().map(|c| score(p, s, side, &t, &goals, c) - breakdown_risk(p, &t, c)).collect()
}

/// The Hard opponent (docs/ai.md, "The look-ahead"): the look-ahead plays the regiments' choices of action and
/// the movement and charges on copies of the position; fire and the windows keep the Normal scores.
impl Simulate for Martians {
    type Pos = Pos;
    fn capture(world: &World) -> Pos {
        Pos::capture(world)
    }
    fn legal_at(p: &Pos) -> Vec<Command> {
        martians::legal_at(p)
    }
    fn exec(p: &mut Pos, dice: &mut Dice, c: Command) {
        let mut journal = Journal::default();
        martians::exec(p, &mut Rt { dice, journal: &mut journal }, c);
    }
    fn scores_at(p: &Pos, legal: &[Command]) -> Vec<f32> {
        scores_at(p, legal)
    }
    fn decider(p: &Pos) -> Option<usize> {
        stage(p).map(|s| decider(p, s))
    }
    fn value(p: &Pos, side: usize) -> f32 {
        value(p, side)
    }
    fn strengths(p: &Pos) -> Vec<(String, usize, f32)> {
        (0..p.units.len())
            .map(|u| (p.id(u).to_string(), p.side(u), if p.units[u].in_battle() { p.units[u].castings as f32 } else { 0.0 }))
            .collect()
    }
    fn budget(p: &Pos, legal: &[Command]) -> Option<LookAhead> {
        let manoeuvre = legal
            .iter()
            .any(|c| matches!(c, Command::Begin(..) | Command::Motivate(..) | Command::Move(..) | Command::Charge(..) | Command::Form(..)));
        let side = stage(p).map(|s| decider(p, s))?;
        manoeuvre.then(|| p.sc.tuning(side).look_ahead)
    }
}

/// What a position is worth to a side, in the units of the scores (the side's tuning): the battle
/// won or lost; the castings each side has lost; the objective zones held; each unit's distance from
/// its goal.
fn value(p: &Pos, side: usize) -> f32 {
    let t = p.sc.tuning(side);
    if let Some((_, winner)) = &p.r.outcome {
        return match winner {
            Some(w) if *w == side => WON * t.kill,
            Some(_) => -WON * t.kill,
            None => 0.0,
        };
    }
    let mut v = 0.0;
    for s in 0..p.sc.spec.info.sides.len() {
        let (full, now) = p.side_castings(s);
        let lost = full.saturating_sub(now) as f32;
        v += if s == side { -t.loss * lost } else { t.kill * lost };
    }
    for &(f, owner) in &p.sc.objectives {
        match command::holder(p, f) {
            Some(h) if h == owner => v += if owner == side { t.hold } else { -t.hold },
            _ => {}
        }
    }
    for u in p.on_table().filter(|&u| p.side(u) == side) {
        if let Some(g) = goal(p, side, &t, u) {
            v -= t.approach * p.units[u].at.distance(g);
        }
    }
    v
}

/// A battle won, in enemy castings killed.
const WON: f32 = 200.0;

/// The middle of a terrain feature.
fn middle(p: &Pos, f: usize) -> Yards {
    let poly = &p.sc.table.features[f].polygon;
    let n = poly.len() as f32;
    Yards::new(poly.iter().map(|q| q.x).sum::<f32>() / n, poly.iter().map(|q| q.y).sum::<f32>() / n)
}

/// Whether any stand of a unit stands in a feature (how victory counts a zone held).
fn in_feature(p: &Pos, u: usize, f: usize) -> bool {
    let poly = &p.sc.table.features[f].polygon;
    p.stands(u).iter().any(|s| point_in_polygon(s.centre, poly))
}

/// The objective zone a side must take, if any.
fn zone(p: &Pos, side: usize) -> Option<usize> {
    p.sc.objectives.iter().find(|o| o.1 == side).map(|o| o.0)
}

/// Whether an enemy unit stands in the side's objective zone: it must be driven out before the zone
/// counts as held (the victory conditions).
fn contested(p: &Pos, side: usize, e: usize) -> bool {
    zone(p, side).is_some_and(|f| in_feature(p, e, f))
}

/// Whether an enemy unit stands in the side's objective zone or near enough to walk into it.
fn threatens(p: &Pos, side: usize, e: usize) -> bool {
    zone(p, side).is_some_and(|f| {
        let poly = &p.sc.table.features[f].polygon;
        p.stands(e).iter().any(|s| point_in_polygon(s.centre, poly) || edge_distance(s.centre, poly) < NEAR)
    })
}

/// How near the zone an enemy threatens it (yards).
const NEAR: f32 = 100.0;

/// Where a side goes: the enemy units standing in its objective zone, nearest first, then the zone's
/// middle; for the side without an objective, the nearest enemy.
fn goal(p: &Pos, side: usize, t: &AiTuning, u: usize) -> Option<Yards> {
    let at = p.units[u].at;
    let nearest = |it: &mut dyn Iterator<Item = usize>| it.map(|e| p.units[e].at).min_by(|a, b| a.distance(at).total_cmp(&b.distance(at)));
    if p.fighter(u) {
        // The Aviation Rules: fighters hunt the enemy's flights, a loaded transport first (its unit is lost
        // with it, 11.0).
        let flights = |loaded: bool| {
            p.on_table().filter(move |&e| p.side(e) != side && p.kind(e) == Kind::Aviation && (!loaded || p.cargo(e).is_some()))
        };
        return nearest(&mut flights(true)).or_else(|| nearest(&mut flights(false)));
    }
    if transports::transport(p, u) && !attacker(p, side) {
        // A transport of the side holding the ground brings its unit to the zone the enemy must take.
        if let Some(&(f, _)) = p.sc.objectives.iter().find(|o| o.1 != side) {
            return Some(middle(p, f));
        }
    }
    if let Some(f) = zone(p, side) {
        // Only a unit whose charge pays goes for it: the others would only stand in the way.
        let mut inside = p
            .ground()
            .filter(|&e| p.side(e) != side && contested(p, side, e) && may_charge(p, u, e) && charge_score(p, side, t, u, e) > 0.0);
        return nearest(&mut inside).or(Some(middle(p, f)));
    }
    nearest(&mut p.ground().filter(|&e| p.side(e) != side))
}

/// The way from `from` to `to`: straight, or by the bridge or ford that makes it shortest when water
/// lies between (4: water is crossed only by a bridge or a ford). The yards, and the crossing used.
fn route(p: &Pos, from: Yards, to: Yards) -> (f32, Option<usize>) {
    let g = p.sc.ground();
    if !table::path_blocked(g, from, to) {
        return (from.distance(to), None);
    }
    let crossings = p.sc.terrain.iter().enumerate().filter(|(_, k)| matches!(k, Terrain::Bridge | Terrain::Ford)).map(|(i, _)| i);
    crossings
        .map(|c| {
            let m = middle(p, c);
            (from.distance(m) + m.distance(to), Some(c))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap_or((from.distance(to) * 4.0, None))
}

/// Whether the unit, in a formation, fits on a crossing facing the bank it goes to (a line does not
/// fit on a narrow bridge).
fn fits_crossing(p: &Pos, u: usize, c: usize, to: Yards, f: Formation) -> bool {
    let m = middle(p, c);
    let g = p.sc.ground();
    let facing = (to.y - m.y).atan2(to.x - m.x);
    p.stands_as(u, m, facing, f).iter().all(|s| table::impassable_under(g, s).is_none())
}

/// The crossing on the way from `at` to `g`: the one the route takes, or the one the straight way runs over.
fn on_the_way(p: &Pos, at: Yards, g: Yards) -> Option<usize> {
    route(p, at, g).1.or_else(|| {
        (0..p.sc.terrain.len()).find(|&i| {
            matches!(p.sc.terrain[i], Terrain::Bridge | Terrain::Ford) && segment_crosses_polygon(at, g, &p.sc.table.features[i].polygon)
        })
    })
}

/// Whether a point is on or at a bridge or ford.
fn at_crossing(p: &Pos, at: Yards, yards: f32) -> bool {
    p.sc.terrain.iter().enumerate().any(|(i, k)| matches!(k, Terrain::Bridge | Terrain::Ford) && at.distance(middle(p, i)) < yards)
}

/// Whether a unit may charge an enemy in its present formation (8.1: skirmishers charge skirmishers).
fn may_charge(p: &Pos, u: usize, e: usize) -> bool {
    matches!(p.kind(u), Kind::Infantry | Kind::Cavalry | Kind::LightCavalry)
        && (p.units[u].formation != Formation::Skirmish || p.units[e].formation == Formation::Skirmish)
}

/// Whether the side must take ground (it has objectives) or holds it.
fn attacker(p: &Pos, side: usize) -> bool {
    zone(p, side).is_some()
}

/// Expected castings a shot kills.
pub fn shot_value(p: &Pos, u: usize, target: usize) -> f32 {
    match fire::can_fire(p, u, target) {
        Ok(s) => {
            let per = fire::hit_chance(p, target, s.skirmish);
            let weight = if s.skirmish { 0.6 } else { 1.0 };
            s.dice as f32 * per * weight
        }
        Err(_) => 0.0,
    }
}

/// A charge's melee (8.5): the castings it kills at `kill` each, less those it loses, to the melee and to
/// the volley at one inch (8.1), at `loss` each.
pub fn charge_value(p: &Pos, t: &AiTuning, u: usize, target: usize) -> f32 {
    if p.vehicle(u) {
        // 8.4: a vehicle driving into contact only offers itself to be overrun: the computer's vehicles fire.
        return -t.loss;
    }
    if p.vehicle(target) {
        return overrun_value(p, t, u, target);
    }
    let (to, facing, flank) = movement::contact_place(p, u, target);
    let mut q = p.clone();
    q.units[u].at = to;
    q.units[u].facing = facing;
    let mine = melee::value(&q, u, target, false);
    let theirs = melee::value(&q, target, u, flank);
    let (a, at) = melee::kills(&q, mine, &melee::weapon(&q, u));
    let (d, dt) = melee::kills(&q, theirs, &melee::weapon(&q, target));
    // 8.1: the volley at one inch comes only from a defender still holding its fire.
    let holds = match p.sc.spec.sequence {
        Sequence::Initiative => p.r.cards[p.regiment(target)].red,
        Sequence::Traditional => !p.units[target].fired,
    };
    let volley = if holds && !p.halted(target) && fire::can_fire(p, target, u).is_ok() { shot_value(p, target, u) } else { 0.0 };
    t.kill * (a as f32 + at as f32 / 10.0) - t.loss * (d as f32 + dt as f32 / 10.0 + volley) - commander_risk(p, t, u)
        + commander_risk(p, t, target)
}

/// 8.4: charging a vehicle: with the chance of passing the morale check, the vehicle destroyed (its
/// stands at three castings' worth each) against the castings its machine guns' kill dice take; failing,
/// a morale loss (a casting's worth).
fn overrun_value(p: &Pos, t: &AiTuning, u: usize, v: usize) -> f32 {
    let m = &p.sc.tables.morale;
    let total = morale::total(p, u);
    let pass = if total >= m.auto_pass { 1.0 } else { (total.clamp(0, 10) as f32) / 10.0 };
    let dice = (p.ty(v).mgs * p.units[v].castings) as f32;
    let kills = dice * fire::to_hit(p, u).len() as f32 / 10.0;
    pass * (t.kill * 3.0 * p.units[v].castings as f32 - t.loss * kills) - (1.0 - pass) * t.loss
}

/// 2.31: what a melee or a volley risks of the commanders riding with a unit: the chance a d10 hits
/// each, at `hold` a commander (his advantage, 5.63, and the checks his loss brings, 5.3c).
fn commander_risk(p: &Pos, t: &AiTuning, u: usize) -> f32 {
    let chance = p.sc.tables.commanders.hit.len() as f32 / 10.0;
    p.commanders_with(u).count() as f32 * chance * t.hold
}

/// How much a commander with unit `at` helps his command: each unit of it within 60 yards of `at` that
/// would roll for its morale (5.4b: below the automatic pass) near the enemy counts 1, 2 if his
/// advantage makes its pass automatic (5.2h, 5.63); far from the enemy, a tenth.
fn cover(p: &Pos, c: usize, at: usize) -> f32 {
    let m = &p.sc.tables.morale;
    p.ground()
        .filter(|&v| p.in_command(c, v) && (v == at || p.gap(v, at) <= m.commander_distance))
        .map(|v| {
            let base = morale::total(p, v) - if p.commander_near(v) { m.commander } else { 0 };
            if base >= m.auto_pass {
                0.0
            } else if p.nearest_enemy(v) > 400.0 {
                0.1
            } else if base + m.commander >= m.auto_pass {
                2.0
            } else {
                1.0
            }
        })
        .sum()
}

/// 2.11: a commander's ride is worth the units he then covers (`cover`) against those he leaves, less
/// the risk of riding with a unit in a melee (2.31).
fn attach_score(p: &Pos, t: &AiTuning, c: usize, to: usize) -> f32 {
    let from = p.r.leaders[c].with;
    let risk = if p.engaged(to) { p.sc.tables.commanders.hit.len() as f32 / 10.0 * t.hold } else { 0.0 };
    (cover(p, c, to) - cover(p, c, from)) * t.kill * 0.1 - risk - 0.05
}

fn best_shot(p: &Pos, units: &[usize]) -> f32 {
    let side = units.first().map(|&u| p.side(u));
    units.iter().flat_map(|&u| p.ground().filter(move |&e| Some(p.side(e)) != side).map(move |e| shot_value(p, u, e))).fold(0.0, f32::max)
}

/// A charge's score: its melee, and driving the enemy out of the zone the side must hold, worth a harder
/// fight the nearer the end (victory is counted then): in the last turn, any fight.
fn charge_score(p: &Pos, side: usize, t: &AiTuning, u: usize, e: usize) -> f32 {
    let take = match p.sc.spec.turns.saturating_sub(p.r.turn) {
        _ if !threatens(p, side, e) => 0.0,
        0 => t.hold * 10.0,
        1 => t.hold,
        _ => t.hold * 0.1,
    };
    t.charge * charge_value(p, t, u, e) + take + if attacker(p, side) { 2.0 } else { 0.0 }
}

/// The best charge a regiment's units may make now (2.6: a move action holds its charges, 8.1).
fn best_charge(p: &Pos, side: usize, t: &AiTuning, units: &[usize]) -> f32 {
    units
        .iter()
        .flat_map(|&u| p.enemies(side).filter(move |&e| movement::check_charge(p, u, e).is_ok()).map(move |e| (u, e)))
        .map(|(u, e)| charge_score(p, side, t, u, e))
        .fold(f32::NEG_INFINITY, f32::max)
}

/// The Steam Power Vehicle Rules' optional rule: a vehicle's move into or through woods or rough ground
/// risks a break down (a d10's 0), which would cost the vehicle its moves: a tenth of its worth (three
/// castings a stand, as in `overrun_value`) at `loss`.
fn breakdown_risk(p: &Pos, t: &AiTuning, c: &Command) -> f32 {
    let Command::Move(id, b, y) = c else { return 0.0 };
    let Some(u) = p.find(id) else { return 0.0 };
    if !p.vehicle(u) || vehicles::barred_from_rough(p, u) || p.r.rough_rolled.contains(&u) {
        return 0.0;
    }
    let st = &p.units[u];
    let to = movement::destination(p, u, *b, *y);
    if !vehicles::rough_going(p, st.at, to, &p.stands_as(u, to, st.facing, st.formation)) {
        return 0.0;
    }
    0.1 * t.loss * 3.0 * st.castings as f32
}

fn score(p: &Pos, s: Stage, side: usize, t: &AiTuning, goals: &[Option<Yards>], c: &Command) -> f32 {
    let unit = |id: &str| p.find(id);
    match c {
        Command::Done | Command::EndRegiment => 0.0,
        // Moving first strikes the enemy's flights or vehicles before they act (a fighter at a bomber, a
        // gun at a battle car); moving last sees their moves and answers them.
        Command::Order(first) => {
            let phase = p.r.phase;
            let in_phase = |u: usize| command::takes_part(p, phase, u);
            let strike = p
                .on_table()
                .filter(|&u| p.side(u) == side && in_phase(u))
                .flat_map(|u| p.on_table().filter(move |&e| p.side(e) != side && in_phase(e)).map(move |e| shot_value(p, u, e)))
                .fold(0.0, f32::max);
            if *first { t.kill * strike } else { 0.5 }
        }
        Command::Begin(r, a) | Command::Motivate(r, a) => {
            let Some(reg) = p.find_regiment(r) else { return 0.0 };
            let units: Vec<usize> = p.regiment_units(reg).collect();
            let penalty = if matches!(c, Command::Motivate(..)) { 0.5 } else { 0.0 };
            match a {
                Action::Fire => t.kill * best_shot(p, &units) - penalty,
                Action::Move => {
                    let fire = t.kill * best_shot(p, &units);
                    let charge = best_charge(p, side, t, &units);
                    let keen = if attacker(p, side) || charge > f32::NEG_INFINITY { 2.0 } else { 0.2 };
                    // Fire first when it pays: moving first would spend the turn; a charge worth more goes first.
                    let step = keen - fire * 0.1 - penalty - if p.r.cards[reg].red && fire > 0.0 { 1.0 } else { 0.0 };
                    // The side that must take ground does not wait on opportunity fire: its move beats ending.
                    let step = if attacker(p, side) { step.max(0.01 - penalty) } else { step };
                    step.max(charge - penalty).max(deny(p, side, t, &units) - penalty)
                }
            }
        }
        Command::Fire(a, b) => match (unit(a), unit(b)) {
            (Some(u), Some(e)) => t.kill * shot_value(p, u, e) + 0.1,
            _ => 0.0,
        },
        // 6.7b: a split is worth the castings each share kills; it beats a single shot only when the best
        // target cannot take all the dice (its range or cover cuts them).
        Command::Split(a, shares) => {
            let Some(u) = unit(a) else { return 0.0 };
            let kills: f32 = shares
                .iter()
                .filter_map(|(id, d)| unit(id).map(|e| (e, *d)))
                .filter_map(|(e, d)| fire::can_fire(p, u, e).ok().map(|s| d as f32 * fire::hit_chance(p, e, s.skirmish)))
                .sum();
            t.kill * kills + 0.1
        }
        Command::Evade(a) => unit(a).map_or(0.0, |u| evade_score(p, side, t, u)),
        Command::Unload(a) => unit(a).map_or(0.0, |u| unload_score(p, t, goals[u], u)),
        Command::Attach(c, v) => match (p.find_commander(c), unit(v)) {
            (Some(c), Some(v)) => attach_score(p, t, c, v),
            _ => 0.0,
        },
        // 8.3: the advance is worth what the same straight move ahead would be.
        Command::Advance(a) => match &p.r.window {
            Some(Window::Advance { yards, .. }) => score(p, s, side, t, goals, &Command::Move(a.clone(), 0, *yards as u32)),
            _ => 0.0,
        },
        Command::Charge(a, b) => match (unit(a), unit(b)) {
            (Some(u), Some(e)) => charge_score(p, side, t, u, e),
            _ => 0.0,
        },
        Command::Move(id, b, y) => {
            let Some(u) = unit(id) else { return 0.0 };
            let Some(g) = goals[u] else { return -1.0 };
            let from = p.units[u].at;
            let to = movement::destination(p, u, *b, *y);
            if p.cargo(u).is_some() {
                return transport_move_score(p, t, g, u, to);
            }
            if p.kind(u) == Kind::Aviation {
                return (from.distance(g) - to.distance(g)) * t.approach;
            }
            if p.kind(u) == Kind::Artillery && at_crossing(p, to, 150.0) {
                // Guns keep off the bridges and fords: limbered near the enemy they could not move on (6.11).
                return -1.0;
            }
            if let Some(c) = on_the_way(p, from, g)
                && to.distance(middle(p, c)) < 100.0
                && !fits_crossing(p, u, c, g, p.units[u].formation)
            {
                // Too wide for the crossing: wait short of it, clear of the way, and form column (3.2).
                return -1.0;
            }
            let closer = route(p, from, g).0 - route(p, to, g).0;
            if !attacker(p, side) {
                return defend(p, side, t, u, to).unwrap_or(closer * t.approach * 0.2 - 0.5);
            }
            // In the zone, a unit with no enemy there to charge holds its place (it would only crowd the others).
            if let Some(f) = zone(p, side)
                && in_feature(p, u, f)
                && g.distance(middle(p, f)) < 1.0
            {
                // Within 60 yards of an enemy in the zone it does not charge, it steps away from it, out of the
                // way of the chargers and of the fire (8.1, 7.2).
                let near = p.ground().filter(|&e| p.side(e) != side && contested(p, side, e) && p.gap(u, e) < 60.0);
                let away = near.map(|e| to.distance(p.units[e].at) - from.distance(p.units[e].at)).fold(0.0, f32::max);
                return away * t.approach - 0.1 - leaving(p, side, u, to) * t.hold * 0.1;
            }
            // Toward an enemy, the yards count only out to charge reach (4.5): closer, it would stand in the
            // way of the others' charges.
            let closer = match zone(p, side) {
                Some(f) if g.distance(middle(p, f)) >= 1.0 => {
                    let reach = movement::charge_rate(p, u) * 0.8;
                    (route(p, from, g).0 - reach).max(0.0) - (route(p, to, g).0 - reach).max(0.0)
                }
                _ => closer,
            };
            closer * t.approach - leaving(p, side, u, to) * t.hold * 0.1 - if matches!(s, Stage::Act(..)) { 0.0 } else { 0.1 }
        }
        Command::Form(id, f) => unit(id).map_or(-1.0, |u| form_score(p, side, t, goals[u], u, *f)),
        Command::Face(id, turn) => {
            let Some(u) = unit(id) else { return 0.0 };
            let Some(g) = goals[u] else { return -1.0 };
            let st = &p.units[u];
            let want = (g.y - st.at.y).atan2(g.x - st.at.x);
            let off = |f: f32| ((f - want).rem_euclid(std::f32::consts::TAU) - std::f32::consts::PI).abs();
            let gain = off(st.facing + (*turn as f32).to_radians()) - off(st.facing);
            // Turning toward the goal: from the back half, it pays.
            if gain > 0.5 && off(st.facing) < 2.0 { gain - 1.5 } else { -1.0 }
        }
    }
}

/// 11.0, ATR: a loaded transport goes where it can unload its unit nearest the goal; it does not creep
/// into the 200 yards short of the enemy where it could not unload; elsewhere a move counts the yards it
/// closes.
fn transport_move_score(p: &Pos, t: &AiTuning, g: Yards, u: usize, to: Yards) -> f32 {
    let from = p.units[u].at;
    let mut q = p.clone();
    q.units[u].at = to;
    let closer = (carried_way(p, u, from, g) - carried_way(p, u, to, g)) * t.approach - 1.0;
    if transports::check_unload(&q, u).is_ok() {
        closer + 1.0 + (7.0 - t.approach * (carried_way(p, u, to, g) - 150.0).max(0.0)).max(0.0)
    } else if q.nearest_enemy(u) < p.sc.tables.transports.keep_off + 60.0 {
        -2.0
    } else {
        closer
    }
}

/// The way a transport's unit goes to `g`: skimmers and flights straight over the water (11.0), the
/// unit it carries by the crossings.
fn carried_way(p: &Pos, u: usize, from: Yards, g: Yards) -> f32 {
    if matches!(p.kind(u), Kind::Skimmer | Kind::Aviation) { from.distance(g) } else { route(p, from, g).0 }
}

/// 11.0, ATR: a transport unloads near its goal (within 300 yards, worth more than any move), or once
/// the enemy keeps it from going nearer; far from both, it is worth less than going on.
fn unload_score(p: &Pos, t: &AiTuning, goal: Option<Yards>, u: usize) -> f32 {
    let Some(g) = goal else { return 0.5 };
    let keep_off = p.sc.tables.transports.keep_off;
    let value = 8.0 - t.approach * (carried_way(p, u, p.units[u].at, g) - 300.0).max(0.0);
    if p.nearest_enemy(u) < keep_off + 60.0 { value.max(5.0) } else { value }
}

/// 8.2a: evading a charge against standing to it: the melee's castings (killed at `kill`, lost at
/// `loss`) against what flight costs: a gun section lost with its crew, or skirmishers disrupted and
/// perhaps out of the zone they hold.
fn evade_score(p: &Pos, side: usize, t: &AiTuning, u: usize) -> f32 {
    let Some(Window::Evade { charger, .. }) = &p.r.window else { return 0.0 };
    let e = crate::rulesets::martians::preview::evade(p, u, *charger);
    let stand = t.kill * e.inflict - t.loss * e.receive;
    let go = match e.flee {
        None => -t.loss * p.units[u].castings as f32,
        Some(_) => -1.0 - if zone(p, side).is_some_and(|f| in_feature(p, u, f)) { t.hold * 0.5 } else { 0.0 },
    };
    go - stand
}

/// 1 if a move to `to` takes the last stand of a unit out of its side's objective zone, else 0.
fn leaving(p: &Pos, side: usize, u: usize, to: Yards) -> f32 {
    let Some(f) = zone(p, side) else { return 0.0 };
    let st = &p.units[u];
    let poly = &p.sc.table.features[f].polygon;
    let after = p.stands_as(u, to, st.facing, st.formation).iter().any(|s| point_in_polygon(s.centre, poly));
    if in_feature(p, u, f) && !after { 1.0 } else { 0.0 }
}

/// A change of formation: a disrupted unit reforms (3.5), skirmishers near a formed enemy in the zone
/// to take form line to charge it (8.1), guns unlimber where they have a target
/// (6.11; not on a crossing, where they would stay for the rest of the battle), a unit too wide for the
/// bridge or ford on its way forms column to cross (3.2, 4.1c). Nothing else pays.
fn form_score(p: &Pos, side: usize, t: &AiTuning, goal: Option<Yards>, u: usize, f: Formation) -> f32 {
    let st = &p.units[u];
    if st.disrupted && f == st.formation {
        // 3.5: disrupted stands cannot declare a charge and must reform with the unit as soon as possible.
        return 5.0;
    }
    if f == Formation::Unlimbered && st.formation == Formation::Limbered {
        if at_crossing(p, st.at, 80.0) {
            return -1.0;
        }
        let mut q = p.clone();
        q.units[u].formation = Formation::Unlimbered;
        let shot = p.ground().filter(|&e| p.side(e) != side).map(|e| shot_value(&q, u, e)).fold(0.0, f32::max);
        return if shot > 0.0 { t.kill * shot * 0.8 } else { -1.0 };
    }
    if f == Formation::Line
        && st.formation == Formation::Skirmish
        && p.ground()
            .any(|e| p.side(e) != side && contested(p, side, e) && p.units[e].formation != Formation::Skirmish && p.gap(u, e) < 100.0)
    {
        // 8.1: skirmishers do not charge formed units; near a formed enemy holding the zone, form line to.
        return 3.0;
    }
    // Skirmishers reach column by way of line (when the column has no room yet, as behind another unit).
    let step = f == Formation::Column || (f == Formation::Line && st.formation == Formation::Skirmish);
    if step && matches!(p.kind(u), Kind::Infantry | Kind::Cavalry | Kind::LightCavalry) {
        let Some(g) = goal else { return -1.0 };
        if let Some(c) = on_the_way(p, st.at, g)
            && st.at.distance(middle(p, c)) < 300.0
            && !fits_crossing(p, u, c, g, st.formation)
            && fits_crossing(p, u, c, g, Formation::Column)
        {
            return if f == Formation::Column { 4.0 } else { 3.5 };
        }
    }
    -1.0
}

/// The worth of a move action to the side holding the ground in the last three turns, while none of its
/// units stands in the zone the enemy must hold: its foot and horse go to deny it (the victory conditions).
fn deny(p: &Pos, side: usize, t: &AiTuning, units: &[usize]) -> f32 {
    let Some(&(f, _)) = p.sc.objectives.iter().find(|o| o.1 != side) else { return f32::NEG_INFINITY };
    let late = p.sc.spec.turns.saturating_sub(p.r.turn) <= 2;
    let mobile = units.iter().any(|&u| matches!(p.kind(u), Kind::Infantry | Kind::Cavalry | Kind::LightCavalry));
    if attacker(p, side) || !late || !mobile || p.ground().any(|u| p.side(u) == side && in_feature(p, u, f)) {
        f32::NEG_INFINITY
    } else {
        t.hold
    }
}

/// A move of the side holding the ground: its objective is the enemy's failure, and one of its stands
/// in the zone the enemy must hold denies it (the victory conditions). Its foot and horse close on that
/// zone and stay in it; `None` when the enemy has no zone or the unit is a gun (guns hold their ground).
fn defend(p: &Pos, side: usize, t: &AiTuning, u: usize, to: Yards) -> Option<f32> {
    let &(f, enemy) = p.sc.objectives.iter().find(|o| o.1 != side)?;
    if p.kind(u) == Kind::Artillery {
        return None;
    }
    let from = p.units[u].at;
    if in_feature(p, u, f) {
        return Some(-0.5 - leaving(p, enemy, u, to) * t.hold * 0.1);
    }
    let m = middle(p, f);
    Some((route(p, from, m).0 - route(p, to, m).0) * t.approach - 0.2)
}
