//! Counters on the map: one sprite per unit from a generated atlas of printed faces (front and
//! reverse), fanned when several share a hex so each stays clickable, turned 180° once activated (as
//! the rulebook suggests), with breakdown and hero markers, the active unit framed in gold, barrage
//! markers on their hexes, and animations: counters slide along their path, combat results float up.

use std::collections::{HashMap, VecDeque};

use bevy::prelude::*;
use bevy::sprite::Anchor;

use crate::rulesets::bastards::map::{Situation, UnitInfo};
use crate::rulesets::bastards::state::Barrage;
use crate::rulesets::bastards::units::Location;

use super::art::counters::{self as faces, CELL, Face, MarkerIcon};
use super::art::palette::Palette;
use super::art::{self, Canvas};
use super::bastards::SCREEN;
use super::bastards::session::PlaySession;
use super::geometry::{HEX, hex_to_world};
use super::map::{DrawnMap, MapArt, MapEntity, image_from_rgba, z};
use super::session::Change;
use super::settings::Settings;

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

/// Keeps one counter per unit, on the right face, in the right place, with its markers.
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn sync_counters(
    mut commands: Commands,
    session: Option<Res<PlaySession>>,
    atlas: Option<Res<CounterAtlas>>,
    markers: Option<Res<MarkerArt>>,
    drawn: Option<Res<DrawnMap>>,
    selection: Res<Selection>,
    settings: Res<Settings>,
    mut seen: Local<(u64, Option<String>, Option<(String, bool)>)>,
    mut counters: Query<(Entity, &mut Counter, &mut Sprite, &mut Transform, Option<&mut Motion>, &Children), Without<CounterMarker>>,
    mut marker_q: Query<(&CounterMarker, &mut Visibility, &mut Sprite), Without<Counter>>,
    barrages: Query<Entity, With<BarrageMarker>>,
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
    let places = resting_places(&sit, active.as_deref(), selection.unit.as_deref());
    let board = sit.board();
    let speed = settings.animation.counter_speed();
    let animate = session.last_change == Change::Played && speed > 0.0 && !atlas_changed;

    // Paths of this change's movements, by unit.
    let mut paths: HashMap<String, Vec<Vec2>> = HashMap::new();
    if animate {
        for e in &session.log[session.new_from.min(session.log.len())..] {
            if let Some(unit) = e.field("unit") {
                let hexes: Vec<String> = match e.kind() {
                    Some("moved") => e.list("path"),
                    Some("infiltrated" | "withdrew" | "deployed") => e.field("to").or_else(|| e.field("hex")).into_iter().collect(),
                    Some("pulled_back") => e.field("to").into_iter().filter(|s| s != "null").collect(),
                    _ => continue,
                };
                let pts = hexes.iter().filter_map(|l| board.parse(l).ok()).map(|h| hex_to_world(board, h));
                paths.entry(unit).or_default().extend(pts);
            }
        }
    }

    let mut existing: HashMap<String, Entity> = HashMap::new();
    for (e, mut c, mut sprite, mut tf, motion, children) in &mut counters {
        existing.insert(c.unit.clone(), e);
        let Some(u) = sit.by_id(&c.unit) else { continue };
        if let Some(rect) = atlas.cells.get(&(c.unit.clone(), u.reduced)) {
            sprite.image = atlas.image.clone();
            sprite.rect = Some(*rect);
        }
        // Activated units are turned round (2.1) and shaded a little.
        let turned = u.record.activated && active.as_deref() != Some(&*u.unit.id);
        tf.rotation = if turned { Quat::from_rotation_z(std::f32::consts::PI) } else { Quat::IDENTITY };
        sprite.color = if turned { Color::srgb(0.8, 0.8, 0.8) } else { Color::WHITE };
        match places.get(&c.unit) {
            Some((home, zz)) => {
                let was_on_map = c.on_map;
                c.home = *home;
                c.on_map = true;
                c.z = *zz;
                tf.translation.z = *zz;
                commands.entity(e).insert(Visibility::Inherited).remove::<Fading>();
                let mut route: VecDeque<Vec2> = VecDeque::new();
                if animate && was_on_map {
                    if let Some(p) = paths.get(&c.unit) {
                        route.extend(p.iter().copied());
                    }
                    route.push_back(*home);
                } else if animate && !was_on_map {
                    // Entering the map: from its edge, along its path.
                    if let Some(p) = paths.get(&c.unit) {
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
                        m.speed = speed;
                    }
                    None if !route.is_empty() => {
                        commands.entity(e).insert(Motion { waypoints: route, speed });
                    }
                    _ => {}
                }
            }
            None => {
                if c.on_map && animate {
                    commands.entity(e).insert(Fading(0.0));
                } else {
                    commands.entity(e).insert(Visibility::Hidden);
                }
                c.on_map = false;
            }
        }
        for child in children.iter() {
            if let Ok((kind, mut vis, mut msprite)) = marker_q.get_mut(child) {
                let show = match kind {
                    CounterMarker::Breakdown => u.breakdown,
                    CounterMarker::Hero => u.hero,
                    CounterMarker::Active => active.as_deref() == Some(&*u.unit.id),
                    CounterMarker::Selected => selection.unit.as_deref() == Some(&*u.unit.id) && active.as_deref() != Some(&*u.unit.id),
                };
                *vis = if show { Visibility::Inherited } else { Visibility::Hidden };
                if matches!(kind, CounterMarker::Active) {
                    msprite.color = colour(atlas.palette.active);
                }
            }
        }
    }

    // New counters.
    for u in &sit.units {
        let id = u.unit.id.to_string();
        if existing.contains_key(&id) {
            continue;
        }
        let Some(rect) = atlas.cells.get(&(id.clone(), u.reduced)) else { continue };
        let (home, zz, on_map) = match places.get(&id) {
            Some((h, zz)) => (*h, *zz, true),
            None => (Vec2::ZERO, z::COUNTERS, false),
        };
        let size = Vec2::splat(COUNTER * CELL as f32 / (CELL as f32 - 12.0));
        let turned = u.record.activated;
        commands
            .spawn((
                MapEntity,
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
                    Sprite {
                        image: markers.frame.clone(),
                        custom_size: Some(size * 1.12),
                        color: colour(atlas.palette.active),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.05),
                    vis(active.as_deref() == Some(id.as_str())),
                ));
                p.spawn((
                    CounterMarker::Selected,
                    Sprite { image: markers.frame.clone(), custom_size: Some(size * 1.08), color: Color::WHITE, ..default() },
                    Transform::from_xyz(0.0, 0.0, 0.04),
                    vis(selection.unit.as_deref() == Some(id.as_str())),
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

    // Barrage markers waiting to be fired.
    for e in &barrages {
        commands.entity(e).despawn();
    }
    if let Some(b) = session.game.world().get_resource::<Barrage>() {
        for h in &b.placed {
            let p = hex_to_world(board, *h) + Vec2::new(HEX * 0.18, -HEX * 0.16);
            commands.spawn((
                MapEntity,
                BarrageMarker,
                Sprite { image: markers.barrage.clone(), custom_size: Some(Vec2::splat(54.0)), ..default() },
                Transform::from_translation(p.extend(z::BARRAGE + 8.0)),
            ));
        }
    }

    // Die results and what they did, floating over the map.
    if animate {
        let font = TextFont { font: art_res.font_bold.clone().into(), font_size: FontSize::Px(22.0), ..default() };
        let mut stack: HashMap<String, f32> = HashMap::new();
        for e in &session.log[session.new_from.min(session.log.len())..] {
            let (text, colour, at) = match e.kind() {
                Some("fired") => {
                    let hit = e.field("hit").as_deref() == Some("true");
                    let roll = e.field("roll").unwrap_or_default();
                    let m: i32 = e.field("modifier").and_then(|m| m.parse().ok()).unwrap_or(0);
                    let m = if m != 0 { format!(" {m:+}") } else { String::new() };
                    (
                        format!("{roll}{m}: {}", if hit { "HIT" } else { "miss" }),
                        if hit { Color::srgb(1.0, 0.35, 0.25) } else { Color::srgb(0.9, 0.9, 0.9) },
                        e.field("target"),
                    )
                }
                Some("assaulted") => {
                    let dice = e.list("dice").join(" ");
                    let dice = if dice.is_empty() { e.field("dice").unwrap_or_default() } else { dice };
                    (
                        format!("assault {dice}: {} loss(es)", e.field("losses").unwrap_or_default()),
                        Color::srgb(1.0, 0.7, 0.3),
                        e.field("target"),
                    )
                }
                Some("eliminated") => ("ELIMINATED".to_string(), Color::srgb(1.0, 0.25, 0.2), e.field("unit")),
                Some("loss") => (e.field("status").unwrap_or_default().to_uppercase(), Color::srgb(1.0, 0.55, 0.3), e.field("unit")),
                Some("broke_down") => ("BREAKDOWN".to_string(), Color::srgb(1.0, 0.7, 0.2), e.field("unit")),
                Some("barrage_landed") => {
                    let hex = e.field("hex").unwrap_or_default();
                    if let Ok(h) = board.parse(&hex) {
                        let p = hex_to_world(board, h);
                        spawn_float(
                            &mut commands,
                            &font,
                            p,
                            if e.field("scattered").as_deref() == Some("true") { "scattered here" } else { "barrage on target" },
                            Color::srgb(1.0, 0.6, 0.2),
                        );
                    }
                    continue;
                }
                Some("rallied" | "reorganised") => ("RALLIED".to_string(), Color::srgb(0.6, 1.0, 0.6), e.field("unit")),
                _ => continue,
            };
            let Some(unit) = at else { continue };
            let Some(p) =
                places.get(&unit).map(|p| p.0).or_else(|| sit.by_id(&unit).and_then(|u| u.hex()).map(|h| hex_to_world(board, h))).or_else(
                    || {
                        // Gone from the map: where its counter was.
                        counters.iter().find(|c| c.1.unit == unit).map(|c| c.1.home)
                    },
                )
            else {
                continue;
            };
            let k = stack.entry(unit).or_insert(0.0);
            spawn_float(&mut commands, &font, p + Vec2::new(0.0, 30.0 + *k), &text, colour);
            *k += 26.0;
        }
    }
}

fn spawn_float(commands: &mut Commands, font: &TextFont, p: Vec2, text: &str, colour: Color) {
    commands.spawn((
        MapEntity,
        FloatingText { age: 0.0, life: 2.2 },
        Text2d::new(text.to_string()),
        font.clone(),
        TextColor(colour),
        bevy::sprite::Text2dShadow { offset: Vec2::new(2.0, -2.0), color: Color::srgba(0.0, 0.0, 0.0, 0.9) },
        Anchor::CENTER,
        Transform::from_translation(p.extend(z::FLOATING_TEXT)),
    ));
}

fn colour(c: art::Rgba) -> Color {
    Color::srgba_u8(c[0], c[1], c[2], c[3])
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
        if f.age < f.life * 0.6 {
            busy += 1;
        }
        tf.translation.y += 22.0 * dt;
        let a = (1.0 - (f.age - f.life * 0.6) / (f.life * 0.4)).clamp(0.0, 1.0);
        col.0 = col.0.with_alpha(a);
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
