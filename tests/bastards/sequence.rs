//! Sequence of Play (classic and random), 5 Artillery, 6 Battle Intensity, 7 Activation Markers,
//! 8 Test for Eliminated Battalions and Return to Play, 2.3 Reinforcements.

use salient::engine::Game;
use salient::rulesets::bastards::preview;
use salient::rulesets::bastards::scenario::MarkerKind;
use salient::rulesets::bastards::state::{Clock, Pool, Sequence, Tracks, markers_drawn};
use salient::rulesets::bastards::tables::ReinforcementEntry;
use salient::rulesets::bastards::units::{Hero, Location, Side};
use salient::rulesets::bastards::{Bastards, Command, EventKind};

use super::fixtures::*;

fn phases(g: &Game<Bastards>) -> Vec<(String, Option<Side>)> {
    g.events()
        .filter_map(|e| match &e.kind {
            EventKind::PhaseBegan { phase, side } => Some((phase.clone(), *side)),
            EventKind::TurnBegan { turn, .. } => Some((format!("turn {turn}"), None)),
            _ => None,
        })
        .collect()
}

fn with_artillery(units: &str, german: u32, allied: u32) -> String {
    scenario_text(units, "").replacen(
        "(turn: 1, label: \"06:00\", day: 1, german_artillery: 0, allied_artillery: 0)",
        &format!("(turn: 1, label: \"06:00\", day: 1, german_artillery: {german}, allied_artillery: {allied})"),
        1,
    )
}

#[test]
fn turn_one_has_no_allied_activation_or_repair_and_the_classic_order_itb_sop() {
    let units = [bn("a1", "allied", 2, "A01"), bn("g1", "german", 2, "J12")].concat();
    let mut g = game_from(&with_artillery(&units, 1, 1));
    // Turn 1: German barrage, Allied barrage, German activation.
    assert_eq!(g.pending().unwrap().side, "german");
    ok(&mut g, Command::FireBarrages);
    ok(&mut g, Command::FireBarrages);
    ok(&mut g, Command::Done);
    // Turn 2: barrages (none on turn 2 of the test track), Allied activation, then German.
    ok(&mut g, Command::Done);
    let seen = phases(&g);
    let names: Vec<&str> = seen.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        names,
        vec![
            "turn 1",
            "artillery barrage",
            "artillery barrage",
            "activation phase",
            "turn 2",
            "artillery barrage",
            "artillery barrage",
            "activation phase",
            "activation phase"
        ]
    );
    assert_eq!(seen[1].1, Some(Side::German));
    assert_eq!(seen[2].1, Some(Side::Allied));
    assert_eq!(seen[3].1, Some(Side::German));
    assert_eq!(seen[7].1, Some(Side::Allied));
    assert_eq!(seen[8].1, Some(Side::German));
}

#[test]
fn a_barrage_hits_on_one_to_three_minus_one_on_turn_one_or_scatters_itb_5() {
    let units = [bn("a1", "allied", 3, "H04"), bn("g1", "german", 2, "J12")].concat();
    let mut g = game_from(&with_artillery(&units, 2, 0));
    ok(&mut g, Command::PlaceBarrage("H04".into()));
    let r = g.submit(Command::PlaceBarrage("H04".into())).unwrap_err();
    assert!(r.reason.contains("one artillery marker may be placed per hex"), "{r}");
    // First marker: 4 - 1 = 3, on target; a1 disorganised, survival d6 4 > 3 medals: eliminated;
    // return test 3 + 1 = 4. Second marker: 6 - 1 = 5, scatters; direction 2 (east): A02, empty.
    g.force_dice([4, 4, 3, 6, 2]);
    ok(&mut g, Command::PlaceBarrage("A01".into()));
    let landed: Vec<(String, String, bool)> = g
        .events()
        .filter_map(|e| match &e.kind {
            EventKind::BarrageLanded { target, hex, scattered } => Some((target.clone(), hex.clone(), *scattered)),
            _ => None,
        })
        .collect();
    assert_eq!(landed, vec![("H04".into(), "H04".into(), false), ("A01".into(), "A02".into(), true)]);
    assert_eq!(location(&mut g, "a1"), Location::OnTrack { turn: 5 });
}

#[test]
fn barrage_effects_on_tanks_and_on_battalions_in_trenches_itb_5() {
    let units = [bn("a1", "allied", 3, "E04"), tank("mk", "MarkIVMale", 3, "H04"), bn("g1", "german", 2, "J12")].concat();
    let mut g = game_from(&with_artillery(&units, 2, 0));
    ok(&mut g, Command::PlaceBarrage("E04".into()));
    // E04: on target (1); a1 disorganised, survival 4 - 1 (trench) = 3, not above 3: holds.
    // H04: on target (2); the tank's die 5: a loss.
    g.force_dice([1, 4, 2, 5]);
    ok(&mut g, Command::PlaceBarrage("H04".into()));
    assert!(reduced(&mut g, "a1"));
    assert!(location(&mut g, "a1").hex().is_some());
    assert!(reduced(&mut g, "mk"), "damaged");
}

#[test]
fn german_counter_battery_reduces_the_next_allied_barrage_itb_5() {
    let units = [bn("a1", "allied", 3, "A01"), bn("g1", "german", 2, "J12")].concat();
    let mut g = game_from(&with_artillery(&units, 1, 2));
    ok(&mut g, Command::CounterBattery);
    // The German phase ends (its only marker used); the Allied player has 2 - 1 = 1 marker.
    assert!(g.pending().unwrap().prompt.contains("place 1 barrage marker"), "{:?}", g.pending());
    assert_eq!(g.submit(Command::CounterBattery).unwrap_err().reason, "only the German player can perform counter-battery fire");
}

#[test]
fn battle_intensity_rises_per_eliminated_battalion_and_per_battalion_assault_itb_6() {
    let units = [bn("a1", "allied", 4, "H03"), bn("g1", "german", 2, "H04")].concat();
    let mut g = game(&units, "");
    until(&mut g, "Allied activation", |p| p.side == "allied");
    ok(&mut g, Command::Activate("a1".into()));
    g.force_dice([6, 6, 1, 1, 3]);
    ok(&mut g, Command::Assault("g1".into()));
    assert_eq!(g.world().resource::<Tracks>().intensity, 2);
}

#[test]
fn reaching_the_confusion_marker_makes_the_next_turn_random_itb_6() {
    let units = [bn("a1", "allied", 2, "A01"), bn("g1", "german", 2, "J12")].concat();
    let mut g = game_from(&scenario_text(&units, "").replace("intensity: 0, confusion: 20,", "intensity: 3, confusion: 3,"));
    assert_eq!(g.world().resource::<Clock>().sequence, Sequence::Classic);
    ok(&mut g, Command::Done);
    assert_eq!(g.world().resource::<Clock>().sequence, Sequence::Random);
    assert!(g.events().any(|e| matches!(e.kind, EventKind::TurnBegan { turn: 2, random: true })));
    // Markers are drawn at once.
    assert!(g.events().any(|e| matches!(e.kind, EventKind::MarkerDrawn { .. })));
}

#[test]
fn the_random_sequence_draws_five_markers_then_returns_and_advances_itb_7_1() {
    let units = [bn("a1", "allied", 2, "A01"), bn("g1", "german", 2, "J12")].concat();
    let mut g = game_from(&scenario_text(&units, "").replace("intensity: 0, confusion: 20,", "intensity: 3, confusion: 3,"));
    // Draw pool order (scenario order): 1 Bn1 A, 2 Bn1 A, 3 Bn3 A, 4 Bn1 G, 5 Bn1 G, 6 Bn3 G, 7 Tanks A,
    // 8 Tanks G, 9 Hero A, 10 Hero G, 11 Art A, 12 Art G, 13 Rout A, 14 Rout G, 15 Mech A, 16 Mech G,
    // 17 Reinf A, 18 Reinf G, 19 Pause, 20 End of turn. Draw Tanks A (7): no tank, nothing to do;
    // then the same position 7 again and again: Tanks G, Hero A... Hero A places a hero: decline.
    g.force_dice([7, 7, 7]);
    ok(&mut g, Command::Done);
    let drawn: Vec<String> = g
        .events()
        .filter_map(|e| match &e.kind {
            EventKind::MarkerDrawn { marker, .. } => Some(marker.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(drawn[..3], ["Allied tank activation".to_string(), "German tank activation".into(), "Allied hero".into()]);
    assert!(g.pending().unwrap().prompt.contains("hero"));
    let pool = g.world().resource::<Pool>().markers.len();
    assert_eq!(pool, 18, "two markers out of the pool; the hero goes back in");
    // Two more draws (4 = Bn1 G with g1 to activate, then the Done ends it), then the turn ends.
    g.force_dice([4, 4]);
    ok(&mut g, Command::Done);
    ok(&mut g, Command::Done);
    let draws = g.events().filter(|e| matches!(e.kind, EventKind::MarkerDrawn { .. })).count();
    assert_eq!(draws, 5);
    while g.world().resource::<Clock>().turn == 2 {
        ok(&mut g, Command::Done);
    }
    assert!(g.events().any(|e| matches!(e.kind, EventKind::TurnBegan { turn: 3, random: true })));
}

#[test]
fn a_hero_rallies_its_battalion_adds_a_medal_and_activates_it_at_once_itb_7_2() {
    let units = [
        r#"(id: "a1", name: "a1", side: allied, kind: Battalion, medals: 3, hex: Some("H03"), reduced: true),"#.to_string(),
        bn("g1", "german", 2, "H05"),
    ]
    .concat();
    let mut g = game_from(&scenario_text(&units, "").replace("intensity: 0, confusion: 20,", "intensity: 3, confusion: 3,"));
    g.force_dice([9]);
    ok(&mut g, Command::Done);
    ok(&mut g, Command::PlaceHero("a1".into()));
    assert!(!reduced(&mut g, "a1"));
    let e = entity(&mut g, "a1");
    assert!(g.world().get::<Hero>(e).is_some());
    assert!(g.pending().unwrap().prompt.starts_with("a1: 4 medals left"), "{:?}", g.pending());
}

#[test]
fn rout_pulls_disorganised_battalions_back_five_hexes_or_eliminates_them_itb_7_2() {
    let units = [
        r#"(id: "a1", name: "a1", side: allied, kind: Battalion, medals: 3, hex: Some("H08"), reduced: true),"#.to_string(),
        r#"(id: "a2", name: "a2", side: allied, kind: Battalion, medals: 3, hex: Some("B04"), reduced: true),"#.to_string(),
        r#"(id: "a3", name: "a3", side: allied, kind: Battalion, medals: 3, hex: Some("J07"), reduced: true),"#.to_string(),
        bn("g1", "german", 2, "J04"),
        bn("g2", "german", 2, "A12"),
    ]
    .concat();
    let mut g = game_from(&scenario_text(&units, "").replace("intensity: 0, confusion: 20,", "intensity: 3, confusion: 3,"));
    // Rout A is the 13th marker.
    g.force_dice([13]);
    ok(&mut g, Command::Done);
    assert_eq!(hex_of(&mut g, "a1").as_deref(), Some("H03"), "five hexes west");
    assert_eq!(location(&mut g, "a2"), Location::Eliminated, "off the map: eliminated");
    assert_eq!(location(&mut g, "a3"), Location::Eliminated, "J05 is in g1's zone: eliminated");
    assert!(reduced(&mut g, "a1"), "a rout does not reorganise");
}

#[test]
fn pause_reorganises_up_to_three_units_away_from_the_enemy_itb_7_2() {
    let red = |id: &str, hex: &str| {
        format!(r#"(id: "{id}", name: "{id}", side: allied, kind: Battalion, medals: 3, hex: Some("{hex}"), reduced: true),"#)
    };
    let units =
        [red("a1", "A01"), red("a2", "A03"), red("a3", "A05"), red("a4", "A07"), red("a5", "H04"), bn("g1", "german", 2, "H05")].concat();
    let mut g = game_from(&scenario_text(&units, "").replace("intensity: 0, confusion: 20,", "intensity: 3, confusion: 3,"));
    g.force_dice([19]);
    ok(&mut g, Command::Done);
    let r = g.submit(Command::Reorganise("a5".into())).unwrap_err();
    assert!(r.reason.contains("adjacent to enemy"), "{r}");
    ok(&mut g, Command::Reorganise("a1".into()));
    ok(&mut g, Command::Reorganise("a2".into()));
    ok(&mut g, Command::Reorganise("a3".into()));
    assert!(reduced(&mut g, "a4"), "three at most");
    assert!(!reduced(&mut g, "a1"));
}

#[test]
fn a_drawn_rout_does_not_come_back_the_next_turn_itb_7_1() {
    // "At the start of the game, all the activation markers are placed in an opaque container ...
    // Drawn markers are not returned to the pool."
    let units = [bn("a1", "allied", 2, "A01"), bn("g1", "german", 2, "J12")].concat();
    let mut g = game_from(&scenario_text(&units, "").replace("intensity: 0, confusion: 20,", "intensity: 3, confusion: 3,"));
    // Turn 2: Rout A (13th of 20), then End of turn (now 19th of 19); turn 3: the first marker left.
    g.force_dice([13, 19, 1]);
    ok(&mut g, Command::Done);
    assert!(g.events().any(|e| matches!(e.kind, EventKind::TurnBegan { turn: 3, random: true })));
    let pool = g.world().resource::<Pool>();
    assert_eq!(pool.markers.len(), 17, "20 markers, three drawn and none returned: {:?}", pool.markers);
    assert!(!pool.markers.contains(&(MarkerKind::Rout, Some(Side::Allied))));
    assert_eq!(markers_drawn(g.world()).len(), 1, "only this turn's marker on the turn track");
}

#[test]
fn end_of_turn_marker_ends_the_turn_at_once_itb_7_2() {
    let units = [bn("a1", "allied", 2, "A01"), bn("g1", "german", 2, "J12")].concat();
    let mut g = game_from(&scenario_text(&units, "").replace("intensity: 0, confusion: 20,", "intensity: 3, confusion: 3,"));
    g.force_dice([20]);
    ok(&mut g, Command::Done);
    // Turn 2 ended after one draw; turn 3 has begun.
    assert_eq!(g.world().resource::<Clock>().turn, 3);
}

#[test]
fn the_elimination_test_natural_one_above_six_and_the_floor_of_two_itb_8() {
    // Natural 1: out for good.
    let units = [bn("a1", "allied", 4, "H03"), bn("g1", "german", 2, "H04")].concat();
    let mut g = game(&units, "");
    until(&mut g, "Allied activation", |p| p.side == "allied");
    ok(&mut g, Command::Activate("a1".into()));
    g.force_dice([6, 6, 1]);
    ok(&mut g, Command::Fire("g1".into()));
    ok(&mut g, Command::Fire("g1".into()));
    assert_eq!(location(&mut g, "g1"), Location::Eliminated);
    // Above 6: a failed assault on a battalion, +3: a 4 makes 7.
    let mut g = game(&[bn("a1", "allied", 3, "H03"), bn("g1", "german", 3, "H04")].concat(), "");
    until(&mut g, "Allied activation", |p| p.side == "allied");
    ok(&mut g, Command::Activate("a1".into()));
    g.force_dice([1, 1, 1, 4]);
    ok(&mut g, Command::Assault("g1".into()));
    assert_eq!(location(&mut g, "a1"), Location::Eliminated);
}

#[test]
fn eliminated_battalions_return_at_the_end_of_the_turn_before_their_space_with_one_medal_itb_8() {
    let units = [bn("a1", "allied", 4, "H03"), bn("g1", "german", 3, "H04"), bn("g2", "german", 2, "A12")].concat();
    let mut g = game(&units, "");
    until(&mut g, "Allied activation", |p| p.side == "allied");
    ok(&mut g, Command::Activate("a1".into()));
    // g1 eliminated on turn 2: test d6 1? no: 2 + 1 = 3... use a forced 1 + 0? A battalion attack
    // is +1: d6 1 is a natural 1. d6 2 -> 3 -> turn 5, returning at the end of turn 4.
    g.force_dice([6, 6, 2]);
    ok(&mut g, Command::Fire("g1".into()));
    ok(&mut g, Command::Fire("g1".into()));
    assert_eq!(location(&mut g, "g1"), Location::OnTrack { turn: 5 });
    until(&mut g, "g1's return", |p| p.side == "german" && p.prompt.contains("return to play"));
    assert_eq!(g.world().resource::<Clock>().turn, 4);
    ok(&mut g, Command::Activate("g1".into()));
    // One medal: 2 MP from the East edge (J12...).
    let legal = g.legal().to_vec();
    assert!(legal.contains(&Command::Move("H11".into())), "{legal:?}");
    assert!(!legal.contains(&Command::Move("H10".into())), "3 MP is beyond one medal");
    ok(&mut g, Command::Move("H11".into()));
    let legal = g.legal().to_vec();
    assert!(legal.iter().all(|c| matches!(c, Command::Move(_) | Command::EndActivation)), "nothing but its medal's movement: {legal:?}");
}

#[test]
fn reinforcement_marker_brings_back_two_eliminated_battalions_itb_7_2() {
    let units = [bn("a1", "allied", 4, "A01"), bn("g1", "german", 3, "J12")].concat();
    let mut g = game_from(&scenario_text(&units, "").replace("intensity: 0, confusion: 20,", "intensity: 3, confusion: 3,"));
    let e = entity(&mut g, "g1");
    *g.world_mut().get_mut::<Location>(e).unwrap() = Location::OnTrack { turn: 6 };
    // German reinforcements: the 18th marker.
    g.force_dice([18]);
    ok(&mut g, Command::Done);
    assert!(g.legal().contains(&Command::Activate("g1".into())), "{:?}", g.legal());
    ok(&mut g, Command::Activate("g1".into()));
    ok(&mut g, Command::Move("E12".into()));
    assert_eq!(hex_of(&mut g, "g1").as_deref(), Some("E12"));
}

#[test]
fn reinforcements_a7v_on_turn_one_with_optional_tanks_scoring_for_the_allies_on_entry_itb_2_3_1() {
    let units = [
        bn("a1", "allied", 2, "A01"),
        r#"(id: "t1", name: "t1", side: german, kind: A7V, medals: 3),"#.to_string(),
        r#"(id: "opt", name: "opt", side: german, kind: A7V, medals: 3),"#.to_string(),
        r#"(id: "opt2", name: "opt2", side: german, kind: A7V, medals: 3),"#.to_string(),
    ]
    .concat();
    let extra = r#"reinforcements: [
        (turn: 1, side: german, units: ["t1"]),
        (turn: 1, side: german, units: ["opt", "opt2"], optional: true, enemy_vp_each: 2),
    ],"#;
    let mut g = game(&units, extra);
    let allied_vp = |g: &Game<Bastards>| g.world().resource::<Tracks>().vp.get(&Side::Allied).copied().unwrap_or(0);
    // "For each extra A7V, the Allied player scores 2 VPs": for a tank brought in, not one that
    // was activated and stayed off the map.
    ok(&mut g, Command::Activate("opt2".into()));
    ok(&mut g, Command::EndActivation);
    assert_eq!(allied_vp(&g), 0, "opt2 did not enter");
    ok(&mut g, Command::Activate("opt".into()));
    assert_eq!(allied_vp(&g), 0, "activated, not yet on the map");
    ok(&mut g, Command::Move("J12".into()));
    assert_eq!(allied_vp(&g), 2);
}

#[test]
fn whippets_arrive_on_turn_three_by_rows_n_to_p_one_die_plus_one_itb_2_3_3() {
    let units = [
        bn("g1", "german", 2, "J12"),
        r#"(id: "w1", name: "w1", side: allied, kind: Whippet, medals: 3),"#.to_string(),
        r#"(id: "w2", name: "w2", side: allied, kind: Whippet, medals: 3),"#.to_string(),
        r#"(id: "w3", name: "w3", side: allied, kind: Whippet, medals: 3),"#.to_string(),
        bn("a1", "allied", 2, "A01"),
    ]
    .concat();
    let extra = r#"reinforcements: [(turn: 3, side: allied, units: ["w1", "w2", "w3"], count: DiePlus(1), rows: ["F", "G"])],"#;
    let mut g = game(&units, extra);
    until(&mut g, "turn 3 Allied", |p| p.side == "allied" && p.prompt.contains("activation phase"));
    // Turn 2: no Whippet yet.
    assert!(!g.legal().contains(&Command::Activate("w1".into())));
    ok(&mut g, Command::Done);
    g.force_dice([1]);
    until(&mut g, "turn 3 Allied", |p| p.side == "allied" && p.prompt.contains("activation phase"));
    // d6 1 + 1 = 2 Whippets: w3 is not used.
    assert_eq!(location(&mut g, "w3"), Location::Unused);
    ok(&mut g, Command::Activate("w1".into()));
    let legal = g.legal().to_vec();
    assert!(legal.contains(&Command::Move("F01".into())) && legal.contains(&Command::Move("G01".into())));
    // E01 is reached through F01: the entry hex is in row F or G.
    ok(&mut g, Command::Move("E01".into()));
    let path = g.events().find_map(|e| match &e.kind {
        EventKind::Moved { path, .. } => Some(path.clone()),
        _ => None,
    });
    assert_eq!(path.unwrap(), vec!["F01".to_string(), "E01".to_string()]);
}

/// A tank of `kind` due on turn 2, which the random sequence already rules, enters before the first
/// marker is drawn (2.3.3).
fn enters_before_the_first_draw_of_a_random_turn(kind: &str) {
    let units = [
        bn("g1", "german", 2, "J12"),
        format!(r#"(id: "t1", name: "t1", side: allied, kind: {kind}, medals: 3),"#),
        bn("a1", "allied", 2, "A01"),
    ]
    .concat();
    let extra = r#"reinforcements: [(turn: 2, side: allied, units: ["t1"])],"#;
    let mut g = game_from(&scenario_text(&units, extra).replace("intensity: 0, confusion: 20,", "intensity: 3, confusion: 3,"));
    ok(&mut g, Command::Done);
    assert_eq!(g.world().resource::<Clock>().sequence, Sequence::Random);
    assert!(g.legal().contains(&Command::Activate("t1".into())), "{:?}", g.pending());
    assert!(!g.events().any(|e| matches!(e.kind, EventKind::MarkerDrawn { .. })), "no draw yet");
    ok(&mut g, Command::Activate("t1".into()));
    ok(&mut g, Command::Move("C01".into()));
    ok(&mut g, Command::EndActivation);
    assert!(g.events().any(|e| matches!(e.kind, EventKind::MarkerDrawn { .. })));
}

#[test]
fn whippets_enter_before_the_first_draw_when_the_random_sequence_runs_itb_2_3_3() {
    enters_before_the_first_draw_of_a_random_turn("Whippet");
}

/// Scenario 1 is played on the part of the map north of row P inclusive (Scenarios, scenario 1):
/// barrage markers go on any hex of that map (5), never on rows Q to AA, and the preview offers none
/// there.
#[test]
fn barrage_markers_only_on_the_map_in_play_itb_5_scenario_1() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bastards/first-tank-battle.ron");
    let mut g = Game::<Bastards>::open(&path, 1, Vec::new()).unwrap_or_else(|d| panic!("{d:?}"));
    let mut steps = 0;
    while !g.legal().iter().any(|c| matches!(c, Command::PlaceBarrage(_))) {
        let c = g.legal()[0].clone();
        ok(&mut g, c);
        steps += 1;
        assert!(steps < 2_000, "no barrage phase");
    }
    let board = &g.scenario().board;
    let row_p = board.offset_of(board.parse("P01").unwrap()).1;
    let targets: Vec<String> =
        g.legal().iter().filter_map(|c| if let Command::PlaceBarrage(l) = c { Some(l.clone()) } else { None }).collect();
    let board = &g.scenario().board;
    assert!(targets.iter().any(|l| l.starts_with('P')), "row P is in play");
    for l in &targets {
        assert!(board.offset_of(board.parse(l).unwrap()).1 <= row_p, "{l} is south of row P");
    }
    for l in ["Q10", "AA05"] {
        let r = g.submit(Command::PlaceBarrage(l.into())).unwrap_err();
        assert_eq!(r.rule.as_deref(), Some("Scenarios"), "{r}");
        assert!(preview::preview(g.world(), &Command::PlaceBarrage(l.into())).is_none(), "no preview for {l}");
    }
    assert!(preview::preview(g.world(), &Command::PlaceBarrage("P10".into())).is_some());
}

#[test]
fn the_mechanic_repairs_a_damaged_tank_and_activates_it_at_once_itb_7_2() {
    let units = [
        r#"(id: "mk", name: "mk", side: allied, kind: MarkIVMale, medals: 3, hex: Some("B02"), reduced: true),"#.to_string(),
        bn("g1", "german", 2, "J12"),
    ]
    .concat();
    let mut g = game_from(&scenario_text(&units, "").replace("intensity: 0, confusion: 20,", "intensity: 3, confusion: 3,"));
    // Mech A is the 15th marker.
    g.force_dice([15]);
    ok(&mut g, Command::Done);
    ok(&mut g, Command::Repair("mk".into()));
    assert!(!reduced(&mut g, "mk"), "repaired");
    assert!(g.pending().unwrap().prompt.starts_with("mk: 3 medals left"), "{:?}", g.pending());
}

#[test]
fn the_tanks_marker_activates_up_to_three_tanks_itb_7_2() {
    let units = [
        tank("t1", "MarkIVMale", 3, "A01"),
        tank("t2", "MarkIVMale", 3, "A03"),
        tank("t3", "MarkIVMale", 3, "A05"),
        tank("t4", "MarkIVMale", 3, "A07"),
        bn("g1", "german", 2, "J12"),
    ]
    .concat();
    let mut g = game_from(&scenario_text(&units, "").replace("intensity: 0, confusion: 20,", "intensity: 3, confusion: 3,"));
    // Tanks A is the 7th marker.
    g.force_dice([7]);
    ok(&mut g, Command::Done);
    for t in ["t1", "t2", "t3"] {
        ok(&mut g, Command::Activate(t.into()));
        ok(&mut g, Command::EndActivation);
    }
    assert!(g.submit(Command::Activate("t4".into())).is_err(), "a fourth tank: {:?}", g.pending());
}

#[test]
fn a_side_has_one_hero_counter_itb_7_2() {
    let units = [bn("a1", "allied", 3, "H03"), bn("a2", "allied", 3, "A01"), bn("g1", "german", 2, "J12")].concat();
    let mut g = game_from(&scenario_text(&units, "").replace("intensity: 0, confusion: 20,", "intensity: 3, confusion: 3,"));
    // Hero A (9th) twice: the marker goes back into the pool, the counter stays on a1.
    g.force_dice([9]);
    ok(&mut g, Command::Done);
    ok(&mut g, Command::PlaceHero("a1".into()));
    g.force_dice([9]);
    ok(&mut g, Command::EndActivation);
    let heroes = g.events().filter(|e| matches!(&e.kind, EventKind::MarkerDrawn { marker, .. } if marker == "Allied hero")).count();
    assert_eq!(heroes, 2);
    assert!(g.submit(Command::PlaceHero("a2".into())).is_err(), "the side's hero counter is on a1");
}

/// A game with a Mark IV due on turn 2 (`edit` changes the tables), played to turn 3's Allied
/// activation phase without bringing it in on turn 2.
fn mark_iv_left_out_on_its_turn(edit: impl FnOnce(&mut <Bastards as salient::engine::Ruleset>::Scenario)) -> Game<Bastards> {
    let units = [
        bn("g1", "german", 2, "J12"),
        r#"(id: "m1", name: "m1", side: allied, kind: MarkIVMale, medals: 3),"#.to_string(),
        bn("a1", "allied", 2, "A01"),
    ]
    .concat();
    let extra = r#"reinforcements: [(turn: 2, side: allied, units: ["m1"])],"#;
    let mut g = game_with(&units, extra, edit);
    until(&mut g, "turn 2 Allied", |p| p.side == "allied" && p.prompt.contains("activation phase"));
    assert!(g.legal().contains(&Command::Activate("m1".into())));
    ok(&mut g, Command::Done);
    until(&mut g, "turn 2 German", |p| p.side == "german" && p.prompt.contains("activation phase"));
    until(&mut g, "turn 3 Allied", |p| p.side == "allied" && p.prompt.contains("activation phase"));
    assert_eq!(g.world().resource::<Clock>().turn, 3);
    g
}

#[test]
fn a_reinforcement_not_brought_in_on_its_turn_is_not_used_itb_2_3() {
    // 2.3.2: the Mark IVs "arriving as reinforcements on turn 2 enter play ... during the Allied
    // player's activation phase" (tables: reinforcement_entry: OnItsTurn).
    let mut g = mark_iv_left_out_on_its_turn(|_| {});
    assert_eq!(location(&mut g, "m1"), Location::Unused);
    assert!(!g.legal().contains(&Command::Activate("m1".into())));
    assert!(g.events().any(|e| e.rule == "2.3" && e.text.contains("did not enter on turn 2")));
}

#[test]
fn with_late_entry_a_reinforcement_may_enter_on_a_later_turn_itb_2_3() {
    let mut g = mark_iv_left_out_on_its_turn(|s| s.tables.reinforcement_entry = ReinforcementEntry::FromItsTurn);
    assert_eq!(location(&mut g, "m1"), Location::Waiting);
    ok(&mut g, Command::Activate("m1".into()));
}

#[test]
fn mark_ivs_due_on_a_random_turn_two_enter_before_the_first_draw_itb_2_3_2() {
    // 2.3.3's "before the first activation marker is drawn", read for 2.3.2's Mark IVs as well: no
    // marker activates an off-map tank, so without it they could never enter.
    enters_before_the_first_draw_of_a_random_turn("MarkIVFemale");
}
