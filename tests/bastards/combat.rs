//! 3.2 Combat, 3.3 Assault, 4.1 Mechanical breakdown, 4.2 Repair, with forced dice.

use salient::engine::Game;
use salient::rulesets::bastards::state::Tracks;
use salient::rulesets::bastards::units::{Breakdown, Location, Side};
use salient::rulesets::bastards::{Bastards, Command, EventKind};

use super::fixtures::*;

fn allied(units: &[String], extra: &str) -> Game<Bastards> {
    let mut g = game(&units.concat(), extra);
    skip_to_activation(&mut g, "german");
    ok(&mut g, Command::Done);
    skip_to_activation(&mut g, "allied");
    g
}

fn fired(g: &Game<Bastards>) -> Vec<(u32, i32, bool)> {
    g.events()
        .filter_map(|e| match &e.kind {
            EventKind::Fired { roll, modifier, hit, .. } => Some((*roll, *modifier, *hit)),
            _ => None,
        })
        .collect()
}

fn refused(g: &mut Game<Bastards>, c: Command, needle: &str) {
    let r = g.submit(c.clone()).err().unwrap_or_else(|| panic!("{c:?} was accepted"));
    assert!(r.reason.contains(needle), "{c:?}: {r}");
}

fn broken(g: &mut Game<Bastards>, id: &str) -> bool {
    let e = entity(g, id);
    g.world().get::<Breakdown>(e).is_some()
}

#[test]
fn a_hit_on_four_to_six_flips_then_eliminates_itb_3_2() {
    let mut g = allied(&[bn("a1", "allied", 4, "H03"), bn("g1", "german", 3, "H04")], "");
    ok(&mut g, Command::Activate("a1".into()));
    // 3 misses the 4+, 4 hits (disorganised), 6 hits again (eliminated); g1's return test 2 + 1.
    g.force_dice([3, 4, 6, 2]);
    ok(&mut g, Command::Fire("g1".into()));
    ok(&mut g, Command::Fire("g1".into()));
    assert!(reduced(&mut g, "g1"));
    ok(&mut g, Command::Fire("g1".into()));
    assert_eq!(fired(&g), vec![(3, 0, false), (4, 0, true), (6, 0, true)]);
    // Eliminated by a battalion's attack on turn 2: d6 2 + 1 = 3, back on turn 5.
    assert_eq!(location(&mut g, "g1"), Location::OnTrack { turn: 5 });
    assert_eq!(g.world().resource::<Tracks>().intensity, 1, "one battalion eliminated");
}

#[test]
fn the_defender_chooses_the_best_terrain_modifier_itb_3_2() {
    // g1 in the wood at D05, in its own trench: forest -1 or own trench -2; it takes -2.
    let mut g = allied(
        &[bn("a1", "allied", 3, "D06"), bn("g1", "german", 3, "D05"), bn("g2", "german", 3, "E03"), bn("a2", "allied", 3, "E04")],
        "",
    );
    ok(&mut g, Command::Activate("a1".into()));
    g.force_dice([5]);
    ok(&mut g, Command::Fire("g1".into()));
    assert_eq!(fired(&g), vec![(5, -2, false)]);
    ok(&mut g, Command::EndActivation);
    // g2 sits in... E03 is clear; a2 in its own trench at E04 fires at it: no modifier.
    ok(&mut g, Command::Activate("a2".into()));
    g.force_dice([4]);
    ok(&mut g, Command::Fire("g2".into()));
    assert_eq!(fired(&g).last(), Some(&(4, 0, true)));
}

#[test]
fn a_battalion_in_a_captured_trench_is_attacked_at_minus_one_itb_3_2() {
    // g1 holds the Allied trench at F04: attacked by the Allied player, -1.
    let mut g = allied(&[bn("a1", "allied", 3, "F03"), bn("g1", "german", 3, "F04")], "");
    ok(&mut g, Command::Activate("a1".into()));
    g.force_dice([4]);
    ok(&mut g, Command::Fire("g1".into()));
    assert_eq!(fired(&g), vec![(4, -1, false)]);
}

#[test]
fn tanks_fire_up_to_three_hexes_with_line_of_sight_itb_3_2() {
    let mut g = allied(&[tank("mk", "MarkIVMale", 3, "H01"), bn("g1", "german", 3, "H04"), bn("g2", "german", 3, "I06")], "");
    ok(&mut g, Command::Activate("mk".into()));
    assert!(g.legal().contains(&Command::Fire("g1".into())));
    refused(&mut g, Command::Fire("g2".into()), "up to 3 hexes");
    g.force_dice([4]);
    ok(&mut g, Command::Fire("g1".into()));
    assert_eq!(fired(&g), vec![(4, 0, true)]);
}

#[test]
fn combat_restrictions_between_infantry_and_tank_types_itb_3_2() {
    let units = [
        tank("mk", "MarkIVMale", 3, "H02"),
        tank("mf", "MarkIVFemale", 3, "G03"),
        tank("wh", "Whippet", 3, "G04"),
        bn("a1", "allied", 3, "H04"),
        tank("t1", "A7V", 3, "H03"),
        bn("g1", "german", 3, "I03"),
    ];
    let mut g = allied(&units, "");
    ok(&mut g, Command::Activate("a1".into()));
    refused(&mut g, Command::Fire("t1".into()), "cannot fight A7V");
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate("mf".into()));
    refused(&mut g, Command::Fire("t1".into()), "cannot fight A7V");
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate("wh".into()));
    refused(&mut g, Command::Fire("t1".into()), "cannot fight A7V");
    ok(&mut g, Command::EndActivation);
    // The male Mark IV may, at -1.
    ok(&mut g, Command::Activate("mk".into()));
    g.force_dice([5]);
    ok(&mut g, Command::Fire("t1".into()));
    assert_eq!(fired(&g), vec![(5, -1, true)]);
    // German infantry cannot fight a Mark IV. (The Allied phase ends by itself: every unit has acted.)
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate("g1".into()));
    refused(&mut g, Command::Fire("mk".into()), "cannot fight Mark IV");
}

#[test]
fn the_tanks_in_combat_matrix_replaces_terrain_itb_3_2() {
    let units = [
        tank("mk", "MarkIVFemale", 3, "H04"),
        tank("wh", "Whippet", 3, "D08"),
        tank("t1", "A7V", 3, "H06"),
        bn("g1", "german", 3, "D07"),
        bn("a1", "allied", 2, "A01"),
    ];
    let mut g = game(&units.concat(), "");
    ok(&mut g, Command::Activate("t1".into()));
    g.force_dice([6, 5]);
    ok(&mut g, Command::Fire("mk".into()));
    ok(&mut g, Command::Fire("mk".into()));
    assert_eq!(fired(&g), vec![(6, -2, true), (5, -2, false)]);
    ok(&mut g, Command::EndActivation);
    // A German battalion fights a Whippet at no modifier, even though g1 ... and the Whippet
    // sits in clear terrain; terrain would not count anyway.
    ok(&mut g, Command::Activate("g1".into()));
    g.force_dice([4]);
    ok(&mut g, Command::Fire("wh".into()));
    assert_eq!(fired(&g).last(), Some(&(4, 0, true)));
}

#[test]
fn tanks_neither_fight_into_nor_from_forest_and_villages_itb_3_2() {
    let units = [
        tank("mk", "MarkIVMale", 3, "C03"),
        tank("mk2", "MarkIVMale", 3, "D04"),
        bn("g1", "german", 3, "C04"),
        bn("g2", "german", 3, "E05"),
    ];
    let mut g = allied(&units, "");
    ok(&mut g, Command::Activate("mk".into()));
    refused(&mut g, Command::Fire("g1".into()), "in a forest or village");
    refused(&mut g, Command::Assault("g1".into()), "town or forest");
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate("mk2".into()));
    refused(&mut g, Command::Fire("g2".into()), "tank in a village or forest hex cannot fight");
}

#[test]
fn a_stronger_battalion_assaults_on_four_to_six_and_takes_the_hex_itb_3_3() {
    let mut g = allied(&[bn("a1", "allied", 4, "H03"), bn("g1", "german", 3, "H04")], "");
    ok(&mut g, Command::Activate("a1".into()));
    // Four dice: 4 and 5 are two losses; g1's return test d6 3 + 2 (assaulted by a battalion).
    g.force_dice([4, 5, 1, 1, 3]);
    ok(&mut g, Command::Assault("g1".into()));
    assert_eq!(hex_of(&mut g, "a1").as_deref(), Some("H04"));
    // 3 + 2 = 5: turn 7, but a battalion eliminated on the first day returns on the next day's first
    // turn at the latest (turn 6 of the test track).
    assert_eq!(return_test(&g), (3, 5, Some(6)));
    assert_eq!(location(&mut g, "g1"), Location::OnTrack { turn: 6 });
    assert_eq!(g.world().resource::<Tracks>().intensity, 2, "+1 for the assault, +1 for the eliminated battalion");
}

fn return_test(g: &Game<Bastards>) -> (u32, i32, Option<u32>) {
    g.events()
        .find_map(|e| match &e.kind {
            EventKind::ReturnTest { roll, result, returns_on, .. } => Some((*roll, *result, *returns_on)),
            _ => None,
        })
        .expect("a return test")
}

#[test]
fn an_assault_that_fails_eliminates_the_attacker_itb_3_3() {
    // Equal medals: losses on 5-6 only. One loss is not enough against a full battalion.
    let mut g = allied(&[bn("a1", "allied", 3, "H03"), bn("g1", "german", 3, "H04")], "");
    ok(&mut g, Command::Activate("a1".into()));
    // a1's return test: d6 2 + 3 (attacker of a failed assault on a battalion) = 5: turn 7.
    g.force_dice([5, 4, 1, 2]);
    ok(&mut g, Command::Assault("g1".into()));
    assert!(reduced(&mut g, "g1"));
    assert_eq!(return_test(&g), (2, 5, Some(6)));
    assert_eq!(location(&mut g, "a1"), Location::OnTrack { turn: 6 });
    assert_eq!(hex_of(&mut g, "g1").as_deref(), Some("H04"));
}

#[test]
fn an_assault_into_an_enemy_trench_is_at_minus_one_itb_3_3() {
    let mut g = allied(&[bn("a1", "allied", 4, "E08"), bn("g1", "german", 3, "E09")], "");
    ok(&mut g, Command::Activate("a1".into()));
    g.force_dice([4, 4, 4, 5, 6]);
    ok(&mut g, Command::Assault("g1".into()));
    let (dice, modifier, needed, losses) = g
        .events()
        .find_map(|e| match &e.kind {
            EventKind::Assaulted { dice, modifier, needed, losses, .. } => Some((dice.clone(), *modifier, *needed, *losses)),
            _ => None,
        })
        .unwrap();
    assert_eq!((dice, modifier, needed, losses), (vec![4, 4, 4, 5], -1, 4, 1));
    assert_eq!(location(&mut g, "a1").hex(), None, "the assault failed");
}

#[test]
fn a_tank_relaunches_its_assault_while_it_has_medals_itb_3_3() {
    let mut g = allied(&[tank("mk", "MarkIVMale", 3, "H03"), bn("g1", "german", 3, "H04")], "");
    ok(&mut g, Command::Activate("mk".into()));
    // First assault: one loss; breakdown test 3 (no). Second: none; test 4. Third: one loss, g1 is
    // eliminated; its return test 3 (+0, tank); breakdown test 6.
    g.force_dice([5, 1, 1, 3, 1, 1, 1, 4, 6, 1, 1, 3, 6]);
    ok(&mut g, Command::Assault("g1".into()));
    let assaults = g.events().filter(|e| matches!(e.kind, EventKind::Assaulted { .. })).count();
    assert_eq!(assaults, 3);
    assert_eq!(hex_of(&mut g, "mk").as_deref(), Some("H04"));
    assert_eq!(location(&mut g, "g1"), Location::OnTrack { turn: 5 });
    assert_eq!(g.world().resource::<Tracks>().intensity, 1, "a tank's assault does not count; the eliminated battalion does");
}

#[test]
fn a_breakdown_after_a_failed_assault_eliminates_the_tank_and_it_is_captured_itb_4_1() {
    let mut g = allied(&[tank("mk", "MarkIVMale", 3, "H03"), bn("g1", "german", 3, "H04")], "");
    ok(&mut g, Command::Activate("mk".into()));
    g.force_dice([1, 1, 1, 2]);
    ok(&mut g, Command::Assault("g1".into()));
    assert_eq!(location(&mut g, "mk"), Location::Eliminated);
    assert_eq!(g.world().resource::<Tracks>().vp.get(&Side::German), Some(&2), "a captured Allied tank (scenario 1)");
}

#[test]
fn an_assault_into_costly_terrain_tests_breakdown_before_and_after_itb_4_1() {
    // The A7V assaults a1 in its own (Allied) trench: clear 1 + enemy trench 1 = 2 MP. Turn 1:
    // German tanks break down on 1 for terrain, on 1-2 after an assault.
    let mut g = game(&[tank("t1", "A7V", 3, "E05"), bn("a1", "allied", 3, "E04")].concat(), "");
    ok(&mut g, Command::Activate("t1".into()));
    // Terrain test 2 (passes); three dice at 5+ -1: 6, 6 = two losses; a1's test 4; after test 2.
    g.force_dice([2, 6, 6, 1, 4, 2]);
    ok(&mut g, Command::Assault("a1".into()));
    let purposes: Vec<String> = g.dice().log().iter().map(|r| r.purpose.clone()).collect();
    assert!(purposes[0].contains("breakdown test") && purposes[0].contains("costly terrain"), "{purposes:?}");
    assert!(purposes.last().unwrap().contains("after an assault"));
    assert_eq!(hex_of(&mut g, "t1").as_deref(), Some("E04"));
    assert!(broken(&mut g, "t1"), "a breakdown after a successful assault puts the marker on");
    // With the breakdown marker the tank can only fight.
    let legal = g.legal().to_vec();
    assert!(legal.iter().all(|c| matches!(c, Command::Fire(_) | Command::EndActivation)), "{legal:?}");
}

#[test]
fn a_terrain_breakdown_before_an_assault_eliminates_the_tank_itb_4_1() {
    let mut g = game(&[tank("t1", "A7V", 3, "E05"), bn("a1", "allied", 3, "E04")].concat(), "");
    ok(&mut g, Command::Activate("t1".into()));
    g.force_dice([1]);
    ok(&mut g, Command::Assault("a1".into()));
    assert_eq!(location(&mut g, "t1"), Location::Eliminated);
    assert_eq!(hex_of(&mut g, "a1").as_deref(), Some("E04"));
}

#[test]
fn no_tank_assaults_a_tank_and_disorganised_battalions_do_not_assault_itb_3_3() {
    let units = [
        tank("t1", "A7V", 3, "H04"),
        tank("mk", "MarkIVMale", 3, "H03"),
        r#"(id: "a1", name: "a1", side: allied, kind: Battalion, medals: 4, hex: Some("I03"), reduced: true),"#.to_string(),
    ];
    let mut g = allied(&units, "");
    ok(&mut g, Command::Activate("mk".into()));
    refused(&mut g, Command::Assault("t1".into()), "against another tank");
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate("a1".into()));
    refused(&mut g, Command::Assault("t1".into()), "disorganised battalion cannot launch an assault");
}

#[test]
fn german_tanks_break_down_on_one_on_turn_one_and_one_or_two_later_itb_4_1() {
    let mut g = game(&[tank("t1", "A7V", 3, "C07"), bn("a1", "allied", 2, "J01")].concat(), "");
    ok(&mut g, Command::Activate("t1".into()));
    // C06 clear, C05 forest (2 MP): a test of 2 passes on turn 1; then C04, forest: 1 breaks down.
    g.force_dice([2, 1]);
    ok(&mut g, Command::Move("C05".into()));
    assert!(!broken(&mut g, "t1"));
    ok(&mut g, Command::Move("C04".into()));
    assert_eq!(hex_of(&mut g, "t1").as_deref(), Some("C04"));
    assert!(broken(&mut g, "t1"));
    refused(&mut g, Command::Move("C03".into()), "breakdown");
    // Turn 2: a 2 breaks a German tank down.
    let mut g = game(&[tank("t1", "A7V", 3, "C07"), bn("a1", "allied", 2, "J01")].concat(), "");
    ok(&mut g, Command::Done);
    skip_to_activation(&mut g, "allied");
    ok(&mut g, Command::Done);
    skip_to_activation(&mut g, "german");
    ok(&mut g, Command::Activate("t1".into()));
    g.force_dice([2]);
    ok(&mut g, Command::Move("C05".into()));
    assert!(broken(&mut g, "t1"));
    // Stopped where it broke down, MP unused.
    ok(&mut g, Command::EndActivation);
}

#[test]
fn repairs_are_mandatory_plus_two_in_an_enemy_zone_itb_4_2() {
    let mut g = game(&[tank("t1", "A7V", 3, "C07"), tank("t2", "A7V", 3, "H07"), bn("a1", "allied", 3, "H03")].concat(), "");
    ok(&mut g, Command::Activate("t1".into()));
    g.force_dice([1]);
    ok(&mut g, Command::Move("C06".into()));
    // C06 is clear: no test. Into the wood at C05: breakdown.
    ok(&mut g, Command::Move("C05".into()));
    assert!(broken(&mut g, "t1"));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate("t2".into()));
    // H06, H05 clear; H04 next to a1. No breakdown (no costly terrain): move, then fire... keep simple.
    ok(&mut g, Command::Move("H04".into()));
    // Only t1 is broken down. The German repair phase follows once the last unit has acted: d6 1
    // repairs it.
    g.force_dice([1]);
    ok(&mut g, Command::EndActivation);
    assert!(!broken(&mut g, "t1"));
    assert!(g.events().any(|e| matches!(e.kind, EventKind::Repaired { .. })));
    // In an enemy zone of control a 4 becomes 6: eliminated.
    let mut g = game(&[tank("t1", "A7V", 3, "D06"), bn("a1", "allied", 3, "C05")].concat(), "");
    ok(&mut g, Command::Activate("t1".into()));
    g.force_dice([1]);
    ok(&mut g, Command::Move("D05".into()));
    assert!(broken(&mut g, "t1"));
    g.force_dice([4]);
    ok(&mut g, Command::EndActivation);
    assert_eq!(location(&mut g, "t1"), Location::Eliminated);
}
