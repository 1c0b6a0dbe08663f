//! The operation file (`scenarios/trenches/*.ron`, 13): the map, the game length, the time frame
//! (2.1), who places first (13.2), the preliminary bombardment (7.86), the shock troops rule, the
//! victory conditions (13.4), every unit with its sub-type, letter ID and set-up area (13.2), and
//! the computer opponent's tuning. Set-up areas are the map's named places or hex labels.

use std::collections::{BTreeMap, BTreeSet};

use super::state::HexSet;

use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::engine::board::HexBoard;
use crate::engine::loader::Loader;
use crate::engine::scenario::{ScenarioInfo, check_header, load_named_map};
use crate::engine::source::{Diagnostic, Problems, SourceFile};
use crate::engine::validate::check_hex_map;

use super::tables::{Tables, UnitType};
use super::units::{Era, Side, Visibility};

/// An operation as written in RON.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename = "Scenario", deny_unknown_fields)]
pub struct ScenarioSpec {
    /// File format version (1).
    pub format: u32,
    /// `"trenches"`.
    pub ruleset: String,
    /// The operation's id, name, date, introduction, sides and sources.
    pub info: ScenarioInfo,
    /// The hex map file, relative to this file.
    pub map: String,
    /// Game length in turns (13).
    pub turns: u32,
    /// Time frame (2.1).
    pub era: Era,
    /// The year of the operation, where a rule depends on it (7.5: German 37 mm shrapnel during
    /// 1918); if left out, the last four-digit year in `info.date`.
    #[serde(default)]
    pub year: Option<u32>,
    /// Visibility for the accuracy of indirect fire (7.84): good unless the operation says bad.
    #[serde(default)]
    pub visibility: Visibility,
    /// Night turns: activations cost double (3.2).
    #[serde(default)]
    pub night: Vec<u32>,
    /// Turns on which every hex affords concealment (Operation 1: early morning, turn 1).
    #[serde(default)]
    pub concealment_turns: Vec<u32>,
    /// The side that sets up first (13.2, "First Placement").
    pub first_placement: Side,
    /// The operation's preliminary bombardment (7.86), if it has one.
    #[serde(default)]
    pub bombardment: Option<BombardmentSpec>,
    /// Which units are shock troops (Operations 2 and 3), if any.
    #[serde(default)]
    pub shock: Option<ShockRule>,
    /// What wins the operation (13.4).
    pub victory: Victory,
    /// Leadership points by side (12): spent one per activation or reaction fire.
    #[serde(default)]
    pub leadership: BTreeMap<String, Leadership>,
    /// Hexes each side may pre-register itself, by side id (7.88: "An operation may afford a player a
    /// certain number of hexes pre-registered"; 13.1): its player notes them before set-up.
    #[serde(default)]
    pub pre_registration: BTreeMap<String, u32>,
    /// Every unit of both sides, on the map, arriving later or off-map.
    pub units: Vec<UnitSpec>,
    /// Tuning of the computer opponent, per side id; every field optional.
    #[serde(default)]
    pub ai: BTreeMap<String, AiTuning>,
}

/// A preliminary bombardment (7.86), fired after set-up and before turn 1.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BombardmentSpec {
    /// Saturation or shock (7.86).
    pub kind: BombardmentKind,
    /// The attacker.
    pub by: Side,
    /// The hexes bombarded: place names of the map or hex labels; empty for every hex.
    #[serde(default)]
    pub area: Vec<String>,
    /// "Siege artillery" bombards: +1 to the die (7.861).
    #[serde(default)]
    pub siege: bool,
    /// What a failed roll does to a unit (Operations 1 and 2 replace 7.861's third point).
    #[serde(default)]
    pub failed: Failed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum BombardmentKind {
    /// 7.861.
    Saturation,
    /// 7.862.
    Shock,
}

/// A failed saturation roll (7.861) destroys the unit; Operations 1 and 2 reduce and spend it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema)]
pub enum Failed {
    /// The unit is destroyed, as 7.861 says (the default).
    #[default]
    Destroyed,
    /// The unit loses a step and is spent (Operations 1 and 2).
    ReducedAndSpent,
}

/// Units of a sub-type that are, or become, shock troops (Operations 2 and 3).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShockRule {
    /// The side whose units they are.
    pub side: Side,
    /// The sub-type code (a row of the tables) of the shock units.
    pub subtype: String,
    /// When they become shock troops.
    pub from: ShockFrom,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum ShockFrom {
    /// From the start.
    Start,
    /// Immediately after the first unit of the sub-type is destroyed (Operation 2).
    FirstLoss,
}

/// What a side must do to win (13.4); if it fails, the other side wins.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    /// The side that must achieve the conditions; the other wins if it does not.
    pub side: Side,
    /// Hexes the side must solely occupy at game end (13.42).
    #[serde(default)]
    pub hold: Vec<String>,
    /// No enemy unit left on the map: the side wins at once (Operation 3).
    #[serde(default)]
    pub annihilate: bool,
    /// Units the side must move off the map, and the hexes they leave from (13.41).
    #[serde(default)]
    pub exit: Option<Exit>,
}

/// Exiting the map (13.41): at least `units` units leave from the `from` hexes (edge hexes: place
/// names or labels) by the end.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Exit {
    /// How many units must leave the map.
    pub units: u32,
    /// The edge hexes they may leave from: place names or hex labels.
    pub from: Vec<String>,
}

/// A side's leadership points (12), for units of the listed sub-types (all when empty).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Leadership {
    /// Leadership points for the whole operation.
    pub points: u32,
    /// The sub-types that may use them; all when empty.
    #[serde(default)]
    pub subtypes: Vec<String>,
}

/// A hex pre-registered for a battery's indirect fire (7.88, 13.1): the pre-game note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Registration {
    /// The registered target hex, as a label.
    pub hex: String,
    /// The fire pattern registered on it (7.83).
    pub pattern: super::events::Pattern,
    /// The ammunition registered (7.5); high explosive if left out.
    #[serde(default)]
    pub ammo: super::events::Ammo,
}

/// One unit (2.6, 13.2).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// The unit's id, unique in the operation, which commands use.
    pub id: String,
    /// The side it fights for.
    pub side: Side,
    /// The sub-type code, a row of the tables (2.6).
    pub subtype: String,
    /// The formation ID letter (5.1, 13.2).
    pub letter: char,
    /// Where it sets up: a place of the map, or a hex label.
    pub setup: String,
    /// Already placed at this hex (tests and fixed set-ups); otherwise its side places it (13.2).
    #[serde(default)]
    pub at: Option<String>,
    /// Starts at reduced strength.
    #[serde(default)]
    pub reduced: bool,
    /// Joins its side's off-map pool on this turn and enters at its set-up area (13.3).
    #[serde(default)]
    pub enters: Option<u32>,
    /// An off-map ordnance battery (7.87): never on the map, its `setup` unused.
    #[serde(default)]
    pub off_map: bool,
    /// An off-map battery's firepower, when the operation gives one ("with YZ firepower", 7.87).
    #[serde(default)]
    pub firepower: Option<u32>,
    /// Hexes pre-registered for this battery (7.88).
    #[serde(default)]
    pub registered: Vec<Registration>,
    /// An operation-designated sapper (9, 10.53): infantry that starts close combat against a
    /// fortification from an OUT or wire counter, fights units IN a fortress, and removes the wire
    /// it moves beneath.
    #[serde(default)]
    pub sapper: bool,
}

/// How the computer opponent values a position (docs/ai.md, "In the Trenches"). A field left out
/// takes its default.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct AiTuning {
    /// One step of one's own unit, and of the enemy's.
    pub step: f32,
    /// One step of an enemy unit.
    pub enemy_step: f32,
    /// An objective hex held (solely occupied) by the side that must take it, at game end (13.42).
    pub objective: f32,
    /// Per hex of distance between the attacker's units and the nearest objective.
    pub approach: f32,
    /// A unit in cover, per point of cover.
    pub cover: f32,
    /// Exposure: the expected enemy fire a unit may take, per expected step.
    pub exposure: f32,
    /// Standing in an enemy's hex, per expected step of the close combat it can start there (9).
    pub storm: f32,
    /// Noise added to every score (0: none).
    pub noise: f32,
    /// How much the Hard opponent looks ahead at an order (3 candidates, 1 dice sample, 24 commands by default).
    pub look_ahead: crate::engine::difficulty::LookAhead,
    /// The Hard opponent's own weights, each left out the side's (docs/ai.md, "The Hard weights").
    pub hard: HardTuning,
}

/// The Hard opponent's own weights for a side (`hard: (exposure: 15.0)`): each one given replaces
/// the side's for the Hard opponent; the Normal and Easy opponents keep the side's, the opponent the
/// operation's balance was measured with.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct HardTuning {
    /// Instead of the side's `step`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<f32>,
    /// Instead of the side's `enemy_step`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enemy_step: Option<f32>,
    /// Instead of the side's `objective`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub objective: Option<f32>,
    /// Instead of the side's `approach`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approach: Option<f32>,
    /// Instead of the side's `cover`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cover: Option<f32>,
    /// Instead of the side's `exposure`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exposure: Option<f32>,
    /// Instead of the side's `storm`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub storm: Option<f32>,
}

impl HardTuning {
    fn weights(&self) -> [(&'static str, Option<f32>); 7] {
        [
            ("step", self.step),
            ("enemy_step", self.enemy_step),
            ("objective", self.objective),
            ("approach", self.approach),
            ("cover", self.cover),
            ("exposure", self.exposure),
            ("storm", self.storm),
        ]
    }

    /// What is wrong with the weights (empty when nothing): each from 0 to 1000.
    pub fn problems(&self) -> Vec<String> {
        crate::engine::difficulty::hard_weight_problems(&self.weights(), 1000.0)
    }
}

impl AiTuning {
    /// The tuning the Hard opponent plays with: the side's, with the weights `hard` gives instead.
    pub fn for_hard(mut self) -> AiTuning {
        let h = self.hard;
        self.step = h.step.unwrap_or(self.step);
        self.enemy_step = h.enemy_step.unwrap_or(self.enemy_step);
        self.objective = h.objective.unwrap_or(self.objective);
        self.approach = h.approach.unwrap_or(self.approach);
        self.cover = h.cover.unwrap_or(self.cover);
        self.exposure = h.exposure.unwrap_or(self.exposure);
        self.storm = h.storm.unwrap_or(self.storm);
        self
    }
}

impl Default for AiTuning {
    fn default() -> Self {
        let look_ahead = crate::engine::difficulty::LookAhead { candidates: 3, samples: 1, steps: 24, ..Default::default() };
        AiTuning {
            step: 10.0,
            enemy_step: 10.0,
            objective: 40.0,
            approach: 1.5,
            cover: 0.5,
            exposure: 6.0,
            storm: 0.5,
            noise: 0.0,
            look_ahead,
            hard: HardTuning::default(),
        }
    }
}

/// A loaded, checked operation.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub spec: ScenarioSpec,
    pub board: HexBoard,
    pub tables: Tables,
    pub path: String,
    /// Each unit's set-up hexes (13.2).
    pub setup: Vec<HexSet>,
    /// The victory hexes (13.42).
    pub hold: Vec<Hex>,
    /// The bombarded hexes (7.86).
    pub bombarded: HexSet,
    /// The hexes the victory side's units may leave the map from (13.41).
    pub exits: Vec<Hex>,
    /// Each unit's pre-registered hexes (7.88), in the order of its `registered` list.
    pub registered: Vec<Vec<Hex>>,
}

impl Scenario {
    pub fn unit_type(&self, u: usize) -> &UnitType {
        self.tables.unit(&self.spec.units[u].subtype).expect("checked at load")
    }
    /// The operation's year (7.5), if it has one.
    pub fn year(&self) -> Option<u32> {
        year_of(&self.spec)
    }
    pub fn tuning(&self, side: Side) -> AiTuning {
        self.spec.ai.get(side.id()).cloned().unwrap_or_default()
    }
}

/// The operation's year: `year`, or the last four-digit number of the date (`6 June 1918`).
pub fn year_of(spec: &ScenarioSpec) -> Option<u32> {
    spec.year
        .or_else(|| spec.info.date.split(|c: char| !c.is_ascii_digit()).filter(|w| w.len() == 4).filter_map(|w| w.parse().ok()).next_back())
}

/// Hexes named by place names or labels.
fn hexes_of(board: &HexBoard, names: &[String], path: &str, p: &mut Problems) -> HexSet {
    let mut out = HexSet::default();
    for (i, n) in names.iter().enumerate() {
        if let Some(place) = board.place(n) {
            for &h in &place.hexes {
                out.insert(h);
            }
        } else {
            match board.parse(n) {
                Ok(h) => {
                    out.insert(h);
                }
                Err(_) => {
                    let places: Vec<String> = board.places.iter().map(|p| format!("`{}`", p.name)).collect();
                    p.push(
                        format!("{path}.{i}"),
                        format!("`{n}` is neither a hex label nor a place of the map (places: {})", places.join(", ")),
                    );
                }
            }
        }
    }
    out
}

/// Reads and checks an operation file, its map and the ruleset's tables.
pub fn load(file: &SourceFile, loader: &mut Loader) -> Result<Scenario, Vec<Diagnostic>> {
    let spec: ScenarioSpec = file.parse().map_err(|d| vec![d])?;
    let tables_file = loader.load_tables(super::ID, super::tables::BUILTIN);
    let tables = super::tables::parse(&tables_file)?;
    let mut diags = Vec::new();
    let board = load_named_map(file, loader, &spec.map, &mut diags, |map| check_hex_map(map, &super::vocabulary()));
    let mut p = Problems::default();
    check_header(super::ID, &spec.ruleset, spec.format, &spec.info, &mut p);
    let mut built = None;
    if let Some(board) = &board {
        built = Some(check(&spec, board, &tables, &mut p));
    }
    diags.extend(file.locate_all(p));
    match (board, built) {
        (Some(board), Some(b)) if diags.is_empty() => Ok(Scenario {
            spec,
            board,
            tables,
            path: file.path.to_string_lossy().replace('\\', "/"),
            setup: b.setup,
            hold: b.hold,
            bombarded: b.bombarded,
            exits: b.exits,
            registered: b.registered,
        }),
        _ => Err(diags),
    }
}

/// What the checks resolve from names to hexes.
struct Built {
    setup: Vec<HexSet>,
    hold: Vec<Hex>,
    bombarded: HexSet,
    exits: Vec<Hex>,
    registered: Vec<Vec<Hex>>,
}

fn check(spec: &ScenarioSpec, board: &HexBoard, tables: &Tables, p: &mut Problems) -> Built {
    let side_ids: Vec<&str> = spec.info.sides.iter().map(|s| s.id.as_str()).collect();
    for side in Side::BOTH {
        if !side_ids.contains(&side.id()) {
            p.push("info.sides", format!("In the Trenches needs a side with id `{}` ({})", side.id(), side.name()));
        }
        if !spec.units.iter().any(|u| u.side == side) {
            p.push("units", format!("the {} have no unit", side.name()));
        }
    }
    if spec.turns == 0 {
        p.push("turns", "an operation lasts at least one turn (13)");
    }
    for (name, turns) in [("night", &spec.night), ("concealment_turns", &spec.concealment_turns)] {
        for (i, t) in turns.iter().enumerate() {
            if *t == 0 || *t > spec.turns {
                p.push(format!("{name}.{i}"), format!("turn {t} is not a turn of this operation (1 to {})", spec.turns));
            }
        }
    }
    if let Some(y) = year_of(spec) {
        let (from, to) = spec.era.years();
        if y < from || y > to {
            let field = if spec.year.is_some() { "year" } else { "info.date" };
            p.push(field, format!("the year {y} is not in the time frame {:?} ({from} to {to}) (2.1)", spec.era));
        }
    }
    for (k, (side, tuning)) in spec.ai.iter().enumerate() {
        if Side::from_id(side).is_none() {
            p.push(format!("ai.{k}"), format!("unknown side `{side}`; sides are allied, central"));
        }
        for problem in tuning.look_ahead.problems() {
            p.push(format!("ai.{side}.look_ahead"), problem);
        }
        for problem in tuning.hard.problems() {
            p.push(format!("ai.{side}.hard"), problem);
        }
    }
    let mut setup = Vec::new();
    let mut ids = BTreeSet::new();
    let mut placed: BTreeMap<((i32, i32), Side), u32> = BTreeMap::new();
    for (i, u) in spec.units.iter().enumerate() {
        if !ids.insert(u.id.as_str()) {
            p.push(format!("units.{i}.id"), format!("the unit id `{}` is used twice", u.id));
        }
        match tables.unit(&u.subtype) {
            None => {
                let known: Vec<&str> = tables.units.keys().map(|k| k.as_str()).collect();
                p.push(
                    format!("units.{i}.subtype"),
                    format!("unknown sub-type `{}`{}", u.subtype, crate::engine::source::suggestion(&u.subtype, &known)),
                );
            }
            Some(t) if u.reduced && t.steps < 2 => {
                p.push(format!("units.{i}.reduced"), format!("a {} has one step: it has no reduced side (2.4)", t.name))
            }
            Some(_) => {}
        }
        if !u.letter.is_ascii_uppercase() {
            p.push(format!("units.{i}.letter"), format!("the formation ID is a capital letter, not `{}` (5.1)", u.letter));
        }
        let area =
            if u.off_map { HexSet::default() } else { hexes_of(board, std::slice::from_ref(&u.setup), &format!("units.{i}.setup"), p) };
        check_unit_extras(spec, tables, i, u, p);
        if let Some(at) = &u.at {
            match board.parse(at) {
                Ok(h) if !area.contains(&h) => {
                    p.push(format!("units.{i}.at"), format!("{at} is not in its set-up area `{}` (13.2)", u.setup))
                }
                Ok(h) => {
                    let n = placed.entry(((h.y, h.x), u.side)).or_default();
                    *n += 1;
                    if *n > 3 {
                        p.push(format!("units.{i}.at"), format!("a fourth {} unit in {at}: three at most (2.8)", u.side.name()));
                    }
                }
                Err(e) => p.push(format!("units.{i}.at"), e),
            }
        }
        setup.push(area);
    }
    // Letter IDs (5.1, 13.2): four identical infantry units share a letter at most, three of anything else.
    let mut letters: BTreeMap<(Side, &str, char), u32> = BTreeMap::new();
    for u in &spec.units {
        *letters.entry((u.side, u.subtype.as_str(), u.letter)).or_default() += 1;
    }
    for ((side, sub, letter), n) in letters {
        let Some(t) = tables.unit(sub) else { continue };
        let max = if t.kind == super::units::Kind::Infantry { tables.formations.infantry_max } else { tables.formations.other_max };
        if n > max {
            p.push("units", format!("{n} {} {sub} units share the letter {letter}: {max} at most (5.1, 13.2)", side.name()));
        }
    }
    // Room to set up: every side's units fit their areas three to a hex (2.8, 13.2).
    for side in Side::BOTH {
        let mut by_area: BTreeMap<&str, (u32, usize)> = BTreeMap::new();
        for (i, u) in spec.units.iter().enumerate().filter(|(_, u)| u.side == side) {
            let e = by_area.entry(u.setup.as_str()).or_insert((0, setup[i].len()));
            e.0 += 1;
        }
        for (area, (n, hexes)) in by_area {
            if hexes > 0 && n as usize > 3 * hexes {
                p.push("units", format!("{n} {} units set up in `{area}`, which holds {} at three a hex (2.8)", side.name(), 3 * hexes));
            }
        }
    }
    let hold: Vec<Hex> = hexes_of(board, &spec.victory.hold, "victory.hold", p).iter().collect();
    let exits: Vec<Hex> = match &spec.victory.exit {
        Some(e) => {
            let hexes: Vec<Hex> = hexes_of(board, &e.from, "victory.exit.from", p).iter().collect();
            for h in &hexes {
                if h.all_neighbors().iter().all(|n| board.contains(*n)) {
                    p.push(
                        "victory.exit.from",
                        format!("{} is not on the map's edge: units leave the map from edge hexes (13.41)", board.label(*h)),
                    );
                }
            }
            if e.units == 0 || hexes.is_empty() {
                p.push("victory.exit", "name at least one unit to leave the map, and the edge hexes it leaves from (13.41)");
            }
            hexes
        }
        None => Vec::new(),
    };
    if hold.is_empty() && !spec.victory.annihilate && exits.is_empty() {
        p.push("victory", "give the winning side hexes to `hold`, `annihilate: true` or units to `exit` (13.4)");
    }
    let registered = check_extras(spec, board, tables, p);
    let bombarded = match &spec.bombardment {
        Some(b) if b.area.is_empty() => board.hexes().collect(),
        Some(b) => hexes_of(board, &b.area, "bombardment.area", p),
        None => HexSet::default(),
    };
    if let Some(s) = &spec.shock
        && tables.unit(&s.subtype).is_none()
    {
        p.push("shock.subtype", format!("unknown sub-type `{}`", s.subtype));
    }
    Built { setup, hold, bombarded, exits, registered }
}

/// Checks the leadership (12) and resolves the pre-registered hexes (7.88).
fn check_extras(spec: &ScenarioSpec, board: &HexBoard, tables: &Tables, p: &mut Problems) -> Vec<Vec<Hex>> {
    for (side, n) in &spec.pre_registration {
        match Side::from_id(side) {
            None => p.push("pre_registration", format!("unknown side `{side}`; sides are allied, central (7.88)")),
            Some(s)
                if *n > 0
                    && !spec.units.iter().any(|u| u.side == s && tables.unit(&u.subtype).is_some_and(|t| t.indirect_range.is_some())) =>
            {
                p.push("pre_registration", format!("the {} have no battery with indirect fire to pre-register hexes for (7.88)", s.name()))
            }
            Some(_) => {}
        }
    }
    for (side, l) in &spec.leadership {
        if Side::from_id(side).is_none() {
            p.push("leadership", format!("unknown side `{side}`; sides are allied, central (12)"));
        }
        for s in &l.subtypes {
            if tables.unit(s).is_none() {
                p.push("leadership", format!("unknown sub-type `{s}` (12)"));
            }
        }
    }
    spec.units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            u.registered
                .iter()
                .enumerate()
                .filter_map(|(k, r)| match board.parse(&r.hex) {
                    Ok(h) => Some(h),
                    Err(e) => {
                        p.push(format!("units.{i}.registered.{k}.hex"), e);
                        None
                    }
                })
                .collect()
        })
        .collect()
}

/// Checks a unit's entry turn (13.3), off-map battery (7.87) and pre-registered hexes (7.88).
fn check_unit_extras(spec: &ScenarioSpec, tables: &Tables, i: usize, u: &UnitSpec, p: &mut Problems) {
    let row = tables.unit(&u.subtype);
    if let Some(t) = u.enters
        && (t == 0 || t > spec.turns)
    {
        p.push(format!("units.{i}.enters"), format!("turn {t} is not a turn of this operation (1 to {}) (13.3)", spec.turns));
    }
    if u.enters.is_some() && (u.at.is_some() || u.off_map) {
        p.push(format!("units.{i}.enters"), "a unit entering from the pool is neither placed `at` a hex nor an off-map battery (13.3)");
    }
    if u.off_map && row.is_some_and(|t| t.kind != super::units::Kind::Ordnance || t.indirect_range.is_none()) {
        p.push(format!("units.{i}.off_map"), "off-map units are ordnance batteries with indirect fire (7.87)");
    }
    if u.off_map && u.at.is_some() {
        p.push(format!("units.{i}.at"), "an off-map battery is never on the map (7.87)");
    }
    if u.firepower.is_some() && !u.off_map {
        p.push(
            format!("units.{i}.firepower"),
            "only off-map batteries take their firepower from the operation (7.87); others from the tables",
        );
    }
    if u.sapper && row.is_some_and(|t| t.kind != super::units::Kind::Infantry) {
        p.push(format!("units.{i}.sapper"), "sappers are infantry (9, 10.53, 11.3)");
    }
    if !u.registered.is_empty() && row.is_some_and(|t| t.indirect_range.is_none()) {
        p.push(format!("units.{i}.registered"), "only ordnance with indirect fire has pre-registered hexes (7.88)");
    }
    for (k, r) in u.registered.iter().enumerate() {
        if let Err(e) = super::indirect::ammo_allowed(tables, (spec.era, year_of(spec)), u.side, row, r.ammo, r.pattern) {
            p.push(format!("units.{i}.registered.{k}.ammo"), e);
        }
    }
}
