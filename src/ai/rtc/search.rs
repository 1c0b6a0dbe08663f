//! The Hard opponent of Royal Tank Corps (docs/ai.md, "The look-ahead"): the look-ahead plays the
//! choice of the area to activate, or to pass (9.1), on copies of the world ([`Fork`]), through the
//! impulse and the enemy's next, and scores the position reached by the areas each side controls
//! and the units it has left ([`value`]). Placement, bombardment, the commands inside an impulse and
//! the losses keep the Normal scores.

use bevy::prelude::*;

use crate::ai::fork::{self, Fork};
use crate::ai::search::Simulate;
use crate::engine::Ruleset;
use crate::engine::difficulty::LookAhead;
use crate::rulesets::rtc::admin;
use crate::rulesets::rtc::events::BarrageKind;
use crate::rulesets::rtc::map::Ctx;
use crate::rulesets::rtc::ops::Roster;
use crate::rulesets::rtc::scenario::Scenario;
use crate::rulesets::rtc::state::{
    BarrageMarker, Bombarded, Bombardment, Clock, Combat, Control, FatigueCheck, Impulse, InArea, Losses, Outcome, Phase, Reinforce, Setup,
};
use crate::rulesets::rtc::units::{Counter, Place, Side, counter, update};
use crate::rulesets::rtc::{Command, Rtc, phase};

use super::brain::Brain;

/// Everything the rules and the Normal opponent read of a world at rest, but the scenario and the
/// journal: the turn, control, each phase's bookkeeping, every counter and barrage marker.
#[derive(Clone)]
pub struct Kept {
    phase: Option<Phase>,
    clock: Clock,
    control: Control,
    bombarded: Bombarded,
    reinforce: Reinforce,
    bombardment: Bombardment,
    impulse: Impulse,
    combat: Combat,
    losses: Losses,
    fatigue: FatigueCheck,
    outcome: Outcome,
    /// Per unit, in the roster's order.
    counters: Vec<Counter>,
    barrages: Vec<(u32, BarrageKind)>,
}

impl Fork for Rtc {
    type State = Kept;

    fn scenario(world: &World) -> std::sync::Arc<Scenario> {
        world.resource::<Setup>().0.clone()
    }

    fn copy(world: &World) -> Kept {
        Kept {
            phase: phase(world),
            clock: world.resource::<Clock>().clone(),
            control: world.resource::<Control>().clone(),
            bombarded: world.resource::<Bombarded>().clone(),
            reinforce: world.resource::<Reinforce>().clone(),
            bombardment: world.resource::<Bombardment>().clone(),
            impulse: world.resource::<Impulse>().clone(),
            combat: world.resource::<Combat>().clone(),
            losses: world.resource::<Losses>().clone(),
            fatigue: world.resource::<FatigueCheck>().clone(),
            outcome: world.resource::<Outcome>().clone(),
            counters: world.resource::<Roster>().0.iter().map(|&e| counter(world, e)).collect(),
            barrages: barrages(world),
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
        *world.resource_mut::<Control>() = s.control.clone();
        *world.resource_mut::<Bombarded>() = s.bombarded.clone();
        *world.resource_mut::<Reinforce>() = s.reinforce.clone();
        *world.resource_mut::<Bombardment>() = s.bombardment.clone();
        *world.resource_mut::<Impulse>() = s.impulse.clone();
        *world.resource_mut::<Combat>() = s.combat.clone();
        *world.resource_mut::<Losses>() = s.losses.clone();
        *world.resource_mut::<FatigueCheck>() = s.fatigue.clone();
        *world.resource_mut::<Outcome>() = s.outcome.clone();
        let roster = world.resource::<Roster>().0.clone();
        for (e, c) in roster.into_iter().zip(&s.counters) {
            if counter(world, e) != *c {
                update(world, e, |now| *now = *c);
            }
        }
        if barrages(world) != s.barrages {
            let old: Vec<Entity> = world.query_filtered::<Entity, With<BarrageMarker>>().iter(world).collect();
            for e in old {
                world.despawn(e);
            }
            for &(area, kind) in &s.barrages {
                world.spawn((BarrageMarker(kind), InArea(area)));
            }
        }
    }
}

/// The barrage markers on the map (8.3), by area.
fn barrages(world: &World) -> Vec<(u32, BarrageKind)> {
    let mut out: Vec<(u32, BarrageKind)> =
        world.try_query::<(&BarrageMarker, &InArea)>().map(|mut q| q.iter(world).map(|(m, a)| (a.0, m.0)).collect()).unwrap_or_default();
    out.sort_by_key(|(a, k)| (*a, *k as u8));
    out
}

impl Simulate for Rtc {
    fork::forked_positions!(Rtc);
    /// A turn is the choice of an area to activate, or to pass, and its impulse (9.1): the moves,
    /// attacks and losses inside it do not end it.
    fn turn(p: &Self::Pos) -> Option<usize> {
        p.read(|w| impulse_open(w).then(|| fork::decider::<Rtc>(w)).flatten())
    }
    fn value(p: &Self::Pos, side: usize) -> f32 {
        p.read(|w| value(w, side_of(w, side)))
    }
    fn strengths(p: &Self::Pos) -> Vec<(String, usize, f32)> {
        p.read(|w| {
            let ctx = Ctx::capture(w);
            let sides = Rtc::sides(&ctx.sc);
            ctx.sit
                .units
                .iter()
                .map(|u| {
                    // A unit turns spent by its own activation (9.2) or fire (7.8, 8, 10.2) as
                    // well as by a loss (10.31): only a unit spent without having acted, and not
                    // artillery, has lost a step to the enemy. A tank broken down broke down in its own
                    // attack (10.6).
                    let left = match u.c.place {
                        Place::Eliminated => 0.0,
                        Place::BrokenDown => 2.0,
                        _ if u.c.spent && !u.c.acted && !u.is_artillery() => 1.0,
                        _ => 2.0,
                    };
                    (u.spec.id.clone(), index_of(&sides, u.side()), left)
                })
                .collect()
        })
    }
    fn budget(p: &Self::Pos, legal: &[Command]) -> Option<LookAhead> {
        let side = Self::decider(p)?;
        choosing_area(legal).then(|| {
            p.read(|w| w.resource::<Setup>().0.spec.ai.get(&fork::side_id::<Rtc>(w, side)).map(|t| t.look_ahead).unwrap_or_default())
        })
    }
}

/// Whether a world waits for the choice of an area to activate or a pass (9.1): the action phase,
/// no activation, attack or loss under way (read from the state, not by listing the commands: the
/// look-ahead asks it at every step).
fn impulse_open(world: &World) -> bool {
    let combat = world.resource::<Combat>();
    phase(world) == Some(Phase::Action)
        && world.resource::<Impulse>().activation.is_none()
        && combat.attack.is_none()
        && combat.breakdown.is_none()
        && world.resource::<Losses>().pending.is_none()
}

/// Whether a decision is the choice of an area to activate (9.1).
fn choosing_area(legal: &[Command]) -> bool {
    legal.iter().any(|c| matches!(c, Command::Activate(_)))
}

/// The side with this index in the scenario's sides.
fn side_of(world: &World, side: usize) -> Side {
    let id = fork::side_id::<Rtc>(world, side);
    Side::BOTH.into_iter().find(|s| s.id() == id).unwrap_or(Side::British)
}

/// The index of a side in the scenario's sides.
fn index_of(sides: &[String], side: Side) -> usize {
    sides.iter().position(|s| s == side.id()).unwrap_or(0)
}

/// A game won or lost, in the Normal scores' units (an immediate victory, 3.2, is worth `WIN`).
const WON: f32 = 2.0 * super::brain::WIN;

/// How much more the look-ahead weighs the British cavalry's threat (3.2, `Brain::cavalry_exposure`)
/// than the Normal German's watch does: an open immediate-victory area is the game, not one area.
/// Measured at Cambrai, the Hard German against the Normal British (docs/ai.md): weight 1, 79
/// games won of 200 (32 immediate British victories); over seeds 11-110, weight 4, 47 of 100 (5),
/// and 10, 36 of 100 (7: too timid); the Normal German wins 53 of those 100.
const EXPOSED: f32 = 4.0;

/// The share of a game won that the immediate victory's condition (3.2) is worth before the
/// administrative phase checks it.
const SETTLED: f32 = 0.75;

/// What a position is worth to a side, in the Normal opponent's units: the game won or lost; what
/// each area is worth to the side that controls it (3.21, 3.22: `Brain::ctrl_value_for`, victory
/// areas, immediate-victory areas, BR areas); each side's units by their worth (`Brain::value`, a
/// spent one 0.8 of it, an eliminated one nothing); for the German, the British cavalry's threat to
/// the immediate-victory areas it leaves open (3.2, `Brain::cavalry_exposure`). The British
/// cavalry in an immediate-victory area counts as most of a game won (3.2).
fn value(world: &World, side: Side) -> f32 {
    if fork::over(world) {
        return match world.resource::<Outcome>().winner {
            Some(w) if w == side => WON,
            Some(_) => -WON,
            None => 0.0,
        };
    }
    let ctx = Ctx::capture(world);
    if admin::immediate_victory(&ctx) {
        // 3.2 is checked in the administrative phase: the German may still take the area back
        // before it, but seldom does.
        let british = SETTLED * WON;
        return if side == Side::British { british } else { -british };
    }
    let b = Brain::for_side(ctx, side);
    let mut v = 0.0;
    for (&a, &holder) in &b.ctx.control {
        let worth = b.ctrl_value_for(holder, a);
        v += if holder == side { worth } else { -worth };
    }
    for u in &b.ctx.sit.units {
        let left = match u.c.place {
            Place::Eliminated => 0.0,
            _ if u.c.spent => 0.8,
            _ => 1.0,
        };
        let worth = left * b.value(u);
        v += if u.side() == side { worth } else { -worth };
    }
    v - EXPOSED * b.cavalry_exposure()
}
