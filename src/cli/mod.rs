//! The `salient` command line (DESIGN.md, Command line): play, validate, script, sim, replay. Every
//! error is a short line and a non-zero exit code; nothing panics on bad input.

pub mod campaign;
pub mod report;
pub mod ronpath;
pub mod sim;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

use crate::engine::loader::Loader;
use crate::engine::reference;
use crate::engine::scenario::{FileKind, file_kind, header};
use crate::engine::session::{RulesetEntry, Session};
use crate::engine::source::{Diagnostic, SourceFile};
use crate::engine::validate::{find_ruleset, validate_paths};
use crate::rulesets::registry;
use crate::ui::LaunchArgs;

#[derive(Parser, Debug)]
#[command(name = "salient", version, about = "Historical wargames played as computer games", long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the game window (the default); with a scenario, straight into it.
    Play(LaunchArgs),
    /// Check scenario, map, table and save files; print every error as file:line:col.
    Validate {
        /// Files or folders (searched recursively for .ron files).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Play a list of commands headless and write the resulting state as JSON.
    Script {
        scenario: PathBuf,
        /// A file holding a RON list of commands, e.g. `[Activate("gb-2-devons"), Move("K05"), EndActivation]`.
        commands: PathBuf,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Die results to use first, e.g. `--dice 4,6,1`.
        #[arg(long, value_delimiter = ',')]
        dice: Vec<u32>,
        /// Write the JSON here instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Also save the game (a save file) here.
        #[arg(long)]
        save: Option<PathBuf>,
        /// Add the legal commands at the end (`legal`), each with its preview: its cost and the
        /// chance of every outcome, as the window shows them.
        #[arg(long)]
        legal: bool,
    },
    /// Play computer-vs-computer games headless and print a balance report.
    Sim(sim::SimArgs),
    /// Verify a save by replaying it and print its final state.
    Replay { save: PathBuf },
    /// Print the reference of a data file format, generated from the game's own types; without a
    /// format, list them.
    Schema {
        /// The format, e.g. `hex-map` or `bastards-scenario`.
        kind: Option<String>,
        /// Markdown for people (the default).
        #[arg(long, conflicts_with = "json_schema")]
        markdown: bool,
        /// JSON Schema for tools.
        #[arg(long)]
        json_schema: bool,
        /// Write every format's page and the index as Markdown into this folder (docs/reference).
        #[arg(long, conflicts_with = "kind")]
        write: Option<PathBuf>,
    },
}

/// Runs the command line; returns the process exit code.
pub fn run(cli: Cli) -> i32 {
    match cli.command {
        None => play(LaunchArgs::default()),
        Some(Command::Play(args)) => play(args),
        Some(Command::Validate { paths }) => validate(&paths),
        Some(Command::Script { scenario, commands, seed, dice, out, save, legal }) => {
            script(&scenario, &commands, ScriptOptions { seed, dice, out, save, legal })
        }
        Some(Command::Sim(args)) => sim::run(args),
        Some(Command::Replay { save }) => replay(&save),
        Some(Command::Schema { kind, json_schema, write, .. }) => schema(kind.as_deref(), json_schema, write.as_deref()),
    }
}

#[cfg(feature = "gui")]
fn play(args: LaunchArgs) -> i32 {
    crate::ui::run(args)
}

#[cfg(not(feature = "gui"))]
fn play(_args: LaunchArgs) -> i32 {
    eprintln!("salient: this build has no window (built without the `gui` feature); use validate, script, sim or replay");
    2
}

/// `salient schema`: a format's reference, the list of formats, or every page written to a folder.
fn schema(kind: Option<&str>, json: bool, write: Option<&Path>) -> i32 {
    let formats = reference::all(&registry());
    if let Some(dir) = write {
        return match reference::write_pages(&formats, dir) {
            Ok(n) => {
                println!("wrote {n} pages to {}", dir.display());
                0
            }
            Err(e) => {
                eprintln!("salient schema: {e}");
                1
            }
        };
    }
    let Some(kind) = kind else {
        for f in &formats {
            println!("{:<22} {}", f.kind, f.title);
        }
        return 0;
    };
    match formats.iter().find(|f| f.kind == kind) {
        Some(f) => {
            print!("{}", if json { reference::json_schema(f) } else { reference::markdown(f) });
            0
        }
        None => {
            let hint = crate::engine::source::nearest(kind, formats.iter().map(|f| f.kind.as_str()))
                .map(|s| format!("; did you mean `{s}`?"))
                .unwrap_or_default();
            eprintln!("salient schema: no format `{kind}`{hint} (`salient schema` lists them)");
            2
        }
    }
}

fn print_diagnostics(ds: &[Diagnostic]) {
    for d in ds {
        eprintln!("{d}");
    }
}

fn validate(paths: &[PathBuf]) -> i32 {
    let report = validate_paths(paths, &registry());
    if report.diagnostics.is_empty() {
        println!("ok: {} file{}", report.files, if report.files == 1 { "" } else { "s" });
        0
    } else {
        print_diagnostics(&report.diagnostics);
        eprintln!(
            "{} error{} in {} file{}",
            report.diagnostics.len(),
            if report.diagnostics.len() == 1 { "" } else { "s" },
            report.files,
            if report.files == 1 { "" } else { "s" }
        );
        1
    }
}

/// Reads a scenario file and finds its ruleset.
pub fn scenario_entry(path: &Path) -> Result<RulesetEntry, Vec<Diagnostic>> {
    let file = SourceFile::read(path).map_err(|d| vec![d])?;
    match file_kind(&file).map_err(|d| vec![d])? {
        FileKind::Scenario => {}
        other => return Err(vec![file.at_start(format!("this is a {other:?} file, not a scenario"))]),
    }
    let (_, ruleset) = header(&file).map_err(|d| vec![d])?;
    find_ruleset(&registry(), &ruleset).copied().map_err(|m| vec![file.at("ruleset", m)])
}

/// Opens a game of a scenario file.
pub fn open_scenario(path: &Path, seed: u64, dice: Vec<u32>) -> Result<Box<dyn Session>, Vec<Diagnostic>> {
    let entry = scenario_entry(path)?;
    (entry.open)(Loader::from_disk(), path, seed, dice)
}

/// Loads a save file of any ruleset.
pub fn load_save(path: &Path) -> Result<Box<dyn Session>, String> {
    let file = SourceFile::read(path).map_err(|d| d.to_string())?;
    match file_kind(&file) {
        Ok(FileKind::Save) => {}
        Ok(other) => return Err(format!("{}: this is a {other:?} file, not a save", path.display())),
        Err(d) => return Err(format!("{d} (not a Salient save)")),
    }
    let (format, ruleset) = header(&file).map_err(|d| format!("{d} (the save is damaged)"))?;
    let registry = registry();
    let entry = find_ruleset(&registry, &ruleset).map_err(|m| format!("{}: {m}", path.display()))?;
    (entry.load_save)(&file, format).map_err(|m| format!("{}: {m}", path.display()))
}

/// The state JSON of `salient script`: the state view plus every event and die roll in order.
pub fn state_json(session: &dyn Session) -> serde_json::Value {
    let mut v = serde_json::to_value(session.view()).unwrap_or(serde_json::Value::Null);
    if let serde_json::Value::Object(m) = &mut v {
        m.insert("events".into(), serde_json::to_value(session.log_since(0, 0)).unwrap_or_default());
        m.insert("checksum".into(), format!("{:016x}", session.checksum()).into());
        m.insert("commands_applied".into(), session.commands_applied().into());
    }
    v
}

/// `salient script`'s options.
struct ScriptOptions {
    seed: u64,
    dice: Vec<u32>,
    out: Option<PathBuf>,
    save: Option<PathBuf>,
    legal: bool,
}

/// The legal commands with their previews (`salient script --legal`).
pub fn legal_json(session: &mut dyn Session) -> serde_json::Value {
    let list: Vec<serde_json::Value> = session
        .legal_previews()
        .into_iter()
        .map(|(command, preview)| match preview {
            Some(p) => serde_json::json!({ "command": command, "preview": p }),
            None => serde_json::json!({ "command": command }),
        })
        .collect();
    serde_json::Value::Array(list)
}

fn script(scenario: &Path, commands: &Path, o: ScriptOptions) -> i32 {
    let ScriptOptions { seed, dice, out, save, legal } = o;
    if let Some(bad) = dice.iter().find(|d| **d == 0) {
        eprintln!("salient: --dice: {bad} is not a die result (use 1 to 6)");
        return 2;
    }
    let mut session = match open_scenario(scenario, seed, dice) {
        Ok(s) => s,
        Err(ds) => {
            print_diagnostics(&ds);
            return 1;
        }
    };
    let file = match SourceFile::read(commands) {
        Ok(f) => f,
        Err(d) => {
            eprintln!("{d}");
            return 1;
        }
    };
    let mut code = 0;
    if let Err(d) = session.play_script(&file) {
        eprintln!("{d}");
        code = 1;
    }
    let mut state = state_json(session.as_ref());
    if legal && let serde_json::Value::Object(m) = &mut state {
        m.insert("legal".into(), legal_json(session.as_mut()));
    }
    let json = serde_json::to_string_pretty(&state).unwrap_or_default();
    match out {
        Some(p) => {
            if let Err(e) = crate::engine::save::write_atomically(&p, json.as_bytes()) {
                eprintln!("salient: {e}");
                return 1;
            }
        }
        None => println!("{json}"),
    }
    if let Some(p) = save
        && let Err(e) = session.save(&p)
    {
        eprintln!("salient: {e}");
        return 1;
    }
    code
}

/// `salient replay` of a campaign save: every finished battle replayed and checked.
fn replay_campaign(path: &Path, file: &SourceFile) -> i32 {
    match crate::engine::campaign::load_campaign_save(file, &registry()) {
        Err(e) => {
            eprintln!("salient: {}: {e}", path.display());
            1
        }
        Ok(r) => {
            println!("ok: {} replays: {} battle(s), each to its checksum", path.display(), r.finished.len());
            println!("campaign: {}", r.campaign);
            for (k, f) in r.finished.iter().enumerate() {
                println!("  {}. {}: {} ({}, {} points)", k + 1, f.battle, f.result, f.level.word(), f.points);
            }
            println!("score: {}", r.score);
            match &r.next {
                Some(n) => println!("next battle: {n}"),
                None => {
                    let level = r.campaign().ok().and_then(|c| r.final_level(&c).map(|l| l.name.clone()));
                    println!("the campaign is over: {}", level.unwrap_or_default());
                }
            }
            0
        }
    }
}

fn replay(path: &Path) -> i32 {
    if let Ok(file) = SourceFile::read(path)
        && matches!(file_kind(&file), Ok(FileKind::CampaignSave))
    {
        return replay_campaign(path, &file);
    }
    match load_save(path) {
        Err(e) => {
            eprintln!("salient: {e}");
            1
        }
        Ok(s) => {
            let v = s.view();
            println!("ok: {} replays to checksum {:016x}", path.display(), s.checksum());
            println!("ruleset: {}, scenario: {}", v.ruleset, v.scenario);
            println!("commands: {}", s.commands_applied());
            println!("turn {}, {}", v.turn, v.phase);
            if let Some(p) = &v.pending {
                println!("waiting for: {} — {}", p.side, p.prompt);
            }
            let vp: Vec<String> = v.vp.iter().map(|(k, v)| format!("{k} {v}")).collect();
            println!("VP: {}", vp.join(", "));
            if let Some(r) = &v.result {
                println!("result: {r}");
            }
            0
        }
    }
}

/// True when standard error is a terminal (progress bars).
pub fn stderr_is_terminal() -> bool {
    std::io::stderr().is_terminal()
}
