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
use salient::rulesets::trenches::Trenches;

fn open(path: &str, seed: u64) -> Game<Martians> {
    Game::open(Path::new(path), seed, Vec::new()).expect("the shipped battle loads")
}

/// What a Martians position holds besides its scenario.
fn key(p: &Pos) -> String {
    format!("{:?} {:?}", p.units, p.r)
}

/// At every decision of a game, the look-ahead's copy lists the game's legal commands, and the
/// command carried out on the copy with the same dice gives the position the game reaches (`key`:
/// what a position holds besides its scenario).
fn copies_play_as_the_game<R: Simulate>(path: &str, seed: u64, decisions: usize, key: fn(&R::Pos) -> String) {
    let mut g: Game<R> = Game::open(Path::new(path), seed, Vec::new()).expect("the shipped scenario loads");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..decisions {
        if g.is_over() {
            break;
        }
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
        assert_eq!(key(&copy), key(&R::capture(g.world())), "after {c:?}");
        assert_eq!(R::decider(&copy).is_none(), g.is_over());
    }
}

#[test]
fn the_look_ahead_copy_plays_each_command_as_the_game_does_martians() {
    copies_play_as_the_game::<Martians>("scenarios/martians/syrtis-kopje.ron", 3, 400, key);
    copies_play_as_the_game::<Martians>("scenarios/martians/hellas-canal.ron", 4, 400, key);
}

#[test]
fn the_look_ahead_copy_plays_each_command_as_the_game_does_trenches() {
    let key = |p: &salient::rulesets::trenches::state::Pos| format!("{:?} {:?}", p.units, p.r);
    copies_play_as_the_game::<Trenches>("scenarios/trenches/hill-142.ron", 3, 500, key);
    copies_play_as_the_game::<Trenches>("scenarios/trenches/wasteland.ron", 4, 500, key);
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

#[test]
fn hard_reads_only_what_its_side_sees_trenches_7_24() {
    use salient::rulesets::trenches::state::{Pos as TPos, Where};
    use salient::rulesets::trenches::view::{Stage, stage};
    let mut g: Game<Trenches> = Game::open(Path::new("scenarios/trenches/hill-142.ron"), 5, Vec::new()).expect("loads");
    let mut checked = 0;
    for _ in 0..3000 {
        if g.is_over() || checked >= 12 {
            break;
        }
        let p = TPos::capture(g.world());
        if let Some(Stage::Orders(side)) = stage(&p) {
            // An enemy unit hidden on the map, moved next to the deciding side's nearest unit.
            let ours: Vec<hexx::Hex> = p.on_map().filter(|&x| p.side(x) == side).filter_map(|x| p.hex(x)).collect();
            let moved = (0..p.units.len()).find_map(|u| match p.units[u].at {
                Where::Hex(h) if p.side(u) != side && p.units[u].hidden => ours
                    .iter()
                    .flat_map(|o| o.all_neighbors())
                    .filter(|&n| n != h && p.sc.board.contains(n) && p.units_in(n).next().is_none())
                    .min_by_key(|n| n.unsigned_distance_to(h))
                    .map(|o| (u, o)),
                _ => None,
            });
            if let Some((u, other)) = moved {
                let before = salient::ai::choose_at(&mut g, Difficulty::Hard);
                let mut q = p.clone();
                q.units[u].at = Where::Hex(other);
                q.store(g.world_mut());
                assert_eq!(salient::ai::choose_at(&mut g, Difficulty::Hard), before, "the hidden unit's hex changed the choice");
                p.clone().store(g.world_mut());
                checked += 1;
            }
        }
        let c = salient::ai::choose(&mut g).expect("a command");
        g.submit(c).expect("legal");
    }
    assert!(checked >= 1, "no order with a hidden enemy unit on the map");
}

/// Hard against Normal from each side of every scenario whose opponent looks ahead, every invariant
/// checked after every command (`SALIENT_HARD_GAMES` games each way, default 1; the strength is
/// measured with `salient sim --swap`, docs/ai.md).
#[test]
fn hard_games_keep_every_invariant() {
    let games: u64 = std::env::var("SALIENT_HARD_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let scenarios = [
        "scenarios/martians/syrtis-kopje.ron",
        "scenarios/martians/hellas-canal.ron",
        "scenarios/martians/tel-kharsa.ron",
        "scenarios/martians/khor-amar.ron",
        "scenarios/trenches/hill-142.ron",
        "scenarios/trenches/lucys-corner.ron",
        "scenarios/trenches/wasteland.ron",
    ];
    for path in scenarios {
        let ruleset = path.split('/').nth(1).expect("scenarios/<ruleset>/");
        let entry = salient::rulesets::registry().into_iter().find(|e| e.id == ruleset).expect("a registered ruleset");
        for seed in 0..games {
            for hard_first in [true, false] {
                let mut s = (entry.open)(salient::engine::loader::Loader::from_disk(), Path::new(path), seed, Vec::new())
                    .unwrap_or_else(|d| panic!("{path}: {d:?}"));
                let sides = s.sides();
                let mut steps = 0;
                while let Some(p) = s.pending() {
                    let hard = (p.side == sides[0]) == hard_first;
                    let level = if hard { Difficulty::Hard } else { Difficulty::Normal };
                    let c = s.choose_ai(level).unwrap_or_else(|| panic!("{path} seed {seed}: no command ({})", p.prompt));
                    s.submit_ron(&c).unwrap_or_else(|r| panic!("{path} seed {seed}: {c} refused: {r}"));
                    let broken = s.invariants();
                    assert!(broken.is_empty(), "{path} seed {seed}, after {c}: {broken:?}");
                    steps += 1;
                    assert!(steps < 20_000, "{path} seed {seed}: the game does not end");
                }
                assert!(s.is_over() && s.view().result.is_some(), "{path} seed {seed}: over with a result");
            }
        }
    }
}

#[test]
fn the_threat_view_lists_the_players_units_the_enemy_may_hurt_with_odds() {
    use salient::ai::Evaluators;
    let mut g = open("scenarios/martians/syrtis-kopje.ron", 7);
    let mut seen = 0;
    for step in 0..200 {
        if g.is_over() {
            break;
        }
        if step % 10 != 0 {
            let c = salient::ai::choose(&mut g).expect("a command");
            g.submit(c).expect("legal");
            continue;
        }
        let side = Martians::decider(&Martians::capture(g.world())).expect("a decision");
        let threats = Martians::threats(&g, side).expect("Martians looks ahead");
        assert_eq!(Martians::threats(&g, side), Some(threats.clone()), "the same position, the same threats");
        let p = Martians::capture(g.world());
        for t in &threats {
            let u = p.find(&t.unit).expect("a unit of the battle");
            assert_eq!(p.side(u), side, "only the side's own units: {t:?}");
            assert!(t.chance > 0.0 && t.chance <= 1.0 && t.loss > 0.0, "{t:?}");
        }
        seen += threats.len();
        let c = salient::ai::choose(&mut g).expect("a command");
        g.submit(c).expect("legal");
    }
    assert!(seen > 0, "the enemy never threatened anything");
    let b: Game<salient::rulesets::bastards::Bastards> =
        Game::open(Path::new("scenarios/bastards/first-tank-battle.ron"), 1, Vec::new()).expect("loads");
    assert_eq!(salient::rulesets::bastards::Bastards::threats(&b, 0), None, "no look-ahead, no threat view");
}
