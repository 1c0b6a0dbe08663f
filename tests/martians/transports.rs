//! Skimmers (11.0), air transport raiders and air superiority fighters (the Aviation Rules), with
//! forced dice.

use salient::engine::source::SourceFile;
use salient::rulesets::martians::Command::*;
use salient::rulesets::martians::formations::Formation::*;
use salient::rulesets::martians::scenario::Sequence;
use salient::rulesets::martians::state::{Gone, Phase, Pos};
use salient::rulesets::martians::{EventKind, check, fire};

use super::fixtures::{U, ok, pos, u, with_dice};

fn id(s: &str) -> String {
    s.to_string()
}

/// A position in side `side`'s aviation phase (phase II) or vehicle phase (phase III).
fn in_phase(phase: Phase, side: usize, regiments: &[(&str, usize)], units: &[U]) -> Pos {
    let mut p = pos(Sequence::Initiative, &[], regiments, units);
    p.r.phase = phase;
    p.r.side = Some(side);
    p.r.active = None;
    p
}

#[test]
fn fighters_attack_flights_on_9_or_0_and_are_answered_with_machine_guns_aviation() {
    let mut p = in_phase(
        Phase::Aviation,
        0,
        &[("a", 0), ("n", 1)],
        &[
            ("pickets", "a", "british.aerial-pickets", Flight, (500.0, 100.0), 90.0),
            ("boat", "a", "british.gunboat", Flight, (300.0, 100.0), 90.0),
            ("dhows", "n", "emirs.sky-dhows", Flight, (500.0, 400.0), 270.0),
            ("w", "n", "indunas.warriors", Mass, (900.0, 900.0), 270.0),
        ],
    );
    let (pickets, dhows) = (u(&p, "pickets"), u(&p, "dhows"));
    // "ASF units are armed with machine guns but can only attack other aviation units"; the others attack
    // land units only.
    assert!(check(&p, &Fire(id("pickets"), id("w"))).is_err());
    assert!(check(&p, &Fire(id("boat"), id("dhows"))).is_err());
    // Two stands of four machine guns: 8 dice, a hit on 9 or 0: four hits take a stand of two craft. The
    // dhows' two stands answer with a machine gun each, hitting on a 0 only: one hit.
    let ev = ok(&mut p, Fire(id("pickets"), id("dhows")), &[9, 10, 9, 10, 8, 1, 1, 1, 10, 9]);
    assert_eq!((p.units[dhows].castings, p.units[dhows].air_hits), (1, 0));
    assert_eq!((p.units[pickets].castings, p.units[pickets].air_hits), (2, 1), "the answer's 9 misses");
    assert!(ev.iter().any(|e| matches!(&e.kind, EventKind::Fired { unit, dice: 2, hits: 1, .. } if unit == "dhows")), "{ev:#?}");
    // Out of 400 yards, no attack.
    let mut q = p.clone();
    q.r.flown.clear();
    q.units[dhows].at.y = 1000.0;
    assert!(check(&q, &Fire(id("pickets"), id("dhows"))).is_err());
}

#[test]
fn a_fighter_ambushes_an_enemy_flight_attacking_within_400_yards_aviation() {
    let mut p = in_phase(
        Phase::Aviation,
        0,
        &[("a", 0), ("n", 1)],
        &[
            ("boat", "a", "british.gunboat", Flight, (500.0, 100.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 450.0), 270.0),
            ("pickets", "n", "british.aerial-pickets", Flight, (700.0, 100.0), 270.0),
        ],
    );
    let (boat, w, pickets) = (u(&p, "boat"), u(&p, "w"), u(&p, "pickets"));
    // "They can attack at any time (opportunity ambushes) an enemy aviation unit comes within a 400 yard
    // range": the pickets' 8 dice all hit (eight hits, both stands), the gunboat's four machine guns answer
    // (all miss), and the attack on the warriors never comes.
    let ev = ok(&mut p, Fire(id("boat"), id("w")), &[9, 10, 9, 10, 9, 10, 9, 10, 1, 1, 1, 1]);
    assert_eq!(p.units[boat].gone, Some(Gone::Destroyed));
    assert_eq!(p.units[w].castings, 36);
    assert!(p.r.flown.contains(&pickets), "the ambush is the fighter's action this turn");
    assert!(!ev.iter().any(|e| matches!(e.kind, EventKind::AntiAircraft { .. })));
}

#[test]
fn a_skimmer_keeps_200_yards_off_unloads_and_leaves_the_battle_mice_11_0() {
    let mut p = in_phase(
        Phase::Vehicles,
        0,
        &[("s", 0), ("r", 0), ("n", 1)],
        &[
            ("skim", "s", "british.skimmers", Line, (500.0, 300.0), 90.0),
            ("rifles", "r", "british.skimmer-rifles", Line, (0.0, 0.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 650.0), 270.0),
        ],
    );
    let (skim, rifles) = (u(&p, "skim"), u(&p, "rifles"));
    p.units[rifles].aboard = Some(skim);
    assert!(!p.units[rifles].on_table(), "aboard, off the table");
    let castings = p.side_castings(0);
    // 350 yards off: "they can not voluntarily move any closer than 200 yards to the nearest enemy unit".
    assert!(check(&p, &Move(id("skim"), 0, 160)).is_err());
    assert!(check(&p, &Move(id("skim"), 0, 100)).is_ok());
    assert!(check(&p, &Fire(id("skim"), id("w"))).is_err(), "skimmers are not battle craft");
    ok(&mut p, Move(id("skim"), 0, 100), &[]);
    // 250 yards off: the rifles deploy where the skimmer stood, and the skimmer leaves.
    let ev = ok(&mut p, Unload(id("skim")), &[]);
    assert!(ev.iter().any(|e| e.rule == "11.0" && matches!(e.kind, EventKind::Unloaded { .. })), "{ev:#?}");
    assert_eq!(p.units[skim].gone, Some(Gone::Withdrawn));
    assert!(p.units[rifles].on_table());
    assert_eq!((p.units[rifles].at.x, p.units[rifles].at.y), (500.0, 400.0));
    assert_eq!(p.side_castings(0), castings, "a transport that leaves is not a loss");
    assert!(salient::rulesets::martians::view::invariants_of(&p).is_empty());
}

#[test]
fn a_transport_unloads_no_closer_than_200_yards_and_takes_its_cargo_when_lost_mice_11_0() {
    let mut p = in_phase(
        Phase::Vehicles,
        0,
        &[("s", 0), ("r", 0), ("n", 1)],
        &[
            ("skim", "s", "british.skimmers", Line, (500.0, 300.0), 90.0),
            ("rifles", "r", "british.skimmer-rifles", Line, (0.0, 0.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 450.0), 270.0),
        ],
    );
    let (skim, rifles, w) = (u(&p, "skim"), u(&p, "rifles"), u(&p, "w"));
    p.units[rifles].aboard = Some(skim);
    // The warriors came within 150 yards: the rifles may not deploy there ("no closer than 200 yards").
    assert!(check(&p, &Unload(id("skim"))).is_err());
    // Backing away is allowed (not "closer"); the skimmer still may not be driven nearer.
    assert!(check(&p, &Face(id("skim"), 180)).is_ok());
    // RECONSTRUCTED: a skimmer is "fragile": one hit destroys it, and the unit aboard with it.
    with_dice(&mut p, &[], |p, rt| fire::apply(p, rt, w, skim, 1, false));
    assert_eq!(p.units[skim].gone, Some(Gone::Destroyed));
    assert_eq!(p.units[rifles].gone, Some(Gone::Destroyed));
}

#[test]
fn skimmers_skim_over_water_but_not_into_woods_mice_11_0() {
    let water: &[(f32, f32)] = &[(0.0, 350.0), (2000.0, 350.0), (2000.0, 380.0), (0.0, 380.0)];
    let woods: &[(f32, f32)] = &[(800.0, 330.0), (900.0, 330.0), (900.0, 450.0), (800.0, 450.0)];
    let mut p = pos(
        Sequence::Initiative,
        &[("water", water), ("woods", woods)],
        &[("s", 0), ("n", 1)],
        &[
            ("skim", "s", "british.skimmers", Line, (500.0, 300.0), 90.0),
            ("skim2", "s", "british.skimmers", Line, (850.0, 300.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 1500.0), 270.0),
        ],
    );
    p.r.phase = Phase::Vehicles;
    p.r.side = Some(0);
    p.r.active = None;
    // RECONSTRUCTED: skimmers cross water (a foot unit needs a bridge or a ford, 4), not woods (as vehicles).
    assert!(check(&p, &Move(id("skim"), 0, 100)).is_ok());
    assert!(check(&p, &Move(id("skim2"), 0, 100)).is_err());
}

#[test]
fn an_air_transport_lands_a_light_or_medium_gun_at_200_yards_aviation() {
    let mut p = in_phase(
        Phase::Aviation,
        1,
        &[("d", 1), ("g", 1), ("a", 0)],
        &[
            ("dhow", "d", "emirs.dhow-transports", Flight, (500.0, 700.0), 270.0),
            ("gun", "g", "british.field-battery", Limbered, (0.0, 0.0), 270.0),
            ("b", "a", "british.line", Line, (500.0, 300.0), 90.0),
        ],
    );
    let (dhow, gun) = (u(&p, "dhow"), u(&p, "gun"));
    p.units[gun].aboard = Some(dhow);
    // "They can land and deploy their cargo no closer than 200 yards from the nearest enemy LAND unit."
    ok(&mut p, Move(id("dhow"), 0, 300), &[]);
    assert!(check(&p, &Unload(id("dhow"))).is_err(), "100 yards off");
    let mut q = p.clone();
    q.units[dhow].at.y = 700.0;
    ok(&mut q, Unload(id("dhow")), &[]);
    assert!(q.units[gun].on_table());
    assert_eq!(q.units[dhow].gone, Some(Gone::Withdrawn));
    assert!(q.units[gun].has_moved, "a gun that landed does not fire this turn (6.4)");
}

#[test]
fn transports_and_their_cargo_are_checked_at_load_mice_11_0() {
    let text = std::fs::read_to_string("scenarios/martians/hellas-canal.ron").unwrap();
    let load = |text: String| {
        let file = SourceFile::new("scenarios/martians/bad.ron", text);
        let mut loader = salient::engine::loader::Loader::from_disk();
        salient::rulesets::martians::scenario::load(&file, &mut loader).map(|_| ())
    };
    load(text.clone()).expect("the shipped battle loads");
    // A 9-pounder (medium) aboard a skimmer ("Only light artillery rated guns can be carried by skimmers").
    let bad = text.replace(r#"type: "british.skimmer-rifles""#, r#"type: "british.field-battery""#);
    let errors = load(bad).expect_err("a medium gun on a skimmer");
    assert!(errors.iter().any(|e| e.message.contains("artillery section of a Light gun")), "{errors:#?}");
    // Aboard a unit that is no transport.
    let bad = text.replace(r#"aboard: "skimmers""#, r#"aboard: "askaris""#);
    let errors = load(bad).expect_err("aboard infantry");
    assert!(errors.iter().any(|e| e.message.contains("is not a transport")), "{errors:#?}");
    // Aviation has no phase in the traditional sequence.
    let bad = text.replace("sequence: Initiative,", "sequence: Traditional,");
    let errors = load(bad).expect_err("aviation in a traditional battle");
    assert!(errors.iter().any(|e| e.message.contains("the traditional sequence has none")), "{errors:#?}");
}
