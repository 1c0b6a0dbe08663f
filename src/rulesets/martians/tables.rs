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
    /// File format version (1): another is refused.
    pub format: u32,
    /// `"martians"`: tables of another ruleset are refused.
    pub ruleset: String,
    /// Where the numbers come from, and what is reconstructed.
    #[serde(default)]
    pub source: String,
    /// The basic movement stand's size in yards (1.2); both positive.
    pub stand: StandSize,
    /// Initiative points per stand by unit type (2.4).
    pub initiative: Initiative,
    /// Movement rates in yards by troop type (4.5).
    pub movement: Movement,
    /// How far a European trained unit shifts sideways or back, in yards (4.5: 20).
    pub shift: f32,
    /// No road rate within this many yards of the enemy (4.1c, 4.2c, 4.4d: 300).
    pub road_distance: f32,
    /// How far a gun moves by prolonge, in yards (4.5: 20).
    pub prolonge: f32,
    /// No unlimbered gun moves by prolonge within this many yards of the enemy (6.11: 60).
    pub prolonge_enemy: f32,
    /// No limbered gun moves within this many yards of the enemy (6.11: 200).
    pub limbered_enemy: f32,
    /// The rate is multiplied by this across woods and rough ground (4; reconstructed: 0.5).
    pub difficult_factor: f32,
    /// The widest gap, in yards, between two units that close a side or a corner of a multi-unit
    /// marching square (3.2; reconstructed: 20).
    pub marching_square_gap: f32,
    /// Morale: the check's modifiers and the loss chart (5.2, 5.4, 5.5, 5.63).
    pub morale: Morale,
    /// Commanders: the d10 that hits one (2.31) and how far he rides to another unit.
    pub commanders: Commanders,
    /// Steam vehicles (Steam Power Vehicle Rules, 8.4).
    pub vehicles: Vehicles,
    /// Skimmers and air transport raiders (11.0; the Aviation Rules' ATR).
    pub transports: Transports,
    /// Artillery fire: range bands, gun classes, modifiers and what a hit strikes (6).
    pub artillery: Artillery,
    /// The d10 results that hit each kind of target (6.7c, 7.5).
    pub to_hit: ToHit,
    /// Musketry: range bands, weapon classes and modifiers (7).
    pub musketry: Musketry,
    /// Melee: weapon ratios and melee value modifiers (8.5).
    pub melee: Melee,
    /// The Aviation Rules' numbers.
    pub aviation: Aviation,
    /// 5.65: (lowest roll, highest roll, grade).
    pub variable_morale: Vec<(u32, u32, u32)>,
    /// Castings a stand holds in skirmish order (3.2, 3.3).
    pub skirmish_castings: SkirmishCastings,
    /// Castings a stand holds at most (3.2: 9, crowded); a unit type's `per_stand` may not exceed it.
    pub mass_castings: u32,
    /// The army lists by id.
    pub armies: BTreeMap<String, Army>,
}

/// A basic movement stand in yards (1.2).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StandSize {
    /// Frontage in yards (1.2: 30, three inches at ten yards to the inch); more than 0.
    pub frontage: f32,
    /// Depth in yards (1.2: 20); more than 0.
    pub depth: f32,
}

/// Initiative points per stand by unit type (2.4).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Initiative {
    /// Points per infantry stand.
    pub infantry: u32,
    /// Points per artillery stand.
    pub artillery: u32,
    /// Points per assault vehicle stand.
    pub assault: u32,
    /// Points per cavalry stand.
    pub cavalry: u32,
    /// Points per recon vehicle stand (a d6 instead with the `recon_d6` option).
    pub recon: u32,
    /// Points per light cavalry stand (a d6 instead with the `recon_d6` option).
    pub light_cavalry: u32,
    /// Points per aviation stand.
    pub aviation: u32,
    /// Points per skimmer stand (RECONSTRUCTED: 0, as aviation: skimmers move in the vehicle phase).
    pub skimmer: u32,
    /// The advanced option: skirmish deployed infantry.
    pub skirmish_infantry: u32,
}

/// One troop type's rates (4.5).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rates {
    /// Yards a move across country.
    pub field: f32,
    /// Yards a charge into contact (8.1); 0 where the type cannot charge.
    pub charge: f32,
    /// Yards a move by road in column or skirmish order, not within `road_distance` of the enemy (4.1c,
    /// 4.2c); limbered artillery only on a road (4.31).
    pub road: f32,
    /// Yards a unit may still move after changing formation or facing.
    pub tactical: f32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    /// Infantry's rates.
    pub infantry: Rates,
    /// Cavalry's rates.
    pub cavalry: Rates,
    /// Light cavalry's rates (4.2: as cavalry).
    pub light_cavalry: Rates,
    /// Recon vehicles' rates (Steam Power Vehicles).
    pub recon: Rates,
    /// Assault vehicles' rates (Steam Power Vehicles).
    pub assault: Rates,
    /// Aviation's rates (the Aviation Rules: 400 yards).
    pub aviation: Rates,
    /// Skimmers' rates (11.0; RECONSTRUCTED: as cavalry, no charge).
    pub skimmer: Rates,
    /// Artillery's rates (limbered; no charge).
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
            Kind::Skimmer => self.skimmer,
            Kind::Artillery => self.artillery,
        }
    }
}

/// Morale (5.2, 5.4, 5.5, 5.63).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Morale {
    /// A morale total of this or more passes without a roll (5.4b: 10).
    pub auto_pass: i32,
    /// Modifier for European trained troops (5.2a).
    pub european: i32,
    /// Modifier for mounted troops (5.2b: +1).
    pub mounted: i32,
    /// Modifier for an unlimbered artillery stand or a unit in skirmish order (5.2c: +3).
    pub artillery_or_skirmish: i32,
    /// Modifier for a unit of two or more stands not in skirmish order (5.2d).
    pub adjacent_stand: i32,
    /// Further modifier when those adjacent stands are cavalry (5.2e).
    pub cavalry_adjacent: i32,
    /// Modifier for a unit in protective cover, earthworks or an objective zone (5.2f: +4).
    pub protective: i32,
    /// Modifier for skirmishers in woods or rough ground (5.2g).
    pub skirmish_in_cover: i32,
    /// Modifier for a heroic character or commander contacting or within `commander_distance` of the
    /// unit (5.2h, 5.63).
    pub commander: i32,
    /// Modifier to the loss roll of a unit of grade 3 or 4 (5.5: -1).
    pub loss_grade_high: i32,
    /// Modifier to the loss roll of a unit of grade 0 (5.5: +1).
    pub loss_grade_zero: i32,
    /// Yards a unit that flees moves away (5.5: 100).
    pub flee: f32,
    /// A unit of this many castings or fewer that rolls a 0 on the loss chart surrenders if an enemy is near
    /// (5.5: 1-3).
    pub surrender_castings: u32,
    /// How near, in yards, that enemy must be (5.5: 100).
    pub surrender_distance: f32,
    /// Yards within which a commander or heroic character gives his advantage (5.63: 60).
    pub commander_distance: f32,
}

/// Commanders (1.2f, 2.11, 2.31).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Commanders {
    /// The d10 results that hit a commander whose unit received casualties or fought a melee (2.31: 0,
    /// written 10); at least one, each 1 to 10.
    pub hit: Vec<u32>,
    /// How far, in yards, a commander rides from the unit he is with to another of his command in a
    /// move (RECONSTRUCTED: the courier's cavalry charge speed of 2.11, 160).
    pub ride: f32,
}

/// Steam vehicles (Steam Power Vehicle Rules, 8.4).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Vehicles {
    /// Hits that destroy a Recon vehicle's stand (RECONSTRUCTED: 1); at least 1.
    pub recon_hits: u32,
    /// Hits that destroy an Assault vehicle's stand (RECONSTRUCTED: 2); at least 1.
    pub assault_hits: u32,
    /// The d10 results that hit a vehicle (RECONSTRUCTED: as cavalry and artillery, 0, 1, 2).
    pub to_hit: Vec<u32>,
    /// The d10 results on which a vehicle entering a protective position or entrenchment breaks down
    /// (Steam Power Vehicle Rules: 0, written 10).
    pub breakdown: Vec<u32>,
}

/// How heavy a gun is (6.11), for what a transport may carry (11.0; the Aviation Rules' ATR).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Weight {
    /// Light guns: carried by skimmers and air transports (11.0).
    Light,
    /// Medium guns: carried by air transports only (ATR).
    Medium,
    /// Heavy guns: carried by no transport.
    Heavy,
}

/// Skimmers (11.0) and air transport raiders (the Aviation Rules): "enough actual craft to transport an
/// artillery section or 12 casting infantry unit"; they unload "no closer than 200 yards" from the enemy.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Transports {
    /// The most castings of an infantry unit one transport carries (12).
    pub infantry_castings: u32,
    /// The heaviest gun a skimmer carries (11.0: "Only light artillery rated guns").
    pub skimmer_guns: Weight,
    /// The heaviest gun an air transport raider carries (the Aviation Rules: "light and medium").
    pub air_guns: Weight,
    /// No transport unloads, and no skimmer moves, nearer than this many yards to the enemy (200).
    pub keep_off: f32,
    /// Hits that destroy a skimmer (RECONSTRUCTED: 1, "fragile"); at least 1. Skimmers are hit as
    /// vehicles.
    pub skimmer_hits: u32,
}

/// A gun class (6.11, the Artillery Fire Charts).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Gun {
    /// The class's name, as the window shows it.
    pub name: String,
    /// The longest range in yards (6.31); more than 0.
    pub range: f32,
    /// Dice per gun in each range band (up to `bands[0]`, up to `bands[1]`, beyond).
    pub dice: Vec<u32>,
    /// Targets nearer than this, in yards, cannot be fired at (6.11: rockets, howitzers 100).
    pub min_range: f32,
    /// Howitzers and mortars (6.33, 6.7f).
    pub howitzer: bool,
    /// Gatling guns and machine guns (6.37, 6.7b).
    pub machine_gun: bool,
    /// Light, medium or heavy (6.11), for what a skimmer or an air transport carries (11.0).
    pub weight: Weight,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Artillery {
    /// The two range band limits in yards: up to the first, up to the second, beyond (reconstructed: 100,
    /// 300); exactly two.
    pub bands: Vec<f32>,
    /// The gun classes by code (`RC`, `SB`, `HOW`, `MG`, `ROCKET`), which the army lists' `gun` names.
    pub guns: BTreeMap<String, Gun>,
    /// Dice modifier against a target in earthworks: (up to 300 yards, beyond); howitzers ignore it (6.7f).
    pub earthworks: (i32, i32),
    /// Dice modifier against a target in woods or rough ground: (up to 300 yards, beyond).
    pub woods_rough: (i32, i32),
    /// Dice modifier against a target in protective cover: (up to 300 yards, beyond); howitzers ignore it
    /// (6.7f).
    pub protective: (i32, i32),
    /// Dice modifier for firing at the same target as last time: (up to 300 yards, beyond).
    pub consecutive: (i32, i32),
    /// A hit on an unlimbered section strikes a gun on a d10 up to this, else the crew (6.2; reconstructed:
    /// 3).
    pub gun_hit_max: u32,
    /// A hit on a limbered section strikes a gun on a d10 up to this (6.2; reconstructed: 2)...
    pub limbered_gun_hit_max: u32,
    /// ...a limber up to this, else the crew (6.2; reconstructed: 5).
    pub limber_hit_max: u32,
    /// A limbered gun that moved more than this many yards is an Open target (6.5e: 60).
    pub moving_limber: f32,
    /// 6.61: between a gun and a unit at different elevations, the one on the hill must stand within
    /// this many yards of the hill's edge (60).
    pub crest: f32,
}

/// The d10 results that hit each target type (6.7c, 7.5; 10 is the 0).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToHit {
    /// Against infantry in line, column or square (0 is written 10).
    pub infantry: Vec<u32>,
    /// Against native mass and double column.
    pub mass: Vec<u32>,
    /// Against cavalry and artillery.
    pub cavalry: Vec<u32>,
    /// Against Open targets: skirmishers, unlimbered guns, a limbered gun that moved far, any unit in
    /// earthworks.
    pub open: Vec<u32>,
}

/// A musketry class (7.1, 7.5).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// The class's name, as the window shows it.
    pub name: String,
    /// The longest range in yards (7.1).
    pub range: f32,
    /// 7.4e: skirmish dice for the whole unit.
    pub skirmish_dice: u32,
    /// Shooters per die in each range band (0: out of range, N/A).
    pub ratios: Vec<u32>,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Musketry {
    /// The range band limits in yards, one per ratio column (7.5; reconstructed: 100, 200, 300, 400).
    pub bands: Vec<f32>,
    /// The musketry classes by code (`IR`, `R`, `M`...), which the army lists' `weapon` names.
    pub weapons: BTreeMap<String, Weapon>,
    /// Dice modifier against a target in earthworks (7.5: -4).
    pub earthworks: i32,
    /// Dice modifier against a target in protective cover (7.5: -2).
    pub protective: i32,
    /// Dice modifier for firers of grade 3 or 4 (7.4: +1).
    pub grade_high: i32,
    /// Skirmish hits that halt the target (7.3: 1-2); the code halts it on any hit below `skirmish_retreat`.
    pub skirmish_halt: u32,
    /// Skirmish hits from which the halted target also loses a casting (7.3: 3).
    pub skirmish_casualty: u32,
    /// Skirmish hits from which the target retreats 100 yards with a casualty (7.3: 4).
    pub skirmish_retreat: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Melee {
    /// Melee value per automatic kill, by weapon class (8.5).
    pub ratios: BTreeMap<String, u32>,
    /// Melee value modifier when the enemy has shields (8.5: -2).
    pub shield: i32,
    /// Melee value modifier when the enemy is in earthworks (8.5: -6).
    pub earthworks: i32,
    /// Melee value modifier for mounted troops not in skirmish order (8.5: +3).
    pub mounted: i32,
    /// Further modifier for mounted troops with lances (8.5: +1).
    pub lance: i32,
    /// Melee value modifier when the enemy is in protective cover, woods or rough ground.
    pub cover: i32,
    /// A stand contacted in flank or rear fights with its castings divided by this (reconstructed: 2; at
    /// least 1).
    pub flank_divisor: u32,
    /// The charged unit's opportunity volley is fired at this range in yards (8.1: one inch, 10).
    pub volley_range: f32,
    /// The fractional-die table: a fraction of melee value gives an extra hit with the chance of its tenths
    /// (reconstructed); not yet read by the code.
    pub fraction_in_tenths: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Aviation {
    /// Craft attack land targets within this many yards, all round (400).
    pub range: f32,
    /// Hits that destroy a stand of two craft (4).
    pub hits_per_stand: u32,
    /// d10 results with which musketry hits a craft (9).
    pub aa_musketry: Vec<u32>,
    /// d10 results with which machine guns and cannon hit a craft (9 or 0).
    pub aa_guns: Vec<u32>,
    /// d10 results with which air superiority fighters hit other craft (9 or 0), a die per machine gun.
    pub asf_hits: Vec<u32>,
    /// d10 results with which other craft answer a fighter's attack (0), a die per machine gun.
    pub other_hits: Vec<u32>,
    /// Attack dice per stand by craft type (`GAC`, `LLB`, `ASF`, `ATR`; reconstructed), which the army lists'
    /// `craft` names.
    pub attack_dice: BTreeMap<String, u32>,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SkirmishCastings {
    /// Foot castings per skirmish stand (3.2: 3).
    pub foot: u32,
    /// Mounted castings per skirmish stand (3.2: 1).
    pub mounted: u32,
}

/// Unit types (2.4's chart, 4.5's rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Kind {
    /// Foot: fires musketry and fights in melee.
    Infantry,
    /// Mounted troops: the morale and melee modifiers for mounted troops apply.
    Cavalry,
    /// Light horse: moves as cavalry (4.2); may use the d6 initiative option.
    LightCavalry,
    /// Gun sections, limbered or unlimbered (6).
    Artillery,
    /// Steam recon vehicles (battle cars, armoured cars): proof against musketry and bows.
    Recon,
    /// Steam assault vehicles (tanks, land battleships): proof against musketry and machine guns.
    Assault,
    /// Flights of close support craft (the Aviation Rules).
    Aviation,
    /// Skimmers (11.0): fragile civilian transports that carry a unit to the battle and leave.
    Skimmer,
}

impl Kind {
    pub fn mounted(self) -> bool {
        matches!(self, Kind::Cavalry | Kind::LightCavalry)
    }
    /// Steam vehicles (Steam Power Vehicle Rules).
    pub fn vehicle(self) -> bool {
        matches!(self, Kind::Recon | Kind::Assault)
    }
    /// Units of one stand a casting, whose last casting is not left behind (3.5): vehicles, skimmers and
    /// flights of craft.
    pub fn single_stands(self) -> bool {
        self.vehicle() || matches!(self, Kind::Skimmer | Kind::Aviation)
    }
    /// Foot or mounted troops (8.4: those that may overrun a vehicle).
    pub fn foot_or_mounted(self) -> bool {
        matches!(self, Kind::Infantry | Kind::Cavalry | Kind::LightCavalry)
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
            Kind::Skimmer => "skimmer",
        }
    }
}

/// An army list (the three lists are RECONSTRUCTED).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Army {
    /// The army's name, as the window shows it.
    pub name: String,
    /// European trained (3.2 square, 4.5 shift, 5.2a).
    pub european: bool,
    /// Its unit types by id: a scenario's unit names one as `army.unit`.
    pub units: BTreeMap<String, UnitType>,
}

/// One unit type of an army list.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    /// The unit type's name, as the window shows it.
    pub name: String,
    /// The troop type: movement rates, initiative points, what it may fire.
    pub kind: Kind,
    /// Musketry class (7.1), for foot and horse.
    #[serde(default)]
    pub weapon: Option<String>,
    /// Melee weapon class (8.5).
    #[serde(default)]
    pub melee: Option<String>,
    /// Gun class (6.11), for artillery; a vehicle's cannon, one a vehicle (Steam Power Vehicle Rules).
    #[serde(default)]
    pub gun: Option<String>,
    /// Machine guns on each vehicle (Steam Power Vehicle Rules; 8.4: the overrun's kill dice), or on each
    /// stand of craft (the Aviation Rules: "a d10 per MG" in air combat).
    #[serde(default)]
    pub mgs: u32,
    /// A vehicle's guns turn all round ("Turreted vehicles can fire 360 degrees"); without a turret they
    /// have "the same Kill Zones as MGs or cannon" (Steam Power Vehicle Rules). Default true.
    #[serde(default = "yes")]
    pub turret: bool,
    /// Craft type, for aviation (GAC, ASF, LLB, ATR).
    #[serde(default)]
    pub craft: Option<String>,
    /// Morale grade (5.1).
    pub grade: u32,
    /// Castings at full strength (1 casting = 10 men); at least 2 (3.5).
    pub castings: u32,
    /// Castings per stand in formed order (1.2).
    #[serde(default = "one")]
    pub per_stand: u32,
    /// Gun sections (6.11), for artillery.
    #[serde(default = "one")]
    pub sections: u32,
    /// Carries shields: enemies' melee value -2 against it (8.5).
    #[serde(default)]
    pub shield: bool,
    /// Mounted with lances: +1 melee value (8.5).
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
    /// A heroic character and his two followers (Heroic Characters): one stand of three castings, foot,
    /// firing as improved rifles (IR) and meleeing with bayonets; a target of distance fire as Open
    /// troops; the character is the last casting removed; he gives the commander's advantage (5.63) and
    /// carries a motivation card for his own regiment (2.5).
    #[serde(default)]
    pub hero: bool,
}

fn one() -> u32 {
    1
}

fn yes() -> bool {
    true
}

impl UnitType {
    /// The heaviest gun it carries if it is a transport: a skimmer (11.0) or an air transport raider
    /// (the Aviation Rules' ATR).
    pub fn carries(&self, t: &Transports) -> Option<Weight> {
        match (self.kind, self.craft.as_deref()) {
            (Kind::Skimmer, _) => Some(t.skimmer_guns),
            (Kind::Aviation, Some("ATR")) => Some(t.air_guns),
            _ => None,
        }
    }
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
    if t.commanders.hit.is_empty() || t.commanders.hit.iter().any(|h| !(1..=10).contains(h)) {
        p.push("commanders.hit", "the d10 results that hit a commander: one or more, each 1 to 10 (2.31: 10 for the 0)");
    }
    if t.commanders.ride < 0.0 {
        p.push("commanders.ride", "a commander's ride is a distance in yards, 0 or more");
    }
    if t.transports.skimmer_hits == 0 {
        p.push("transports.skimmer_hits", "a skimmer takes at least one hit to destroy");
    }
    if t.vehicles.recon_hits == 0 || t.vehicles.assault_hits == 0 {
        p.push("vehicles", "a vehicle's stand takes at least one hit to destroy");
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
    if ty.castings < if ty.kind.single_stands() { 1 } else { 2 } {
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
    if ty.hero {
        // Heroic Characters: "mounted on the basic stand but only THREE casting are used"; "Fire as if armed
        // with IRs and Melee as if armed with Bayonets".
        if ty.kind != Kind::Infantry || ty.castings != 3 || ty.per_stand != 3 {
            p.push(
                format!("{at}.hero"),
                "a heroic character is one foot stand of three castings: kind Infantry, castings 3, per_stand 3 (Heroic Characters)",
            );
        }
        if ty.weapon.as_deref() != Some("IR") || ty.melee.as_deref() != Some("bayonet") {
            p.push(format!("{at}.hero"), "a heroic character fires as improved rifles and melees with bayonets: weapon \"IR\", melee \"bayonet\" (Heroic Characters)");
        }
    }
    match ty.kind {
        Kind::Artillery => needs("gun", &ty.gun, t.artillery.guns.keys().collect(), p),
        Kind::Aviation => {
            needs("craft", &ty.craft, t.aviation.attack_dice.keys().collect(), p);
            if ty.craft.as_deref() == Some("ASF") && ty.mgs == 0 {
                p.push(format!("{at}.mgs"), "air superiority fighters are armed with machine guns: `mgs` per stand (the Aviation Rules)");
            }
        }
        Kind::Recon | Kind::Assault => {
            if ty.gun.is_some() {
                needs("gun", &ty.gun, t.artillery.guns.keys().collect(), p);
            }
            if ty.gun.is_none() && ty.mgs == 0 {
                p.push(
                    format!("{at}.mgs"),
                    "a vehicle is armed: machine guns (`mgs`), a cannon (`gun`) or both (Steam Power Vehicle Rules)",
                );
            }
            if ty.per_stand != 1 {
                p.push(format!("{at}.per_stand"), "a vehicle is a stand of its own (1.2e): per_stand 1");
            }
        }
        Kind::Skimmer => {
            if ty.per_stand != 1 {
                p.push(format!("{at}.per_stand"), "a skimmer is a stand of its own: per_stand 1 (11.0)");
            }
        }
        Kind::Infantry | Kind::Cavalry | Kind::LightCavalry => {
            needs("weapon", &ty.weapon, t.musketry.weapons.keys().collect(), p);
            needs("melee", &ty.melee, t.melee.ratios.keys().collect(), p);
        }
    }
}
