//! The map as the rules see it: a [`Ctx`] snapshot of the units, control and markers, with the
//! questions every phase asks: adjacency and water borders (2.2, 9.3, 9.6), control (3.21), movement
//! costs (9.32-9.52, 8.21, 8.3), bombardment range and blocked areas (7.31, 7.32), retreat priority
//! (10.41) and supply (11.2). Pure functions, so the rules, the view and the tests agree.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::phase::Context;

use super::scenario::Scenario;
use super::state::{Bombardment, Clock, Combat, Control, FatigueCheck, Group, Impulse, Losses, Markers, Phase, Reinforce, Setup};
use super::units::{Kind, Side, Sit, U};

/// Everything the rules read, captured once.
pub struct Ctx {
    pub sc: Arc<Scenario>,
    pub sit: Sit,
    pub turn: u32,
    pub initiative: Side,
    pub control: BTreeMap<u32, Side>,
    pub markers: Markers,
    pub phase: Option<Phase>,
    pub reinforce: Reinforce,
    pub bombard: Bombardment,
    pub impulse: Impulse,
    pub combat: Combat,
    pub losses: Losses,
    pub fatigue: FatigueCheck,
    /// `activatable` per side, computed once.
    activatable: [std::cell::OnceCell<Vec<u32>>; 2],
    /// Distances from an area to every area, computed on demand.
    distances: std::cell::RefCell<BTreeMap<u32, std::rc::Rc<BTreeMap<u32, u32>>>>,
}

impl Context for Ctx {
    fn with<T>(world: &World, f: impl FnOnce(&Ctx) -> T) -> T {
        f(&Ctx::capture(world))
    }
}

impl Ctx {
    pub fn capture(world: &World) -> Ctx {
        let clock = world.resource::<Clock>();
        Ctx {
            sc: world.resource::<Setup>().0.clone(),
            sit: Sit::capture(world),
            turn: clock.turn,
            initiative: clock.initiative,
            control: world.resource::<Control>().0.clone(),
            markers: Markers::capture(world),
            phase: world.get_resource::<State<Phase>>().map(|s| *s.get()),
            reinforce: world.resource::<Reinforce>().clone(),
            bombard: world.resource::<Bombardment>().clone(),
            impulse: world.resource::<Impulse>().clone(),
            combat: world.resource::<Combat>().clone(),
            losses: world.resource::<Losses>().clone(),
            fatigue: world.resource::<FatigueCheck>().clone(),
            activatable: Default::default(),
            distances: Default::default(),
        }
    }

    pub fn unit(&self, i: usize) -> &U {
        &self.sit.units[i]
    }

    pub fn find(&self, id: &str) -> Option<&U> {
        self.sit.find(id)
    }

    pub fn exists(&self, area: u32) -> bool {
        self.sc.board.areas.contains_key(&area)
    }

    pub fn adjacent(&self, area: u32) -> &[u32] {
        self.sc.board.areas.get(&area).map(|a| a.adjacent.as_slice()).unwrap_or(&[])
    }

    pub fn is_adjacent(&self, a: u32, b: u32) -> bool {
        self.sc.board.adjacent(a, b)
    }

    /// A blue (water) border: the canal or the Schelde (2.2, 9.3).
    pub fn water(&self, a: u32, b: u32) -> bool {
        self.sc.board.border(a, b).iter().any(|k| k == "canal" || k == "schelde")
    }

    pub fn bridge(&self, a: u32, b: u32) -> bool {
        self.sc.board.border(a, b).iter().any(|k| k == "bridge")
    }

    /// The side controlling an area (3.21).
    pub fn controller(&self, area: u32) -> Side {
        self.control.get(&area).copied().unwrap_or(Side::German)
    }

    pub fn stacking(&self) -> u32 {
        self.sc.tables.stacking
    }

    /// Room for `n` more units of a side in an area (9.35).
    pub fn room(&self, area: u32, side: Side, n: u32) -> bool {
        self.sit.count(area, side) + n <= self.stacking()
    }

    /// 9.32, 9.33, 9.51, 9.52 with the rolling barrage (8.21) and interdiction (8.3): the cost for a
    /// unit of `side` to move from `from` into the adjacent area `to`.
    pub fn enter_cost(&self, side: Side, from: u32, to: u32) -> u32 {
        let m = &self.sc.tables.movement;
        let enemy = side.enemy();
        let mut cost = if self.sit.has_fresh(to, enemy) {
            m.fresh_enemy
        } else if self.sit.has(to, enemy) {
            m.spent_enemy
        } else if self.adjacent(to).iter().any(|&n| self.sit.has_fresh(n, enemy) && !self.sit.has(n, side)) {
            m.next_to_fresh_enemy
        } else {
            m.clear
        };
        if side == self.initiative {
            if self.markers.rolling.contains(&to) {
                cost = cost.saturating_sub(m.rolling_barrage).max(m.minimum);
            }
        } else {
            if self.markers.interdiction.contains(&to) {
                cost += m.interdiction;
            }
            if self.markers.interdiction.contains(&from) {
                cost += m.interdiction;
            }
        }
        cost.max(m.minimum)
    }

    /// Areas counted as artillery moves (7.31): the target counts, the firing area does not.
    pub fn range(&self, from: u32, to: u32) -> Option<u32> {
        self.distances_from(from).get(&to).copied()
    }

    /// Area-to-area distances from `from` (breadth first, cached for this snapshot).
    pub fn distances_from(&self, from: u32) -> std::rc::Rc<BTreeMap<u32, u32>> {
        if let Some(d) = self.distances.borrow().get(&from) {
            return d.clone();
        }
        let mut dist = BTreeMap::from([(from, 0u32)]);
        let mut queue = VecDeque::from([from]);
        while let Some(a) = queue.pop_front() {
            let d = dist[&a];
            for &n in self.adjacent(a) {
                if let std::collections::btree_map::Entry::Vacant(e) = dist.entry(n) {
                    e.insert(d + 1);
                    queue.push_back(n);
                }
            }
        }
        let rc = std::rc::Rc::new(dist);
        self.distances.borrow_mut().insert(from, rc.clone());
        rc
    }

    /// Areas within `range` of `from` (not counting `from` itself), nearest first.
    pub fn within(&self, from: u32, range: u32) -> Vec<u32> {
        let d = self.distances_from(from);
        let mut out: Vec<(u32, u32)> = d.iter().filter(|(a, n)| **a != from && **n <= range).map(|(a, n)| (*n, *a)).collect();
        out.sort();
        out.into_iter().map(|(_, a)| a).collect()
    }

    /// 7.32: every shortest path from `from` to `to` passes through an area with a blocked-area
    /// symbol (firing into one is free).
    pub fn through_blocked(&self, from: u32, to: u32) -> bool {
        let Some(d) = self.range(from, to) else { return false };
        if d <= 1 {
            return false;
        }
        // Breadth first through unblocked areas only: if the target is still reached in `d`, a clear
        // line exists.
        let clear = self.sc.board.distance(from, to, |a| !self.sc.area(a).blocking);
        clear != Some(d)
    }

    /// A friendly unit in or next to an area (7.32).
    pub fn friend_near(&self, side: Side, area: u32) -> bool {
        self.sit.has(area, side) || self.adjacent(area).iter().any(|&n| self.sit.has(n, side))
    }

    /// Where a unit of `side` may retreat from `area` (10.41): adjacent areas with no units, else with
    /// only friendly units, else with friendly and enemy units; never into only enemy units; with
    /// room; tanks across water only by a bridge (9.3).
    pub fn retreat_areas(&self, side: Side, area: u32, kind: Kind) -> Vec<u32> {
        let mut by_rank: [Vec<u32>; 3] = Default::default();
        for &n in self.adjacent(area) {
            if kind == Kind::Tank && self.water(area, n) && !self.bridge(area, n) {
                continue;
            }
            if !self.room(n, side, 1) {
                continue;
            }
            let (f, e) = (self.sit.has(n, side), self.sit.has(n, side.enemy()));
            let rank = match (f, e) {
                (false, false) => 0,
                (true, false) => 1,
                (true, true) => 2,
                (false, true) => continue,
            };
            by_rank[rank].push(n);
        }
        by_rank.into_iter().find(|v| !v.is_empty()).unwrap_or_default()
    }

    /// 11.2: a path through areas free of enemy units (Stosstruppen: or holding friendly units too)
    /// from the unit's area to one of its side's supply sources.
    pub fn supplied(&self, u: &U) -> bool {
        let Some(start) = u.area() else { return false };
        let side = u.side();
        let stoss = u.kind() == Kind::Stosstruppen;
        let open = |a: u32| !self.sit.has(a, side.enemy()) || (stoss && self.sit.has(a, side));
        if !open(start) {
            return false;
        }
        let mut seen = BTreeSet::from([start]);
        let mut queue = VecDeque::from([start]);
        while let Some(a) = queue.pop_front() {
            if self.sc.area(a).supply == Some(side) {
                return true;
            }
            for &n in self.adjacent(a) {
                if open(n) && seen.insert(n) {
                    queue.push_back(n);
                }
            }
        }
        false
    }

    /// The group after it enters `to`, and the movement points that cost (9.31); a group that left an
    /// area with enemy units stops there (9.34). Or why it may not enter (see [`Ctx::group_move`]).
    pub fn move_group(&self, side: Side, g: &Group, to: u32) -> Result<(Group, u32), String> {
        let cost = self.group_move(side, g, to)?;
        let leaving_enemy = self.sit.has(g.at, side.enemy());
        let mut moved = g.clone();
        for mp in &mut moved.mp {
            *mp -= cost;
        }
        moved.came_from = Some(g.at);
        moved.at = to;
        moved.moved = true;
        moved.must_stop = leaving_enemy;
        moved.from_enemy_area = leaving_enemy;
        Ok((moved, cost))
    }

    /// Why a group may not enter `to` now, or its cost (9.3-9.6).
    pub fn group_move(&self, side: Side, g: &Group, to: u32) -> Result<u32, String> {
        let from = g.at;
        if !self.is_adjacent(from, to) {
            return Err(format!("area {to} is not adjacent to area {from} (9.3)"));
        }
        if g.must_stop {
            return Err("the group left an area with enemy units and may not move further this turn (9.34)".into());
        }
        let units: Vec<&U> = g.units.iter().map(|&i| self.unit(i)).collect();
        let enemy_there = self.sit.has(to, side.enemy());
        if side == self.initiative && self.markers.interdiction.contains(&to) {
            return Err(format!("area {to} holds a friendly interdiction marker (8.3)"));
        }
        let water = self.water(from, to);
        if units.iter().any(|u| u.kind() == Kind::Tank) {
            if water && !self.bridge(from, to) {
                return Err("tanks cross water borders only where there is a bridge (9.3)".into());
            }
            if water && enemy_there {
                return Err("tanks never attack across a water border, bridge or not (9.6)".into());
            }
        }
        if enemy_there && units.iter().any(|u| u.is_artillery()) {
            return Err("artillery never enters an area with enemy units (9.61)".into());
        }
        if self.sit.has(from, side.enemy()) {
            let all_stoss = units.iter().all(|u| u.kind() == Kind::Stosstruppen);
            if !all_stoss && (enemy_there || self.controller(to) != side) {
                return Err(
                    "units leaving an area with enemy units may only enter an area their side controls with no enemy units (9.34)".into()
                );
            }
        }
        if !self.room(to, side, units.len() as u32) {
            return Err(format!("more than {} {} units would be in area {to} (9.35)", self.stacking(), side.name()));
        }
        let cost = self.enter_cost(side, from, to);
        if g.mp.iter().any(|&mp| mp < cost) {
            return Err(format!("entering area {to} costs {cost} movement points, more than a unit of the group has left (9.31)"));
        }
        Ok(cost)
    }

    /// Whether a group may attack the enemy units in its own area (9.4).
    pub fn can_attack_here(&self, side: Side, g: &Group) -> bool {
        !g.moved && self.sit.has(g.at, side.enemy()) && g.units.iter().any(|&i| !self.unit(i).is_artillery())
    }

    /// Whether a group has anything it may do: move somewhere or attack in place.
    pub fn group_can_act(&self, side: Side, g: &Group) -> bool {
        self.can_attack_here(side, g) || self.adjacent(g.at).iter().any(|&to| self.group_move(side, g, to).is_ok())
    }

    /// A one-unit group of a unit where it stands.
    pub fn single(&self, u: &U) -> Group {
        Group {
            units: vec![u.index],
            mp: vec![u.spec.movement],
            at: u.area().unwrap_or(0),
            came_from: None,
            moved: false,
            must_stop: false,
            from_enemy_area: false,
        }
    }

    /// Units of `side` that may still be activated this turn (9.2: fresh, not yet activated).
    pub fn may_activate(&self, u: &U, side: Side) -> bool {
        u.side() == side && u.fresh() && !u.c.acted && u.area().is_some()
    }

    /// Areas the side may activate now: holding a unit that could act on its own.
    pub fn activatable(&self, side: Side) -> Vec<u32> {
        let i = if side == Side::British { 0 } else { 1 };
        self.activatable[i].get_or_init(|| self.compute_activatable(side)).clone()
    }

    fn compute_activatable(&self, side: Side) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        for u in self.sit.on_map() {
            let a = u.area().unwrap_or(0);
            if out.contains(&a) || !self.may_activate(u, side) {
                continue;
            }
            if self.group_can_act(side, &self.single(u)) {
                out.push(a);
            }
        }
        out.sort();
        out
    }

    /// Number of BR areas a side controls (5.1).
    pub fn br_areas(&self, side: Side) -> usize {
        self.sc.areas.iter().filter(|(id, a)| a.br && self.controller(**id) == side).count()
    }

    /// Victory areas a side controls (3.22).
    pub fn victory_areas(&self, side: Side) -> usize {
        self.sc.areas.iter().filter(|(id, a)| a.victory.is_some() && self.controller(**id) == side).count()
    }
}
