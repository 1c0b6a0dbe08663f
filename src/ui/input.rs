//! (being written)

use bevy::prelude::*;

pub fn plugin(_app: &mut App) {}
