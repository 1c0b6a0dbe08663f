//! The three kinds of board (DESIGN.md, Boards).

pub mod area;
pub mod hex;
pub mod tabletop;

pub use area::{AreaBoard, AreaMapSpec};
pub use hex::{HexBoard, HexMapSpec, MapEdge};
pub use tabletop::{Tabletop, TabletopSpec};

use std::collections::BTreeMap;
use std::sync::Arc;

use bevy::prelude::*;
use hexx::Hex;

/// A hex cell of the map, as an entity (docs/architecture.md, "The ECS shape").
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexCell(pub Hex);

/// An area of an area map, as an entity, by its printed number.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AreaCell(pub u32);

/// The terrain of a cell or area entity: a name of the ruleset's map vocabulary.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Terrain(pub Arc<str>);

/// One shared name per terrain, so a map of many cells holds each name once.
fn interned(names: &mut BTreeMap<String, Arc<str>>, name: &str) -> Terrain {
    Terrain(names.entry(name.to_string()).or_insert_with(|| name.into()).clone())
}

impl HexBoard {
    /// Spawns every cell with its terrain. The board itself stays the index the rules look terrain
    /// up in (a vector by cell index, far faster than a query per step of a path).
    pub fn spawn_cells(&self, world: &mut World) {
        let mut names = BTreeMap::new();
        let cells: Vec<_> = self.hexes().map(|h| (HexCell(h), interned(&mut names, self.terrain(h).unwrap_or_default()))).collect();
        world.spawn_batch(cells);
    }
}

impl AreaBoard {
    /// Spawns every area with its terrain; the board stays the index (adjacency, borders, distance).
    pub fn spawn_areas(&self, world: &mut World) {
        let mut names = BTreeMap::new();
        let areas: Vec<_> = self.areas.values().map(|a| (AreaCell(a.id), interned(&mut names, &a.terrain))).collect();
        world.spawn_batch(areas);
    }
}
