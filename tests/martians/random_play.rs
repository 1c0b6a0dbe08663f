//! Random legal play of every battle: never refused, never stuck, every invariant (no overlapping
//! stands, every stand on the table, casting counts) checked after every command: 300 random and 200
//! computer games of each (issue 17; `SALIENT_MARTIANS_GAMES` and `SALIENT_MARTIANS_AI_GAMES` change the
//! counts).

use std::path::Path;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use salient::engine::Session;
use salient::engine::game::Game;
use salient::rulesets::martians::Martians;

pub const BATTLES: [&str; 4] = [
    "scenarios/martians/syrtis-kopje.ron",
    "scenarios/martians/hellas-canal.ron",
    "scenarios/martians/tel-kharsa.ron",
    "scenarios/martians/khor-amar.ron",
];

fn games() -> u64 {
    std::env::var("SALIENT_MARTIANS_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(300)
}

fn computer_games() -> u64 {
    std::env::var("SALIENT_MARTIANS_AI_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(200)
}

pub fn open(path: &str, seed: u64) -> Game<Martians> {
    Game::open(Path::new(path), seed, Vec::new()).expect("the shipped battle loads")
}

fn play_checked(mut g: Game<Martians>, seed: u64, check_legal: bool) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while !g.is_over() {
        let legal = g.legal().to_vec();
        assert!(!legal.is_empty(), "seed {seed}: no legal command at {:?}", g.pending());
        if check_legal {
            for c in &legal {
                assert!(<Martians as salient::engine::Ruleset>::check(g.world(), c).is_ok(), "{c:?} listed but refused");
            }
        }
        let c = legal[rand::RngExt::random_range(&mut rng, 0..legal.len())].clone();
        if let Err(r) = g.submit(c.clone()) {
            panic!("seed {seed}: the legal command {c:?} was refused: {r}");
        }
        let broken = g.invariants();
        assert!(broken.is_empty(), "seed {seed}, after {c:?}: {broken:?}");
        steps += 1;
        assert!(steps < 100_000, "seed {seed}: the game does not end");
    }
    let v = Session::view(&g);
    assert!(v.result.is_some() && v.winner.is_some(), "seed {seed}: over without a result");
}

#[test]
fn random_games_of_every_battle_finish_with_every_invariant_held() {
    for path in BATTLES {
        for seed in 0..games() {
            play_checked(open(path, seed), seed, seed < 2);
        }
    }
}

#[test]
fn computer_games_of_every_battle_finish_with_every_invariant_held() {
    for path in BATTLES {
        for seed in 0..computer_games() {
            let mut g = open(path, seed);
            let mut steps = 0;
            while !g.is_over() {
                let c = salient::ai::choose(&mut g).expect("a legal command before the end");
                g.submit(c.clone()).unwrap_or_else(|r| panic!("{path} seed {seed}: {c:?} refused: {r}"));
                let broken = g.invariants();
                assert!(broken.is_empty(), "{path} seed {seed}, after {c:?}: {broken:?}");
                steps += 1;
                assert!(steps < 100_000, "{path} seed {seed}: the game does not end");
            }
        }
    }
}
