//! A campaign being played: its record (the battles finished, each with its save, the score and the
//! units carried into the next battle), which is also the campaign save file, `CampaignSave(...)`.
//! Loading a record replays and checks every finished battle like any save, and checks that the
//! results, the score and the carried units follow from them (docs/campaigns.md).

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::carry::{CarriedUnit, ResultLevel, carried_units};
use super::spec::{BattleSpec, Campaign, LevelSpec};
use crate::engine::save::write_atomically;
use crate::engine::scenario::header;
use crate::engine::session::{RulesetEntry, Session};
use crate::engine::source::SourceFile;
use crate::engine::validate::find_ruleset;

/// The campaign save format this program writes.
pub const CAMPAIGN_SAVE_FORMAT: u32 = 1;

/// A campaign in play; saved as `CampaignSave(...)` between battles, and attached to the save of a
/// battle in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename = "CampaignSave", deny_unknown_fields)]
pub struct CampaignRecord {
    /// File format version (1): another is refused.
    pub format: u32,
    /// The campaign file's path when the campaign began (its scenarios are found beside it).
    pub campaign: String,
    /// The campaign file's text when it began: a later edit cannot break this campaign.
    pub text: String,
    /// The campaign's seed; each battle's seed derives from it ([`battle_seed`]).
    pub seed: u64,
    /// The campaign score so far.
    pub score: i64,
    /// The battles finished, in the order played.
    pub finished: Vec<FinishedBattle>,
    /// The battle being played or to play next; `None` once the campaign is over.
    pub next: Option<String>,
    /// The units carried into the next battle, as they ended the last one.
    #[serde(default)]
    pub carried: Vec<CarriedUnit>,
}

/// One finished battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FinishedBattle {
    /// The battle's id in the campaign file.
    pub battle: String,
    /// The result level for the campaign's side.
    pub level: ResultLevel,
    /// The game-over view's words (`German tactical victory`).
    pub result: String,
    /// Campaign points the level scored.
    pub points: i64,
    /// Units each side lost (eliminated), by side id.
    #[serde(default)]
    pub losses: std::collections::BTreeMap<String, Vec<String>>,
    /// The battle's own save (`Save(...)`, with the units carried into it), as text.
    pub save: String,
}

/// The seed of the `k`-th battle played (0-based) of a campaign with seed `seed`.
pub fn battle_seed(seed: u64, k: usize) -> u64 {
    seed.wrapping_add((k as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

impl CampaignRecord {
    /// A campaign about to play its first battle.
    pub fn begin(campaign: &Campaign, seed: u64) -> CampaignRecord {
        CampaignRecord {
            format: CAMPAIGN_SAVE_FORMAT,
            campaign: campaign.path_name(),
            text: campaign.file.text.clone(),
            seed,
            score: 0,
            finished: Vec::new(),
            next: Some(campaign.start().to_string()),
            carried: Vec::new(),
        }
    }

    /// The campaign file this record was begun with.
    pub fn campaign(&self) -> Result<Campaign, String> {
        Campaign::from_source(SourceFile::new(&self.campaign, self.text.clone())).map_err(|ds| {
            let first = ds.first().map(|d| d.to_string()).unwrap_or_default();
            format!("the campaign stored in the save does not read: {first}")
        })
    }

    pub fn is_over(&self) -> bool {
        self.next.is_none()
    }

    /// The battle to play next.
    pub fn next_battle<'a>(&self, campaign: &'a Campaign) -> Option<&'a BattleSpec> {
        campaign.battle(self.next.as_deref()?)
    }

    /// Opens the next battle with the units carried into it, attached to this record (so its saves
    /// hold the campaign).
    pub fn open_next(&self, campaign: &Campaign, registry: &[RulesetEntry]) -> Result<Box<dyn Session>, String> {
        let battle = self.next_battle(campaign).ok_or("the campaign is over: there is no next battle")?;
        let mut session = campaign.open_battle(battle, registry, battle_seed(self.seed, self.finished.len()), self.carried.clone())?;
        session.set_campaign_record(Some(self.clone()));
        Ok(session)
    }

    /// Records the end of the battle being played: its result level for the campaign's side, the
    /// points, the units carried on, the battle that follows. The session is detached from the
    /// campaign (its save, kept in the record, holds only the battle).
    pub fn finish(&mut self, campaign: &Campaign, session: &mut dyn Session) -> Result<&FinishedBattle, String> {
        let battle = self.next_battle(campaign).ok_or("the campaign is over: no battle is being played")?.clone();
        if !session.is_over() {
            return Err(format!("the battle `{}` is not over", battle.id));
        }
        session.set_campaign_record(None);
        let view = session.view();
        let level = ResultLevel::of(&view, &battle.side).ok_or("the game is over but its view gives no result")?;
        let points = battle.points.of(level);
        let mut losses = std::collections::BTreeMap::<String, Vec<String>>::new();
        for u in view.units.iter().filter(|u| u.status == "eliminated") {
            losses.entry(u.side.clone()).or_default().push(u.id.clone());
        }
        let save = session.save_text()?;
        self.score += points;
        self.carried = carried_units(&view, &battle.carry_units);
        self.next = battle.next.after(level).map(str::to_string);
        self.finished.push(FinishedBattle {
            battle: battle.id.clone(),
            level,
            result: view.result.clone().unwrap_or_default(),
            points,
            losses,
            save,
        });
        Ok(self.finished.last().expect("just pushed"))
    }

    /// The campaign's victory level once it is over (the first level the score reaches, else the
    /// lowest).
    pub fn final_level<'a>(&self, campaign: &'a Campaign) -> Option<&'a LevelSpec> {
        if !self.is_over() {
            return None;
        }
        campaign.spec.levels.iter().find(|l| self.score >= l.min_score).or(campaign.spec.levels.last())
    }

    /// The save file's text.
    pub fn to_text(&self) -> Result<String, String> {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default().depth_limit(3).struct_names(true))
            .map_err(|e| format!("cannot write the campaign save: {e}"))
    }

    /// Writes the campaign save atomically.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        write_atomically(path, self.to_text()?.as_bytes())
    }

    /// Replays every finished battle's save (each checked like any save) and checks that the
    /// results, points, carried units, score and next battle follow from them. Returns the last
    /// battle's game.
    pub fn verify(&self, registry: &[RulesetEntry]) -> Result<Option<Box<dyn Session>>, String> {
        if self.format != CAMPAIGN_SAVE_FORMAT {
            return Err(format!("campaign save format {} is not supported; this version reads format {CAMPAIGN_SAVE_FORMAT}", self.format));
        }
        let campaign = self.campaign()?;
        let mut next = Some(campaign.start().to_string());
        let mut carried: Vec<CarriedUnit> = Vec::new();
        let mut score = 0;
        let mut last = None;
        for (k, f) in self.finished.iter().enumerate() {
            let n = k + 1;
            let expected = next.take().ok_or_else(|| format!("battle {n} (`{}`) was played after the campaign ended", f.battle))?;
            if f.battle != expected {
                return Err(format!("battle {n} should be `{expected}`, the save says `{}`", f.battle));
            }
            let battle = campaign.battle(&f.battle).ok_or_else(|| format!("battle {n}: no battle `{}` in the campaign", f.battle))?;
            let file = SourceFile::new(format!("{}#battle-{n}", self.campaign), f.save.clone());
            let (format, ruleset) = header(&file).map_err(|d| format!("battle {n} (`{}`): {}", f.battle, d.message))?;
            let entry = find_ruleset(registry, &ruleset)?;
            let session = (entry.load_save)(&file, format).map_err(|m| format!("battle {n} (`{}`): {m}", f.battle))?;
            if session.carried_in() != carried.as_slice() {
                return Err(format!("battle {n} (`{}`) did not begin with the units the battle before it carried", f.battle));
            }
            let view = session.view();
            let level =
                ResultLevel::of(&view, &battle.side).ok_or_else(|| format!("battle {n} (`{}`) is not finished in its save", f.battle))?;
            if level != f.level || battle.points.of(level) != f.points {
                return Err(format!(
                    "battle {n} (`{}`): its save ends in a {}, the campaign records a {}",
                    f.battle,
                    level.word(),
                    f.level.word()
                ));
            }
            score += f.points;
            carried = carried_units(&view, &battle.carry_units);
            next = battle.next.after(level).map(str::to_string);
            last = Some(session);
        }
        if score != self.score {
            return Err(format!("the battles score {score}, the save says {}", self.score));
        }
        if next != self.next {
            return Err(format!("after these battles the next is {:?}, the save says {:?}", next, self.next));
        }
        if carried != self.carried {
            return Err("the units carried into the next battle are not those the last battle ended with".into());
        }
        Ok(last)
    }
}

/// Reads a campaign save and checks it ([`CampaignRecord::verify`]).
pub fn load_campaign_save(file: &SourceFile, registry: &[RulesetEntry]) -> Result<CampaignRecord, String> {
    let record: CampaignRecord = file.parse().map_err(|d| format!("{d} (the campaign save is damaged)"))?;
    record.verify(registry)?;
    Ok(record)
}
