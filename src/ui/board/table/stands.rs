//! The stands of the [`BoardModel`] on the table: each piece at a `Place::Table` is one entity,
//! turned to its facing — its base in its side's colour with a dark rim, a bright strip along its
//! front edge and a tick out of the middle of it, its label read along the front edge (kept upright),
//! a frame when selected (white) or active (gold), dimmed when spent, its markers as tags behind it.
//! Each stand is an obstacle of the label layer, so no name or tag is printed over it.
//! A new revision moves and turns the existing entities in place, redraws the parts of only the
//! stands whose looks changed, spawns the new ones and despawns those that left the table.

use bevy::prelude::*;
use bevy::sprite::Anchor;

use crate::ui::Screen;
use crate::ui::board::labels::LabelObstacle;
use crate::ui::board::{BoardModel, Piece, PieceState, Place};
use crate::ui::map::MapArt;

use super::geometry::stand_rect;
use super::{TableMap, YARD, to_world};

/// The z of the stands (each piece of the model a little above the one before it).
pub const Z: f32 = 20.0;

/// A piece's stand, with what it was drawn as.
#[derive(Component, Debug)]
pub struct StandPiece {
    pub id: String,
    shown: Piece,
}

/// What changes a stand's parts (not its place).
fn looks(p: &Piece) -> (&str, &str, &str, PieceState, &[String], Option<Vec2>) {
    let size = match p.place {
        Some(Place::Table { size, .. }) => Some(size),
        _ => None,
    };
    (&p.side, &p.face, &p.label, p.state, &p.markers, size)
}

/// Where a piece's stand entity stands and how it is turned.
fn transform(place: Place, order: usize) -> Option<Transform> {
    let Place::Table { at, facing, .. } = place else { return None };
    Some(Transform::from_translation(to_world(at).extend(Z + order as f32 * 0.01)).with_rotation(Quat::from_rotation_z(facing)))
}

/// Keeps one entity per piece on the table, moved in place.
pub fn sync_stands(
    mut commands: Commands,
    map: Res<TableMap>,
    model: Res<BoardModel>,
    fonts: Option<Res<MapArt>>,
    mut stands: Query<(Entity, &mut StandPiece, &mut Transform)>,
    mut drawn_for: Local<Option<u64>>,
) {
    if *drawn_for == Some(model.revision) && !map.is_changed() {
        return;
    }
    *drawn_for = Some(model.revision);
    let font = fonts.map(|f| f.font_bold.clone());
    let on_table = |p: &&Piece| matches!(p.place, Some(Place::Table { .. }));
    let mut kept = Vec::new();
    for (entity, mut stand, mut tf) in &mut stands {
        let Some((order, piece)) = model.pieces.iter().enumerate().find(|(_, p)| p.id == stand.id && on_table(p)) else {
            commands.entity(entity).despawn();
            continue;
        };
        kept.push(piece.id.clone());
        let moved = piece.place.and_then(|p| transform(p, order)).filter(|new| *tf != *new);
        let redrawn = looks(&stand.shown) != looks(piece) || map.is_changed();
        if let Some(new) = moved {
            *tf = new;
        }
        // Its size is in its looks: the obstacle follows a move and a new size alike.
        if (moved.is_some() || redrawn)
            && let Some(r) = piece.place.and_then(stand_rect)
        {
            commands.entity(entity).insert(LabelObstacle(r));
        }
        if redrawn {
            commands.entity(entity).despawn_related::<Children>();
            parts(&mut commands, entity, piece, &map, font.as_ref());
        }
        stand.shown = piece.clone();
    }
    for (order, piece) in model.pieces.iter().enumerate().filter(|(_, p)| on_table(p) && !kept.contains(&p.id)) {
        let Some(tf) = piece.place.and_then(|p| transform(p, order)) else { continue };
        let entity = commands
            .spawn((StandPiece { id: piece.id.clone(), shown: piece.clone() }, tf, Visibility::default(), DespawnOnExit(Screen::Game)))
            .id();
        if let Some(r) = piece.place.and_then(stand_rect) {
            commands.entity(entity).insert(LabelObstacle(r));
        }
        parts(&mut commands, entity, piece, &map, font.as_ref());
    }
}

/// A colour mixed towards grey (a spent stand).
fn dim(c: Color) -> Color {
    c.mix(&Color::srgb(0.45, 0.45, 0.43), 0.55)
}

/// The angle (relative to the stand) that turns text to read along its front edge, upright on screen.
fn upright(facing: f32) -> f32 {
    let along = facing - std::f32::consts::FRAC_PI_2;
    let world = if along.cos() < -1e-3 { along + std::f32::consts::PI } else { along };
    world - facing
}

/// Spawns a stand's parts under it, in its frame (x ahead, y to its left, world units).
fn parts(commands: &mut Commands, stand: Entity, piece: &Piece, map: &TableMap, font: Option<&Handle<Font>>) {
    let Some(Place::Table { facing, size, .. }) = piece.place else { return };
    let side = map.side(&piece.side);
    let spent = piece.state == PieceState::Spent;
    let (body, trim) = if spent { (dim(side.colour), dim(side.trim)) } else { (side.colour, side.trim) };
    let mut part = |colour: Color, size: Vec2, at: Vec2, z: f32| {
        commands.spawn((ChildOf(stand), Sprite::from_color(colour, size), Transform::from_translation(at.extend(z))));
    };
    if size.x <= 0.0 || size.y <= 0.0 {
        // A bare point (a courier, a marker-sized piece): a small diamond in the side's colour.
        let d = Vec2::splat(5.0 * YARD);
        part(Color::srgb(0.1, 0.09, 0.08), d + Vec2::splat(YARD), Vec2::ZERO, 0.001);
        part(body, d, Vec2::ZERO, 0.002);
        return;
    }
    let (depth, front) = (size.y * YARD, size.x * YARD);
    let frame = match piece.state {
        PieceState::Selected => Some(Color::WHITE),
        PieceState::Active => Some(Color::srgb(1.0, 0.80, 0.15)),
        _ => None,
    };
    if let Some(f) = frame {
        let pad = 2.6 * YARD;
        part(Color::srgb(0.08, 0.07, 0.06), Vec2::new(depth, front) + Vec2::splat(2.0 * pad), Vec2::ZERO, 0.0005);
        part(f, Vec2::new(depth, front) + Vec2::splat(1.4 * pad), Vec2::ZERO, 0.0008);
    }
    let rim = 0.9 * YARD;
    part(Color::srgb(0.10, 0.09, 0.08), Vec2::new(depth + 2.0 * rim, front + 2.0 * rim), Vec2::ZERO, 0.001);
    part(body, Vec2::new(depth, front), Vec2::ZERO, 0.002);
    // The front edge: a strip of the trim colour along it, and the facing tick out of its middle.
    let strip = (0.22 * depth).min(4.0 * YARD);
    part(trim, Vec2::new(strip, front), Vec2::new(depth / 2.0 - strip / 2.0, 0.0), 0.003);
    let tick = (0.35 * depth).clamp(3.0 * YARD, 8.0 * YARD);
    part(Color::srgb(0.10, 0.09, 0.08), Vec2::new(tick + rim, 2.4 * YARD), Vec2::new(depth / 2.0 + tick / 2.0, 0.0), 0.0009);
    part(trim, Vec2::new(tick, 1.2 * YARD), Vec2::new(depth / 2.0 + tick / 2.0 + rim / 2.0, 0.0), 0.0011);
    // The label, read along the front edge, in the rear part of the base.
    let chars = piece.label.chars().count().max(1) as f32;
    let px = (0.42 * (depth - strip)).min(1.7 * front / chars);
    let mut text = commands.spawn((
        ChildOf(stand),
        Text2d::new(piece.label.clone()),
        TextColor(trim),
        Anchor::CENTER,
        Transform::from_translation(Vec3::new(-strip / 2.0, 0.0, 0.004)).with_rotation(Quat::from_rotation_z(upright(facing))),
    ));
    text.insert(TextFont { font_size: bevy::text::FontSize::Px(px), ..default() });
    if let Some(f) = font {
        text.insert(TextFont { font: f.clone().into(), font_size: bevy::text::FontSize::Px(px), ..default() });
    }
    // Markers: small dark tags behind the rear edge, their names' first letters.
    for (i, m) in piece.markers.iter().enumerate() {
        let at = Vec2::new(-depth / 2.0 - 3.5 * YARD, front / 2.0 - (i as f32 + 0.5) * 9.0 * YARD);
        let tag: String = m.chars().take(3).collect::<String>().to_uppercase();
        commands.spawn((
            ChildOf(stand),
            Sprite::from_color(Color::srgb(0.12, 0.10, 0.08), Vec2::new(6.0, 8.5) * YARD),
            Transform::from_translation(at.extend(0.005)),
        ));
        let mut t = commands.spawn((
            ChildOf(stand),
            Text2d::new(tag),
            TextColor(Color::srgb(1.0, 0.85, 0.4)),
            Anchor::CENTER,
            Transform::from_translation(at.extend(0.006)).with_rotation(Quat::from_rotation_z(upright(facing))),
        ));
        if let Some(f) = font {
            t.insert(TextFont { font: f.clone().into(), font_size: bevy::text::FontSize::Px(3.6 * YARD), ..default() });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Tabletop;
    use crate::ui::board::table::TableSide;

    fn piece(id: &str, x: f32, state: PieceState) -> Piece {
        Piece {
            id: id.into(),
            side: "red".into(),
            place: Some(Place::Table { at: Vec2::new(x, 50.0), facing: 1.0, size: Vec2::new(30.0, 20.0) }),
            face: "inf".into(),
            label: id.to_uppercase(),
            markers: vec![],
            state,
        }
    }

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        let table = Tabletop { name: "t".into(), width: 400.0, depth: 300.0, features: vec![] };
        let mut map = TableMap::new("t", table);
        map.sides.push(TableSide { id: "red".into(), colour: Color::srgb(0.7, 0.1, 0.1), trim: Color::WHITE });
        app.insert_resource(map).init_resource::<BoardModel>().add_systems(Update, sync_stands);
        app
    }

    fn stands(app: &mut App) -> Vec<(Entity, String, Vec3, usize)> {
        let world = app.world_mut();
        let mut q = world.query::<(Entity, &StandPiece, &Transform, Option<&Children>)>();
        let mut out: Vec<_> = q.iter(world).map(|(e, s, t, c)| (e, s.id.clone(), t.translation, c.map_or(0, |c| c.len()))).collect();
        out.sort_by(|a, b| a.1.cmp(&b.1));
        out
    }

    #[test]
    fn stands_follow_the_model_moved_in_place_not_respawned() {
        let mut app = app();
        let model = |pieces: Vec<Piece>, app: &mut App| {
            app.world_mut().resource_mut::<BoardModel>().update(pieces, vec![], vec![], None);
            app.update();
        };
        model(vec![piece("a", 100.0, PieceState::Ready), piece("b", 150.0, PieceState::Ready)], &mut app);
        let first = stands(&mut app);
        assert_eq!(first.len(), 2);
        assert_eq!(first[0].2.truncate(), Vec2::new(100.0, 50.0) * YARD);
        let parts_ready = first[0].3;
        assert!(parts_ready >= 6, "base, rim, front strip, tick and label: {parts_ready}");

        // a moves and is selected; b stays: the same entities, a moved and framed.
        let mut moved = piece("a", 120.0, PieceState::Selected);
        moved.place = Some(Place::Table { at: Vec2::new(120.0, 80.0), facing: 0.0, size: Vec2::new(30.0, 20.0) });
        model(vec![moved, piece("b", 150.0, PieceState::Ready)], &mut app);
        let second = stands(&mut app);
        assert_eq!(second.iter().map(|s| s.0).collect::<Vec<_>>(), first.iter().map(|s| s.0).collect::<Vec<_>>(), "not respawned");
        assert_eq!(second[0].2.truncate(), Vec2::new(120.0, 80.0) * YARD);
        assert_eq!(second[0].3, parts_ready + 2, "the selection frame added");
        let rotation = app.world().get::<Transform>(second[0].0).unwrap().rotation;
        assert!(rotation.angle_between(Quat::IDENTITY) < 1e-4, "turned to face +x");

        // b leaves the table (eliminated): its entity goes, a's stays.
        let mut gone = piece("b", 150.0, PieceState::Ready);
        gone.place = None;
        let mut kept = piece("a", 120.0, PieceState::Selected);
        kept.place = Some(Place::Table { at: Vec2::new(120.0, 80.0), facing: 0.0, size: Vec2::new(30.0, 20.0) });
        model(vec![kept, gone], &mut app);
        let third = stands(&mut app);
        assert_eq!(third.len(), 1);
        assert_eq!(third[0].0, first[0].0);
        assert!(app.world().get_entity(first[1].0).is_err(), "b's entity despawned");
    }

    #[test]
    fn labels_stay_upright_whatever_the_facing() {
        for k in 0..16 {
            let facing = k as f32 * std::f32::consts::TAU / 16.0 - 3.0;
            let world = facing + upright(facing);
            assert!(world.cos() > -1e-3, "facing {facing}: text at {world}");
            // Along the front edge: perpendicular to the facing.
            assert!((world - facing).cos().abs() < 1e-3);
        }
    }
}
