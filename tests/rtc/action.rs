//! The action phase (9) and attacks (10).

use salient::rulesets::rtc::Command::*;
use salient::rulesets::rtc::state::{BarrageMarker, InArea};
use salient::rulesets::rtc::units::{Place, Side};
use salient::rulesets::rtc::{BarrageKind, EventKind};

use super::fixtures::*;

fn attack_events(g: &salient::engine::game::Game<salient::rulesets::rtc::Rtc>) -> Vec<(i32, i32, bool)> {
    g.events().filter_map(|e| if let EventKind::Attack { ot, dt, success, .. } = e.kind { Some((ot, dt, success)) } else { None }).collect()
}

#[test]
fn attack_fails_lead_unit_eliminated_supporters_return_and_phase_passes_rtc_10_3() {
    let units = [inf("gb1", "british", "6", 35), inf("gb2", "british", "6", 35), inf("g1", "german", "54", 48)].concat();
    let mut g = game_with_dice(&units, &[1, 1, 6, 6]);
    assert_eq!(phase(&g), "Action");
    ok(&mut g, Activate(35));
    ok(&mut g, Add("gb1".into()));
    ok(&mut g, Add("gb2".into()));
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("gb1".into()));
    assert_eq!(pending_side(&g), "german");
    ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
    // OT 3 + 1 support + 2 = 6; DT 4 + TEM 3 + 12 = 19.
    assert_eq!(attack_events(&g), vec![(6, 19, false)]);
    assert_eq!(place(&g, "gb1"), Place::Eliminated);
    assert_eq!(place(&g, "gb2"), Place::Area(35));
    assert!(unit(&g, "gb2").c.spent);
    // 9.2 c: the action phase passes to the Germans.
    assert_eq!(pending_side(&g), "german");
}

#[test]
fn attack_succeeds_divisional_integrity_and_loss_points_paid_rtc_10_2_10_31() {
    let units = [
        inf("gb1", "british", "6", 35),
        inf("gb2", "british", "6", 35),
        inf("gb3", "british", "6", 35),
        inf("g1", "german", "54", 48),
        inf("g2", "german", "54", 48),
        inf("spare", "british", "6", 23),
    ]
    .concat();
    let mut g = game_with_dice(&units, &[6, 6, 1, 1]);
    ok(&mut g, Activate(35));
    for u in ["gb1", "gb2", "gb3"] {
        ok(&mut g, Add(u.into()));
    }
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("gb1".into()));
    ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
    // OT 3 + 2 supports + 1 integrity + 12 = 18; DT 4 + 1 fresh supporting defender + TEM 3 + 2 = 10.
    assert_eq!(attack_events(&g), vec![(18, 10, true)]);
    // 8 loss points: flip g1 (2), eliminate spent g1 (2), eliminate fresh g2 (4).
    ok(&mut g, Flip("g1".into()));
    ok(&mut g, Eliminate("g1".into()));
    ok(&mut g, Eliminate("g2".into()));
    assert_eq!(place(&g, "g2"), Place::Eliminated);
    // The attackers hold area 48, spent; the British keep the action phase.
    assert_eq!(place(&g, "gb1"), Place::Area(48));
    assert!(unit(&g, "gb1").c.spent);
    assert_eq!(ctx(&g).controller(48), Side::British);
}

#[test]
fn partial_loss_points_must_be_paid_in_full_units_rtc_10_31() {
    let units =
        [inf("gb1", "british", "6", 35), inf("gb2", "british", "6", 35), inf("g1", "german", "54", 48), inf("spare", "british", "6", 23)]
            .concat();
    // OT 3 + 1 + 12 = 16; DT 4 + 3 + 8 = 15: one loss point, which still costs a flip (2).
    let mut g = game_with_dice(&units, &[6, 6, 4, 4]);
    ok(&mut g, Activate(35));
    ok(&mut g, Add("gb1".into()));
    ok(&mut g, Add("gb2".into()));
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("gb1".into()));
    ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
    assert_eq!(attack_events(&g), vec![(16, 15, true)]);
    assert_eq!(pending_side(&g), "german");
    ok(&mut g, Flip("g1".into()));
    assert!(unit(&g, "g1").c.spent);
    assert_eq!(place(&g, "g1"), Place::Area(48));
    assert_eq!(pending_side(&g), "british");
}

#[test]
fn eliminations_before_retreats_and_retreat_priority_rtc_10_41() {
    let units = [
        inf("gb1", "british", "6", 35),
        inf("gb2", "british", "6", 35),
        inf("gb3", "british", "6", 35),
        inf("g1", "german", "54", 48),
        inf("g2", "german", "54", 48),
        inf("g3", "german", "54", 49),
    ]
    .concat();
    let mut g = game_with_dice(&units, &[6, 6, 1, 1]);
    set(&mut g, "g1", |c| c.spent = true);
    set(&mut g, "g2", |c| c.spent = true);
    ok(&mut g, Activate(35));
    for u in ["gb1", "gb2", "gb3"] {
        ok(&mut g, Add(u.into()));
    }
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("gb1".into()));
    ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
    // Empty areas come first: not 49, which holds German units.
    let c = ctx(&g);
    let open = c.retreat_areas(Side::German, 48, salient::rulesets::rtc::units::Kind::Infantry);
    assert!(open.iter().all(|&a| !c.sit.has(a, Side::German) && !c.sit.has(a, Side::British)), "{open:?}");
    assert!(refused(&mut g, Retreat("g1".into(), 49)).contains("10.41"));
    ok(&mut g, Retreat("g1".into(), open[0]));
    assert!(refused(&mut g, Eliminate("g2".into())).contains("10.31"));
}

#[test]
fn tank_lead_that_eliminates_all_defenders_overruns_rtc_10_5() {
    let units = [tank("t1", 35), inf("g1", "german", "54", 48), inf("g2", "german", "54", 49)].concat();
    let mut g = game_with_dice(&units, &[3, 3, 1, 1]);
    ok(&mut g, Activate(35));
    ok(&mut g, Add("t1".into()));
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("t1".into()));
    ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
    // OT 6 + 6 = 12, DT 4 + 3 + 2 = 9: 3 loss points.
    ok(&mut g, Flip("g1".into()));
    ok(&mut g, Eliminate("g1".into()));
    assert!(g.events().any(|e| matches!(e.kind, EventKind::Overrun { .. })));
    // Two movement points left (6 - 4): the tank may move on.
    assert!(g.legal().iter().any(|c| matches!(c, MoveTo(_))));
    assert!(!unit(&g, "t1").c.spent);
}

#[test]
fn tank_breaks_down_on_unmodified_seven_winning_lead_tank_rtc_10_6() {
    let units = [tank("t1", 35), inf("g1", "german", "54", 48)].concat();
    let mut g = game_with_dice(&units, &[4, 4, 1, 1]);
    ok(&mut g, Activate(35));
    ok(&mut g, Add("t1".into()));
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("t1".into()));
    ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
    assert_eq!(place(&g, "t1"), Place::BrokenDown);
    assert!(g.events().any(|e| matches!(e.kind, EventKind::BrokeDown { .. })));
}

#[test]
fn infantry_lead_never_overruns_rtc_10_5() {
    let units = [inf("gb1", "british", "6", 35), tank("t1", 35), inf("g1", "german", "54", 48), inf("spare", "british", "6", 23)].concat();
    let mut g = game_with_dice(&units, &[3, 3, 1, 1]);
    ok(&mut g, Activate(35));
    ok(&mut g, Add("gb1".into()));
    ok(&mut g, Add("t1".into()));
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("gb1".into()));
    ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
    ok(&mut g, Eliminate("g1".into()));
    assert!(!g.events().any(|e| matches!(e.kind, EventKind::Overrun { .. })));
    assert!(unit(&g, "t1").c.spent);
}

#[test]
fn fifty_first_division_and_tanks_do_not_support_each_other_rtc_10_2() {
    let units = [inf("gb1", "british", "51", 35), tank("t1", 35), inf("g1", "german", "54", 48)].concat();
    let g = game(&units);
    let c = ctx(&g);
    let (i, t) = (unit(&g, "gb1"), unit(&g, "t1"));
    assert!(!salient::rulesets::rtc::attack::supports(&c, &t, &i));
    assert!(!salient::rulesets::rtc::attack::supports(&c, &i, &t));
}

#[test]
fn movement_costs_enemy_presence_and_barrages_rtc_9_32_9_33_9_51_9_52_8_21() {
    let units = [inf("gb1", "british", "6", 35), inf("g1", "german", "54", 48), inf("g2", "german", "54", 51)].concat();
    let mut g = game(&units);
    let c = ctx(&g);
    assert_eq!(c.enter_cost(Side::British, 35, 48), 4, "fresh enemy: 4");
    assert_eq!(c.enter_cost(Side::British, 35, 36), 2, "next to fresh enemy in 48: 2");
    assert_eq!(c.enter_cost(Side::British, 35, 37), 1, "clear: 1");
    set(&mut g, "g1", |c| c.spent = true);
    let c = ctx(&g);
    assert_eq!(c.enter_cost(Side::British, 35, 48), 2, "only spent enemy: 2");
    assert_eq!(c.enter_cost(Side::British, 35, 36), 1, "spent enemy nearby does not count");
    set(&mut g, "g1", |c| c.spent = false);
    g.world_mut().spawn((BarrageMarker(BarrageKind::Rolling), InArea(48)));
    g.world_mut().spawn((BarrageMarker(BarrageKind::Rolling), InArea(36)));
    let c = ctx(&g);
    assert_eq!(c.enter_cost(Side::British, 35, 48), 2, "rolling barrage: 4 - 2");
    assert_eq!(c.enter_cost(Side::British, 35, 36), 1, "rolling barrage: 2 - 2, never below 1");
}

#[test]
fn interdiction_costs_two_extra_to_enter_and_break_through_rtc_8_3() {
    let units = [inf("gb1", "british", "6", 35), inf("g1", "german", "54", 55)].concat();
    let mut g = game(&units);
    g.world_mut().spawn((BarrageMarker(BarrageKind::Interdiction), InArea(51)));
    let c = ctx(&g);
    // The Germans (not the initiative player) pay +1 to enter 51 and +1 to leave it.
    let enter = c.enter_cost(Side::German, 55, 51);
    let leave = c.enter_cost(Side::German, 51, 48);
    let plain_enter = 1;
    let plain_leave = c.enter_cost(Side::German, 52, 48);
    assert_eq!(enter + leave - plain_enter - plain_leave, 2);
}

#[test]
fn tanks_cross_water_only_by_bridges_and_never_attack_across_rtc_9_3_9_6() {
    let units = [tank("t1", 45), tank("t2", 46), inf("g1", "german", "54", 31)].concat();
    let mut g = game(&units);
    ok(&mut g, Activate(45));
    ok(&mut g, Add("t1".into()));
    let r = refused(&mut g, MoveTo(31));
    assert!(r.contains("9.3"), "{r}");
    ok(&mut g, MoveTo(41));
    assert_eq!(place(&g, "t1"), Place::Area(41));
    // From 41 back across... 41-45 is bridged; 31 holds Germans across no water from 41.
    assert!(ctx(&g).water(41, 45) && ctx(&g).bridge(41, 45));
}

#[test]
fn no_more_than_eight_units_of_a_side_in_an_area_rtc_9_35() {
    let mut units: String = (0..8).map(|i| inf(&format!("a{i}"), "british", "6", 35)).collect();
    units += &inf("b", "british", "6", 36);
    units += &inf("g1", "german", "54", 51);
    let mut g = game(&units);
    ok(&mut g, Activate(36));
    ok(&mut g, Add("b".into()));
    let r = refused(&mut g, MoveTo(35));
    assert!(r.contains("9.35"), "{r}");
}

#[test]
fn units_leaving_an_enemy_area_go_only_to_friendly_areas_and_stop_rtc_9_34() {
    let units = [inf("gb1", "british", "6", 48), inf("g1", "german", "54", 48), inf("g2", "german", "54", 49)].concat();
    let mut g = game(&units);
    ok(&mut g, Activate(48));
    ok(&mut g, Add("gb1".into()));
    let r = refused(&mut g, MoveTo(51));
    assert!(r.contains("9.34") || r.contains("9.3"), "{r}");
    ok(&mut g, MoveTo(35));
    assert_eq!(place(&g, "gb1"), Place::Area(35));
    // It must stop: the group is finished and spent.
    assert!(unit(&g, "gb1").c.spent);
}

#[test]
fn stosstruppen_leave_an_enemy_area_into_any_area_and_must_attack_rtc_9_34() {
    let units = [inf("gb1", "british", "6", 35), inf("gb2", "british", "6", 36), stoss("s1", 35), inf("g9", "german", "54", 51)].concat();
    let mut g = game_with_dice(&units, &[6, 6, 1, 1]);
    ok(&mut g, Done); // the British pass
    assert_eq!(pending_side(&g), "german");
    ok(&mut g, Activate(35));
    ok(&mut g, Add("s1".into()));
    ok(&mut g, MoveTo(36));
    // Entering an area with enemy units is an attack.
    ok(&mut g, Lead("s1".into()));
    ok(&mut g, Defend { lead: "gb2".into(), guns: None, sos: None });
    assert!(attack_events(&g)[0].2);
}

#[test]
fn artillery_never_enters_an_enemy_area_rtc_9_61() {
    let units = [gun("a1", "british", "6", 4, 1, 35), inf("g1", "german", "54", 48)].concat();
    let mut g = game(&units);
    // Skip the bombardment phase.
    while phase(&g) != "Action" {
        ok(&mut g, Done);
    }
    if g.legal().contains(&Activate(35)) {
        ok(&mut g, Activate(35));
        ok(&mut g, Add("a1".into()));
        let r = refused(&mut g, MoveTo(48));
        assert!(r.contains("9.61"), "{r}");
    }
}

#[test]
fn immediate_british_victory_with_three_cavalry_in_area_57_rtc_3_2() {
    let units = [cav("c1", 57), cav("c2", 57), cav("c3", 57), inf("g1", "german", "54", 98)].concat();
    let mut g = game(&units);
    ok(&mut g, Done);
    while !g.is_over() {
        ok(&mut g, Done);
    }
    let v = salient::engine::Session::view(&g);
    assert_eq!(v.winner.as_deref(), Some("british"));
    assert!(v.result.unwrap().contains("Immediate"));
}

#[test]
fn sos_barrage_adds_one_and_spends_the_guns_and_artillery_adds_its_factor_to_infantry_rtc_10_2() {
    // The German 54th Division's guns in 52 (range 3) cover area 48; a fresh gun in 48 adds its
    // bombardment factor because the lead defender is infantry.
    let units = [
        inf("gb1", "british", "6", 35),
        inf("gb2", "british", "6", 35),
        inf("g1", "german", "54", 48),
        gun("gg", "german", "54", 3, 3, 48),
        gun("gs", "german", "54", 3, 3, 52),
        inf("spare", "british", "6", 23),
    ]
    .concat();
    let mut g = game_with_dice(&units, &[1, 1, 6, 6]);
    while phase(&g) != "Action" {
        ok(&mut g, Done);
    }
    ok(&mut g, Activate(35));
    ok(&mut g, Add("gb1".into()));
    ok(&mut g, Add("gb2".into()));
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("gb1".into()));
    ok(&mut g, Defend { lead: "g1".into(), guns: Some("gg".into()), sos: Some("gs".into()) });
    // DT 4 + 3 (guns) + 0 other fresh + 1 (SOS) + 3 (TEM) + 12 = 23.
    assert_eq!(attack_events(&g)[0].1, 23);
    assert!(unit(&g, "gs").c.spent, "the SOS guns are spent");
    assert!(!unit(&g, "gs").c.no_ammo, "an SOS barrage never runs out of ammunition");
}

#[test]
fn artillery_lead_defender_defends_at_one_rtc_9_61() {
    let units = [inf("gb1", "british", "6", 35), gun("gg", "german", "54", 3, 3, 48), inf("spare", "british", "6", 23)].concat();
    let mut g = game_with_dice(&units, &[1, 1, 1, 1]);
    while phase(&g) != "Action" {
        ok(&mut g, Done);
    }
    ok(&mut g, Activate(35));
    ok(&mut g, Add("gb1".into()));
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("gb1".into()));
    ok(&mut g, Defend { lead: "gg".into(), guns: None, sos: None });
    // DT 1 + TEM 3 + 2 = 6.
    assert_eq!(attack_events(&g)[0].1, 6);
}

#[test]
fn attack_odds_with_equal_totals_and_breakdown_chance_rtc_10_3_10_6() {
    use salient::rulesets::rtc::preview::{at_least, odds};
    // Equal totals: the attack wins when its 2d6 beats the defender's: (1 - 146/1296) / 2.
    let (win, _) = odds(10, 2, 10, 2);
    assert!((win - 575.0 / 1296.0).abs() < 1e-9, "{win}");
    // An unmodified 7 or more on two dice: 21/36 (10.6); 8 or more: 15/36 (7.8).
    assert!((at_least(2, 7) - 21.0 / 36.0).abs() < 1e-9);
    assert!((at_least(2, 8) - 15.0 / 36.0).abs() < 1e-9);
}

/// A tank of another strength (a company, say), for the choices of 10.6.
fn tank_of(id: &str, attack: i32, area: u32) -> String {
    format!(
        r#"(id: "{id}", name: "{id}", side: british, kind: Tank, attack: {attack}, defence: 3, spent_defence: 2, movement: 6, area: Some({area})),"#
    )
}

/// 10.6: an infantry-led attack with two tanks wins on an unmodified 8: the attacker (not the code)
/// chooses which tank breaks down; then the defender pays the loss points as before.
#[test]
fn attacker_chooses_broken_down_tank_rtc_10_6() {
    let units =
        [inf("gb1", "british", "6", 35), tank("t1", 35), tank("t2", 35), inf("g1", "german", "54", 48), inf("spare", "british", "6", 23)]
            .concat();
    let mut g = game_with_dice(&units, &[4, 4, 1, 1]);
    ok(&mut g, Activate(35));
    for u in ["gb1", "t1", "t2"] {
        ok(&mut g, Add(u.into()));
    }
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("gb1".into()));
    ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
    // OT 3 + 2 supports + 8 = 13; DT 4 + TEM 3 + 2 = 9: won by 4, and an unmodified 8 (10.6).
    assert_eq!(attack_events(&g), vec![(13, 9, true)]);
    assert_eq!(pending_side(&g), "british", "the attacker chooses");
    assert_eq!(g.pending().unwrap().rule, "10.6");
    assert_eq!(g.legal().to_vec(), vec![BreakDown("t1".into()), BreakDown("t2".into())]);
    assert!(!g.events().any(|e| matches!(e.kind, EventKind::BrokeDown { .. })), "nothing breaks down before the choice");
    // Refusals: the defender's loss points wait; the infantry lead is not a tank; no German unit.
    let r = refused(&mut g, Flip("g1".into()));
    assert!(r.contains("10.6") && r.contains("BreakDown"), "{r}");
    let r = refused(&mut g, BreakDown("gb1".into()));
    assert!(r.contains("10.6") && r.contains("not a tank"), "{r}");
    let r = refused(&mut g, BreakDown("spare".into()));
    assert!(r.contains("10.6"), "{r}");
    // The second tank, not the first in scenario order.
    ok(&mut g, BreakDown("t2".into()));
    assert_eq!(place(&g, "t2"), Place::BrokenDown);
    assert_eq!(place(&g, "t1"), Place::Area(48));
    // The battle goes on as before: the Germans pay 4 loss points.
    assert_eq!(pending_side(&g), "german");
    assert_eq!(ctx(&g).losses.pending.as_ref().map(|p| p.left), Some(4));
    ok(&mut g, Eliminate("g1".into()));
    assert_eq!(place(&g, "g1"), Place::Eliminated);
    assert_eq!(ctx(&g).controller(48), Side::British);
    assert!(!g.events().any(|e| matches!(e.kind, EventKind::Overrun { .. })), "an infantry lead never overruns (10.5)");
    // The journal with the choice replays to the same position (saves are journals of commands).
    let text = ron::to_string(&g.commands()).unwrap();
    let commands: Vec<salient::rulesets::rtc::Command> = ron::from_str(&text).unwrap();
    assert!(text.contains("BreakDown(\"t2\")"), "{text}");
    let again =
        salient::engine::game::Game::replay(g.origin().clone(), &commands).unwrap_or_else(|(i, r)| panic!("command {i} refused: {r}"));
    assert_eq!(again.checksum(), g.checksum());
    assert_eq!(place(&again, "t2"), Place::BrokenDown);
}

/// 10.6: a lost attack led by a tank: the lead is eliminated and the attacker chooses which other
/// tank breaks down "in addition"; the lead itself is refused; the survivors return and the action
/// phase passes (10.3, 9.2 c).
#[test]
fn lost_attack_attacker_chooses_another_tank_to_break_down_rtc_10_6() {
    let units = [
        tank("t1", 35),
        tank("t2", 35),
        tank("t3", 35),
        inf("gb1", "british", "6", 35),
        inf("g1", "german", "54", 48),
        inf("spare", "british", "6", 23),
    ]
    .concat();
    let mut g = game_with_dice(&units, &[4, 4, 6, 6]);
    ok(&mut g, Activate(35));
    for u in ["t1", "t2", "t3", "gb1"] {
        ok(&mut g, Add(u.into()));
    }
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("t1".into()));
    ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
    // OT 6 + 3 supports + 8 = 17; DT 4 + 3 + 12 = 19: the attack fails.
    assert_eq!(attack_events(&g), vec![(17, 19, false)]);
    assert_eq!(g.legal().to_vec(), vec![BreakDown("t2".into()), BreakDown("t3".into())]);
    let r = refused(&mut g, BreakDown("t1".into()));
    assert!(r.contains("10.6") && r.contains("led the failed attack"), "{r}");
    let r = refused(&mut g, Done);
    assert!(r.contains("10.6"), "{r}");
    ok(&mut g, BreakDown("t3".into()));
    assert_eq!(place(&g, "t1"), Place::Eliminated, "10.3: the lead is eliminated");
    assert_eq!(place(&g, "t3"), Place::BrokenDown);
    for u in ["t2", "gb1"] {
        assert_eq!(place(&g, u), Place::Area(35), "10.4: {u} returns");
        assert!(unit(&g, u).c.spent);
    }
    assert_eq!(pending_side(&g), "german", "9.2 c: the action phase passes");
}

/// 10.6: no choice, no decision: a won attack led by a tank breaks down the lead tank even with
/// another tank present; a lost one with a single other tank breaks that one down.
#[test]
fn breakdown_without_a_choice_is_automatic_rtc_10_6() {
    let units = [tank("t1", 35), tank("t2", 35), inf("g1", "german", "54", 48), inf("spare", "british", "6", 23)].concat();
    let mut g = game_with_dice(&units, &[4, 4, 1, 1]);
    let r = refused(&mut g, BreakDown("t1".into()));
    assert!(r.contains("10.6"), "no breakdown is pending: {r}");
    ok(&mut g, Activate(35));
    ok(&mut g, Add("t1".into()));
    ok(&mut g, Add("t2".into()));
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("t2".into()));
    ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
    assert_eq!(place(&g, "t2"), Place::BrokenDown, "the lead tank of a won attack");
    assert_eq!(place(&g, "t1"), Place::Area(48));
    assert!(!g.legal().iter().any(|c| matches!(c, BreakDown(_))));
    assert_eq!(pending_side(&g), "german", "the defender pays at once");

    let mut g = game_with_dice(&units, &[4, 4, 6, 6]);
    ok(&mut g, Activate(35));
    ok(&mut g, Add("t1".into()));
    ok(&mut g, Add("t2".into()));
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("t1".into()));
    ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
    assert_eq!(place(&g, "t1"), Place::Eliminated);
    assert_eq!(place(&g, "t2"), Place::BrokenDown, "the only other tank");
    assert_eq!(pending_side(&g), "german");
}

/// The computer opponent breaks down its least valuable tank (10.6): the company, not the
/// battalion that comes first in scenario order.
#[test]
fn ai_breaks_down_the_least_valuable_tank_rtc_10_6() {
    let units = [
        inf("gb1", "british", "6", 35),
        tank("t1", 35),
        tank_of("coy", 4, 35),
        inf("g1", "german", "54", 48),
        inf("spare", "british", "6", 23),
    ]
    .concat();
    let mut g = game_with_dice(&units, &[4, 4, 1, 1]);
    ok(&mut g, Activate(35));
    for u in ["gb1", "t1", "coy"] {
        ok(&mut g, Add(u.into()));
    }
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("gb1".into()));
    ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
    assert_eq!(g.legal().len(), 2);
    let c = salient::ai::choose(&mut g).expect("a choice");
    assert_eq!(c, BreakDown("coy".into()));
}
