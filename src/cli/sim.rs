//! `salient sim`: computer-vs-computer games headless, on several threads, with a balance report.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use serde::Serialize;

use crate::engine::Session;

#[derive(clap::Args, Debug)]
pub struct SimArgs {
    pub scenario: PathBuf,
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: the machine's cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// The controller of each side, in scenario order: `ai` or `random`.
    #[arg(long, value_delimiter = ',', default_values_t = vec!["ai".to_string(), "ai".to_string()])]
    pub controllers: Vec<String>,
    /// Print one JSON object instead of the report.
    #[arg(long)]
    pub json: bool,
    /// Stop a game after this many decisions (a safety net; reported as unfinished).
    #[arg(long, default_value_t = 100_000)]
    pub max_decisions: usize,
    /// Keep every game in this folder: `game-<seed>.log`, its journal (each die roll and rule event,
    /// with its rule), and `game-<seed>.save`, which the window opens and `salient replay` checks.
    #[arg(long)]
    pub keep: Option<PathBuf>,
}

/// One game's outcome.
#[derive(Clone, Debug, Serialize)]
pub struct GameResult {
    pub seed: u64,
    pub winner: Option<String>,
    pub result: Option<String>,
    pub vp: BTreeMap<String, i64>,
    pub turns: u32,
    pub decisions: usize,
    pub game_ms: f64,
    /// Milliseconds each decision took to choose (controllers only, not applying it).
    pub decision_ms: Vec<f64>,
    pub finished: bool,
    pub error: Option<String>,
}

/// A controller of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Controller {
    Ai,
    Random,
}

impl Controller {
    pub fn parse(s: &str) -> Result<Controller, String> {
        match s {
            "ai" => Ok(Controller::Ai),
            "random" => Ok(Controller::Random),
            other => Err(format!("unknown controller `{other}`: use `ai` or `random`")),
        }
    }
}

/// Plays one game to its end with the given controllers (by side id).
pub fn play_game(
    mut session: Box<dyn Session>,
    controllers: &BTreeMap<String, Controller>,
    seed: u64,
    max: usize,
) -> (GameResult, Box<dyn Session>) {
    let start = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x005a_1e47);
    let mut decision_ms = Vec::new();
    let mut error = None;
    while !session.is_over() && decision_ms.len() < max {
        let Some(p) = session.pending() else {
            error = Some("no decision pending before the end of the game".to_string());
            break;
        };
        let controller = controllers.get(&p.side).copied().unwrap_or(Controller::Random);
        let t = Instant::now();
        let choice = match controller {
            Controller::Random => session.choose_random(&mut rng),
            Controller::Ai => session.choose_ai(),
        };
        decision_ms.push(t.elapsed().as_secs_f64() * 1000.0);
        let Some(command) = choice else {
            error = Some(format!("no legal command for {} ({})", p.side, p.prompt));
            break;
        };
        if let Err(r) = session.submit_ron(&command) {
            error = Some(format!("the {controller:?} controller chose an illegal command {command}: {r}"));
            break;
        }
    }
    let v = session.view();
    let result = GameResult {
        seed,
        winner: v.winner.clone(),
        result: v.result.clone(),
        vp: v.vp.clone(),
        turns: v.turn,
        decisions: decision_ms.len(),
        game_ms: start.elapsed().as_secs_f64() * 1000.0,
        decision_ms,
        finished: session.is_over(),
        error,
    };
    (result, session)
}

/// Writes one finished game's journal and save into `dir` (`--keep`).
fn keep_game(session: &dyn Session, dir: &std::path::Path, seed: u64) -> Result<(), String> {
    let log: String = session.log_since(0, 0).iter().map(|l| format!("[{}] {}\n", l.rule(), l.text())).collect();
    let path = dir.join(format!("game-{seed}.log"));
    crate::engine::save::write_atomically(&path, log.as_bytes())?;
    session.save(&dir.join(format!("game-{seed}.save")))
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

/// The population standard deviation (the spread of the victory points).
fn stddev(v: &[f64]) -> f64 {
    let m = mean(v);
    (v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / v.len().max(1) as f64).sqrt()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

pub fn run(args: SimArgs) -> i32 {
    let first = match super::open_scenario(&args.scenario, args.seed, Vec::new()) {
        Ok(s) => s,
        Err(ds) => {
            for d in ds {
                eprintln!("{d}");
            }
            return 1;
        }
    };
    let sides: Vec<String> = first.sides();
    if args.controllers.len() != sides.len() {
        eprintln!("salient: --controllers needs one controller per side ({}), e.g. --controllers ai,random", sides.join(", "));
        return 2;
    }
    let mut controllers = BTreeMap::new();
    for (side, c) in sides.iter().zip(&args.controllers) {
        match Controller::parse(c) {
            Ok(c) => {
                controllers.insert(side.clone(), c);
            }
            Err(e) => {
                eprintln!("salient: --controllers: {e}");
                return 2;
            }
        }
    }
    if args.games == 0 {
        eprintln!("salient: --games must be at least 1");
        return 2;
    }
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)).clamp(1, 64);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let progress = super::stderr_is_terminal() && !args.json;
    let started = Instant::now();
    let template = Mutex::new(first);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= args.games {
                        break;
                    }
                    let seed = args.seed.wrapping_add(i as u64);
                    let session = template.lock().map(|t| t.restart(seed));
                    let Ok(session) = session else { break };
                    let (r, session) = play_game(session, &controllers, seed, args.max_decisions);
                    if let Some(dir) = &args.keep
                        && let Err(e) = keep_game(session.as_ref(), dir, seed)
                    {
                        eprintln!("salient: --keep: {e}");
                    }
                    if let Ok(mut v) = results.lock() {
                        v.push(r);
                    }
                    let d = done.fetch_add(1, Ordering::SeqCst) + 1;
                    if progress {
                        let width = 30;
                        let filled = d * width / args.games;
                        eprint!("\r[{}{}] {d}/{} games", "#".repeat(filled), ".".repeat(width - filled), args.games);
                    }
                }
            });
        }
    });
    if progress {
        eprintln!();
    }
    let mut results = results.into_inner().unwrap_or_default();
    results.sort_by_key(|r| r.seed);
    let report = Report::new(&results, &sides, &controllers, started.elapsed().as_secs_f64());
    if args.json {
        println!("{}", serde_json::to_string(&report.json()).unwrap_or_default());
    } else {
        report.print(&args.scenario.display().to_string());
    }
    if results.iter().any(|r| r.error.is_some()) { 1 } else { 0 }
}

/// The balance report.
pub struct Report {
    pub games: usize,
    pub controllers: BTreeMap<String, Controller>,
    pub wins: BTreeMap<String, usize>,
    pub levels: BTreeMap<String, usize>,
    pub vp: BTreeMap<String, Vec<i64>>,
    pub turns: Vec<u32>,
    pub game_ms: Vec<f64>,
    pub decision_ms: Vec<f64>,
    pub errors: Vec<String>,
    pub unfinished: usize,
    pub wall_s: f64,
}

impl Report {
    pub fn new(results: &[GameResult], sides: &[String], controllers: &BTreeMap<String, Controller>, wall_s: f64) -> Report {
        let mut wins: BTreeMap<String, usize> = sides.iter().map(|s| (s.clone(), 0)).collect();
        wins.insert("draw".into(), 0);
        let mut levels = BTreeMap::new();
        let mut vp: BTreeMap<String, Vec<i64>> = BTreeMap::new();
        let mut decision_ms: Vec<f64> = Vec::new();
        let mut errors = Vec::new();
        for r in results {
            if let Some(w) = &r.winner {
                *wins.entry(w.clone()).or_insert(0) += 1;
            }
            if let Some(l) = &r.result {
                let level = l.split(',').next().unwrap_or(l).split(" (").next().unwrap_or(l).to_string();
                *levels.entry(level).or_insert(0) += 1;
            }
            for (s, v) in &r.vp {
                vp.entry(s.clone()).or_default().push(*v);
            }
            decision_ms.extend(&r.decision_ms);
            if let Some(e) = &r.error {
                errors.push(format!("seed {}: {e}", r.seed));
            }
        }
        decision_ms.sort_by(|a, b| a.total_cmp(b));
        let mut game_ms: Vec<f64> = results.iter().map(|r| r.game_ms).collect();
        game_ms.sort_by(|a, b| a.total_cmp(b));
        Report {
            games: results.len(),
            controllers: controllers.clone(),
            wins,
            levels,
            vp,
            turns: results.iter().map(|r| r.turns).collect(),
            game_ms,
            decision_ms,
            errors,
            unfinished: results.iter().filter(|r| !r.finished).count(),
            wall_s,
        }
    }

    fn turns_sorted(&self) -> Vec<f64> {
        let mut t: Vec<f64> = self.turns.iter().map(|&x| x as f64).collect();
        t.sort_by(|a, b| a.total_cmp(b));
        t
    }

    pub fn json(&self) -> serde_json::Value {
        let turns = self.turns_sorted();
        let stats = |v: &[f64]| serde_json::json!({ "median": percentile(v, 0.5), "p95": percentile(v, 0.95), "max": v.last().copied().unwrap_or(0.0) });
        let vp: serde_json::Map<String, serde_json::Value> = self
            .vp
            .iter()
            .map(|(s, v)| {
                let mut f: Vec<f64> = v.iter().map(|x| *x as f64).collect();
                f.sort_by(|a, b| a.total_cmp(b));
                (s.clone(), serde_json::json!({ "mean": mean(&f), "median": percentile(&f, 0.5), "stddev": stddev(&f), "min": f.first(), "max": f.last() }))
            })
            .collect();
        serde_json::json!({
            "games": self.games,
            "controllers": self.controllers,
            "wins": self.wins,
            "levels": self.levels,
            "vp": vp,
            "turns": { "mean": mean(&turns), "median": percentile(&turns, 0.5), "min": turns.first(), "max": turns.last() },
            "decision_ms": stats(&self.decision_ms),
            "game_ms": { "median": percentile(&self.game_ms, 0.5), "max": self.game_ms.last().copied().unwrap_or(0.0) },
            "unfinished": self.unfinished,
            "errors": self.errors,
        })
    }

    pub fn print(&self, scenario: &str) {
        println!("{scenario}: {} games in {:.1} s", self.games, self.wall_s);
        let ctl: Vec<String> = self.controllers.iter().map(|(s, c)| format!("{s}={c:?}")).collect();
        println!("controllers: {}", ctl.join(", "));
        println!("wins:");
        for (s, n) in &self.wins {
            println!("  {s:<10} {n:>6}  ({:.1}%)", 100.0 * *n as f64 / self.games.max(1) as f64);
        }
        println!("results:");
        for (l, n) in &self.levels {
            println!("  {l:<45} {n:>6}");
        }
        for (s, v) in &self.vp {
            let mut f: Vec<f64> = v.iter().map(|&x| x as f64).collect();
            f.sort_by(|a, b| a.total_cmp(b));
            if f.is_empty() {
                continue;
            }
            println!(
                "VP {s}: mean {:.1}, median {}, std dev {:.1}, min {}, max {}",
                mean(&f),
                percentile(&f, 0.5),
                stddev(&f),
                f[0],
                f[f.len() - 1]
            );
        }
        let turns = self.turns_sorted();
        println!(
            "turns played: mean {:.1}, median {}, min {}, max {}",
            mean(&turns),
            percentile(&turns, 0.5),
            turns.first().copied().unwrap_or(0.0),
            turns.last().copied().unwrap_or(0.0)
        );
        println!(
            "time per game: median {:.1} ms, max {:.1} ms",
            percentile(&self.game_ms, 0.5),
            self.game_ms.last().copied().unwrap_or(0.0)
        );
        println!(
            "time per decision: median {:.3} ms, p95 {:.3} ms, max {:.3} ms",
            percentile(&self.decision_ms, 0.5),
            percentile(&self.decision_ms, 0.95),
            self.decision_ms.last().copied().unwrap_or(0.0)
        );
        if self.unfinished > 0 {
            println!("unfinished games: {}", self.unfinished);
        }
        for e in &self.errors {
            println!("error: {e}");
        }
    }
}
