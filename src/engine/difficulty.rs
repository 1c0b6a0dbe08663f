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
