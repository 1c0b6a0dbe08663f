//! The Into the Bastards! evaluators (docs/ai.md): a score for each legal command of the pending
//! decision, from the scenario's victory conditions (what to take and hold), the rules' previews
//! (what each command costs and its odds) and the scenario's `ai` tuning (aggression, caution,
//! objective weights per side).

pub mod act;
pub mod brain;
pub mod search;
pub mod support;

use bevy::prelude::*;

use crate::engine::Ruleset;
use crate::rulesets::bastards::state::Phase;
use crate::rulesets::bastards::units::Side;
use crate::rulesets::bastards::{Bastards, Command, phase};

use super::Evaluators;
use super::search as look;
use crate::engine::Game;

impl Evaluators for Bastards {
    fn scores(world: &World, legal: &[Command]) -> Vec<f32> {
        if legal.len() <= 1 {
            return vec![0.0; legal.len()];
        }
        match phase(world) {
            Some(Phase::Activation) => act::scores(world, legal),
            Some(Phase::Barrage) => support::barrage(world, legal),
            Some(Phase::Choose) => support::choice(world, legal),
            Some(Phase::Pause) => support::pause(world, legal),
            Some(Phase::NightDeploy) => support::night_deploy(world, legal),
            Some(Phase::IntensityTest) => support::cohesion(world, legal),
            _ => vec![0.0; legal.len()],
        }
    }

    const LOOKS_AHEAD: bool = true;

    /// The Normal scores with the deciding side's Hard aggression and caution (`ai.<side>.hard`).
    fn hard_scores(world: &World, legal: &[Command]) -> Vec<f32> {
        match Bastards::pending(world).and_then(|p| Side::from_id(&p.side)) {
            Some(side) => brain::as_hard(side, || Self::scores(world, legal)),
            None => Self::scores(world, legal),
        }
    }

    fn look_ahead(game: &Game<Bastards>, legal: &[Command], scores: Vec<f32>) -> Vec<f32> {
        look::look_ahead(game, legal, scores)
    }

    fn threats(game: &Game<Bastards>, side: usize) -> Option<Vec<look::Threat>> {
        Some(look::threats(game, side))
    }
}
