//! The computer opponent (issues 5 and 7): computer-vs-computer games of every shipped scenario
//! with every invariant checked after every command, the AI never issuing an illegal command, and
//! the same seed giving the same game.
//!
//! Game counts (the defaults keep `cargo test` within CI time on a 2-core machine; see docs/ai.md):
//! - `SALIENT_AI_GAMES`: AI-vs-AI games per scenario (default 200);
//! - `SALIENT_AI_MIXED_GAMES`: AI-vs-random games per scenario, the AI on each side in turn, added
//!   so that the legality check covers at least 1,000 games in all (default 300: with the 2 x 200
//!   AI-vs-AI games, 1,000 games).

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use salient::engine::{Game, Session};
use salient::rulesets::bastards::{Bastards, Command};

const SCENARIOS: [&str; 2] = ["scenarios/bastards/first-tank-battle.ron", "scenarios/bastards/second-villers-bretonneux.ron"];

/// A game of a scenario with the computer opponent in it, as the registry opens it.
fn open(scenario: &str, seed: u64) -> Game<Bastards> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(scenario);
    Game::<Bastards>::open(&path, seed, Vec::new())
        .unwrap_or_else(|d| panic!("{scenario}: {d:?}"))
        .with_opponent(Some(<salient::ai::Computer as salient::engine::Opponent<Bastards>>::chooser()))
}

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Player {
    Ai,
    Random,
}

/// The rulesets with a computer opponent (`src/ai/<id>/`). Add a ruleset here when its evaluators
/// land: its scenarios then join these tests.
const AI_RULESETS: [&str; 1] = ["bastards"];

/// Every shipped scenario of those rulesets: the `.ron` files directly under `scenarios/<ruleset>/`
/// (maps and campaigns live in subfolders).
fn shipped_scenarios() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut out = Vec::new();
    for ruleset in AI_RULESETS {
        let Ok(files) = std::fs::read_dir(root.join(ruleset)) else { continue };
        for f in files.flatten() {
            let p = f.path();
            if p.is_file() && p.extension().is_some_and(|e| e == "ron") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn env_count(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Plays a game to its end with the given player per side (in scenario order), through the
/// ruleset-independent `Session`: every command goes through `submit`, which refuses an illegal
/// one before touching anything, and the invariants (the rules' own checker, as in
/// `tests/bastards/random_play.rs`) are checked after every command. Returns the number of AI
/// decisions.
fn play_session(s: &mut dyn Session, players: &[Player], seed: u64, max: usize) -> Result<usize, String> {
    let sides = s.sides();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x005a_1e47);
    let mut ai_decisions = 0;
    let broken = s.invariants();
    if !broken.is_empty() {
        return Err(format!("invariants broken at the start: {broken:?}"));
    }
    for _ in 0..max {
        if s.is_over() {
            return if s.view().result.is_some() { Ok(ai_decisions) } else { Err("over without a result".into()) };
        }
        let pending = s.pending().ok_or("no decision pending before the end")?;
        let k = sides.iter().position(|x| *x == pending.side).ok_or_else(|| format!("unknown side {}", pending.side))?;
        let player = players.get(k).copied().unwrap_or(Player::Random);
        let command = match player {
            Player::Ai => {
                ai_decisions += 1;
                s.choose_ai(salient::engine::Difficulty::Normal).ok_or_else(|| format!("the AI found no command ({})", pending.prompt))?
            }
            Player::Random => s.choose_random(&mut rng).ok_or_else(|| format!("no legal command ({})", pending.prompt))?,
        };
        if let Err(r) = s.submit_ron(&command) {
            return Err(format!("the {player:?} player's command {command} was refused: {r} ({})", pending.prompt));
        }
        let broken = s.invariants();
        if !broken.is_empty() {
            return Err(format!("after {command} ({}): invariants broken: {broken:?}", pending.prompt));
        }
    }
    Err(format!("the game did not end after {max} decisions"))
}

/// Plays `jobs` (scenario, players, seed) on both cores; returns the failures.
fn play_all(jobs: &[(PathBuf, Vec<Player>, u64)]) -> Vec<String> {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let templates: Vec<(PathBuf, Mutex<Box<dyn Session>>)> = {
        let mut paths: Vec<PathBuf> = jobs.iter().map(|j| j.0.clone()).collect();
        paths.dedup();
        paths
            .into_iter()
            .map(|p| {
                let s = salient::cli::open_scenario(&p, 0, Vec::new()).unwrap_or_else(|d| panic!("{}: {d:?}", p.display()));
                (p, Mutex::new(s))
            })
            .collect()
    };
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some((path, players, seed)) = jobs.get(i) else { break };
                    let template = &templates.iter().find(|t| t.0 == *path).expect("opened").1;
                    let mut s = template.lock().unwrap().restart(*seed);
                    if let Err(e) = play_session(s.as_mut(), players, *seed, 50_000) {
                        failures.lock().unwrap().push(format!("{} seed {seed} ({players:?}): {e}", path.display()));
                    }
                }
            });
        }
    });
    failures.into_inner().unwrap()
}

/// Issue 7: computer-vs-computer games of every shipped scenario, every invariant checked after
/// every command.
#[test]
fn ai_games_of_every_scenario_keep_every_invariant() {
    let n = env_count("SALIENT_AI_GAMES", 200);
    let scenarios = shipped_scenarios();
    assert!(scenarios.len() >= 2, "{scenarios:?}");
    let mut jobs = Vec::new();
    for p in &scenarios {
        let sides = salient::cli::open_scenario(p, 0, Vec::new()).unwrap_or_else(|d| panic!("{d:?}")).sides();
        for k in 0..n {
            jobs.push((p.clone(), vec![Player::Ai; sides.len()], 7000 + k as u64));
        }
    }
    let started = std::time::Instant::now();
    let failures = play_all(&jobs);
    eprintln!("{} AI-vs-AI games in {:.1} s", jobs.len(), started.elapsed().as_secs_f64());
    assert!(failures.is_empty(), "{} of {} games failed:\n{}", failures.len(), jobs.len(), failures.join("\n"));
}

/// Issue 5: across 1,000 games (with the AI-vs-AI games above) the AI never issues an illegal
/// command: here the AI plays each side of each scenario against the random player, which reaches
/// positions the AI would not seek (every command is submitted through the rules' check, and the
/// invariants are checked after each).
#[test]
fn ai_never_issues_an_illegal_command() {
    let n = env_count("SALIENT_AI_MIXED_GAMES", 300);
    let mut jobs = Vec::new();
    for p in shipped_scenarios() {
        let sides = salient::cli::open_scenario(&p, 0, Vec::new()).unwrap_or_else(|d| panic!("{d:?}")).sides();
        for k in 0..n {
            // The AI plays side k mod sides, the random player the others.
            let players: Vec<Player> = (0..sides.len()).map(|x| if x == k % sides.len() { Player::Ai } else { Player::Random }).collect();
            jobs.push((p.clone(), players, 1000 + k as u64));
        }
    }
    let started = std::time::Instant::now();
    let failures = play_all(&jobs);
    eprintln!("{} AI-vs-random games in {:.1} s", jobs.len(), started.elapsed().as_secs_f64());
    assert!(failures.is_empty(), "{} of {} games failed:\n{}", failures.len(), jobs.len(), failures.join("\n"));
}

/// Plays a game to its end (for the determinism test and the traces).
fn play(game: &mut Game<Bastards>, allied: Player, german: Player, seed: u64, max: usize) -> Result<usize, String> {
    play_session(game, &[allied, german], seed, max)
}

#[test]
fn ai_same_seed_same_game() {
    for scenario in SCENARIOS {
        let run = || {
            let mut g = open(scenario, 77);
            play(&mut g, Player::Ai, Player::Ai, 77, 50_000).unwrap();
            (g.commands(), g.checksum(), g.view().result)
        };
        let (a, b) = (run(), run());
        assert!(!a.0.is_empty());
        assert_eq!(a.0, b.0, "{scenario}: the command lists differ");
        assert_eq!(a.1, b.1, "{scenario}: the checksums differ");
        assert_eq!(a.2, b.2);
    }
}

/// Prints an AI game, for debugging: `AI_TRACE=scenario,seed,allied,german` (players `ai` or
/// `random`), e.g. `AI_TRACE=first-tank-battle,3,ai,random cargo test --release --test main
/// ai_trace -- --ignored --nocapture`.
#[test]
#[ignore]
fn ai_trace() {
    let spec = std::env::var("AI_TRACE").unwrap_or_else(|_| "first-tank-battle,1,ai,random".into());
    let parts: Vec<&str> = spec.split(',').collect();
    let scenario = format!("scenarios/bastards/{}.ron", parts[0]);
    let seed: u64 = parts.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let player = |s: Option<&&str>| if s.is_some_and(|s| *s == "random") { Player::Random } else { Player::Ai };
    let (allied, german) = (player(parts.get(2)), player(parts.get(3)));
    let limit: usize = std::env::var("AI_TRACE_LIMIT").ok().and_then(|v| v.parse().ok()).unwrap_or(100_000);
    let verbose = std::env::var("AI_TRACE_LOG").is_ok();
    let quiet = std::env::var("AI_TRACE_QUIET").is_ok();
    let mut g = open(&scenario, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x005a_1e47);
    let mut steps = 0;
    while !g.is_over() && steps < limit {
        let p = g.pending().unwrap();
        let who = if p.side == "allied" { allied } else { german };
        let before = g.log_since(0, 0).len();
        let c: Command = match who {
            Player::Ai => {
                let ranked = salient::ai::ranked(&mut g);
                if verbose {
                    let top: Vec<String> = ranked.iter().take(4).map(|(c, s)| format!("{c:?}={s:.2}")).collect();
                    println!("  [{}] {}", p.prompt, top.join("  "));
                }
                salient::ai::choose(&mut g).unwrap()
            }
            Player::Random => {
                let legal = g.legal();
                legal[rng.random_range(0..legal.len())].clone()
            }
        };
        let turn_before = salient::rulesets::bastards::ops::turn(g.world());
        g.submit(c.clone()).unwrap();
        let turn = salient::rulesets::bastards::ops::turn(g.world());
        if !quiet {
            println!("{turn} {who:?} {c:?}");
        }
        if turn != turn_before && std::env::var("AI_TRACE_MAP").is_ok() {
            print_map(&g, turn_before);
        }
        if verbose {
            for l in g.log_since(0, 0).into_iter().skip(before) {
                println!("      {}", l.text());
            }
        }
        steps += 1;
    }
    println!("{:?} after {steps} decisions", g.view().result);
}

/// The map at the end of a turn, as letters: `A`/`a` Allied battalion (full/disorganised), `G`/`g`
/// German, `M` Mark IV, `W` Whippet, `T` A7V (lower case: damaged); terrain `.`, `f`, `v`, `t`,
/// `=` Allied trench, `#` German trench.
fn print_map(g: &Game<Bastards>, turn: u32) {
    use salient::rulesets::bastards::map::Situation;
    use salient::rulesets::bastards::units::{Side, UnitKind};
    let sit = Situation::capture(g.world());
    let b = sit.board();
    let v = g.view();
    println!("--- end of turn {turn}: VP {:?}, tracks {:?}", v.vp, v.tracks);
    for r in 0..b.rows {
        let mut line = String::new();
        if r % 2 == 1 {
            line.push(' ');
        }
        for c in 0..b.columns {
            let h = b.hex_at(c, r);
            let ch = match sit.at(h).next() {
                Some(u) => {
                    let ch = match (u.side(), u.kind()) {
                        (Side::Allied, UnitKind::Battalion) => 'A',
                        (Side::German, UnitKind::Battalion) => 'G',
                        (_, UnitKind::Whippet) => 'W',
                        (_, UnitKind::A7V) => 'T',
                        _ => 'M',
                    };
                    if u.reduced { ch.to_ascii_lowercase() } else { ch }
                }
                None if !sit.in_play(h) => ' ',
                None => match sit.trench(h) {
                    Some(Side::Allied) => '=',
                    Some(Side::German) => '#',
                    None => b
                        .terrain(h)
                        .and_then(|t| t.chars().next())
                        .unwrap_or('.')
                        .to_ascii_lowercase()
                        .to_string()
                        .replace('c', ".")
                        .chars()
                        .next()
                        .unwrap_or('.'),
                },
            };
            line.push(ch);
            line.push(' ');
        }
        println!("{:>2} {line}", salient::engine::board::hex::row_letters(r));
    }
}

// ---------------------------------------------------------------------------------------------
// The AI's judgement on small positions of the test map (tests/bastards/fixtures.rs).

mod judgement {
    use salient::ai::bastards::brain::Brain;
    use salient::engine::Game;
    use salient::rulesets::bastards::map::Situation;
    use salient::rulesets::bastards::units::Side;
    use salient::rulesets::bastards::{Bastards, Command, EventKind};

    use crate::bastards::fixtures::*;

    /// Lets the AI play `side`'s decisions while it is that side's turn to decide (at most `max`),
    /// and returns what it chose.
    fn ai_plays(g: &mut Game<Bastards>, side: &str, max: usize) -> Vec<Command> {
        let mut chosen = Vec::new();
        for _ in 0..max {
            match g.pending() {
                Some(p) if p.side == side => {
                    let c = salient::ai::choose(g).expect("a legal command");
                    ok(g, c.clone());
                    chosen.push(c);
                }
                _ => break,
            }
        }
        chosen
    }

    fn reduced_bn(id: &str, side: &str, medals: u32, hex: &str) -> String {
        format!(r#"(id: "{id}", name: "{id}", side: {side}, kind: Battalion, medals: {medals}, hex: Some("{hex}"), reduced: true),"#)
    }

    #[test]
    fn ai_assaults_when_the_odds_favour_it() {
        // A disorganised battalion holds the Town the German wants: fire hits it on 5-6 through the
        // village, a 4-medal assault (more medals: 4-6) eliminates it 15 times in 16 and takes the hex.
        let units = [reduced_bn("a1", "allied", 3, "D09"), bn("a2", "allied", 3, "A01"), bn("g1", "german", 4, "D08")].concat();
        let mut g = game(&units, "");
        let chosen = ai_plays(&mut g, "german", 10);
        assert!(chosen.contains(&Command::Assault("a1".into())), "{chosen:?}");
    }

    #[test]
    fn ai_does_not_assault_against_the_odds() {
        // Two dice on a 6 needing two losses: 1 in 36.
        let units = [bn("a1", "allied", 4, "E04"), bn("g1", "german", 2, "E05")].concat();
        let mut g = game(&units, "");
        let chosen = ai_plays(&mut g, "german", 10);
        assert!(!chosen.iter().any(|c| matches!(c, Command::Assault(_))), "{chosen:?}");
    }

    #[test]
    fn ai_rallies_a_disorganised_battalion_out_of_contact() {
        let units = [reduced_bn("a1", "allied", 3, "B02"), bn("g1", "german", 3, "J11")].concat();
        let mut g = game(&units, "");
        skip_to_activation(&mut g, "allied");
        let chosen = ai_plays(&mut g, "allied", 10);
        assert!(chosen.contains(&Command::Rally), "{chosen:?}");
        assert!(!reduced(&mut g, "a1"));
    }

    #[test]
    fn ai_keeps_the_a7v_out_of_a_tank_fight_it_loses() {
        // The Mark IV male hits an A7V on 5-6 and the A7V hits it on a 6: the A7V stays where the
        // Mark IV cannot fire at it (out of its range or line of sight, or in a wood or village,
        // where tanks neither fight nor are fought: 3.2), as the rules' own combat check says.
        let units =
            [tank("mk1", "MarkIVMale", 3, "H04"), bn("a1", "allied", 2, "A01"), tank("t1", "A7V", 3, "H10"), bn("g1", "german", 3, "A12")]
                .concat();
        let mut g = game(&units, "");
        ai_plays(&mut g, "german", 20);
        let sit = Situation::capture(g.world());
        let (t, m) = (sit.by_id("t1").unwrap(), sit.by_id("mk1").unwrap());
        let th = t.hex().unwrap();
        assert!(
            salient::rulesets::bastards::actions::combat::modifier(&sit, m, t).is_err(),
            "the A7V went to {}, where the Mark IV can fire at it",
            sit.board().label(th)
        );
    }

    #[test]
    fn ai_brings_the_mark_iv_male_against_the_a7v() {
        let units =
            [tank("mk1", "MarkIVMale", 3, "H02"), bn("a1", "allied", 2, "A01"), tank("t1", "A7V", 3, "H08"), bn("g1", "german", 3, "A12")]
                .concat();
        let mut g = game(&units, "");
        skip_to_activation(&mut g, "allied");
        ai_plays(&mut g, "allied", 20);
        let fired = g.events().any(|e| matches!(&e.kind, EventKind::Fired { unit, target, .. } if unit == "mk1" && target == "t1"));
        assert!(fired, "the Mark IV did not engage the A7V: {:?}", g.commands());
    }

    #[test]
    fn ai_aims_its_barrage_at_the_enemy() {
        let units =
            [bn("a1", "allied", 2, "E04"), bn("a2", "allied", 3, "H03"), bn("g1", "german", 3, "E08"), bn("g2", "german", 3, "F07")]
                .concat();
        let text = scenario_text(&units, "").replacen("german_artillery: 0", "german_artillery: 2", 1);
        let mut g = game_from(&text);
        let chosen = ai_plays(&mut g, "german", 3);
        let placed: Vec<&String> = chosen.iter().filter_map(|c| if let Command::PlaceBarrage(h) = c { Some(h) } else { None }).collect();
        assert_eq!(placed.len(), 2, "{chosen:?}");
        for h in placed {
            assert!(["E04", "H03"].contains(&h.as_str()), "a marker on {h}");
        }
    }

    #[test]
    fn ai_attempts_to_maintain_cohesion() {
        let units = [bn("a1", "allied", 2, "H03"), bn("g1", "german", 4, "H08")].concat();
        let text = scenario_text(&units, "options: (maintaining_cohesion: true),")
            .replace("intensity: 0, confusion: 20,", "intensity: 20, confusion: 20,");
        let mut g = game_from(&text);
        until(&mut g, "the cohesion decision", |p| p.rule == "O3");
        assert_eq!(salient::ai::choose(&mut g), Some(Command::AttemptCohesion));
    }

    #[test]
    fn ai_lines_of_communication_match_the_rules() {
        // The AI's own line-of-communication sweep against the rules' `communications`, on
        // positions of whole games.
        for scenario in super::SCENARIOS {
            let mut g = super::open(scenario, 5);
            let mut n = 0;
            while !g.is_over() {
                if n % 97 == 0 {
                    let sit = Situation::capture(g.world());
                    let b = Brain::new(g.world(), Side::German);
                    for side in Side::BOTH {
                        let comms = sit.communications(side);
                        for h in sit.board().hexes().filter(|h| sit.in_play(*h)) {
                            let i = b.index(h).unwrap();
                            assert_eq!(
                                b.has_loc(i, side),
                                sit.has_communication(h, side, &comms),
                                "{scenario} {side:?} {}",
                                sit.board().label(h)
                            );
                        }
                    }
                }
                let c = salient::ai::choose(&mut g).unwrap();
                ok(&mut g, c);
                n += 1;
            }
        }
    }

    #[test]
    fn ai_goal_field_is_a_shortest_path_field() {
        let mut g = super::open(super::SCENARIOS[1], 9);
        for _ in 0..600 {
            let c = salient::ai::choose(&mut g).unwrap();
            ok(&mut g, c);
        }
        for side in Side::BOTH {
            let b = Brain::new(g.world(), side);
            let fast = b.goal_field(side, None, 0.5);
            let slow = b.goal_field_reference(side, None, 0.5);
            assert_eq!(fast, slow, "{side:?}");
        }
    }

    #[test]
    fn ai_neighbour_directions_are_opposite() {
        let g = super::open(super::SCENARIOS[1], 1);
        let b = Brain::new(g.world(), Side::Allied);
        for i in 0..b.atlas.hexes.len() {
            for d in 0..6 {
                let j = b.atlas.nb[i][d];
                if j != u32::MAX {
                    assert_eq!(b.atlas.nb[j as usize][(d + 3) % 6], i as u32);
                }
            }
        }
    }
}

/// The historical course of scenario 1 in AI-vs-AI games: how often the German holds
/// Villers-Bretonneux alone when night falls, and how often the Australian night assault takes a
/// foothold back (an Allied battalion in the town at the end) or the whole town. `AI_HISTORY_GAMES`
/// games (default 100): `cargo test --release --no-default-features --test main ai_history --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn ai_history() {
    use salient::rulesets::bastards::map::Situation;
    use salient::rulesets::bastards::units::{Side, UnitKind};
    let games: u64 = std::env::var("AI_HISTORY_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(100);
    // Battalions of each side in the town: [allied, german].
    let in_town = |g: &Game<Bastards>| -> [usize; 2] {
        let sit = Situation::capture(g.world());
        let town = sit.place("Villers-Bretonneux").to_vec();
        let mut n = [0, 0];
        for u in sit.units.iter().filter(|u| u.kind() == UnitKind::Battalion) {
            if u.hex().is_some_and(|h| town.contains(&h)) {
                n[if u.side() == Side::Allied { 0 } else { 1 }] += 1;
            }
        }
        n
    };
    let (mut german_at_night, mut foothold, mut retaken, mut german_wins) = (0, 0, 0, 0);
    for seed in 1..=games {
        let mut g = open(SCENARIOS[0], seed);
        let mut night: Option<[usize; 2]> = None;
        while !g.is_over() {
            if night.is_none() && salient::rulesets::bastards::ops::turn(g.world()) == 7 {
                night = Some(in_town(&g));
            }
            let c = salient::ai::choose(&mut g).unwrap();
            g.submit(c).unwrap();
        }
        let end = in_town(&g);
        if night.is_some_and(|n| n[0] == 0 && n[1] > 0) {
            german_at_night += 1;
            if end[0] > 0 {
                foothold += 1;
            }
            if end[1] == 0 && end[0] > 0 {
                retaken += 1;
            }
        }
        if g.view().winner.as_deref() == Some("german") {
            german_wins += 1;
        }
    }
    println!(
        "{games} games: German alone in Villers-Bretonneux at nightfall {german_at_night}; of those, Allied back in the town at the end {foothold}, town wholly retaken {retaken}; German wins {german_wins}"
    );
}
