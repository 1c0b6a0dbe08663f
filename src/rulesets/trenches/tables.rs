//! The ruleset's numbers (`assets/rulesets/trenches/tables.ron`): the unit rows (8.1, 11), terrain
//! costs, cover and concealment (10), fortifications (10.5), fire (7.3-7.6), formations (5), the
//! close combat odds and table (9), indirect fire (7.8), bombardments (7.86) and orders (3.2). The
//! Quick Reference Card is not in the rulebook: the values it holds are RECONSTRUCTED from the
//! rulebook's worked examples and design notes (docs/trenches-reconstruction.md). Code reads every
//! number here.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::units::{Era, Kind};
use crate::engine::source::{Diagnostic, Problems, SourceFile};

/// The tables shipped with the program (used when the data folder has none).
pub const BUILTIN: &str = include_str!("../../../assets/rulesets/trenches/tables.ron");

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename = "Tables", deny_unknown_fields)]
pub struct Tables {
    /// File format version (1): another is refused.
    pub format: u32,
    /// `"trenches"`: tables of another ruleset are refused.
    pub ruleset: String,
    /// Where the numbers come from, and what is reconstructed.
    #[serde(default)]
    pub source: String,
    /// Unit rows by sub-type code (2.6: `RFL`, `MAR`, `MG`...).
    pub units: BTreeMap<String, UnitType>,
    /// What a shock unit changes (3.2, 8.1, the operations' "shock troops").
    pub shock: ShockTroops,
    /// Hex terrain by the map's terrain names (10.1-10.4).
    pub terrain: BTreeMap<String, TerrainRow>,
    /// Hex features of the map that cost or cover like terrain (a stream...), by kind.
    pub features: BTreeMap<String, TerrainRow>,
    /// Cover and costs of fortifications (10.5).
    pub fortifications: Fortifications,
    /// Cover of a crest hex against a lower shooter (10.7).
    pub crest_cover: i32,
    /// Cost of a hex entered along a road (10.8).
    pub road_cost: u32,
    /// Fire (7.3-7.7).
    pub fire: Fire,
    /// Formations (5).
    pub formations: Formations,
    /// What activations cost in orders (3.2).
    pub orders: Orders,
    /// The close combat odds and results (9.1, 9.2).
    pub close_combat: CloseCombat,
    /// Indirect fire (7.8).
    pub indirect: Indirect,
    /// Preliminary bombardments (7.86).
    pub bombardment: Bombardment,
    /// Point fire against AFV (7.62) and AFV in trenches (8.3).
    pub point_fire: PointFire,
    /// Ammunition of guns (7.5).
    pub ammunition: Ammunition,
    /// Cavalry charges (8.5).
    pub cavalry: Cavalry,
}

/// Point fire against AFV (7.62) and AFV in trenches (8.3).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PointFire {
    /// A final to-hit dice roll of at least this hits.
    pub hit_at: i32,
    /// To-hit modifier of a half-strength shooter (7.62's example: -1).
    pub reduced: i32,
    /// A final penetration roll of at least this penetrates.
    pub penetrate_at: i32,
    /// An AFV entering a trench hex is immobilized on a dice roll of at least this (8.3).
    pub trench_bogged_at: u32,
}

/// Ammunition of guns (7.5).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ammunition {
    /// Shrapnel: from this calibre, +this firepower, cover doubled.
    pub shrapnel_from_mm: u32,
    /// Shrapnel's firepower bonus (7.5: +3, never modified).
    pub shrapnel_firepower: u32,
    /// Gas and smoke: from this calibre, in the middle and late war, in formation, by indirect fire.
    pub gas_smoke_from_mm: u32,
    /// Indirect range with gas, smoke or shrapnel: times (1 + 1/this).
    pub range_bonus_divisor: u32,
    /// The exception to `shrapnel_from_mm` (7.5: "During 1918, German 37mm guns may also fire
    /// shrapnel"); none if left out.
    #[serde(default)]
    pub shrapnel_also: Option<ShrapnelAlso>,
}

/// Guns below the shrapnel calibre that fire it all the same, for one side in one year (7.5).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShrapnelAlso {
    /// The side whose guns they are (the German guns are the Central Powers').
    pub side: super::units::Side,
    /// Their calibre in mm (37).
    pub calibre_mm: u32,
    /// The year of the operation in which they may (1918).
    pub year: u32,
}

/// Cavalry (8.5, 11.2).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cavalry {
    /// A charge's target hexes are at least this far from where the move starts.
    pub charge_distance: u32,
    /// Casualties dice roll modifier per cavalry unit in the charging stack.
    pub charge_per_unit: i32,
}

/// One unit row (11): values at full and at reduced strength.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    /// The sub-type's name, as the window shows it (`Rifle platoon`).
    pub name: String,
    /// The unit class: infantry, ordnance, AFV, cavalry... (2.6).
    pub kind: Kind,
    /// Steps at full strength (2.4: two, one for AFV, flamethrowers and super heavy guns; 1 or 2).
    #[schemars(range(min = 1, max = 2))]
    pub steps: u32,
    /// Firepower, normal range and resolve: (full, reduced).
    pub firepower: (u32, u32),
    /// Normal range in hexes: (full, reduced) (7.3).
    pub range: (u32, u32),
    /// Resolve: (full, reduced) (7.4); the full value at least 1.
    pub resolve: (u32, u32),
    /// Movement allowance (8.1).
    pub movement: u32,
    /// Close combat value of one step (9.1).
    pub close_combat: u32,
    /// Indirect fire range (7.3, 11.4); `None`: no indirect fire.
    #[serde(default)]
    pub indirect_range: Option<u32>,
    /// A mortar or howitzer: the crest's height advantage does not count against it (10.7).
    #[serde(default)]
    pub plunging: bool,
    /// An AFV's gun firepower (2.6, 11.1: "X/Y", gun and machine guns); its `firepower` is its
    /// machine guns'. 0: no gun.
    #[serde(default)]
    pub gun: u32,
    /// A gun's barrel width in millimetres (7.5: which ammunition it may fire; 11.4).
    #[serde(default)]
    pub calibre: u32,
    /// A flamethrower (2.4: one step; 9: starts close combat against a fortification from an OUT
    /// or wire counter, and fights units IN a fortress): one-step infantry.
    #[serde(default)]
    pub flamethrower: bool,
}

/// Shock troops (3.2, 8.1, Operations 2 and 3).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShockTroops {
    /// A shock unit's movement allowance, in place of its row's (8.1).
    pub movement: u32,
    /// A shock unit's close combat value of one step, in place of its row's (9.1).
    pub close_combat: u32,
}

/// A terrain or feature row (10.1-10.3).
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct TerrainRow {
    /// Movement points to enter (10.2).
    pub cost: u32,
    /// Cover modifier (10.1).
    pub cover: i32,
    /// Natural cover, forfeited by units in formation (5.3, 10.1).
    pub natural: bool,
    /// Blocks lines of sight one level above its base (7.21, 10.6).
    pub obstacle: bool,
    /// Halves firepower through it, the third one stops the line (7.21, 10.3).
    pub concealment: bool,
    /// Craters: infantry may enter for 1 MP and forsake the cover (10).
    pub crater: bool,
}

/// Fortifications (10.5).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fortifications {
    /// Cover modifier of a unit in a trench (10.51).
    pub trench: i32,
    /// Cover modifier of a unit in a scrape (10.51).
    pub scrape: i32,
    /// Cover modifier of a unit in a strongpoint (10.5).
    pub strongpoint: i32,
    /// Cover modifier of a unit in a dugout (10.52).
    pub dugout: i32,
    /// Cover modifier of a unit IN a fortress, beneath its FORT counter (10.52; 11.3's design note:
    /// "the French forts (cover 18)").
    pub fortress: i32,
    /// Movement points to enter a fortification, or leave a dugout or fort (10.5, 10.52).
    pub enter_cost: u32,
    /// Movement points to go onto wire other than from a connecting trench (10.53).
    pub wire_infantry: u32,
    /// The same for an AFV (10.53: 2).
    pub wire_afv: u32,
    /// From this time frame dugouts exist beneath every hex of these terrains and features (10.52).
    pub dugouts_from: Era,
    /// The terrains and features with dugouts beneath (10.52: trench, strongpoint, village).
    pub dugouts_under: Vec<String>,
}

/// Fire (7.3-7.7).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fire {
    /// Volume of fire modifier = volume / this (7.61; at least 1).
    #[schemars(range(min = 1))]
    pub volume_divisor: u32,
    /// Firepower multiplier against an adjacent target (7.61 example).
    pub adjacent_multiplier: u32,
    /// Divisors of firepower at long range, when engaged, through concealment (7.3, 10.3).
    #[schemars(range(min = 1))]
    pub long_range_divisor: u32,
    /// Divisor of the firepower of an engaged unit (7.3; at least 1).
    #[schemars(range(min = 1))]
    pub engaged_divisor: u32,
    /// Divisor of firepower through each concealing hex (10.3; at least 1).
    #[schemars(range(min = 1))]
    pub concealment_divisor: u32,
    /// Long range is this many times the normal range (7.3).
    pub long_range_factor: u32,
    /// Casualties dice roll modifier against a moving target (QRC, design notes).
    pub moving_target: i32,
    /// A final casualties dice roll of at least this reduces a step (7.4).
    pub step_loss_at: i32,
    /// The concealed hex that stops a line of sight (7.21: the third).
    pub concealment_stop: u32,
}

/// Formations (5).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Formations {
    /// Resolve added to units in formation (5.2: +1).
    pub resolve_bonus: u32,
    /// The coordination penalty is the printed allowance divided by this (5.3; at least 1).
    #[schemars(range(min = 1))]
    pub coordination_divisor: u32,
    /// Infantry units in one formation, and identical infantry units sharing a letter ID, at most (5.1, 13.2: 4).
    pub infantry_max: u32,
    /// Other units in one formation, and identical other units sharing a letter ID, at most (5.1, 13.2: 3).
    pub other_max: u32,
}

/// Orders, in half orders (3.2).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Orders {
    /// Half orders to activate one non-shock unit (2: one order).
    pub unit_halves: u32,
    /// Half orders to activate one shock unit (1: half an order).
    pub shock_halves: u32,
    /// Half orders to activate a formation (2: one order).
    pub formation_halves: u32,
    /// Activations cost this many times more at night (2).
    pub night_multiplier: u32,
}

/// Close combat (9.1, 9.2).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CloseCombat {
    /// Odds (phasing, non-phasing) and their dice modifier, lowest odds first (9.1).
    #[schemars(length(min = 1))]
    pub odds: Vec<(u32, u32, i32)>,
    /// Modified roll, phasing (attacker) losses, non-phasing (defender) losses, lowest roll
    /// first; a roll below the first row reads the first, above the last the last (9.2).
    #[schemars(length(min = 1))]
    pub results: Vec<(i32, u32, u32)>,
}

/// Indirect fire (7.8).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Indirect {
    /// The least distance in hexes of indirect fire (7.3: three).
    pub min_range: u32,
    /// Accuracy die at or below which the shot hits, and hexes a miss strays: good, bad visibility (7.84).
    pub good: (i32, u32),
    /// The same in bad visibility (7.84: a miss strays two hexes).
    pub bad: (i32, u32),
    /// Accuracy modifier for the same hex on consecutive turns (7.82).
    pub consecutive: i32,
    /// Firepower penalty per unit of a hurricane barrage or barrage (7.83).
    pub pattern_penalty: u32,
    /// Accuracy modifier of fire at a pre-registered hex (7.88).
    pub preregistered: i32,
    /// Off-map ordnance (7.87): an original accuracy die of this cancels the fire and removes the
    /// battery; pattern and ammunition modifiers count this many times.
    pub off_map_cancel: i32,
    /// How many times off-map ordnance counts pattern and ammunition modifiers (7.87: twice).
    pub off_map_multiplier: u32,
}

/// Preliminary bombardments (7.86).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Bombardment {
    /// Added to the saturation die when "siege artillery" bombards (7.861: +1).
    pub siege_bonus: i32,
    /// Shock procedure (7.862): a die of at least this engages the hex's units.
    pub shock_engages_at: i32,
    /// A secret roll picks the unit hit by rounds falling short, once per this many units moved.
    pub short_rounds_per: u32,
}

impl Tables {
    pub fn unit(&self, subtype: &str) -> Option<&UnitType> {
        self.units.get(subtype)
    }

    /// The close combat modifier of the odds `a:d`: the nearest listed ratio not above (9.1).
    pub fn odds_modifier(&self, a: u32, d: u32) -> Option<(u32, u32, i32)> {
        if d == 0 {
            return self.close_combat.odds.last().copied();
        }
        self.close_combat.odds.iter().rev().find(|(x, y, _)| u64::from(a) * u64::from(*y) >= u64::from(*x) * u64::from(d)).copied()
    }

    /// Losses (attacker, defender) for a modified close combat roll (9.2).
    pub fn close_combat_losses(&self, roll: i32) -> (u32, u32) {
        let rows = &self.close_combat.results;
        let row = rows.iter().rev().find(|r| r.0 <= roll).or(rows.first()).copied().unwrap_or((0, 0, 0));
        (row.1, row.2)
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
    for (code, u) in &t.units {
        if u.steps == 0 || u.steps > 2 {
            p.push(format!("units.{code}.steps"), "a unit has one or two steps (2.4)");
        }
        if u.flamethrower && (u.steps != 1 || u.kind != super::units::Kind::Infantry) {
            p.push(format!("units.{code}.flamethrower"), "flamethrowers are one-step infantry units (2.4, 11.3)");
        }
        if u.resolve.0 == 0 {
            p.push(format!("units.{code}.resolve"), "a resolve of 0 would lose to every roll (7.4)");
        }
    }
    for (name, divisor) in [
        ("fire.volume_divisor", t.fire.volume_divisor),
        ("fire.long_range_divisor", t.fire.long_range_divisor),
        ("fire.engaged_divisor", t.fire.engaged_divisor),
        ("fire.concealment_divisor", t.fire.concealment_divisor),
        ("formations.coordination_divisor", t.formations.coordination_divisor),
    ] {
        if divisor == 0 {
            p.push(name, "a divisor of 0 divides by nothing");
        }
    }
    if t.close_combat.odds.is_empty() {
        p.push("close_combat.odds", "the odds table needs at least one ratio (9.1)");
    }
    for (i, w) in t.close_combat.odds.windows(2).enumerate() {
        if u64::from(w[0].0) * u64::from(w[1].1) >= u64::from(w[1].0) * u64::from(w[0].1) {
            p.push(format!("close_combat.odds.{}", i + 1), "list the odds from the lowest ratio to the highest (9.1)");
        }
    }
    if t.close_combat.odds.iter().any(|o| o.0 == 0 || o.1 == 0) {
        p.push("close_combat.odds", "a ratio has two numbers above 0, like (3, 2, 1)");
    }
    if t.close_combat.results.is_empty() {
        p.push("close_combat.results", "the close combat table needs at least one row (9.2)");
    }
    for (i, w) in t.close_combat.results.windows(2).enumerate() {
        if w[1].0 <= w[0].0 {
            p.push(format!("close_combat.results.{}", i + 1), "list the rows by modified roll, lowest first (9.2)");
        }
    }
    if p.is_empty() { Ok(t) } else { Err(file.locate_all(p)) }
}
