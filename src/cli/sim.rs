//! `salient sim`: computer-vs-computer games headless, on several threads, with a balance report.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::report::{GameRecord, ReportFile, Row, RunHeader, Timing};

use super::report;
use crate::engine::loader::{FileSet, Loader, normalize};
use crate::engine::source::suggestion;
use crate::engine::{Difficulty, Session};

#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct SimArgs {
    #[command(subcommand)]
    pub action: Option<SimAction>,
    #[arg(required = true)]
    pub scenario: Option<PathBuf>,
    /// Games per combination of `--set` values.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: the machine's cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// The controller of each side, in scenario order: `ai` or `random`. For a campaign: the
    /// campaign's side in each battle, then the other side.
    #[arg(long, value_delimiter = ',', default_values_t = vec!["ai".to_string(), "ai".to_string()])]
    pub controllers: Vec<String>,
    /// Print one JSON object instead of the report (what `salient sim merge` reads); with `--swap`,
    /// one per line (JSON Lines): the run as given, then the swapped run.
    #[arg(long)]
    pub json: bool,
    /// Stop a game after this many decisions (a safety net; reported as unfinished).
    #[arg(long, default_value_t = 100_000)]
    pub max_decisions: usize,
    /// Keep every game in this folder: `game-<seed>.log`, its journal (each die roll and rule event,
    /// with its rule), and `game-<seed>.save`, which the window opens and `salient replay` checks.
    #[arg(long)]
    pub keep: Option<PathBuf>,
    /// `PATH=V1,V2`: play every value of a scenario or tables value (`scenario.ai.*.aggression=0.8,1.2`,
    /// `tables.initiative.per_stosstruppen=1,2`; `map.` for the map); `P1,P2=V1,V2` sets both paths
    /// together; several `--set` play every combination, one report row each.
    #[arg(long = "set", value_name = "PATH=V1,V2")]
    pub set: Vec<String>,
    /// Also report the VP (victory areas) after these turns, e.g. `--at-turns 3,6`.
    #[arg(long, value_delimiter = ',')]
    pub at_turns: Vec<u32>,
    /// Also play every game with the controllers swapped between the sides, and report the head to
    /// head of the controllers over both (the AI ladder: `--controllers ai:hard,ai:normal --swap`).
    #[arg(long)]
    pub swap: bool,
    /// `K/N`: play only the K-th of N disjoint slices of the games (seeds unchanged); `salient sim
    /// merge` combines the slices' `--json` reports into the report of the whole run.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
}

#[derive(clap::Subcommand, Debug)]
pub enum SimAction {
    /// Combine the `--json` reports of the slices of one run (`--shard K/N`) into its report.
    Merge {
        #[arg(required = true)]
        reports: Vec<PathBuf>,
        #[arg(long)]
        json: bool,
    },
}

/// One game's outcome.
#[derive(Clone, Debug, Serialize)]
pub struct GameResult {
    pub seed: u64,
    pub winner: Option<String>,
    pub result: Option<String>,
    pub vp: BTreeMap<String, i64>,
    /// VP after each turn asked for (`--at-turns`).
    pub at_turns: BTreeMap<u32, BTreeMap<String, i64>>,
    pub turns: u32,
    pub decisions: usize,
    pub game_ms: f64,
    /// Milliseconds each decision took to choose (controllers only, not applying it).
    pub decision_ms: Vec<f64>,
    pub finished: bool,
    pub error: Option<String>,
}

impl GameResult {
    pub fn record(&self) -> GameRecord {
        GameRecord {
            seed: self.seed,
            winner: self.winner.clone(),
            result: self.result.clone(),
            vp: self.vp.clone(),
            at_turns: self.at_turns.clone(),
            turns: self.turns,
            decisions: self.decisions,
            finished: self.finished,
            error: self.error.clone(),
            timing: Timing::new(self.game_ms, &self.decision_ms),
        }
    }
}

/// A controller of one side: the computer opponent at a difficulty (`ai` is `ai:normal`), or uniform
/// random play. Written as on the command line (`ai`, `ai:hard`, `random`) in reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Controller {
    Ai(Difficulty),
    Random,
}

impl Controller {
    pub fn parse(s: &str) -> Result<Controller, String> {
        match s {
            "ai" => Ok(Controller::Ai(Difficulty::Normal)),
            "random" => Ok(Controller::Random),
            other => other
                .strip_prefix("ai:")
                .and_then(Difficulty::parse)
                .map(Controller::Ai)
                .ok_or_else(|| format!("unknown controller `{other}`: use `ai`, `ai:easy`, `ai:normal`, `ai:hard` or `random`")),
        }
    }
    /// As written on the command line.
    pub fn name(self) -> String {
        match self {
            Controller::Ai(Difficulty::Normal) => "ai".into(),
            Controller::Ai(level) => format!("ai:{}", level.id()),
            Controller::Random => "random".into(),
        }
    }
}

impl From<Controller> for String {
    fn from(c: Controller) -> String {
        c.name()
    }
}

impl TryFrom<String> for Controller {
    type Error = String;
    fn try_from(s: String) -> Result<Controller, String> {
        Controller::parse(&s)
    }
}

/// Plays one game to its end with the given controllers (by side id).
pub fn play_game(
    mut session: Box<dyn Session>,
    controllers: &BTreeMap<String, Controller>,
    seed: u64,
    max: usize,
    at_turns: &[u32],
) -> (GameResult, Box<dyn Session>) {
    let start = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x005a_1e47);
    let mut decision_ms = Vec::new();
    let mut error = None;
    let mut at = BTreeMap::new();
    while !session.is_over() && decision_ms.len() < max {
        let Some(p) = session.pending() else {
            error = Some("no decision pending before the end of the game".to_string());
            break;
        };
        let controller = controllers.get(&p.side).copied().unwrap_or(Controller::Random);
        let t = Instant::now();
        let choice = match controller {
            Controller::Random => session.choose_random(&mut rng),
            Controller::Ai(level) => session.choose_ai(level),
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
        if at_turns.iter().any(|t| !at.contains_key(t)) {
            let v = session.view();
            for t in at_turns.iter().filter(|t| v.turn > **t) {
                at.entry(*t).or_insert_with(|| v.vp.clone());
            }
        }
    }
    let v = session.view();
    // A game over before a turn asked for: its final figures stand for it.
    for t in at_turns {
        at.entry(*t).or_insert_with(|| v.vp.clone());
    }
    let result = GameResult {
        seed,
        winner: v.winner.clone(),
        result: v.result.clone(),
        vp: v.vp.clone(),
        at_turns: at,
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

/// `K/N` → (K, N), 1 ≤ K ≤ N.
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--shard {s}: write K/N with 1 ≤ K ≤ N, e.g. --shard 2/8");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if k == 0 || k > n { Err(bad()) } else { Ok((k, n)) }
}

/// One `--set`: its name (the paths as written), each path as (file: `scenario`, `tables` or
/// `map`; the path inside it), and the values. `P1,P2=V1,V2` sets both paths to each value together.
#[derive(Clone, Debug)]
pub struct Setting {
    pub arg: String,
    pub name: String,
    pub targets: Vec<(String, String)>,
    pub values: Vec<String>,
}

pub fn parse_setting(arg: &str) -> Result<Setting, String> {
    let (paths, values) =
        arg.split_once('=').ok_or_else(|| format!("--set {arg}: write PATH=V1,V2, e.g. --set scenario.ai.*.aggression=0.8,1.2"))?;
    let mut targets = Vec::new();
    for path in paths.split(',').map(str::trim) {
        let (file, inner) = path.split_once('.').unwrap_or((path, ""));
        if !["scenario", "tables", "map"].contains(&file) {
            return Err(format!(
                "--set {arg}: a path starts with `scenario.`, `tables.` or `map.`{}",
                suggestion(file, &["scenario", "tables", "map"])
            ));
        }
        targets.push((file.to_string(), inner.to_string()));
    }
    let values = super::ronpath::split_values(values);
    if values.iter().any(|v| v.is_empty()) {
        return Err(format!("--set {arg}: an empty value"));
    }
    Ok(Setting { arg: arg.to_string(), name: paths.trim().to_string(), targets, values })
}

/// Every combination of the settings' values, the first setting varying slowest.
pub fn combinations(settings: &[Setting]) -> Vec<Vec<(String, String)>> {
    let mut out: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for s in settings {
        let name = s.name.clone();
        out = out.iter().flat_map(|c| s.values.iter().map(|v| [c.clone(), vec![(name.clone(), v.clone())]].concat())).collect();
    }
    out
}

/// The name, in the game's file set, of the file a setting changes.
fn file_name(files: &FileSet, scenario: &str, which: &str) -> Result<String, String> {
    match which {
        "scenario" => Ok(scenario.to_string()),
        "tables" => files.keys().find(|k| k.ends_with("/tables.ron")).cloned().ok_or_else(|| "this game reads no tables file".to_string()),
        _ => {
            let text = files.get(scenario).ok_or("the scenario text is missing")?;
            let map = super::ronpath::get(text, "map").map_err(|e| e.message)?.trim_matches('"').to_string();
            let base = Path::new(scenario).parent().unwrap_or(Path::new(""));
            let name = normalize(&base.join(map)).to_string_lossy().replace('\\', "/");
            if files.contains_key(&name) { Ok(name) } else { Err(format!("the map {name} is not among the files read")) }
        }
    }
}

/// The game's files with one combination of values written in.
fn apply(files: &FileSet, scenario: &str, settings: &[Setting], combo: &[(String, String)]) -> Result<FileSet, String> {
    let mut out = files.clone();
    for (s, (_, value)) in settings.iter().zip(combo) {
        for (file, path) in &s.targets {
            let name = file_name(files, scenario, file).map_err(|e| format!("--set {}: {e}", s.arg))?;
            let text = out.get(&name).cloned().unwrap_or_default();
            match super::ronpath::set(&text, path, value) {
                Ok(t) => {
                    out.insert(name, t);
                }
                Err(e) => {
                    let (line, col) = super::ronpath::line_col(&text, e.at);
                    return Err(format!("{name}:{line}:{col}: --set {}: {}", s.arg, e.message));
                }
            }
        }
    }
    Ok(out)
}

/// One combination of values (each setting's name and value) and a game of it.
type Template = (Vec<(String, String)>, Box<dyn Session>);

/// Opens one game of each combination (the templates every game restarts from).
fn templates(args: &SimArgs, scenario: &Path, settings: &[Setting]) -> Result<Vec<Template>, Vec<String>> {
    let first = super::open_scenario(scenario, args.seed, Vec::new()).map_err(|ds| ds.iter().map(|d| d.to_string()).collect::<Vec<_>>())?;
    if settings.is_empty() {
        return Ok(vec![(Vec::new(), first)]);
    }
    let entry = super::scenario_entry(scenario).map_err(|ds| ds.iter().map(|d| d.to_string()).collect::<Vec<_>>())?;
    let name = scenario.to_string_lossy().replace('\\', "/");
    let mut out = Vec::new();
    for combo in combinations(settings) {
        let files = apply(first.files(), &name, settings, &combo).map_err(|e| vec![e])?;
        let open = (entry.open)(Loader::from_embedded(files), scenario, args.seed, Vec::new());
        let described: Vec<String> = combo.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let session = open.map_err(|ds| ds.iter().map(|d| format!("{d} (with --set {})", described.join(" "))).collect::<Vec<_>>())?;
        out.push((combo, session));
    }
    Ok(out)
}

/// The controllers by side, from `--controllers`.
fn controllers_of(args: &SimArgs, sides: &[String]) -> Result<BTreeMap<String, Controller>, String> {
    if args.controllers.len() != sides.len() {
        return Err(format!("--controllers needs one controller per side ({}), e.g. --controllers ai,random", sides.join(", ")));
    }
    let mut controllers = BTreeMap::new();
    for (side, c) in sides.iter().zip(&args.controllers) {
        controllers.insert(side.clone(), Controller::parse(c).map_err(|e| format!("--controllers: {e}"))?);
    }
    Ok(controllers)
}

/// Refuses a difficulty the ruleset's computer opponent does not play (Hard without a look-ahead).
pub fn check_levels(controllers: &BTreeMap<String, Controller>, session: &dyn Session) -> Result<(), String> {
    for c in controllers.values() {
        if let Controller::Ai(level) = c
            && !session.difficulties().contains(level)
        {
            let have: Vec<String> = session.difficulties().iter().map(|d| format!("ai:{}", d.id())).collect();
            return Err(format!("--controllers: this game's computer opponent has no {} level (it plays {})", level.id(), have.join(", ")));
        }
    }
    Ok(())
}

pub fn run(args: SimArgs) -> i32 {
    if let Some(SimAction::Merge { reports, json }) = &args.action {
        return merge(reports, *json);
    }
    let Some(scenario) = args.scenario.clone() else {
        eprintln!("salient: sim needs a scenario file");
        return 2;
    };
    if super::campaign::is_campaign(&scenario) {
        return super::campaign::run(&args, &scenario);
    }
    let parsed: Result<Vec<Setting>, String> = args.set.iter().map(|s| parse_setting(s)).collect();
    let shard = args.shard.as_deref().map(parse_shard).transpose();
    let (settings, shard) = match (parsed, shard) {
        (Ok(s), Ok(k)) => (s, k),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("salient: {e}");
            return 2;
        }
    };
    if args.games == 0 {
        eprintln!("salient: --games must be at least 1");
        return 2;
    }
    let templates = match templates(&args, &scenario, &settings) {
        Ok(t) => t,
        Err(lines) => {
            for l in lines {
                eprintln!("{l}");
            }
            return 1;
        }
    };
    let sides = templates[0].1.sides();
    let controllers = match controllers_of(&args, &sides) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("salient: {e}");
            return 2;
        }
    };
    if let Err(e) = check_levels(&controllers, templates[0].1.as_ref()) {
        eprintln!("salient: {e}");
        return 2;
    }
    let header = RunHeader {
        scenario: scenario.to_string_lossy().replace('\\', "/"),
        seed: args.seed,
        games: args.games,
        sides,
        controllers,
        at_turns: args.at_turns.clone(),
        settings: settings.iter().map(|s| (s.name.clone(), s.values.clone())).collect(),
        max_decisions: args.max_decisions,
    };
    let mut headers = vec![header];
    if args.swap {
        let mut swapped = headers[0].clone();
        let order: Vec<Controller> = swapped.sides.iter().rev().filter_map(|s| headers[0].controllers.get(s).copied()).collect();
        swapped.controllers = swapped.sides.iter().cloned().zip(order).collect();
        headers.push(swapped);
    }
    let mut reports = Vec::new();
    for header in headers {
        let started = Instant::now();
        let rows = play_all(&args, &header, templates.iter().map(|(c, s)| (c.clone(), s.restart(args.seed))).collect(), shard);
        let report = ReportFile { format: report::FORMAT, header, shard, rows, wall_s: started.elapsed().as_secs_f64() };
        if args.json {
            println!("{}", serde_json::to_string(&report.json()).unwrap_or_default());
        } else {
            report.print();
        }
        reports.push(report);
    }
    if args.swap && !args.json {
        report::print_ladder(&reports);
    }
    if reports.iter().flat_map(|r| &r.rows).flat_map(|r| &r.games_played).any(|g| g.error.is_some()) { 1 } else { 0 }
}

/// Plays this slice's games of every combination on `--jobs` threads: game `i` of combination `c`
/// is game number `c * games + i` of the run, with seed `seed + i` (the same seeds in every row).
fn play_all(args: &SimArgs, header: &RunHeader, templates: Vec<Template>, shard: Option<(usize, usize)>) -> Vec<Row> {
    let (k, n) = shard.unwrap_or((1, 1));
    let work: Vec<(usize, usize)> = (0..templates.len())
        .flat_map(|c| (0..args.games).map(move |i| (c, i)))
        .enumerate()
        .filter(|(g, _)| g % n == k - 1)
        .map(|(_, w)| w)
        .collect();
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)).clamp(1, 64);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, GameResult)>> = Mutex::new(Vec::new());
    let progress = super::stderr_is_terminal() && !args.json;
    let (combos, sessions): (Vec<_>, Vec<_>) = templates.into_iter().unzip();
    let sessions: Vec<Mutex<Box<dyn Session>>> = sessions.into_iter().map(Mutex::new).collect();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let w = next.fetch_add(1, Ordering::SeqCst);
                    let Some(&(c, i)) = work.get(w) else { break };
                    let seed = args.seed.wrapping_add(i as u64);
                    let Ok(session) = sessions[c].lock().map(|t| t.restart(seed)) else { break };
                    let (r, session) = play_game(session, &header.controllers, seed, args.max_decisions, &args.at_turns);
                    if let Some(dir) = &args.keep {
                        let dir = if combos.len() > 1 { dir.join(format!("row-{}", c + 1)) } else { dir.clone() };
                        if let Err(e) =
                            std::fs::create_dir_all(&dir).map_err(|e| e.to_string()).and_then(|_| keep_game(session.as_ref(), &dir, seed))
                        {
                            eprintln!("salient: --keep: {e}");
                        }
                    }
                    if let Ok(mut v) = results.lock() {
                        v.push((c, r));
                    }
                    let d = done.fetch_add(1, Ordering::SeqCst) + 1;
                    if progress {
                        let width = 30;
                        let filled = d * width / work.len().max(1);
                        eprint!("\r[{}{}] {d}/{} games", "#".repeat(filled), ".".repeat(width - filled), work.len());
                    }
                }
            });
        }
    });
    if progress {
        eprintln!();
    }
    let mut rows: Vec<Row> = combos.into_iter().map(|settings| Row { settings, games_played: Vec::new() }).collect();
    for (c, r) in results.into_inner().unwrap_or_default() {
        rows[c].games_played.push(r.record());
    }
    for r in &mut rows {
        r.games_played.sort_by_key(|g| g.seed);
    }
    rows
}

/// `salient sim merge REPORT.json…`.
fn merge(paths: &[PathBuf], json: bool) -> i32 {
    let mut parts = Vec::new();
    for p in paths {
        let read = std::fs::read_to_string(p).map_err(|e| crate::engine::source::io_reason(&e)).and_then(|t| ReportFile::from_json(&t));
        match read {
            Ok(r) => parts.push(r),
            Err(e) => {
                eprintln!("{}: {e}", p.display());
                return 1;
            }
        }
    }
    match ReportFile::merge(parts) {
        Ok(report) => {
            if json {
                println!("{}", serde_json::to_string(&report.json()).unwrap_or_default());
            } else {
                report.print();
            }
            0
        }
        Err(e) => {
            eprintln!("salient: sim merge: {e}");
            1
        }
    }
}
