//! The Into the Bastards! evaluators.

use bevy::prelude::*;

use crate::rulesets::bastards::Command;

/// A score for each legal command.
pub fn scores(_world: &World, legal: &[Command]) -> Vec<f32> {
    // TODO(issue 5): objective-driven evaluators; until then the first legal command.
    vec![0.0; legal.len()]
}
