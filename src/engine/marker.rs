//! Markers as components (docs/architecture.md, "The ECS shape"): a marker on a piece is a
//! component present while the marker is on it, so the rules ask `Has<M>` or filter `With<M>`.

use bevy::prelude::*;

/// Registers component `M` (a marker, a map marker) in a game world, so a snapshot's query that asks
/// for it works before any entity has carried it (`World::try_query` needs it registered).
pub fn register<M: Component>(app: &mut App) {
    app.world_mut().register_component::<M>();
}

/// Puts marker `M` on `piece` (`on`) or takes it off; a marker already as asked is left alone.
pub fn mark<M: Component + Default>(world: &mut World, piece: Entity, on: bool) {
    if let Ok(mut entity) = world.get_entity_mut(piece)
        && entity.contains::<M>() != on
    {
        if on {
            entity.insert(M::default());
        } else {
            entity.remove::<M>();
        }
    }
}
