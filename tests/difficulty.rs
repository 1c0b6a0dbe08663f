//! The computer opponent's difficulty levels (issue 19; docs/ai.md, "Difficulty"): the Hard
//! look-ahead's copies play exactly as the game does, its choices are legal and reproducible, the
//! levels are offered where they exist and refused where not.

use std::path::Path;
use std::process::Command as Process;

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use salient::ai::search::Simulate;
use salient::engine::game::Game;
use salient::engine::{Dice, Difficulty, Session};
use salient::rulesets::martians::Martians;
use salient::rulesets::martians::state::Pos;

fn open(path: &str, seed: u64) -> Game<Martians> {
    Game::open(Path::new(path), seed, Vec::new()).expect("the shipped battle loads")
}

/// What a Martians position holds besides its scenario.
fn key(p: &Pos) -> String {
    format!("{:?} {:?}", p.units, p.r)
}

/// At every decision of a game, the look-ahead's copy lists the game's legal commands, and the
/// command carried out on the copy with the same dice gives the position the game reaches.
fn copies_play_as_the_game(path: &str, seed: u64, decisions: usize) {
    let mut g = open(path, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..decisions {
        if g.is_over() {
            break;
        }
        let mut copy = Martians::capture(g.world());
        let legal = g.legal().to_vec();
        assert_eq!(Martians::legal_at(&copy), legal, "the copy's legal commands at {:?}", g.pending());
        let c = if rng.random_range(0..3) == 0 {
            legal[rng.random_range(0..legal.len())].clone()
        } else {
            salient::ai::choose(&mut g).expect("a command")
        };
        g.force_dice((0..40).map(|_| rng.random_range(1..=60)).collect::<Vec<u32>>());
        let mut dice = Dice::new(0);
        dice.force(g.world().resource::<Dice>().forced_remaining());
        g.submit(c.clone()).expect("a legal command");
        Martians::exec(&mut copy, &mut dice, c.clone());
        assert_eq!(key(&copy), key(&Martians::capture(g.world())), "after {c:?}");
        assert_eq!(Martians::decider(&copy).is_none(), g.is_over());
    }
}

#[test]
fn the_look_ahead_copy_plays_each_command_as_the_game_does_martians() {
    copies_play_as_the_game("scenarios/martians/syrtis-kopje.ron", 3, 400);
    copies_play_as_the_game("scenarios/martians/hellas-canal.ron", 4, 400);
}

#[test]
fn every_level_chooses_legal_commands_and_the_same_again_at_the_same_position() {
    let mut g = open("scenarios/martians/tel-kharsa.ron", 9);
    let mut differs = [0usize; 2];
    for step in 0..160 {
        if g.is_over() {
            break;
        }
        let normal = salient::ai::choose_at(&mut g, Difficulty::Normal).expect("a command");
        let mut chosen = normal.clone();
        for (k, level) in [Difficulty::Easy, Difficulty::Hard].into_iter().enumerate() {
            let c = salient::ai::choose_at(&mut g, level).expect("a command");
            assert!(g.legal().contains(&c), "{level:?} chose {c:?}, not legal");
            assert_eq!(salient::ai::choose_at(&mut g, level), Some(c.clone()), "{level:?} chooses again the same");
            if c != normal {
                differs[k] += 1;
            }
            if step % 2 == 1 && level == Difficulty::Hard {
                chosen = c;
            }
        }
        g.submit(chosen).expect("legal");
    }
    assert!(differs[0] > 0, "Easy never left the best command");
    assert!(differs[1] > 0, "Hard never chose otherwise than Normal");
}

#[test]
fn a_game_offers_the_levels_its_opponent_plays() {
    let g = open("scenarios/martians/khor-amar.ron", 1)
        .with_opponent(Some(<salient::ai::Computer as salient::engine::Opponent<Martians>>::chooser()));
    assert_eq!(Session::difficulties(&g), &Difficulty::ALL);
    let b: Game<salient::rulesets::bastards::Bastards> =
        Game::open(Path::new("scenarios/bastards/first-tank-battle.ron"), 1, Vec::new()).expect("loads");
    let b = b.with_opponent(Some(<salient::ai::Computer as salient::engine::Opponent<_>>::chooser()));
    assert_eq!(Session::difficulties(&b), &Difficulty::GREEDY, "no look-ahead, no Hard");
}

fn salient(args: &[&str]) -> (i32, String, String) {
    let out = Process::new(env!("CARGO_BIN_EXE_salient")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn sim_plays_the_ladder_both_ways_and_refuses_a_level_the_opponent_lacks() {
    let (code, out, err) = salient(&[
        "sim",
        "scenarios/martians/khor-amar.ron",
        "--games",
        "1",
        "--jobs",
        "1",
        "--max-decisions",
        "80",
        "--controllers",
        "ai:hard,ai:easy",
        "--swap",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("controllers: british=ai:hard, emirs=ai:easy"), "{out}");
    assert!(out.contains("controllers: british=ai:easy, emirs=ai:hard"), "{out}");
    assert!(out.contains("head to head (both sides):") && out.contains("ai:hard: as british"), "{out}");
    let (code, _, err) = salient(&["sim", "scenarios/bastards/first-tank-battle.ron", "--games", "1", "--controllers", "ai:hard,ai"]);
    assert_eq!(code, 2);
    assert!(err.contains("no hard level") && err.contains("ai:easy, ai:normal"), "{err}");
    let (code, _, err) = salient(&["sim", "scenarios/bastards/first-tank-battle.ron", "--games", "1", "--controllers", "ai:expert,ai"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown controller `ai:expert`"), "{err}");
}
