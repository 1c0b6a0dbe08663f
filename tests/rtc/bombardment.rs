//! Artillery bombardment (7) and the rolling barrage / interdiction phase (8).

use salient::rulesets::rtc::Command::*;
use salient::rulesets::rtc::bombardment::{defence_tem, lead_strength};
use salient::rulesets::rtc::state::Order;
use salient::rulesets::rtc::units::{Place, Side};
use salient::rulesets::rtc::{BarrageKind, EventKind, Target};

use super::fixtures::*;

#[test]
fn eight_units_in_a_tem_1_area_give_a_bombardment_tem_of_1_example_rtc_7_5() {
    let tem1 = {
        let g = game("");
        let c = ctx(&g);
        *c.sc.areas.iter().find(|(_, a)| a.tem == 1).unwrap().0
    };
    let units: String = (0..8).map(|i| inf(&format!("g{i}"), "german", "54", tem1)).collect();
    let g = game(&units);
    let c = ctx(&g);
    // 1 x 2 - 4 = -2, never below 1.
    assert_eq!(defence_tem(&c, tem1, Side::German, Target::Other), 1);
    // Against artillery the TEM is always 4, doubled to 8.
    assert_eq!(defence_tem(&c, tem1, Side::German, Target::Artillery), 8);
}

#[test]
fn bombardment_loss_points_out_of_ammo_on_eight_and_friendly_fire_rtc_7_6_7_8_7_9() {
    let units = [gun("a1", "british", "6", 4, 3, 35), inf("gb1", "british", "6", 48), inf("g1", "german", "54", 48)].concat();
    // OT dice 6 + 6 (unmodified 12: out of ammunition, friendly fire); DT dice 1 + 1.
    let mut g = game_with_dice(&units, &[6, 6, 1, 1]);
    assert_eq!(phase(&g), "Bombardment");
    ok(&mut g, Bombard { lead: "a1".into(), target: 48, at: Target::Other, hurricane: false });
    ok(&mut g, Fire);
    // OT 4 + 12 = 16; DT TEM 3 x 2 + 2 = 8: 8 loss points.
    let b: Vec<(i32, i32)> =
        g.events().filter_map(|e| if let EventKind::Bombardment { ot, dt, .. } = e.kind { Some((ot, dt)) } else { None }).collect();
    assert_eq!(b, vec![(16, 8)]);
    let a1 = unit(&g, "a1");
    assert!(a1.c.spent && a1.c.no_ammo, "7.8");
    assert!(unit(&g, "gb1").c.spent, "7.9: friendly units in the target area are spent");
    // 6 to eliminate the fresh unit (7.63 c), which covers the 8 as far as the units go.
    ok(&mut g, Eliminate("g1".into()));
    assert_eq!(place(&g, "g1"), Place::Eliminated);
}

#[test]
fn partial_bombardment_loss_points_are_paid_rtc_7_62() {
    let units = [gun("a1", "british", "6", 4, 3, 35), inf("g1", "german", "54", 48), inf("spare", "british", "6", 23)].concat();
    // OT 4 + 3 = 7 (no ammunition loss), DT 6 + 0... dice 1 + 1 -> 8: no effect; use 5, 2 -> OT 11, DT 8: 3 CP.
    let mut g = game_with_dice(&units, &[5, 2, 1, 1]);
    ok(&mut g, Bombard { lead: "a1".into(), target: 48, at: Target::Other, hurricane: false });
    ok(&mut g, Fire);
    assert!(!unit(&g, "a1").c.no_ammo, "unmodified 7: ammunition holds");
    assert_eq!(pending_side(&g), "german");
    ok(&mut g, Flip("g1".into()));
    assert!(unit(&g, "g1").c.spent);
    assert_eq!(place(&g, "g1"), Place::Area(48));
}

#[test]
fn each_target_type_bombarded_once_per_side_per_turn_rtc_7_3() {
    let units = [
        gun("a1", "british", "6", 4, 3, 35),
        gun("a2", "british", "6", 4, 3, 35),
        inf("g1", "german", "54", 48),
        inf("g2", "german", "54", 49),
    ]
    .concat();
    let mut g = game_with_dice(&units, &[1, 1, 6, 6]);
    ok(&mut g, Bombard { lead: "a1".into(), target: 48, at: Target::Other, hurricane: false });
    ok(&mut g, Fire);
    // The Germans have no guns: the British bombard again, but not the same target type.
    let r = refused(&mut g, Bombard { lead: "a2".into(), target: 48, at: Target::Other, hurricane: false });
    assert!(r.contains("7.3"), "{r}");
}

#[test]
fn hurricane_bombardment_rolls_three_dice_initiative_player_only_rtc_7_7() {
    let units = [
        gun("a1", "british", "6", 4, 3, 35),
        gun("ga", "german", "54", 3, 3, 48),
        inf("g1", "german", "54", 48),
        inf("gb1", "british", "6", 36),
    ]
    .concat();
    let mut g = game_with_dice(&units, &[1, 1, 1, 6, 6]);
    ok(&mut g, Bombard { lead: "a1".into(), target: 48, at: Target::Artillery, hurricane: true });
    ok(&mut g, Fire);
    let rolls = g.dice().log().iter().filter(|r| r.rule == "7.5").count();
    assert_eq!(rolls, 5, "three dice for the OT, two for the DT");
    assert_eq!(pending_side(&g), "german");
    let r = refused(&mut g, Bombard { lead: "ga".into(), target: 36, at: Target::Other, hurricane: true });
    assert!(r.contains("7.7"), "{r}");
}

#[test]
fn long_range_without_friends_near_the_target_degrades_the_lead_to_1_rtc_7_32() {
    let units = [gun("a1", "british", "6", 6, 8, 22), inf("g1", "german", "54", 51)].concat();
    let g = game(&units);
    let c = ctx(&g);
    let a1 = unit(&g, "a1");
    let d = c.range(22, 51).unwrap();
    assert!(d >= 4, "range {d}");
    let o = Order { side: Side::British, lead: a1.index, supports: vec![], from: 22, target: 51, at: Target::Other, hurricane: false };
    assert_eq!(lead_strength(&c, &o), 1);
    // With a friendly unit next to the target, the printed strength counts.
    let units2 = [gun("a1", "british", "6", 6, 8, 22), inf("g1", "german", "54", 51), inf("gb1", "british", "6", 48)].concat();
    let g2 = game(&units2);
    assert_eq!(lead_strength(&ctx(&g2), &o), 6);
}

#[test]
fn rolling_barrage_next_to_friends_or_another_barrage_interdiction_anywhere_without_friends_rtc_8_3() {
    let units = [
        gun("a1", "british", "6", 4, 4, 35),
        gun("a2", "british", "6", 4, 4, 35),
        gun("a3", "british", "6", 4, 4, 35),
        inf("gb1", "british", "6", 36),
        inf("g1", "german", "54", 51),
    ]
    .concat();
    let mut g = game(&units);
    while phase(&g) == "Bombardment" {
        ok(&mut g, Done);
    }
    assert_eq!(phase(&g), "Barrage");
    // 51 is not next to a British unit: no rolling barrage there yet.
    let r = refused(&mut g, Barrage("a1".into(), 51, BarrageKind::Rolling));
    assert!(r.contains("8.21"), "{r}");
    ok(&mut g, Barrage("a1".into(), 48, BarrageKind::Rolling));
    ok(&mut g, Barrage("a2".into(), 51, BarrageKind::Rolling));
    assert!(unit(&g, "a1").c.spent);
    ok(&mut g, Barrage("a3".into(), 54, BarrageKind::Interdiction));
    assert_eq!(phase(&g), "Action");
}

#[test]
fn artillery_targets_pay_two_to_flip_and_four_to_eliminate_fresh_rtc_7_63() {
    let units = [
        gun("a1", "british", "6", 4, 3, 35),
        gun("ga", "german", "54", 3, 3, 48),
        gun("gb", "german", "54", 3, 3, 48),
        inf("g1", "german", "54", 49),
        inf("spare", "british", "6", 23),
    ]
    .concat();
    // OT 4 + (6 + 1) = 11, an unmodified 7: no ammunition loss; DT 8 (artillery: TEM 4 doubled) + 2 = 10: 1 CP.
    let mut g = game_with_dice(&units, &[6, 1, 1, 1]);
    ok(&mut g, Bombard { lead: "a1".into(), target: 48, at: Target::Artillery, hurricane: false });
    ok(&mut g, Fire);
    // One loss point still costs a flip (2): partial results are paid in full.
    ok(&mut g, Flip("ga".into()));
    assert!(unit(&g, "ga").c.spent);
    assert!(!unit(&g, "gb").c.spent);
    assert!(!unit(&g, "g1").c.spent, "only the target type is hit");
    assert_eq!(pending_side(&g), "german", "the Germans bombard next (7.6)");
}

/// 7.9: friendly fire on an unmodified 8+ when every British unit in the target area is already
/// spent eliminates one of them, chosen by the bombarding player; the defender's loss points follow.
#[test]
fn bombarding_player_chooses_friendly_fire_victim_rtc_7_9() {
    let units = [
        gun("a1", "british", "6", 4, 3, 35),
        inf("gb1", "british", "6", 48),
        inf("gb2", "british", "6", 48),
        inf("g1", "german", "54", 48),
    ]
    .concat();
    // OT 4 + 12 = 16; DT TEM 3 x 2 + 2 = 8: 8 loss points, and an unmodified 12.
    let mut g = game_with_dice(&units, &[6, 6, 1, 1]);
    set(&mut g, "gb1", |c| c.spent = true);
    set(&mut g, "gb2", |c| c.spent = true);
    let r = refused(&mut g, FriendlyFire("gb1".into()));
    assert!(r.contains("7.9"), "nothing to choose before the bombardment: {r}");
    ok(&mut g, Bombard { lead: "a1".into(), target: 48, at: Target::Other, hurricane: false });
    ok(&mut g, Fire);
    assert_eq!(pending_side(&g), "british", "the bombarding player chooses");
    assert_eq!(g.pending().unwrap().rule, "7.9");
    assert_eq!(g.legal().to_vec(), vec![FriendlyFire("gb1".into()), FriendlyFire("gb2".into())]);
    assert!(!g.events().any(|e| matches!(e.kind, EventKind::FriendlyFire { .. })), "no one is hit before the choice");
    let r = refused(&mut g, Eliminate("g1".into()));
    assert!(r.contains("7.9") && r.contains("FriendlyFire"), "{r}");
    let r = refused(&mut g, FriendlyFire("g1".into()));
    assert!(r.contains("7.9") && r.contains("bombarding player's own"), "{r}");
    let r = refused(&mut g, FriendlyFire("a1".into()));
    assert!(r.contains("7.9") && r.contains("not in the bombarded area"), "{r}");
    ok(&mut g, FriendlyFire("gb2".into()));
    assert_eq!(place(&g, "gb2"), Place::Eliminated);
    assert_eq!(place(&g, "gb1"), Place::Area(48));
    assert!(g.events().any(|e| matches!(&e.kind, EventKind::FriendlyFire { unit, eliminated: true } if unit == "gb2")));
    // The Germans pay the 8 loss points as before.
    assert_eq!(pending_side(&g), "german");
    assert_eq!(ctx(&g).losses.pending.as_ref().map(|p| p.left), Some(8));
    ok(&mut g, Eliminate("g1".into()));
    assert_eq!(place(&g, "g1"), Place::Eliminated);
}

/// 7.9: a single spent unit in the area is eliminated without a decision; with no loss points the
/// play passes on (7.6) after the choice as before.
#[test]
fn friendly_fire_without_a_choice_and_after_a_missed_bombardment_rtc_7_9_7_6() {
    let units = [
        gun("a1", "british", "6", 4, 3, 35),
        inf("gb1", "british", "6", 48),
        inf("g1", "german", "54", 48),
        inf("spare", "british", "6", 23),
    ]
    .concat();
    let mut g = game_with_dice(&units, &[6, 6, 1, 1]);
    set(&mut g, "gb1", |c| c.spent = true);
    ok(&mut g, Bombard { lead: "a1".into(), target: 48, at: Target::Other, hurricane: false });
    ok(&mut g, Fire);
    assert_eq!(place(&g, "gb1"), Place::Eliminated);
    assert!(!g.legal().iter().any(|c| matches!(c, FriendlyFire(_))));
    assert_eq!(pending_side(&g), "german");

    // Two spent units, OT 4 + 8 = 12 against DT 6 + 12 = 18: no loss points; after the choice the
    // bombardment phase goes on (nobody else can fire: it ends).
    let units = [
        gun("a1", "british", "6", 4, 3, 35),
        inf("gb1", "british", "6", 48),
        inf("gb2", "british", "6", 48),
        inf("g1", "german", "54", 48),
        inf("spare", "british", "6", 23),
    ]
    .concat();
    let mut g = game_with_dice(&units, &[4, 4, 6, 6]);
    set(&mut g, "gb1", |c| c.spent = true);
    set(&mut g, "gb2", |c| c.spent = true);
    ok(&mut g, Bombard { lead: "a1".into(), target: 48, at: Target::Other, hurricane: false });
    ok(&mut g, Fire);
    assert_eq!(phase(&g), "Bombardment");
    ok(&mut g, FriendlyFire("gb1".into()));
    assert_eq!(place(&g, "gb1"), Place::Eliminated);
    assert!(ctx(&g).losses.pending.is_none());
    assert_ne!(phase(&g), "Bombardment", "7.6: play passed on and the phase ended");
}

/// The computer opponent lets friendly fire take its least valuable unit (7.9): the line brigade,
/// not the Guards brigade that comes first in scenario order.
#[test]
fn ai_eliminates_the_least_valuable_friend_by_friendly_fire_rtc_7_9() {
    let guards = r#"(id: "gds", name: "gds", side: british, kind: Infantry, division: "Gds", attack: 4, defence: 5, spent_defence: 3, movement: 4, area: Some(48)),"#;
    let units =
        [gun("a1", "british", "6", 4, 3, 35), guards.to_string(), inf("gb1", "british", "6", 48), inf("g1", "german", "54", 48)].concat();
    let mut g = game_with_dice(&units, &[6, 6, 1, 1]);
    set(&mut g, "gds", |c| c.spent = true);
    set(&mut g, "gb1", |c| c.spent = true);
    ok(&mut g, Bombard { lead: "a1".into(), target: 48, at: Target::Other, hurricane: false });
    ok(&mut g, Fire);
    assert_eq!(g.legal().len(), 2);
    let c = salient::ai::choose(&mut g).expect("a choice");
    assert_eq!(c, FriendlyFire("gb1".into()));
}
