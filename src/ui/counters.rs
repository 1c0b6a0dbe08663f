//! Counters on the map: one sprite per unit from a generated atlas of printed faces (front and
//! reverse), fanned when several share a hex so each stays clickable, turned 180° once activated (as
//! the rulebook suggests), with breakdown and hero markers, the active unit framed in gold, barrage
//! markers on their hexes, and animations: counters slide along their path, combat results float up.

use std::collections::{HashMap, VecDeque};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::sprite::Anchor;

use crate::engine::board::HexBoard;
use crate::rulesets::bastards::EventKind;
use crate::rulesets::bastards::map::{Situation, UnitInfo};
use crate::rulesets::bastards::state::Barrage;
use crate::rulesets::bastards::units::Location;

use super::art::counters::{self as faces, CELL, Face, MarkerIcon};
use super::art::palette::Palette;
use super::art::{self, Canvas};
use super::bastards::SCREEN;
use super::bastards::session::PlaySession;
use super::board::hex::map::{DrawnMap, of_map};
use super::geometry::{HEX, hex_to_world};
use super::map::{MapArt, image_from_rgba, z};
use super::session::Change;
use super::settings::Settings;
use super::widgets::{colour, events_from, rising_alpha, rising_read};

/// Size of a counter on the map, in world units.
pub const COUNTER: f32 = 68.0;
/// How far each counter of a stack is shifted from the one below.
pub const FAN: f32 = 15.0;
const ATLAS_COLUMNS: u32 = 16;

/// The printed faces of every unit of the scenario, in one image.
#[derive(Resource)]
pub struct CounterAtlas {
    pub image: Handle<Image>,
    /// (unit id, reverse side) → cell in the image.
    pub cells: HashMap<(String, bool), Rect>,
    /// The faces as egui textures use them: (unit id, reverse) → (atlas pixel rect).
    pub key: (String, bool),
    /// The atlas's pixels, for the unit card in the panels.
    pub rgba: std::sync::Arc<Vec<u8>>,
    pub size: UVec2,
    pub palette: Palette,
}

/// Marker images.
#[derive(Resource)]
pub struct MarkerArt {
    pub breakdown: Handle<Image>,
    pub hero: Handle<Image>,
    pub barrage: Handle<Image>,
    pub frame: Handle<Image>,
}

/// A unit's counter.
#[derive(Component)]
pub struct Counter {
    pub unit: String,
    /// Where it rests.
    pub home: Vec2,
    pub on_map: bool,
    pub z: f32,
}

/// A counter on its way along a path.
#[derive(Component, Default)]
pub struct Motion {
    pub waypoints: VecDeque<Vec2>,
    pub speed: f32,
}

/// A counter being removed (eliminated): fades out where it fell.
#[derive(Component)]
pub struct Fading(pub f32);

/// The marker children of a counter.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
pub enum CounterMarker {
    Breakdown,
    Hero,
    /// The gold frame of the active unit.
    Active,
    /// The white frame of the selected unit.
    Selected,
}

/// A barrage marker on the map.
#[derive(Component)]
pub struct BarrageMarker;

/// Text rising from the map (die results), then fading.
#[derive(Component)]
pub struct FloatingText {
    pub age: f32,
    pub life: f32,
}

/// Whether anything is still moving: the computer waits for it before its next move.
#[derive(Resource, Default)]
pub struct Animations {
    pub moving: usize,
}

impl Animations {
    pub fn busy(&self) -> bool {
        self.moving > 0
    }
}

/// The unit the player has selected (shown on the unit card), by id.
#[derive(Resource, Default, Clone)]
pub struct Selection {
    pub unit: Option<String>,
}

fn face_of(u: &UnitInfo, reduced: bool) -> Face {
    Face {
        nation: faces::nation_of(u.side() == crate::rulesets::bastards::units::Side::German, &u.unit.formation, &u.unit.id),
        kind: u.kind(),
        designation: faces::designation(&u.unit.name, u.kind()),
        medals: u.unit.medals,
        mg: u.unit.mg,
        reduced,
    }
}

/// Draws every unit's two faces into one atlas image.
#[allow(clippy::type_complexity)]
pub fn build_atlas(sit: &Situation, palette: &Palette) -> (u32, u32, Vec<u8>, HashMap<(String, bool), Rect>) {
    let Some(fonts) = art::Fonts::load() else { return (1, 1, vec![0; 4], HashMap::new()) };
    let n = (sit.units.len() * 2) as u32;
    let rows = n.div_ceil(ATLAS_COLUMNS).max(1);
    let (w, h) = (ATLAS_COLUMNS * CELL, rows * CELL);
    let mut canvas = Canvas::new(w, h);
    let mut cells = HashMap::new();
    let mut i = 0u32;
    for u in &sit.units {
        for reduced in [false, true] {
            let face = faces::draw(&face_of(u, reduced), palette, &fonts);
            let (x, y) = ((i % ATLAS_COLUMNS) * CELL, (i / ATLAS_COLUMNS) * CELL);
            canvas.blit(&face, x as i32, y as i32);
            cells.insert((u.unit.id.to_string(), reduced), Rect::new(x as f32, y as f32, (x + CELL) as f32, (y + CELL) as f32));
            i += 1;
        }
    }
    (w, h, canvas.to_rgba(), cells)
}

fn load_markers(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let Some(fonts) = art::Fonts::load() else { return };
    let mut add = |c: Canvas| images.add(image_from_rgba(c.width(), c.height(), c.to_rgba()));
    let breakdown = add(faces::marker(&fonts, 64, "BREAKDOWN", [236, 140, 30, 255], [40, 20, 0, 255], MarkerIcon::Wrench));
    let hero = add(faces::marker(&fonts, 64, "HERO", [200, 30, 40, 255], [255, 220, 90, 255], MarkerIcon::Star));
    let barrage = add(faces::marker(&fonts, 96, "BARRAGE", [60, 58, 56, 255], [255, 120, 40, 255], MarkerIcon::Burst));
    let mut frame = Canvas::new(CELL, CELL);
    if let Some(p) = Canvas::rounded_rect(3.0, 3.0, CELL as f32 - 6.0, CELL as f32 - 6.0, 12.0) {
        frame.stroke(&p, [255, 255, 255, 255], 6.0);
    }
    let frame = add(frame);
    commands.insert_resource(MarkerArt { breakdown, hero, barrage, frame });
}

/// Rebuilds the counter atlas for a new scenario or a new palette.
fn refresh_atlas(
    mut commands: Commands,
    session: Option<Res<PlaySession>>,
    drawn: Option<Res<DrawnMap>>,
    settings: Res<Settings>,
    atlas: Option<Res<CounterAtlas>>,
    mut images: ResMut<Assets<Image>>,
) {
    let (Some(session), Some(drawn)) = (session, drawn) else { return };
    let key = (drawn.key.clone(), settings.colour_blind);
    if atlas.as_ref().is_some_and(|a| a.key == key) {
        return;
    }
    let palette = Palette::new(settings.colour_blind);
    let sit = session.situation();
    let (w, h, rgba, cells) = build_atlas(&sit, &palette);
    let image = images.add(image_from_rgba(w, h, rgba.clone()));
    commands.insert_resource(CounterAtlas { image, cells, key, rgba: std::sync::Arc::new(rgba), size: UVec2::new(w, h), palette });
}

/// Where each unit on the map rests: its hex centre, fanned within a stack (the active and selected
/// units on top).
pub fn resting_places(sit: &Situation, active: Option<&str>, selected: Option<&str>) -> HashMap<String, (Vec2, f32)> {
    let board = sit.board();
    let mut by_hex: HashMap<hexx::Hex, Vec<&UnitInfo>> = HashMap::new();
    for u in &sit.units {
        if let Location::OnMap(h) = u.location {
            by_hex.entry(h).or_default().push(u);
        }
    }
    let mut out = HashMap::new();
    for (h, mut us) in by_hex {
        us.sort_by_key(|u| (Some(&*u.unit.id) == active, Some(&*u.unit.id) == selected, u.unit.order));
        let n = us.len() as f32;
        let c = hex_to_world(board, h);
        for (k, u) in us.iter().enumerate() {
            let shift = (k as f32 - (n - 1.0) / 2.0) * FAN;
            out.insert(u.unit.id.to_string(), (c + Vec2::new(shift, shift), z::COUNTERS + k as f32 * 0.5));
        }
    }
    out
}

/// A counter as `sync_counters` changes it: its face, place, motion and marker children.
type CounterItem =
    (Entity, &'static mut Counter, &'static mut Sprite, &'static mut Transform, Option<&'static mut Motion>, &'static Children);

/// What the counters were last synced for: the game's revision, the selected unit, the atlas.
type Synced = (u64, Option<String>, Option<(String, bool)>);

/// The counters and their markers, as `sync_counters` reads and changes them.
#[derive(SystemParam)]
struct CounterQueries<'w, 's> {
    counters: Query<'w, 's, CounterItem, Without<CounterMarker>>,
    markers: Query<'w, 's, (&'static CounterMarker, &'static mut Visibility, &'static mut Sprite), Without<Counter>>,
    barrages: Query<'w, 's, Entity, With<BarrageMarker>>,
}

/// What a change shows of each counter: the active and selected units, where each unit rests, the
/// paths of this change's moves and whether to animate at all.
struct CounterScene<'a> {
    sit: &'a Situation,
    atlas: &'a CounterAtlas,
    active: Option<String>,
    selected: Option<&'a str>,
    places: HashMap<String, (Vec2, f32)>,
    paths: HashMap<String, Vec<Vec2>>,
    animate: bool,
    speed: f32,
}

/// Keeps one counter per unit, on the right face, in the right place, with its markers.
#[allow(clippy::too_many_arguments)]
fn sync_counters(
    mut commands: Commands,
    session: Option<Res<PlaySession>>,
    atlas: Option<Res<CounterAtlas>>,
    markers: Option<Res<MarkerArt>>,
    drawn: Option<Res<DrawnMap>>,
    selection: Res<Selection>,
    settings: Res<Settings>,
    mut seen: Local<Synced>,
    mut q: CounterQueries,
    art_res: Res<MapArt>,
) {
    let (Some(session), Some(atlas), Some(markers), Some(_)) = (session, atlas, markers, drawn) else { return };
    let state = (session.revision, selection.unit.clone(), Some(atlas.key.clone()));
    if *seen == state {
        return;
    }
    let atlas_changed = seen.2 != state.2;
    *seen = state;
    let sit = session.situation();
    let active = session
        .game
        .world()
        .get_resource::<crate::rulesets::bastards::state::Activations>()
        .and_then(|a| a.current.as_ref())
        .and_then(|a| sit.get(a.unit))
        .map(|u| u.unit.id.to_string());
    let speed = settings.animation.counter_speed();
    let animate = session.last_change == Change::Played && speed > 0.0 && !atlas_changed;
    let scene = CounterScene {
        places: resting_places(&sit, active.as_deref(), selection.unit.as_deref()),
        paths: if animate { move_paths(&session, sit.board()) } else { HashMap::new() },
        sit: &sit,
        atlas: &atlas,
        active,
        selected: selection.unit.as_deref(),
        animate,
        speed,
    };

    // Where each counter rests now (or rested last, off the map), by unit.
    let mut homes: HashMap<String, Vec2> = HashMap::new();
    for (e, mut c, mut sprite, mut tf, motion, children) in &mut q.counters {
        homes.insert(c.unit.clone(), c.home);
        let Some(u) = sit.by_id(&c.unit) else { continue };
        if let Some(rect) = atlas.cells.get(&(c.unit.clone(), u.reduced)) {
            sprite.image = atlas.image.clone();
            sprite.rect = Some(*rect);
        }
        // Activated units are turned round (2.1) and shaded a little.
        let turned = u.record.activated && scene.active.as_deref() != Some(&*u.unit.id);
        tf.rotation = if turned { Quat::from_rotation_z(std::f32::consts::PI) } else { Quat::IDENTITY };
        sprite.color = if turned { Color::srgb(0.8, 0.8, 0.8) } else { Color::WHITE };
        place_counter(&mut commands, e, &mut c, &mut tf, motion, &scene);
        homes.insert(c.unit.clone(), c.home);
        for child in children.iter() {
            if let Ok((kind, mut vis, mut msprite)) = q.markers.get_mut(child) {
                let show = match kind {
                    CounterMarker::Breakdown => u.breakdown,
                    CounterMarker::Hero => u.hero,
                    CounterMarker::Active => scene.active.as_deref() == Some(&*u.unit.id),
                    CounterMarker::Selected => scene.selected == Some(&*u.unit.id) && scene.active.as_deref() != Some(&*u.unit.id),
                };
                *vis = if show { Visibility::Inherited } else { Visibility::Hidden };
                if matches!(kind, CounterMarker::Active) {
                    msprite.color = colour(atlas.palette.active);
                }
            }
        }
    }
    for u in sit.units.iter().filter(|u| !homes.contains_key(&*u.unit.id)) {
        spawn_counter(&mut commands, u, &scene, &markers);
    }
    for e in &q.barrages {
        commands.entity(e).despawn();
    }
    spawn_barrages(&mut commands, &session, sit.board(), &markers);
    if animate {
        let font = TextFont { font: art_res.font_bold.clone().into(), font_size: FontSize::Px(22.0), ..default() };
        float_results(&mut commands, &font, &session, &scene, &homes);
    }
}

/// The hexes each unit went through in the last change (moves, infiltrations, withdrawals,
/// deployments, pull-backs), as points of the map.
fn move_paths(session: &PlaySession, board: &HexBoard) -> HashMap<String, Vec<Vec2>> {
    let mut paths: HashMap<String, Vec<Vec2>> = HashMap::new();
    for ev in events_from(&session.log, session.new_from, session.game.journal()) {
        let (unit, hexes): (&str, Vec<&str>) = match &ev.kind {
            EventKind::Moved { unit, path, .. } => (unit, path.iter().map(String::as_str).collect()),
            EventKind::Infiltrated { unit, to } | EventKind::Withdrew { unit, to } | EventKind::Deployed { unit, hex: to } => {
                (unit, vec![to.as_str()])
            }
            EventKind::PulledBack { unit, to } => (unit, to.iter().map(String::as_str).collect()),
            _ => continue,
        };
        let pts = hexes.iter().filter_map(|l| board.parse(l).ok()).map(|h| hex_to_world(board, h));
        paths.entry(unit.to_string()).or_default().extend(pts);
    }
    paths
}

/// Puts a counter where its unit rests, along its path when the change is animated; a counter that
/// leaves the map fades out (animated) or is hidden.
fn place_counter(
    commands: &mut Commands,
    e: Entity,
    c: &mut Counter,
    tf: &mut Transform,
    motion: Option<Mut<Motion>>,
    scene: &CounterScene,
) {
    let Some((home, zz)) = scene.places.get(&c.unit) else {
        if c.on_map && scene.animate {
            commands.entity(e).insert(Fading(0.0));
        } else {
            commands.entity(e).insert(Visibility::Hidden);
        }
        c.on_map = false;
        return;
    };
    let was_on_map = c.on_map;
    c.home = *home;
    c.on_map = true;
    c.z = *zz;
    tf.translation.z = *zz;
    commands.entity(e).insert(Visibility::Inherited).remove::<Fading>();
    let mut route: VecDeque<Vec2> = VecDeque::new();
    let path = scene.paths.get(&c.unit);
    if scene.animate && was_on_map {
        if let Some(p) = path {
            route.extend(p.iter().copied());
        }
        route.push_back(*home);
    } else if scene.animate && !was_on_map {
        // Entering the map: from its edge, along its path.
        if let Some(p) = path {
            if let Some(first) = p.first() {
                tf.translation = first.extend(*zz);
            }
            route.extend(p.iter().copied());
        } else {
            tf.translation = home.extend(*zz);
        }
        route.push_back(*home);
    } else {
        tf.translation = home.extend(*zz);
    }
    match motion {
        Some(mut m) if !route.is_empty() => {
            m.waypoints = route;
            m.speed = scene.speed;
        }
        None if !route.is_empty() => {
            commands.entity(e).insert(Motion { waypoints: route, speed: scene.speed });
        }
        _ => {}
    }
}

/// A new unit's counter, with its markers (active and selected frames, breakdown, hero).
fn spawn_counter(commands: &mut Commands, u: &UnitInfo, scene: &CounterScene, markers: &MarkerArt) {
    let id = u.unit.id.to_string();
    let atlas = scene.atlas;
    let Some(rect) = atlas.cells.get(&(id.clone(), u.reduced)) else { return };
    let (home, zz, on_map) = match scene.places.get(&id) {
        Some((h, zz)) => (*h, *zz, true),
        None => (Vec2::ZERO, z::COUNTERS, false),
    };
    let size = Vec2::splat(COUNTER * CELL as f32 / (CELL as f32 - 12.0));
    let turned = u.record.activated;
    commands
        .spawn((
            of_map(),
            Counter { unit: id.clone(), home, on_map, z: zz },
            Sprite {
                image: atlas.image.clone(),
                rect: Some(*rect),
                custom_size: Some(size),
                color: if turned { Color::srgb(0.8, 0.8, 0.8) } else { Color::WHITE },
                ..default()
            },
            Transform::from_translation(home.extend(zz)).with_rotation(if turned {
                Quat::from_rotation_z(std::f32::consts::PI)
            } else {
                Quat::IDENTITY
            }),
            if on_map { Visibility::Inherited } else { Visibility::Hidden },
        ))
        .with_children(|p| {
            let vis = |show: bool| if show { Visibility::Inherited } else { Visibility::Hidden };
            p.spawn((
                CounterMarker::Active,
                Sprite { image: markers.frame.clone(), custom_size: Some(size * 1.12), color: colour(atlas.palette.active), ..default() },
                Transform::from_xyz(0.0, 0.0, 0.05),
                vis(scene.active.as_deref() == Some(id.as_str())),
            ));
            p.spawn((
                CounterMarker::Selected,
                Sprite { image: markers.frame.clone(), custom_size: Some(size * 1.08), color: Color::WHITE, ..default() },
                Transform::from_xyz(0.0, 0.0, 0.04),
                vis(scene.selected == Some(id.as_str())),
            ));
            p.spawn((
                CounterMarker::Breakdown,
                Sprite { image: markers.breakdown.clone(), custom_size: Some(Vec2::splat(34.0)), ..default() },
                Transform::from_xyz(-COUNTER * 0.42, COUNTER * 0.36, 0.1),
                vis(u.breakdown),
            ));
            p.spawn((
                CounterMarker::Hero,
                Sprite { image: markers.hero.clone(), custom_size: Some(Vec2::splat(32.0)), ..default() },
                Transform::from_xyz(COUNTER * 0.44, COUNTER * 0.36, 0.1),
                vis(u.hero),
            ));
        });
}

/// Barrage markers waiting to be fired (5).
fn spawn_barrages(commands: &mut Commands, session: &PlaySession, board: &HexBoard, markers: &MarkerArt) {
    let Some(b) = session.game.world().get_resource::<Barrage>() else { return };
    for h in &b.placed {
        let p = hex_to_world(board, *h) + Vec2::new(HEX * 0.18, -HEX * 0.16);
        commands.spawn((
            of_map(),
            BarrageMarker,
            Sprite { image: markers.barrage.clone(), custom_size: Some(Vec2::splat(54.0)), ..default() },
            Transform::from_translation(p.extend(z::BARRAGE + 8.0)),
        ));
    }
}

/// Die results and what they did in the last change, floating over the map: fire and assault
/// results, losses, eliminations, breakdowns, rallies, barrages landing.
fn float_results(commands: &mut Commands, font: &TextFont, session: &PlaySession, scene: &CounterScene, homes: &HashMap<String, Vec2>) {
    let (sit, board) = (scene.sit, scene.sit.board());
    let mut stack: HashMap<&str, f32> = HashMap::new();
    for ev in events_from(&session.log, session.new_from, session.game.journal()) {
        let (text, colour, unit) = match &ev.kind {
            EventKind::Fired { target, roll, modifier, hit, .. } => {
                let m = if *modifier != 0 { format!(" {modifier:+}") } else { String::new() };
                (
                    format!("{roll}{m}: {}", if *hit { "HIT" } else { "miss" }),
                    if *hit { Color::srgb(1.0, 0.35, 0.25) } else { Color::srgb(0.9, 0.9, 0.9) },
                    target,
                )
            }
            EventKind::Assaulted { target, dice, losses, .. } => {
                let dice: Vec<String> = dice.iter().map(u32::to_string).collect();
                (format!("assault {}: {losses} loss(es)", dice.join(" ")), Color::srgb(1.0, 0.7, 0.3), target)
            }
            EventKind::Eliminated { unit, .. } => ("ELIMINATED".to_string(), Color::srgb(1.0, 0.25, 0.2), unit),
            EventKind::Loss { unit, status } => (status.to_uppercase(), Color::srgb(1.0, 0.55, 0.3), unit),
            EventKind::BrokeDown { unit } => ("BREAKDOWN".to_string(), Color::srgb(1.0, 0.7, 0.2), unit),
            EventKind::BarrageLanded { hex, scattered, .. } => {
                if let Ok(h) = board.parse(hex) {
                    let text = if *scattered { "scattered here" } else { "barrage on target" };
                    spawn_float(commands, font, hex_to_world(board, h), text, Color::srgb(1.0, 0.6, 0.2));
                }
                continue;
            }
            EventKind::Rallied { unit, .. } | EventKind::Reorganised { unit } => ("RALLIED".to_string(), Color::srgb(0.6, 1.0, 0.6), unit),
            _ => continue,
        };
        // On the map, or gone from it: where its counter was.
        let Some(p) = scene
            .places
            .get(unit)
            .map(|p| p.0)
            .or_else(|| sit.by_id(unit).and_then(|u| u.hex()).map(|h| hex_to_world(board, h)))
            .or_else(|| homes.get(unit).copied())
        else {
            continue;
        };
        let k = stack.entry(unit.as_str()).or_insert(0.0);
        spawn_float(commands, font, p + Vec2::new(0.0, 30.0 + *k), &text, colour);
        *k += 26.0;
    }
}

fn spawn_float(commands: &mut Commands, font: &TextFont, p: Vec2, text: &str, colour: Color) {
    commands.spawn((
        of_map(),
        FloatingText { age: 0.0, life: 2.2 },
        Text2d::new(text.to_string()),
        font.clone(),
        TextColor(colour),
        bevy::sprite::Text2dShadow { offset: Vec2::new(2.0, -2.0), color: Color::srgba(0.0, 0.0, 0.0, 0.9) },
        Anchor::CENTER,
        Transform::from_translation(p.extend(z::FLOATING_TEXT)),
    ));
}

/// Moves counters along their paths, fades the eliminated, lifts floating text.
fn animate(
    mut commands: Commands,
    time: Res<Time>,
    mut moving: Query<(Entity, &Counter, &mut Transform, &mut Motion)>,
    mut fading: Query<(Entity, &mut Fading, &mut Sprite)>,
    mut floating: Query<(Entity, &mut FloatingText, &mut Transform, &mut TextColor), Without<Counter>>,
    settings: Res<Settings>,
    mut anim: ResMut<Animations>,
) {
    let dt = time.delta_secs().min(0.1);
    let mut busy = 0;
    for (e, c, mut tf, mut m) in &mut moving {
        let Some(target) = m.waypoints.front().copied() else {
            commands.entity(e).remove::<Motion>();
            continue;
        };
        busy += 1;
        let pos = tf.translation.truncate();
        let step = m.speed.max(1.0) * dt;
        let d = target - pos;
        if d.length() <= step || m.speed <= 0.0 {
            tf.translation = target.extend(c.z + 5.0);
            m.waypoints.pop_front();
            if m.waypoints.is_empty() {
                tf.translation.z = c.z;
            }
        } else {
            tf.translation = (pos + d.normalize() * step).extend(c.z + 5.0);
        }
    }
    let rate = match settings.animation.counter_speed() {
        s if s <= 0.0 => 100.0,
        s => s / 700.0,
    };
    for (e, mut f, mut sprite) in &mut fading {
        busy += 1;
        f.0 += dt * 1.5 * rate;
        sprite.color = Color::srgba(1.0, 0.5, 0.4, (1.0 - f.0).max(0.0));
        if f.0 >= 1.0 {
            commands.entity(e).remove::<Fading>().insert(Visibility::Hidden);
            sprite.color = Color::WHITE;
        }
    }
    for (e, mut f, mut tf, mut col) in &mut floating {
        f.age += dt * rate.min(3.0);
        if rising_read(f.age, f.life) {
            busy += 1;
        }
        tf.translation.y += 22.0 * dt;
        col.0 = col.0.with_alpha(rising_alpha(f.age, f.life));
        if f.age >= f.life {
            commands.entity(e).despawn();
        }
    }
    anim.moving = busy;
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Animations>()
        .init_resource::<Selection>()
        .add_systems(Startup, load_markers)
        .add_systems(Update, (refresh_atlas, sync_counters).chain().in_set(super::Frame::Counters).run_if(in_state(SCREEN)))
        .add_systems(Update, animate.in_set(super::Frame::Visuals).run_if(in_state(SCREEN)))
        .add_systems(OnExit(SCREEN), |mut commands: Commands, mut sel: ResMut<Selection>| {
            commands.remove_resource::<CounterAtlas>();
            sel.unit = None;
        });
}
