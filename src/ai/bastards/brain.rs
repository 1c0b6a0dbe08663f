//! What the Into the Bastards! AI knows about a position: the scenario's objectives turned into
//! values (the [`Atlas`], computed once per scenario), and per decision the [`Brain`]: the snapshot,
//! both sides' lines of communication, the value of each unit, of each loss, of each hex for a
//! battalion or a tank of the side to play, and the danger each hex is in.
//!
//! All values are in "victory-point equivalents" so that holding a place, inflicting a loss and
//! risking a unit compare on one scale.

use std::cell::{Cell, RefCell};
use std::sync::Arc;

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::memo::{Memo, MemoSlots};
use crate::rulesets::bastards::map::{Situation, UnitInfo};
use crate::rulesets::bastards::scenario::{AiTuning, Award, Scenario, VictorySpec};
use crate::rulesets::bastards::state::{Clock, Sequence, Tracks};
use crate::rulesets::bastards::tables::Attacker;
use crate::rulesets::bastards::units::{Side, UnitKind};
use crate::rulesets::bastards::{actions, ops};

thread_local! {
    /// The side the Hard opponent is scoring for on this thread, if any ([`as_hard`]).
    static HARD: Cell<Option<Side>> = const { Cell::new(None) };
}

/// Runs `f` (the scores of a decision of `side`) with `side`'s Hard weights in force (the
/// scenario's `ai.<side>.hard`, docs/ai.md "Difficulty"): every [`Brain`] of that side built inside
/// plays with them; the enemy's keep their own.
pub fn as_hard<T>(side: Side, f: impl FnOnce() -> T) -> T {
    let was = HARD.with(|h| h.replace(Some(side)));
    let out = f();
    HARD.with(|h| h.set(was));
    out
}

/// Index of a side in per-side arrays.
pub fn si(s: Side) -> usize {
    match s {
        Side::Allied => 0,
        Side::German => 1,
    }
}

/// What one side scores for a place (victory conditions), at the end of the game and at the end of
/// each turn.
#[derive(Clone, Copy, Debug, Default)]
pub struct Award3 {
    /// Having at least one battalion there (with a line of communication).
    pub any: f32,
    /// Being the only side there.
    pub sole: f32,
    /// Each hex held.
    pub per_hex: f32,
}

/// A place the victory conditions name, with what each side scores there.
#[derive(Clone, Debug)]
pub struct Place {
    pub name: String,
    /// Board indices of its hexes (in play).
    pub hexes: Vec<usize>,
    /// Per side: what it scores at the end of the game, and at the end of each turn.
    pub end: [Award3; 2],
    pub each_turn: [Award3; 2],
    /// Per side: the scenario's `ai.objectives` weight of the place (1 when not given).
    pub weight: [f32; 2],
}

/// What the AI precomputes once per scenario: a dense copy of the terrain and the objectives.
pub struct Atlas {
    pub scenario: Arc<Scenario>,
    pub hexes: Vec<Hex>,
    /// Per board index, the on-map neighbours' indices (`u32::MAX`: none), in `Hex::all_neighbors` order.
    pub nb: Vec<[u32; 6]>,
    pub in_play: Vec<bool>,
    /// MP to enter (rules text or play aid, as the scenario says).
    pub cost: Vec<u8>,
    /// Forest, village, town: no tank fights into or out of it.
    pub closed: Vec<bool>,
    /// The terrain's die modifier against a battalion there.
    pub drm: Vec<i8>,
    /// Trench owner: -1 none, else `si(side)`.
    pub trench: Vec<i8>,
    /// Road hexsides, a bit per neighbour direction.
    pub road: Vec<u8>,
    /// Column (0-based) of each hex.
    pub col: Vec<i32>,
    /// The places the victory conditions name.
    pub places: Vec<Place>,
    /// Per hex: indices into `places` of the places containing it.
    pub places_at: Vec<Vec<u8>>,
    /// Tuning per side.
    pub tuning: [AiTuning; 2],
    pub last_turn: u32,
    /// Scenario 2's victory levels (the first tank battle shifts them).
    pub levels: bool,
    /// Per side: the hexes of its map edge, where lines of communication end.
    pub edge_hexes: [Vec<usize>; 2],
    /// Per side, per hex: on the side's own edge (as `Situation::has_communication` sees it).
    pub on_edge: [Vec<bool>; 2],
}

thread_local! {
    static ATLASES: RefCell<Vec<Arc<Atlas>>> = const { RefCell::new(Vec::new()) };
    static ALLIED_COMMS_SLOT: RefCell<MemoSlots<CommsKey, Vec<bool>>> = const { RefCell::new(MemoSlots::new()) };
    static GERMAN_COMMS_SLOT: RefCell<MemoSlots<CommsKey, Vec<bool>>> = const { RefCell::new(MemoSlots::new()) };
    static RING: RefCell<Vec<Vec<u32>>> = const { RefCell::new(Vec::new()) };
    static FIELD_SLOTS: RefCell<MemoSlots<FieldKey, Vec<f32>>> = const { RefCell::new(MemoSlots::new()) };
}

/// Each side's last lines of communication (per thread), by side index.
static COMMS: [Memo<CommsKey, Vec<bool>>; 2] = [Memo::new(&ALLIED_COMMS_SLOT), Memo::new(&GERMAN_COMMS_SLOT)];

/// The last few goal fields (per thread).
static FIELDS: Memo<FieldKey, Vec<f32>, 4> = Memo::new(&FIELD_SLOTS);

/// What one side's lines of communication depend on: the scenario (its atlas, held so that its
/// address is not reused) and, in scenario order, the hex of every enemy unit on the map (the
/// enemy's units and zones of control cut a line; friends do not open one). Per thread, the last
/// position's lines of each side are kept: a move changes only the enemy's.
pub struct CommsKey {
    atlas: Arc<Atlas>,
    stands: Vec<u32>,
}

impl PartialEq for CommsKey {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.atlas, &other.atlas) && self.stands == other.stands
    }
}

impl Atlas {
    /// The atlas of a scenario, built on first use and kept (per thread) while the scenario lives.
    pub fn of(scenario: &Arc<Scenario>) -> Arc<Atlas> {
        if let Some(a) = ATLASES.with(|c| c.borrow().iter().find(|a| Arc::ptr_eq(&a.scenario, scenario)).cloned()) {
            return a;
        }
        let a = Arc::new(Atlas::build(scenario));
        ATLASES.with(|c| {
            let mut c = c.borrow_mut();
            if c.len() >= 4 {
                c.remove(0);
            }
            c.push(a.clone());
        });
        a
    }

    fn build(scenario: &Arc<Scenario>) -> Atlas {
        let sc = scenario.clone();
        let sit = Situation::from_units(sc.clone(), Vec::new());
        let board = sit.board();
        let n = board.len();
        let hexes: Vec<Hex> = (0..n).map(|i| board.hex_of_index(i)).collect();
        let mut nb = vec![[u32::MAX; 6]; n];
        let mut road = vec![0u8; n];
        for i in 0..n {
            for (d, x) in hexes[i].all_neighbors().into_iter().enumerate() {
                if let Some(j) = board.index(x) {
                    nb[i][d] = j as u32;
                    if sit.road_between(hexes[i], x) {
                        road[i] |= 1 << d;
                    }
                }
            }
        }
        let in_play: Vec<bool> = hexes.iter().map(|h| sit.in_play(*h)).collect();
        let closed: Vec<bool> = hexes.iter().map(|h| sit.closed(*h)).collect();
        let drm: Vec<i8> = hexes.iter().map(|h| sit.terrain(*h).map(|t| t.combat_drm as i8).unwrap_or(0)).collect();
        let trench: Vec<i8> = hexes.iter().map(|h| sit.trench(*h).map(|s| si(s) as i8).unwrap_or(-1)).collect();
        // The cost of entering a hex, without road, trench or zone of control: what `step_cost` charges
        // from off the map for a side that does not own a trench there.
        let cost: Vec<u8> = hexes
            .iter()
            .map(|h| {
                let c = sit.step_cost(Side::Allied, UnitKind::Battalion, 4, None, *h);
                let extra = if sit.trench(*h) == Some(Side::German) { sc.tables.trench.enemy_extra_mp } else { 0 };
                (c.terrain - extra).min(255) as u8
            })
            .collect();
        let col: Vec<i32> = hexes.iter().map(|h| board.offset_of(*h).0).collect();
        let tuning = [Side::Allied, Side::German].map(|s| sc.spec.ai.get(s.id()).cloned().unwrap_or_default());
        let places = places_of(&sit, &tuning);
        let mut places_at: Vec<Vec<u8>> = vec![Vec::new(); n];
        for (k, o) in places.iter().enumerate() {
            for &i in &o.hexes {
                places_at[i].push(k as u8);
            }
        }
        let edge_of = |s: Side| board.edge_of(s.id());
        let default_edge = |s: Side| match s {
            Side::Allied => crate::engine::board::MapEdge::West,
            Side::German => crate::engine::board::MapEdge::East,
        };
        let edge_hexes = [Side::Allied, Side::German].map(|s| {
            board.edge_hexes(edge_of(s).unwrap_or(default_edge(s))).into_iter().filter_map(|h| board.index(h)).collect::<Vec<usize>>()
        });
        let on_edge = [Side::Allied, Side::German]
            .map(|s| hexes.iter().map(|h| edge_of(s).is_some_and(|e| board.on_edge(*h, e))).collect::<Vec<bool>>());
        Atlas {
            edge_hexes,
            on_edge,
            scenario: sc.clone(),
            hexes,
            nb,
            in_play,
            cost,
            closed,
            drm,
            trench,
            road,
            col,
            places,
            places_at,
            tuning,
            last_turn: sc.last_turn(),
            levels: matches!(sc.spec.victory, VictorySpec::Levels(_)),
        }
    }

    pub fn index(&self, h: Hex) -> Option<usize> {
        self.scenario.board.index(h)
    }

    pub fn neighbors(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.nb[i].iter().filter(|&&j| j != u32::MAX).map(|&j| j as usize)
    }
}

/// The scenario's victory conditions as places and what each side scores there, with the
/// scenario's `ai` weights.
fn places_of(sit: &Situation, tuning: &[AiTuning; 2]) -> Vec<Place> {
    let board = sit.board();
    let hexes_of = |place: &str| -> Vec<usize> {
        let hs: Vec<Hex> = match place {
            "german trenches" => board.hexes().filter(|h| sit.trench(*h) == Some(Side::German)).collect(),
            "allied trenches" => board.hexes().filter(|h| sit.trench(*h) == Some(Side::Allied)).collect(),
            name => sit.place(name).to_vec(),
        };
        hs.into_iter().filter(|h| sit.in_play(*h)).filter_map(|h| board.index(h)).collect()
    };
    // (side, place, award, each turn?)
    let mut awards: Vec<(Side, String, Award, bool)> = Vec::new();
    match &sit.scenario.spec.victory {
        VictorySpec::Points(v) => {
            for a in &v.each_turn {
                awards.push((a.side, a.place.clone(), a.award, true));
            }
            for a in &v.end_of_game {
                awards.push((a.side, a.place.clone(), a.award, false));
            }
        }
        VictorySpec::Levels(v) => {
            // The levels as values: the town alone decides most of them (operational victories);
            // the decisive-victory places and Hangard add to it (strategic and tactical ones); an
            // Allied battalion in a German trench upgrades an Allied win and spoils a German one.
            let g = Side::German;
            let a = Side::Allied;
            awards.push((g, v.town.clone(), Award::Sole(14), false));
            awards.push((g, v.wood.clone(), Award::Any(4), false));
            awards.push((g, v.village.clone(), Award::Sole(4), false));
            awards.push((g, v.far_village.clone(), Award::Any(3), false));
            awards.push((g, v.south_village.clone(), Award::Any(4), false));
            awards.push((a, v.town.clone(), Award::Sole(14), false));
            awards.push((a, "german trenches".to_string(), Award::Any(4), false));
            awards.push((a, v.south_village.clone(), Award::Any(3), false));
        }
    }
    let mut out: Vec<Place> = Vec::new();
    for (s, place, award, each) in &awards {
        let k = match out.iter().position(|o| o.name == *place) {
            Some(k) => k,
            None => {
                let weight = [0, 1].map(|x| tuning[x].objectives.get(place).copied().unwrap_or(1.0).max(0.0));
                out.push(Place {
                    name: place.clone(),
                    hexes: hexes_of(place),
                    end: Default::default(),
                    each_turn: Default::default(),
                    weight,
                });
                out.len() - 1
            }
        };
        let a = if *each { &mut out[k].each_turn[si(*s)] } else { &mut out[k].end[si(*s)] };
        match *award {
            Award::Sole(p) => a.sole += p as f32,
            Award::Any(p) => a.any += p as f32,
            Award::PerHex(p) => a.per_hex += p as f32,
            Award::SoleOrPerHex(s, p) => {
                a.sole += s as f32;
                a.per_hex += p as f32;
            }
        }
    }
    out.retain(|o| !o.hexes.is_empty());
    out
}

/// The decision's view of the game, for one side.
pub struct Brain {
    pub atlas: Arc<Atlas>,
    pub sit: Situation,
    pub side: Side,
    pub turn: u32,
    pub night: bool,
    pub random_sequence: bool,
    pub aggression: f32,
    pub caution: f32,
    /// Hexes with a line of communication, per side (`Situation::communications`).
    pub comms: [Vec<bool>; 2],
    /// Per hex: 1 + index into `sit.units` of the battalion / the unit there (0: none).
    pub unit_at: Vec<u32>,
    /// Per side, per hex: number of that side's units adjacent (its zone of control).
    pub zoc: [Vec<u8>; 2],
    /// Per side, per place: hexes of it held by the side's battalions (with a line of communication).
    pub held: [Vec<u32>; 2],
    /// Turns still to be scored at their end, this one included.
    pub turns_left: f32,
    /// Value of winning the first tank battle (scenario 2's level shift) while it is undecided.
    pub first_battle: f32,
    pub first_kill_vp: Option<(i32, i32, i32)>,
}

/// Weight of the danger a unit stands in from the enemy's battalions and from his tanks firing at
/// battalions: about half of what they could do to this one unit.
pub const DANGER: f32 = 0.5;

/// A unit's worth, before what it holds.
pub fn unit_worth(u: &UnitInfo) -> f32 {
    let base = match u.kind() {
        UnitKind::Battalion => 3.0 + 0.5 * u.unit.medals as f32 + if u.hero { 1.0 } else { 0.0 },
        UnitKind::A7V => 5.0,
        UnitKind::MarkIVMale => 6.0,
        UnitKind::MarkIVFemale => 4.0,
        UnitKind::Whippet => 3.5,
    };
    if u.breakdown { base * 0.8 } else { base }
}

impl Brain {
    pub fn new(world: &World, side: Side) -> Brain {
        let sit = Situation::capture(world);
        Brain::from_situation(world, sit, side)
    }

    pub fn from_situation(world: &World, sit: Situation, side: Side) -> Brain {
        let atlas = Atlas::of(&sit.scenario);
        let clock = world.resource::<Clock>();
        let turn = clock.turn;
        let random_sequence = clock.sequence == Sequence::Random;
        let night = ops::is_night(world);
        let t = &atlas.tuning[si(side)];
        let n = atlas.hexes.len();
        let mut unit_at = vec![0u32; n];
        let mut zoc = [vec![0u8; n], vec![0u8; n]];
        for (k, u) in sit.units.iter().enumerate() {
            if let Some(i) = u.hex().and_then(|h| atlas.index(h)) {
                // A battalion wins over a tank passing through (only at rest anyway).
                if unit_at[i] == 0 || !u.is_tank() {
                    unit_at[i] = k as u32 + 1;
                }
                for j in atlas.neighbors(i) {
                    zoc[si(u.side())][j] = zoc[si(u.side())][j].saturating_add(1);
                }
            }
        }
        // A side's lines of communication depend only on where the enemy's units stand: kept
        // between decisions while none of them moves (an exact key, so a hit equals a fresh
        // computation).
        let comms = [0, 1].map(|s| {
            let stands: Vec<u32> = sit
                .units
                .iter()
                .filter(|u| si(u.side()) != s)
                .filter_map(|u| u.hex().and_then(|h| atlas.index(h)).map(|i| i as u32))
                .collect();
            COMMS[s].get_or(CommsKey { atlas: atlas.clone(), stands }, |_| communications(&atlas, &unit_at, &sit, &zoc, s))
        });
        let mut held = [vec![0u32; atlas.places.len()], vec![0u32; atlas.places.len()]];
        for u in sit.units.iter().filter(|u| !u.is_tank()) {
            let Some(h) = u.hex() else { continue };
            let Some(i) = atlas.index(h) else { continue };
            let s = si(u.side());
            if !loc_from(&atlas, &unit_at, &sit, &comms[s], i, s) {
                continue;
            }
            for &k in &atlas.places_at[i] {
                held[s][k as usize] += 1;
            }
        }
        let tracks = world.resource::<Tracks>();
        let first_battle = if atlas.levels && tracks.first_tank_battle.is_none() { 5.0 } else { 0.0 };
        let first_kill_vp = match &sit.scenario.spec.victory {
            VictorySpec::Points(v) => Some((
                if tracks.first_tank_kill_done { v.later_tank_kill } else { v.first_tank_kill },
                v.first_tank_kill_whippet,
                v.later_tank_kill,
            )),
            _ => None,
        };
        let turns_left = (atlas.last_turn + 1).saturating_sub(turn) as f32;
        let (aggression, caution) =
            if HARD.with(Cell::get) == Some(side) { t.hard.over(t.aggression, t.caution) } else { (t.aggression, t.caution) };
        Brain {
            aggression,
            caution,
            atlas,
            sit,
            side,
            turn,
            night,
            random_sequence,
            comms,
            unit_at,
            zoc,
            held,
            turns_left,
            first_battle,
            first_kill_vp,
        }
    }

    pub fn enemy(&self) -> Side {
        self.side.enemy()
    }

    pub fn index(&self, h: Hex) -> Option<usize> {
        self.atlas.index(h)
    }

    pub fn unit_in(&self, i: usize) -> Option<&UnitInfo> {
        match self.unit_at[i] {
            0 => None,
            k => Some(&self.sit.units[k as usize - 1]),
        }
    }

    pub fn enemy_zoc(&self, i: usize, side: Side) -> bool {
        self.zoc[si(side.enemy())][i] > 0
    }

    pub fn enemy_in(&self, i: usize, side: Side) -> bool {
        self.unit_in(i).is_some_and(|u| u.side() != side)
    }

    /// True if a unit of `side` in hex `i` traces a line of communication (the rules'
    /// `Situation::has_communication`, on the AI's dense arrays).
    pub fn has_loc(&self, i: usize, side: Side) -> bool {
        loc_from(&self.atlas, &self.unit_at, &self.sit, &self.comms[si(side)], i, si(side))
    }

    /// What `side` scores for place `k` holding `own` of its hexes while the enemy holds `enemy`
    /// (a share of the "only one there" award as a proxy for the way to it), given the turns left.
    fn score(&self, side: Side, k: usize, own: u32, enemy: u32) -> f32 {
        if own == 0 {
            return 0.0;
        }
        let p = &self.atlas.places[k];
        let (e, t) = (&p.end[si(side)], &p.each_turn[si(side)]);
        let any = e.any + t.any * self.turns_left;
        let sole = e.sole + t.sole * self.turns_left;
        let per = e.per_hex + t.per_hex * self.turns_left;
        // A few more battalions than needed keep the place when one is lost.
        any + sole * own as f32 / (own + enemy) as f32 + per * own as f32 + 0.06 * (any + sole) * own.min(4) as f32
    }

    /// The worth of place `k` to `side` (what it scores less what its enemy scores there, weighted by
    /// its `ai.objectives`), with the given hexes held by [Allied, German].
    fn place_worth(&self, side: Side, k: usize, held: [u32; 2]) -> f32 {
        let (me, them) = (si(side), 1 - si(side));
        let w = self.atlas.places[k].weight[me];
        w * (self.score(side, k, held[me], held[them]) - self.score(side.enemy(), k, held[them], held[me]))
    }

    /// What every place is worth to the Brain's side with the battalions holding it now (the
    /// look-ahead's value of a position, `ai::bastards::search`).
    pub fn places_value(&self) -> f32 {
        (0..self.atlas.places.len()).map(|k| self.place_worth(self.side, k, [self.held[0][k], self.held[1][k]])).sum()
    }

    /// What one battalion of `side` standing in hex `i` adds to the side's places. The battalion in
    /// hex `mover` (the one being moved) does not count where it stands now.
    pub fn hold_value(&self, side: Side, i: usize, mover: Option<usize>) -> f32 {
        let s = si(side);
        let mut v = 0.0;
        for &k in &self.atlas.places_at[i] {
            let k = k as usize;
            let mut held = [self.held[0][k], self.held[1][k]];
            if let Some(j) = mover
                && self.atlas.places_at[j].contains(&(k as u8))
                && self.unit_in(j).is_some_and(|u| !u.is_tank() && u.side() == side)
                && self.has_loc(j, side)
            {
                held[s] = held[s].saturating_sub(1);
            }
            let before = self.place_worth(side, k, held);
            held[s] += 1;
            v += self.place_worth(side, k, held) - before;
        }
        if v > 0.0 && !self.has_loc(i, side) {
            v *= 0.3;
        }
        v
    }

    /// What the battalion `u` is worth through the places it holds, to the side evaluating: what its
    /// side would lose, and its enemy gain, if it went.
    pub fn removal_value(&self, u: &UnitInfo) -> f32 {
        if u.is_tank() {
            return 0.0;
        }
        let Some(i) = u.hex().and_then(|h| self.index(h)) else { return 0.0 };
        let owner = u.side();
        let o = si(owner);
        let loc = self.has_loc(i, owner);
        let mut v = 0.0;
        for &k in &self.atlas.places_at[i] {
            let k = k as usize;
            let mut held = [self.held[0][k], self.held[1][k]];
            if !loc {
                held[o] += 1;
            }
            let with = self.place_worth(self.side, k, held);
            held[o] -= 1;
            v += (self.place_worth(self.side, k, held) - with).abs();
        }
        if loc { v } else { 0.3 * v }
    }

    /// Value, for `self.side`, of one more loss on unit `t` (disorganised or damaged if at full
    /// strength, eliminated otherwise), inflicted by `by` (for the tank-battle victory points).
    pub fn loss_value(&self, t: &UnitInfo, by: Option<&UnitInfo>) -> f32 {
        let w = unit_worth(t);
        let sign = if t.side() == self.side { -1.0 } else { 1.0 };
        let mut v = if t.reduced {
            0.65 * w + self.removal_value(t) + self.tank_kill_vp(t, by)
        } else if t.is_tank() {
            // A damaged tank is lost at nightfall, and the next hit kills it (and scores).
            0.4 * w + 0.3 * self.tank_kill_vp(t, by)
        } else {
            // A disorganised battalion can neither fight nor assault, and at nightfall it pulls back.
            0.35 * w + if self.turns_to_nightfall() <= 1 { 0.15 * w } else { 0.0 }
        };
        v += self.first_battle_bonus(t, by);
        sign * v
    }

    /// Scenario 2's first tank battle, won by the first Mark IV or A7V knocked out by the other (a
    /// damaged tank is one hit from it).
    fn first_battle_bonus(&self, t: &UnitInfo, by: Option<&UnitInfo>) -> f32 {
        match by {
            Some(b) if b.is_tank() && t.is_tank() && self.first_battle > 0.0 && mark_iv_vs_a7v(b.kind(), t.kind()) => {
                if t.reduced {
                    self.first_battle
                } else {
                    0.3 * self.first_battle
                }
            }
            _ => 0.0,
        }
    }

    /// Expected value of `n` dice from `by` at the enemy unit `t`, each hitting with chance `p`: the
    /// first hit disorganises (or damages) a unit at full strength, the next eliminates it.
    pub fn fire_plan(&self, p: f32, t: &UnitInfo, by: &UnitInfo, n: u32) -> f32 {
        if n == 0 || p <= 0.0 {
            return 0.0;
        }
        let q = 1.0 - p;
        let at_least_one = 1.0 - q.powi(n as i32);
        let first = self.loss_value(t, Some(by));
        if t.reduced {
            return at_least_one * first;
        }
        let at_least_two = (at_least_one - n as f32 * p * q.powi(n as i32 - 1)).max(0.0);
        let mut hit = t.clone();
        hit.reduced = true;
        let second = self.loss_value(&hit, Some(by)) - self.first_battle_bonus(t, Some(by));
        at_least_one * first + at_least_two * second
    }

    /// Value of eliminating unit `t` outright (a successful assault).
    pub fn kill_value(&self, t: &UnitInfo) -> f32 {
        let w = unit_worth(t);
        // What is left of it: a disorganised or damaged unit has lost part of its worth already.
        let mut v = if t.reduced { 0.65 * w } else { w } + self.removal_value(t);
        if t.is_tank() && t.side() == Side::Allied && self.side == Side::German {
            // Scenario 1: an Allied tank captured in an assault.
            if let VictorySpec::Points(p) = &self.sit.scenario.spec.victory {
                v += p.captured_tank as f32;
            }
        }
        v
    }

    fn tank_kill_vp(&self, t: &UnitInfo, by: Option<&UnitInfo>) -> f32 {
        match (self.first_kill_vp, by) {
            (Some((first, whippet, _later)), Some(b)) if b.is_tank() && t.is_tank() => {
                if t.kind() == UnitKind::Whippet && first > whippet {
                    whippet as f32
                } else {
                    first as f32
                }
            }
            _ => 0.0,
        }
    }

    /// Turns until the next nightfall turn (0: this is one).
    pub fn turns_to_nightfall(&self) -> u32 {
        let sc = &self.sit.scenario;
        sc.spec.turns.iter().filter(|t| t.nightfall && t.turn >= self.turn).map(|t| t.turn - self.turn).min().unwrap_or(99)
    }

    /// The hit chance when a battalion or tank `a` standing in hex `from` fires at `t`, from the
    /// rules' own calculator (`combat::modifier_value`: the modifier the window's preview shows).
    pub fn fire_chance(&self, a: &UnitInfo, from: Hex, t: &UnitInfo) -> Option<f32> {
        actions::combat::modifier_value(&self.sit, a, from, t).map(|m| actions::combat::hit_chance(&self.sit, m))
    }

    /// Chance that one die hits a battalion of `side` in hex `i`: 4-6, with the modifier the
    /// defender chooses (terrain, or a trench: -2 in its own, -1 in the enemy's), as
    /// `combat::modifier` computes it.
    pub fn hit_chance_on_battalion(&self, i: usize, side: Side) -> f32 {
        let t = &self.sit.scenario.tables.trench;
        let mut m = 0i32.min(self.atlas.drm[i] as i32);
        match self.atlas.trench[i] {
            -1 => {}
            x if x == si(side) as i8 => m = m.min(t.combat_drm_in_own_trench),
            _ => m = m.min(t.combat_drm_in_attackers_trench),
        }
        actions::combat::hit_chance(&self.sit, m)
    }

    /// Danger to unit `u` if it ends in hex `i`: what the enemy can expect to take from it in his next
    /// activations, in value. Battalions and tanks firing at battalions spread their attacks over
    /// many targets and have other things to do: about half of what they could inflict on this
    /// one unit ([`DANGER`]); an enemy tank that can hit one of our tanks picks it.
    pub fn danger(&self, u: &UnitInfo, i: usize) -> f32 {
        let sit = &self.sit;
        let max = sit.scenario.tables.max_medals;
        let me = self.side;
        let h = self.atlas.hexes[i];
        let closed = self.atlas.closed[i];
        let from = u.hex().and_then(|x| self.index(x));
        let hold = if u.is_tank() { 0.0 } else { self.hold_value(me, i, from).max(0.0) };
        let w = unit_worth(u);
        let p_bn = if u.is_tank() { 0.0 } else { self.hit_chance_on_battalion(i, me) };
        // A hit disorganises (or damages) a unit at full strength, and eliminates a reduced one
        // with what it holds.
        let loss = if u.reduced { 0.65 * w + hold } else { 0.35 * w + 0.2 * hold };
        // An enemy battalion spreads its fire over the units next to it.
        let targets = |e: Hex| -> f32 {
            let Some(ei) = self.index(e) else { return 1.0 };
            1.0 + self.atlas.neighbors(ei).filter(|&j| j != i && Some(j) != from && self.unit_in(j).is_some_and(|x| x.side() == me)).count()
                as f32
        };
        let mut expected = 0.0;
        for e in sit.units.iter().filter(|e| e.side() != me) {
            let Some(eh) = e.hex() else { continue };
            let d = eh.unsigned_distance_to(h);
            if d > 9 {
                continue;
            }
            if e.is_tank() {
                if e.breakdown && d > 3 {
                    continue;
                }
                let p = if u.is_tank() {
                    match sit.scenario.tables.tank_combat_drm(Attacker::Tank(e.kind()), u.kind()) {
                        Some(m) => actions::combat::hit_chance(sit, m),
                        None => continue,
                    }
                } else {
                    p_bn
                };
                if closed || p == 0.0 {
                    continue;
                }
                // In range now: most of its medals; a move away: one die. A tank hit by a tank may
                // also give the enemy the first tank battle or tank-kill points.
                let dice = if d <= 3 {
                    2.0
                } else if d <= 7 {
                    1.0
                } else {
                    0.4
                };
                if u.is_tank() {
                    expected += dice * p * self.loss_value(u, Some(e)).abs() / DANGER;
                } else {
                    expected += dice * p * loss;
                }
                if !u.is_tank() && d == 1 && !closed {
                    // A tank can assault a battalion in the open.
                    expected += 0.25 * loss;
                }
            } else if d == 1 && !e.reduced {
                let medals = e.medals(max) as f32;
                let p = if u.is_tank() {
                    match sit.scenario.tables.tank_combat_drm(Attacker::Battalion(e.side()), u.kind()) {
                        Some(m) => actions::combat::hit_chance(sit, m),
                        None => 0.0,
                    }
                } else {
                    p_bn
                };
                let share = 1.0 / targets(eh);
                expected += share * medals * p * loss;
                if medals >= 3.0 {
                    // The assault threat, heavier on a disorganised or weaker unit.
                    let weaker = u.medals(max) < e.medals(max);
                    let a = if u.reduced {
                        0.45
                    } else if weaker {
                        0.2
                    } else {
                        0.1
                    };
                    expected += share * a * (w + hold);
                }
            } else if d == 2 && !e.reduced && !u.is_tank() {
                // It can close in and fire next time.
                expected += 0.3 * p_bn * loss;
            }
        }
        DANGER * expected
    }

    /// The goal field's sources for a battalion of `side`: each objective hex not held by another
    /// battalion of the side, with what a battalion there would add; and, for the side to play,
    /// the hexes next to enemy battalions that hold places (to attack them from). `mover` is the
    /// hex of the unit being moved, which does not count as holding its own hex.
    pub fn goal_sources(&self, side: Side, mover: Option<usize>) -> Vec<(usize, f32)> {
        let a = &self.atlas;
        let mut sources: Vec<(usize, f32)> = Vec::new();
        for o in &a.places {
            for &i in &o.hexes {
                if let Some(u) = self.unit_in(i)
                    && u.side() == side
                    && !u.is_tank()
                    && Some(i) != mover
                {
                    continue;
                }
                let v = self.hold_value(side, i, mover);
                if v > 0.0 {
                    sources.push((i, v));
                }
            }
        }
        if side == self.side {
            for e in self.sit.units.iter().filter(|e| e.side() != side && !e.is_tank()) {
                let Some(ei) = e.hex().and_then(|h| self.index(h)) else { continue };
                let v = self.removal_value(e);
                if v <= 0.0 {
                    continue;
                }
                let v = 0.4 * self.aggression * (v + unit_worth(e));
                for j in a.neighbors(ei) {
                    if a.in_play[j] && !self.enemy_in(j, side) && self.unit_in(j).is_none_or(|u| Some(j) == mover || u.is_tank()) {
                        sources.push((j, v));
                    }
                }
            }
        }
        sources
    }

    /// The MP to enter each hex for a battalion of `side`, beyond its terrain (a road between two
    /// hexes replaces the terrain): an enemy trench, an enemy zone of control, an enemy unit to
    /// be removed first. `u8::MAX` for hexes out of play.
    pub fn step_extra(&self, side: Side) -> Vec<u8> {
        let a = &self.atlas;
        let enemy = si(side.enemy()) as i8;
        (0..a.hexes.len())
            .map(|i| {
                if !a.in_play[i] {
                    return u8::MAX;
                }
                let mut c = 0u8;
                if a.trench[i] == enemy {
                    c += 1;
                }
                if self.zoc[si(side.enemy())][i] > 0 {
                    c += 2;
                }
                if self.unit_at[i] > 0 && self.enemy_in(i, side) {
                    c += 6;
                }
                c
            })
            .collect()
    }

    /// A goal field for a battalion of `side`: for every hex, the best value of a source
    /// ([`Brain::goal_sources`]) less `lambda` per MP needed to reach it ([`Brain::step_extra`]).
    ///
    /// The field is a pure function of the scenario, the sources, the step costs and `lambda`, so it
    /// is kept (a few per thread) under exactly that key: during an activation the sources and the
    /// costs only change when the enemy or the other friends move, and a hit returns exactly what
    /// [`Brain::goal_field_fresh`] computes.
    pub fn goal_field(&self, side: Side, mover: Option<usize>, lambda: f32) -> Vec<f32> {
        let sources = self.goal_sources(side, mover);
        if sources.is_empty() {
            return vec![0.0; self.atlas.hexes.len()];
        }
        let extra = self.step_extra(side);
        let key = FieldKey { atlas: self.atlas.clone(), lambda: lambda.to_bits(), sources, extra };
        FIELDS.get_or(key, |k| field_from(&self.atlas, &k.sources, &k.extra, lambda))
    }

    /// [`Brain::goal_field`] computed afresh, without the cache (for the tests).
    #[doc(hidden)]
    pub fn goal_field_fresh(&self, side: Side, mover: Option<usize>, lambda: f32) -> Vec<f32> {
        let sources = self.goal_sources(side, mover);
        if sources.is_empty() {
            return vec![0.0; self.atlas.hexes.len()];
        }
        field_from(&self.atlas, &sources, &self.step_extra(side), lambda)
    }

    /// [`Brain::goal_field`] the slow and obvious way (relax every hex until nothing changes), for
    /// the tests.
    #[doc(hidden)]
    pub fn goal_field_reference(&self, side: Side, mover: Option<usize>, lambda: f32) -> Vec<f32> {
        let a = &self.atlas;
        let n = a.hexes.len();
        let sources = self.goal_sources(side, mover);
        if sources.is_empty() {
            return vec![0.0; n];
        }
        let extra = self.step_extra(side);
        let vmax = sources.iter().map(|s| s.1).fold(0.0f32, f32::max);
        let scale = 4.0 / lambda;
        let mut key = vec![u32::MAX; n];
        for &(i, v) in &sources {
            key[i] = key[i].min(((vmax - v) * scale) as u32);
        }
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..n {
                if key[i] == u32::MAX {
                    continue;
                }
                for (d, &j) in a.nb[i].iter().enumerate() {
                    if j == u32::MAX || extra[j as usize] == u8::MAX {
                        continue;
                    }
                    let nk = key[i] + 4 * step(a, &extra, i, d, j as usize);
                    if nk < key[j as usize] {
                        key[j as usize] = nk;
                        changed = true;
                    }
                }
            }
        }
        key.iter().map(|&k| if k == u32::MAX { f32::NEG_INFINITY } else { vmax - k as f32 / scale }).collect()
    }
}

/// The cost, in MP, for a battalion in hex `j` to step into its neighbour `i` (direction `d`
/// from `i`).
fn step(a: &Atlas, extra: &[u8], i: usize, d: usize, j: usize) -> u32 {
    let back = (d + 3) % 6;
    let terrain = if a.road[j] & (1 << back) != 0 { 1 } else { a.cost[i] as u32 };
    terrain + extra[i] as u32
}

/// What a goal field depends on, exactly: the scenario (its atlas, held so its address is not
/// reused), `lambda`, the sources and the step costs.
struct FieldKey {
    atlas: Arc<Atlas>,
    lambda: u32,
    sources: Vec<(usize, f32)>,
    extra: Vec<u8>,
}

impl PartialEq for FieldKey {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.atlas, &other.atlas)
            && self.lambda == other.lambda
            && self.extra == other.extra
            && self.sources.len() == other.sources.len()
            && self.sources.iter().zip(&other.sources).all(|(a, b)| a.0 == b.0 && a.1.to_bits() == b.1.to_bits())
    }
}

/// The goal field from its sources (non-empty) and step costs: Dijkstra on keys in quarter-MP,
/// key = (vmax - v) / lambda for a source, + 4 x MP per step, propagated backwards (from the
/// objectives to the units that would walk to them). A step costs at most 4 x (terrain + 9)
/// quarter-MP, so a ring of buckets longer than that is a priority queue (Dial's algorithm);
/// sources enter it in key order as the sweep reaches them.
fn field_from(a: &Atlas, sources: &[(usize, f32)], extra: &[u8], lambda: f32) -> Vec<f32> {
    let n = a.hexes.len();
    let vmax = sources.iter().map(|s| s.1).fold(0.0f32, f32::max);
    let scale = 4.0 / lambda;
    let mut key = vec![u32::MAX; n];
    let mut seeds: Vec<(u32, u32)> = sources.iter().map(|&(i, v)| (((vmax - v) * scale) as u32, i as u32)).collect();
    seeds.sort_unstable();
    let ring_len = 4 * (a.cost.iter().copied().max().unwrap_or(2) as usize + 10) + 1;
    // The buckets are kept between fields (per thread): they are all empty when a sweep ends.
    let mut ring = RING.with(|r| std::mem::take(&mut *r.borrow_mut()));
    ring.resize_with(ring_len.max(ring.len()), Vec::new);
    let mut queued = 0usize;
    let mut next_seed = 0usize;
    let mut cur = seeds[0].0;
    loop {
        while next_seed < seeds.len() && seeds[next_seed].0 <= cur {
            let (k, i) = seeds[next_seed];
            if k < key[i as usize] {
                key[i as usize] = k;
                ring[k as usize % ring_len].push(i);
                queued += 1;
            }
            next_seed += 1;
        }
        if queued == 0 {
            if next_seed >= seeds.len() {
                break;
            }
            cur = seeds[next_seed].0;
            continue;
        }
        let slot = cur as usize % ring_len;
        let bucket = std::mem::take(&mut ring[slot]);
        queued -= bucket.len();
        for &i in &bucket {
            let i = i as usize;
            if key[i] != cur {
                continue;
            }
            // Entering hex `i` from each neighbour `j`: its terrain (1 along a road), plus its extra.
            let terrain = a.cost[i] as u32;
            let ex = extra[i] as u32;
            for (d, &j) in a.nb[i].iter().enumerate() {
                if j == u32::MAX || extra[j as usize] == u8::MAX {
                    continue;
                }
                let j = j as usize;
                // `step(a, extra, i, d, j)`, with what depends on `i` alone read once.
                let back = (d + 3) % 6;
                let t = if a.road[j] & (1 << back) != 0 { 1 } else { terrain };
                let nk = cur + 4 * (t + ex);
                if nk < key[j] {
                    key[j] = nk;
                    ring[nk as usize % ring_len].push(j as u32);
                    queued += 1;
                }
            }
        }
        let mut bucket = bucket;
        bucket.clear();
        if ring[slot].is_empty() {
            ring[slot] = bucket;
        }
        cur += 1;
    }
    RING.with(|r| *r.borrow_mut() = ring);
    key.iter().map(|&k| if k == u32::MAX { f32::NEG_INFINITY } else { vmax - k as f32 / scale }).collect()
}

/// The hexes from which a line of communication reaches side `s`'s edge (Glossary, LoC): the rules'
/// `Situation::communications`, on the AI's dense arrays (a test checks they agree).
fn communications(atlas: &Atlas, unit_at: &[u32], sit: &Situation, zoc: &[Vec<u8>; 2], s: usize) -> Vec<bool> {
    let enemy = 1 - s;
    let open = |i: usize| atlas.in_play[i] && zoc[enemy][i] == 0 && (unit_at[i] == 0 || !enemy_at(sit, unit_at, i, s));
    let mut reach = vec![false; atlas.hexes.len()];
    let mut stack: Vec<usize> = Vec::with_capacity(64);
    for &i in &atlas.edge_hexes[s] {
        if open(i) && !reach[i] {
            reach[i] = true;
            stack.push(i);
        }
    }
    while let Some(i) = stack.pop() {
        for j in atlas.neighbors(i) {
            if !reach[j] && open(j) {
                reach[j] = true;
                stack.push(j);
            }
        }
    }
    reach
}

/// True if a unit of the enemy of side `s` is in hex `i` (any unit, not only the one `unit_at` names).
fn enemy_at(sit: &Situation, unit_at: &[u32], i: usize, s: usize) -> bool {
    match unit_at[i] {
        0 => false,
        k => {
            let u = &sit.units[k as usize - 1];
            if si(u.side()) != s {
                return true;
            }
            // Stacked (a unit passing through a friend): look at all of them.
            u.hex().is_some_and(|h| sit.at(h).any(|x| si(x.side()) != s))
        }
    }
}

fn loc_from(atlas: &Atlas, unit_at: &[u32], sit: &Situation, comms: &[bool], i: usize, s: usize) -> bool {
    if atlas.on_edge[s][i] && !enemy_at(sit, unit_at, i, s) {
        return true;
    }
    atlas.neighbors(i).any(|j| comms[j])
}

/// True for a fight between a Mark IV and an A7V (the first tank battle, scenario 2).
pub fn mark_iv_vs_a7v(a: UnitKind, b: UnitKind) -> bool {
    matches!(
        (a, b),
        (UnitKind::A7V, UnitKind::MarkIVMale | UnitKind::MarkIVFemale) | (UnitKind::MarkIVMale | UnitKind::MarkIVFemale, UnitKind::A7V)
    )
}
