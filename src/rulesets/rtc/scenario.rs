//! The Royal Tank Corps scenario file (`scenarios/rtc/*.ron`): the map, the turn record track, the
//! entry areas (6.2, 6.3), the order of battle with each counter's factors (2.4) and set-up area
//! (3.11) or reinforcement turn (3.2), the conditional reinforcements, and the victory conditions
//! (3.2). The map's area tags carry the terrain box of 2.2.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::engine::board::{AreaBoard, AreaMapSpec};
use crate::engine::difficulty::LookAhead;
use crate::engine::loader::Loader;
use crate::engine::scenario::{ScenarioInfo, check_header, load_named_map};
use crate::engine::source::{Diagnostic, Problems, SourceFile};

use super::tables::Tables;
use super::units::{Kind, Side};

/// A scenario as written in RON.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename = "Scenario", deny_unknown_fields)]
pub struct ScenarioSpec {
    /// File format version (1).
    pub format: u32,
    /// `"rtc"`.
    pub ruleset: String,
    /// The scenario's id, name, date, introduction, sides and sources.
    pub info: ScenarioInfo,
    /// The area map file, relative to this file.
    pub map: String,
    /// The turn record track (4.2: up to 15 turns).
    pub turns: Vec<TurnSpec>,
    /// British reinforcement areas (6.2).
    pub british_entry: Vec<u32>,
    /// German reinforcement areas (6.3).
    pub german_entry: Vec<u32>,
    /// German entry areas usable only while the Germans control one of these sets of areas (6.3,
    /// Cambrai and its railway lines).
    #[serde(default)]
    pub german_entry_conditions: Vec<EntryCondition>,
    /// Broken-down tanks may come back in these areas on these turns, spent (6.2, 10.61).
    pub tank_return: TankReturn,
    /// The immediate British victory (3.2, 11.2).
    pub immediate_victory: ImmediateVictory,
    /// Divisions that arrive only if a condition holds at the start of their turn (6.2).
    #[serde(default)]
    pub conditional: Vec<ConditionalSpec>,
    /// The order of battle: every counter, set up or arriving later.
    pub units: Vec<UnitSpec>,
    /// Tuning of the computer opponent, per side id (`british`, `german`); every field optional
    /// (docs/ai.md, Royal Tank Corps).
    #[serde(default)]
    pub ai: BTreeMap<String, AiTuning>,
}

/// How the computer opponent plays one side (docs/ai.md).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AiTuning {
    /// Willingness to attack and bombard (multiplies the value of inflicting losses and taking areas by force).
    #[serde(default = "one")]
    pub aggression: f32,
    /// Weight of the risk to own units (exposure when spent, losing an attack's lead unit, breakdowns, ammunition).
    #[serde(default = "one")]
    pub caution: f32,
    /// Extra weight of an area's control, by area number (1 when not given): `{62: 1.5, 72: 1.5}`.
    #[serde(default)]
    pub objectives: BTreeMap<u32, f32>,
    /// German: weight of garrisoning the immediate-victory areas (3.2) against the British cavalry
    /// that can reach them within `cavalry_watch_mp` movement points.
    #[serde(default = "one")]
    pub cavalry_watch: f32,
    /// German: British cavalry within this many movement points of 32 / 57 (two turns of a cavalry
    /// brigade's 8) count as a threat.
    #[serde(default = "watch_mp")]
    pub cavalry_watch_mp: u32,
    /// German: the turn the prepared counter-attack begins (the Stosstruppen are held back before,
    /// then thrown with the rest at the weakest enemy-held victory area); `None`: no plan.
    #[serde(default)]
    pub counter_attack_turn: Option<u32>,
    /// Weight of the counter-attack's target area and of the Stosstruppen's attacks from that turn.
    #[serde(default = "one")]
    pub counter_attack: f32,
    /// A hurricane bombardment (7.7) must be worth this much more than the same bombardment with
    /// two dice (victory-area tenths; its three dice run out of ammunition 84 % of the time).
    #[serde(default)]
    pub hurricane_margin: f32,
    /// How much the Hard opponent looks ahead at the choice of an area to activate or to pass (9.1).
    /// Left out: 3 candidates, 1 dice sample, 2 replies, 30 steps, greedy 0.5; a field left out of
    /// a `look_ahead` written here takes the engine's default (`LookAhead`).
    #[serde(default = "look_ahead")]
    pub look_ahead: LookAhead,
}

fn one() -> f32 {
    1.0
}

fn watch_mp() -> u32 {
    16
}

/// The Hard opponent's look-ahead: 3 candidates, 1 dice sample, through the impulse and the enemy's
/// next, at most 30 commands (docs/ai.md, "The look-ahead": measured there).
fn look_ahead() -> LookAhead {
    LookAhead { candidates: 3, samples: 1, replies: 2, steps: 30, greedy: 0.5 }
}

impl Default for AiTuning {
    fn default() -> Self {
        AiTuning {
            aggression: 1.0,
            caution: 1.0,
            objectives: BTreeMap::new(),
            cavalry_watch: 1.0,
            cavalry_watch_mp: watch_mp(),
            counter_attack_turn: None,
            counter_attack: 1.0,
            hurricane_margin: 0.0,
            look_ahead: look_ahead(),
        }
    }
}

/// One space of the turn record track. The printed track is lost: these values are reconstructed
/// (docs/rtc-reconstruction.md).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnSpec {
    /// The turn's number, from 1 (one day a turn, 1.2).
    pub turn: u32,
    /// The day the turn stands for (`20 November`).
    pub date: String,
    /// Die rolls (inclusive) that resupply a British gun out of ammunition this turn (11.2).
    pub british_ammo: (u32, u32),
    /// Die rolls (inclusive) that resupply a German gun out of ammunition this turn (11.2).
    pub german_ammo: (u32, u32),
    /// Infantry and cavalry that came into play on or before this turn (0: set up on the map) may be
    /// fatigued this turn (11.2); `None`: no fatigue this turn.
    #[serde(default)]
    pub fatigue_entered_by: Option<u32>,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EntryCondition {
    /// The entry area, by number.
    pub area: u32,
    /// The area may be used if the side controls every area of at least one of these sets.
    pub any_of: Vec<Vec<u32>>,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TankReturn {
    /// The areas broken-down tanks may come back in (6.2).
    pub areas: Vec<u32>,
    /// How many broken-down tank units may return at the start of each turn (10.61: "at the start
    /// of turns 2, 3 and 4"). The rule sets no number; the scenario reads 12.31's "breakdowns far
    /// outnumber replacements, so after the first three turns no more than one battalion will
    /// remain" as one unit a turn (docs/rtc.md). A turn absent here has no returns.
    pub per_turn: BTreeMap<u32, u32>,
}

impl TankReturn {
    /// The broken-down tanks that may return on `turn`.
    pub fn on(&self, turn: u32) -> u32 {
        self.per_turn.get(&turn).copied().unwrap_or(0)
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ImmediateVictory {
    /// The British must control one of these...
    pub areas: Vec<u32>,
    /// ...and have this many cavalry units in them.
    pub cavalry: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionalSpec {
    /// The side the division belongs to.
    pub side: Side,
    /// The division, as the counters' `division` gives it: its units arriving that turn come only
    /// if the condition holds.
    pub division: String,
    /// The turn the division is due.
    pub turn: u32,
    /// The side must control all of these at the start of the turn.
    pub requires_control: Vec<u32>,
}

/// A counter of the order of battle (2.4, 2.6, 2.7).
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// The unit's id, unique in the scenario, which commands and campaigns use.
    pub id: String,
    /// The designation printed on the counter.
    pub name: String,
    /// British or German (2.5).
    pub side: Side,
    /// The unit type (2.6).
    pub kind: Kind,
    /// `brigade`, `regiment`, `battalion`, `company`... (2.7; no effect on play).
    #[serde(default)]
    pub size: String,
    /// The division number printed beside the roundel or cross; empty for independent units.
    #[serde(default)]
    pub division: String,
    /// Attack factor (fresh side); 0 for artillery, which never leads an attack (10.2 a).
    #[serde(default)]
    pub attack: i32,
    /// Defence factor on the fresh side and on the spent side (2.4).
    pub defence: i32,
    /// Defence factor on the spent (reverse) side (2.4).
    pub spent_defence: i32,
    /// Movement factor.
    pub movement: u32,
    /// Artillery: bombardment strength and range in areas (7.31).
    #[serde(default)]
    pub strength: i32,
    /// Artillery: range in areas (7.31), counting the target area but not its own.
    #[serde(default)]
    pub range: u32,
    /// Set-up area (3.11)...
    #[serde(default)]
    pub area: Option<u32>,
    /// ...or the turn it arrives (3.2).
    #[serde(default)]
    pub turn: Option<u32>,
    /// Why the unit is here or there, and what is reconstructed.
    #[serde(default)]
    pub note: String,
}

/// What the rules read from an area's terrain box (2.2).
#[derive(Clone, Debug, Default)]
pub struct AreaInfo {
    pub tem: i32,
    pub br: bool,
    pub blocking: bool,
    pub victory: Option<Side>,
    pub supply: Option<Side>,
    pub entry: Option<Side>,
    pub british_at_start: bool,
}

/// A loaded, checked scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub spec: ScenarioSpec,
    pub board: AreaBoard,
    pub areas: BTreeMap<u32, AreaInfo>,
    pub tables: Tables,
    pub path: String,
}

impl Scenario {
    pub fn turn(&self, turn: u32) -> Option<&TurnSpec> {
        self.spec.turns.iter().find(|t| t.turn == turn)
    }
    pub fn last_turn(&self) -> u32 {
        self.spec.turns.iter().map(|t| t.turn).max().unwrap_or(1)
    }
    pub fn area(&self, id: u32) -> &AreaInfo {
        static EMPTY: std::sync::OnceLock<AreaInfo> = std::sync::OnceLock::new();
        self.areas.get(&id).unwrap_or_else(|| EMPTY.get_or_init(AreaInfo::default))
    }
    pub fn entry_areas(&self, side: Side) -> &[u32] {
        match side {
            Side::British => &self.spec.british_entry,
            Side::German => &self.spec.german_entry,
        }
    }
}

/// The tags an area may carry.
pub const TAGS: &str =
    "tem:N, br, blocking, victory:british, victory:german, supply:british, supply:german, entry:british, entry:german, control:british";

fn area_info(tags: &[String]) -> Result<AreaInfo, String> {
    let mut a = AreaInfo { tem: -1, ..Default::default() };
    for t in tags {
        match t.as_str() {
            "br" => a.br = true,
            "blocking" => a.blocking = true,
            "victory:british" => a.victory = Some(Side::British),
            "victory:german" => a.victory = Some(Side::German),
            "supply:british" => a.supply = Some(Side::British),
            "supply:german" => a.supply = Some(Side::German),
            "entry:british" => a.entry = Some(Side::British),
            "entry:german" => a.entry = Some(Side::German),
            "control:british" => a.british_at_start = true,
            other => match other.strip_prefix("tem:").map(|n| n.parse::<i32>()) {
                Some(Ok(n)) if (0..=9).contains(&n) => {
                    if a.tem >= 0 {
                        return Err("the area has two `tem:` tags".into());
                    }
                    a.tem = n
                }
                _ => return Err(format!("unknown area tag `{other}`; the tags are {TAGS}")),
            },
        }
    }
    if a.tem < 0 {
        return Err("the area has no terrain effects modifier (a tag `tem:N`, 2.2)".into());
    }
    Ok(a)
}

/// Reads and checks an `rtc` area map.
pub fn load_map(file: &SourceFile) -> Result<(AreaBoard, BTreeMap<u32, AreaInfo>), Vec<Diagnostic>> {
    let spec: AreaMapSpec = file.parse().map_err(|d| vec![d])?;
    let mut p = Problems::default();
    if spec.format != 1 {
        p.push("format", format!("map format {} is not supported; this version reads format 1", spec.format));
    }
    let board = AreaBoard::from_spec(&spec, &mut p);
    let mut infos = BTreeMap::new();
    for (i, a) in spec.areas.iter().enumerate() {
        match area_info(&a.tags) {
            Ok(info) => {
                infos.insert(a.id, info);
            }
            Err(e) => p.push(format!("areas.{i}.tags"), e),
        }
    }
    for (i, b) in spec.borders.iter().enumerate() {
        for k in &b.kinds {
            if !["canal", "schelde", "bridge"].contains(&k.as_str()) {
                p.push(format!("borders.{i}.kinds"), format!("unknown border kind `{k}`: use canal, schelde or bridge"));
            }
        }
    }
    let victory = infos.values().filter(|a| a.victory.is_some()).count();
    if victory % 2 == 0 {
        p.push("areas", format!("there are {victory} victory areas; an odd number is needed so that a tie is not possible (3.22)"));
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
    if let Some((board, infos)) = &map {
        check(&spec, board, infos, &tables, &mut p);
    }
    diags.extend(file.locate_all(p));
    match map {
        Some((board, areas)) if diags.is_empty() => {
            Ok(Scenario { spec, board, areas, tables, path: file.path.to_string_lossy().replace('\\', "/") })
        }
        _ => Err(diags),
    }
}

fn check(spec: &ScenarioSpec, board: &AreaBoard, infos: &BTreeMap<u32, AreaInfo>, tables: &Tables, p: &mut Problems) {
    let side_ids: Vec<&str> = spec.info.sides.iter().map(|s| s.id.as_str()).collect();
    for side in Side::BOTH {
        if !side_ids.contains(&side.id()) {
            p.push("info.sides", format!("Royal Tank Corps needs a side with id `{}`", side.id()));
        }
        if !infos.values().any(|a| a.supply == Some(side)) {
            p.push("map", format!("the map has no {} supply source (11.2)", side.name()));
        }
    }
    let area = |id: u32| board.areas.contains_key(&id);
    for (i, t) in spec.turns.iter().enumerate() {
        if t.turn != i as u32 + 1 {
            p.push(
                format!("turns.{i}.turn"),
                format!("the turn record track must number its turns 1, 2, 3...; found {} in place {}", t.turn, i + 1),
            );
        }
        for (name, (lo, hi)) in [("british_ammo", t.british_ammo), ("german_ammo", t.german_ammo)] {
            if lo > hi || hi > 6 {
                p.push(format!("turns.{i}.{name}"), "a range of die rolls from 1 to 6, low first, like (1, 3); (0, 0) for none");
            }
        }
    }
    if spec.turns.is_empty() {
        p.push("turns", "the turn record track has no turns");
    }
    for t in spec.tank_return.per_turn.keys() {
        if !spec.turns.iter().any(|x| x.turn == *t) {
            p.push(format!("tank_return.per_turn.{t}"), format!("turn {t} is not on the turn record track"));
        }
    }
    for (name, list) in [
        ("british_entry", &spec.british_entry),
        ("german_entry", &spec.german_entry),
        ("tank_return.areas", &spec.tank_return.areas),
        ("immediate_victory.areas", &spec.immediate_victory.areas),
    ] {
        for (j, a) in list.iter().enumerate() {
            if !area(*a) {
                p.push(format!("{name}.{j}"), format!("there is no area {a} on the map"));
            }
        }
    }
    for (i, c) in spec.german_entry_conditions.iter().enumerate() {
        if !spec.german_entry.contains(&c.area) {
            p.push(format!("german_entry_conditions.{i}.area"), format!("area {} is not a German entry area", c.area));
        }
        for (j, set) in c.any_of.iter().enumerate() {
            for a in set {
                if !area(*a) {
                    p.push(format!("german_entry_conditions.{i}.any_of.{j}"), format!("there is no area {a} on the map"));
                }
            }
        }
    }
    let last = spec.turns.len() as u32;
    let mut ids = BTreeSet::new();
    let mut stacks: BTreeMap<(u32, Side), u32> = BTreeMap::new();
    for (i, u) in spec.units.iter().enumerate() {
        let at = |f: &str| format!("units.{i}.{f}");
        if !ids.insert(u.id.as_str()) {
            p.push(at("id"), format!("unit id `{}` is used twice", u.id));
        }
        match (u.area, u.turn) {
            (Some(a), None) => {
                if !area(a) {
                    p.push(at("area"), format!("there is no area {a} on the map"));
                } else {
                    *stacks.entry((a, u.side)).or_insert(0) += 1;
                    if stacks[&(a, u.side)] == tables.stacking + 1 {
                        p.push(at("area"), format!("more than {} {} units set up in area {a} (9.35)", tables.stacking, u.side.name()));
                    }
                }
            }
            (None, Some(t)) => {
                if t < 1 || t > last {
                    p.push(at("turn"), format!("turn {t} is not on the turn record track (1 to {last})"));
                }
            }
            _ => p.push(at("area"), "a unit has either a set-up `area` or a reinforcement `turn` (3.2, 3.11)"),
        }
        if u.kind.is_artillery() {
            if u.strength <= 0 || u.range == 0 {
                p.push(at("strength"), "artillery needs a bombardment strength and a range (7.31)");
            }
        } else if u.attack <= 0 {
            p.push(at("attack"), "a unit that is not artillery needs an attack factor");
        }
        if u.defence < 0 || u.spent_defence < 0 || u.spent_defence > u.defence {
            p.push(at("spent_defence"), "defence factors are 0 or more, the spent side's no larger than the fresh side's");
        }
        if u.kind == Kind::Tank && u.side != Side::British || u.kind == Kind::Stosstruppen && u.side != Side::German {
            p.push(at("kind"), "tanks are British and Stosstruppen German (2.6)");
        }
    }
    for (side, t) in &spec.ai {
        if !side_ids.contains(&side.as_str()) {
            p.push(format!("ai.{side}"), format!("there is no side `{side}`; the sides are {}", side_ids.join(", ")));
        }
        for (name, v) in [
            ("aggression", t.aggression),
            ("caution", t.caution),
            ("cavalry_watch", t.cavalry_watch),
            ("counter_attack", t.counter_attack),
            ("hurricane_margin", t.hurricane_margin),
        ] {
            if !v.is_finite() || !(0.0..=10.0).contains(&v) {
                p.push(format!("ai.{side}.{name}"), "a weight from 0 to 10");
            }
        }
        for problem in t.look_ahead.problems() {
            p.push(format!("ai.{side}.look_ahead"), problem);
        }
        if t.cavalry_watch_mp > 64 {
            p.push(format!("ai.{side}.cavalry_watch_mp"), "movement points from 0 to 64");
        }
        if let Some(turn) = t.counter_attack_turn
            && (turn == 0 || turn > spec.turns.len() as u32)
        {
            p.push(format!("ai.{side}.counter_attack_turn"), format!("a turn of the turn record track (1 to {})", spec.turns.len()));
        }
        for (a, w) in &t.objectives {
            if !area(*a) {
                p.push(format!("ai.{side}.objectives"), format!("there is no area {a} on the map"));
            } else if !w.is_finite() || !(0.0..=10.0).contains(w) {
                p.push(format!("ai.{side}.objectives"), format!("the weight of area {a} must be from 0 to 10"));
            }
        }
    }
    for (i, c) in spec.conditional.iter().enumerate() {
        if !spec.units.iter().any(|u| u.division == c.division && u.side == c.side && u.turn == Some(c.turn)) {
            p.push(
                format!("conditional.{i}.division"),
                format!("no {} unit of division `{}` arrives on turn {}", c.side.name(), c.division, c.turn),
            );
        }
        for a in &c.requires_control {
            if !area(*a) {
                p.push(format!("conditional.{i}.requires_control"), format!("there is no area {a} on the map"));
            }
        }
    }
}
