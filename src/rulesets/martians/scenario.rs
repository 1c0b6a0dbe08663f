//! The battle file (`scenarios/martians/*.ron`): the table, the length, the sequence of play (1.3:
//! initiative or traditional IGO/UGO), the advanced options (2.4, 5.64, 5.65), the regiments (2.11)
//! and their units with formation, place and facing, the victory conditions and the computer
//! opponent's tuning. Every problem is reported at its key, with line and column.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::engine::board::Tabletop;
use crate::engine::board::tabletop::Stand;
use crate::engine::loader::Loader;
use crate::engine::scenario::{ScenarioInfo, check_header, load_named_map};
use crate::engine::source::{Diagnostic, Problems, SourceFile, suggestion};

use super::formations::{Formation, layout};
use super::table::{self, Terrain};
use super::tables::{Army, Kind, Tables, UnitType};

/// A battle as written in RON.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename = "Scenario", deny_unknown_fields)]
pub struct ScenarioSpec {
    /// File format version (1).
    pub format: u32,
    /// `"martians"`.
    pub ruleset: String,
    /// The battle's id, name, date, introduction, sides and sources.
    pub info: ScenarioInfo,
    /// The `Tabletop(...)` file, relative to this file.
    pub table: String,
    /// Length in turns (1.1: one turn is one minute... of the rules' time scale).
    pub turns: u32,
    /// Which sequence of play (1.3).
    pub sequence: Sequence,
    /// The advanced and optional rules the battle uses (2.4, 5.64, 5.65).
    #[serde(default)]
    pub options: Options,
    /// The regiments (2.11), each once.
    pub regiments: Vec<RegimentSpec>,
    /// Every unit on the table at the start.
    pub units: Vec<UnitSpec>,
    /// The commanders (1.2f, 2.11), each with a unit; none by default.
    #[serde(default)]
    pub commanders: Vec<CommanderSpec>,
    /// How the battle is won.
    pub victory: Victory,
    /// Tuning of the computer opponent, per side id; every field optional.
    #[serde(default)]
    pub ai: BTreeMap<String, AiTuning>,
}

/// The two sequences of play (1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Sequence {
    /// Regiments act in order of initiative (1.3, 2.4-2.6).
    Initiative,
    /// Traditional IGO/UGO (1.3, the Sequence of Play page).
    Traditional,
}

/// The advanced and optional rules a battle uses.
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// 2.4: a d10 for each regiment's commander's ability bonus.
    pub commander_bonus: bool,
    /// 2.4: a d6 per Recon or Light Cavalry stand instead of the set points.
    pub recon_d6: bool,
    /// 2.4: skirmish deployed infantry count 2 points.
    pub skirmish_two: bool,
    /// 5.64: fanaticism.
    pub fanaticism: bool,
    /// 5.65: variable Martian morale for units marked (*).
    pub variable_morale: bool,
    /// 6.33 (optional): shell fire of howitzers and mortars at unlimbered guns may deviate.
    pub shell_deviation: bool,
    /// The Steam Power Vehicle Rules' optional rule: vehicles (not skimmers) may enter woods and rough
    /// ground, and roll a d10 for a break down each turn they are in it (0 breaks down).
    pub vehicles_in_rough: bool,
}

/// A regiment (2.11): the first level of command; its units act together (2.6).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegimentSpec {
    /// The regiment's id, unique in the battle, which its units and the commands name.
    pub id: String,
    /// The side it belongs to, by side id.
    pub side: String,
    /// The regiment's name, as the window shows it.
    pub name: String,
}

/// One unit (company, squadron, gun section, flight) on the table at the start.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// The unit's id, unique in the battle, which commands use.
    pub id: String,
    /// The regiment it belongs to, by id; the unit is of that regiment's side.
    pub regiment: String,
    /// `army.unit` of the army lists (`british.line`).
    #[serde(rename = "type")]
    pub kind: String,
    /// The formation it starts in (3); it must be one its type may take.
    pub formation: Formation,
    /// The centre of its front edge, in yards.
    pub at: (f32, f32),
    /// Degrees counter-clockwise from east (90: facing north, up the table).
    pub facing: f32,
    /// Castings, when not the list's full strength.
    #[serde(default)]
    pub castings: Option<u32>,
    /// The id of the skimmer (11.0) or air transport raider (the Aviation Rules' ATR) of its side it
    /// starts aboard: off the table until unloaded (`Unload`). An infantry unit of at most 12 castings
    /// or an artillery section of a gun light enough; one unit a transport. `at` and `facing` are then
    /// unused.
    #[serde(default)]
    pub aboard: Option<String>,
}

/// A commander's rank (2.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Rank {
    /// Commands one regiment: the regiment of the unit he starts with (2.11).
    Regimental,
    /// Commands every regiment of his side (2.11: "two or more regimental commanders").
    Brigade,
}

/// A commander (1.2f: "combined with two staff or flags bearers on a normal stand"; 2.11): his stand
/// rides with a unit of his command, gives the units within 60 yards his advantage (5.2h, 5.63), may
/// be hit when that unit takes casualties or fights a melee (2.31), and may ride to another unit of
/// his command in a move.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommanderSpec {
    /// The commander's id, unique among the battle's units and commanders, which `Attach` names.
    pub id: String,
    /// His name, as the window and the journal show it.
    pub name: String,
    /// Regimental or brigade commander (2.11).
    pub rank: Rank,
    /// The unit he is with at the start, by id: a ground unit (not aviation); a regimental commander
    /// commands its regiment.
    pub with: String,
}

/// How a battle is won: an objective zone held at the end, or the enemy broken.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    /// Objective zones (the table's `objective` features, by name) and the side that must hold each at the
    /// end: some of its stands in it and no enemy stand.
    #[serde(default)]
    pub objectives: Vec<Objective>,
    /// A side that has lost this percentage of its castings is broken and loses at once.
    pub breaking_point: BTreeMap<String, u32>,
    /// Who wins at the end when no side has both held its objectives and avoided breaking.
    pub otherwise: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    /// The objective zone: the name of an `objective` feature of the table.
    pub zone: String,
    /// The side that must hold it at the end, by side id.
    pub side: String,
}

/// How the computer opponent values things (docs/ai.md, "Martians"). A field left out takes its default.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct AiTuning {
    /// One enemy casting expected killed, by a shot or a charge's melee (own losses are `loss`).
    pub kill: f32,
    /// One casting of one's own expected lost, to a charge's melee or the defender's volley at one inch.
    pub loss: f32,
    /// Per yard of approach to the objective or the enemy.
    pub approach: f32,
    /// A unit standing in its side's objective.
    pub hold: f32,
    /// How much a charge's expected result counts against a shot's.
    pub charge: f32,
    /// How much the Hard opponent looks ahead at a regiment's action, a move, a charge or a formation.
    pub look_ahead: crate::engine::difficulty::LookAhead,
}

impl Default for AiTuning {
    fn default() -> Self {
        AiTuning { kill: 10.0, loss: 10.0, approach: 0.05, hold: 30.0, charge: 1.0, look_ahead: Default::default() }
    }
}

/// A loaded, checked battle.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub spec: ScenarioSpec,
    pub table: Tabletop,
    pub tables: Tables,
    pub path: String,
    /// Each unit's regiment index, and each regiment's side index.
    pub regiment_of: Vec<usize>,
    pub side_of_regiment: Vec<usize>,
    /// The table's terrain, classified (woods, hills...).
    pub terrain: Vec<Terrain>,
    /// The objective zones' feature indices.
    pub objectives: Vec<(usize, usize)>,
    /// Each unit's type and whether its army is European trained, looked up once.
    pub types: Vec<UnitType>,
    pub european: Vec<bool>,
    /// Each commander's side, the regiment he commands (None: a brigade commander, 2.11) and the unit he
    /// starts with.
    pub commander_side: Vec<usize>,
    pub commander_regiment: Vec<Option<usize>>,
    pub commander_start: Vec<usize>,
    /// A battle of a campaign (`Ruleset::campaign_battle`): a commander hit may be only wounded (2.31).
    pub campaign: bool,
}

impl Scenario {
    pub fn unit_type(&self, u: usize) -> &UnitType {
        &self.types[u]
    }
    /// Looks the units' types up again after the order of battle changed (tests, campaigns).
    pub fn index_units(&mut self) {
        let looked: Vec<(UnitType, bool)> = self
            .spec
            .units
            .iter()
            .map(|u| self.tables.unit(&u.kind).map(|(a, t)| (t.clone(), a.european)).expect("a unit type of the lists"))
            .collect();
        self.types = looked.iter().map(|x| x.0.clone()).collect();
        self.european = looked.iter().map(|x| x.1).collect();
        self.index_commanders();
    }
    /// Finds each commander's unit, regiment and side by id (checked at load).
    pub fn index_commanders(&mut self) {
        let units = &self.spec.units;
        self.commander_start = self.spec.commanders.iter().map(|c| units.iter().position(|u| u.id == c.with).unwrap_or(0)).collect();
        self.commander_side = self.commander_start.iter().map(|&u| self.side_of(u)).collect();
        self.commander_regiment = self
            .spec
            .commanders
            .iter()
            .zip(&self.commander_start)
            .map(|(c, &u)| (c.rank == Rank::Regimental).then(|| self.regiment_of[u]))
            .collect();
    }
    /// Finds each unit's regiment and each regiment's side again by id after the order of battle
    /// changed (campaigns: units and regiments left out).
    fn index_regiments(&mut self) {
        let sides = self.sides();
        self.side_of_regiment = self.spec.regiments.iter().map(|r| sides.iter().position(|s| *s == r.side).unwrap_or(0)).collect();
        let regiments = &self.spec.regiments;
        self.regiment_of = self.spec.units.iter().map(|u| regiments.iter().position(|r| r.id == u.regiment).unwrap_or(0)).collect();
    }
    pub fn ground(&self) -> table::Ground<'_> {
        table::Ground { table: &self.table, kinds: &self.terrain }
    }
    pub fn army(&self, u: usize) -> &Army {
        self.tables.unit(&self.spec.units[u].kind).expect("checked at load").0
    }
    pub fn sides(&self) -> Vec<String> {
        self.spec.info.sides.iter().map(|s| s.id.clone()).collect()
    }
    pub fn side_index(&self, id: &str) -> Option<usize> {
        self.spec.info.sides.iter().position(|s| s.id == id)
    }
    pub fn side_of(&self, u: usize) -> usize {
        self.side_of_regiment[self.regiment_of[u]]
    }
    pub fn tuning(&self, side: usize) -> AiTuning {
        self.spec.ai.get(&self.spec.info.sides[side].id).cloned().unwrap_or_default()
    }
    pub fn full_castings(&self, u: usize) -> u32 {
        self.spec.units[u].castings.unwrap_or(self.unit_type(u).castings)
    }
}

/// Reads and checks a battle file, its table and the ruleset's tables.
pub fn load(file: &SourceFile, loader: &mut Loader) -> Result<Scenario, Vec<Diagnostic>> {
    let spec: ScenarioSpec = file.parse().map_err(|d| vec![d])?;
    let tables_file = loader.load_tables(super::ID, super::tables::BUILTIN);
    let tables = super::tables::parse(&tables_file)?;
    let mut diags = Vec::new();
    let table = load_named_map(file, loader, &spec.table, &mut diags, table::read);
    let mut p = Problems::default();
    check_header(super::ID, &spec.ruleset, spec.format, &spec.info, &mut p);
    let built = table.as_ref().map(|t| check(&spec, t, &tables, &mut p));
    diags.extend(file.locate_all(p));
    match (table, built) {
        (Some(table), Some((regiment_of, side_of_regiment, objectives))) if diags.is_empty() => {
            let terrain = table::kinds(&table);
            let mut sc = Scenario {
                spec,
                table,
                tables,
                path: file.path.to_string_lossy().replace('\\', "/"),
                regiment_of,
                side_of_regiment,
                terrain,
                objectives,
                types: Vec::new(),
                european: Vec::new(),
                commander_side: Vec::new(),
                commander_regiment: Vec::new(),
                commander_start: Vec::new(),
                campaign: false,
            };
            sc.index_units();
            Ok(sc)
        }
        _ => Err(diags),
    }
}

type Built = (Vec<usize>, Vec<usize>, Vec<(usize, usize)>);

/// 11.0 and the Aviation Rules' ATR: what a unit starting aboard a transport may be. "A skimmer model
/// represents enough actual craft to transport an artillery section or 12 casting infantry unit. Only
/// light artillery rated guns can be carried by skimmers"; an ATR carries "light and medium".
fn check_aboard(spec: &ScenarioSpec, tables: &Tables, regiment_of: &[usize], side_of_regiment: &[usize], names: &[&str], p: &mut Problems) {
    let t = &tables.transports;
    let ty = |i: usize| tables.unit(&spec.units[i].kind).map(|x| x.1);
    let side = |i: usize| regiment_of.get(i).and_then(|&r| side_of_regiment.get(r)).copied();
    let mut loaded = BTreeSet::new();
    for (i, u) in spec.units.iter().enumerate() {
        let Some(carrier) = &u.aboard else { continue };
        let at = format!("units.{i}.aboard");
        let Some(c) = spec.units.iter().position(|x| x.id == *carrier) else {
            p.push(at, format!("unknown unit `{carrier}`{}", suggestion(carrier, names)));
            continue;
        };
        let (Some(cargo), Some(ct)) = (ty(i), ty(c)) else { continue };
        let Some(heaviest) = ct.carries(t) else {
            p.push(at, format!("`{carrier}` is not a transport: units ride aboard skimmers (11.0) or air transport raiders (ATR)"));
            continue;
        };
        if side(i) != side(c) {
            p.push(at.clone(), format!("`{carrier}` is the enemy's transport"));
        }
        if !loaded.insert(c) {
            p.push(at.clone(), format!("`{carrier}` already carries a unit: one unit a transport (11.0)"));
        }
        let castings = u.castings.unwrap_or(cargo.castings);
        let fits = match cargo.kind {
            Kind::Infantry => castings <= t.infantry_castings,
            Kind::Artillery => {
                cargo.sections == 1 && cargo.gun.as_ref().and_then(|g| tables.artillery.guns.get(g)).is_some_and(|g| g.weight <= heaviest)
            }
            _ => false,
        };
        if !fits {
            p.push(
                at,
                format!(
                    "`{carrier}` carries an infantry unit of at most {} castings or one artillery section of a {:?} gun or lighter, not {} (11.0)",
                    t.infantry_castings, heaviest, cargo.name
                ),
            );
        }
    }
}

fn check(spec: &ScenarioSpec, table: &Tabletop, tables: &Tables, p: &mut Problems) -> Built {
    let sides: Vec<&str> = spec.info.sides.iter().map(|s| s.id.as_str()).collect();
    if sides.len() != 2 {
        p.push("info.sides", "a battle of this ruleset has two sides (alliances of three or more are not implemented)");
    }
    if spec.turns == 0 {
        p.push("turns", "a battle lasts at least one turn");
    }
    let side_index = |s: &str, at: String, p: &mut Problems| -> usize {
        sides.iter().position(|x| *x == s).unwrap_or_else(|| {
            p.push(at, format!("unknown side `{s}`{}", suggestion(s, &sides)));
            0
        })
    };
    let mut side_of_regiment = Vec::new();
    let mut regiment_ids = BTreeSet::new();
    for (i, r) in spec.regiments.iter().enumerate() {
        if !regiment_ids.insert(r.id.as_str()) {
            p.push(format!("regiments.{i}.id"), format!("the regiment id `{}` is used twice", r.id));
        }
        side_of_regiment.push(side_index(&r.side, format!("regiments.{i}.side"), p));
    }
    let regiment_names: Vec<&str> = spec.regiments.iter().map(|r| r.id.as_str()).collect();
    let mut regiment_of = Vec::new();
    let mut ids = BTreeSet::new();
    let mut placed: Vec<(usize, Vec<Stand>)> = Vec::new();
    let kinds = table::kinds(table);
    let ground = table::Ground { table, kinds: &kinds };
    for (i, u) in spec.units.iter().enumerate() {
        if !ids.insert(u.id.as_str()) {
            p.push(format!("units.{i}.id"), format!("the unit id `{}` is used twice", u.id));
        }
        let reg = regiment_names.iter().position(|r| *r == u.regiment);
        if reg.is_none() {
            p.push(format!("units.{i}.regiment"), format!("unknown regiment `{}`{}", u.regiment, suggestion(&u.regiment, &regiment_names)));
        }
        regiment_of.push(reg.unwrap_or(0));
        let Some((army, ty)) = tables.unit(&u.kind) else {
            let keys = tables.unit_keys();
            let names: Vec<&str> = keys.iter().map(|s| s.as_str()).collect();
            p.push(format!("units.{i}.type"), format!("unknown unit type `{}` (army.unit){}", u.kind, suggestion(&u.kind, &names)));
            continue;
        };
        let castings = u.castings.unwrap_or(ty.castings);
        // 3.5: a unit of one casting disperses; a heroic character is the last casting (Heroic Characters).
        let least = if ty.hero || ty.kind.single_stands() { 1 } else { 2 };
        if castings < least || castings > ty.castings {
            p.push(format!("units.{i}.castings"), format!("a {} has {least} to {} castings", ty.name, ty.castings));
        }
        if (ty.kind == Kind::Aviation || ty.kind == Kind::Skimmer) && spec.sequence == Sequence::Traditional {
            p.push(
                format!("units.{i}.type"),
                "aviation and skimmers move in the initiative sequence's aviation and vehicle phases (1.3): the traditional sequence has none",
            );
        }
        if let Err(why) = super::formations::allowed(u.formation, ty, army) {
            p.push(format!("units.{i}.formation"), why);
        }
        let stands = layout(tables, ty, u.formation, castings, u.at, u.facing.to_radians());
        if ty.kind != Kind::Aviation && u.aboard.is_none() {
            if stands.iter().any(|s| !table::on_table(table, s)) {
                p.push(
                    format!("units.{i}.at"),
                    format!("{} does not fit on the table at ({}, {}) in {:?}", u.id, u.at.0, u.at.1, u.formation),
                );
            }
            if let Some(f) = stands.iter().find_map(|s| table::impassable_under(ground, s)) {
                p.push(format!("units.{i}.at"), format!("{} stands in `{f}`, where no stand may stand", u.id));
            }
            if let Some((j, _)) = placed.iter().find(|(_, other)| other.iter().any(|o| stands.iter().any(|s| s.overlaps(o, 0.5)))) {
                p.push(format!("units.{i}.at"), format!("{} overlaps {}: stands may not interpenetrate (3.5)", u.id, spec.units[*j].id));
            }
            placed.push((i, stands));
        }
    }
    let unit_names: Vec<&str> = spec.units.iter().map(|u| u.id.as_str()).collect();
    check_aboard(spec, tables, &regiment_of, &side_of_regiment, &unit_names, p);
    for (i, c) in spec.commanders.iter().enumerate() {
        if !ids.insert(c.id.as_str()) {
            p.push(format!("commanders.{i}.id"), format!("the id `{}` is used twice (units and commanders share their ids)", c.id));
        }
        match spec.units.iter().position(|u| u.id == c.with) {
            None => p.push(format!("commanders.{i}.with"), format!("unknown unit `{}`{}", c.with, suggestion(&c.with, &unit_names))),
            Some(u) => {
                if tables.unit(&spec.units[u].kind).is_some_and(|(_, t)| t.kind == Kind::Aviation) {
                    p.push(
                        format!("commanders.{i}.with"),
                        format!("{} rides with a ground unit, not the flight `{}` (2.31)", c.id, c.with),
                    );
                }
            }
        }
    }
    let mut objectives = Vec::new();
    for (i, o) in spec.victory.objectives.iter().enumerate() {
        let side = side_index(&o.side, format!("victory.objectives.{i}.side"), p);
        match table.features.iter().position(|f| f.kind == "objective" && f.name == o.zone) {
            Some(f) => objectives.push((f, side)),
            None => {
                let zones: Vec<&str> = table.features.iter().filter(|f| f.kind == "objective").map(|f| f.name.as_str()).collect();
                p.push(
                    format!("victory.objectives.{i}.zone"),
                    format!("the table has no objective zone `{}`{}", o.zone, suggestion(&o.zone, &zones)),
                );
            }
        }
    }
    for (k, (s, pct)) in spec.victory.breaking_point.iter().enumerate() {
        side_index(s, format!("victory.breaking_point.{k}"), p);
        if *pct == 0 || *pct > 100 {
            p.push(format!("victory.breaking_point.{k}"), "a breaking point is a percentage of castings, 1 to 100");
        }
    }
    side_index(&spec.victory.otherwise, "victory.otherwise".into(), p);
    for (k, (s, tuning)) in spec.ai.iter().enumerate() {
        side_index(s, format!("ai.{k}"), p);
        for problem in tuning.look_ahead.problems() {
            p.push(format!("ai.{s}.look_ahead"), problem);
        }
    }
    for (s, side) in sides.iter().enumerate() {
        if !spec.units.iter().zip(&regiment_of).any(|(_, &r)| side_of_regiment.get(r) == Some(&s)) {
            p.push("units", format!("the side `{side}` has no unit"));
        }
    }
    (regiment_of, side_of_regiment, objectives)
}

/// The campaign's own rule (the rulebook has none; docs/martians.md, "The campaign"): a unit carried
/// from an earlier battle, matched by id, starts this one with the castings it ended that one with
/// (1.2: a casting is ten men), in the place and formation this battle gives it; a unit that fled the
/// table (5.5) rallies and returns with the castings it fled with; a unit destroyed (3.5) or that
/// surrendered (5.5) is gone, and so is one left with a single casting (3.5); a regiment left with no
/// unit goes with them. A commander carried (2.31) is in this battle unless he was killed; wounded,
/// he is back.
pub fn carry_in(sc: &mut Scenario, units: &[crate::engine::campaign::CarriedUnit]) -> Result<(), String> {
    if units.is_empty() {
        return Ok(());
    }
    let regiments_before: Vec<(String, String)> = sc.spec.units.iter().map(|u| (u.id.clone(), u.regiment.clone())).collect();
    for c in units {
        if let Some(k) = sc.spec.commanders.iter().position(|x| x.id == c.id) {
            match c.status.as_str() {
                "eliminated" => {
                    sc.spec.commanders.remove(k);
                }
                "commanding" | "wounded" | "left" => {}
                other => return Err(format!("the carried commander `{}` has a status this ruleset does not know: `{other}`", c.id)),
            }
            continue;
        }
        let Some(i) = sc.spec.units.iter().position(|u| u.id == c.id) else {
            return Err(format!("the carried unit `{}` is not in this battle's order of battle", c.id));
        };
        let ty = sc.tables.unit(&sc.spec.units[i].kind).map(|(_, t)| t.clone()).ok_or("a unit type of the lists")?;
        match c.status.as_str() {
            "eliminated" | "surrendered" => {
                sc.spec.units.remove(i);
            }
            status if matches!(status, "fled" | "withdrawn" | "aboard") || Formation::ALL.iter().any(|f| f.name() == status) => {
                let castings = c.steps.ok_or_else(|| format!("the carried unit `{}` has no castings", c.id))?;
                if castings > ty.castings {
                    return Err(format!("the carried unit `{}` has {castings} castings: a {} has at most {}", c.id, ty.name, ty.castings));
                }
                if castings < if ty.hero || ty.kind.single_stands() { 1 } else { 2 } {
                    // 3.5: a unit of one casting disperses (a heroic character is the last casting).
                    sc.spec.units.remove(i);
                } else {
                    sc.spec.units[i].castings = Some(castings);
                }
            }
            other => return Err(format!("the carried unit `{}` has a status this ruleset does not know: `{other}`", c.id)),
        }
    }
    let spec = &mut sc.spec;
    let carried = std::mem::take(&mut spec.commanders);
    // A commander whose unit is gone starts with the first unit left of his command, or is not there.
    let regiment_of = |id: &str| regiments_before.iter().find(|(u, _)| u == id).map(|x| x.1.clone()).unwrap_or_default();
    let side_of = |reg: &str| spec.regiments.iter().find(|r| r.id == reg).map(|r| r.side.clone()).unwrap_or_default();
    let mut commanders = Vec::new();
    for mut c in carried {
        if !spec.units.iter().any(|u| u.id == c.with) {
            let reg = regiment_of(&c.with);
            let side = side_of(&reg);
            let next = spec.units.iter().find(|u| match c.rank {
                Rank::Regimental => u.regiment == reg,
                Rank::Brigade => side_of(&u.regiment) == side,
            } && sc.tables.unit(&u.kind).is_some_and(|(_, t)| t.kind != Kind::Aviation));
            match next {
                Some(u) => c.with = u.id.clone(),
                None => continue,
            }
        }
        commanders.push(c);
    }
    spec.commanders = commanders;
    spec.regiments.retain(|r| spec.units.iter().any(|u| u.regiment == r.id));
    for s in &spec.info.sides {
        if !spec.regiments.iter().any(|r| r.side == s.id) {
            return Err(format!("the side `{}` has no unit left to fight this battle", s.id));
        }
    }
    sc.index_regiments();
    sc.index_units();
    Ok(())
}
