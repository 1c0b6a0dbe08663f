//! Glossary: zones of control, line of sight, line of communication, stacking.

use salient::rulesets::bastards::map::Situation;
use salient::rulesets::bastards::units::Side;
use salient::rulesets::bastards::{Command, EventKind};

use super::fixtures::*;

fn moved_cost(g: &salient::engine::Game<salient::rulesets::bastards::Bastards>) -> (u32, u32) {
    g.events()
        .filter_map(|e| match &e.kind {
            EventKind::Moved { cost, medals, .. } => Some((*cost, *medals)),
            _ => None,
        })
        .last()
        .expect("a movement")
}

#[test]
fn entering_a_zoc_costs_two_extra_mp_for_a_battalion_under_four_medals_itb_zoc() {
    let mut g = game(&[bn("a1", "allied", 3, "H03"), bn("g1", "german", 3, "H06")].concat(), "");
    ok(&mut g, Command::Activate("g1".into()));
    ok(&mut g, Command::Move("H04".into()));
    // H05 (1 MP) then H04, next to a1: 1 + 2 MP.
    assert_eq!(moved_cost(&g), (4, 2));
}

#[test]
fn entering_a_zoc_costs_one_extra_mp_for_a_four_medal_battalion_and_none_for_a_tank_itb_zoc() {
    let mut g = game(&[bn("a1", "allied", 3, "H03"), bn("g1", "german", 4, "H06"), tank("t1", "A7V", 3, "I07")].concat(), "");
    ok(&mut g, Command::Activate("g1".into()));
    ok(&mut g, Command::Move("H04".into()));
    assert_eq!(moved_cost(&g), (3, 2));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate("t1".into()));
    // I07 to I04 is three hexes; I04 is next to a1 (H03), at no extra cost for a tank.
    ok(&mut g, Command::Move("I04".into()));
    assert_eq!(moved_cost(&g).0, 3);
}

#[test]
fn a_unit_entering_a_zoc_stops_and_cannot_leave_by_movement_itb_zoc() {
    let mut g = game(&[bn("a1", "allied", 3, "H03"), bn("g1", "german", 4, "H07")].concat(), "");
    ok(&mut g, Command::Activate("g1".into()));
    // H06, H05 (1 MP each), H04 (1 + 1): 4 MP, 2 medals; 2 medals left, but no movement out.
    ok(&mut g, Command::Move("H04".into()));
    let legal = g.legal().to_vec();
    assert!(!legal.iter().any(|c| matches!(c, Command::Move(_))), "{legal:?}");
    let r = g.submit(Command::Move("H05".into())).unwrap_err();
    assert_eq!(r.rule.as_deref(), Some("ZoC"));
    // Withdrawal (2 medals) and the assault remain; infiltration (3 medals) is too dear.
    assert!(legal.contains(&Command::Withdraw("H05".into())), "{legal:?}");
    assert!(!legal.iter().any(|c| matches!(c, Command::Infiltrate(_))), "{legal:?}");
}

#[test]
fn movement_through_a_zoc_hex_is_impossible_even_with_mp_left_itb_zoc() {
    // g1 at E07 wants E01: the direct row passes E02 and E04, both next to a1 at E03.
    let mut g = game(&[bn("a1", "allied", 2, "E03"), bn("g1", "german", 4, "E07")].concat(), "");
    ok(&mut g, Command::Activate("g1".into()));
    let legal = g.legal().to_vec();
    assert!(legal.contains(&Command::Move("E04".into())));
    assert!(!legal.contains(&Command::Move("E02".into())), "E02 is reachable only through a zone of control or by a detour");
}

#[test]
fn line_of_sight_is_blocked_by_forest_and_battalions_not_by_tanks_itb_los() {
    let g = game(
        &[
            tank("mk", "MarkIVMale", 3, "C03"),
            bn("g1", "german", 3, "C06"),
            tank("t1", "A7V", 3, "G01"),
            bn("g2", "german", 3, "G04"),
            bn("a2", "allied", 3, "G02"),
            tank("t2", "A7V", 3, "I01"),
            tank("t3", "A7V", 3, "I02"),
            bn("g3", "german", 3, "I04"),
        ]
        .concat(),
        "",
    );
    let sit = Situation::capture(g.world());
    let b = sit.board();
    let h = |l: &str| b.parse(l).unwrap();
    // C03 to C06 crosses the wood at C04-C05.
    let blocker = sit.line_of_sight(h("C03"), h("C06")).unwrap_err();
    assert!(sit.describe_blocker(blocker).contains("forest"));
    // G01 to G04 crosses the battalion a2 at G02.
    let blocker = sit.line_of_sight(h("G01"), h("G04")).unwrap_err();
    assert!(sit.describe_blocker(blocker).contains("a2"));
    // I01 to I04 crosses only the tank at I02: clear.
    assert!(sit.line_of_sight(h("I01"), h("I04")).is_ok());
    // Adjacent hexes always see each other, even into a wood.
    assert!(sit.line_of_sight(h("C03"), h("C04")).is_ok());
}

#[test]
fn a_line_exactly_along_a_hexside_between_a_blocking_and_a_clear_hex_is_clear_itb_los() {
    // C08 to A08 runs due north exactly between B07 and B08 (row B sits half a hex east).
    let one = game(&[tank("mk", "MarkIVMale", 3, "C08"), bn("g1", "german", 3, "A08"), bn("g2", "german", 3, "B07")].concat(), "");
    let sit = Situation::capture(one.world());
    let h = |l: &str| sit.board().parse(l).unwrap();
    assert!(sit.line_of_sight(h("C08"), h("A08")).is_ok());
    let both = game(
        &[tank("mk", "MarkIVMale", 3, "C08"), bn("g1", "german", 3, "A08"), bn("g2", "german", 3, "B07"), bn("g3", "german", 3, "B08")]
            .concat(),
        "",
    );
    let sit = Situation::capture(both.world());
    assert!(sit.line_of_sight(h("C08"), h("A08")).is_err());
}

#[test]
fn line_of_communication_avoids_enemy_units_and_zones_even_with_friends_in_them_itb_loc() {
    // A German wall in column 03 from row B to J: its zones cover A03 and A04.
    let wall: String = ["B", "C", "D", "E", "F", "G", "H", "I", "J"]
        .iter()
        .enumerate()
        .map(|(i, r)| bn(&format!("g{i}"), "german", 3, &format!("{r}03")))
        .collect();
    let units = format!("{wall}{}{}", bn("a1", "allied", 3, "E06"), bn("a2", "allied", 3, "A04"));
    let g = game(&units, "");
    let sit = Situation::capture(g.world());
    let comms = sit.communications(Side::Allied);
    let e06 = sit.board().parse("E06").unwrap();
    assert!(!sit.has_communication(e06, Side::Allied, &comms), "the friendly a2 in A04 does not open the enemy zone");
    // Without the wall's top the line goes round by row A.
    let short: String =
        ["D", "E", "F", "G", "H", "I", "J"].iter().enumerate().map(|(i, r)| bn(&format!("g{i}"), "german", 3, &format!("{r}03"))).collect();
    let g = game(&format!("{short}{}", bn("a1", "allied", 3, "E06")), "");
    let sit = Situation::capture(g.world());
    let comms = sit.communications(Side::Allied);
    assert!(sit.has_communication(e06, Side::Allied, &comms));
    // The German line runs to the East edge.
    let g04 = sit.board().parse("G03").unwrap();
    assert!(sit.has_communication(g04, Side::German, &sit.communications(Side::German)));
}

#[test]
fn stacking_counts_only_at_the_end_of_an_activation_itb_stacking() {
    // a1 moves onto a2 (in g1's zone) and assaults from there: the rules' own example.
    let mut g = game(&[bn("a1", "allied", 4, "E02"), bn("a2", "allied", 3, "E03"), bn("g1", "german", 2, "E04")].concat(), "");
    skip_to_activation(&mut g, "german");
    ok(&mut g, Command::Done);
    skip_to_activation(&mut g, "allied");
    ok(&mut g, Command::Activate("a1".into()));
    ok(&mut g, Command::Move("E03".into()));
    assert_eq!(hex_of(&mut g, "a1").as_deref(), Some("E03"));
    let r = g.submit(Command::EndActivation).unwrap_err();
    assert_eq!(r.rule.as_deref(), Some("Stacking"));
    g.force_dice([6, 6, 6, 6]);
    ok(&mut g, Command::Assault("g1".into()));
    assert_eq!(hex_of(&mut g, "a1").as_deref(), Some("E04"));
    assert_invariants(&g);
}

#[test]
fn a_unit_may_stop_on_a_friend_only_with_medals_left_to_leave_itb_3_1() {
    let mut g = game(
        &[bn("a1", "allied", 2, "E01"), bn("a2", "allied", 3, "E05"), bn("a3", "allied", 3, "E02"), bn("g1", "german", 3, "J12")].concat(),
        "",
    );
    skip_to_activation(&mut g, "german");
    ok(&mut g, Command::Done);
    skip_to_activation(&mut g, "allied");
    ok(&mut g, Command::Activate("a1".into()));
    // E05 costs 4 MP = both medals: nothing left to leave a2's hex.
    let r = g.submit(Command::Move("E05".into())).unwrap_err();
    assert_eq!(r.rule.as_deref(), Some("Stacking"), "{r}");
    // E02 (a3) costs 1 MP of a 2-MP medal: 1 MP and 1 medal remain.
    ok(&mut g, Command::Move("E02".into()));
    ok(&mut g, Command::Move("E03".into()));
    assert_invariants(&g);
}
