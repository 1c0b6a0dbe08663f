//! The scenario file (`scenarios/dixmude/*.ron`): the zone map, the order of battle with each
//! counter's values (1.3) and its set-up zone (10) or arrival (9.5, 12), the trenches at set-up (10),
//! the strategy counters (5, 12) and the computer opponent's tuning. The map's zone tags carry
//! everything the rules name (1.1.1, 6, 8.6, 11).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::engine::board::{AreaBoard, AreaMapSpec};
use crate::engine::loader::Loader;
use crate::engine::scenario::{ScenarioInfo, check_header, load_named_map};
use crate::engine::source::{Diagnostic, Problems, SourceFile};

use super::strategy::Strategy;
use super::tables::Tables;
use super::units::{Kind, Nation, Side};

/// A scenario as written in RON.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename = "Scenario", deny_unknown_fields)]
pub struct ScenarioSpec {
    /// File format version (1).
    pub format: u32,
    /// `"dixmude"`.
    pub ruleset: String,
    /// The scenario's id, name, date, introduction, sides and sources.
    pub info: ScenarioInfo,
    /// The zone map file, relative to this file.
    pub map: String,
    /// Zones with a trenches marker at set-up (10).
    #[serde(default)]
    pub trenches: Vec<u32>,
    /// Belgian battalions out of action that bring the conditional reinforcement (9.5: three).
    #[serde(default = "three")]
    pub belgian_losses: u32,
    /// The six strategy counters of each camp (5, 12), each with its two sides.
    pub strategies: Vec<CounterSpec>,
    /// The order of battle (10): every unit, set up or arriving later.
    pub units: Vec<UnitSpec>,
    /// Tuning of the computer opponent, per side id; every field optional.
    #[serde(default)]
    pub ai: BTreeMap<String, AiTuning>,
}

fn three() -> u32 {
    3
}

/// How the computer opponent values a position for one side (docs/ai.md, "Tempête sur Dixmude"):
/// points of the victory terms (11), of material and of the strategies held. German-positive terms
/// are read from the German's side; the side deciding counts them with its own sign. A field left out
/// takes its default (the German's shipped values; the shipped scenario writes both sides).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct AiTuning {
    /// German infantry in zone 2, 3, 5 or 8: a major German victory at the end of the turn (11.1).
    pub left_bank: f32,
    /// German infantry in another zone of the left bank (4, 6, 7): the Franco-Belgian no longer holds
    /// "the entire left bank" (11.2).
    pub left_bank_other: f32,
    /// German infantry in Diksmuide before the last turn, and on the last (11.2: the tie).
    pub diksmuide: f32,
    /// The same on the last turn.
    pub diksmuide_last: f32,
    /// Franco-Belgian infantry in Diksmuide before the last turn, and on the last (11.2).
    pub diksmuide_held: f32,
    /// The same on the last turn.
    pub diksmuide_held_last: f32,
    /// Franco-Belgian infantry in Eessen or Woumen (11.2: the major Franco-Belgian victory).
    pub beyond: f32,
    /// One level of one infantry unit (1.3.1: good order 3, weakened 2, exhausted 1).
    pub level: f32,
    /// A unit that leaves the game at the next phase G (Grossetti Offensive, General offensive, 12)
    /// counts this fraction of its levels.
    pub temporary: f32,
    /// One point of bombing strength of an artillery unit, for each turn it may still fire (1.3.2,
    /// 7; what the artillery strategies of 12.2.2 take away).
    pub gun: f32,
    /// One resource point kept for phase G (9) or the next turn (4.1), up to `rp_keep`; beyond, a
    /// fifth of that.
    pub rp: f32,
    /// How many resource points are worth `rp` each when kept.
    pub rp_keep: u32,
    /// A zone of 2, 3, 5, 8 empty of infantry facing fit German infantry across the Yser or at the
    /// bridges (8.6: the crossing is open).
    pub threat: f32,
    /// A zone of 2, 3, 5, 8 empty of infantry facing a zone the Franco-Belgian does not hold.
    pub empty: f32,
    /// A zone of 2, 3, 5, 8 held by the Franco-Belgian next to fit German infantry, times the chance
    /// of the strongest German zone's assault there (8.3.2).
    pub assault_threat: f32,
    /// Diksmuide held by the Franco-Belgian next to fit German infantry, times the chance of the
    /// strongest German zone's assault there (8.3.2; the ruins lower its bonus, 7.3.5).
    pub diksmuide_threat: f32,
    /// Barely within our means in force (12.1.1), times the same chance on the zone it would save.
    pub barely: f32,
    /// Zone 1 open to the German after an Offensive on Tervaete, not flooded (12.1.2, 12.2.2).
    pub zone_one_open: f32,
    /// Per zone of distance between each fit German battalion and the objectives (11).
    pub approach: f32,
    /// A strategy counter in hand (5): what keeping it for a better moment is worth, by strategy;
    /// `card` for one not named. A strategy is played when what it does before the look-ahead's
    /// horizon is worth more.
    pub card: f32,
    /// The worth of a counter in hand by strategy, where it differs from `card`.
    pub cards: BTreeMap<Strategy, f32>,
    /// What one resource point is worth in phase C, when a counter may be bought with it (5).
    pub buy_rp: f32,
}

impl Default for AiTuning {
    fn default() -> Self {
        AiTuning {
            left_bank: 60.0,
            left_bank_other: 14.0,
            diksmuide: 15.0,
            diksmuide_last: 30.0,
            diksmuide_held: 8.0,
            diksmuide_held_last: 30.0,
            beyond: 3.0,
            level: 1.5,
            temporary: 0.3,
            gun: 0.2,
            rp: 1.5,
            rp_keep: 3,
            threat: 0.0,
            empty: 0.0,
            assault_threat: 10.0,
            diksmuide_threat: 8.0,
            barely: 0.0,
            zone_one_open: 0.0,
            approach: 0.3,
            card: 2.0,
            cards: BTreeMap::new(),
            buy_rp: 1.0,
        }
    }
}

impl AiTuning {
    /// What a strategy counter in hand is worth.
    pub fn card(&self, s: Strategy) -> f32 {
        self.cards.get(&s).copied().unwrap_or(self.card)
    }

    /// What a counter is worth at the better of its two sides (5.1.1).
    pub fn counter(&self, c: &CounterSpec) -> f32 {
        self.card(c.reusable).max(self.card(c.one_time))
    }
}

/// A strategy counter (5.1.1): its reusable side (black) and its one-time side (red).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CounterSpec {
    /// The camp whose container it goes in (5.1.1).
    pub side: Side,
    /// The black side: returned to the container once played (5.1.1).
    pub reusable: Strategy,
    /// The red side: played once, then the counter leaves the game (5.1.1).
    pub one_time: Strategy,
}

/// When a unit not set up comes into play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Arrival {
    /// Franco-Belgian reinforcement at the phase G of this turn (9.5).
    Turn(u32),
    /// When the Belgian losses reach the scenario's `belgian_losses` (9.5: the 1/1RL).
    BelgianLosses,
    /// With the Grossetti Offensive (12.1.2).
    Grossetti,
    /// With the General offensive (12.2.2).
    GeneralOffensive,
    /// A detached company of the marine fusiliers (8.1.2).
    Detached,
}

/// A counter of the order of battle (1.3). The values printed on the counters are lost: the
/// scenario's are RECONSTRUCTED (docs/dixmude-reconstruction.md).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// The unit's id, unique in the scenario, which commands use.
    pub id: String,
    /// The designation printed on the counter, as the window shows it.
    pub name: String,
    /// French, Belgian or German: which side it fights for.
    pub nation: Nation,
    /// What the unit is (1.3).
    pub kind: Kind,
    /// German division (`43RD`, `44RD`, `4ErID`, 1.1.2); empty for the Franco-Belgians.
    #[serde(default)]
    pub division: String,
    /// Brigade (`85RB`: 12.1.2's Offensive on Tervaete), regiment or formation (`BrFM`).
    #[serde(default)]
    pub formation: String,
    /// A battalion of the marine fusiliers, which may detach a company (8.1.2).
    #[serde(default)]
    pub marine: bool,
    /// Designated by a star: foot soldiers (BCP, RCP) or Jäger (RJB) (8.2.1).
    #[serde(default)]
    pub star: bool,
    /// Infantry values on the good-order side (1.3.1): fire (8.2), assault and defence (8.3).
    #[serde(default)]
    pub fire: i32,
    /// Assault value on the good-order side (8.3).
    #[serde(default)]
    pub assault: i32,
    /// Defence value on the good-order side (8.3).
    #[serde(default)]
    pub defence: i32,
    /// A machine-gun company's bonus (8.2.1, 8.3.2).
    #[serde(default)]
    pub bonus: i32,
    /// Artillery bombing strength (1.3.2).
    #[serde(default)]
    pub strength: i32,
    /// Set-up zone (10); the HQ zone of the XXII Reserve-Korps is its area number...
    #[serde(default)]
    pub zone: Option<u32>,
    /// ...or when it arrives.
    #[serde(default)]
    pub arrives: Option<Arrival>,
}

impl UnitSpec {
    pub fn side(&self) -> Side {
        self.nation.side()
    }
}

/// Which bank of the Yser a zone is on (8.6, 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Bank {
    #[default]
    None,
    Left,
    Right,
}

/// What the rules read from a zone's tags.
#[derive(Clone, Debug, Default)]
pub struct ZoneInfo {
    /// The printed defence bonus (1.1.1).
    pub bonus: i32,
    pub diksmuide: bool,
    pub bank: Bank,
    /// Zones facing it across the Yser (8.6).
    pub across: Vec<u32>,
    pub hq: bool,
    pub entry: bool,
    pub tervaete: bool,
    pub edge_east: bool,
    pub edge_north: bool,
    /// Touches the south or west edge (a retreat off the map, 8.3.3).
    pub edge_other: bool,
    pub eessen: bool,
    pub woumen: bool,
    /// 11.1: a German here at the end of a turn wins (2, 3, 5, 8).
    pub victory_left_bank: bool,
    /// 11.2: the left bank the Franco-Belgian must hold (2 to 8).
    pub hold_left_bank: bool,
}

/// A loaded, checked scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub spec: ScenarioSpec,
    pub board: AreaBoard,
    pub zones: BTreeMap<u32, ZoneInfo>,
    pub tables: Tables,
    pub path: String,
    /// The HQ zone of the XXII Reserve-Korps.
    pub hq: u32,
}

impl Scenario {
    pub fn zone(&self, id: u32) -> &ZoneInfo {
        static EMPTY: std::sync::OnceLock<ZoneInfo> = std::sync::OnceLock::new();
        self.zones.get(&id).unwrap_or_else(|| EMPTY.get_or_init(ZoneInfo::default))
    }
    pub fn zone_ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.zones.keys().copied()
    }
}

/// The tags a zone may carry.
pub const TAGS: &str = "bonus:N, diksmuide, bank:left, bank:right, across_yser:N, hq:german, entry:german, tervaete, edge:east, edge:north, edge:south, edge:west, eessen, woumen, victory:left_bank, hold:left_bank";

fn zone_info(tags: &[String]) -> Result<ZoneInfo, String> {
    let mut z = ZoneInfo::default();
    for t in tags {
        match t.as_str() {
            "diksmuide" => z.diksmuide = true,
            "bank:left" => z.bank = Bank::Left,
            "bank:right" => z.bank = Bank::Right,
            "hq:german" => z.hq = true,
            "entry:german" => z.entry = true,
            "tervaete" => z.tervaete = true,
            "edge:east" => z.edge_east = true,
            "edge:north" => z.edge_north = true,
            "edge:south" | "edge:west" => z.edge_other = true,
            "eessen" => z.eessen = true,
            "woumen" => z.woumen = true,
            "victory:left_bank" => z.victory_left_bank = true,
            "hold:left_bank" => z.hold_left_bank = true,
            other => {
                if let Some(n) = other.strip_prefix("bonus:") {
                    match n.parse::<i32>() {
                        Ok(n) if (0..=4).contains(&n) => z.bonus = n,
                        _ => return Err(format!("`{other}`: a defence bonus from 0 to 4 (1.1.1)")),
                    }
                } else if let Some(n) = other.strip_prefix("across_yser:") {
                    match n.parse::<u32>() {
                        Ok(n) => z.across.push(n),
                        _ => return Err(format!("`{other}`: the number of the zone across the Yser (8.6)")),
                    }
                } else {
                    return Err(format!("unknown zone tag `{other}`; the tags are {TAGS}"));
                }
            }
        }
    }
    Ok(z)
}

/// Reads and checks a `dixmude` zone map.
pub fn load_map(file: &SourceFile) -> Result<(AreaBoard, BTreeMap<u32, ZoneInfo>), Vec<Diagnostic>> {
    let spec: AreaMapSpec = file.parse().map_err(|d| vec![d])?;
    let mut p = Problems::default();
    if spec.format != 1 {
        p.push("format", format!("map format {} is not supported; this version reads format 1", spec.format));
    }
    let board = AreaBoard::from_spec(&spec, &mut p);
    let mut infos = BTreeMap::new();
    for (i, a) in spec.areas.iter().enumerate() {
        match zone_info(&a.tags) {
            Ok(info) => {
                infos.insert(a.id, info);
            }
            Err(e) => p.push(format!("areas.{i}.tags"), e),
        }
    }
    for (i, a) in spec.areas.iter().enumerate() {
        let info = &infos.get(&a.id);
        if let Some(info) = info {
            for n in &info.across {
                if !infos.get(n).is_some_and(|o| o.across.contains(&a.id)) {
                    p.push(
                        format!("areas.{i}.tags"),
                        format!("zone {} faces {n} across the Yser, but {n} does not face it back (8.6)", a.id),
                    );
                }
            }
            if info.hq && !a.adjacent.is_empty() {
                p.push(format!("areas.{i}.adjacent"), "the HQ zone is reached only by operational movement (1.1.1, 6): no adjacent zones");
            }
        }
    }
    let hqs = infos.values().filter(|z| z.hq).count();
    if hqs != 1 {
        p.push("areas", format!("the map needs exactly one zone tagged `hq:german` (the HQ zone of the XXII Reserve-Korps), not {hqs}"));
    }
    if infos.values().filter(|z| z.diksmuide).count() != 1 {
        p.push("areas", "the map needs exactly one zone tagged `diksmuide` (7.3.5)");
    }
    if p.is_empty() { Ok((board, infos)) } else { Err(file.locate_all(p)) }
}

/// Reads and checks a scenario file, its map and the ruleset's tables.
pub fn load(file: &SourceFile, loader: &mut Loader) -> Result<Scenario, Vec<Diagnostic>> {
    let spec: ScenarioSpec = file.parse().map_err(|d| vec![d])?;
    let tables_file = loader.load_tables(super::ID, super::tables::BUILTIN);
    let tables = super::tables::parse(&tables_file)?;
    let mut diags = Vec::new();
    let map = load_named_map(file, loader, &spec.map, &mut diags, load_map);
    let mut p = Problems::default();
    check_header(super::ID, &spec.ruleset, spec.format, &spec.info, &mut p);
    if let Some((board, zones)) = &map {
        check(&spec, board, zones, &tables, &mut p);
    }
    diags.extend(file.locate_all(p));
    match map {
        Some((board, zones)) if diags.is_empty() => {
            let hq = zones.iter().find(|(_, z)| z.hq).map(|(id, _)| *id).unwrap_or(0);
            Ok(Scenario { spec, board, zones, tables, path: file.path.to_string_lossy().replace('\\', "/"), hq })
        }
        _ => Err(diags),
    }
}

fn check(spec: &ScenarioSpec, board: &AreaBoard, zones: &BTreeMap<u32, ZoneInfo>, tables: &Tables, p: &mut Problems) {
    let side_ids: Vec<&str> = spec.info.sides.iter().map(|s| s.id.as_str()).collect();
    for side in Side::BOTH {
        if !side_ids.contains(&side.id()) {
            p.push("info.sides", format!("Tempête sur Dixmude needs a side with id `{}`", side.id()));
        }
        let n = spec.strategies.iter().filter(|c| c.side == side).count();
        if n == 0 {
            p.push("strategies", format!("the {} camp has no strategy counter (5)", side.name()));
        }
    }
    for (i, c) in spec.strategies.iter().enumerate() {
        for (name, s) in [("reusable", c.reusable), ("one_time", c.one_time)] {
            if s.side() != c.side {
                p.push(format!("strategies.{i}.{name}"), format!("`{s:?}` is a {} strategy (12)", s.side().name()));
            }
            if s.reusable() != (name == "reusable") {
                p.push(format!("strategies.{i}.{name}"), format!("`{s:?}` is printed on the other side of a counter (12)"));
            }
        }
    }
    for (j, z) in spec.trenches.iter().enumerate() {
        if !board.areas.contains_key(z) {
            p.push(format!("trenches.{j}"), format!("there is no zone {z} on the map"));
        }
    }
    let mut ids = BTreeSet::new();
    for (i, u) in spec.units.iter().enumerate() {
        let at = |f: &str| format!("units.{i}.{f}");
        if !ids.insert(u.id.as_str()) {
            p.push(at("id"), format!("unit id `{}` is used twice", u.id));
        }
        match (u.zone, u.arrives) {
            (Some(z), None) => {
                if !board.areas.contains_key(&z) {
                    p.push(at("zone"), format!("there is no zone {z} on the map"));
                } else if zones.get(&z).is_some_and(|z| z.hq) && u.side() != Side::German {
                    p.push(at("zone"), "only German units are in the HQ zone of the XXII Reserve-Korps (1.1.2)");
                }
            }
            (None, Some(Arrival::Turn(t))) if t == 0 || t > tables.turns => {
                p.push(at("arrives"), format!("turn {t} is not a game turn (1 to {})", tables.turns));
            }
            (None, Some(Arrival::Detached)) if u.kind != Kind::Company => {
                p.push(at("arrives"), "only the companies of the marine fusiliers are detached (8.1.2)");
            }
            (None, Some(_)) => {}
            _ => p.push(at("zone"), "a unit has either a set-up `zone` or an `arrives` (10, 9.5, 12)"),
        }
        if u.kind.is_artillery() && u.strength < 0 {
            p.push(at("strength"), "a bombing strength of 0 or more (1.3.2)");
        }
        if u.kind.is_infantry() && (u.fire < 0 || u.assault < 0 || u.defence < 0) {
            p.push(at("fire"), "infantry values are 0 or more (1.3.1)");
        }
        if u.side() == Side::German && u.kind != Kind::HeavyArtillery && !["43RD", "44RD", "4ErID"].contains(&u.division.as_str()) {
            p.push(at("division"), "a German unit belongs to the 43RD, the 44RD or the 4ErID (1.1.2)");
        }
    }
    for side in spec.ai.keys() {
        if !side_ids.contains(&side.as_str()) {
            p.push(format!("ai.{side}"), format!("there is no side `{side}`; the sides are {}", side_ids.join(", ")));
        }
    }
}
