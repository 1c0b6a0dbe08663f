//! Hot reload (`ui::hot_reload`) on a real scenario: Into the Bastards!'s scenario 1 copied to a
//! folder of its own and edited while a game of it stands.

use std::path::{Path, PathBuf};

use crate::engine::Game;
use crate::rulesets::bastards::{Bastards, Command};
use crate::ui::hot_reload::{Reload, reload};

/// A copy of scenario 1 and its map in a folder of its own, to edit.
fn copy_scenario(dir: &Path) -> PathBuf {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/bastards");
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::copy(src.join("maps/villers-bretonneux.ron"), dir.join("maps/villers-bretonneux.ron")).unwrap();
    let to = dir.join("first-tank-battle.ron");
    std::fs::copy(src.join("first-tank-battle.ron"), &to).unwrap();
    to
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "`{from}` is not in {}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn reload_decides_between_same_invalid_replayed_and_diverged() {
    let dir = std::env::temp_dir().join(format!("salient-hot-reload-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = copy_scenario(&dir);
    let mut game = Game::<Bastards>::open(&path, 7, Vec::new()).expect("scenario 1 opens");
    // The Allied barrage of turn 1: place the one marker, then more commands as they come.
    for _ in 0..3 {
        let Some(cmd) = game.legal().first().cloned() else { break };
        game.submit(cmd).unwrap();
    }
    let commands = game.commands();
    assert!(!commands.is_empty());
    let first_is_barrage = matches!(commands[0], Command::PlaceBarrage(_));

    // Untouched files: nothing to do.
    assert!(matches!(reload(game.origin(), &commands), Reload::Same));

    // A harmless edit (the scenario's name): the game replays on the new files.
    edit(&path, "name: \"Scenario 1: First Tank Battle\"", "name: \"Scenario 1: First Tank Battle (edited)\"");
    match reload(game.origin(), &commands) {
        Reload::Replayed(g) => {
            assert_eq!(g.commands().len(), commands.len());
            assert_eq!(g.scenario().spec.info.name, "Scenario 1: First Tank Battle (edited)");
            assert_eq!(g.view().turn, game.view().turn);
        }
        _ => panic!("a harmless edit must replay"),
    }

    // A broken file: its errors with file:line:col, and nothing replaced.
    let good = std::fs::read_to_string(&path).unwrap();
    edit(&path, "format: 1,", "format: 1,\n    no_such_key: 3,");
    match reload(game.origin(), &commands) {
        Reload::Invalid(lines) => {
            assert!(!lines.is_empty());
            let l = &lines[0];
            assert!(l.contains("first-tank-battle.ron:7:"), "{l}");
            assert!(l.contains("no_such_key"), "{l}");
        }
        _ => panic!("an unknown key must not validate"),
    }
    // A broken map too.
    std::fs::write(&path, &good).unwrap();
    let map = dir.join("maps/villers-bretonneux.ron");
    edit(&map, "HexMap(", "HexMap(\n    bogus: true,");
    match reload(game.origin(), &commands) {
        Reload::Invalid(lines) => {
            assert!(lines.iter().any(|l| l.contains("villers-bretonneux.ron:") && l.contains("bogus")), "{lines:?}")
        }
        _ => panic!("a broken map must not validate"),
    }
    std::fs::copy(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/bastards/maps/villers-bretonneux.ron"), &map).unwrap();

    // A valid edit on which the game does not replay: no artillery on turn 1, so the first
    // command (placing a barrage marker) is refused.
    if first_is_barrage {
        edit(
            &path,
            "(turn: 1, label: \"24 April, 06:00\", day: 1, german_artillery: 2, allied_artillery: 1)",
            "(turn: 1, label: \"24 April, 06:00\", day: 1, german_artillery: 0, allied_artillery: 0)",
        );
        match reload(game.origin(), &commands) {
            Reload::Diverged { at, reason, origin } => {
                assert_eq!(at, 0);
                assert!(!reason.is_empty());
                assert!(Game::replay(*origin, &commands[..at]).is_ok());
            }
            Reload::Invalid(l) => panic!("the edit should validate: {l:?}"),
            Reload::Same => panic!("the edit was not seen"),
            Reload::Replayed(g) => panic!("{commands:?} should not replay, yet it did (now {})", g.view().phase),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
