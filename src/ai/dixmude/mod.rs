//! The Tempête sur Dixmude computer opponent (docs/ai.md): the German grinds towards Diksmuide and
//! the left bank with bombing and assaults, the Franco-Belgian holds the left bank and
//! counter-attacks (11). In phase F (8) every candidate is looked ahead with the rules' own steps
//! (`plan`); elsewhere the greedy scores decide (`brain`). The computer reads only its own hand
//! (hidden hands, 5).

mod brain;
pub mod plan;

use bevy::prelude::*;

use crate::rulesets::dixmude::state::{Phase, Pos};
use crate::rulesets::dixmude::{Command, Dixmude, view};

use super::Evaluators;
use brain::Brain;

impl Evaluators for Dixmude {
    fn scores(world: &World, legal: &[Command]) -> Vec<f32> {
        if legal.len() <= 1 {
            return vec![0.0; legal.len()];
        }
        let p = Pos::capture(world);
        let Some((side, _, _)) = view::pending_of(&p) else { return vec![0.0; legal.len()] };
        if p.r.phase == Phase::Activation {
            return plan::scores(&p, side, legal);
        }
        let brain = Brain::new(&p, side);
        legal.iter().map(|c| brain.score(c)).collect()
    }
}
