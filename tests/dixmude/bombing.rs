//! Bombing (7): the hits and where they go, with forced dice.

use salient::rulesets::dixmude::bombing;
use salient::rulesets::dixmude::units::{Level, Where};

use super::fixtures::*;

#[test]
fn one_hit_per_battalion_before_a_second_dix_7_3_2() {
    let mut p = empty();
    put(&mut p, "de-1-206", 34, Level::Good);
    put(&mut p, "de-2-206", 34, Level::Good);
    put(&mut p, "de-3-206", 34, Level::Good);
    with_dice(&mut p, &[], |p, rt| bombing::apply_hits(p, rt, 34, 4));
    let levels: Vec<Level> = ["de-1-206", "de-2-206", "de-3-206"].iter().map(|id| level(&p, id)).collect();
    assert_eq!(levels.iter().filter(|l| **l == Level::Exhausted).count(), 1, "{levels:?}");
    assert_eq!(levels.iter().filter(|l| **l == Level::Weakened).count(), 2, "{levels:?}");
}

#[test]
fn artillery_cannot_put_a_battalion_out_of_action_but_destroys_a_company_dix_7_3_1() {
    let mut p = empty();
    put(&mut p, "fb-3-1rfm", 3, Level::Good);
    with_dice(&mut p, &[], |p, rt| bombing::apply_hits(p, rt, 3, 5));
    assert_eq!(at(&p, "fb-3-1rfm"), Where::Zone(3), "it stays in place");
    assert_eq!(level(&p, "fb-3-1rfm"), Level::Exhausted);
    let mut p = empty();
    put(&mut p, "fb-cie-1", 3, Level::Good);
    with_dice(&mut p, &[], |p, rt| bombing::apply_hits(p, rt, 3, 1));
    assert_ne!(at(&p, "fb-cie-1"), Where::Zone(3), "the company is destroyed");
}

#[test]
fn trenches_take_the_first_hit_and_the_bonus_removes_hits_dix_7_3_3_7_3_4() {
    let mut p = empty();
    put(&mut p, "fb-3-11rl", 4, Level::Good); // zone 4: bonus +1
    p.r.trenches.insert(4);
    with_dice(&mut p, &[], |p, rt| bombing::apply_hits(p, rt, 4, 2));
    assert!(!p.r.trenches.contains(&4), "the trenches are removed");
    assert_eq!(level(&p, "fb-3-11rl"), Level::Good, "2 hits: trenches 1, bonus +1 the other");
    with_dice(&mut p, &[], |p, rt| bombing::apply_hits(p, rt, 4, 3));
    assert_eq!(level(&p, "fb-3-11rl"), Level::Exhausted, "3 hits, bonus +1: 2 hits");
}

#[test]
fn diksmuide_absorbs_four_hits_then_lies_in_ruins_dix_7_3_5() {
    let mut p = empty();
    put(&mut p, "fb-2-11rl", 11, Level::Good);
    with_dice(&mut p, &[], |p, rt| bombing::apply_hits(p, rt, 11, 3));
    assert_eq!((p.r.ruins, level(&p, "fb-2-11rl")), (None, Level::Good), "fewer than 4 hits: nothing happens");
    assert_eq!(p.bonus(11), 4);
    with_dice(&mut p, &[], |p, rt| bombing::apply_hits(p, rt, 11, 5));
    assert_eq!(p.bonus(11), 3, "Diksmuide en ruine +3");
    assert_eq!(level(&p, "fb-2-11rl"), Level::Weakened, "the fifth hit reaches the battalion");
    with_dice(&mut p, &[], |p, rt| bombing::apply_hits(p, rt, 11, 2));
    assert_eq!(p.bonus(11), 3, "fewer than 3 hits: the marker stays on +3");
    with_dice(&mut p, &[], |p, rt| bombing::apply_hits(p, rt, 11, 3));
    assert_eq!(p.bonus(11), 2, "turned to +2");
    with_dice(&mut p, &[], |p, rt| bombing::apply_hits(p, rt, 11, 6));
    assert_eq!(p.bonus(11), 2, "+2 until the end of the game");
}

#[test]
fn a_second_shot_at_a_zone_takes_minus_one_and_heavy_artillery_plus_one_dix_7_2() {
    let mut p = empty();
    let gun = put(&mut p, "de-fussart-1", 40, Level::Good);
    put(&mut p, "fb-1-2rfm", 2, Level::Good);
    let shot = salient::rulesets::dixmude::state::Shot { side: salient::rulesets::dixmude::units::Side::German, unit: gun, zone: 2 };
    let heavy = p.sc.tables.bombing.heavy_bonus;
    assert_eq!(bombing::modifier(&p, &shot), heavy);
    p.r.bombing.bombed.insert(2, 2);
    assert_eq!(bombing::modifier(&p, &shot), heavy - 2, "cumulative -1 per earlier shot");
    p.r.flags.taube = true;
    assert_eq!(bombing::modifier(&p, &shot), heavy - 2 + p.sc.tables.bombing.taube_bonus, "the Taube helps heavy artillery (12.2.1)");
}

#[test]
fn counter_battery_heavy_only_against_heavy_dix_7_2() {
    let mut p = empty();
    let heavy = put(&mut p, "de-fussart-1", 40, Level::Good);
    let field = put(&mut p, "de-44far", 33, Level::Good);
    put(&mut p, "fb-pontus", 6, Level::Good);
    put(&mut p, "fb-ral155", 7, Level::Good);
    put(&mut p, "fb-1-2rfm", 2, Level::Good);
    let side = salient::rulesets::dixmude::units::Side::German;
    let against_heavy = bombing::counter_guns(&p, &salient::rulesets::dixmude::state::Shot { side, unit: heavy, zone: 2 });
    assert_eq!(against_heavy, vec![u(&p, "fb-ral155")]);
    let against_field = bombing::counter_guns(&p, &salient::rulesets::dixmude::state::Shot { side, unit: field, zone: 2 });
    assert!(against_field.contains(&u(&p, "fb-ral155")));
}
