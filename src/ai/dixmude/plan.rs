//! The look-ahead of phase F (8): every legal command of the activation phase is carried out on a
//! copy of the position by the rules' own step (`activation::exec`, what `apply` does to the world),
//! the activation it opens is played out to its end by the greedy scores of `brain` (both camps:
//! the passive camp's defensive fire too), under [`SAMPLES`] fixed dice samples, and the positions
//! reached are scored by the victory conditions (11) and what is left of both armies ([`value`]).
//!
//! The copies hold both camps' strategy hands (the rules need them), but nothing here reads the
//! enemy's: [`value`] looks at units, zones and resource points only, and a simulation stops at the
//! end of the activation, before the enemy could play anything (hidden hands, 5).

use std::collections::BTreeMap;

use crate::engine::Dice;
use crate::engine::journal::Journal;
use crate::rulesets::dixmude::state::{Phase, Pos, Rt};
use crate::rulesets::dixmude::units::{Kind, Level, Side, Where};
use crate::rulesets::dixmude::{Command, Event, activation, preview, view};

use super::brain::{Brain, goal_distances};

/// Dice samples per candidate command: common to every candidate (their rolls are forced, stratified
/// so that each of the first rolls takes every face once over the samples).
pub const SAMPLES: usize = 6;
/// Commands a simulated activation may take before it is cut off (a safety net: an activation ends
/// by itself, 8.1, units never going back into a zone they have been in).
const MAX_STEPS: usize = 40;
/// Permutations and free moves of support units evaluated deeply, the best by the greedy scores (the
/// activations, the pass and every command inside an activation always are).
const SHORTLIST: usize = 4;

/// What the positions are worth, in points (one level of one battalion is worth `level`).
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// German infantry in zone 2, 3, 5 or 8: a major German victory at the end of the turn (11.1).
    pub left_bank: f32,
    /// German infantry in another zone of the left bank (4, 6, 7): the Franco-Belgian no longer holds
    /// "the entire left bank" (11.2) and the Germans stand next to zones 2, 3, 5 and 8.
    pub left_bank_other: f32,
    /// German infantry in Diksmuide before the last turn, and on the last (11.2: the tie).
    pub diksmuide: f32,
    pub diksmuide_last: f32,
    /// Franco-Belgian infantry in Diksmuide before the last turn, and on the last (11.2: the
    /// Franco-Belgian victories need it).
    pub diksmuide_held: f32,
    pub diksmuide_held_last: f32,
    /// Franco-Belgian infantry in Eessen or Woumen (11.2: the major Franco-Belgian victory).
    pub beyond: f32,
    /// One level of one infantry unit (1.3.1: good order 3, weakened 2, exhausted 1).
    pub level: f32,
    /// One resource point kept for phase G (9) or the next turn (4.1), up to `rp_keep`; beyond, a
    /// fifth of that.
    pub rp: f32,
    pub rp_keep: u32,
    /// A zone of 2, 3, 5, 8 empty of infantry facing fit German infantry across the Yser or at the
    /// bridges (8.6: the crossing is open).
    pub threat: f32,
    /// A zone of 2, 3, 5, 8 empty of infantry facing a zone the Franco-Belgian does not hold
    /// (German infantry moves without limit, 8.1: it may stand there at the next activation).
    pub empty: f32,
    /// A zone of 2, 3, 5, 8 held by the Franco-Belgian next to fit German infantry, times the
    /// chance of the strongest German zone's assault there (8.3.2).
    pub assault_threat: f32,
    /// Per zone of distance between each fit German battalion and the objectives (11).
    pub approach: f32,
}

impl Weights {
    /// The weights of a camp.
    pub fn of(side: Side) -> Weights {
        let w = Weights {
            left_bank: 60.0,
            left_bank_other: 14.0,
            diksmuide: 15.0,
            diksmuide_last: 30.0,
            diksmuide_held: 8.0,
            diksmuide_held_last: 30.0,
            beyond: 3.0,
            level: 1.5,
            rp: 1.5,
            rp_keep: 3,
            threat: 0.0,
            empty: 0.0,
            assault_threat: 10.0,
            approach: 0.3,
        };
        match side {
            // The attacker counts on the crossings it can make, not on those it might (measured:
            // with the open crossings valued it waits in front of them and beats random play less
            // often, docs/ai-findings.md).
            Side::German => w,
            // The defender fears the open crossings and the assaults on the left bank more than
            // the attacker counts on them (losing a zone there loses the game, 11.1), and pushes
            // the Germans back from the objectives (counter-attacks).
            Side::FrancoBelgian => Weights { threat: 30.0, empty: 15.0, assault_threat: 25.0, approach: 0.8, ..w },
        }
    }
}

/// What a position is worth to `side` (German positive, then signed): the victory terms of 11, the
/// armies' levels, the resource points, the Yser crossings left open (8.6), the German approach.
pub fn value(p: &Pos, side: Side, w: &Weights, dist: &BTreeMap<u32, u32>) -> f32 {
    let last = p.r.turn >= p.sc.tables.turns;
    // On the last turn only the victory conditions count (11.2): the armies and the resource
    // points left at its end are worth little, then nothing.
    let (level, rp_worth) = if last { (w.level * 0.3, 0.0) } else { (w.level, w.rp) };
    let mut v = 0.0;
    // Per zone: German infantry, fit German infantry, Franco-Belgian infantry.
    let mut held: BTreeMap<u32, (bool, bool, bool)> = BTreeMap::new();
    for u in 0..p.units.len() {
        if !p.is_infantry(u) {
            continue;
        }
        let sign = if p.side(u) == Side::German { 1.0 } else { -1.0 };
        let levels = match p.units[u].at {
            Where::Zone(_) | Where::Away => match (p.units[u].level, p.kind(u) == Kind::Company) {
                (_, true) => 1.0,
                (Level::Good, _) => 3.0,
                (Level::Weakened, _) => 2.0,
                (Level::Exhausted, _) => 1.0,
            },
            _ => 0.0,
        };
        v += sign * levels * level;
        if let Some(z) = p.zone_of(u).filter(|&z| !p.is_hq_zone(z)) {
            let e = held.entry(z).or_default();
            if p.side(u) == Side::German {
                e.0 = true;
                if p.fit(u) {
                    e.1 = true;
                    v -= w.approach * dist.get(&z).copied().unwrap_or(12) as f32;
                }
            } else {
                e.2 = true;
            }
        }
    }
    for camp in Side::BOTH {
        let rp = p.r.rp[camp.index()];
        let kept = rp.min(w.rp_keep) as f32 + rp.saturating_sub(w.rp_keep) as f32 * 0.2;
        v += if camp == Side::German { kept } else { -kept } * rp_worth;
    }
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
            v += w.assault_threat * assault_chance(p, z, &held);
        }
    }
    if side == Side::German { v } else { -v }
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

/// The commands the rules allow now in phase F: its candidates that pass its check.
fn legal(p: &Pos) -> Vec<Command> {
    activation::candidates(p).into_iter().filter(|c| activation::check(p, c).is_ok()).collect()
}

/// Plays the activation under way to its end with the greedy scores of whichever camp decides.
fn settle(p: &mut Pos, rt: &mut Rt) {
    for _ in 0..MAX_STEPS {
        if p.r.phase != Phase::Activation || p.r.impulse.act.is_none() {
            return;
        }
        let Some((who, _, _)) = view::pending_of(p) else { return };
        let legal = legal(p);
        let c = match legal.len() {
            0 => return,
            1 => legal[0].clone(),
            _ => {
                let brain = Brain::new(p, who);
                let scores: Vec<f32> = legal.iter().map(|c| brain.score(c)).collect();
                legal[crate::ai::best_index(&scores).unwrap_or(0)].clone()
            }
        };
        activation::exec(p, rt, c);
    }
}

/// The mean value to `side` of the positions `c` leads to, over the dice samples.
pub fn expected(p: &Pos, side: Side, c: &Command, w: &Weights, dist: &BTreeMap<u32, u32>) -> f32 {
    let mut total = 0.0;
    for k in 0..SAMPLES {
        let mut q = p.clone();
        let mut dice = sample_dice(k);
        let mut journal: Journal<Event> = Journal::default();
        let mut rt = Rt { dice: &mut dice, journal: &mut journal };
        activation::exec(&mut q, &mut rt, c.clone());
        settle(&mut q, &mut rt);
        total += value(&q, side, w, dist);
    }
    total / SAMPLES as f32
}

/// Scores of phase F's legal commands for `side`: the activations, the pass and every command of an
/// activation by the look-ahead; permutations and support moves by the greedy scores, the best few
/// of them by the look-ahead too (the others stay below every command looked ahead).
pub fn scores(p: &Pos, side: Side, legal: &[Command]) -> Vec<f32> {
    let brain = Brain::new(p, side);
    let pre: Vec<f32> = legal.iter().map(|c| brain.score(c)).collect();
    let optional: Vec<usize> = (0..legal.len()).filter(|&i| matches!(legal[i], Command::Permute(..) | Command::Shift(..))).collect();
    let opt_pre: Vec<f32> = optional.iter().map(|&i| pre[i]).collect();
    let keep: Vec<usize> = crate::ai::shortlist(&opt_pre, SHORTLIST).into_iter().map(|j| optional[j]).collect();
    let w = Weights::of(side);
    let dist = goal_distances(p);
    let mut out = vec![f32::NAN; legal.len()];
    let mut floor = f32::INFINITY;
    for (i, c) in legal.iter().enumerate() {
        if optional.contains(&i) && !keep.contains(&i) {
            continue;
        }
        out[i] = expected(p, side, c, &w, &dist);
        floor = floor.min(out[i]);
    }
    for &i in &optional {
        if out[i].is_nan() {
            out[i] = floor - 1000.0 + pre[i];
        }
    }
    out
}
