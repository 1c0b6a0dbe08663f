//! Armoured fighting vehicles (11.1): point fire with the rulebook's example (7.62), two shots per
//! attack, immunity to area fire (7.6), trenches and immobilization (8.3, 8.4), AFV against AFV
//! (8.2) and wire (10.53).

use salient::rulesets::trenches::Command;
use salient::rulesets::trenches::sequence::recovery;
use salient::rulesets::trenches::state::{Fort, Where};
use salient::rulesets::trenches::units::{Level, Side};

use super::fixtures::*;

const A: Side = Side::Allied;
const C: Side = Side::Central;

fn open_board() -> salient::engine::board::HexBoard {
    board(&["........"; 8].map(|r| r), &[], &[])
}

/// 7.62's example: the full-strength German mortar rolls 5 to hit the American (French-built) tank:
/// a miss, and the mortar is engaged. The half-strength mortar rolls 10, -1 for its half strength:
/// 9 hits; penetration two threes + the mortar's full-strength 5 = 11, enough to destroy, but on
/// doubles the tank is only immobilized.
#[test]
fn point_fire_example_mortars_immobilize_the_tank_itt_7_62() {
    let mut p = pos(open_board(), &[("de-m1", C, "MTR", 'A', "C02"), ("de-m2", C, "MTR", 'A', "D02"), ("us-ft", A, "FT", 'A', "C04")], C);
    st(&mut p, "de-m2").steps = 1;
    activate(&mut p, &["de-m1"]);
    let ev = submit(&mut p, Command::PointFire("de-m1".into(), "us-ft".into()), &[2, 3]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("to hit 5+0 = 5") && e.text.contains("misses")), "{:?}", texts(&ev));
    assert_eq!(level(&p, "de-m1"), Level::Engaged, "each point fire attack escalates the shooter");
    p.r.act = None;
    activate(&mut p, &["de-m2"]);
    let ev = submit(&mut p, Command::PointFire("de-m2".into(), "us-ft".into()), &[4, 6, 3, 3]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("to hit 10-1 = 9") && e.text.contains("penetration 6 + 5 = 11")), "{:?}", texts(&ev));
    let ft = u(&p, "us-ft");
    assert!(p.units[ft].immobile, "doubles: immobilized, not destroyed");
    assert_eq!(at(&p, "us-ft").as_deref(), Some("C04"));
    assert!(p.units[ft].level >= Level::Engaged, "an immobilized AFV is at least engaged (8.4)");
}

/// 7.62: the same penetration without doubles destroys the tank (one step, 2.4).
#[test]
fn a_penetration_without_doubles_destroys_the_afv_itt_7_62() {
    let mut p = pos(open_board(), &[("de-m1", C, "MTR", 'A', "C02"), ("us-ft", A, "FT", 'A', "C04")], C);
    activate(&mut p, &["de-m1"]);
    submit(&mut p, Command::PointFire("de-m1".into(), "us-ft".into()), &[3, 3, 2, 3]).unwrap();
    assert_eq!(p.units[u(&p, "us-ft")].at, Where::Eliminated);
}

/// 7.6, 11.1: area fire cannot aim at a hex whose only enemy is an AFV; infantry cannot point fire.
#[test]
fn afv_are_immune_to_area_fire_and_infantry_cannot_point_fire_itt_7_6_11_1() {
    let mut p = pos(open_board(), &[("de-r", C, "RFL", 'A', "C02"), ("us-ft", A, "FT", 'A', "C03")], C);
    activate(&mut p, &["de-r"]);
    assert_eq!(refused_by(submit(&mut p, Command::Fire(ids(&["de-r"]), "C03".into()), &[])), "7.23");
    assert_eq!(refused_by(submit(&mut p, Command::PointFire("de-r".into(), "us-ft".into()), &[])), "7.62");
}

/// 11.1: an AFV's attack is two shots, machine guns and gun, each at any target; the AFV escalates
/// once, after both.
#[test]
fn an_afv_fires_its_machine_guns_then_its_gun_and_escalates_once_itt_11_1() {
    let mut p = pos(open_board(), &[("uk-m", A, "MK4M", 'A', "C02"), ("de-1", C, "RFL", 'A', "C04"), ("de-2", C, "RFL", 'A', "E02")], A);
    st(&mut p, "de-1").level = Level::Spent;
    st(&mut p, "de-2").level = Level::Spent;
    activate(&mut p, &["uk-m"]);
    // Machine guns, FP 6 at two hexes: volume 2; 2 + 2 = 4, no effect.
    let ev = submit(&mut p, Command::Fire(ids(&["uk-m"]), "C04".into()), &[1, 1]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("2 +2 = 4")), "{:?}", texts(&ev));
    assert_eq!(level(&p, "uk-m"), Level::Free, "not yet: the gun's shot remains");
    // The gun, FP 4 at two hexes: volume 1.33, +1.
    let ev = submit(&mut p, Command::Fire(ids(&["uk-m"]), "E02".into()), &[1, 1]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("2 +1 = 3")), "{:?}", texts(&ev));
    assert_eq!(level(&p, "uk-m"), Level::Engaged);
}

/// 11.1: a shot not taken is forfeit, and the attack still escalates the AFV.
#[test]
fn an_unused_second_shot_is_forfeit_itt_11_1() {
    let mut p = pos(open_board(), &[("uk-m", A, "MK4M", 'A', "C02"), ("de-1", C, "RFL", 'A', "C04")], A);
    st(&mut p, "de-1").level = Level::Spent;
    activate(&mut p, &["uk-m"]);
    submit(&mut p, Command::Fire(ids(&["uk-m"]), "C04".into()), &[1, 1]).unwrap();
    submit(&mut p, Command::EndActivation, &[]).unwrap();
    assert_eq!(level(&p, "uk-m"), Level::Engaged);
}

/// 8.3: an AFV entering a trench hex rolls two dice; 10 or more immobilizes it there.
#[test]
fn an_afv_crossing_a_trench_is_immobilized_on_ten_itt_8_3() {
    let b = board(&["........"; 6].map(|r| r), &[("trench", &["C03"])], &[]);
    for (dice, bogged) in [([5, 5], true), ([4, 5], false)] {
        let mut p = pos(b.clone(), &[("uk-f", A, "MK4F", 'A', "C02"), ("de-1", C, "RFL", 'A', "F06")], A);
        activate(&mut p, &["uk-f"]);
        submit(&mut p, Command::Move(ids(&["uk-f"]), "C03".into()), &dice).unwrap();
        assert_eq!(p.units[u(&p, "uk-f")].immobile, bogged);
        assert_eq!(p.units[u(&p, "uk-f")].fort, Fort::Out, "AFV never enter fortifications (10.5)");
    }
}

/// 8.4: an immobilized AFV recovers to engaged, never to free, and cannot move.
#[test]
fn an_immobilized_afv_stays_engaged_itt_8_4() {
    let mut p = pos(open_board(), &[("uk-f", A, "MK4F", 'A', "C02"), ("de-1", C, "RFL", 'A', "F06")], A);
    st(&mut p, "uk-f").immobile = true;
    with_dice(&mut p, &[], recovery);
    assert_eq!(level(&p, "uk-f"), Level::Engaged);
    activate(&mut p, &["uk-f"]);
    assert!(submit(&mut p, Command::Move(ids(&["uk-f"]), "C03".into()), &[]).is_err());
}

/// 8.2: an AFV armed only with machine guns cannot enter a hex with an enemy AFV that has a gun.
#[test]
fn a_machine_gun_afv_cannot_enter_a_gun_afvs_hex_itt_8_2() {
    let mut p = pos(open_board(), &[("uk-f", A, "MK4F", 'A', "C02"), ("de-t", C, "FT", 'A', "C03")], A);
    activate(&mut p, &["uk-f"]);
    assert_eq!(refused_by(submit(&mut p, Command::Move(ids(&["uk-f"]), "C03".into()), &[])), "8.2");
}

/// 10.53: an AFV pays 2 MP to go onto wire, and going beneath it removes the wire counter.
#[test]
fn an_afv_flattens_the_wire_itt_10_53() {
    let b = board(&["........"; 6].map(|r| r), &[("wire", &["C03"])], &[]);
    let mut p = pos(b, &[("uk-w", A, "WHP", 'A', "C02"), ("de-1", C, "RFL", 'A', "F06")], A);
    activate(&mut p, &["uk-w"]);
    submit(&mut p, Command::Move(ids(&["uk-w"]), "C03".into()), &[]).unwrap();
    assert_eq!(p.units[u(&p, "uk-w")].fort, Fort::OnWire);
    submit(&mut p, Command::EnterFortification(ids(&["uk-w"])), &[]).unwrap();
    assert!(!p.r.wire.contains(&hex(&p, "C03")));
}

fn texts(ev: &[salient::rulesets::trenches::Event]) -> Vec<&str> {
    ev.iter().map(|e| e.text.as_str()).collect()
}

/// 10.53: "AFV and operation-designated sappers remove a wire counter from play when they move
/// beneath it"; other infantry leaves it in place. (A Marine's 3 MP go onto the wire; it goes
/// beneath in its next activation.)
#[test]
fn sappers_remove_the_wire_they_move_beneath_itt_10_53() {
    use std::sync::Arc;
    let b = board(&["........"; 6].map(|r| r), &[("wire", &["C03"])], &[]);
    let mut p = pos(b, &[("uk-s", A, "MAR", 'A', "C03"), ("uk-m", A, "MAR", 'A', "C03"), ("de-1", C, "RFL", 'A', "F06")], A);
    st(&mut p, "uk-s").fort = Fort::OnWire;
    st(&mut p, "uk-m").fort = Fort::OnWire;
    let mut plain = p.clone();
    activate(&mut plain, &["uk-s"]);
    submit(&mut plain, Command::EnterFortification(ids(&["uk-s"])), &[]).unwrap();
    assert_eq!(plain.units[u(&plain, "uk-s")].fort, Fort::Out, "beneath the wire");
    assert!(plain.r.wire.contains(&hex(&plain, "C03")), "a Marine not designated a sapper leaves the wire");
    let s = u(&p, "uk-s");
    Arc::make_mut(&mut p.sc).spec.units[s].sapper = true;
    activate(&mut p, &["uk-s"]);
    let ev = submit(&mut p, Command::EnterFortification(ids(&["uk-s"])), &[]).unwrap();
    assert!(!p.r.wire.contains(&hex(&p, "C03")));
    assert!(ev.iter().any(|e| e.text.contains("cuts the wire in C03")), "{:?}", texts(&ev));
    assert_eq!(p.units[u(&p, "uk-m")].fort, Fort::Out, "the counter is gone from under the other Marine");
}
