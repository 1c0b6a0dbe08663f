//! Into the Bastards!'s map for the hex view: the terrain tile of each hex (shell holes along the front
//! line of 24 April), the rows the scenario does not use, and the two sides' map edges.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use bevy::prelude::*;

use crate::rulesets::bastards::scenario::Scenario;
use crate::ui::art::{self, terrain};
use crate::ui::board::hex::map::{HexMap, tile_array};

use super::session::PlaySession;

/// The hex map of a scenario, its terrain tiles in `tiles`.
fn hex_map(scenario: &Scenario, tiles: Handle<Image>) -> HexMap {
    let board = &scenario.board;
    let (first, last) = scenario.rows_in_play();
    // The front line of 24 April runs down columns 25-30: shell holes there.
    let front = (board.columns as f32 * 0.72) as i32..=(board.columns as i32 - 2);
    let mut cell_tiles = HashMap::new();
    let mut out_of_play = HashSet::new();
    for h in board.hexes() {
        let (col, row) = board.offset_of(h);
        let seed = art::hash(h.x as i64, h.y as i64, 77);
        let cratered = front.contains(&col) && !seed.is_multiple_of(3);
        let kind = terrain::tile_for(board.terrain(h).unwrap_or(""), seed >> 8, cratered);
        cell_tiles.insert(h, terrain::atlas_index(kind));
        if (row as u32) < first || (row as u32) > last {
            out_of_play.insert(h);
        }
    }
    let rows = scenario.spec.rows_in_play.clone().map(|(a, b)| format!("rows {a}–{b}")).unwrap_or_default();
    let edges = HashMap::from([
        ("allied".to_string(), ("ALLIED".to_string(), Color::srgb(0.62, 0.52, 0.3))),
        ("german".to_string(), ("GERMAN".to_string(), Color::srgb(0.36, 0.39, 0.37))),
    ]);
    HexMap {
        key: format!("{}#{}", scenario.path, scenario.spec.info.id),
        board: board.clone(),
        tiles,
        tile_size: UVec2::new(terrain::TILE_W, terrain::TILE_H),
        cell_tiles,
        out_of_play,
        out_of_play_note: format!("Not in play in this scenario (it uses {rows})"),
        edges,
    }
}

/// Gives the hex view the session's map when it has none or the scenario was read again (a loaded
/// save, a hot reload).
pub fn present_map(
    mut commands: Commands,
    session: Option<Res<PlaySession>>,
    map: Option<Res<HexMap>>,
    mut shown: Local<Option<Arc<Scenario>>>,
    mut tiles: Local<Option<Handle<Image>>>,
    mut images: ResMut<Assets<Image>>,
) {
    let Some(session) = session else { return };
    let scenario = session.scenario();
    if map.is_some() && shown.as_ref().is_some_and(|s| Arc::ptr_eq(s, scenario)) {
        return;
    }
    let tiles = tiles
        .get_or_insert_with(|| {
            let layers = terrain::all_tiles().len() as u32;
            images.add(tile_array(terrain::TILE_W, terrain::TILE_H, layers, terrain::tile_levels(), terrain::tile_layers()))
        })
        .clone();
    commands.insert_resource(hex_map(scenario, tiles));
    *shown = Some(scenario.clone());
}
