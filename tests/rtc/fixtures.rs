//! Test scenarios on the reconstructed Cambrai map, with only the units a test needs, so each rule
//! can be set up exactly.

use std::path::Path;
use std::sync::Arc;

use salient::engine::game::{Game, Origin};
use salient::engine::loader::{FileSet, Loader};
use salient::engine::{Ruleset, Session};
use salient::rulesets::rtc::map::Ctx;
use salient::rulesets::rtc::units::{self, Counter, Place, U, Unit};
use salient::rulesets::rtc::{Command, Rtc};

pub const MAP: &str = include_str!("../../scenarios/rtc/maps/cambrai.ron");

/// The scenario around `units`, with conditional reinforcements (RON list items).
pub fn scenario_text_with(units: &str, conditional: &str) -> String {
    let turns: String = (1..=15)
        .map(|t| {
            let f = if t < 4 {
                "None".to_string()
            } else if t == 4 {
                "Some(0)".to_string()
            } else {
                format!("Some({})", t - 3)
            };
            format!("(turn: {t}, date: \"day {t}\", british_ammo: (1, 3), german_ammo: (1, 3), fatigue_entered_by: {f}),")
        })
        .collect();
    format!(
        r#"Scenario(
    format: 1, ruleset: "rtc",
    info: (id: "test", name: "Test", date: "1917", sides: [(id: "british", name: "British"), (id: "german", name: "German")]),
    map: "map.ron",
    turns: [{turns}],
    british_entry: [22, 58], german_entry: [32, 56, 57, 98],
    german_entry_conditions: [(area: 56, any_of: [[31, 32, 43], [31, 32, 57], [64, 74, 90, 98]])],
    tank_return: (areas: [23, 35], per_turn: {{2: 1, 3: 1, 4: 1}}),
    immediate_victory: (areas: [32, 57], cavalry: 3),
    conditional: [{conditional}],
    units: [{units}],
)"#
    )
}

/// British infantry 3-4-4 (spent 2) of a division, in an area.
pub fn inf(id: &str, side: &str, div: &str, area: u32) -> String {
    format!(
        r#"(id: "{id}", name: "{id}", side: {side}, kind: Infantry, division: "{div}", attack: 3, defence: 4, spent_defence: 2, movement: 4, area: Some({area})),"#
    )
}

pub fn tank(id: &str, area: u32) -> String {
    format!(
        r#"(id: "{id}", name: "{id}", side: british, kind: Tank, attack: 6, defence: 3, spent_defence: 2, movement: 6, area: Some({area})),"#
    )
}

pub fn cav(id: &str, area: u32) -> String {
    format!(
        r#"(id: "{id}", name: "{id}", side: british, kind: Cavalry, division: "1 Cav", attack: 2, defence: 2, spent_defence: 1, movement: 8, area: Some({area})),"#
    )
}

pub fn stoss(id: &str, area: u32) -> String {
    format!(
        r#"(id: "{id}", name: "{id}", side: german, kind: Stosstruppen, attack: 5, defence: 3, spent_defence: 1, movement: 6, area: Some({area})),"#
    )
}

pub fn gun(id: &str, side: &str, div: &str, strength: i32, range: u32, area: u32) -> String {
    format!(
        r#"(id: "{id}", name: "{id}", side: {side}, kind: Artillery, division: "{div}", defence: 2, spent_defence: 1, movement: 3, strength: {strength}, range: {range}, area: Some({area})),"#
    )
}

pub fn arriving(id: &str, side: &str, div: &str, turn: u32) -> String {
    format!(
        r#"(id: "{id}", name: "{id}", side: {side}, kind: Infantry, division: "{div}", attack: 3, defence: 4, spent_defence: 2, movement: 4, turn: Some({turn})),"#
    )
}

pub fn load_with(units: &str, conditional: &str) -> <Rtc as Ruleset>::Scenario {
    let mut files = FileSet::new();
    files.insert("test/map.ron".into(), MAP.into());
    files.insert("test/scenario.ron".into(), scenario_text_with(units, conditional));
    let mut loader = Loader::from_embedded(files);
    let file = loader.load(Path::new("test/scenario.ron")).expect("scenario text");
    match Rtc::load_scenario(&file, &mut loader) {
        Ok(s) => s,
        Err(ds) => panic!("test scenario does not load: {}", ds.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")),
    }
}

/// A game of the test scenario, seed 1, with dice forced from the start.
pub fn game_with_dice(units: &str, dice: &[u32]) -> Game<Rtc> {
    game_full(units, "", dice)
}

/// A game with conditional reinforcements and forced dice.
pub fn game_full(units: &str, conditional: &str, dice: &[u32]) -> Game<Rtc> {
    let scenario = load_with(units, conditional);
    let mut files = FileSet::new();
    files.insert("test/map.ron".into(), MAP.into());
    files.insert("test/scenario.ron".into(), scenario_text_with(units, conditional));
    let forced =
        if dice.is_empty() { Vec::new() } else { vec![salient::engine::game::ForcedDice { after_commands: 0, values: dice.to_vec() }] };
    Game::start(Origin { scenario: Arc::new(scenario), scenario_path: "test/scenario.ron".into(), files, seed: 1, forced })
}

/// A game whose scenario (and its tables) `tune` changes first: a reading switched in data.
pub fn game_tuned(units: &str, dice: &[u32], tune: impl FnOnce(&mut <Rtc as Ruleset>::Scenario)) -> Game<Rtc> {
    let mut scenario = load_with(units, "");
    tune(&mut scenario);
    let mut files = FileSet::new();
    files.insert("test/map.ron".into(), MAP.into());
    files.insert("test/scenario.ron".into(), scenario_text_with(units, ""));
    let forced =
        if dice.is_empty() { Vec::new() } else { vec![salient::engine::game::ForcedDice { after_commands: 0, values: dice.to_vec() }] };
    Game::start(Origin { scenario: Arc::new(scenario), scenario_path: "test/scenario.ron".into(), files, seed: 1, forced })
}

pub fn game(units: &str) -> Game<Rtc> {
    game_with_dice(units, &[])
}

/// The real campaign scenario.
pub fn cambrai(seed: u64) -> Game<Rtc> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rtc/cambrai.ron");
    Game::<Rtc>::open(&path, seed, Vec::new()).unwrap_or_else(|d| panic!("{d:?}"))
}

pub fn ok(g: &mut Game<Rtc>, c: Command) {
    if let Err(r) = g.submit(c.clone()) {
        panic!("{c:?} refused: {r}\npending: {:?}\nlegal: {:?}", g.pending(), g.legal());
    }
    let broken = g.invariants();
    assert!(broken.is_empty(), "after {c:?}: {broken:?}");
}

pub fn refused(g: &mut Game<Rtc>, c: Command) -> String {
    match g.submit(c.clone()) {
        Ok(()) => panic!("{c:?} was accepted"),
        Err(r) => r.to_string(),
    }
}

pub fn ctx(g: &Game<Rtc>) -> Ctx {
    Ctx::capture(g.world())
}

pub fn unit(g: &Game<Rtc>, id: &str) -> U {
    ctx(g).find(id).cloned().unwrap_or_else(|| panic!("no unit {id}"))
}

pub fn place(g: &Game<Rtc>, id: &str) -> Place {
    unit(g, id).c.place
}

/// Changes a unit's state directly (setting up a position).
pub fn set(g: &mut Game<Rtc>, id: &str, f: impl FnOnce(&mut Counter)) {
    let e = unit(g, id).entity;
    let w = g.world_mut();
    units::update(w, e, f);
    let _ = w.get::<Unit>(e);
}

pub fn phase(g: &Game<Rtc>) -> String {
    Session::view(g).phase
}

pub fn pending_side(g: &Game<Rtc>) -> String {
    g.pending().map(|p| p.side).unwrap_or_default()
}
