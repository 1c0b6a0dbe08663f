//! Animations on the area map, from the beats a presenter reads in its events: a stack chip sliding
//! from area to area, and texts floating up from an area, one after the other, at the Settings'
//! animation speed ("Off": none). While anything plays, `ui::counters::Animations` is busy, so the
//! computer waits for it before its next command; under the hand-over screen the animations wait
//! for the next player.

use std::collections::BTreeMap;

use bevy::prelude::*;
use bevy::sprite::Anchor;

use crate::ui::Playing;
use crate::ui::camera::{MapCamera, MapViewport};
use crate::ui::counters::Animations;
use crate::ui::map::MapArt;
use crate::ui::screens::HandOver;
use crate::ui::settings::Settings;
use crate::ui::widgets::{rising_alpha, rising_read};

use super::overlay::Painter;
use super::paint::z;
use super::{AreaMapArt, DrawnAreaMap, SCALE, chip_offset};

/// The animation systems (a computer player's driver runs after them).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AreaAnimate;

/// One step of what a change shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Beat {
    /// A stack chip of pieces with these faces, of side `side` (its id), slides between two areas.
    Slide { side: String, faces: Vec<String>, from: u32, to: u32 },
    /// A text rises from an area.
    Float { area: u32, text: String, colour: [f32; 3] },
}

/// What the presenter asks the view to show: beats to play after those playing, or `stop` them all
/// (a new game, an undo, a load).
#[derive(Resource, Default)]
pub struct AreaBeats {
    pub play: Vec<Beat>,
    pub stop: bool,
}

/// A stack chip sliding from one area to another.
#[derive(Component)]
pub(super) struct Slide {
    from: Vec2,
    to: Vec2,
    delay: f32,
    t: f32,
    duration: f32,
}

/// A line of text rising from an area, then fading.
#[derive(Component)]
pub(super) struct Rising {
    delay: f32,
    age: f32,
    life: f32,
    /// World units per second it rises.
    climb: f32,
}

/// What plays.
type Animating = Or<(With<Slide>, With<Rising>)>;

/// Starts the beats the presenter handed over.
#[allow(clippy::too_many_arguments)]
pub(super) fn start(
    mut commands: Commands,
    mut beats: ResMut<AreaBeats>,
    art: Option<Res<AreaMapArt>>,
    drawn: Option<Res<DrawnAreaMap>>,
    fonts: Option<Res<MapArt>>,
    settings: Res<Settings>,
    screen: Res<State<Playing>>,
    old: Query<Entity, Animating>,
    mut anim: ResMut<Animations>,
    cams: Query<(&Projection, &Camera, &GlobalTransform), With<MapCamera>>,
    viewport: Res<MapViewport>,
) {
    let speed = settings.animation.counter_speed();
    if std::mem::take(&mut beats.stop) || speed <= 0.0 {
        for e in &old {
            commands.entity(e).despawn();
        }
    }
    let play = std::mem::take(&mut beats.play);
    let (Some(art), Some(drawn), Some(fonts)) = (art, drawn, fonts) else { return };
    if play.is_empty() || speed <= 0.0 {
        return;
    }
    let scope = DespawnOnExit(*screen.get());
    let rate = speed / 700.0;
    // Texts as large on screen at every zoom (world units per pixel).
    let zoom = cams
        .iter()
        .find_map(|(p, _, _)| if let Projection::Orthographic(o) = p { Some(o.scale) } else { None })
        .unwrap_or(4.0)
        .clamp(0.5, 20.0);
    let visible = visible_world_rect(&cams, &viewport);
    let mut clock = 0.0f32;
    let mut risen: BTreeMap<u32, f32> = BTreeMap::new();
    let mut spawned = 0;
    for beat in play {
        match beat {
            Beat::Slide { side, faces, from, to } => {
                let Some((index, style)) = art.side(&side) else { continue };
                let (Some(a), Some(b)) = (drawn.anchor(from), drawn.anchor(to)) else { continue };
                let (a, b) = (a + chip_offset(index), b + chip_offset(index));
                let duration = (a.distance(b) / (speed * 1.6)).clamp(0.25, 2.0);
                let parent = commands
                    .spawn((
                        scope.clone(),
                        Slide { from: a, to: b, delay: clock, t: 0.0, duration },
                        Transform::from_translation(a.extend(z::ANIMATION)).with_scale(Vec3::splat(SCALE)),
                        Visibility::Hidden,
                    ))
                    .id();
                let faces: Vec<&str> = faces.iter().map(String::as_str).collect();
                Painter { commands: &mut commands, parent, font: &fonts.font_bold }.chip(
                    style.counter.lighter(0.08),
                    &faces,
                    0,
                    Vec2::ZERO,
                    0.0,
                );
                clock += duration;
                spawned += 1;
            }
            Beat::Float { area, text, colour } => {
                let Some(at) = drawn.anchor(area) else { continue };
                let k = risen.entry(area).or_insert(0.0);
                let life = 2.4 / rate.min(3.0);
                let p = keep_in_view(at + Vec2::new(0.0, 190.0 + *k), &text, zoom, 28.0 * zoom * life, visible);
                *k += 30.0 * zoom;
                commands.spawn((
                    scope.clone(),
                    Rising { delay: clock, age: 0.0, life, climb: 28.0 * zoom },
                    Text2d::new(text),
                    TextFont { font: fonts.font_bold.clone().into(), font_size: FontSize::Px(24.0 * zoom), ..default() },
                    TextColor(Color::srgb(colour[0], colour[1], colour[2])),
                    bevy::sprite::Text2dShadow { offset: Vec2::new(2.0, -2.0) * zoom, color: Color::srgba(0.0, 0.0, 0.0, 0.9) },
                    Anchor::CENTER,
                    Transform::from_translation(p.extend(z::ANIMATION + 1.0)),
                    Visibility::Hidden,
                ));
                clock += 0.25 / rate.min(3.0);
                spawned += 1;
            }
        }
    }
    anim.moving = anim.moving.max(spawned);
}

/// The part of the world the map camera shows in the room the panels leave, if known.
fn visible_world_rect(cams: &Query<(&Projection, &Camera, &GlobalTransform), With<MapCamera>>, viewport: &MapViewport) -> Option<Rect> {
    let free = viewport.free?;
    let (_, camera, gtf) = cams.iter().next()?;
    let a = camera.viewport_to_world_2d(gtf, free.min).ok()?;
    let b = camera.viewport_to_world_2d(gtf, free.max).ok()?;
    Some(Rect::from_corners(a, b))
}

/// A rising text's start moved so that all of it, and its climb, stay where the panels leave the map
/// visible (a zone at the map's edge no longer sends its text under a panel).
fn keep_in_view(at: Vec2, text: &str, zoom: f32, climb: f32, visible: Option<Rect>) -> Vec2 {
    let Some(r) = visible else { return at };
    // bold glyphs average about 0.55 em wide; 24 px text
    let half = text.chars().count() as f32 * 24.0 * 0.55 * zoom / 2.0 + 8.0 * zoom;
    let top = 20.0 * zoom + climb;
    let x = if r.width() > 2.0 * half { at.x.clamp(r.min.x + half, r.max.x - half) } else { r.center().x };
    let y = if r.height() > top + 20.0 * zoom { at.y.clamp(r.min.y + 20.0 * zoom, r.max.y - top) } else { at.y };
    Vec2::new(x, y)
}

/// Plays the slides and the rising texts; counts what is still playing.
pub(super) fn play(
    mut commands: Commands,
    time: Res<Time>,
    hand: Res<HandOver>,
    mut slides: Query<(Entity, &mut Slide, &mut Transform, &mut Visibility), Without<Rising>>,
    mut rising: Query<(Entity, &mut Rising, &mut Transform, &mut TextColor, &mut Visibility), Without<Slide>>,
    mut anim: ResMut<Animations>,
) {
    // Under the hand-over screen, the next player has not seen them yet.
    let dt = if hand.showing { 0.0 } else { time.delta_secs().min(0.1) };
    let mut busy = 0;
    for (e, mut s, mut tf, mut vis) in &mut slides {
        if s.delay > 0.0 {
            s.delay -= dt;
            busy += 1;
            continue;
        }
        *vis = Visibility::Visible;
        s.t += dt;
        let k = (s.t / s.duration).clamp(0.0, 1.0);
        let eased = k * k * (3.0 - 2.0 * k);
        tf.translation = s.from.lerp(s.to, eased).extend(z::ANIMATION);
        if k >= 1.0 {
            commands.entity(e).despawn();
        } else {
            busy += 1;
        }
    }
    for (e, mut r, mut tf, mut col, mut vis) in &mut rising {
        if r.delay > 0.0 {
            r.delay -= dt;
            busy += 1;
            continue;
        }
        *vis = Visibility::Visible;
        r.age += dt;
        if rising_read(r.age, r.life) {
            busy += 1;
        }
        tf.translation.y += r.climb * dt;
        col.0 = col.0.with_alpha(rising_alpha(r.age, r.life));
        if r.age >= r.life {
            commands.entity(e).despawn();
        }
    }
    anim.moving = busy;
}

/// Nothing plays once the game is left.
pub(super) fn clear(mut anim: ResMut<Animations>, mut beats: ResMut<AreaBeats>) {
    anim.moving = 0;
    *beats = AreaBeats::default();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A text rising from a zone at the map's right edge starts far enough left to be read whole
    /// beside the panel; one in the middle stays where it is.
    #[test]
    fn a_rising_text_stays_in_the_visible_map() {
        let visible = Some(Rect::new(0.0, 0.0, 1000.0, 800.0));
        let at = keep_in_view(Vec2::new(990.0, 400.0), "Diksmuide in ruins: +2", 1.0, 60.0, visible);
        let half = 22.0 * 24.0 * 0.55 / 2.0;
        assert!(at.x + half <= 1000.0, "{at:?}");
        assert_eq!(keep_in_view(Vec2::new(500.0, 400.0), "held", 1.0, 60.0, visible), Vec2::new(500.0, 400.0));
        assert!(keep_in_view(Vec2::new(500.0, 790.0), "held", 1.0, 60.0, visible).y <= 800.0 - 60.0);
    }
}
