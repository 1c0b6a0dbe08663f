//! Short messages shown over the map (refusals, saves), gone after a few seconds.

use bevy::prelude::*;

/// Short messages shown over the map (refusals, saves).
#[derive(Resource, Default)]
pub struct Toasts(pub Vec<(String, f32)>);

impl Toasts {
    pub fn show(&mut self, text: impl Into<String>) {
        self.0.push((text.into(), 0.0));
        if self.0.len() > 4 {
            self.0.remove(0);
        }
    }
}

/// Ages the messages and drops the old ones.
pub fn age_toasts(time: Res<Time>, mut toasts: ResMut<Toasts>) {
    for t in toasts.0.iter_mut() {
        t.1 += time.delta_secs();
    }
    toasts.0.retain(|t| t.1 < 6.0);
}
