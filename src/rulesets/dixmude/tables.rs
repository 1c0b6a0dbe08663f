//! The ruleset's numbers (`assets/rulesets/dixmude/tables.ron`): resource points (4), strategy costs
//! (5), stacking (1.1.2), artillery range (1.3.2), and the four tables the rulebook names but does
//! not print (bombing 7.2, counter-battery 7.2, defensive fire 8.2, assault 8.3), reconstructed
//! (docs/dixmude-reconstruction.md, "Tables"); the Yser crossing (8.6) and the Diksmuide ruins
//! (7.3) as printed. Code reads every number here.

use serde::{Deserialize, Serialize};

use crate::engine::source::{Diagnostic, Problems, SourceFile};

/// The tables shipped with the program (used when the data folder has none).
pub const BUILTIN: &str = include_str!("../../../assets/rulesets/dixmude/tables.ron");

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename = "Tables", deny_unknown_fields)]
pub struct Tables {
    /// File format version (1): another is refused.
    pub format: u32,
    /// `"dixmude"`: tables of another ruleset are refused.
    pub ruleset: String,
    /// Where the numbers come from, and what is reconstructed.
    #[serde(default)]
    pub source: String,
    /// The number of game turns (11.2: the end of turn 7; at least 1).
    #[schemars(range(min = 1))]
    pub turns: u32,
    /// Resource points each turn and what they buy (4).
    pub resource_points: ResourcePoints,
    /// What the second strategy counter costs (5).
    pub strategies: StrategyCosts,
    /// The stacking limit of a zone (1.1.2).
    pub stacking: Stacking,
    /// Zones field artillery fires over (1.3.2).
    pub field_range: u32,
    /// The bombing table (7.2-7.3).
    pub bombing: Bombing,
    /// Counter-battery (7.2): the penalty on the bombing die by the counter-battery roll (1 to 6).
    #[schemars(length(min = 6, max = 6))]
    pub counter_battery: Vec<i32>,
    /// The defensive fire table (8.2).
    pub defensive_fire: DefensiveFire,
    /// The assault table (8.3).
    pub assault: Assault,
    /// The Yser crossing (8.6), by the roll (1 to 6): success, and a hit to one offensive battalion.
    #[schemars(length(min = 6, max = 6))]
    pub yser: Vec<(bool, bool)>,
    /// Diksmuide's defence bonus and its ruins (7.3.5).
    pub diksmuide: Diksmuide,
    /// The reorganisation phase (9).
    pub reorganisation: Reorganisation,
}

/// 4.1, 5.2 (under section 4).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResourcePoints {
    /// RP the Franco-Belgian player receives each turn (4.1: 6).
    pub franco_belgian: u32,
    /// RP the German receives each turn (4.1: 8).
    pub german: u32,
    /// RP that may be kept from one turn to the next.
    pub stock: u32,
    /// RP available at most at the beginning of phase D (and whenever a strategy adds some).
    pub cap: u32,
    /// Putting the battalions of one zone on the offensive, or a permutation (8.1, 8.1.1).
    pub activation: u32,
}

/// 5: the second strategy counter.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StrategyCosts {
    /// RP for the Franco-Belgian's second counter, of his choice (1).
    pub franco_belgian_choice: u32,
    /// RP for the German's second counter drawn at random (1).
    pub german_random: u32,
    /// RP for the German's second counter of his choice (3).
    pub german_choice: u32,
    /// Counters in a hand at most (2; at least 1).
    #[schemars(range(min = 1))]
    pub hand: u32,
}

/// 1.1.2.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stacking {
    /// Infantry battalions in a zone at most (3; at least 1); HQ, detached companies and machine
    /// guns do not count.
    #[schemars(range(min = 1))]
    pub battalions: u32,
    /// Artillery regiments in a zone at most (1; the two French heavy detachments count as one).
    pub artillery: u32,
}

/// 7.2-7.3. RECONSTRUCTED but for the repeat penalty (7.2).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Bombing {
    /// Die modifier of heavy artillery.
    pub heavy_bonus: i32,
    /// Die modifier of the Taube for heavy artillery (12.2.1).
    pub taube_bonus: i32,
    /// Cumulative penalty per earlier bombing of the same zone this phase (7.2).
    pub repeat_penalty: i32,
    /// Hits by bombing strength: the row of the highest `strength` not above the unit's, read at the
    /// modified die (1 first; below 1 no hit, above the last the last).
    #[schemars(length(min = 1))]
    pub hits: Vec<BombingRow>,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BombingRow {
    /// The least bombing strength this row is for; rows in increasing strength.
    pub strength: i32,
    /// Hits by modified die, 1 first.
    #[schemars(length(min = 1))]
    pub hits: Vec<u32>,
}

/// 8.2. The columns are RECONSTRUCTED; the modifiers are printed (8.2.1).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DefensiveFire {
    /// Columns by fire power: the first whose `max` is not below it (the last beyond).
    #[schemars(length(min = 1))]
    pub columns: Vec<FireColumn>,
    /// Added per zone with infantry of the firing camp adjacent to the offensive units' zone.
    pub per_adjacent_zone: i32,
    /// Added per battalion designated by a star (BCP, RCP, RJB) among the offensive units.
    pub per_star: i32,
    /// The column of 8.2.2 and 8.4.1 ("column 1-3"): its `max`.
    pub exposed_column: i32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FireColumn {
    /// The highest fire power this column is for; columns in increasing fire power.
    pub max: i32,
    /// Hits by the die, 1 to 6.
    #[schemars(length(min = 6, max = 6))]
    pub hits: Vec<u32>,
}

/// 8.3. The columns are RECONSTRUCTED; the cap and the success threshold are printed (8.3.2-8.3.3).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Assault {
    /// The die modifier is limited to +cap and -cap.
    pub cap: i32,
    /// The attacker wins on a modified roll of this or more.
    pub success: i32,
    /// Columns by amplitude (battalions in attack and defence): the first whose `max_amplitude` is
    /// not below it (the last beyond).
    #[schemars(length(min = 1))]
    pub columns: Vec<AssaultColumn>,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AssaultColumn {
    /// The highest amplitude (battalions in attack and defence, 8.3.2) this column is for; columns
    /// in increasing amplitude.
    pub max_amplitude: u32,
    /// Rows by modified roll: the row with the highest `from` not above the roll.
    #[schemars(length(min = 1))]
    pub rows: Vec<AssaultRow>,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AssaultRow {
    /// The lowest modified roll this row is for; rows in increasing `from`.
    pub from: i32,
    /// Hits the attacker takes.
    pub attacker: u32,
    /// Hits the defender takes.
    pub defender: u32,
}

/// 7.3.5 (printed 8.3.5 under 7.3): the town's bonus and the ruins markers.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Diksmuide {
    /// The town's defence bonus before it is in ruins (+4).
    pub bonus: i32,
    /// The ruins marker's sides: first +3, then +2.
    #[schemars(length(min = 2, max = 2))]
    pub ruins: Vec<i32>,
}

/// 9.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reorganisation {
    /// Battalions raised one level for 1 RP (9.2).
    pub raise_per_rp: u32,
    /// Optional rule (9.2): RP to raise three Belgian battalions (1 without the option).
    pub belgian_raise_cost: u32,
    /// Franco-Belgian battalions raised free in the BrFM HQ's zone (9.2).
    pub hq_free: u32,
    /// German battalions raised free in the HQ zone of the XXII Reserve-Korps (9.2).
    pub german_hq_free: u32,
    /// Zones dug for 1 RP (9.4).
    pub dig_zones: u32,
    /// Rebuilding an out-of-action battalion (9.3).
    pub rebuild: u32,
}

impl Tables {
    pub fn bombing_hits(&self, strength: i32, roll: i32) -> u32 {
        let Some(row) = self.bombing.hits.iter().rev().find(|r| r.strength <= strength).or(self.bombing.hits.first()) else {
            return 0;
        };
        if roll < 1 || row.hits.is_empty() {
            return 0;
        }
        row.hits[((roll - 1) as usize).min(row.hits.len() - 1)]
    }

    pub fn fire_column(&self, power: i32) -> Option<&FireColumn> {
        if power <= 0 {
            return None;
        }
        self.defensive_fire.columns.iter().find(|c| c.max >= power).or(self.defensive_fire.columns.last())
    }

    pub fn fire_hits(&self, power: i32, roll: u32) -> u32 {
        self.fire_column(power).and_then(|c| c.hits.get((roll.clamp(1, 6) - 1) as usize).copied()).unwrap_or(0)
    }

    pub fn assault_row(&self, amplitude: u32, roll: i32) -> AssaultRow {
        let col = self.assault.columns.iter().find(|c| c.max_amplitude >= amplitude).or(self.assault.columns.last());
        col.and_then(|c| c.rows.iter().rev().find(|r| r.from <= roll).or(c.rows.first()).copied()).unwrap_or(AssaultRow {
            from: 0,
            attacker: 0,
            defender: 0,
        })
    }

    pub fn counter_battery_penalty(&self, roll: u32) -> i32 {
        self.counter_battery.get((roll.clamp(1, 6) - 1) as usize).copied().unwrap_or(0)
    }
}

/// Reads and checks a tables file.
pub fn parse(file: &SourceFile) -> Result<Tables, Vec<Diagnostic>> {
    let t: Tables = file.parse().map_err(|d| vec![d])?;
    let mut p = Problems::default();
    if t.format != 1 {
        p.push("format", format!("tables format {} is not supported; this version reads format 1", t.format));
    }
    if t.ruleset != super::ID {
        p.push("ruleset", format!("these are tables for `{}`, not `{}`", t.ruleset, super::ID));
    }
    if t.turns == 0 {
        p.push("turns", "the game has at least one turn");
    }
    if t.stacking.battalions == 0 {
        p.push("stacking.battalions", "the stacking limit must be at least 1");
    }
    for (name, len, v) in [("counter_battery", 6, t.counter_battery.len()), ("yser", 6, t.yser.len())] {
        if v != len {
            p.push(name, format!("one entry per die roll, 1 to 6: {len} entries, not {v}"));
        }
    }
    if t.bombing.hits.is_empty() {
        p.push("bombing.hits", "the bombing table needs at least one row");
    }
    for (i, r) in t.bombing.hits.iter().enumerate() {
        if r.hits.is_empty() {
            p.push(format!("bombing.hits.{i}.hits"), "a row of hits by modified die, 1 first");
        }
        if i > 0 && r.strength <= t.bombing.hits[i - 1].strength {
            p.push(format!("bombing.hits.{i}.strength"), "rows in increasing strength");
        }
    }
    if t.defensive_fire.columns.is_empty() {
        p.push("defensive_fire.columns", "the fire table needs at least one column");
    }
    for (i, c) in t.defensive_fire.columns.iter().enumerate() {
        if c.hits.len() != 6 {
            p.push(format!("defensive_fire.columns.{i}.hits"), "six results, one per die roll 1 to 6");
        }
        if i > 0 && c.max <= t.defensive_fire.columns[i - 1].max {
            p.push(format!("defensive_fire.columns.{i}.max"), "columns in increasing fire power");
        }
    }
    if t.assault.columns.is_empty() {
        p.push("assault.columns", "the assault table needs at least one column");
    }
    for (i, c) in t.assault.columns.iter().enumerate() {
        if c.rows.is_empty() {
            p.push(format!("assault.columns.{i}.rows"), "a column needs at least one row");
        }
        if c.rows.windows(2).any(|w| w[1].from <= w[0].from) {
            p.push(format!("assault.columns.{i}.rows"), "rows in increasing `from`");
        }
        if i > 0 && c.max_amplitude <= t.assault.columns[i - 1].max_amplitude {
            p.push(format!("assault.columns.{i}.max_amplitude"), "columns in increasing amplitude");
        }
    }
    if t.diksmuide.ruins.len() != 2 {
        p.push("diksmuide.ruins", "the ruins marker has two sides (+3, then +2)");
    }
    if t.strategies.hand == 0 {
        p.push("strategies.hand", "a hand holds at least one counter");
    }
    if p.is_empty() { Ok(t) } else { Err(file.locate_all(p)) }
}
