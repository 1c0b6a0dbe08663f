//! Benchmarks of the computer opponent on the largest Into the Bastards! scenario (issue 5):
//! an AI decision at representative positions, a full AI-vs-AI game, legal-move generation, line of
//! sight and line of communication queries, and the AI's own analysis (its snapshot and goal field).
//!
//! `cargo bench --no-default-features --bench ai` (add a filter after `--` to run one group).
//! `benches/ai_profile.rs` prints the distribution of every decision's time over whole games.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use salient::ai::bastards::brain::Brain;
use salient::engine::Game;
use salient::rulesets::bastards::map::Situation;
use salient::rulesets::bastards::units::Side;
use salient::rulesets::bastards::{Bastards, Command};

const LARGEST: &str = "scenarios/bastards/second-villers-bretonneux.ron";

fn open(seed: u64) -> Game<Bastards> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(LARGEST);
    Game::<Bastards>::open(&path, seed, Vec::new()).expect("the scenario loads")
}

/// What kind of decision a position asks for, by its prompt and the legal commands.
fn kind_of(game: &mut Game<Bastards>) -> &'static str {
    let prompt = game.pending().map(|p| p.prompt).unwrap_or_default();
    let legal = game.legal();
    if legal.iter().any(|c| matches!(c, Command::PlaceBarrage(_))) {
        "barrage"
    } else if legal.iter().any(|c| matches!(c, Command::Deploy(..))) {
        "night-deploy"
    } else if legal.iter().any(|c| matches!(c, Command::Activate(_))) {
        "choose-unit"
    } else if prompt.contains("A7V") || prompt.contains("Mark IV") || prompt.contains("Whippet") {
        "tank-action"
    } else if legal.iter().any(|c| matches!(c, Command::Move(_))) && legal.len() > 20 {
        "battalion-move"
    } else if legal.iter().any(|c| matches!(c, Command::Fire(_) | Command::Assault(_))) {
        "battalion-combat"
    } else {
        "other"
    }
}

/// Positions of an AI-vs-AI game: the first of each kind after the given turn, as command lists
/// to replay.
fn positions() -> Vec<(String, Vec<Command>)> {
    let wanted = [
        ("barrage", 1),
        ("choose-unit", 2),
        ("tank-action", 2),
        ("battalion-move", 3),
        ("battalion-combat", 3),
        ("night-deploy", 7),
        ("choose-unit", 9),
        ("battalion-move", 10),
    ];
    let mut found: Vec<(String, Vec<Command>)> = Vec::new();
    let mut g = open(11);
    while !g.is_over() && found.len() < wanted.len() {
        let turn = g.view().turn;
        let k = kind_of(&mut g);
        if let Some((name, t)) =
            wanted.iter().find(|(name, t)| *name == k && turn >= *t && !found.iter().any(|(n, _)| n == &format!("t{t}-{name}")))
        {
            found.push((format!("t{t}-{name}"), g.commands()));
        }
        let c = salient::ai::choose(&mut g).expect("a decision");
        g.submit(c).expect("legal");
    }
    found
}

fn at(commands: &[Command]) -> Game<Bastards> {
    let g = open(11);
    Game::replay(g.origin().clone(), commands).unwrap_or_else(|(i, r)| panic!("replay failed at {i}: {r}"))
}

fn decisions(c: &mut Criterion) {
    let mut group = c.benchmark_group("ai_decision");
    group.sample_size(30).measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_millis(500));
    for (name, commands) in positions() {
        let mut g = at(&commands);
        group.bench_function(&name, |b| {
            b.iter(|| {
                // Drop the cached legal commands: a decision includes generating them.
                g.world_mut();
                black_box(salient::ai::choose(&mut g))
            })
        });
    }
    group.finish();
}

fn legal_generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal");
    group.sample_size(30).measurement_time(Duration::from_secs(2)).warm_up_time(Duration::from_millis(300));
    for (name, commands) in positions() {
        let mut g = at(&commands);
        group.bench_function(&name, |b| {
            b.iter(|| {
                g.world_mut();
                black_box(g.legal().len())
            })
        });
    }
    group.finish();
}

fn full_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("ai_game");
    group.sample_size(10).measurement_time(Duration::from_secs(20)).warm_up_time(Duration::from_secs(1));
    let mut seed = 0;
    group.bench_function("second-villers-bretonneux", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = open(seed);
            while !g.is_over() {
                let c = salient::ai::choose(&mut g).expect("a decision");
                g.submit(c).expect("legal");
            }
            black_box(g.checksum())
        })
    });
    group.finish();
}

/// A mid-game position (German activation of turn 3) for the map queries.
fn midgame() -> Game<Bastards> {
    let found = positions();
    let (_, commands) = found.iter().find(|(n, _)| n.contains("battalion-move")).expect("a position");
    at(commands)
}

fn queries(c: &mut Criterion) {
    let g = midgame();
    let sit = Situation::capture(g.world());
    let on_map: Vec<_> = sit.units.iter().filter_map(|u| u.hex()).collect();
    let mut group = c.benchmark_group("map");
    group.sample_size(50).measurement_time(Duration::from_secs(2)).warm_up_time(Duration::from_millis(300));
    // Every pair of units up to 3 hexes apart (the tanks' range): the lines of sight combat checks.
    let pairs: Vec<_> = on_map
        .iter()
        .flat_map(|a| on_map.iter().filter(move |b| a.unsigned_distance_to(**b) <= 3 && a != *b).map(move |b| (*a, *b)))
        .collect();
    group.bench_function(format!("line_of_sight x{}", pairs.len()), |b| {
        b.iter(|| pairs.iter().filter(|(a, t)| sit.line_of_sight(*a, *t).is_ok()).count())
    });
    group
        .bench_function("communications (both sides)", |b| b.iter(|| (sit.communications(Side::Allied), sit.communications(Side::German))));
    let comms = [sit.communications(Side::Allied), sit.communications(Side::German)];
    group.bench_function(format!("has_communication x{}", sit.units.len()), |b| {
        b.iter(|| {
            sit.units
                .iter()
                .filter(|u| {
                    u.hex().is_some_and(|h| sit.has_communication(h, u.side(), &comms[if u.side() == Side::Allied { 0 } else { 1 }]))
                })
                .count()
        })
    });
    group.bench_function("Situation::capture", |b| b.iter(|| Situation::capture(g.world()).units.len()));
    group.bench_function("ai Brain::new", |b| b.iter(|| Brain::new(g.world(), Side::German).comms[1].len()));
    let brain = Brain::new(g.world(), Side::German);
    group.bench_function("ai goal_field", |b| b.iter(|| brain.goal_field(Side::German, None, 0.5).len()));
    group.finish();
}

criterion_group!(benches, decisions, legal_generation, queries, full_game);
criterion_main!(benches);
