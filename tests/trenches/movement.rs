//! Movement (8), formations' coordination penalty (5.3), stacking (2.8), fortifications and wire
//! (10.5, 10.53), roads (10.8) and digging (6).

use salient::rulesets::trenches::Command;
use salient::rulesets::trenches::state::Fort;
use salient::rulesets::trenches::units::{Level, Side};

use super::fixtures::*;

const A: Side = Side::Allied;
const C: Side = Side::Central;

fn moves(p: &mut salient::rulesets::trenches::state::Pos, units: &[&str], path: &[&str]) -> usize {
    let mut n = 0;
    for h in path {
        if submit(p, Command::Move(ids(units), h.to_string()), &[]).is_err() {
            break;
        }
        n += 1;
    }
    n
}

/// 8.1, 5.3: a lone Marine moves three open hexes; in a formation it pays a third of its allowance
/// first and moves two.
#[test]
fn formation_pays_a_third_of_its_allowance_itt_5_3_8_1() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b.clone(), &[("us-1", A, "MAR", 'A', "C01"), ("us-2", A, "MAR", 'A', "D01")], A);
    activate(&mut p, &["us-1"]);
    assert_eq!(moves(&mut p, &["us-1"], &["C02", "C03", "C04", "C05"]), 3);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "C01"), ("us-2", A, "MAR", 'A', "D01")], A);
    activate(&mut p, &["us-1", "us-2"]);
    assert_eq!(moves(&mut p, &["us-1"], &["C02", "C03", "C04"]), 2);
}

/// 8: a unit always moves at least one hex, whatever it costs.
#[test]
fn first_hex_is_always_allowed_itt_8() {
    let b = board(&["..ww...."; 6].map(|r| r), &[("wire", &["C03"])], &[]);
    let mut p = pos(b, &[("de-mg", C, "MG", 'A', "C02")], C);
    activate(&mut p, &["de-mg"]);
    assert_eq!(moves(&mut p, &["de-mg"], &["C03", "C04"]), 1);
    assert_eq!(p.units[u(&p, "de-mg")].fort, Fort::OnWire, "10.53: on the wire");
}

/// 2.8: no fourth unit of a side in a hex.
#[test]
fn no_fourth_unit_in_a_hex_itt_2_8() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(
        b,
        &[("us-1", A, "MAR", 'A', "C02"), ("us-2", A, "MAR", 'A', "C02"), ("us-3", A, "MAR", 'A', "C02"), ("us-4", A, "MAR", 'B', "C01")],
        A,
    );
    activate(&mut p, &["us-4"]);
    assert!(submit(&mut p, Command::Move(ids(&["us-4"]), "C02".into()), &[]).is_err());
}

/// 8.2: only AFV leave a hex that holds enemy units.
#[test]
fn enemy_in_the_hex_holds_a_unit_in_place_itt_8_2() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "C02"), ("de-1", C, "RFL", 'A', "C02")], A);
    activate(&mut p, &["us-1"]);
    assert!(submit(&mut p, Command::Move(ids(&["us-1"]), "C01".into()), &[]).is_err());
}

/// 7.24 with 8.2: a Marine that walks into a hex holding a hidden German finds it there: the
/// German is revealed, holds the Marine in place, and may be attacked in close combat ("Hidden units
/// can be attacked in close combat"). Nothing the Marine may or may not do next tells of a German
/// it has not found (the reading in docs/trenches.md).
#[test]
fn walking_into_a_hidden_unit_finds_it_itt_7_24_8_2() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "C01"), ("de-1", C, "RFL", 'A', "C02"), ("de-2", C, "RFL", 'B', "E05")], A);
    st(&mut p, "de-1").hidden = true;
    st(&mut p, "de-1").level = Level::Spent; // no reaction fire to reveal it
    st(&mut p, "de-2").level = Level::Spent;
    activate(&mut p, &["us-1"]);
    let ev = submit(&mut p, Command::Move(ids(&["us-1"]), "C02".into()), &[]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("revealed")), "{:?}", ev.iter().map(|e| &e.text).collect::<Vec<_>>());
    assert!(!p.units[u(&p, "de-1")].hidden);
    assert!(salient::rulesets::trenches::view::invariants_of(&p).is_empty());
    st(&mut p, "de-1").hidden = true;
    assert!(
        salient::rulesets::trenches::view::invariants_of(&p).iter().any(|e| e.contains("hidden")),
        "a hidden unit sharing a hex with the enemy breaks an invariant"
    );
}

/// 8.2, 7.24: a transport may not enter a hex with enemy units it can see; a hidden enemy does not
/// refuse it the hex (the refusal would tell where the hidden unit is).
#[test]
fn a_transport_is_refused_only_known_enemy_hexes_itt_8_2() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-t", A, "TRK", 'A', "C01"), ("de-1", C, "RFL", 'A', "C02")], A);
    st(&mut p, "de-1").level = Level::Spent;
    activate(&mut p, &["us-t"]);
    assert!(submit(&mut p, Command::Move(ids(&["us-t"]), "C02".into()), &[]).is_err());
    st(&mut p, "de-1").hidden = true;
    submit(&mut p, Command::Move(ids(&["us-t"]), "C02".into()), &[]).unwrap();
    assert!(!p.units[u(&p, "de-1")].hidden);
}

/// 10.5: a unit entering a trench hex is OUT until it pays one more point; then the trench covers it.
#[test]
fn entering_a_trench_costs_one_more_point_itt_10_5() {
    let b = board(&["........"; 6].map(|r| r), &[("trench", &["C03"])], &[]);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "C01")], A);
    activate(&mut p, &["us-1"]);
    assert_eq!(moves(&mut p, &["us-1"], &["C02", "C03"]), 2);
    assert_eq!(p.units[u(&p, "us-1")].fort, Fort::Out);
    submit(&mut p, Command::EnterFortification(ids(&["us-1"])), &[]).unwrap();
    assert_eq!(p.units[u(&p, "us-1")].fort, Fort::In);
    let shooter = [p.hex(u(&p, "us-1")).unwrap()];
    assert_eq!(salient::rulesets::trenches::fire::cover(&p, u(&p, "us-1"), &[hex(&p, "C05")], false, &[]), 3);
    let _ = shooter;
}

/// 10.8, 10.81: a whole move along a road earns one more hex.
#[test]
fn road_bonus_hex_itt_10_81() {
    let b = board(&["wwwwwwww"; 6].map(|r| r), &[], &[&["C01", "C02", "C03", "C04", "C05", "C06"]]);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "C01")], A);
    activate(&mut p, &["us-1"]);
    assert_eq!(moves(&mut p, &["us-1"], &["C02", "C03", "C04", "C05", "C06"]), 4);
}

/// 6, 3.12: a free infantry unit digs (engaged); at recovery the shovel becomes a scrape it is IN.
#[test]
fn digging_makes_a_scrape_at_recovery_itt_6_3_12() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "C01")], A);
    activate(&mut p, &["us-1"]);
    let ev = submit(&mut p, Command::Dig("us-1".into()), &[]).unwrap();
    assert!(ev.iter().any(|e| e.text == "us-1 (MAR A) is engaged."), "{:?}", ev.iter().map(|e| &e.text).collect::<Vec<_>>());
    assert!(ev.iter().any(|e| e.text.starts_with("Recovery")), "nothing else to do: the turn ends");
    assert!(p.r.scrapes.contains(&hex(&p, "C01")));
    assert_eq!(p.units[u(&p, "us-1")].fort, Fort::In);
    assert_eq!(level(&p, "us-1"), Level::Free);
}

/// 7.24, 8.2: a side knows no hidden enemy unit stands where its own units have been; every hex a
/// unit enters is recorded as searched for its side, not for the other.
#[test]
fn hexes_entered_are_searched_for_hidden_units_itt_7_24() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "C01"), ("de-1", C, "RFL", 'A', "F05")], A);
    activate(&mut p, &["us-1"]);
    assert_eq!(moves(&mut p, &["us-1"], &["C02", "C03"]), 2);
    for h in ["C02", "C03"] {
        assert!(p.r.searched[A.index()].contains(&hex(&p, h)), "{h} searched by the Marines");
        assert!(!p.r.searched[C.index()].contains(&hex(&p, h)), "{h} not searched by the Germans");
    }
}
