//! The tabletop board view on a sample table, with no ruleset behind it: fourteen stands of two
//! sides in line and column, one selected with its kill zone and range bands, a fire target and a
//! move ghost, and a ruler pinned across the wood (hold R and point to measure yourself).
//!
//! `cargo run --example tabletop_view [TABLE.ron]` (default `tests/data/tabletop/sample-table.ron`).

use std::f32::consts::{FRAC_PI_2, PI};
use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use salient::engine::board::Tabletop;
use salient::engine::source::SourceFile;
use salient::ui::Screen;
use salient::ui::art::nato::Symbol;
use salient::ui::board::table::{self, FireZone, RangeBand, Ruler, TableMap, TableOverlay, TableSide, UnitTag, ZoneShape};
use salient::ui::board::{BoardModel, MapMarker, Piece, PieceState, Place, Target, TargetKind, TargetNote, Tone};
use salient::ui::camera::MapViewport;

/// A stand 30 yards wide and 20 deep (3 by 2 inches at one inch to ten yards).
const BASIC: Vec2 = Vec2::new(30.0, 20.0);

fn stand(id: &str, side: &str, label: &str, at: (f32, f32), facing: f32, size: Vec2, state: PieceState) -> Piece {
    Piece {
        id: id.into(),
        side: side.into(),
        place: Some(Place::Table { at: Vec2::new(at.0, at.1), facing, size }),
        face: "stand".into(),
        label: label.into(),
        markers: vec![],
        state,
    }
}

/// Two forces: a British line of four with a gun on the hill and a column of lancers; a Martian line
/// of four at the pumping station, a war machine in the broken ground and skirmishers by the wood.
fn pieces() -> Vec<Piece> {
    let n = FRAC_PI_2;
    let s = -FRAC_PI_2;
    let mut out = Vec::new();
    for (i, label) in ["A Coy", "B Coy", "C Coy", "D Coy"].iter().enumerate() {
        let state = if i == 2 { PieceState::Selected } else { PieceState::Ready };
        out.push(stand(&format!("rifles-{i}"), "british", label, (245.0 + 30.0 * i as f32, 90.0), n, BASIC, state));
    }
    out.push(stand("gun", "british", "RHA", (470.0, 150.0), n + 0.35, BASIC, PieceState::Ready));
    for (i, label) in ["1 Tp", "2 Tp", "3 Tp"].iter().enumerate() {
        let state = if i == 2 { PieceState::Spent } else { PieceState::Ready };
        out.push(stand(&format!("lancers-{i}"), "british", label, (80.0, 190.0 - 25.0 * i as f32), n, BASIC, state));
    }
    for (i, label) in ["I", "II", "III", "IV"].iter().enumerate() {
        out.push(stand(&format!("martians-{i}"), "martian", label, (215.0 + 30.0 * i as f32, 322.0), s, BASIC, PieceState::Ready));
    }
    let mut tripod = stand("tripod", "martian", "Tripod", (505.0, 335.0), s - 0.6, BASIC, PieceState::Ready);
    tripod.markers.push("disrupted".into());
    out.push(tripod);
    out.push(stand("skirmish", "martian", "Skirm", (95.0, 300.0), s + 0.4, Vec2::new(30.0, 12.0), PieceState::Ready));
    out
}

fn setup(mut commands: Commands, mut viewport: ResMut<MapViewport>) {
    let path = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/tabletop/sample-table.ron"));
    let table = match SourceFile::read(&path).map_err(|d| vec![d]).and_then(|f| Tabletop::read(&f)) {
        Ok(t) => t,
        Err(problems) => {
            for p in problems {
                eprintln!("{p}");
            }
            std::process::exit(1);
        }
    };
    let mut map = TableMap::new(path.display().to_string(), table);
    map.sides = vec![
        TableSide { id: "british".into(), colour: Color::srgb(0.72, 0.12, 0.10), trim: Color::srgb(1.0, 0.95, 0.85) },
        TableSide { id: "martian".into(), colour: Color::srgb(0.18, 0.42, 0.30), trim: Color::srgb(0.80, 1.0, 0.70) },
    ];
    commands.insert_resource(map);
    let pieces = pieces();
    let selected = pieces.iter().find(|p| p.state == PieceState::Selected).and_then(|p| p.place);
    let place_of = |id: &str| pieces.iter().find(|p| p.id == id).and_then(|p| p.place).expect("a demo stand");
    let targets = vec![
        Target {
            place: place_of("martians-3"),
            kind: TargetKind::Fire,
            note: TargetNote::Open { cost: None, odds: Some(0.2) },
            badge: Some("222 yds · 1:3".into()),
            tone: Tone::Normal,
        },
        Target {
            place: Place::Table { at: Vec2::new(305.0, 150.0), facing: FRAC_PI_2, size: BASIC },
            kind: TargetKind::Move,
            note: TargetNote::Open { cost: Some("60 yds".into()), odds: None },
            badge: Some("field 60".into()),
            tone: Tone::Normal,
        },
    ];
    let markers = vec![MapMarker {
        art: "smoke".into(),
        place: Place::Table { at: Vec2::new(420.0, 60.0), facing: 0.0, size: Vec2::ZERO },
        text: "Smoke".into(),
    }];
    let mut model = BoardModel::default();
    model.update(pieces.clone(), markers, targets, selected);
    commands.insert_resource(model);
    let bands = |r: &[(f32, &str)]| r.iter().map(|(to, label)| RangeBand { to: *to, label: (*label).into() }).collect();
    let zones = vec![
        FireZone {
            from: selected.expect("a selected stand"),
            shape: ZoneShape::Corridor,
            bands: bands(&[(100.0, "close"), (200.0, "effective"), (300.0, "long")]),
            kind: TargetKind::Fire,
        },
        FireZone {
            from: place_of("gun"),
            shape: ZoneShape::Arc { half_angle: PI / 10.0 },
            bands: bands(&[(150.0, "canister")]),
            kind: TargetKind::Assault,
        },
    ];
    // Each stand's tag at planning zoom (the demo's stands are units of one stand).
    let tags = pieces
        .iter()
        .map(|p| UnitTag {
            stands: vec![p.id.clone()],
            side: p.side.clone(),
            symbol: Some(if p.id.starts_with("gun") { Symbol::Artillery } else { Symbol::Infantry }),
            figure: "4".into(),
            name: p.label.clone(),
            flags: Vec::new(),
        })
        .collect();
    commands.insert_resource(TableOverlay { zones, tags });
    commands.insert_resource(Ruler { from: Some(Vec2::new(245.0, 100.0)), to: Some(Vec2::new(215.0, 312.0)), pinned: true });
    viewport.free = Some(Rect::new(0.0, 0.0, 1600.0, 900.0));
}

fn main() {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Salient — tabletop view".into(), resolution: WindowResolution::new(1600, 900), ..default()
        }),
        ..default()
    }))
    .insert_resource(ClearColor(Color::srgb(0.16, 0.15, 0.13)))
    .insert_state(Screen::Game)
    .add_plugins((salient::ui::camera::plugin, salient::ui::map::plugin))
    .add_systems(Startup, setup);
    table::add_to(&mut app);
    app.run();
}
