//! The ruleset's numbers (`assets/rulesets/rtc/tables.ron`): stacking (9.35), initiative (5.1),
//! movement costs (9.32-9.52, 8.21, 8.3), bombardment (7.5-7.9), attacks (10.2-10.6), fatigue (11.2),
//! and the options where the rulebook and its play aid card disagree. Code reads every number here.

use serde::{Deserialize, Serialize};

use crate::engine::source::{Diagnostic, Problems, SourceFile};

/// The tables shipped with the program (used when the data folder has none).
pub const BUILTIN: &str = include_str!("../../../assets/rulesets/rtc/tables.ron");

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename = "Tables", deny_unknown_fields)]
pub struct Tables {
    /// File format version (1): another is refused.
    pub format: u32,
    /// `"rtc"`: tables of another ruleset are refused.
    pub ruleset: String,
    /// Where the numbers come from, and what is reconstructed.
    #[serde(default)]
    pub source: String,
    /// Units of one side in one area, at all times (9.35; at least 1).
    #[schemars(range(min = 1))]
    pub stacking: u32,
    /// Initiative determination (5.1).
    pub initiative: InitiativeTable,
    /// Movement costs in movement points (9.32-9.52, 8.21, 8.3).
    pub movement: MovementTable,
    /// Artillery bombardment (7.5-7.9).
    pub bombardment: BombardmentTable,
    /// Attacks (10.2-10.6).
    pub attack: AttackTable,
    /// Rolling and interdiction barrages (8.2).
    pub barrage: BarrageTable,
    /// Fatigue in the administrative phase (11.2).
    pub fatigue: FatigueTable,
    /// Where the rulebook and the play aid card disagree.
    #[serde(default)]
    pub options: Options,
}

/// 5.1.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InitiativeTable {
    /// Turns in which the British have the initiative without a roll (1-3).
    pub british_turns: Vec<u32>,
    /// Dice each player rolls for the initiative from then on (2; 1 to 6).
    #[schemars(range(min = 1, max = 6))]
    pub dice: u32,
    /// British modifier per tank unit on the map.
    pub per_tank: i32,
    /// German modifier per Stosstruppen unit on the map.
    pub per_stosstruppen: i32,
    /// British modifier per BR area controlled.
    pub per_br_area: i32,
}

/// 9.32-9.52, 8.21, 8.3.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MovementTable {
    /// No enemy in or next to the area (9.32).
    pub clear: u32,
    /// No enemy units, but next to fresh enemy units not in an area with friendly units (9.33).
    pub next_to_fresh_enemy: u32,
    /// Only spent enemy units in the area (9.52).
    pub spent_enemy: u32,
    /// Fresh enemy units in the area (9.51).
    pub fresh_enemy: u32,
    /// A friendly rolling barrage marker reduces the cost by this much (8.21)...
    pub rolling_barrage: u32,
    /// ...but never below this (at least 1).
    #[schemars(range(min = 1))]
    pub minimum: u32,
    /// Extra cost for enemy units to enter and to leave an interdicted area (8.3).
    pub interdiction: u32,
}

/// Loss points: what each way of paying costs.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LossCosts {
    /// Loss points to flip a fresh unit to its spent side (7.63: 2 for artillery, 3 for others; at least 1).
    #[schemars(range(min = 1))]
    pub flip: u32,
    /// Loss points to eliminate a spent unit (7.63: 2 for artillery, 3 for others; at least 1).
    #[schemars(range(min = 1))]
    pub eliminate_spent: u32,
    /// Loss points to eliminate a fresh unit (7.63: 4 for artillery, 6 for others; at least 1).
    #[schemars(range(min = 1))]
    pub eliminate_fresh: u32,
    /// Retreat a spent unit (attacks only, 10.31 d).
    #[serde(default)]
    pub retreat_spent: Option<u32>,
}

/// 7.5-7.9.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BombardmentTable {
    /// Dice each side rolls for the offensive and defensive totals (7.5: 2; 1 to 6).
    #[schemars(range(min = 1, max = 6))]
    pub dice: u32,
    /// Dice the bombarding side rolls in a hurricane bombardment (7.7: 3; 1 to 6).
    #[schemars(range(min = 1, max = 6))]
    pub hurricane_dice: u32,
    /// Range from which the lead unit may be degraded (7.32).
    pub long_range: u32,
    /// The degraded lead unit's strength (7.32).
    pub degraded_strength: i32,
    /// Added to the offensive total for each supporting artillery unit (7.5 OT b: +1).
    pub support_each: i32,
    /// The TEM used against artillery targets, before doubling (7.5 DT a).
    pub artillery_target_tem: i32,
    /// Non-artillery units above this number each reduce the doubled TEM by one (7.5 DT a)...
    pub crowding_above: u32,
    /// ...to no less than this.
    pub minimum_tem: i32,
    /// Unmodified OT roll from which the guns run out of ammunition (7.8) and friendly fire hits (7.9).
    pub out_of_ammo_at: u32,
    /// Unmodified OT roll from which the bombarding side's own fresh units in the target area are
    /// hit by friendly fire (7.9: 8).
    pub friendly_fire_at: u32,
    /// What loss points buy against artillery targets (7.63).
    pub artillery_losses: LossCosts,
    /// What loss points buy against infantry, tank and cavalry targets (7.63).
    pub other_losses: LossCosts,
}

/// 10.2-10.6.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttackTable {
    /// Dice each side rolls for an attack's offensive and defensive totals (2; 1 to 6).
    #[schemars(range(min = 1, max = 6))]
    pub dice: u32,
    /// Added to a total for each supporting unit (10.2 b, c: +1).
    pub support_each: i32,
    /// Divisional integrity (10.2 c): this bonus for this many units of one division.
    pub divisional_integrity: i32,
    /// How many units of one division give the divisional integrity bonus (10.2 c: 3).
    pub divisional_integrity_units: u32,
    /// Added to the defensive total by an SOS barrage (10.2: +1).
    pub sos: i32,
    /// Artillery chosen as lead defender always defends with this (9.61).
    pub artillery_lead_defence: i32,
    /// Unmodified attack roll from which a tank breaks down (10.6).
    pub breakdown_at: u32,
    /// What loss points buy in an attack, retreating a spent unit included (10.31).
    pub losses: LossCosts,
    /// The British division whose units never support tanks nor are supported by them (10.2 b).
    pub no_tank_support_division: String,
}

/// 8.2.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BarrageTable {
    /// Artillery firing a barrage is turned to its spent side (the source's 8.2 is garbled: see
    /// docs/rtc.md).
    pub spends_artillery: bool,
}

/// 11.2, fatigue.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FatigueTable {
    /// The first turn fatigue is checked (11.2: turn 4).
    pub from_turn: u32,
    /// The die is divided by this, rounded down (at least 1)...
    #[schemars(range(min = 1))]
    pub divisor: u32,
    /// ...but never below this.
    pub minimum: u32,
}

/// Where the rulebook and the official play aid card disagree: an option each (rules/INDEX.md).
/// Both default to the card's reading, as issue 14 decided: the card is the official English text,
/// the rulebook a translation whose 10.2 is garbled in places (docs/rtc.md).
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// 10.2 b: "cavalry may not support unless lead unit is cavalry" (play aid, the default) or
    /// "cavalry may never support an attack if the lead attacker is cavalry" (rules text).
    #[serde(default)]
    pub cavalry_support: CavalrySupport,
    /// 10.2 c: "must be 3 infantry units" (play aid, the default) or "3 units of the same division,
    /// including the lead unit" of any type (rules text).
    #[serde(default)]
    pub divisional_integrity: DivisionalIntegrity,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum CavalrySupport {
    /// Cavalry may never support an attack led by cavalry.
    RulesText,
    /// Cavalry may support only an attack led by cavalry (the default).
    #[default]
    PlayAid,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum DivisionalIntegrity {
    /// Three units of the lead's division, of any type.
    RulesText,
    /// Three infantry units of the lead's division, the lead among them.
    #[default]
    PlayAid,
}

/// Reads and checks the tables.
pub fn parse(file: &SourceFile) -> Result<Tables, Vec<Diagnostic>> {
    let t: Tables = file.parse().map_err(|d| vec![d])?;
    let mut p = Problems::default();
    if t.format != 1 {
        p.push("format", format!("tables format {} is not supported; this version reads format 1", t.format));
    }
    if t.ruleset != super::ID {
        p.push("ruleset", format!("these are tables for `{}`, not `{}`", t.ruleset, super::ID));
    }
    if t.stacking == 0 {
        p.push("stacking", "the stacking limit must be at least 1");
    }
    for (name, d) in [
        ("initiative.dice", t.initiative.dice),
        ("bombardment.dice", t.bombardment.dice),
        ("bombardment.hurricane_dice", t.bombardment.hurricane_dice),
        ("attack.dice", t.attack.dice),
    ] {
        if !(1..=6).contains(&d) {
            p.push(name, "between 1 and 6 dice");
        }
    }
    if t.movement.minimum == 0 {
        p.push("movement.minimum", "movement never costs less than 1");
    }
    for (name, c) in [
        ("bombardment.artillery_losses", t.bombardment.artillery_losses),
        ("bombardment.other_losses", t.bombardment.other_losses),
        ("attack.losses", t.attack.losses),
    ] {
        if c.flip == 0 || c.eliminate_spent == 0 || c.eliminate_fresh == 0 || c.retreat_spent == Some(0) {
            p.push(name, "every loss costs at least one loss point");
        }
    }
    if t.attack.losses.retreat_spent.is_none() {
        p.push("attack.losses.retreat_spent", "an attack's losses may be paid by retreating a spent unit (10.31 d)");
    }
    if t.fatigue.divisor == 0 {
        p.push("fatigue.divisor", "must be at least 1");
    }
    if p.is_empty() { Ok(t) } else { Err(file.locate_all(p)) }
}
