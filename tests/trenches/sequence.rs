//! The sequence of play (3): initiative rounds and orders (3.11, 3.2), recovery (3.12), formations
//! (5.1), the operations' special rules and victory (13).

use salient::rulesets::trenches::Command;
use salient::rulesets::trenches::activation::{formation_ok, unit_cost};
use salient::rulesets::trenches::scenario::{ShockFrom, ShockRule};
use salient::rulesets::trenches::sequence::{begin_round, recovery};
use salient::rulesets::trenches::setup;
use salient::rulesets::trenches::state::{Phase, Where};
use salient::rulesets::trenches::units::Side;

use super::fixtures::*;

const A: Side = Side::Allied;
const C: Side = Side::Central;

/// 3.11: a tie on the first round is rolled again; the higher roll issues the spread's orders first.
#[test]
fn first_round_tie_is_rerolled_then_spread_gives_orders_itt_3_11() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "C01"), ("de-1", C, "RFL", 'A', "C06")], A);
    p.r.round = 0;
    with_dice(&mut p, &[3, 3, 2, 4, 6, 5, 1, 2], begin_round);
    assert_eq!(p.r.round, 1);
    assert_eq!(p.r.phasing, Some(A));
    assert_eq!(p.r.orders, 16, "a spread of 8 orders, counted in halves");
}

/// 3.11: on a later round a tie ends the rounds; on the last turn the operation ends (13.4).
#[test]
fn later_tie_ends_the_turn_itt_3_11() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "C01"), ("de-1", C, "RFL", 'A', "C06")], A);
    p.r.round = 1;
    p.r.turn = p.sc.spec.turns;
    with_dice(&mut p, &[3, 3, 2, 4], begin_round);
    assert!(p.r.outcome.is_some());
}

/// 3.2: half an order activates a shock unit; night doubles every cost.
#[test]
fn shock_units_cost_half_an_order_and_night_doubles_itt_3_2() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "C01")], A);
    assert_eq!(unit_cost(&p, 0), 2);
    p.units[0].shock = true;
    assert_eq!(unit_cost(&p, 0), 1);
    std::sync::Arc::make_mut(&mut p.sc).spec.night = vec![1];
    assert_eq!(unit_cost(&p, 0), 2);
}

/// 5.1's examples: one sub-type and letter in a contiguous mass form a formation; apart, or with
/// different letters, they do not; a shock unit joins any one other unit next to it.
#[test]
fn formation_conditions_itt_5_1() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(
        b,
        &[
            ("de-1", C, "RFL", 'A', "C01"),
            ("de-2", C, "RFL", 'A', "C02"),
            ("de-3", C, "RFL", 'A', "C05"),
            ("de-4", C, "RFL", 'B', "C03"),
            ("de-mg", C, "MG", 'A', "C04"),
        ],
        C,
    );
    assert!(formation_ok(&p, &[0, 1]).is_ok());
    assert!(formation_ok(&p, &[0, 2]).is_err(), "not contiguous");
    assert!(formation_ok(&p, &[1, 3]).is_err(), "different letters");
    assert!(formation_ok(&p, &[3, 4]).is_err());
    p.units[3].shock = true;
    assert!(formation_ok(&p, &[3, 4]).is_ok(), "a shock unit with one other unit");
}

/// 3.12: two half-strength units of one sub-type in a hex recombine into one full unit.
#[test]
fn half_strength_units_recombine_at_recovery_itt_3_12() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "C01"), ("us-2", A, "MAR", 'B', "C01")], A);
    p.units[0].steps = 1;
    p.units[1].steps = 1;
    with_dice(&mut p, &[], recovery);
    assert_eq!(steps(&p, "us-1"), 2);
    assert!(at(&p, "us-2").is_none());
}

/// Operation 2: the first Marine platoon destroyed turns the others into shock troops.
#[test]
fn first_marine_lost_makes_shock_troops_itt_op2() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "C01"), ("us-2", A, "MAR", 'A', "C02")], A);
    std::sync::Arc::make_mut(&mut p.sc).spec.shock = Some(ShockRule { side: A, subtype: "MAR".into(), from: ShockFrom::FirstLoss });
    with_dice(&mut p, &[], |p, rt| salient::rulesets::trenches::fire::lose_step(p, rt, 0, "7.4"));
    assert!(!p.units[1].shock, "a step lost is not a platoon destroyed");
    with_dice(&mut p, &[], |p, rt| salient::rulesets::trenches::fire::lose_step(p, rt, 0, "7.4"));
    assert!(p.units[1].shock);
    assert_eq!(unit_cost(&p, 1), 1);
}

/// 13.42: a side controls a hex it solely occupies.
#[test]
fn hex_control_is_sole_occupation_itt_13_42() {
    let b = board(&["........"; 6].map(|r| r), &[], &[]);
    let mut p = pos(b, &[("us-1", A, "MAR", 'A', "C01"), ("de-1", C, "RFL", 'A', "C01")], A);
    let h = hex(&p, "C01");
    assert!(!salient::rulesets::trenches::sequence::controls(&p, A, h));
    p.units[1].at = salient::rulesets::trenches::state::Where::Eliminated;
    assert!(salient::rulesets::trenches::sequence::controls(&p, A, h));
}

/// 13.2: while setting up, a player chooses the letter IDs of the units still to place, four
/// identical infantry units to a letter at most (5.1); a new letter is the first free one. Units of
/// one letter then act as one formation.
#[test]
fn letters_are_chosen_at_set_up_within_the_limits_itt_13_2() {
    let mut p = pos(
        board(&["........"; 6].map(|r| r), &[], &[]),
        &[
            ("us-a", A, "MAR", 'A', "A01"),
            ("us-b", A, "MAR", 'A', "A02"),
            ("us-c", A, "MAR", 'A', "A03"),
            ("us-d", A, "MAR", 'A', "A04"),
            ("us-e", A, "MAR", 'B', "A05"),
            ("de-1", C, "RFL", 'A', "F01"),
        ],
        A,
    );
    for id in ["us-a", "us-b", "us-c", "us-d", "us-e", "de-1"] {
        st(&mut p, id).at = Where::Unplaced;
    }
    p.r.phase = Phase::SetUp;
    p.r.placing = Some(A);
    let a = u(&p, "us-a");
    assert_eq!(setup::letters(&p, a), vec!['B', 'C'], "B has room, C is the first free letter");
    assert_eq!(setup::letters(&p, u(&p, "us-e")), Vec::<char>::new(), "four marines already share A");
    assert_eq!(refused_by(submit(&mut p, Command::Letter("us-e".into(), 'A'), &[])), "13.2");
    assert_eq!(refused_by(submit(&mut p, Command::Letter("us-a".into(), 'D'), &[])), "13.2", "D is not the first free letter");
    assert_eq!(refused_by(submit(&mut p, Command::Letter("de-1".into(), 'B'), &[])), "13.2", "the Germans place later");
    let ev = submit(&mut p, Command::Letter("us-a".into(), 'B'), &[]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("takes the letter B")), "{:?}", ev.iter().map(|e| &e.text).collect::<Vec<_>>());
    assert_eq!(p.letter(a), 'B');
    st(&mut p, "us-a").at = Where::Hex(hex(&p, "C03"));
    st(&mut p, "us-e").at = Where::Hex(hex(&p, "C04"));
    assert!(formation_ok(&p, &[a, u(&p, "us-e")]).is_ok(), "one letter, one formation (5.1)");
    assert_eq!(refused_by(submit(&mut p, Command::Letter("us-a".into(), 'C'), &[])), "13.2", "placed units keep their letter");
}
