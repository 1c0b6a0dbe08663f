//! The computer opponent for Royal Tank Corps (src/ai/rtc/, docs/ai.md): legal and deterministic
//! play over whole games, and its choices in positions built for one rule each.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use salient::engine::Session;
use salient::engine::game::Game;
use salient::rulesets::rtc::units::{Place, Side};
use salient::rulesets::rtc::{Command, EventKind, Rtc};

use super::fixtures::*;

/// Plays a game: `ai[side]` true for the computer, false for random legal play; every command
/// checked legal and every invariant held. Returns the winner's side id.
fn play(mut g: Game<Rtc>, seed: u64, ai: [bool; 2]) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while !g.is_over() {
        let side = pending_side(&g);
        let c = if ai[usize::from(side == "german")] {
            let c = salient::ai::choose(&mut g).expect("a legal command before the end");
            assert!(g.legal().contains(&c), "seed {seed}: the AI chose {c:?}, not in the legal list");
            c
        } else {
            let legal = g.legal().to_vec();
            legal[rand::RngExt::random_range(&mut rng, 0..legal.len())].clone()
        };
        g.submit(c.clone()).unwrap_or_else(|r| panic!("seed {seed}: {c:?} refused: {r}"));
        let broken = g.invariants();
        assert!(broken.is_empty(), "seed {seed}, after {c:?}: {broken:?}");
        steps += 1;
        assert!(steps < 100_000, "seed {seed}: the game does not end");
    }
    Session::view(&g).winner.unwrap_or_default()
}

#[test]
#[ignore]
fn print_an_ai_game() {
    let seed: u64 = std::env::var("SALIENT_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let ctl = std::env::var("SALIENT_CONTROLLERS").unwrap_or_else(|_| "ai,ai".into());
    let ai: Vec<bool> = ctl.split(',').map(|c| c == "ai").collect();
    let mut g = cambrai(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !g.is_over() {
        let side = pending_side(&g);
        let before = g.log_since(0, 0).len();
        let c = if ai[usize::from(side == "german")] {
            salient::ai::choose(&mut g).unwrap()
        } else {
            let legal = g.legal().to_vec();
            legal[rand::RngExt::random_range(&mut rng, 0..legal.len())].clone()
        };
        g.submit(c.clone()).unwrap();
        println!("[{side}] {c:?}");
        for l in g.log_since(0, 0).into_iter().skip(before) {
            println!("    {} ({})", l.text(), l.rule());
        }
    }
}

fn games() -> u64 {
    std::env::var("SALIENT_RTC_AI_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(2)
}

/// Over whole games of the campaign, the AI (each side in turn, against random play and against
/// itself) only ever answers with a command of the rules' legal list, which the rules accept, and
/// every invariant holds after it (9.2: every decision of the sequence of play is answered).
#[test]
fn ai_games_of_cambrai_are_legal_to_the_end_rtc_4_2() {
    let n = games();
    for seed in 0..n {
        let ai = match seed % 3 {
            0 => [true, false],
            1 => [false, true],
            _ => [true, true],
        };
        let mut o = cambrai(0).origin().clone();
        o.seed = seed + 1;
        play(Game::start(o), seed + 1, ai);
    }
}

/// The AI keeps no state and reads no clock: the same seed gives the same game, command for command.
#[test]
fn the_same_seed_gives_the_same_ai_game() {
    let run = |seed: u64| {
        let mut g = cambrai(seed);
        let mut out = Vec::new();
        while !g.is_over() && out.len() < 400 {
            let c = salient::ai::choose(&mut g).unwrap();
            g.submit(c.clone()).unwrap();
            out.push(c);
        }
        (out, g.checksum())
    };
    assert_eq!(run(5), run(5));
}

/// The AI as the British beats random German play (3.2, 3.22).
#[test]
fn ai_british_beat_random_play_rtc_3_2() {
    for seed in 1..=2 {
        assert_eq!(play(cambrai(seed), seed, [true, false]), "british", "seed {seed}");
    }
}

/// Runs the AI for `side` while it is to decide (at most `cap` decisions); returns the attacks made
/// (area, success).
fn ai_while(g: &mut Game<Rtc>, side: &str, cap: usize) -> Vec<(u32, bool)> {
    let before = g.events().count();
    let mut n = 0;
    while !g.is_over() && pending_side(g) == side && n < cap {
        let c = salient::ai::choose(g).expect("a legal command");
        g.submit(c).unwrap();
        n += 1;
    }
    g.events()
        .skip(before)
        .filter_map(|e| if let EventKind::Attack { area, success, .. } = e.kind { Some((area, success)) } else { None })
        .collect()
}

/// 10.2, 10.3: a tank and a brigade group next to a spent regiment holding Flesquieres (a victory
/// area): OT 6 + supports against DT 2 + TEM 3. The AI activates and attacks.
#[test]
fn ai_takes_a_favourable_attack_rtc_10_2() {
    // Strong fresh regiments in the other German areas next to 49 (48, 55) close the other ways.
    let mut units = [
        tank("t1", 49),
        inf("gb1", "british", "6", 49),
        inf("gb2", "british", "6", 49),
        inf("gb3", "british", "6", 49),
        inf("g1", "german", "54", 51),
    ]
    .concat();
    for (i, a) in [48, 48, 48, 55, 55, 55].iter().enumerate() {
        units += &inf(&format!("w{i}"), "german", "54", *a);
    }
    let mut g = game(&units);
    set(&mut g, "g1", |c| c.spent = true);
    assert_eq!(phase(&g), "Action");
    ai_while(&mut g, "british", 40);
    // The attack waits for the German defender's answer (10.2).
    assert!(g.commands().contains(&Command::MoveTo(51)), "no attack on 51: commands {:?}", g.commands());
    assert!(g.commands().contains(&Command::Lead("t1".into())), "the tank should lead (OT 6): {:?}", g.commands());
}

/// 10.2, 10.3: one brigade against three fresh regiments, a gun and an SOS barrage in a trench
/// (DT 4 + 3 + 2 + 1 + TEM 3 against OT 3): the AI does not attack.
#[test]
fn ai_does_not_attack_at_hopeless_odds_rtc_10_3() {
    let units = [
        inf("gb1", "british", "6", 49),
        inf("g1", "german", "54", 51),
        inf("g2", "german", "54", 51),
        inf("g3", "german", "54", 51),
        gun("gfa", "german", "54", 3, 3, 51),
        gun("gfa2", "german", "54", 3, 3, 54),
    ]
    .concat();
    let mut g = game(&units);
    // The German guns may bombard first (7.2).
    while phase(&g) != "Action" {
        let c = salient::ai::choose(&mut g).unwrap();
        g.submit(c).unwrap();
    }
    let attacks = ai_while(&mut g, "british", 40);
    assert!(attacks.is_empty(), "attacked: {attacks:?}; commands {:?}", g.commands());
}

/// 3.2, 11.2 A: three cavalry brigades in Les Rues-Vertes by the Masnieres bridge, the canal line
/// east of it empty (the only German regiment is in Bourlon Wood): the AI crosses to Crevecoeur (31)
/// and rides into the Lesdain plateau (32), and wins at the administrative phase.
#[test]
fn cavalry_rides_for_the_immediate_victory_area_when_a_gap_opens_rtc_11_2() {
    let units = [cav("c1", 45), cav("c2", 45), cav("c3", 45), inf("g2", "german", "54", 62)].concat();
    let mut g = game(&units);
    let mut n = 0;
    while !g.is_over() && n < 200 {
        let c = salient::ai::choose(&mut g).unwrap();
        g.submit(c).unwrap();
        n += 1;
    }
    let v = Session::view(&g);
    assert_eq!(v.winner.as_deref(), Some("british"), "{:?}; commands {:?}", v.result, g.commands());
    assert!(v.result.unwrap_or_default().contains("Immediate"));
}

/// 3.2: three fresh British cavalry brigades hold the Lesdain plateau (32) and win at the
/// administrative phase unless a German unit stands there. A regiment next to it attacks even at
/// poor odds (OT 3 against DT 2 + 2 + TEM 1): a German unit that survives in 32 denies the win.
#[test]
fn german_contests_the_immediate_victory_area_rtc_3_2() {
    let units = [cav("c1", 32), cav("c2", 32), cav("c3", 32), inf("g1", "german", "54", 44)].concat();
    let mut g = game(&units);
    assert_eq!(ctx(&g).controller(32), Side::British);
    ok(&mut g, Command::Done);
    assert_eq!(pending_side(&g), "german");
    ai_while(&mut g, "german", 20);
    // The attack waits for the British defender's answer (10.2).
    assert!(g.commands().contains(&Command::MoveTo(32)), "no attack on 32: commands {:?}", g.commands());
}

/// Without the cavalry threat (two brigades only), the same poor attack is not made (10.3: a failed
/// attack costs the lead and passes the action phase).
#[test]
fn german_does_not_make_a_poor_attack_without_the_threat_rtc_10_3() {
    let units = [cav("c1", 32), cav("c2", 32), inf("gb", "british", "6", 32), inf("g1", "german", "54", 44)].concat();
    let mut g = game(&units);
    ok(&mut g, Command::Done);
    ai_while(&mut g, "german", 20);
    assert!(!g.commands().contains(&Command::MoveTo(32)), "attacked 32: commands {:?}", g.commands());
}

/// 10.31: four loss points on two fresh regiments: the AI turns them to their spent side (or
/// retreats) rather than eliminating one.
#[test]
fn ai_pays_loss_points_without_eliminating_rtc_10_31() {
    let units = [
        tank("t1", 49),
        inf("gb1", "british", "6", 49),
        inf("gb2", "british", "6", 49),
        inf("gb3", "british", "6", 49),
        inf("g1", "german", "54", 51),
        inf("g2", "german", "54", 51),
    ]
    .concat();
    // OT 6 + 3 supports + 5 = 14; DT 4 + 1 + TEM 3 + 2 = 10: 4 loss points.
    let mut g = game_with_dice(&units, &[2, 3, 1, 1]);
    ok(&mut g, Command::Activate(49));
    for u in ["t1", "gb1", "gb2", "gb3"] {
        ok(&mut g, Command::Add(u.into()));
    }
    ok(&mut g, Command::MoveTo(51));
    ok(&mut g, Command::Lead("t1".into()));
    ai_while(&mut g, "german", 10);
    assert!(g.events().any(|e| matches!(e.kind, EventKind::Attack { success: true, .. })));
    for id in ["g1", "g2"] {
        assert!(matches!(place(&g, id), Place::Area(_)), "{id} eliminated; commands {:?}", g.commands());
    }
}

/// Plays the AI until the bombardment phase is over; returns the bombardments fired (target, type).
fn ai_bombardments(g: &mut Game<Rtc>) -> Vec<(u32, salient::rulesets::rtc::Target)> {
    let mut n = 0;
    while phase(g) == "Bombardment" && n < 40 {
        let c = salient::ai::choose(g).unwrap();
        g.submit(c).unwrap();
        n += 1;
    }
    g.events().filter_map(|e| if let EventKind::Bombardment { target, at, .. } = e.kind { Some((target, at)) } else { None }).collect()
}

/// 7.5: a field artillery brigade (strength 4) next to a regiment alone in the open (DT 2 × TEM 1):
/// the AI bombards it.
#[test]
fn ai_bombards_a_target_in_the_open_rtc_7_5() {
    // Area 68 (open, TEM 1) is next to 35.
    let units = [gun("gfa", "british", "6", 4, 3, 35), inf("gb1", "british", "6", 35), inf("g1", "german", "54", 68)].concat();
    let mut g = game(&units);
    assert_eq!(phase(&g), "Bombardment");
    let fired = ai_bombardments(&mut g);
    assert!(fired.iter().any(|&(a, _)| a == 68), "no bombardment of 68: {:?}", g.commands());
}

/// 7.5, 7.8: against guns (DT 8 + 2d6, 7.5 DT a) a strength-3 brigade has little chance and would
/// likely run out of ammunition: the AI passes.
#[test]
fn ai_does_not_bombard_at_poor_odds_rtc_7_5() {
    let units = [
        gun("gfa", "british", "6", 3, 3, 35),
        inf("gb1", "british", "6", 35),
        gun("g1", "german", "54", 3, 3, 51),
        inf("g2", "german", "54", 99),
    ]
    .concat();
    let mut g = game(&units);
    assert_eq!(phase(&g), "Bombardment");
    let fired = ai_bombardments(&mut g);
    assert!(!fired.iter().any(|&(a, _)| a == 51), "bombarded 51: {:?}", g.commands());
}

/// 6.3, 3.2: with three British cavalry brigades on the map, a German regiment arriving on turn 2
/// enters where it garrisons an immediate-victory area (32 or 57), not Cambrai or Marquion.
#[test]
fn german_reinforcements_garrison_the_immediate_victory_areas_rtc_6_3() {
    let units = [cav("c1", 14), cav("c2", 14), cav("c3", 14), inf("g0", "german", "54", 62), arriving("g1", "german", "214", 2)].concat();
    let mut g = game(&units);
    ok(&mut g, Command::Done);
    if pending_side(&g) == "german" && phase(&g) == "Action" {
        ok(&mut g, Command::Done);
    }
    assert_eq!(phase(&g), "Reinforcement");
    assert_eq!(pending_side(&g), "german");
    let c = salient::ai::choose(&mut g).unwrap();
    assert!(matches!(c, Command::Place(_, 32) | Command::Place(_, 57)), "{c:?}");
}
