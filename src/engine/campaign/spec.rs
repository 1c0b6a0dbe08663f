//! The campaign file (`scenarios/<ruleset>/campaigns/*.ron`, or `scenarios/campaigns/*.ron` for one
//! that spans rule systems) and its checks: docs/campaigns.md describes every key.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::carry::{CarriedUnit, ResultLevel};
use crate::engine::loader::{Loader, normalize};
use crate::engine::scenario::{FileKind, file_kind, header};
use crate::engine::session::{RulesetEntry, Session};
use crate::engine::source::{Diagnostic, Problems, SourceFile, nearest};
use crate::engine::validate::find_ruleset;

/// The campaign format this program reads.
pub const CAMPAIGN_FORMAT: u32 = 1;

/// A campaign as written in RON.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename = "Campaign", deny_unknown_fields)]
pub struct CampaignSpec {
    /// The file format version: 1.
    pub format: u32,
    /// A short id (`villers-bretonneux`): letters, digits, `-` or `_`.
    pub id: String,
    /// The campaign's name, as the campaign list and its page show it.
    pub name: String,
    /// The historical dates (`24-25 April 1918`).
    #[serde(default)]
    pub date: String,
    /// The campaign's introduction, shown on its page.
    #[serde(default)]
    pub introduction: String,
    /// Where the campaign comes from, and what is invented (a score-only chain, say so here).
    #[serde(default)]
    pub source: String,
    /// The battle the campaign opens with; the first listed if absent.
    #[serde(default)]
    pub start: Option<String>,
    /// The battles, each once.
    pub battles: Vec<BattleSpec>,
    /// The campaign's victory levels by final score, highest first; the first whose `min_score` the
    /// score reaches is the campaign's result.
    pub levels: Vec<LevelSpec>,
}

/// One battle of a campaign.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BattleSpec {
    /// A short id, unique in the campaign, that `next` and `start` name.
    pub id: String,
    /// The scenario file, relative to the campaign file.
    pub scenario: String,
    /// The side the campaign's player takes in this battle (a side id of the scenario): its
    /// victory, draw or defeat is the battle's result level.
    pub side: String,
    /// Shown on the between-battles screen before this battle.
    #[serde(default)]
    pub briefing: String,
    /// Campaign points the battle's result level scores.
    #[serde(default)]
    pub points: Points,
    /// What follows: the campaign ends, one battle whatever the result, or a battle per result
    /// level.
    #[serde(default)]
    pub next: Next,
    /// Units of this battle whose state at its end (eliminated, strength) carries into the next
    /// battle's order of battle, matched by id; each must be in this battle and in every battle
    /// that can follow it, and the next battle's rule system must carry units.
    #[serde(default)]
    pub carry_units: Vec<String>,
}

/// Campaign points by result level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Points {
    /// Points for a victory (the campaign's side named the winner).
    pub victory: i64,
    /// Points for a draw (no winner).
    pub draw: i64,
    /// Points for a defeat (another side the winner).
    pub defeat: i64,
}

impl Default for Points {
    /// 3 for a victory, 1 for a draw, 0 for a defeat.
    fn default() -> Self {
        Points { victory: 3, draw: 1, defeat: 0 }
    }
}

impl Points {
    pub fn of(&self, level: ResultLevel) -> i64 {
        match level {
            ResultLevel::Victory => self.victory,
            ResultLevel::Draw => self.draw,
            ResultLevel::Defeat => self.defeat,
        }
    }
}

/// What follows a battle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub enum Next {
    /// The campaign ends after this battle.
    #[default]
    End,
    /// This battle follows, whatever the result.
    Battle(String),
    /// A battle per result level; a level left out (or `None`) ends the campaign.
    ByResult {
        #[serde(default)]
        victory: Option<String>,
        #[serde(default)]
        draw: Option<String>,
        #[serde(default)]
        defeat: Option<String>,
    },
}

impl Next {
    /// The battle that follows a result, if any.
    pub fn after(&self, level: ResultLevel) -> Option<&str> {
        match self {
            Next::End => None,
            Next::Battle(b) => Some(b),
            Next::ByResult { victory, draw, defeat } => match level {
                ResultLevel::Victory => victory.as_deref(),
                ResultLevel::Draw => draw.as_deref(),
                ResultLevel::Defeat => defeat.as_deref(),
            },
        }
    }

    /// Every battle that can follow, with the path of the key naming it.
    pub fn targets(&self) -> Vec<(&str, &'static str)> {
        match self {
            Next::End => Vec::new(),
            Next::Battle(b) => vec![(b.as_str(), "next")],
            Next::ByResult { victory, draw, defeat } => [(victory, "next.victory"), (draw, "next.draw"), (defeat, "next.defeat")]
                .into_iter()
                .filter_map(|(b, k)| b.as_deref().map(|b| (b, k)))
                .collect(),
        }
    }
}

/// A campaign victory level.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LevelSpec {
    /// In words (`Decisive victory`).
    pub name: String,
    /// The lowest final score that reaches it.
    pub min_score: i64,
}

/// A campaign file read and checked for its own structure (not yet against its scenarios).
#[derive(Clone, Debug)]
pub struct Campaign {
    pub spec: CampaignSpec,
    pub file: SourceFile,
}

impl Campaign {
    /// Reads a campaign file from disk.
    pub fn read(path: &Path) -> Result<Campaign, Vec<Diagnostic>> {
        Self::from_source(SourceFile::read(path).map_err(|d| vec![d])?)
    }

    /// Parses a campaign already read; every structural problem is reported.
    pub fn from_source(file: SourceFile) -> Result<Campaign, Vec<Diagnostic>> {
        let (campaign, problems) = Self::parse(file).map_err(|d| vec![d])?;
        if problems.is_empty() { Ok(campaign) } else { Err(problems) }
    }

    /// Parses a campaign, with its structural problems (for the validator, which goes on to check
    /// its battles all the same).
    fn parse(file: SourceFile) -> Result<(Campaign, Vec<Diagnostic>), Diagnostic> {
        let spec: CampaignSpec = file.parse()?;
        let mut problems = Problems::default();
        check_structure(&spec, &mut problems);
        let problems = file.locate_all(problems);
        Ok((Campaign { spec, file }, problems))
    }

    pub fn path(&self) -> &Path {
        &self.file.path
    }

    /// The path as a save records it.
    pub fn path_name(&self) -> String {
        self.file.path.to_string_lossy().replace('\\', "/")
    }

    /// The first battle.
    pub fn start(&self) -> &str {
        self.spec.start.as_deref().unwrap_or_else(|| self.spec.battles[0].id.as_str())
    }

    pub fn battle(&self, id: &str) -> Option<&BattleSpec> {
        self.spec.battles.iter().find(|b| b.id == id)
    }

    fn index(&self, id: &str) -> Option<usize> {
        self.spec.battles.iter().position(|b| b.id == id)
    }

    /// A battle's scenario file, relative to the campaign file.
    pub fn scenario_path(&self, battle: &BattleSpec) -> PathBuf {
        normalize(&self.file.path.parent().unwrap_or(Path::new("")).join(&battle.scenario))
    }

    /// The registry entry of a battle's rule system (from its scenario's `ruleset` key).
    pub fn entry_of(&self, battle: &BattleSpec, registry: &[RulesetEntry]) -> Result<RulesetEntry, String> {
        let path = self.scenario_path(battle);
        let file = SourceFile::read(&path).map_err(|d| format!("the scenario `{}` cannot be read: {}", battle.scenario, d.message))?;
        match file_kind(&file) {
            Ok(FileKind::Scenario) => {}
            Ok(other) => return Err(format!("`{}` is a {other:?} file, not a scenario", battle.scenario)),
            Err(d) => return Err(format!("`{}` is not a scenario: {}", battle.scenario, d.message)),
        }
        let (_, ruleset) = header(&file).map_err(|d| format!("`{}`: {}", battle.scenario, d.message))?;
        find_ruleset(registry, &ruleset).copied().map_err(|m| format!("`{}` is not playable in this version: {m}", battle.scenario))
    }

    /// Opens a battle's scenario with units carried into it.
    pub fn open_battle(
        &self,
        battle: &BattleSpec,
        registry: &[RulesetEntry],
        seed: u64,
        carried: Vec<CarriedUnit>,
    ) -> Result<Box<dyn Session>, String> {
        let entry = self.entry_of(battle, registry)?;
        (entry.open_carrying)(Loader::from_disk(), &self.scenario_path(battle), seed, carried).map_err(|ds| {
            let first = ds.first().map(|d| d.to_string()).unwrap_or_default();
            format!("the battle `{}` does not open: {first}", battle.id)
        })
    }

    /// The rule systems a campaign's battles need that this version cannot play (for the
    /// catalogue: such a campaign is listed as not yet playable).
    pub fn unplayable(&self, registry: &[RulesetEntry]) -> Vec<String> {
        self.spec.battles.iter().filter_map(|b| self.entry_of(b, registry).err()).collect()
    }

    /// Every problem of the campaign against its scenarios: each opens, its side exists, the carried
    /// units are in the battle and in every battle that can follow, and that battle's rule system
    /// takes them.
    pub fn check_battles(&self, registry: &[RulesetEntry]) -> Vec<Diagnostic> {
        let mut problems = Problems::default();
        let mut opened: BTreeMap<usize, Box<dyn Session>> = BTreeMap::new();
        for (i, b) in self.spec.battles.iter().enumerate() {
            match self.open_battle(b, registry, 1, Vec::new()) {
                Err(m) => problems.push(format!("battles.{i}.scenario"), m),
                Ok(s) => {
                    let sides = s.sides();
                    if !sides.contains(&b.side) {
                        let hint =
                            nearest(&b.side, sides.iter().map(String::as_str)).map(|n| format!("did you mean `{n}`? ")).unwrap_or_default();
                        problems.push(
                            format!("battles.{i}.side"),
                            format!("`{}` is not a side of this battle; {hint}its sides are {}", b.side, sides.join(", ")),
                        );
                    }
                    opened.insert(i, s);
                }
            }
        }
        for (i, b) in self.spec.battles.iter().enumerate() {
            let Some(here) = opened.get(&i) else { continue };
            let units: BTreeSet<String> = here.view().units.into_iter().map(|u| u.id).collect();
            for (k, u) in b.carry_units.iter().enumerate() {
                if !units.contains(u) {
                    problems.push(format!("battles.{i}.carry_units.{k}"), format!("`{u}` is not a unit of the battle `{}`", b.id));
                }
            }
            for (target, key) in b.next.targets() {
                let Some(j) = self.index(target) else { continue };
                let Some(next) = opened.get(&j) else { continue };
                let view = next.view();
                let missing: Vec<&str> =
                    b.carry_units.iter().filter(|u| !view.units.iter().any(|v| &&v.id == u)).map(String::as_str).collect();
                if !missing.is_empty() {
                    problems.push(
                        format!("battles.{i}.{key}"),
                        format!("the units carried from `{}` are not in the order of battle of `{target}`: {}", b.id, missing.join(", ")),
                    );
                    continue;
                }
                if b.carry_units.is_empty() {
                    continue;
                }
                // The next battle's rule system must take the units: try them as they begin there.
                let as_they_begin = super::carry::carried_units(&view, &b.carry_units);
                if let Err(m) = self.open_battle(&self.spec.battles[j], registry, 1, as_they_begin) {
                    problems.push(format!("battles.{i}.carry_units"), format!("the battle `{target}` cannot take carried units: {m}"));
                }
            }
        }
        self.file.locate_all(problems)
    }
}

/// The checks that need no scenario: format, ids, the battles `start` and `next` name, battles no
/// result reaches, cycles, levels.
pub fn check_structure(spec: &CampaignSpec, p: &mut Problems) {
    if spec.format != CAMPAIGN_FORMAT {
        p.push(
            "format",
            format!("campaign format {} is not supported; this version of Salient reads format {CAMPAIGN_FORMAT}", spec.format),
        );
    }
    let id_ok = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !id_ok(&spec.id) {
        p.push("id", "the campaign id must be letters, digits, `-` or `_`");
    }
    if spec.battles.is_empty() {
        p.push("battles", "a campaign needs at least one battle");
        return;
    }
    let ids: Vec<&str> = spec.battles.iter().map(|b| b.id.as_str()).collect();
    let unknown = |id: &str| {
        let hint = nearest(id, ids.iter().copied()).map(|n| format!("did you mean `{n}`? ")).unwrap_or_default();
        format!("there is no battle `{id}` in this campaign; {hint}its battles are {}", ids.join(", "))
    };
    for (i, b) in spec.battles.iter().enumerate() {
        if !id_ok(&b.id) {
            p.push(format!("battles.{i}.id"), "a battle id must be letters, digits, `-` or `_`");
        }
        if ids[..i].contains(&b.id.as_str()) {
            p.push(format!("battles.{i}.id"), format!("duplicate battle id `{}`", b.id));
        }
        for (target, key) in b.next.targets() {
            if !ids.contains(&target) {
                p.push(format!("battles.{i}.{key}"), unknown(target));
            }
        }
        if !b.carry_units.is_empty() && b.next.targets().is_empty() {
            p.push(format!("battles.{i}.carry_units"), "no battle follows this one: there is nothing to carry units into");
        }
    }
    let start = spec.start.as_deref().unwrap_or(ids[0]);
    if !ids.contains(&start) {
        p.push("start", unknown(start));
        return;
    }
    // Battles reachable from the start, and cycles (a campaign always ends).
    let index = |id: &str| ids.iter().position(|x| *x == id);
    let mut state = vec![0u8; ids.len()]; // 0 unseen, 1 on the current path, 2 done
    fn visit(
        i: usize,
        spec: &CampaignSpec,
        index: &dyn Fn(&str) -> Option<usize>,
        state: &mut [u8],
        path: &mut Vec<usize>,
        p: &mut Problems,
    ) {
        state[i] = 1;
        path.push(i);
        for (target, key) in spec.battles[i].next.targets() {
            let Some(j) = index(target) else { continue };
            match state[j] {
                0 => visit(j, spec, index, state, path, p),
                1 => {
                    let from = path.iter().position(|&k| k == j).unwrap_or(0);
                    let mut names: Vec<&str> = path[from..].iter().map(|&k| spec.battles[k].id.as_str()).collect();
                    names.push(target);
                    p.push(
                        format!("battles.{i}.{key}"),
                        format!("this makes a cycle ({}): a campaign must come to an end", names.join(" → ")),
                    );
                }
                _ => {}
            }
        }
        path.pop();
        state[i] = 2;
    }
    if let Some(s) = index(start) {
        visit(s, spec, &index, &mut state, &mut Vec::new(), p);
    }
    for (i, b) in spec.battles.iter().enumerate() {
        if state[i] == 0 {
            p.push(
                format!("battles.{i}"),
                format!("the battle `{}` is unreachable: no result of any battle from `{start}` leads to it", b.id),
            );
        }
    }
    if spec.levels.is_empty() {
        p.push("levels", "a campaign needs at least one victory level (the lowest with `min_score` low enough for any score)");
    }
    for (i, l) in spec.levels.iter().enumerate() {
        if i > 0 && l.min_score >= spec.levels[i - 1].min_score {
            p.push(format!("levels.{i}.min_score"), "victory levels go highest first: each `min_score` lower than the one before");
        }
        if l.name.trim().is_empty() {
            p.push(format!("levels.{i}.name"), "a victory level needs a name");
        }
    }
}

/// Every problem in a campaign file: its structure, then its battles against their scenarios.
pub fn check_campaign(file: &SourceFile, registry: &[RulesetEntry]) -> Vec<Diagnostic> {
    match Campaign::parse(file.clone()) {
        Err(d) => vec![d],
        Ok((c, mut problems)) => {
            problems.extend(c.check_battles(registry));
            problems
        }
    }
}
