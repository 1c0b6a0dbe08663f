//! What the board model puts on the map, redrawn only when its revision moves: the stacks (a chip
//! per side with its count, its composition and how many are spent), the map markers, the badges
//! of the targets (costs and odds), and the boxes' paper in the colours of who holds each area;
//! and the areas' tints (held, targeted, selected, under the pointer), recoloured when the model or
//! the hover changes.

use std::collections::BTreeMap;

use bevy::prelude::*;
use bevy::sprite::Anchor;

use crate::ui::Playing;
use crate::ui::board::labels::LabelObstacle;
use crate::ui::board::{BoardInput, BoardModel, Piece, PieceState, Place, TargetKind};
use crate::ui::map::MapArt;

use super::paint::{AreaFill, BoxPaper, z};
use super::{AreaMapArt, DrawnAreaMap, SCALE, chip_offset};

/// Redrawn with the model.
#[derive(Component)]
pub(super) struct Overlay;

/// A stack's composition as its chip prints it: how many pieces of each face ("2I 1T").
pub fn composition<'a>(faces: impl IntoIterator<Item = &'a str>) -> String {
    let mut count: BTreeMap<&str, u32> = BTreeMap::new();
    for f in faces {
        *count.entry(f).or_default() += 1;
    }
    count.iter().map(|(k, n)| format!("{n}{k}")).collect::<Vec<_>>().join(" ")
}

/// The colour an area leans to for a target of this kind, and how far.
fn target_tint(kind: TargetKind) -> (Vec3, f32) {
    match kind {
        TargetKind::Other | TargetKind::Pick => (Vec3::new(0.55, 0.85, 0.45), 0.35),
        TargetKind::Move => (Vec3::new(0.55, 0.75, 1.0), 0.45),
        TargetKind::Assault => (Vec3::new(1.0, 0.35, 0.30), 0.45),
        TargetKind::Fire => (Vec3::new(1.0, 0.60, 0.25), 0.28),
    }
}

/// The colour of a target's badge text.
fn badge_colour(kind: TargetKind) -> Color {
    match kind {
        TargetKind::Move => Color::srgb(0.85, 0.95, 1.0),
        TargetKind::Assault => Color::srgb(1.0, 0.85, 0.8),
        TargetKind::Fire => Color::srgb(1.0, 0.85, 0.6),
        TargetKind::Other | TargetKind::Pick => Color::WHITE,
    }
}

fn rgb(c: Color) -> Vec3 {
    let s = c.to_srgba();
    Vec3::new(s.red, s.green, s.blue)
}

/// The owner of an area, as the model says.
fn owner(model: &BoardModel, area: u32) -> Option<&str> {
    model.owners.iter().find(|(p, _)| *p == Place::Area(area)).map(|(_, s)| s.as_str())
}

/// Tints every area for the model and the pointer.
pub(super) fn recolour(
    art: Option<Res<AreaMapArt>>,
    model: Res<BoardModel>,
    input: Res<BoardInput>,
    drawn: Option<ResMut<DrawnAreaMap>>,
    mut fills: Query<(&AreaFill, &mut Sprite)>,
) {
    let (Some(art), Some(mut drawn)) = (art, drawn) else { return };
    let key = (model.revision, input.hovered);
    if drawn.tinted_for == Some(key) {
        return;
    }
    drawn.tinted_for = Some(key);
    for (fill, mut sprite) in &mut fills {
        let id = fill.0;
        let Some(a) = art.areas.iter().find(|a| a.id == id) else { continue };
        let mut c = Vec3::from(a.tint);
        if let Some((_, side)) = owner(&model, id).and_then(|s| art.side(s)) {
            c = c.lerp(rgb(side.wash), 0.22);
        }
        if let Some(t) = model.targets.iter().find(|t| t.place == Place::Area(id)) {
            let (tint, k) = target_tint(t.kind);
            c = c.lerp(tint, k);
        }
        for m in model.markers.iter().filter(|m| m.place == Place::Area(id)) {
            if let Some(style) = art.markers.get(&m.art)
                && let Some(k) = style.wash
            {
                c = c.lerp(rgb(style.colour), k);
            }
        }
        if input.hovered == Some(Place::Area(id)) {
            c *= 1.08;
        }
        if model.selected == Some(Place::Area(id)) {
            c = c.lerp(Vec3::new(1.0, 0.92, 0.55), 0.55);
        }
        sprite.color = Color::srgb(c.x, c.y, c.z);
    }
}

/// Redraws the stacks, markers and badges, and the boxes' paper, when the model or the map changed.
#[allow(clippy::too_many_arguments)]
pub(super) fn refresh(
    mut commands: Commands,
    art: Option<Res<AreaMapArt>>,
    drawn: Option<ResMut<DrawnAreaMap>>,
    fonts: Option<Res<MapArt>>,
    model: Res<BoardModel>,
    screen: Res<State<Playing>>,
    old: Query<Entity, With<Overlay>>,
    mut papers: Query<(&BoxPaper, &mut Sprite)>,
) {
    let (Some(art), Some(mut drawn), Some(fonts)) = (art, drawn, fonts) else { return };
    if drawn.drawn_for == Some(model.revision) {
        return;
    }
    drawn.drawn_for = Some(model.revision);
    for e in &old {
        commands.entity(e).despawn();
    }
    for (paper, mut sprite) in &mut papers {
        sprite.color = owner(&model, paper.0).and_then(|s| art.side(s)).map(|(_, s)| s.paper).unwrap_or(Color::WHITE);
    }
    for (&id, shape) in &drawn.shapes.areas {
        let parent = commands
            .spawn((
                DespawnOnExit(*screen.get()),
                Overlay,
                Transform::from_translation(shape.pole.extend(0.0)).with_scale(Vec3::splat(SCALE)),
                Visibility::default(),
            ))
            .id();
        let mut p = Painter { commands: &mut commands, parent, font: &fonts.font_bold };
        let mut covered = p.stacks(&art, &drawn.counters, &model, id);
        covered.extend(p.markers(&art, &model, id));
        // Names on the label layer keep clear of the stacks, markers and badges.
        for r in covered {
            commands.spawn((
                DespawnOnExit(*screen.get()),
                Overlay,
                LabelObstacle(Rect::from_corners(shape.pole + r.min, shape.pole + r.max)),
            ));
        }
    }
}

/// Spawns an area's overlay pieces under its parent (in design sizes).
pub(super) struct Painter<'a, 'w, 's> {
    pub commands: &'a mut Commands<'w, 's>,
    pub parent: Entity,
    pub font: &'a Handle<Font>,
}

impl Painter<'_, '_, '_> {
    pub fn rect(&mut self, colour: Color, size: Vec2, at: Vec3) {
        self.commands.spawn((ChildOf(self.parent), Sprite::from_color(colour, size), Transform::from_translation(at)));
    }

    pub fn label(&mut self, text: impl Into<String>, size: f32, colour: Color, at: Vec3) {
        self.commands.spawn((
            ChildOf(self.parent),
            Text2d::new(text.into()),
            TextFont { font: self.font.clone().into(), font_size: FontSize::Px(size * SCALE), ..default() },
            TextColor(colour),
            Anchor::CENTER,
            Transform::from_translation(at).with_scale(Vec3::splat(1.0 / SCALE)),
        ));
    }

    /// A side's stack chip at `at`: the count, the composition of `faces`, and a red badge of the
    /// `spent`.
    pub fn chip(&mut self, colour: Color, faces: &[&str], spent: usize, at: Vec2, z: f32) {
        self.rect(Color::srgb(0.08, 0.07, 0.06), Vec2::new(124.0, 104.0), at.extend(z));
        let face = if spent == faces.len() { colour.darker(0.18) } else { colour };
        self.rect(face, Vec2::new(116.0, 96.0), at.extend(z + 0.1));
        self.label(faces.len().to_string(), 48.0, Color::WHITE, (at + Vec2::new(0.0, 14.0)).extend(z + 0.2));
        self.label(composition(faces.iter().copied()), 22.0, Color::srgb(0.1, 0.08, 0.06), (at + Vec2::new(0.0, -22.0)).extend(z + 0.2));
        if spent > 0 {
            let at = at + Vec2::new(46.0, 40.0);
            self.rect(Color::srgb(0.75, 0.15, 0.10), Vec2::new(40.0, 30.0), at.extend(z + 0.3));
            self.label(spent.to_string(), 24.0, Color::WHITE, at.extend(z + 0.4));
        }
    }

    /// A side's stack as its top counter (`image`: the face on top), the stack's depth drawn behind
    /// it; the composition of `faces` in its band, the count on a badge, the `spent` on a red one; a
    /// stack all spent is darker.
    fn counter(&mut self, image: Handle<Image>, faces: &[&str], spent: usize, at: Vec2, z: f32) {
        let n = faces.len();
        for k in (1..n.min(3)).rev() {
            let off = Vec2::new(7.0, -7.0) * k as f32;
            self.rect(Color::srgb(0.10, 0.09, 0.08), Vec2::new(112.0, 112.0), (at + off).extend(z - 0.05 * k as f32));
            self.rect(Color::srgb(0.55, 0.52, 0.46), Vec2::new(106.0, 106.0), (at + off).extend(z - 0.05 * k as f32 + 0.01));
        }
        let shade = if spent == n { Color::srgb(0.62, 0.62, 0.62) } else { Color::WHITE };
        self.commands.spawn((
            ChildOf(self.parent),
            Sprite { image, color: shade, custom_size: Some(Vec2::new(116.0, 116.0)), ..default() },
            Transform::from_translation(at.extend(z + 0.1)),
        ));
        self.label(composition(faces.iter().copied()), 21.0, Color::srgb(0.97, 0.95, 0.88), (at + Vec2::new(0.0, -34.0)).extend(z + 0.2));
        if n > 1 {
            let at = at + Vec2::new(50.0, 50.0);
            self.rect(Color::srgb(0.08, 0.07, 0.06), Vec2::new(40.0, 34.0), at.extend(z + 0.3));
            self.label(n.to_string(), 28.0, Color::WHITE, at.extend(z + 0.4));
        }
        if spent > 0 {
            let at = at + Vec2::new(-50.0, 50.0);
            self.rect(Color::srgb(0.75, 0.15, 0.10), Vec2::new(40.0, 34.0), at.extend(z + 0.3));
            self.label(spent.to_string(), 24.0, Color::WHITE, at.extend(z + 0.4));
        }
    }

    /// One stack per side with pieces in the area, the sides in the art's order: its top counter
    /// where the presenter drew its face, else a chip.
    fn stacks(&mut self, art: &AreaMapArt, counters: &[((String, String), Handle<Image>)], model: &BoardModel, id: u32) -> Vec<Rect> {
        let mut shown = 0;
        let mut covered = Vec::new();
        for side in &art.sides {
            let pieces: Vec<&Piece> = model.pieces_at(Place::Area(id)).filter(|p| p.side == side.id).collect();
            if pieces.is_empty() {
                continue;
            }
            let faces: Vec<&str> = pieces.iter().map(|p| p.face.as_str()).collect();
            let spent = pieces.iter().filter(|p| p.state == PieceState::Spent).count();
            let ready: Vec<&str> = pieces.iter().filter(|p| p.state != PieceState::Spent).map(|p| p.face.as_str()).collect();
            let on_top =
                |among: &[&str]| counters.iter().find(|((s, f), _)| *s == side.id && among.contains(&f.as_str())).map(|(_, h)| h.clone());
            let at = chip_offset(shown) / SCALE;
            match on_top(&ready).or_else(|| on_top(&faces)) {
                Some(image) => self.counter(image, &faces, spent, at, z::CHIP),
                None => self.chip(side.counter, &faces, spent, at, z::CHIP),
            }
            covered.push(Rect::from_center_size(at * SCALE, Vec2::new(130.0, 130.0) * SCALE));
            shown += 1;
        }
        covered
    }

    /// The map markers on the area, then the badges of the targets in it.
    /// Where they stand, in world units from the pole.
    fn markers(&mut self, art: &AreaMapArt, model: &BoardModel, id: u32) -> Vec<Rect> {
        let mut covered = Vec::new();
        let chips = model.markers.iter().filter(|m| m.place == Place::Area(id) && !m.text.is_empty());
        for (i, m) in chips.enumerate() {
            let colour = art.markers.get(&m.art).map(|s| s.colour).unwrap_or(Color::BLACK);
            let at = Vec2::new(-60.0 + 110.0 * i as f32, 86.0);
            self.rect(colour, Vec2::new(100.0, 40.0), at.extend(z::CHIP + 0.5));
            self.label(m.text.clone(), 26.0, Color::WHITE, at.extend(z::CHIP + 0.6));
            covered.push(Rect::from_center_size(at * SCALE, Vec2::new(100.0, 40.0) * SCALE));
        }
        let badges = model.targets.iter().filter(|t| t.place == Place::Area(id)).filter_map(|t| Some((t.badge.as_ref()?, t.kind)));
        for (i, (text, kind)) in badges.enumerate() {
            let at = Vec2::new(0.0, 104.0 + 62.0 * i as f32);
            let size = Vec2::new(16.0 + 29.0 * text.chars().count() as f32, 58.0);
            self.rect(Color::srgba(0.05, 0.05, 0.08, 0.88), size, at.extend(z::LABEL));
            self.label(text.clone(), 46.0, badge_colour(kind), at.extend(z::LABEL + 0.1));
            covered.push(Rect::from_center_size(at * SCALE, size * SCALE));
        }
        covered
    }
}
