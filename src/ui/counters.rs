//! Whether anything on a board is still moving (counters sliding, results rising): the computer
//! player waits for it before its next move. Each board view counts its own animations into it.

use bevy::prelude::*;

/// The number of animations still playing.
#[derive(Resource, Default)]
pub struct Animations {
    pub moving: usize,
}

impl Animations {
    pub fn busy(&self) -> bool {
        self.moving > 0
    }
}
