//! Property tests (proptest) on the Syrtis Kopje battle: a command is carried out exactly when the
//! rules' check accepts it and the legal list holds it, and a refused one changes nothing; fuzzed
//! command streams of every battle through the shared harness (`salient::fuzzing`).

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use salient::engine::game::Game;
use salient::rulesets::martians::formations::Formation;
use salient::rulesets::martians::state::Action;
use salient::rulesets::martians::{Command, Martians};

use super::random_play::{BATTLES, open};

fn played(path: &str, seed: u64, steps: usize) -> Game<Martians> {
    let mut g = open(path, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..steps {
        if g.is_over() {
            break;
        }
        let legal = g.legal().to_vec();
        let c = legal[rand::RngExt::random_range(&mut rng, 0..legal.len())].clone();
        g.submit(c).unwrap();
    }
    g
}

fn any_command() -> impl Strategy<Value = Command> {
    let id = prop::sample::select(vec!["24-a", "gatling", "w-1", "veterans", "bowmen", "nobody", ""]).prop_map(String::from);
    let reg = prop::sample::select(vec!["24th", "chest", "loins", "x"]).prop_map(String::from);
    let action = prop::sample::select(vec![Action::Move, Action::Fire]);
    let form = prop::sample::select(Formation::ALL.to_vec());
    prop_oneof![
        (reg.clone(), action.clone()).prop_map(|(r, a)| Command::Begin(r, a)),
        (reg, action).prop_map(|(r, a)| Command::Motivate(r, a)),
        Just(Command::EndRegiment),
        (id.clone(), -200i32..200, 0u32..500).prop_map(|(i, b, y)| Command::Move(i, b, y)),
        (id.clone(), -200i32..200).prop_map(|(i, t)| Command::Face(i, t)),
        (id.clone(), form).prop_map(|(i, f)| Command::Form(i, f)),
        (id.clone(), id.clone()).prop_map(|(a, b)| Command::Charge(a, b)),
        (id.clone(), id).prop_map(|(a, b)| Command::Fire(a, b)),
        Just(Command::Done),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn a_command_is_carried_out_exactly_when_listed(seed in 0u64..1000, steps in 0usize..200, cmds in prop::collection::vec(any_command(), 1..8)) {
        let mut g = played(BATTLES[0], seed, steps);
        for c in cmds {
            if g.is_over() {
                break;
            }
            let accepted = <Martians as salient::engine::Ruleset>::check(g.world(), &c).is_ok();
            let listed = g.legal().contains(&c);
            prop_assert_eq!(listed, accepted, "{:?}: listed {} accepted {}", c, listed, accepted);
            let before = g.checksum();
            match g.submit(c.clone()) {
                Ok(()) => prop_assert!(g.invariants().is_empty(), "after {:?}: {:?}", c, g.invariants()),
                Err(_) => prop_assert_eq!(g.checksum(), before, "a refused {:?} changed the state", c),
            }
        }
    }

    #[test]
    fn fuzzed_command_streams_never_panic_nor_break_an_invariant(data in prop::collection::vec(any::<u8>(), 1..300)) {
        salient::fuzzing::command_input(&data);
    }
}

#[test]
fn every_listed_command_passes_the_check_in_every_battle() {
    for path in BATTLES {
        for seed in 0..3 {
            let mut g = open(path, seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while !g.is_over() {
                let legal = g.legal().to_vec();
                for c in &legal {
                    assert!(<Martians as salient::engine::Ruleset>::check(g.world(), c).is_ok(), "{path}: {c:?} listed but refused");
                }
                let c = legal[rand::RngExt::random_range(&mut rng, 0..legal.len())].clone();
                g.submit(c).unwrap();
            }
        }
    }
}

#[test]
fn saves_replay_to_the_same_checksum() {
    let g = played(BATTLES[1], 5, 120);
    let replayed = Game::<Martians>::replay(g.origin().clone(), &g.commands()).expect("replays");
    assert_eq!(replayed.checksum(), g.checksum());
}
