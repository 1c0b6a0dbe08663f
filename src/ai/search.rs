//! The Hard opponent's look-ahead (docs/ai.md, "The look-ahead"), for every ruleset whose position can be
//! copied and played on without the world ([`Simulate`]).
//!
//! A determinized Monte-Carlo look-ahead with the Normal opponent as its rollout policy:
//!
//! 1. the Normal scores shortlist the decision's best candidates ([`LookAhead::candidates`]);
//! 2. each candidate is carried out by the rules' own step on a copy of the position as the deciding
//!    side knows it ([`Simulate::seen_by`]: hidden enemy units left out), under a few
//!    dice samples ([`LookAhead::samples`]) common to every candidate (the same seeds, so a candidate is
//!    not preferred for its luck);
//! 3. the game is played on from there by the Normal opponent for *both* sides (the deciding side
//!    with its Hard weights, [`Simulate::hard_scores_at`]): the enemy's best reply by its scores,
//!    until control has passed to the enemy and come back ([`LookAhead::replies`]), the game ends
//!    or [`LookAhead::steps`] commands have been played;
//! 4. the position reached is scored by the ruleset's [`Simulate::value`] for the deciding side and
//!    averaged over the samples; a share of the Normal score is kept beside it
//!    ([`LookAhead::greedy`]), so the look-ahead corrects the greedy opponent rather than replacing it.
//!
//! The budget is counted in commands simulated, not in time: the choice stays a pure function of
//! the position and the game's seed (no clock), so a game is reproduced exactly by its commands.
//! The time it takes is measured (`salient sim`, docs/ai.md).

use bevy::prelude::World;

use crate::engine::difficulty::LookAhead;
use crate::engine::{Dice, Game};

use super::{Evaluators, best_index, two_stage};

/// A ruleset whose position the computer can copy and play on: what the look-ahead needs of it.
pub trait Simulate: Evaluators {
    /// A position: everything the rules read and change, without the world.
    type Pos: Clone;
    /// The game's position now.
    fn capture(world: &World) -> Self::Pos;
    /// The position as a side knows it: what the look-ahead plays on for that side's decision, so it
    /// never reads hidden information (the whole position where nothing is hidden).
    fn seen_by(p: &Self::Pos, _side: usize) -> Self::Pos {
        p.clone()
    }
    /// The commands the rules allow on a position (the same list as the game's).
    fn legal_at(p: &Self::Pos) -> Vec<Self::Command>;
    /// Carries out a legal command on a position with these dice (what submitting it does).
    fn exec(p: &mut Self::Pos, dice: &mut Dice, c: Self::Command);
    /// The Normal scores of the legal commands on a position (the rollout policy).
    fn scores_at(p: &Self::Pos, legal: &[Self::Command]) -> Vec<f32>;
    /// The Hard scores of the legal commands on a position ([`Evaluators::hard_scores`]): the
    /// rollout policy of the deciding side. By default the Normal scores.
    fn hard_scores_at(p: &Self::Pos, legal: &[Self::Command]) -> Vec<f32> {
        Self::scores_at(p, legal)
    }
    /// The side (its index) that decides on a position; `None` once the game is over.
    fn decider(p: &Self::Pos) -> Option<usize>;
    /// The side whose turn a position is, at the positions where control changes hands (the
    /// horizon counts its changes, [`LookAhead::replies`]); `None` at a decision inside a turn (a
    /// reaction, a window). By default every decision's decider.
    fn turn(p: &Self::Pos) -> Option<usize> {
        Self::decider(p)
    }
    /// What a position is worth to a side, in the units of its scores.
    fn value(p: &Self::Pos, side: usize) -> f32;
    /// How much this decision looks ahead; `None` when it is not worth it (the Normal choice).
    fn budget(p: &Self::Pos, legal: &[Self::Command]) -> Option<LookAhead>;
    /// Every unit: its id, its side's index and its strength now (castings, steps), for the threat view.
    fn strengths(p: &Self::Pos) -> Vec<(String, usize, f32)>;
}

/// What the enemy may do to one of a side's units before that side's next turn (the threat view).
#[derive(Clone, Debug, PartialEq)]
pub struct Threat {
    /// The unit's id in the scenario.
    pub unit: String,
    /// The chance that it loses strength.
    pub chance: f32,
    /// The strength it is expected to lose (castings, steps).
    pub loss: f32,
}

/// Simulations of the threat view.
pub const THREAT_SAMPLES: usize = 12;

/// The threat view (docs/gui.md, "The threat view"): the game played on from the position `side`
/// knows, by the Normal opponent for both sides, through the rest of the turn under way and the
/// enemy's next ([`THREAT_SAMPLES`] dice samples), and what each of `side`'s units lost in them:
/// the chance of a loss and the loss expected. Units that lose nothing in every sample are left out.
pub fn threats<R: Simulate>(game: &Game<R>, side: usize) -> Vec<Threat> {
    let root = R::seen_by(&R::capture(game.world()), side);
    let before = R::strengths(&root);
    let budget = LookAhead { candidates: 0, samples: THREAT_SAMPLES, replies: 2, steps: 150, greedy: 0.0 };
    let seed = mix(game.origin().seed ^ 0x7417, game.history().len() as u64);
    let mut hit = vec![0usize; before.len()];
    let mut lost = vec![0.0f32; before.len()];
    for s in 0..budget.samples {
        let mut p = root.clone();
        let mut dice = Dice::new(mix(seed, s as u64));
        let start = R::decider(&p).unwrap_or(side);
        play_on::<R>(&mut p, &mut dice, start, None, &LookAhead { replies: if start == side { 2 } else { 1 }, ..budget });
        for (i, ((_, _, was), (_, _, now))) in before.iter().zip(R::strengths(&p)).enumerate() {
            if now < *was {
                hit[i] += 1;
                lost[i] += was - now;
            }
        }
    }
    let n = budget.samples as f32;
    before
        .into_iter()
        .enumerate()
        .filter(|(i, (_, s, _))| *s == side && hit[*i] > 0)
        .map(|(i, (unit, _, _))| Threat { unit, chance: hit[i] as f32 / n, loss: lost[i] / n })
        .collect()
}

/// SplitMix64 of two numbers: seeds for the samples and the Easy opponent's draw.
pub fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The Hard scores of a decision's legal commands, from their Normal `scores` (see the module).
pub fn look_ahead<R: Simulate>(game: &Game<R>, legal: &[R::Command], scores: Vec<f32>) -> Vec<f32> {
    let whole = R::capture(game.world());
    let Some(side) = R::decider(&whole) else { return scores };
    let root = R::seen_by(&whole, side);
    let Some(budget) = R::budget(&root, legal) else { return scores };
    let seed = mix(game.origin().seed, game.history().len() as u64);
    let greedy = scores.clone();
    two_stage(scores, budget.candidates, |i, _| {
        let total: f32 = (0..budget.samples)
            .map(|s| {
                let mut p = root.clone();
                let mut dice = Dice::new(mix(seed, s as u64));
                R::exec(&mut p, &mut dice, legal[i].clone());
                play_on::<R>(&mut p, &mut dice, side, Some(side), &budget);
                R::value(&p, side)
            })
            .sum();
        total / budget.samples.max(1) as f32 + budget.greedy * greedy[i]
    })
}

/// Plays a position on to the budget's horizon by the Normal scores of both sides, but the `hard`
/// side's by its Hard scores (the side the look-ahead decides for plays on as it would play).
fn play_on<R: Simulate>(p: &mut R::Pos, dice: &mut Dice, side: usize, hard: Option<usize>, budget: &LookAhead) {
    let mut last = side;
    let mut passes = 0;
    for _ in 0..budget.steps {
        let Some(decider) = R::decider(p) else { return };
        if let Some(now) = R::turn(p)
            && now != last
        {
            passes += 1;
            last = now;
            if passes >= budget.replies {
                return;
            }
        }
        let legal = R::legal_at(p);
        let pick = match legal.len() {
            0 => return,
            1 => 0,
            _ if Some(decider) == hard => best_index(&R::hard_scores_at(p, &legal)).unwrap_or(0),
            _ => best_index(&R::scores_at(p, &legal)).unwrap_or(0),
        };
        let Some(c) = legal.into_iter().nth(pick) else { return };
        R::exec(p, dice, c);
    }
}

#[cfg(test)]
mod tests {
    use super::mix;

    #[test]
    fn mix_spreads_neighbouring_inputs() {
        assert_ne!(mix(1, 0), mix(1, 1));
        assert_ne!(mix(1, 0), mix(2, 0));
        assert_eq!(mix(7, 9), mix(7, 9));
    }
}
