//! Tempête sur Dixmude: 1914 (the `dixmude` ruleset): the rulebook's rules with forced dice, the
//! set-up, random play with every invariant, the computer opponent.

mod ai;
mod assault;
mod bombing;
mod fixtures;
mod random_play;
mod sequence;
mod stratagems;
