//! Campaigns (DESIGN.md, Campaigns; docs/campaigns.md): a campaign file chains battles — in a fixed
//! order or branching on each battle's result level — and says as data what carries over (a score;
//! surviving units and their strength, matched by id). The campaign save holds every finished
//! battle's save and the carried state, and replays like any save. The engine names no ruleset: a
//! battle's rule system comes from its scenario file.

pub mod carry;
pub mod record;
pub mod spec;

pub use carry::{CarriedUnit, ResultLevel, carried_units};
pub use record::{CampaignRecord, FinishedBattle, battle_seed, load_campaign_save};
pub use spec::{BattleSpec, Campaign, CampaignSpec, LevelSpec, Next, Points, check_campaign};
