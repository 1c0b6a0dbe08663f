//! Into the Bastards!'s pieces for the hex view: its counter faces (both sides of every unit, in one
//! atlas the unit card shares), its markers (hero, breakdown, the selected unit's frame, barrages),
//! the board model filled from the game (each unit's hex, face, markers and activation: 2.1 turns an
//! activated unit round), and its events read as animations (moves along their paths, die results).

use std::collections::{BTreeMap, HashMap};

use bevy::prelude::*;

use crate::rulesets::bastards::EventKind;
use crate::rulesets::bastards::map::{Situation, UnitInfo};
use crate::rulesets::bastards::state::{Activations, barrages_placed};
use crate::rulesets::bastards::units::{Location, Side};
use crate::ui::Frame;
use crate::ui::art::palette::Palette;
use crate::ui::art::{self, Canvas};
use crate::ui::board::hex::pieces::{BoardCues, COUNTER, DrawPieces, Float, FloatAt, PieceArt, Sticker};
use crate::ui::board::{BoardModel, MapMarker, Piece, PieceState, Place};
use crate::ui::geometry::HEX;
use crate::ui::map::image_from_rgba;
use crate::ui::session::Change;
use crate::ui::settings::Settings;
use crate::ui::widgets::{colour, events_from};

use super::SCREEN;
use super::faces::{self, CELL, Face, MarkerIcon};
use super::session::PlaySession;

const ATLAS_COLUMNS: u32 = 16;

/// The printed faces of every unit of the scenario, in one image.
#[derive(Resource)]
pub struct CounterAtlas {
    pub image: Handle<Image>,
    /// (unit id, reverse side) → cell in the image.
    pub cells: HashMap<(String, bool), Rect>,
    /// The same faces as drawn for planning zoom.
    pub far_cells: HashMap<(String, bool), Rect>,
    /// The faces as egui textures use them: (unit id, reverse) → (atlas pixel rect).
    pub key: (String, bool),
    pub size: UVec2,
    pub palette: Palette,
}

/// The unit the player has selected (shown on the unit card), by id.
#[derive(Resource, Default, Clone)]
pub struct Selection {
    pub unit: Option<String>,
}

/// The key of a unit's face in the piece art: its id, and `/r` for its reverse side.
fn face_key(id: &str, reduced: bool) -> String {
    if reduced { format!("{id}/r") } else { id.to_string() }
}

fn face_of(u: &UnitInfo, reduced: bool) -> Face {
    Face {
        nation: faces::nation_of(u.side() == Side::German, &u.unit.formation, &u.unit.id),
        kind: u.kind(),
        designation: faces::designation(&u.unit.name, u.kind()),
        medals: u.unit.medals,
        mg: u.unit.mg,
        reduced,
    }
}

/// The faces of an atlas by (unit id, reverse side): printed, and for planning zoom.
type Cells = HashMap<(String, bool), Rect>;

/// Draws every unit's two faces, printed and for planning zoom, into one atlas image.
pub fn build_atlas(sit: &Situation, palette: &Palette) -> (u32, u32, Vec<u8>, Cells, Cells) {
    let Some(fonts) = art::Fonts::load() else { return (1, 1, vec![0; 4], HashMap::new(), HashMap::new()) };
    let n = (sit.units.len() * 4) as u32;
    let rows = n.div_ceil(ATLAS_COLUMNS).max(1);
    let (w, h) = (ATLAS_COLUMNS * CELL, rows * CELL);
    let mut canvas = Canvas::new(w, h);
    let (mut cells, mut far_cells) = (HashMap::new(), HashMap::new());
    let mut i = 0u32;
    for u in &sit.units {
        for reduced in [false, true] {
            let face = face_of(u, reduced);
            for (drawn, into) in
                [(faces::draw(&face, palette, &fonts), &mut cells), (faces::draw_far(&face, palette, &fonts), &mut far_cells)]
            {
                let (x, y) = ((i % ATLAS_COLUMNS) * CELL, (i / ATLAS_COLUMNS) * CELL);
                canvas.blit(&drawn, x as i32, y as i32);
                into.insert((u.unit.id.to_string(), reduced), Rect::new(x as f32, y as f32, (x + CELL) as f32, (y + CELL) as f32));
                i += 1;
            }
        }
    }
    (w, h, canvas.to_rgba(), cells, far_cells)
}

/// The marker images, made once: hero, breakdown, barrage and the counter frame.
#[derive(Resource)]
struct MarkerImages {
    breakdown: Handle<Image>,
    hero: Handle<Image>,
    barrage: Handle<Image>,
    frame: Handle<Image>,
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
    commands.insert_resource(MarkerImages { breakdown, hero, barrage, frame });
}

/// The hex view's art for the atlas: faces by key, the markers on counters (the selected unit's
/// frame is a marker: a selected unit may also be spent) and the barrage marker.
fn piece_art(atlas: &CounterAtlas, m: &MarkerImages) -> PieceArt {
    let size = Vec2::splat(COUNTER * CELL as f32 / (CELL as f32 - 12.0));
    let sticker = |image: &Handle<Image>, size: Vec2, offset: Vec2, z: f32| Sticker { image: image.clone(), size, offset, z };
    PieceArt {
        image: atlas.image.clone(),
        faces: atlas.cells.iter().map(|((id, reduced), r)| (face_key(id, *reduced), *r)).collect(),
        far_faces: atlas.far_cells.iter().map(|((id, reduced), r)| (face_key(id, *reduced), *r)).collect(),
        size,
        frame: m.frame.clone(),
        active: colour(atlas.palette.active),
        markers: BTreeMap::from([
            ("selected".to_string(), sticker(&m.frame, size * 1.08, Vec2::ZERO, 0.04)),
            ("breakdown".to_string(), sticker(&m.breakdown, Vec2::splat(34.0), Vec2::new(-COUNTER * 0.42, COUNTER * 0.36), 0.1)),
            ("hero".to_string(), sticker(&m.hero, Vec2::splat(32.0), Vec2::new(COUNTER * 0.44, COUNTER * 0.36), 0.1)),
        ]),
        map_markers: HashMap::from([(
            "barrage".to_string(),
            sticker(&m.barrage, Vec2::splat(54.0), Vec2::new(HEX * 0.18, -HEX * 0.16), 8.0),
        )]),
    }
}

/// Rebuilds the counter atlas for a new scenario or a new palette.
fn refresh_atlas(
    mut commands: Commands,
    session: Option<Res<PlaySession>>,
    settings: Res<Settings>,
    atlas: Option<Res<CounterAtlas>>,
    markers: Option<Res<MarkerImages>>,
    mut images: ResMut<Assets<Image>>,
) {
    let (Some(session), Some(markers)) = (session, markers) else { return };
    let scenario = session.scenario();
    let key = (format!("{}#{}", scenario.path, scenario.spec.info.id), settings.colour_blind);
    if atlas.as_ref().is_some_and(|a| a.key == key) {
        return;
    }
    let palette = Palette::new(settings.colour_blind);
    let sit = session.situation();
    let (w, h, rgba, cells, far_cells) = build_atlas(&sit, &palette);
    let image = images.add(image_from_rgba(w, h, rgba));
    let atlas = CounterAtlas { image, cells, far_cells, key, size: UVec2::new(w, h), palette };
    commands.insert_resource(piece_art(&atlas, &markers));
    commands.insert_resource(atlas);
}

/// The board model of the game: every unit (on its hex, stacked with the active and the selected
/// unit on top), the barrages waiting to be fired (5), and the selected unit's hex.
fn model_of(session: &PlaySession, sit: &Situation, selected: Option<&str>) -> (Vec<Piece>, Vec<MapMarker>, Option<Place>) {
    let world = session.game.world();
    let active = world.get_resource::<Activations>().and_then(|a| a.current.as_ref()).and_then(|a| sit.get(a.unit));
    let active = active.map(|u| u.unit.id.to_string());
    let mut units: Vec<&UnitInfo> = sit.units.iter().collect();
    units.sort_by_key(|u| (Some(&*u.unit.id) == active.as_deref(), Some(&*u.unit.id) == selected, u.unit.order));
    let pieces = units
        .into_iter()
        .map(|u| {
            let id = u.unit.id.to_string();
            let is_active = active.as_deref() == Some(id.as_str());
            let markers = [(Some(id.as_str()) == selected && !is_active, "selected"), (u.breakdown, "breakdown"), (u.hero, "hero")];
            Piece {
                side: u.side().id().into(),
                place: match u.location {
                    Location::OnMap(h) => Some(Place::Cell(h)),
                    _ => None,
                },
                face: face_key(&id, u.reduced),
                label: u.unit.name.to_string(),
                markers: markers.iter().filter(|(on, _)| *on).map(|(_, m)| m.to_string()).collect(),
                // Activated units are turned round (2.1): the view dims and ticks them.
                state: if is_active {
                    PieceState::Active
                } else if u.record.activated {
                    PieceState::Spent
                } else {
                    PieceState::Ready
                },
                id,
            }
        })
        .collect();
    let barrages = barrages_placed(world);
    let markers = barrages.into_iter().map(|h| MapMarker { art: "barrage".into(), place: Place::Cell(h), text: String::new() }).collect();
    let selected_hex = selected.and_then(|id| sit.by_id(id)).and_then(|u| u.hex()).map(Place::Cell);
    (pieces, markers, selected_hex)
}

/// Fills the board model from the game and the selection, with the cues of a move just played.
fn present_pieces(
    session: Option<Res<PlaySession>>,
    selection: Res<Selection>,
    mut model: ResMut<BoardModel>,
    mut cues: ResMut<BoardCues>,
    mut seen: Local<Option<(u64, Option<String>)>>,
) {
    let Some(session) = session else { return };
    let key = (session.revision, selection.unit.clone());
    if seen.as_ref() == Some(&key) {
        return;
    }
    let played = seen.as_ref().is_some_and(|(r, _)| *r != session.revision) && session.last_change == Change::Played;
    *seen = Some(key);
    let sit = session.situation();
    let (pieces, markers, selected) = model_of(&session, &sit, selection.unit.as_deref());
    let targets = model.targets.clone();
    model.update(pieces, markers, targets, selected);
    if played {
        *cues = cues_of(&session);
    }
}

/// The cues of the last change: the hexes each unit went through (moves, infiltrations, withdrawals,
/// deployments, pull-backs) and the die results and what they did (fire and assault results,
/// losses, eliminations, breakdowns, rallies, barrages landing).
fn cues_of(session: &PlaySession) -> BoardCues {
    let board = &session.scenario().board;
    let cell = |l: &str| board.parse(l).ok().map(Place::Cell);
    let mut cues = BoardCues::default();
    for ev in events_from(&session.log, session.new_from, session.game.journal()) {
        let (unit, hexes): (&str, Vec<&str>) = match &ev.kind {
            EventKind::Moved { unit, path, .. } => (unit, path.iter().map(String::as_str).collect()),
            EventKind::Infiltrated { unit, to } | EventKind::Withdrew { unit, to } | EventKind::Deployed { unit, hex: to } => {
                (unit, vec![to.as_str()])
            }
            EventKind::PulledBack { unit, to } => (unit, to.iter().map(String::as_str).collect()),
            _ => {
                cues.floats.extend(float_of(&ev.kind, &cell));
                continue;
            }
        };
        cues.paths.entry(unit.to_string()).or_default().extend(hexes.into_iter().filter_map(cell));
    }
    cues
}

/// The result an event shows over the map, if any.
fn float_of(kind: &EventKind, cell: &dyn Fn(&str) -> Option<Place>) -> Option<Float> {
    let on = |unit: &str, text: String, colour: Color| Some(Float { at: FloatAt::Piece(unit.to_string()), text, colour });
    match kind {
        EventKind::Fired { target, roll, modifier, hit, .. } => {
            let m = if *modifier != 0 { format!(" {modifier:+}") } else { String::new() };
            let colour = if *hit { Color::srgb(1.0, 0.35, 0.25) } else { Color::srgb(0.9, 0.9, 0.9) };
            on(target, format!("{roll}{m}: {}", if *hit { "HIT" } else { "miss" }), colour)
        }
        EventKind::Assaulted { target, dice, losses, .. } => {
            let dice: Vec<String> = dice.iter().map(u32::to_string).collect();
            on(target, format!("assault {}: {losses} loss(es)", dice.join(" ")), Color::srgb(1.0, 0.7, 0.3))
        }
        EventKind::Eliminated { unit, .. } => on(unit, "ELIMINATED".into(), Color::srgb(1.0, 0.25, 0.2)),
        EventKind::Loss { unit, status } => on(unit, status.to_uppercase(), Color::srgb(1.0, 0.55, 0.3)),
        EventKind::BrokeDown { unit } => on(unit, "BREAKDOWN".into(), Color::srgb(1.0, 0.7, 0.2)),
        EventKind::BarrageLanded { hex, scattered, .. } => {
            let text = if *scattered { "scattered here" } else { "barrage on target" };
            Some(Float { at: FloatAt::Place(cell(hex)?), text: text.into(), colour: Color::srgb(1.0, 0.6, 0.2) })
        }
        EventKind::Rallied { unit, .. } | EventKind::Reorganised { unit } => on(unit, "RALLIED".into(), Color::srgb(0.6, 1.0, 0.6)),
        _ => None,
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .add_systems(Startup, load_markers)
        .add_systems(Update, (refresh_atlas, present_pieces).chain().in_set(Frame::Counters).before(DrawPieces).run_if(in_state(SCREEN)))
        .add_systems(OnExit(SCREEN), |mut commands: Commands, mut sel: ResMut<Selection>| {
            commands.remove_resource::<CounterAtlas>();
            sel.unit = None;
        });
}
