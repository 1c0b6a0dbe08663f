//! 9 Nightfall, 10 the Australian night assault, the Cachy garrison, 11 victory, and the optional
//! rules (O1 MG battalions, O2 tanks vulnerable at night, O3 maintaining cohesion with its example).

use salient::engine::Game;
use salient::rulesets::bastards::map::Situation;
use salient::rulesets::bastards::scenario::VictorySpec;
use salient::rulesets::bastards::state::{Clock, Sequence, Tracks};
use salient::rulesets::bastards::units::{Breakdown, Location, Side};
use salient::rulesets::bastards::victory;
use salient::rulesets::bastards::{Bastards, Command, EventKind};

use super::fixtures::*;

fn reduced_bn(id: &str, side: &str, medals: u32, hex: &str) -> String {
    format!(r#"(id: "{id}", name: "{id}", side: {side}, kind: Battalion, medals: {medals}, hex: Some("{hex}"), reduced: true),"#)
}

fn waiting(id: &str, side: &str, kind: &str) -> String {
    format!(r#"(id: "{id}", name: "{id}", side: {side}, kind: {kind}, medals: 4),"#)
}

/// Plays the turns with `Done` until the given turn begins.
fn to_turn(g: &mut Game<Bastards>, turn: u32) {
    while g.world().resource::<Clock>().turn < turn && !g.is_over() {
        let legal = g.legal().to_vec();
        let c = if legal.contains(&Command::Done) {
            Command::Done
        } else if legal.contains(&Command::FireBarrages) {
            Command::FireBarrages
        } else {
            Command::EndActivation
        };
        ok(g, c);
    }
}

#[test]
fn nightfall_eliminates_damaged_and_broken_down_tanks_and_pulls_disorganised_battalions_back_itb_9() {
    let units = [
        r#"(id: "mk", name: "mk", side: allied, kind: MarkIVMale, medals: 3, hex: Some("A03"), reduced: true),"#.to_string(),
        tank("t1", "A7V", 3, "A11"),
        reduced_bn("a1", "allied", 3, "H08"),
        reduced_bn("a2", "allied", 2, "B08"),
        bn("g2", "german", 3, "B09"),
        reduced_bn("a3", "allied", 4, "J08"),
        bn("g3", "german", 3, "J09"),
        reduced_bn("a4", "allied", 3, "E03"),
        bn("g4", "german", 2, "E01"),
    ]
    .concat();
    let mut g = game(&units, "");
    let t1 = entity(&mut g, "t1");
    g.world_mut().entity_mut(t1).insert(Breakdown);
    to_turn(&mut g, 4);
    // The last turn before nightfall: skip to its end, forcing the nightfall dice: a2 (2 medals)
    // next to g2 rolls 3 > 2 and is lost; a3 (4 medals) next to g3 rolls 4 <= 4 and pulls back;
    // then the confusion marker: 20 - 5.
    g.force_dice([3, 4, 5]);
    to_turn(&mut g, 6);
    assert_eq!(location(&mut g, "mk"), Location::Eliminated, "damaged tank");
    assert_eq!(location(&mut g, "t1"), Location::Eliminated, "broken-down tank");
    assert_eq!(hex_of(&mut g, "a1").as_deref(), Some("H03"));
    assert!(!reduced(&mut g, "a1"), "reorganised at the end of its movement");
    assert_eq!(location(&mut g, "a2"), Location::Eliminated);
    assert_eq!(hex_of(&mut g, "a3").as_deref(), Some("J03"));
    assert_eq!(location(&mut g, "a4"), Location::Eliminated, "E02 is in g4's zone of control");
    let t = g.world().resource::<Tracks>();
    assert_eq!((t.intensity, t.confusion), (0, 15));
    assert_eq!(g.world().resource::<Clock>().sequence, Sequence::Classic);
}

#[test]
fn the_last_nightfall_ends_the_game_itb_9() {
    let mut g = game(&[bn("a1", "allied", 2, "A01"), bn("g1", "german", 2, "J12")].concat(), "");
    to_turn(&mut g, 8);
    assert!(g.is_over());
    assert!(Situation::capture(g.world()).units.len() == 2);
    assert!(g.world().resource::<Tracks>().result.is_some());
}

const NIGHT: &str =
    r#"night_assault: (turn: 5, units: ["aus1", "aus2"], max_column: 4, min_enemy_distance: 3, rounds: 3, german_reach: 2),"#;

#[test]
fn the_night_assault_deploys_west_of_the_column_away_from_the_enemy_next_to_a_supplied_friend_itb_10() {
    let units = [
        bn("a1", "allied", 3, "E02"),
        waiting("aus1", "allied", "Battalion"),
        waiting("aus2", "allied", "Battalion"),
        bn("g1", "german", 3, "E06"),
        bn("g2", "german", 3, "J12"),
    ]
    .concat();
    let mut g = game(&units, NIGHT);
    to_turn(&mut g, 5);
    assert!(g.pending().unwrap().prompt.contains("night-assault"), "{:?}", g.pending());
    let refusal = |g: &mut Game<Bastards>, hex: &str| g.submit(Command::Deploy("aus1".into(), hex.into())).unwrap_err().reason;
    assert!(refusal(&mut g, "E05").contains("west of column 4"));
    assert!(refusal(&mut g, "E04").contains("at least 3 hexes"));
    assert!(refusal(&mut g, "A01").contains("next to a friendly unit"));
    ok(&mut g, Command::Deploy("aus1".into(), "E03".into()));
    // Next to a unit just deployed is fine.
    ok(&mut g, Command::Deploy("aus2".into(), "F03".into()));
    // Round 1: only the deployed units may be activated.
    assert!(g.pending().unwrap().prompt.contains("round 1"), "{:?}", g.pending());
    assert!(g.submit(Command::Activate("a1".into())).is_err());
    ok(&mut g, Command::Activate("aus1".into()));
    ok(&mut g, Command::Move("E04".into()));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate("aus2".into()));
    ok(&mut g, Command::EndActivation);
    // The German battalions within 2 hexes of an Allied unit just activated answer: g1 (E06 is 2
    // from E04); g2 is far.
    assert_eq!(g.pending().unwrap().side, "german");
    assert!(g.legal().contains(&Command::Activate("g1".into())));
    assert!(!g.legal().contains(&Command::Activate("g2".into())));
    ok(&mut g, Command::Done);
    // Round 2: the same units again.
    assert!(g.pending().unwrap().prompt.contains("round 2"), "{:?}", g.pending());
    assert!(g.legal().contains(&Command::Activate("aus1".into())));
}

#[test]
fn tanks_are_vulnerable_to_battalion_assaults_at_night_itb_o2() {
    let units = [
        bn("a1", "allied", 3, "E02"),
        waiting("aus1", "allied", "Battalion"),
        waiting("aus2", "allied", "Battalion"),
        tank("t1", "A7V", 3, "E06"),
    ]
    .concat();
    let extra = format!("{NIGHT}\noptions: (tanks_vulnerable_at_night: true),");
    let mut g = game(&units, &extra);
    to_turn(&mut g, 5);
    // The A7V, damaged on... keep it whole: the night assault's battalion assaults it for one medal,
    // hitting on 4+ whatever the medals.
    ok(&mut g, Command::Deploy("aus1".into(), "E03".into()));
    ok(&mut g, Command::Deploy("aus2".into(), "F02".into()));
    ok(&mut g, Command::Activate("aus1".into()));
    ok(&mut g, Command::Move("E05".into()));
    let preview = salient::rulesets::bastards::preview::preview(g.world(), &Command::Assault("t1".into())).unwrap();
    assert_eq!(preview.medals, 1);
    g.force_dice([4, 4, 1, 1]);
    ok(&mut g, Command::Assault("t1".into()));
    assert_eq!(location(&mut g, "t1"), Location::Eliminated);
}

#[test]
fn a_battalion_eliminated_at_night_tests_at_minus_two_with_the_floor_of_two_itb_8() {
    let units = [
        bn("a1", "allied", 3, "E02"),
        waiting("aus1", "allied", "Battalion"),
        waiting("aus2", "allied", "Battalion"),
        reduced_bn("g1", "german", 3, "E07"),
    ]
    .concat();
    let mut g = game(&units, NIGHT);
    to_turn(&mut g, 5);
    ok(&mut g, Command::Deploy("aus1".into(), "E03".into()));
    ok(&mut g, Command::Deploy("aus2".into(), "E04".into()));
    ok(&mut g, Command::Activate("aus2".into()));
    ok(&mut g, Command::Move("E06".into()));
    // A hit eliminates the disorganised g1; its test: d6 2 + 1 (battalion attack) - 2 (night) = 1,
    // not a natural 1: it becomes 2.
    g.force_dice([6, 2]);
    ok(&mut g, Command::Fire("g1".into()));
    let (roll, result, returns) = g
        .events()
        .find_map(|e| match &e.kind {
            EventKind::ReturnTest { roll, result, returns_on, .. } => Some((*roll, *result, *returns_on)),
            _ => None,
        })
        .unwrap();
    assert_eq!((roll, result), (2, 1));
    assert_eq!(returns, Some(6), "turn 5 + 2 = 7, but no later than the next day's first turn");
}

#[test]
fn the_cachy_garrison_stays_within_two_hexes_of_its_place_itb_s1() {
    let units = [bn("a1", "allied", 4, "C03"), bn("g1", "german", 2, "J12")].concat();
    let mut g = game(&units, r#"garrisons: [(unit: "a1", place: "Wood", distance: 2)],"#);
    until(&mut g, "Allied activation", |p| p.side == "allied");
    ok(&mut g, Command::Activate("a1".into()));
    let legal = g.legal().to_vec();
    assert!(legal.contains(&Command::Move("C02".into())));
    assert!(!legal.contains(&Command::Move("C01".into())), "C01 is 3 hexes from the wood");
    let r = g.submit(Command::Move("C01".into())).unwrap_err();
    assert!(r.reason.contains("Cachy garrison"), "{r}");
}

#[test]
fn first_tank_kill_scores_four_a_whippet_two_later_kills_one_itb_s1() {
    let units = [
        tank("t1", "A7V", 3, "H06"),
        r#"(id: "wh", name: "wh", side: allied, kind: Whippet, medals: 3, hex: Some("H05"), reduced: true),"#.to_string(),
        r#"(id: "mf", name: "mf", side: allied, kind: MarkIVFemale, medals: 3, hex: Some("H07"), reduced: true),"#.to_string(),
    ]
    .concat();
    let mut g = game(&units, "");
    ok(&mut g, Command::Activate("t1".into()));
    g.force_dice([6, 6]);
    ok(&mut g, Command::Fire("wh".into()));
    assert_eq!(g.world().resource::<Tracks>().vp.get(&Side::German), Some(&2), "first kill, a Whippet: 2");
    ok(&mut g, Command::Fire("mf".into()));
    assert_eq!(g.world().resource::<Tracks>().vp.get(&Side::German), Some(&3), "later kill: 1");
}

#[test]
fn holding_the_town_with_a_line_of_communication_scores_each_turn_and_at_the_end_itb_s1() {
    let units =
        [bn("g1", "german", 3, "D09"), bn("g2", "german", 3, "D10"), bn("a1", "allied", 2, "A01"), bn("a2", "allied", 3, "E09")].concat();
    let mut g = game(&units, "");
    ok(&mut g, Command::Done);
    // End of turn 1: the German holds the Town alone: +2; a2 holds a German trench (E09).
    let vp = g.world().resource::<Tracks>().vp.clone();
    assert_eq!(vp.get(&Side::German), Some(&2));
    to_turn(&mut g, 8);
    let t = g.world().resource::<Tracks>();
    // Seven turns of +2, then 15 for the town alone at the end; the Allied player 1 for E09.
    assert_eq!(t.vp.get(&Side::German), Some(&(7 * 2 + 15)));
    assert_eq!(t.vp.get(&Side::Allied), Some(&1));
    assert!(t.result.as_ref().unwrap().starts_with("German victory"));
}

#[test]
fn the_first_tank_battle_goes_to_the_first_tank_knocked_out_itb_s2() {
    // "The player who won the first tank battle between a Mark IV and an A7V": won by knocking the
    // other's tank out (24 April: the Mark IV against the A7V Nixe), not by a first hit.
    let units = [tank("t1", "A7V", 3, "H06"), tank("mf", "MarkIVFemale", 3, "H07"), bn("a1", "allied", 2, "A01")].concat();
    let mut g = game(&units, "");
    ok(&mut g, Command::Activate("t1".into()));
    g.force_dice([6]);
    ok(&mut g, Command::Fire("mf".into()));
    assert_eq!(g.world().resource::<Tracks>().first_tank_battle, None, "damaged, not knocked out");
    g.force_dice([6]);
    ok(&mut g, Command::Fire("mf".into()));
    assert_eq!(location(&mut g, "mf"), Location::Eliminated);
    assert_eq!(g.world().resource::<Tracks>().first_tank_battle, Some(Side::German));
}

#[test]
fn scenario_two_levels_and_the_first_tank_battle_shift_itb_s2() {
    let mut g = levels_scenario(&[bn("g1", "german", 3, "D09"), bn("a1", "allied", 3, "J06"), bn("a2", "allied", 3, "E09")], 7);
    let sit = Situation::capture(g.world());
    let VictorySpec::Levels(v) = &sit.scenario.spec.victory else { panic!() };
    // The German alone in the town; the Allied player holds South and a German trench (E09): the
    // German has his operational victory (the town alone).
    assert_eq!(victory::LEVELS[victory::level(&sit, v)], "German operational victory");
    assert!(!victory::decisive(&sit, v));
    // First tank battle won by the Allied player: one rank toward him at the end.
    g.world_mut().resource_mut::<Tracks>().first_tank_battle = Some(Side::Allied);
    to_turn(&mut g, 8);
    let result = g.world().resource::<Tracks>().result.clone().unwrap();
    assert!(result.starts_with("German tactical victory (shifted from german operational victory"), "{result}");
    // How it was reached: the places the levels look at, as they were at the end.
    let end = Situation::capture(g.world());
    assert_eq!(
        victory::holdings_text(&end, v),
        "Town held by the Germans alone; North held by neither side; South held by the Allies alone; the German trenches entered by the Allies"
    );
}

#[test]
fn mg_battalions_use_two_medals_for_combat_first_itb_o1() {
    let units = [
        r#"(id: "mg", name: "mg", side: german, kind: Battalion, medals: 3, mg: true, hex: Some("H05")),"#.to_string(),
        bn("a1", "allied", 3, "H04"),
    ]
    .concat();
    let mut g = game(&units, "options: (mg_battalions: true),");
    ok(&mut g, Command::Activate("mg".into()));
    let r = g.submit(Command::Withdraw("H06".into())).unwrap_err();
    assert_eq!(r.rule.as_deref(), Some("O1"), "{r}");
    g.force_dice([1, 1]);
    ok(&mut g, Command::Fire("a1".into()));
    let fired = g.events().filter(|e| matches!(e.kind, EventKind::Fired { .. })).count();
    assert_eq!(fired, 2, "two medals, two dice");
    // Then the last medal is free: a withdrawal costs 2, but another shot is allowed.
    assert!(g.legal().contains(&Command::Fire("a1".into())));
}

#[test]
fn an_mg_battalion_without_a_target_loses_two_medals_and_may_still_move_itb_o1() {
    // "If such an action is impossible, the medals are lost for that activation": the two medals,
    // not the battalion's whole activation, turn after turn.
    let units = [
        r#"(id: "mg", name: "mg", side: german, kind: Battalion, medals: 3, mg: true, hex: Some("H09")),"#.to_string(),
        r#"(id: "mg2", name: "mg2", side: german, kind: Battalion, medals: 3, mg: true, hex: Some("B09"), reduced: true),"#.to_string(),
        bn("a1", "allied", 3, "A01"),
    ]
    .concat();
    let mut g = game(&units, "options: (mg_battalions: true),");
    ok(&mut g, Command::Activate("mg".into()));
    assert!(g.pending().unwrap().prompt.starts_with("mg: 1 medal"), "{:?}", g.pending());
    ok(&mut g, Command::Move("H08".into()));
    ok(&mut g, Command::EndActivation);
    // A disorganised MG battalion cannot fight: it rallies first.
    ok(&mut g, Command::Activate("mg2".into()));
    ok(&mut g, Command::Rally);
    assert!(!reduced(&mut g, "mg2"));
}

#[test]
fn maintaining_cohesion_example_itb_o3() {
    // The rulebook's example: scenario 2, end of the German turn 2, intensity 21, confusion 20. The
    // German player rolls 3 + 2 (turn) + 1 (21 - 20) = 6: success. Turn 3 is classic, turn 4 random.
    let units = [bn("a1", "allied", 2, "H03"), bn("g1", "german", 4, "H04"), bn("a2", "allied", 2, "A01")].concat();
    let text = scenario_text(&units, "options: (maintaining_cohesion: true),")
        .replace("intensity: 0, confusion: 20,", "intensity: 19, confusion: 20,");
    let mut g = game_from(&text);
    ok(&mut g, Command::Done);
    until(&mut g, "German turn 2", |p| p.side == "german" && p.prompt.contains("activation phase"));
    ok(&mut g, Command::Activate("g1".into()));
    // "One last assault": it succeeds, intensity 19 + 1 (assault) + 1 (eliminated) = 21.
    g.force_dice([6, 6, 1, 1, 3]);
    ok(&mut g, Command::Assault("a1".into()));
    assert_eq!(g.world().resource::<Tracks>().intensity, 21);
    until(&mut g, "the cohesion decision", |p| p.rule == "O3");
    g.force_dice([3]);
    ok(&mut g, Command::AttemptCohesion);
    let (roll, total, success) = g
        .events()
        .find_map(|e| match e.kind {
            EventKind::Cohesion { roll, total, success } => Some((roll, total, success)),
            _ => None,
        })
        .unwrap();
    assert_eq!((roll, total, success), (3, 6, true));
    assert_eq!(g.world().resource::<Clock>().turn, 3);
    assert_eq!(g.world().resource::<Clock>().sequence, Sequence::Classic);
    to_turn(&mut g, 4);
    assert_eq!(g.world().resource::<Clock>().sequence, Sequence::Random);
}

#[test]
fn an_eliminated_garrison_returns_by_its_edge_free_of_its_place_itb_s1() {
    let units = [bn("a1", "allied", 3, "C03"), bn("g1", "german", 4, "C02")].concat();
    let mut g = game(&units, r#"garrisons: [(unit: "a1", place: "Wood", distance: 2)],"#);
    ok(&mut g, Command::Activate("g1".into()));
    // Two hits eliminate a1; its return test 3 + 1 = 4: back on turn 5, entering at the end of turn 4.
    g.force_dice([6, 6, 3]);
    ok(&mut g, Command::Fire("a1".into()));
    ok(&mut g, Command::Fire("a1".into()));
    until(&mut g, "a1's return", |p| p.side == "allied" && p.prompt.contains("return to play"));
    ok(&mut g, Command::Activate("a1".into()));
    // The West edge is 3 hexes and more from the wood: allowed now.
    assert!(g.legal().iter().any(|c| matches!(c, Command::Move(_))), "{:?}", g.legal());
}

/// The test scenario scored by scenario 2's victory levels (`North` the village and the far
/// village, `South` the south village), the decisive victory from `decisive_from_turn`.
fn levels_scenario(units: &[String], decisive_from_turn: u32) -> Game<Bastards> {
    let text = scenario_text(&units.concat(), "").replace(
        "victory: Points((",
        &format!(
            r#"victory: Levels((decisive_from_turn: {decisive_from_turn}, town: "Town", wood: "Wood", village: "North", far_village: "North", south_village: "South")),
    unused_victory: Points(("#
        ),
    );
    // The replacement leaves an unknown key behind: strip the old victory block.
    let start = text.find("    unused_victory").unwrap();
    let end = text[start..].find(")),\n").unwrap() + start + 4;
    game_from(&format!("{}{}", &text[..start], &text[end..]))
}

#[test]
fn every_scenario_two_level_itb_s2() {
    let cases: [(&str, Vec<String>); 7] = [
        ("German strategic victory", vec![bn("g1", "german", 3, "D09"), bn("g2", "german", 3, "J06"), bn("a1", "allied", 3, "A01")]),
        ("German operational victory", vec![bn("g1", "german", 3, "D09"), bn("a1", "allied", 3, "A01")]),
        (
            "German tactical victory",
            vec![bn("g1", "german", 3, "D09"), bn("g2", "german", 3, "J06"), bn("a1", "allied", 3, "D10"), bn("a2", "allied", 3, "A01")],
        ),
        ("Draw", vec![bn("g1", "german", 3, "A12"), bn("a1", "allied", 3, "A01")]),
        ("Allied tactical victory", vec![bn("a1", "allied", 3, "J06"), bn("a2", "allied", 3, "E09"), bn("g1", "german", 3, "A12")]),
        ("Allied operational victory", vec![bn("a1", "allied", 3, "D09"), bn("g1", "german", 3, "A12")]),
        ("Allied strategic victory", vec![bn("a1", "allied", 3, "D09"), bn("a2", "allied", 3, "E09"), bn("g1", "german", 3, "A12")]),
    ];
    for (expected, units) in cases {
        let g = levels_scenario(&units, 7);
        let sit = Situation::capture(g.world());
        let VictorySpec::Levels(v) = &sit.scenario.spec.victory else { panic!() };
        assert_eq!(victory::LEVELS[victory::level(&sit, v)], expected, "{}", victory::holdings_text(&sit, v));
    }
}

#[test]
fn a_german_decisive_victory_ends_the_game_at_the_end_of_the_turn_itb_s2() {
    // Alone in the town and a battalion in the wood (Bois l'Abbe), at the end of a turn from the
    // scenario's turn on.
    let units = [bn("g1", "german", 3, "D09"), bn("g2", "german", 3, "C05"), bn("a1", "allied", 3, "A01")];
    let mut g = levels_scenario(&units, 1);
    ok(&mut g, Command::Done);
    assert_eq!(g.world().resource::<Tracks>().result.as_deref(), Some("German decisive victory"));
    assert!(g.pending().is_none(), "the game stops at once");
    // Not before the scenario's turn.
    let mut g = levels_scenario(&units, 2);
    ok(&mut g, Command::Done);
    assert_eq!(g.world().resource::<Tracks>().result, None);
}

#[test]
fn a_disorganised_garrison_pulls_back_only_as_far_as_its_radius_itb_s1_itb_9() {
    // The Cachy garrison "must remain at all times within 2 hexes": at Nightfall (step 2) it pulls
    // back toward the West only to the last hex within 2 of its place (here the Wood, C04-D05), and
    // is reorganised there; a battalion with no such rule goes back the full 5 hexes.
    let units = [
        r#"(id: "a1", name: "a1", side: allied, kind: Battalion, medals: 3, hex: Some("D06"), reduced: true),"#.to_string(),
        r#"(id: "a2", name: "a2", side: allied, kind: Battalion, medals: 3, hex: Some("H06"), reduced: true),"#.to_string(),
        bn("g1", "german", 2, "J12"),
    ]
    .concat();
    let mut g = game(&units, r#"garrisons: [(unit: "a1", place: "Wood", distance: 2)],"#);
    to_turn(&mut g, 6);
    assert_eq!(hex_of(&mut g, "a1").as_deref(), Some("D02"), "D01 is 3 hexes from the wood");
    assert_eq!(hex_of(&mut g, "a2").as_deref(), Some("H01"));
    assert!(!reduced(&mut g, "a1") && !reduced(&mut g, "a2"));
}
