//! The table's feature names, as a period map prints its place names: serif italic with a light
//! halo (blue on water, red on an objective), along a road or a canal; on the label layer
//! (`board::labels`: sized for the zoom, never over a stand, a unit's tag or another name — a
//! larger feature's name before a smaller's).

use bevy::prelude::*;

use crate::engine::board::tabletop::TerrainFeature;
use crate::ui::Screen;
use crate::ui::art::{self, Rgba};
use crate::ui::board::labels::{Label, NAME_PX, place_name_in};
use crate::ui::map::image_from_rgba;

use super::paint::TablePiece;
use super::{Look, TableMap, YARD, to_world};

/// The font size of a name as printed (world units), and its least and greatest size on screen.
const PRINTED: f32 = 9.0 * YARD;
const SCREEN: (f32, f32) = (12.0, 22.0);

/// The direction a long feature (a road, a canal) runs, to write its name along it (radians, kept
/// upright), and its centroid (yards).
pub(super) fn axis(f: &TerrainFeature) -> (Vec2, f32) {
    let n = f.polygon.len().max(1) as f32;
    let c = f.polygon.iter().fold(Vec2::ZERO, |a, p| a + Vec2::new(p.x, p.y) / n);
    let (mut xx, mut yy, mut xy) = (0.0, 0.0, 0.0);
    for p in &f.polygon {
        let d = Vec2::new(p.x, p.y) - c;
        (xx, yy, xy) = (xx + d.x * d.x, yy + d.y * d.y, xy + d.x * d.y);
    }
    let mut angle = 0.5 * (2.0 * xy).atan2(xx - yy);
    if angle > std::f32::consts::FRAC_PI_2 {
        angle -= std::f32::consts::PI;
    } else if angle < -std::f32::consts::FRAC_PI_2 {
        angle += std::f32::consts::PI;
    }
    (c, angle)
}

/// A feature's area in square yards (the shoelace formula), for the name's priority.
fn area(f: &TerrainFeature) -> f32 {
    let n = f.polygon.len();
    (0..n)
        .map(|i| {
            let (a, b) = (&f.polygon[i], &f.polygon[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum::<f32>()
        .abs()
        / 2.0
}

/// The rectangle (width, height) a `size` turned by `angle` covers, for the label layer.
fn turned(size: Vec2, angle: f32) -> Vec2 {
    let (s, c) = (angle.sin().abs(), angle.cos().abs());
    Vec2::new(size.x * c + size.y * s, size.x * s + size.y * c)
}

/// Prints every named feature of the table once per table drawn.
pub(super) fn spawn_names(commands: &mut Commands, map: &TableMap, images: &mut Assets<Image>) {
    let Some(fonts) = art::Fonts::load() else { return };
    for f in map.table.features.iter().filter(|f| !f.name.is_empty()) {
        let look = map.style(&f.kind).look;
        let (centre, angle) = axis(f);
        let turn = if matches!(look, Look::Road | Look::Water) { angle } else { 0.0 };
        let ink: Rgba = match look {
            Look::Objective => [140, 20, 16, 255],
            Look::Water => [16, 40, 92, 255],
            _ => [74, 36, 24, 255],
        };
        let (w, h, rgba) = place_name_in(&fonts, &f.name, ink);
        let size = Vec2::new(w as f32, h as f32) * (PRINTED / NAME_PX);
        let at = to_world(centre);
        // Other places along its axis, then above and below it, where a stand stands on the first.
        let along = Vec2::from_angle(turn) * size.x * 0.6;
        let across = Vec2::from_angle(turn).perp() * size.y * 1.1;
        let alternates = vec![at + across, at - across, at + along, at - along, at + 2.0 * across, at - 2.0 * across];
        commands.spawn((
            TablePiece,
            DespawnOnExit(Screen::Game),
            Label {
                at,
                size: turned(size, turn),
                px: PRINTED,
                screen: SCREEN,
                priority: (area(f) / 100.0).min(9_999.0) as u32,
                alternates,
                far_only: None,
                beside: None,
            },
            Sprite { image: images.add(image_from_rgba(w, h, rgba)), custom_size: Some(size), ..default() },
            Transform::from_translation(at.extend(-0.5)).with_rotation(Quat::from_rotation_z(turn)),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::tabletop::Yards;

    #[test]
    fn a_long_feature_is_named_along_its_length() {
        let road = TerrainFeature {
            kind: "road".into(),
            name: "".into(),
            polygon: vec![Yards::new(0.0, 0.0), Yards::new(100.0, 100.0), Yards::new(104.0, 96.0), Yards::new(4.0, -4.0)],
        };
        let (_, angle) = axis(&road);
        assert!((angle - std::f32::consts::FRAC_PI_4).abs() < 0.05, "{angle}");
        assert!((area(&road) - 800.0).abs() < 1.0, "{}", area(&road));
        // Turned a quarter, a name's box stands on end.
        let upright = turned(Vec2::new(100.0, 20.0), std::f32::consts::FRAC_PI_2);
        assert!((upright - Vec2::new(20.0, 100.0)).length() < 1e-3, "{upright}");
    }
}
