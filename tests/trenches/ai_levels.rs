//! The Hard opponent of In the Trenches (issue 19; docs/ai.md, "Difficulty").

use std::path::Path;

use salient::engine::Difficulty;
use salient::engine::game::Game;
use salient::rulesets::trenches::Trenches;
use salient::rulesets::trenches::state::{Pos, Where};
use salient::rulesets::trenches::view::{Stage, stage};

use crate::difficulty::{copies_play_as_the_game, hard_weights_steer_only_their_side, one_error_at};

/// What a position holds besides its scenario.
fn key(p: &Pos) -> String {
    format!("{:?} {:?}", p.units, p.r)
}

#[test]
fn the_look_ahead_copy_plays_each_command_as_the_game_does_trenches() {
    copies_play_as_the_game::<Trenches>("scenarios/trenches/hill-142.ron", 3, 500, key, |w| key(&Pos::capture(w)));
    copies_play_as_the_game::<Trenches>("scenarios/trenches/wasteland.ron", 4, 500, key, |w| key(&Pos::capture(w)));
}

#[test]
fn hard_reads_only_what_its_side_sees_trenches_7_24() {
    let mut g: Game<Trenches> = Game::open(Path::new("scenarios/trenches/hill-142.ron"), 5, Vec::new()).expect("loads");
    let mut checked = 0;
    for _ in 0..3000 {
        if g.is_over() || checked >= 12 {
            break;
        }
        let p = Pos::capture(g.world());
        if let Some(Stage::Orders(side)) = stage(&p) {
            // An enemy unit hidden on the map, moved next to the deciding side's nearest unit.
            let ours: Vec<hexx::Hex> = p.on_map().filter(|&x| p.side(x) == side).filter_map(|x| p.hex(x)).collect();
            let moved = (0..p.units.len()).find_map(|u| match p.units[u].at {
                Where::Hex(h) if p.side(u) != side && p.units[u].hidden => ours
                    .iter()
                    .flat_map(|o| o.all_neighbors())
                    .filter(|&n| n != h && p.sc.board.contains(n) && p.units_in(n).next().is_none())
                    .min_by_key(|n| n.unsigned_distance_to(h))
                    .map(|o| (u, o)),
                _ => None,
            });
            if let Some((u, other)) = moved {
                let before = salient::ai::choose_at(&mut g, Difficulty::Hard);
                let mut q = p.clone();
                q.units[u].at = Where::Hex(other);
                q.store(g.world_mut());
                assert_eq!(salient::ai::choose_at(&mut g, Difficulty::Hard), before, "the hidden unit's hex changed the choice");
                p.clone().store(g.world_mut());
                checked += 1;
            }
        }
        let c = salient::ai::choose(&mut g).expect("a command");
        g.submit(c).expect("legal");
    }
    assert!(checked >= 1, "no order with a hidden enemy unit on the map");
}

/// A copy of Hill 142, edited ([`crate::difficulty::edited`]).
fn edited(name: &str, edits: &[(&str, &str)]) -> (std::path::PathBuf, std::path::PathBuf, String) {
    crate::difficulty::edited(name, "trenches", "hill-142.ron", "hill-142.ron", edits)
}

/// The start of the Germans' tuning in Hill 142.
const CENTRAL: &str = "\"central\": (step: 10.0,";

#[test]
fn a_look_ahead_budget_out_of_range_is_an_error_at_its_side() {
    let (dir, _, bad) = edited("trenches-look-ahead", &[("look_ahead: (candidates: 3,", "look_ahead: (candidates: 0,")]);
    one_error_at(dir, &bad, "look_ahead.candidates is 0: from 1 to 16", "look_ahead: (candidates: 0");
}

#[test]
fn a_hard_weight_out_of_range_is_an_error_at_its_side_trenches() {
    let (dir, _, bad) = edited("trenches-hard-weights", &[(CENTRAL, "\"central\": (hard: (storm: 2000.0), step: 10.0,")]);
    one_error_at(dir, &bad, "hard.storm is 2000: from 0 to 1000", "hard: (storm: 2000.0)");
}

/// The Hard weights (`ai.<side>.hard`, docs/ai.md "The Hard weights") change the Hard scores of that
/// side's decisions only: the other side's, and every Normal score, stay as they were.
#[test]
fn the_hard_weights_steer_only_their_sides_hard_scores_trenches() {
    let text = std::fs::read_to_string("scenarios/trenches/hill-142.ron").unwrap();
    // The shipped weights, taken out of both copies.
    let shipped: Vec<String> =
        text.match_indices(", hard: (").map(|(i, _)| text[i..i + text[i..].find(')').unwrap() + 1].to_string()).collect();
    let mut none: Vec<(&str, &str)> = shipped.iter().map(|w| (w.as_str(), "")).collect();
    let (_, plain, _) = edited("trenches-hard-none", &none);
    none.push((CENTRAL, "\"central\": (hard: (exposure: 25.0, storm: 3.0), step: 10.0,"));
    let (_, weighted, _) = edited("trenches-hard-steer", &none);
    let changed = hard_weights_steer_only_their_side::<Trenches>(&weighted, &plain, "central", 7, 500);
    assert!(changed > 10, "the German Hard weights changed only {changed} decisions");
}
