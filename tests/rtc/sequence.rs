//! The turn sequence (4), initiative (5), reinforcements (6) and the administrative phase (11).

use salient::rulesets::rtc::Command::*;
use salient::rulesets::rtc::admin::fatigable;
use salient::rulesets::rtc::state::Clock;
use salient::rulesets::rtc::units::{Place, Side};
use salient::rulesets::rtc::{EventKind, initiative};

use super::fixtures::*;

#[test]
fn the_british_have_the_initiative_in_turns_1_to_3_without_a_roll_rtc_5_1() {
    let g = game(&[inf("gb1", "british", "6", 35), inf("g1", "german", "54", 51)].concat());
    assert_eq!(ctx(&g).initiative, Side::British);
    assert!(g.dice().log().iter().all(|r| r.rule != "5.1"));
}

#[test]
fn initiative_roll_adds_tanks_br_areas_and_stosstruppen_rtc_5_1() {
    // One tank on the map and area 41 (BR) British-controlled: British +2; one Stosstruppen: German +1.
    let mut g = game(&[tank("t1", 35), inf("gb1", "british", "6", 41), stoss("s1", 51)].concat());
    g.world_mut().resource_mut::<Clock>().turn = 4;
    g.force_dice([3, 3, 4, 4]);
    initiative::determine(g.world_mut());
    // British 6 + 2 = 8, German 8 + 1 = 9.
    assert_eq!(ctx(&g).initiative, Side::German);
    let ev = g
        .events()
        .find_map(|e| if let EventKind::Initiative { british: Some(b), german: Some(d), .. } = &e.kind { Some((*b, *d)) } else { None });
    assert_eq!(ev, Some(((6, 2), (8, 1))));
}

#[test]
fn reinforcements_of_one_division_enter_through_one_area_rtc_6_2() {
    let units = [arriving("r1", "british", "40", 1), arriving("r2", "british", "40", 1), inf("g1", "german", "54", 51)].concat();
    let mut g = game(&units);
    assert_eq!(phase(&g), "Reinforcement");
    assert_eq!(pending_side(&g), "british");
    ok(&mut g, Place("r1".into(), 22));
    let r = refused(&mut g, Place("r2".into(), 58));
    assert!(r.contains("6.2"), "{r}");
    ok(&mut g, Place("r2".into(), 22));
    assert_eq!(place(&g, "r2"), Place::Area(22));
    assert_ne!(phase(&g), "Reinforcement");
}

#[test]
fn german_cambrai_entry_needs_a_railway_line_rtc_6_3() {
    // The British hold 31 and 64: neither railway line into Cambrai is German.
    let units = [arriving("r1", "german", "214", 1), inf("gb1", "british", "6", 31), inf("gb2", "british", "6", 64)].concat();
    let mut g = game(&units);
    assert_eq!(pending_side(&g), "german");
    let r = refused(&mut g, Place("r1".into(), 56));
    assert!(r.contains("6.3"), "{r}");
    ok(&mut g, Place("r1".into(), 98));
}

#[test]
fn reinforcements_may_not_enter_enemy_areas_and_enter_contested_ones_spent_rtc_6_1() {
    let units = [
        arriving("r1", "german", "214", 1),
        arriving("r2", "german", "215", 1),
        inf("gb1", "british", "6", 98),
        inf("gb2", "british", "6", 57),
        inf("g1", "german", "54", 57),
    ]
    .concat();
    let mut g = game(&units);
    // 98 is British-controlled now; 57 is German-controlled with British units in it.
    let r = refused(&mut g, Place("r1".into(), 98));
    assert!(r.contains("6.1"), "{r}");
    ok(&mut g, Place("r1".into(), 57));
    assert!(unit(&g, "r1").c.spent);
    ok(&mut g, Place("r2".into(), 32));
    assert!(!unit(&g, "r2").c.spent);
}

#[test]
fn fatigue_eligibility_by_turn_of_entry_example_rtc_11_2() {
    let g = cambrai(1);
    let c = ctx(&g);
    let by = |t: u32| c.sc.turn(t).and_then(|x| x.fatigue_entered_by);
    let mut u = unit(&g, "gb-152");
    // Turn 4: only units that started on the map.
    u.c.entered = 0;
    assert!(fatigable(&u, by(4).unwrap()));
    u.c.entered = 1;
    assert!(!fatigable(&u, by(4).unwrap()));
    // Turn 5: set-up units and those that entered on turn 2.
    u.c.entered = 2;
    assert!(fatigable(&u, by(5).unwrap()));
    u.c.entered = 3;
    assert!(!fatigable(&u, by(5).unwrap()));
    assert!(by(3).is_none(), "no fatigue before turn 4");
    let tank = unit(&g, "gb-tank-a");
    assert!(!fatigable(&tank, 15), "tanks are never fatigued");
}

#[test]
fn supplied_units_turn_fresh_cut_off_units_stay_spent_rtc_11_2() {
    // gb1 in 51 is cut off (all around German); gb2 in 35 traces to the British edge.
    let units = [
        inf("gb1", "british", "6", 51),
        inf("gb2", "british", "6", 35),
        inf("g1", "german", "54", 48),
        inf("g2", "german", "54", 49),
        inf("g3", "german", "54", 52),
        inf("g4", "german", "54", 54),
        inf("g5", "german", "54", 55),
    ]
    .concat();
    let mut g = game(&units);
    set(&mut g, "gb1", |c| c.spent = true);
    set(&mut g, "gb2", |c| c.spent = true);
    assert!(!ctx(&g).supplied(&unit(&g, "gb1")));
    assert!(ctx(&g).supplied(&unit(&g, "gb2")));
    // Both sides pass: to the administrative phase.
    while ctx(&g).turn == 1 {
        ok(&mut g, Done);
    }
    assert!(unit(&g, "gb1").c.spent);
    assert!(!unit(&g, "gb2").c.spent);
}

fn third_cav(british_in_cambrai: bool) -> salient::engine::game::Game<salient::rulesets::rtc::Rtc> {
    let mut units = [
        arriving("c1", "british", "3 Cav", 5),
        arriving("c2", "british", "3 Cav", 5),
        inf("gb1", "british", "6", 35),
        inf("g1", "german", "54", 98),
    ]
    .concat();
    if british_in_cambrai {
        units += &inf("gb2", "british", "6", 56);
    }
    let mut g = game_full(&units, r#"(side: british, division: "3 Cav", turn: 5, requires_control: [56])"#, &[6, 6, 1, 1]);
    g.world_mut().resource_mut::<Clock>().turn = 4;
    while ctx(&g).turn < 5 {
        ok(&mut g, Done);
    }
    g
}

#[test]
fn third_cavalry_division_arrives_only_if_the_british_hold_cambrai_rtc_6_2() {
    let g = cambrai(1);
    assert_eq!(ctx(&g).sc.spec.conditional[0].requires_control, vec![56]);
    let g = third_cav(false);
    assert_eq!(place(&g, "c1"), Place::NotInPlay);
    assert_eq!(place(&g, "c2"), Place::NotInPlay);
    let mut g = third_cav(true);
    assert_eq!(place(&g, "c1"), Place::Waiting);
    assert!(g.legal().contains(&Place("c1".into(), 22)));
}

#[test]
fn after_turn_15_the_side_with_more_victory_areas_wins_rtc_3_22() {
    // The British take 51, 62 and 72 and hold their own four: 7 of 13.
    let units =
        [inf("b1", "british", "6", 51), inf("b2", "british", "6", 62), inf("b3", "british", "6", 72), inf("g1", "german", "54", 98)]
            .concat();
    let mut g = game(&units);
    g.world_mut().resource_mut::<Clock>().turn = 15;
    while !g.is_over() {
        ok(&mut g, Done);
    }
    let v = salient::engine::Session::view(&g);
    assert_eq!(v.winner.as_deref(), Some("british"), "{:?}", v.result);
    assert_eq!(v.vp.get("british"), Some(&7));
    assert_eq!(v.vp.get("german"), Some(&6));
}

#[test]
fn broken_down_tanks_return_spent_in_23_or_35_on_turns_2_to_4_rtc_6_2_10_61() {
    let units = [tank("t1", 35), inf("gb1", "british", "6", 36), inf("g1", "german", "54", 51)].concat();
    let mut g = game(&units);
    set(&mut g, "t1", |c| c.place = Place::BrokenDown);
    // Turn 1: no return. Pass to turn 2.
    while ctx(&g).turn == 1 {
        ok(&mut g, Done);
    }
    assert_eq!(phase(&g), "Reinforcement");
    assert!(refused(&mut g, ReturnTank("t1".into(), 22)).contains("6.2"));
    ok(&mut g, ReturnTank("t1".into(), 23));
    assert_eq!(place(&g, "t1"), Place::Area(23));
    assert!(unit(&g, "t1").c.spent);
}

#[test]
fn out_of_ammunition_guns_roll_for_resupply_in_the_administrative_phase_rtc_11_2() {
    let units = [gun("a1", "british", "6", 4, 3, 23), inf("gb1", "british", "6", 36), inf("g1", "german", "54", 98)].concat();
    // The test track resupplies on 1-3.
    let mut g = game(&units);
    set(&mut g, "a1", |c| {
        c.spent = true;
        c.no_ammo = true;
    });
    while phase(&g) != "Action" {
        ok(&mut g, Done);
    }
    g.force_dice([2]);
    while ctx(&g).turn == 1 {
        ok(&mut g, Done);
    }
    let a1 = unit(&g, "a1");
    assert!(!a1.c.no_ammo && !a1.c.spent, "resupplied on a 2 and fresh again");
    assert!(g.events().any(|e| matches!(e.kind, EventKind::Resupplied { .. })));
}

#[test]
fn fatigue_from_turn_4_opponent_chooses_die_halved_areas_rtc_11_2() {
    let units = [inf("gb1", "british", "6", 36), inf("gb2", "british", "6", 35), inf("g1", "german", "54", 98)].concat();
    let mut g = game(&units);
    g.world_mut().resource_mut::<Clock>().turn = 3;
    // Turn 3 ends; turn 4 begins with the initiative roll (British 6+6, German 1+1).
    g.force_dice([6, 6, 1, 1]);
    while ctx(&g).turn == 1 || ctx(&g).turn == 3 {
        ok(&mut g, Done);
    }
    assert_eq!(ctx(&g).turn, 4);
    // Play turn 4 out: both pass; the British (initiative) fatigue roll first: a 5 gives 2 areas.
    g.force_dice([5]);
    while phase(&g) != "Administration" {
        ok(&mut g, Done);
    }
    assert_eq!(pending_side(&g), "german");
    ok(&mut g, Fatigue(36));
    assert!(unit(&g, "gb1").c.spent);
    ok(&mut g, Fatigue(35));
    assert!(unit(&g, "gb2").c.spent);
}
