//! The ruleset's tables (`assets/rulesets/bastards/tables.ron`): terrain, the Table of Actions, the
//! tank combat matrix, breakdown, repair, artillery and the elimination test. Code reads every number
//! from here.

use serde::{Deserialize, Serialize};

use crate::engine::board::hex::Direction;
use crate::engine::source::{Diagnostic, Problems, SourceFile};

use super::units::{Side, UnitKind};

/// The tables shipped with the program (used when the data folder has none).
pub const BUILTIN: &str = include_str!("../../../assets/rulesets/bastards/tables.ron");

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename = "Tables", deny_unknown_fields)]
pub struct Tables {
    /// File format version (1): another is refused.
    pub format: u32,
    /// `"bastards"`.
    pub ruleset: String,
    /// Where the numbers come from, and what is reconstructed.
    #[serde(default)]
    pub source: String,
    /// The Terrain Table: every terrain type maps may use, each id once.
    pub terrain: Vec<TerrainType>,
    /// Hex and hexside features maps may use: `trench` (hex, with owner), `road` (hexside), and
    /// decorative ones with no rule effect.
    pub features: Vec<String>,
    /// The effects of trenches (Terrain Table, Friendly Trenches).
    pub trench: TrenchEffects,
    /// Extra MP to enter an enemy zone of control (glossary, ZoC).
    pub zoc_extra_mp: ZocCosts,
    /// The Table of Actions (2.1).
    pub actions: ActionCosts,
    /// The most medals a unit may have, a hero's or a trench's extra medal included (Units: 2 to 4; 7.2).
    #[schemars(range(min = 1, max = 4))]
    pub max_medals: u32,
    /// The combat action's fire (3.2).
    pub combat: CombatTable,
    /// Tanks in combat (3.2): die modifier per attacker and tank defender; absent pairs are prohibited.
    pub tank_combat: Vec<TankCombatEntry>,
    /// The assault action (3.3).
    pub assault: AssaultTable,
    /// Mechanical breakdown (4.1).
    pub breakdown: BreakdownTable,
    /// Repair of tanks (4.2).
    pub repair: RepairTable,
    /// Artillery barrages (Artillery).
    pub artillery: ArtilleryTable,
    /// The test for eliminated battalions and their return to play.
    pub elimination_test: EliminationTest,
    /// "Nightfall" turns.
    pub nightfall: NightfallTable,
    /// The random sequence of play and its activation markers (chapter 7).
    pub random_sequence: RandomSequenceTable,
    /// When a reinforcement group may enter (2.3).
    #[serde(default)]
    pub reinforcement_entry: ReinforcementEntry,
}

/// When a reinforcement group may enter play (2.3). The text: the tanks "arriving as reinforcements
/// on turn 2 enter play ... during the Allied player's activation phase" (2.3.2), so a group enters
/// on its turn (`OnItsTurn`) and a unit not brought in then is not used; `FromItsTurn` (a house
/// reading) lets it enter on any later turn too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum ReinforcementEntry {
    /// A group enters on its own turn only, as the text says (the default).
    #[default]
    OnItsTurn,
    /// A group may enter on its turn or any later turn (a house reading).
    FromItsTurn,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainType {
    /// The terrain's id, which maps' legends name (`clear`, `forest`...).
    pub id: String,
    /// The terrain's name, as the window shows it.
    pub name: String,
    /// MP to enter (rules text).
    #[schemars(range(min = 1, max = 20))]
    pub cost: u32,
    /// MP to enter by the play aid, where it differs (village: 1).
    #[serde(default)]
    pub play_aid_cost: Option<u32>,
    /// Die modifier to attack a battalion here (3.2).
    pub combat_drm: i32,
    /// Blocks line of sight (glossary, LoS).
    pub blocks_los: bool,
    /// Forest and village: tanks cannot fight into or from here, nor assault into it (3.2, Tanks).
    pub closed: bool,
    /// No unit may enter or stand here.
    #[serde(default)]
    pub impassable: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrenchEffects {
    /// Extra MP to enter an enemy trench hex.
    pub enemy_extra_mp: u32,
    /// Die modifier to attack an enemy battalion that sits in the attacker's own (friendly) trench.
    pub combat_drm_in_attackers_trench: i32,
    /// Die modifier to attack an enemy battalion in its own trench (an enemy trench to the attacker).
    pub combat_drm_in_own_trench: i32,
    /// Die modifier to an assault into an enemy trench hex.
    pub assault_drm: i32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZocCosts {
    /// For a battalion with 4 medals (+1).
    pub battalion_four_medals: u32,
    /// For a battalion with fewer than 4 medals (+2).
    pub battalion: u32,
    /// For a tank (0).
    pub tank: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionCosts {
    /// MP a battalion gets for each medal spent on movement (2; at least 1).
    #[schemars(range(min = 1))]
    pub mp_per_medal_battalion: u32,
    /// MP a tank gets for each medal spent on movement (4; at least 1).
    #[schemars(range(min = 1))]
    pub mp_per_medal_tank: u32,
    /// A tank cannot spend more than this many medals per turn to move.
    pub tank_movement_medals_per_turn: u32,
    /// Medals a battalion's assault costs (3).
    pub assault_battalion: u32,
    /// Medals a tank's assault costs (1).
    pub assault_tank: u32,
    /// Medals a rally costs (2).
    pub rally: u32,
    /// Medals a rally costs in a friendly trench (1).
    pub rally_in_friendly_trench: u32,
    /// Medals a rally costs in an enemy ZoC outside a friendly trench (3).
    pub rally_in_enemy_zoc_outside_trench: u32,
    /// Medals a battalion's infiltration costs (3).
    pub infiltration_battalion: u32,
    /// Medals a battalion's infiltration costs from a friendly trench (2).
    pub infiltration_battalion_from_trench: u32,
    /// Medals a tank's infiltration costs (2).
    pub infiltration_tank: u32,
    /// Medals a battalion's withdrawal costs (2).
    pub withdrawal_battalion: u32,
    /// Medals a battalion's withdrawal costs from a friendly trench (1).
    pub withdrawal_battalion_from_trench: u32,
    /// Medals a tank's withdrawal costs (1).
    pub withdrawal_tank: u32,
    /// Extra medal for a combat action that is the only action of an activation, from a friendly trench.
    pub lone_combat_bonus_from_trench: u32,
    /// Medals an MG battalion spends on combat first, or loses without a target (optional rule 1).
    pub mg_combat_medals: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CombatTable {
    /// A loss on this modified result or more (a d6 target, 1 to 7).
    #[schemars(range(min = 1, max = 7))]
    pub hit_on: i32,
    /// Tanks fire this far with a clear line of sight.
    pub tank_range: u32,
}

/// The attacker row of the tank combat matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Attacker {
    /// A battalion of this side.
    Battalion(Side),
    /// A tank of this kind.
    Tank(UnitKind),
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TankCombatEntry {
    /// Who fires.
    pub attacker: Attacker,
    /// The tank fired at.
    pub defender: UnitKind,
    /// The die modifier of that fire.
    pub drm: i32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AssaultTable {
    /// A loss on this or more with more medals than the defender (a d6 target, 1 to 7)...
    #[schemars(range(min = 1, max = 7))]
    pub hit_on_more_medals: i32,
    /// ...and on this or more otherwise (1 to 7).
    #[schemars(range(min = 1, max = 7))]
    pub hit_on: i32,
    /// Optional rule 2: a battalion's assault on a tank at night costs this and hits on `hit_on_more_medals`.
    pub night_vs_tank_cost: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BreakdownTable {
    /// Breakdown on a die of this or less: German tanks entering costly terrain on turn 1...
    pub german_terrain_turn_1: u32,
    /// ...German tanks entering costly terrain on later turns...
    pub german_terrain: u32,
    /// ...Allied tanks entering costly terrain...
    pub allied_terrain: u32,
    /// ...and any tank after an assault.
    pub after_assault: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RepairTable {
    /// Modifier to the repair die if the tank is in an enemy ZoC (+2).
    pub enemy_zoc_modifier: i32,
    /// Repaired on this modified result or less.
    pub repaired_on: i32,
    /// Eliminated on this modified result or more.
    pub eliminated_on: i32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArtilleryTable {
    /// The barrage hits the target hex on this modified result or less, otherwise it scatters.
    pub on_target: i32,
    /// Modifier to the barrage die on turn 1, for the spotting of the previous days (-1).
    pub turn_1_modifier: i32,
    /// Scatter direction for each die result 1 to 6 (the map's diagram; reconstructed).
    #[schemars(length(min = 6, max = 6))]
    pub scatter: Vec<Direction>,
    /// A tank hit takes a loss on this or more.
    pub tank_loss_on: u32,
    /// Modifier to a battalion's survival die in a trench.
    pub trench_modifier: i32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EliminationTest {
    /// Modifier for a battalion eliminated as the attacker in an assault on an enemy battalion (+3).
    pub attacker_in_assault_on_battalion: i32,
    /// Modifier for a battalion eliminated as the defender of an enemy battalion's assault (+2).
    pub defender_of_battalion_assault: i32,
    /// Modifier for a battalion eliminated by an enemy battalion's attack or a barrage (+1).
    pub battalion_attack_or_barrage: i32,
    /// Modifier for a battalion eliminated by an attack or assault involving a tank (0).
    pub tank_involved: i32,
    /// Modifier for a battalion eliminated on the night turn (-2).
    pub night: i32,
    /// Results at or below 1 that are not a natural 1 become this.
    pub floor: i32,
    /// Permanently eliminated above this.
    pub max: i32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NightfallTable {
    /// Disorganised battalions pull back this many hexes.
    pub pull_back: u32,
    /// The confusion marker is placed here, then moved back a die.
    pub confusion_reset: i32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RandomSequenceTable {
    /// Activation markers drawn each turn (7.1: five).
    pub draws_per_turn: u32,
    /// Tanks a Tanks marker activates at most (7.2: three).
    pub tanks_per_marker: u32,
    /// Eliminated battalions a Reinforcements marker brings back at most (7.2: two).
    pub reinforcements_per_marker: u32,
    /// Units each side may reorganise on a Pause marker (7.2: three).
    pub pause_units: u32,
    /// Hexes a Rout marker's disorganised battalions fall back (7.2: five).
    pub rout_distance: u32,
    /// Markers of one barrage drawn by an Artillery activation marker, per side (reconstructed).
    pub artillery_markers_allied: u32,
    /// The same for the German side (reconstructed).
    pub artillery_markers_german: u32,
    /// When the drawn markers go back into the opaque container (7.1).
    pub pool_refill: PoolRefill,
    /// Hero counters per side (7.2; reconstructed: the counter sheet is not public).
    pub hero_counters_per_side: u32,
}

/// When the activation-marker pool is filled again (7.1): the text fills it "at the start of the
/// game" and does not return drawn markers; `Day` and `Turn` are house readings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum PoolRefill {
    /// Filled once, at the start of the game, as the text says.
    Game,
    /// Filled again at the start of each day (a house reading).
    Day,
    /// Filled again at the start of each turn (a house reading).
    Turn,
}

impl Tables {
    pub fn terrain(&self, id: &str) -> Option<&TerrainType> {
        self.terrain.iter().find(|t| t.id == id)
    }

    /// The die modifier when `attacker` fights a tank of kind `defender`; `None` if prohibited.
    pub fn tank_combat_drm(&self, attacker: Attacker, defender: UnitKind) -> Option<i32> {
        self.tank_combat.iter().find(|e| e.attacker == attacker && e.defender == defender).map(|e| e.drm)
    }
}

/// Parses and checks a tables file.
pub fn parse(file: &SourceFile) -> Result<Tables, Vec<Diagnostic>> {
    let t: Tables = file.parse().map_err(|d| vec![d])?;
    let mut p = Problems::default();
    if t.format != 1 {
        p.push("format", format!("tables format {} is not supported; this version reads format 1", t.format));
    }
    if t.artillery.scatter.len() != 6 {
        p.push("artillery.scatter", "give one direction for each die result 1 to 6");
    }
    for (i, tt) in t.terrain.iter().enumerate() {
        if t.terrain[..i].iter().any(|o| o.id == tt.id) {
            p.push(format!("terrain.{i}.id"), format!("terrain `{}` is defined twice", tt.id));
        }
        if tt.cost == 0 || tt.cost > 20 {
            p.push(format!("terrain.{i}.cost"), format!("a movement cost of {} MP is out of range (1 to 20)", tt.cost));
        }
    }
    for (name, v) in [
        ("combat.hit_on", t.combat.hit_on),
        ("assault.hit_on", t.assault.hit_on),
        ("assault.hit_on_more_medals", t.assault.hit_on_more_medals),
    ] {
        if !(1..=7).contains(&v) {
            p.push(name, format!("{v} is out of range for a d6 target (1 to 7)"));
        }
    }
    if !(1..=4).contains(&t.max_medals) {
        p.push("max_medals", "medals go from 1 to 4");
    }
    if t.actions.mp_per_medal_battalion == 0 || t.actions.mp_per_medal_tank == 0 {
        p.push("actions", "a medal must buy at least 1 MP");
    }
    if p.is_empty() { Ok(t) } else { Err(file.locate_all(p)) }
}
