//! Where hexes are on screen. The board gives each hex a centre in map space (x east, y south,
//! neighbours 1 apart); the window scales that by [`HEX`] world units and flips y, since Bevy's y
//! points up. The tile map is then lined up on those centres (see [`tilemap_layout`]).

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use hexx::Hex;

use crate::engine::board::HexBoard;
use crate::engine::board::hex::{Orientation, Shifted};

pub use super::art::features::HEX;

/// Circumradius of a hexagon (centre to corner) in world units.
pub fn hex_radius() -> f32 {
    HEX / 3f32.sqrt()
}

/// The centre of a hex in world space.
pub fn hex_to_world(board: &HexBoard, h: Hex) -> Vec2 {
    let (x, y) = board.center(h);
    Vec2::new(x * HEX, -y * HEX)
}

/// The hex under a world position, if it is on the board.
pub fn world_to_hex(board: &HexBoard, p: Vec2) -> Option<Hex> {
    let h = fractional_hex(board, p);
    board.contains(h).then_some(h)
}

/// The hex nearest a world position, on the board or not.
pub fn fractional_hex(board: &HexBoard, p: Vec2) -> Hex {
    let (x, y) = (p.x / HEX, -p.y / HEX);
    let (q, r) = match board.orientation {
        Orientation::PointyTop => {
            let r = y * 2.0 / 3f32.sqrt();
            (x - r / 2.0, r)
        }
        Orientation::FlatTop => {
            let q = x * 2.0 / 3f32.sqrt();
            (q, y - q / 2.0)
        }
    };
    cube_round(q, r)
}

fn cube_round(x: f32, y: f32) -> Hex {
    let z = -x - y;
    let (mut rx, mut ry, rz) = (x.round(), y.round(), z.round());
    let (dx, dy, dz) = ((rx - x).abs(), (ry - y).abs(), (rz - z).abs());
    if dx > dy && dx > dz {
        rx = -ry - rz;
    } else if dy > dz {
        ry = -rx - rz;
    }
    Hex::new(rx as i32, ry as i32)
}

/// The six corners of a hex in world space.
pub fn hex_corners(board: &HexBoard, h: Hex, shrink: f32) -> [Vec2; 6] {
    let c = hex_to_world(board, h);
    let r = hex_radius() - shrink;
    let mut out = [Vec2::ZERO; 6];
    for (i, p) in out.iter_mut().enumerate() {
        let a = match board.orientation {
            Orientation::PointyTop => (60.0 * i as f32 + 30.0).to_radians(),
            Orientation::FlatTop => (60.0 * i as f32).to_radians(),
        };
        *p = c + Vec2::new(a.cos(), a.sin()) * r;
    }
    out
}

/// The tile of a hex: column, and the row counted from the bottom (tile maps grow upwards).
pub fn tile_pos(board: &HexBoard, h: Hex) -> Option<TilePos> {
    let (c, r) = board.offset_of(h);
    board.contains(h).then(|| TilePos { x: c as u32, y: board.rows - 1 - r as u32 })
}

/// Texture pixels per world unit of the tiles.
pub const TILE_DENSITY: f32 = 2.0;

/// The tile map's coordinate system and the translation that puts each tile on its hex's centre,
/// for a pointy-top board. Tile maps count rows from the bottom, so which rows are shifted depends
/// on the parity of the number of rows.
pub fn tilemap_layout(board: &HexBoard, grid: &TilemapGridSize) -> (HexCoordSystem, Vec2) {
    let rows = board.rows;
    // Parity of the tile rows (counted from the bottom) that sit half a hex east.
    let shifted_parity = match board.shifted {
        Shifted::Even => rows % 2,
        Shifted::Odd => (rows + 1) % 2,
    };
    let system = if shifted_parity == 1 { HexCoordSystem::RowOdd } else { HexCoordSystem::RowEven };
    let h0 = board.hex_at(0, 0);
    let pos = tile_pos(board, h0).unwrap_or(TilePos { x: 0, y: 0 });
    let size = TilemapSize { x: board.columns, y: board.rows };
    let tile = TilemapTileSize { x: grid.x, y: grid.y };
    let local = pos.center_in_world(&size, grid, &tile, &TilemapType::Hexagon(system), &TilemapAnchor::None);
    let offset = hex_to_world(board, h0) - local / TILE_DENSITY;
    (system, offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_sit_on_hex_centres_for_both_row_parities() {
        for rows in [26, 27] {
            for shifted in [Shifted::Even, Shifted::Odd] {
                let board = HexBoard::blank(12, rows, Orientation::PointyTop, shifted, "clear");
                let grid = TilemapGridSize { x: HEX * TILE_DENSITY, y: HEX * TILE_DENSITY * 2.0 / 3f32.sqrt() };
                let (system, offset) = tilemap_layout(&board, &grid);
                let size = TilemapSize { x: board.columns, y: board.rows };
                let tile = TilemapTileSize { x: grid.x, y: grid.y };
                for h in board.hexes() {
                    let pos = tile_pos(&board, h).unwrap();
                    let local = pos.center_in_world(&size, &grid, &tile, &TilemapType::Hexagon(system), &TilemapAnchor::None);
                    let world = offset + local / TILE_DENSITY;
                    let want = hex_to_world(&board, h);
                    assert!((world - want).length() < 0.01, "{rows} rows {shifted:?}: {} at {world} not {want}", board.label(h));
                }
            }
        }
    }

    #[test]
    fn picking_round_trips() {
        let board = HexBoard::blank(32, 27, Orientation::PointyTop, Shifted::Even, "clear");
        for h in board.hexes() {
            let c = hex_to_world(&board, h);
            assert_eq!(world_to_hex(&board, c), Some(h));
            assert_eq!(world_to_hex(&board, c + Vec2::new(HEX * 0.4, HEX * 0.2)), Some(h));
        }
        assert_eq!(world_to_hex(&board, Vec2::new(-500.0, 500.0)), None);
    }
}
