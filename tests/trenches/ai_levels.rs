//! The Hard opponent of In the Trenches (issue 19; docs/ai.md, "Difficulty").

use std::path::Path;

use salient::engine::Difficulty;
use salient::engine::game::Game;
use salient::rulesets::trenches::Trenches;
use salient::rulesets::trenches::state::{Pos, Where};
use salient::rulesets::trenches::view::{Stage, stage};

use crate::difficulty::copies_play_as_the_game;

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

#[test]
fn a_look_ahead_budget_out_of_range_is_an_error_at_its_side() {
    let dir = crate::engine_tests::temp_dir("trenches-look-ahead");
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::copy("scenarios/trenches/maps/hill-142.ron", dir.join("maps/hill-142.ron")).unwrap();
    let text = std::fs::read_to_string("scenarios/trenches/hill-142.ron").unwrap();
    let bad = text.replacen("look_ahead: (candidates: 3,", "look_ahead: (candidates: 0,", 1);
    assert_ne!(bad, text, "the operation writes its look-ahead out");
    std::fs::write(dir.join("hill-142.ron"), &bad).unwrap();
    let report = salient::engine::validate::validate_paths(&[dir], &salient::rulesets::registry());
    let found: Vec<_> = report.diagnostics.iter().filter(|d| d.message.contains("look_ahead.candidates is 0: from 1 to 16")).collect();
    assert_eq!(found.len(), 1, "{:#?}", report.diagnostics);
    let at = bad.find("look_ahead: (candidates: 0").unwrap();
    let line = bad[..at].matches('\n').count() + 1;
    assert_eq!(found[0].line, line, "at the side's look_ahead: {:?}", found[0]);
}
