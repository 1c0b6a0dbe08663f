//! The game's state. Units are entities ([`Piece`]); the rest (turn, the initiative list, the
//! regiments' status cards, the action under way, melee contacts) is the resource [`Track`]. The
//! rules read and change a [`Pos`], captured from the world per question and stored back after a
//! command, so every rule is a plain function of a position, its dice and its journal.

use std::collections::BTreeSet;
use std::sync::Arc;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::engine::board::tabletop::{Stand, Yards};
use crate::engine::journal::Journal;
use crate::engine::phase::Context;
use crate::engine::{Dice, GameFlow, goto};

use super::events::{Event, EventKind};
use super::formations::{self, Formation};
use super::scenario::Scenario;
use super::tables::{Kind, UnitType};

/// The battle being played.
#[derive(Resource, Clone)]
pub struct Setup(pub Arc<Scenario>);

/// The phases that ask for decisions (1.3). The administration and melee phases are automatic.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Serialize, Deserialize)]
#[source(crate::engine::GameFlow = crate::engine::GameFlow::InGame)]
pub enum Phase {
    #[default]
    Start,
    /// Initiative sequence, phase II.
    Aviation,
    /// Initiative sequence, phase III.
    Regiments,
    /// Traditional sequence, phase II.
    ArtilleryFire,
    /// Traditional sequence, phase III.
    Musketry,
    /// Traditional sequence, phases IV and V.
    Movement,
    /// Traditional sequence, phase VI.
    SecondaryFire,
    /// Initiative sequence, phase III: vehicle rapid response operations (Steam Power Vehicle Rules).
    Vehicles,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Start => "start",
            Phase::Aviation => "aviation",
            Phase::Regiments => "regimental activities",
            Phase::ArtilleryFire => "artillery fire",
            Phase::Musketry => "individual musketry",
            Phase::Movement => "movement",
            Phase::SecondaryFire => "secondary fire",
            Phase::Vehicles => "vehicle rapid response",
        }
    }
}

/// Why a unit left the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gone {
    /// Reduced to one casting (3.5) or destroyed.
    Destroyed,
    /// Fled off the table (5.5).
    Fled,
    /// Surrendered (5.5).
    Surrendered,
    /// A transport that unloaded and left the battle (11.0: "It must leave the battle area"): not a loss.
    Withdrawn,
}

/// A unit's changing state.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitState {
    /// The centre of its front edge, in yards.
    pub at: Yards,
    /// Radians, counter-clockwise from east.
    pub facing: f32,
    pub formation: Formation,
    pub castings: u32,
    /// Morale grade (5.1; rolled for variable morale, 5.65).
    pub grade: u32,
    pub gone: Option<Gone>,
    /// Halted by a morale loss until the end of this turn (5.5: 1-3).
    pub halted_until: u32,
    /// Disrupted by flight: cannot charge until it reforms (3.5).
    pub disrupted: bool,
    /// Artillery: hits on the guns and on the limber (6.2).
    pub gun_hits: u32,
    pub limber_hits: u32,
    /// Aviation and vehicles: hits taken by the unit's last stand (aviation four a stand; vehicles by
    /// the tables).
    pub air_hits: u32,
    /// A vehicle broken down entering a protective position or entrenchment: it moves no more (Steam
    /// Power Vehicle Rules).
    pub broken_down: bool,
    /// Began the turn more than 300 yards from the enemy (4.1c, 4.2c, 4.4d: the road rate); yards
    /// moved this turn (6.5e).
    pub road_ok: bool,
    pub moved: f32,
    /// Fired this turn, and at whom (6.7: consecutive target); last turn's target.
    pub fired: bool,
    pub target: Option<usize>,
    pub last_target: Option<usize>,
    /// Moved this turn (4, 6.4h).
    pub has_moved: bool,
    /// The transport it rides aboard, off the table until unloaded (11.0; the Aviation Rules' ATR).
    pub aboard: Option<usize>,
}

impl UnitState {
    pub fn on_table(&self) -> bool {
        self.gone.is_none() && self.aboard.is_none()
    }
    /// Still in the battle, on the table or aboard a transport: not lost.
    pub fn in_battle(&self) -> bool {
        matches!(self.gone, None | Some(Gone::Withdrawn))
    }
}

/// A unit as an entity: its scenario order and its state.
#[derive(Component, Clone, Debug)]
pub struct Piece {
    pub order: usize,
    pub st: UnitState,
}

/// Every unit's entity, in scenario order.
#[derive(Resource, Clone, Debug, Default)]
pub struct Roster(pub Vec<Entity>);

/// A regiment's action status cards (2.5): red to fire, black to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cards {
    pub red: bool,
    pub black: bool,
    /// Its activity is over this turn (2.6); a red card still held is opportunity fire (2.6, P).
    pub done: bool,
}

/// What a regiment's companies all do in one action (2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Action {
    /// The regiment's units move (4).
    Move,
    /// The regiment's units fire (6, 7).
    Fire,
}

/// An action under way: the regiment (or, in the traditional sequence, the side's units), what it
/// does, and which units have done it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Under {
    pub kind: Option<Action>,
    /// Units that have taken their move or shot in this action.
    pub done: BTreeSet<usize>,
    /// Units that changed formation or facing in this action (4.5: tactical moves only).
    pub changed: BTreeSet<usize>,
}

/// An opportunity fire window (2.6: P's fire at S and T as they move) or a return of fire (2.6: Q, S).
#[derive(Clone, Debug, PartialEq)]
pub enum Window {
    /// Enemy units holding fire may shoot at the unit that just moved.
    Opportunity { mover: usize, fired: BTreeSet<usize> },
    /// The unit just fired at may fire back at its shooter.
    Return { shooter: usize, target: usize },
    /// 8.2a: skirmishers or a gun crew just charged may flee rather than melee.
    Evade { charger: usize, target: usize },
    /// 8.3: the winner of a melee may advance `yards` into the ground its beaten enemy held; the other
    /// winners offered the same wait in `rest`, then the next turn begins.
    Advance { unit: usize, yards: f32, rest: Vec<(usize, f32)> },
    /// The aviation or vehicle phase opens: the side with the most stands in it chooses to move first
    /// or last (Aviation; Steam Power Vehicle Rules).
    Order { side: usize },
}

/// A melee contact (8.1): the charger, the charged, and whether on the flank or rear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Contact {
    pub attacker: usize,
    pub defender: usize,
    pub flank: bool,
}

/// Fire resolved in a traditional phase whose casualties wait until both sides have fired.
#[derive(Clone, Debug, PartialEq)]
pub struct Queued {
    pub shooter: usize,
    pub target: usize,
    pub hits: u32,
    pub skirmish: bool,
}

/// What became of a commander no longer on the field (2.31).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Hit: in a single battle every hit kills; in a campaign, an odd second roll.
    Killed,
    /// Hit in a campaign with an even second roll: out of this battle, back for the next.
    Wounded,
    /// Gone from the field with no unit of his command left.
    Left,
}

/// A commander's changing state (2.11, 2.31).
#[derive(Clone, Debug, PartialEq)]
pub struct Leader {
    /// The unit whose stand he rides with.
    pub with: usize,
    /// No longer on the field: hit (2.31) or gone with no unit of his command left (`fate` says which).
    pub lost: bool,
    pub fate: Option<Fate>,
    /// Has ridden to another unit this turn (one ride a turn).
    pub moved: bool,
}

/// Everything but the units.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rest {
    pub turn: u32,
    pub phase: Phase,
    /// The initiative priority list, regiments by index (2.4), and each regiment's total.
    pub priority: Vec<usize>,
    pub totals: Vec<u32>,
    /// The regiment whose activity is under way (initiative sequence).
    pub active: Option<usize>,
    pub cards: Vec<Cards>,
    /// Each side's commander motivation cards unused (2.5): either, not both.
    pub motivation: Vec<bool>,
    /// Heroic characters (by unit) whose motivation card has been played this turn (Heroic Characters).
    pub hero_cards_used: BTreeSet<usize>,
    /// Regiments motivated this turn: one motivation card a regiment a turn (2.5).
    pub motivated: BTreeSet<usize>,
    /// The commanders, in the battle's order (2.11).
    pub leaders: Vec<Leader>,
    /// Commanders hit this turn, with where their stand was: the units affected by the loss check
    /// morale in the next administration phase (2.31, 5.3c).
    pub fallen: Vec<(usize, Yards)>,
    /// The side deciding in a traditional phase or in the aviation or vehicle phase.
    pub side: Option<usize>,
    /// The sides taking part in the aviation or vehicle phase, in the order they move (Aviation; Steam
    /// Power Vehicle Rules): most stands first, the one with the most first or last as it chose.
    pub order: Vec<usize>,
    pub under: Under,
    pub window: Option<Window>,
    /// The opportunity window a return of fire interrupted.
    pub resume: Option<Window>,
    pub contacts: Vec<Contact>,
    pub queued: Vec<Queued>,
    /// Aviation units that have attacked this turn.
    pub flown: BTreeSet<usize>,
    /// Vehicles that have rolled for a break down in woods or rough ground this turn (the optional rule).
    pub rough_rolled: BTreeSet<usize>,
    pub outcome: Option<(String, Option<usize>)>,
}

/// The resource holding [`Rest`].
#[derive(Resource, Clone, Debug, Default)]
pub struct Track(pub Rest);

/// A position: the battle, every unit's state in scenario order, and the rest.
#[derive(Clone, Debug)]
pub struct Pos {
    pub sc: Arc<Scenario>,
    pub units: Vec<UnitState>,
    pub r: Rest,
}

impl Pos {
    pub fn capture(world: &World) -> Pos {
        let sc = world.resource::<Setup>().0.clone();
        let units =
            world.resource::<Roster>().0.iter().map(|e| world.get::<Piece>(*e).expect("every unit is a piece").st.clone()).collect();
        Pos { sc, units, r: world.resource::<Track>().0.clone() }
    }

    /// Writes the position back into the world.
    pub fn store(self, world: &mut World) {
        let roster = world.resource::<Roster>().0.clone();
        for (e, st) in roster.into_iter().zip(self.units) {
            let mut piece = world.get_mut::<Piece>(e).expect("every unit is a piece");
            if piece.st != st {
                piece.st = st;
            }
        }
        world.resource_mut::<Track>().0 = self.r;
    }

    pub fn id(&self, u: usize) -> &str {
        &self.sc.spec.units[u].id
    }
    pub fn find(&self, id: &str) -> Option<usize> {
        self.sc.spec.units.iter().position(|x| x.id == id)
    }
    pub fn find_regiment(&self, id: &str) -> Option<usize> {
        self.sc.spec.regiments.iter().position(|x| x.id == id)
    }
    pub fn ty(&self, u: usize) -> &UnitType {
        self.sc.unit_type(u)
    }
    pub fn kind(&self, u: usize) -> Kind {
        self.ty(u).kind
    }
    pub fn side(&self, u: usize) -> usize {
        self.sc.side_of(u)
    }
    pub fn side_id(&self, s: usize) -> &str {
        &self.sc.spec.info.sides[s].id
    }
    pub fn regiment(&self, u: usize) -> usize {
        self.sc.regiment_of[u]
    }
    pub fn regiment_side(&self, r: usize) -> usize {
        self.sc.side_of_regiment[r]
    }
    pub fn european(&self, u: usize) -> bool {
        self.sc.european[u]
    }
    /// Units on the table, in scenario order.
    pub fn on_table(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.units.len()).filter(|&u| self.units[u].on_table())
    }
    pub fn regiment_units(&self, r: usize) -> impl Iterator<Item = usize> + '_ {
        self.on_table().filter(move |&u| self.regiment(u) == r)
    }
    pub fn enemies(&self, side: usize) -> impl Iterator<Item = usize> + '_ {
        self.on_table().filter(move |&u| self.side(u) != side)
    }
    /// Ground units (not aviation) on the table.
    pub fn ground(&self) -> impl Iterator<Item = usize> + '_ {
        self.on_table().filter(|&u| self.kind(u) != Kind::Aviation)
    }
    pub fn castings_by_stand(&self, u: usize) -> Vec<u32> {
        let st = &self.units[u];
        formations::castings_by_stand(&self.sc.tables, self.ty(u), st.formation, st.castings)
    }
    /// The unit's stands on the table (1.2, 3).
    pub fn stands(&self, u: usize) -> Vec<Stand> {
        let st = &self.units[u];
        formations::layout(&self.sc.tables, self.ty(u), st.formation, st.castings, (st.at.x, st.at.y), st.facing)
    }
    /// What the unit occupies: its stands and a square's hollow (3.2).
    pub fn footprint(&self, u: usize) -> Vec<Stand> {
        let st = &self.units[u];
        formations::footprint(&self.sc.tables, self.ty(u), st.formation, st.castings, (st.at.x, st.at.y), st.facing)
    }
    pub fn footprint_as(&self, u: usize, at: Yards, facing: f32, f: Formation) -> Vec<Stand> {
        formations::footprint(&self.sc.tables, self.ty(u), f, self.units[u].castings, (at.x, at.y), facing)
    }
    /// How far from its anchor a unit's stands may reach: a bound, for skipping far units quickly.
    pub fn reach(&self, u: usize) -> f32 {
        let t = &self.sc.tables;
        let n = match self.kind(u) {
            Kind::Artillery => self.ty(u).sections,
            _ => self.units[u].castings.div_ceil(formations::per_stand(t, self.ty(u), self.units[u].formation)),
        };
        (n as f32 + 1.0) * t.stand.frontage.hypot(t.stand.depth)
    }
    /// The unit's stands were it at `at`, facing `facing`, in `f`.
    pub fn stands_as(&self, u: usize, at: Yards, facing: f32, f: Formation) -> Vec<Stand> {
        formations::layout(&self.sc.tables, self.ty(u), f, self.units[u].castings, (at.x, at.y), facing)
    }
    /// The nearest distance between two units' stands.
    pub fn gap(&self, a: usize, b: usize) -> f32 {
        let (sa, sb) = (self.stands(a), self.stands(b));
        sa.iter().flat_map(|x| sb.iter().map(move |y| x.gap(y))).fold(f32::INFINITY, f32::min)
    }
    /// The nearest enemy ground unit's distance (4.1c: the 300 yards).
    pub fn nearest_enemy(&self, u: usize) -> f32 {
        let side = self.side(u);
        self.ground().filter(|&e| self.side(e) != side).map(|e| self.gap(u, e)).fold(f32::INFINITY, f32::min)
    }
    /// Whether a unit is a steam vehicle (Steam Power Vehicle Rules).
    pub fn vehicle(&self, u: usize) -> bool {
        self.kind(u).vehicle()
    }
    /// Whether a unit acts in the vehicle rapid response phase: vehicles and skimmers (Steam Power
    /// Vehicle Rules: "the most vehicle and skimmer stands").
    pub fn rapid_response(&self, u: usize) -> bool {
        self.vehicle(u) || self.kind(u) == Kind::Skimmer
    }
    /// The unit aboard transport `t`, if any (11.0).
    pub fn cargo(&self, t: usize) -> Option<usize> {
        (0..self.units.len()).find(|&c| self.units[c].aboard == Some(t) && self.units[c].gone.is_none())
    }
    /// Whether a unit is an air superiority fighter flight (the Aviation Rules' ASF).
    pub fn fighter(&self, u: usize) -> bool {
        self.kind(u) == Kind::Aviation && self.ty(u).craft.as_deref() == Some("ASF")
    }
    pub fn engaged(&self, u: usize) -> bool {
        self.r.contacts.iter().any(|c| c.attacker == u || c.defender == u)
    }
    pub fn halted(&self, u: usize) -> bool {
        self.units[u].halted_until >= self.r.turn
    }
    pub fn name(&self, u: usize) -> String {
        format!("{} ({})", self.id(u), self.ty(u).name)
    }
    /// Commanders still on the field riding with unit `u` (2.31).
    pub fn commanders_with(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.r.leaders.len()).filter(move |&c| !self.r.leaders[c].lost && self.r.leaders[c].with == u)
    }
    /// Whether unit `u` is of commander `c`'s command: his regiment's, or his side's for a brigade
    /// commander (2.11).
    pub fn in_command(&self, c: usize, u: usize) -> bool {
        self.side(u) == self.sc.commander_side[c] && self.sc.commander_regiment[c].is_none_or(|r| self.regiment(u) == r)
    }
    pub fn commander_name(&self, c: usize) -> &str {
        &self.sc.spec.commanders[c].name
    }
    pub fn find_commander(&self, id: &str) -> Option<usize> {
        self.sc.spec.commanders.iter().position(|c| c.id == id)
    }
    /// Whether a unit is a heroic character (Heroic Characters).
    pub fn hero(&self, u: usize) -> bool {
        self.ty(u).hero
    }
    /// 5.2h, 5.63: "Heroic Character and Commander Advantage is when a Character or commander is
    /// contacting or within 60 yards of that unit": a friendly commander's stand rides in contact with
    /// his unit, so he is within 60 yards of the units within 60 yards of its stands; a heroic
    /// character is a stand of his own (and gives it to his own stand too).
    pub fn commander_near(&self, u: usize) -> bool {
        let d = self.sc.tables.morale.commander_distance;
        let side = self.side(u);
        let leader = (0..self.r.leaders.len()).any(|c| {
            let w = self.r.leaders[c].with;
            !self.r.leaders[c].lost && self.sc.commander_side[c] == side && self.units[w].on_table() && (w == u || self.gap(u, w) <= d)
        });
        leader || self.ground().any(|h| self.hero(h) && self.side(h) == side && (h == u || self.gap(u, h) <= d))
    }
    /// Castings each side began with and has now.
    pub fn side_castings(&self, side: usize) -> (u32, u32) {
        let mut full = 0;
        let mut now = 0;
        for u in 0..self.units.len() {
            if self.side(u) == side {
                full += self.sc.full_castings(u);
                if self.units[u].in_battle() {
                    now += self.units[u].castings;
                }
            }
        }
        (full, now)
    }
}

impl Context for Pos {
    fn with<T>(world: &World, f: impl FnOnce(&Pos) -> T) -> T {
        f(&Pos::capture(world))
    }
}

/// What a rule needs besides the position: the dice and the journal.
pub struct Rt<'a> {
    pub dice: &'a mut Dice,
    pub journal: &'a mut Journal<Event>,
}

impl Rt<'_> {
    pub fn log(&mut self, rule: &str, text: impl Into<String>, kind: EventKind) {
        self.journal.push(Event { rule: rule.to_string(), text: text.into(), kind }, self.dice);
    }
    /// A d10, 0 read as 10 (5.4c).
    pub fn d10(&mut self, purpose: impl Into<String>, rule: &str) -> u32 {
        self.dice.roll(10, purpose, rule)
    }
    pub fn d6(&mut self, purpose: impl Into<String>, rule: &str) -> u32 {
        self.dice.d6(purpose, rule)
    }
}

/// Runs a rule on the world's position and stores the result; moves the phase state and ends the
/// game when the position says so.
pub fn run(world: &mut World, f: impl FnOnce(&mut Pos, &mut Rt)) {
    let mut pos = Pos::capture(world);
    let mut dice = world.remove_resource::<Dice>().expect("the game has dice");
    let mut journal = world.remove_resource::<Journal<Event>>().expect("the game has a journal");
    f(&mut pos, &mut Rt { dice: &mut dice, journal: &mut journal });
    world.insert_resource(dice);
    world.insert_resource(journal);
    let phase = pos.r.phase;
    let over = pos.r.outcome.is_some();
    pos.store(world);
    if over {
        goto(world, GameFlow::Over);
    } else if world.get_resource::<State<Phase>>().map(|s| *s.get()) != Some(phase) {
        goto(world, phase);
    }
}
