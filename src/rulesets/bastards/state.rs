//! The game's resources: the scenario, the turn and sequence of play, the tracks, and what is being
//! decided now.

use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::marker::{QueryCache, with_query};

use super::scenario::{MarkerKind, Scenario};
use super::units::Side;

/// The scenario being played (map, tables, order of battle).
#[derive(Resource, Clone)]
pub struct Setup(pub Arc<Scenario>);

/// The phases of the sequence of play. Each is a `SubState` of the in-game state; what a phase is
/// about (whose barrage, which marker) is in [`Stage`].
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(crate::engine::GameFlow = crate::engine::GameFlow::InGame)]
pub enum Phase {
    /// Between turns: sets up the next turn's agenda.
    #[default]
    TurnStart,
    /// An artillery barrage (chapter 5), classic phase or Artillery marker.
    Barrage,
    /// A side activates units one at a time (2.1, 7.2, 8, 10).
    Activation,
    /// Mandatory repair of broken-down tanks (4.2).
    Repair,
    /// Battle intensity test at the end of a classic turn (chapter 6, optional rule 3).
    IntensityTest,
    /// Drawing an activation marker from the pool (7.1).
    Draw,
    /// The Pause marker's reorganisation (7.2).
    Pause,
    /// Placing a hero (7.2) or choosing a tank for the mechanic (7.2).
    Choose,
    /// The Australian night assault deployment (chapter 10).
    NightDeploy,
    /// A step of the Nightfall procedure (chapter 9).
    Nightfall,
    /// End of turn: victory points, victory checks, the turn marker advances.
    TurnEnd,
}

/// Whether turns are played in the classic or the random sequence (Sequence of Play).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sequence {
    Classic,
    Random,
}

/// The turn record and the sequence of play.
#[derive(Resource, Clone, Debug)]
pub struct Clock {
    pub turn: u32,
    pub sequence: Sequence,
    /// The cohesion roll succeeded: this turn is classic, the following ones random (optional rule 3).
    pub random_after_this_turn: bool,
    /// Draws made this random turn.
    pub draws: u32,
}

/// One entry of the turn's agenda: a phase and the side it concerns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    pub phase: Phase,
    pub side: Option<Side>,
    pub kind: StageKind,
}

/// What a stage does, beyond its phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StageKind {
    Plain,
    /// The classic activation phase of a side (2.1).
    ClassicActivation,
    /// Return to play of eliminated battalions (chapter 8), both sides in turn.
    ReturnToPlay,
    /// Reinforcements due this turn entering before the first draw of a random turn: the Whippets of
    /// 2.3.3, and by the same reading the Mark IVs of 2.3.2 when turn 2 is already random.
    ReinforcementEntry,
    /// The effect of a drawn activation marker (7.2).
    Marker(MarkerKind),
    /// A classic barrage phase (5) or an Artillery marker's barrage.
    Barrage {
        markers: u32,
        classic: bool,
    },
    /// The night assault's activation rounds (chapter 10): Allied deployed units, then the German
    /// battalions near them.
    NightRound {
        round: u32,
        german: bool,
    },
    /// Nightfall steps: the first (tanks), and the rest (battalions, track reset).
    NightfallTanks,
    NightfallBattalions,
}

/// The stages still to play this turn, in order, and the current one.
#[derive(Resource, Clone, Debug, Default)]
pub struct Agenda {
    pub current: Option<Stage>,
    pub queue: VecDeque<Stage>,
}

/// The battle intensity track, the confusion marker and the victory points.
#[derive(Resource, Clone, Debug, Default)]
pub struct Tracks {
    pub intensity: i32,
    pub confusion: i32,
    pub vp: BTreeMap<Side, i32>,
    /// Markers the Allied player loses at his next barrage phase (German counter-battery, chapter 5).
    pub allied_artillery_lost: u32,
    /// A tank has already been eliminated in a combat initiated by a tank (scenario 1 victory).
    pub first_tank_kill_done: bool,
    /// The side that won the first tank battle between a Mark IV and an A7V (scenario 2 victory).
    pub first_tank_battle: Option<Side>,
    /// Hero counters permanently removed (their battalion was eliminated), per side.
    pub heroes_lost: BTreeMap<Side, u32>,
    /// The final result, once decided, and the winner (`None` for a draw).
    pub result: Option<String>,
    pub winner: Option<Side>,
    /// VP at the end of each turn, for the game-over plot.
    pub vp_by_turn: Vec<(u32, i32, i32)>,
}

/// A unit's activation in progress (2.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Activation {
    pub unit: Entity,
    /// Medals the unit may use in this activation.
    pub medals: u32,
    pub spent: u32,
    /// Movement points bought and not yet used.
    pub mp_left: u32,
    /// Actions taken so far.
    pub actions: u32,
    /// The extra medal of a lone combat action from a friendly trench was granted (Terrain Table).
    pub trench_bonus: bool,
    /// Medals spent on combat (optional rule 1, MG battalions).
    pub combat_medals: u32,
    /// An MG battalion that had a target when activated: it must spend two medals on combat before
    /// anything else (optional rule 1).
    pub mg_duty: bool,
    /// The unit enters from its map edge: its first action must be a movement.
    pub entering: bool,
    /// The unit may only move, with at most this many medals (return to play, chapter 8).
    pub move_only_medals: Option<u32>,
}

impl Activation {
    pub fn medals_left(&self) -> u32 {
        self.medals.saturating_sub(self.spent)
    }
}

/// Who may activate which units now, and the activation in progress.
#[derive(Resource, Clone, Debug, Default)]
pub struct Activations {
    pub current: Option<Activation>,
    /// Units still allowed by a marker (None: no limit).
    pub remaining: Option<u32>,
    /// Units activated in this stage.
    pub done_in_stage: Vec<Entity>,
}

/// The barrage phase's markers (5): how many the side has, and how many went on counter-battery.
/// The markers placed and waiting to be fired are entities ([`BarrageMarker`]).
#[derive(Resource, Clone, Debug, Default)]
pub struct Barrage {
    pub available: u32,
    pub counter_battery: u32,
}

/// An artillery marker placed on a hex and waiting to be fired (5), the `order`-th placed.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BarrageMarker {
    pub hex: Hex,
    pub order: u32,
}

thread_local! {
    static BARRAGE_MARKERS: QueryCache<&'static BarrageMarker> = const { RefCell::new(None) };
}

/// The hexes of the artillery markers placed, in the order placed.
pub fn barrages_placed(world: &World) -> Vec<Hex> {
    let mut markers: Vec<BarrageMarker> = with_query(&BARRAGE_MARKERS, world, |q| q.iter(world).copied().collect()).unwrap_or_default();
    markers.sort_by_key(|m| m.order);
    markers.into_iter().map(|m| m.hex).collect()
}

/// The artillery markers still to place or use (5).
pub fn barrage_markers_left(world: &World) -> u32 {
    let b = world.resource::<Barrage>();
    b.available.saturating_sub(barrages_placed(world).len() as u32 + b.counter_battery)
}

/// An activation marker drawn this turn and put on the turn track (7.1, 7.2), the `order`-th drawn:
/// an entity, taken off at the start of the next random turn.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawnMarker {
    pub kind: MarkerKind,
    pub side: Option<Side>,
    pub order: u32,
}

thread_local! {
    static DRAWN_MARKERS: QueryCache<&'static DrawnMarker> = const { RefCell::new(None) };
}

/// The activation markers on the turn track, in the order drawn.
pub fn markers_drawn(world: &World) -> Vec<(MarkerKind, Option<Side>)> {
    let mut markers: Vec<DrawnMarker> = with_query(&DRAWN_MARKERS, world, |q| q.iter(world).copied().collect()).unwrap_or_default();
    markers.sort_by_key(|m| m.order);
    markers.into_iter().map(|m| (m.kind, m.side)).collect()
}

/// The activation-marker pool (7.1): the markers still in the opaque container (those drawn are
/// [`DrawnMarker`] entities).
#[derive(Resource, Clone, Debug, Default)]
pub struct Pool {
    /// Markers in the opaque container.
    pub markers: Vec<(MarkerKind, Option<Side>)>,
    /// The turn the container was last filled (7.1), if it has been.
    pub filled_on: Option<u32>,
}

/// Progress of a count-limited choice (Pause: up to 3 units per side; hero; mechanic).
#[derive(Resource, Clone, Debug, Default)]
pub struct Choice {
    pub remaining: u32,
    pub chosen: Vec<Entity>,
}

/// Night assault bookkeeping (chapter 10).
#[derive(Resource, Clone, Debug, Default)]
pub struct Night {
    /// The deployed Allied units.
    pub deployed: Vec<Entity>,
    /// Hexes of the Allied units activated in the current round.
    pub activated_hexes: Vec<Hex>,
}
