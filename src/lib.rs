//! Salient: historical board and miniatures wargames played as computer games, on Bevy.
//!
//! - [`engine`]: ruleset-agnostic core (boards, dice, decisions and commands, journal, saves).
//! - [`rulesets`]: one Bevy plugin per rule system, and the registry.
//! - [`cli`]: the `salient` subcommands.
//! - `ui` (feature `gui`): the window (without it, only its launch options).

pub mod ai;
pub mod cli;
pub mod engine;
#[doc(hidden)]
pub mod fuzzing;
pub mod rulesets;
#[cfg(feature = "gui")]
pub mod ui;
/// Built without the window: only its launch options, so that `salient play` still parses and says so.
#[cfg(not(feature = "gui"))]
pub mod ui {
    pub mod launch;
    pub use launch::LaunchArgs;
}
