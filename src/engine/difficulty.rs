//! How hard the computer opponent plays (docs/ai.md, "Difficulty"). The engine only carries the
//! level from the player (the window's settings, `salient sim --controllers ai:hard,…`) to the
//! ruleset's opponent; what each level does is the AI's.

use serde::{Deserialize, Serialize};

/// The computer opponent's level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Difficulty {
    /// The normal opponent's scores, but it does not always take the best: now and then the second
    /// or third best command.
    Easy,
    /// The best command by the ruleset's scores (the opponent of every measured game in the docs).
    #[default]
    Normal,
    /// Looks ahead: plays the best candidates on copies of the position, under sampled dice, and
    /// keeps the one that leaves the best position (only for rulesets whose opponent has a look-ahead).
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];
    /// Without the look-ahead.
    pub const GREEDY: [Difficulty; 2] = [Difficulty::Easy, Difficulty::Normal];

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "Easy",
            Difficulty::Normal => "Normal",
            Difficulty::Hard => "Hard",
        }
    }

    /// The lower-case id used on the command line (`ai:hard`).
    pub fn id(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }

    pub fn parse(s: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.id() == s)
    }
}

/// How much the Hard opponent looks ahead at one decision (docs/ai.md, "The look-ahead"): the
/// scenario's `ai` settings of a side (`look_ahead: (candidates: 6)`), each field optional. Counted in
/// commands simulated, not in time, so a game replays the same on any machine.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct LookAhead {
    /// The candidates (best by the Normal scores) played ahead.
    pub candidates: usize,
    /// Dice samples per candidate, common to every candidate.
    pub samples: usize,
    /// How many times control passes from one side to the other before a simulation stops (2: the
    /// enemy's turn, then back).
    pub replies: usize,
    /// At most this many commands per simulation after the candidate.
    pub steps: usize,
    /// The share of the Normal score kept beside the look-ahead's value (0: the value alone).
    pub greedy: f32,
}

impl Default for LookAhead {
    fn default() -> Self {
        LookAhead { candidates: 4, samples: 2, replies: 2, steps: 40, greedy: 0.5 }
    }
}

impl LookAhead {
    /// What is wrong with a budget a scenario gives, in words a modder reads (empty when nothing):
    /// each figure within what a decision can afford.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut within = |name: &str, value: usize, most: usize| {
            if value == 0 || value > most {
                out.push(format!("look_ahead.{name} is {value}: from 1 to {most}"));
            }
        };
        within("candidates", self.candidates, 16);
        within("samples", self.samples, 16);
        within("replies", self.replies, 8);
        within("steps", self.steps, 400);
        if !(self.greedy.is_finite() && (0.0..=10.0).contains(&self.greedy)) {
            out.push(format!("look_ahead.greedy is {}: from 0 to 10", self.greedy));
        }
        out
    }
}

/// The Hard opponent's own weights for a side (docs/ai.md, "Difficulty"): the scenario's `ai`
/// settings of the side (`hard: (aggression: 4.0)`), each left out taking the side's own. The Normal
/// opponent keeps the side's weights, so a scenario can ask more of its Hard opponent than of the
/// opponent its balance was measured with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct HardWeights {
    /// The Hard opponent's willingness to attack, instead of the side's `aggression`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aggression: Option<f32>,
    /// The Hard opponent's weight of the risk to its own units, instead of the side's `caution`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caution: Option<f32>,
}

impl HardWeights {
    /// The aggression and caution the Hard opponent plays with, from the side's own.
    pub fn over(&self, aggression: f32, caution: f32) -> (f32, f32) {
        (self.aggression.unwrap_or(aggression), self.caution.unwrap_or(caution))
    }

    /// What is wrong with the weights a scenario gives (empty when nothing): each from 0 to 10.
    pub fn problems(&self) -> Vec<String> {
        hard_weight_problems(&[("aggression", self.aggression), ("caution", self.caution)], 10.0)
    }
}

/// What is wrong with a ruleset's Hard weights (`hard: (…)`, each optional), in words a modder reads
/// (empty when nothing): each given weight from 0 to `most`.
pub fn hard_weight_problems(weights: &[(&str, Option<f32>)], most: f32) -> Vec<String> {
    weights
        .iter()
        .filter_map(|&(name, v)| {
            v.filter(|v| !(v.is_finite() && (0.0..=most).contains(v))).map(|v| format!("hard.{name} is {v}: from 0 to {most}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{HardWeights, LookAhead};

    #[test]
    fn a_budget_out_of_range_is_named_with_its_range() {
        assert!(LookAhead::default().problems().is_empty());
        let bad = LookAhead { candidates: 0, steps: 5000, greedy: f32::NAN, ..Default::default() };
        let problems = bad.problems();
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].contains("look_ahead.candidates is 0: from 1 to 16"));
        assert!(problems[1].contains("look_ahead.steps is 5000: from 1 to 400"));
        assert!(problems[2].contains("look_ahead.greedy"));
    }

    #[test]
    fn hard_weights_left_out_are_the_sides_own_and_out_of_range_are_named() {
        let w = HardWeights { aggression: Some(4.0), caution: None };
        assert_eq!(w.over(1.0, 0.7), (4.0, 0.7));
        assert_eq!(HardWeights::default().over(1.5, 0.5), (1.5, 0.5));
        assert!(w.problems().is_empty());
        let bad = HardWeights { aggression: Some(-1.0), caution: Some(f32::INFINITY) };
        let problems = bad.problems();
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].contains("hard.aggression is -1: from 0 to 10"));
    }
}
