//! Sequence of Play: the classic sequence (barrages, activations, repairs, return to play, the
//! intensity test), the random sequence of five activation-marker draws (7.1), and the Nightfall
//! turns (9, 10). Each turn's phases are queued as an agenda of stages; each stage sets the phase
//! state, whose `OnEnter` systems run its automatic part.

use bevy::prelude::*;

use crate::engine::{GameFlow, goto};

use super::events::EventKind;
use super::map::Situation;
use super::ops;
use super::scenario::{ArrivalCount, MarkerKind};
use super::state::{Activations, Agenda, Clock, DrawnMarker, Night, Phase, Pool, Sequence, Setup, Stage, StageKind, Tracks};
use super::tables::PoolRefill;
use super::units::{Location, Side, TurnRecord};
use super::{activation, artillery, markers, nightfall, tanks, victory};

fn stage(phase: Phase, side: Option<Side>, kind: StageKind) -> Stage {
    Stage { phase, side, kind }
}

/// Goes to the next stage of the agenda.
pub fn advance(world: &mut World) {
    let next = world.resource_mut::<Agenda>().queue.pop_front();
    let Some(next) = next else {
        // Nothing queued: the turn is over.
        world.resource_mut::<Agenda>().current = None;
        goto(world, Phase::TurnEnd);
        return;
    };
    {
        let mut acts = world.resource_mut::<Activations>();
        acts.current = None;
        acts.done_in_stage.clear();
        acts.remaining = None;
    }
    world.resource_mut::<Agenda>().current = Some(next.clone());
    goto(world, next.phase);
}

/// Adds stages to the front of the agenda (in order).
pub fn push_front(world: &mut World, stages: Vec<Stage>) {
    let mut agenda = world.resource_mut::<Agenda>();
    for s in stages.into_iter().rev() {
        agenda.queue.push_front(s);
    }
}

/// OnEnter(TurnStart): clears the turn's records, rolls for variable reinforcements, and lays out
/// the turn's agenda for its sequence of play.
fn begin_turn(world: &mut World) {
    let setup = world.resource::<Setup>().0.clone();
    let turn = ops::turn(world);
    let mut q = world.query::<&mut TurnRecord>();
    for mut r in q.iter_mut(world) {
        *r = TurnRecord::default();
    }
    world.resource_mut::<Clock>().draws = 0;
    let spec = setup.turn(turn).cloned();
    let sequence = world.resource::<Clock>().sequence;
    let nightfall = spec.as_ref().is_some_and(|s| s.nightfall);
    let label = spec.as_ref().map(|s| s.label.clone()).unwrap_or_default();
    ops::log(
        world,
        "SoP",
        format!(
            "Turn {turn} ({label}){}",
            if nightfall {
                " — Nightfall".to_string()
            } else if sequence == Sequence::Random {
                " — random sequence".to_string()
            } else {
                String::new()
            }
        ),
        EventKind::TurnBegan { turn, random: sequence == Sequence::Random },
    );
    expire_reinforcements(world, turn);
    roll_variable_arrivals(world, turn);
    let mut stages = Vec::new();
    let returns = [
        stage(Phase::Activation, Some(Side::Allied), StageKind::ReturnToPlay),
        stage(Phase::Activation, Some(Side::German), StageKind::ReturnToPlay),
    ];
    if nightfall {
        stages.push(stage(Phase::Nightfall, None, StageKind::NightfallTanks));
        if let Some(na) = setup.spec.night_assault.as_ref().filter(|n| n.turn == turn) {
            stages.push(stage(Phase::NightDeploy, Some(Side::Allied), StageKind::Plain));
            for round in 1..=na.rounds {
                stages.push(stage(Phase::Activation, Some(Side::Allied), StageKind::NightRound { round, german: false }));
                stages.push(stage(Phase::Activation, Some(Side::German), StageKind::NightRound { round, german: true }));
            }
        }
        stages.push(stage(Phase::Nightfall, None, StageKind::NightfallBattalions));
        stages.extend(returns);
    } else if sequence == Sequence::Classic {
        let first = turn == 1;
        for side in [Side::German, Side::Allied] {
            stages.push(stage(Phase::Barrage, Some(side), StageKind::Barrage { markers: 0, classic: true }));
        }
        if !first {
            stages.push(stage(Phase::Activation, Some(Side::Allied), StageKind::ClassicActivation));
            stages.push(stage(Phase::Repair, Some(Side::Allied), StageKind::Plain));
        }
        stages.push(stage(Phase::Activation, Some(Side::German), StageKind::ClassicActivation));
        stages.push(stage(Phase::Repair, Some(Side::German), StageKind::Plain));
        stages.extend(returns);
        stages.push(stage(Phase::IntensityTest, Some(Side::German), StageKind::Plain));
    } else {
        refill_pool(world, turn);
        // Reinforcements due this turn enter before the first draw (2.3.3; 2.3.2's Mark IVs alike).
        let sit = Situation::capture(world);
        for side in [Side::Allied, Side::German] {
            if sit.units.iter().any(|u| u.side() == side && u.location == Location::Waiting && activation::reinforcement_due(&sit, u, turn))
            {
                stages.push(stage(Phase::Activation, Some(side), StageKind::ReinforcementEntry));
            }
        }
        stages.push(stage(Phase::Draw, None, StageKind::Plain));
        stages.extend(returns);
    }
    world.resource_mut::<Agenda>().queue = stages.into();
    advance(world);
}

/// 2.3: a reinforcement that did not enter while it was due is not used (with the tables'
/// `reinforcement_entry: OnItsTurn`, after its turn; an optional one always after its turn).
fn expire_reinforcements(world: &mut World, turn: u32) {
    let sit = Situation::capture(world);
    let expired: Vec<(Entity, String, u32)> = sit
        .units
        .iter()
        .filter(|u| u.location == Location::Waiting && !activation::reinforcement_due(&sit, u, turn))
        .filter_map(|u| {
            let group = sit.scenario.spec.reinforcements.iter().find(|r| r.units.iter().any(|x| **x == *u.unit.id))?;
            (group.turn < turn).then(|| (u.entity, u.unit.name.to_string(), group.turn))
        })
        .collect();
    for (e, name, due) in expired {
        if let Some(mut l) = world.get_mut::<Location>(e) {
            *l = Location::Unused;
        }
        ops::log(world, "2.3", format!("{name} did not enter on turn {due}: not used"), EventKind::Note);
    }
}

/// Scenario 1's Whippets: 1d6+1 of them arrive; the others are not used (Scenarios).
fn roll_variable_arrivals(world: &mut World, turn: u32) {
    let setup = world.resource::<Setup>().0.clone();
    for group in setup.spec.reinforcements.iter().filter(|r| r.turn == turn) {
        if let ArrivalCount::DiePlus(plus) = group.count {
            let die = ops::roll(world, "number of Whippets arriving (1d6+1)", "S1");
            let n = (die + plus) as usize;
            let mut extra = Vec::new();
            for id in group.units.iter().skip(n) {
                if let Some(e) = ops::find(world, id) {
                    if let Some(mut l) = world.get_mut::<Location>(e) {
                        *l = Location::Unused;
                    }
                    extra.push(id.clone());
                }
            }
            let arriving: Vec<String> = group.units.iter().take(n).cloned().collect();
            ops::log(
                world,
                "S1",
                format!(
                    "{} tank{} arrive{} this turn (d6 {die} + {plus})",
                    arriving.len(),
                    if arriving.len() == 1 { "" } else { "s" },
                    if arriving.len() == 1 { "s" } else { "" }
                ),
                EventKind::Arrivals { units: arriving },
            );
        }
    }
}

/// 7.1: at the start of a random turn the markers drawn last turn leave the turn track; the
/// container is filled with all the scenario's markers the first time, then as `pool_refill` says.
fn refill_pool(world: &mut World, turn: u32) {
    let setup = world.resource::<Setup>().0.clone();
    let day = |t: u32| setup.spec.turns.iter().find(|s| s.turn == t).map(|s| s.day);
    let refill = match world.resource::<Pool>().filled_on {
        None => true,
        Some(last) => match setup.tables.random_sequence.pool_refill {
            PoolRefill::Game => false,
            PoolRefill::Day => day(last) != day(turn),
            PoolRefill::Turn => true,
        },
    };
    let drawn: Vec<Entity> = world.query_filtered::<Entity, With<DrawnMarker>>().iter(world).collect();
    for e in drawn {
        world.despawn(e);
    }
    let mut pool = world.resource_mut::<Pool>();
    if refill {
        pool.markers = setup.spec.activation_markers.iter().flat_map(|m| std::iter::repeat_n((m.kind, m.side), m.count as usize)).collect();
        pool.filled_on = Some(turn);
    }
}

/// OnEnter(Activation): starts an activation stage, skipping it if no unit can be activated.
fn begin_activation(world: &mut World) {
    let Some(st) = world.resource::<Agenda>().current.clone() else { return };
    let setup = world.resource::<Setup>().0.clone();
    let remaining = match st.kind {
        StageKind::Marker(MarkerKind::Battalions(n)) => Some(n),
        StageKind::Marker(MarkerKind::Tanks) => Some(setup.tables.random_sequence.tanks_per_marker),
        StageKind::Marker(MarkerKind::Reinforcements) => Some(setup.tables.random_sequence.reinforcements_per_marker),
        _ => None,
    };
    if world.resource::<Activations>().current.is_some() {
        // A hero or mechanic activation already under way (7.2).
        return;
    }
    world.resource_mut::<Activations>().remaining = remaining;
    if let StageKind::NightRound { german: false, .. } = st.kind {
        world.resource_mut::<Night>().activated_hexes.clear();
    }
    if !super::activation::anything_to_activate(world) {
        advance(world);
        return;
    }
    let name = match &st.kind {
        StageKind::ClassicActivation => "activation phase".to_string(),
        StageKind::ReturnToPlay => "return to play of eliminated battalions".to_string(),
        StageKind::ReinforcementEntry => "arrival of the reinforcements due this turn".to_string(),
        StageKind::NightRound { round, german } => {
            format!(
                "night assault, round {round}: {}",
                if *german { "German battalions near the attackers" } else { "the deployed Allied units" }
            )
        }
        StageKind::Marker(m) => markers::marker_name(*m, st.side),
        _ => "activation".to_string(),
    };
    let rule = match &st.kind {
        StageKind::ReturnToPlay => "8",
        StageKind::ReinforcementEntry => "2.3",
        StageKind::NightRound { .. } => "10",
        StageKind::Marker(_) => "7.2",
        _ => "2.1",
    };
    ops::log(
        world,
        rule,
        format!("{}: {name}", st.side.map(|s| s.name()).unwrap_or("Both")),
        EventKind::PhaseBegan { phase: name.clone(), side: st.side },
    );
}

/// OnEnter(Repair): the phasing player's mandatory repairs (4.2).
fn repair(world: &mut World) {
    if let Some(side) = world.resource::<Agenda>().current.as_ref().and_then(|s| s.side) {
        tanks::repair_phase(world, side);
    }
    advance(world);
}

/// OnEnter(Barrage).
fn begin_barrage(world: &mut World) {
    artillery::begin(world);
}

/// OnEnter(Draw): one activation marker from the pool (7.1).
fn draw(world: &mut World) {
    markers::draw(world);
}

/// OnEnter(IntensityTest): if the intensity marker has reached the confusion marker, the next turn
/// is random (chapter 6), unless the German player maintains cohesion (optional rule 3).
fn intensity_test(world: &mut World) {
    let (intensity, confusion) = {
        let t = world.resource::<Tracks>();
        (t.intensity, t.confusion)
    };
    let clock = world.resource::<Clock>().clone();
    if clock.random_after_this_turn {
        set_random(world, true);
        advance(world);
        return;
    }
    if intensity < confusion {
        advance(world);
        return;
    }
    let next_is_nightfall = {
        let setup = world.resource::<Setup>().0.clone();
        setup.turn(clock.turn + 1).is_none_or(|t| t.nightfall)
    };
    if next_is_nightfall {
        advance(world);
        return;
    }
    let cohesion = world.resource::<Setup>().0.spec.options.maintaining_cohesion;
    if cohesion {
        // The German player decides (see `markers::check_cohesion`).
        ops::log(
            world,
            "O3",
            format!("Intensity {intensity} has reached confusion {confusion}: the German player may try to maintain cohesion"),
            EventKind::Note,
        );
        return;
    }
    ops::log(
        world,
        "6",
        format!("Intensity {intensity} has reached confusion {confusion}: the random sequence begins next turn"),
        EventKind::Note,
    );
    set_random(world, true);
    advance(world);
}

pub fn set_random(world: &mut World, random: bool) {
    let mut c = world.resource_mut::<Clock>();
    c.sequence = if random { Sequence::Random } else { Sequence::Classic };
    c.random_after_this_turn = false;
    ops::log(
        world,
        "SoP",
        if random { "The sequence of play becomes random" } else { "The classic sequence of play resumes" },
        EventKind::SequenceChange { random },
    );
}

/// OnEnter(Nightfall).
fn nightfall_step(world: &mut World) {
    nightfall::step(world);
}

/// OnEnter(TurnEnd): victory points and checks, then the turn marker advances (or the game ends).
fn end_turn(world: &mut World) {
    if victory::end_of_turn(world) {
        goto(world, GameFlow::Over);
        return;
    }
    let turn = ops::turn(world) + 1;
    world.resource_mut::<Clock>().turn = turn;
    // Pending returns beyond the track are lost.
    goto(world, Phase::TurnStart);
    world.resource_mut::<crate::engine::ruleset::Flow>().changes += 1;
}

/// OnEnter(GameFlow::InGame): the first turn begins.
fn start_game(world: &mut World) {
    goto(world, Phase::TurnStart);
}

/// Schedules the sequence of play's systems.
pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(GameFlow::InGame), start_game)
        .add_systems(OnEnter(Phase::TurnStart), begin_turn)
        .add_systems(OnEnter(Phase::Activation), begin_activation)
        .add_systems(OnEnter(Phase::Repair), repair)
        .add_systems(OnEnter(Phase::Barrage), begin_barrage)
        .add_systems(OnEnter(Phase::Draw), draw)
        .add_systems(OnEnter(Phase::IntensityTest), intensity_test)
        .add_systems(OnEnter(Phase::Nightfall), nightfall_step)
        .add_systems(OnEnter(Phase::TurnEnd), end_turn)
        .add_systems(OnEnter(Phase::Choose), markers::begin_choice)
        .add_systems(OnEnter(Phase::Pause), markers::begin_pause)
        .add_systems(OnEnter(Phase::NightDeploy), nightfall::begin_deploy);
}
