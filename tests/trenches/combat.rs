//! Fire (7), reaction fire (7.7), close combat (9) and the design notes' arithmetic (11.3), with the
//! rulebook's own numbers and forced dice.

use std::sync::Arc;

use salient::rulesets::trenches::state::{Fort, Where};
use salient::rulesets::trenches::units::{Level, Side};
use salient::rulesets::trenches::{Command, close_combat};

use super::fixtures::*;

const A: Side = Side::Allied;
const C: Side = Side::Central;

/// 7.61's example, first shot: FP 5 at two hexes against an engaged German in a trench: a volume
/// modifier of 1.67, dropped to 1 (2.3), minus the trench's 3: -2; box cars make 10: spent and
/// reduced. The example's "must retreat" is not followed: a unit IN a fortification cannot retreat
/// (7.61).
#[test]
fn area_fire_example_box_cars_reduce_the_entrenched_german_itt_7_61() {
    let b = board(&["........"; 6].map(|r| r), &[("trench", &["C05"])], &[]);
    let mut p = pos(b, &[("us-a", A, "MAR", 'A', "C03"), ("de-1", C, "RFL", 'A', "C05")], A);
    st(&mut p, "de-1").level = Level::Engaged;
    assert_eq!(p.units[u(&p, "de-1")].fort, Fort::In);
    activate(&mut p, &["us-a"]);
    submit(&mut p, Command::Fire(ids(&["us-a"]), "C05".into()), &[]).unwrap();
    let ev = submit(&mut p, Command::NoReaction, &[6, 6]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("12 -2 = 10")), "{:?}", ev.iter().map(|e| &e.text).collect::<Vec<_>>());
    assert_eq!(level(&p, "de-1"), Level::Spent);
    assert_eq!(steps(&p, "de-1"), 1);
    assert_eq!(at(&p, "de-1").as_deref(), Some("C05"), "IN a trench: no retreat");
    assert_eq!(level(&p, "us-a"), Level::Engaged, "the shooter escalates");
}

/// 7.61's example, second shot: adjacent, FP 10, volume 3.33: +3 without cover; a roll of 2 makes 5:
/// no effect on resolve 7.
#[test]
fn area_fire_example_adjacent_doubles_firepower_itt_7_61() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-b", A, "MAR", 'B', "C03"), ("de-1", C, "RFL", 'A', "C04")], A);
    st(&mut p, "de-1").level = Level::Spent; // cannot answer
    activate(&mut p, &["us-b"]);
    let ev = submit(&mut p, Command::Fire(ids(&["us-b"]), "C04".into()), &[1, 1]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("2 +3 = 5")), "{:?}", ev.iter().map(|e| &e.text).collect::<Vec<_>>());
    assert_eq!(steps(&p, "de-1"), 2);
}

/// A step loss from direct fire in the open: spent, reduced and one hex back, away from the fire (7.61).
#[test]
fn a_step_loss_in_the_open_retreats_away_from_the_fire_itt_7_61() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-b", A, "MAR", 'B', "C03"), ("de-1", C, "RFL", 'A', "C04")], A);
    st(&mut p, "de-1").level = Level::Spent;
    activate(&mut p, &["us-b"]);
    submit(&mut p, Command::Fire(ids(&["us-b"]), "C04".into()), &[3, 4]).unwrap();
    assert_eq!(steps(&p, "de-1"), 1);
    assert_eq!(at(&p, "de-1").as_deref(), Some("C05"));
}

/// 11.3's design note: an MG (FP 6) at an adjacent target moving in the open has +5: a 5 spends and
/// reduces it (7.7 reaction fire into the hex it enters; 7.4).
#[test]
fn machine_gun_at_adjacent_mover_in_the_open_is_plus_five_itt_11_3_7_7() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-a", A, "MAR", 'A', "C03"), ("de-mg", C, "MG", 'A', "C05")], A);
    activate(&mut p, &["us-a"]);
    submit(&mut p, Command::Move(ids(&["us-a"]), "C04".into()), &[]).unwrap();
    assert!(p.r.window.is_some(), "the MG may react");
    let ev = submit(&mut p, Command::React(ids(&["de-mg"]), "C04".into()), &[2, 3]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("5 +5 = 10")), "{:?}", ev.iter().map(|e| &e.text).collect::<Vec<_>>());
    assert_eq!(steps(&p, "us-a"), 1);
    assert_eq!(at(&p, "us-a").as_deref(), Some("C03"), "back, away from the MG");
    assert_eq!(level(&p, "de-mg"), Level::Engaged, "a free MG that fires is engaged");
}

/// 7.61: an engaged machine gun firing at a moving target is spent only on doubles.
#[test]
fn engaged_machine_gun_fires_on_unless_doubles_itt_7_61() {
    for (dice, spent) in [([1, 2], false), ([1, 1], true)] {
        let b = board(&["........"; 6].map(|r| r), &[], &[]);
        let mut p = pos(b, &[("us-a", A, "MAR", 'A', "C01"), ("de-mg", C, "MG", 'A', "C06")], A);
        st(&mut p, "de-mg").level = Level::Engaged;
        activate(&mut p, &["us-a"]);
        submit(&mut p, Command::Move(ids(&["us-a"]), "C02".into()), &[]).unwrap();
        submit(&mut p, Command::React(ids(&["de-mg"]), "C02".into()), &dice).unwrap();
        assert_eq!(level(&p, "de-mg") == Level::Spent, spent, "dice {dice:?}");
    }
}

/// 4: a mover that suffers reaction fire above its resolve is engaged by it, then spent for having moved.
#[test]
fn mover_engaged_by_fire_then_spent_for_moving_itt_4() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-a", A, "MAR", 'A', "C01"), ("de-1", C, "RFL", 'A', "C05")], A);
    activate(&mut p, &["us-a"]);
    submit(&mut p, Command::Move(ids(&["us-a"]), "C02".into()), &[]).unwrap();
    submit(&mut p, Command::NoReaction, &[]).unwrap();
    submit(&mut p, Command::Move(ids(&["us-a"]), "C03".into()), &[]).unwrap();
    // FP 5 at two hexes: 1.67 + 1 (moving) = +2; 3 + 4 + 2 = 9 > 7.
    submit(&mut p, Command::React(ids(&["de-1"]), "C03".into()), &[3, 4]).unwrap();
    assert_eq!(level(&p, "us-a"), Level::Spent);
    assert_eq!(steps(&p, "us-a"), 2);
    assert!(p.r.act.is_none() || p.r.act.as_ref().unwrap().stopped.contains(&u(&p, "us-a")));
}

/// 11.3's design note with its mid-war numbers: three German platoons (12 FP) firing two hexes at an
/// entrenched Tommy need a 9 to spend and reduce him (12/3 - 3 = +1); at three hexes (long range,
/// 6 FP: 2 - 3 = -1) a 9 engages and an 11 reduces; one platoon at three hexes (2 FP: 0 - 3) needs
/// an 11 to engage and cannot reduce him.
#[test]
fn rifle_company_against_a_trench_needs_nine_itt_11_3() {
    for (hexes, roll, steps_left, lvl) in [
        ("C04", [4, 5], 1, Level::Spent),
        ("C04", [4, 4], 2, Level::Engaged),
        ("C05", [4, 5], 2, Level::Engaged),
        ("C05", [5, 6], 1, Level::Spent),
    ] {
        let b = board(&["........"; 6].map(|r| r), &[("trench", &["C04", "C05"])], &[]);
        let mut p = pos(
            b,
            &[("de-1", C, "RFL", 'A', "B02"), ("de-2", C, "RFL", 'A', "C02"), ("de-3", C, "RFL", 'A', "D02"), ("uk", A, "RFL", 'Z', hexes)],
            C,
        );
        let sc = Arc::make_mut(&mut p.sc);
        // The mid-war German and British rows (11.3): FP 4, resolve 7.
        let mid = sc.tables.units.get_mut("RFL").unwrap();
        mid.firepower = (4, 2);
        mid.resolve = (7, 7);
        st(&mut p, "uk").fort = Fort::In;
        st(&mut p, "uk").level = Level::Spent;
        activate(&mut p, &["de-1", "de-2", "de-3"]);
        submit(&mut p, Command::Fire(ids(&["de-1", "de-2", "de-3"]), hexes.into()), &roll).unwrap();
        let lvl_after = level(&p, "uk");
        assert_eq!(steps(&p, "uk"), steps_left, "{hexes} {roll:?}");
        if lvl == Level::Engaged {
            assert_eq!(lvl_after, Level::Spent, "already spent stays spent");
        }
    }
}

#[test]
fn one_platoon_at_three_hexes_cannot_reduce_an_entrenched_tommy_itt_11_3() {
    for (roll, escalated) in [([5, 5], false), ([5, 6], true), ([6, 6], true)] {
        let b = board(&["........"; 6].map(|r| r), &[("trench", &["C05"])], &[]);
        let mut p = pos(b, &[("de-1", C, "RFL", 'A', "C02"), ("uk", A, "RFL", 'Z', "C05")], C);
        let sc = Arc::make_mut(&mut p.sc);
        // The mid-war German and British rows (11.3): FP 4, resolve 7.
        let mid = sc.tables.units.get_mut("RFL").unwrap();
        mid.firepower = (4, 2);
        mid.resolve = (7, 7);
        st(&mut p, "uk").fort = Fort::In;
        st(&mut p, "uk").level = Level::Spent;
        activate(&mut p, &["de-1"]);
        let ev = submit(&mut p, Command::Fire(ids(&["de-1"]), "C05".into()), &roll).unwrap();
        let text: Vec<&String> = ev.iter().map(|e| &e.text).collect();
        assert!(text.iter().any(|t| t.contains("-3 =")), "{text:?}");
        assert_eq!(steps(&p, "uk"), 2, "never a step loss: {text:?}");
        assert_eq!(text.iter().any(|t| t.contains("commitment escalates")), escalated, "{roll:?}");
    }
}

/// 7.3: beyond normal range firepower is halved, out to twice the normal range; no further.
#[test]
fn long_range_halves_and_ends_at_twice_normal_range_itt_7_3() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let p = pos(b, &[("us", A, "MAR", 'A', "C01"), ("de-1", C, "RFL", 'A', "C04"), ("de-2", C, "RFL", 'A', "C06")], A);
    let us = u(&p, "us");
    let s = salient::rulesets::trenches::fire::can_fire(&p, us, hex(&p, "C04")).unwrap();
    assert_eq!(salient::rulesets::trenches::fire::firepower(&p, us, hex(&p, "C04"), s), 2.5);
    assert!(salient::rulesets::trenches::fire::can_fire(&p, us, hex(&p, "C06")).is_err());
}

/// 9's example: 18 against 15 is 1:1; an 11 costs the Americans 4 steps and the Germans 1, each
/// player allocating his own (9.2), the defender first; then 15 against 3 is 5:1 (+5): a 5 makes 10,
/// the last Doughboy step goes, and two German steps.
#[test]
fn close_combat_example_one_to_one_then_five_to_one_itt_9() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(
        b,
        &[
            ("de-1", C, "RFL", 'A', "C03"),
            ("de-2", C, "RFL", 'A', "C03"),
            ("de-3", C, "RFL", 'A', "C03"),
            ("us-1", A, "MAR", 'A', "C03"),
            ("us-2", A, "MAR", 'A', "C03"),
            ("us-3", A, "MAR", 'A', "C03"),
        ],
        C,
    );
    st(&mut p, "us-3").steps = 1;
    activate(&mut p, &["de-1", "de-2", "de-3"]);
    let ev = submit(&mut p, Command::CloseCombat("C03".into()), &[5, 6]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("18 against 15, odds 1:1")), "{:?}", ev.iter().map(|e| &e.text).collect::<Vec<_>>());
    assert_eq!(salient::rulesets::trenches::view::stage(&p), Some(salient::rulesets::trenches::view::Stage::Losses(A)));
    assert!(submit(&mut p, Command::TakeLoss("de-1".into()), &[]).is_err(), "the Americans allocate theirs");
    // The last step falls on the one unit left without a choice.
    for id in ["us-3", "us-2", "us-2"] {
        submit(&mut p, Command::TakeLoss(id.into()), &[]).unwrap();
    }
    submit(&mut p, Command::TakeLoss("de-1".into()), &[]).unwrap();
    let us_left: Vec<&str> = ["us-1", "us-2", "us-3"].into_iter().filter(|id| at(&p, id).is_some()).collect();
    assert_eq!(us_left.len(), 1, "two American units eliminated");
    assert_eq!(steps(&p, us_left[0]), 1);
    let de_steps: u32 = ["de-1", "de-2", "de-3"].iter().map(|id| steps(&p, id)).sum();
    assert_eq!(de_steps, 5);
    // A new activation: the Germans (engaged) attack again at 15:3.
    p.r.act = None;
    activate(&mut p, &["de-1", "de-2", "de-3"]);
    let ev = submit(&mut p, Command::CloseCombat("C03".into()), &[2, 3]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("15 against 3, odds 5:1 (+5)")), "{:?}", ev.iter().map(|e| &e.text).collect::<Vec<_>>());
    // The last American step goes without a choice; the Germans pick theirs.
    for id in ["de-1", "de-2"] {
        submit(&mut p, Command::TakeLoss(id.into()), &[]).unwrap();
    }
    assert!(["us-1", "us-2", "us-3"].iter().all(|id| at(&p, id).is_none()));
    assert!(ev.iter().any(|e| e.text.contains("roll 5+5 = 10: the attacker loses 2")));
    assert!(p.r.melee.is_empty(), "one side left: the close combat marker goes");
}

/// 10.5: units OUT of a fortification cannot start close combat against units IN it.
#[test]
fn out_units_cannot_attack_into_a_trench_itt_10_5_9() {
    let b = board(&["........"; 6].map(|r| r), &[("trench", &["C03"])], &[]);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "C03"), ("de-1", C, "RFL", 'A', "C03")], A);
    st(&mut p, "us-1").fort = Fort::Out;
    activate(&mut p, &["us-1"]);
    assert!(submit(&mut p, Command::CloseCombat("C03".into()), &[]).is_err());
    st(&mut p, "us-1").fort = Fort::In;
    assert!(submit(&mut p, Command::CloseCombat("C03".into()), &[3, 3]).is_ok());
}

/// 7.24: a hidden unit cannot be fired at; firing reveals it.
#[test]
fn hidden_units_are_not_targets_until_they_fire_itt_7_24() {
    let b = board(&["...w...."; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us", A, "MAR", 'A', "C02"), ("de", C, "RFL", 'A', "C04")], A);
    st(&mut p, "de").hidden = true;
    activate(&mut p, &["us"]);
    assert!(submit(&mut p, Command::Fire(ids(&["us"]), "C04".into()), &[]).is_err());
    p.r.act = None;
    p.r.phasing = Some(C);
    activate(&mut p, &["de"]);
    submit(&mut p, Command::Fire(ids(&["de"]), "C02".into()), &[]).unwrap();
    assert!(!p.units[u(&p, "de")].hidden);
    assert!(matches!(p.units[u(&p, "us")].at, Where::Hex(_)));
}

/// 2.4: "flamethrowers ... are all one step units at full strength: a single casualty destroys
/// them"; the tables refuse a flamethrower row of two steps or of another kind.
#[test]
fn a_flamethrower_is_one_step_itt_2_4() {
    let p = pos(board(&["........"; 4].map(|r| r), &[], &[]), &[("de-f", C, "FLM", 'A', "C03"), ("us-1", A, "MAR", 'A', "A01")], C);
    assert_eq!(steps(&p, "de-f"), 1);
    assert!(p.ty(u(&p, "de-f")).flamethrower);
    let text = std::fs::read_to_string("assets/rulesets/trenches/tables.ron").unwrap();
    let bad = text.replace("kind: Infantry, steps: 1, firepower: (4, 4)", "kind: Infantry, steps: 2, firepower: (4, 4)");
    assert_ne!(bad, text);
    let file = salient::engine::source::SourceFile::new("tables.ron", bad);
    let problems = salient::rulesets::trenches::tables::parse(&file).expect_err("two steps");
    assert!(problems.iter().any(|d| d.message.contains("flamethrowers are one-step infantry")), "{problems:?}");
}

/// 9: "With the exception of Flamethrower and Sappers, Units on OUT and/or wire counters CANNOT
/// initiate close combat against Units in a fortification": a flamethrower OUT of the trench and
/// an operation-designated sapper on its wire start it; a Marine beside them OUT does not fight.
#[test]
fn flamethrowers_and_sappers_attack_a_fortification_from_out_or_wire_itt_9() {
    let b = board(&["........"; 6].map(|r| r), &[("trench", &["C03"])], &[]);
    let units = [("us-f", A, "FLM", 'A', "C03"), ("us-1", A, "MAR", 'A', "C03"), ("de-1", C, "RFL", 'A', "C03")];
    let mut p = pos(b, &units, A);
    st(&mut p, "us-f").fort = Fort::Out;
    st(&mut p, "us-1").fort = Fort::Out;
    activate(&mut p, &["us-1"]);
    assert_eq!(refused_by(submit(&mut p.clone(), Command::CloseCombat("C03".into()), &[])), "9, 10.5");
    activate(&mut p, &["us-f", "us-1"]);
    let c = close_combat::attackers(&p, hex(&p, "C03"), A);
    assert_eq!(c, vec![u(&p, "us-f")], "the OUT Marine does not participate");
    assert!(submit(&mut p.clone(), Command::CloseCombat("C03".into()), &[3, 3]).is_ok());
    // A sapper Marine on the wire.
    let mut q = p.clone();
    let m = u(&q, "us-1");
    Arc::make_mut(&mut q.sc).spec.units[m].sapper = true;
    st(&mut q, "us-1").fort = Fort::OnWire;
    activate(&mut q, &["us-1"]);
    assert_eq!(close_combat::attackers(&q, hex(&q, "C03"), A).len(), 2);
    assert!(submit(&mut q, Command::CloseCombat("C03".into()), &[3, 3]).is_ok());
}

/// 9: "Only sappers and flamethrowers can engage in close combat against enemy units IN a
/// fortress", even from IN the hex's trench; 10.52: "A unit may not go IN a fortress hex that is
/// already occupied by at least one enemy unit"; IN it, the fortress's cover 18 (11.3's note).
#[test]
fn only_sappers_and_flamethrowers_storm_a_fortress_itt_9_10_52() {
    let b = board(&["........"; 6].map(|r| r), &[("fortress", &["C03"]), ("trench", &["C03"])], &[]);
    let units = [("us-f", A, "FLM", 'A', "C03"), ("us-1", A, "MAR", 'A', "C03"), ("de-1", C, "RFL", 'A', "C03")];
    let mut p = pos(b, &units, A);
    st(&mut p, "de-1").fort = Fort::Fortress;
    assert_eq!(salient::rulesets::trenches::fire::cover(&p, u(&p, "de-1"), &[hex(&p, "A01")], false, &[]), 18);
    assert_eq!(p.units[u(&p, "us-1")].fort, Fort::In, "IN the trench");
    activate(&mut p, &["us-1"]);
    assert_eq!(refused_by(submit(&mut p.clone(), Command::CloseCombat("C03".into()), &[])), "9, 10.5");
    assert_eq!(refused_by(submit(&mut p.clone(), Command::EnterFortification(ids(&["us-1"])), &[])), "10.52");
    activate(&mut p, &["us-f", "us-1"]);
    assert_eq!(close_combat::attackers(&p, hex(&p, "C03"), A), vec![u(&p, "us-f")], "only the flamethrower fights");
    assert!(submit(&mut p, Command::CloseCombat("C03".into()), &[3, 3]).is_ok());
}

/// 10.52: a unit goes IN a fortress beneath its FORT counter for 1 MP and out again for 1 MP;
/// unlike a unit in a dugout, it still sees and fires.
#[test]
fn a_unit_goes_in_and_out_of_a_fortress_itt_10_52() {
    let b = board(&["........"; 6].map(|r| r), &[("fortress", &["C03"])], &[]);
    let mut p = pos(b, &[("de-1", C, "RFL", 'A', "C03"), ("us-1", A, "MAR", 'A', "C05")], C);
    activate(&mut p, &["de-1"]);
    submit(&mut p, Command::EnterFortification(ids(&["de-1"])), &[]).unwrap();
    assert_eq!(p.units[u(&p, "de-1")].fort, Fort::Fortress);
    activate(&mut p, &["de-1"]);
    assert!(salient::rulesets::trenches::check(&p, &Command::Fire(ids(&["de-1"]), "C05".into())).is_ok(), "a fort has sight");
    submit(&mut p, Command::LeaveDugout(ids(&["de-1"])), &[]).unwrap();
    assert_eq!(p.units[u(&p, "de-1")].fort, Fort::Out);
}
