//! The computer opponent: a candidate-action framework shared by every ruleset (DESIGN.md, The
//! computer opponent; docs/ai.md).
//!
//! A decision is made in four steps:
//!
//! 1. the candidates are the pending decision's legal commands (`Ruleset::legal`, so the AI can never
//!    answer with an illegal command);
//! 2. the ruleset's evaluators give each a score ([`Evaluators::scores`], implemented in `ai/<id>/` beside the rules), reusing the odds and costs
//!    the window shows the player; an evaluator that is expensive ranks the candidates with a cheap
//!    pre-score first and evaluates only a [`shortlist`] deeply, so a decision stays bounded in time
//!    however many candidates there are;
//! 3. the best score wins; ties (and NaN scores, which never win) go to the first candidate in the
//!    legal order, so the choice is a pure function of the position: no clock, no hash-map order,
//!    no randomness (the game's dice are the only randomness, and they are seeded);
//! 4. the controller submits the command and asks again at the next decision ("pick the best,
//!    repeat").
//!
//! Rulesets whose evaluators keep expensive per-position analysis between calls use an
//! [`engine::memo::Memo`](crate::engine::memo::Memo): a small per-thread cache keyed by an exact
//! key, so a cache hit returns exactly what a fresh computation would and the result never depends
//! on what was computed before.

pub mod bastards;
pub mod dixmude;
pub mod fork;
pub mod martians;
pub mod rtc;
pub mod search;
pub mod trenches;

use bevy::prelude::World;

use crate::engine::{Difficulty, Game, Opponent, Ruleset};

/// A ruleset's evaluators: the computer opponent's half of a ruleset, implemented in `ai/<id>/` and
/// wired to its rules by the registry (`crate::rulesets::registry`).
pub trait Evaluators: Ruleset {
    /// A score for each legal command (higher is better): the Normal opponent's choice.
    fn scores(world: &World, legal: &[Self::Command]) -> Vec<f32>;

    /// Whether the ruleset's opponent looks ahead ([`Evaluators::look_ahead`]): the Hard level.
    const LOOKS_AHEAD: bool = false;

    /// The scores the Hard level starts from and plays its own side with in the look-ahead: the
    /// Normal scores with the deciding side's Hard weights where the scenario gives them
    /// (`ai.<side>.hard`, docs/ai.md "Difficulty"). By default the Normal scores.
    fn hard_scores(world: &World, legal: &[Self::Command]) -> Vec<f32> {
        Self::scores(world, legal)
    }

    /// The Hard level's scores, from the Normal `scores` of the same commands: a look-ahead
    /// ([`search`]). Without one, the Normal scores.
    fn look_ahead(_game: &Game<Self>, _legal: &[Self::Command], scores: Vec<f32>) -> Vec<f32> {
        scores
    }

    /// The threat view against a side (its index): what the enemy may do to each of its units
    /// before its next turn ([`search::threats`]); `None` without a look-ahead.
    fn threats(_game: &Game<Self>, _side: usize) -> Option<Vec<search::Threat>> {
        None
    }
}

/// The computer opponent the registry injects into every game of a ruleset with [`Evaluators`].
pub struct Computer;

impl<R: Evaluators> Opponent<R> for Computer {
    const LEVELS: &'static [Difficulty] = if R::LOOKS_AHEAD { &Difficulty::ALL } else { &Difficulty::GREEDY };
    fn choose(game: &mut Game<R>, level: Difficulty) -> Option<R::Command> {
        choose_at(game, level)
    }
}

/// The best legal command now, by the ruleset's scores (the Normal level); `None` if nothing is legal
/// (the game is over).
pub fn choose<R: Evaluators>(game: &mut Game<R>) -> Option<R::Command> {
    choose_at(game, Difficulty::Normal)
}

/// The command the opponent plays now at a difficulty (docs/ai.md, "Difficulty"): Normal the best
/// score; Easy one of the three best, most often the best ([`easy_pick`]); Hard the best by the
/// look-ahead from its own scores ([`Evaluators::hard_scores`]; Normal where the ruleset has no
/// look-ahead). `None` if nothing is legal.
pub fn choose_at<R: Evaluators>(game: &mut Game<R>, level: Difficulty) -> Option<R::Command> {
    let legal = game.legal();
    match legal.len() {
        0 => return None,
        1 => return Some(legal[0].clone()),
        _ => {}
    }
    let legal = legal.to_vec();
    let pick = match level {
        Difficulty::Easy => easy_pick(&R::scores(game.world(), &legal), game.origin().seed, game.history().len()),
        Difficulty::Normal => best_index(&R::scores(game.world(), &legal)).unwrap_or(0),
        Difficulty::Hard => best_index(&R::look_ahead(game, &legal, R::hard_scores(game.world(), &legal))).unwrap_or(0),
    };
    legal.into_iter().nth(pick)
}

/// The Easy opponent's choice: the best command 70 % of the time, the second best 20 %, the third
/// 10 %, drawn from the game's seed and the number of commands played (not from its dice: the
/// game stays a function of its scenario, seed and commands).
pub fn easy_pick(scores: &[f32], seed: u64, commands: usize) -> usize {
    let order = shortlist(scores, 3);
    let draw = search::mix(seed ^ 0xea57, commands as u64) % 10;
    let rank = match draw {
        0..=6 => 0,
        7 | 8 => 1,
        _ => 2,
    };
    order.get(rank).or(order.first()).copied().unwrap_or(0)
}

/// Every legal command with its score, best first (ties in the legal order): what the AI thinks of
/// the position, for the window's hints and for tests.
pub fn ranked<R: Evaluators>(game: &mut Game<R>) -> Vec<(R::Command, f32)> {
    let legal = game.legal().to_vec();
    if legal.is_empty() {
        return Vec::new();
    }
    let scores = R::scores(game.world(), &legal);
    let mut order: Vec<usize> = (0..legal.len()).collect();
    order.sort_by(|&a, &b| cmp_scores(score_at(&scores, b), score_at(&scores, a)).then(a.cmp(&b)));
    order.into_iter().map(|i| (legal[i].clone(), score_at(&scores, i))).collect()
}

fn score_at(scores: &[f32], i: usize) -> f32 {
    scores.get(i).copied().unwrap_or(f32::NEG_INFINITY)
}

/// Orders scores with NaN below everything.
fn cmp_scores(a: f32, b: f32) -> std::cmp::Ordering {
    let key = |x: f32| if x.is_nan() { f32::NEG_INFINITY } else { x };
    key(a).total_cmp(&key(b))
}

/// Index of the highest score; the first one on ties; NaN never wins unless everything is NaN.
pub fn best_index(scores: &[f32]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, &s) in scores.iter().enumerate() {
        match best {
            None => best = Some(i),
            Some(b) if cmp_scores(s, scores[b]) == std::cmp::Ordering::Greater => best = Some(i),
            _ => {}
        }
    }
    best
}

/// The indices of the `k` best pre-scores, best first, ties in index order: the candidates worth a
/// deep evaluation.
pub fn shortlist(pre: &[f32], k: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..pre.len()).collect();
    order.sort_by(|&a, &b| cmp_scores(pre[b], pre[a]).then(a.cmp(&b)));
    order.truncate(k);
    order
}

/// Two-stage scoring: every candidate gets a cheap `pre` score, the `k` best are scored again by
/// `deep` (which sees the pre-score). The others keep their pre-score, lowered below every deep
/// score, so the winner is always a deeply evaluated candidate.
pub fn two_stage(pre: Vec<f32>, k: usize, mut deep: impl FnMut(usize, f32) -> f32) -> Vec<f32> {
    if pre.len() <= 1 {
        return pre.iter().enumerate().map(|(i, &p)| deep(i, p)).collect();
    }
    let short = shortlist(&pre, k.max(1));
    let mut out = pre.clone();
    let mut floor = f32::INFINITY;
    let mut is_short = vec![false; pre.len()];
    for &i in &short {
        let s = deep(i, pre[i]);
        out[i] = s;
        is_short[i] = true;
        if !s.is_nan() {
            floor = floor.min(s);
        }
    }
    if floor.is_finite() {
        let top = pre.iter().copied().filter(|p| p.is_finite()).fold(f32::NEG_INFINITY, f32::max);
        for (i, o) in out.iter_mut().enumerate() {
            if !is_short[i] {
                // Keep the pre-score order among the rest, strictly below the shortlist.
                *o = floor - 1.0 - (top - pre[i]).max(0.0);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_is_first_on_ties_and_ignores_nan() {
        assert_eq!(best_index(&[]), None);
        assert_eq!(best_index(&[1.0, 3.0, 3.0]), Some(1));
        assert_eq!(best_index(&[f32::NAN, 0.5, f32::NAN]), Some(1));
        assert_eq!(best_index(&[f32::NAN]), Some(0));
    }

    #[test]
    fn easy_takes_the_best_most_often_and_never_below_the_third() {
        let scores = [1.0, 5.0, 3.0, 4.0, 2.0];
        let mut count = [0usize; 5];
        for n in 0..1000 {
            count[easy_pick(&scores, 17, n)] += 1;
        }
        assert_eq!(count[0] + count[4], 0, "only the three best: {count:?}");
        assert!((620..780).contains(&count[1]), "the best about 70 %: {count:?}");
        assert!((140..260).contains(&count[3]), "the second about 20 %: {count:?}");
        assert!((50..150).contains(&count[2]), "the third about 10 %: {count:?}");
        assert_eq!(easy_pick(&[2.0], 1, 1), 0);
    }

    #[test]
    fn two_stage_keeps_the_winner_in_the_shortlist() {
        let pre = vec![5.0, 1.0, 4.0, 3.0];
        // The deep evaluation ranks candidate 2 first, below the pre-score of 0.
        let out = two_stage(pre, 2, |i, p| if i == 2 { 2.0 } else { p - 10.0 });
        assert_eq!(best_index(&out), Some(2));
        assert!(out[1] < out[0] && out[3] < out[0]);
        assert_eq!(shortlist(&[1.0, 2.0, 2.0, 0.0], 2), vec![1, 2]);
    }
}
