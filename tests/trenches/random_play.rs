//! Random legal play of every operation: never refused, never stuck, every invariant checked after
//! every command: 300 random and 200 computer games of each (issue 16; `SALIENT_TRENCHES_GAMES` and
//! `SALIENT_TRENCHES_AI_GAMES` change the counts).

use std::path::Path;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use salient::engine::Session;
use salient::engine::game::Game;
use salient::rulesets::trenches::Trenches;

pub const OPERATIONS: [&str; 3] =
    ["scenarios/trenches/hill-142.ron", "scenarios/trenches/lucys-corner.ron", "scenarios/trenches/wasteland.ron"];

/// A test operation with every rule the three operations leave out (AFV, cavalry, transport,
/// ammunition, off-map and pre-registered fire, the shock bombardment, leadership, pool, exit).
pub const EVERY_RULE: &str = "tests/data/trenches/every-rule.ron";

fn games() -> u64 {
    std::env::var("SALIENT_TRENCHES_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(300)
}

fn computer_games() -> u64 {
    std::env::var("SALIENT_TRENCHES_AI_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(200)
}

pub fn open(path: &str, seed: u64) -> Game<Trenches> {
    Game::open(Path::new(path), seed, Vec::new()).expect("the shipped operation loads")
}

/// A random game: every listed command accepted (`check_legal`), the listing exact for the rules the
/// operations leave out (`exact`), every invariant after every command, a result at the end.
fn play_checked(mut g: Game<Trenches>, seed: u64, check_legal: bool, exact: bool) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while !g.is_over() {
        let legal = g.legal().to_vec();
        assert!(!legal.is_empty(), "seed {seed}: no legal command at {:?}", g.pending());
        if check_legal {
            for c in &legal {
                assert!(<Trenches as salient::engine::Ruleset>::check(g.world(), c).is_ok(), "{c:?} listed but refused");
            }
        }
        if exact {
            listed_exactly(&g, &legal);
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
fn random_games_of_every_operation_finish_with_every_invariant_held() {
    for path in OPERATIONS {
        for seed in 0..games() {
            play_checked(open(path, seed), seed, seed < 3, false);
        }
    }
}

/// Every command of the rules the operations leave out that `check` accepts is listed, and the
/// reverse: leadership, exits and point fire by every unit at every unit (3.3, 7.62, 12, 13.41).
fn listed_exactly(g: &Game<Trenches>, legal: &[salient::rulesets::trenches::Command]) {
    use salient::rulesets::trenches::Command;
    use salient::rulesets::trenches::events::Stat;
    let p = salient::rulesets::trenches::state::Pos::capture(g.world());
    let ids: Vec<String> = p.sc.spec.units.iter().map(|u| u.id.clone()).collect();
    let mut probes: Vec<Command> = [Stat::Firepower, Stat::Range, Stat::Resolve, Stat::Movement].into_iter().map(Command::Lead).collect();
    for a in &ids {
        probes.push(Command::Exit(vec![a.clone()]));
        for b in &ids {
            probes.push(Command::PointFire(a.clone(), b.clone()));
        }
    }
    for c in probes {
        let ok = <Trenches as salient::engine::Ruleset>::check(g.world(), &c).is_ok();
        assert_eq!(ok, legal.contains(&c), "{c:?}: accepted {ok}, listed {}", legal.contains(&c));
    }
}

#[test]
fn random_games_of_the_every_rule_test_operation_hold_every_invariant() {
    for seed in 0..games() / 3 {
        play_checked(open(EVERY_RULE, seed), seed, seed < 3, seed < 4);
    }
}

#[test]
fn computer_games_of_the_every_rule_test_operation_hold_every_invariant() {
    for seed in 0..computer_games() / 4 {
        play_computer(EVERY_RULE, seed);
    }
}

/// A computer-against-computer game with every invariant after every command.
fn play_computer(path: &str, seed: u64) {
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

#[test]
fn computer_games_of_every_operation_finish_with_every_invariant_held() {
    for path in OPERATIONS {
        for seed in 0..computer_games() {
            play_computer(path, seed);
        }
    }
}
