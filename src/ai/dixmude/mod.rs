//! The Tempête sur Dixmude computer opponent (docs/ai.md): the German grinds towards Diksmuide and
//! the left bank with bombing and assaults, the Franco-Belgian holds the left bank and
//! counter-attacks (11). Phase F (8) and the strategies (12) are looked ahead with the rules' own
//! steps (`plan`), the greedy scores (`brain`) playing on to the horizon; the greedy scores decide
//! the rest of phases D, E and G; phase C weighs counters against RP. The computer reads only its
//! own hand (hidden hands, 5).

mod brain;
pub mod plan;

use bevy::prelude::*;

use crate::rulesets::dixmude::state::Pos;
use crate::rulesets::dixmude::{Command, Dixmude, view};

use super::Evaluators;

impl Evaluators for Dixmude {
    fn scores(world: &World, legal: &[Command]) -> Vec<f32> {
        if legal.len() <= 1 {
            return vec![0.0; legal.len()];
        }
        let p = Pos::capture(world);
        let Some((side, _, _)) = view::pending_of(&p) else { return vec![0.0; legal.len()] };
        plan::scores(&p, side, legal)
    }
}
