//! Animations on the area board: a group that moved (or a unit that retreated) slides as a stack
//! chip from area to area, and what the dice did — attack and bombardment results, loss points,
//! flips, eliminations, breakdowns — floats up from the area, one after the other, at the Settings'
//! animation speed ("Off": none). While anything plays, `ui::counters::Animations` is busy, and the
//! computer (`area::ai`) waits for it before its next command, as on the hex map. Under the hand-over
//! screen the animations wait for the next player.

use std::collections::BTreeMap;

use bevy::prelude::*;
use bevy::sprite::Anchor;

use crate::rulesets::rtc::map::Ctx;
use crate::rulesets::rtc::units::Side;
use crate::rulesets::rtc::{Event, EventKind};
use crate::ui::counters::Animations;
use crate::ui::map::MapArt;
use crate::ui::screens::HandOver;
use crate::ui::settings::Settings;
use crate::ui::widgets::{events_from, rising_alpha, rising_read};

use super::SCREEN;
use super::board::{BoardEntity, BoardGeometry, composition, side_colour};
use super::session::AreaSession;

/// The animations' systems (the computer's driver runs after them).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AreaAnimate;

/// A stack chip sliding from one area to another.
#[derive(Component)]
struct Slide {
    from: Vec2,
    to: Vec2,
    delay: f32,
    t: f32,
    duration: f32,
}

/// A line of text rising from an area, then fading.
#[derive(Component)]
struct Rising {
    delay: f32,
    age: f32,
    life: f32,
    /// World units per second it rises.
    climb: f32,
}

#[derive(Component)]
struct AnimEntity;

const Z: f32 = 40.0;
/// The size of the chips and texts against the board's design sizes (as the overlays).
const SCALE: f32 = 1.6;

/// One step of what a change shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Beat {
    /// `units` (ids) of `side` slide from one area to another.
    Slide { side: Side, units: Vec<String>, from: u32, to: u32 },
    /// A text rises from an area.
    Float { area: u32, text: String, colour: [f32; 3] },
}

/// What the events of a change show, in order (pure, for tests): moves and retreats slide, results float.
pub fn beats<'a>(ctx: &Ctx, events: impl IntoIterator<Item = &'a Event>) -> Vec<Beat> {
    let mut out = Vec::new();
    let mut last_area: Option<u32> = None;
    let unit = |id: &str| ctx.sit.units.iter().find(|u| u.spec.id == id);
    let name = |id: &str| unit(id).map(|u| u.spec.name.clone()).unwrap_or_else(|| id.to_string());
    for e in events {
        match &e.kind {
            EventKind::Moved { units, from, to, .. } => {
                let Some(side) = units.first().and_then(|u| unit(u)).map(|u| u.side()) else { continue };
                out.push(Beat::Slide { side, units: units.clone(), from: *from, to: *to });
            }
            EventKind::Retreated { unit: id, to } => {
                let (Some(side), Some(from)) = (unit(id).map(|u| u.side()), last_area) else { continue };
                out.push(Beat::Slide { side, units: vec![id.clone()], from, to: *to });
                out.push(Beat::Float { area: *to, text: format!("{} retreats", name(id)), colour: [1.0, 0.8, 0.4] });
            }
            EventKind::Attack { area, ot, dt, success, .. } => {
                last_area = Some(*area);
                let text =
                    if *success { format!("OT {ot} vs DT {dt}: {} CP", ot - dt) } else { format!("OT {ot} vs DT {dt}: attack fails") };
                out.push(Beat::Float { area: *area, text, colour: [1.0, 0.55, 0.35] });
            }
            EventKind::Bombardment { target, loss_points, .. } => {
                last_area = Some(*target);
                let text = if *loss_points > 0 { format!("bombardment: {loss_points} CP") } else { "bombardment: no effect".to_string() };
                out.push(Beat::Float { area: *target, text, colour: [1.0, 0.7, 0.3] });
            }
            EventKind::Overrun { .. } => {
                if let Some(area) = last_area {
                    out.push(Beat::Float { area, text: "OVERRUN".into(), colour: [1.0, 0.9, 0.4] });
                }
            }
            kind => {
                let (id, placed, what, colour) = match kind {
                    EventKind::Flipped { unit } => (unit, None, "spent", [1.0, 0.75, 0.45]),
                    EventKind::Eliminated { unit } => (unit, None, "ELIMINATED", [1.0, 0.3, 0.25]),
                    EventKind::BrokeDown { unit } => (unit, None, "BREAKDOWN", [1.0, 0.7, 0.2]),
                    EventKind::Fatigued { unit } => (unit, None, "fatigued", [0.9, 0.8, 0.6]),
                    EventKind::FriendlyFire { unit, .. } => (unit, None, "friendly fire", [1.0, 0.4, 0.3]),
                    EventKind::Placed { unit, area, .. } => (unit, Some(*area), "arrives", [0.7, 1.0, 0.7]),
                    _ => continue,
                };
                let Some(area) = unit(id).and_then(|u| u.area()).or(last_area).or(placed) else { continue };
                out.push(Beat::Float { area, text: format!("{}: {what}", name(id)), colour });
            }
        }
    }
    out
}

/// Where a side's stack chip sits by an area's box (as the board draws it).
fn chip_at(geo: &BoardGeometry, area: u32, side: Side) -> Option<Vec2> {
    let x = if side == Side::British { -60.0 } else { 70.0 };
    geo.anchor.get(&area).map(|a| *a + Vec2::new(x, -118.0) * SCALE)
}

/// Starts the animations of a change of the game (not of an undo, a load or a new game).
#[allow(clippy::too_many_arguments)]
fn start(
    mut commands: Commands,
    session: Option<Res<AreaSession>>,
    geometry: Option<Res<BoardGeometry>>,
    art: Option<Res<MapArt>>,
    settings: Res<Settings>,
    mut seen: Local<(u64, u64)>,
    old: Query<Entity, With<AnimEntity>>,
    mut anim: ResMut<Animations>,
    cams: Query<&Projection, With<crate::ui::camera::MapCamera>>,
) {
    let (Some(session), Some(geo), Some(art)) = (session, geometry, art) else { return };
    if *seen == (session.revision, session.generation) {
        return;
    }
    let replaced = seen.1 != session.generation;
    *seen = (session.revision, session.generation);
    let speed = settings.animation.counter_speed();
    if replaced || speed <= 0.0 {
        for e in &old {
            commands.entity(e).despawn();
        }
        return;
    }
    let ctx = session.ctx();
    let font = art.font_bold.clone();
    let rate = speed / 700.0;
    // Texts as large on screen at every zoom (world units per pixel).
    let zoom =
        cams.iter().find_map(|p| if let Projection::Orthographic(o) = p { Some(o.scale) } else { None }).unwrap_or(4.0).clamp(0.5, 20.0);
    let mut clock = 0.0f32;
    let mut risen: BTreeMap<u32, f32> = BTreeMap::new();
    let mut spawned = 0;
    for beat in beats(&ctx, events_from(&session.log, session.new_from, session.game.journal())) {
        match beat {
            Beat::Slide { side, units, from, to } => {
                let (Some(a), Some(b)) = (chip_at(&geo, from, side), chip_at(&geo, to, side)) else { continue };
                let duration = (a.distance(b) / (speed * 1.6)).clamp(0.25, 2.0);
                spawn_chip(&mut commands, &ctx, &font, side, &units, Slide { from: a, to: b, delay: clock, t: 0.0, duration });
                clock += duration;
                spawned += 1;
            }
            Beat::Float { area, text, colour } => {
                let Some(at) = geo.anchor.get(&area).copied() else { continue };
                let k = risen.entry(area).or_insert(0.0);
                let p = at + Vec2::new(0.0, 190.0 + *k);
                *k += 30.0 * zoom;
                commands.spawn((
                    BoardEntity,
                    AnimEntity,
                    Rising { delay: clock, age: 0.0, life: 2.4 / rate.min(3.0), climb: 28.0 * zoom },
                    Text2d::new(text),
                    TextFont { font: font.clone().into(), font_size: FontSize::Px(24.0 * zoom), ..default() },
                    TextColor(Color::srgb(colour[0], colour[1], colour[2])),
                    bevy::sprite::Text2dShadow { offset: Vec2::new(2.0, -2.0) * zoom, color: Color::srgba(0.0, 0.0, 0.0, 0.9) },
                    Anchor::CENTER,
                    Transform::from_translation(p.extend(Z + 1.0)),
                    Visibility::Hidden,
                ));
                clock += 0.25 / rate.min(3.0);
                spawned += 1;
            }
        }
    }
    anim.moving = anim.moving.max(spawned);
}

/// A stack chip of `units` of `side` (its count and unit types, as the board draws it), sliding.
fn spawn_chip(commands: &mut Commands, ctx: &Ctx, font: &Handle<Font>, side: Side, units: &[String], slide: Slide) {
    let comp = composition(units.iter().filter_map(|id| ctx.sit.units.iter().find(|x| x.spec.id == *id)));
    let from = slide.from;
    let chip = commands
        .spawn((
            BoardEntity,
            AnimEntity,
            slide,
            Sprite { color: Color::srgb(0.08, 0.07, 0.06), custom_size: Some(Vec2::new(124.0, 104.0) * SCALE), ..default() },
            Transform::from_translation(from.extend(Z)),
            Visibility::Hidden,
        ))
        .id();
    commands.spawn((
        BoardEntity,
        ChildOf(chip),
        Sprite { color: side_colour(side).lighter(0.08), custom_size: Some(Vec2::new(116.0, 96.0) * SCALE), ..default() },
        Transform::from_xyz(0.0, 0.0, 0.1),
    ));
    for (text, size, y, colour) in [(units.len().to_string(), 48.0, 14.0, Color::WHITE), (comp, 22.0, -22.0, Color::srgb(0.1, 0.08, 0.06))]
    {
        commands.spawn((
            BoardEntity,
            ChildOf(chip),
            Text2d::new(text),
            TextFont { font: font.clone().into(), font_size: FontSize::Px(size * SCALE), ..default() },
            TextColor(colour),
            Anchor::CENTER,
            Transform::from_xyz(0.0, y * SCALE, 0.2),
        ));
    }
}

/// Plays the slides and the rising texts; counts what is still playing.
fn play(
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
        tf.translation = s.from.lerp(s.to, eased).extend(Z);
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

fn clear(mut anim: ResMut<Animations>) {
    anim.moving = 0;
}

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (start, play).chain().in_set(AreaAnimate).run_if(in_state(SCREEN))).add_systems(OnExit(SCREEN), clear);
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::Path;

    use super::*;
    use crate::rulesets::rtc::Command;
    use crate::ui::session::Seat;

    /// A group that moves slides from its area to the next; an attack's result floats up there.
    #[test]
    fn a_move_slides_and_an_attack_floats() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rtc/cambrai.ron");
        let seats = BTreeMap::from([(Side::British.id().to_string(), Seat::Human), (Side::German.id().to_string(), Seat::Human)]);
        let mut s = AreaSession::open(&path, 1, seats).expect("cambrai opens");
        for c in [
            Command::Done,
            Command::Done,
            Command::Done,
            Command::Activate(38),
            Command::Add("gb-tank-d".into()),
            Command::Add("gb-152".into()),
        ] {
            s.submit(c).expect("legal");
        }
        let target = s.legal.iter().find_map(|c| match c {
            Command::MoveTo(a) if !s.ctx().sit.has(*a, Side::German) => Some(*a),
            _ => None,
        });
        let Some(to) = target else { panic!("no move into an empty area: {:?}", s.legal) };
        s.submit(Command::MoveTo(to)).expect("legal");
        let b = beats(&s.ctx(), events_from(&s.log, s.new_from, s.game.journal()));
        assert!(matches!(&b[..], [Beat::Slide { side: Side::British, from: 38, to: t, units }] if *t == to && units.len() == 2), "{b:?}");
    }
}
