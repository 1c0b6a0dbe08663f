//! The targets of the [`BoardModel`] on the hex map: where the player's orders can go, drawn from
//! the model alone. Moves and other orders into a hex shade it, with their badge (cost, odds, risk)
//! under the counters if the hex holds any; fire and assault targets and pieces that can be picked
//! are ringed, with their badges stacked above the counters; the badges are on the label layer
//! (`labels`), readable at any zoom and never overprinting. Redrawn only when the targets change.

use std::collections::{HashMap, HashSet};

use bevy::prelude::*;
use bevy::sprite::Anchor;

use crate::ui::Frame;
use crate::ui::art::Rgba;
use crate::ui::art::palette::Palette;
use crate::ui::board::{BoardModel, Place, Target, TargetKind, TargetNote, Tone};
use crate::ui::geometry::{HEX, hex_radius, hex_to_world};
use crate::ui::map::{MapArt, z};
use crate::ui::settings::Settings;
use crate::ui::widgets::colour;

use super::map::{DrawnMap, of_map};
use super::pieces::{COUNTER, DrawPieces};
use crate::ui::board::labels::Label;

/// The label layer's priority of a badge on a shaded hex (a cost), and on a ringed one (odds): both
/// above every place name.
const BADGE: u32 = 10_000;
const RING_BADGE: u32 = 20_000;

/// The system that draws the targets.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct DrawTargets;

/// A target's drawing (all of them rebuilt when the targets change).
#[derive(Component)]
pub struct TargetMark;

/// How a target is drawn: a shaded hex or a ring round it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Shade,
    Ring,
}

/// The shape and colour of a target, from its kind and tone alone.
pub fn look(t: &Target, pal: &Palette) -> (Shape, Rgba) {
    let faint = |c: Rgba| [c[0], c[1], c[2], c[3].min(120)];
    let refused = matches!(t.note, TargetNote::Refused { .. });
    let (shape, c) = match t.kind {
        TargetKind::Move if t.tone == Tone::Faint => (Shape::Shade, pal.moves_hypothetical),
        TargetKind::Move if t.tone == Tone::Warning => (Shape::Shade, [230, 150, 40, 90]),
        TargetKind::Move => (Shape::Shade, pal.moves),
        TargetKind::Other => (Shape::Shade, pal.step),
        TargetKind::Fire => (Shape::Ring, pal.fire),
        TargetKind::Assault => (Shape::Ring, pal.assault),
        TargetKind::Pick => (Shape::Ring, pal.choosable),
    };
    let faded = refused || (t.tone == Tone::Faint && shape == Shape::Ring);
    (shape, if faded { faint(c) } else { c })
}

fn font(art: &MapArt, size: f32) -> TextFont {
    TextFont { font: art.font_bold.clone().into(), font_size: FontSize::Px(size), ..default() }
}

fn shadow() -> bevy::sprite::Text2dShadow {
    bevy::sprite::Text2dShadow { offset: Vec2::new(1.5, -1.5), color: Color::srgba(0.0, 0.0, 0.0, 0.95) }
}

/// Spawns every target's drawing.
fn spawn_marks(commands: &mut Commands, model: &BoardModel, drawn: &DrawnMap, art: &MapArt, pal: &Palette) {
    let board = &drawn.board;
    let size = Vec2::new(HEX, hex_radius() * 2.0);
    let occupied: HashSet<hexx::Hex> = model
        .pieces
        .iter()
        .filter_map(|p| match p.place {
            Some(Place::Cell(h)) => Some(h),
            _ => None,
        })
        .collect();
    // Ring badges on one hex stack upwards; a shaded hex has one label.
    let mut rows: HashMap<hexx::Hex, f32> = HashMap::new();
    for t in &model.targets {
        let Place::Cell(h) = t.place else { continue };
        let p = hex_to_world(board, h);
        let (shape, c) = look(t, pal);
        let (image, scale, layer) = match shape {
            Shape::Shade => (art.hex_fill.clone(), 1.0, z::HIGHLIGHT),
            Shape::Ring => (art.hex_ring.clone(), 0.98, z::HIGHLIGHT + 0.5),
        };
        commands.spawn((
            of_map(),
            TargetMark,
            Sprite { image, color: colour(c), custom_size: Some(size * scale), ..default() },
            Transform::from_translation(p.extend(layer)),
        ));
        let Some(text) = &t.badge else { continue };
        // A ring's badges (fire and assault odds) keep their place before a shaded hex's costs.
        let (at, size, tint, priority) = match shape {
            Shape::Shade if occupied.contains(&h) => (p + Vec2::new(0.0, -HEX * 0.47), 12.0, Color::WHITE, BADGE),
            Shape::Shade => (p + Vec2::new(0.0, -HEX * 0.3), 14.0, Color::WHITE, BADGE),
            Shape::Ring => {
                let row = rows.entry(h).or_insert(0.0);
                let at = p + Vec2::new(0.0, COUNTER * 0.62 + *row * 19.0);
                *row += 1.0;
                (at, 17.0, colour([c[0], c[1], c[2], 255]), RING_BADGE)
            }
        };
        // Bold figures are about 0.6 of their size wide.
        let extent = Vec2::new(text.chars().count() as f32 * size * 0.6, size * 1.2);
        commands.spawn((
            of_map(),
            TargetMark,
            Label { at, size: extent, px: size, screen: (11.0, 18.0), priority, alternates: Vec::new(), far_only: None, beside: None },
            Text2d::new(text.clone()),
            font(art, size),
            TextColor(tint),
            shadow(),
            Anchor::CENTER,
            Transform::from_translation(at.extend(z::COUNTERS + 20.0)),
        ));
    }
}

/// Redraws the targets when they (or the colours) change.
fn draw_targets(
    mut commands: Commands,
    model: Res<BoardModel>,
    drawn: Option<Res<DrawnMap>>,
    art: Option<Res<MapArt>>,
    settings: Res<Settings>,
    old: Query<Entity, With<TargetMark>>,
    mut seen: Local<Option<(Vec<Target>, bool, String)>>,
) {
    let (Some(drawn), Some(art)) = (drawn, art) else { return };
    // Compared in place every frame; cloned only when they changed.
    if seen.as_ref().is_some_and(|(t, c, k)| *t == model.targets && *c == settings.colour_blind && *k == drawn.key) {
        return;
    }
    *seen = Some((model.targets.clone(), settings.colour_blind, drawn.key.clone()));
    for e in &old {
        commands.entity(e).despawn();
    }
    spawn_marks(&mut commands, &model, &drawn, &art, &Palette::new(settings.colour_blind));
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_targets.after(DrawPieces).in_set(DrawTargets).in_set(Frame::Visuals).run_if(in_state(crate::ui::Screen::Game)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(kind: TargetKind, tone: Tone, note: TargetNote) -> Target {
        Target { place: Place::Cell(hexx::Hex::ZERO), kind, note, badge: None, tone }
    }

    /// Moves shade the hex, fire and assault ring it; a faint or refused ring is fainter.
    #[test]
    fn a_target_is_drawn_by_its_kind_and_tone() {
        let pal = Palette::new(false);
        let open = TargetNote::Open { cost: None, odds: None };
        assert_eq!(look(&target(TargetKind::Move, Tone::Normal, open.clone()), &pal), (Shape::Shade, pal.moves));
        assert_eq!(look(&target(TargetKind::Move, Tone::Faint, open.clone()), &pal), (Shape::Shade, pal.moves_hypothetical));
        assert_eq!(look(&target(TargetKind::Fire, Tone::Normal, open.clone()), &pal).0, Shape::Ring);
        assert_eq!(look(&target(TargetKind::Assault, Tone::Normal, open.clone()), &pal), (Shape::Ring, pal.assault));
        let faint_pick = look(&target(TargetKind::Pick, Tone::Faint, open), &pal).1;
        assert!(faint_pick[3] <= 120 && faint_pick[..3] == pal.choosable[..3]);
        let refused = TargetNote::Refused { rule: "1.2".into(), reason: "no".into() };
        assert!(look(&target(TargetKind::Fire, Tone::Normal, refused), &pal).1[3] <= 120);
    }
}
