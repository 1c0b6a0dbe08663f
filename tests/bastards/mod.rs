//! Into the Bastards! rules, tested from the rulebook (../shared/rules/000_e74385d258b7b28d.txt).
//! Test names carry the section: `_itb_3_3` is rule 3.3.

mod actions;
mod ai_levels;
mod caches;
mod combat;
pub mod fixtures;
mod glossary;
mod night;
mod random_play;
mod sequence;
