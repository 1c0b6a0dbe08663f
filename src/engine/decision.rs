//! The decision/command protocol (DESIGN.md, core contract 1). When the rules need a choice they
//! publish a [`Pending`] decision: who decides, what is asked, under which rule. A controller (the
//! GUI, the AI, a script, a replay) answers with the ruleset's serializable command. A command that is
//! not legal now is refused with a [`Refusal`] and changes nothing.

use std::fmt;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// The decision the game is waiting for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// The side that decides (its id in the scenario, e.g. `allied`).
    pub side: String,
    /// What is asked, in words.
    pub prompt: String,
    /// The rule that asks it.
    pub rule: String,
}

/// Why a command was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    pub reason: String,
    /// The rule that forbids it, when one does.
    pub rule: Option<String>,
}

impl Refusal {
    pub fn new(reason: impl Into<String>) -> Self {
        Refusal { reason: reason.into(), rule: None }
    }
    pub fn by_rule(rule: &str, reason: impl Into<String>) -> Self {
        Refusal { reason: reason.into(), rule: Some(rule.to_string()) }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.rule {
            Some(r) => write!(f, "{} (rule {r})", self.reason),
            None => write!(f, "{}", self.reason),
        }
    }
}

/// The command being applied. A controller's answer is put here; the ruleset's systems for the
/// current phase take it.
#[derive(Resource)]
pub struct Inbox<C>(pub Option<C>);

impl<C> Default for Inbox<C> {
    fn default() -> Self {
        Inbox(None)
    }
}
