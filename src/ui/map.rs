//! The hex map: terrain tiles on a bevy_ecs_tilemap tile map, the printed features (roads, the Luce,
//! the railway, trench lines with their owners' emblems, place names) as one image over it, hex labels
//! at close zoom, the two map edges marked by side, and the rows a scenario does not use dimmed.

use std::sync::Arc;

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat, TextureViewDescriptor, TextureViewDimension};
use bevy::sprite::Anchor;
use bevy_ecs_tilemap::prelude::*;

use crate::engine::board::{HexBoard, MapEdge};
use crate::rulesets::bastards::scenario::Scenario;
use hexx::Hex;

use super::art::features::{self, Extent};
use super::art::{self, Canvas, terrain};
use super::bastards::SCREEN;
use super::bastards::session::PlaySession;
use super::camera::MapCamera;
use super::geometry::{HEX, TILE_DENSITY, hex_radius, hex_to_world, tile_pos, tilemap_layout};
use super::settings::Settings;

/// Z layers of the map, bottom to top.
pub mod z {
    pub const TILES: f32 = 0.0;
    pub const FEATURES: f32 = 1.0;
    pub const DIM: f32 = 2.0;
    pub const LABELS: f32 = 3.0;
    pub const HIGHLIGHT: f32 = 4.0;
    pub const BARRAGE: f32 = 5.0;
    pub const COUNTERS: f32 = 10.0;
    pub const HOVER: f32 = 30.0;
    pub const LINE_OF_SIGHT: f32 = 35.0;
    pub const FLOATING_TEXT: f32 = 40.0;
}

/// Images and fonts the map and counters share.
#[derive(Resource)]
pub struct MapArt {
    pub tiles: Handle<Image>,
    /// A filled white hexagon at tile size: tinted for highlights and dimming.
    pub hex_fill: Handle<Image>,
    /// A white hexagon outline: hover and selection.
    pub hex_ring: Handle<Image>,
    pub font_bold: Handle<Font>,
    pub font_regular: Handle<Font>,
    pub font_serif: Handle<Font>,
}

/// The map currently drawn.
#[derive(Resource)]
pub struct DrawnMap {
    /// The scenario's path: a different one means the map must be drawn again.
    pub key: String,
    pub scenario: Arc<Scenario>,
    pub extent: Extent,
    /// The rows in play, in world space (what "fit" shows).
    pub play_rect: Rect,
}

impl DrawnMap {
    /// The map's bounds in world space (y up).
    pub fn world_rect(&self) -> Rect {
        Rect::new(self.extent.min_x, -self.extent.max_y, self.extent.max_x, -self.extent.min_y)
    }
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

/// Makes a Bevy image from straight-alpha RGBA pixels.
pub fn image_from_rgba(width: u32, height: u32, data: Vec<u8>) -> Image {
    Image::new(
        Extent3d { width, height, depth_or_array_layers: 1 },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
    )
}

/// The terrain tiles as one array texture with mipmaps (`terrain::tile_layers`), sampled
/// trilinearly: zoomed out, the renderer reads small levels rather than the full-size tiles.
fn tile_array() -> Image {
    let layers = terrain::all_tiles().len() as u32;
    let size = Extent3d { width: terrain::TILE_W, height: terrain::TILE_H, depth_or_array_layers: layers };
    let mut image = Image::new_uninit(
        size,
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
    );
    image.data = Some(terrain::tile_layers());
    image.texture_descriptor.mip_level_count = terrain::tile_levels();
    image.texture_view_descriptor = Some(TextureViewDescriptor { dimension: Some(TextureViewDimension::D2Array), ..default() });
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        ..ImageSamplerDescriptor::default()
    });
    image
}

fn hex_image(ring: bool) -> Image {
    let (w, h) = (terrain::TILE_W, terrain::TILE_H);
    let mut c = Canvas::new(w, h);
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    let r = w as f32 / 3f32.sqrt();
    if ring {
        if let Some(p) = art::polygon(&art::hex_corners(cx, cy, r - 5.0)) {
            c.stroke(&p, [255, 255, 255, 255], 7.0);
        }
    } else {
        c.fill_poly(&art::hex_corners(cx, cy, r - 1.0), [255, 255, 255, 255]);
    }
    image_from_rgba(w, h, c.to_rgba())
}

fn load_art(mut commands: Commands, mut images: ResMut<Assets<Image>>, mut fonts: ResMut<Assets<Font>>) {
    commands.insert_resource(MapArt {
        tiles: images.add(tile_array()),
        hex_fill: images.add(hex_image(false)),
        hex_ring: images.add(hex_image(true)),
        font_bold: fonts.add(Font::from_bytes(art::FONT_BOLD.to_vec())),
        font_regular: fonts.add(Font::from_bytes(art::FONT_REGULAR.to_vec())),
        font_serif: fonts.add(Font::from_bytes(art::FONT_SERIF_ITALIC.to_vec())),
    });
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

/// Draws the map of the session's scenario if it is not drawn yet.
fn draw_map(
    mut commands: Commands,
    session: Option<Res<PlaySession>>,
    drawn: Option<Res<DrawnMap>>,
    old: Query<Entity, With<MapEntity>>,
    art_res: Res<MapArt>,
    mut images: ResMut<Assets<Image>>,
    mut camera: Query<&mut MapCamera>,
) {
    let Some(session) = session else { return };
    let scenario = session.scenario().clone();
    let key = format!("{}#{}", scenario.path, scenario.spec.info.id);
    // The same scenario object is already drawn. A scenario re-read from its files (a loaded save, a
    // hot reload) is drawn again, in case its map changed, but keeps the camera where it is.
    if drawn.as_ref().is_some_and(|d| d.key == key && Arc::ptr_eq(&d.scenario, &scenario)) {
        return;
    }
    let same_scenario = drawn.as_ref().is_some_and(|d| d.key == key);
    for e in &old {
        commands.entity(e).despawn();
    }
    let board = &scenario.board;
    let extent = Extent::of(board);
    let rows = scenario.rows_in_play();
    spawn_tiles(&mut commands, board, rows, &art_res);
    spawn_features(&mut commands, board, &extent, &mut images);
    spawn_dimmed_rows(&mut commands, &scenario, rows, &art_res);
    spawn_hex_labels(&mut commands, board, &art_res);
    spawn_edges(&mut commands, board, &extent, &art_res);
    spawn_margin(&mut commands, &extent);
    let play_rect = play_rect(board, rows, &extent);
    commands.insert_resource(DrawnMap { key, scenario: scenario.clone(), extent, play_rect });
    if !same_scenario {
        for mut cam in &mut camera {
            cam.fit_requested = true;
        }
    }
}

/// Whether a hex is on one of the rows in play (first, last).
fn in_play(board: &HexBoard, h: Hex, (first_row, last_row): (u32, u32)) -> bool {
    let row = board.offset_of(h).1 as u32;
    row >= first_row && row <= last_row
}

/// The terrain tiles on a tile map, the rows out of play darker, drawn by the terrain camera.
fn spawn_tiles(commands: &mut Commands, board: &HexBoard, rows: (u32, u32), art_res: &MapArt) {
    let size = TilemapSize { x: board.columns, y: board.rows };
    let mut storage = TileStorage::empty(size);
    let tilemap = commands.spawn(MapEntity).id();
    // The front line of 24 April runs down columns 25-30: shell holes there.
    let front = (board.columns as f32 * 0.72) as i32..=(board.columns as i32 - 2);
    for h in board.hexes() {
        let Some(pos) = tile_pos(board, h) else { continue };
        let (col, _) = board.offset_of(h);
        let seed = art::hash(h.x as i64, h.y as i64, 77);
        let cratered = front.contains(&col) && !seed.is_multiple_of(3);
        let kind = terrain::tile_for(board.terrain(h).unwrap_or(""), seed >> 8, cratered);
        let tile = commands
            .spawn((
                TileBundle {
                    position: pos,
                    tilemap_id: TilemapId(tilemap),
                    texture_index: TileTextureIndex(terrain::atlas_index(kind)),
                    color: TileColor(if in_play(board, h, rows) { Color::WHITE } else { Color::srgb(0.62, 0.62, 0.6) }),
                    ..default()
                },
                MapEntity,
            ))
            .id();
        storage.set(&pos, tile);
    }
    let tile_size = TilemapTileSize { x: terrain::TILE_W as f32, y: terrain::TILE_H as f32 };
    let grid = TilemapGridSize { x: HEX * TILE_DENSITY, y: HEX * TILE_DENSITY * 2.0 / 3f32.sqrt() };
    let (system, offset) = tilemap_layout(board, &grid);
    commands.entity(tilemap).insert(TilemapBundle {
        grid_size: grid,
        map_type: TilemapType::Hexagon(system),
        size,
        storage,
        texture: TilemapTexture::TextureContainer(art_res.tiles.clone()),
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
fn spawn_features(commands: &mut Commands, board: &HexBoard, extent: &Extent, images: &mut Assets<Image>) {
    let Some(fonts) = art::Fonts::load() else { return };
    let canvas = features::render(board, 1.0, &fonts, true);
    let (w, h) = (canvas.width(), canvas.height());
    let rgba = canvas.to_rgba();
    let squares = non_empty_squares(&rgba, w, h, FEATURE_SQUARE);
    let image = images.add(image_from_rgba(w, h, rgba));
    let (sx, sy) = (extent.width() / w as f32, extent.height() / h as f32);
    for r in squares {
        commands.spawn((
            MapEntity,
            FeatureSquare,
            Sprite { image: image.clone(), rect: Some(r), custom_size: Some(Vec2::new(r.width() * sx, r.height() * sy)), ..default() },
            Anchor::TOP_LEFT,
            Transform::from_xyz(extent.min_x + r.min.x * sx, -extent.min_y - r.min.y * sy, z::FEATURES),
        ));
    }
}

/// Rows the scenario does not use: dimmed, with a note.
fn spawn_dimmed_rows(commands: &mut Commands, scenario: &Scenario, rows: (u32, u32), art_res: &MapArt) {
    let board = &scenario.board;
    let mut dim_centres = Vec::new();
    for h in board.hexes().filter(|h| !in_play(board, *h, rows)) {
        let p = hex_to_world(board, h);
        dim_centres.push(p);
        commands.spawn((
            MapEntity,
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
        let rows = scenario.spec.rows_in_play.clone().map(|(a, b)| format!("rows {a}–{b}")).unwrap_or_default();
        commands.spawn((
            MapEntity,
            Text2d::new(format!("Not in play in this scenario (it uses {rows})")),
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
            MapEntity,
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
fn spawn_edges(commands: &mut Commands, board: &HexBoard, extent: &Extent, art_res: &MapArt) {
    for (side, edge) in &board.edges {
        let (name, colour) = match side.as_str() {
            "allied" => ("ALLIED", Color::srgb(0.62, 0.52, 0.3)),
            "german" => ("GERMAN", Color::srgb(0.36, 0.39, 0.37)),
            other => (other, Color::srgb(0.5, 0.5, 0.5)),
        };
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
            MapEntity,
            Sprite { color: colour, custom_size: Some(size), ..default() },
            Transform::from_translation(pos.extend(z::FEATURES)),
        ));
        let edge_name = format!("{edge:?}").to_uppercase();
        commands.spawn((
            MapEntity,
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
            MapEntity,
            Sprite { color: paper, custom_size: Some(size), ..default() },
            Transform::from_translation(pos.extend(-1.0)),
        ));
    }
}

/// The rows in play in world space (what "fit" shows); the whole map if none.
fn play_rect(board: &HexBoard, rows: (u32, u32), extent: &Extent) -> Rect {
    let mut play_rect = Rect::EMPTY;
    for h in board.hexes().filter(|h| in_play(board, *h, rows)) {
        let p = hex_to_world(board, h);
        play_rect = play_rect.union(Rect::from_center_size(p, Vec2::new(HEX, hex_radius() * 2.0)));
    }
    if play_rect.is_empty() {
        play_rect = Rect::new(extent.min_x, -extent.max_y, extent.max_x, -extent.min_y);
    }
    play_rect
}

/// Hex labels show at close zoom when the setting is on.
fn show_hex_labels(
    settings: Res<Settings>,
    camera: Query<&Projection, With<MapCamera>>,
    mut labels: Query<&mut Visibility, With<HexLabel>>,
    mut shown: Local<Option<bool>>,
) {
    let scale = camera.iter().find_map(|p| match p {
        Projection::Orthographic(o) => Some(o.scale),
        _ => None,
    });
    let want = settings.hex_labels && scale.is_some_and(|s| s < 1.3);
    if *shown == Some(want) {
        return;
    }
    *shown = Some(want);
    for mut v in &mut labels {
        *v = if want { Visibility::Inherited } else { Visibility::Hidden };
    }
}

fn forget_map(mut commands: Commands, entities: Query<Entity, With<MapEntity>>) {
    for e in &entities {
        commands.entity(e).despawn();
    }
    commands.remove_resource::<DrawnMap>();
}

pub fn plugin(app: &mut App) {
    app.add_plugins(TilemapPlugin)
        .add_systems(Startup, load_art)
        .add_systems(Update, (draw_map, show_hex_labels).chain().in_set(super::Frame::Map).run_if(in_state(SCREEN)))
        .add_systems(OnExit(SCREEN), forget_map);
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
}
