//! The Hard opponent of Into the Bastards! (issue 19; docs/ai.md, "The look-ahead"): its copies of
//! the world play every command as the game does.

use bevy::prelude::World;
use salient::ai::fork::Forked;
use salient::engine::Ruleset;
use salient::engine::game::Game;
use salient::rulesets::bastards::Bastards;
use salient::rulesets::bastards::state::{Activations, Agenda, Barrage, Choice, Clock, Night, Pool, Tracks};

use crate::difficulty::{copies_play_as_the_game, hard_weights_steer_only_their_side, one_error_at};

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

/// A copy of a shipped scenario of Into the Bastards!, edited ([`crate::difficulty::edited`]).
fn edited(name: &str, scenario: &str, edits: &[(&str, &str)]) -> (std::path::PathBuf, std::path::PathBuf, String) {
    crate::difficulty::edited(name, "bastards", scenario, "villers-bretonneux.ron", edits)
}

#[test]
fn a_look_ahead_budget_out_of_range_is_an_error_at_its_side_itb() {
    let (dir, _, bad) = edited(
        "bastards-look-ahead",
        "first-tank-battle.ron",
        &[("\"allied\": (aggression: 1.0,", "\"allied\": (look_ahead: (steps: 0), aggression: 1.0,")],
    );
    one_error_at(dir, &bad, "look_ahead.steps is 0: from 1 to 400", "look_ahead: (steps: 0)");
}

#[test]
fn a_hard_weight_out_of_range_is_an_error_at_its_side_itb() {
    let (dir, _, bad) = edited("bastards-hard-weights", "first-tank-battle.ron", &[("hard: (caution: 0.6)", "hard: (caution: -1.0)")]);
    one_error_at(dir, &bad, "hard.caution is -1: from 0 to 10", "hard: (caution: -1.0)");
}

/// The Hard weights (`ai.<side>.hard`, docs/ai.md "Difficulty") change the Hard scores of that side's
/// decisions only: the other side's, and every Normal score, stay as they were.
#[test]
fn the_hard_weights_steer_only_their_sides_hard_scores_itb() {
    // The shipped weights, taken out of both copies.
    let (allied, german) = (", hard: (caution: 0.6)", ", hard: (aggression: 2.0)");
    let (_, path, _) = edited(
        "bastards-hard-steer",
        "second-villers-bretonneux.ron",
        &[(allied, ""), (german, ", hard: (aggression: 5.0, caution: 0.1)")],
    );
    let (_, plain, _) = edited("bastards-hard-none", "second-villers-bretonneux.ron", &[(allied, ""), (german, "")]);
    let changed = hard_weights_steer_only_their_side::<Bastards>(&path, &plain, "german", 5, 600);
    assert!(changed > 10, "the German Hard weights changed only {changed} decisions");
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
