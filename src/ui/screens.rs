//! The hand-over screen between two people playing at one screen, and the game-over screen.

use bevy::prelude::*;

/// The hand-over screen is up: the map is hidden until the next player clicks.
#[derive(Resource, Default)]
pub struct HandOver {
    pub showing: bool,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<HandOver>();
}
