//! The game's state. Units are entities ([`Piece`]); the rest (turn, round, orders, the activation
//! under way, markers on the map) is the resource [`Track`]. The rules read and change a [`Pos`],
//! captured from the world per question and stored back after a command, so every rule is a plain
//! function of a position, its dice and its journal (the computer's look-ahead plays copies).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::journal::Journal;
use crate::engine::phase::Context;
use crate::engine::{Dice, GameFlow, goto};

use super::events::{Event, EventKind};
use super::scenario::{Scenario, UnitSpec};
use super::tables::UnitType;
use super::units::{Kind, Level, Side};

/// A set of hexes in a fixed order (hexx's `Hex` is not `Ord`): the position stays deterministic.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HexSet(BTreeSet<(i32, i32)>);

impl HexSet {
    pub fn insert(&mut self, h: Hex) -> bool {
        self.0.insert((h.y, h.x))
    }
    pub fn contains(&self, h: &Hex) -> bool {
        self.0.contains(&(h.y, h.x))
    }
    pub fn remove(&mut self, h: &Hex) -> bool {
        self.0.remove(&(h.y, h.x))
    }
    pub fn iter(&self) -> impl Iterator<Item = Hex> + '_ {
        self.0.iter().map(|&(y, x)| Hex::new(x, y))
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl FromIterator<Hex> for HexSet {
    fn from_iter<I: IntoIterator<Item = Hex>>(it: I) -> Self {
        let mut s = HexSet::default();
        for h in it {
            s.insert(h);
        }
        s
    }
}

/// The operation being played.
#[derive(Resource, Clone)]
pub struct Setup(pub Arc<Scenario>);

/// The stages of an operation (13): set-up, then the turns of rounds (3).
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[source(crate::engine::GameFlow = crate::engine::GameFlow::InGame)]
pub enum Phase {
    /// Before anything is decided.
    #[default]
    Start,
    /// Placing units (13.2).
    SetUp,
    /// Turns of initiative rounds (3.1).
    Rounds,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Start => "start",
            Phase::SetUp => "set-up",
            Phase::Rounds => "rounds",
        }
    }
}

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Where {
    /// Not yet placed (13.2).
    Unplaced,
    Hex(Hex),
    Eliminated,
    /// Left the map (13.41).
    Exited,
    /// In its side's off-map pool, waiting to enter (13.3).
    Pool,
    /// An off-map ordnance battery (7.87): never on the map, always in range.
    OffMap,
    /// Out of play: an off-map battery whose accuracy roll was a 6 (7.87).
    Withdrawn,
}

/// A unit's place in its hex's fortifications (10.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Fort {
    /// Not in any fortification ("OUT" where the hex has one).
    #[default]
    Out,
    /// In the hex's trench, scrape or strongpoint.
    In,
    /// Beneath a DUGOUT counter (10.52): no line of sight.
    Dugout,
    /// Beneath a FORT counter, IN the hex's fortress (10.52): it sees and is seen, with the
    /// fortress's cover.
    Fortress,
    /// On a wire counter (10.53).
    OnWire,
}

/// A unit's changing state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitState {
    pub at: Where,
    /// Steps left (2.4).
    pub steps: u32,
    pub level: Level,
    pub fort: Fort,
    /// Hidden: not spotted (7.24).
    pub hidden: bool,
    /// Digging: a shovel marker turning into a scrape at recovery (6).
    pub shovel: bool,
    /// A shock unit (3.2, the operations' shock troops).
    pub shock: bool,
    /// The hex it entered its present hex from (7.61: retreat from fire within the hex).
    pub came_from: Option<Hex>,
    /// An immobilized AFV (8.4): never below engaged, never moves.
    pub immobile: bool,
    /// The formation ID letter (5.1), the scenario's unless its player chose another at set-up (13.2).
    pub letter: char,
}

impl UnitState {
    /// A unit not yet placed, at full strength and free.
    pub fn new(steps: u32, letter: char) -> UnitState {
        UnitState {
            at: Where::Unplaced,
            steps,
            level: Level::Free,
            fort: Fort::Out,
            hidden: false,
            shovel: false,
            shock: false,
            came_from: None,
            immobile: false,
            letter,
        }
    }
}

/// A unit as an entity: its scenario order, and its state.
#[derive(Component, Clone, Debug)]
pub struct Piece {
    pub order: usize,
    pub spec: Arc<UnitSpec>,
    pub st: UnitState,
}

/// Every unit's entity, in scenario order.
#[derive(Resource, Clone, Debug, Default)]
pub struct Roster(pub Vec<Entity>);

/// An activation under way (3.3): the force and what each of its units has done.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Act {
    pub side: Option<Side>,
    pub units: Vec<usize>,
    /// Activated as a formation (5.2, 5.3).
    pub formation: bool,
    /// Each unit's hex when the activation began (9: close combat from there).
    pub start: BTreeMap<usize, Hex>,
    /// Movement points left, in thirds (2.3, 5.3: the coordination penalty is a third).
    pub mp: BTreeMap<usize, i32>,
    /// Units that moved along a road only, for the road bonus (10.81).
    pub road_only: BTreeSet<usize>,
    /// The units moving now (8: a unit moves until another acts).
    pub moving: Vec<usize>,
    /// Units that have moved, finished moving, fired, dug or fought in this activation.
    pub moved: BTreeSet<usize>,
    pub stopped: BTreeSet<usize>,
    pub fired: BTreeSet<usize>,
    pub busy: BTreeSet<usize>,
    /// Units that forsook a crater's cover to enter it for 1 MP (10).
    pub forsaken: BTreeSet<usize>,
    /// Units that left their hex this activation (ordnance escalates by two, 4).
    pub left_hex: BTreeSet<usize>,
    /// The weapons each AFV has fired in its attack, in order (11.1: a gun shot and a machine-gun shot).
    pub shots: BTreeMap<usize, Vec<Weapon>>,
    /// The leadership point spent on this activation, and on what (12).
    pub lead: Option<Stat>,
    /// Charging cavalry and their target hexes (8.5).
    pub charge: BTreeMap<usize, Vec<Hex>>,
    /// A shock unit's free move during a shock bombardment (7.862).
    pub bombardment_move: bool,
    /// Transport holding a road bonus point for its next road hex (10.81).
    pub banked: BTreeSet<usize>,
}

/// An AFV's weapons: its gun and its machine guns fire one shot each per attack (11.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
pub enum Weapon {
    Gun,
    MachineGun,
}

/// The statistic a leadership point raises by one (12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
pub enum Stat {
    /// +1 firepower for the activated or reaction-firing force.
    Firepower,
    /// +1 range.
    Range,
    /// +1 resolve.
    Resolve,
    /// +1 movement.
    Movement,
}

/// A reaction fire window (7.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Window {
    /// Phasing units entered a hex: non-phasing units may fire at them there.
    Move { movers: Vec<usize>, hex: Hex },
    /// A phasing force declared fire at a hex: units in it may fire back before results apply.
    Fire { shooters: Vec<usize>, target: Hex, reactions: Vec<(Vec<usize>, Hex)>, shrapnel: bool },
}

/// Cross hairs of ranging fire (7.82): the real hex and two dummies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossHairs {
    pub side: Side,
    pub units: Vec<usize>,
    pub hexes: [Hex; 3],
    pub real: usize,
    pub placed: u32,
    /// The turn it last fired for effect, and the hex it hit (7.82: -2 on consecutive turns).
    pub fired: Option<(u32, Hex)>,
}

/// An impact marker (7.85): the fire that lands anew on units entering the hex this turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Impact {
    pub side: Side,
    pub hex: Hex,
    pub volume: i32,
}

/// Everything but the units.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rest {
    pub turn: u32,
    pub phase: Phase,
    /// The side placing units (13.2).
    pub placing: Option<Side>,
    /// The side writing its pre-game note of pre-registered hexes, before set-up (7.88, 13.1).
    pub registering: Option<Side>,
    /// The players' own pre-registered hexes (7.88): the battery, the hex, its ammunition and pattern.
    pub notes: Vec<(usize, Hex, super::scenario::Registration)>,
    /// The round within the turn, from 1 (3.11).
    pub round: u32,
    /// Last initiative dice rolls, by side index.
    pub rolls: [u32; 2],
    /// The round's winner, who issues orders first.
    pub winner: Option<Side>,
    /// The side issuing orders now (the phasing player, 3.11).
    pub phasing: Option<Side>,
    /// Orders of the round, in half orders (3.2).
    pub spread: u32,
    pub orders: u32,
    /// Whether the loser's half of the round is under way.
    pub second: bool,
    /// Activations this round (3.11: both passing all their orders ends the turn).
    pub activations: u32,
    pub act: Option<Act>,
    pub window: Option<Window>,
    /// Reaction shots taken: (reacting unit, target unit, hex) (7.7: once per hex entered).
    pub reacted: BTreeSet<(usize, usize, (i32, i32))>,
    pub scrapes: HexSet,
    pub craters: HexSet,
    pub wire: HexSet,
    /// Close combat markers (9).
    pub melee: HexSet,
    pub crosshairs: Vec<CrossHairs>,
    pub impacts: Vec<Impact>,
    /// The shock rule's trigger has fired (Operation 2).
    pub shock_on: bool,
    /// Leadership points spent, by side index (12).
    pub led: [u32; 2],
    /// The leadership point a reaction fire is declaring, before its fire (12).
    pub reaction_lead: Option<Stat>,
    /// Close combat losses still to allocate, each side its own (9.2), the defender first; and the
    /// combat they end: its hex and participants.
    pub losses: Vec<(Side, u32)>,
    pub melee_after: Option<(Hex, Vec<usize>, Vec<usize>)>,
    /// Charging cavalry that entered a target hex: they charge once its reaction fire is over (8.5).
    pub charging: Option<(Vec<usize>, Hex)>,
    /// Reacting units led by a point, until the reaction window closes (12).
    pub led_reaction: Vec<(usize, Stat)>,
    /// Gas and smoke markers, until recovery (7.5).
    pub gas: HexSet,
    pub smoke: HexSet,
    /// Units moved so far in the shock bombardment, and the secret roll of the unit hit by fire
    /// falling short in each set of twelve (7.862).
    pub shock_moves: u32,
    pub short_round: Option<u32>,
    /// The attacker moving shock units during a shock bombardment, and those that have (7.862).
    pub infiltrating: Option<Side>,
    pub infiltrated: BTreeSet<usize>,
    pub outcome: Option<(String, Option<Side>)>,
    /// Hexes each side's units have stood in, by side index: no hidden enemy unit is there, since
    /// contact reveals it and a hidden unit that moves is revealed (7.24, 8.2). What a side knows,
    /// for its computer player's search.
    pub searched: [HexSet; 2],
}

/// The resource holding [`Rest`].
#[derive(Resource, Clone, Debug, Default)]
pub struct Track(pub Rest);

/// A position: the operation, every unit's state in scenario order, and the rest.
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

    pub fn spec(&self, u: usize) -> &UnitSpec {
        &self.sc.spec.units[u]
    }
    pub fn side(&self, u: usize) -> Side {
        self.spec(u).side
    }
    pub fn id(&self, u: usize) -> &str {
        &self.spec(u).id
    }
    pub fn find(&self, id: &str) -> Option<usize> {
        self.sc.spec.units.iter().position(|u| u.id == id)
    }
    pub fn ty(&self, u: usize) -> &UnitType {
        self.sc.unit_type(u)
    }
    pub fn kind(&self, u: usize) -> Kind {
        self.ty(u).kind
    }
    pub fn hex(&self, u: usize) -> Option<Hex> {
        match self.units[u].at {
            Where::Hex(h) => Some(h),
            _ => None,
        }
    }
    pub fn full(&self, u: usize) -> bool {
        self.units[u].steps >= self.ty(u).steps
    }
    /// A unit's label for sentences: id and sub-type.
    pub fn name(&self, u: usize) -> String {
        format!("{} ({} {})", self.id(u), self.spec(u).subtype, self.letter(u))
    }
    /// A unit's formation ID letter (5.1, 13.2).
    pub fn letter(&self, u: usize) -> char {
        self.units[u].letter
    }
    pub fn hex_label(&self, h: Hex) -> String {
        self.sc.board.label(h)
    }
    pub fn parse_hex(&self, label: &str) -> Option<Hex> {
        self.sc.board.parse(label).ok()
    }
    /// Units that may be activated where they are: on the map, in the pool (13.3) or off-map
    /// batteries (7.87).
    pub fn in_play(&self, u: usize) -> bool {
        matches!(self.units[u].at, Where::Hex(_) | Where::Pool | Where::OffMap)
    }
    /// Units on the map, in scenario order.
    pub fn on_map(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.units.len()).filter(|&u| self.hex(u).is_some())
    }
    pub fn units_in(&self, h: Hex) -> impl Iterator<Item = usize> + '_ {
        (0..self.units.len()).filter(move |&u| self.hex(u) == Some(h))
    }
    pub fn side_in(&self, h: Hex, side: Side) -> impl Iterator<Item = usize> + '_ {
        self.units_in(h).filter(move |&u| self.side(u) == side)
    }
    pub fn enemy_in(&self, h: Hex, side: Side) -> bool {
        self.side_in(h, side.enemy()).next().is_some()
    }
    /// Enemy units in the hex that the side can see: a rule the mover checks before it enters may
    /// not tell it where hidden units are (7.24); it finds them on entering (`fire::reveal_contact`).
    pub fn known_enemy_in(&self, h: Hex, side: Side) -> bool {
        self.side_in(h, side.enemy()).any(|u| !self.units[u].hidden)
    }
    pub fn is_night(&self) -> bool {
        self.sc.spec.night.contains(&self.r.turn)
    }
    /// The units in the activation under way or its reaction formation: they claim the formation's
    /// pros and cons (5.2, 5.3).
    pub fn in_formation(&self, u: usize) -> bool {
        self.r.act.as_ref().is_some_and(|a| a.formation && a.units.contains(&u))
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
    pub fn d6(&mut self, purpose: impl Into<String>, rule: &str) -> u32 {
        self.dice.d6(purpose, rule)
    }
    /// Two dice: the sum and whether they are doubles (2.2).
    pub fn dice2(&mut self, purpose: &str, rule: &str) -> (u32, bool) {
        let a = self.dice.d6(format!("{purpose} (first die)"), rule);
        let b = self.dice.d6(format!("{purpose} (second die)"), rule);
        (a + b, a == b)
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
