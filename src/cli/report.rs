//! The balance report of `salient sim`: one row per combination of `--set` values, computed from
//! every game's record, so that the slices of a sharded run (`--shard K/N`) merge into the very
//! report one run would have printed (`salient sim merge`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::sim::Controller;

/// One game's outcome, as the report keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    pub seed: u64,
    pub winner: Option<String>,
    pub result: Option<String>,
    /// Victory points (victory areas, where the ruleset counts those) by side at the end.
    pub vp: BTreeMap<String, i64>,
    /// The same after each turn of `--at-turns` (the final ones if the game ended earlier).
    #[serde(default)]
    pub at_turns: BTreeMap<u32, BTreeMap<String, i64>>,
    pub turns: u32,
    pub decisions: usize,
    pub finished: bool,
    pub error: Option<String>,
    /// Time measurements: the only part of a record that differs between two runs of the same games.
    #[serde(default)]
    pub timing: Timing,
}

/// A game's time measurements; decision times as a histogram, so that slices merge exactly.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Timing {
    pub game_ms: f64,
    pub decision_ms_total: f64,
    pub decision_ms_max: f64,
    /// Decisions by time bucket: bucket `b` holds times up to `BUCKET_BASE * BUCKET_GROWTH^(b+1)` ms.
    pub decision_hist: BTreeMap<u32, u32>,
}

const BUCKET_BASE: f64 = 0.001;
const BUCKET_GROWTH: f64 = 1.25;

impl Timing {
    pub fn new(game_ms: f64, decision_ms: &[f64]) -> Timing {
        let mut decision_hist = BTreeMap::new();
        for &ms in decision_ms {
            let b = ((ms / BUCKET_BASE).max(1.0).ln() / BUCKET_GROWTH.ln()).floor().clamp(0.0, 120.0) as u32;
            *decision_hist.entry(b).or_insert(0) += 1;
        }
        Timing {
            game_ms,
            decision_ms_total: decision_ms.iter().sum(),
            decision_ms_max: decision_ms.iter().copied().fold(0.0, f64::max),
            decision_hist,
        }
    }
}

/// What a run was: everything two slices of one sweep must share.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunHeader {
    pub scenario: String,
    pub seed: u64,
    /// Games per combination.
    pub games: usize,
    pub sides: Vec<String>,
    pub controllers: BTreeMap<String, Controller>,
    pub at_turns: Vec<u32>,
    /// Each `--set` path with its values, in the order given.
    pub settings: Vec<(String, Vec<String>)>,
    pub max_decisions: usize,
}

/// One combination of values and its games.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Row {
    /// The value of each `--set` path in this combination.
    pub settings: Vec<(String, String)>,
    pub games_played: Vec<GameRecord>,
}

/// A whole report file (`--json`): what `salient sim merge` reads back.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReportFile {
    pub format: u32,
    #[serde(flatten)]
    pub header: RunHeader,
    /// `[K, N]` for the K-th of N slices, absent for a whole run.
    pub shard: Option<(usize, usize)>,
    pub rows: Vec<Row>,
    #[serde(default)]
    pub wall_s: f64,
}

pub const FORMAT: u32 = 1;

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

/// The population standard deviation.
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

fn sorted(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(|a, b| a.total_cmp(b));
    v
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The head-to-head of two runs of the same games with the controllers swapped (`salient sim
/// --swap`): for each controller, its games won as each side, and its score over both (a draw half),
/// with the 95 % Wilson interval.
pub fn print_ladder(runs: &[ReportFile]) {
    let mut by: BTreeMap<String, (Vec<String>, f64, usize)> = BTreeMap::new();
    for run in runs {
        for (side, c) in &run.header.controllers {
            let games: Vec<&GameRecord> = run.rows.iter().flat_map(|r| &r.games_played).collect();
            let won = games.iter().filter(|g| g.winner.as_deref() == Some(side.as_str())).count();
            // A draw is reported as no winner or as the winner `draw` (the views of Into the
            // Bastards! and Tempête sur Dixmude), as the rows count it.
            let drawn = games.iter().filter(|g| g.winner.as_deref().is_none_or(|w| w == "draw")).count();
            let e = by.entry(c.name()).or_default();
            e.0.push(format!("as {side} {won}/{} won ({drawn} drawn)", games.len()));
            e.1 += won as f64 + 0.5 * drawn as f64;
            e.2 += games.len();
        }
    }
    println!("head to head (both sides):");
    for (c, (lines, points, n)) in by {
        let p = points / n.max(1) as f64;
        let (lo, hi) = wilson(p, n);
        println!("  {c}: {}; score {:.1} % ({:.1}-{:.1} %)", lines.join(", "), 100.0 * p, 100.0 * lo, 100.0 * hi);
    }
}

/// The Wilson score interval at 95 % for a proportion `p` observed over `n` trials.
pub fn wilson(p: f64, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let z = 1.959_963_984_540_054_f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn spread(values: &[f64]) -> Value {
    let f = sorted(values.to_vec());
    json!({ "mean": round3(mean(&f)), "median": percentile(&f, 0.5), "stddev": round3(stddev(&f)), "min": f.first(), "max": f.last() })
}

impl Row {
    /// The row's figures: wins, each side's score (a draw counts half) with its 95 % interval,
    /// results, VP at the end and after the chosen turns, game length, problems, timing.
    pub fn stats(&self, header: &RunHeader) -> Value {
        let games = &self.games_played;
        let n = games.len();
        let mut wins: BTreeMap<String, usize> = header.sides.iter().map(|s| (s.clone(), 0)).collect();
        wins.insert("draw".into(), 0);
        let mut levels: BTreeMap<String, usize> = BTreeMap::new();
        for g in games {
            if let Some(w) = &g.winner {
                *wins.entry(w.clone()).or_insert(0) += 1;
            }
            if let Some(l) = &g.result {
                let level = l.split(',').next().unwrap_or(l).split(" (").next().unwrap_or(l).to_string();
                *levels.entry(level).or_insert(0) += 1;
            }
        }
        let draws = wins.get("draw").copied().unwrap_or(0) as f64;
        let score: BTreeMap<String, Value> = header
            .sides
            .iter()
            .map(|s| {
                let p = (wins.get(s).copied().unwrap_or(0) as f64 + draws / 2.0) / n.max(1) as f64;
                let (lo, hi) = wilson(p, n);
                (s.clone(), json!({ "score": round3(p), "low": round3(lo), "high": round3(hi) }))
            })
            .collect();
        let side_spread = |pick: &dyn Fn(&GameRecord) -> Option<i64>| -> Value {
            let v: Vec<f64> = games.iter().filter_map(pick).map(|x| x as f64).collect();
            spread(&v)
        };
        let vp: BTreeMap<String, Value> =
            header.sides.iter().map(|s| (s.clone(), side_spread(&|g: &GameRecord| g.vp.get(s).copied()))).collect();
        let at_turns: BTreeMap<String, BTreeMap<String, Value>> = header
            .at_turns
            .iter()
            .map(|t| {
                let per_side = header
                    .sides
                    .iter()
                    .map(|s| (s.clone(), side_spread(&|g: &GameRecord| g.at_turns.get(t).and_then(|m| m.get(s)).copied())))
                    .collect();
                (t.to_string(), per_side)
            })
            .collect();
        let turns: Vec<f64> = games.iter().map(|g| g.turns as f64).collect();
        let errors: Vec<String> = games.iter().filter_map(|g| g.error.as_ref().map(|e| format!("seed {}: {e}", g.seed))).collect();
        json!({
            "settings": self.settings.iter().map(|(k, v)| json!([k, v])).collect::<Vec<_>>(),
            "games": n,
            "wins": wins,
            "score": score,
            "levels": levels,
            "vp": vp,
            "at_turns": at_turns,
            "turns": spread(&turns),
            "unfinished": games.iter().filter(|g| !g.finished).count(),
            "errors": errors,
            "timing": self.timing(),
        })
    }

    fn timing(&self) -> Value {
        let games = &self.games_played;
        let game_ms = sorted(games.iter().map(|g| g.timing.game_ms).collect());
        let decisions: usize = games.iter().map(|g| g.decisions).sum();
        let total: f64 = games.iter().map(|g| g.timing.decision_ms_total).sum();
        let mut hist: BTreeMap<u32, u64> = BTreeMap::new();
        for g in games {
            for (b, c) in &g.timing.decision_hist {
                *hist.entry(*b).or_insert(0) += u64::from(*c);
            }
        }
        let count: u64 = hist.values().sum();
        let quantile = |q: f64| -> f64 {
            let target = (count as f64 * q).ceil() as u64;
            let mut seen = 0;
            for (b, c) in &hist {
                seen += c;
                if seen >= target.max(1) {
                    return round3(BUCKET_BASE * BUCKET_GROWTH.powi(*b as i32 + 1));
                }
            }
            0.0
        };
        json!({
            "game_ms": { "median": round3(percentile(&game_ms, 0.5)), "max": round3(game_ms.last().copied().unwrap_or(0.0)) },
            "decision_ms": {
                "mean": round3(total / decisions.max(1) as f64),
                "median_below": quantile(0.5),
                "p95_below": quantile(0.95),
                "max": round3(games.iter().map(|g| g.timing.decision_ms_max).fold(0.0, f64::max)),
            },
        })
    }
}

impl ReportFile {
    /// The report as JSON: the run, and for each row its figures and its games.
    pub fn json(&self) -> Value {
        let rows: Vec<Value> = self
            .rows
            .iter()
            .map(|r| {
                let mut v = r.stats(&self.header);
                if let Value::Object(m) = &mut v {
                    m.insert("games_played".into(), serde_json::to_value(&r.games_played).unwrap_or_default());
                }
                v
            })
            .collect();
        let mut v = serde_json::to_value(self).unwrap_or_default();
        if let Value::Object(m) = &mut v {
            m.insert("rows".into(), Value::Array(rows));
        }
        v
    }

    /// Reads a report file back (the `rows` figures are recomputed from the games).
    pub fn from_json(text: &str) -> Result<ReportFile, String> {
        let mut v: Value =
            serde_json::from_str(text).map_err(|e| format!("not a report (line {}, column {}): {e}", e.line(), e.column()))?;
        if let Some(Value::Array(rows)) = v.get_mut("rows") {
            for r in rows.iter_mut() {
                if let Value::Object(m) = r {
                    m.retain(|k, _| k == "settings" || k == "games_played");
                }
            }
        }
        let report: ReportFile = serde_json::from_value(v).map_err(|e| format!("not a `salient sim --json` report: {e}"))?;
        if report.format != FORMAT {
            return Err(format!("report format {} is not the format this program writes ({FORMAT})", report.format));
        }
        Ok(report)
    }

    /// Combines the slices of one sharded sweep into the report of the whole run.
    pub fn merge(parts: Vec<ReportFile>) -> Result<ReportFile, String> {
        let Some(first) = parts.first() else { return Err("no report to merge".into()) };
        let header = first.header.clone();
        let mut rows: Vec<Row> = first.rows.iter().map(|r| Row { settings: r.settings.clone(), games_played: Vec::new() }).collect();
        let n = first.shard.map(|s| s.1).unwrap_or(1);
        let mut seen = vec![false; n];
        let mut wall_s: f64 = 0.0;
        for (i, p) in parts.iter().enumerate() {
            if p.header != header {
                return Err(format!("report {} is of another run (scenario, seed, games, controllers, --at-turns or --set differ)", i + 1));
            }
            let (k, pn) = p.shard.unwrap_or((1, 1));
            if pn != n || k == 0 || k > n {
                return Err(format!("report {} is slice {k}/{pn}, not a slice of {n}", i + 1));
            }
            if std::mem::replace(&mut seen[k - 1], true) {
                return Err(format!("slice {k}/{n} is given twice"));
            }
            if p.rows.len() != rows.len() {
                return Err(format!("report {} has {} rows, not {}", i + 1, p.rows.len(), rows.len()));
            }
            for (row, part) in rows.iter_mut().zip(&p.rows) {
                if row.settings != part.settings {
                    return Err(format!("report {}: its rows are of other --set values", i + 1));
                }
                row.games_played.extend(part.games_played.iter().cloned());
            }
            wall_s = wall_s.max(p.wall_s);
        }
        let missing: Vec<String> = seen.iter().enumerate().filter(|(_, s)| !**s).map(|(i, _)| format!("{}/{n}", i + 1)).collect();
        if !missing.is_empty() {
            return Err(format!("slices missing: {}", missing.join(", ")));
        }
        for r in &mut rows {
            r.games_played.sort_by_key(|g| g.seed);
        }
        Ok(ReportFile { format: FORMAT, header, shard: None, rows, wall_s })
    }

    /// The report in words: the detailed block for a single run, one line per row for a sweep.
    pub fn print(&self) {
        let h = &self.header;
        let games: usize = self.rows.iter().map(|r| r.games_played.len()).sum();
        let shard = self.shard.map(|(k, n)| format!(" (slice {k}/{n})")).unwrap_or_default();
        println!("{}: {games} games in {:.1} s{shard}", h.scenario, self.wall_s);
        let ctl: Vec<String> = h.controllers.iter().map(|(s, c)| format!("{s}={}", c.name())).collect();
        println!("controllers: {}", ctl.join(", "));
        if h.settings.is_empty() && self.rows.len() == 1 {
            self.print_single(&self.rows[0].stats(h));
        } else {
            self.print_table();
        }
    }

    fn print_single(&self, s: &Value) {
        let h = &self.header;
        println!("wins (a draw counts half in the score; 95 % Wilson interval):");
        for side in h.sides.iter().chain(std::iter::once(&"draw".to_string())) {
            let n = s["wins"][side].as_u64().unwrap_or(0);
            let pct = 100.0 * n as f64 / s["games"].as_u64().unwrap_or(1).max(1) as f64;
            let score = &s["score"][side];
            let ci = if score.is_null() {
                String::new()
            } else {
                format!("  score {:.1}% [{:.1}-{:.1}]", pct_of(&score["score"]), pct_of(&score["low"]), pct_of(&score["high"]))
            };
            println!("  {side:<10} {n:>6}  ({pct:.1}%){ci}");
        }
        println!("results:");
        if let Some(levels) = s["levels"].as_object() {
            for (l, n) in levels {
                println!("  {l:<45} {n:>6}");
            }
        }
        for side in &h.sides {
            let v = &s["vp"][side];
            println!("VP {side}: mean {}, median {}, std dev {}, min {}, max {}", v["mean"], v["median"], v["stddev"], v["min"], v["max"]);
        }
        for t in &h.at_turns {
            let parts: Vec<String> = h.sides.iter().map(|side| format!("{side} {}", s["at_turns"][t.to_string()][side]["mean"])).collect();
            println!("VP after turn {t} (mean): {}", parts.join(", "));
        }
        let t = &s["turns"];
        println!("turns played: mean {}, median {}, min {}, max {}", t["mean"], t["median"], t["min"], t["max"]);
        let tm = &s["timing"];
        println!("time per game: median {} ms, max {} ms", tm["game_ms"]["median"], tm["game_ms"]["max"]);
        let d = &tm["decision_ms"];
        println!(
            "time per decision: mean {} ms, median < {} ms, p95 < {} ms, max {} ms",
            d["mean"], d["median_below"], d["p95_below"], d["max"]
        );
        print_problems(s);
    }

    fn print_table(&self) {
        let h = &self.header;
        let mut head = vec!["settings".to_string(), "games".into()];
        head.extend(h.sides.iter().map(|s| format!("{s} score [95%]")));
        head.push("draws".into());
        head.extend(h.at_turns.iter().map(|t| format!("VP@{t} ({})", h.sides.join("/"))));
        head.push(format!("VP end ({})", h.sides.join("/")));
        head.push("turns".into());
        let mut lines = vec![head];
        let mut notes = Vec::new();
        for (i, r) in self.rows.iter().enumerate() {
            let s = r.stats(h);
            let settings: Vec<String> = r.settings.iter().map(|(k, v)| format!("{k}={v}")).collect();
            let mut line = vec![if settings.is_empty() { "(as written)".into() } else { settings.join(" ") }, s["games"].to_string()];
            for side in &h.sides {
                let sc = &s["score"][side];
                line.push(format!("{:.1}% [{:.1}-{:.1}]", pct_of(&sc["score"]), pct_of(&sc["low"]), pct_of(&sc["high"])));
            }
            line.push(s["wins"]["draw"].to_string());
            let means = |v: &Value| {
                h.sides.iter().map(|side| format!("{:.1}", v[side]["mean"].as_f64().unwrap_or(0.0))).collect::<Vec<_>>().join("/")
            };
            for t in &h.at_turns {
                line.push(means(&s["at_turns"][t.to_string()]));
            }
            line.push(means(&s["vp"]));
            line.push(format!("{:.1}", s["turns"]["mean"].as_f64().unwrap_or(0.0)));
            lines.push(line);
            let levels: Vec<String> =
                s["levels"].as_object().map(|m| m.iter().map(|(l, n)| format!("{l} {n}")).collect()).unwrap_or_default();
            notes.push((i + 1, levels.join("; "), s));
        }
        let widths: Vec<usize> = (0..lines[0].len()).map(|c| lines.iter().map(|l| l[c].chars().count()).max().unwrap_or(0)).collect();
        for (i, l) in lines.iter().enumerate() {
            let cells: Vec<String> = l.iter().zip(&widths).map(|(c, w)| format!("{c:<w$}")).collect();
            let prefix = if i == 0 { "   ".to_string() } else { format!("{i:>2} ") };
            println!("{prefix}{}", cells.join("  ").trim_end());
        }
        println!("results:");
        for (i, levels, s) in &notes {
            println!("{i:>2} {levels}");
            print_problems(s);
        }
    }
}

fn pct_of(v: &Value) -> f64 {
    100.0 * v.as_f64().unwrap_or(0.0)
}

fn print_problems(s: &Value) {
    let unfinished = s["unfinished"].as_u64().unwrap_or(0);
    if unfinished > 0 {
        println!("unfinished games: {unfinished}");
    }
    for e in s["errors"].as_array().into_iter().flatten() {
        println!("error: {}", e.as_str().unwrap_or_default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_the_textbook() {
        // 20 wins out of 100: the Wilson interval is 13.3 % to 28.9 %.
        let (lo, hi) = wilson(0.2, 100);
        assert!((lo - 0.1333).abs() < 0.001 && (hi - 0.2888).abs() < 0.001, "{lo} {hi}");
        let (lo, hi) = wilson(0.0, 20);
        assert!(lo == 0.0 && (hi - 0.1611).abs() < 0.001, "{hi}");
    }
}
