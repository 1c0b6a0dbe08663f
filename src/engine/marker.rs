//! Markers as components (docs/architecture.md, "The ECS shape"): a marker on a piece is a
//! component present while the marker is on it, so the rules ask `Has<M>` or filter `With<M>`;
//! snapshots read them through a query state cached per thread ([`with_query`]).

use std::cell::RefCell;
use std::thread::LocalKey;

use bevy::ecs::query::QueryData;
use bevy::ecs::world::WorldId;
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

/// A query's state kept per thread for the last world it ran on (a `WorldId` is never reused), so a
/// snapshot taken many times a second does not match every archetype again each time.
pub type QueryCache<D> = RefCell<Option<(WorldId, QueryState<D>)>>;

/// Calls `f` with the cached state of query `D` on `world` (built on first use in this world);
/// `None` when one of its components was never registered.
pub fn with_query<D: QueryData + 'static, T>(
    cache: &'static LocalKey<QueryCache<D>>,
    world: &World,
    f: impl FnOnce(&mut QueryState<D>) -> T,
) -> Option<T> {
    cache.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.as_ref().is_none_or(|(id, _)| *id != world.id()) {
            *cell = world.try_query::<D>().map(|q| (world.id(), q));
        }
        cell.as_mut().map(|(_, q)| f(q))
    })
}
