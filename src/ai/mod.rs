//! The computer opponent: a candidate-action framework shared by every ruleset (DESIGN.md, The
//! computer opponent). Take the pending decision's legal commands, score each with the ruleset's
//! evaluators (which reuse the odds the window shows the player), pick the best; ties go to the first
//! in the legal order, so a game is deterministic for its seed.

pub mod bastards;

use crate::engine::{Game, Ruleset};

/// The best legal command now, by the ruleset's scores.
pub fn choose<R: Ruleset>(game: &mut Game<R>) -> Option<R::Command> {
    let legal = game.legal().to_vec();
    if legal.is_empty() {
        return None;
    }
    let scores = R::ai_scores(game.world(), &legal);
    let mut best = 0;
    for (i, s) in scores.iter().enumerate() {
        if *s > scores[best] {
            best = i;
        }
    }
    legal.into_iter().nth(best)
}
