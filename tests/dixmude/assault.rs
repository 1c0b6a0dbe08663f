//! Activation, defensive fire and assault (8), with forced dice.

use salient::rulesets::dixmude::state::{AssaultState, AssaultStep};
use salient::rulesets::dixmude::units::{Level, Side, Where};
use salient::rulesets::dixmude::{Command, EventKind, assault, preview};

use super::fixtures::*;

fn declare(p: &mut salient::rulesets::dixmude::state::Pos, from: u32, target: u32) {
    let act = p.r.impulse.act.as_mut().unwrap();
    act.assault = Some(AssaultState { from, target, step: AssaultStep::Fire, no_fire: false });
}

#[test]
fn fire_power_adds_adjacent_zones_and_subtracts_stars_dix_8_2_1() {
    let mut p = empty();
    put(&mut p, "fb-1-1rfm", 5, Level::Good); // defends 5
    put(&mut p, "fb-2-1rfm", 8, Level::Good); // 8 is next to 5 and 11? only zones adjacent to 11 count
    put(&mut p, "fb-mg-fm", 5, Level::Good);
    put(&mut p, "de-15rjb", 11, Level::Good);
    put(&mut p, "de-1-203", 11, Level::Good);
    activation(&mut p, Side::German, &["de-15rjb", "de-1-203"]);
    declare(&mut p, 11, 5);
    let act = p.r.impulse.act.clone().unwrap();
    let a = act.assault.clone().unwrap();
    let fire = p.spec(u(&p, "fb-1-1rfm")).fire + p.spec(u(&p, "fb-mg-fm")).bonus;
    let adjacent = p.infantry_zones(11, Side::FrancoBelgian).into_iter().filter(|&z| z != 5).count() as i32;
    assert_eq!(assault::fire_power(&p, &act, &a, false), fire + adjacent - 1, "one Jäger battalion: -1");
}

#[test]
fn exhausted_by_fire_cannot_assault_dix_8_2_1() {
    let mut p = empty();
    put(&mut p, "fb-1-1rfm", 5, Level::Good);
    put(&mut p, "de-1-203", 11, Level::Weakened);
    activation(&mut p, Side::German, &["de-1-203"]);
    declare(&mut p, 11, 5);
    let power = {
        let act = p.r.impulse.act.clone().unwrap();
        assault::fire_power(&p, &act, act.assault.as_ref().unwrap(), false)
    };
    let six = p.sc.tables.fire_hits(power, 6);
    assert!(six >= 1, "a 6 hits on column {power}");
    with_dice(&mut p, &[6], |p, rt| assault::defensive_fire(p, rt, false));
    assert_ne!(level(&p, "de-1-203"), Level::Weakened);
    let act = p.r.impulse.act.clone().unwrap();
    assert!(assault::attackers(&p, &act, 11).is_empty(), "an exhausted battalion does not assault");
}

#[test]
fn the_assault_modifier_is_capped_at_four_dix_8_3_2() {
    let mut p = empty();
    for id in ["de-1-205", "de-2-205", "de-3-205"] {
        put(&mut p, id, 24, Level::Good);
    }
    put(&mut p, "fb-cie-1", 16, Level::Exhausted);
    activation(&mut p, Side::German, &["de-1-205", "de-2-205", "de-3-205"]);
    let act = p.r.impulse.act.clone().unwrap();
    let (amplitude, attack, defence, modifier) = preview::contest(&p, &act, 24, 16);
    assert!(attack - defence > 4);
    assert_eq!((amplitude, modifier), (3, 4), "companies do not count in the amplitude; +4 at most");
    let odds = preview::assault(&p, &Command::Assault { from: 24, target: 16, night: false }).unwrap();
    assert!((odds.success - 5.0 / 6.0).abs() < 1e-9, "6+ with +4: rolls 2 to 6");
}

#[test]
fn the_attacker_wins_on_six_or_more_and_the_defender_retreats_dix_8_3_3() {
    let mut p = empty();
    put(&mut p, "fb-1-12rl", 14, Level::Good);
    put(&mut p, "de-1-201", 24, Level::Good);
    put(&mut p, "de-2-201", 24, Level::Good);
    activation(&mut p, Side::German, &["de-1-201", "de-2-201"]);
    declare(&mut p, 24, 14);
    p.r.impulse.act.as_mut().unwrap().assault.as_mut().unwrap().step = AssaultStep::Charge;
    let (_, events) = with_dice(&mut p, &[6], |p, rt| assault::exec(p, rt, Side::German, Command::Charge));
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::Assault { success: true, .. })));
    assert_eq!(level(&p, "fb-1-12rl"), Level::Weakened, "the first hit (bonus +2 removes the rest)");
    assert_ne!(at(&p, "fb-1-12rl"), Where::Zone(14), "the defender retreats");
    assert_eq!(p.occupant(14), Some(Side::German), "the attackers occupy the zone");
}

#[test]
fn diksmuide_takes_no_hit_not_even_the_first_dix_8_3_3() {
    let mut p = empty();
    put(&mut p, "fb-2-11rl", 11, Level::Good);
    assert_eq!(preview::defender_reaches(&p, 11, 3), 0);
    put(&mut p, "fb-1-12rl", 12, Level::Good);
    p.r.trenches.insert(12);
    assert_eq!(preview::defender_reaches(&p, 12, 1), 1, "the first hit always");
    assert_eq!(preview::defender_reaches(&p, 12, 2), 1, "the trenches take the second");
    assert_eq!(preview::defender_reaches(&p, 12, 3), 2);
    assert_eq!(preview::defender_reaches(&p, 14, 4), 2, "bonus +2 (Woumen) removes two after the first");
}

#[test]
fn yser_crossing_table_dix_8_6() {
    let p = start();
    let table = &p.sc.tables.yser;
    assert_eq!(table[0], (false, true), "1: failure and a hit");
    assert_eq!((table[1], table[2]), ((false, false), (false, false)), "2-3: failure");
    assert_eq!((table[3], table[4]), ((true, false), (true, false)), "4-5: success");
    assert_eq!(table[5], (true, true), "6: success and a hit");
}

#[test]
fn only_zones_five_and_eleven_touch_across_the_yser_dix_1_1_1() {
    let p = start();
    assert!(p.adjacent_for(5, 11, Side::German));
    for (a, b) in [(2, 9), (3, 10), (8, 12), (8, 13), (2, 19), (1, 19)] {
        assert!(!p.adjacent_for(a, b, Side::German), "{a}-{b}");
        assert!(p.sc.zone(a).across.contains(&b), "{a} faces {b} across the Yser");
    }
    assert!(!p.adjacent_for(15, 16, Side::German), "corner contact");
}

#[test]
fn zone_one_after_an_offensive_on_tervaete_dix_12() {
    let mut p = start();
    assert!(!p.adjacent_for(1, 19, Side::German));
    p.r.flags.tervaete = true;
    assert!(p.adjacent_for(1, 19, Side::German) && p.adjacent_for(1, 30, Side::German), "as if adjacent to any zone of the right bank");
    assert!(!p.adjacent_for(1, 19, Side::FrancoBelgian));
    p.r.flags.flood_from = Some(1);
    p.r.turn = 2;
    assert!(!p.adjacent_for(1, 2, Side::FrancoBelgian) && !p.adjacent_for(1, 19, Side::German), "flooded: inaccessible");
}
