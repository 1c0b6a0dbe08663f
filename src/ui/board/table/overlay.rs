//! What the model and the overlay put on the table besides the stands, redrawn when either changes:
//! the zones of the [`TableOverlay`] (each band a translucent strip, its outer edge a line, its name
//! and range at its far edge), the targets (a move's ghost stand, a fire or assault target's frame)
//! with their badges, and the map markers.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::sprite::Anchor;

use crate::ui::Screen;
use crate::ui::board::{BoardModel, Place, TargetKind, TargetNote};
use crate::ui::map::MapArt;

use super::geometry::{band_mesh, from_frame, stand_of};
use super::{FireZone, TableMap, TableOverlay, YARD, to_world};

/// Redrawn with the model and the overlay.
#[derive(Component)]
pub(super) struct OverlayPiece;

/// The z of the zones (under the stands), the targets and markers (over them) and their badges.
const Z_ZONE: f32 = 5.0;
const Z_TARGET: f32 = 30.0;
const Z_BADGE: f32 = 32.0;

/// The colour of a zone, a target's frame or a ghost, by what it is for.
pub fn kind_colour(kind: TargetKind) -> Color {
    match kind {
        TargetKind::Move => Color::srgb(0.20, 0.45, 0.95),
        TargetKind::Fire => Color::srgb(1.0, 0.50, 0.08),
        TargetKind::Assault => Color::srgb(0.92, 0.12, 0.10),
        TargetKind::Other | TargetKind::Pick => Color::srgb(0.25, 0.75, 0.30),
    }
}

fn mesh(pos: Vec<Vec2>, idx: Vec<u32>, z: f32) -> Mesh {
    let mut m = Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::RENDER_WORLD);
    m.insert_attribute(Mesh::ATTRIBUTE_POSITION, pos.into_iter().map(|p| [p.x, p.y, z]).collect::<Vec<_>>());
    m.insert_indices(Indices::U32(idx));
    m
}

/// A line of half-width `half` (world units) along points (world units).
fn ribbon(line: &[Vec2], half: f32, closed: bool) -> (Vec<Vec2>, Vec<u32>) {
    let n = line.len();
    let mut pos = Vec::with_capacity(2 * n);
    let at = |i: usize| line[i % n];
    for (i, p) in line.iter().enumerate() {
        let prev = if i == 0 { if closed { at(n - 1) } else { at(0) } } else { at(i - 1) };
        let next = if i + 1 == n { if closed { at(0) } else { at(i) } } else { at(i + 1) };
        let d = (next - prev).normalize_or_zero().perp() * half;
        pos.push(*p - d);
        pos.push(*p + d);
    }
    let segments = if closed { n } else { n.saturating_sub(1) };
    let mut idx = Vec::new();
    for i in 0..segments {
        let (a, b) = (2 * i as u32, 2 * ((i + 1) % n) as u32);
        idx.extend_from_slice(&[a, a + 1, b + 1, a, b + 1, b]);
    }
    (pos, idx)
}

struct Painter<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    meshes: &'a mut Assets<Mesh>,
    materials: &'a mut Assets<ColorMaterial>,
    font: Option<Handle<Font>>,
}

impl Painter<'_, '_, '_> {
    fn shape(&mut self, (pos, idx): (Vec<Vec2>, Vec<u32>), colour: Color, z: f32) {
        self.commands.spawn((
            OverlayPiece,
            DespawnOnExit(Screen::Game),
            Mesh2d(self.meshes.add(mesh(pos, idx, z))),
            MeshMaterial2d(self.materials.add(ColorMaterial::from(colour))),
            Transform::default(),
        ));
    }

    /// A badge: text on a dark plate, centred at a world point.
    fn badge(&mut self, text: &str, colour: Color, at: Vec2, px: f32) {
        let width = px * (0.62 * text.chars().count() as f32 + 0.8);
        self.commands.spawn((
            OverlayPiece,
            DespawnOnExit(Screen::Game),
            Sprite::from_color(Color::srgba(0.05, 0.05, 0.07, 0.85), Vec2::new(width, px * 1.45)),
            Transform::from_translation(at.extend(Z_BADGE)),
        ));
        let mut e = self.commands.spawn((
            OverlayPiece,
            DespawnOnExit(Screen::Game),
            Text2d::new(text),
            TextColor(colour),
            Anchor::CENTER,
            Transform::from_translation(at.extend(Z_BADGE + 0.1)),
        ));
        let mut font = TextFont { font_size: bevy::text::FontSize::Px(px), ..default() };
        if let Some(f) = &self.font {
            font.font = f.clone().into();
        }
        e.insert(font);
    }

    /// A zone: its bands, nearest the most opaque, their outer edges and names.
    fn zone(&mut self, zone: &FireZone) {
        let Some(stand) = stand_of(zone.from) else { return };
        let colour = kind_colour(zone.kind);
        let world = |pts: Vec<Vec2>| pts.into_iter().map(|p| to_world(from_frame(&stand, p))).collect::<Vec<_>>();
        let mut inner = 0.0;
        let count = zone.bands.len().max(1) as f32;
        for (i, band) in zone.bands.iter().enumerate() {
            let (a, closed) = zone.shape.outline(&stand, inner);
            let (b, _) = zone.shape.outline(&stand, band.to);
            let (a, b) = (world(a), world(b));
            let strength = 0.30 - 0.18 * i as f32 / count;
            self.shape(band_mesh(&a, &b, closed), colour.with_alpha(strength), Z_ZONE + 0.01 * i as f32);
            self.shape(ribbon(&b, 0.45 * YARD, closed), colour.darker(0.15).with_alpha(0.9), Z_ZONE + 0.5);
            let far = to_world(from_frame(&stand, Vec2::new(0.0, stand.depth / 2.0 + band.to)));
            let forward = Vec2::from_angle(stand.facing);
            let text = if band.label.is_empty() { format!("{:.0} yds", band.to) } else { format!("{} · {:.0} yds", band.label, band.to) };
            self.badge(&text, Color::WHITE, far - forward * 5.0 * YARD, 4.5 * YARD);
            inner = band.to;
        }
    }

    /// A rectangle's outline (a stand's frame), turned, with sides of `thick` world units.
    fn frame(&mut self, centre: Vec2, size: Vec2, facing: f32, thick: f32, colour: Color, z: f32) {
        let (h, w) = (size.x, size.y);
        let parent = self
            .commands
            .spawn((
                OverlayPiece,
                DespawnOnExit(Screen::Game),
                Transform::from_translation(centre.extend(z)).with_rotation(Quat::from_rotation_z(facing)),
                Visibility::default(),
            ))
            .id();
        for (at, sz) in [
            (Vec2::new(h / 2.0, 0.0), Vec2::new(thick, w + thick)),
            (Vec2::new(-h / 2.0, 0.0), Vec2::new(thick, w + thick)),
            (Vec2::new(0.0, w / 2.0), Vec2::new(h + thick, thick)),
            (Vec2::new(0.0, -w / 2.0), Vec2::new(h + thick, thick)),
        ] {
            self.commands.spawn((ChildOf(parent), Sprite::from_color(colour, sz), Transform::from_translation(at.extend(0.0))));
        }
    }

    /// A target: a move's ghost (a translucent stand with its front edge), or a frame round the stand
    /// or point fired at; its badge above.
    fn target(&mut self, place: Place, kind: TargetKind, refused: bool, badge: Option<&str>) {
        let Place::Table { at, facing, size } = place else { return };
        let centre = to_world(at);
        let colour = if refused { Color::srgb(0.45, 0.45, 0.45) } else { kind_colour(kind) };
        let size = if size.x > 0.0 && size.y > 0.0 { Vec2::new(size.y, size.x) * YARD } else { Vec2::splat(8.0 * YARD) };
        if kind == TargetKind::Move {
            let ghost = self
                .commands
                .spawn((
                    OverlayPiece,
                    DespawnOnExit(Screen::Game),
                    Sprite::from_color(colour.with_alpha(0.28), size),
                    Transform::from_translation(centre.extend(Z_TARGET)).with_rotation(Quat::from_rotation_z(facing)),
                ))
                .id();
            let strip = (0.22 * size.x).min(4.0 * YARD);
            self.commands.spawn((
                ChildOf(ghost),
                Sprite::from_color(colour.with_alpha(0.8), Vec2::new(strip, size.y)),
                Transform::from_translation(Vec3::new(size.x / 2.0 - strip / 2.0, 0.0, 0.01)),
            ));
            self.frame(centre, size, facing, 0.6 * YARD, colour.with_alpha(0.9), Z_TARGET + 0.02);
        } else {
            let pad = Vec2::splat(5.0 * YARD);
            self.frame(centre, size + pad, facing, 1.3 * YARD, colour, Z_TARGET);
        }
        if let Some(text) = badge {
            let lift = 0.5 * size.max_element() + 9.0 * YARD;
            self.badge(text, colour.lighter(0.25), centre + Vec2::new(0.0, lift), 5.5 * YARD);
        }
    }
}

/// Redraws the zones, targets and markers when the model or the overlay changed.
#[allow(clippy::too_many_arguments)]
pub(super) fn refresh(
    mut commands: Commands,
    map: Res<TableMap>,
    model: Res<BoardModel>,
    overlay: Res<TableOverlay>,
    fonts: Option<Res<MapArt>>,
    old: Query<Entity, With<OverlayPiece>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut drawn_for: Local<Option<u64>>,
) {
    if *drawn_for == Some(model.revision) && !overlay.is_changed() && !map.is_changed() {
        return;
    }
    *drawn_for = Some(model.revision);
    for e in &old {
        commands.entity(e).despawn();
    }
    let mut p =
        Painter { commands: &mut commands, meshes: &mut meshes, materials: &mut materials, font: fonts.map(|f| f.font_bold.clone()) };
    for zone in &overlay.zones {
        p.zone(zone);
    }
    for t in &model.targets {
        let refused = matches!(t.note, TargetNote::Refused { .. });
        p.target(t.place, t.kind, refused, t.badge.as_deref());
    }
    for m in &model.markers {
        let Place::Table { at, .. } = m.place else { continue };
        let colour = Color::srgb(1.0, 0.85, 0.40);
        let text = if m.text.is_empty() { m.art.as_str() } else { m.text.as_str() };
        p.badge(text, colour, to_world(at), 5.0 * YARD);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ribbon_has_two_points_a_vertex_and_two_triangles_a_segment() {
        let (pos, idx) = ribbon(&[Vec2::ZERO, Vec2::new(10.0, 0.0), Vec2::new(20.0, 0.0)], 1.0, false);
        assert_eq!(pos.len(), 6);
        assert_eq!(idx.len(), 12);
        assert_eq!(pos[0], Vec2::new(0.0, -1.0));
        assert_eq!(pos[1], Vec2::new(0.0, 1.0));
        let (_, closed) = ribbon(&[Vec2::ZERO, Vec2::X, Vec2::ONE], 1.0, true);
        assert_eq!(closed.len(), 18);
    }
}
