//! Random legal play of the campaign: never refused, never stuck, every invariant checked after
//! every command (`SALIENT_RTC_GAMES` changes the count).

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use salient::engine::Session;
use salient::engine::game::Game;
use salient::rulesets::rtc::Rtc;

use super::fixtures::*;

fn games() -> u64 {
    std::env::var("SALIENT_RTC_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(24)
}

fn play_checked(mut g: Game<Rtc>, seed: u64, check_legal: bool) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while !g.is_over() {
        let legal = g.legal().to_vec();
        assert!(!legal.is_empty(), "seed {seed}: no legal command at {:?}", g.pending());
        if check_legal {
            for c in &legal {
                assert!(<Rtc as salient::engine::Ruleset>::check(g.world(), c).is_ok(), "{c:?} listed but refused");
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
fn random_games_of_cambrai_finish_with_every_invariant_held() {
    let origin = cambrai(0).origin().clone();
    let n = games();
    let workers = std::thread::available_parallelism().map(|p| p.get()).unwrap_or(2).min(4) as u64;
    std::thread::scope(|s| {
        for w in 0..workers {
            let origin = origin.clone();
            s.spawn(move || {
                let mut seed = w;
                while seed < n {
                    let mut o = origin.clone();
                    o.seed = seed;
                    play_checked(Game::start(o), seed, seed == 0);
                    seed += workers;
                }
            });
        }
    });
}

/// The computer player once left an area held by British units alone without giving them control
/// (3.21): seed 7053, after a group left an enemy-held area for an attack (found when the computer
/// still played the first legal command; kept with today's computer player).
#[test]
fn computer_games_keep_control_up_to_date_rtc_3_21() {
    for seed in [7053, 1] {
        let mut g = cambrai(seed);
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

#[test]
fn the_same_seed_gives_the_same_game() {
    let mut a = cambrai(42);
    let mut b = cambrai(42);
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for _ in 0..300 {
        if a.is_over() {
            break;
        }
        let legal = a.legal().to_vec();
        let c = legal[rand::RngExt::random_range(&mut rng, 0..legal.len())].clone();
        a.submit(c.clone()).unwrap();
        b.submit(c).unwrap();
        assert_eq!(a.checksum(), b.checksum());
    }
}

#[test]
#[ignore]
fn print_a_random_game() {
    let seed: u64 = std::env::var("SALIENT_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    let mut g = cambrai(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !g.is_over() && g.invariants().is_empty() {
        let p = g.pending().unwrap();
        let before = g.log_since(0, 0).len();
        Session::step_random(&mut g, &mut rng);
        println!("[{}] {:?}", p.side, g.commands().last().unwrap());
        for l in g.log_since(0, 0).into_iter().skip(before) {
            println!("    {} ({})", l.text(), l.rule());
        }
    }
}
