//! The ruleset-agnostic engine: boards, dice, decisions and commands, the event journal, save and
//! replay, scenario loading and validation. It names no ruleset; see docs/architecture.md.

pub mod board;
pub mod campaign;
pub mod decision;
pub mod dice;
pub mod difficulty;
pub mod game;
pub mod journal;
pub mod loader;
pub mod marker;
pub mod memo;
pub mod paths;
pub mod phase;
pub mod reference;
pub mod ruleset;
pub mod save;
pub mod scenario;
pub mod session;
pub mod settings;
pub mod source;
pub mod validate;
pub mod view;

pub use decision::{Inbox, Pending, Refusal};
pub use dice::{Dice, DieRoll};
pub use difficulty::Difficulty;
pub use game::Game;
pub use journal::{Describe, Journal, RuleEvent};
pub use ruleset::{GameFlow, Rules, Ruleset, emit, goto};
pub use session::{Opponent, RulesetEntry, Session};
pub use view::{StateView, UnitView};
