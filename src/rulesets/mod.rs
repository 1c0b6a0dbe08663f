//! The registry: the composition root, the one place that names every ruleset and wires its rules to
//! its computer opponent (docs/architecture.md, docs/adding-a-ruleset.md), and, in the window's
//! build, to its presenter (docs/gui.md).

pub mod bastards;
pub mod dixmude;
pub mod martians;
pub mod rtc;
pub mod trenches;

use crate::ai::Computer;
use crate::engine::RulesetEntry;
use crate::engine::session::entry;

/// Every ruleset this program plays: its rules, its computer opponent and its shipped files.
pub fn registry() -> Vec<RulesetEntry> {
    vec![
        entry::<bastards::Bastards, Computer>(bastards::SHIPPED),
        entry::<rtc::Rtc, Computer>(rtc::SHIPPED),
        entry::<dixmude::Dixmude, Computer>(dixmude::SHIPPED),
        entry::<trenches::Trenches, Computer>(trenches::SHIPPED),
        entry::<martians::Martians, Computer>(martians::SHIPPED),
    ]
}

/// Every ruleset's window presenter, in the registry's order (the window's half of each entry).
#[cfg(feature = "gui")]
pub fn presenters() -> &'static [&'static dyn crate::ui::presenter::Presenter] {
    &[
        &crate::ui::bastards::Window,
        &crate::ui::rtc::Window,
        &crate::ui::dixmude::Window,
        &crate::ui::trenches::Window,
        &crate::ui::martians::Window,
    ]
}
