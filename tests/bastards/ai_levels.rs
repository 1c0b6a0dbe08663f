//! The Hard opponent of Into the Bastards! (issue 19; docs/ai.md, "The look-ahead"): its copies of
//! the world play every command as the game does.

use bevy::prelude::World;
use salient::ai::fork::Forked;
use salient::engine::Ruleset;
use salient::engine::game::Game;
use salient::rulesets::bastards::Bastards;
use salient::rulesets::bastards::state::{Activations, Agenda, Barrage, Choice, Clock, Night, Pool, Tracks};

use crate::difficulty::copies_play_as_the_game;

/// What a world holds besides its scenario: the view (units, tracks, phase), the decision and the
/// sequence of play's bookkeeping.
fn seen(w: &World) -> String {
    format!(
        "{} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        serde_json::to_string(&Bastards::view(w)).unwrap_or_default(),
        Bastards::pending(w),
        w.resource::<Activations>(),
        w.resource::<Agenda>(),
        w.resource::<Clock>(),
        w.resource::<Pool>(),
        w.resource::<Choice>(),
        w.resource::<Night>(),
        w.resource::<Tracks>(),
        w.resource::<Barrage>(),
    )
}

/// The same, of a copy (read in the scratch world it is played in).
fn key(p: &Forked<Bastards>) -> String {
    p.read(seen)
}

#[test]
fn the_look_ahead_copy_plays_each_command_as_the_game_does_itb() {
    copies_play_as_the_game::<Bastards>("scenarios/bastards/first-tank-battle.ron", 3, 700, key, seen);
    copies_play_as_the_game::<Bastards>("scenarios/bastards/second-villers-bretonneux.ron", 4, 1500, key, seen);
}

#[test]
fn a_look_ahead_budget_out_of_range_is_an_error_at_its_side_itb() {
    let dir = crate::engine_tests::temp_dir("bastards-look-ahead");
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::copy("scenarios/bastards/maps/villers-bretonneux.ron", dir.join("maps/villers-bretonneux.ron")).unwrap();
    let text = std::fs::read_to_string("scenarios/bastards/first-tank-battle.ron").unwrap();
    let bad = text.replacen("\"allied\": (aggression: 1.0,", "\"allied\": (look_ahead: (steps: 0), aggression: 1.0,", 1);
    assert_ne!(bad, text);
    std::fs::write(dir.join("first-tank-battle.ron"), &bad).unwrap();
    let report = salient::engine::validate::validate_paths(&[dir], &salient::rulesets::registry());
    let found: Vec<_> = report.diagnostics.iter().filter(|d| d.message.contains("look_ahead.steps is 0: from 1 to 400")).collect();
    assert_eq!(found.len(), 1, "{:#?}", report.diagnostics);
    assert_eq!(found[0].line, bad[..bad.find("look_ahead: (steps: 0)").unwrap()].matches('\n').count() + 1, "{:?}", found[0]);
}

/// The threat view (docs/gui.md) of a world-kept ruleset: the same position gives the same threats,
/// each one of the side's own units, with a chance and a loss.
#[test]
fn the_threat_view_lists_the_players_units_the_enemy_may_hurt_itb() {
    use salient::ai::Evaluators;
    use salient::ai::search::Simulate;
    use salient::rulesets::bastards::ops;
    let mut g: Game<Bastards> =
        Game::open(std::path::Path::new("scenarios/bastards/second-villers-bretonneux.ron"), 7, Vec::new()).expect("loads");
    let mut seen = 0;
    for step in 0..400 {
        if g.is_over() {
            break;
        }
        if step % 40 == 0 {
            let side = Bastards::decider(&Bastards::capture(g.world())).expect("a decision");
            let threats = Bastards::threats(&g, side).expect("Into the Bastards! looks ahead");
            assert_eq!(Bastards::threats(&g, side), Some(threats.clone()), "the same position, the same threats");
            let sides = Bastards::sides(g.scenario());
            for t in &threats {
                let e = ops::find(g.world_mut(), &t.unit).expect("a unit of the battle");
                assert_eq!(ops::unit(g.world(), e).side.id(), sides[side], "only the side's own units: {t:?}");
                assert!(t.chance > 0.0 && t.chance <= 1.0 && t.loss > 0.0, "{t:?}");
            }
            seen += threats.len();
        }
        let c = salient::ai::choose(&mut g).expect("a command");
        g.submit(c).expect("legal");
    }
    assert!(seen > 0, "the enemy never threatened anything");
}
