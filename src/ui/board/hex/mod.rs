//! The hex board view: draws a hex map a presenter describes ([`map::HexMap`]) — terrain tiles,
//! printed features, the place names (`names`, on the label layer: `labels`), hex labels, map edges, the margin — with the terrain drawn into an image only
//! when the view changes (`terrain_layer`), and the pieces and map markers of the
//! [`BoardModel`](super::BoardModel) on it, animated by the presenter's cues (`pieces`), and the
//! model's targets with their costs and odds (`targets`). It names no
//! ruleset: a hex ruleset's presenter inserts the [`map::HexMap`] of its scenario and its
//! [`pieces::PieceArt`], fills the model (and the cues of a move played) and adds [`HexView`].

pub mod input;
pub mod map;
pub mod names;
pub mod pieces;
pub mod targets;
pub mod terrain_layer;

use bevy::prelude::*;

/// The hex view's systems (added once, however many hex rulesets use it: see [`add_to`]).
pub struct HexView;

impl Plugin for HexView {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            crate::ui::map::plugin,
            input::plugin,
            crate::ui::board::labels::add_to,
            map::plugin,
            names::plugin,
            pieces::plugin,
            targets::plugin,
            terrain_layer::plugin,
        ));
    }
}

/// Adds the hex view to the app unless another presenter has.
pub fn add_to(app: &mut App) {
    if !app.is_plugin_added::<HexView>() {
        app.add_plugins(HexView);
    }
}
