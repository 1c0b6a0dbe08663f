//! The game's resources: the scenario, the turn and the initiative, area control (3.21), the
//! bombarded record, and what is being decided in the current phase; the barrage markers (entities)
//! and the markers as the rules read them.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::marker::{QueryCache, with_query};

use super::events::{BarrageKind, Target};
use super::scenario::Scenario;
use super::tables::LossCosts;
use super::units::Side;

/// The scenario being played.
#[derive(Resource, Clone)]
pub struct Setup(pub Arc<Scenario>);

/// The phases of the turn sequence (4.2). The initiative determination (5) is automatic and runs on
/// entering `TurnStart`; the administrative phase (11) is automatic but for the fatigue choices.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(crate::engine::GameFlow = crate::engine::GameFlow::InGame)]
pub enum Phase {
    /// I: the turn begins and the initiative is determined (5).
    #[default]
    TurnStart,
    /// II: mutual reinforcement (6).
    Reinforcement,
    /// III: artillery bombardment (7).
    Bombardment,
    /// IV: rolling barrage / interdiction (8).
    Barrage,
    /// V: the continuous-impulse action phase (9, 10).
    Action,
    /// VI: administration (11).
    Administration,
}

/// The turn record and who has the initiative this turn.
#[derive(Resource, Clone, Debug)]
pub struct Clock {
    pub turn: u32,
    pub initiative: Side,
}

/// Who controls each area (3.21): the side that was last alone in it.
#[derive(Resource, Clone, Debug, Default)]
pub struct Control(pub BTreeMap<u32, Side>);

/// Markers on the map as the rules read them, captured into a [`super::map::Ctx`]: the barrage
/// markers are entities ([`BarrageMarker`] in [`InArea`]), the bombarded record the resource
/// [`Bombarded`].
#[derive(Clone, Debug, Default)]
pub struct Markers {
    /// Rolling barrage markers of the initiative player (8.3).
    pub rolling: BTreeSet<u32>,
    /// Interdiction markers of the initiative player (8.3).
    pub interdiction: BTreeSet<u32>,
    /// Target types bombarded this turn, by bombarding side (7.3).
    pub bombarded: BTreeSet<(Side, u32, Target)>,
}

thread_local! {
    static BARRAGE_MARKERS: QueryCache<(&'static BarrageMarker, &'static InArea)> = const { RefCell::new(None) };
}

impl Markers {
    pub fn capture(world: &World) -> Markers {
        let mut markers = Markers { bombarded: world.resource::<Bombarded>().0.clone(), ..Default::default() };
        with_query(&BARRAGE_MARKERS, world, |q| {
            for (marker, at) in q.iter(world) {
                match marker.0 {
                    BarrageKind::Rolling => markers.rolling.insert(at.0),
                    BarrageKind::Interdiction => markers.interdiction.insert(at.0),
                };
            }
        });
        markers
    }
}

/// A rolling barrage or interdiction marker of the initiative player on the map (8.3), an entity
/// with its [`InArea`]; removed in the administrative phase (11.1 C).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BarrageMarker(pub BarrageKind);

/// The area a map marker is in.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct InArea(pub u32);

/// Target types bombarded this turn, by bombarding side (7.3).
#[derive(Resource, Clone, Debug, Default)]
pub struct Bombarded(pub BTreeSet<(Side, u32, Target)>);

/// The reinforcement segment under way (6.1).
#[derive(Resource, Clone, Debug, Default)]
pub struct Reinforce {
    /// The side placing now; `None` before the phase.
    pub side: Option<Side>,
    /// The second segment (the initiative player's).
    pub second: bool,
    /// The area each division entered through this turn (6.2, 6.3).
    pub divisions: BTreeMap<(Side, String), u32>,
    /// Broken-down tanks returned this turn (10.61, `tank_return.per_turn`).
    pub returned: u32,
}

/// A bombardment announced and not yet fired (7.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    pub side: Side,
    pub lead: usize,
    pub supports: Vec<usize>,
    pub from: u32,
    pub target: u32,
    pub at: Target,
    pub hurricane: bool,
}

/// The bombardment phase's alternation (7.2).
#[derive(Resource, Clone, Debug, Default)]
pub struct Bombardment {
    pub to_move: Option<Side>,
    /// Consecutive passes; two end the phase.
    pub passes: u32,
    pub order: Option<Order>,
    /// 7.9: the bombarding player chooses which of his spent units friendly fire eliminates.
    pub friendly_fire: Option<FriendlyFireChoice>,
}

/// A friendly-fire elimination awaiting the bombarding player's choice (7.9), and what the
/// bombardment does next: the defender's loss points (7.61), or play passes (7.6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FriendlyFireChoice {
    pub side: Side,
    pub area: u32,
    /// The bombarding player's units in the target area, all spent.
    pub candidates: Vec<usize>,
    pub at: Target,
    /// Loss points inflicted on the target (OT - DT; 0 or less: none).
    pub loss_points: i32,
}

/// A group of units of the activated area moving and attacking together (9.21, 9.53).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Unit indices (scenario order).
    pub units: Vec<usize>,
    /// Movement points left, per unit.
    pub mp: Vec<u32>,
    /// The area the group is in.
    pub at: u32,
    /// The area it was in before its last move.
    pub came_from: Option<u32>,
    /// It has moved: it may no longer attack in place, nor take on units.
    pub moved: bool,
    /// It must stop (9.34): it left an area with enemy units.
    pub must_stop: bool,
    /// Stosstruppen that left an area with enemy units (9.34, 10.3).
    pub from_enemy_area: bool,
}

/// An area activation under way (9.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Activation {
    pub area: u32,
    /// Units of this activation that have acted (it may end once one has).
    pub acted: u32,
    pub group: Option<Group>,
}

/// The continuous impulse (9.2, 9.11).
#[derive(Resource, Clone, Debug, Default)]
pub struct Impulse {
    pub active: Option<Side>,
    /// Activations made since the action phase passed to the active player.
    pub actions: u32,
    /// The other player's last impulse ended in a pass without any action.
    pub last_pass_empty: bool,
    pub activation: Option<Activation>,
}

/// What an attack is waiting for (10.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CombatStep {
    Lead,
    Defence,
}

/// An attack under way (10.2-10.6).
#[derive(Resource, Clone, Debug, Default)]
pub struct Combat {
    pub attack: Option<Attack>,
    /// 10.6: the attacker chooses which tank breaks down; the attack waits here meanwhile.
    pub breakdown: Option<BreakdownChoice>,
}

/// A tank breakdown awaiting the attacker's choice (10.6): the attack whose dice are rolled, its
/// OT - DT, and the tanks that may break down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BreakdownChoice {
    pub attack: Attack,
    /// OT - DT: above 0 the attack won (10.31), otherwise it failed (10.3).
    pub margin: i32,
    pub candidates: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    pub side: Side,
    pub area: u32,
    pub attackers: Vec<usize>,
    /// The area the attackers entered from, if they moved in (10.3).
    pub entered_from: Option<u32>,
    /// The attackers began the turn in the attacked area (10.5).
    pub in_place: bool,
    pub lead: Option<usize>,
    pub step: CombatStep,
}

/// Why loss points are being paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LossCause {
    Bombardment,
    Attack,
}

/// Loss points the defender is paying (7.63, 10.31).
#[derive(Resource, Clone, Debug, Default)]
pub struct Losses {
    pub pending: Option<LossPayment>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LossPayment {
    pub side: Side,
    pub area: u32,
    /// The units that may pay (the bombarded type, or every defender).
    pub units: Vec<usize>,
    pub left: i32,
    pub costs: LossCosts,
    pub cause: LossCause,
    /// A retreat has been taken: no more eliminations (10.31).
    pub retreated: bool,
    /// Some defender retreated (no overrun, 10.5).
    pub any_retreat: bool,
}

/// The fatigue check (11.2): the chooser fatigues up to `left` areas of the target side.
#[derive(Resource, Clone, Debug, Default)]
pub struct FatigueCheck {
    pub target: Option<Side>,
    pub left: u32,
    pub queue: Vec<Side>,
    pub chosen: Vec<u32>,
}

/// The result, once the game is over.
#[derive(Resource, Clone, Debug, Default)]
pub struct Outcome {
    pub result: Option<String>,
    pub winner: Option<Side>,
}
