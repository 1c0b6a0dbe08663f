//! Units (2.5-2.7): the two nationalities, the six unit types, the counter's two sides (fresh and
//! spent, 3.11), and where a unit is. [`Sit`] is a snapshot of every unit in scenario order, so the
//! rules, the view and the invariants ask the same questions of the same picture.

use std::cell::RefCell;
use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::marker::{QueryCache, mark, with_query};
use serde::{Deserialize, Serialize};

use super::scenario::UnitSpec;

/// The two players (2.5: khaki British, grey-green German).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The British player (khaki counters, 2.5).
    British,
    /// The German player (grey-green counters, 2.5).
    German,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::British, Side::German];
    pub fn id(self) -> &'static str {
        match self {
            Side::British => "british",
            Side::German => "german",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::British => "British",
            Side::German => "German",
        }
    }
    pub fn enemy(self) -> Side {
        match self {
            Side::British => Side::German,
            Side::German => Side::British,
        }
    }
}

/// The six unit types (2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Kind {
    /// Infantry: British brigades, German regiments and battalions.
    Infantry,
    /// British cavalry, which counts for the immediate victory (3.2).
    Cavalry,
    /// British tanks, which may break down (10.6) and cross water only by bridges (9.3).
    Tank,
    /// Artillery: bombards (7.0) and fires barrages (8.1); never leads an attack.
    Artillery,
    /// Horse artillery: bombards and fires barrages as artillery does.
    HorseArtillery,
    /// German Stosstruppen, shock troops trained in infiltration tactics.
    Stosstruppen,
}

impl Kind {
    pub fn is_artillery(self) -> bool {
        matches!(self, Kind::Artillery | Kind::HorseArtillery)
    }
    pub fn id(self) -> &'static str {
        match self {
            Kind::Infantry => "infantry",
            Kind::Cavalry => "cavalry",
            Kind::Tank => "tank",
            Kind::Artillery => "artillery",
            Kind::HorseArtillery => "horse_artillery",
            Kind::Stosstruppen => "stosstruppen",
        }
    }
}

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    Area(u32),
    /// On the turn record track, arriving on a later turn (3.2).
    Waiting,
    Eliminated,
    /// A broken-down tank, kept apart from the eliminated units (10.61).
    BrokenDown,
    /// A conditional reinforcement whose condition failed (6.2).
    NotInPlay,
}

impl Place {
    pub fn area(self) -> Option<u32> {
        match self {
            Place::Area(a) => Some(a),
            _ => None,
        }
    }
}

/// A counter's printed data, shared.
#[derive(Component, Clone, Debug)]
pub struct Unit {
    pub spec: Arc<UnitSpec>,
    /// Position in the scenario's order of battle.
    pub order: usize,
}

/// Where a counter is, and since when (the rest of its state is marker components: [`Spent`],
/// [`NoAmmo`], [`Acted`]).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub place: Place,
    /// The turn it came into play (0: set up on the map), for fatigue (11.2).
    pub entered: u32,
}

/// Present while a counter is spent side up (3.11, 7.6, 9.2).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Spent;

/// An "Out of Ammo" marker on the counter (7.8).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct NoAmmo;

/// Present on a counter activated this turn (9.2: each unit only once).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Acted;

/// A counter's state as the rules read it: its [`Placement`] and its markers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counter {
    pub place: Place,
    /// Spent side up (3.11, 7.6, 9.2).
    pub spent: bool,
    /// Under an "Out of Ammo" marker (7.8).
    pub no_ammo: bool,
    /// Activated this turn (9.2: each unit only once).
    pub acted: bool,
    /// The turn it came into play (0: set up on the map), for fatigue (11.2).
    pub entered: u32,
}

impl Counter {
    fn of(p: &Placement, spent: bool, no_ammo: bool, acted: bool) -> Counter {
        Counter { place: p.place, spent, no_ammo, acted, entered: p.entered }
    }
}

/// One unit in a snapshot.
#[derive(Clone, Debug)]
pub struct U {
    pub entity: Entity,
    pub spec: Arc<UnitSpec>,
    pub index: usize,
    pub c: Counter,
}

impl U {
    pub fn side(&self) -> Side {
        self.spec.side
    }
    pub fn kind(&self) -> Kind {
        self.spec.kind
    }
    pub fn area(&self) -> Option<u32> {
        self.c.place.area()
    }
    pub fn fresh(&self) -> bool {
        !self.c.spent
    }
    pub fn is_artillery(&self) -> bool {
        self.spec.kind.is_artillery()
    }
    pub fn id(&self) -> &str {
        &self.spec.id
    }
    /// The defence factor of the side showing (2.4).
    pub fn defence(&self) -> i32 {
        if self.c.spent { self.spec.spent_defence } else { self.spec.defence }
    }
}

/// Area ids below this are counted in a dense table.
const DENSE: usize = 256;

type UnitQuery = (Entity, &'static Unit, &'static Placement, Has<Spent>, Has<NoAmmo>, Has<Acted>);

thread_local! {
    static UNITS: QueryCache<UnitQuery> = const { RefCell::new(None) };
}

/// Every unit, in scenario order.
#[derive(Clone, Debug)]
pub struct Sit {
    pub units: Vec<U>,
    /// Per area id (dense, for the small ids maps use; larger ids in `far`): British fresh, British
    /// spent, German fresh, German spent.
    counts: Vec<[u32; 4]>,
    far: std::collections::BTreeMap<u32, [u32; 4]>,
}

impl Sit {
    pub fn capture(world: &World) -> Sit {
        let mut units = Vec::new();
        with_query(&UNITS, world, |q| {
            for (entity, u, p, spent, no_ammo, acted) in q.iter(world) {
                units.push(U { entity, spec: u.spec.clone(), index: u.order, c: Counter::of(p, spent, no_ammo, acted) });
            }
        });
        units.sort_by_key(|u| u.index);
        let mut counts = vec![[0u32; 4]; DENSE];
        let mut far = std::collections::BTreeMap::<u32, [u32; 4]>::new();
        for u in &units {
            if let Place::Area(a) = u.c.place {
                let slot = if u.spec.side == Side::British { 0 } else { 2 } + usize::from(u.c.spent);
                match counts.get_mut(a as usize) {
                    Some(c) => c[slot] += 1,
                    None => far.entry(a).or_default()[slot] += 1,
                }
            }
        }
        Sit { units, counts, far }
    }
    pub fn find(&self, id: &str) -> Option<&U> {
        self.units.iter().find(|u| u.spec.id == id)
    }
    pub fn in_area(&self, area: u32) -> impl Iterator<Item = &U> {
        self.units.iter().filter(move |u| u.c.place == Place::Area(area))
    }
    pub fn side_in(&self, area: u32, side: Side) -> impl Iterator<Item = &U> {
        self.in_area(area).filter(move |u| u.side() == side)
    }
    fn slots(&self, area: u32, side: Side) -> (u32, u32) {
        let c = match self.counts.get(area as usize) {
            Some(c) => *c,
            None => self.far.get(&area).copied().unwrap_or_default(),
        };
        if side == Side::British { (c[0], c[1]) } else { (c[2], c[3]) }
    }
    pub fn count(&self, area: u32, side: Side) -> u32 {
        let (f, s) = self.slots(area, side);
        f + s
    }
    pub fn has(&self, area: u32, side: Side) -> bool {
        self.count(area, side) > 0
    }
    pub fn has_fresh(&self, area: u32, side: Side) -> bool {
        self.slots(area, side).0 > 0
    }
    pub fn on_map(&self) -> impl Iterator<Item = &U> {
        self.units.iter().filter(|u| u.area().is_some())
    }
}

/// Reads a unit's state.
pub fn counter(world: &World, e: Entity) -> Counter {
    let unit = world.entity(e);
    Counter::of(
        unit.get::<Placement>().expect("every unit has a Placement"),
        unit.contains::<Spent>(),
        unit.contains::<NoAmmo>(),
        unit.contains::<Acted>(),
    )
}

/// Changes a unit's state: its placement in place, its markers put on or taken off.
pub fn update(world: &mut World, e: Entity, f: impl FnOnce(&mut Counter)) {
    let mut c = counter(world, e);
    f(&mut c);
    if let Some(mut p) = world.get_mut::<Placement>(e) {
        *p = Placement { place: c.place, entered: c.entered };
    }
    mark::<Spent>(world, e, c.spent);
    mark::<NoAmmo>(world, e, c.no_ammo);
    mark::<Acted>(world, e, c.acted);
}
