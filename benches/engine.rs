//! Benchmarks of the engine's headless game loop (issue 19), for every shipped scenario: one rule
//! pass at rest (`settle` on a world waiting for a decision: the executor's fixed cost per pass), a
//! first command submitted (check, settle to the next decision), and one computer decision at the
//! start of the game.
//!
//! `cargo bench --bench engine` measures the window's build (Bevy's `multi_threaded` feature on, as
//! `salient sim` runs it); `--no-default-features` measures the headless build.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use salient::engine::ruleset::settle;
use salient::engine::{Game, Ruleset};
use salient::rulesets::bastards::Bastards;
use salient::rulesets::rtc::Rtc;

fn open<R: Ruleset>(scenario: &str) -> Game<R> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(scenario);
    Game::<R>::open(&path, 7, Vec::new()).unwrap_or_else(|e| panic!("{scenario} loads: {e:?}"))
}

fn scenario<R: salient::ai::Evaluators>(c: &mut Criterion, name: &str, file: &str) {
    let mut group = c.benchmark_group(name);
    group.sample_size(30).measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_millis(500));
    let mut game = open::<R>(file);
    group.bench_function("settle at rest", |b| b.iter(|| black_box(settle(game.world_mut()))));
    group.bench_function("submit the first command", |b| {
        b.iter_batched(
            || {
                let mut g = open::<R>(file);
                let first = g.legal()[0].clone();
                (g, first)
            },
            |(mut g, first)| black_box(g.submit(first)),
            BatchSize::LargeInput,
        )
    });
    group.bench_function("one computer decision", |b| {
        b.iter(|| {
            // Drop the cached legal commands: a decision includes generating them.
            game.world_mut();
            black_box(salient::ai::choose(&mut game))
        })
    });
    group.finish();
}

fn engine(c: &mut Criterion) {
    scenario::<Bastards>(c, "bastards first-tank-battle", "scenarios/bastards/first-tank-battle.ron");
    scenario::<Bastards>(c, "bastards second-villers-bretonneux", "scenarios/bastards/second-villers-bretonneux.ron");
    scenario::<Rtc>(c, "rtc cambrai", "scenarios/rtc/cambrai.ron");
}

criterion_group!(benches, engine);
criterion_main!(benches);
