//! The computer opponent (issue 15): it beats random play from each side, and its look-ahead of
//! phase F (8) takes the activation the victory conditions (11) call for.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use salient::ai::dixmude::plan;
use salient::engine::Session;
use salient::rulesets::dixmude::state::{Phase, Pos};
use salient::rulesets::dixmude::units::{Level, Side};
use salient::rulesets::dixmude::{Command, activation};

use super::fixtures::{empty, hand, legal, put, with_dice};
use super::random_play::open;

/// Plays a game, the computer for `ai` and random legal commands for the other camp; the winner's
/// id ("draw" for a tie).
fn play(seed: u64, ai: Side) -> String {
    let mut g = open(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed + 1000);
    while !g.is_over() {
        let side = g.pending().expect("a decision before the end").side;
        let c = if side == ai.id() {
            salient::ai::choose(&mut g).expect("a legal command")
        } else {
            let legal = g.legal().to_vec();
            legal[rand::RngExt::random_range(&mut rng, 0..legal.len())].clone()
        };
        g.submit(c).expect("a legal command is accepted");
    }
    Session::view(&g).winner.expect("a result")
}

#[test]
fn the_computer_beats_random_play_from_each_side_dix_11() {
    for ai in Side::BOTH {
        let wins = (0..4).filter(|&seed| play(seed, ai) == ai.id()).count();
        assert!(wins >= 3, "{} computer won {wins} of 4 games against random play", ai.name());
    }
}

/// Phase F of turn 3, `side` to activate with 5 RP.
fn phase_f(p: &mut Pos, side: Side) {
    p.r.turn = 3;
    p.r.phase = Phase::Activation;
    p.r.impulse.side = Some(side);
    p.r.rp = [5, 5];
}

fn best(p: &Pos, side: Side) -> Command {
    let legal = legal(p);
    let scores = plan::scores(p, side, &legal);
    legal[salient::ai::best_index(&scores).expect("candidates")].clone()
}

/// Two German battalions of Diksmuide on the offensive, the bridgehead (zone 5) empty: the
/// look-ahead walks them over the bridges onto the left bank (11.1: a German victory at the end of
/// the turn, worth more than Diksmuide). The greedy scores alone ended the activation there (no
/// zone nearer the objectives than Diksmuide).
#[test]
fn the_german_look_ahead_walks_over_the_bridges_dix_8_1_11_1() {
    let mut p = empty();
    put(&mut p, "de-1-206", 11, Level::Good);
    put(&mut p, "de-2-206", 11, Level::Good);
    put(&mut p, "fb-1-2rfm", 7, Level::Good);
    phase_f(&mut p, Side::German);
    super::fixtures::activation(&mut p, Side::German, &["de-1-206", "de-2-206"]);
    // The activation as the look-ahead plays it, decision by decision (no die: no enemy near).
    for _ in 0..20 {
        let next = best(&p, Side::German);
        with_dice(&mut p, &[], |p, rt| activation::exec(p, rt, next.clone()));
        if p.r.impulse.act.is_none() {
            break;
        }
    }
    assert!(p.r.impulse.act.is_none(), "the activation ends");
    assert!(p.infantry_of(5, Side::German), "the Germans stand in zone 5");
}

/// A weakened German battalion holds zone 3 of the left bank: the Franco-Belgian counter-attacks
/// it from zone 4 (an assault at +4, 8.3.2) rather than pass and lose the game at the end of the
/// turn (11.1).
#[test]
fn the_franco_belgian_look_ahead_counter_attacks_the_left_bank_dix_8_3_11_1() {
    let mut p = empty();
    put(&mut p, "de-1-206", 3, Level::Weakened);
    put(&mut p, "de-2-206", 34, Level::Good);
    put(&mut p, "fb-1-2rfm", 4, Level::Good);
    put(&mut p, "fb-2-2rfm", 4, Level::Good);
    put(&mut p, "fb-1-1rfm", 7, Level::Good);
    phase_f(&mut p, Side::FrancoBelgian);
    let c = best(&p, Side::FrancoBelgian);
    assert!(matches!(c, Command::Activate(4, _)), "chose {c:?}");
}

/// The computer never reads the enemy's hand (5): its scores are the same whatever the enemy holds.
#[test]
fn the_look_ahead_ignores_the_enemy_hand_dix_5() {
    use salient::rulesets::dixmude::Strategy::*;
    let mut p = empty();
    put(&mut p, "de-1-206", 15, Level::Good);
    put(&mut p, "de-2-206", 15, Level::Good);
    put(&mut p, "fb-1-2rfm", 11, Level::Weakened);
    put(&mut p, "fb-2-2rfm", 5, Level::Good);
    phase_f(&mut p, Side::German);
    let mut q = p.clone();
    hand(&mut p, Side::FrancoBelgian, &[CoordinatedAssault]);
    hand(&mut q, Side::FrancoBelgian, &[ExcessiveAttack, CounterOrder]);
    let legal = legal(&p);
    assert_eq!(plan::scores(&p, Side::German, &legal), plan::scores(&q, Side::German, &legal));
}
