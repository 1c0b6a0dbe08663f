//! The map as the rules see it (Glossary): a snapshot of where every unit is, with zones of control,
//! line of sight, line of communication and movement costs. Pure functions over the snapshot, so the
//! rules, the AI and the window all ask the same questions and get the same answers.

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::Arc;

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::memo::{Memo, MemoSlots};

use super::scenario::{HexFacts, Scenario};
use super::state::Setup;
use super::tables::TerrainType;
use super::units::{Breakdown, GarrisonReleased, Hero, Location, Reduced, Side, TurnRecord, Unit, UnitKind};

/// One unit in the snapshot.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitInfo {
    pub entity: Entity,
    pub unit: Unit,
    pub location: Location,
    pub reduced: bool,
    pub breakdown: bool,
    pub hero: bool,
    pub record: TurnRecord,
    /// Eliminated once: no longer bound by a garrison rule.
    pub released: bool,
}

impl UnitInfo {
    pub fn side(&self) -> Side {
        self.unit.side
    }
    pub fn kind(&self) -> UnitKind {
        self.unit.kind
    }
    pub fn is_tank(&self) -> bool {
        self.unit.kind.is_tank()
    }
    pub fn hex(&self) -> Option<Hex> {
        self.location.hex()
    }
    /// Medals printed, plus one for a hero (to a maximum of 4, 7.2).
    pub fn medals(&self, max: u32) -> u32 {
        if self.hero { (self.unit.medals + 1).min(max) } else { self.unit.medals }
    }
}

/// Where everything is, at rest.
pub struct Situation {
    pub scenario: std::sync::Arc<Scenario>,
    /// Every unit, in scenario order.
    pub units: Vec<UnitInfo>,
    /// Where the units are, indexed by hex (shared between snapshots of the same position).
    layout: Arc<Layout>,
}

/// The units indexed by hex: what a snapshot derives from where each unit is and whose it is.
#[derive(PartialEq, Debug)]
struct Layout {
    /// Per board index: 1 + the index of the first unit there (0: empty); `next_in_hex` chains the rest.
    first_in_hex: Vec<u32>,
    next_in_hex: Vec<u32>,
    /// Per board index: number of Allied / German units adjacent (their zones of control).
    zoc: [Vec<u8>; 2],
}

impl Layout {
    fn new(scenario: &Scenario, units: &[UnitInfo]) -> Layout {
        let board = &scenario.board;
        let mut first_in_hex = vec![0u32; board.len()];
        let mut next_in_hex = vec![0u32; units.len()];
        let mut zoc = [vec![0u8; board.len()], vec![0u8; board.len()]];
        for (i, u) in units.iter().enumerate().rev() {
            if let Some(h) = u.hex() {
                if let Some(idx) = board.index(h) {
                    next_in_hex[i] = first_in_hex[idx];
                    first_in_hex[idx] = i as u32 + 1;
                }
                for n in board.neighbors(h) {
                    if let Some(idx) = board.index(n) {
                        zoc[side_index(u.side())][idx] += 1;
                    }
                }
            }
        }
        Layout { first_in_hex, next_in_hex, zoc }
    }
}

/// A few recent layouts per thread, keyed exactly by what a layout depends on: the scenario (held, so
/// its address is not reused) and each unit's hex and side, in order.
type LayoutKey = (Arc<Scenario>, Vec<(Option<Hex>, Side)>);

/// What a snapshot reads of each unit.
type UnitQuery =
    (Entity, &'static Unit, &'static Location, Has<Reduced>, Has<Breakdown>, Has<Hero>, &'static TurnRecord, Has<GarrisonReleased>);

thread_local! {
    static UNITS_QUERY: RefCell<Option<(bevy::ecs::world::WorldId, QueryState<UnitQuery>)>> = const { RefCell::new(None) };
    static LAYOUT_SLOTS: RefCell<MemoSlots<LayoutKey, Arc<Layout>>> = const { RefCell::new(MemoSlots::new()) };
}

static RECENT_LAYOUTS: Memo<LayoutKey, Arc<Layout>, 4> = Memo::new(&LAYOUT_SLOTS);

fn layout_for(scenario: &Arc<Scenario>, units: &[UnitInfo]) -> Arc<Layout> {
    let same = |k: &LayoutKey| {
        Arc::ptr_eq(&k.0, scenario) && k.1.len() == units.len() && k.1.iter().zip(units).all(|(a, u)| a.0 == u.hex() && a.1 == u.side())
    };
    // Compared in place: a hit builds no key.
    if let Some(hit) = RECENT_LAYOUTS.find(same) {
        return hit;
    }
    let layout = Arc::new(Layout::new(scenario, units));
    RECENT_LAYOUTS.insert((scenario.clone(), units.iter().map(|u| (u.hex(), u.side())).collect()), layout.clone());
    layout
}

fn side_index(s: Side) -> usize {
    match s {
        Side::Allied => 0,
        Side::German => 1,
    }
}

/// How a step into a hex is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepCost {
    /// Terrain (after a road), plus an enemy trench.
    pub terrain: u32,
    /// Extra for entering an enemy zone of control.
    pub zoc: u32,
}

impl StepCost {
    pub fn total(self) -> u32 {
        self.terrain + self.zoc
    }
}

/// A reachable hex and how it is reached.
#[derive(Clone, Debug)]
pub struct Reach {
    pub cost: u32,
    /// Hexes entered where a tank must test for a breakdown (terrain cost above 1 MP).
    pub risky: u32,
    /// The hexes entered, in order, ending here.
    pub path: Vec<Hex>,
}

impl Situation {
    /// Takes the snapshot of a game world.
    pub fn capture(world: &World) -> Situation {
        let scenario = world.resource::<Setup>().0.clone();
        let mut units: Vec<UnitInfo> = Vec::with_capacity(scenario.spec.units.len());
        // The query's state is kept per thread for the last world it ran on (a `WorldId` is never
        // reused): building it again for every snapshot matched every archetype again.
        UNITS_QUERY.with(|cell| {
            let mut cell = cell.borrow_mut();
            if cell.as_ref().is_none_or(|(id, _)| *id != world.id()) {
                *cell = world.try_query::<UnitQuery>().map(|q| (world.id(), q));
            }
            if let Some((_, q)) = cell.as_mut() {
                for (entity, u, l, r, b, h, rec, g) in q.iter(world) {
                    units.push(UnitInfo {
                        entity,
                        unit: u.clone(),
                        location: *l,
                        reduced: r,
                        breakdown: b,
                        hero: h,
                        record: *rec,
                        released: g,
                    });
                }
            }
        });
        units.sort_by_key(|u| u.unit.order);
        Situation::from_units(scenario, units)
    }

    pub fn from_units(scenario: std::sync::Arc<Scenario>, units: Vec<UnitInfo>) -> Situation {
        let layout = layout_for(&scenario, &units);
        Situation { scenario, units, layout }
    }

    /// [`Situation::from_units`] without the cache of layouts (for the tests).
    #[doc(hidden)]
    pub fn from_units_fresh(scenario: std::sync::Arc<Scenario>, units: Vec<UnitInfo>) -> Situation {
        let layout = Arc::new(Layout::new(&scenario, &units));
        Situation { scenario, units, layout }
    }

    /// True if both snapshots index their units the same way (for the tests of the cache).
    #[doc(hidden)]
    pub fn same_layout(&self, other: &Situation) -> bool {
        self.layout == other.layout
    }

    pub fn board(&self) -> &crate::engine::board::HexBoard {
        &self.scenario.board
    }

    pub fn get(&self, e: Entity) -> Option<&UnitInfo> {
        self.units.iter().find(|u| u.entity == e)
    }

    pub fn by_id(&self, id: &str) -> Option<&UnitInfo> {
        self.units.iter().find(|u| &*u.unit.id == id)
    }

    /// Units in a hex.
    pub fn at(&self, h: Hex) -> impl Iterator<Item = &UnitInfo> {
        let mut next = self.board().index(h).map(|i| self.layout.first_in_hex[i]).unwrap_or(0);
        std::iter::from_fn(move || {
            if next == 0 {
                return None;
            }
            let i = next as usize - 1;
            next = self.layout.next_in_hex[i];
            Some(&self.units[i])
        })
    }

    pub fn enemy_in(&self, h: Hex, side: Side) -> bool {
        self.at(h).any(|u| u.side() != side)
    }

    pub fn friend_in(&self, h: Hex, side: Side) -> bool {
        self.at(h).any(|u| u.side() == side)
    }

    pub fn battalion_in(&self, h: Hex) -> bool {
        self.at(h).any(|u| !u.is_tank())
    }

    /// True if an enemy of `side` exerts a zone of control into the hex (Glossary, ZoC).
    pub fn enemy_zoc(&self, h: Hex, side: Side) -> bool {
        self.board().index(h).is_some_and(|i| self.layout.zoc[side_index(side.enemy())][i] > 0)
    }

    /// What the rules ask most often of a hex (precomputed with the scenario), if it is on the board.
    fn facts(&self, h: Hex) -> Option<&HexFacts> {
        self.board().index(h).map(|i| &self.scenario.facts[i])
    }

    /// The label of a hex (`K05`), as `HexBoard::label` writes it, without formatting it again.
    pub fn label(&self, h: Hex) -> String {
        match self.facts(h) {
            Some(f) => f.label.clone(),
            None => self.board().label(h),
        }
    }

    /// True if the hex lies in the rows the scenario plays on and units may be there (not impassable).
    pub fn in_play(&self, h: Hex) -> bool {
        self.facts(h).is_some_and(|f| f.in_play)
    }

    pub fn terrain(&self, h: Hex) -> Option<&TerrainType> {
        self.facts(h).and_then(|f| f.terrain).map(|t| &self.scenario.tables.terrain[t as usize])
    }

    /// Terrain no unit may enter.
    pub fn impassable(&self, h: Hex) -> bool {
        self.facts(h).is_some_and(|f| f.impassable)
    }

    /// Forest, village or town: tanks neither fight into nor from it (3.2).
    pub fn closed(&self, h: Hex) -> bool {
        self.facts(h).is_some_and(|f| f.closed)
    }

    /// The owner of a trench in the hex, if there is one.
    pub fn trench(&self, h: Hex) -> Option<Side> {
        self.facts(h).and_then(|f| f.trench)
    }

    pub fn in_friendly_trench(&self, h: Hex, side: Side) -> bool {
        self.trench(h) == Some(side)
    }

    pub fn road_between(&self, a: Hex, b: Hex) -> bool {
        self.facts(a)
            .is_some_and(|f| f.roads != 0 && a.all_neighbors().iter().position(|n| *n == b).is_some_and(|d| f.roads & (1 << d) != 0))
    }

    /// The printed terrain cost of a hex, with the scenario's village option.
    fn terrain_cost(&self, h: Hex) -> u32 {
        self.facts(h).map_or(1, |f| f.cost)
    }

    /// The cost for a unit of `side` to enter `to` from `from` (`None`: from off the map edge): terrain
    /// (a road cancels it, not an enemy trench), +1 for an enemy trench (3.1, Terrain Table), plus the
    /// zone of control extra for the unit's type (Glossary, ZoC).
    pub fn step_cost(&self, side: Side, kind: UnitKind, medals: u32, from: Option<Hex>, to: Hex) -> StepCost {
        let t = &self.scenario.tables;
        let base = match from {
            Some(f) if self.road_between(f, to) => 1,
            _ => self.terrain_cost(to),
        };
        let trench = if self.trench(to) == Some(side.enemy()) { t.trench.enemy_extra_mp } else { 0 };
        let zoc = if self.enemy_zoc(to, side) {
            if kind.is_tank() {
                t.zoc_extra_mp.tank
            } else if medals >= 4 {
                t.zoc_extra_mp.battalion_four_medals
            } else {
                t.zoc_extra_mp.battalion
            }
        } else {
            0
        };
        StepCost { terrain: base + trench, zoc }
    }

    /// What a step of `mover` (with `medals`) into `to` from `from` costs, if the unit may take it
    /// (3.1): not into an enemy unit or out of play, only where `allowed`, and a tank not into a hex
    /// of more than 1 MP that holds an activated friend.
    pub fn step_into(&self, mover: &UnitInfo, medals: u32, from: Option<Hex>, to: Hex, allowed: &dyn Fn(Hex) -> bool) -> Option<StepCost> {
        let side = mover.side();
        let kind = mover.kind();
        if !self.in_play(to) || self.enemy_in(to, side) || !allowed(to) {
            return None;
        }
        let c = self.step_cost(side, kind, medals, from, to);
        if kind.is_tank() && c.terrain > 1 && self.at(to).any(|u| u.side() == side && u.record.activated && u.entity != mover.entity) {
            return None;
        }
        Some(c)
    }

    /// True if `mover` can enter the map by one of `entry` with `budget` MP: exactly when
    /// [`Situation::reachable`] from the edge finds some hex, without the search.
    pub fn can_enter_by(&self, mover: &UnitInfo, entry: &[Hex], budget: u32, allowed: &dyn Fn(Hex) -> bool) -> bool {
        let medals = mover.medals(self.scenario.tables.max_medals);
        entry.iter().any(|&h| {
            self.board().index(h).is_some() && self.step_into(mover, medals, None, h, allowed).is_some_and(|c| c.total() <= budget)
        })
    }

    /// Hexes a unit can reach by a movement action with `budget` MP (3.1): never into an enemy unit,
    /// stopping on entering an enemy zone of control, a tank not entering a hex of more than 1 MP
    /// that holds an activated friend, and only through hexes `allowed` accepts (the Cachy garrison).
    /// `start = None` enters from the side's map edge (`entry` hexes), paying for the first hex.
    pub fn reachable(
        &self,
        mover: &UnitInfo,
        start: Option<Hex>,
        entry: &[Hex],
        budget: u32,
        allowed: &dyn Fn(Hex) -> bool,
    ) -> HashMap<Hex, Reach> {
        let board = self.board();
        let side = mover.side();
        let medals = mover.medals(self.scenario.tables.max_medals);
        // Per board index: (cost, risky, predecessor index + 1, 0 for an entry hex), if reached.
        let mut best: Vec<Option<(u32, u32, u32)>> = vec![None; board.len()];
        let mut heap = BinaryHeap::with_capacity(board.len());
        let can_enter = |from: Option<Hex>, to: Hex| self.step_into(mover, medals, from, to, allowed);
        let relax = |best: &mut Vec<Option<(u32, u32, u32)>>, heap: &mut BinaryHeap<_>, to: Hex, cost: u32, risky: u32, prev: u32| {
            let Some(i) = board.index(to) else { return };
            if best[i].is_none_or(|(c, r, _)| (cost, risky) < (c, r)) {
                best[i] = Some((cost, risky, prev));
                heap.push(Reverse((cost, risky, i)));
            }
        };
        let start_index = start.and_then(|s| board.index(s));
        match start {
            Some(s) => {
                if self.enemy_zoc(s, side) {
                    return HashMap::new();
                }
                if let Some(i) = start_index {
                    best[i] = Some((0, 0, 0));
                    heap.push(Reverse((0, 0, i)));
                }
            }
            None => {
                for &h in entry {
                    if let Some(c) = can_enter(None, h)
                        && c.total() <= budget
                    {
                        relax(&mut best, &mut heap, h, c.total(), u32::from(c.terrain > 1), 0);
                    }
                }
            }
        }
        while let Some(Reverse((cost, risky, i))) = heap.pop() {
            if best[i].is_some_and(|(c, r, _)| (c, r) != (cost, risky)) {
                continue;
            }
            let here = board.hex_of_index(i);
            // Entering an enemy zone of control ends the movement.
            if self.enemy_zoc(here, side) {
                continue;
            }
            for n in board.neighbors(here) {
                let Some(c) = can_enter(Some(here), n) else { continue };
                let total = cost + c.total();
                if total <= budget {
                    relax(&mut best, &mut heap, n, total, risky + u32::from(c.terrain > 1), i as u32 + 1);
                }
            }
        }
        let mut out = HashMap::with_capacity(best.iter().filter(|b| b.is_some()).count());
        // The hexes entered on the way to `i`, from the last back to the first.
        let best = &best;
        let back = |i: usize| {
            let mut at = i;
            std::iter::once(i).chain(std::iter::from_fn(move || match best[at] {
                Some((_, _, prev)) if prev != 0 && Some(prev as usize - 1) != start_index => {
                    at = prev as usize - 1;
                    Some(at)
                }
                _ => None,
            }))
        };
        for (i, b) in best.iter().enumerate() {
            let Some((cost, risky, _)) = *b else { continue };
            if Some(i) == start_index {
                continue;
            }
            let mut path: Vec<Hex> = back(i).map(|at| board.hex_of_index(at)).collect();
            path.reverse();
            out.insert(board.hex_of_index(i), Reach { cost, risky, path });
        }
        out
    }

    /// Line of sight from centre to centre (Glossary, LoS): clear between adjacent hexes; otherwise
    /// blocked by blocking terrain or by a battalion of either side on the line, unless the line runs
    /// exactly along a hexside with a clear hex on one side. Returns the blocking hex.
    pub fn line_of_sight(&self, a: Hex, b: Hex) -> Result<(), Hex> {
        if a.unsigned_distance_to(b) <= 1 {
            return Ok(());
        }
        self.board().line_of_sight(a, b, |h| self.terrain(h).is_some_and(|t| t.blocks_los) || self.battalion_in(h))
    }

    /// What blocks a line of sight, in words.
    pub fn describe_blocker(&self, h: Hex) -> String {
        let label = self.board().label(h);
        if let Some(u) = self.at(h).find(|u| !u.is_tank()) {
            format!("the battalion {} in {label}", u.unit.name)
        } else {
            format!("{} in {label}", self.terrain(h).map(|t| t.name.to_lowercase()).unwrap_or_default())
        }
    }

    /// Every hex from which a line of communication can be traced to `side`'s map edge (Glossary, LoC):
    /// a chain of adjacent hexes free of enemy units and enemy zones of control (a friendly unit
    /// does not cancel an enemy zone). A unit traces its line from its own hex through such hexes.
    pub fn communications(&self, side: Side) -> Vec<bool> {
        let board = self.board();
        let edge = board.edge_of(side.id()).unwrap_or(match side {
            Side::Allied => crate::engine::board::MapEdge::West,
            Side::German => crate::engine::board::MapEdge::East,
        });
        let open = |h: Hex| self.in_play(h) && !self.enemy_in(h, side) && !self.enemy_zoc(h, side);
        let mut reach = vec![false; board.len()];
        let mut stack: Vec<Hex> = board.edge_hexes(edge).into_iter().filter(|h| open(*h)).collect();
        for h in &stack {
            if let Some(i) = board.index(*h) {
                reach[i] = true;
            }
        }
        while let Some(h) = stack.pop() {
            for n in board.neighbors(h) {
                if let Some(i) = board.index(n)
                    && !reach[i]
                    && open(n)
                {
                    reach[i] = true;
                    stack.push(n);
                }
            }
        }
        reach
    }

    /// True if a unit of `side` in `h` can trace a line of communication, given `comms` from
    /// [`Situation::communications`]: its hex is on its edge, or a neighbour is connected to it.
    pub fn has_communication(&self, h: Hex, side: Side, comms: &[bool]) -> bool {
        let board = self.board();
        let edge = board.edge_of(side.id());
        if edge.is_some_and(|e| board.on_edge(h, e)) && !self.enemy_in(h, side) {
            return true;
        }
        board.neighbors(h).any(|n| board.index(n).is_some_and(|i| comms[i]))
    }

    /// The hexes an off-map unit enters by: its side's edge, limited to its reinforcement group's rows
    /// (2.3, 8, 7.2).
    pub fn unit_entry_hexes(&self, u: &UnitInfo) -> Vec<Hex> {
        let group = self.scenario.spec.reinforcements.iter().find(|r| r.units.iter().any(|x| **x == *u.unit.id));
        self.entry_hexes(u.side(), group.map(|r| r.rows.as_slice()).unwrap_or_default())
    }

    /// Hexes of the side's entry edge, optionally limited to some rows (2.3, 8, 7.2).
    pub fn entry_hexes(&self, side: Side, rows: &[String]) -> Vec<Hex> {
        let board = self.board();
        let edge = board.edge_of(side.id()).unwrap_or(crate::engine::board::MapEdge::West);
        board
            .edge_hexes(edge)
            .into_iter()
            .filter(|h| self.in_play(*h))
            .filter(|h| {
                rows.is_empty() || {
                    let label = board.label(*h);
                    let letters: String = label.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
                    rows.contains(&letters)
                }
            })
            .collect()
    }

    /// Hexes of a named place of the map.
    pub fn place(&self, name: &str) -> &[Hex] {
        self.board().place(name).map(|p| p.hexes.as_slice()).unwrap_or(&[])
    }

    /// The hex `n` hexes straight toward the side's own edge (Rout, Nightfall): west for the Allied
    /// player, east for the German, and every hex on the way, in order.
    pub fn pull_back_line(&self, from: Hex, side: Side, n: u32) -> Vec<Hex> {
        use crate::engine::board::hex::Direction;
        let dir = match side {
            Side::Allied => Direction::West,
            Side::German => Direction::East,
        };
        (1..=n as i32).map(|k| self.board().step(from, dir, k)).collect()
    }
}
