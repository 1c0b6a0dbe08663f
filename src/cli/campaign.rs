//! `salient sim CAMPAIGN`: whole campaigns played computer-vs-computer headless, battle after
//! battle with the carry-over applied, and a report per battle and overall (docs/campaigns.md).
//! Deterministic per seed: campaign `i` of a run has seed `--seed + i`.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use serde::Serialize;

use super::sim::{Controller, SimArgs, play_game};
use crate::engine::campaign::{Campaign, CampaignRecord, ResultLevel};
use crate::engine::session::RulesetEntry;
use crate::rulesets::registry;

/// One battle of one campaign played.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BattlePlayed {
    pub battle: String,
    pub level: ResultLevel,
    pub result: String,
    pub points: i64,
    pub turns: u32,
    pub decisions: usize,
}

/// One campaign played to its end (or to its first error).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CampaignPlayed {
    pub seed: u64,
    pub battles: Vec<BattlePlayed>,
    pub score: i64,
    /// The campaign's victory level; `None` if it did not finish.
    pub level: Option<String>,
    pub error: Option<String>,
    /// The record (the campaign save) at the end.
    #[serde(skip)]
    pub record: Option<CampaignRecord>,
}

/// Plays a whole campaign: `player` commands the campaign's side in each battle, `opponent` every
/// other side.
pub fn play_campaign(
    campaign: &Campaign,
    registry: &[RulesetEntry],
    player: Controller,
    opponent: Controller,
    seed: u64,
    max_decisions: usize,
) -> CampaignPlayed {
    let mut record = CampaignRecord::begin(campaign, seed);
    let mut battles = Vec::new();
    let mut error = None;
    while let Some(battle) = record.next_battle(campaign).cloned() {
        let session = match record.open_next(campaign, registry) {
            Ok(s) => s,
            Err(e) => {
                error = Some(e);
                break;
            }
        };
        let controllers: BTreeMap<String, Controller> =
            session.sides().into_iter().map(|s| (s.clone(), if s == battle.side { player } else { opponent })).collect();
        let game_seed = crate::engine::campaign::battle_seed(seed, record.finished.len());
        let (r, mut session) = play_game(session, &controllers, game_seed, max_decisions, &[]);
        if let Some(e) = r.error.clone().or_else(|| (!r.finished).then(|| format!("the battle `{}` did not end", battle.id))) {
            error = Some(format!("{}: {e}", battle.id));
            break;
        }
        match record.finish(campaign, session.as_mut()) {
            Ok(f) => battles.push(BattlePlayed {
                battle: f.battle.clone(),
                level: f.level,
                result: f.result.clone(),
                points: f.points,
                turns: r.turns,
                decisions: r.decisions,
            }),
            Err(e) => {
                error = Some(e);
                break;
            }
        }
    }
    CampaignPlayed {
        seed,
        battles,
        score: record.score,
        level: record.final_level(campaign).map(|l| l.name.clone()),
        error,
        record: Some(record),
    }
}

/// True if the file at `path` is a campaign file.
pub fn is_campaign(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|t| crate::engine::scenario::top_level_name(&t) == Some("Campaign"))
}

/// Plays `--games` campaigns on `--jobs` threads; results in seed order.
pub fn play_campaigns(campaign: &Campaign, args: &SimArgs, player: Controller, opponent: Controller) -> Vec<CampaignPlayed> {
    let registry = registry();
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)).clamp(1, 64);
    let next = AtomicUsize::new(0);
    let out: Mutex<Vec<CampaignPlayed>> = Mutex::new(Vec::new());
    let progress = super::stderr_is_terminal() && !args.json;
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(args.games) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= args.games {
                        break;
                    }
                    let seed = args.seed.wrapping_add(i as u64);
                    let played = play_campaign(campaign, &registry, player, opponent, seed, args.max_decisions);
                    if let (Some(dir), Some(record)) = (&args.keep, &played.record)
                        && let Err(e) = record.save(&dir.join(format!("campaign-{seed}.save")))
                    {
                        eprintln!("salient: --keep: {e}");
                    }
                    if let Ok(mut v) = out.lock() {
                        v.push(played);
                        if progress {
                            eprint!("\r{}/{} campaigns", v.len(), args.games);
                        }
                    }
                }
            });
        }
    });
    if progress {
        eprintln!();
    }
    let mut v = out.into_inner().unwrap_or_default();
    v.sort_by_key(|c| c.seed);
    v
}

/// The report's figures for one battle of the campaign.
#[derive(Debug, Default, Serialize)]
struct BattleRow {
    played: usize,
    levels: BTreeMap<String, usize>,
    results: BTreeMap<String, usize>,
    points: i64,
}

/// `salient sim CAMPAIGN …`.
pub fn run(args: &SimArgs, path: &Path) -> i32 {
    if !args.set.is_empty() || !args.at_turns.is_empty() || args.shard.is_some() {
        eprintln!("salient: --set, --at-turns and --shard apply to a scenario, not to a campaign");
        return 2;
    }
    let campaign = match Campaign::read(path) {
        Ok(c) => c,
        Err(ds) => {
            for d in ds {
                eprintln!("{d}");
            }
            return 1;
        }
    };
    let problems = campaign.check_battles(&registry());
    if !problems.is_empty() {
        for d in problems {
            eprintln!("{d}");
        }
        return 1;
    }
    let controllers: Result<Vec<Controller>, String> = args.controllers.iter().map(|c| Controller::parse(c)).collect();
    let (player, opponent) = match controllers.as_deref() {
        Ok([p, o]) => (*p, *o),
        Ok(_) => {
            eprintln!("salient: --controllers for a campaign: the campaign's side, then the other side, e.g. --controllers ai,random");
            return 2;
        }
        Err(e) => {
            eprintln!("salient: --controllers: {e}");
            return 2;
        }
    };
    if args.games == 0 {
        eprintln!("salient: --games must be at least 1");
        return 2;
    }
    if let Some(dir) = &args.keep
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("salient: --keep: {e}");
        return 1;
    }
    let started = Instant::now();
    let played = play_campaigns(&campaign, args, player, opponent);
    let mut rows: BTreeMap<String, BattleRow> = BTreeMap::new();
    let mut levels: BTreeMap<String, usize> = BTreeMap::new();
    for c in &played {
        for b in &c.battles {
            let row = rows.entry(b.battle.clone()).or_default();
            row.played += 1;
            *row.levels.entry(b.level.word().to_string()).or_default() += 1;
            *row.results.entry(b.result.clone()).or_default() += 1;
            row.points += b.points;
        }
        *levels.entry(c.level.clone().unwrap_or_else(|| "unfinished".into())).or_default() += 1;
    }
    let errors: Vec<&CampaignPlayed> = played.iter().filter(|c| c.error.is_some()).collect();
    if args.json {
        let json = serde_json::json!({
            "campaign": campaign.path_name(),
            "name": campaign.spec.name,
            "seed": args.seed,
            "games": args.games,
            "controllers": { "campaign_side": player, "other_side": opponent },
            "battles": rows,
            "levels": levels,
            "campaigns": played,
            "wall_s": started.elapsed().as_secs_f64(),
        });
        println!("{json}");
    } else {
        print_report(&campaign, args, (player, opponent), &played, &rows, &levels, started.elapsed().as_secs_f64());
    }
    if errors.is_empty() { 0 } else { 1 }
}

fn print_report(
    campaign: &Campaign,
    args: &SimArgs,
    (player, opponent): (Controller, Controller),
    played: &[CampaignPlayed],
    rows: &BTreeMap<String, BattleRow>,
    levels: &BTreeMap<String, usize>,
    wall_s: f64,
) {
    let n = played.len().max(1) as f64;
    println!("{} — {} campaign(s), seeds {}..{}", campaign.spec.name, played.len(), args.seed, args.seed + args.games as u64 - 1);
    println!("controllers: the campaign's side {}, the other side {}", player.name(), opponent.name());
    println!();
    println!("per battle (in campaign order):");
    for b in &campaign.spec.battles {
        let Some(row) = rows.get(&b.id) else {
            println!("  {:<24} never played", b.id);
            continue;
        };
        let lv: Vec<String> =
            ResultLevel::ALL.iter().map(|l| format!("{} {}", l.word(), row.levels.get(l.word()).copied().unwrap_or(0))).collect();
        println!(
            "  {:<24} played {:>4}  {}  mean points {:.2}  (side: {})",
            b.id,
            row.played,
            lv.join(", "),
            row.points as f64 / row.played as f64,
            b.side
        );
        for (r, k) in &row.results {
            println!("      {k:>4} × {r}");
        }
    }
    println!();
    let scores: Vec<i64> = played.iter().map(|c| c.score).collect();
    let mean = scores.iter().sum::<i64>() as f64 / n;
    println!(
        "overall: score mean {mean:.2}, min {}, max {}; battles per campaign {:.2}",
        scores.iter().min().unwrap_or(&0),
        scores.iter().max().unwrap_or(&0),
        played.iter().map(|c| c.battles.len()).sum::<usize>() as f64 / n
    );
    for l in &campaign.spec.levels {
        let k = levels.get(&l.name).copied().unwrap_or(0);
        println!("  {:<28} {:>4}  ({:.0} %)", l.name, k, 100.0 * k as f64 / n);
    }
    if let Some(k) = levels.get("unfinished") {
        println!("  {:<28} {:>4}", "unfinished (error)", k);
    }
    for c in played.iter().filter(|c| c.error.is_some()) {
        println!("  seed {}: {}", c.seed, c.error.as_deref().unwrap_or_default());
    }
    println!("wall time {wall_s:.1} s");
}
