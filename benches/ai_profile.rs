//! Where a game's time goes: plays whole AI-vs-AI games and prints the distribution of the AI's
//! decision times (median, p95, max; overall and per kind of decision), and how a game's time
//! splits between the AI's scoring, the rules' legal-move generation and applying the commands.
//!
//! `cargo bench --no-default-features --bench ai_profile` (`AI_PROFILE_GAMES=N`, default 20 per
//! scenario).

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

use salient::ai::Evaluators;
use salient::engine::Game;
use salient::rulesets::bastards::{Bastards, Command};

fn kind(c: &Command, prompt: &str) -> &'static str {
    match c {
        Command::Activate(_) | Command::Done if prompt.contains("activate a unit") => "choose unit",
        Command::PlaceBarrage(_) | Command::CounterBattery | Command::FireBarrages => "barrage",
        Command::Deploy(..) => "night deploy",
        Command::PlaceHero(_) | Command::Repair(_) | Command::Reorganise(_) | Command::AttemptCohesion => "marker",
        _ if prompt.contains("A7V") || prompt.contains("Mark IV") || prompt.contains("Whippet") => "tank action",
        _ => "battalion action",
    }
}

fn pct(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[(((v.len() - 1) as f64) * p).round() as usize]
}

fn main() {
    let games: u64 = std::env::var("AI_PROFILE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    for scenario in ["scenarios/bastards/first-tank-battle.ron", "scenarios/bastards/second-villers-bretonneux.ron"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(scenario);
        let mut all: Vec<f64> = Vec::new();
        let mut by_kind: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
        let (mut t_legal, mut t_score, mut t_submit) = (0.0, 0.0, 0.0);
        let mut game_ms: Vec<f64> = Vec::new();
        let mut count = 0usize;
        for seed in 1..=games {
            let started = Instant::now();
            let mut g = Game::<Bastards>::open(&path, seed, Vec::new()).expect("the scenario loads");
            while !g.is_over() {
                let prompt = g.pending().map(|p| p.prompt).unwrap_or_default();
                let t0 = Instant::now();
                let legal = g.legal().to_vec();
                let t1 = Instant::now();
                let c = if legal.len() == 1 {
                    legal[0].clone()
                } else {
                    let scores = Bastards::scores(g.world(), &legal);
                    legal[salient::ai::best_index(&scores).unwrap_or(0)].clone()
                };
                let t2 = Instant::now();
                let k = kind(&c, &prompt);
                g.submit(c).expect("the AI's command is legal");
                let t3 = Instant::now();
                let ms = (t2 - t0).as_secs_f64() * 1000.0;
                all.push(ms);
                by_kind.entry(k).or_default().push(ms);
                t_legal += (t1 - t0).as_secs_f64();
                t_score += (t2 - t1).as_secs_f64();
                t_submit += (t3 - t2).as_secs_f64();
                count += 1;
            }
            game_ms.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        let total = t_legal + t_score + t_submit;
        println!("{scenario}: {games} AI-vs-AI games, {} decisions per game", count / games as usize);
        println!(
            "  game: median {:.0} ms, max {:.0} ms; of which legal moves {:.0}%, AI scoring {:.0}%, applying commands {:.0}%",
            pct(&mut game_ms.clone(), 0.5),
            pct(&mut game_ms, 1.0),
            100.0 * t_legal / total,
            100.0 * t_score / total,
            100.0 * t_submit / total
        );
        println!(
            "  decision (legal moves + scoring): median {:.3} ms, p95 {:.3} ms, max {:.3} ms",
            pct(&mut all.clone(), 0.5),
            pct(&mut all.clone(), 0.95),
            pct(&mut all, 1.0)
        );
        for (k, v) in &mut by_kind {
            println!(
                "    {k:<18} n={:<6} median {:.3} ms, p95 {:.3} ms, max {:.3} ms",
                v.len(),
                pct(&mut v.clone(), 0.5),
                pct(&mut v.clone(), 0.95),
                pct(v, 1.0)
            );
        }
    }
}
