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

/// A copy of a shipped scenario, with each `from` replaced by its `to` in its text, in a folder of
/// its own (with the map): its folder, its path and its text.
fn edited(name: &str, scenario: &str, edits: &[(&str, &str)]) -> (std::path::PathBuf, std::path::PathBuf, String) {
    let dir = crate::engine_tests::temp_dir(name);
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::copy("scenarios/bastards/maps/villers-bretonneux.ron", dir.join("maps/villers-bretonneux.ron")).unwrap();
    let mut out = std::fs::read_to_string(format!("scenarios/bastards/{scenario}")).unwrap();
    for (from, to) in edits {
        assert!(out.contains(from), "`{from}` is in {scenario}");
        out = out.replacen(from, to, 1);
    }
    let path = dir.join(scenario);
    std::fs::write(&path, &out).unwrap();
    (dir, path, out)
}

/// The validator's one error with `message` in a folder, on the line of `at` in the text.
fn one_error_at(dir: std::path::PathBuf, text: &str, message: &str, at: &str) {
    let report = salient::engine::validate::validate_paths(&[dir], &salient::rulesets::registry());
    let found: Vec<_> = report.diagnostics.iter().filter(|d| d.message.contains(message)).collect();
    assert_eq!(found.len(), 1, "{:#?}", report.diagnostics);
    assert_eq!(found[0].line, text[..text.find(at).unwrap()].matches('\n').count() + 1, "{:?}", found[0]);
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
    use salient::ai::Evaluators;
    // The shipped weights, taken out of both copies.
    let (allied, german) = (", hard: (caution: 0.6)", ", hard: (aggression: 2.0)");
    let (_, path, _) = edited(
        "bastards-hard-steer",
        "second-villers-bretonneux.ron",
        &[(allied, ""), (german, ", hard: (aggression: 5.0, caution: 0.1)")],
    );
    let (_, plain, _) = edited("bastards-hard-none", "second-villers-bretonneux.ron", &[(allied, ""), (german, "")]);
    let mut g: Game<Bastards> = Game::open(&path, 5, Vec::new()).expect("loads");
    let mut unweighted: Game<Bastards> = Game::open(&plain, 5, Vec::new()).expect("loads");
    let mut changed = 0;
    for _ in 0..600 {
        if g.is_over() {
            break;
        }
        let legal = g.legal().to_vec();
        let normal = Bastards::scores(g.world(), &legal);
        let hard = Bastards::hard_scores(g.world(), &legal);
        assert_eq!(normal, Bastards::scores(unweighted.world(), &legal), "the Normal scores keep the side's own weights");
        assert_eq!(Bastards::hard_scores(unweighted.world(), &legal), normal, "no `hard` weights: the Normal scores");
        if g.pending().is_some_and(|p| p.side == "allied") {
            assert_eq!(hard, normal, "the Allied side has no Hard weights");
        } else if hard != normal {
            changed += 1;
        }
        let c = salient::ai::choose(&mut g).expect("a command");
        unweighted.submit(c.clone()).expect("legal in the same game");
        g.submit(c).expect("legal");
    }
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
