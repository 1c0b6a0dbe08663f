//! The Hard opponent of Into the Bastards! (docs/ai.md, "The look-ahead"): the look-ahead plays the
//! choice of the unit to activate (2.1) on copies of the world ([`Fork`]), through the unit's
//! activation and the enemy's next, and scores the position reached in victory points
//! ([`value`]). The commands inside an activation, the barrages and the markers keep the Normal
//! scores (each is already the first step of a plan, `act.rs`).

use bevy::prelude::*;

use crate::ai::fork::{self, Fork};
use crate::ai::search::Simulate;
use crate::engine::Ruleset;
use crate::engine::difficulty::LookAhead;
use crate::engine::marker::mark;
use crate::rulesets::bastards::map::{Situation, UnitInfo};
use crate::rulesets::bastards::state::{
    Activations, Agenda, Barrage, BarrageMarker, Choice, Clock, DrawnMarker, Night, Phase, Pool, Setup, Tracks,
};
use crate::rulesets::bastards::units::{Breakdown, GarrisonReleased, Hero, Location, Reduced, Side};
use crate::rulesets::bastards::{Bastards, Command, phase, scenario::Scenario};

use super::brain::{Brain, unit_worth};

/// Everything the rules and the Normal opponent read of a world at rest, but the scenario and the
/// journal: the sequence of play, the tracks, the decisions under way, every unit and marker.
#[derive(Clone)]
pub struct Kept {
    phase: Option<Phase>,
    clock: Clock,
    agenda: Agenda,
    tracks: Tracks,
    activations: Activations,
    barrage: Barrage,
    pool: Pool,
    choice: Choice,
    night: Night,
    units: Vec<UnitInfo>,
    barrages: Vec<BarrageMarker>,
    drawn: Vec<DrawnMarker>,
}

impl Fork for Bastards {
    type State = Kept;

    fn scenario(world: &World) -> std::sync::Arc<Scenario> {
        world.resource::<Setup>().0.clone()
    }

    fn copy(world: &World) -> Kept {
        Kept {
            phase: phase(world),
            clock: world.resource::<Clock>().clone(),
            agenda: world.resource::<Agenda>().clone(),
            tracks: world.resource::<Tracks>().clone(),
            activations: world.resource::<Activations>().clone(),
            barrage: world.resource::<Barrage>().clone(),
            pool: world.resource::<Pool>().clone(),
            choice: world.resource::<Choice>().clone(),
            night: world.resource::<Night>().clone(),
            units: Situation::capture(world).units,
            barrages: markers(world, |m: &BarrageMarker| m.order),
            drawn: markers(world, |m: &DrawnMarker| m.order),
        }
    }

    fn restore(world: &mut World, s: &Kept) {
        match s.phase {
            Some(p) if phase(world) != Some(p) => world.insert_resource(State::<Phase>::new(p)),
            // Out of play (the game is over): no phase.
            None => drop(world.remove_resource::<State<Phase>>()),
            _ => {}
        }
        *world.resource_mut::<Clock>() = s.clock.clone();
        *world.resource_mut::<Agenda>() = s.agenda.clone();
        *world.resource_mut::<Tracks>() = s.tracks.clone();
        *world.resource_mut::<Activations>() = s.activations.clone();
        *world.resource_mut::<Barrage>() = s.barrage.clone();
        *world.resource_mut::<Pool>() = s.pool.clone();
        *world.resource_mut::<Choice>() = s.choice.clone();
        *world.resource_mut::<Night>() = s.night.clone();
        for u in &s.units {
            if let Ok(mut e) = world.get_entity_mut(u.entity) {
                e.insert((u.location, u.record));
            }
            mark::<Reduced>(world, u.entity, u.reduced);
            mark::<Breakdown>(world, u.entity, u.breakdown);
            mark::<Hero>(world, u.entity, u.hero);
            mark::<GarrisonReleased>(world, u.entity, u.released);
        }
        put_markers(world, &s.barrages, |m| m.order);
        put_markers(world, &s.drawn, |m| m.order);
    }
}

/// The markers of one kind on the map or the track, in the order they were put there.
fn markers<M: Component + Clone>(world: &World, order: fn(&M) -> u32) -> Vec<M> {
    let mut out: Vec<M> = world.try_query::<&M>().map(|mut q| q.iter(world).cloned().collect()).unwrap_or_default();
    out.sort_by_key(order);
    out
}

/// Puts a world's markers of one kind as they are in `saved` (taken off and put again only if they differ).
fn put_markers<M: Component + Clone + PartialEq>(world: &mut World, saved: &[M], order: fn(&M) -> u32) {
    if markers::<M>(world, order) == saved {
        return;
    }
    let old: Vec<Entity> = world.query_filtered::<Entity, With<M>>().iter(world).collect();
    for e in old {
        world.despawn(e);
    }
    for m in saved {
        world.spawn(m.clone());
    }
}

impl Simulate for Bastards {
    fork::forked_positions!(Bastards);
    /// A turn is the choice of a unit to activate and its activation (2.1): barrages, markers and the
    /// commands of the active unit do not end it.
    fn turn(p: &Self::Pos) -> Option<usize> {
        p.read(|w| {
            (phase(w) == Some(Phase::Activation) && w.resource::<Activations>().current.is_none())
                .then(|| fork::decider::<Bastards>(w))
                .flatten()
        })
    }
    fn value(p: &Self::Pos, side: usize) -> f32 {
        p.read(|w| value(w, side_of(w, side)))
    }
    fn strengths(p: &Self::Pos) -> Vec<(String, usize, f32)> {
        p.read(|w| {
            let sides = Bastards::sides(&w.resource::<Setup>().0);
            Situation::capture(w)
                .units
                .iter()
                .map(|u| {
                    let left = match u.location {
                        Location::OnMap(_) | Location::Waiting => 2.0 - f32::from(u8::from(u.reduced)),
                        _ => 0.0,
                    };
                    (u.unit.id.to_string(), index_of(&sides, u.side()), left)
                })
                .collect()
        })
    }
    fn budget(p: &Self::Pos, legal: &[Command]) -> Option<LookAhead> {
        let choosing = legal.iter().any(|c| matches!(c, Command::Activate(_)));
        let side = Self::decider(p)?;
        choosing.then(|| {
            p.read(|w| w.resource::<Setup>().0.spec.ai.get(&fork::side_id::<Bastards>(w, side)).map(|t| t.look_ahead).unwrap_or_default())
        })
    }
}

/// The side with this index in the scenario's sides.
fn side_of(world: &World, side: usize) -> Side {
    Side::from_id(&fork::side_id::<Bastards>(world, side)).unwrap_or(Side::Allied)
}

/// The index of a side in the scenario's sides.
fn index_of(sides: &[String], side: Side) -> usize {
    sides.iter().position(|s| s == side.id()).unwrap_or(0)
}

/// A game won or lost, in victory points.
const WON: f32 = 100.0;

/// What a position is worth to a side, in victory points (the Normal opponent's scale, docs/ai.md
/// "One scale"): the game won or lost; the points scored so far; what each place the victory
/// conditions name is worth with the battalions holding it now (`Brain::places_value`: the end of
/// the game and the turns still to score); each side's units by their worth (a reduced one 0.65 of
/// it, one on the turn track to come back half).
fn value(world: &World, side: Side) -> f32 {
    let tracks = world.resource::<Tracks>();
    if fork::over(world) {
        return match tracks.winner {
            Some(w) if w == side => WON,
            Some(_) => -WON,
            None => 0.0,
        };
    }
    let points = |s: Side| tracks.vp.get(&s).copied().unwrap_or(0) as f32;
    let brain = Brain::new(world, side);
    let mut v = points(side) - points(side.enemy()) + brain.places_value();
    for u in &brain.sit.units {
        let left = match u.location {
            Location::OnMap(_) | Location::Waiting => {
                if u.reduced {
                    0.65
                } else {
                    1.0
                }
            }
            Location::OnTrack { .. } => 0.5,
            Location::Eliminated | Location::Unused => 0.0,
        };
        let worth = left * unit_worth(u);
        v += if u.side() == side { worth } else { -worth };
    }
    v
}
