//! In the Trenches: Devil Dogs: the rulebook's worked examples and rules as tests (section numbers in
//! the names), random and computer games with every invariant checked.

mod ai;
mod ai_levels;
mod armour;
mod combat;
mod fixtures;
#[cfg(feature = "gui")]
mod hot_seat;
mod indirect;
mod movement;
mod properties;
mod random_play;
mod sequence;
mod sight;
mod special;
