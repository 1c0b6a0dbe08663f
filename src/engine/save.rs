//! Save files: RON, versioned, written atomically. A save holds the scenario's files, the seed, the
//! forced dice and the commands, plus the checksum of the state they lead to; loading replays the
//! commands and checks the checksum.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::campaign::{CampaignRecord, CarriedUnit};
use super::game::{ForcedDice, Game, InCampaign, Origin};
use super::loader::{FileSet, Loader};
use super::ruleset::Ruleset;
use super::source::{SourceFile, io_reason};

/// The save format this program writes. Older formats are migrated on load (see [`migrate`]).
pub const SAVE_FORMAT: u32 = 1;

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename = "Save", deny_unknown_fields)]
pub struct SaveFile<C> {
    /// File format version (1): an older one is brought up to date if it can be, a newer one refused.
    pub format: u32,
    /// The ruleset's id: the save is played by that ruleset.
    pub ruleset: String,
    /// The scenario's path when the game began.
    pub scenario: String,
    /// A line describing the position (shown in the load menu).
    #[serde(default)]
    pub summary: String,
    /// The seed of the game's random dice: the same seed and commands give the same game.
    pub seed: u64,
    /// Dice results forced into the game (by tests and scripts), each after so many commands.
    #[serde(default)]
    pub forced_dice: Vec<ForcedDice>,
    /// Every command played since the start, in order; loading replays them.
    pub commands: Vec<C>,
    /// Checksum of the state after the last command, in hex.
    pub checksum: String,
    /// The texts of the scenario and every file it uses, by path.
    pub files: FileSet,
    /// In a campaign: the units this battle began with from the battles before it, written into the
    /// scenario's order of battle before play (docs/campaigns.md).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub carried_in: Vec<CarriedUnit>,
    /// The battle is one of a campaign (its first too, which carries no units): rules that differ
    /// in campaigns apply (`Ruleset::campaign_battle`). Kept when the save is detached from its
    /// campaign's record, so that it replays the same.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub campaign_battle: bool,
    /// In a campaign: the campaign this battle belongs to (its file, the battles finished with their
    /// saves, the score and what carries over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign: Option<Box<CampaignRecord>>,
}

/// Brings an older save's text up to the current format, or says why it cannot.
pub fn migrate(format: u32, text: String) -> Result<String, String> {
    match format {
        SAVE_FORMAT => Ok(text),
        f if f > SAVE_FORMAT => {
            Err(format!("this save was written by a newer version of Salient (save format {f}; this version reads up to {SAVE_FORMAT})"))
        }
        f => Err(format!("save format {f} is too old to be read (this version reads format {SAVE_FORMAT})")),
    }
}

/// Writes `bytes` to `path` through a temporary file in the same folder, flushed to disk, then
/// renamed over the target: the previous file stays whole until the new one is complete.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create the folder {}: {}", dir.display(), io_reason(&e)))?;
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_else(|| "save".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write {}: {}", path.display(), io_reason(&e))
    })
}

/// Loads a save of ruleset `R` by replaying it and checking the checksum.
pub fn load_save<R: Ruleset>(file: &SourceFile, format: u32) -> Result<Game<R>, String> {
    let text = migrate(format, file.text.clone())?;
    let save: SaveFile<R::Command> = ron::from_str(&text).map_err(|e| {
        let d = super::source::ron_diagnostic(&file.path, &e);
        format!("{d} (the save is damaged)")
    })?;
    let scenario_path = Path::new(&save.scenario);
    let mut loader = Loader::from_embedded(save.files.clone());
    let scenario_file = loader.load(scenario_path).map_err(|d| d.to_string())?;
    let mut scenario = R::load_scenario(&scenario_file, &mut loader).map_err(|ds| {
        let first = ds.first().map(|d| d.to_string()).unwrap_or_default();
        format!("the scenario stored in the save does not load: {first}")
    })?;
    R::carry_in(&mut scenario, &save.carried_in).map_err(|m| format!("the units carried into this battle do not fit it: {m}"))?;
    if save.campaign_battle {
        R::campaign_battle(&mut scenario);
    }
    let origin = Origin {
        scenario: Arc::new(scenario),
        scenario_path: save.scenario.clone(),
        files: save.files.clone(),
        seed: save.seed,
        forced: save.forced_dice.clone(),
    };
    let game = Game::replay(origin, &save.commands)
        .map_err(|(i, r)| format!("the save does not replay: command {} of {} is refused: {r}", i + 1, save.commands.len()))?
        .in_campaign(InCampaign {
            carried_in: save.carried_in.clone(),
            battle: save.campaign_battle,
            record: save.campaign.clone().map(|b| *b),
        });
    let sum = format!("{:016x}", game.checksum());
    if sum != save.checksum {
        return Err(format!(
            "the save replays to a different position (checksum {sum}, the save says {}): it was changed or made by a different version",
            save.checksum
        ));
    }
    Ok(game)
}
