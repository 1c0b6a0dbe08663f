//! Random legal play of the campaign: never refused, never stuck, every invariant checked after
//! every command: 300 random and 200 computer games (issue 15; `SALIENT_DIXMUDE_GAMES` and
//! `SALIENT_DIXMUDE_AI_GAMES` change the counts).

use std::path::Path;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use salient::engine::Session;
use salient::engine::game::Game;
use salient::rulesets::dixmude::Dixmude;

pub const SCENARIO: &str = "scenarios/dixmude/dixmude-1914.ron";

fn games() -> u64 {
    std::env::var("SALIENT_DIXMUDE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(300)
}

fn computer_games() -> u64 {
    std::env::var("SALIENT_DIXMUDE_AI_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(200)
}

pub fn open(seed: u64) -> Game<Dixmude> {
    Game::open(Path::new(SCENARIO), seed, Vec::new()).expect("the shipped scenario loads")
}

fn play_checked(mut g: Game<Dixmude>, seed: u64, check_legal: bool) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while !g.is_over() {
        let legal = g.legal().to_vec();
        assert!(!legal.is_empty(), "seed {seed}: no legal command at {:?}", g.pending());
        if check_legal {
            for c in &legal {
                assert!(<Dixmude as salient::engine::Ruleset>::check(g.world(), c).is_ok(), "{c:?} listed but refused");
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
    steps
}

#[test]
fn random_games_of_dixmude_finish_with_every_invariant_held() {
    for seed in 0..games() {
        play_checked(open(seed), seed, seed == 0);
    }
}

#[test]
fn computer_games_of_dixmude_finish_with_every_invariant_held() {
    for seed in 0..computer_games() {
        let mut g = open(seed);
        let mut steps = 0;
        while !g.is_over() {
            let c = salient::ai::choose(&mut g).expect("a legal command before the end");
            g.submit(c.clone()).unwrap_or_else(|r| panic!("seed {seed}: {c:?} refused: {r}"));
            let broken = g.invariants();
            assert!(broken.is_empty(), "seed {seed}, after {c:?}: {broken:?}");
            steps += 1;
            assert!(steps < 100_000, "seed {seed}: the game does not end");
        }
    }
}
