//! The hot-seat window keeps each side's hidden information (7.24, 13.2): undo never hands the game
//! back to the other player.

use std::path::Path;

use salient::engine::game::Game;
use salient::rulesets::trenches::Trenches;
use salient::ui::session::{LastBy, undo_allowed};

/// The player now seated cannot take back the other player's last command (a set-up placement here,
/// no die rolled), which would hand the game back with the other side's hidden placements on show;
/// their own, the engine allowing, they can.
#[test]
fn undo_never_takes_back_the_other_players_command_itt_13_2() {
    let mut game: Game<Trenches> = Game::open(Path::new("scenarios/trenches/wasteland.ron"), 1, Vec::new()).expect("loads");
    assert_eq!(undo_allowed(&game, true, LastBy::Mover), Err("there is nothing to undo".into()));
    let place = game.legal().first().cloned().expect("a placement");
    game.submit(place).expect("accepted");
    assert!(game.can_undo(), "a placement rolls no die");
    assert_eq!(undo_allowed(&game, true, LastBy::Mover), Ok(()));
    assert!(undo_allowed(&game, true, LastBy::OtherPerson).unwrap_err().contains("other player"));
    assert!(undo_allowed(&game, true, LastBy::Computer).unwrap_err().contains("computer"));
    assert!(undo_allowed(&game, false, LastBy::Mover).is_err(), "not while the other side decides");
}
