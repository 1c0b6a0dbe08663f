//! The hex map as a presenter describes it ([`HexMap`]): its terrain tiles on a bevy_ecs_tilemap tile
//! map, the printed features (roads, rivers, railways, trench lines with their owners' emblems, place
//! names) as one image over it, hex labels at close zoom, the map edges marked by side, the hexes out
//! of play dimmed with a note, and a paper margin round it all.

use std::collections::{HashMap, HashSet};

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat, TextureViewDescriptor, TextureViewDimension};
use bevy::sprite::Anchor;
use bevy_ecs_tilemap::prelude::*;
use hexx::Hex;

use crate::engine::board::{HexBoard, MapEdge};
use crate::ui::Screen;
use crate::ui::art::features::{self, Extent};
use crate::ui::board::BoardFrame;
use crate::ui::camera::{MapCamera, map_scale};
use crate::ui::geometry::{HEX, TILE_DENSITY, hex_radius, hex_to_world, tile_pos, tilemap_layout};
use crate::ui::map::{MapArt, image_from_rgba, z};
use crate::ui::settings::Settings;

/// A hex map to draw, from its presenter: the board, the art of each cell, what is out of play, and
/// how the map edges are marked. Insert it (again) to have the map drawn (again).
#[derive(Resource, Clone)]
pub struct HexMap {
    /// The map's identity (its scenario): a new key fits the camera to it, the same key keeps the view.
    pub key: String,
    pub board: HexBoard,
    /// The terrain tiles as one array texture ([`tile_array`]), and the tile of each cell.
    pub tiles: Handle<Image>,
    pub tile_size: UVec2,
    pub cell_tiles: HashMap<Hex, u32>,
    /// Cells out of play: dimmed, with `out_of_play_note` over them.
    pub out_of_play: HashSet<Hex>,
    pub out_of_play_note: String,
    /// The name and colour of each side's map edge band, by the board's side id.
    pub edges: HashMap<String, (String, Color)>,
}

impl HexMap {
    fn in_play(&self, h: Hex) -> bool {
        !self.out_of_play.contains(&h)
    }
}

/// The system that draws the map: a presenter puts its [`HexMap`] in before it, in the same frame.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct DrawHexMap;

/// The map currently drawn.
#[derive(Resource)]
pub struct DrawnMap {
    pub key: String,
    pub board: HexBoard,
    pub extent: Extent,
}

/// Everything the map spawned (despawned when another map is drawn or the game is left).
#[derive(Component)]
pub struct MapEntity;

/// A square of the printed features' image.
#[derive(Component)]
pub struct FeatureSquare;

/// A hex label ("K05"), shown at close zoom when the setting is on.
#[derive(Component)]
pub struct HexLabel;

/// Terrain tiles (`layers` images of `width` × `height`, each followed by its `levels - 1` smaller
/// mipmaps) as one array texture, sampled trilinearly: zoomed out, the renderer reads small levels
/// rather than the full-size tiles.
pub fn tile_array(width: u32, height: u32, layers: u32, levels: u32, data: Vec<u8>) -> Image {
    let size = Extent3d { width, height, depth_or_array_layers: layers };
    let mut image = Image::new_uninit(size, TextureDimension::D2, TextureFormat::Rgba8UnormSrgb, RenderAssetUsages::RENDER_WORLD);
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = levels;
    image.texture_view_descriptor = Some(TextureViewDescriptor { dimension: Some(TextureViewDimension::D2Array), ..default() });
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        ..ImageSamplerDescriptor::default()
    });
    image
}

/// The side of the squares the feature image is cut into, in pixels.
const FEATURE_SQUARE: u32 = 64;

/// The squares (`side` pixels, smaller at the right and bottom edges) of an RGBA image that hold at
/// least one pixel that is not fully transparent.
pub fn non_empty_squares(rgba: &[u8], w: u32, h: u32, side: u32) -> Vec<Rect> {
    let mut out = Vec::new();
    for y0 in (0..h).step_by(side as usize) {
        for x0 in (0..w).step_by(side as usize) {
            let (x1, y1) = ((x0 + side).min(w), (y0 + side).min(h));
            let filled = (y0..y1).any(|y| {
                let row = &rgba[((y * w + x0) * 4) as usize..((y * w + x1) * 4) as usize];
                row.chunks_exact(4).any(|p| p[3] != 0)
            });
            if filled {
                out.push(Rect::new(x0 as f32, y0 as f32, x1 as f32, y1 as f32));
            }
        }
    }
    out
}

/// Packs squares of an RGBA image `w` pixels wide into a compact atlas (the printed features cover a
/// fraction of the map: the full image would be held as a texture for its empty squares too). Each
/// square gets a cell one pixel larger on every side, its edge pixels repeated there, so that linear
/// sampling at a square's edge reads its own colours and neighbouring squares join without a seam.
/// Returns the atlas's width, height and pixels, and each square's rectangle in it.
pub fn pack_squares(rgba: &[u8], w: u32, squares: &[Rect], side: u32) -> (u32, u32, Vec<u8>, Vec<Rect>) {
    let cell = side + 2;
    let n = squares.len().max(1) as u32;
    let cols = (n as f32).sqrt().ceil() as u32;
    let rows = n.div_ceil(cols);
    let (aw, ah) = (cols * cell, rows * cell);
    let mut out = vec![0u8; (aw * ah * 4) as usize];
    let mut rects = Vec::with_capacity(squares.len());
    for (i, r) in squares.iter().enumerate() {
        let (x0, y0, x1, y1) = (r.min.x as i64, r.min.y as i64, r.max.x as i64, r.max.y as i64);
        let (cx, cy) = ((i as u32 % cols * cell) as i64, (i as u32 / cols * cell) as i64);
        for ty in -1..=(y1 - y0) {
            let sy = (y0 + ty).clamp(y0, y1 - 1);
            for tx in -1..=(x1 - x0) {
                let sx = (x0 + tx).clamp(x0, x1 - 1);
                let from = ((sy * w as i64 + sx) * 4) as usize;
                let to = (((cy + 1 + ty) * aw as i64 + cx + 1 + tx) * 4) as usize;
                out[to..to + 4].copy_from_slice(&rgba[from..from + 4]);
            }
        }
        rects.push(Rect::new((cx + 1) as f32, (cy + 1) as f32, (cx + 1 + x1 - x0) as f32, (cy + 1 + y1 - y0) as f32));
    }
    (aw, ah, out, rects)
}

/// Draws the map its presenter put in [`HexMap`], each time it is put there.
fn draw_map(
    mut commands: Commands,
    map: Res<HexMap>,
    drawn: Option<Res<DrawnMap>>,
    old: Query<Entity, With<MapEntity>>,
    art_res: Res<MapArt>,
    mut images: ResMut<Assets<Image>>,
    mut camera: Query<&mut MapCamera>,
) {
    // The same map re-read from its files (a loaded save, a hot reload) is drawn again, in case it
    // changed, but keeps the camera where it is.
    let same_map = drawn.as_ref().is_some_and(|d| d.key == map.key);
    for e in &old {
        commands.entity(e).despawn();
    }
    let board = &map.board;
    let extent = Extent::of(board);
    spawn_tiles(&mut commands, &map);
    spawn_features(&mut commands, board, &extent, &mut images);
    spawn_dimmed(&mut commands, &map, &art_res);
    spawn_hex_labels(&mut commands, board, &art_res);
    spawn_edges(&mut commands, &map, &extent, &art_res);
    spawn_margin(&mut commands, &extent);
    let world = Rect::new(extent.min_x, -extent.max_y, extent.max_x, -extent.min_y);
    commands.insert_resource(BoardFrame { world, play: play_rect(&map, world) });
    commands.insert_resource(DrawnMap { key: map.key.clone(), board: board.clone(), extent });
    if !same_map {
        for mut cam in &mut camera {
            cam.fit_requested = true;
        }
    }
}

/// An entity of the map: despawned when another map is drawn or the game screen is left.
pub fn of_map() -> (MapEntity, DespawnOnExit<Screen>) {
    (MapEntity, DespawnOnExit(Screen::Game))
}

/// The terrain tiles on a tile map, the cells out of play darker, drawn by the terrain camera.
fn spawn_tiles(commands: &mut Commands, map: &HexMap) {
    let board = &map.board;
    let size = TilemapSize { x: board.columns, y: board.rows };
    let mut storage = TileStorage::empty(size);
    let tilemap = commands.spawn(of_map()).id();
    for h in board.hexes() {
        let Some(pos) = tile_pos(board, h) else { continue };
        let tile = commands
            .spawn((
                TileBundle {
                    position: pos,
                    tilemap_id: TilemapId(tilemap),
                    texture_index: TileTextureIndex(map.cell_tiles.get(&h).copied().unwrap_or(0)),
                    color: TileColor(if map.in_play(h) { Color::WHITE } else { Color::srgb(0.62, 0.62, 0.6) }),
                    ..default()
                },
                of_map(),
            ))
            .id();
        storage.set(&pos, tile);
    }
    let tile_size = TilemapTileSize { x: map.tile_size.x as f32, y: map.tile_size.y as f32 };
    let grid = TilemapGridSize { x: HEX * TILE_DENSITY, y: HEX * TILE_DENSITY * 2.0 / 3f32.sqrt() };
    let (system, offset) = tilemap_layout(board, &grid);
    commands.entity(tilemap).insert(TilemapBundle {
        grid_size: grid,
        map_type: TilemapType::Hexagon(system),
        size,
        storage,
        texture: TilemapTexture::TextureContainer(map.tiles.clone()),
        tile_size,
        anchor: TilemapAnchor::None,
        transform: Transform::from_translation(offset.extend(z::TILES)).with_scale(Vec3::splat(1.0 / TILE_DENSITY)),
        ..default()
    });
    // Drawn by the terrain camera into an image, not by the map camera every frame.
    commands.entity(tilemap).insert(super::terrain_layer::layer());
}

/// The printed features, as one image drawn as its non-empty squares only (sprites of one image
/// batch into one draw): a software renderer pays for every pixel of a sprite, transparent or not.
/// Like the tiles under them, they are drawn into the terrain layer's image, not every frame.
fn spawn_features(commands: &mut Commands, board: &HexBoard, extent: &Extent, images: &mut Assets<Image>) {
    let canvas = features::render(board, 1.0);
    let (w, h) = (canvas.width(), canvas.height());
    let rgba = canvas.to_rgba();
    let squares = non_empty_squares(&rgba, w, h, FEATURE_SQUARE);
    let (aw, ah, atlas, cells) = pack_squares(&rgba, w, &squares, FEATURE_SQUARE);
    drop(rgba);
    let image = images.add(image_from_rgba(aw, ah, atlas));
    let (sx, sy) = (extent.width() / w as f32, extent.height() / h as f32);
    for (r, cell) in squares.into_iter().zip(cells) {
        commands.spawn((
            of_map(),
            FeatureSquare,
            super::terrain_layer::layer(),
            Sprite { image: image.clone(), rect: Some(cell), custom_size: Some(Vec2::new(r.width() * sx, r.height() * sy)), ..default() },
            Anchor::TOP_LEFT,
            Transform::from_xyz(extent.min_x + r.min.x * sx, -extent.min_y - r.min.y * sy, z::FEATURES),
        ));
    }
}

/// The cells out of play: dimmed, with the presenter's note over them.
fn spawn_dimmed(commands: &mut Commands, map: &HexMap, art_res: &MapArt) {
    let board = &map.board;
    let mut dim_centres = Vec::new();
    for h in board.hexes().filter(|h| !map.in_play(*h)) {
        let p = hex_to_world(board, h);
        dim_centres.push(p);
        commands.spawn((
            of_map(),
            super::terrain_layer::layer(),
            Sprite {
                image: art_res.hex_fill.clone(),
                color: Color::srgba(0.08, 0.07, 0.06, 0.5),
                custom_size: Some(Vec2::new(HEX + 1.0, hex_radius() * 2.0 + 1.0)),
                ..default()
            },
            Transform::from_translation(p.extend(z::DIM)),
        ));
    }
    if !dim_centres.is_empty() {
        let c = dim_centres.iter().copied().sum::<Vec2>() / dim_centres.len() as f32;
        commands.spawn((
            of_map(),
            Text2d::new(map.out_of_play_note.clone()),
            TextFont { font: art_res.font_serif.clone().into(), font_size: FontSize::Px(40.0), ..default() },
            TextColor(Color::srgba(1.0, 0.97, 0.9, 0.75)),
            Transform::from_translation(c.extend(z::LABELS)),
        ));
    }
}

/// The hex labels, hidden until the camera is close (`show_hex_labels`).
fn spawn_hex_labels(commands: &mut Commands, board: &HexBoard, art_res: &MapArt) {
    let label_font = TextFont { font: art_res.font_bold.clone().into(), font_size: FontSize::Px(13.0), ..default() };
    for h in board.hexes() {
        let p = hex_to_world(board, h) + Vec2::new(0.0, hex_radius() * 0.74);
        commands.spawn((
            of_map(),
            HexLabel,
            Text2d::new(board.label(h)),
            label_font.clone(),
            TextColor(Color::srgba(0.15, 0.12, 0.08, 0.85)),
            Transform::from_translation(p.extend(z::LABELS)),
            Visibility::Hidden,
        ));
    }
}

/// The map edges, by side: a band in the side's colour with its name.
fn spawn_edges(commands: &mut Commands, map: &HexMap, extent: &Extent, art_res: &MapArt) {
    for (side, edge) in &map.board.edges {
        let (name, colour) = map.edges.get(side).cloned().unwrap_or_else(|| (side.clone(), Color::srgb(0.5, 0.5, 0.5)));
        let (pos, size, rot, arrow) = match edge {
            MapEdge::West => {
                (Vec2::new(extent.min_x - 26.0, -(extent.min_y + extent.max_y) / 2.0), Vec2::new(34.0, extent.height()), 90f32, "◀")
            }
            MapEdge::East => {
                (Vec2::new(extent.max_x + 26.0, -(extent.min_y + extent.max_y) / 2.0), Vec2::new(34.0, extent.height()), -90.0, "▶")
            }
            MapEdge::North => {
                (Vec2::new((extent.min_x + extent.max_x) / 2.0, -extent.min_y + 26.0), Vec2::new(extent.width(), 34.0), 0.0, "▲")
            }
            MapEdge::South => {
                (Vec2::new((extent.min_x + extent.max_x) / 2.0, -extent.max_y - 26.0), Vec2::new(extent.width(), 34.0), 0.0, "▼")
            }
        };
        commands.spawn((
            of_map(),
            Sprite { color: colour, custom_size: Some(size), ..default() },
            Transform::from_translation(pos.extend(z::FEATURES)),
        ));
        let edge_name = format!("{edge:?}").to_uppercase();
        commands.spawn((
            of_map(),
            Text2d::new(format!("{arrow}  {name} MAP EDGE ({edge_name})  {arrow}        {arrow}  {name} MAP EDGE ({edge_name})  {arrow}")),
            TextFont { font: art_res.font_bold.clone().into(), font_size: FontSize::Px(22.0), ..default() },
            TextColor(Color::srgb(0.97, 0.95, 0.88)),
            Transform::from_translation(pos.extend(z::LABELS)).with_rotation(Quat::from_rotation_z(rot.to_radians())),
        ));
    }
}

/// A paper margin round the map: thin strips rather than one sheet under it, which a software
/// renderer would paint over the whole map every frame.
fn spawn_margin(commands: &mut Commands, extent: &Extent) {
    let paper = Color::srgb(0.86, 0.82, 0.72);
    let (cx, cy) = ((extent.min_x + extent.max_x) / 2.0, -(extent.min_y + extent.max_y) / 2.0);
    let (w, h, m) = (extent.width(), extent.height(), 55.0);
    // Each strip reaches under the edge hexes far enough to fill the notches between them.
    let (ix, iy) = (HEX / 2.0, hex_radius() / 2.0);
    for (pos, size) in [
        (Vec2::new(cx, -extent.min_y + (m - iy) / 2.0), Vec2::new(w + 2.0 * m, m + iy)),
        (Vec2::new(cx, -extent.max_y - (m - iy) / 2.0), Vec2::new(w + 2.0 * m, m + iy)),
        (Vec2::new(extent.min_x - (m - ix) / 2.0, cy), Vec2::new(m + ix, h)),
        (Vec2::new(extent.max_x + (m - ix) / 2.0, cy), Vec2::new(m + ix, h)),
    ] {
        commands.spawn((
            of_map(),
            Sprite { color: paper, custom_size: Some(size), ..default() },
            Transform::from_translation(pos.extend(-1.0)),
        ));
    }
}

/// The cells in play in world space (what "fit" shows); the whole map if none.
fn play_rect(map: &HexMap, world: Rect) -> Rect {
    let board = &map.board;
    let mut play_rect = Rect::EMPTY;
    for h in board.hexes().filter(|h| map.in_play(*h)) {
        let p = hex_to_world(board, h);
        play_rect = play_rect.union(Rect::from_center_size(p, Vec2::new(HEX, hex_radius() * 2.0)));
    }
    if play_rect.is_empty() { world } else { play_rect }
}

/// Hex labels show at close zoom when the setting is on.
fn show_hex_labels(
    settings: Res<Settings>,
    camera: Query<&Projection, With<MapCamera>>,
    mut labels: Query<&mut Visibility, With<HexLabel>>,
    mut shown: Local<Option<bool>>,
    drawn: Option<Res<DrawnMap>>,
) {
    let scale = map_scale(camera);
    let want = settings.hex_labels && scale.is_some_and(|s| s < 1.3);
    if *shown == Some(want) && !drawn.is_some_and(|d| d.is_changed()) {
        return;
    }
    *shown = Some(want);
    for mut v in &mut labels {
        *v = if want { Visibility::Inherited } else { Visibility::Hidden };
    }
}

/// The game screen is left: no map is drawn (its entities go with the screen).
fn forget_map(mut commands: Commands) {
    commands.remove_resource::<DrawnMap>();
    commands.remove_resource::<BoardFrame>();
    commands.remove_resource::<HexMap>();
}

pub fn plugin(app: &mut App) {
    app.add_plugins(TilemapPlugin)
        .add_systems(
            Update,
            (draw_map.run_if(resource_exists_and_changed::<HexMap>).in_set(DrawHexMap), show_hex_labels)
                .chain()
                .in_set(crate::ui::Frame::Map)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(OnExit(Screen::Game), forget_map);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_squares_with_paint_are_kept() {
        // 5 x 3 pixels in squares of 2: one opaque pixel at (4, 2), the bottom-right square.
        let (w, h) = (5u32, 3u32);
        let mut rgba = vec![0u8; (w * h * 4) as usize];
        rgba[((2 * w + 4) * 4 + 3) as usize] = 255;
        let squares = non_empty_squares(&rgba, w, h, 2);
        assert_eq!(squares, vec![Rect::new(4.0, 2.0, 5.0, 3.0)]);
    }

    /// The packed squares hold the same pixels as in the image, with their edges repeated around
    /// them, and keep their sizes (a narrower square at the right edge).
    #[test]
    fn packed_squares_keep_their_pixels_and_repeat_their_edges() {
        let (w, h) = (5u32, 2u32);
        let rgba: Vec<u8> = (0..w * h).flat_map(|i| [i as u8, 0, 0, 255]).collect();
        let squares = non_empty_squares(&rgba, w, h, 2);
        assert_eq!(squares.len(), 3);
        let (aw, _, atlas, cells) = pack_squares(&rgba, w, &squares, 2);
        let px = |x: f32, y: f32| atlas[((y as u32 * aw + x as u32) * 4) as usize];
        for (r, c) in squares.iter().zip(&cells) {
            assert_eq!(r.size(), c.size());
            for dy in 0..r.height() as u32 {
                for dx in 0..r.width() as u32 {
                    let (dx, dy) = (dx as f32, dy as f32);
                    assert_eq!(px(c.min.x + dx, c.min.y + dy), rgba[(((r.min.y + dy) as u32 * w + (r.min.x + dx) as u32) * 4) as usize]);
                }
            }
            assert_eq!(px(c.min.x - 1.0, c.min.y - 1.0), px(c.min.x, c.min.y), "the corner repeated");
            assert_eq!(px(c.max.x, c.max.y - 1.0), px(c.max.x - 1.0, c.max.y - 1.0), "the right edge repeated");
        }
        assert_eq!(cells[2].width(), 1.0, "the last column is one pixel wide");
    }
}
