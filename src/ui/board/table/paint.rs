//! The table itself, painted once per [`TableMap`]: a mottled cloth, its terrain pieces as a
//! miniatures table shows them (one image), the feature names (`names`), the table's wooden edge with yard
//! marks every 50 yards, and a scale bar in yards below it. Inserts the [`BoardFrame`] the camera
//! fits.

use bevy::prelude::*;
use bevy::sprite::Anchor;

use crate::engine::board::tabletop::point_in_polygon;
use crate::ui::Screen;
use crate::ui::art::{Canvas, Rgba, Scatter, alpha, mix, polygon};
use crate::ui::board::BoardFrame;
use crate::ui::camera::MapCamera;
use crate::ui::map::{MapArt, image_from_rgba};

use super::geometry::yards;
use super::{DrawnTable, FeatureStyle, Look, TableMap, YARD};

/// The table's pieces, redrawn with it.
#[derive(Component)]
pub(super) struct TablePiece;

/// The most pixels of the table image per yard, and its longest side.
const DENSITY: f32 = 3.0;
const MAX_SIDE: f32 = 3072.0;
/// The cloth.
const CLOTH: Rgba = [168, 156, 112, 255];
const INK: Rgba = [48, 40, 30, 255];

/// A colour as the canvas takes it.
pub(super) fn rgba(c: Color) -> Rgba {
    let s = c.to_srgba();
    [(s.red * 255.0) as u8, (s.green * 255.0) as u8, (s.blue * 255.0) as u8, (s.alpha * 255.0) as u8]
}

/// Paints the table into one image at `density` pixels a yard (y down in the image).
pub(super) fn table_image(map: &TableMap, density: f32) -> Canvas {
    let t = &map.table;
    let (w, h) = ((t.width * density).ceil() as u32, (t.depth * density).ceil() as u32);
    let mut c = Canvas::new(w, h);
    c.clear(CLOTH);
    // The cloth's mottling: soft blotches, a little darker and lighter.
    let mut rng = Scatter::new(7);
    for _ in 0..((t.width * t.depth) / 900.0) as usize {
        let (x, y, r) = (rng.range(0.0, w as f32), rng.range(0.0, h as f32), rng.range(8.0, 22.0) * density);
        let shade = if rng.next() < 0.5 { [120, 110, 70, 14] } else { [230, 220, 180, 12] };
        c.fill_circle(x, y, r, shade);
    }
    let px = |p: Vec2| (p.x * density, (t.depth - p.y) * density);
    let order =
        [Look::Patch, Look::Hill, Look::Rough, Look::Water, Look::Cover, Look::Woods, Look::Earthworks, Look::Road, Look::Objective];
    for look in order {
        for (i, f) in t.features.iter().enumerate() {
            let style = map.style(&f.kind);
            if style.look == look {
                let points: Vec<(f32, f32)> = f.polygon.iter().map(|p| px(Vec2::new(p.x, p.y))).collect();
                feature(&mut c, &points, style, density, i as u64);
            }
        }
    }
    c
}

/// The polygon shrunk towards its centroid by `k` (the contour rings of a hill).
fn shrunk(points: &[(f32, f32)], k: f32) -> Vec<(f32, f32)> {
    let n = points.len().max(1) as f32;
    let (cx, cy) = points.iter().fold((0.0, 0.0), |a, p| (a.0 + p.0 / n, a.1 + p.1 / n));
    points.iter().map(|p| (cx + (p.0 - cx) * k, cy + (p.1 - cy) * k)).collect()
}

/// Points scattered inside a polygon (in image pixels), about one per `every` square pixels.
fn scatter_inside(points: &[(f32, f32)], every: f32, seed: u64) -> Vec<(f32, f32)> {
    let poly: Vec<_> = points.iter().map(|p| yards(Vec2::new(p.0, p.1))).collect();
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for p in points {
        (x0, y0, x1, y1) = (x0.min(p.0), y0.min(p.1), x1.max(p.0), y1.max(p.1));
    }
    let mut rng = Scatter::new(seed.wrapping_mul(0x9e37_79b9) + 11);
    let tries = (((x1 - x0) * (y1 - y0)) / every).clamp(0.0, 20_000.0) as usize;
    (0..tries).map(|_| (rng.range(x0, x1), rng.range(y0, y1))).filter(|p| point_in_polygon(yards(Vec2::new(p.0, p.1)), &poly)).collect()
}

/// One terrain piece.
fn feature(c: &mut Canvas, points: &[(f32, f32)], style: FeatureStyle, d: f32, seed: u64) {
    let Some(path) = polygon(points) else { return };
    let base = rgba(style.colour);
    let dark = mix(base, INK, 0.45);
    match style.look {
        Look::Patch => {
            c.fill(&path, alpha(base, 200));
            c.stroke(&path, alpha(dark, 120), 0.6 * d);
        }
        Look::Hill => {
            c.fill(&path, base);
            // Contour rings towards the crest, each a little lighter.
            for (i, k) in [0.72f32, 0.46, 0.22].iter().enumerate() {
                let ring = shrunk(points, *k);
                if let Some(p) = polygon(&ring) {
                    c.fill(&p, mix(base, [250, 240, 200, 255], 0.12 * (i + 1) as f32));
                    c.stroke(&p, alpha(dark, 150), 0.5 * d);
                }
            }
            c.stroke(&path, dark, 0.9 * d);
        }
        Look::Woods => {
            c.fill(&path, mix(base, CLOTH, 0.35));
            c.stroke(&path, alpha(dark, 220), 1.2 * d);
            // Tree tops: a dark crown with a lighter side towards the light (top left).
            for (x, y) in scatter_inside(&shrunk(points, 0.93), 70.0 * d * d, seed) {
                let r = (2.6 + (x * 7.1 + y * 3.3).sin().abs() * 1.8) * d;
                c.fill_circle(x + 0.5 * d, y + 0.6 * d, r, alpha(INK, 70));
                c.fill_circle(x, y, r, mix(base, INK, 0.25));
                c.fill_circle(x - 0.35 * r, y - 0.35 * r, 0.55 * r, mix(base, [200, 220, 150, 255], 0.35));
            }
        }
        Look::Rough => {
            c.fill(&path, alpha(base, 170));
            c.stroke_dashed(&path, dark, 0.7 * d, 2.0 * d, 1.5 * d);
            for (i, (x, y)) in scatter_inside(points, 45.0 * d * d, seed).into_iter().enumerate() {
                if i % 3 == 0 {
                    c.line((x - 1.2 * d, y + 0.8 * d), (x, y - 1.0 * d), dark, 0.4 * d);
                    c.line((x, y - 1.0 * d), (x + 1.2 * d, y + 0.8 * d), dark, 0.4 * d);
                } else {
                    c.fill_ellipse(x, y, 1.3 * d, 0.9 * d, mix(base, [90, 84, 76, 255], 0.6));
                }
            }
        }
        Look::Water => {
            c.fill(&path, base);
            c.stroke(&path, mix(base, [20, 40, 80, 255], 0.55), 1.3 * d);
            if let Some(inner) = polygon(&shrunk(points, 0.96)) {
                c.stroke(&inner, alpha([235, 245, 255, 255], 60), 0.5 * d);
            }
        }
        Look::Road => {
            c.stroke(&path, alpha(dark, 160), 1.2 * d);
            c.fill(&path, base);
        }
        Look::Earthworks => {
            c.fill(&path, base);
            c.stroke(&path, dark, 1.6 * d);
            c.stroke_dashed(&path, mix(base, [240, 230, 200, 255], 0.5), 0.7 * d, 1.2 * d, 1.8 * d);
        }
        Look::Cover => {
            c.fill(&path, alpha(base, 200));
            c.stroke(&path, dark, 0.8 * d);
            for (x, y) in scatter_inside(&shrunk(points, 0.85), 160.0 * d * d, seed) {
                c.fill_rect(x - 2.5 * d, y - 2.0 * d, 5.0 * d, 4.0 * d, mix(base, INK, 0.35));
                c.fill_rect(x - 2.0 * d, y - 2.4 * d, 4.0 * d, 1.6 * d, mix(base, [180, 60, 40, 255], 0.45));
            }
        }
        Look::Objective => {
            c.fill(&path, alpha(base, 34));
            c.stroke_dashed(&path, alpha(base, 235), 1.0 * d, 4.0 * d, 2.5 * d);
        }
    }
}

/// Draws the table when its map is put in [`TableMap`] (again).
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_table(
    mut commands: Commands,
    map: Res<TableMap>,
    drawn: Option<Res<DrawnTable>>,
    fonts: Option<Res<MapArt>>,
    old: Query<Entity, With<TablePiece>>,
    mut images: ResMut<Assets<Image>>,
    mut cameras: Query<&mut MapCamera>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let t = &map.table;
    let density = DENSITY.min(MAX_SIDE / t.width.max(t.depth).max(1.0));
    let canvas = table_image(&map, density);
    let image = images.add(image_from_rgba(canvas.width(), canvas.height(), canvas.to_rgba()));
    let table = map.world_rect();
    let scope = || (TablePiece, DespawnOnExit(Screen::Game));
    // The wooden edge of the table, then the cloth with its terrain.
    let edge = 6.0 * YARD;
    commands.spawn((
        scope(),
        Sprite::from_color(Color::srgb(0.30, 0.21, 0.13), table.size() + Vec2::splat(2.0 * edge)),
        Transform::from_translation(table.center().extend(-2.0)),
    ));
    commands.spawn((
        scope(),
        Sprite { image, custom_size: Some(table.size()), ..default() },
        Transform::from_translation(table.center().extend(-1.0)),
    ));
    let bold = fonts.as_ref().map(|f| &f.font_bold);
    super::names::spawn_names(&mut commands, &map, &mut images);
    edge_marks(&mut commands, &map, bold, edge);
    scale_bar(&mut commands, &map, bold, edge);
    let world =
        Rect::from_corners(table.min - Vec2::new(edge + 20.0 * YARD, edge + 40.0 * YARD), table.max + Vec2::splat(edge + 20.0 * YARD));
    commands.insert_resource(BoardFrame { world, play: table.inflate(edge) });
    let new_table = drawn.is_none_or(|d| d.key != map.key);
    commands.insert_resource(DrawnTable { key: map.key.clone(), world });
    if new_table {
        for mut cam in &mut cameras {
            cam.fit_requested = true;
        }
    }
}

/// Marks every 50 yards along the table's edges, numbered every 100.
fn edge_marks(commands: &mut Commands, map: &TableMap, font: Option<&Handle<Font>>, edge: f32) {
    let (w, d) = (map.table.width, map.table.depth);
    let mark = |commands: &mut Commands, at: Vec2, size: Vec2| {
        commands.spawn((
            TablePiece,
            DespawnOnExit(Screen::Game),
            Sprite::from_color(Color::srgb(0.93, 0.88, 0.74), size),
            Transform::from_translation(at.extend(-1.5)),
        ));
    };
    let label = |commands: &mut Commands, at: Vec2, text: String| {
        let mut e = commands.spawn((
            TablePiece,
            DespawnOnExit(Screen::Game),
            Text2d::new(text),
            TextColor(Color::srgb(0.93, 0.88, 0.74)),
            Anchor::CENTER,
            Transform::from_translation(at.extend(-1.4)),
        ));
        if let Some(f) = font {
            e.insert(TextFont { font: f.clone().into(), font_size: bevy::text::FontSize::Px(4.0 * YARD), ..default() });
        }
    };
    let mut x = 0.0;
    while x <= w + 0.1 {
        let long = (x as i64) % 100 == 0;
        let len = if long { edge } else { edge * 0.5 };
        for y in [-len / 2.0, d * YARD + len / 2.0] {
            mark(commands, Vec2::new(x * YARD, y), Vec2::new(0.5 * YARD, len));
        }
        if long && x > 0.0 && x < w {
            label(commands, Vec2::new(x * YARD + 4.0 * YARD, -edge / 2.0), format!("{x:.0}"));
        }
        x += 50.0;
    }
    let mut y = 0.0;
    while y <= d + 0.1 {
        let long = (y as i64) % 100 == 0;
        let len = if long { edge } else { edge * 0.5 };
        for x in [-len / 2.0, w * YARD + len / 2.0] {
            mark(commands, Vec2::new(x, y * YARD), Vec2::new(len, 0.5 * YARD));
        }
        if long && y > 0.0 && y < d {
            label(commands, Vec2::new(-edge / 2.0, y * YARD + 3.0 * YARD), format!("{y:.0}"));
        }
        y += 50.0;
    }
}

/// A scale bar under the table's left corner: blocks of 50 yards, black and white, numbered.
fn scale_bar(commands: &mut Commands, map: &TableMap, font: Option<&Handle<Font>>, edge: f32) {
    let span = if map.table.width >= 800.0 { 100.0 } else { 50.0 };
    let blocks = 4;
    let origin = Vec2::new(0.0, -edge - 14.0 * YARD);
    let h = 4.0 * YARD;
    let spawn_text = |commands: &mut Commands, at: Vec2, text: String, px: f32| {
        let mut e = commands.spawn((
            TablePiece,
            DespawnOnExit(Screen::Game),
            Text2d::new(text),
            TextColor(Color::srgb(0.93, 0.90, 0.82)),
            Anchor::CENTER,
            Transform::from_translation(at.extend(-1.4)),
        ));
        if let Some(f) = font {
            e.insert(TextFont { font: f.clone().into(), font_size: bevy::text::FontSize::Px(px), ..default() });
        }
    };
    let full = span * blocks as f32 * YARD;
    commands.spawn((
        TablePiece,
        DespawnOnExit(Screen::Game),
        Sprite::from_color(Color::srgb(0.93, 0.90, 0.82), Vec2::new(full + YARD, h + YARD)),
        Transform::from_translation((origin + Vec2::new(full / 2.0, 0.0)).extend(-1.5)),
    ));
    for i in 0..blocks {
        let colour = if i % 2 == 0 { Color::srgb(0.10, 0.09, 0.08) } else { Color::srgb(0.93, 0.90, 0.82) };
        let w = span * YARD;
        commands.spawn((
            TablePiece,
            DespawnOnExit(Screen::Game),
            Sprite::from_color(colour, Vec2::new(w - 0.3 * YARD, h)),
            Transform::from_translation((origin + Vec2::new((i as f32 + 0.5) * w, 0.0)).extend(-1.45)),
        ));
    }
    for i in 0..=blocks {
        spawn_text(commands, origin + Vec2::new(i as f32 * span * YARD, -h - 2.5 * YARD), format!("{:.0}", i as f32 * span), 4.5 * YARD);
    }
    spawn_text(commands, origin + Vec2::new(full + 18.0 * YARD, 0.0), "yards".into(), 5.0 * YARD);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Tabletop;
    use crate::engine::board::tabletop::{TerrainFeature, Yards};

    #[test]
    fn the_table_image_shows_its_water_in_blue_and_its_cloth_elsewhere() {
        let canal = TerrainFeature {
            kind: "canal".into(),
            name: "Canal".into(),
            polygon: vec![Yards::new(0.0, 40.0), Yards::new(100.0, 40.0), Yards::new(100.0, 60.0), Yards::new(0.0, 60.0)],
        };
        let map = TableMap::new("t", Tabletop { name: "t".into(), width: 100.0, depth: 100.0, features: vec![canal] });
        let c = table_image(&map, 2.0);
        let rgba = c.to_rgba();
        let at = |x: u32, y: u32| &rgba[((y * c.width() + x) * 4) as usize..][..3];
        // The canal's middle (y = 50 yards, the image's middle row) is blue; the corner is cloth.
        let water = at(100, 100);
        assert!(water[2] > water[0] + 40, "{water:?}");
        let cloth = at(4, 4);
        assert!(cloth[0] > cloth[2], "{cloth:?}");
    }
}
