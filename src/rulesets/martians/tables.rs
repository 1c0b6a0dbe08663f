//! The ruleset's numbers (`assets/rulesets/martians/tables.ron`): the stand (1.2), the initiative chart
//! (2.4), movement rates (4.5), morale (5), artillery (6), to-hit numbers, musketry (7), melee (8.5),
//! aviation, and the three army lists. Blank cells of the rulebook's charts are RECONSTRUCTED in the
//! data with their reasoning (docs/martians-reconstruction.md). Code reads every number here.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::source::{Diagnostic, Problems, SourceFile};

/// The tables shipped with the program (used when the data folder has none).
pub const BUILTIN: &str = include_str!("../../../assets/rulesets/martians/tables.ron");

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename = "Tables", deny_unknown_fields)]
pub struct Tables {
    pub format: u32,
    pub ruleset: String,
    #[serde(default)]
    pub source: String,
    pub stand: StandSize,
    pub initiative: Initiative,
    pub movement: Movement,
    pub shift: f32,
    pub road_distance: f32,
    pub prolonge: f32,
    pub prolonge_enemy: f32,
    pub limbered_enemy: f32,
    pub difficult_factor: f32,
    pub morale: Morale,
    pub artillery: Artillery,
    pub to_hit: ToHit,
    pub musketry: Musketry,
    pub melee: Melee,
    pub aviation: Aviation,
    /// 5.65: (lowest roll, highest roll, grade).
    pub variable_morale: Vec<(u32, u32, u32)>,
    pub skirmish_castings: SkirmishCastings,
    pub mass_castings: u32,
    /// The army lists by id.
    pub armies: BTreeMap<String, Army>,
}

/// A basic movement stand in yards (1.2).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StandSize {
    pub frontage: f32,
    pub depth: f32,
}

/// Initiative points per stand by unit type (2.4).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Initiative {
    pub infantry: u32,
    pub artillery: u32,
    pub assault: u32,
    pub cavalry: u32,
    pub recon: u32,
    pub light_cavalry: u32,
    pub aviation: u32,
    /// The advanced option: skirmish deployed infantry.
    pub skirmish_infantry: u32,
}

/// One troop type's rates (4.5).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rates {
    pub field: f32,
    pub charge: f32,
    pub road: f32,
    pub tactical: f32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    pub infantry: Rates,
    pub cavalry: Rates,
    pub light_cavalry: Rates,
    pub recon: Rates,
    pub assault: Rates,
    pub aviation: Rates,
    pub artillery: Rates,
}

impl Movement {
    pub fn of(&self, kind: Kind) -> Rates {
        match kind {
            Kind::Infantry => self.infantry,
            Kind::Cavalry => self.cavalry,
            Kind::LightCavalry => self.light_cavalry,
            Kind::Recon => self.recon,
            Kind::Assault => self.assault,
            Kind::Aviation => self.aviation,
            Kind::Artillery => self.artillery,
        }
    }
}

/// Morale (5.2, 5.4, 5.5, 5.63).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Morale {
    pub auto_pass: i32,
    pub european: i32,
    pub mounted: i32,
    pub artillery_or_skirmish: i32,
    pub adjacent_stand: i32,
    pub cavalry_adjacent: i32,
    pub protective: i32,
    pub skirmish_in_cover: i32,
    pub commander: i32,
    pub loss_grade_high: i32,
    pub loss_grade_zero: i32,
    pub flee: f32,
    pub surrender_castings: u32,
    pub surrender_distance: f32,
    pub commander_distance: f32,
}

/// A gun class (6.11, the Artillery Fire Charts).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Gun {
    pub name: String,
    pub range: f32,
    /// Dice per gun in each range band (up to `bands[0]`, up to `bands[1]`, beyond).
    pub dice: Vec<u32>,
    pub min_range: f32,
    /// Howitzers and mortars (6.33, 6.7f).
    pub howitzer: bool,
    /// Gatling guns and machine guns (6.37, 6.7b).
    pub machine_gun: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Artillery {
    pub bands: Vec<f32>,
    pub guns: BTreeMap<String, Gun>,
    pub earthworks: (i32, i32),
    pub woods_rough: (i32, i32),
    pub protective: (i32, i32),
    pub consecutive: (i32, i32),
    pub gun_hit_max: u32,
    pub limbered_gun_hit_max: u32,
    pub limber_hit_max: u32,
    pub moving_limber: f32,
}

/// The d10 results that hit each target type (6.7c, 7.5; 10 is the 0).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToHit {
    pub infantry: Vec<u32>,
    pub mass: Vec<u32>,
    pub cavalry: Vec<u32>,
    pub open: Vec<u32>,
}

/// A musketry class (7.1, 7.5).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    pub range: f32,
    /// 7.4e: skirmish dice for the whole unit.
    pub skirmish_dice: u32,
    /// Shooters per die in each range band (0: out of range, N/A).
    pub ratios: Vec<u32>,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Musketry {
    pub bands: Vec<f32>,
    pub weapons: BTreeMap<String, Weapon>,
    pub earthworks: i32,
    pub protective: i32,
    pub grade_high: i32,
    pub skirmish_halt: u32,
    pub skirmish_casualty: u32,
    pub skirmish_retreat: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Melee {
    /// Melee value per automatic kill, by weapon class (8.5).
    pub ratios: BTreeMap<String, u32>,
    pub shield: i32,
    pub earthworks: i32,
    pub mounted: i32,
    pub lance: i32,
    pub cover: i32,
    pub flank_divisor: u32,
    pub volley_range: f32,
    pub fraction_in_tenths: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Aviation {
    pub range: f32,
    pub hits_per_stand: u32,
    pub aa_musketry: Vec<u32>,
    pub aa_guns: Vec<u32>,
    pub asf_hits: Vec<u32>,
    pub other_hits: Vec<u32>,
    pub attack_dice: BTreeMap<String, u32>,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SkirmishCastings {
    pub foot: u32,
    pub mounted: u32,
}

/// Unit types (2.4's chart, 4.5's rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Kind {
    Infantry,
    Cavalry,
    LightCavalry,
    Artillery,
    Recon,
    Assault,
    Aviation,
}

impl Kind {
    pub fn mounted(self) -> bool {
        matches!(self, Kind::Cavalry | Kind::LightCavalry)
    }
    pub fn name(self) -> &'static str {
        match self {
            Kind::Infantry => "infantry",
            Kind::Cavalry => "cavalry",
            Kind::LightCavalry => "light cavalry",
            Kind::Artillery => "artillery",
            Kind::Recon => "recon vehicle",
            Kind::Assault => "assault vehicle",
            Kind::Aviation => "aviation",
        }
    }
}

/// An army list (the three lists are RECONSTRUCTED).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Army {
    pub name: String,
    /// European trained (3.2 square, 4.5 shift, 5.2a).
    pub european: bool,
    pub units: BTreeMap<String, UnitType>,
}

/// One unit type of an army list.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    pub name: String,
    pub kind: Kind,
    /// Musketry class (7.1), for foot and horse.
    #[serde(default)]
    pub weapon: Option<String>,
    /// Melee weapon class (8.5).
    #[serde(default)]
    pub melee: Option<String>,
    /// Gun class (6.11), for artillery.
    #[serde(default)]
    pub gun: Option<String>,
    /// Craft type, for aviation (GAC, ASF, LLB, ATR).
    #[serde(default)]
    pub craft: Option<String>,
    /// Morale grade (5.1).
    pub grade: u32,
    pub castings: u32,
    /// Castings per stand in formed order (1.2).
    #[serde(default = "one")]
    pub per_stand: u32,
    /// Gun sections (6.11), for artillery.
    #[serde(default = "one")]
    pub sections: u32,
    #[serde(default)]
    pub shield: bool,
    #[serde(default)]
    pub lance: bool,
    /// May deploy in skirmish order (3.2: light troops).
    #[serde(default)]
    pub skirmishers: bool,
    /// Zulu and Dervish style foot: the road rate is their field rate (4.1c).
    #[serde(default)]
    pub native_fast: bool,
    /// Variable Martian morale (*) (5.65).
    #[serde(default)]
    pub variable: bool,
    /// May reach grade 4 by variable morale (5.65).
    #[serde(default)]
    pub grade_four: bool,
    /// Fanatics (5.64).
    #[serde(default)]
    pub fanatic: bool,
    /// A pro-Earth Martian unit of a European army (1.4).
    #[serde(default)]
    pub martian: bool,
}

fn one() -> u32 {
    1
}

impl Tables {
    /// A unit type by `army.unit`.
    pub fn unit(&self, key: &str) -> Option<(&Army, &UnitType)> {
        let (army, unit) = key.split_once('.')?;
        let a = self.armies.get(army)?;
        Some((a, a.units.get(unit)?))
    }
    pub fn unit_keys(&self) -> Vec<String> {
        self.armies.iter().flat_map(|(a, army)| army.units.keys().map(move |u| format!("{a}.{u}"))).collect()
    }
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
    if t.stand.frontage <= 0.0 || t.stand.depth <= 0.0 {
        p.push("stand", "a stand needs a positive frontage and depth (1.2)");
    }
    if t.artillery.bands.len() != 2 {
        p.push("artillery.bands", "the artillery chart has two band limits (up to the first, up to the second, beyond)");
    }
    if t.musketry.bands.is_empty() {
        p.push("musketry.bands", "the musketry chart needs its range bands (7.5)");
    }
    for (name, w) in &t.musketry.weapons {
        if w.ratios.len() != t.musketry.bands.len() {
            p.push(
                format!("musketry.weapons.{name}.ratios"),
                format!("one ratio per range band: {} of them (7.5)", t.musketry.bands.len()),
            );
        } else if w.ratios[0] == 0 {
            p.push(format!("musketry.weapons.{name}.ratios"), "the first column is the weapon's closest range: it needs a ratio (7.5)");
        }
    }
    for (name, g) in &t.artillery.guns {
        if g.dice.len() != t.artillery.bands.len() + 1 {
            p.push(
                format!("artillery.guns.{name}.dice"),
                format!("dice per gun for each of the {} range bands", t.artillery.bands.len() + 1),
            );
        }
        if g.range <= 0.0 {
            p.push(format!("artillery.guns.{name}.range"), "a gun needs a range (6.31)");
        }
    }
    for (name, r) in &t.melee.ratios {
        if *r == 0 {
            p.push(format!("melee.ratios.{name}"), "a ratio of 0 melee value per kill divides by nothing (8.5)");
        }
    }
    if t.melee.flank_divisor == 0 {
        p.push("melee.flank_divisor", "a divisor of 0 divides by nothing");
    }
    for (a, army) in &t.armies {
        for (u, ty) in &army.units {
            let at = format!("armies.{a}.units.{u}");
            check_unit_type(&t, &at, ty, &mut p);
        }
    }
    if p.is_empty() { Ok(t) } else { Err(file.locate_all(p)) }
}

fn check_unit_type(t: &Tables, at: &str, ty: &UnitType, p: &mut Problems) {
    if ty.grade > 4 {
        p.push(format!("{at}.grade"), "morale grades run from 0 to 4 (5.1)");
    }
    if ty.castings < 2 {
        p.push(format!("{at}.castings"), "a unit of one casting is already removed from play (3.5)");
    }
    if ty.per_stand == 0 || ty.per_stand > t.mass_castings {
        p.push(format!("{at}.per_stand"), format!("a stand holds 1 to {} castings (1.2)", t.mass_castings));
    }
    let needs = |what: &str, v: &Option<String>, known: Vec<&String>, p: &mut Problems| match v {
        None => p.push(format!("{at}.{what}"), format!("a {} unit needs its `{what}`", ty.kind.name())),
        Some(v) if !known.contains(&v) => {
            let names: Vec<&str> = known.iter().map(|s| s.as_str()).collect();
            p.push(format!("{at}.{what}"), format!("unknown {what} `{v}`{}", crate::engine::source::suggestion(v, &names)))
        }
        Some(_) => {}
    };
    match ty.kind {
        Kind::Artillery => needs("gun", &ty.gun, t.artillery.guns.keys().collect(), p),
        Kind::Aviation => needs("craft", &ty.craft, t.aviation.attack_dice.keys().collect(), p),
        Kind::Recon | Kind::Assault => {
            p.push(format!("{at}.kind"), "steam vehicles (Recon, Assault) are not playable yet (docs/martians.md)")
        }
        Kind::Infantry | Kind::Cavalry | Kind::LightCavalry => {
            needs("weapon", &ty.weapon, t.musketry.weapons.keys().collect(), p);
            needs("melee", &ty.melee, t.melee.ratios.keys().collect(), p);
        }
    }
}
