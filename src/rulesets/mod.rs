//! The registry: the composition root, the one place that names every ruleset and wires its rules to
//! its computer opponent (docs/architecture.md, docs/adding-a-ruleset.md). The window's presenter of
//! each ruleset is to be wired here too.

pub mod bastards;
pub mod rtc;

use crate::ai::Computer;
use crate::engine::RulesetEntry;
use crate::engine::session::entry;

/// Every ruleset this program plays: its rules, its computer opponent and its shipped files.
pub fn registry() -> Vec<RulesetEntry> {
    vec![entry::<bastards::Bastards, Computer>(bastards::SHIPPED), entry::<rtc::Rtc, Computer>(rtc::SHIPPED)]
}
