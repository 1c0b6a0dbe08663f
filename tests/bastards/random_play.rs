//! Random legal play: never refused, never stuck, every invariant checked after every command (issue
//! 3: 300 seeded random-vs-random games of each scenario; `SALIENT_RANDOM_GAMES` changes the count).

use std::path::Path;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use salient::engine::Session;
use salient::engine::game::Game;
use salient::rulesets::bastards::Bastards;

use super::fixtures::*;

fn games_per_scenario() -> u64 {
    std::env::var("SALIENT_RANDOM_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(300)
}

/// Plays one random game to its end, checking the invariants after every command; returns the
/// number of commands.
fn play_checked(mut g: Game<Bastards>, seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    assert_invariants(&g);
    while !g.is_over() {
        let legal = g.legal().to_vec();
        assert!(!legal.is_empty(), "seed {seed}: no legal command at {:?}", g.pending());
        let c = legal[rand::RngExt::random_range(&mut rng, 0..legal.len())].clone();
        if let Err(r) = g.submit(c.clone()) {
            panic!("seed {seed}: the legal command {c:?} was refused: {r}");
        }
        let broken = g.invariants();
        assert!(broken.is_empty(), "seed {seed}, after {c:?}: {broken:?}");
        steps += 1;
        assert!(steps < 50_000, "seed {seed}: the game does not end");
    }
    assert!(Session::view(&g).result.is_some(), "seed {seed}: over without a result");
    steps
}

fn scenario_games(file: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bastards").join(file);
    let first = Game::<Bastards>::open(&path, 0, Vec::new()).unwrap_or_else(|d| panic!("{d:?}"));
    let origin = first.origin().clone();
    let n = games_per_scenario();
    let workers = std::thread::available_parallelism().map(|p| p.get()).unwrap_or(2).min(4) as u64;
    std::thread::scope(|s| {
        for w in 0..workers {
            let origin = origin.clone();
            s.spawn(move || {
                let mut seed = w;
                while seed < n {
                    let mut o = origin.clone();
                    o.seed = seed;
                    play_checked(Game::start(o), seed);
                    seed += workers;
                }
            });
        }
    });
}

#[test]
fn random_games_of_the_first_tank_battle_keep_every_invariant() {
    scenario_games("first-tank-battle.ron");
}

#[test]
fn random_games_of_the_second_battle_keep_every_invariant() {
    scenario_games("second-villers-bretonneux.ron");
}

#[test]
fn random_games_on_the_test_map_finish_with_invariants_held() {
    let units = [
        bn("a1", "allied", 3, "E04"),
        bn("a2", "allied", 2, "F04"),
        bn("a3", "allied", 4, "G03"),
        tank("mk1", "MarkIVMale", 3, "H02"),
        tank("wh1", "Whippet", 3, "I02"),
        bn("g1", "german", 4, "E09"),
        bn("g2", "german", 3, "F09"),
        bn("g3", "german", 4, "D10"),
        tank("a7v1", "A7V", 3, "H10"),
    ]
    .concat();
    for seed in 0..50u64 {
        let mut o = game(&units, "").origin().clone();
        o.seed = seed;
        play_checked(Game::start(o), seed);
    }
}

#[test]
fn every_legal_command_passes_the_check_and_the_same_seed_gives_the_same_game() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bastards/second-villers-bretonneux.ron");
    let mut a = Game::<Bastards>::open(&path, 42, Vec::new()).unwrap();
    let mut b = Game::<Bastards>::open(&path, 42, Vec::new()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for _ in 0..400 {
        if a.is_over() {
            break;
        }
        let legal = a.legal().to_vec();
        for c in &legal {
            assert!(<Bastards as salient::engine::Ruleset>::check(a.world(), c).is_ok(), "{c:?} listed but refused");
        }
        let c = legal[rand::RngExt::random_range(&mut rng, 0..legal.len())].clone();
        a.submit(c.clone()).unwrap();
        b.submit(c).unwrap();
        assert_eq!(a.checksum(), b.checksum());
    }
}

#[test]
#[ignore]
fn print_a_random_game() {
    let file = std::env::var("SALIENT_SCENARIO").unwrap_or_else(|_| "first-tank-battle.ron".into());
    let seed: u64 = std::env::var("SALIENT_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bastards").join(file);
    let mut g = Game::<Bastards>::open(&path, seed, Vec::new()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !g.is_over() && g.invariants().is_empty() {
        let p = g.pending().unwrap();
        let before = g.log_since(0, 0).len();
        let legal = g.legal().len();
        Session::step_random(&mut g, &mut rng);
        println!("[{} | {} legal] {:?}", p.side, legal, g.commands().last().unwrap());
        for l in g.log_since(0, 0).into_iter().skip(before) {
            println!("    {} ({})", l.text(), l.rule());
        }
    }
}
