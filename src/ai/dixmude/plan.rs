//! The look-ahead (docs/ai.md): every decision of phase F (8), and every decision of phases D, E and
//! G where a strategy may be played, is taken by carrying out its candidates on copies of the
//! position with the rules' own steps (`dixmude::exec`, what submitting a command does to the
//! world), playing on by the greedy scores of `brain` (both camps) to a horizon, under fixed dice
//! samples common to every candidate, and scoring the positions reached by the victory conditions
//! (11), what is left of both armies and guns, and the strategies held ([`value`], its weights the
//! scenario's `ai` tuning). The horizon is the end of the activation in phase F (with the one a
//! coordinated assault adds), the next shot in phase E, the end of the phase in D and G. A strategy
//! is played when what it does before the horizon is worth more than keeping its counter (the
//! tuning's `cards`) and more than the greedy scores' choice: Taube before the heavy guns fire, a
//! coordinated assault when the second zone's assault pays for its RP, Ronarc'h's RP when there is
//! something to raise. Other decisions of D, E and G are the greedy scores'; phase C weighs each
//! counter against the RP it costs (`buy_rp`).
//!
//! The copies hold both camps' hands (the rules need them), but nothing here reads the enemy's:
//! [`value`] counts only the deciding camp's hand, and inside a simulation no camp plays a strategy
//! (the greedy policy skips them), so what the enemy holds changes nothing (hidden hands, 5).

use std::collections::BTreeMap;

use crate::engine::Dice;
use crate::engine::journal::Journal;
use crate::rulesets::dixmude::scenario::{AiTuning, Arrival};
use crate::rulesets::dixmude::state::{Phase, Pos, Rt};
use crate::rulesets::dixmude::units::{Kind, Level, Side, Where};
use crate::rulesets::dixmude::{Command, Event, exec, legal_at, preview, sequence, view};

use super::brain::{Brain, goal_distances};

/// Dice samples per candidate command in phase F: common to every candidate (their rolls are forced,
/// stratified so that each of the first rolls takes every face once over the samples).
pub const SAMPLES: usize = 6;
/// Dice samples in phases E (the bombing roll), G and D (no roll before their horizon).
const SAMPLES_E: usize = 3;
const SAMPLES_G: usize = 1;
const SAMPLES_D: usize = 1;
/// Commands a simulation may take before it is cut off (a safety net: every phase ends by itself).
const MAX_STEPS: usize = 120;
/// Phase F: permutations and free moves of support units evaluated deeply, the best by the greedy
/// scores (the activations, the pass and every command inside an activation always are).
const SHORTLIST: usize = 4;

/// The computer's tuning for a camp: the scenario's, or the defaults.
pub fn tuning(p: &Pos, side: Side) -> AiTuning {
    p.sc.spec.ai.get(side.id()).cloned().unwrap_or_default()
}

/// The distance to the objectives of a zone not connected to them.
const FAR: u32 = 12;

/// Where a simulation stops.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Horizon {
    /// Phase F: the activation under way, and the one a coordinated assault adds (8, 12.1.1, 12.2.1).
    Activation,
    /// Phase E: the next shot fired, after the enemy's answer by counter-battery (7.2): a shot is
    /// judged by its hits, a strategy (Taube) by the next shot's.
    Shot { fired: usize },
    /// The end of the current phase (before the end of the turn, in phase G).
    Phase,
}

/// What a position is worth to `side` (German positive, then signed): the victory terms of 11, the
/// armies' levels and guns, the resource points, the Yser crossings left open (8.6), the German
/// approach, the lasting effects of strategies, and the deciding camp's own hand. `last`: the
/// decision is on the last turn (only victory counts then).
pub fn value(p: &Pos, side: Side, w: &AiTuning, dist: &BTreeMap<u32, u32>, last: bool) -> f32 {
    // On the last turn only the victory conditions count (11.2): the armies and the resource
    // points left at its end are worth little, then nothing.
    let (level, rp_worth, gun) = if last { (w.level * 0.3, 0.0, 0.0) } else { (w.level, w.rp, w.gun) };
    let mut v = 0.0;
    // Per zone: German infantry, fit German infantry, Franco-Belgian infantry.
    let mut held: BTreeMap<u32, (bool, bool, bool)> = BTreeMap::new();
    for u in 0..p.units.len() {
        let sign = if p.side(u) == Side::German { 1.0 } else { -1.0 };
        if p.kind(u).is_artillery() && matches!(p.units[u].at, Where::Zone(_)) {
            v += sign * gun * gun_turns(p, u) as f32;
        }
        if !p.is_infantry(u) {
            continue;
        }
        let levels = match p.units[u].at {
            Where::Zone(_) | Where::Away => match (p.units[u].level, p.kind(u) == Kind::Company) {
                (_, true) => 1.0,
                (Level::Good, _) => 3.0,
                (Level::Weakened, _) => 2.0,
                (Level::Exhausted, _) => 1.0,
            },
            _ => 0.0,
        };
        let temporary = matches!(p.spec(u).arrives, Some(Arrival::Grossetti | Arrival::GeneralOffensive));
        v += sign * levels * level * if temporary { w.temporary } else { 1.0 };
        // on the map (the HQ zone is off it: operational movement, 6, is decided by the greedy scores)
        if let Some(z) = p.zone_of(u).filter(|&z| !p.is_hq_zone(z)) {
            let e = held.entry(z).or_default();
            if p.side(u) == Side::German {
                e.0 = true;
                if p.fit(u) {
                    e.1 = true;
                    v -= w.approach * dist.get(&z).copied().unwrap_or(FAR) as f32;
                }
            } else {
                e.2 = true;
            }
        }
    }
    for camp in Side::BOTH {
        let rp = p.r.rp[camp.index()].saturating_sub(p.r.unstockable[camp.index()]);
        let kept = rp.min(w.rp_keep) as f32 + rp.saturating_sub(w.rp_keep) as f32 * 0.2;
        v += if camp == Side::German { kept } else { -kept } * rp_worth;
    }
    let mut worst_chance = 0.0_f32;
    for z in p.sc.zone_ids() {
        let info = p.sc.zone(z);
        let (german, _, franco) = held.get(&z).copied().unwrap_or_default();
        if german {
            if info.victory_left_bank {
                v += w.left_bank;
            } else if info.hold_left_bank {
                v += w.left_bank_other;
            }
            if info.diksmuide {
                v += if last { w.diksmuide_last } else { w.diksmuide };
            }
        }
        if franco && info.diksmuide {
            v -= if last { w.diksmuide_held_last } else { w.diksmuide_held };
            v += w.diksmuide_threat * assault_chance(p, z, &held);
        }
        if franco && (info.eessen || info.woumen) {
            v -= w.beyond;
        }
        if info.victory_left_bank && !german && !franco {
            let facing: Vec<u32> =
                info.across.iter().copied().chain(p.neighbours(z).into_iter().filter(|&n| !p.sc.zone(n).hold_left_bank)).collect();
            if facing.iter().any(|n| !held.get(n).is_some_and(|h| h.2)) {
                v += w.empty;
            }
            if facing.iter().any(|n| held.get(n).is_some_and(|h| h.1)) {
                v += w.threat;
            }
        }
        if info.victory_left_bank && franco {
            let chance = assault_chance(p, z, &held);
            v += w.assault_threat * chance;
            worst_chance = worst_chance.max(chance);
        }
    }
    // 12.1.1: Barely within our means turns the German assault that would take a zone into a failure.
    if p.r.flags.barely {
        v -= w.barely * worst_chance;
    }
    if p.r.flags.tervaete && p.r.flags.flood_from.is_none() {
        v += w.zone_one_open;
    }
    let own = hand_value(p, side, w);
    let v = v + if side == Side::German { own } else { -own };
    if side == Side::German { v } else { -v }
}

/// A gun's bombing strength times the turns it may still fire, from this one (7; 12.2.2: worn out,
/// silenced for a turn, leaving the game).
fn gun_turns(p: &Pos, u: usize) -> i32 {
    if p.r.flags.ral155_leaves.is_some() && p.spec(u).formation == "RAL155" {
        return 0;
    }
    let strength = sequence::strength(p, u);
    let silenced = p.r.flags.no_shells.is_some_and(|t| t >= p.r.turn) && p.spec(u).formation == "Pontus";
    let turns = (p.sc.tables.turns + 1).saturating_sub(p.r.turn) as i32;
    strength * turns - if silenced { strength } else { 0 }
}

/// The camp's own strategy counters in hand (5.1.1). Before phase G a counter is worth its
/// reusable side: playing that side sends the counter back to the container, nothing is lost but the
/// chance to play it later this turn. In phase G only one counter may be kept past the end of the
/// turn (5.2), at the better of its two sides: the best counts.
fn hand_value(p: &Pos, side: Side, w: &AiTuning) -> f32 {
    let counters = p.r.hands[side.index()].iter().map(|&i| &p.sc.spec.strategies[i]);
    if p.r.phase == Phase::Reorganisation {
        counters.map(|c| w.counter(c)).fold(0.0, f32::max)
    } else {
        counters.map(|c| w.card(c.reusable)).sum()
    }
}

/// The chance of the strongest assault fit German infantry next to `zone` could make on it
/// (8.3.2: the rules' own contest of attack against defence, capped, a 6 or more to win).
fn assault_chance(p: &Pos, zone: u32, held: &BTreeMap<u32, (bool, bool, bool)>) -> f32 {
    let success = p.sc.tables.assault.success;
    let mut best = 0.0_f32;
    for n in p.neighbours(zone).into_iter().filter(|n| held.get(n).is_some_and(|h| h.1)) {
        let attackers: Vec<usize> = p.in_zone(n).into_iter().filter(|&u| p.is_infantry(u) && p.fit(u)).collect();
        let (_, _, _, m) = preview::contest_of(p, &attackers, zone);
        best = best.max((1..=6).filter(|r| r + m >= success).count() as f32 / 6.0);
    }
    best
}

/// Stratified dice for sample `k`: the first rolls take every face once over the samples.
fn sample_dice(k: usize) -> Dice {
    const OFFSETS: [u32; 8] = [0, 3, 1, 4, 5, 2, 2, 0];
    let mut d = Dice::new(0xD1C5_0000 + k as u64);
    d.force(OFFSETS.iter().enumerate().map(|(i, o)| (if i % 2 == 0 { 1 } else { 5 } * k as u32 + o) % 6 + 1));
    d
}

/// Whether a simulation begun at `start` has reached its horizon.
fn reached(p: &Pos, start: &Pos, h: Horizon) -> bool {
    if p.r.outcome.is_some() || p.r.turn != start.r.turn || p.r.phase != start.r.phase {
        return true;
    }
    match h {
        Horizon::Phase => false,
        Horizon::Shot { fired } => p.r.bombing.shot.is_none() && guns_fired(p) > fired,
        Horizon::Activation => {
            let i = &p.r.impulse;
            i.act.is_none() && !i.follow_up && !i.coordinated
        }
    }
}

fn guns_fired(p: &Pos) -> usize {
    (0..p.units.len()).filter(|&u| p.units[u].used && p.kind(u).is_artillery()).count()
}

/// Carries out `c`, unless it would end the turn (the last pass of phase G): the end of the turn
/// draws new counters and returns the others (5, 5.2), which the position before it already
/// accounts for ([`hand_value`]). Returns whether `c` was carried out.
fn step(p: &mut Pos, rt: &mut Rt, c: Command) -> bool {
    if p.r.phase == Phase::Reorganisation && c == Command::Done {
        let before = p.clone();
        exec(p, rt, c);
        if p.r.turn != before.r.turn || p.r.outcome.is_some() {
            *p = before;
            return false;
        }
        return true;
    }
    exec(p, rt, c);
    true
}

/// Plays on to the horizon with the greedy scores of whichever camp decides, no strategy played.
fn settle(p: &mut Pos, rt: &mut Rt, start: &Pos, h: Horizon) {
    for _ in 0..MAX_STEPS {
        if reached(p, start, h) {
            return;
        }
        let legal: Vec<Command> = legal_at(p);
        let c = match legal.len() {
            0 => return,
            1 => legal[0].clone(),
            _ => {
                let Some((who, _, _)) = view::pending_of(p) else { return };
                let brain = Brain::new(p, who);
                let scores: Vec<f32> = legal.iter().map(|c| brain.score(c)).collect();
                legal[crate::ai::best_index(&scores).unwrap_or(0)].clone()
            }
        };
        if !step(p, rt, c) {
            return;
        }
    }
}

/// The mean value to `side` of the positions `c` leads to, over `samples` dice samples.
fn expected(p: &Pos, side: Side, c: &Command, h: Horizon, samples: usize, w: &AiTuning, dist: &BTreeMap<u32, u32>) -> f32 {
    let last = p.r.turn >= p.sc.tables.turns;
    let mut total = 0.0;
    for k in 0..samples {
        let mut q = p.clone();
        let mut dice = sample_dice(k);
        let mut journal: Journal<Event> = Journal::default();
        let mut rt = Rt { dice: &mut dice, journal: &mut journal };
        if step(&mut q, &mut rt, c.clone()) {
            settle(&mut q, &mut rt, p, h);
        }
        total += value(&q, side, w, dist, last);
    }
    total / samples as f32
}

/// Scores of the legal commands of a decision of phases C to G for `side`.
pub fn scores(p: &Pos, side: Side, legal: &[Command]) -> Vec<f32> {
    let w = tuning(p, side);
    if p.r.phase == Phase::Strategies {
        return legal.iter().map(|c| buy_value(p, side, c, &w)).collect();
    }
    let brain = Brain::new(p, side);
    let pre: Vec<f32> = legal.iter().map(|c| brain.score(c)).collect();
    let (h, samples, shortlisted): (Horizon, usize, Vec<usize>) = match p.r.phase {
        Phase::Activation => {
            // every activation, pass and command inside an activation; the best few of the rest
            let optional: Vec<usize> =
                (0..legal.len()).filter(|&i| matches!(legal[i], Command::Permute(..) | Command::Shift(..))).collect();
            let opt_pre: Vec<f32> = optional.iter().map(|&i| pre[i]).collect();
            let keep: Vec<usize> = crate::ai::shortlist(&opt_pre, SHORTLIST).into_iter().map(|j| optional[j]).collect();
            (Horizon::Activation, SAMPLES, (0..legal.len()).filter(|i| !optional.contains(i) || keep.contains(i)).collect())
        }
        phase => {
            let (h, samples) = match phase {
                Phase::Bombing => (Horizon::Shot { fired: guns_fired(p) }, SAMPLES_E),
                Phase::Reorganisation => (Horizon::Phase, SAMPLES_G),
                _ => (Horizon::Phase, SAMPLES_D),
            };
            // Each strategy against the greedy scores' choice among the other commands; with no
            // strategy to play, the greedy scores decide (measured: looked ahead to the end of the
            // phase, bombing and reorganisation made the German weaker, docs/ai-findings.md §9).
            let mut keep: Vec<usize> = (0..legal.len()).filter(|&i| matches!(legal[i], Command::Play(_))).collect();
            if keep.is_empty() {
                return pre;
            }
            keep.extend(crate::ai::best_index(&pre).filter(|i| !keep.contains(i)));
            (h, samples, keep)
        }
    };
    let dist = goal_distances(p);
    let mut out = vec![f32::NAN; legal.len()];
    let mut floor = f32::INFINITY;
    for &i in &shortlisted {
        out[i] = expected(p, side, &legal[i], h, samples, &w, &dist);
        floor = floor.min(out[i]);
    }
    for i in 0..legal.len() {
        if out[i].is_nan() {
            out[i] = floor - 1000.0 + pre[i];
        }
    }
    out
}

/// Phase C (5): a counter bought is worth what keeping it is worth, less the RP it costs; one drawn
/// at random the mean of those the camp may draw (its own container: no hidden information).
fn buy_value(p: &Pos, side: Side, c: &Command, w: &AiTuning) -> f32 {
    let s = side.index();
    let counter = |i: usize| w.counter(&p.sc.spec.strategies[i]);
    let rp = |chosen: bool| crate::rulesets::dixmude::operational::buy_cost(p, side, chosen) as f32 * w.buy_rp;
    match c {
        Command::Buy(strategy) => {
            let i = p.r.container[s].iter().copied().find(|&i| {
                let cs = &p.sc.spec.strategies[i];
                cs.reusable == *strategy || cs.one_time == *strategy
            });
            i.map_or(f32::NEG_INFINITY, counter) - rp(true)
        }
        Command::BuyRandom => {
            let pool = &p.r.container[s];
            pool.iter().map(|&i| counter(i)).sum::<f32>() / pool.len().max(1) as f32 - rp(false)
        }
        _ => 0.0,
    }
}
