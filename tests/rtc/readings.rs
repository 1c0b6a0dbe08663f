//! Issue 14's Royal Tank Corps readings and the rulebook's worked examples that had no test: each
//! with forced dice, each named by its rule.

use salient::rulesets::rtc::Command::*;
use salient::rulesets::rtc::attack::supports;
use salient::rulesets::rtc::bombardment::lead_strength;
use salient::rulesets::rtc::state::{Clock, Order};
use salient::rulesets::rtc::tables::{CavalrySupport, DivisionalIntegrity};
use salient::rulesets::rtc::units::{Place, Side};
use salient::rulesets::rtc::{EventKind, Target};

use super::fixtures::*;

fn attacks(g: &salient::engine::game::Game<salient::rulesets::rtc::Rtc>) -> Vec<(i32, i32, bool)> {
    g.events().filter_map(|e| if let EventKind::Attack { ot, dt, success, .. } = e.kind { Some((ot, dt, success)) } else { None }).collect()
}

fn bombardments(g: &salient::engine::game::Game<salient::rulesets::rtc::Rtc>) -> Vec<(i32, i32)> {
    g.events().filter_map(|e| if let EventKind::Bombardment { ot, dt, .. } = e.kind { Some((ot, dt)) } else { None }).collect()
}

/// A cavalry brigade of another division than [`cav`]'s, to tell support from integrity apart.
fn cav_of(id: &str, div: &str, area: u32) -> String {
    cav(id, area).replace("\"1 Cav\"", &format!("\"{div}\""))
}

#[test]
fn cavalry_supports_only_a_cavalry_lead_on_the_play_aid_reading_rtc_10_2_b() {
    let units = [cav("c1", 35), cav_of("c2", "2 Cav", 35), inf("gb1", "british", "6", 35), inf("g1", "german", "54", 48)].concat();
    let g = game(&units);
    assert_eq!(ctx(&g).sc.tables.options.cavalry_support, CavalrySupport::PlayAid, "the card's reading is the default");
    let c = ctx(&g);
    let (c1, c2, gb1) = (unit(&g, "c1"), unit(&g, "c2"), unit(&g, "gb1"));
    assert!(supports(&c, &c1, &c2), "card: cavalry supports a cavalry lead");
    assert!(!supports(&c, &gb1, &c1), "card: cavalry may not support unless the lead is cavalry");
    assert!(supports(&c, &c1, &gb1), "infantry supports any lead");
}

#[test]
fn cavalry_never_supports_a_cavalry_lead_on_the_rules_text_reading_rtc_10_2_b() {
    let units = [cav("c1", 35), cav_of("c2", "2 Cav", 35), inf("gb1", "british", "6", 35), inf("g1", "german", "54", 48)].concat();
    let g = game_tuned(&units, &[], |s| s.tables.options.cavalry_support = CavalrySupport::RulesText);
    let c = ctx(&g);
    let (c1, c2, gb1) = (unit(&g, "c1"), unit(&g, "c2"), unit(&g, "gb1"));
    assert!(!supports(&c, &c1, &c2), "rules text: cavalry never supports a cavalry lead");
    assert!(supports(&c, &gb1, &c1), "rules text: cavalry supports an infantry lead");
}

#[test]
fn cavalry_lead_with_cavalry_support_in_a_real_attack_both_readings_rtc_10_2_b() {
    // c1 leads, c2 (another division: no integrity) comes along. OT 2 + support? + 12; DT 4 + TEM 3 + 2.
    let units = [cav("c1", 35), cav_of("c2", "2 Cav", 35), inf("g1", "german", "54", 48), inf("spare", "british", "6", 23)].concat();
    for (reading, ot) in [(CavalrySupport::PlayAid, 15), (CavalrySupport::RulesText, 14)] {
        let mut g = game_tuned(&units, &[6, 6, 1, 1], |s| s.tables.options.cavalry_support = reading);
        ok(&mut g, Activate(35));
        ok(&mut g, Add("c1".into()));
        ok(&mut g, Add("c2".into()));
        ok(&mut g, MoveTo(48));
        ok(&mut g, Lead("c1".into()));
        ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
        assert_eq!(attacks(&g), vec![(ot, 9, true)], "{reading:?}");
    }
}

#[test]
fn divisional_integrity_counts_infantry_only_on_the_play_aid_reading_rtc_10_2_c() {
    // Two infantry brigades and a cavalry brigade of the same division attack together.
    let units = [
        inf("gb1", "british", "6", 35),
        inf("gb2", "british", "6", 35),
        cav_of("c6", "6", 35),
        inf("g1", "german", "54", 48),
        inf("spare", "british", "6", 23),
    ]
    .concat();
    // OT 3 + 2 supports (+1 integrity on the rules text) + 12; DT 4 + TEM 3 + 2 = 9.
    for (reading, ot) in [(DivisionalIntegrity::PlayAid, 17), (DivisionalIntegrity::RulesText, 18)] {
        let mut g = game_tuned(&units, &[6, 6, 1, 1], |s| {
            s.tables.options.divisional_integrity = reading;
            // Cavalry supports anyone here, so that only integrity differs.
            s.tables.options.cavalry_support = CavalrySupport::RulesText;
        });
        ok(&mut g, Activate(35));
        for u in ["gb1", "gb2", "c6"] {
            ok(&mut g, Add(u.into()));
        }
        ok(&mut g, MoveTo(48));
        ok(&mut g, Lead("gb1".into()));
        ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
        assert_eq!(attacks(&g), vec![(ot, 9, true)], "{reading:?}");
    }
    assert_eq!(
        ctx(&game(&units)).sc.tables.options.divisional_integrity,
        DivisionalIntegrity::PlayAid,
        "the card's reading is the default"
    );
}

#[test]
fn an_area_may_be_bombarded_four_times_once_per_side_and_target_type_example_rtc_7_3() {
    // Area 48 holds British and German artillery and non-artillery; each side's guns stand outside it.
    let units = [
        gun("ba1", "british", "6", 4, 3, 35),
        gun("ba2", "british", "6", 4, 3, 35),
        gun("ba3", "british", "6", 4, 3, 35),
        gun("ga1", "german", "54", 3, 3, 51),
        gun("ga2", "german", "54", 3, 3, 51),
        gun("ga3", "german", "54", 3, 3, 51),
        gun("bt", "british", "6", 4, 3, 48),
        inf("bi", "british", "6", 48),
        gun("gt", "german", "54", 3, 3, 48),
        inf("gi", "german", "54", 48),
    ]
    .concat();
    // Every bombardment misses (OT dice 1 + 1, DT dice 6 + 6): no loss points, no ammunition lost,
    // and play passes to the other side after each (7.6).
    let mut g = game_with_dice(&units, &[1, 1, 6, 6].repeat(4));
    let fire = |g: &mut _, lead: &str, at: Target| {
        ok(g, Bombard { lead: lead.into(), target: 48, at, hurricane: false });
        ok(g, Fire);
    };
    fire(&mut g, "ba1", Target::Artillery);
    assert_eq!(pending_side(&g), "german");
    fire(&mut g, "ga1", Target::Artillery);
    fire(&mut g, "ba2", Target::Other);
    fire(&mut g, "ga2", Target::Other);
    assert_eq!(bombardments(&g).len(), 4, "four bombardments of area 48");
    // A fifth, by either side at either target type, is refused.
    assert_eq!(pending_side(&g), "british");
    for at in [Target::Artillery, Target::Other] {
        let r = refused(&mut g, Bombard { lead: "ba3".into(), target: 48, at, hurricane: false });
        assert!(r.contains("7.3"), "{r}");
    }
    ok(&mut g, Done);
    if pending_side(&g) == "german" && phase(&g) == "Bombardment" {
        for at in [Target::Artillery, Target::Other] {
            let r = refused(&mut g, Bombard { lead: "ga3".into(), target: 48, at, hurricane: false });
            assert!(r.contains("7.3"), "{r}");
        }
    }
}

/// The first area (lowest id) from which `target` is `d` areas away, by the shortest path, and
/// whether that path must pass through a blocked area.
fn firing_area(g: &salient::engine::game::Game<salient::rulesets::rtc::Rtc>, target: u32, d: u32, blocked: bool) -> u32 {
    let c = ctx(g);
    c.sc.areas
        .keys()
        .copied()
        .find(|&a| a != target && c.range(a, target) == Some(d) && c.through_blocked(a, target) == blocked && !c.sc.area(a).blocking)
        .unwrap_or_else(|| panic!("no area {d} from {target} (blocked path: {blocked})"))
}

#[test]
fn firing_into_a_blocked_area_has_no_penalty_through_one_has_rtc_7_32() {
    // Flesquieres (51) has the blocked-area symbol; no British unit is in or next to it.
    let probe = game(&inf("g1", "german", "54", 51));
    assert!(ctx(&probe).sc.area(51).blocking);
    let clear = firing_area(&probe, 51, 2, false);
    let units = [gun("a1", "british", "6", 5, 3, clear), inf("g1", "german", "54", 51), inf("spare", "british", "6", 23)].concat();
    // OT dice 2 + 1 (no ammunition loss), DT dice 1 + 1.
    let mut g = game_with_dice(&units, &[2, 1, 1, 1]);
    let c = ctx(&g);
    assert!(!c.friend_near(Side::British, 51), "no friendly unit in or next to the target");
    let o = Order {
        side: Side::British,
        lead: unit(&g, "a1").index,
        supports: vec![],
        from: clear,
        target: 51,
        at: Target::Other,
        hurricane: false,
    };
    assert_eq!(lead_strength(&c, &o), 5, "into a blocked area: the printed strength");
    ok(&mut g, Bombard { lead: "a1".into(), target: 51, at: Target::Other, hurricane: false });
    ok(&mut g, Fire);
    // OT 5 + 3 = 8; DT TEM 3 x 2 + 2 = 8.
    assert_eq!(bombardments(&g), vec![(8, 8)]);
    // Through a blocked area to a target two areas away, with no friend near it: strength 1.
    let c = ctx(&probe);
    let (from, target) =
        c.sc.areas
            .keys()
            .flat_map(|&t| c.sc.areas.keys().map(move |&a| (a, t)))
            .find(|&(a, t)| c.range(a, t) == Some(2) && c.through_blocked(a, t))
            .expect("two areas whose shortest paths all pass through a blocked area");
    let units = [gun("a1", "british", "6", 5, 3, from), inf("g1", "german", "54", target)].concat();
    let g = game(&units);
    let c = ctx(&g);
    assert!(!c.friend_near(Side::British, target));
    let o = Order { side: Side::British, lead: unit(&g, "a1").index, supports: vec![], from, target, at: Target::Other, hurricane: false };
    assert_eq!(lead_strength(&c, &o), 1, "through a blocked area, no friend near: strength 1");
}

#[test]
fn one_loss_point_still_flips_a_lone_fresh_unit_rtc_7_62() {
    let units = [gun("a1", "british", "6", 4, 3, 35), inf("g1", "german", "54", 48), inf("spare", "british", "6", 23)].concat();
    // OT 4 + (3 + 2) = 9; DT 3 x 2 + (1 + 1) = 8: one loss point against a lone fresh unit.
    let mut g = game_with_dice(&units, &[3, 2, 1, 1]);
    ok(&mut g, Bombard { lead: "a1".into(), target: 48, at: Target::Other, hurricane: false });
    ok(&mut g, Fire);
    assert_eq!(bombardments(&g), vec![(9, 8)]);
    // Flipping costs 3, more than the 1 inflicted: it must still be paid (partial results apply).
    assert_eq!(pending_side(&g), "german");
    assert!(!g.legal().contains(&Done), "the loss cannot be skipped");
    refused(&mut g, Done);
    ok(&mut g, Flip("g1".into()));
    assert!(unit(&g, "g1").c.spent);
    assert_eq!(place(&g, "g1"), Place::Area(48));
}

#[test]
fn four_loss_points_eliminate_a_lone_fresh_unit_rtc_7_62() {
    let units = [gun("a1", "british", "6", 4, 3, 35), inf("g1", "german", "54", 48), inf("spare", "british", "6", 23)].concat();
    // OT 4 + (5 + 3) = 12 (the guns run out of ammunition on the unmodified 8, 7.8); DT 3 x 2 +
    // (1 + 1) = 8: four loss points against a lone fresh unit.
    let mut g = game_with_dice(&units, &[5, 3, 1, 1]);
    ok(&mut g, Bombard { lead: "a1".into(), target: 48, at: Target::Other, hurricane: false });
    ok(&mut g, Fire);
    assert_eq!(bombardments(&g), vec![(12, 8)]);
    // 4 CP: a flip (3) leaves 1, which still eliminates the now spent unit (3): partial results apply.
    ok(&mut g, Flip("g1".into()));
    assert_eq!(pending_side(&g), "german", "one loss point is left to pay");
    ok(&mut g, Eliminate("g1".into()));
    assert_eq!(place(&g, "g1"), Place::Eliminated);
}

#[test]
fn overrun_after_the_only_tank_broke_down_rtc_10_6_10_5() {
    // The tank leads the brigade into 48, held by one spent regiment (2 MP to enter: 9.52).
    let units = [tank("t1", 35), inf("gb1", "british", "6", 35), inf("g1", "german", "54", 48), inf("spare", "british", "6", 23)].concat();
    // OT 6 + 1 support + (4 + 3) = 14, unmodified 7: the lead tank breaks down (won, tank lead);
    // DT spent 2 + TEM 3 + (1 + 1) = 7: 7 loss points.
    let mut g = game_with_dice(&units, &[4, 3, 1, 1]);
    set(&mut g, "g1", |c| c.spent = true);
    ok(&mut g, Activate(35));
    ok(&mut g, Add("t1".into()));
    ok(&mut g, Add("gb1".into()));
    ok(&mut g, MoveTo(48));
    ok(&mut g, Lead("t1".into()));
    ok(&mut g, Defend { lead: "g1".into(), guns: None, sos: None });
    assert_eq!(attacks(&g), vec![(14, 7, true)]);
    assert_eq!(place(&g, "t1"), Place::BrokenDown, "the only tank broke down");
    ok(&mut g, Eliminate("g1".into()));
    // Every defender eliminated: the overrun stands, and the brigade keeps its 2 remaining MP.
    assert!(g.events().any(|e| matches!(e.kind, EventKind::Overrun { .. })), "10.6: a breakdown has no effect on the overrun");
    assert!(!unit(&g, "gb1").c.spent);
    assert!(g.legal().iter().any(|c| matches!(c, MoveTo(_))), "the remaining attackers may move on");
}

#[test]
fn a_fatigue_die_of_1_still_fatigues_one_area_rtc_11_2() {
    let units = [inf("gb1", "british", "6", 36), inf("gb2", "british", "6", 35), inf("g1", "german", "54", 98)].concat();
    let mut g = game(&units);
    g.world_mut().resource_mut::<Clock>().turn = 3;
    g.force_dice([6, 6, 1, 1]);
    while ctx(&g).turn == 1 || ctx(&g).turn == 3 {
        ok(&mut g, Done);
    }
    assert_eq!(ctx(&g).turn, 4);
    // British (initiative) fatigue die 1: halved and rounded down is 0, but never below 1.
    g.force_dice([1, 1]);
    while phase(&g) != "Administration" {
        ok(&mut g, Done);
    }
    assert_eq!(pending_side(&g), "german");
    ok(&mut g, Fatigue(36));
    assert!(unit(&g, "gb1").c.spent);
    // One area only: the German choice is over.
    assert!(!(pending_side(&g) == "german" && g.legal().iter().any(|c| matches!(c, Fatigue(_)))), "only one area");
    assert!(!unit(&g, "gb2").c.spent);
}

#[test]
fn broken_down_tanks_return_one_a_turn_by_default_rtc_10_61_12_31() {
    let units = [tank("t1", 35), tank("t2", 35), inf("gb1", "british", "6", 36), inf("g1", "german", "54", 51)].concat();
    let mut g = game(&units);
    set(&mut g, "t1", |c| c.place = Place::BrokenDown);
    set(&mut g, "t2", |c| c.place = Place::BrokenDown);
    while ctx(&g).turn == 1 {
        ok(&mut g, Done);
    }
    assert_eq!(phase(&g), "Reinforcement");
    ok(&mut g, ReturnTank("t1".into(), 23));
    assert_ne!(phase(&g), "Reinforcement", "with one return a turn, the segment ends");
    assert_eq!(place(&g, "t2"), Place::BrokenDown);
    // The rulebook alone (10.61: every broken-down tank on turns 2-4) is a data change.
    let mut g = game_tuned(&units, &[], |s| {
        s.spec.tank_return.per_turn = [(2, 9), (3, 9), (4, 9)].into_iter().collect();
    });
    set(&mut g, "t1", |c| c.place = Place::BrokenDown);
    set(&mut g, "t2", |c| c.place = Place::BrokenDown);
    while ctx(&g).turn == 1 {
        ok(&mut g, Done);
    }
    ok(&mut g, ReturnTank("t1".into(), 23));
    ok(&mut g, ReturnTank("t2".into(), 35));
    assert_eq!(place(&g, "t2"), Place::Area(35));
}
