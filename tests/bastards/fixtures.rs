//! A small test map and scenario, built in memory, so each rule can be set up exactly.

use std::path::Path;
use std::sync::Arc;

use bevy::prelude::*;
use salient::engine::game::{Game, Origin};
use salient::engine::loader::{FileSet, Loader};
use salient::engine::{Ruleset, Session};
use salient::rulesets::bastards::units::{Location, Reduced, Unit};
use salient::rulesets::bastards::{Bastards, Command};

/// A 12 x 10 pointy-top map: clear, with a wood at C04-D05, a village at D09-D10 ("Town"), German
/// trenches at E09-F09 and in the wood at D05, Allied trenches at E04-F04, a road along row G from G01
/// to G07 through a wood hex (G05) and a German trench (G06).
pub const MAP: &str = r#"HexMap(
    format: 1, ruleset: "bastards", name: "test", columns: 12, rows: 10, hex_metres: 200,
    legend: {'.': "clear", 'f': "forest", 'v': "village"},
    terrain: [
        "............",
        "............",
        "...ff.......",
        "...ff...vv..",
        "............",
        "............",
        "....f.......",
        "............",
        "............",
        "............",
    ],
    places: [
        (name: "Town", hexes: ["D09", "D10"]),
        (name: "Wood", hexes: ["C04", "C05", "D04", "D05"]),
        (name: "North", hexes: ["A06"]),
        (name: "South", hexes: ["J06"]),
    ],
    hex_features: [
        (kind: "trench", owner: Some("german"), hexes: ["E09", "F09", "D05", "G06"]),
        (kind: "trench", owner: Some("allied"), hexes: ["E04", "F04"]),
    ],
    hexside_features: [(kind: "road", path: ["G01", "G02", "G03", "G04", "G05", "G06", "G07"])],
    edges: [(side: "allied", edge: West), (side: "german", edge: East)],
)"#;

/// The scenario around `units` (RON list items) and `extra` fields.
pub fn scenario_text(units: &str, extra: &str) -> String {
    format!(
        r#"Scenario(
    format: 1, ruleset: "bastards",
    info: (id: "test", name: "Test", date: "24 April 1918",
           sides: [(id: "allied", name: "Allied"), (id: "german", name: "German")]),
    map: "map.ron",
    turns: [
        (turn: 1, label: "06:00", day: 1, german_artillery: 0, allied_artillery: 0),
        (turn: 2, label: "08:30", day: 1, german_artillery: 0, allied_artillery: 0),
        (turn: 3, label: "11:00", day: 1, german_artillery: 0, allied_artillery: 0),
        (turn: 4, label: "13:30", day: 1, german_artillery: 0, allied_artillery: 0),
        (turn: 5, label: "Nightfall", day: 1, german_artillery: 0, allied_artillery: 0, nightfall: true, night: true),
        (turn: 6, label: "06:00", day: 2, german_artillery: 0, allied_artillery: 0),
        (turn: 7, label: "Nightfall", day: 2, german_artillery: 0, allied_artillery: 0, nightfall: true, night: true),
    ],
    intensity: 0, confusion: 20,
    activation_markers: [
        (kind: Battalions(1), side: Some(allied), count: 2), (kind: Battalions(3), side: Some(allied), count: 1),
        (kind: Battalions(1), side: Some(german), count: 2), (kind: Battalions(3), side: Some(german), count: 1),
        (kind: Tanks, side: Some(allied), count: 1), (kind: Tanks, side: Some(german), count: 1),
        (kind: Hero, side: Some(allied), count: 1), (kind: Hero, side: Some(german), count: 1),
        (kind: Artillery, side: Some(allied), count: 1), (kind: Artillery, side: Some(german), count: 1),
        (kind: Rout, side: Some(allied), count: 1), (kind: Rout, side: Some(german), count: 1),
        (kind: Mechanic, side: Some(allied), count: 1), (kind: Mechanic, side: Some(german), count: 1),
        (kind: Reinforcements, side: Some(allied), count: 1), (kind: Reinforcements, side: Some(german), count: 1),
        (kind: Pause, count: 1), (kind: EndOfTurn, count: 1),
    ],
    units: [{units}],
    victory: Points((captured_tank: 2, first_tank_kill: 4, first_tank_kill_whippet: 2, later_tank_kill: 1,
        each_turn: [(side: german, place: "Town", award: Sole(2))],
        end_of_game: [(side: german, place: "Town", award: SoleOrPerHex(15, 1)), (side: allied, place: "german trenches", award: PerHex(1))])),
    {extra}
)"#
    )
}

/// A unit line: `bn("a1", allied, 3, "E03")`.
pub fn bn(id: &str, side: &str, medals: u32, hex: &str) -> String {
    format!(r#"(id: "{id}", name: "{id}", side: {side}, kind: Battalion, medals: {medals}, hex: Some("{hex}")),"#)
}

pub fn tank(id: &str, kind: &str, medals: u32, hex: &str) -> String {
    let side = if kind == "A7V" { "german" } else { "allied" };
    format!(r#"(id: "{id}", name: "{id}", side: {side}, kind: {kind}, medals: {medals}, hex: Some("{hex}")),"#)
}

/// Loads a scenario from texts held in memory.
pub fn load(units: &str, extra: &str) -> <Bastards as Ruleset>::Scenario {
    let mut files = FileSet::new();
    files.insert("test/map.ron".into(), MAP.into());
    files.insert("test/scenario.ron".into(), scenario_text(units, extra));
    let mut loader = Loader::from_embedded(files.clone());
    let file = loader.load(Path::new("test/scenario.ron")).expect("scenario text");
    match Bastards::load_scenario(&file, &mut loader) {
        Ok(s) => s,
        Err(ds) => panic!("test scenario does not load: {}", ds.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")),
    }
}

/// A game of the test scenario with the given units, seed 1.
pub fn game(units: &str, extra: &str) -> Game<Bastards> {
    game_with(units, extra, |_| {})
}

/// A game of the test scenario whose loaded scenario (and tables) `edit` changes first.
pub fn game_with(units: &str, extra: &str, edit: impl FnOnce(&mut <Bastards as Ruleset>::Scenario)) -> Game<Bastards> {
    let mut scenario = load(units, extra);
    edit(&mut scenario);
    let mut files = FileSet::new();
    files.insert("test/map.ron".into(), MAP.into());
    files.insert("test/scenario.ron".into(), scenario_text(units, extra));
    Game::start(Origin { scenario: Arc::new(scenario), scenario_path: "test/scenario.ron".into(), files, seed: 1, forced: Vec::new() })
}

/// Submits a command, panicking with the refusal if it is refused.
pub fn ok(g: &mut Game<Bastards>, c: Command) {
    if let Err(r) = g.submit(c.clone()) {
        panic!("{c:?} refused: {r}\npending: {:?}\nlegal: {:?}", g.pending(), g.legal());
    }
}

pub fn entity(g: &mut Game<Bastards>, id: &str) -> Entity {
    let w = g.world_mut();
    let mut q = w.query::<(Entity, &Unit)>();
    q.iter(w).find(|(_, u)| &*u.id == id).map(|(e, _)| e).expect("unit exists")
}

pub fn hex_of(g: &mut Game<Bastards>, id: &str) -> Option<String> {
    let e = entity(g, id);
    let board = g.scenario().board.clone();
    match g.world().get::<Location>(e) {
        Some(Location::OnMap(h)) => Some(board.label(*h)),
        _ => None,
    }
}

pub fn location(g: &mut Game<Bastards>, id: &str) -> Location {
    let e = entity(g, id);
    *g.world().get::<Location>(e).unwrap()
}

pub fn reduced(g: &mut Game<Bastards>, id: &str) -> bool {
    let e = entity(g, id);
    g.world().get::<Reduced>(e).is_some()
}

/// Plays `Done` until the pending decision is the given side's classic activation phase.
pub fn skip_to_activation(g: &mut Game<Bastards>, side: &str) {
    for _ in 0..50 {
        match g.pending() {
            Some(p) if p.side == side && p.prompt.contains("activation phase") => return,
            Some(_) => {
                let legal = g.legal().to_vec();
                let c = if legal.contains(&Command::Done) {
                    Command::Done
                } else if legal.contains(&Command::FireBarrages) {
                    Command::FireBarrages
                } else {
                    legal[0].clone()
                };
                ok(g, c);
            }
            None => panic!("game over before {side}'s activation"),
        }
    }
    panic!("never reached {side}'s activation phase: {:?}", g.pending());
}

/// Checks every invariant.
pub fn assert_invariants(g: &Game<Bastards>) {
    let broken = g.invariants();
    assert!(broken.is_empty(), "invariants broken: {broken:?}\nview: {:?}", Session::view(g).phase);
}

/// A game of a full scenario text (with the test map).
pub fn game_from(text: &str) -> Game<Bastards> {
    let mut files = FileSet::new();
    files.insert("test/map.ron".into(), MAP.into());
    files.insert("test/scenario.ron".into(), text.to_string());
    let mut loader = Loader::from_embedded(files.clone());
    let file = loader.load(Path::new("test/scenario.ron")).expect("scenario text");
    let scenario = match Bastards::load_scenario(&file, &mut loader) {
        Ok(s) => s,
        Err(ds) => panic!("test scenario does not load: {}", ds.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")),
    };
    Game::start(Origin { scenario: Arc::new(scenario), scenario_path: "test/scenario.ron".into(), files, seed: 1, forced: Vec::new() })
}

/// Plays `Done` (or fires barrages) until `pred` holds for the pending decision.
pub fn until(g: &mut Game<Bastards>, what: &str, pred: impl Fn(&salient::engine::Pending) -> bool) {
    for _ in 0..200 {
        match g.pending() {
            Some(p) if pred(&p) => return,
            Some(_) => {
                let legal = g.legal().to_vec();
                let c = if legal.contains(&Command::Done) {
                    Command::Done
                } else if legal.contains(&Command::FireBarrages) {
                    Command::FireBarrages
                } else if legal.contains(&Command::EndActivation) {
                    Command::EndActivation
                } else {
                    legal[0].clone()
                };
                ok(g, c);
            }
            None => panic!("game over before {what}"),
        }
    }
    panic!("never reached {what}: {:?}", g.pending());
}
