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

/// The look-ahead plays copies of the position by the rules' own steps: in random games, at every
/// decision, `legal_at` lists what the game lists, and `exec` with the same dice reaches the position
/// the game reaches (2: the sequence of play, every phase).
#[test]
fn the_look_ahead_plays_by_the_rules_own_steps_dix_2() {
    use salient::engine::Dice;
    use salient::engine::journal::Journal;
    use salient::rulesets::dixmude::state::Rt;
    use salient::rulesets::dixmude::{Event, exec, legal_at};
    for seed in 0..3 {
        let mut g = open(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let mut p = Pos::capture(g.world());
            let legal = g.legal().to_vec();
            assert_eq!(legal_at(&p), legal, "seed {seed}: the same commands");
            let c = legal[rand::RngExt::random_range(&mut rng, 0..legal.len())].clone();
            // The same dice for both: values forced on the game's dice and on the copy's.
            let faces: Vec<u32> = (0..40).map(|_| rand::RngExt::random_range(&mut rng, 1..=6)).collect();
            let mut game_dice = g.world_mut().resource_mut::<Dice>();
            let left = game_dice.forced_remaining();
            game_dice.force(faces.iter().copied());
            let mut dice = Dice::new(0);
            dice.force(left.into_iter().chain(faces));
            let mut journal: Journal<Event> = Journal::default();
            exec(&mut p, &mut Rt { dice: &mut dice, journal: &mut journal }, c.clone());
            g.submit(c.clone()).expect("a legal command is accepted");
            let q = Pos::capture(g.world());
            assert!(p.units == q.units && p.r == q.r, "seed {seed}: {c:?} reaches the same position");
            assert_eq!(dice.forced_remaining(), g.dice().forced_remaining(), "seed {seed}: {c:?} rolls the same dice");
        }
    }
}

/// Phase E, the German to bomb with Taube in hand (12.2.1: +1 on the heavy artillery's die this
/// turn): played while a heavy gun may still fire on Franco-Belgian battalions, kept once the heavy
/// guns have fired (the counter is worth keeping for another turn).
#[test]
fn taube_is_played_before_the_heavy_guns_fire_not_after_dix_12_2_1() {
    use salient::rulesets::dixmude::Strategy;
    let mut p = empty();
    let hq = p.sc.hq;
    let guns: Vec<usize> = ["de-fussart-1", "de-fussart-2", "de-fussart-3"].iter().map(|id| put(&mut p, id, hq, Level::Good)).collect();
    put(&mut p, "fb-1-2rfm", 3, Level::Good);
    put(&mut p, "fb-2-2rfm", 3, Level::Good);
    put(&mut p, "fb-3-2rfm", 3, Level::Good);
    p.r.turn = 3;
    hand(&mut p, Side::German, &[Strategy::Taube]);
    super::fixtures::bombing_by(&mut p, Side::German);
    assert_eq!(best(&p, Side::German), Command::Play(Strategy::Taube), "before the heavy guns fire");
    for g in guns {
        p.units[g].used = true;
    }
    put(&mut p, "de-44far", 15, Level::Good);
    let c = best(&p, Side::German);
    assert_ne!(c, Command::Play(Strategy::Taube), "the heavy guns have fired: chose {c:?}");
}

/// Phase G, the Franco-Belgian with Ronarc'h obtains supply in hand (12.1.2: 2 RP to spend at
/// once, never stocked) and no RP: played when there are battalions to raise (9.2), kept when there
/// are none.
#[test]
fn ronarch_supply_is_played_when_there_is_something_to_raise_dix_12_1_2() {
    use salient::rulesets::dixmude::Strategy;
    let mut p = empty();
    put(&mut p, "de-1-206", 34, Level::Good);
    put(&mut p, "fb-1-2rfm", 7, Level::Good);
    p.r.turn = 3;
    p.r.rp = [0, 0];
    hand(&mut p, Side::FrancoBelgian, &[Strategy::RonarchSupply]);
    super::fixtures::reorganising(&mut p, Side::FrancoBelgian);
    let c = best(&p, Side::FrancoBelgian);
    assert_ne!(c, Command::Play(Strategy::RonarchSupply), "nothing to raise: chose {c:?}");
    put(&mut p, "fb-2-2rfm", 6, Level::Exhausted);
    put(&mut p, "fb-3-2rfm", 6, Level::Weakened);
    assert_eq!(best(&p, Side::FrancoBelgian), Command::Play(Strategy::RonarchSupply), "two battalions to raise");
}

/// Phase C (5): the computer buys its second counter when the counter is worth the RP it costs, by
/// the scenario's own tuning (`ai.<side>.buy_rp`, `cards`): data, not code.
#[test]
fn a_counter_is_bought_when_worth_its_rp_by_the_scenario_tuning_dix_5() {
    let mut p = super::fixtures::start();
    p.r.phase = Phase::Strategies;
    p.r.buying = Some(Side::FrancoBelgian);
    p.r.rp = [6, 8];
    let c = best(&p, Side::FrancoBelgian);
    assert!(matches!(c, Command::Buy(_)), "the shipped tuning buys: chose {c:?}");
    let mut sc = (*p.sc).clone();
    sc.spec.ai.get_mut("franco_belgian").expect("the scenario tunes the Franco-Belgian").buy_rp = 10.0;
    p.sc = std::sync::Arc::new(sc);
    assert_eq!(best(&p, Side::FrancoBelgian), Command::Done, "an RP dearer than any counter: no purchase");
}
