//! The game's state. Units are entities ([`Piece`]); the rest (turn, phase, resource points, the
//! strategy hands, markers on the map, the decision under way) is the resource [`Track`]. The rules
//! read and change a [`Pos`], captured from the world per question and stored back after a command,
//! so every rule is a plain function of a position, its dice and its journal.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::journal::Journal;
use crate::engine::phase::Context;
use crate::engine::{Dice, GameFlow, goto};

use super::events::{Event, EventKind};
use super::scenario::{Scenario, UnitSpec};
use super::units::{Level, Side, Where};

/// The scenario being played.
#[derive(Resource, Clone)]
pub struct Setup(pub Arc<Scenario>);

/// The phases of a turn (2). A and B are automatic and run on entering C.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[source(crate::engine::GameFlow = crate::engine::GameFlow::InGame)]
pub enum Phase {
    /// Before the first turn begins.
    #[default]
    TurnStart,
    /// C: drawing strategies (5).
    Strategies,
    /// D: German operational movement (6), and the strategies played at its end.
    Operational,
    /// E: artillery bombing (7).
    Bombing,
    /// F: alternating activation (8).
    Activation,
    /// G: reorganisation (9).
    Reorganisation,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::TurnStart => "turn start",
            Phase::Strategies => "C. drawing strategies",
            Phase::Operational => "D. German operational movement",
            Phase::Bombing => "E. artillery bombing",
            Phase::Activation => "F. activation of battalions",
            Phase::Reorganisation => "G. reorganisation",
        }
    }
}

/// Where a unit temporarily removed comes back (12.1.2, 12.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReturnTo {
    GermanHq,
    BrFmHq,
}

/// A unit's changing state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitState {
    pub at: Where,
    pub level: Level,
    /// Artillery turned to its used side (7.2).
    pub used: bool,
    /// A detached company: the battalion that detached it (8.1.2).
    pub parent: Option<usize>,
    /// A marine fusiliers battalion weakened by detaching a company: never good order again (9.2).
    pub detached: bool,
    /// Raised a level this turn (9.2), or may not be raised this turn (12).
    pub raised: bool,
    /// Temporarily removed: back at phase G of this turn, where, with this many hits (12).
    pub returns: Option<(u32, ReturnTo, u32)>,
    /// Put out of action this turn (9.3: a battalion out of action "during the previous turn").
    pub out_turn: u32,
}

/// A unit as an entity: its scenario order and counter, and its state.
#[derive(Component, Clone, Debug)]
pub struct Piece {
    pub order: usize,
    pub spec: Arc<UnitSpec>,
    pub st: UnitState,
}

/// Every unit's entity, in scenario order.
#[derive(Resource, Clone, Debug, Default)]
pub struct Roster(pub Vec<Entity>);

/// A bombing declared and awaiting the counter-battery answer (7.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shot {
    pub side: Side,
    pub unit: usize,
    pub zone: u32,
}

/// Phase E (7.2).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bombing {
    pub to_move: Option<Side>,
    pub stopped: [bool; 2],
    pub shot: Option<Shot>,
    /// Bombings of each zone this phase (7.2: -1 per additional shot).
    pub bombed: BTreeMap<u32, u32>,
}

/// What an assault waits for (8.2, 8.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssaultStep {
    /// The passive player's defensive fire, with or without a barrage (8.2).
    Fire,
    /// The attacker presses on or breaks off (8.3.1).
    Charge,
}

/// An assault under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssaultState {
    pub from: u32,
    pub target: u32,
    pub step: AssaultStep,
    /// No defensive fire (Night Infiltration, 12.2.2).
    pub no_fire: bool,
}

/// An activation under way (8.1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Act {
    /// The offensive units (scenario order).
    pub units: Vec<usize>,
    /// Offensive units that must stop (8.1: adjacent to the enemy).
    pub stopped: BTreeSet<usize>,
    /// Offensive units that have left their zone once (8.4.1 fire is taken once).
    pub moved: BTreeSet<usize>,
    /// Zones each offensive unit has been in during the activation: it does not go back (so an
    /// activation ends; movement is otherwise unlimited, 8.1).
    pub visited: BTreeSet<(usize, u32)>,
    pub assault: Option<AssaultState>,
    /// Assaults still allowed (one per activation, 8.1; more with Night Infiltration).
    pub assaults_left: u32,
    pub assaulted: bool,
    /// Night Infiltration (12.2.2): 1 after the first assault won (next without fire), 2 after the
    /// second (one battalion, with fire).
    pub night: u8,
}

/// Phase F (8, 8.5).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Impulse {
    pub side: Option<Side>,
    /// Consecutive passes: two end the phase (8.5).
    pub passes: u32,
    /// Further activations the side keeps in a row (Grossetti, General offensive, coordinated assault).
    pub chain: u32,
    pub act: Option<Act>,
    /// The side may play a coordinated assault or an excessive attack now (12).
    pub follow_up: bool,
    /// The units of the activation just resolved (excessive attack, 12).
    pub last: Vec<usize>,
    /// A coordinated assault was played: this activation is of another zone than `last`'s (12).
    pub coordinated: bool,
    /// Activations in a row each camp is owed when its turn comes (Grossetti Offensive, General
    /// offensive: three in a row, 12.1.2, 12.2.2), by camp index.
    pub owed: [u32; 2],
}

/// Lasting effects of the strategies (12).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    /// An Offensive on Tervaete has been played (6, 8.6, 12).
    pub tervaete: bool,
    /// Zone 1 is flooded from phase G of this turn (12.1.2).
    pub flood_from: Option<u32>,
    /// The Grossetti Offensive was played in this turn's phase G (12.1.2).
    pub grossetti: Option<u32>,
    /// The General offensive was played in this turn's phase G (12.2.2).
    pub general: Option<u32>,
    /// Barely within our means holds for the German assaults of this turn (12.1.1).
    pub barely: bool,
    /// The Taube's +1 for heavy artillery this turn (12.2.1).
    pub taube: bool,
    pub cannon_worn: bool,
    /// The Gr Pontus may not fire in this turn (12.2.2).
    pub no_shells: Option<u32>,
    /// German strategies whose effect waits for phase G of this turn (Counter order, 12.1.1).
    pub deferred: Vec<(super::strategy::Strategy, u32)>,
    /// The Det RAL 155 leaves at phase G of this turn (12.2.2).
    pub ral155_leaves: Option<u32>,
    /// The Belgian reinforcement of 9.5 has come.
    pub belgian_reinforced: bool,
}

/// Everything but the units.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rest {
    pub turn: u32,
    pub phase: Phase,
    pub initiative: Option<Side>,
    pub rp: [u32; 2],
    /// RP that may not be stocked (Ronarc'h, 12.1.2).
    pub unstockable: [u32; 2],
    /// Strategy counters (indices in the scenario's list): in hand, in the container.
    pub hands: [Vec<usize>; 2],
    pub container: [Vec<usize>; 2],
    /// A counter kept from the previous turn (5.2: no second purchase then).
    pub kept: [bool; 2],
    /// Phase C: the side buying now.
    pub buying: Option<Side>,
    /// Phase D: the side deciding at the end of the phase (strategies), `None` while the German moves.
    pub end_of_d: Option<Side>,
    /// Units that have made their operational movement this phase (once each, 6).
    pub op_moved: BTreeSet<usize>,
    pub bombing: Bombing,
    pub impulse: Impulse,
    /// Phase G: the side reorganising now.
    pub reorganising: Option<Side>,
    /// Dug this turn (9.4 allows re-digging destroyed trenches).
    pub trenches: BTreeSet<u32>,
    /// The Diksmuide ruins marker: index of its side in the tables (7.3).
    pub ruins: Option<usize>,
    pub flags: Flags,
    pub outcome: Option<(String, Option<Side>)>,
}

/// The resource holding [`Rest`].
#[derive(Resource, Clone, Debug, Default)]
pub struct Track(pub Rest);

/// A position: the scenario, every unit's state in scenario order, and the rest.
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
        self.spec(u).side()
    }

    pub fn id(&self, u: usize) -> &str {
        &self.spec(u).id
    }

    pub fn find(&self, id: &str) -> Option<usize> {
        self.sc.spec.units.iter().position(|u| u.id == id)
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
