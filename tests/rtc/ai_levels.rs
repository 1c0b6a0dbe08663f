//! The Hard opponent of Royal Tank Corps (issue 19; docs/ai.md, "The look-ahead"): its copies of the
//! world play every command as the game does.

use bevy::prelude::World;
use salient::ai::fork::Forked;
use salient::engine::Ruleset;
use salient::rulesets::rtc::Rtc;
use salient::rulesets::rtc::state::{Bombarded, Bombardment, Clock, Combat, Control, FatigueCheck, Impulse, Losses, Reinforce};

use crate::difficulty::copies_play_as_the_game;

/// What a world holds besides its scenario: the view (units, control, phase), the decision and each
/// phase's bookkeeping.
fn seen(w: &World) -> String {
    format!(
        "{} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        serde_json::to_string(&Rtc::view(w)).unwrap_or_default(),
        Rtc::pending(w),
        w.resource::<Clock>(),
        w.resource::<Control>(),
        w.resource::<Bombarded>(),
        w.resource::<Reinforce>(),
        w.resource::<Bombardment>(),
        w.resource::<Impulse>(),
        w.resource::<Combat>(),
        w.resource::<Losses>(),
        w.resource::<FatigueCheck>(),
    )
}

/// The same, of a copy (read in the scratch world it is played in).
fn key(p: &Forked<Rtc>) -> String {
    p.read(seen)
}

#[test]
fn the_look_ahead_copy_plays_each_command_as_the_game_does_rtc() {
    copies_play_as_the_game::<Rtc>("scenarios/rtc/cambrai.ron", 3, 2500, key, seen);
}

#[test]
fn a_look_ahead_budget_out_of_range_is_an_error_at_its_side_rtc() {
    let dir = crate::engine_tests::temp_dir("rtc-look-ahead");
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::copy("scenarios/rtc/maps/cambrai.ron", dir.join("maps/cambrai.ron")).unwrap();
    let text = std::fs::read_to_string("scenarios/rtc/cambrai.ron").unwrap();
    let bad = text.replacen("\"british\": (aggression: 1.0,", "\"british\": (look_ahead: (candidates: 17), aggression: 1.0,", 1);
    assert_ne!(bad, text);
    std::fs::write(dir.join("cambrai.ron"), &bad).unwrap();
    let report = salient::engine::validate::validate_paths(&[dir], &salient::rulesets::registry());
    let found: Vec<_> = report.diagnostics.iter().filter(|d| d.message.contains("look_ahead.candidates is 17: from 1 to 16")).collect();
    assert_eq!(found.len(), 1, "{:#?}", report.diagnostics);
    assert_eq!(found[0].line, bad[..bad.find("look_ahead: (candidates: 17)").unwrap()].matches('\n').count() + 1, "{:?}", found[0]);
}

/// The threat view (docs/gui.md) counts what the enemy does to a side's units, not what they do
/// themselves: a unit turns spent when it acts (9.2) or fires (7.8) as well as by a loss (10.31).
/// At Cambrai's opening bombardment the British guns all fire; none of them is threatened by
/// that, and an artillery unit is threatened only with elimination.
#[test]
fn the_threat_view_counts_no_unit_spent_by_its_own_fire_or_move_rtc() {
    use salient::ai::Evaluators;
    use salient::ai::search::Simulate;
    use salient::engine::Game;
    use salient::rulesets::rtc::map::Ctx;
    let g: Game<Rtc> = Game::open(std::path::Path::new("scenarios/rtc/cambrai.ron"), 3, Vec::new()).expect("loads");
    let side = Rtc::decider(&Rtc::capture(g.world())).expect("a decision");
    let threats = Rtc::threats(&g, side).expect("Royal Tank Corps looks ahead");
    let ctx = Ctx::capture(g.world());
    let british = ctx.sit.units.iter().filter(|u| u.side().id() == Rtc::sides(g.scenario())[side] && u.area().is_some()).count();
    for t in &threats {
        let u = ctx.sit.units.iter().find(|u| u.spec.id == t.unit).expect("a unit of the battle");
        if u.is_artillery() {
            assert!((t.loss - 2.0 * t.chance).abs() < 1e-4, "artillery is threatened only with elimination: {t:?}");
        }
    }
    assert!(!threats.is_empty() && threats.len() * 3 < british, "{} of {british} units threatened: {threats:?}", threats.len());
}
