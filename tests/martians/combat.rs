//! Morale (5), artillery (6), musketry (7), melee (8) and aviation, from the rulebook's charts and
//! worked examples, with forced dice.

use salient::rulesets::martians::Command::*;
use salient::rulesets::martians::formations::Formation::*;
use salient::rulesets::martians::melee::{Outcome, kills, outcome};
use salient::rulesets::martians::scenario::Sequence;
use salient::rulesets::martians::state::{Action, Gone};
use salient::rulesets::martians::{EventKind, fire, morale, musketry};

use super::fixtures::{ok, pos, u, with_dice};

fn id(s: &str) -> String {
    s.to_string()
}

#[test]
fn the_multi_stand_melee_example_totals_hits_by_combatant_mice_8_3() {
    // A inflicts 1 on X and 2 on Y; B 2 on Z and 1 on Y; X 2 on A; Y 1 on B and 1 on A; Z 1 on B.
    let a = (1 + 2, 2 + 1);
    let b = (2 + 1, 1 + 1);
    let x = (2, 1);
    let y = (1 + 1, 2 + 1);
    let z = (1, 2);
    assert_eq!(outcome(a.0, a.1), Outcome::Engaged, "A inflicted three and received three: engaged");
    assert_eq!(outcome(b.0, b.1), Outcome::Winner);
    assert_eq!(outcome(x.0, x.1), Outcome::Winner);
    assert_eq!(outcome(y.0, y.1), Outcome::Loser, "Y and Z are losers and must check morale");
    assert_eq!(outcome(z.0, z.1), Outcome::Loser);
}

#[test]
fn automatic_kills_by_weapon_ratio_and_the_fractional_die_mice_8_5() {
    let p = pos(Sequence::Initiative, &[], &[("a", 0)], &[("a1", "a", "british.line", Line, (100.0, 100.0), 90.0)]);
    assert_eq!(kills(&p, 9, "bayonet"), (3, 0), "bayonet 1:3");
    assert_eq!(kills(&p, 7, "bayonet"), (2, 3), "a third left over: 1-3 on the d10");
    assert_eq!(kills(&p, 8, "short_spear"), (2, 0), "short spear 1:4");
    assert_eq!(kills(&p, 10, "short_spear"), (2, 5));
    assert_eq!(kills(&p, 13, "sword"), (2, 2), "sword 1:6: a sixth is 2 in 10");
    assert_eq!(kills(&p, 12, "long_spear"), (2, 0));
}

#[test]
fn a_morale_total_of_ten_passes_automatically_and_a_roll_above_the_total_fails_mice_5_4() {
    // A British company in square: 4 stands + grade 3 + European 1 + adjacent stands 1 = 9.
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("n", 1)],
        &[("sq", "a", "british.line", Square, (500.0, 500.0), 90.0), ("w", "n", "indunas.warriors", Mass, (500.0, 900.0), 270.0)],
    );
    assert_eq!(morale::total(&p, 0), 9);
    let (passed, _) = with_dice(&mut p, &[9], |p, rt| morale::check(p, rt, 0, None, "test"));
    assert!(passed, "a 9 is not higher than 9");
    // A 0 is read as 10 and fails; the loss roll of 4 (-1 for grade 3: 3) halts the stand.
    let (passed, ev) = with_dice(&mut p, &[10, 4], |p, rt| morale::check(p, rt, 0, None, "test"));
    assert!(!passed);
    assert!(
        ev.iter().any(|e| matches!(&e.kind, EventKind::MoraleLoss { modified: 3, result, .. } if result == "halts in place")),
        "{ev:#?}"
    );
    assert!(p.halted(0));
    // In the open protective position (+4) the company's total is 13: automatic, no die.
    let mut q = pos(
        Sequence::Initiative,
        &[("cover", &[(400.0, 400.0), (600.0, 400.0), (600.0, 600.0), (400.0, 600.0)])],
        &[("a", 0)],
        &[("sq", "a", "british.line", Square, (500.0, 500.0), 90.0)],
    );
    assert_eq!(morale::total(&q, 0), 13);
    let (passed, _) = with_dice(&mut q, &[], |p, rt| morale::check(p, rt, 0, None, "test"));
    assert!(passed);
}

#[test]
fn the_morale_loss_chart_flees_and_loses_castings_mice_5_5() {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("n", 1)],
        &[("w", "n", "indunas.warriors", Mass, (500.0, 500.0), 270.0), ("b", "a", "british.line", Line, (500.0, 300.0), 90.0)],
    );
    // Grade 2: no modifier. 5 flees 100 yards away from the British line.
    with_dice(&mut p, &[5], |p, rt| morale::loss(p, rt, 0, Some(1)));
    assert_eq!(p.units[0].at.y, 600.0);
    assert!(p.units[0].disrupted, "3.5: disrupted, it must reform");
    assert_eq!(p.units[0].castings, 36);
    // 8: flees and loses a casting to attrition.
    with_dice(&mut p, &[8], |p, rt| morale::loss(p, rt, 0, Some(1)));
    assert_eq!((p.units[0].at.y, p.units[0].castings), (700.0, 35));
    // A 0 with more than three castings is read as a 9.
    with_dice(&mut p, &[10], |p, rt| morale::loss(p, rt, 0, Some(1)));
    assert_eq!(p.units[0].castings, 34);
}

#[test]
fn a_stand_of_three_castings_near_the_enemy_surrenders_on_a_0_mice_5_5() {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("n", 1)],
        &[("s", "a", "british.sepoys", Skirmish, (500.0, 500.0), 90.0), ("w", "n", "indunas.warriors", Mass, (500.0, 560.0), 270.0)],
    );
    p.units[0].castings = 3;
    with_dice(&mut p, &[10], |p, rt| morale::loss(p, rt, 0, Some(1)));
    assert_eq!(p.units[0].gone, Some(Gone::Surrendered));
}

#[test]
fn fanatics_press_on_and_lose_castings_instead_mice_5_64() {
    let mut p = pos(Sequence::Initiative, &[], &[("n", 1)], &[("v", "n", "indunas.veterans", Mass, (500.0, 500.0), 270.0)]);
    let mut sc = (*p.sc).clone();
    sc.spec.options.fanaticism = true;
    p.sc = std::sync::Arc::new(sc);
    // Grade 3: 8 - 1 = 7: two castings lost, no flight.
    with_dice(&mut p, &[8], |p, rt| morale::loss(p, rt, 0, None));
    assert_eq!((p.units[0].castings, p.units[0].at.y), (34, 500.0));
    with_dice(&mut p, &[3], |p, rt| morale::loss(p, rt, 0, None));
    assert_eq!(p.units[0].castings, 33);
}

#[test]
fn a_formed_unit_fires_at_a_target_in_front_of_any_of_its_stands_mice_7_21() {
    // Stands A, B, C form a unit; X is in front of stand C only.
    let p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("n", 1)],
        &[("abc", "a", "british.askaris", Line, (500.0, 200.0), 90.0), ("x", "n", "indunas.musketeers", Column, (545.0, 350.0), 270.0)],
    );
    let stands = p.stands(0);
    let x = p.stands(1)[0];
    assert!(musketry::in_zone(&stands[0..1], &x, 400.0).is_none(), "as a separate stand A could not fire at X");
    assert!(musketry::in_zone(&stands[3..4], &x, 400.0).is_some());
    let ranks = musketry::front_ranks(&stands);
    assert_eq!(ranks.len(), 1);
    assert!(musketry::in_zone(&ranks[0], &x, 400.0).is_some(), "as a unit, A and B fire at X in the unit's kill zone");
    // 101-200 yards, rifles 1:2: every stand's 6 castings make 3 dice: 12.
    let s = musketry::shot(&p, 0, 1, None).expect("in the kill zone");
    assert_eq!((s.dice, s.skirmish), (12, false));
}

#[test]
fn the_musketry_chart_by_weapon_and_range_mice_7_5() {
    let p = pos(Sequence::Initiative, &[], &[("a", 0)], &[("a1", "a", "british.line", Line, (100.0, 100.0), 90.0)]);
    assert_eq!([50.0, 150.0, 250.0, 350.0, 450.0].map(|r| musketry::ratio(&p, "IR", r)), [1, 1, 2, 3, 0]);
    assert_eq!([50.0, 150.0, 250.0, 350.0].map(|r| musketry::ratio(&p, "R", r)), [2, 2, 3, 4]);
    assert_eq!([50.0, 150.0, 250.0].map(|r| musketry::ratio(&p, "M", r)), [3, 4, 0], "muskets reach 200 yards (7.1)");
    assert_eq!([50.0, 80.0].map(|r| musketry::ratio(&p, "JAV", r)), [4, 0], "javelins reach 60 yards");
    assert_eq!(musketry::ratio(&p, "BOW", 90.0), 4);
}

#[test]
fn to_hit_numbers_by_target_type_mice_6_7_and_7_5() {
    let p = pos(
        Sequence::Initiative,
        &[("earthworks", &[(0.0, 1000.0), (300.0, 1000.0), (300.0, 1300.0), (0.0, 1300.0)])],
        &[("a", 0), ("n", 1)],
        &[
            ("line", "a", "british.line", Line, (500.0, 200.0), 90.0),
            ("mass", "n", "indunas.warriors", Mass, (500.0, 500.0), 270.0),
            ("horse", "n", "indunas.beast-riders", Line, (800.0, 500.0), 270.0),
            ("skirm", "n", "indunas.bowmen", Skirmish, (1200.0, 500.0), 270.0),
            ("gun", "a", "british.field-battery", Unlimbered, (900.0, 200.0), 90.0),
            ("limber", "a", "british.field-battery", Limbered, (1100.0, 200.0), 90.0),
            ("dug-in", "n", "emirs.jihadiya", Line, (150.0, 1200.0), 270.0),
        ],
    );
    let hits = |id: &str| fire::to_hit(&p, u(&p, id));
    assert_eq!(hits("line"), vec![10, 1], "infantry 0, 1");
    assert_eq!(hits("mass"), vec![10, 1, 2, 3], "mass infantry 0-3");
    assert_eq!(hits("horse"), vec![10, 1, 2], "cavalry 0-2");
    assert_eq!(hits("skirm"), vec![10], "open order 0");
    assert_eq!(hits("gun"), vec![10], "artillery crews are open order (6.7d)");
    assert_eq!(hits("limber"), vec![10, 1, 2], "a stationary limbered gun is a cavalry target (6.7e)");
    assert_eq!(hits("dug-in"), vec![10], "in earthworks: treated as open order (7.4)");
}

#[test]
fn skirmish_fire_halts_or_drives_back_without_a_morale_check_mice_7_3() {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("n", 1)],
        &[("rifles", "a", "british.rifles", Skirmish, (500.0, 200.0), 90.0), ("w", "n", "indunas.warriors", Mass, (500.0, 400.0), 270.0)],
    );
    // Improved rifles' skirmish die: 6 dice for the unit, +1 for grade 3: 7, hits on 0 only.
    let s = musketry::shot(&p, 0, 1, None).expect("in range");
    assert_eq!((s.dice, s.skirmish), (7, true));
    let (_, ev) = with_dice(&mut p, &[10, 10, 10, 5, 5, 5, 5], |p, rt| fire::resolve(p, rt, 0, 1, &s, "7.3"));
    assert!(!ev.iter().any(|e| matches!(e.kind, EventKind::Morale { .. })), "no morale check");
    assert_eq!(p.units[1].castings, 35, "three hits: halts in place with a casualty");
    assert!(p.halted(1));
    let (_, _) = with_dice(&mut p, &[10, 10, 10, 10, 5, 5, 5], |p, rt| fire::resolve(p, rt, 0, 1, &s, "7.3"));
    assert_eq!((p.units[1].castings, p.units[1].at.y), (34, 500.0), "four hits: retreats 100 yards with a casualty");
}

#[test]
fn gun_kill_dice_by_class_and_range_with_the_chart_modifiers_mice_6_7() {
    let woods: &[(f32, f32)] = &[(700.0, 600.0), (900.0, 600.0), (900.0, 800.0), (700.0, 800.0)];
    let mut p = pos(
        Sequence::Initiative,
        &[("woods", woods)],
        &[("a", 0), ("n", 1)],
        &[
            ("rc", "a", "british.field-battery", Unlimbered, (500.0, 200.0), 90.0),
            ("sb", "n", "emirs.emir-guns", Unlimbered, (800.0, 300.0), 270.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 280.0), 270.0),
            ("far", "n", "indunas.warriors", Mass, (800.0, 700.0), 270.0),
        ],
    );
    // Rifled cannon at 60 yards: 2 dice a gun, two guns.
    let s = fire::shot(&p, 0, u(&p, "w")).expect("in the kill zone");
    assert_eq!(s.dice, 4);
    // The same target again next turn: consecutive target +2 dice within 300 yards.
    p.units[0].last_target = Some(u(&p, "w"));
    assert_eq!(fire::shot(&p, 0, u(&p, "w")).unwrap().dice, 6);
    // Smooth-bore at 360 yards into woods: 1 die a gun at 301+, -3 in woods: nothing.
    assert!(fire::shot(&p, 1, u(&p, "far")).is_none(), "out of the kill zone: the woods are behind the near target");
}

#[test]
fn a_gun_kill_zone_stops_at_the_first_stand_it_meets_mice_6_33() {
    let p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("n", 1)],
        &[
            ("rc", "a", "british.field-battery", Unlimbered, (500.0, 200.0), 90.0),
            ("near", "n", "indunas.warriors", Mass, (500.0, 400.0), 270.0),
            ("behind", "n", "indunas.warriors", Mass, (500.0, 600.0), 270.0),
            ("mg", "a", "british.naval-gatling", Unlimbered, (800.0, 200.0), 90.0),
        ],
    );
    assert!(fire::shot(&p, 0, u(&p, "near")).is_some());
    assert!(fire::shot(&p, 0, u(&p, "behind")).is_none(), "a gun only affects the first target it contacts");
    // 6.37: a Gatling engages any target forward of its stand with a clear line.
    assert!(fire::shot(&p, u(&p, "mg"), u(&p, "near")).is_some());
}

#[test]
fn a_hit_on_a_gun_section_strikes_gun_or_crew_mice_6_2() {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("n", 1)],
        &[
            ("rc", "a", "british.field-battery", Unlimbered, (500.0, 200.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 400.0), 270.0),
        ],
    );
    // Two hits: a 2 strikes a gun (half its fire), a 7 the crew (a casting and a morale check, 1 passes).
    with_dice(&mut p, &[2, 7, 1], |p, rt| fire::apply(p, rt, 1, 0, 2, false));
    assert_eq!((p.units[0].gun_hits, p.units[0].castings), (1, 3));
    // A second gun hit destroys the section.
    with_dice(&mut p, &[3], |p, rt| fire::apply(p, rt, 1, 0, 1, false));
    assert_eq!(p.units[0].gone, Some(Gone::Destroyed));
}

#[test]
fn a_unit_reduced_to_one_casting_disperses_mice_3_5() {
    let mut p = pos(Sequence::Initiative, &[], &[("a", 0)], &[("s", "a", "british.sepoys", Skirmish, (500.0, 200.0), 90.0)]);
    with_dice(&mut p, &[], |p, rt| fire::lose_castings(p, rt, 0, 11));
    assert_eq!(p.units[0].gone, Some(Gone::Destroyed));
}

#[test]
fn aviation_attacks_within_400_yards_after_anti_aircraft_fire_aviation() {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("n", 1)],
        &[("boat", "a", "british.gunboat", Flight, (500.0, 100.0), 90.0), ("w", "n", "indunas.bowmen", Line, (500.0, 450.0), 270.0)],
    );
    p.r.phase = salient::rulesets::martians::state::Phase::Aviation;
    p.r.side = Some(0);
    p.r.active = None;
    // The bowmen's two stands fire at the gunboat: 9 hits (one), 5 misses. Then the gunboat's 2 stands x 4
    // dice, -0: bowmen in line are infantry, 0 and 1 hit: two hits; the bowmen check morale (pass, 1).
    let ev = ok(&mut p, Fire(id("boat"), id("w")), &[9, 5, 10, 1, 5, 5, 5, 5, 5, 5, 1]);
    assert!(ev.iter().any(|e| matches!(e.kind, EventKind::AntiAircraft { hits: 1, .. })), "{ev:#?}");
    assert_eq!(p.units[0].air_hits, 1);
    assert_eq!(p.units[1].castings, 10);
    // Three more hits take a stand of two craft: four hits in all.
    with_dice(&mut p, &[9, 9], |p, rt| salient::rulesets::martians::aviation::anti_aircraft(p, rt, 1, 0));
    with_dice(&mut p, &[9, 5], |p, rt| salient::rulesets::martians::aviation::anti_aircraft(p, rt, 1, 0));
    assert_eq!((p.units[0].castings, p.units[0].air_hits), (1, 0));
}

#[test]
fn a_charged_unit_holding_its_fire_volleys_at_one_inch_mice_8_1() {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("n", 1), ("a", 0)],
        &[("w", "n", "indunas.warriors", Mass, (500.0, 300.0), 270.0), ("b", "a", "british.askaris", Line, (500.0, 200.0), 90.0)],
    );
    ok(&mut p, Begin(id("n"), Action::Move), &[]);
    // The askaris' 4 stands of 6 rifles at 0-100 yards (1:2): 12 dice, mass infantry hit on 0-3: four hits;
    // the warriors check morale (7: a 2 passes).
    let mut dice = vec![1, 2, 3, 10];
    dice.extend([5; 8]);
    dice.push(2);
    let ev = ok(&mut p, Charge(id("w"), id("b")), &dice);
    assert!(ev.iter().any(|e| matches!(e.kind, EventKind::Fired { hits: 4, .. })), "{ev:#?}");
    assert_eq!(p.units[0].castings, 32);
    assert!(!p.r.cards[1].red, "the volley spends the regiment's red card");
}

const HILL_A: &[(f32, f32)] = &[(400.0, 100.0), (600.0, 100.0), (600.0, 230.0), (400.0, 230.0)];

#[test]
fn a_gun_on_a_hill_fires_over_units_below_at_a_target_below_mice_6_61() {
    let units = [
        ("rc", "a", "british.field-battery", Unlimbered, (500.0, 200.0), 90.0),
        ("near", "a", "british.askaris", Line, (500.0, 400.0), 90.0),
        ("behind", "n", "indunas.warriors", Mass, (500.0, 600.0), 270.0),
    ];
    let flat = pos(Sequence::Initiative, &[], &[("a", 0), ("n", 1)], &units);
    assert!(fire::shot(&flat, 0, 2).is_none(), "on the flat the askaris are the first stand in the kill zone (6.33)");
    let high = pos(Sequence::Initiative, &[("hill", HILL_A)], &[("a", 0), ("n", 1)], &units);
    let s = fire::shot(&high, 0, 2).expect("blocking units below the gun, with the target below, are ignored");
    assert_eq!(s.dice, 4, "2 dice a gun at 301+ yards, two guns");
    // A Gatling on the hill likewise fires over the friendly company below.
    let mg = [
        ("mg", "a", "british.naval-gatling", Unlimbered, (500.0, 200.0), 90.0),
        ("near", "a", "british.askaris", Line, (500.0, 400.0), 90.0),
        ("behind", "n", "indunas.warriors", Mass, (500.0, 600.0), 270.0),
    ];
    assert!(fire::shot(&pos(Sequence::Initiative, &[], &[("a", 0), ("n", 1)], &mg), 0, 2).is_none());
    assert!(fire::shot(&pos(Sequence::Initiative, &[("hill", HILL_A)], &[("a", 0), ("n", 1)], &mg), 0, 2).is_some());
}

#[test]
fn guns_on_a_hilltop_fire_down_and_are_fired_at_only_within_60_yards_of_its_edge_mice_6_61() {
    let hill: &[(f32, f32)] = &[(300.0, 0.0), (700.0, 0.0), (700.0, 300.0), (300.0, 300.0)];
    let at = |y: f32| {
        pos(
            Sequence::Initiative,
            &[("hill", hill)],
            &[("a", 0), ("n", 1)],
            &[
                ("rc", "a", "british.field-battery", Unlimbered, (500.0, y), 90.0),
                ("j", "n", "emirs.jihadiya", Line, (500.0, y + 200.0), 270.0),
            ],
        )
    };
    // 100 yards from the hill's nearest edge: the gun neither fires down nor is fired at from below.
    let top = at(150.0);
    assert!(fire::shot(&top, 0, 1).is_none());
    assert!(fire::shot(&top, 1, 0).is_none(), "the riflemen below cannot fire at the gun on the hilltop");
    // 40 yards from the edge, on the slope: both may.
    let slope = at(260.0);
    assert!(fire::shot(&slope, 0, 1).is_some());
    assert!(fire::shot(&slope, 1, 0).is_some());
    // A gun below targets a unit on the hill only within 60 yards of the hill's edge.
    let up = |y: f32| {
        pos(
            Sequence::Initiative,
            &[("hill", hill)],
            &[("a", 0), ("n", 1)],
            &[
                ("rc", "a", "british.field-battery", Unlimbered, (500.0, 600.0), 270.0),
                ("j", "n", "emirs.jihadiya", Line, (500.0, y), 90.0),
            ],
        )
    };
    assert!(fire::shot(&up(150.0), 0, 1).is_none(), "100 yards inside the hill");
    assert!(fire::shot(&up(280.0), 0, 1).is_some(), "on the slope");
}

#[test]
fn features_below_do_not_block_fire_between_units_on_hills_mice_6_61() {
    let woods: &[(f32, f32)] = &[(400.0, 300.0), (600.0, 300.0), (600.0, 400.0), (400.0, 400.0)];
    let hill_b: &[(f32, f32)] = &[(400.0, 450.0), (600.0, 450.0), (600.0, 650.0), (400.0, 650.0)];
    let units = [
        ("rc", "a", "british.field-battery", Unlimbered, (500.0, 200.0), 90.0),
        ("w", "n", "indunas.warriors", Mass, (500.0, 500.0), 270.0),
    ];
    let two_hills = pos(Sequence::Initiative, &[("hill", HILL_A), ("woods", woods), ("hill", hill_b)], &[("a", 0), ("n", 1)], &units);
    assert!(fire::shot(&two_hills, 0, 1).is_some(), "the woods below do not block fire from hill to hill");
    let one_hill = pos(Sequence::Initiative, &[("hill", HILL_A), ("woods", woods)], &[("a", 0), ("n", 1)], &units);
    assert!(fire::shot(&one_hill, 0, 1).is_none(), "with the target below, the woods block (6.33)");
}

fn split(g: &str, shares: &[(&str, u32)]) -> salient::rulesets::martians::Command {
    Split(id(g), shares.iter().map(|(t, d)| (id(t), *d)).collect())
}

#[test]
fn gatling_splits_dice_between_two_targets_mice_6_7b() {
    let woods: &[(f32, f32)] = &[(560.0, 300.0), (740.0, 300.0), (740.0, 460.0), (560.0, 460.0)];
    let mut p = pos(
        Sequence::Initiative,
        &[("woods", woods)],
        &[("a", 0), ("n", 1)],
        &[
            ("mg", "a", "british.naval-gatling", Unlimbered, (500.0, 200.0), 90.0),
            ("w1", "n", "indunas.warriors", Mass, (400.0, 350.0), 270.0),
            ("w2", "n", "indunas.warriors", Mass, (650.0, 350.0), 270.0),
            ("line", "a", "british.line", Line, (900.0, 200.0), 90.0),
        ],
    );
    // Two guns at 101-300 yards: 3 dice a gun, 6 in all; at the warriors in the woods 6 - 2 = 4.
    assert_eq!(fire::shot(&p, 0, 1).unwrap().dice, 6);
    assert_eq!(fire::shot(&p, 0, 2).unwrap().dice, 4);
    ok(&mut p, Begin(id("a"), Action::Fire), &[]);
    let check = |p: &salient::rulesets::martians::state::Pos, c| salient::rulesets::martians::check(p, &c);
    assert!(check(&p, split("mg", &[("w1", 2), ("w2", 4)])).is_ok());
    assert!(check(&p, split("mg", &[("w1", 3), ("w2", 2)])).is_err(), "the shares must reach the total allowed, 6");
    assert!(check(&p, split("mg", &[("w1", 1), ("w2", 5)])).is_err(), "no more dice at a target than the gun rolls at it alone");
    assert!(check(&p, split("mg", &[("w2", 3), ("w1", 3)])).is_err(), "targets in the battle's order");
    assert!(check(&p, split("mg", &[("w1", 6)])).is_err(), "one target is a Fire");
    assert!(check(&p, split("mg", &[("w1", 0), ("w2", 6)])).is_err());
    assert!(check(&p, split("line", &[("w1", 3), ("w2", 3)])).is_err(), "only a Gatling or machine gun splits its fire");
    // 3 dice at w1 (1 and 2 hit a mass: two hits, morale 1 passes), 3 at w2 (a 0: one hit, morale 1 passes).
    let ev = ok(&mut p, split("mg", &[("w1", 3), ("w2", 3)]), &[1, 2, 5, 1, 5, 5, 10, 1]);
    let fired: Vec<(String, u32, u32)> = ev
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Fired { target, dice, hits, .. } => Some((target.clone(), *dice, *hits)),
            _ => None,
        })
        .collect();
    assert_eq!(fired, vec![(id("w1"), 3, 2), (id("w2"), 3, 1)]);
    assert_eq!((p.units[1].castings, p.units[2].castings), (34, 35));
    assert!(check(&p, split("mg", &[("w1", 3), ("w2", 3)])).is_err(), "the Gatling has fired");
}

fn charged(target: (&'static str, salient::rulesets::martians::formations::Formation)) -> salient::rulesets::martians::state::Pos {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("n", 1), ("a", 0)],
        &[("w", "n", "indunas.warriors", Mass, (500.0, 200.0), 90.0), ("s", "a", target.0, target.1, (500.0, 300.0), 270.0)],
    );
    // The defenders have fired: no volley at one inch (8.1).
    p.r.cards[1].red = false;
    ok(&mut p, Begin(id("n"), Action::Move), &[]);
    ok(&mut p, Charge(id("w"), id("s")), &[]);
    p
}

#[test]
fn skirmishers_charged_may_evade_at_their_skirmish_rate_mice_8_2a() {
    let mut p = charged(("british.sepoys", Skirmish));
    let legal = salient::rulesets::martians::legal_at(&p);
    assert_eq!(legal, vec![Evade(id("s")), Done], "the sepoys choose: flee or melee");
    let ev = ok(&mut p, Evade(id("s")), &[]);
    assert!(ev.iter().any(|e| matches!(e.kind, EventKind::Evaded { .. })), "{ev:#?}");
    assert!(p.r.contacts.is_empty(), "no melee");
    assert!((p.units[1].at.y - 420.0).abs() < 0.5, "120 yards away (4.5, the skirmish rate): {:?}", p.units[1].at);
    assert!(p.units[1].disrupted);
    assert_eq!(p.units[1].castings, 12);
}

#[test]
fn skirmishers_that_stand_melee_mice_8_2a() {
    let mut p = charged(("british.sepoys", Skirmish));
    ok(&mut p, Done, &[]);
    assert_eq!(p.r.contacts.len(), 1, "they stand: the melee follows");
    assert!(p.r.window.is_none());
}

#[test]
fn a_gun_crew_charged_flees_without_its_guns_mice_8_2a() {
    let mut p = charged(("british.field-battery", Unlimbered));
    let ev = ok(&mut p, Evade(id("s")), &[]);
    assert_eq!(p.units[1].gone, Some(Gone::Destroyed), "the section is lost");
    assert!(ev.iter().any(|e| e.rule == "8.2a"));
    // A formed company does not evade: no choice is offered.
    let p = charged(("british.line", Line));
    assert!(p.r.window.is_none());
    assert!(!salient::rulesets::martians::legal_at(&p).contains(&Evade(id("s"))));
}

/// The Induna warriors' mass charges a company of sepoys in line, who have fired (no volley at one
/// inch, 8.1); both regiments end and the melee phase follows with `dice` (8.2, 8.3).
fn melee_won(dice: &[u32]) -> (salient::rulesets::martians::state::Pos, Vec<salient::rulesets::martians::Event>) {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("n", 1), ("a", 0)],
        &[("w", "n", "indunas.warriors", Mass, (500.0, 200.0), 90.0), ("s", "a", "british.sepoys", Line, (500.0, 300.0), 270.0)],
    );
    p.r.cards[1].red = false;
    ok(&mut p, Begin(id("n"), Action::Move), &[]);
    ok(&mut p, Charge(id("w"), id("s")), &[]);
    ok(&mut p, Done, &[]);
    ok(&mut p, EndRegiment, &[]);
    let ev = ok(&mut p, EndRegiment, dice);
    (p, ev)
}

#[test]
fn winner_advances_after_melee_mice_8_3() {
    // Values 20 and 12 kill 5 and 4 with no fraction (8.5); the sepoys lose. Their morale: 7 fails (total
    // 6), 5 on the loss chart: they flee 100 yards (5.5).
    let (mut p, ev) = melee_won(&[7, 5]);
    assert!(ev.iter().any(|e| matches!(&e.kind, EventKind::Fled { unit, .. } if unit == "s")), "{ev:#?}");
    assert_eq!(p.r.turn, 1, "the advance is decided before the next turn");
    assert_eq!(salient::rulesets::martians::legal_at(&p), vec![Advance(id("w")), Done], "the winner may advance or hold");
    let Some(salient::rulesets::martians::state::Window::Advance { yards, .. }) = p.r.window.clone() else { panic!("no advance offered") };
    let before = p.units[0].at;
    let ev = ok(&mut p, Advance(id("w")), &[]);
    assert!(ev.iter().any(|e| e.rule == "8.3" && matches!(e.kind, EventKind::Advanced { .. })), "{ev:#?}");
    assert!(yards >= 10.0, "into the ground the sepoys held: {yards}");
    assert!((p.units[0].at.y - before.y - yards).abs() < 0.5, "straight ahead: {:?} -> {:?}", before, p.units[0].at);
    assert!(p.gap(0, 1) > 1.5, "short of contact: an advance is not a charge");
    assert_eq!(p.r.turn, 2, "then the next turn");
}

#[test]
fn winner_may_hold_after_melee_mice_8_3() {
    let (mut p, _) = melee_won(&[7, 5]);
    let before = p.units[0].at;
    ok(&mut p, Done, &[]);
    assert_eq!(p.units[0].at, before, "Done: it holds");
    assert_eq!(p.r.turn, 2);
    assert!(p.r.window.is_none());
}

#[test]
fn no_advance_when_the_loser_holds_mice_8_3() {
    // The sepoys pass morale (1), or fail and halt in place (7, then 2): they stay engaged (8.3: "If
    // either passes morale then B is engaged with them"), nothing to advance into.
    for dice in [&[1][..], &[7, 2]] {
        let (p, _) = melee_won(dice);
        assert!(p.r.window.is_none(), "{dice:?}: {:?}", p.r.window);
        assert!(!salient::rulesets::martians::legal_at(&p).contains(&Advance(id("w"))));
        assert_eq!(p.r.contacts.len(), 1, "{dice:?}: engaged");
        assert_eq!(p.r.turn, 2);
    }
}

/// A howitzer (the 9-pounder's class made a howitzer for the test) 400 yards from the Emir's guns
/// unlimbered, with a mass of warriors just behind them; the 6.33 option on or off.
fn shelling(option: bool) -> salient::rulesets::martians::state::Pos {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("n", 1)],
        &[
            ("how", "a", "british.field-battery", Unlimbered, (500.0, 200.0), 90.0),
            ("guns", "n", "emirs.emir-guns", Unlimbered, (500.0, 600.0), 270.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 640.0), 270.0),
        ],
    );
    let sc = std::sync::Arc::make_mut(&mut p.sc);
    sc.tables.artillery.guns.get_mut("RC").expect("the rifled cannon").howitzer = true;
    sc.spec.options.shell_deviation = option;
    p
}

#[test]
fn shell_fire_at_unlimbered_guns_may_deviate_mice_6_33() {
    // Even: it lands at the range estimated, on the guns.
    let mut p = shelling(true);
    let (landing, ev) = with_dice(&mut p, &[4], |p, rt| fire::deviation(p, rt, 0, 1));
    assert_eq!(landing, None, "{ev:#?}");
    // Odd, then 0: an airburst with no effect.
    let (landing, _) = with_dice(&mut p, &[3, 0], |p, rt| fire::deviation(p, rt, 0, 1));
    assert_eq!(landing, Some(None));
    // Odd, then 5: 40 yards long, on the warriors behind the guns.
    let (landing, ev) = with_dice(&mut p, &[1, 5], |p, rt| fire::deviation(p, rt, 0, 1));
    assert_eq!(landing, Some(Some(2)), "{ev:#?}");
    assert!(ev.iter().any(|e| e.rule == "6.33"));
    // Odd, then 8: 40 yards short, on open ground.
    let (landing, _) = with_dice(&mut p, &[9, 8], |p, rt| fire::deviation(p, rt, 0, 1));
    assert_eq!(landing, Some(None));
    // Through the fire itself: an airburst rolls no kill dice and the Emir's guns are untouched.
    let shot = fire::shot(&p, 0, 1).expect("the guns are in the kill zone");
    let castings = p.units[1].castings;
    with_dice(&mut p, &[7, 0], |p, rt| fire::resolve(p, rt, 0, 1, &shot, "6.7"));
    assert_eq!(p.units[1].castings, castings);
    assert!(p.units[0].fired);
}

#[test]
fn shell_deviation_only_when_the_battle_uses_it_mice_6_33() {
    let mut p = shelling(false);
    let (landing, _) = with_dice(&mut p, &[], |p, rt| fire::deviation(p, rt, 0, 1));
    assert_eq!(landing, None, "the option is off: no roll");
    // On, at a mass of warriors (not an unlimbered gun): no roll either.
    let mut p = shelling(true);
    let (landing, _) = with_dice(&mut p, &[], |p, rt| fire::deviation(p, rt, 0, 2));
    assert_eq!(landing, None);
}

/// A sepoy line (two stands, grade 2, European trained: morale total 6) with a friendly askari company
/// 50 yards to its left and another 200 yards away, and a warrior mass in front.
fn commanded() -> salient::rulesets::martians::state::Pos {
    pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("b", 0), ("n", 1)],
        &[
            ("s", "a", "british.sepoys", Line, (500.0, 300.0), 90.0),
            ("near", "b", "british.askaris", Line, (390.0, 300.0), 90.0),
            ("far", "b", "british.askaris", Line, (200.0, 300.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 500.0), 270.0),
        ],
    )
}

#[test]
fn commander_adds_to_morale_total_mice_5_2h() {
    use salient::rulesets::martians::scenario::Rank;
    let mut p = commanded();
    assert_eq!(morale::total(&p, 0), 6, "2 stands + grade 2 + European 1 + adjacent stands 1");
    // 5.2h: the character or commander advantage bonus (RECONSTRUCTED +1) to the unit he is with.
    super::fixtures::with_commanders(&mut p, &[("major", Rank::Regimental, "s")]);
    assert_eq!(morale::total(&p, 0), 7);
    // A roll of 7 now passes (5.4c: fails only above the total).
    let (passed, _) = with_dice(&mut p, &[7], |p, rt| morale::check(p, rt, 0, None, "test"));
    assert!(passed);
    // An enemy commander gives nothing.
    let mut q = commanded();
    super::fixtures::with_commanders(&mut q, &[("induna", Rank::Brigade, "w")]);
    assert_eq!(morale::total(&q, 0), 6);
}

#[test]
fn the_advantage_reaches_units_within_60_yards_of_the_commander_mice_5_63() {
    use salient::rulesets::martians::scenario::Rank;
    let mut p = commanded();
    let (near, far) = (u(&p, "near"), u(&p, "far"));
    let base = (morale::total(&p, near), morale::total(&p, far));
    // 5.63: "when a Character or commander is contacting or within 60 yards of that unit": the askaris
    // 50 yards from the sepoys he rides with gain it (of another regiment: any friendly commander), those
    // 240 yards away do not.
    super::fixtures::with_commanders(&mut p, &[("major", Rank::Regimental, "s")]);
    assert!(p.gap(near, 0) <= 60.0 && p.gap(far, 0) > 60.0);
    assert_eq!((morale::total(&p, near), morale::total(&p, far)), (base.0 + 1, base.1));
    // A commander hit is gone: no advantage.
    p.r.leaders[0].lost = true;
    assert_eq!(morale::total(&p, 0), 6);
}

#[test]
fn a_commander_with_a_unit_that_takes_casualties_is_hit_on_a_0_mice_2_31() {
    use salient::rulesets::martians::scenario::Rank;
    let mut p = commanded();
    super::fixtures::with_commanders(&mut p, &[("major", Rank::Regimental, "s")]);
    // One hit from the warriors' javelins: the d10 for the commander (4: unhurt), then the morale check (7
    // passes against 7 with his bonus).
    let (_, ev) = with_dice(&mut p, &[4, 7], |p, rt| fire::apply(p, rt, 3, 0, 1, false));
    assert!(!p.r.leaders[0].lost);
    assert!(ev.iter().any(|e| e.rule == "2.31" || e.text.contains("passes morale")), "{ev:#?}");
    // A 0 hits him: in a single battle every hit kills; the unit's check is then made without him (7 > 6).
    let (_, ev) = with_dice(&mut p, &[10, 7, 2], |p, rt| fire::apply(p, rt, 3, 0, 1, false));
    assert!(p.r.leaders[0].lost);
    assert!(
        ev.iter()
            .any(|e| matches!(&e.kind, EventKind::CommanderHit { commander, unit, killed: true } if commander == "major" && unit == "s")),
        "{ev:#?}"
    );
    assert!(ev.iter().any(|e| matches!(e.kind, EventKind::Morale { passed: false, total: 6, .. })), "{ev:#?}");
    assert_eq!(p.r.fallen.len(), 1, "his loss is felt in the next administration phase");
    // Without casualties, no roll.
    let mut q = commanded();
    super::fixtures::with_commanders(&mut q, &[("major", Rank::Regimental, "s")]);
    with_dice(&mut q, &[], |p, rt| fire::apply(p, rt, 3, 0, 0, false));
    assert!(!q.r.leaders[0].lost);
}

#[test]
fn in_a_campaign_a_second_roll_odd_kills_a_hit_commander_even_wounds_him_mice_2_31() {
    use salient::rulesets::martians::scenario::Rank;
    use salient::rulesets::martians::state::Fate;
    for (second, fate) in [(3, Fate::Killed), (4, Fate::Wounded), (10, Fate::Wounded)] {
        let mut p = commanded();
        let mut sc = (*p.sc).clone();
        sc.campaign = true;
        p.sc = std::sync::Arc::new(sc);
        super::fixtures::with_commanders(&mut p, &[("major", Rank::Regimental, "s")]);
        // The 0 hits him, the second d10 says which; either way he leaves the battle (the check follows).
        let (_, ev) = with_dice(&mut p, &[10, second, 2], |p, rt| fire::apply(p, rt, 3, 0, 1, false));
        assert!(p.r.leaders[0].lost);
        assert_eq!(p.r.leaders[0].fate, Some(fate), "second roll {second}");
        let killed = fate == Fate::Killed;
        assert!(ev.iter().any(|e| matches!(&e.kind, EventKind::CommanderHit { killed: k, .. } if *k == killed)), "{ev:#?}");
        assert_eq!(p.r.fallen.len(), 1);
    }
}

#[test]
fn a_commander_whose_unit_fights_a_melee_may_be_hit_mice_2_31() {
    use salient::rulesets::martians::scenario::Rank;
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("n", 1), ("a", 0)],
        &[("w", "n", "indunas.warriors", Mass, (500.0, 200.0), 90.0), ("s", "a", "british.sepoys", Line, (500.0, 300.0), 270.0)],
    );
    super::fixtures::with_commanders(&mut p, &[("major", Rank::Regimental, "s")]);
    p.r.cards[1].red = false;
    ok(&mut p, Begin(id("n"), Action::Move), &[]);
    ok(&mut p, Charge(id("w"), id("s")), &[]);
    ok(&mut p, Done, &[]);
    ok(&mut p, EndRegiment, &[]);
    // Values 20 and 12 kill 5 and 4 (8.5); the major's d10 is 0: hit. The sepoys lost the melee and check
    // without him (total 6): 7 fails, 5 flees.
    let ev = ok(&mut p, EndRegiment, &[10, 7, 5]);
    assert!(ev.iter().any(|e| matches!(e.kind, EventKind::CommanderHit { .. })), "{ev:#?}");
    assert!(p.r.leaders[0].lost);
}

#[test]
fn a_commander_whose_unit_is_destroyed_rides_to_the_nearest_unit_of_his_command_mice_2_31() {
    use salient::rulesets::martians::scenario::Rank;
    let mut p = commanded();
    super::fixtures::with_commanders(&mut p, &[("colonel", Rank::Brigade, "s"), ("major", Rank::Regimental, "s")]);
    with_dice(&mut p, &[], |p, rt| morale::remove(p, rt, 0, Gone::Destroyed));
    // The brigade commander rides to the nearest unit of his side; the sepoys' regimental commander has
    // no unit of his regiment left and leaves the field.
    assert_eq!((p.r.leaders[0].with, p.r.leaders[0].lost), (u(&p, "near"), false));
    assert!(p.r.leaders[1].lost);
    assert!(p.r.fallen.is_empty(), "no hit: no morale checks");
}

#[test]
fn a_heroic_character_is_an_open_target_and_the_last_casting_removed_heroic_characters() {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("n", 1)],
        &[("hero", "a", "british.hero", Line, (500.0, 300.0), 90.0), ("w", "n", "indunas.warriors", Mass, (500.0, 500.0), 270.0)],
    );
    // "They are targets of Distance Fire as Open troops": hit on a 0 only.
    assert_eq!(fire::to_hit(&p, 0), vec![10]);
    // "Fire as if armed with IRs": three castings at the improved rifle's 1:1 within 100 yards, +1 grade 3.
    let mut q = p.clone();
    q.units[1].at.y = 400.0;
    assert_eq!(musketry::shot(&q, 0, 1, None).map(|s| s.dice), Some(4));
    // "The character himself will be the last casting removed": down to one casting he fights on.
    with_dice(&mut p, &[], |p, rt| fire::lose_castings(p, rt, 0, 2));
    assert_eq!((p.units[0].castings, p.units[0].gone), (1, None));
    with_dice(&mut p, &[], |p, rt| fire::lose_castings(p, rt, 0, 1));
    assert_eq!(p.units[0].gone, Some(Gone::Destroyed));
    // He gives the advantage to himself and units within 60 yards (5.63): 1 stand + 3 + European 1 + 1.
    let r = pos(Sequence::Initiative, &[], &[("a", 0)], &[("hero", "a", "british.hero", Line, (500.0, 300.0), 90.0)]);
    assert_eq!(morale::total(&r, 0), 6);
}

/// A battle car (Recon) and a land ironclad (Assault) facing native foot, a Gatling and a field gun.
fn armour() -> salient::rulesets::martians::state::Pos {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("v", 0), ("n", 1), ("g", 1)],
        &[
            ("car", "v", "british.battle-car", Line, (400.0, 300.0), 90.0),
            ("iron", "v", "british.land-ironclad", Line, (700.0, 300.0), 270.0),
            ("w", "n", "indunas.warriors", Mass, (400.0, 400.0), 270.0),
            ("mg", "g", "emirs.captured-gatling", Unlimbered, (300.0, 500.0), 270.0),
            ("gun", "g", "emirs.emir-guns", Unlimbered, (700.0, 600.0), 270.0),
        ],
    );
    p.units[0].castings = 2;
    p
}

#[test]
fn vehicles_are_proof_against_musketry_and_assault_vehicles_against_machine_guns_steam_vehicles() {
    let p = armour();
    let (car, iron, w, mg, gun) = (u(&p, "car"), u(&p, "iron"), u(&p, "w"), u(&p, "mg"), u(&p, "gun"));
    // Recon: "prevent the vehicles from being affected by musketry or bows. They can be affected by
    // machineguns, cannon fire".
    assert!(fire::shot(&p, w, car).is_none(), "javelins at a battle car");
    assert!(fire::shot(&p, mg, car).is_some_and(|s| s.dice > 0), "a Gatling at a battle car");
    // Assault: "prevent the vehicles from being affected by musketry or machinegun fire. They can be
    // affected by cannon fire".
    assert!(fire::shot(&p, mg, iron).is_none(), "a Gatling at a land ironclad");
    assert!(fire::shot(&p, gun, iron).is_some_and(|s| s.dice > 0), "a smooth-bore at a land ironclad");
    // RECONSTRUCTED: vehicles are hit as cavalry and artillery.
    assert_eq!(fire::to_hit(&p, car), vec![10, 1, 2]);
}

#[test]
fn a_vehicle_fires_its_machine_guns_and_cannon_all_round_steam_vehicles() {
    let mut p = armour();
    let (car, iron, w, gun) = (u(&p, "car"), u(&p, "iron"), u(&p, "w"), u(&p, "gun"));
    // Two battle cars of two machine guns at 100 yards: 2 x 2 x the MG's 4 dice (the canister band).
    let s = fire::shot(&p, car, w).expect("in range");
    assert_eq!((s.dice, s.range.round()), (16, 100.0));
    // "Turreted vehicles can fire 360 degrees": the ironclad faces south, the gun is 280 yards behind it:
    // two machine guns at 3 dice and the rifled gun's 2 (101-300).
    let mut ty = p.sc.unit_type(iron).clone();
    ty.turret = true;
    let mut sc = (*p.sc).clone();
    sc.types[iron] = ty;
    p.sc = std::sync::Arc::new(sc);
    let s = fire::shot(&p, iron, gun).expect("in range all round");
    assert_eq!((s.dice, s.range.round()), (2 * 3 + 2, 280.0));
}

#[test]
fn a_vehicle_without_a_turret_has_the_kill_zones_of_its_guns_steam_vehicles() {
    // "Non-turret vehicles have the same Kill Zones as MGs or cannon depending on how they are armed": the
    // land ironclad's gun is in a bow casemate (the army list, RECONSTRUCTED).
    let mut p = armour();
    let (iron, mg, gun) = (u(&p, "iron"), u(&p, "mg"), u(&p, "gun"));
    assert!(!p.sc.unit_type(iron).turret);
    assert!(fire::shot(&p, iron, gun).is_none(), "the gun is behind it");
    // Turned north, 260 yards short of the gun: straight ahead, its machine guns (forward, 6.37) and its
    // cannon (the zone the width of the stand, 6.31): 2 x 3 + 2 dice.
    p.units[iron].facing = 90f32.to_radians();
    p.units[iron].at.y = 340.0;
    let s = fire::shot(&p, iron, gun).expect("ahead");
    assert_eq!((s.dice, s.range.round()), (8, 260.0));
    // The Gatling to the north-west is forward of the stand but out of the cannon's zone: its two machine
    // guns only, at the 301+ band's 2 dice.
    let s = fire::shot(&p, iron, mg).expect("forward");
    assert_eq!(s.dice, 4);
}

#[test]
fn hits_destroy_a_recon_vehicle_and_two_an_assault_vehicle_steam_vehicles() {
    let mut p = armour();
    let (car, iron, mg, gun) = (u(&p, "car"), u(&p, "iron"), u(&p, "mg"), u(&p, "gun"));
    let (_, ev) = with_dice(&mut p, &[], |p, rt| fire::apply(p, rt, mg, car, 1, false));
    assert_eq!(p.units[car].castings, 1, "one battle car of two destroyed");
    assert!(!ev.iter().any(|e| matches!(e.kind, EventKind::Morale { .. })), "vehicles check no morale");
    with_dice(&mut p, &[], |p, rt| fire::apply(p, rt, gun, iron, 1, false));
    assert_eq!((p.units[iron].castings, p.units[iron].air_hits), (1, 1), "an ironclad takes two hits");
    with_dice(&mut p, &[], |p, rt| fire::apply(p, rt, gun, iron, 1, false));
    assert_eq!(p.units[iron].gone, Some(Gone::Destroyed));
}

#[test]
fn foot_that_pass_morale_overrun_a_vehicle_and_take_its_machine_gun_dice_mice_8_4() {
    use salient::rulesets::martians::state::Contact;
    use salient::rulesets::martians::vehicles;
    let mut p = armour();
    let (car, w) = (u(&p, "car"), u(&p, "w"));
    p.units[w].at.y = 321.0;
    let contact = Contact { attacker: w, defender: car, flank: false };
    p.r.contacts = vec![contact];
    // The warriors' morale (4 stands + 2 + 1 = 7): 5 passes. The two cars' four machine guns roll kill dice:
    // 0, 3 hit the mass (0-3), 5 and 7 miss.
    let (field, ev) = with_dice(&mut p, &[5, 10, 3, 5, 7], |p, rt| vehicles::overruns(p, rt, vec![contact]));
    assert!(field.is_empty());
    assert_eq!(p.units[car].gone, Some(Gone::Destroyed), "the vehicle is automatically destroyed");
    assert_eq!(p.units[w].castings, 34);
    assert!(ev.iter().any(|e| e.rule == "8.4" && matches!(e.kind, EventKind::Overrun { hits: 2, dice: 4, .. })), "{ev:#?}");
    assert!(p.r.contacts.is_empty());
    // Failing the check (9 > 7), they do not melee: a morale loss (2: halt), the vehicle stands.
    let mut q = armour();
    q.units[w].at.y = 321.0;
    q.r.contacts = vec![contact];
    with_dice(&mut q, &[9, 2], |p, rt| vehicles::overruns(p, rt, vec![contact]));
    assert_eq!((q.units[car].gone, q.units[w].castings), (None, 36));
    assert!(q.halted(w));
    assert!(q.r.contacts.is_empty());
}

#[test]
fn vehicles_meet_only_foot_or_mounted_in_contact_mice_8_4() {
    use salient::rulesets::martians::movement::check_charge;
    let mut p = armour();
    let (car, iron, w, gun) = (u(&p, "car"), u(&p, "iron"), u(&p, "w"), u(&p, "gun"));
    assert!(check_charge(&p, car, w).is_ok(), "a vehicle may move into contact with foot");
    assert!(check_charge(&p, iron, gun).is_err(), "not with guns");
    assert!(check_charge(&p, w, car).is_ok(), "foot may close on a vehicle to overrun it");
    // "Vehicle units cannot Overrun or Melee with other vehicle units."
    p.units[iron].at = salient::engine::board::tabletop::Yards::new(400.0, 420.0);
    p.units[iron].facing = 270f32.to_radians();
    p.units[w].at.x = 1400.0;
    assert!(check_charge(&p, car, iron).is_err());
}
