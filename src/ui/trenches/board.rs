//! In the Trenches's map for the hex view: its terrains as tiles (open ground, the June wheat,
//! woods, shattered woods, village, craters, orchards), the hills shaded by level (10.6), and an
//! overlay of what the shell's printed features do not draw: contour lines between levels, the
//! crest hexsides hachured where the slope falls (10.7), the streams and ravines through their
//! hexes, strongpoints (10.5). Trench lines, the road along its hexsides (10.8) and the places the
//! operations name are the shell's printed features.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::sync::Arc;

use bevy::prelude::*;
use bevy::sprite::Anchor;
use hexx::Hex;

use crate::engine::board::HexBoard;
use crate::rulesets::trenches::scenario::Scenario;
use crate::ui::art::features::{self, Extent, HEX};
use crate::ui::art::{self, Canvas, Rgba, hex_corners, mix, polygon, smooth_polyline, terrain};
use crate::ui::board::hex::map::{DrawHexMap, DrawnMap, HexMap, non_empty_squares, of_map, pack_squares, tile_array};
use crate::ui::board::hex::terrain_layer;
use crate::ui::map::{image_from_rgba, z};

use super::session::TrenchSession;

/// A hex's elevation level: the highest `levelN` feature (10.6).
pub fn level(board: &HexBoard, h: Hex) -> i32 {
    board.hex_features(h).iter().filter_map(|f| f.kind.strip_prefix("level").and_then(|n| n.parse::<i32>().ok())).max().unwrap_or(0)
}

pub fn has(board: &HexBoard, h: Hex, kind: &str) -> bool {
    board.hex_features(h).iter().any(|f| f.kind == kind)
}

/// A tile: the terrain, its variant and the hex's level.
type TileKey = (String, u32, i32);

fn variants(terrain: &str) -> u32 {
    match terrain {
        "woods" => terrain::FOREST_VARIANTS,
        "village" => terrain::VILLAGE_VARIANTS,
        "crater" | "shattered_woods" => terrain::CRATER_VARIANTS,
        _ => 3,
    }
}

fn tile_key(board: &HexBoard, h: Hex) -> TileKey {
    let t = board.terrain(h).unwrap_or("open").to_string();
    let v = (art::hash(h.x as i64, h.y as i64, 142) % variants(&t) as u64) as u32;
    (t, v, level(board, h).clamp(0, 3))
}

/// The hill's tint by level: the ground warms and darkens a little with each level.
const HILL: Rgba = [150, 112, 62, 255];

fn level_tint(l: i32) -> f32 {
    [0.0, 0.3, 0.5, 0.62][l.clamp(0, 3) as usize]
}

/// Draws one tile: the shell's farmland, forest, village and crater tiles, with wheat, orchards and
/// shattered woods drawn over them, then the level's tint.
fn draw_tile((terrain_name, v, lvl): &TileKey) -> Canvas {
    use terrain::TileKind;
    let base = match terrain_name.as_str() {
        "woods" => TileKind::Forest(*v),
        "village" => TileKind::Village(*v),
        "crater" | "shattered_woods" => TileKind::Cratered(*v),
        "wheat" => TileKind::Field(3),
        "orchard" => TileKind::Field(4),
        _ => TileKind::Field([1, 4, 5][*v as usize % 3]),
    };
    let mut c = terrain::draw_tile(base);
    let (w, h) = (terrain::TILE_W as f32, terrain::TILE_H as f32);
    let (cx, cy) = (w / 2.0, h / 2.0);
    let r = w / 3f32.sqrt();
    let mut mask = tiny_skia::Mask::new(terrain::TILE_W, terrain::TILE_H);
    if let (Some(m), Some(p)) = (mask.as_mut(), polygon(&hex_corners(cx, cy, r))) {
        m.fill_path(&p, tiny_skia::FillRule::Winding, true, tiny_skia::Transform::identity());
    }
    let mut s = art::Scatter::new(7 + *v as u64);
    match terrain_name.as_str() {
        "wheat" => {
            if let (Some(m), Some(p)) = (mask.as_ref(), polygon(&hex_corners(cx, cy, r + 2.0))) {
                c.fill_masked(&p, [214, 186, 96, 150], m);
                for k in -12..=12 {
                    let y = cy + k as f32 * 9.0;
                    if let Some(l) = art::polyline(&[(0.0, y - 20.0), (w, y + 20.0)]) {
                        c.fill_masked(&l, [0, 0, 0, 0], m);
                        c.stroke(&l, [176, 146, 64, 70], 2.0);
                    }
                }
            }
        }
        "orchard" => {
            for row in -3..=3 {
                for col in -3..=3 {
                    let (x, y) = (cx + col as f32 * 26.0 + (row % 2) as f32 * 13.0, cy + row as f32 * 24.0);
                    if ((x - cx).powi(2) + (y - cy).powi(2)).sqrt() < r * 0.78 {
                        c.fill_circle(x + 2.0, y + 3.0, 8.0, [40, 50, 20, 90]);
                        c.fill_circle(x, y, 8.0, [86, 118, 52, 255]);
                        c.fill_circle(x - 2.0, y - 2.0, 3.5, [126, 156, 82, 255]);
                    }
                }
            }
        }
        "shattered_woods" => {
            for _ in 0..14 {
                let (x, y) = (cx + s.range(-r * 0.6, r * 0.6), cy + s.range(-r * 0.6, r * 0.6));
                let a = s.range(0.0, std::f32::consts::TAU);
                c.line((x, y), (x + a.cos() * 16.0, y + a.sin() * 16.0), [62, 48, 34, 230], 4.0);
                c.fill_circle(x, y, 4.0, [70, 54, 38, 255]);
            }
        }
        _ => {}
    }
    let t = level_tint(*lvl);
    if t > 0.0 {
        for px in c.pixmap.pixels_mut() {
            let a = px.alpha();
            if a == 0 {
                continue;
            }
            let mixc = |x: u8, hill: u8| ((x as f32) * (1.0 - t) + (hill as f32 * a as f32 / 255.0) * t).round() as u8;
            if let Some(p) =
                tiny_skia::PremultipliedColorU8::from_rgba(mixc(px.red(), HILL[0]), mixc(px.green(), HILL[1]), mixc(px.blue(), HILL[2]), a)
            {
                *px = p;
            }
        }
    }
    c
}

/// The tiles with their mipmaps, layer after layer (what `tile_array` expects).
fn tile_layers(keys: &[TileKey]) -> Vec<u8> {
    let mut out = Vec::new();
    for k in keys {
        terrain::push_mipmapped(&draw_tile(k), &mut out);
    }
    out
}

/// The hex map of an operation: its tiles (only those its hexes use) and the tile of each hex.
fn hex_map(scenario: &Scenario, images: &mut Assets<Image>) -> HexMap {
    let board = &scenario.board;
    let mut keys: Vec<TileKey> = board.hexes().map(|h| tile_key(board, h)).collect::<BTreeSet<_>>().into_iter().collect();
    if keys.is_empty() {
        keys.push(("open".into(), 0, 0));
    }
    let index: BTreeMap<TileKey, u32> = keys.iter().cloned().enumerate().map(|(i, k)| (k, i as u32)).collect();
    let cell_tiles: HashMap<Hex, u32> = board.hexes().map(|h| (h, index[&tile_key(board, h)])).collect();
    let tiles = images.add(tile_array(terrain::TILE_W, terrain::TILE_H, keys.len() as u32, terrain::tile_levels(), tile_layers(&keys)));
    HexMap {
        key: format!("{}#{}", scenario.path, scenario.spec.info.id),
        board: board.clone(),
        tiles,
        tile_size: UVec2::new(terrain::TILE_W, terrain::TILE_H),
        cell_tiles,
        out_of_play: HashSet::new(),
        out_of_play_note: String::new(),
        edges: HashMap::new(),
    }
}

/// Gives the hex view the session's map when it has none or the operation was read again.
pub fn present_map(
    mut commands: Commands,
    session: Option<Res<TrenchSession>>,
    map: Option<Res<HexMap>>,
    mut shown: Local<Option<Arc<Scenario>>>,
    mut images: ResMut<Assets<Image>>,
) {
    let Some(session) = session else { return };
    let scenario = session.scenario();
    if map.is_some() && shown.as_ref().is_some_and(|s| Arc::ptr_eq(s, scenario)) {
        return;
    }
    commands.insert_resource(hex_map(scenario, &mut images));
    *shown = Some(scenario.clone());
}

/// The overlay's pieces on the terrain layer.
#[derive(Component)]
pub struct Overlay;

/// Draws the overlay (contours, crests, streams, ravines, strongpoints) once the map is drawn.
pub fn present_overlay(
    mut commands: Commands,
    session: Option<Res<TrenchSession>>,
    drawn: Option<Res<DrawnMap>>,
    mut images: ResMut<Assets<Image>>,
    mut done: Local<Option<String>>,
) {
    let (Some(session), Some(drawn)) = (session, drawn) else { return };
    let scenario = session.scenario();
    let key = format!("{}#{}", scenario.path, scenario.spec.info.id);
    if drawn.key != key || (!drawn.is_changed() && done.as_deref() == Some(key.as_str())) {
        return;
    }
    *done = Some(key);
    let board = &scenario.board;
    let extent = Extent::of(board);
    let mut canvas = render_overlay(board, 1.0);
    canvas.blit(&trench_emblems(board, 1.0), 0, 0);
    let (w, h) = (canvas.width(), canvas.height());
    let rgba = canvas.to_rgba();
    let squares = non_empty_squares(&rgba, w, h, 64);
    let (aw, ah, atlas, cells) = pack_squares(&rgba, w, &squares, 64);
    let image = images.add(image_from_rgba(aw, ah, atlas));
    let (sx, sy) = (extent.width() / w as f32, extent.height() / h as f32);
    for (r, cell) in squares.into_iter().zip(cells) {
        commands.spawn((
            of_map(),
            Overlay,
            terrain_layer::layer(),
            Sprite { image: image.clone(), rect: Some(cell), custom_size: Some(Vec2::new(r.width() * sx, r.height() * sy)), ..default() },
            Anchor::TOP_LEFT,
            Transform::from_xyz(extent.min_x + r.min.x * sx, -extent.min_y - r.min.y * sy, z::FEATURES + 0.5),
        ));
    }
}

/// The hexes of a stream or ravine as paths from hex to neighbouring hex: each starts at an end
/// (the hex with the fewest neighbours of the set left) and goes on to the neighbour with the
/// fewest ways on, so that three hexes touching each other make a line, not a triangle.
fn paths(board: &HexBoard, hexes: &[Hex]) -> Vec<Vec<Hex>> {
    let mut left: Vec<Hex> = hexes.to_vec();
    let mut out = Vec::new();
    let ways = |h: Hex, left: &[Hex]| left.iter().filter(|x| x.unsigned_distance_to(h) == 1).count();
    let order = |h: &Hex| board.index(*h).unwrap_or(0);
    while let Some(&start) = left.iter().min_by_key(|h| (ways(**h, &left), order(h))) {
        let mut path = vec![start];
        left.retain(|x| *x != start);
        let mut at = start;
        while let Some(&next) = left.iter().filter(|x| x.unsigned_distance_to(at) == 1).min_by_key(|h| (ways(**h, &left), order(h))) {
            path.push(next);
            left.retain(|x| *x != next);
            at = next;
        }
        out.push(path);
    }
    out
}

/// The overlay at `scale` pixels per world unit, over [`Extent::of`] the board.
pub fn render_overlay(board: &HexBoard, scale: f32) -> Canvas {
    let ext = Extent::of(board);
    let (w, h) = ((ext.width() * scale).ceil() as u32, (ext.height() * scale).ceil() as u32);
    let mut c = Canvas::new(w.max(1), h.max(1));
    let px = |p: (f32, f32)| ((p.0 - ext.min_x) * scale, (p.1 - ext.min_y) * scale);
    let centre = |h: Hex| px(features::centre_px(board, h));
    // The hexside between two neighbours: its two ends.
    let side = |a: Hex, b: Hex| {
        let (ca, cb) = (centre(a), centre(b));
        let m = ((ca.0 + cb.0) / 2.0, (ca.1 + cb.1) / 2.0);
        let (dx, dy) = (cb.0 - ca.0, cb.1 - ca.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-3);
        let half = HEX * scale / 3f32.sqrt() / 2.0;
        let (nx, ny) = (-dy / len * half, dx / len * half);
        ((m.0 - nx, m.1 - ny), (m.0 + nx, m.1 + ny), (dx / len, dy / len))
    };
    // Streams and ravines through their hexes.
    for (kind, casing, body, fine) in [
        ("stream", [222, 236, 244, 190], [62, 112, 170, 255], [130, 178, 220, 255]),
        ("ravine", [70, 52, 36, 150], [104, 84, 62, 255], [150, 140, 120, 255]),
    ] {
        let hexes: Vec<Hex> = board.hexes().filter(|h| has(board, *h, kind)).collect();
        for path in paths(board, &hexes) {
            let mut pts: Vec<(f32, f32)> = path.iter().map(|h| centre(*h)).collect();
            if pts.len() == 1 {
                let (x, y) = pts[0];
                pts = vec![
                    (x - 34.0 * scale, y + 8.0 * scale),
                    (x - 10.0 * scale, y - 6.0 * scale),
                    (x + 12.0 * scale, y + 6.0 * scale),
                    (x + 34.0 * scale, y - 8.0 * scale),
                ];
            }
            if let Some(p) = smooth_polyline(&pts) {
                c.stroke(&p, casing, 12.0 * scale);
                c.stroke(&p, body, 6.5 * scale);
                c.stroke(&p, fine, 2.0 * scale);
            }
        }
    }
    // Contours: a brown line on every hexside between levels; crest hexsides hachured downhill.
    for a in board.hexes() {
        let la = level(board, a);
        for b in board.neighbors(a) {
            let lb = level(board, b);
            if la <= lb {
                continue;
            }
            let (p0, p1, (ux, uy)) = side(a, b);
            let ink: Rgba = [112, 72, 32, 235];
            c.line(p0, p1, ink, 3.4 * scale);
            if la - lb > 1 {
                c.line(
                    (p0.0 - ux * 4.0 * scale, p0.1 - uy * 4.0 * scale),
                    (p1.0 - ux * 4.0 * scale, p1.1 - uy * 4.0 * scale),
                    ink,
                    2.0 * scale,
                );
            }
            if has(board, a, "crest") {
                for k in 1..6 {
                    let t = k as f32 / 6.0;
                    let q = (p0.0 + (p1.0 - p0.0) * t, p0.1 + (p1.1 - p0.1) * t);
                    c.line(q, (q.0 - ux * 9.0 * scale, q.1 - uy * 9.0 * scale), [96, 56, 22, 220], 2.0 * scale);
                }
            }
        }
        if has(board, a, "crest") {
            // The crest mark: a small brown chevron near the hex's top.
            let (x, y) = centre(a);
            let (x, y) = (x - 26.0 * scale, y - 26.0 * scale);
            c.fill_poly(
                &[(x - 8.0 * scale, y + 5.0 * scale), (x, y - 6.0 * scale), (x + 8.0 * scale, y + 5.0 * scale)],
                [112, 72, 32, 230],
            );
        }
        if has(board, a, "strongpoint") {
            let (x, y) = centre(a);
            let r = 16.0 * scale;
            let mut pts = Vec::new();
            for k in 0..10 {
                let ang = (k as f32 * 36.0 - 90.0).to_radians();
                let rr = if k % 2 == 0 { r } else { r * 0.55 };
                pts.push((x - 24.0 * scale + ang.cos() * rr, y + 24.0 * scale + ang.sin() * rr));
            }
            c.fill_poly(&pts, [60, 56, 52, 235]);
        }
    }
    c
}

/// The Central Powers' trenches carry the black cross: drawn where the shell's printed features put
/// a trench owner's emblem (they know the cross by the side id `german`).
fn trench_emblems(board: &HexBoard, scale: f32) -> Canvas {
    let ext = Extent::of(board);
    let (w, h) = ((ext.width() * scale).ceil() as u32, (ext.height() * scale).ceil() as u32);
    let mut c = Canvas::new(w.max(1), h.max(1));
    for hx in board.hexes() {
        if board.hex_features(hx).iter().any(|f| f.kind == "trench" && f.owner.as_deref() == Some("central")) {
            let (x, y) = features::centre_px(board, hx);
            let (x, y) = ((x - ext.min_x) * scale, (y - ext.min_y) * scale);
            features::black_cross(&mut c, x + 26.0 * scale, y - 30.0 * scale, 10.5 * scale);
        }
    }
    c
}

/// A small picture of an operation's map: terrain, levels, the printed features and the overlay.
pub fn thumbnail(s: &Scenario, scale: f32) -> (u32, u32, Vec<u8>) {
    let board = &s.board;
    let ext = Extent::of(board);
    let (w, h) = ((ext.width() * scale).ceil() as u32, (ext.height() * scale).ceil() as u32);
    let mut c = Canvas::new(w.max(1), h.max(1));
    let r = HEX / 3f32.sqrt() * scale;
    for hx in board.hexes() {
        let (x, y) = features::centre_px(board, hx);
        let (x, y) = ((x - ext.min_x) * scale, (y - ext.min_y) * scale);
        let base: Rgba = match board.terrain(hx).unwrap_or("") {
            "woods" => [62, 92, 48, 255],
            "shattered_woods" => [112, 100, 80, 255],
            "village" => [168, 110, 84, 255],
            "crater" => [130, 112, 86, 255],
            "wheat" => [206, 184, 104, 255],
            "orchard" => [120, 150, 80, 255],
            _ => [176, 184, 120, 255],
        };
        c.fill_poly(&art::hex_corners(x, y, r + 0.6), mix(base, HILL, level_tint(level(board, hx))));
    }
    c.blit(&render_overlay(board, scale), 0, 0);
    c.blit(&features::render(board, scale), 0, 0);
    c.blit(&trench_emblems(board, scale), 0, 0);
    (w, h, c.to_rgba())
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (present_map.before(DrawHexMap), present_overlay.after(DrawHexMap)).in_set(crate::ui::Frame::Map).run_if(in_state(super::SCREEN)),
    );
}
