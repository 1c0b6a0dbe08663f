//! The Hard opponent and the threat view of Martians (issue 19; docs/ai.md, "Difficulty").

use salient::ai::Evaluators;
use salient::ai::search::Simulate;
use salient::rulesets::martians::Martians;
use salient::rulesets::martians::state::Pos;

use super::random_play::open;
use crate::difficulty::{copies_play_as_the_game, salient};

/// What a position holds besides its scenario.
fn key(p: &Pos) -> String {
    format!("{:?} {:?}", p.units, p.r)
}

#[test]
fn the_look_ahead_copy_plays_each_command_as_the_game_does_martians() {
    copies_play_as_the_game::<Martians>("scenarios/martians/syrtis-kopje.ron", 3, 400, key, |w| key(&Pos::capture(w)));
    copies_play_as_the_game::<Martians>("scenarios/martians/hellas-canal.ron", 4, 400, key, |w| key(&Pos::capture(w)));
}

#[test]
fn the_threat_view_lists_the_players_units_the_enemy_may_hurt_with_odds() {
    let mut g = open("scenarios/martians/syrtis-kopje.ron", 7);
    let mut seen = 0;
    for step in 0..200 {
        if g.is_over() {
            break;
        }
        if step % 10 == 0 {
            let side = Martians::decider(&Martians::capture(g.world())).expect("a decision");
            let threats = Martians::threats(&g, side).expect("Martians looks ahead");
            assert_eq!(Martians::threats(&g, side), Some(threats.clone()), "the same position, the same threats");
            let p = Martians::capture(g.world());
            for t in &threats {
                let u = p.find(&t.unit).expect("a unit of the battle");
                assert_eq!(p.side(u), side, "only the side's own units: {t:?}");
                assert!(t.chance > 0.0 && t.chance <= 1.0 && t.loss > 0.0, "{t:?}");
            }
            seen += threats.len();
        }
        let c = salient::ai::choose(&mut g).expect("a command");
        g.submit(c).expect("legal");
    }
    assert!(seen > 0, "the enemy never threatened anything");
}

#[test]
fn sim_plays_the_ladder_both_ways() {
    let (code, out, err) = salient(&[
        "sim",
        "scenarios/martians/khor-amar.ron",
        "--games",
        "1",
        "--jobs",
        "1",
        "--max-decisions",
        "80",
        "--controllers",
        "ai:hard,ai:easy",
        "--swap",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("controllers: british=ai:hard, emirs=ai:easy"), "{out}");
    assert!(out.contains("controllers: british=ai:easy, emirs=ai:hard"), "{out}");
    assert!(out.contains("head to head (both sides):") && out.contains("ai:hard: as british"), "{out}");
}
