//! The Into the Bastards! evaluators (docs/ai.md): a score for each legal command of the pending
//! decision, from the scenario's victory conditions (what to take and hold), the rules' previews
//! (what each command costs and its odds) and the scenario's `ai` tuning (aggression, caution,
//! objective weights per side).

pub mod act;
pub mod brain;
pub mod search;
pub mod support;

use bevy::prelude::*;

use crate::rulesets::bastards::state::Phase;
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

    fn look_ahead(game: &Game<Bastards>, legal: &[Command], scores: Vec<f32>) -> Vec<f32> {
        look::look_ahead(game, legal, scores)
    }

    fn threats(game: &Game<Bastards>, side: usize) -> Option<Vec<look::Threat>> {
        Some(look::threats(game, side))
    }
}
