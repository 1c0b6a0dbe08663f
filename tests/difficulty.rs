//! The computer opponent's difficulty levels (issue 19; docs/ai.md, "Difficulty"), for every ruleset
//! of the registry: every level chooses legal commands and chooses again the same at the same
//! position; Hard games keep every invariant; `salient sim` refuses a level an opponent lacks. The
//! look-ahead's own tests are each ruleset's (`tests/<id>/ai_levels.rs`), with the helper here.

use std::path::{Path, PathBuf};
use std::process::Command as Process;

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use salient::ai::Evaluators;
use salient::ai::search::Simulate;
use salient::engine::game::Game;
use salient::engine::loader::Loader;
use salient::engine::{Dice, Difficulty, RulesetEntry, Session};

/// At every decision of a game, the look-ahead's copy lists the game's legal commands, and the
/// command carried out on the copy with the same dice gives the position the game reaches (`key`:
/// what a position holds besides its scenario; `truth`: the same read from the game's world).
pub fn copies_play_as_the_game<R: Simulate>(
    path: &str,
    seed: u64,
    decisions: usize,
    key: fn(&R::Pos) -> String,
    truth: fn(&bevy::prelude::World) -> String,
) {
    let mut g: Game<R> = Game::open(Path::new(path), seed, Vec::new()).expect("the shipped scenario loads");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Earlier positions of the game, played on a few commands (the last legal each time) before each
    // copy is made: a copy that lives in a scratch world (`ai::fork`) is then written over a
    // position that went another way, so whatever it fails to restore shows.
    let mut decoys = vec![R::capture(g.world())];
    for step in 0..decisions {
        if g.is_over() {
            break;
        }
        if step % 40 == 39 {
            decoys.push(R::capture(g.world()));
        }
        let mut decoy = decoys[step % decoys.len()].clone();
        let mut other_dice = Dice::new(step as u64);
        for _ in 0..6 {
            let Some(c) = R::legal_at(&decoy).pop() else { break };
            R::exec(&mut decoy, &mut other_dice, c);
        }
        key(&decoy);
        let mut copy = R::capture(g.world());
        let legal = g.legal().to_vec();
        assert_eq!(R::legal_at(&copy), legal, "the copy's legal commands at {:?}", g.pending());
        let c = if rng.random_range(0..3) == 0 {
            legal[rng.random_range(0..legal.len())].clone()
        } else {
            salient::ai::choose(&mut g).expect("a command")
        };
        g.force_dice((0..40).map(|_| rng.random_range(1..=60)).collect::<Vec<u32>>());
        let mut dice = Dice::new(0);
        dice.force(g.world().resource::<Dice>().forced_remaining());
        g.submit(c.clone()).expect("a legal command");
        R::exec(&mut copy, &mut dice, c.clone());
        // The copy first: a copy kept in a scratch world is read there before another is loaded.
        let (played, over) = (key(&copy), R::decider(&copy).is_none());
        assert_eq!(played, truth(g.world()), "after {c:?}");
        assert_eq!(over, g.is_over());
    }
}

/// A copy of a shipped scenario (`scenarios/<ruleset>/<scenario>`), with each `from` replaced by its
/// `to` in its text, in a folder of its own with its map (`maps/<map>`): its folder, its path and its
/// text.
pub fn edited(name: &str, ruleset: &str, scenario: &str, map: &str, edits: &[(&str, &str)]) -> (PathBuf, PathBuf, String) {
    let dir = crate::engine_tests::temp_dir(name);
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::copy(format!("scenarios/{ruleset}/maps/{map}"), dir.join("maps").join(map)).unwrap();
    let mut out = std::fs::read_to_string(format!("scenarios/{ruleset}/{scenario}")).unwrap();
    for (from, to) in edits {
        assert!(out.contains(from), "`{from}` is in {scenario}");
        out = out.replacen(from, to, 1);
    }
    let path = dir.join(scenario);
    std::fs::write(&path, &out).unwrap();
    (dir, path, out)
}

/// The validator's one error with `message` in a folder, on the line of `at` in the text.
pub fn one_error_at(dir: PathBuf, text: &str, message: &str, at: &str) {
    let report = salient::engine::validate::validate_paths(&[dir], &salient::rulesets::registry());
    let found: Vec<_> = report.diagnostics.iter().filter(|d| d.message.contains(message)).collect();
    assert_eq!(found.len(), 1, "{:#?}", report.diagnostics);
    assert_eq!(found[0].line, text[..text.find(at).unwrap()].matches('\n').count() + 1, "{:?}", found[0]);
}

/// Plays a Normal game of the scenario at `weighted`, whose `side` alone has Hard weights, beside the
/// same game of `plain`, which has none (docs/ai.md, "The Hard weights"), and checks at every
/// decision: the Normal scores are the same in both; without weights the Hard scores are the Normal
/// ones; so are the other side's. The number of `side`'s decisions whose Hard scores differ.
pub fn hard_weights_steer_only_their_side<R: Evaluators>(weighted: &Path, plain: &Path, side: &str, seed: u64, moves: usize) -> usize {
    let mut g: Game<R> = Game::open(weighted, seed, Vec::new()).expect("loads");
    let mut unweighted: Game<R> = Game::open(plain, seed, Vec::new()).expect("loads");
    let mut changed = 0;
    for _ in 0..moves {
        if g.is_over() {
            break;
        }
        let legal = g.legal().to_vec();
        let normal = R::scores(g.world(), &legal);
        let hard = R::hard_scores(g.world(), &legal);
        assert_eq!(normal, R::scores(unweighted.world(), &legal), "the Normal scores keep the side's own weights");
        assert_eq!(R::hard_scores(unweighted.world(), &legal), normal, "no `hard` weights: the Normal scores");
        if g.pending().is_some_and(|p| p.side != side) {
            assert_eq!(hard, normal, "the other side has no Hard weights");
        } else if hard != normal {
            changed += 1;
        }
        let c = salient::ai::choose(&mut g).expect("a command");
        unweighted.submit(c.clone()).expect("legal in the same game");
        g.submit(c).expect("legal");
    }
    changed
}

/// Every shipped scenario of a ruleset (not its maps or campaigns).
fn scenarios(entry: &RulesetEntry) -> Vec<&'static str> {
    let prefix = format!("scenarios/{}/", entry.id);
    entry
        .shipped
        .iter()
        .map(|(path, _)| *path)
        .filter(|p| p.strip_prefix(prefix.as_str()).is_some_and(|rest| !rest.contains('/')))
        .collect()
}

fn open(entry: &RulesetEntry, path: &str, seed: u64) -> Box<dyn Session> {
    (entry.open)(Loader::from_disk(), Path::new(path), seed, Vec::new()).unwrap_or_else(|d| panic!("{path}: {d:?}"))
}

#[test]
fn every_level_chooses_legal_commands_and_the_same_again_at_the_same_position() {
    for entry in salient::rulesets::registry() {
        let path = scenarios(&entry)[0];
        let mut s = open(&entry, path, 9);
        let levels = s.difficulties();
        assert!(levels.contains(&Difficulty::Easy) && levels.contains(&Difficulty::Normal), "{}: {levels:?}", entry.id);
        let mut differs = vec![0usize; levels.len()];
        for step in 0..120 {
            if s.is_over() {
                break;
            }
            let legal = s.legal_ron();
            let normal = s.choose_ai(Difficulty::Normal).expect("a command");
            let mut chosen = normal.clone();
            for (k, &level) in levels.iter().enumerate() {
                let c = s.choose_ai(level).expect("a command");
                assert!(legal.contains(&c), "{}: {level:?} chose {c}, not legal", entry.id);
                assert_eq!(s.choose_ai(level), Some(c.clone()), "{}: {level:?} chooses again the same", entry.id);
                if c != normal {
                    differs[k] += 1;
                    if step % 2 == 1 {
                        chosen = c;
                    }
                }
            }
            s.submit_ron(&chosen).expect("legal");
        }
        assert!(differs[0] > 0, "{}: Easy never left the best command", entry.id);
        if let Some(k) = levels.iter().position(|l| *l == Difficulty::Hard) {
            assert!(differs[k] > 0, "{}: Hard never chose otherwise than Normal", entry.id);
        }
    }
}

/// Hard against Normal from each side of every scenario whose opponent looks ahead, every invariant
/// checked after every command (`SALIENT_HARD_GAMES` games each way, default 1; the strength is
/// measured with `salient sim --swap`, docs/ai.md).
#[test]
fn hard_games_keep_every_invariant() {
    let games: u64 = std::env::var("SALIENT_HARD_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let mut played = 0;
    for entry in salient::rulesets::registry() {
        for path in scenarios(&entry) {
            for seed in 0..games {
                for hard_first in [true, false] {
                    let mut s = open(&entry, path, seed);
                    if !s.difficulties().contains(&Difficulty::Hard) {
                        continue;
                    }
                    let sides = s.sides();
                    let mut steps = 0;
                    while let Some(p) = s.pending() {
                        let level = if (p.side == sides[0]) == hard_first { Difficulty::Hard } else { Difficulty::Normal };
                        let c = s.choose_ai(level).unwrap_or_else(|| panic!("{path} seed {seed}: no command ({})", p.prompt));
                        s.submit_ron(&c).unwrap_or_else(|r| panic!("{path} seed {seed}: {c} refused: {r}"));
                        let broken = s.invariants();
                        assert!(broken.is_empty(), "{path} seed {seed}, after {c}: {broken:?}");
                        steps += 1;
                        assert!(steps < 20_000, "{path} seed {seed}: the game does not end");
                    }
                    assert!(s.is_over() && s.view().result.is_some(), "{path} seed {seed}: over with a result");
                    played += 1;
                }
            }
        }
    }
    assert!(played > 0, "no ruleset's opponent looks ahead");
}

pub fn salient(args: &[&str]) -> (i32, String, String) {
    let out = Process::new(env!("CARGO_BIN_EXE_salient")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn sim_refuses_a_level_the_opponent_lacks() {
    let lacking = salient::rulesets::registry()
        .into_iter()
        .find(|e| !open(e, scenarios(e)[0], 1).difficulties().contains(&Difficulty::Hard))
        .expect("a ruleset without a look-ahead");
    let path = scenarios(&lacking)[0];
    let sides = open(&lacking, path, 1).sides().len();
    let hard = ["ai:hard"].into_iter().chain(std::iter::repeat_n("ai", sides - 1)).collect::<Vec<_>>().join(",");
    let (code, _, err) = salient(&["sim", path, "--games", "1", "--controllers", &hard]);
    assert_eq!(code, 2);
    assert!(err.contains("no hard level") && err.contains("ai:easy, ai:normal"), "{err}");
    let (code, _, err) = salient(&["sim", path, "--games", "1", "--controllers", "ai:expert,ai"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown controller `ai:expert`"), "{err}");
}
