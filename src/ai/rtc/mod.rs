//! The Royal Tank Corps evaluators (docs/ai.md): a score for each legal command of the pending
//! decision, from the victory conditions (3.2 immediate victory, 3.22 victory areas), the rules'
//! own calculators (`attack::offence`/`defence`, `bombardment::lead_strength`, `preview::odds`,
//! `preview::bombardment_odds`, `Ctx::group_move`/`enter_cost`) and the scenario's `ai` tuning.

pub mod act;
pub mod brain;
pub mod search;
pub mod support;

use bevy::prelude::*;

use crate::rulesets::rtc::state::{CombatStep, Phase};
use crate::rulesets::rtc::{Command, Rtc, phase};

use super::Evaluators;
use super::search as look;
use crate::engine::Game;

use brain::Brain;

impl Evaluators for Rtc {
    fn scores(world: &World, legal: &[Command]) -> Vec<f32> {
        if legal.len() <= 1 {
            return vec![0.0; legal.len()];
        }
        let mut b = Brain::new(world);
        if b.ctx.losses.pending.is_some() {
            return support::losses(&b, legal);
        }
        if b.ctx.combat.breakdown.is_some() || b.ctx.bombard.friendly_fire.is_some() {
            return support::least_valuable(&b, legal);
        }
        match phase(world) {
            Some(Phase::Reinforcement) => support::reinforcement(&b, legal),
            Some(Phase::Bombardment) => support::bombardment(&b, legal),
            Some(Phase::Barrage) => support::barrage(&b, legal),
            Some(Phase::Action) => match b.ctx.combat.attack.as_ref().map(|a| a.step) {
                Some(CombatStep::Lead) => act::lead(&mut b, legal),
                Some(CombatStep::Defence) => act::defend(&mut b, legal),
                None => act::action(&mut b, legal),
            },
            Some(Phase::Administration) => support::fatigue(&b, legal),
            _ => vec![0.0; legal.len()],
        }
    }

    const LOOKS_AHEAD: bool = true;

    fn look_ahead(game: &Game<Rtc>, legal: &[Command], scores: Vec<f32>) -> Vec<f32> {
        look::look_ahead(game, legal, scores)
    }

    fn threats(game: &Game<Rtc>, side: usize) -> Option<Vec<look::Threat>> {
        Some(look::threats(game, side))
    }
}
