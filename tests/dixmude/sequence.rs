//! The sequence of play (2-6, 9-11): resource points, strategies, stacking, operational movement,
//! reorganisation and victory.

use salient::engine::Ruleset;
use salient::rulesets::dixmude::units::{Level, Side, Where};
use salient::rulesets::dixmude::{Command, Dixmude, sequence};

use super::fixtures::*;
use super::random_play::open;

#[test]
fn the_set_up_is_complete_as_printed_dix_10() {
    let p = start();
    let count = |side: Side| (0..p.units.len()).filter(|&i| p.side(i) == side && matches!(p.units[i].at, Where::Zone(_))).count();
    assert_eq!(count(Side::FrancoBelgian), 16, "10.1: HQ, 12 battalions, 2 MG companies, Gr Pontus");
    assert_eq!(count(Side::German), 31, "10.2: 26 battalions (201-208 RIR, 15 and 16 RJB), 2 FAR, 3 FußArt");
    assert_eq!(at(&p, "fb-hq-brfm"), Where::Zone(4));
    assert_eq!(at(&p, "de-fussart-3"), Where::Zone(p.sc.hq));
    for z in [12, 16, 17, 10, 14] {
        assert!(p.trenches(z), "trenches in {z}");
    }
}

#[test]
fn resource_points_six_and_eight_dix_4_1() {
    let p = start();
    assert_eq!(p.r.rp, [6, 8]);
    assert_eq!(p.r.hands[0].len() + p.r.hands[1].len(), 2, "one free draw each (5)");
}

#[test]
fn no_more_than_two_strategies_and_buying_costs_dix_5() {
    let mut g = open(3);
    assert_eq!(g.pending().unwrap().side, "franco_belgian");
    let legal = g.legal().to_vec();
    assert!(!legal.contains(&Command::BuyRandom), "the Franco-Belgian chooses");
    let buy = legal.iter().find(|c| matches!(c, Command::Buy(_))).unwrap().clone();
    g.submit(buy).unwrap();
    let p = salient::rulesets::dixmude::state::Pos::capture(g.world());
    assert_eq!((p.r.rp[0], p.r.hands[0].len()), (5, 2));
    assert_eq!(g.pending().unwrap().side, "german");
    g.submit(Command::BuyRandom).unwrap();
    let p = salient::rulesets::dixmude::state::Pos::capture(g.world());
    assert_eq!((p.r.rp[1], p.r.hands[1].len()), (7, 2));
}

#[test]
fn german_divisions_do_not_stack_together_dix_1_1_2() {
    let mut p = empty();
    put(&mut p, "de-1-201", 24, Level::Good);
    assert!(p.stacking_ok(24, &[u(&p, "de-2-201")], &[]));
    assert!(!p.stacking_ok(24, &[u(&p, "de-1-205")], &[]), "43RD and 44RD apart");
    assert!(!p.stacking_ok(24, &[u(&p, "de-44far")], &[]), "field artillery with its own division only");
    put(&mut p, "de-2-201", 24, Level::Good);
    put(&mut p, "de-3-201", 24, Level::Good);
    assert!(!p.stacking_ok(24, &[u(&p, "de-1-202")], &[]), "three battalions at most");
    put(&mut p, "fb-ral120", 7, Level::Good);
    assert!(p.stacking_ok(7, &[u(&p, "fb-ral155")], &[]), "the two French heavy detachments count as one");
    assert!(!p.stacking_ok(7, &[u(&p, "fb-pontus")], &[]), "one artillery regiment");
    let hq = p.sc.hq;
    put(&mut p, "de-1-202", hq, Level::Good);
    assert!(p.stacking_ok(p.sc.hq, &[u(&p, "de-1-205"), u(&p, "de-2-205")], &[]), "the HQ zone is unlimited");
}

#[test]
fn operational_movement_never_next_to_the_enemy_nor_the_fussartillerie_dix_6() {
    let mut g = open(4);
    while g.pending().is_some_and(|p| p.rule == "5") {
        g.submit(Command::Done).unwrap();
    }
    assert_eq!(g.pending().unwrap().rule, "6");
    let w = g.world();
    assert!(<Dixmude as Ruleset>::check(w, &Command::Enter("de-fussart-1".into(), 20)).is_err());
    assert!(<Dixmude as Ruleset>::check(w, &Command::Enter("de-1-207".into(), 11)).is_err(), "not an entry zone");
    assert!(<Dixmude as Ruleset>::check(w, &Command::Enter("de-1-207".into(), 20)).is_ok());
    let p = salient::rulesets::dixmude::state::Pos::capture(w);
    let legal = g.legal().to_vec();
    for c in &legal {
        if let Command::Enter(_, z) = c {
            assert!(p.enemy_zones(*z, Side::FrancoBelgian).is_empty(), "{z} is next to the Franco-Belgians");
        }
    }
    // A command is carried out exactly when listed: every battalion in the HQ zone, not one of each
    // kind (found by the command-stream fuzzer: `Enter("de-2-208", 32)` accepted, not listed).
    for u in p.in_zone(p.sc.hq) {
        for z in p.sc.zone_ids() {
            let c = Command::Enter(p.id(u).to_string(), z);
            let accepted = <Dixmude as Ruleset>::check(g.world(), &c).is_ok();
            assert_eq!(legal.contains(&c), accepted, "{c:?}");
        }
    }
}

#[test]
fn victory_conditions_dix_11() {
    let mut p = empty();
    put(&mut p, "fb-2-11rl", 11, Level::Good);
    p.r.turn = 3;
    assert_eq!(sequence::victory(&p), None);
    put(&mut p, "de-1-201", 3, Level::Good);
    assert_eq!(sequence::victory(&p).unwrap().1, Some(Side::German), "11.1: automatic victory on the left bank");
    p.r.turn = 7;
    assert!(sequence::victory(&p).unwrap().0.starts_with("Minor German"), "11.2: the left bank without Diksmuide");
    let i = u(&p, "de-1-201");
    p.units[i].at = Where::Waiting;
    assert!(sequence::victory(&p).unwrap().0.starts_with("Minor Franco-Belgian"));
    put(&mut p, "fb-1-1rfm", 37, Level::Good);
    assert!(sequence::victory(&p).unwrap().0.starts_with("Major Franco-Belgian"), "Eessen too");
    let i = u(&p, "fb-2-11rl");
    p.units[i].at = Where::Waiting;
    put(&mut p, "de-1-205", 11, Level::Good);
    let (result, winner) = sequence::victory(&p).unwrap();
    assert!(result.starts_with("Tie") && winner.is_none(), "the historical result");
}

#[test]
fn a_battalion_is_raised_once_a_turn_away_from_the_enemy_dix_9_2() {
    let mut p = empty();
    let a = put(&mut p, "fb-3-1rfm", 7, Level::Exhausted);
    assert!(salient::rulesets::dixmude::reorganisation::raisable(&p, a));
    p.units[a].raised = true;
    assert!(!salient::rulesets::dixmude::reorganisation::raisable(&p, a));
    let b = put(&mut p, "fb-3-2rfm", 12, Level::Weakened);
    put(&mut p, "de-1-201", 14, Level::Good);
    assert!(!salient::rulesets::dixmude::reorganisation::raisable(&p, b), "next to the enemy");
    let c = put(&mut p, "fb-1-2rfm", 2, Level::Weakened);
    p.units[c].detached = true;
    assert!(!salient::rulesets::dixmude::reorganisation::raisable(&p, c), "weakened by a detachment: never good order again");
}
