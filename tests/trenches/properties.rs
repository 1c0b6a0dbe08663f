//! Property tests (proptest) on Operation 1: a command is carried out exactly when the rules' check
//! accepts it, and a refused one changes nothing; saves round-trip at random points; replays
//! reproduce the checksums and the dice.

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use salient::engine::game::Game;
use salient::rulesets::trenches::events::Pattern;
use salient::rulesets::trenches::{Command, Trenches};

use super::random_play::{OPERATIONS, open};

fn played(seed: u64, steps: usize) -> Game<Trenches> {
    let mut g = open(OPERATIONS[0], seed);
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
    let id = prop::sample::select(vec!["de-rfl-1", "de-mg-1", "de-mtr-1", "us-49-1", "us-17-2", "nobody", ""]).prop_map(String::from);
    let hex = prop::sample::select(vec!["A01", "D03", "K05", "H04", "N10", "Z99", ""]).prop_map(String::from);
    let ids = prop::collection::vec(id.clone(), 0..3);
    prop_oneof![
        (id.clone(), hex.clone()).prop_map(|(i, h)| Command::Place(i, h)),
        ids.clone().prop_map(Command::Activate),
        Just(Command::Pass),
        (ids.clone(), hex.clone()).prop_map(|(i, h)| Command::Move(i, h)),
        ids.clone().prop_map(Command::EnterFortification),
        ids.clone().prop_map(Command::LeaveDugout),
        id.clone().prop_map(Command::Dig),
        (ids.clone(), hex.clone()).prop_map(|(i, h)| Command::Fire(i, h)),
        (ids.clone(), hex.clone()).prop_map(|(i, h)| Command::Range(i, h)),
        ids.clone().prop_map(|i| Command::FireForEffect(i, Pattern::Drum)),
        hex.clone().prop_map(Command::CloseCombat),
        Just(Command::EndActivation),
        (ids, hex).prop_map(|(i, h)| Command::React(i, h)),
        Just(Command::NoReaction),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn a_command_is_carried_out_exactly_when_the_rules_accept_it(seed in 0u64..1000, steps in 0usize..150, cmds in prop::collection::vec(any_command(), 1..8)) {
        let mut g = played(seed, steps);
        for c in cmds {
            let accepted = <Trenches as salient::engine::Ruleset>::check(g.world(), &c).is_ok();
            let listed = g.legal().contains(&c);
            prop_assert!(!listed || accepted, "{c:?} is listed but refused");
            let before = g.checksum();
            let result = g.submit(c.clone());
            prop_assert_eq!(result.is_ok(), accepted, "{:?}", c);
            if !accepted {
                prop_assert_eq!(g.checksum(), before);
            }
            prop_assert!(g.invariants().is_empty(), "{:?}", g.invariants());
        }
    }

    #[test]
    fn save_and_load_round_trip_at_random_points(seed in 0u64..1000, steps in 0usize..200) {
        let g = played(seed, steps);
        let dir = std::env::temp_dir().join(format!("salient-itt-prop-{}-{seed}-{steps}", std::process::id()));
        let path = dir.join("save.ron");
        g.save(&path).unwrap();
        let loaded = salient::cli::load_save(&path).unwrap();
        prop_assert_eq!(loaded.checksum(), g.checksum());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn replaying_a_random_game_gives_the_same_checksums(seed in 0u64..1000, steps in 1usize..150) {
        let g = played(seed, steps);
        let again = Game::replay(g.origin().clone(), &g.commands()).unwrap();
        prop_assert_eq!(again.checksum(), g.checksum());
        prop_assert_eq!(again.dice().log(), g.dice().log());
    }
}

/// The fuzz target's command streams (`fuzzing::command_input`: legal commands by index and legal
/// ones mutated by a character, which must be refused unless listed) on the three operations.
#[test]
fn command_streams_keep_the_legal_list_exact() {
    // The first byte picks a shipped scenario of the registry, in order: the operations are the last.
    let scenarios =
        |e: &salient::engine::RulesetEntry| e.shipped.iter().filter(|(p, t)| !p.contains("/maps/") && t.contains("Scenario(")).count();
    let all: Vec<_> = salient::rulesets::registry();
    let before: usize = all.iter().take_while(|e| e.id != "trenches").map(scenarios).sum();
    let ours = all.iter().find(|e| e.id == "trenches").map(scenarios).unwrap_or(0);
    assert_eq!(ours, 3);
    for first in (before..before + ours).map(|i| i as u8) {
        for k in 0u64..12 {
            let mut x = 0x9E37_79B9_7F4A_7C15u64 ^ (u64::from(first) << 8 | k);
            let mut data = vec![first];
            for _ in 0..450 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                data.push((x >> 24) as u8);
            }
            salient::fuzzing::command_input(&data);
        }
    }
}
