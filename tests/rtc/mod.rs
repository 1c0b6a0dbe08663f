//! Royal Tank Corps rules, tested from the rulebook (../shared/rules/001_0ab5155b33908f8e.txt).
//! Test names carry the section: `_rtc_10_3` is rule 10.3.

mod action;
mod ai;
mod ai_levels;
mod bombardment;
mod data;
pub mod fixtures;
mod random_play;
mod readings;
mod sequence;
