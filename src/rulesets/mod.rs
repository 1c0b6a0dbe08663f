//! The registry: the one place that names every ruleset (docs/architecture.md).

pub mod bastards;

use crate::engine::RulesetEntry;

/// Every ruleset this program plays.
pub fn registry() -> Vec<RulesetEntry> {
    vec![bastards::entry()]
}
