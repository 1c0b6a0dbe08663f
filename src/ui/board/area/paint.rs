//! The fixed map, built once per map: a sheet of paper; each area's paper cut to its outline with a
//! faint mottling (an image, tinted by the area's sprite colour so highlights only recolour it);
//! the borders as thin dark lines, rivers and canals as blue ribbons along theirs, bridges across
//! them; and each area's box at its pole.

use std::collections::BTreeMap;

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::sprite::Anchor;
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap};

use crate::ui::Playing;
use crate::ui::board::labels::LabelObstacle;
use crate::ui::geometry::{HEX, hex_to_world};
use crate::ui::map::{MapArt, image_from_rgba};

use super::outline::{AreaShape, shapes, smooth};
use super::terrain;
use super::{AreaMapArt, BoxSymbol, DrawnAreaMap, SCALE};
use crate::ui::board::BoardFrame;
use crate::ui::camera::MapCamera;

pub(super) mod z {
    pub const PAPER: f32 = -1.0;
    pub const FILL: f32 = 0.0;
    /// The terrain drawn on the paper.
    pub const TERRAIN: f32 = 0.5;
    /// Roads and railways, over the terrain and under the borders.
    pub const LINES: f32 = 0.7;
    pub const BAND: f32 = 1.0;
    pub const BORDER: f32 = 2.0;
    /// Over the borders, so a border ending at the canal ends under its water.
    pub const WATER: f32 = 3.0;
    pub const BRIDGE: f32 = 4.0;
    /// The areas' names, under the boxes and stacks.
    pub const NAME: f32 = 6.0;
    pub const BOX: f32 = 10.0;
    pub const CHIP: f32 = 12.0;
    pub const LABEL: f32 = 14.0;
    pub const ANIMATION: f32 = 40.0;
}

/// What an area's box covers, with its flag and symbols, in world units from the pole.
const BOX_AREA: Rect = Rect { min: Vec2::new(-240.0, -86.0), max: Vec2::new(232.0, 128.0) };

/// An area's paper, tinted by its sprite's colour.
#[derive(Component)]
pub(super) struct AreaFill(pub u32);

/// The paper of an area's box, tinted by who holds the area.
#[derive(Component)]
pub(super) struct BoxPaper(pub u32);

/// Pixels of an area's paper image per world unit (its edge is under the border line; the mottling
/// is soft).
const DENSITY: f32 = 0.25;

const INK: Color = Color::srgb(0.22, 0.17, 0.12);
const WATER_BANK: Color = Color::srgb(0.20, 0.36, 0.62);
const WATER: Color = Color::srgb(0.45, 0.66, 0.88);

/// Value noise in [0, 1) at world point `p`, on a lattice of `cell` world units.
fn noise(p: Vec2, cell: f32, salt: u64) -> f32 {
    let g = p / cell;
    let (i, f) = (g.floor(), g - g.floor());
    let at = |dx: i64, dy: i64| (crate::ui::art::hash(i.x as i64 + dx, i.y as i64 + dy, salt) % 1000) as f32 / 1000.0;
    let s = f * f * (Vec2::splat(3.0) - 2.0 * f);
    let top = at(0, 0) + (at(1, 0) - at(0, 0)) * s.x;
    let bottom = at(0, 1) + (at(1, 1) - at(0, 1)) * s.x;
    top + (bottom - top) * s.y
}

/// An area's paper: white cut to its rings (even-odd, so holes stay open), mottled, and where its
/// top-left corner is in the world.
fn paper(shape: &AreaShape) -> Option<(Image, Vec2)> {
    let b = shape.bounds;
    let (w, h) = ((b.width() * DENSITY).ceil() as u32 + 2, (b.height() * DENSITY).ceil() as u32 + 2);
    let mut pixmap = Pixmap::new(w, h)?;
    let to_px = |p: Vec2| ((p.x - b.min.x) * DENSITY + 1.0, (b.max.y - p.y) * DENSITY + 1.0);
    let mut pb = PathBuilder::new();
    for ring in &shape.rings {
        let (first, rest) = ring.split_first()?;
        let (x, y) = to_px(*first);
        pb.move_to(x, y);
        for p in rest {
            let (x, y) = to_px(*p);
            pb.line_to(x, y);
        }
        pb.close();
    }
    let mut paint = Paint::default();
    paint.set_color_rgba8(255, 255, 255, 255);
    paint.anti_alias = true;
    pixmap.fill_path(&pb.finish()?, &paint, FillRule::EvenOdd, tiny_skia::Transform::identity(), None);
    let mut data = pixmap.take();
    for (i, px) in data.chunks_exact_mut(4).enumerate() {
        let a = px[3];
        if a == 0 {
            continue;
        }
        let world = Vec2::new(b.min.x + ((i as u32 % w) as f32 - 1.0) / DENSITY, b.max.y - ((i as u32 / w) as f32 - 1.0) / DENSITY);
        let shade = 0.90 + 0.06 * noise(world, 170.0, 1) + 0.04 * noise(world, 37.0, 2);
        // Straight alpha: the colour is the shade, the coverage stays in alpha.
        let v = (shade * 255.0) as u8;
        px[0] = v;
        px[1] = v;
        px[2] = (v as f32 * 0.985) as u8;
    }
    let image = Image::new(
        Extent3d { width: w, height: h, depth_or_array_layers: 1 },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    Some((image, Vec2::new(b.min.x - 1.0 / DENSITY, b.max.y + 1.0 / DENSITY)))
}

/// The sheet under the areas, as a printed map shows ground outside the battle: the country faded
/// and hatched, inside a neat line, so the map is a whole sheet with no bare notch where the areas
/// stop short of its edge.
fn beyond(rect: Rect) -> Image {
    let density = (1024.0 / rect.width().max(rect.height()).max(1.0)).min(DENSITY);
    let (w, h) = ((rect.width() * density).ceil() as u32, (rect.height() * density).ceil() as u32);
    let mut data = Vec::with_capacity((w * h * 4) as usize);
    // A hatch line every 90 world units; the neat line 45 inside the sheet's edge.
    let (hatch, neat, line) = (90.0 * density, 45.0 * density, (14.0 * density).max(2.0));
    for y in 0..h {
        for x in 0..w {
            let world = Vec2::new(rect.min.x + x as f32 / density, rect.max.y - y as f32 / density);
            let shade = 0.86 + 0.05 * noise(world, 170.0, 3) + 0.03 * noise(world, 37.0, 4);
            let mut c = [shade * 0.90, shade * 0.87, shade * 0.78];
            // Diagonal hatching, a thin line every `hatch` pixels.
            if (x as f32 + y as f32).rem_euclid(hatch) < 1.5 {
                c = c.map(|v| v * 0.86);
            }
            // The neat line round the sheet.
            let edge = (x.min(w - 1 - x)).min(y.min(h - 1 - y)) as f32;
            if edge < neat && edge >= neat - line {
                c = [0.30, 0.25, 0.19];
            }
            data.extend(c.map(|v| (v.clamp(0.0, 1.0) * 255.0) as u8));
            data.push(255);
        }
    }
    image_from_rgba(w, h, data)
}

/// A ribbon of half-width `half` along a line, its ends carried on by `half` (so lines meeting at a
/// corner close it), into a mesh's positions and indices.
fn ribbon(pos: &mut Vec<[f32; 3]>, idx: &mut Vec<u32>, line: &[Vec2], half: f32, z: f32) {
    if line.len() < 2 {
        return;
    }
    let n = line.len();
    let dir = |i: usize| (line[(i + 1).min(n - 1)] - line[i.saturating_sub(1)]).normalize_or_zero();
    let base = pos.len() as u32;
    for (i, &point) in line.iter().enumerate() {
        let d = dir(i);
        let mut p = point;
        if i == 0 {
            p -= d * half;
        } else if i == n - 1 {
            p += d * half;
        }
        let across = d.perp() * half;
        pos.push([p.x - across.x, p.y - across.y, z]);
        pos.push([p.x + across.x, p.y + across.y, z]);
    }
    for i in 0..n as u32 - 1 {
        let (a, b) = (base + 2 * i, base + 2 * i + 2);
        idx.extend_from_slice(&[a, a + 1, b + 1, a, b + 1, b]);
    }
}

fn mesh(pos: Vec<[f32; 3]>, idx: Vec<u32>) -> Mesh {
    let mut m = Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::RENDER_WORLD);
    m.insert_attribute(Mesh::ATTRIBUTE_POSITION, pos);
    m.insert_indices(Indices::U32(idx));
    m
}

/// Points every `step` world units along a line, with the line's direction there (a railway's ties).
fn every(line: &[Vec2], step: f32) -> Vec<(Vec2, Vec2)> {
    let mut out = Vec::new();
    let mut next = step / 2.0;
    let mut run = 0.0;
    for w in line.windows(2) {
        let l = w[0].distance(w[1]);
        while l > 0.0 && next <= run + l {
            out.push((w[0].lerp(w[1], (next - run) / l), (w[1] - w[0]) / l));
            next += step;
        }
        run += l;
    }
    out
}

/// The point halfway along a line and its direction there.
fn halfway(line: &[Vec2]) -> (Vec2, Vec2) {
    let total: f32 = line.windows(2).map(|w| w[0].distance(w[1])).sum();
    let mut left = total / 2.0;
    for w in line.windows(2) {
        let l = w[0].distance(w[1]);
        if l >= left && l > 0.0 {
            return (w[0].lerp(w[1], left / l), (w[1] - w[0]) / l);
        }
        left -= l;
    }
    (line[0], Vec2::X)
}

/// Builds the map when the presenter's art is for another map than the one drawn.
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_map(
    mut commands: Commands,
    art: Option<Res<AreaMapArt>>,
    drawn: Option<Res<DrawnAreaMap>>,
    fonts: Option<Res<MapArt>>,
    screen: Res<State<Playing>>,
    mut images: ResMut<Assets<Image>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut cameras: Query<&mut MapCamera>,
) {
    let (Some(art), Some(fonts)) = (art, fonts) else { return };
    if drawn.is_some_and(|d| d.key == art.key) {
        return;
    }
    let scope = DespawnOnExit(*screen.get());
    let cells: BTreeMap<u32, Vec<hexx::Hex>> = art.areas.iter().map(|a| (a.id, a.cells.clone())).collect();
    let shapes = shapes(&art.grid, &cells);
    let bounds = shapes.bounds();
    let rect = Rect::from_corners(bounds.min - Vec2::splat(HEX), bounds.max + Vec2::splat(HEX));
    commands.spawn((
        scope.clone(),
        Sprite { image: images.add(beyond(rect)), custom_size: Some(rect.size()), ..default() },
        Transform::from_translation(rect.center().extend(z::PAPER)),
    ));
    for a in &art.areas {
        let Some(shape) = shapes.areas.get(&a.id) else { continue };
        let Some((image, top_left)) = paper(shape) else { continue };
        let [r, g, b] = a.tint;
        commands.spawn((
            scope.clone(),
            AreaFill(a.id),
            Sprite { image: images.add(image), color: Color::srgb(r, g, b), ..default() },
            Anchor::TOP_LEFT,
            Transform::from_translation(top_left.extend(z::FILL)).with_scale(Vec3::splat(1.0 / DENSITY)),
        ));
        if let Some((image, top_left)) = terrain::draw(shape, a.look, shape.site, a.id as u64) {
            commands.spawn((
                scope.clone(),
                Sprite { image: images.add(image), ..default() },
                Anchor::TOP_LEFT,
                Transform::from_translation(top_left.extend(z::TERRAIN)).with_scale(Vec3::splat(1.0 / terrain::DENSITY)),
            ));
        }
    }
    let (mut dry, mut bank, mut water) = ((Vec::new(), Vec::new()), (Vec::new(), Vec::new()), (Vec::new(), Vec::new()));
    // A soft shadow along every border, as the printer's tint band of an area map.
    let mut band = (Vec::new(), Vec::new());
    for border in &shapes.borders {
        let kind = border.b.and_then(|b| art.borders.get(&(border.a.min(b), border.a.max(b)))).copied().unwrap_or_default();
        if kind.water {
            ribbon(&mut bank.0, &mut bank.1, &border.points, 15.0, z::WATER);
            ribbon(&mut water.0, &mut water.1, &border.points, 11.0, z::WATER + 0.1);
            if kind.bridge {
                spawn_bridge(&mut commands, &scope, halfway(&border.points));
            }
        } else {
            let half = if border.b.is_some() { 3.0 } else { 5.0 };
            ribbon(&mut dry.0, &mut dry.1, &border.points, half, z::BORDER);
            ribbon(&mut band.0, &mut band.1, &border.points, 10.0, z::BAND);
        }
    }
    let (mut casing, mut road, mut rail) = ((Vec::new(), Vec::new()), (Vec::new(), Vec::new()), (Vec::new(), Vec::new()));
    for l in &art.lines {
        let points: Vec<Vec2> = l.cells.iter().step_by(2).chain(l.cells.last()).map(|c| hex_to_world(&art.grid, *c)).collect();
        let line = smooth(&points, false);
        match l.kind.as_str() {
            "road" => {
                ribbon(&mut casing.0, &mut casing.1, &line, 11.0, z::LINES);
                ribbon(&mut road.0, &mut road.1, &line, 7.0, z::LINES + 0.01);
            }
            "railway" => {
                ribbon(&mut rail.0, &mut rail.1, &line, 3.5, z::LINES + 0.02);
                for (at, along) in every(&line, 34.0) {
                    let across = along.perp() * 11.0;
                    ribbon(&mut rail.0, &mut rail.1, &[at - across, at + across], 2.5, z::LINES + 0.02);
                }
            }
            _ => ribbon(&mut rail.0, &mut rail.1, &line, 2.5, z::LINES + 0.02),
        }
    }
    let lines = [(casing, Color::srgb(0.42, 0.33, 0.24)), (road, Color::srgb(0.95, 0.90, 0.76)), (rail, Color::srgb(0.18, 0.15, 0.13))];
    for ((pos, idx), colour) in [(band, INK.with_alpha(0.10)), (dry, INK), (bank, WATER_BANK), (water, WATER)].into_iter().chain(lines) {
        commands.spawn((
            scope.clone(),
            Mesh2d(meshes.add(mesh(pos, idx))),
            MeshMaterial2d(materials.add(ColorMaterial::from_color(colour))),
            Transform::default(),
        ));
    }
    let triangle = meshes.add(Triangle2d::new(Vec2::new(0.0, 34.0), Vec2::new(-30.0, -20.0), Vec2::new(30.0, -20.0)));
    for a in &art.areas {
        let Some(shape) = shapes.areas.get(&a.id) else { continue };
        let parent = commands
            .spawn((
                scope.clone(),
                Transform::from_translation(shape.pole.extend(0.0)).with_scale(Vec3::splat(SCALE)),
                Visibility::default(),
            ))
            .id();
        // Names on the label layer keep clear of the box, its flag and its symbols.
        commands.spawn((scope.clone(), LabelObstacle(Rect::from_corners(shape.pole + BOX_AREA.min, shape.pole + BOX_AREA.max))));
        let mut b = BoxPainter { commands: &mut commands, parent, font: &fonts.font_bold };
        b.area_box(a);
        for (i, s) in a.symbols.iter().enumerate() {
            match s {
                BoxSymbol::Triangle(colour) => {
                    let material = materials.add(ColorMaterial::from_color(*colour));
                    b.commands.spawn((
                        ChildOf(parent),
                        Mesh2d(triangle.clone()),
                        MeshMaterial2d(material),
                        Transform::from_translation(Vec3::new(-118.0, 20.0 - 70.0 * i as f32, z::BOX + 0.3)),
                    ));
                }
                BoxSymbol::Badge(text, colour) => {
                    let at = Vec2::new(118.0, 24.0 - 50.0 * i as f32);
                    b.rect(*colour, Vec2::new(52.0, 40.0), at.extend(z::BOX + 0.3));
                    b.label(text, 30.0, Color::WHITE, at.extend(z::BOX + 0.4));
                }
            }
        }
    }
    let counters = art
        .counters
        .iter()
        .map(|c| ((c.side.clone(), c.face.clone()), images.add(image_from_rgba(c.size.0, c.size.1, c.rgba.clone()))))
        .collect();
    commands.insert_resource(DrawnAreaMap { key: art.key.clone(), shapes, rect, drawn_for: None, tinted_for: None, counters });
    // The whole map is in play: the shared camera pans, zooms and fits it.
    commands.insert_resource(BoardFrame { world: rect, play: rect });
    for mut camera in &mut cameras {
        camera.fit_requested = true;
    }
}

/// A bridge across a water border: a pale deck between two dark rails, splayed at the banks.
fn spawn_bridge(commands: &mut Commands, scope: &DespawnOnExit<Playing>, (at, along): (Vec2, Vec2)) {
    let angle = along.perp().to_angle();
    let bridge = commands
        .spawn((
            scope.clone(),
            Transform::from_translation(at.extend(z::BRIDGE)).with_rotation(Quat::from_rotation_z(angle)).with_scale(Vec3::splat(1.6)),
            Visibility::default(),
        ))
        .id();
    let part = |size: Vec2, at: Vec2, turn: f32, colour: Color| {
        (
            ChildOf(bridge),
            Sprite::from_color(colour, size),
            Transform::from_translation(at.extend(0.1)).with_rotation(Quat::from_rotation_z(turn)),
        )
    };
    commands.spawn(part(Vec2::new(52.0, 20.0), Vec2::ZERO, 0.0, Color::srgb(0.93, 0.88, 0.74)));
    for side in [-1.0, 1.0] {
        commands.spawn(part(Vec2::new(52.0, 4.0), Vec2::new(0.0, 11.0 * side), 0.0, INK));
        for end in [-1.0, 1.0] {
            commands.spawn(part(Vec2::new(12.0, 4.0), Vec2::new(29.0 * end, 13.5 * side), 0.6 * side * end, INK));
        }
    }
}

/// Spawns the pieces of an area's box under its parent (in design sizes).
struct BoxPainter<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    parent: Entity,
    font: &'a Handle<Font>,
}

impl BoxPainter<'_, '_, '_> {
    fn rect(&mut self, colour: Color, size: Vec2, at: Vec3) -> Entity {
        self.commands.spawn((ChildOf(self.parent), Sprite::from_color(colour, size), Transform::from_translation(at))).id()
    }

    fn label(&mut self, text: &str, size: f32, colour: Color, at: Vec3) {
        self.commands.spawn((
            ChildOf(self.parent),
            Text2d::new(text),
            TextFont { font: self.font.clone().into(), font_size: FontSize::Px(size * SCALE), ..default() },
            TextColor(colour),
            Anchor::CENTER,
            Transform::from_translation(at).with_scale(Vec3::splat(1.0 / SCALE)),
        ));
    }

    /// The box: the number, the value after a rule, the flag word above and its frame.
    fn area_box(&mut self, a: &super::AreaArt) {
        let frame = a.flag.as_ref().map(|f| f.1).unwrap_or(INK);
        let width = if a.value.is_some() { 168.0 } else { 110.0 };
        let inset = if a.flag.is_some() { 9.0 } else { 4.0 };
        self.rect(frame, Vec2::new(width + 8.0, 104.0), Vec3::new(0.0, 0.0, z::BOX));
        let paper = self.rect(Color::WHITE, Vec2::new(width + 8.0 - 2.0 * inset, 104.0 - 2.0 * inset), Vec3::new(0.0, 0.0, z::BOX + 0.1));
        self.commands.entity(paper).insert(BoxPaper(a.id));
        let number_x = if a.value.is_some() { -28.0 } else { 0.0 };
        self.label(&a.id.to_string(), 54.0, Color::srgb(0.10, 0.08, 0.06), Vec3::new(number_x, 4.0, z::BOX + 0.2));
        if let Some(v) = &a.value {
            self.rect(Color::srgb(0.4, 0.35, 0.3), Vec2::new(3.0, 70.0), Vec3::new(24.0, 2.0, z::BOX + 0.2));
            self.label(v, 40.0, Color::srgb(0.55, 0.10, 0.08), Vec3::new(50.0, 4.0, z::BOX + 0.2));
        }
        if let Some((word, colour)) = &a.flag {
            self.label(word, 26.0, *colour, Vec3::new(0.0, 66.0, z::BOX + 0.2));
        }
    }
}
