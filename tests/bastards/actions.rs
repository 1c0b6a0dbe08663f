//! 2.1 Table of Actions with its footnotes, 2.3 arrival of reinforcements, 3.1 movement, 3.4 rally,
//! 3.5 infiltration, 3.6 withdrawal.

use salient::engine::Game;
use salient::rulesets::bastards::{Bastards, Command, EventKind};

use super::fixtures::*;

fn last_move(g: &Game<Bastards>) -> (u32, u32) {
    g.events()
        .filter_map(|e| match &e.kind {
            EventKind::Moved { cost, medals, .. } => Some((*cost, *medals)),
            _ => None,
        })
        .last()
        .expect("a movement")
}

fn medals_left(g: &Game<Bastards>) -> u32 {
    let p = g.pending().unwrap().prompt;
    let n: String = p.split(": ").nth(1).unwrap_or("").chars().take_while(|c| c.is_ascii_digit()).collect();
    n.parse().unwrap_or_else(|_| panic!("no medal count in {p:?}"))
}

/// A German game at its first decision: the turn-1 German activation phase.
fn german(units: &[String]) -> Game<Bastards> {
    game(&units.concat(), "")
}

/// An Allied game at the turn-2 Allied activation phase.
fn allied(units: &[String], extra: &str) -> Game<Bastards> {
    let mut g = game(&units.concat(), extra);
    skip_to_activation(&mut g, "german");
    ok(&mut g, Command::Done);
    skip_to_activation(&mut g, "allied");
    g
}

#[test]
fn battalions_buy_two_mp_a_medal_tanks_four_itb_2_1() {
    let mut g = german(&[bn("g1", "german", 3, "A10"), tank("t1", "A7V", 3, "J12"), bn("a1", "allied", 2, "A01")]);
    ok(&mut g, Command::Activate("g1".into()));
    ok(&mut g, Command::Move("A07".into()));
    assert_eq!(last_move(&g), (3, 2));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate("t1".into()));
    ok(&mut g, Command::Move("J08".into()));
    assert_eq!(last_move(&g), (4, 1));
}

#[test]
fn the_rulebook_example_four_medals_two_to_move_two_to_fire_itb_2_1() {
    // "A battalion with 4 medals can spend 2 medals to move 4 MPs, and use its last two medals to
    // make two fire attacks."
    let mut g = german(&[bn("g1", "german", 4, "A12"), bn("a1", "allied", 2, "B08")]);
    ok(&mut g, Command::Activate("g1".into()));
    // A11, A10 (1 MP each), A09 next to a1 (1 + 1 for a 4-medal battalion): 4 MP for 2 medals.
    ok(&mut g, Command::Move("A09".into()));
    assert_eq!(last_move(&g), (4, 2));
    assert_eq!(medals_left(&g), 2);
    g.force_dice([1, 1]);
    ok(&mut g, Command::Fire("a1".into()));
    ok(&mut g, Command::Fire("a1".into()));
    assert!(g.pending().unwrap().prompt.contains("activation phase"), "four medals spent: the activation ended");
}

#[test]
fn a_tank_spends_at_most_two_medals_a_turn_on_movement_itb_3_1() {
    let mut g = german(&[tank("t1", "A7V", 3, "J12"), bn("a1", "allied", 2, "A01")]);
    ok(&mut g, Command::Activate("t1".into()));
    ok(&mut g, Command::Move("J09".into()));
    ok(&mut g, Command::Move("J05".into()));
    // 3 + 4 = 7 MP, two medals and 1 MP spent; the third medal cannot buy movement.
    ok(&mut g, Command::Move("J04".into()));
    let r = g.submit(Command::Move("J03".into())).unwrap_err();
    assert!(r.reason.contains("two medals per turn"), "{r}");
}

#[test]
fn terrain_costs_are_cumulative_forest_plus_enemy_trench_is_three_itb_3_1() {
    let mut g = allied(&[bn("a1", "allied", 3, "D03"), bn("g1", "german", 2, "J12")], "");
    ok(&mut g, Command::Activate("a1".into()));
    ok(&mut g, Command::Move("D04".into()));
    assert_eq!(last_move(&g), (2, 1), "forest");
    ok(&mut g, Command::Move("D05".into()));
    assert_eq!(last_move(&g), (3, 2), "forest + German trench, paid with 1 MP left and one medal");
}

#[test]
fn a_road_cancels_other_terrain_but_not_an_enemy_trench_itb_terrain_table() {
    let mut g = allied(&[bn("a1", "allied", 4, "G04"), bn("a2", "allied", 4, "F05"), bn("g1", "german", 2, "J12")], "");
    ok(&mut g, Command::Activate("a1".into()));
    ok(&mut g, Command::Move("G05".into()));
    assert_eq!(last_move(&g), (1, 1), "along the road into a wood hex: 1 MP");
    ok(&mut g, Command::Move("G06".into()));
    assert_eq!(last_move(&g), (2, 1), "along the road into a German trench: 1 + 1 MP");
    ok(&mut g, Command::EndActivation);
    // Off the road the wood costs 2.
    ok(&mut g, Command::Activate("a2".into()));
    ok(&mut g, Command::Move("G05".into()));
    assert_eq!(last_move(&g).0, 2);
}

#[test]
fn village_costs_two_mp_by_the_rules_text_and_one_with_the_play_aid_option_itb_terrain_table() {
    let mut g = german(&[bn("g1", "german", 3, "D11"), bn("a1", "allied", 2, "A01")]);
    ok(&mut g, Command::Activate("g1".into()));
    ok(&mut g, Command::Move("D10".into()));
    assert_eq!(last_move(&g).0, 2);
    let mut g = game(&[bn("g1", "german", 3, "D11"), bn("a1", "allied", 2, "A01")].concat(), "options: (village_cost: PlayAid),");
    ok(&mut g, Command::Activate("g1".into()));
    ok(&mut g, Command::Move("D10".into()));
    assert_eq!(last_move(&g).0, 1);
}

#[test]
fn units_move_through_friends_freely_and_never_into_enemies_itb_3_1() {
    let mut g =
        german(&[bn("g1", "german", 2, "H12"), bn("g2", "german", 3, "H11"), bn("a1", "allied", 2, "A01"), bn("a2", "allied", 2, "J08")]);
    ok(&mut g, Command::Activate("g1".into()));
    ok(&mut g, Command::Move("H09".into()));
    assert_eq!(last_move(&g), (3, 2), "through g2 at no extra cost");
    let g = german(&[bn("g1", "german", 2, "I09"), bn("a1", "allied", 2, "I08")]);
    let mut g = g;
    ok(&mut g, Command::Activate("g1".into()));
    let r = g.submit(Command::Move("I08".into())).unwrap_err();
    assert!(r.reason.contains("enemy"), "{r}");
}

#[test]
fn there_is_no_minimum_move_itb_3_1() {
    // Two medals: 4 MP. D03 -> D05 via the forest costs 2 + 3 = 5.
    let mut g = allied(&[bn("a1", "allied", 2, "D03"), bn("g1", "german", 2, "J12")], "");
    ok(&mut g, Command::Activate("a1".into()));
    ok(&mut g, Command::Move("D04".into()));
    let r = g.submit(Command::Move("D05".into())).unwrap_err();
    assert!(r.reason.contains("costs 3 MP"), "{r}");
}

#[test]
fn a_tank_cannot_enter_a_costly_hex_holding_an_activated_friend_itb_3_1() {
    let mut g = allied(&[bn("a1", "allied", 3, "C03"), tank("mk", "MarkIVMale", 3, "B04"), bn("g1", "german", 2, "J12")], "");
    ok(&mut g, Command::Activate("a1".into()));
    ok(&mut g, Command::Move("C04".into()));
    ok(&mut g, Command::Move("C05".into()));
    ok(&mut g, Command::EndActivation);
    // a1 now sits, activated, in the forest at C05... but a1 stopped on C05? It ends its activation
    // there; the Mark IV may not enter that 2-MP hex.
    ok(&mut g, Command::Activate("mk".into()));
    let r = g.submit(Command::Move("C05".into()));
    assert!(r.is_err());
}

#[test]
fn reinforcements_enter_by_their_edge_paying_for_the_first_hex_itb_2_3_1() {
    let units = [bn("a1", "allied", 2, "A01"), r#"(id: "t1", name: "t1", side: german, kind: A7V, medals: 3),"#.to_string()];
    let mut g = game(&units.concat(), r#"reinforcements: [(turn: 1, side: german, units: ["t1"])],"#);
    let legal = g.legal().to_vec();
    assert!(legal.contains(&Command::Activate("t1".into())));
    ok(&mut g, Command::Activate("t1".into()));
    // Only the East edge: J12 costs 1 MP, then J11 and J10.
    let legal = g.legal().to_vec();
    assert!(legal.contains(&Command::Move("J10".into())));
    assert!(!legal.iter().any(|c| c == &Command::Fire("a1".into())));
    ok(&mut g, Command::Move("J10".into()));
    assert_eq!(last_move(&g), (3, 1));
    assert_eq!(hex_of(&mut g, "t1").as_deref(), Some("J10"));
}

#[test]
fn rally_costs_two_one_in_a_friendly_trench_three_in_an_enemy_zone_outside_one_itb_3_4() {
    let units = [
        r#"(id: "a1", name: "a1", side: allied, kind: Battalion, medals: 3, hex: Some("A02"), reduced: true),"#.to_string(),
        r#"(id: "a2", name: "a2", side: allied, kind: Battalion, medals: 3, hex: Some("E04"), reduced: true),"#.to_string(),
        r#"(id: "a3", name: "a3", side: allied, kind: Battalion, medals: 3, hex: Some("H05"), reduced: true),"#.to_string(),
        bn("g1", "german", 2, "H06"),
    ];
    let mut g = allied(&units, "");
    for (id, cost) in [("a1", 2), ("a2", 1), ("a3", 3)] {
        ok(&mut g, Command::Activate(id.into()));
        let legal = g.legal().to_vec();
        assert!(!legal.iter().any(|c| matches!(c, Command::Fire(_) | Command::Assault(_))), "disorganised: no combat, no assault");
        ok(&mut g, Command::Rally);
        let spent = g.events().filter_map(|e| match &e.kind {
            EventKind::Rallied { medals, .. } => Some(*medals),
            _ => None,
        });
        assert_eq!(spent.last(), Some(cost), "{id}");
        assert!(!reduced(&mut g, id));
        if g.pending().unwrap().prompt.starts_with(id) {
            ok(&mut g, Command::EndActivation);
        }
    }
}

#[test]
fn infiltration_and_withdrawal_costs_by_unit_and_trench_itb_3_5_itb_3_6() {
    // a1 in its own trench at F04, next to g1 (F05): withdrawal 1, infiltration 2.
    let units = [
        bn("a1", "allied", 3, "F04"),
        bn("g1", "german", 2, "F05"),
        bn("a2", "allied", 3, "H03"),
        bn("g2", "german", 2, "H04"),
        tank("mk", "MarkIVMale", 3, "J03"),
        bn("g3", "german", 2, "J04"),
    ];
    let mut g = allied(&units, "");
    ok(&mut g, Command::Activate("a1".into()));
    let legal = g.legal().to_vec();
    // E05 and G04 are in g1's zone: infiltration; E03 is out of every zone: withdrawal.
    assert!(legal.contains(&Command::Withdraw("F03".into())), "{legal:?}");
    ok(&mut g, Command::Withdraw("F03".into()));
    assert_eq!(medals_left(&g), 2);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate("a2".into()));
    ok(&mut g, Command::Withdraw("H02".into()));
    assert_eq!(medals_left(&g), 1, "2 medals outside a trench");
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate("mk".into()));
    // J03 next to g3 at J04; I04 and I03? I04 is next to g3 too: infiltration for 2.
    assert!(g.legal().contains(&Command::Infiltrate("I04".into())), "{:?}", g.legal());
    ok(&mut g, Command::Infiltrate("I04".into()));
    assert_eq!(medals_left(&g), 1);
}

fn spent_by(g: &Game<Bastards>, id: &str) -> Option<u32> {
    g.events()
        .filter_map(|e| match &e.kind {
            EventKind::ActivationEnded { unit, medals_spent } if unit == id => Some(*medals_spent),
            _ => None,
        })
        .last()
}

#[test]
fn trench_bonus_only_when_every_medal_fired_itb_terrain_table() {
    // "A unit attacking from a friendly trench gains an extra medal if the attack is the only action
    // of its activation (despite this, the number of medals may not exceed 4)."
    let units = [bn("a1", "allied", 3, "E04"), bn("a2", "allied", 4, "F04"), bn("g1", "german", 4, "E05"), bn("g2", "german", 4, "F05")];
    let mut g = allied(&units, "");
    ok(&mut g, Command::Activate("a1".into()));
    g.force_dice([1, 1, 1]);
    for _ in 0..3 {
        ok(&mut g, Command::Fire("g1".into()));
    }
    assert_eq!(spent_by(&g, "a1"), None, "every medal went on combat: the extra medal is still to fire");
    assert!(g.legal().contains(&Command::Fire("g1".into())), "{:?}", g.legal());
    g.force_dice([1]);
    ok(&mut g, Command::Fire("g1".into()));
    assert_eq!(spent_by(&g, "a1"), Some(4), "3 medals + 1 for the lone combat from a friendly trench");
    ok(&mut g, Command::Activate("a2".into()));
    g.force_dice([1, 1, 1, 1]);
    for _ in 0..4 {
        ok(&mut g, Command::Fire("g2".into()));
    }
    assert_eq!(spent_by(&g, "a2"), Some(4), "already 4 medals: no extra");
}

#[test]
fn a_battalion_may_fire_from_its_trench_and_then_withdraw_itb_terrain_table() {
    let mut g = allied(&[bn("a1", "allied", 3, "E04"), bn("g1", "german", 4, "E05")], "");
    ok(&mut g, Command::Activate("a1".into()));
    g.force_dice([1]);
    ok(&mut g, Command::Fire("g1".into()));
    assert_eq!(medals_left(&g), 2, "no extra medal yet: the attack may not stay the only action");
    ok(&mut g, Command::Withdraw("E03".into()));
    assert_eq!(medals_left(&g), 1, "1 medal to withdraw from a friendly trench, and no extra medal");
}

#[test]
fn a_returning_battalion_may_only_spend_one_medal_to_move_itb_8() {
    let units = [bn("a1", "allied", 3, "E04"), bn("g1", "german", 2, "E05")];
    let mut g = allied(&units, "");
    // Eliminate g1 with a forced return test: a1 fires twice with sixes; g1's test: d6 1+... use 3.
    ok(&mut g, Command::Activate("a1".into()));
    g.force_dice([6, 6, 2]);
    ok(&mut g, Command::Fire("g1".into()));
    ok(&mut g, Command::Fire("g1".into()));
    // d6 2 + 1 (battalion attack) = 3: back on turn 2 + 3 = 5, so it returns at the end of turn 4.
    assert_eq!(location(&mut g, "g1"), salient::rulesets::bastards::units::Location::OnTrack { turn: 5 });
}

#[test]
fn a_three_medal_battalion_spends_three_medals_to_move_six_mp_itb_3_1() {
    // "For example, a battalion spending 3 medals to move has 6 MPs."
    let mut g = german(&[bn("g1", "german", 3, "A12"), bn("a1", "allied", 2, "J01")]);
    ok(&mut g, Command::Activate("g1".into()));
    assert!(g.submit(Command::Move("A05".into())).is_err(), "7 MP is beyond 3 medals");
    ok(&mut g, Command::Move("A06".into()));
    assert_eq!(last_move(&g), (6, 3));
}

/// Stacking: "a unit may be temporarily stacked with a friendly unit if it uses its remaining
/// activation points to leave the hex". A withdrawal (3.6) or an infiltration (3.5) may end on a
/// friend as a move may, when the unit can still leave that hex; then it must leave.
#[test]
fn withdrawal_may_stop_on_a_friend_it_can_still_leave_itb_3_6_stacking() {
    // a1 (4 medals) at H03 in g1's zone; its friend a2 at H02, out of every zone.
    let units = [bn("a1", "allied", 4, "H03"), bn("g1", "german", 2, "H04"), bn("a2", "allied", 3, "H02")];
    let mut g = allied(&units, "");
    ok(&mut g, Command::Activate("a1".into()));
    assert!(g.legal().contains(&Command::Withdraw("H02".into())), "{:?}", g.legal());
    ok(&mut g, Command::Withdraw("H02".into()));
    assert_eq!(medals_left(&g), 2);
    let r = g.submit(Command::EndActivation).unwrap_err();
    assert_eq!(r.rule.as_deref(), Some("Stacking"), "{r}");
    ok(&mut g, Command::Move("H01".into()));
    ok(&mut g, Command::EndActivation);
    assert_eq!((hex_of(&mut g, "a1").as_deref(), hex_of(&mut g, "a2").as_deref()), (Some("H01"), Some("H02")));
    assert_invariants(&g);
}

#[test]
fn no_withdrawal_or_infiltration_onto_a_friend_without_medals_to_leave_itb_3_5_itb_3_6_stacking() {
    // a3 (2 medals) at A08 next to g2 (A09): withdrawing to its friend at A07 leaves it no medal.
    // a5 (4 medals) at J07 between g3 (J08) and g4 (J05): infiltrating onto a6 at J06 leaves one
    // medal, and only a withdrawal (2) or an assault (3) could take it out of a zone of control.
    let units = [
        bn("a3", "allied", 2, "A08"),
        bn("g2", "german", 2, "A09"),
        bn("a4", "allied", 2, "A07"),
        bn("a5", "allied", 4, "J07"),
        bn("g3", "german", 2, "J08"),
        bn("g4", "german", 2, "J05"),
        bn("a6", "allied", 2, "J06"),
    ];
    let mut g = allied(&units, "");
    ok(&mut g, Command::Activate("a3".into()));
    assert!(!g.legal().contains(&Command::Withdraw("A07".into())));
    let r = g.submit(Command::Withdraw("A07".into())).unwrap_err();
    assert!(r.reason.contains("holds a friend"), "{r}");
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate("a5".into()));
    let r = g.submit(Command::Infiltrate("J06".into())).unwrap_err();
    assert!(r.reason.contains("holds a friend"), "{r}");
}
