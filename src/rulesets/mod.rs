//! The registry: the one place that names every ruleset (docs/architecture.md).

pub mod bastards;
pub mod rtc;

use crate::engine::RulesetEntry;

/// Every ruleset this program plays.
pub fn registry() -> Vec<RulesetEntry> {
    vec![bastards::entry(), rtc::entry()]
}
