//! In the Trenches's pieces for the hex view: the counter atlas (each face once: side, sub-type,
//! letter and strength), the marker counters (engaged, spent, IN, dugout, wire, shock, hidden), the
//! map's markers (craters, scrapes, wire, close combat, impact, cross hairs), the board model filled
//! from the position as the viewer may see it (7.24, 13.2), and its events read as animations.

use std::collections::{BTreeMap, HashMap, HashSet};

use bevy::prelude::*;

use crate::rulesets::trenches::EventKind;
use crate::rulesets::trenches::state::{Fort, Pos, Where};
use crate::rulesets::trenches::units::{Level, Side};
use crate::ui::Frame;
use crate::ui::art::{self, Canvas, Rgba};
use crate::ui::board::hex::pieces::{BoardCues, COUNTER, DrawPieces, Float, FloatAt, PieceArt, Sticker};
use crate::ui::board::{BoardModel, MapMarker, Piece, PieceState, Place};
use crate::ui::geometry::HEX;
use crate::ui::map::image_from_rgba;
use crate::ui::session::Change;
use crate::ui::widgets::events_from;

use super::SCREEN;
use super::faces::{self, CELL, Face, MapIcon};
use super::session::{TrenchSession, visible};

const ATLAS_COLUMNS: u32 = 16;

/// The printed faces of the operation's units, in one image the panels share.
#[derive(Resource)]
pub struct CounterAtlas {
    pub image: Handle<Image>,
    /// Face key → cell in the image.
    pub cells: HashMap<String, Rect>,
    /// The same faces as drawn for planning zoom.
    pub far_cells: HashMap<String, Rect>,
    pub key: String,
    pub size: UVec2,
}

/// The unit the player has selected (its card, its orders), by id; the group of the force it moves
/// or fires with (its size, when a formation offers several).
#[derive(Resource, Default, Clone)]
pub struct Selection {
    pub unit: Option<String>,
}

/// The key of a unit's face: side, sub-type, letter and strength.
pub fn face_key(p: &Pos, u: usize) -> String {
    let s = p.spec(u);
    format!("{}/{}/{}/{}", s.side.id(), s.subtype, p.letter(u), if p.full(u) { "f" } else { "r" })
}

fn face_of(p: &Pos, u: usize, letter: char, reduced: bool) -> Face {
    let s = p.spec(u);
    Face::of(s.side, &s.subtype, letter, p.ty(u), reduced)
}

/// The letters a unit may carry: its own, and every letter its player could give it at set-up
/// (13.2: the letters in use, or the next free one, so never past one per identical unit).
fn letters_of(p: &Pos, u: usize) -> Vec<char> {
    let s = p.spec(u);
    let identical = p.sc.spec.units.iter().filter(|o| o.side == s.side && o.subtype == s.subtype).count();
    let mut v: Vec<char> = p.sc.spec.units.iter().filter(|o| o.side == s.side && o.subtype == s.subtype).map(|o| o.letter).collect();
    v.extend(('A'..='Z').take(identical + 1));
    v.sort_unstable();
    v.dedup();
    v
}

/// The faces of an atlas by key: printed, and for planning zoom.
type Cells = HashMap<String, Rect>;

/// Every face of the operation's units, once each, printed and for planning zoom, into one atlas
/// image.
fn build_atlas(p: &Pos) -> (u32, u32, Vec<u8>, Cells, Cells) {
    let Some(fonts) = art::Fonts::load() else { return (1, 1, vec![0; 4], HashMap::new(), HashMap::new()) };
    let mut faces: BTreeMap<String, Face> = BTreeMap::new();
    for u in 0..p.units.len() {
        let s = p.spec(u);
        for letter in letters_of(p, u) {
            for reduced in [false, true] {
                let key = format!("{}/{}/{}/{}", s.side.id(), s.subtype, letter, if reduced { "r" } else { "f" });
                faces.entry(key).or_insert_with(|| face_of(p, u, letter, reduced));
            }
        }
    }
    let rows = (2 * faces.len() as u32).div_ceil(ATLAS_COLUMNS).max(1);
    let (w, h) = (ATLAS_COLUMNS * CELL, rows * CELL);
    let mut canvas = Canvas::new(w, h);
    let (mut cells, mut far_cells) = (HashMap::new(), HashMap::new());
    let mut i = 0u32;
    for (key, face) in faces {
        for (drawn, into) in [(faces::draw(&face, &fonts), &mut cells), (faces::draw_far(&face, &fonts), &mut far_cells)] {
            let (x, y) = ((i % ATLAS_COLUMNS) * CELL, (i / ATLAS_COLUMNS) * CELL);
            canvas.blit(&drawn, x as i32, y as i32);
            into.insert(key.clone(), Rect::new(x as f32, y as f32, (x + CELL) as f32, (y + CELL) as f32));
            i += 1;
        }
    }
    (w, h, canvas.to_rgba(), cells, far_cells)
}

/// The markers' images, made once.
#[derive(Resource)]
struct MarkerImages {
    frame: Handle<Image>,
    piece: Vec<(&'static str, Handle<Image>, Vec2, Vec2)>,
    map: Vec<(&'static str, Handle<Image>, Vec2, Vec2)>,
}

fn load_markers(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let Some(fonts) = art::Fonts::load() else { return };
    let mut add = |c: Canvas| images.add(image_from_rgba(c.width(), c.height(), c.to_rgba()));
    let tag = |word: &str, bg: Rgba, ink: Rgba| faces::tag(&fonts, 64, 28, word, bg, ink);
    let (k, half) = (COUNTER / 2.0, Vec2::new(32.0, 14.0));
    let piece = vec![
        ("engaged", add(tag("ENG", [240, 200, 60, 255], [40, 30, 0, 255])), half, Vec2::new(k * 0.52, k * 0.9)),
        ("spent", add(tag("SPENT", [196, 40, 36, 255], [255, 245, 235, 255])), half, Vec2::new(k * 0.52, k * 0.9)),
        ("in", add(tag("IN", [120, 86, 52, 255], [255, 240, 210, 255])), half, Vec2::new(-k * 0.52, -k * 0.9)),
        ("dugout", add(tag("DUGOUT", [50, 44, 40, 255], [240, 230, 210, 255])), half, Vec2::new(-k * 0.52, -k * 0.9)),
        ("fort", add(tag("FORT", [70, 70, 76, 255], [240, 230, 210, 255])), half, Vec2::new(-k * 0.52, -k * 0.9)),
        ("wire", add(tag("WIRE", [90, 90, 96, 255], [255, 255, 255, 255])), half, Vec2::new(-k * 0.52, -k * 0.9)),
        ("shock", add(tag("SHOCK", [150, 20, 30, 255], [255, 230, 120, 255])), half, Vec2::new(-k * 0.52, k * 0.9)),
        ("hidden", add(tag("HIDDEN", [40, 60, 90, 255], [210, 230, 255, 255])), half, Vec2::new(k * 0.52, -k * 0.9)),
    ];
    let mm = |icon: MapIcon, word: &str, bg: Rgba, ink: Rgba| faces::map_marker(&fonts, 72, icon, word, bg, ink);
    let (s, big) = (Vec2::splat(30.0), Vec2::splat(HEX * 0.95));
    let map = vec![
        ("crater", add(mm(MapIcon::Crater, "CRATER", [150, 120, 84, 255], [40, 26, 14, 255])), s, Vec2::new(-HEX * 0.36, -HEX * 0.3)),
        ("scrape", add(mm(MapIcon::Scrape, "SCRAPE", [196, 170, 120, 255], [50, 34, 16, 255])), s, Vec2::new(HEX * 0.36, -HEX * 0.3)),
        ("wire", add(mm(MapIcon::Wire, "WIRE", [200, 200, 200, 255], [30, 30, 30, 255])), s, Vec2::new(-HEX * 0.36, HEX * 0.3)),
        ("melee", add(mm(MapIcon::Melee, "MELEE", [200, 60, 40, 255], [255, 240, 220, 255])), s, Vec2::new(0.0, HEX * 0.44)),
        ("impact", add(mm(MapIcon::Impact, "IMPACT", [250, 150, 40, 255], [60, 20, 0, 255])), s, Vec2::new(HEX * 0.36, HEX * 0.3)),
        ("crosshair", add(mm(MapIcon::CrossHair, "", [0, 0, 0, 0], [200, 30, 30, 255])), big, Vec2::ZERO),
        ("crosshair_ghost", add(mm(MapIcon::CrossHair, "", [0, 0, 0, 0], [60, 60, 60, 255])), big, Vec2::ZERO),
    ];
    let mut frame = Canvas::new(CELL, CELL);
    if let Some(p) = Canvas::rounded_rect(3.0, 3.0, CELL as f32 - 6.0, CELL as f32 - 6.0, 12.0) {
        frame.stroke(&p, [255, 255, 255, 255], 6.0);
    }
    let frame = add(frame);
    commands.insert_resource(MarkerImages { frame, piece, map });
}

fn piece_art(atlas: &CounterAtlas, m: &MarkerImages) -> PieceArt {
    let size = Vec2::splat(COUNTER * CELL as f32 / (CELL as f32 - 12.0));
    let sticker = |image: &Handle<Image>, size: Vec2, offset: Vec2, z: f32| Sticker { image: image.clone(), size, offset, z };
    let mut markers = BTreeMap::new();
    markers.insert("selected".to_string(), sticker(&m.frame, size * 1.08, Vec2::ZERO, 0.04));
    for (id, img, s, off) in &m.piece {
        markers.insert(id.to_string(), sticker(img, *s, *off, 0.1));
    }
    PieceArt {
        image: atlas.image.clone(),
        faces: atlas.cells.clone(),
        far_faces: atlas.far_cells.clone(),
        size,
        frame: m.frame.clone(),
        active: Color::srgb(1.0, 0.82, 0.2),
        markers,
        // Above the counters (a marker under a stack would be lost), at the hex's corners.
        map_markers: m
            .map
            .iter()
            .map(|(id, img, s, off)| {
                (id.to_string(), sticker(img, *s, *off, if *id == "crosshair" || *id == "crosshair_ghost" { 1.0 } else { 7.0 }))
            })
            .collect(),
    }
}

/// Rebuilds the atlas for a new operation.
fn refresh_atlas(
    mut commands: Commands,
    session: Option<Res<TrenchSession>>,
    atlas: Option<Res<CounterAtlas>>,
    markers: Option<Res<MarkerImages>>,
    mut images: ResMut<Assets<Image>>,
) {
    let (Some(session), Some(markers)) = (session, markers) else { return };
    let scenario = session.scenario();
    let key = format!("{}#{}", scenario.path, scenario.spec.info.id);
    if atlas.as_ref().is_some_and(|a| a.key == key) {
        return;
    }
    let (w, h, rgba, cells, far_cells) = build_atlas(&session.pos());
    let image = images.add(image_from_rgba(w, h, rgba));
    let atlas = CounterAtlas { image, cells, far_cells, key, size: UVec2::new(w, h) };
    commands.insert_resource(piece_art(&atlas, &markers));
    commands.insert_resource(atlas);
}

/// The markers on a unit's counter.
pub fn unit_markers(p: &Pos, u: usize) -> Vec<&'static str> {
    let st = &p.units[u];
    let mut m = Vec::new();
    match st.level {
        Level::Engaged => m.push("engaged"),
        Level::Spent => m.push("spent"),
        Level::Free => {}
    }
    match st.fort {
        Fort::In => m.push("in"),
        Fort::Dugout => m.push("dugout"),
        Fort::Fortress => m.push("fort"),
        Fort::OnWire => m.push("wire"),
        Fort::Out => {}
    }
    if st.shock {
        m.push("shock");
    }
    if st.hidden {
        m.push("hidden");
    }
    m
}

/// The board model: every unit the viewer may see on its hex (the active force and the selected
/// unit on top), the markers of the map, and the selected unit's hex.
fn model_of(session: &TrenchSession, p: &Pos, selected: Option<&str>) -> (Vec<Piece>, Vec<MapMarker>, Option<Place>) {
    let viewer = session.viewer();
    let active: Vec<usize> = p.r.act.as_ref().map(|a| a.units.clone()).unwrap_or_default();
    let mut order: Vec<usize> = (0..p.units.len()).collect();
    order.sort_by_key(|&u| (active.contains(&u), Some(p.id(u)) == selected, u));
    let pieces = order
        .into_iter()
        .map(|u| {
            let id = p.id(u).to_string();
            let shown = visible(p, viewer, u);
            let mut markers: Vec<String> = unit_markers(p, u).into_iter().map(str::to_string).collect();
            let is_active = active.contains(&u);
            if Some(id.as_str()) == selected && !is_active {
                markers.push("selected".into());
            }
            Piece {
                side: p.side(u).id().into(),
                place: match p.units[u].at {
                    Where::Hex(h) if shown => Some(Place::Cell(h)),
                    _ => None,
                },
                face: face_key(p, u),
                label: format!("{} {} ({id})", p.spec(u).subtype, p.letter(u)),
                markers,
                state: if is_active { PieceState::Active } else { PieceState::Ready },
                id,
            }
        })
        .collect();
    let mut markers = Vec::new();
    let mut mark =
        |art: &str, h: hexx::Hex, text: &str| markers.push(MapMarker { art: art.into(), place: Place::Cell(h), text: text.into() });
    for h in p.r.craters.iter() {
        mark("crater", h, "");
    }
    for h in p.r.scrapes.iter() {
        mark("scrape", h, "");
    }
    for h in p.r.wire.iter() {
        mark("wire", h, "");
    }
    for h in p.r.melee.iter() {
        mark("melee", h, "");
    }
    for i in &p.r.impacts {
        mark("impact", i.hex, "");
    }
    for c in &p.r.crosshairs {
        let own = viewer.is_none_or(|v| v == c.side);
        let fired = c.hexes.iter().all(|h| *h == c.hexes[0]);
        for (k, h) in c.hexes.iter().enumerate() {
            if fired && k > 0 {
                break;
            }
            let (art, text) = match (own, fired, k == c.real) {
                (_, true, _) => ("crosshair", "registered"),
                (true, false, true) => ("crosshair", "real"),
                (true, false, false) => ("crosshair_ghost", "dummy"),
                (false, false, _) => ("crosshair", "?"),
            };
            mark(art, *h, text);
        }
    }
    let selected_hex = selected.and_then(|id| p.find(id)).filter(|&u| visible(p, viewer, u)).and_then(|u| p.hex(u)).map(Place::Cell);
    (pieces, markers, selected_hex)
}

/// What the board model was last filled for: the game's revision, the selection, the viewer.
type ModelKey = (u64, Option<String>, Option<Side>);

/// Fills the board model from the game and the selection, with the cues of a move just played.
fn present_pieces(
    session: Option<Res<TrenchSession>>,
    selection: Res<Selection>,
    hand_over: Res<crate::ui::screens::HandOver>,
    mut model: ResMut<BoardModel>,
    mut cues: ResMut<BoardCues>,
    mut seen: Local<Option<ModelKey>>,
) {
    let Some(session) = session else { return };
    let viewer = if hand_over.showing { hand_over.to.as_deref().and_then(Side::from_id) } else { session.viewer() };
    let key = (session.revision, selection.unit.clone(), viewer);
    if seen.as_ref() == Some(&key) {
        return;
    }
    let played = seen.as_ref().is_some_and(|(r, _, v)| *r != session.revision && *v == viewer) && session.last_change == Change::Played;
    *seen = Some(key);
    let p = session.pos();
    let was_shown: HashSet<String> = model.pieces.iter().filter(|x| x.place.is_some()).map(|x| x.id.clone()).collect();
    let (pieces, markers, selected) = model_of(&session, &p, selection.unit.as_deref());
    let now_shown: HashSet<String> = pieces.iter().filter(|x| x.place.is_some()).map(|x| x.id.clone()).collect();
    let targets = model.targets.clone();
    model.update(pieces, markers, targets, selected);
    if played {
        *cues = cues_of(&session, &p, |id| was_shown.contains(id) || now_shown.contains(id));
    }
}

/// The results the last command's events show over the map, for the units the viewer sees.
fn cues_of(session: &TrenchSession, p: &Pos, shown: impl Fn(&str) -> bool) -> BoardCues {
    let cell = |l: &str| p.parse_hex(l).map(Place::Cell);
    let mut cues = BoardCues::default();
    let on = |unit: &str, text: String, colour: Color| Float { at: FloatAt::Piece(unit.to_string()), text, colour };
    for ev in events_from(&session.log, session.new_from, session.game.journal()) {
        let float = match &ev.kind {
            EventKind::Casualties { unit, roll, modified, resolve, result } if !unit.is_empty() => {
                let colour = match result.as_str() {
                    "no effect" => Color::srgb(0.9, 0.9, 0.9),
                    "commitment escalates" => Color::srgb(1.0, 0.85, 0.3),
                    _ => Color::srgb(1.0, 0.35, 0.25),
                };
                Some(on(unit, format!("{roll}→{modified} vs {resolve}: {result}"), colour))
            }
            EventKind::StepLost { unit, eliminated } => {
                Some(on(unit, if *eliminated { "ELIMINATED".into() } else { "STEP LOST".into() }, Color::srgb(1.0, 0.3, 0.2)))
            }
            EventKind::Retreated { unit, .. } => Some(on(unit, "RETREATS".into(), Color::srgb(1.0, 0.6, 0.3))),
            EventKind::Revealed { unit } => Some(on(unit, "REVEALED".into(), Color::srgb(0.7, 0.85, 1.0))),
            EventKind::Dug { unit } => Some(on(unit, "DIGGING".into(), Color::srgb(0.9, 0.8, 0.6))),
            EventKind::CloseCombat { hex, attacker_losses, defender_losses, roll, modifier, .. } => cell(hex).map(|at| Float {
                at: FloatAt::Place(at),
                text: format!("close combat {roll}{modifier:+}: attacker −{attacker_losses}, defender −{defender_losses}"),
                colour: Color::srgb(1.0, 0.55, 0.3),
            }),
            EventKind::Bombarded { hex, roll } => cell(hex).map(|at| Float {
                at: FloatAt::Place(at),
                text: format!("bombardment {roll}"),
                colour: Color::srgb(1.0, 0.6, 0.2),
            }),
            _ => None,
        };
        match float {
            Some(Float { at: FloatAt::Piece(ref id), .. }) if !shown(id) => {}
            Some(f) => cues.floats.push(f),
            None => {}
        }
        if let EventKind::Impact { hexes, .. } = &ev.kind {
            for h in hexes.iter().filter_map(|h| cell(h)) {
                cues.floats.push(Float { at: FloatAt::Place(h), text: "IMPACT".into(), colour: Color::srgb(1.0, 0.6, 0.2) });
            }
        }
    }
    cues
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
