//! Property tests (proptest): random play keeps the invariants; random commands that are not legal
//! are refused without changing the state; saves round-trip at random points; replays reproduce
//! the checksums.

use std::path::Path;
use std::sync::OnceLock;

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use salient::engine::game::{Game, Origin};
use salient::rulesets::bastards::{Bastards, Command};

fn origin() -> Origin<Bastards> {
    static ORIGIN: OnceLock<Origin<Bastards>> = OnceLock::new();
    ORIGIN
        .get_or_init(|| {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bastards/first-tank-battle.ron");
            Game::<Bastards>::open(&path, 0, Vec::new()).unwrap_or_else(|d| panic!("{d:?}")).origin().clone()
        })
        .clone()
}

/// A game after `steps` random legal commands.
fn played(seed: u64, steps: usize) -> Game<Bastards> {
    let mut o = origin();
    o.seed = seed;
    let mut g = Game::start(o);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..steps {
        if g.is_over() {
            break;
        }
        let legal = g.legal().to_vec();
        let c = legal[rand::RngExt::random_range(&mut rng, 0..legal.len())].clone();
        g.submit(c).unwrap();
        assert!(g.invariants().is_empty(), "{:?}", g.invariants());
    }
    g
}

fn any_command() -> impl Strategy<Value = Command> {
    let id = prop::sample::select(vec!["gb-2-devons", "de-4gd-5gg-1", "a7v-561", "mk4-m-1", "nobody", ""]).prop_map(String::from);
    let hex = prop::sample::select(vec!["A01", "F26", "P32", "Q01", "AA32", "ZZ99", "K05", ""]).prop_map(String::from);
    prop_oneof![
        id.clone().prop_map(Command::Activate),
        hex.clone().prop_map(Command::Move),
        id.clone().prop_map(Command::Fire),
        id.clone().prop_map(Command::Assault),
        Just(Command::Rally),
        hex.clone().prop_map(Command::Infiltrate),
        hex.clone().prop_map(Command::Withdraw),
        Just(Command::EndActivation),
        hex.clone().prop_map(Command::PlaceBarrage),
        Just(Command::CounterBattery),
        Just(Command::FireBarrages),
        id.clone().prop_map(Command::PlaceHero),
        id.clone().prop_map(Command::Reorganise),
        id.clone().prop_map(Command::Repair),
        (id, hex).prop_map(|(i, h)| Command::Deploy(i, h)),
        Just(Command::AttemptCohesion),
        Just(Command::Done),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn commands_not_listed_as_legal_are_refused_and_change_nothing(seed in 0u64..1000, steps in 0usize..120, cmds in prop::collection::vec(any_command(), 1..8)) {
        let mut g = played(seed, steps);
        for c in cmds {
            let legal = g.legal().to_vec();
            let before = g.checksum();
            let result = g.submit(c.clone());
            if legal.contains(&c) {
                prop_assert!(result.is_ok(), "{c:?} is legal but refused");
            } else {
                prop_assert!(result.is_err(), "{c:?} is not legal but accepted");
                prop_assert_eq!(g.checksum(), before);
            }
        }
    }

    #[test]
    fn save_and_load_round_trip_at_random_points(seed in 0u64..1000, steps in 0usize..200) {
        let g = played(seed, steps);
        let dir = std::env::temp_dir().join(format!("salient-prop-{}-{seed}-{steps}", std::process::id()));
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
