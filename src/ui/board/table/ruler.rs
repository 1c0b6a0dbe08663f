//! The ruler: hold the ruler key (R) and point. It runs from where the key went down — the middle
//! of a stand's front edge when it went down on a stand — to the pointer, marked every 10 yards
//! and numbered every 50, with the distance in yards and whether the line of sight is clear or which
//! feature (or stand) blocks it first, and where; drawn above everything. A presenter (or a demo)
//! may pin a measurement by writing [`Ruler`] itself.

use bevy::prelude::*;
use bevy::sprite::Anchor;

use crate::engine::board::tabletop::segment_crosses_polygon;
use crate::ui::Screen;
use crate::ui::board::{BoardModel, Piece};
use crate::ui::camera::{MapCamera, MapViewport};
use crate::ui::map::MapArt;

use super::geometry::{on_piece, stand_of, vec, yards};
use super::input::TablePointer;
use super::{TableMap, YARD, to_world};

/// A measurement on the table, in yards.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Ruler {
    pub from: Option<Vec2>,
    pub to: Option<Vec2>,
    /// Kept when the key is released (set by a presenter or a demo, not by the key).
    pub pinned: bool,
}

/// What blocks a line of sight first.
#[derive(Clone, Debug, PartialEq)]
pub struct Blocker {
    /// The feature's name (its kind when it has none) or the stand's label.
    pub name: String,
    /// Where the line meets it (yards).
    pub at: Vec2,
}

/// The ruler's reading: the distance and the first blocker, if any.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub yards: f32,
    pub blocker: Option<Blocker>,
}

/// Measures from `a` to `b`: the distance, and the first terrain feature that blocks sight (as the
/// map's styles say) or, when the map says stands block sight, the first stand the line crosses —
/// not counting the stands under either end.
pub fn read(map: &TableMap, pieces: &[Piece], a: Vec2, b: Vec2) -> Reading {
    let (ya, yb) = (yards(a), yards(b));
    let mut best: Option<(f32, Blocker)> = map.table.sight_blocker(ya, yb, |f| map.style(&f.kind).blocks_sight).map(|(f, at)| {
        let name = if f.name.is_empty() { f.kind.clone() } else { format!("{} ({})", f.name, f.kind) };
        (ya.distance(at), Blocker { name, at: vec(at) })
    });
    if map.stands_block_sight {
        for piece in pieces.iter().filter(|p| !on_piece(p, a) && !on_piece(p, b)) {
            let Some(stand) = piece.place.and_then(stand_of).filter(|s| s.frontage > 0.0 && s.depth > 0.0) else { continue };
            let corners = stand.corners();
            if !segment_crosses_polygon(ya, yb, &corners) {
                continue;
            }
            let t = crate::engine::board::tabletop::entry_along(ya, yb, &corners).unwrap_or(0.0);
            let at = a + (b - a) * t;
            let d = a.distance(at);
            if best.as_ref().is_none_or(|(bd, _)| d < *bd) {
                best = Some((d, Blocker { name: piece.label.clone(), at }));
            }
        }
    }
    Reading { yards: a.distance(b), blocker: best.map(|(_, b)| b) }
}

/// Follows the ruler key and the pointer.
pub(super) fn measure(
    keys: Res<ButtonInput<KeyCode>>,
    map: Res<TableMap>,
    pointer: Res<TablePointer>,
    model: Res<BoardModel>,
    viewport: Res<MapViewport>,
    mut ruler: ResMut<Ruler>,
) {
    let key = map.ruler_key;
    if viewport.keyboard_over_ui {
        return;
    }
    if keys.just_pressed(key)
        && let Some(at) = pointer.at
    {
        // From the front edge of the stand the key went down on, else from the point.
        let from =
            model.pieces.iter().rev().find(|p| on_piece(p, at)).and_then(|p| p.place).and_then(stand_of).map(|s| vec(s.front_centre()));
        *ruler = Ruler { from: Some(from.unwrap_or(at)), to: Some(at), pinned: false };
    } else if keys.pressed(key) {
        if let Some(at) = pointer.at
            && ruler.to != Some(at)
        {
            ruler.to = Some(at);
        }
    } else if keys.just_released(key) && !ruler.pinned {
        *ruler = Ruler::default();
    }
}

/// The ruler's parts, respawned when it changes.
#[derive(Component)]
pub(super) struct RulerPiece;

const Z: f32 = 60.0;

/// Draws the ruler when it changed (or the zoom did: its label keeps its size on screen).
#[allow(clippy::too_many_arguments)]
pub(super) fn draw(
    mut commands: Commands,
    ruler: Res<Ruler>,
    map: Res<TableMap>,
    model: Res<BoardModel>,
    fonts: Option<Res<MapArt>>,
    cams: Query<&Projection, With<MapCamera>>,
    old: Query<Entity, With<RulerPiece>>,
    mut drawn: Local<Option<(Ruler, f32)>>,
) {
    let scale = cams.iter().find_map(|p| if let Projection::Orthographic(o) = p { Some(o.scale) } else { None }).unwrap_or(1.0);
    let key = (ruler.clone(), scale);
    if drawn.as_ref() == Some(&key) {
        return;
    }
    *drawn = Some(key);
    for e in &old {
        commands.entity(e).despawn();
    }
    let (Some(a), Some(b)) = (ruler.from, ruler.to) else { return };
    let reading = read(&map, &model.pieces, a, b);
    let colour = if reading.blocker.is_some() { Color::srgb(0.95, 0.20, 0.15) } else { Color::srgb(0.30, 0.95, 0.35) };
    let (wa, wb) = (to_world(a), to_world(b));
    let along = (wb - wa).normalize_or(Vec2::X);
    let angle = along.to_angle();
    let px = scale.max(0.2);
    let bar = |commands: &mut Commands, from: Vec2, to: Vec2, width: f32, colour: Color, z: f32| {
        let mid = (from + to) / 2.0;
        let len = from.distance(to);
        commands.spawn((
            RulerPiece,
            DespawnOnExit(Screen::Game),
            Sprite::from_color(colour, Vec2::new(len + width, width)),
            Transform::from_translation(mid.extend(z)).with_rotation(Quat::from_rotation_z(angle)),
        ));
    };
    bar(&mut commands, wa, wb, 5.0 * px, Color::srgba(0.0, 0.0, 0.0, 0.75), Z);
    bar(&mut commands, wa, wb, 2.2 * px, colour, Z + 0.1);
    // The marks: every 10 yards, longer every 50.
    let across = along.perp();
    let mut d = 10.0;
    while d < reading.yards {
        let at = wa + along * d * YARD;
        let half = if (d as i64) % 50 == 0 { 7.0 * px } else { 3.5 * px };
        bar(&mut commands, at - across * half, at + across * half, 1.6 * px, colour, Z + 0.2);
        d += 10.0;
    }
    let font = fonts.map(|f| f.font_bold.clone());
    let text = |commands: &mut Commands, s: String, at: Vec2, size: f32, c: Color| {
        let w = size * (0.6 * s.chars().count() as f32 + 0.8);
        commands.spawn((
            RulerPiece,
            DespawnOnExit(Screen::Game),
            Sprite::from_color(Color::srgba(0.04, 0.04, 0.05, 0.88), Vec2::new(w, size * 1.5)),
            Transform::from_translation(at.extend(Z + 1.0)),
        ));
        let mut e = commands.spawn((
            RulerPiece,
            DespawnOnExit(Screen::Game),
            Text2d::new(s),
            TextColor(c),
            Anchor::CENTER,
            Transform::from_translation(at.extend(Z + 1.1)),
        ));
        let mut f = TextFont { font_size: bevy::text::FontSize::Px(size), ..default() };
        if let Some(h) = &font {
            f.font = h.clone().into();
        }
        e.insert(f);
    };
    let mut d = 50.0;
    while d < reading.yards - 15.0 {
        text(&mut commands, format!("{d:.0}"), wa + along * d * YARD + across * 14.0 * px, 11.0 * px, Color::WHITE);
        d += 50.0;
    }
    let sight = match &reading.blocker {
        None => "line of sight clear".to_string(),
        Some(b) => format!("blocked by {}", b.name),
    };
    let label_at = wb + Vec2::new(0.0, 30.0 * px);
    text(&mut commands, format!("{:.0} yds", reading.yards), label_at + Vec2::new(0.0, 10.0 * px), 17.0 * px, Color::WHITE);
    text(&mut commands, sight, label_at - Vec2::new(0.0, 12.0 * px), 13.0 * px, colour);
    if let Some(bl) = &reading.blocker {
        // A cross where the line first meets what blocks it.
        let at = to_world(bl.at);
        for turn in [std::f32::consts::FRAC_PI_4, -std::f32::consts::FRAC_PI_4] {
            let arm = Vec2::from_angle(turn) * 9.0 * px;
            commands.spawn((
                RulerPiece,
                DespawnOnExit(Screen::Game),
                Sprite::from_color(colour, Vec2::new(2.0 * arm.length(), 3.0 * px)),
                Transform::from_translation(at.extend(Z + 0.5)).with_rotation(Quat::from_rotation_z(turn)),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Tabletop;
    use crate::engine::board::tabletop::{TerrainFeature, Yards};
    use crate::ui::board::{PieceState, Place};

    fn table() -> TableMap {
        let square = |x0: f32, y0: f32, s: f32, kind: &str, name: &str| TerrainFeature {
            kind: kind.into(),
            name: name.into(),
            polygon: vec![Yards::new(x0, y0), Yards::new(x0 + s, y0), Yards::new(x0 + s, y0 + s), Yards::new(x0, y0 + s)],
        };
        let features = vec![square(200.0, 100.0, 60.0, "woods", "Copse"), square(100.0, 100.0, 60.0, "road", "")];
        TableMap::new("t", Tabletop { name: "t".into(), width: 600.0, depth: 400.0, features })
    }

    fn stand(id: &str, x: f32, y: f32) -> Piece {
        Piece {
            id: id.into(),
            side: "a".into(),
            place: Some(Place::Table { at: Vec2::new(x, y), facing: 0.0, size: Vec2::new(30.0, 20.0) }),
            face: "inf".into(),
            label: id.into(),
            markers: vec![],
            state: PieceState::Ready,
        }
    }

    #[test]
    fn the_ruler_reads_the_distance_in_yards_and_the_first_blocker() {
        let map = table();
        // Across the road only: 180 yards, clear (a road does not block).
        let r = read(&map, &[], Vec2::new(0.0, 130.0), Vec2::new(180.0, 130.0));
        assert!((r.yards - 180.0).abs() < 1e-3);
        assert_eq!(r.blocker, None);
        // 3-4-5: 300 by 400 yards is 500; over the top of everything, clear.
        let r = read(&map, &[], Vec2::new(0.0, 0.0), Vec2::new(300.0, 400.0));
        assert!((r.yards - 500.0).abs() < 1e-3);
        // Through the copse: blocked where the line enters it, at x = 200.
        let r = read(&map, &[], Vec2::new(0.0, 130.0), Vec2::new(500.0, 130.0));
        let b = r.blocker.expect("the copse blocks");
        assert_eq!(b.name, "Copse (woods)");
        assert!(b.at.distance(Vec2::new(200.0, 130.0)) < 1e-2, "{:?}", b.at);
    }

    #[test]
    fn stands_in_between_block_but_not_the_stands_at_either_end() {
        let mut map = table();
        let pieces = [stand("shooter", 20.0, 300.0), stand("screen", 150.0, 300.0), stand("target", 300.0, 300.0)];
        let (a, b) = (Vec2::new(20.0, 300.0), Vec2::new(300.0, 300.0));
        let r = read(&map, &pieces, a, b);
        assert_eq!(r.blocker.map(|b| b.name), Some("screen".to_string()));
        // Without the screen in the way: clear, though the line starts and ends on stands.
        let r = read(&map, &[pieces[0].clone(), pieces[2].clone()], a, b);
        assert_eq!(r.blocker, None);
        map.stands_block_sight = false;
        assert_eq!(read(&map, &pieces, a, b).blocker, None);
    }
}
