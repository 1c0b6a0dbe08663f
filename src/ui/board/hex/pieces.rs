//! The pieces and map markers of the [`BoardModel`] on the hex map: one counter sprite per piece, with
//! its face from the presenter's counter atlas ([`PieceArt`]), fanned within its hex's stack in the
//! model's order (the top last), dimmed and ticked when spent, framed when active or selected,
//! with the presenter's markers on it; the map markers on their hexes. At the zoom where a player
//! plans (counters too small to read their print) each counter shows the presenter's face for that
//! zoom, if it drew one: a large side-coloured type symbol and strength figure ([`Detail`]). Only what changed is touched:
//! a new revision moves, turns and re-marks the existing counters and spawns only new ones. The
//! presenter's [`BoardCues`] for a revision animate it: counters slide along their paths, counters
//! that leave the map fade out, and results rise over the map.

use std::collections::{BTreeMap, HashMap, VecDeque};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::sprite::Anchor;

use super::map::{DrawnMap, of_map};
use crate::ui::board::{BoardModel, MapMarker, Piece, PieceState, Place};
use crate::ui::counters::Animations;
use crate::ui::geometry::hex_to_world;
use crate::ui::map::{MapArt, z};
use crate::ui::settings::Settings;
use crate::ui::widgets::{rising_alpha, rising_read};
use crate::ui::{Frame, Screen};

/// Size of a counter on the map, in world units.
pub const COUNTER: f32 = 68.0;
/// How far each counter of a stack is shifted from the one below.
pub const FAN: f32 = 15.0;

/// An image drawn with a piece or on the map: its size, where from the piece's (or hex's) centre, and
/// how far above it.
#[derive(Clone)]
pub struct Sticker {
    pub image: Handle<Image>,
    pub size: Vec2,
    pub offset: Vec2,
    pub z: f32,
}

/// The presenter's art for pieces and map markers. Inserting it again redraws every counter.
#[derive(Resource, Clone)]
pub struct PieceArt {
    /// The counter atlas and each face's cell in it, by `Piece::face`.
    pub image: Handle<Image>,
    pub faces: HashMap<String, Rect>,
    /// Each face as drawn for planning zoom (in the same atlas), by `Piece::face`: what a counter
    /// shows when it is too small on screen for its printed face to be read. A face without one
    /// keeps its printed face.
    pub far_faces: HashMap<String, Rect>,
    /// A counter's sprite size in world units (its face with the atlas cell's margin).
    pub size: Vec2,
    /// A white frame round a counter, tinted `active` for the active piece and white for the selected.
    pub frame: Handle<Image>,
    pub active: Color,
    /// Piece markers (`Piece::markers`) and map markers (`MapMarker::art`) by id.
    pub markers: BTreeMap<String, Sticker>,
    pub map_markers: HashMap<String, Sticker>,
}

/// Where a result rises from.
#[derive(Clone, Debug, PartialEq)]
pub enum FloatAt {
    /// Over a piece: where it rests now, or where it was if it left the map.
    Piece(String),
    Place(Place),
}

/// A result rising over the map.
#[derive(Clone, Debug, PartialEq)]
pub struct Float {
    pub at: FloatAt,
    pub text: String,
    pub colour: Color,
}

/// How to animate the change the presenter has just made to the model (its reading of the events of a
/// move played): written only for such a change, in the same frame; any other change is shown at once.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct BoardCues {
    /// The places each piece went through, in order, before its new place.
    pub paths: HashMap<String, Vec<Place>>,
    pub floats: Vec<Float>,
}

/// The system that draws the pieces: a presenter fills the model and the cues before it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct DrawPieces;

/// How much of a counter the zoom lets a player read: the printed face (`Near`), or the face for
/// planning zoom (`Far`) once a counter is smaller on screen than [`FAR_BELOW`] pixels.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Detail {
    #[default]
    Near,
    Far,
}

/// A counter smaller than this on screen, in pixels, shows its face for planning zoom; it shows its
/// printed face again above [`NEAR_ABOVE`] (the gap keeps a zoom near the line from flickering).
pub const FAR_BELOW: f32 = 44.0;
pub const NEAR_ABOVE: f32 = 48.0;

impl Detail {
    /// The detail for a camera at `scale` world units per pixel, coming from `self`.
    pub fn at_scale(self, scale: f32) -> Detail {
        let px = COUNTER / scale.max(1e-3);
        match self {
            Detail::Near if px < FAR_BELOW => Detail::Far,
            Detail::Far if px > NEAR_ABOVE => Detail::Near,
            d => d,
        }
    }

    /// The atlas cell of a face at this detail.
    pub fn cell(self, art: &PieceArt, face: &str) -> Option<Rect> {
        match self {
            Detail::Far => art.far_faces.get(face).or_else(|| art.faces.get(face)).copied(),
            Detail::Near => art.faces.get(face).copied(),
        }
    }
}

/// A piece's counter.
#[derive(Component)]
pub struct Counter {
    pub id: String,
    /// Its piece's face (`Piece::face`), to change the cell when the detail changes.
    pub face: String,
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

/// The children of a counter: its frames and markers.
#[derive(Component, Clone, PartialEq, Eq)]
pub enum CounterMarker {
    /// The frame of the active piece.
    Active,
    /// The frame of the selected piece.
    Selected,
    /// The tick of a spent piece (activated this turn).
    Spent,
    /// A presenter's marker, by id.
    Art(String),
}

/// A map marker's entity.
#[derive(Component)]
pub struct MapMarkerEntity;

/// Text rising from the map (die results), then fading.
#[derive(Component)]
pub struct FloatingText {
    pub age: f32,
    pub life: f32,
}

/// The centre of a place on the hex map.
fn centre(board: &crate::engine::board::HexBoard, place: Place) -> Option<Vec2> {
    match place {
        Place::Cell(h) => Some(hex_to_world(board, h)),
        _ => None,
    }
}

/// Where each piece on the map rests: its hex centre, fanned within a stack in the model's order.
pub fn resting_places(model: &BoardModel, board: &crate::engine::board::HexBoard) -> HashMap<String, (Vec2, f32)> {
    let mut stacks: BTreeMap<(i32, i32), Vec<&Piece>> = BTreeMap::new();
    for p in &model.pieces {
        if let Some(Place::Cell(h)) = p.place {
            stacks.entry((h.x, h.y)).or_default().push(p);
        }
    }
    let mut out = HashMap::new();
    for ((x, y), ps) in stacks {
        let n = ps.len() as f32;
        let c = hex_to_world(board, hexx::Hex::new(x, y));
        for (k, p) in ps.iter().enumerate() {
            let shift = (k as f32 - (n - 1.0) / 2.0) * FAN;
            out.insert(p.id.clone(), (c + Vec2::new(shift, shift), z::COUNTERS + k as f32 * 0.5));
        }
    }
    out
}

/// A counter as `sync_pieces` changes it: its face, place, motion and marker children.
type CounterItem =
    (Entity, &'static mut Counter, &'static mut Sprite, &'static mut Transform, Option<&'static mut Motion>, &'static Children);

/// The counters, their markers and the map markers, as `sync_pieces` reads and changes them.
#[derive(SystemParam)]
struct PieceQueries<'w, 's> {
    counters: Query<'w, 's, CounterItem, Without<CounterMarker>>,
    markers: Query<'w, 's, (&'static CounterMarker, &'static mut Visibility, &'static mut Sprite), Without<Counter>>,
    map_markers: Query<'w, 's, Entity, With<MapMarkerEntity>>,
}

/// What a change shows of each counter: where each piece rests, the paths of this change's moves
/// and whether to animate at all.
struct Scene<'a> {
    art: &'a PieceArt,
    detail: Detail,
    tick: &'a Handle<Image>,
    places: HashMap<String, (Vec2, f32)>,
    paths: HashMap<String, Vec<Vec2>>,
    animate: bool,
    speed: f32,
}

/// Keeps one counter per piece, on its face, in its place, with its frames and markers.
#[allow(clippy::too_many_arguments)]
fn sync_pieces(
    mut commands: Commands,
    model: Res<BoardModel>,
    cues: Res<BoardCues>,
    art: Option<Res<PieceArt>>,
    drawn: Option<Res<DrawnMap>>,
    settings: Res<Settings>,
    map_art: Res<MapArt>,
    detail: Res<Detail>,
    tick: Res<SpentTick>,
    mut seen: Local<Option<u64>>,
    mut shown_markers: Local<Vec<MapMarker>>,
    mut q: PieceQueries,
) {
    let (Some(art), Some(drawn)) = (art, drawn) else { return };
    let redrawn = art.is_changed() || drawn.is_changed() || detail.is_changed();
    // A move that changed nothing on the board (a miss) still shows its results.
    let cued = cues.is_changed() && !redrawn;
    if *seen == Some(model.revision) && !redrawn && !cued {
        return;
    }
    *seen = Some(model.revision);
    let board = &drawn.board;
    let speed = settings.animation.counter_speed();
    let animate = cued && speed > 0.0;
    let path_points = |places: &Vec<Place>| places.iter().filter_map(|p| centre(board, *p)).collect();
    let scene = Scene {
        art: &art,
        detail: *detail,
        tick: &tick.0,
        places: resting_places(&model, board),
        paths: if animate { cues.paths.iter().map(|(id, ps)| (id.clone(), path_points(ps))).collect() } else { HashMap::new() },
        animate,
        speed,
    };
    let by_id: HashMap<&str, &Piece> = model.pieces.iter().map(|p| (p.id.as_str(), p)).collect();
    // Where each counter rests now (or rested last, off the map), by piece.
    let mut homes: HashMap<String, Vec2> = HashMap::new();
    for (e, mut c, mut sprite, mut tf, motion, children) in &mut q.counters {
        homes.insert(c.id.clone(), c.home);
        let Some(piece) = by_id.get(c.id.as_str()) else { continue };
        if let Some(rect) = scene.detail.cell(&art, &piece.face) {
            sprite.image = art.image.clone();
            sprite.rect = Some(rect);
            c.face = piece.face.clone();
        }
        dim(&mut sprite, piece.state);
        place_counter(&mut commands, e, &mut c, &mut tf, motion, &scene);
        homes.insert(c.id.clone(), c.home);
        for child in children.iter() {
            if let Ok((kind, mut vis, mut msprite)) = q.markers.get_mut(child) {
                *vis = if shows(kind, piece) { Visibility::Inherited } else { Visibility::Hidden };
                if *kind == CounterMarker::Active {
                    msprite.color = art.active;
                }
            }
        }
    }
    for p in model.pieces.iter().filter(|p| !homes.contains_key(&p.id)) {
        spawn_counter(&mut commands, p, &scene);
    }
    if redrawn || *shown_markers != model.markers {
        q.map_markers.iter().for_each(|e| commands.entity(e).despawn());
        spawn_map_markers(&mut commands, &model.markers, board, &art, &map_art);
        *shown_markers = model.markers.clone();
    }
    if animate {
        let font = TextFont { font: map_art.font_bold.clone().into(), font_size: FontSize::Px(22.0), ..default() };
        float_results(&mut commands, &font, &cues.floats, board, &scene, &homes);
    }
}

/// Whether a counter's child shows for its piece.
fn shows(kind: &CounterMarker, piece: &Piece) -> bool {
    match kind {
        CounterMarker::Active => piece.state == PieceState::Active,
        CounterMarker::Selected => piece.state == PieceState::Selected,
        CounterMarker::Spent => piece.state == PieceState::Spent,
        CounterMarker::Art(id) => piece.markers.contains(id),
    }
}

/// A spent piece's counter is dimmed (and ticked: [`CounterMarker::Spent`]), not turned round, so
/// that its print still reads the right way up.
fn dim(sprite: &mut Sprite, state: PieceState) {
    sprite.color = if state == PieceState::Spent { Color::srgb(0.62, 0.62, 0.62) } else { Color::WHITE };
}

/// The tick on a spent counter: a white check on a dark disc, drawn once.
#[derive(Resource)]
pub struct SpentTick(pub Handle<Image>);

fn make_tick(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let mut c = crate::ui::art::Canvas::new(64, 64);
    c.fill_circle(32.0, 32.0, 29.0, [20, 24, 20, 235]);
    c.fill_circle(32.0, 32.0, 25.0, [46, 120, 60, 255]);
    if let Some(p) = crate::ui::art::polyline(&[(17.0, 33.0), (28.0, 44.0), (47.0, 21.0)]) {
        c.stroke(&p, [255, 255, 255, 255], 7.0);
    }
    commands.insert_resource(SpentTick(images.add(crate::ui::map::image_from_rgba(64, 64, c.to_rgba()))));
}

/// Follows the camera's zoom: the counters' detail changes when they become too small to read or
/// large enough again (`sync_pieces` then shows every counter at the new detail).
fn follow_zoom(camera: Query<&Projection, With<crate::ui::camera::MapCamera>>, mut detail: ResMut<Detail>) {
    let Some(scale) = crate::ui::camera::map_scale(camera) else {
        return;
    };
    let next = detail.at_scale(scale);
    if next != *detail {
        *detail = next;
    }
}

/// Puts a counter where its piece rests, along its path when the change is animated; a counter that
/// leaves the map fades out (animated) or is hidden.
fn place_counter(commands: &mut Commands, e: Entity, c: &mut Counter, tf: &mut Transform, motion: Option<Mut<Motion>>, scene: &Scene) {
    let Some((home, zz)) = scene.places.get(&c.id) else {
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
    let path = scene.paths.get(&c.id);
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

/// A new piece's counter, with its frames and the presenter's markers.
fn spawn_counter(commands: &mut Commands, piece: &Piece, scene: &Scene) {
    let art = scene.art;
    let Some(rect) = scene.detail.cell(art, &piece.face) else { return };
    let (home, zz, on_map) = match scene.places.get(&piece.id) {
        Some((h, zz)) => (*h, *zz, true),
        None => (Vec2::ZERO, z::COUNTERS, false),
    };
    let mut sprite = Sprite { image: art.image.clone(), rect: Some(rect), custom_size: Some(art.size), ..default() };
    let tf = Transform::from_translation(home.extend(zz));
    dim(&mut sprite, piece.state);
    let vis = |kind: &CounterMarker| if shows(kind, piece) { Visibility::Inherited } else { Visibility::Hidden };
    commands
        .spawn((
            of_map(),
            Counter { id: piece.id.clone(), face: piece.face.clone(), home, on_map, z: zz },
            sprite,
            tf,
            if on_map { Visibility::Inherited } else { Visibility::Hidden },
        ))
        .with_children(|p| {
            let frame =
                |scale: f32, color: Color| Sprite { image: art.frame.clone(), custom_size: Some(art.size * scale), color, ..default() };
            p.spawn((CounterMarker::Active, frame(1.12, art.active), Transform::from_xyz(0.0, 0.0, 0.05), vis(&CounterMarker::Active)));
            p.spawn((
                CounterMarker::Selected,
                frame(1.08, Color::WHITE),
                Transform::from_xyz(0.0, 0.0, 0.04),
                vis(&CounterMarker::Selected),
            ));
            // Bottom right, clear of the presenters' markers at the top corners.
            p.spawn((
                CounterMarker::Spent,
                Sprite { image: scene.tick.clone(), custom_size: Some(Vec2::splat(COUNTER * 0.42)), ..default() },
                Transform::from_xyz(COUNTER * 0.36, -COUNTER * 0.36, 0.12),
                vis(&CounterMarker::Spent),
            ));
            for (id, s) in &art.markers {
                let kind = CounterMarker::Art(id.clone());
                let visibility = vis(&kind);
                p.spawn((
                    kind,
                    Sprite { image: s.image.clone(), custom_size: Some(s.size), ..default() },
                    Transform::from_translation(s.offset.extend(s.z)),
                    visibility,
                ));
            }
        });
}

/// The map markers, with their words under them.
fn spawn_map_markers(
    commands: &mut Commands,
    markers: &[MapMarker],
    board: &crate::engine::board::HexBoard,
    art: &PieceArt,
    map_art: &MapArt,
) {
    for m in markers {
        let (Some(s), Some(c)) = (art.map_markers.get(&m.art), centre(board, m.place)) else { continue };
        let p = c + s.offset;
        commands.spawn((
            of_map(),
            MapMarkerEntity,
            Sprite { image: s.image.clone(), custom_size: Some(s.size), ..default() },
            Transform::from_translation(p.extend(z::BARRAGE + s.z)),
        ));
        if !m.text.is_empty() {
            commands.spawn((
                of_map(),
                MapMarkerEntity,
                Text2d::new(m.text.clone()),
                TextFont { font: map_art.font_bold.clone().into(), font_size: FontSize::Px(14.0), ..default() },
                TextColor(Color::WHITE),
                Transform::from_translation((p - Vec2::new(0.0, s.size.y * 0.6)).extend(z::BARRAGE + s.z + 0.1)),
            ));
        }
    }
}

/// The presenter's results rising over the map: over a piece where it rests (or where it was, if it
/// left the map), each further one over the same piece a line higher; or over a place.
fn float_results(
    commands: &mut Commands,
    font: &TextFont,
    floats: &[Float],
    board: &crate::engine::board::HexBoard,
    scene: &Scene,
    homes: &HashMap<String, Vec2>,
) {
    let mut stack: HashMap<&str, f32> = HashMap::new();
    for f in floats {
        match &f.at {
            FloatAt::Place(place) => {
                if let Some(p) = centre(board, *place) {
                    spawn_float(commands, font, p, &f.text, f.colour);
                }
            }
            FloatAt::Piece(id) => {
                let Some(p) = scene.places.get(id).map(|p| p.0).or_else(|| homes.get(id).copied()) else { continue };
                let k = stack.entry(id.as_str()).or_insert(0.0);
                spawn_float(commands, font, p + Vec2::new(0.0, 30.0 + *k), &f.text, f.colour);
                *k += 26.0;
            }
        }
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

/// The game screen is left: the model, the cues and the art go with it.
fn forget(mut commands: Commands) {
    commands.insert_resource(BoardModel::default());
    commands.insert_resource(BoardCues::default());
    commands.remove_resource::<PieceArt>();
}

/// The pieces are drawn in a game whose presenter gave their art (not on an area board, whose view
/// counts its own animations).
fn shown(screen: Res<State<Screen>>, art: Option<Res<PieceArt>>) -> bool {
    *screen.get() == Screen::Game && art.is_some()
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Animations>()
        .init_resource::<Detail>()
        .add_systems(Startup, make_tick)
        .add_systems(Update, follow_zoom.before(DrawPieces).in_set(Frame::Counters).run_if(shown))
        .init_resource::<BoardModel>()
        .init_resource::<BoardCues>()
        .add_systems(Update, sync_pieces.in_set(DrawPieces).in_set(Frame::Counters).run_if(shown))
        .add_systems(Update, animate.in_set(Frame::Visuals).run_if(shown))
        .add_systems(OnExit(Screen::Game), forget);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_too_small_to_read_show_their_planning_face_without_flicker() {
        // 68 world units at 1 per pixel: 68 px, the print reads.
        assert_eq!(Detail::Near.at_scale(1.0), Detail::Near);
        // At 2 world units per pixel a counter is 34 px: the face for planning zoom.
        assert_eq!(Detail::Near.at_scale(2.0), Detail::Far);
        // Between the two lines (45 px) each keeps what it shows.
        assert_eq!(Detail::Far.at_scale(1.5), Detail::Far);
        assert_eq!(Detail::Near.at_scale(1.5), Detail::Near);
        assert_eq!(Detail::Far.at_scale(1.3), Detail::Near);
    }

    #[test]
    fn a_face_without_a_planning_face_keeps_its_print() {
        let art = PieceArt {
            image: Handle::default(),
            faces: HashMap::from([("a".to_string(), Rect::new(0.0, 0.0, 1.0, 1.0)), ("b".to_string(), Rect::new(1.0, 0.0, 2.0, 1.0))]),
            far_faces: HashMap::from([("a".to_string(), Rect::new(2.0, 0.0, 3.0, 1.0))]),
            size: Vec2::ONE,
            frame: Handle::default(),
            active: Color::WHITE,
            markers: BTreeMap::new(),
            map_markers: HashMap::new(),
        };
        assert_eq!(Detail::Far.cell(&art, "a"), Some(Rect::new(2.0, 0.0, 3.0, 1.0)));
        assert_eq!(Detail::Near.cell(&art, "a"), Some(Rect::new(0.0, 0.0, 1.0, 1.0)));
        assert_eq!(Detail::Far.cell(&art, "b"), Some(Rect::new(1.0, 0.0, 2.0, 1.0)));
    }
}
