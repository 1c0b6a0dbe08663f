//! Martians, Indunas, Colonels and Emirs: the rulebook's worked examples and rules as tests (section
//! numbers in the names), property tests, fuzzed command streams, and random and computer games with
//! every invariant checked after every command.

mod ai_levels;
mod campaign;
mod combat;
mod fixtures;
mod properties;
mod random_play;
mod sequence;
mod table;
mod transports;
