//! The rules no Devil Dogs operation uses, as an operation file may ask for them: leadership (12),
//! the off-map pool and exiting (13.3, 13.41), off-map ordnance (7.87), pre-registered fire (7.88),
//! ammunition (7.5) and the cavalry charge (8.5).

use std::sync::Arc;

use salient::rulesets::trenches::Command;
use salient::rulesets::trenches::events::{Ammo, Pattern, Stat};
use salient::rulesets::trenches::scenario::{Exit, Leadership, Registration};
use salient::rulesets::trenches::sequence::{check_victory, recovery};
use salient::rulesets::trenches::state::{Pos, Where};
use salient::rulesets::trenches::units::{Level, Side};
use salient::rulesets::trenches::{edges, leadership};

use super::fixtures::*;

const A: Side = Side::Allied;
const C: Side = Side::Central;

fn open_board() -> salient::engine::board::HexBoard {
    board(&["........"; 10].map(|r| r), &[], &[])
}

fn texts(ev: &[salient::rulesets::trenches::Event]) -> Vec<&str> {
    ev.iter().map(|e| e.text.as_str()).collect()
}

fn give_leadership(p: &mut Pos, side: Side, points: u32) {
    Arc::make_mut(&mut p.sc).spec.leadership.insert(side.id().into(), Leadership { points, subtypes: vec!["MAR".into()] });
}

/// 12: one point on the activation raises every unit's firepower by one before any other
/// modification: FP 5 + 1 = 6 adjacent, doubled to 12, volume +4.
#[test]
fn a_leadership_point_raises_the_forces_firepower_itt_12() {
    let mut p = pos(open_board(), &[("us-a", A, "MAR", 'A', "C03"), ("de-1", C, "RFL", 'A', "C04")], A);
    give_leadership(&mut p, A, 1);
    st(&mut p, "de-1").level = Level::Spent;
    activate(&mut p, &["us-a"]);
    submit(&mut p, Command::Lead(Stat::Firepower), &[]).unwrap();
    assert_eq!(leadership::points_left(&p, A), 0);
    assert_eq!(refused_by(submit(&mut p, Command::Lead(Stat::Range), &[])), "12", "one point per activation");
    let ev = submit(&mut p, Command::Fire(ids(&["us-a"]), "C04".into()), &[1, 1]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("2 +4 = 6")), "{:?}", texts(&ev));
}

/// 12: leadership is spent as the force is activated, not once it has acted, and only on the types
/// of units the operation names; none left, none spent.
#[test]
fn leadership_is_spent_before_acting_on_its_units_only_itt_12() {
    let mut p = pos(open_board(), &[("us-a", A, "MAR", 'A', "C03"), ("us-b", A, "MAR", 'B', "A01"), ("de-1", C, "RFL", 'A', "H08")], A);
    give_leadership(&mut p, A, 2);
    activate(&mut p, &["us-a"]);
    submit(&mut p, Command::Move(ids(&["us-a"]), "C04".into()), &[]).unwrap();
    assert!(submit(&mut p, Command::Lead(Stat::Movement), &[]).is_err());
    p.r.act = None;
    give_leadership(&mut p, A, 0);
    activate(&mut p, &["us-b"]);
    assert!(submit(&mut p, Command::Lead(Stat::Movement), &[]).is_err());
}

/// 12: +1 movement: a Marine (3 MP) crosses four open hexes.
#[test]
fn a_leadership_point_adds_a_movement_point_itt_12() {
    let mut p = pos(open_board(), &[("us-a", A, "MAR", 'A', "A01"), ("de-1", C, "RFL", 'A', "J08")], A);
    give_leadership(&mut p, A, 1);
    activate(&mut p, &["us-a"]);
    submit(&mut p, Command::Lead(Stat::Movement), &[]).unwrap();
    for to in ["A02", "A03", "A04", "A05"] {
        submit(&mut p, Command::Move(ids(&["us-a"]), to.into()), &[]).unwrap();
    }
    assert_eq!(at(&p, "us-a").as_deref(), Some("A05"));
}

/// 13.3: a unit joins the pool on its turn, enters at its set-up hexes paying the first hex's cost,
/// and not elsewhere; units in the pool may form one formation.
#[test]
fn units_enter_from_the_pool_at_their_hexes_itt_13_3() {
    let mut p = pos(open_board(), &[("us-a", A, "MAR", 'A', "A01"), ("us-b", A, "MAR", 'A', "A01"), ("de-1", C, "RFL", 'A', "J08")], A);
    {
        let sc = Arc::make_mut(&mut p.sc);
        for id in ["us-a", "us-b"] {
            let i = sc.spec.units.iter().position(|x| x.id == id).unwrap();
            sc.spec.units[i].enters = Some(2);
            sc.setup[i] = ["A01", "A02"].iter().map(|l| sc.board.parse(l).unwrap()).collect();
        }
    }
    for id in ["us-a", "us-b"] {
        st(&mut p, id).at = Where::Unplaced;
    }
    with_dice(&mut p, &[], edges::join_pool);
    assert_eq!(p.units[u(&p, "us-a")].at, Where::Unplaced, "not before turn 2");
    p.r.turn = 2;
    with_dice(&mut p, &[], edges::join_pool);
    assert_eq!(p.units[u(&p, "us-a")].at, Where::Pool);
    submit(&mut p, Command::Activate(ids(&["us-a", "us-b"])), &[]).unwrap();
    assert_eq!(refused_by(submit(&mut p, Command::Move(ids(&["us-a", "us-b"]), "C03".into()), &[])), "13.3");
    submit(&mut p, Command::Move(ids(&["us-a", "us-b"]), "A02".into()), &[]).unwrap();
    assert_eq!(at(&p, "us-b").as_deref(), Some("A02"));
}

/// 13.41: a unit in an exit hex pays one more point and leaves; the side that must exit wins when
/// enough have left by the end, and loses otherwise.
#[test]
fn units_exit_the_map_and_win_by_it_itt_13_41() {
    let mut p = pos(open_board(), &[("us-a", A, "MAR", 'A', "J01"), ("de-1", C, "RFL", 'A', "A08")], A);
    {
        let sc = Arc::make_mut(&mut p.sc);
        sc.spec.victory.side = A;
        sc.spec.victory.hold.clear();
        sc.hold.clear();
        sc.spec.victory.exit = Some(Exit { units: 1, from: vec!["J01".into()] });
        sc.exits = vec![sc.board.parse("J01").unwrap()];
    }
    activate(&mut p, &["us-a"]);
    assert!(salient::rulesets::trenches::legal_at(&p).contains(&Command::Exit(ids(&["us-a"]))));
    submit(&mut p, Command::Exit(ids(&["us-a"])), &[]).unwrap();
    assert_eq!(p.units[u(&p, "us-a")].at, Where::Exited);
    with_dice(&mut p, &[], |p, rt| check_victory(p, rt, true));
    assert_eq!(p.r.outcome.as_ref().and_then(|o| o.1), Some(A));
}

/// A position with a German off-map battery (7.87) of 24 firepower, an observer and a Marine.
fn battery_position() -> Pos {
    let mut p = pos(open_board(), &[("de-omo", C, "OMO", 'A', "A01"), ("de-obs", C, "RFL", 'A', "A04"), ("us-1", A, "MAR", 'A', "F04")], C);
    Arc::make_mut(&mut p.sc).spec.units[0].off_map = true;
    st(&mut p, "de-omo").at = Where::OffMap;
    p
}

/// 7.87: an original accuracy die of 6 cancels the off-map fire and takes the battery out of play.
#[test]
fn an_off_map_battery_rolling_six_is_withdrawn_itt_7_87() {
    let mut p = battery_position();
    activate(&mut p, &["de-omo"]);
    submit(&mut p, Command::Range(ids(&["de-omo"]), "F04".into()), &[1, 1, 1]).unwrap();
    p.r.act = None;
    p.r.turn = 2;
    st(&mut p, "de-omo").level = Level::Free;
    activate(&mut p, &["de-omo"]);
    submit(&mut p, Command::FireForEffect(ids(&["de-omo"]), Pattern::Drum), &[6]).unwrap();
    assert_eq!(p.units[u(&p, "de-omo")].at, Where::Withdrawn);
    assert_eq!(steps(&p, "us-1"), 2);
}

/// 7.87: an off-map battery's pattern modifier counts double: a barrage costs it 6, not 3 (24 - 6 =
/// 18, volume +6).
#[test]
fn off_map_pattern_modifiers_count_double_itt_7_87() {
    let mut p = battery_position();
    activate(&mut p, &["de-omo"]);
    submit(&mut p, Command::Range(ids(&["de-omo"]), "F04".into()), &[1, 1, 1]).unwrap();
    p.r.act = None;
    p.r.turn = 2;
    st(&mut p, "de-omo").level = Level::Free;
    activate(&mut p, &["de-omo"]);
    let g = salient::rulesets::trenches::events::Grain::EastWest;
    let ev = submit(&mut p, Command::FireForEffect(ids(&["de-omo"]), Pattern::Barrage(g)), &[1, 1, 1]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("volume 18")), "{:?}", texts(&ev));
    assert!(ev.iter().any(|e| e.text.contains("2 +6 = 8")), "{:?}", texts(&ev));
}

/// 7.88: a battery fires at its pre-registered hex without an observer and without ranging, the
/// accuracy die at -2: a 4 hits.
#[test]
fn pre_registered_fire_needs_no_observer_itt_7_88() {
    let b = board(&["........", "........", "........", "wwwwwwww", "........", "........", "........", "........"], &[], &[]);
    let mut p = pos(b, &[("de-how", C, "HOW", 'A', "A04"), ("us-1", A, "MAR", 'A', "G04")], C);
    {
        let sc = Arc::make_mut(&mut p.sc);
        sc.spec.units[0].registered = vec![Registration { hex: "G04".into(), pattern: Pattern::Drum, ammo: Ammo::HighExplosive }];
        sc.registered[0] = vec![sc.board.parse("G04").unwrap()];
    }
    activate(&mut p, &["de-how"]);
    assert!(!salient::rulesets::trenches::legal_at(&p).contains(&Command::Range(ids(&["de-how"]), "G04".into())), "no observer sees G04");
    let ev = submit(&mut p, Command::FireRegistered(ids(&["de-how"]), "G04".into()), &[4, 5, 5]).unwrap();
    assert!(
        ev.iter().any(|e| e.text.contains("Accuracy die 4 -2 (pre-registered)") && e.text.contains("lands on G04")),
        "{:?}",
        texts(&ev)
    );
    assert_eq!(steps(&p, "us-1"), 1, "HOW 7: +2; 10 + 2 = 12");
}

/// 7.5: direct shrapnel adds 3 after every other modification and doubles the target's cover: a
/// 77 mm gun (6) at an adjacent rifle in woods (cover 2): 12 + 3 = 15, +5, less 4: +1.
#[test]
fn shrapnel_adds_three_and_doubles_cover_itt_7_5() {
    let b = board(&["...w....", "........", "........", "........"], &[], &[]);
    let mut p = pos(b, &[("de-fk", C, "FK", 'A', "A05"), ("us-1", A, "MAR", 'A', "A04")], C);
    st(&mut p, "us-1").level = Level::Spent;
    activate(&mut p, &["de-fk"]);
    let ev = submit(&mut p, Command::FireShrapnel(ids(&["de-fk"]), "A04".into()), &[2, 3]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("5 +1 = 6")), "{:?}", texts(&ev));
}

/// 7.5: gas lands in a hurricane barrage, makes one unmodified casualties dice roll a hex, conceals
/// until recovery; smoke conceals; a single gun fires neither (formation only); mortars below
/// 75 mm... (the mortar is 75 mm: it may).
#[test]
fn gas_rolls_unmodified_and_conceals_until_recovery_itt_7_5() {
    let mut p = pos(
        open_board(),
        &[("de-f1", C, "FK", 'A', "A03"), ("de-f2", C, "FK", 'A', "A04"), ("us-1", A, "MAR", 'A', "G04"), ("us-2", A, "MAR", 'B', "J08")],
        C,
    );
    activate(&mut p, &["de-f1", "de-f2"]);
    submit(&mut p, Command::Range(ids(&["de-f1", "de-f2"]), "G04".into()), &[1, 1, 1]).unwrap();
    p.r.act = None;
    p.r.turn = 2;
    for id in ["de-f1", "de-f2"] {
        st(&mut p, id).level = Level::Free;
    }
    activate(&mut p, &["de-f1"]);
    assert_eq!(refused_by(submit(&mut p, Command::FireForEffectWith(ids(&["de-f1"]), Pattern::Hurricane, Ammo::Gas), &[])), "7.82");
    p.r.act = None;
    activate(&mut p, &["de-f1", "de-f2"]);
    assert_eq!(refused_by(submit(&mut p, Command::FireForEffectWith(ids(&["de-f1", "de-f2"]), Pattern::Drum, Ammo::Gas), &[])), "7.5");
    // Accuracy 1: on target; then one unmodified roll per hex with units: 5 + 5 = 10.
    let ev = submit(&mut p, Command::FireForEffectWith(ids(&["de-f1", "de-f2"]), Pattern::Hurricane, Ammo::Gas), &[1, 5, 5]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("10 +0 = 10")), "{:?}", texts(&ev));
    assert_eq!(steps(&p, "us-1"), 1);
    assert_eq!(p.r.gas.len(), 7);
    assert!(p.sight(hex(&p, "A04"), hex(&p, "J04")).concealed > 0);
    with_dice(&mut p, &[], recovery);
    assert!(p.r.gas.is_empty());
}

/// 7.21, 7.5: smoke in the shooter's own hex counts toward the three concealed hexes.
#[test]
fn smoke_in_the_shooters_hex_conceals_itt_7_21() {
    let mut p = pos(open_board(), &[("us-1", A, "MAR", 'A', "C03"), ("de-1", C, "RFL", 'A', "C05")], A);
    let h = hex(&p, "C03");
    p.r.smoke.insert(h);
    assert_eq!(p.sight(h, hex(&p, "C05")).concealed, 1);
}

/// 8.5: cavalry declares a charge at a hex at least three away, moves in, and after the target's
/// reaction fire makes a casualties dice roll whose only modifier is +1 a charging unit.
#[test]
fn a_cavalry_charge_rolls_plus_one_a_unit_itt_8_5() {
    let mut p = pos(open_board(), &[("uk-c", A, "CAV", 'A', "A01"), ("de-1", C, "RFL", 'A', "A04"), ("de-2", C, "RFL", 'A', "A03")], A);
    st(&mut p, "de-1").level = Level::Spent;
    st(&mut p, "de-2").level = Level::Spent;
    activate(&mut p, &["uk-c"]);
    assert_eq!(refused_by(submit(&mut p, Command::Charge(ids(&["uk-c"]), vec!["A03".into()]), &[])), "8.5", "too close");
    submit(&mut p, Command::Charge(ids(&["uk-c"]), vec!["A04".into()]), &[]).unwrap();
    // Round A03 (entering it would hold the horse there, 8.2): by row B.
    // Round A03 by the shortest way that avoids it.
    let (a01, a03, a04) = (hex(&p, "A01"), hex(&p, "A03"), hex(&p, "A04"));
    let mut came: std::collections::HashMap<hexx::Hex, hexx::Hex> = Default::default();
    let mut queue = std::collections::VecDeque::from([a01]);
    while let Some(h) = queue.pop_front() {
        for n in p.sc.board.neighbors(h).collect::<Vec<_>>() {
            if n != a03 && n != a01 && !came.contains_key(&n) {
                came.insert(n, h);
                queue.push_back(n);
            }
        }
    }
    let mut path = vec![];
    let mut h = came[&a04];
    while h != a01 {
        path.push(p.hex_label(h));
        h = came[&h];
    }
    for to in path.into_iter().rev() {
        submit(&mut p, Command::Move(ids(&["uk-c"]), to), &[]).unwrap();
    }
    let ev = submit(&mut p, Command::Move(ids(&["uk-c"]), "A04".into()), &[4, 5]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("9 +1 = 10")), "{:?}", texts(&ev));
    assert_eq!(steps(&p, "de-1"), 1);
    assert_eq!(steps(&p, "de-2"), 2, "A03 was passed by, not charged");
}

/// 8.5 with 8.2: horse that shares its hex with the enemy is held in place, so it cannot declare a
/// charge (a charge is part of a move).
#[test]
fn horse_held_in_an_enemy_hex_cannot_charge_itt_8_5_8_2() {
    let mut p = pos(open_board(), &[("uk-c", A, "CAV", 'A', "A01"), ("de-1", C, "RFL", 'A', "A01"), ("de-2", C, "RFL", 'A', "A04")], A);
    st(&mut p, "de-1").level = Level::Spent;
    st(&mut p, "de-2").level = Level::Spent;
    activate(&mut p, &["uk-c"]);
    assert_eq!(refused_by(submit(&mut p, Command::Charge(ids(&["uk-c"]), vec!["A04".into()]), &[])), "8.5");
    st(&mut p, "de-1").at = Where::Eliminated;
    submit(&mut p, Command::Charge(ids(&["uk-c"]), vec!["A04".into()]), &[]).expect("free to move, it charges");
}

/// 7.5: "During 1918, German 37mm guns may also fire shrapnel": a German 37 mm gun section fires
/// shrapnel in an operation of June 1918 (its +3 after all else: 3 doubled adjacent 6, +3 = 9), not
/// in one of 1917, and an Allied 37 mm gun never (below 57 mm).
#[test]
fn german_37mm_fires_shrapnel_in_1918_itt_7_5() {
    use salient::rulesets::trenches::{check, legal_at};
    let b = board(&["........", "........", "........", "........"], &[], &[]);
    let mut p = pos(b, &[("de-37", C, "TAK", 'A', "A05"), ("us-1", A, "MAR", 'A', "A04"), ("us-37", A, "TAK", 'A', "A02")], C);
    assert_eq!(p.sc.year(), Some(1918), "Hill 142: 6 June 1918");
    st(&mut p, "us-1").level = Level::Spent;
    activate(&mut p, &["de-37"]);
    let c = Command::FireShrapnel(ids(&["de-37"]), "A04".into());
    assert!(legal_at(&p).contains(&c));
    let mut in_1917 = p.clone();
    Arc::make_mut(&mut in_1917.sc).spec.year = Some(1917);
    assert_eq!(check(&in_1917, &c).expect_err("not in 1917").rule.as_deref(), Some("7.5"));
    assert!(!legal_at(&in_1917).contains(&c));
    let mut allied = p.clone();
    allied.r.phasing = Some(A);
    activate(&mut allied, &["us-37"]);
    assert_eq!(check(&allied, &Command::FireShrapnel(ids(&["us-37"]), "A05".into())).expect_err("allied").rule.as_deref(), Some("7.5"));
    let ev = submit(&mut p, c, &[2, 3]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("roll 5 +3 = 8")), "{:?}", texts(&ev));
}

/// 7.5, 2.1: the operation's year (its `year`, or its date's) must lie in its time frame; validate
/// says where it does not.
#[test]
fn the_operations_year_lies_in_its_time_frame_itt_7_5() {
    use salient::engine::source::SourceFile;
    use salient::engine::validate::validate_source;
    let text = std::fs::read_to_string(super::random_play::EVERY_RULE).unwrap();
    let registry = salient::rulesets::registry();
    let ok = SourceFile::new(super::random_play::EVERY_RULE, text.clone());
    assert!(validate_source(&ok, &registry).is_empty());
    let bad = SourceFile::new(super::random_play::EVERY_RULE, text.replace("era: Late,", "era: Late, year: Some(1916),"));
    let problems: Vec<String> = validate_source(&bad, &registry).into_iter().map(|d| d.message).collect();
    assert!(problems.iter().any(|m| m.contains("the year 1916 is not in the time frame Late")), "{problems:?}");
}

/// 7.88, 13.1: where the operation affords a side pre-registered hexes, its player notes them
/// before set-up (battery, hex, ammunition, pattern), within the allowance; placing waits for the
/// note; the note is hidden from the other side; the battery then fires at the noted hex without an
/// observer or ranging; the operation's own registrations stay.
#[test]
fn players_note_their_own_pre_registered_hexes_before_set_up_itt_7_88_13_1() {
    use salient::engine::Pending;
    use salient::rulesets::trenches::state::Pos;
    let mut g = super::random_play::open(super::random_play::EVERY_RULE, 0);
    let p = Pos::capture(g.world());
    assert_eq!(p.r.registering, Some(C), "the Germans write their note before anyone sets up");
    let legal = g.legal().to_vec();
    assert!(legal.contains(&Command::DoneRegistering));
    assert!(legal.iter().all(|c| matches!(c, Command::Register(..) | Command::DoneRegistering)));
    let reg = |b: &str, h: &str, a, pat| Command::Register(b.into(), h.into(), a, pat);
    assert!(g.submit(Command::Place("de-r1".into(), "F01".into())).is_err(), "13.1: the note comes first");
    assert!(g.submit(reg("de-r1", "D03", Ammo::HighExplosive, Pattern::Drum)).is_err(), "a rifle platoon is no battery");
    assert!(g.submit(reg("de-how", "D04", Ammo::HighExplosive, Pattern::Drum)).is_err(), "D04 is the operation's already");
    assert!(g.submit(reg("de-fk1", "D03", Ammo::Gas, Pattern::Drum)).is_err(), "7.5: gas lands in a hurricane");
    g.submit(reg("de-fk1", "D03", Ammo::Shrapnel, Pattern::Hurricane)).unwrap();
    g.submit(reg("de-omo", "C04", Ammo::HighExplosive, Pattern::Drum)).unwrap();
    let refusal = g.submit(reg("de-how", "C03", Ammo::HighExplosive, Pattern::Drum)).expect_err("two hexes only");
    assert_eq!(refusal.rule.as_deref(), Some("7.88"));
    assert_eq!(g.legal().to_vec(), vec![Command::DoneRegistering]);
    #[cfg(feature = "gui")]
    {
        let p = Pos::capture(g.world());
        let noted: Vec<_> = g.events().filter(|e| e.text.contains("pre-registers")).cloned().collect();
        assert_eq!(noted.len(), 2);
        for e in &noted {
            assert!(!salient::ui::trenches::hud::event_shown(&p, Some(A), e), "hidden from the Allies");
            assert!(salient::ui::trenches::hud::event_shown(&p, Some(C), e));
        }
    }
    g.submit(Command::DoneRegistering).unwrap();
    let p = Pos::capture(g.world());
    assert_eq!((p.r.registering, p.r.placing), (None, Some(C)), "then the Germans set up");
    assert!(matches!(g.pending(), Some(Pending { .. })));
    assert!(g.legal().iter().all(|c| matches!(c, Command::Place(..) | Command::Letter(..))));
    // The noted hex is the battery's as the operation's are (7.88).
    let fk = p.find("de-fk1").unwrap();
    let hexes = salient::rulesets::trenches::indirect::registered_hexes(&p, fk);
    assert_eq!(hexes.iter().map(|h| p.hex_label(*h)).collect::<Vec<_>>(), vec!["D03"]);
    let how = p.find("de-how").unwrap();
    assert_eq!(salient::rulesets::trenches::indirect::registered_hexes(&p, how).len(), 2, "the file's two stay");
}

/// 7.88: a battery fires at a hex its player noted, without an observer and without ranging, with
/// the noted ammunition and pattern.
#[test]
fn a_noted_hex_is_fired_at_without_ranging_itt_7_88() {
    let b = board(&["........", "........", "........", "wwwwwwww", "........", "........", "........", "........"], &[], &[]);
    let mut p = pos(b, &[("de-how", C, "HOW", 'A', "A04"), ("us-1", A, "MAR", 'A', "G04")], C);
    let g04 = hex(&p, "G04");
    p.r.notes.push((0, g04, Registration { hex: "G04".into(), pattern: Pattern::Drum, ammo: Ammo::HighExplosive }));
    activate(&mut p, &["de-how"]);
    assert!(salient::rulesets::trenches::legal_at(&p).contains(&Command::FireRegistered(ids(&["de-how"]), "G04".into())));
    let ev = submit(&mut p, Command::FireRegistered(ids(&["de-how"]), "G04".into()), &[4, 5, 5]).unwrap();
    assert!(ev.iter().any(|e| e.text.contains("Accuracy die 4 -2 (pre-registered)")), "{:?}", texts(&ev));
}
