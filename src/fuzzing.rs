//! Harnesses for the fuzz targets (`fuzz/`, run with `cargo +nightly fuzz run <target>`) and for the
//! regression test that replays every crash input ever found (`tests/data/fuzz/`). Each takes
//! arbitrary bytes and must never panic, except on a broken rule of the engine contract (an illegal
//! command accepted, a refused command that changed the state, a broken invariant), which is a bug.

use std::path::Path;
use std::sync::OnceLock;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use crate::engine::game::{Game, Origin};
use crate::engine::loader::{FileSet, Loader};
use crate::engine::scenario::{FileKind, file_kind, header};
use crate::engine::source::SourceFile;
use crate::engine::validate::validate_source;
use crate::engine::{Ruleset, Session};
use crate::rulesets::bastards::{Bastards, Command};
use crate::rulesets::registry;

const MAP: &str = include_str!("../scenarios/bastards/maps/villers-bretonneux.ron");
const SCENARIOS: [(&str, &str); 2] = [
    ("scenarios/bastards/first-tank-battle.ron", include_str!("../scenarios/bastards/first-tank-battle.ron")),
    ("scenarios/bastards/second-villers-bretonneux.ron", include_str!("../scenarios/bastards/second-villers-bretonneux.ron")),
];

fn files(scenario_path: &str, scenario: &str) -> FileSet {
    let mut files = FileSet::new();
    files.insert(scenario_path.to_string(), scenario.to_string());
    files.insert("scenarios/bastards/maps/villers-bretonneux.ron".into(), MAP.into());
    files
}

/// Loads a scenario from memory, with the shipped map beside it.
fn load(scenario_path: &str, text: &str) -> Option<Origin<Bastards>> {
    let files = files(scenario_path, text);
    let mut loader = Loader::from_embedded(files.clone());
    let file = loader.load(Path::new(scenario_path)).ok()?;
    let scenario = Bastards::load_scenario(&file, &mut loader).ok()?;
    Some(Origin { scenario: std::sync::Arc::new(scenario), scenario_path: scenario_path.into(), files, seed: 0, forced: Vec::new() })
}

fn shipped(i: usize) -> Origin<Bastards> {
    static ORIGINS: OnceLock<Vec<Origin<Bastards>>> = OnceLock::new();
    ORIGINS.get_or_init(|| SCENARIOS.iter().filter_map(|(p, t)| load(p, t)).collect())[i % SCENARIOS.len()].clone()
}

/// Arbitrary text as a scenario (beside the shipped map), and through the validator as whatever it
/// says it is. A scenario that loads is played a little at random.
pub fn scenario_input(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let file = SourceFile::new("scenarios/bastards/fuzz.ron", text.to_string());
    let _ = validate_source(&file, &registry());
    if let Some(mut origin) = load("scenarios/bastards/fuzz.ron", text) {
        origin.seed = data.len() as u64;
        let mut game = Game::start(origin);
        let mut rng = ChaCha8Rng::seed_from_u64(data.len() as u64);
        for _ in 0..60 {
            if game.is_over() || !Session::step_random(&mut game, &mut rng) {
                break;
            }
        }
    }
}

/// Arbitrary bytes as a save file.
pub fn save_input(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let file = SourceFile::new("fuzz-save.ron", text.to_string());
    if !matches!(file_kind(&file), Ok(FileKind::Save)) {
        return;
    }
    if let Ok((format, _)) = header(&file) {
        let _ = crate::engine::save::load_save::<Bastards>(&file, format);
    }
}

const IDS: [&str; 8] = ["gb-2-devons", "gb-4-suffolk", "de-4gd-5gg-1", "a7v-561", "mk4-m-1", "aus-51", "", "nobody"];

/// An arbitrary command from three bytes.
fn arbitrary(op: u8, a: u8, b: u8) -> Command {
    let id = IDS[a as usize % IDS.len()].to_string();
    let row = ["A", "K", "P", "Q", "Z", "AA", "BB", "", "a"][b as usize % 9];
    let hex = format!("{row}{:02}", (b / 9) % 40);
    match op % 17 {
        0 => Command::Activate(id),
        1 => Command::Move(hex),
        2 => Command::Fire(id),
        3 => Command::Assault(id),
        4 => Command::Rally,
        5 => Command::Infiltrate(hex),
        6 => Command::Withdraw(hex),
        7 => Command::EndActivation,
        8 => Command::PlaceBarrage(hex),
        9 => Command::CounterBattery,
        10 => Command::FireBarrages,
        11 => Command::PlaceHero(id),
        12 => Command::Reorganise(id),
        13 => Command::Repair(id),
        14 => Command::Deploy(id, hex),
        15 => Command::AttemptCohesion,
        _ => Command::Done,
    }
}

/// A command stream against a shipped scenario: the first byte picks the scenario and the seed, then
/// each three bytes are a command: a legal one picked by index (bytes below 160), or an arbitrary
/// one, legal or not (at most 150 commands: longer streams only slow the fuzzer down).
pub fn command_input(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else { return };
    let mut origin = shipped(first as usize);
    origin.seed = u64::from(first);
    let mut game = Game::start(origin);
    for chunk in rest.chunks_exact(3).take(150) {
        if game.is_over() {
            break;
        }
        let legal = game.legal().to_vec();
        let command = if chunk[0] < 160 && !legal.is_empty() {
            legal[(usize::from(chunk[1]) << 8 | usize::from(chunk[2])) % legal.len()].clone()
        } else {
            arbitrary(chunk[0], chunk[1], chunk[2])
        };
        let before = game.checksum();
        let listed = legal.contains(&command);
        match game.submit(command.clone()) {
            Ok(()) => {
                assert!(listed, "{command:?} was accepted but is not a legal command");
                let broken = game.invariants();
                assert!(broken.is_empty(), "after {command:?}: {broken:?}");
            }
            Err(_) => {
                assert!(!listed, "{command:?} is listed as legal but was refused");
                assert_eq!(game.checksum(), before, "the refused {command:?} changed the state");
            }
        }
    }
}
