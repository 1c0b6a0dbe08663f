//! The one source of randomness (DESIGN.md, core contract 2): a seeded, portable generator
//! (ChaCha8), forced rolls for tests and scripts, and a log of every roll with its purpose and rule.

use std::collections::VecDeque;

use bevy::prelude::Resource;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

/// One die roll as the log records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRoll {
    /// Position in the game's roll log, from 0.
    pub index: usize,
    /// Number of faces (6 for a d6; for a draw from a pool, the pool's size).
    pub sides: u32,
    pub value: u32,
    /// What the roll decides, in words ("barrage on F12 hits?").
    pub purpose: String,
    /// The rule that calls for it ("6", "4.1").
    pub rule: String,
    /// True when the value came from the forced queue rather than the generator.
    pub forced: bool,
}

/// The dice of one game.
#[derive(Resource, Debug)]
pub struct Dice {
    seed: u64,
    rng: ChaCha8Rng,
    forced: VecDeque<u32>,
    log: Vec<DieRoll>,
}

impl Dice {
    pub fn new(seed: u64) -> Self {
        Dice { seed, rng: ChaCha8Rng::seed_from_u64(seed), forced: VecDeque::new(), log: Vec::new() }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Queues values that the next rolls return, in order, before the generator is used again.
    /// A forced value larger than the die's faces wraps round (`((v - 1) % sides) + 1`), so a forced
    /// value always yields a legal result.
    pub fn force(&mut self, values: impl IntoIterator<Item = u32>) {
        self.forced.extend(values);
    }

    /// Forced values not used yet.
    pub fn forced_remaining(&self) -> Vec<u32> {
        self.forced.iter().copied().collect()
    }

    /// Rolls one die with `sides` faces (1..=sides), logging it.
    pub fn roll(&mut self, sides: u32, purpose: impl Into<String>, rule: &str) -> u32 {
        let sides = sides.max(1);
        let (value, forced) = match self.forced.pop_front() {
            Some(v) => ((v.max(1) - 1) % sides + 1, true),
            None => (self.rng.random_range(1..=sides), false),
        };
        self.log.push(DieRoll { index: self.log.len(), sides, value, purpose: purpose.into(), rule: rule.to_string(), forced });
        value
    }

    /// A six-sided die.
    pub fn d6(&mut self, purpose: impl Into<String>, rule: &str) -> u32 {
        self.roll(6, purpose, rule)
    }

    /// Draws one of `n` items (a marker from an opaque cup): returns its index, 0-based.
    pub fn draw(&mut self, n: usize, purpose: impl Into<String>, rule: &str) -> usize {
        self.roll(n as u32, purpose, rule) as usize - 1
    }

    pub fn log(&self) -> &[DieRoll] {
        &self.log
    }

    pub fn rolls(&self) -> usize {
        self.log.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_rolls_and_forced_first() {
        let mut a = Dice::new(7);
        let mut b = Dice::new(7);
        let ra: Vec<u32> = (0..20).map(|_| a.d6("t", "0")).collect();
        let rb: Vec<u32> = (0..20).map(|_| b.d6("t", "0")).collect();
        assert_eq!(ra, rb);
        assert!(ra.iter().all(|v| (1..=6).contains(v)));
        let mut c = Dice::new(7);
        c.force([6, 1, 9]);
        assert_eq!(c.d6("a", "3.2"), 6);
        assert_eq!(c.d6("b", "3.2"), 1);
        assert_eq!(c.d6("c", "3.2"), 3);
        assert!(c.log()[0].forced && c.log()[2].forced);
        assert_eq!(c.d6("d", "3.2"), ra[0]);
        assert!(!c.log()[3].forced);
        assert_eq!(c.log()[1].rule, "3.2");
    }
}
