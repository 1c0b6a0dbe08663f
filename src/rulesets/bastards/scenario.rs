//! The Into the Bastards! scenario file (`scenarios/bastards/*.ron`): the ruleset's part of the
//! scenario schema, and its checks. The rulebook's "Scenarios" chapter is what these fields encode.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::Ruleset;
use crate::engine::board::HexBoard;
use crate::engine::difficulty::{HardWeights, LookAhead};
use crate::engine::loader::Loader;
use crate::engine::scenario::{ScenarioInfo, check_header, load_named_map};
use crate::engine::source::{Diagnostic, Problems, SourceFile};
use crate::engine::validate::check_hex_map;

use super::tables::Tables;
use super::units::{Side, UnitKind};

/// A scenario as written in RON.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename = "Scenario", deny_unknown_fields)]
pub struct ScenarioSpec {
    /// File format version (1).
    pub format: u32,
    /// `"bastards"`.
    pub ruleset: String,
    /// The scenario's id, name, date, introduction, sides and sources.
    pub info: ScenarioInfo,
    /// The map file, relative to this file.
    pub map: String,
    /// The rows in play (scenario 1: `("A", "P")`, north of row P inclusive); all rows if absent.
    #[serde(default)]
    pub rows_in_play: Option<(String, String)>,
    /// The turn record track.
    pub turns: Vec<TurnSpec>,
    /// Battle intensity track (chapter 6): start of the intensity and confusion markers.
    pub intensity: i32,
    /// The space of the battle intensity track the confusion marker starts on (chapter 6): when the
    /// intensity reaches it at the end of a turn, play switches to the random sequence (chapter 7).
    pub confusion: i32,
    /// The activation markers in the opaque pool for this scenario (7.1), after the scenario's removals.
    pub activation_markers: Vec<MarkerSpec>,
    /// The order of battle: every unit, set up or arriving later.
    pub units: Vec<UnitSpec>,
    /// Units arriving during play (2.3), by group.
    #[serde(default)]
    pub reinforcements: Vec<ReinforcementSpec>,
    /// The Australian night assault (chapter 10), if the scenario has one.
    #[serde(default)]
    pub night_assault: Option<NightAssaultSpec>,
    /// Units that must stay within a distance of a place at all times (the Cachy garrison).
    #[serde(default)]
    pub garrisons: Vec<GarrisonSpec>,
    /// The scenario's victory conditions (Victory Conditions: each scenario has its own).
    pub victory: VictorySpec,
    /// Where the rules text and the play aid disagree, and the optional rules.
    #[serde(default)]
    pub options: Options,
    /// Tuning of the computer opponent, per side id.
    #[serde(default)]
    pub ai: BTreeMap<String, AiTuning>,
}

/// One space of the turn record track.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnSpec {
    /// The turn's number, from 1.
    pub turn: u32,
    /// Day and time printed on the space (`24 April, 06:00`).
    pub label: String,
    /// Day the turn belongs to (1 = 24 April, 2 = 25 April): eliminated battalions of day 1 return
    /// by the day's last return turn at the latest (chapter 8).
    pub day: u32,
    /// Artillery markers for each side's barrage phase (chapter 5).
    pub german_artillery: u32,
    /// Artillery markers for the Allied barrage phase (chapter 5).
    pub allied_artillery: u32,
    /// A "Nightfall" space (chapter 9).
    #[serde(default)]
    pub nightfall: bool,
    /// A night turn: eliminated battalions return later (-2, chapter 8) and the optional rule
    /// "tanks vulnerable at night" applies.
    #[serde(default)]
    pub night: bool,
}

/// A kind of activation marker and how many of it are in the pool (7.2).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkerSpec {
    /// Which marker.
    pub kind: MarkerKind,
    /// The designated side; `None` for markers that concern both (pause, end of turn).
    #[serde(default)]
    pub side: Option<Side>,
    /// How many such markers are in the pool.
    pub count: u32,
}

/// The activation markers of 7.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord, schemars::JsonSchema)]
pub enum MarkerKind {
    /// Activate this many battalions (1, 3 or 5).
    Battalions(u32),
    /// Activate up to three tanks.
    Tanks,
    /// A hero joins a battalion, which may activate at once (returned to full strength if
    /// disorganised, +1 medal up to 4).
    Hero,
    /// Pause in the fighting: each side may reorganise up to 3 units not adjacent to the enemy.
    Pause,
    /// The designated side may carry out an artillery barrage.
    Artillery,
    /// The designated side's disorganised battalions fall back 5 hexes towards its map edge.
    Rout,
    /// The designated side may repair a damaged or broken-down tank and activate it at once.
    Mechanic,
    /// The turn ends at once, even before its fifth marker.
    EndOfTurn,
    /// The designated side brings back up to two eliminated battalions from the turn track.
    Reinforcements,
}

/// A unit of the order of battle.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// The unit's id, unique in the scenario, which commands, reinforcements and campaigns use.
    pub id: String,
    /// Historical designation, as on the counter.
    pub name: String,
    /// The side it fights for.
    pub side: Side,
    /// Battalion or which tank (Units).
    pub kind: UnitKind,
    /// Medals on the counter (2 to 4).
    pub medals: u32,
    /// Machine-gun battalion (optional rule 1).
    #[serde(default)]
    pub mg: bool,
    /// Division or formation, for the unit card.
    #[serde(default)]
    pub formation: String,
    /// Set-up hex; `None` for units that arrive later (listed in a reinforcement group or the night
    /// assault).
    #[serde(default)]
    pub hex: Option<String>,
    /// Starts on its reverse side (disorganised or damaged).
    #[serde(default)]
    pub reduced: bool,
    /// Why the unit is here or there, and what is reconstructed.
    #[serde(default)]
    pub note: String,
}

/// Units entering during play (2.3).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReinforcementSpec {
    /// The turn they arrive on (2.3).
    pub turn: u32,
    /// The side they belong to; they enter by its map edge (West for the Allies, East for the Germans).
    pub side: Side,
    /// The units of the group, by id.
    pub units: Vec<String>,
    /// How many of them arrive: all, or a die roll (scenario 1's Whippets: 1d6+1).
    #[serde(default)]
    pub count: ArrivalCount,
    /// Rows of the entry edge they may enter by (scenario 1's Whippets: N, O, P); all if empty.
    #[serde(default)]
    pub rows: Vec<String>,
    /// Optional units the owner may bring in at any time of his activation phase this turn, each
    /// scoring VP for the enemy (scenario 1's extra A7Vs).
    #[serde(default)]
    pub optional: bool,
    /// VP the enemy scores per optional unit brought in.
    #[serde(default)]
    pub enemy_vp_each: i32,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum ArrivalCount {
    /// Every unit of the group arrives (the default).
    #[default]
    All,
    /// One die plus a number (1d6+1), capped at the units listed.
    DiePlus(u32),
}

/// The Australian night assault of 24–25 April (chapter 10).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NightAssaultSpec {
    /// The nightfall turn on which it happens.
    pub turn: u32,
    /// The units deployed, by id.
    pub units: Vec<String>,
    /// Placement: west of this column, inclusive.
    pub max_column: u32,
    /// Placement: at least this many hexes from any enemy unit.
    pub min_enemy_distance: u32,
    /// Rounds of activation.
    pub rounds: u32,
    /// German battalions this close to a just-activated Allied unit are activated.
    pub german_reach: u32,
}

/// A unit that must stay near a place at all times (scenarios 1 and 2: the Cachy garrison).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GarrisonSpec {
    /// The unit, by id (the 4th Bn Suffolk).
    pub unit: String,
    /// The place of the map (Cachy).
    pub place: String,
    /// The most hexes it may be from a hex of the place (2).
    pub distance: u32,
}

/// Victory conditions: each scenario has its own.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub enum VictorySpec {
    /// Scenario 1: running VPs and end-of-game VPs by the hex table.
    Points(PointsVictory),
    /// Scenario 2: decisive victory from a turn on, then seven levels at the end.
    Levels(LevelsVictory),
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PointsVictory {
    /// German VP per Allied tank captured (eliminated following an assault).
    pub captured_tank: i32,
    /// VP for the first tank eliminated in a combat initiated by a tank, and if that tank is a Whippet.
    pub first_tank_kill: i32,
    /// VP for that first tank if it is a Whippet (scenario 1: 2 instead of 4).
    pub first_tank_kill_whippet: i32,
    /// VP for each later tank so eliminated.
    pub later_tank_kill: i32,
    /// German VP at the end of each turn for holding places with a battalion that traces a line of
    /// communication.
    pub each_turn: Vec<PlaceAward>,
    /// End-of-game VP for control of hexes.
    pub end_of_game: Vec<PlaceAward>,
}

/// VP for holding a place.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlaceAward {
    /// The side that scores.
    pub side: Side,
    /// A place of the map, or `german trenches` / `allied trenches` for trench hexes.
    pub place: String,
    /// How many VP, and for what kind of hold.
    pub award: Award,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Award {
    /// Points if the side is the only one with battalions in the place.
    Sole(i32),
    /// Points if the side has a battalion in the place.
    Any(i32),
    /// Points per hex of the place occupied by one of the side's battalions.
    PerHex(i32),
    /// Points if sole occupant, otherwise points per occupied hex.
    SoleOrPerHex(i32, i32),
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LevelsVictory {
    /// The first turn at whose end the German decisive victory is checked (scenario 2: turn 7).
    pub decisive_from_turn: u32,
    /// The place the German must hold alone for a decisive victory.
    pub town: String,
    /// Places of which one more must be held for a decisive victory.
    pub wood: String,
    /// The village the German must hold alone for a decisive victory (Cachy), and one of the
    /// strategic victory's places.
    pub village: String,
    /// The village where one German battalion is enough for a decisive victory (Domart).
    pub far_village: String,
    /// The village of the tactical victories.
    pub south_village: String,
}

/// Scenario options: where the rules text and the play aid disagree, and the optional rules.
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Village movement cost: the rules text's 2 MP (default) or the play aid's 1 MP.
    #[serde(default)]
    pub village_cost: VillageCost,
    /// Optional rule 1: machine-gun battalions.
    #[serde(default)]
    pub mg_battalions: bool,
    /// Optional rule 2: vulnerability of tanks at night.
    #[serde(default)]
    pub tanks_vulnerable_at_night: bool,
    /// Optional rule 3: maintaining cohesion.
    #[serde(default)]
    pub maintaining_cohesion: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum VillageCost {
    /// Villages and towns cost 2 MP, as the French rules text says (Terrain Table; the default).
    #[default]
    RulesText,
    /// Villages and towns cost 1 MP, as the player aid says.
    PlayAid,
}

/// How the computer plays a side (issue: AI); all weights default to 1.0.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AiTuning {
    /// Willingness to attack and assault (multiplies the value of inflicting losses).
    #[serde(default = "one")]
    pub aggression: f32,
    /// Weight of the risk to own units.
    #[serde(default = "one")]
    pub caution: f32,
    /// Extra weight of each objective place, by name.
    #[serde(default)]
    pub objectives: BTreeMap<String, f32>,
    /// How much the Hard opponent looks ahead at the choice of the unit to activate (2.1).
    /// Left out: 3 candidates, 1 dice sample, 2 replies, 30 steps, greedy 0.5; a field left out of
    /// a `look_ahead` written here takes the engine's default (`LookAhead`).
    #[serde(default = "look_ahead")]
    pub look_ahead: LookAhead,
    /// The Hard opponent's own aggression and caution for this side (`hard: (aggression: 4.0)`);
    /// left out, the side's. The Normal opponent keeps the side's.
    #[serde(default)]
    pub hard: HardWeights,
}

/// The Hard opponent's look-ahead: 3 candidates, 1 dice sample, through the activation and the
/// enemy's next, at most 30 commands (docs/ai.md, "The look-ahead": measured there).
fn look_ahead() -> LookAhead {
    LookAhead { candidates: 3, samples: 1, replies: 2, steps: 30, greedy: 0.5 }
}

fn one() -> f32 {
    1.0
}

impl Default for AiTuning {
    fn default() -> Self {
        AiTuning { aggression: 1.0, caution: 1.0, objectives: BTreeMap::new(), look_ahead: look_ahead(), hard: HardWeights::default() }
    }
}

/// A loaded, checked scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub spec: ScenarioSpec,
    pub board: HexBoard,
    pub tables: Tables,
    /// The path the scenario was read from.
    pub path: String,
    /// First and last row in play (0-based).
    pub rows: (u32, u32),
    /// Per hex of the board (dense index): what the rules ask of it most often, derived at load from
    /// the board, the tables, the options and the rows in play ([`Scenario::derive_facts`]; call it
    /// again after editing any of them).
    pub facts: Vec<HexFacts>,
}

/// What the rules ask most often of a hex, precomputed (see [`Scenario::facts`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HexFacts {
    /// Index of its terrain type in `tables.terrain`, if the tables know it.
    pub terrain: Option<u16>,
    /// MP to enter without a road, with the scenario's village option (1 if the terrain is unknown).
    pub cost: u32,
    pub impassable: bool,
    pub closed: bool,
    /// In the rows the scenario plays on and not impassable.
    pub in_play: bool,
    /// The owner of a trench in the hex.
    pub trench: Option<Side>,
    /// A bit per direction (of `Hex::all_neighbors`) with a road across that hexside.
    pub roads: u8,
    /// Its label (`K05`), as `HexBoard::label` writes it.
    pub label: String,
}

impl Scenario {
    pub fn turn(&self, turn: u32) -> Option<&TurnSpec> {
        self.spec.turns.iter().find(|t| t.turn == turn)
    }
    pub fn last_turn(&self) -> u32 {
        self.spec.turns.iter().map(|t| t.turn).max().unwrap_or(1)
    }
    pub fn unit(&self, id: &str) -> Option<&UnitSpec> {
        self.spec.units.iter().find(|u| u.id == id)
    }
    /// First and last row in play (0-based).
    pub fn rows_in_play(&self) -> (u32, u32) {
        self.rows
    }

    /// Derives [`Scenario::facts`] from the board, the tables, the options and the rows in play.
    pub fn derive_facts(&mut self) {
        let b = &self.board;
        let t = &self.tables;
        let (first, last) = self.rows;
        self.facts = (0..b.len())
            .map(|i| {
                let h = b.hex_of_index(i);
                let terrain = b.terrain(h).and_then(|name| t.terrain.iter().position(|x| x.id == name)).map(|x| x as u16);
                let tt = terrain.map(|x| &t.terrain[x as usize]);
                let cost = match tt {
                    Some(tt) => match (self.spec.options.village_cost, tt.play_aid_cost) {
                        (VillageCost::PlayAid, Some(c)) => c,
                        _ => tt.cost,
                    },
                    None => 1,
                };
                let impassable = tt.is_some_and(|x| x.impassable);
                let row = b.offset_of(h).1 as u32;
                let trench = b
                    .hex_features(h)
                    .iter()
                    .find(|f| f.kind == "trench")
                    .map(|f| f.owner.as_deref().and_then(Side::from_id).unwrap_or(Side::Allied));
                let mut roads = 0u8;
                for (d, n) in h.all_neighbors().iter().enumerate() {
                    if b.hexside_has(h, *n, "road") {
                        roads |= 1 << d;
                    }
                }
                HexFacts {
                    terrain,
                    cost,
                    impassable,
                    closed: tt.is_some_and(|x| x.closed),
                    in_play: !impassable && row >= first && row <= last,
                    trench,
                    roads,
                    label: b.label(h),
                }
            })
            .collect();
    }
}

fn rows_in_play(spec: &ScenarioSpec, board: &HexBoard) -> (u32, u32) {
    match &spec.rows_in_play {
        Some((a, b)) => {
            let row = |l: &str| board.parse(&format!("{l}01")).map(|h| board.offset_of(h).1 as u32);
            (row(a).unwrap_or(0), row(b).unwrap_or(board.rows - 1))
        }
        None => (0, board.rows - 1),
    }
}

/// Reads and checks a scenario file, its map and the ruleset's tables.
pub fn load(file: &SourceFile, loader: &mut Loader) -> Result<Scenario, Vec<Diagnostic>> {
    let spec: ScenarioSpec = file.parse().map_err(|d| vec![d])?;
    let tables_file = loader.load_tables(super::ID, super::tables::BUILTIN);
    let tables = super::tables::parse(&tables_file)?;
    let mut diags = Vec::new();
    let board = load_named_map(file, loader, &spec.map, &mut diags, |map| check_hex_map(map, &super::Bastards::map_vocabulary()));
    let mut problems = Problems::default();
    check_header(super::ID, &spec.ruleset, spec.format, &spec.info, &mut problems);
    if let Some(board) = &board {
        check(&spec, board, &tables, &mut problems);
    }
    diags.extend(file.locate_all(problems));
    match board {
        Some(board) if diags.is_empty() => {
            let rows = rows_in_play(&spec, &board);
            let mut sc = Scenario { spec, board, tables, path: file.path.to_string_lossy().replace('\\', "/"), rows, facts: Vec::new() };
            sc.derive_facts();
            Ok(sc)
        }
        _ => Err(diags),
    }
}

/// The semantic checks of a scenario against its map and tables, in the order the problems are
/// reported.
fn check(spec: &ScenarioSpec, board: &HexBoard, tables: &Tables, p: &mut Problems) {
    let rows = check_sides(spec, board, p);
    check_tracks(spec, p);
    check_units(spec, board, tables, rows, p);
    check_arrivals(spec, board, p);
    check_victory(spec, board, p);
}

/// The two sides and their map edges; the first and last rows in play.
fn check_sides(spec: &ScenarioSpec, board: &HexBoard, p: &mut Problems) -> (i32, i32) {
    let side_ids: Vec<&str> = spec.info.sides.iter().map(|s| s.id.as_str()).collect();
    for side in [Side::Allied, Side::German] {
        if !side_ids.contains(&side.id()) {
            p.push("info.sides", format!("Into the Bastards! needs a side with id `{}`", side.id()));
        }
        if board.edge_of(side.id()).is_none() {
            p.push("map", format!("the map does not say which edge is the {} edge", side.id()));
        }
    }
    match &spec.rows_in_play {
        Some((a, b)) => {
            let mut row = |l: &str, path: &str| match board.parse(&format!("{l}01")) {
                Ok(h) => Some(board.offset_of(h).1),
                Err(_) => {
                    p.push(path, format!("`{l}` is not a row of the map"));
                    None
                }
            };
            let (ra, rb) = (row(a, "rows_in_play.0"), row(b, "rows_in_play.1"));
            (ra.unwrap_or(0), rb.unwrap_or(board.rows as i32 - 1))
        }
        None => (0, board.rows as i32 - 1),
    }
}

/// The turn track, the intensity and confusion tracks and the activation markers.
fn check_tracks(spec: &ScenarioSpec, p: &mut Problems) {
    if spec.turns.is_empty() {
        p.push("turns", "the turn track needs at least one turn");
    }
    for (i, t) in spec.turns.iter().enumerate() {
        if t.turn != i as u32 + 1 {
            p.push(format!("turns.{i}.turn"), format!("turns must be numbered 1, 2, 3... in order; expected {}", i + 1));
        }
        if t.german_artillery > 20 || t.allied_artillery > 20 {
            p.push(format!("turns.{i}"), "more than 20 artillery markers in one phase is out of range");
        }
    }
    if !(0..=40).contains(&spec.intensity) {
        p.push("intensity", format!("intensity {} is out of range (the track runs 0 to 40)", spec.intensity));
    }
    if !(1..=40).contains(&spec.confusion) {
        p.push("confusion", format!("confusion {} is out of range (the track runs 1 to 40)", spec.confusion));
    }
    for (i, m) in spec.activation_markers.iter().enumerate() {
        if let MarkerKind::Battalions(n) = m.kind
            && !(1..=9).contains(&n)
        {
            p.push(
                format!("activation_markers.{i}.kind"),
                format!("a battalion activation marker for {n} battalions is out of range (1 to 9)"),
            );
        }
        let needs_side = !matches!(m.kind, MarkerKind::Pause | MarkerKind::EndOfTurn);
        if needs_side && m.side.is_none() {
            p.push(format!("activation_markers.{i}.side"), format!("a {:?} marker must designate a side", m.kind));
        }
        if m.count > 20 {
            p.push(format!("activation_markers.{i}.count"), "more than 20 markers of one kind is out of range");
        }
    }
}

/// The units: ids, medals, sides, set-up hexes in the rows in play, stacking.
fn check_units(spec: &ScenarioSpec, board: &HexBoard, tables: &Tables, (first_row, last_row): (i32, i32), p: &mut Problems) {
    let mut occupied: BTreeMap<(i32, i32), usize> = BTreeMap::new();
    for (i, u) in spec.units.iter().enumerate() {
        if spec.units[..i].iter().any(|o| o.id == u.id) {
            p.push(format!("units.{i}.id"), format!("duplicate unit id `{}`", u.id));
        }
        if !(2..=4).contains(&u.medals) {
            p.push(format!("units.{i}.medals"), format!("{} medals is out of range: a counter has 2 to 4 medals", u.medals));
        }
        if u.mg && u.kind != UnitKind::Battalion {
            p.push(format!("units.{i}.mg"), "only battalions can be machine-gun battalions");
        }
        let expected_side = u.kind.side();
        if let Some(s) = expected_side
            && s != u.side
        {
            p.push(format!("units.{i}.side"), format!("a {} belongs to the {} side", u.kind.name(), s.id()));
        }
        if let Some(label) = &u.hex {
            match board.parse(label) {
                Err(e) => p.push(format!("units.{i}.hex"), e),
                Ok(h) => {
                    let row = board.offset_of(h).1;
                    if row < first_row || row > last_row {
                        p.push(format!("units.{i}.hex"), format!("{label} is outside the rows in play of this scenario"));
                    }
                    let terrain = board.terrain(h).unwrap_or("");
                    if tables.terrain(terrain).is_some_and(|t| t.impassable) {
                        p.push(format!("units.{i}.hex"), format!("{} is set up on {label}, which is impassable {terrain}", u.id));
                    }
                    let key = (h.x, h.y);
                    if let Some(j) = occupied.get(&key) {
                        p.push(
                            format!("units.{i}.hex"),
                            format!("{} and {} are both set up on {label}: only one unit per hex (stacking)", spec.units[*j].id, u.id),
                        );
                    } else {
                        occupied.insert(key, i);
                    }
                }
            }
        }
    }
}

/// Reinforcements, the night assault, the units that arrive later and the garrisons.
fn check_arrivals(spec: &ScenarioSpec, board: &HexBoard, p: &mut Problems) {
    let unit_ids: Vec<&str> = spec.units.iter().map(|u| u.id.as_str()).collect();
    let mut later: BTreeMap<String, String> = BTreeMap::new();
    let mut check_ref = |id: &str, path: String, what: String, p: &mut Problems| {
        if !unit_ids.contains(&id) {
            let hint =
                crate::engine::source::nearest(id, unit_ids.iter().copied()).map(|n| format!("; did you mean `{n}`?")).unwrap_or_default();
            p.push(path, format!("unit `{id}` is not defined in `units`{hint}"));
        } else if let Some(prev) = later.insert(id.to_string(), what.clone()) {
            p.push(path, format!("unit `{id}` arrives twice ({prev} and {what})"));
        }
    };
    for (i, r) in spec.reinforcements.iter().enumerate() {
        if r.turn == 0 || r.turn as usize > spec.turns.len() {
            p.push(format!("reinforcements.{i}.turn"), format!("turn {} is not on the turn track", r.turn));
        }
        for (j, id) in r.units.iter().enumerate() {
            check_ref(id, format!("reinforcements.{i}.units.{j}"), format!("reinforcement group {}", i + 1), p);
            if let Some(u) = spec.units.iter().find(|u| &u.id == id) {
                if u.side != r.side {
                    p.push(format!("reinforcements.{i}.units.{j}"), format!("{id} is not a {} unit", r.side.id()));
                }
                if u.hex.is_some() {
                    p.push(format!("reinforcements.{i}.units.{j}"), format!("{id} arrives as a reinforcement but also has a set-up hex"));
                }
            }
        }
        for (j, row) in r.rows.iter().enumerate() {
            if board.parse(&format!("{row}01")).is_err() {
                p.push(format!("reinforcements.{i}.rows.{j}"), format!("`{row}` is not a row of the map"));
            }
        }
    }
    if let Some(na) = &spec.night_assault {
        if !spec.turns.iter().any(|t| t.turn == na.turn && t.nightfall) {
            p.push("night_assault.turn", format!("turn {} is not a Nightfall turn of the track", na.turn));
        }
        if na.max_column == 0 || na.max_column > board.columns {
            p.push("night_assault.max_column", format!("column {} is not on the map", na.max_column));
        }
        for (j, id) in na.units.iter().enumerate() {
            check_ref(id, format!("night_assault.units.{j}"), "the night assault".into(), p);
        }
    }
    for (i, u) in spec.units.iter().enumerate() {
        if u.hex.is_none() && !later.contains_key(&u.id) {
            p.push(format!("units.{i}.hex"), format!("{} has no set-up hex and does not arrive as a reinforcement", u.id));
        }
    }
    for (i, g) in spec.garrisons.iter().enumerate() {
        if !unit_ids.contains(&g.unit.as_str()) {
            p.push(format!("garrisons.{i}.unit"), format!("unit `{}` is not defined", g.unit));
        }
        if board.place(&g.place).is_none() {
            p.push(format!("garrisons.{i}.place"), format!("the map has no place named `{}`", g.place));
        }
    }
}

/// The victory places, and the computer opponent's tuning per side.
fn check_victory(spec: &ScenarioSpec, board: &HexBoard, p: &mut Problems) {
    let places: Vec<&str> = board.places.iter().map(|pl| pl.name.as_str()).collect();
    let check_place = |name: &str, path: String, p: &mut Problems| {
        if !(places.contains(&name) || name == "german trenches" || name == "allied trenches") {
            let hint =
                crate::engine::source::nearest(name, places.iter().copied()).map(|n| format!("; did you mean `{n}`?")).unwrap_or_default();
            p.push(path, format!("the map has no place named `{name}`{hint}"));
        }
    };
    match &spec.victory {
        VictorySpec::Points(v) => {
            for (i, a) in v.each_turn.iter().enumerate() {
                check_place(&a.place, format!("victory.each_turn.{i}.place"), p);
            }
            for (i, a) in v.end_of_game.iter().enumerate() {
                check_place(&a.place, format!("victory.end_of_game.{i}.place"), p);
            }
        }
        VictorySpec::Levels(v) => {
            for (k, name) in [
                ("town", &v.town),
                ("wood", &v.wood),
                ("village", &v.village),
                ("far_village", &v.far_village),
                ("south_village", &v.south_village),
            ] {
                check_place(name, format!("victory.{k}"), p);
            }
            if v.decisive_from_turn as usize > spec.turns.len() {
                p.push("victory.decisive_from_turn", "that turn is not on the turn track");
            }
        }
    }
    let side_ids: Vec<&str> = spec.info.sides.iter().map(|s| s.id.as_str()).collect();
    for (side, tuning) in spec.ai.iter() {
        if !side_ids.contains(&side.as_str()) {
            p.push(format!("ai.{side}"), format!("`{side}` is not a side of this scenario"));
        }
        for problem in tuning.look_ahead.problems() {
            p.push(format!("ai.{side}.look_ahead"), problem);
        }
        for problem in tuning.hard.problems() {
            p.push(format!("ai.{side}.hard"), problem);
        }
    }
}

/// Writes the units carried from an earlier battle of a campaign into the order of battle
/// (docs/campaigns.md): a unit eliminated there is left out of this battle (and of its arrivals and
/// garrisons); one that ended disorganised or damaged starts on its reverse side (`reduced`); one at
/// full strength on its front. Medals are the counter's and do not change.
pub fn carry_in(sc: &mut Scenario, units: &[crate::engine::campaign::CarriedUnit]) -> Result<(), String> {
    for c in units {
        let Some(u) = sc.spec.units.iter_mut().find(|u| u.id == c.id) else {
            return Err(format!("the carried unit `{}` is not in this scenario's order of battle", c.id));
        };
        match c.status.as_str() {
            "full" => u.reduced = false,
            "disorganised" | "damaged" => u.reduced = true,
            "not in play" => {}
            "eliminated" => {
                let spec = &mut sc.spec;
                spec.units.retain(|u| u.id != c.id);
                for r in &mut spec.reinforcements {
                    r.units.retain(|u| *u != c.id);
                }
                spec.reinforcements.retain(|r| !r.units.is_empty());
                if let Some(n) = &mut spec.night_assault {
                    n.units.retain(|u| *u != c.id);
                }
                spec.garrisons.retain(|g| g.unit != c.id);
            }
            other => return Err(format!("the carried unit `{}` has a status this ruleset does not know: `{other}`", c.id)),
        }
    }
    Ok(())
}
