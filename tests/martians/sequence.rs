//! Command and the sequences of play (1.3, 2): the initiative priority list (2.4), the status and
//! motivation cards (2.5) and the worked sequence of regimental activities, regiments P, Q, S, T, H, I,
//! G and F (2.6).

use salient::rulesets::martians::Command::*;
use salient::rulesets::martians::command::{self, variable_grade};
use salient::rulesets::martians::formations::Formation::*;
use salient::rulesets::martians::scenario::Sequence;
use salient::rulesets::martians::state::{Action, Pos, Window};
use salient::rulesets::martians::view::{Stage, stage};
use salient::rulesets::martians::{EventKind, check};

use super::fixtures::{ok, pos, u, with_dice};

fn id(s: &str) -> String {
    s.to_string()
}

#[test]
fn the_priority_list_is_by_regiment_not_by_player_mice_2_4() {
    // Player A's Alpha first, player B's Gamma second and Zeta third, A's Beta fourth: the points of
    // their stands (infantry 1, cavalry 2, light cavalry 3 a stand) put them in that order.
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("alpha", 0), ("beta", 0), ("gamma", 1), ("zeta", 1)],
        &[
            ("a1", "alpha", "british.sowars", Line, (100.0, 100.0), 90.0),
            ("a2", "alpha", "british.lancers", Line, (300.0, 100.0), 90.0),
            ("b1", "beta", "british.line", Column, (500.0, 100.0), 90.0),
            ("g1", "gamma", "indunas.warriors", Mass, (100.0, 900.0), 270.0),
            ("g2", "gamma", "indunas.beast-riders", Line, (300.0, 900.0), 270.0),
            ("z1", "zeta", "indunas.warriors", Mass, (500.0, 900.0), 270.0),
            ("z2", "zeta", "indunas.bowmen", Skirmish, (700.0, 900.0), 270.0),
        ],
    );
    with_dice(&mut p, &[], command::priority);
    // Alpha: 3 stands x 3 + 3 x 2 = 15; Gamma 4 + 6 = 10; Zeta 4 + 4 = 8; Beta 4.
    assert_eq!(p.r.totals, vec![15, 4, 10, 8]);
    assert_eq!(p.r.priority, vec![0, 2, 3, 1], "Alpha, Gamma, Zeta, Beta");
}

#[test]
fn the_advanced_options_roll_for_recon_and_commanders_and_count_skirmishers_double_mice_2_4() {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("alpha", 0), ("gamma", 1)],
        &[
            ("a1", "alpha", "british.sowars", Line, (100.0, 100.0), 90.0),
            ("g1", "gamma", "indunas.bowmen", Skirmish, (100.0, 900.0), 270.0),
        ],
    );
    let mut sc = (*p.sc).clone();
    sc.spec.options.recon_d6 = true;
    sc.spec.options.skirmish_two = true;
    sc.spec.options.commander_bonus = true;
    p.sc = std::sync::Arc::new(sc);
    // Alpha: three stands of light cavalry roll 1, 2, 6, its commander 4; Gamma's four skirmish stands at
    // 2 each, its commander 10 (the 0).
    with_dice(&mut p, &[1, 2, 6, 4, 10], command::priority);
    assert_eq!(p.r.totals, vec![13, 18]);
    assert_eq!(p.r.priority, vec![1, 0]);
    // Gamma's induna, the commander the battle gives it, is hit (2.31): no ability bonus for it now.
    super::fixtures::with_commanders(&mut p, &[("induna", salient::rulesets::martians::scenario::Rank::Regimental, "g1")]);
    p.r.leaders[0].lost = true;
    with_dice(&mut p, &[1, 2, 6, 4], command::priority);
    assert_eq!(p.r.totals, vec![13, 8]);
}

#[test]
fn variable_martian_morale_by_unit_mice_5_65() {
    let p = pos(Sequence::Initiative, &[], &[("a", 0)], &[("a1", "a", "british.line", Line, (100.0, 100.0), 90.0)]);
    assert_eq!([1, 3, 4, 6, 7, 9, 10].map(|r| variable_grade(&p, r, false)), [1, 1, 2, 2, 3, 3, 1]);
    assert_eq!(variable_grade(&p, 10, true), 4, "on MMG 4 allowed units 0 = 4");
}

/// Regiments P (British) and S, T (natives), P's company facing a field the others cross.
fn field() -> Pos {
    pos(
        Sequence::Initiative,
        &[],
        &[("P", 0), ("S", 1), ("T", 1)],
        &[
            ("p1", "P", "british.line", Line, (500.0, 200.0), 90.0),
            ("s1", "S", "emirs.jihadiya", Line, (500.0, 700.0), 270.0),
            ("t1", "T", "indunas.musketeers", Line, (640.0, 600.0), 270.0),
        ],
    )
}

#[test]
fn p_moves_and_holds_fire_then_fires_at_s_who_may_return_it_mice_2_6() {
    let mut p = field();
    // Regiment P moves and holds its fire as opportunity fire.
    ok(&mut p, Begin(id("P"), Action::Move), &[]);
    ok(&mut p, Move(id("p1"), 0, 20), &[]);
    ok(&mut p, Done, &[]);
    let ev = ok(&mut p, EndRegiment, &[]);
    assert!(ev.iter().any(|e| matches!(e.kind, EventKind::RegimentDone { holding_fire: true, .. })));
    // Regiment S moves into P's kill zone: P may fire.
    ok(&mut p, Begin(id("S"), Action::Move), &[]);
    ok(&mut p, Move(id("s1"), 0, 120), &[]);
    assert_eq!(stage(&p), Some(Stage::Opportunity(0)), "P may use its opportunity fire");
    // P's company: 4 stands of 6 castings with improved rifles at 301-400 yards (1:3) = 8 dice, +1 for
    // its grade 3: 9 dice, a hit on 0 or 1.
    let mut dice = vec![1, 10, 1];
    dice.extend(std::iter::repeat_n(5, 6));
    // Three hits on s1 (18 castings): it checks morale (3 stands + 2 + 1 = 6) and passes (roll 1).
    dice.push(1);
    let ev = ok(&mut p, Fire(id("p1"), id("s1")), &dice);
    assert!(ev.iter().any(|e| matches!(&e.kind, EventKind::Fired { hits: 3, dice: 9, .. })), "{ev:#?}");
    assert_eq!(p.units[u(&p, "s1")].castings, 15);
    // S could return the opportunity fire: it has not fired.
    assert_eq!(stage(&p), Some(Stage::Return(1)));
    ok(&mut p, Done, &[]);
    assert_eq!(stage(&p), Some(Stage::Opportunity(0)), "back to P's window");
    ok(&mut p, Done, &[]);
    assert!(!p.r.cards[0].red, "P's red card is spent");
    // S continues and uses musketry after its movement.
    ok(&mut p, Done, &[]);
    assert!(check(&p, &Begin(id("S"), Action::Fire)).is_ok(), "S still holds its red card");
}

#[test]
fn t_fires_then_moves_and_cannot_return_opportunity_fire_mice_2_6() {
    let mut p = field();
    ok(&mut p, Begin(id("P"), Action::Move), &[]);
    ok(&mut p, Done, &[]);
    ok(&mut p, EndRegiment, &[]);
    ok(&mut p, EndRegiment, &[]); // S does nothing this turn
    // T fires musketry first (out of range: nothing to fire at), then moves.
    ok(&mut p, Begin(id("T"), Action::Fire), &[]);
    ok(&mut p, Done, &[]);
    ok(&mut p, Begin(id("T"), Action::Move), &[]);
    ok(&mut p, Move(id("t1"), -45, 120), &[]);
    assert_eq!(stage(&p), Some(Stage::Opportunity(0)));
    // 315 yards: 1:3, 8 dice + 1 for grade 3.
    let mut dice = vec![5; 9];
    dice[0] = 1; // one hit: T checks morale (passes on 1)
    dice.push(1);
    ok(&mut p, Fire(id("p1"), id("t1")), &dice);
    assert_eq!(stage(&p), Some(Stage::Opportunity(0)), "T had already fired: no return of fire");
    ok(&mut p, Done, &[]);
    assert_eq!(stage(&p), Some(Stage::Act(2, Action::Move)), "T completes its movement");
}

#[test]
fn q_contact_fire_is_returned_and_q_cannot_move_while_in_contact_mice_2_6() {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("Q", 0), ("X", 1)],
        &[("q1", "Q", "british.askaris", Line, (500.0, 200.0), 90.0), ("x1", "X", "indunas.musketeers", Line, (500.0, 200.0 + 0.0), 270.0)],
    );
    // Put the enemy's front edge against Q's: x1 faces south with its front at y = 200.
    p.r.contacts.push(salient::rulesets::martians::state::Contact { attacker: 1, defender: 0, flank: false });
    ok(&mut p, Begin(id("Q"), Action::Fire), &[]);
    // Askaris at contact range: rifles 1:2, 4 stands of 6 = 12 dice; none hit.
    ok(&mut p, Fire(id("q1"), id("x1")), &[5; 12]);
    assert_eq!(stage(&p), Some(Stage::Return(1)), "the enemy has not fired: it may return the fire");
    // Muskets 1:3: two stands of 6 = 4 dice; none hit.
    ok(&mut p, Fire(id("x1"), id("q1")), &[5; 4]);
    assert!(!p.r.cards[1].red);
    ok(&mut p, Done, &[]);
    ok(&mut p, Begin(id("Q"), Action::Move), &[]);
    assert!(check(&p, &Move(id("q1"), 180, 20)).is_err(), "still in contact: Q cannot move");
}

#[test]
fn h_moves_fires_and_moves_again_on_the_motivation_card_once_a_turn_mice_2_6() {
    let mut p = field();
    // Regiment H (P here): moves, fires, then the player's motivation card moves it again.
    ok(&mut p, Begin(id("P"), Action::Move), &[]);
    ok(&mut p, Move(id("p1"), 0, 60), &[]);
    ok(&mut p, Done, &[]);
    ok(&mut p, Begin(id("P"), Action::Fire), &[]);
    ok(&mut p, Done, &[]);
    assert!(check(&p, &Begin(id("P"), Action::Move)).is_err(), "the black card is spent");
    ok(&mut p, Motivate(id("P"), Action::Move), &[]);
    ok(&mut p, Move(id("p1"), 0, 60), &[]);
    ok(&mut p, Done, &[]);
    assert!(check(&p, &Motivate(id("P"), Action::Fire)).is_err(), "either motivation card, not both, in a turn");
    assert_eq!(p.units[0].at.y, 320.0);
}

#[test]
fn i_fires_then_moves_and_moves_again_mice_2_6() {
    let mut p = field();
    ok(&mut p, Begin(id("P"), Action::Fire), &[]);
    ok(&mut p, Done, &[]);
    ok(&mut p, Begin(id("P"), Action::Move), &[]);
    ok(&mut p, Move(id("p1"), 0, 60), &[]);
    ok(&mut p, Done, &[]);
    ok(&mut p, Motivate(id("P"), Action::Move), &[]);
    ok(&mut p, Move(id("p1"), 15, 60), &[]);
    ok(&mut p, Done, &[]);
    ok(&mut p, EndRegiment, &[]);
    assert!(!p.r.motivation[0]);
}

#[test]
fn g_moves_then_moves_again_into_contact_and_melees_in_the_melee_phase_mice_2_6() {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("G", 1), ("B", 0)],
        &[("g1", "G", "indunas.warriors", Mass, (500.0, 440.0), 270.0), ("b1", "B", "british.askaris", Line, (500.0, 200.0), 90.0)],
    );
    p.r.cards[1].red = false; // B has fired: no volley at one inch
    ok(&mut p, Begin(id("G"), Action::Move), &[]);
    ok(&mut p, Move(id("g1"), 0, 120), &[]);
    ok(&mut p, Done, &[]);
    ok(&mut p, Motivate(id("G"), Action::Move), &[]);
    ok(&mut p, Charge(id("g1"), id("b1")), &[]);
    assert_eq!(p.r.contacts.len(), 1);
    assert!(!p.r.contacts[0].flank);
    ok(&mut p, Done, &[]);
    // Ending G's and B's activities brings the melee phase (8): the warriors' front rank of two stands,
    // 18 castings + grade 2 - 0 = 20 at 1:4: 5 kills; the askaris' front 24 + 2 - 2 (shields) = 24 at
    // 1:3: 8. The warriors lose and check morale (4 stands + 2 + 1 = 7: a 5 passes). Turn 2's initiative
    // ties at 4 points a regiment: rolled off, 1 and 2.
    let ev = ok(&mut p, EndRegiment, &[]);
    assert!(ev.is_empty() || !ev.iter().any(|e| matches!(e.kind, EventKind::Melee { .. })));
    let ev = ok(&mut p, EndRegiment, &[5, 1, 2]);
    let melee = ev.iter().find_map(|e| match &e.kind {
        EventKind::Melee { attacker_value, defender_value, attacker_hits, defender_hits, .. } => {
            Some((*attacker_value, *defender_value, *attacker_hits, *defender_hits))
        }
        _ => None,
    });
    assert_eq!(melee, Some((20, 24, 5, 8)), "{ev:#?}");
    assert!(ev.iter().any(|e| matches!(&e.kind, EventKind::TurnBegan { turn: 2 })));
}

#[test]
fn f_moves_twice_and_holds_its_fire_for_opportunity_fire_mice_2_6() {
    let mut p = field();
    ok(&mut p, Begin(id("P"), Action::Move), &[]);
    ok(&mut p, Move(id("p1"), 0, 30), &[]);
    ok(&mut p, Done, &[]);
    ok(&mut p, Motivate(id("P"), Action::Move), &[]);
    ok(&mut p, Move(id("p1"), 0, 30), &[]);
    ok(&mut p, Done, &[]);
    ok(&mut p, EndRegiment, &[]);
    assert!(p.r.cards[0].red && p.r.cards[0].done, "F holds its fire");
    let holders = command::opportunity_holders(&p, u(&p, "s1"), &Default::default());
    assert!(holders.is_empty(), "s1 is out of p1's kill zone before it moves");
    ok(&mut p, Begin(id("S"), Action::Move), &[]);
    ok(&mut p, Move(id("s1"), 0, 120), &[]);
    assert!(matches!(p.r.window, Some(Window::Opportunity { .. })));
}

#[test]
fn the_traditional_sequence_fires_artillery_then_musketry_then_moves_each_side_mice_1_3() {
    let mut g = super::random_play::open(super::random_play::BATTLES[2], 3);
    let v = salient::engine::Session::view(&g);
    assert_eq!(v.phase, "artillery fire");
    assert_eq!(v.to_move.as_deref(), Some("british"));
    g.submit(Done).unwrap();
    assert_eq!(salient::engine::Session::view(&g).to_move.as_deref(), Some("emirs"));
    g.submit(Done).unwrap();
    let v = salient::engine::Session::view(&g);
    assert_eq!((v.phase.as_str(), v.to_move.as_deref()), ("individual musketry", Some("british")));
}

#[test]
fn units_of_a_fallen_regimental_commander_check_morale_next_turn_mice_2_31() {
    use salient::rulesets::martians::commanders;
    use salient::rulesets::martians::scenario::Rank;
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("b", 0), ("n", 1)],
        &[
            ("s", "a", "british.sepoys", Line, (500.0, 300.0), 90.0),
            ("s2", "a", "british.sepoys", Line, (800.0, 300.0), 90.0),
            ("other", "b", "british.askaris", Line, (200.0, 300.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 900.0), 270.0),
        ],
    );
    super::fixtures::with_commanders(&mut p, &[("major", Rank::Regimental, "s")]);
    p.r.leaders[0].lost = true;
    p.r.fallen.push((0, p.units[0].at));
    // "those units affected by his loss must check morale ... The loss of a regimental commander will only
    // affect those units in his command": both sepoy units (5 and 6 pass against 6), not the askaris.
    let (_, ev) = with_dice(&mut p, &[5, 6], commanders::loss_checks);
    let checked: Vec<&str> =
        ev.iter().filter_map(|e| if let EventKind::Morale { unit, .. } = &e.kind { Some(unit.as_str()) } else { None }).collect();
    assert_eq!(checked, vec!["s", "s2"]);
    assert!(p.r.fallen.is_empty());
}

#[test]
fn a_brigade_commanders_loss_is_felt_by_the_units_within_sight_mice_2_31() {
    use salient::rulesets::martians::commanders;
    use salient::rulesets::martians::scenario::Rank;
    let woods: &[(f32, f32)] = &[(600.0, 250.0), (700.0, 250.0), (700.0, 350.0), (600.0, 350.0)];
    let mut p = pos(
        Sequence::Initiative,
        &[("woods", woods)],
        &[("a", 0), ("b", 0), ("n", 1)],
        &[
            ("s", "a", "british.sepoys", Line, (500.0, 300.0), 90.0),
            ("seen", "b", "british.askaris", Line, (200.0, 300.0), 90.0),
            ("hidden", "b", "british.askaris", Line, (900.0, 300.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 900.0), 270.0),
        ],
    );
    super::fixtures::with_commanders(&mut p, &[("colonel", Rank::Brigade, "s")]);
    let c = 0;
    let at = p.units[0].at;
    // "The loss of a brigade commander will affect all units within visibility": the woods hide one
    // company; the enemy is not his.
    assert_eq!(commanders::affected(&p, c, at), vec![u(&p, "s"), u(&p, "seen")]);
}

#[test]
fn a_commander_rides_to_another_unit_of_his_command_in_a_move_mice_2_11() {
    use salient::rulesets::martians::scenario::Rank;
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("b", 0), ("n", 1)],
        &[
            ("s", "a", "british.sepoys", Line, (500.0, 300.0), 90.0),
            ("s2", "a", "british.sepoys", Line, (600.0, 300.0), 90.0),
            ("s3", "a", "british.sepoys", Line, (900.0, 300.0), 90.0),
            ("other", "b", "british.askaris", Line, (300.0, 300.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 900.0), 270.0),
        ],
    );
    super::fixtures::with_commanders(&mut p, &[("major", Rank::Regimental, "s")]);
    assert!(check(&p, &Attach(id("major"), id("s2"))).is_err(), "not between actions: in a move");
    ok(&mut p, Begin(id("a"), Action::Move), &[]);
    // Another regiment's company is not of his command (2.11); 300 yards is beyond his ride.
    assert!(check(&p, &Attach(id("major"), id("other"))).is_err());
    assert!(check(&p, &Attach(id("major"), id("s3"))).is_err());
    let ev = ok(&mut p, Attach(id("major"), id("s2")), &[]);
    assert!(ev.iter().any(|e| matches!(&e.kind, EventKind::CommanderMoved { unit, .. } if unit == "s2")), "{ev:#?}");
    assert_eq!(p.r.leaders[0].with, u(&p, "s2"));
    // Once a turn.
    assert!(check(&p, &Attach(id("major"), id("s"))).is_err());
}

#[test]
fn a_heroic_character_carries_a_motivation_card_for_his_regiment_heroic_characters_2_5() {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("b", 0), ("n", 1)],
        &[
            ("hero", "a", "british.hero", Line, (300.0, 300.0), 90.0),
            ("s", "a", "british.sepoys", Line, (500.0, 300.0), 90.0),
            ("other", "b", "british.askaris", Line, (800.0, 300.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 900.0), 270.0),
        ],
    );
    // The player's card is spent.
    p.r.motivation[0] = false;
    ok(&mut p, Begin(id("a"), Action::Move), &[]);
    ok(&mut p, Done, &[]);
    // "it can only be used on a company to which the Heroic Characters are attached": his regiment moves
    // again on his card...
    let ev = ok(&mut p, Motivate(id("a"), Action::Move), &[]);
    assert!(ev.iter().any(|e| e.text.contains("motivation card of hero")), "{ev:#?}");
    ok(&mut p, Done, &[]);
    // ...once a turn.
    assert!(check(&p, &Motivate(id("a"), Action::Move)).is_err());
    ok(&mut p, EndRegiment, &[]);
    // Another regiment of the side may not use it.
    ok(&mut p, Begin(id("b"), Action::Move), &[]);
    ok(&mut p, Done, &[]);
    assert!(check(&p, &Motivate(id("b"), Action::Move)).is_err());
}

#[test]
fn vehicles_move_and_fire_in_their_own_phase_after_the_regiments_mice_1_3() {
    use salient::rulesets::martians::state::Phase;
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("v", 0), ("n", 1)],
        &[
            ("s", "a", "british.sepoys", Line, (200.0, 300.0), 90.0),
            ("car", "v", "british.battle-car", Line, (500.0, 300.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 600.0), 270.0),
        ],
    );
    // Regiment a moves: its vehicle regiment's car is not among its actors ("All Vehicle operations
    // will occur after Regimental actions phases").
    ok(&mut p, Begin(id("a"), Action::Move), &[]);
    assert!(check(&p, &Move(id("car"), 0, 50)).is_err());
    ok(&mut p, Done, &[]);
    ok(&mut p, EndRegiment, &[]);
    // The vehicles' regiment has no regimental activity: the natives act, then phase III, vehicles.
    assert_eq!(stage(&p), Some(Stage::Regiment(2)));
    ok(&mut p, EndRegiment, &[]);
    assert_eq!((p.r.phase, stage(&p)), (Phase::Vehicles, Some(Stage::Segment(0, Phase::Vehicles))));
    assert!(check(&p, &Move(id("s"), 0, 50)).is_err(), "only vehicles act in it");
    // "Move and Attack": the car moves 100 yards (Recon's rate), then fires; then it is done.
    assert!(check(&p, &Move(id("car"), 0, 110)).is_err());
    ok(&mut p, Move(id("car"), 0, 100), &[]);
    // The window's preview says what fires, by the vehicle rules, with the dice the fire rolls.
    let seen = salient::rulesets::martians::preview::fire(&p, u(&p, "car"), u(&p, "w")).expect("the car may fire");
    assert_eq!((seen.what, seen.rule, seen.dice), ("vehicle fire", "Vehicles", 12));
    // Two cars, two machine guns each, at 200 yards: 3 dice a gun (101-300); the warriors pass morale (1).
    let ev = ok(&mut p, Fire(id("car"), id("w")), &[1, 1, 1, 1, 5, 5, 5, 5, 5, 5, 5, 5, 1]);
    assert!(ev.iter().any(|e| e.rule == "Vehicles" && matches!(e.kind, EventKind::Fired { dice: 12, hits: 4, .. })), "{ev:#?}");
    assert_eq!(p.units[u(&p, "w")].castings, 32, "four machine-gun hits (0-3 hit a mass)");
    assert!(check(&p, &Fire(id("car"), id("w"))).is_err());
    ok(&mut p, Done, &[]);
    assert_eq!(p.r.turn, 2, "then the melees and the next turn");
}

/// "The player with the most vehicle and skimmer stands will have the option of either moving first or
/// last in that Phase" (Steam Power Vehicle Rules); "The player with the most aviation stands will have
/// the option of either moving first or last" (Aviation Rules).
#[test]
fn the_side_with_most_vehicles_or_flights_chooses_to_move_first_or_last_steam_vehicles_aviation() {
    use salient::rulesets::martians::state::Phase;
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("v", 0), ("f", 0), ("n", 1), ("m", 1), ("g", 1)],
        &[
            ("s", "a", "british.sepoys", Line, (200.0, 300.0), 90.0),
            ("car", "v", "british.battle-car", Line, (500.0, 300.0), 90.0),
            ("gunboat", "f", "british.gunboat", Line, (900.0, 200.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 1500.0), 270.0),
            ("their-car", "m", "british.battle-car", Line, (900.0, 1500.0), 270.0),
            ("dhows-1", "g", "emirs.sky-dhows", Line, (300.0, 1800.0), 270.0),
            ("dhows-2", "g", "emirs.sky-dhows", Line, (600.0, 1800.0), 270.0),
        ],
    );
    let theirs = u(&p, "their-car");
    p.units[theirs].castings = 1;
    ok(&mut p, EndRegiment, &[]);
    ok(&mut p, EndRegiment, &[]);
    // Two car stands against one: the British choose; Done is no answer.
    assert_eq!((p.r.phase, stage(&p)), (Phase::Vehicles, Some(Stage::Order(0))));
    assert!(check(&p, &Done).is_err());
    assert!(check(&p, &Move(id("car"), 0, 50)).is_err(), "nobody moves before the choice");
    ok(&mut p, Order(false), &[]);
    assert_eq!(stage(&p), Some(Stage::Segment(1, Phase::Vehicles)), "the British move last: the natives' car first");
    ok(&mut p, Done, &[]);
    assert_eq!(stage(&p), Some(Stage::Segment(0, Phase::Vehicles)));
    ok(&mut p, Done, &[]);
    // Turn 2, phase II: four dhow stands against two gunboat stands: the emir's side chooses, and goes first.
    assert_eq!(p.r.turn, 2);
    assert_eq!((p.r.phase, stage(&p)), (Phase::Aviation, Some(Stage::Order(1))));
    ok(&mut p, Order(true), &[]);
    assert_eq!(stage(&p), Some(Stage::Aviation(1)));
    ok(&mut p, Done, &[]);
    assert_eq!(stage(&p), Some(Stage::Aviation(0)));
}

#[test]
fn vehicles_cannot_enter_woods_and_may_break_down_entering_cover_steam_vehicles() {
    use salient::rulesets::martians::state::Phase;
    let woods: &[(f32, f32)] = &[(450.0, 380.0), (550.0, 380.0), (550.0, 450.0), (450.0, 450.0)];
    let cover: &[(f32, f32)] = &[(650.0, 360.0), (750.0, 360.0), (750.0, 450.0), (650.0, 450.0)];
    let mut p = pos(
        Sequence::Initiative,
        &[("woods", woods), ("cover", cover)],
        &[("v", 0), ("n", 1)],
        &[
            ("car", "v", "british.battle-car", Line, (500.0, 300.0), 90.0),
            ("car2", "v", "british.battle-car", Line, (700.0, 300.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 900.0), 270.0),
        ],
    );
    p.r.phase = Phase::Vehicles;
    p.r.active = None;
    p.r.side = Some(0);
    for k in 0..2 {
        p.units[k].castings = 1;
    }
    assert!(check(&p, &Move(id("car"), 0, 100)).is_err(), "vehicles cannot enter woods");
    assert!(check(&p, &Move(id("car"), 0, 50)).is_ok());
    // Into the protective position: a d10, 0 breaks it down; it moves no more.
    ok(&mut p, Move(id("car2"), 0, 100), &[10]);
    assert!(p.units[1].broken_down);
    p.r.under.done.clear();
    assert!(check(&p, &Move(id("car2"), 0, 10)).is_err());
}

/// "(Optional rule: For those players wishing to allow vehicle to enter woods and rough terrain, the
/// break down attempt is rolled for each turn that the vehicle is in difficult terrain.)"
#[test]
fn with_the_optional_rule_vehicles_enter_woods_and_roll_each_turn_they_are_in_it_steam_vehicles() {
    use salient::rulesets::martians::state::Phase;
    let woods: &[(f32, f32)] = &[(400.0, 330.0), (800.0, 330.0), (800.0, 600.0), (400.0, 600.0)];
    let mut p = pos(
        Sequence::Initiative,
        &[("woods", woods)],
        &[("v", 0), ("n", 1)],
        &[
            ("car", "v", "british.battle-car", Line, (500.0, 300.0), 90.0),
            ("car2", "v", "british.battle-car", Line, (700.0, 300.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 1500.0), 270.0),
        ],
    );
    let mut sc = (*p.sc).clone();
    sc.spec.options.vehicles_in_rough = true;
    p.sc = std::sync::Arc::new(sc);
    p.r.phase = Phase::Vehicles;
    p.r.active = None;
    p.r.side = Some(0);
    // Into the wood: a d10 each; the first rolls 0 and breaks down there, the second runs on.
    ok(&mut p, Move(id("car"), 0, 50), &[10]);
    assert!(p.units[0].broken_down);
    ok(&mut p, Move(id("car2"), 0, 50), &[3]);
    assert!(!p.units[1].broken_down);
    // Turn 2's administration: still in the wood, the second car rolls again (the broken one no more).
    ok(&mut p, Done, &[10]);
    assert_eq!(p.r.turn, 2);
    assert!(p.units[1].broken_down, "a 0 in its second turn in the wood");
}

#[test]
fn vehicles_fire_with_the_guns_or_after_their_move_in_the_traditional_sequence_mice_1_3() {
    use salient::rulesets::martians::state::{Phase, Under};
    let mut p = pos(
        Sequence::Traditional,
        &[],
        &[("v", 0), ("n", 1)],
        &[("car", "v", "british.battle-car", Line, (500.0, 300.0), 90.0), ("w", "n", "indunas.warriors", Mass, (500.0, 600.0), 270.0)],
    );
    p.units[0].castings = 1;
    // RECONSTRUCTED (the traditional sequence has no vehicle phase): a vehicle's guns fire with the
    // artillery in phase II...
    p.r.phase = Phase::ArtilleryFire;
    assert_eq!(stage(&p), Some(Stage::Segment(0, Phase::ArtilleryFire)));
    assert!(check(&p, &Fire(id("car"), id("w"))).is_ok());
    // ...or, having moved in its player's movement phase, in phase VI with the machine guns.
    p.r.phase = Phase::Movement;
    ok(&mut p, Move(id("car"), 0, 100), &[]);
    p.r.phase = Phase::SecondaryFire;
    p.r.under = Under::default();
    // Two machine guns at 200 yards, 3 dice each (101-300); both sides fire before casualties come off.
    let ev = ok(&mut p, Fire(id("car"), id("w")), &[1, 1, 5, 5, 5, 5]);
    assert!(ev.iter().any(|e| matches!(e.kind, EventKind::Fired { dice: 6, hits: 2, .. })), "{ev:#?}");
    assert_eq!(p.r.queued.len(), 1);
    assert!(check(&p, &Fire(id("car"), id("w"))).is_err(), "once a turn");
}
