//! Random legal play on the test scenario: never refused, never stuck, invariants after every command.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use salient::engine::Session;

use super::fixtures::*;

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
    for seed in 0..30u64 {
        let mut g = game(&units, "");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while !g.is_over() {
            assert!(Session::step_random(&mut g, &mut rng), "seed {seed}: no legal command at {:?}", g.pending());
            assert_invariants(&g);
            steps += 1;
            assert!(steps < 20_000, "seed {seed}: game does not end");
        }
        assert!(Session::view(&g).result.is_some());
    }
}

#[test]
#[ignore]
fn print_a_random_game() {
    let units = [
        bn("a1", "allied", 3, "E04"),
        bn("a2", "allied", 2, "F04"),
        bn("a3", "allied", 4, "G03"),
        tank("mk1", "MarkIVMale", 3, "H02"),
        bn("g1", "german", 4, "E09"),
        bn("g2", "german", 3, "F09"),
        tank("a7v1", "A7V", 3, "H10"),
    ]
    .concat();
    let mut g = game(&units, "");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while !g.is_over() {
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
