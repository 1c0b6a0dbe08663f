//! Indirect fire (7.8), ordnance firepower (11.4) and the preliminary bombardment (7.86).

use salient::rulesets::trenches::Command;
use salient::rulesets::trenches::events::Pattern;
use salient::rulesets::trenches::scenario::{BombardmentKind, BombardmentSpec, Failed};
use salient::rulesets::trenches::state::{Fort, HexSet};
use salient::rulesets::trenches::units::{Level, Side, ordnance_firepower};

use super::fixtures::*;

const A: Side = Side::Allied;
const C: Side = Side::Central;

/// 11.4's examples: 20 mm 2, quad 20 mm 8, 75 mm 5, 105 mm 7, 150 mm 9, 420 mm 18; pre-1897 halved.
#[test]
fn ordnance_firepower_by_calibre_itt_11_4() {
    assert_eq!(ordnance_firepower(20, 1, false), 2);
    assert_eq!(ordnance_firepower(20, 4, false), 8);
    assert_eq!(ordnance_firepower(75, 1, false), 5);
    assert_eq!(ordnance_firepower(105, 1, false), 7);
    assert_eq!(ordnance_firepower(150, 1, false), 9);
    assert_eq!(ordnance_firepower(420, 1, false), 18);
    assert_eq!(ordnance_firepower(105, 1, true), 3);
}

/// The draws of the two dummy cross hairs and of the real one's place among the three (7.82).
const DUMMIES: [u32; 3] = [1, 1, 1];

fn mortar_position() -> salient::rulesets::trenches::state::Pos {
    let b = board(&["........"; 10].map(|r| r), &[], &[]);
    pos(b, &[("de-mtr", C, "MTR", 'A', "A04"), ("de-obs", C, "RFL", 'A', "B04"), ("us-1", A, "MAR", 'A', "G04")], C)
}

/// 7.82: ranging spends the force (two levels) and places three cross hairs; fire for effect waits
/// for a later turn.
#[test]
fn ranging_spends_and_fire_for_effect_waits_a_turn_itt_7_82() {
    let mut p = mortar_position();
    activate(&mut p, &["de-mtr"]);
    submit(&mut p, Command::Range(ids(&["de-mtr"]), "G04".into()), &DUMMIES).unwrap();
    assert_eq!(level(&p, "de-mtr"), Level::Spent);
    assert_eq!(p.r.crosshairs.len(), 1);
    p.r.act = None;
    st(&mut p, "de-mtr").level = Level::Free;
    activate(&mut p, &["de-mtr"]);
    assert!(submit(&mut p, Command::FireForEffect(ids(&["de-mtr"]), Pattern::Drum), &[]).is_err(), "same turn");
    p.r.turn = 2;
    // Accuracy 2 hits (good visibility); FP 5: +1; 6 + 1 = 7, no effect on resolve 7.
    let ev = submit(&mut p, Command::FireForEffect(ids(&["de-mtr"]), Pattern::Drum), &[2, 3, 3]).unwrap();
    assert!(
        ev.iter().any(|e| e.text.contains("Accuracy die 2") && e.text.contains("G04")),
        "{:?}",
        ev.iter().map(|e| &e.text).collect::<Vec<_>>()
    );
    assert_eq!(level(&p, "de-mtr"), Level::Spent, "indirect fire escalates by two");
    assert_eq!(p.r.impacts.len(), 1);
}

/// 7.84: a miss strays one hex (good visibility) in the direction of the error die; the next turn
/// at the same hex has -2 on the accuracy die.
#[test]
fn a_miss_strays_and_the_next_turn_aims_better_itt_7_84() {
    let mut p = mortar_position();
    activate(&mut p, &["de-mtr"]);
    submit(&mut p, Command::Range(ids(&["de-mtr"]), "G04".into()), &DUMMIES).unwrap();
    p.r.turn = 2;
    p.r.act = None;
    st(&mut p, "de-mtr").level = Level::Free;
    activate(&mut p, &["de-mtr"]);
    // Accuracy 5 misses; direction 2 (east): G05, empty: no casualties dice roll.
    let ev = submit(&mut p, Command::FireForEffect(ids(&["de-mtr"]), Pattern::Drum), &[5, 2]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("G05 (stray)")), "{:?}", ev.iter().map(|e| &e.text).collect::<Vec<_>>());
    p.r.turn = 3;
    p.r.act = None;
    p.r.impacts.clear();
    st(&mut p, "de-mtr").level = Level::Free;
    activate(&mut p, &["de-mtr"]);
    // 4 - 2 = 2: a hit on G04.
    let ev = submit(&mut p, Command::FireForEffect(ids(&["de-mtr"]), Pattern::Drum), &[4, 1, 1]).unwrap();
    assert!(
        ev.iter().any(|e| e.text.contains("-2 (same hex, consecutive turns)") && e.text.contains("lands on G04")),
        "{:?}",
        ev.iter().map(|e| &e.text).collect::<Vec<_>>()
    );
}

/// 7.83: a hurricane barrage lands on seven hexes, each firing unit at its firepower - 3.
#[test]
fn hurricane_barrage_covers_seven_hexes_itt_7_83() {
    let hexes = salient::rulesets::trenches::indirect::pattern_hexes(hexx::Hex::new(3, 3), Pattern::Hurricane);
    assert_eq!(hexes.len(), 7);
    let mut p = mortar_position();
    activate(&mut p, &["de-mtr"]);
    submit(&mut p, Command::Range(ids(&["de-mtr"]), "G04".into()), &DUMMIES).unwrap();
    p.r.turn = 2;
    p.r.act = None;
    st(&mut p, "de-mtr").level = Level::Free;
    activate(&mut p, &["de-mtr"]);
    let ev = submit(&mut p, Command::FireForEffect(ids(&["de-mtr"]), Pattern::Hurricane), &[1, 1, 1]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("volume 2")), "5 - 3 = 2: {:?}", ev.iter().map(|e| &e.text).collect::<Vec<_>>());
}

/// 7.81: without an observer seeing the hex, no ranging.
#[test]
fn ranging_needs_an_observer_itt_7_81() {
    let b = board(&["........", "........", "wwwwwwww", "........", "........", "........", "........", "........"], &[], &[]);
    let mut p = pos(b, &[("de-mtr", C, "MTR", 'A', "A04"), ("us-1", A, "MAR", 'A', "G04")], C);
    activate(&mut p, &["de-mtr"]);
    assert!(submit(&mut p, Command::Range(ids(&["de-mtr"]), "G04".into()), &[]).is_err());
}

/// 7.861 as Operations 1 and 2 play it: units enter their dugouts; a roll above a unit's cover
/// reduces and spends it instead of destroying it; above the hex's greatest cover, the hex is cratered.
#[test]
fn saturation_bombardment_reduces_and_craters_itt_7_861() {
    let b = board(&["........", "..w.....", "........"], &[("trench", &["B05"])], &[]);
    let mut p = pos(b, &[("de-1", C, "RFL", 'A', "B05"), ("de-2", C, "RFL", 'A', "B03"), ("us-1", A, "MAR", 'A', "C08")], A);
    let sc = std::sync::Arc::make_mut(&mut p.sc);
    sc.spec.bombardment =
        Some(BombardmentSpec { kind: BombardmentKind::Saturation, by: A, area: Vec::new(), siege: false, failed: Failed::ReducedAndSpent });
    sc.bombarded = sc.board.hexes().collect::<HexSet>();
    // B03 (woods, cover 2) rolls 3: reduced, spent, cratered; B05 (trench: dugout 5) rolls 5: unharmed.
    with_dice(&mut p, &[3, 5, 1], salient::rulesets::trenches::bombardment::fire);
    assert_eq!(steps(&p, "de-2"), 1);
    assert_eq!(level(&p, "de-2"), Level::Spent);
    assert!(p.r.craters.contains(&hex(&p, "B03")));
    assert_eq!(steps(&p, "de-1"), 2);
    assert_eq!(p.units[u(&p, "de-1")].fort, Fort::Dugout);
}

/// 10.53: a unit on wire has no cover at all.
#[test]
fn on_the_wire_no_cover_itt_10_53() {
    let b = board(&["........"; 4].map(|r| r), &[("trench", &["B04"]), ("wire", &["B04"])], &[]);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "B04")], A);
    st(&mut p, "us-1").fort = Fort::OnWire;
    assert_eq!(salient::rulesets::trenches::fire::cover(&p, u(&p, "us-1"), &[hex(&p, "B01")], false, &[]), 0);
}
