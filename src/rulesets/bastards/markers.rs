//! Chapter 7, Activation Markers: the draw from the opaque pool (7.1) and each marker's effect (7.2):
//! battalions 1/3/5, tanks, hero, pause, artillery, rout, mechanic, end of turn, reinforcements. Also
//! the German attempt to maintain cohesion (optional rule 3), decided at the intensity test.

use bevy::prelude::*;

use crate::engine::Refusal;

use super::activation;
use super::events::{Command, EventKind};
use super::map::Situation;
use super::ops::{self, Cause};
use super::scenario::MarkerKind;
use super::sequence::{self, push_front};
use super::state::{Agenda, Choice, Clock, DrawnMarker, Phase, Pool, Setup, Stage, StageKind, Tracks, markers_drawn};
use super::units::{Breakdown, Hero, Location, Reduced, Side};
use crate::engine::marker::mark;

pub fn marker_name(kind: MarkerKind, side: Option<Side>) -> String {
    let who = side.map(|s| format!("{} ", s.name())).unwrap_or_default();
    match kind {
        MarkerKind::Battalions(n) => format!("{who}activation of {n} battalion{}", if n == 1 { "" } else { "s" }),
        MarkerKind::Tanks => format!("{who}tank activation"),
        MarkerKind::Hero => format!("{who}hero"),
        MarkerKind::Pause => "pause in the fighting".into(),
        MarkerKind::Artillery => format!("{who}artillery"),
        MarkerKind::Rout => format!("{who}rout"),
        MarkerKind::Mechanic => format!("{who}mechanic"),
        MarkerKind::EndOfTurn => "end of turn".into(),
        MarkerKind::Reinforcements => format!("{who}reinforcements"),
    }
}

/// OnEnter(Draw): draws a marker (7.1) and queues its effect, then the next draw while fewer than
/// five have been made.
pub fn draw(world: &mut World) {
    let setup = world.resource::<Setup>().0.clone();
    let draws_per_turn = setup.tables.random_sequence.draws_per_turn;
    let n = world.resource::<Pool>().markers.len();
    if n == 0 {
        sequence::advance(world);
        return;
    }
    let i = world.resource_mut::<crate::engine::Dice>().draw(n, "activation marker drawn from the pool", "7.1");
    let (kind, side) = world.resource::<Pool>().markers[i];
    let order = markers_drawn(world).len() as u32;
    world.spawn(DrawnMarker { kind, side, order });
    // The hero marker goes back into the pool (7.1).
    if kind != MarkerKind::Hero {
        world.resource_mut::<Pool>().markers.remove(i);
    }
    let draws = {
        let mut c = world.resource_mut::<Clock>();
        c.draws += 1;
        c.draws
    };
    ops::log(
        world,
        "7.1",
        format!("Draw {draws}: {}", marker_name(kind, side)),
        EventKind::MarkerDrawn { marker: marker_name(kind, side), side },
    );
    let mut stages = effect(world, kind, side);
    if kind == MarkerKind::EndOfTurn {
        // The turn ends at once: no more draws.
        ops::log(world, "7.2", "End of turn: the current turn ends immediately", EventKind::Note);
    } else if draws < draws_per_turn {
        stages.push(Stage { phase: Phase::Draw, side: None, kind: StageKind::Plain });
    }
    push_front(world, stages);
    sequence::advance(world);
}

/// The stages a marker calls for; automatic markers (rout) act at once.
fn effect(world: &mut World, kind: MarkerKind, side: Option<Side>) -> Vec<Stage> {
    let setup = world.resource::<Setup>().0.clone();
    let Some(s) = side else {
        return match kind {
            MarkerKind::Pause => Side::BOTH
                .iter()
                .map(|s| Stage { phase: Phase::Pause, side: Some(*s), kind: StageKind::Marker(MarkerKind::Pause) })
                .collect(),
            _ => Vec::new(),
        };
    };
    let activation = |kind| vec![Stage { phase: Phase::Activation, side: Some(s), kind: StageKind::Marker(kind) }];
    match kind {
        MarkerKind::Battalions(_) | MarkerKind::Tanks | MarkerKind::Reinforcements => activation(kind),
        MarkerKind::Hero | MarkerKind::Mechanic => vec![Stage { phase: Phase::Choose, side: Some(s), kind: StageKind::Marker(kind) }],
        MarkerKind::Artillery => {
            let rs = &setup.tables.random_sequence;
            let markers = if s == Side::German { rs.artillery_markers_german } else { rs.artillery_markers_allied };
            vec![Stage { phase: Phase::Barrage, side: Some(s), kind: StageKind::Barrage { markers, classic: false } }]
        }
        MarkerKind::Rout => {
            rout(world, s);
            Vec::new()
        }
        MarkerKind::Pause | MarkerKind::EndOfTurn => Vec::new(),
    }
}

/// Rout (7.2): every disorganised battalion of the side pulls back 5 hexes in a straight line toward
/// its map edge; a unit leaving the map or having to cross a zone of control is eliminated.
pub fn rout(world: &mut World, side: Side) {
    let sit = Situation::capture(world);
    let n = sit.scenario.tables.random_sequence.rout_distance;
    let routed: Vec<_> =
        sit.units.iter().filter(|u| u.side() == side && !u.is_tank() && u.reduced && u.hex().is_some()).map(|u| u.entity).collect();
    for e in routed {
        pull_back(world, e, n, "7.2", &[]);
    }
}

/// Pulls a battalion back `n` hexes toward its edge (7.2 Rout, 9 Nightfall). Returns true if it
/// survived. Friendly units on the way are passed; if the last hex is occupied it goes on to the next
/// free one. `ignore`: units that do not count (the night assault's). A garrison bound to its place
/// (S1, S2: the Cachy garrison "must remain at all times within 2 hexes") goes back only as far as
/// its radius allows: to the last free hex of the line inside it, or nowhere.
pub fn pull_back(world: &mut World, e: Entity, n: u32, rule: &str, ignore: &[Entity]) -> bool {
    let sit = Situation::capture(world);
    let Some(u) = sit.get(e).cloned() else { return false };
    let Some(from) = u.hex() else { return false };
    let allowed = super::actions::allowed_for(&sit, &u);
    let mut line = sit.pull_back_line(from, u.side(), n + sit.board().columns);
    let mut end = None;
    let mut last_free_inside = from;
    for (k, h) in line.drain(..).enumerate() {
        if !sit.in_play(h) || sit.enemy_in(h, u.side()) || sit.enemy_zoc(h, u.side()) {
            break;
        }
        if !allowed(h) {
            end = Some(last_free_inside);
            break;
        }
        let occupied = sit.at(h).any(|o| o.entity != e && !ignore.contains(&o.entity));
        if !occupied {
            last_free_inside = h;
        }
        if k + 1 >= n as usize && !occupied {
            end = Some(h);
            break;
        }
    }
    match end {
        Some(h) => {
            ops::place(world, e, h);
            let label = ops::label(world, h);
            let text = if h == from {
                format!("{} holds at {label}: a garrison stays within reach of its place (S1)", u.unit.name)
            } else {
                format!("{} pulls back to {label}", u.unit.name)
            };
            ops::log(world, rule, text, EventKind::PulledBack { unit: u.unit.id.to_string(), to: Some(label) });
            true
        }
        None => {
            ops::log(
                world,
                rule,
                format!("{} cannot pull back without leaving the map or crossing a zone of control", u.unit.name),
                EventKind::PulledBack { unit: u.unit.id.to_string(), to: None },
            );
            ops::eliminate(world, e, Cause::Other, rule);
            false
        }
    }
}

fn stage_side(world: &World) -> Side {
    world.resource::<Agenda>().current.as_ref().and_then(|s| s.side).unwrap_or(Side::Allied)
}

fn stage_marker(world: &World) -> Option<MarkerKind> {
    match world.resource::<Agenda>().current.as_ref().map(|s| &s.kind) {
        Some(StageKind::Marker(m)) => Some(*m),
        _ => None,
    }
}

/// True if the side still has a hero counter to place: not all on the map or lost (7.2).
fn heroes_available(sit: &Situation, tracks: &Tracks, side: Side) -> bool {
    let on_map = sit.units.iter().filter(|u| u.side() == side && u.hero).count() as u32;
    let lost = tracks.heroes_lost.get(&side).copied().unwrap_or(0);
    on_map + lost < sit.scenario.tables.random_sequence.hero_counters_per_side
}

/// OnEnter(Choose): the hero or mechanic marker; skipped when there is nothing to choose.
pub fn begin_choice(world: &mut World) {
    *world.resource_mut::<Choice>() = Choice { remaining: 1, chosen: Vec::new() };
    if legal_choice(world).len() <= 1 {
        let what = match stage_marker(world) {
            Some(MarkerKind::Hero) => "no hero can be placed",
            _ => "no tank needs the mechanic",
        };
        ops::log(world, "7.2", format!("{}: {what}", stage_side(world).name()), EventKind::Note);
        sequence::advance(world);
    }
}

pub fn check_choice(world: &World, cmd: &Command) -> Result<(), Refusal> {
    let sit = Situation::capture(world);
    let side = stage_side(world);
    match (stage_marker(world), cmd) {
        (_, Command::Done) => Ok(()),
        (Some(MarkerKind::Hero), Command::PlaceHero(id)) => {
            let u = sit.by_id(id).ok_or_else(|| Refusal::new(format!("there is no unit `{id}`")))?;
            if u.side() != side || u.is_tank() || u.hex().is_none() {
                return Err(Refusal::by_rule("7.2", format!("the hero goes on a {} battalion on the map", side.name())));
            }
            if !heroes_available(&sit, world.resource::<Tracks>(), side) {
                return Err(Refusal::by_rule("7.2", "the side's hero is already on the map or was lost"));
            }
            Ok(())
        }
        (Some(MarkerKind::Mechanic), Command::Repair(id)) => {
            let u = sit.by_id(id).ok_or_else(|| Refusal::new(format!("there is no unit `{id}`")))?;
            if u.side() != side || !u.is_tank() || u.hex().is_none() {
                return Err(Refusal::by_rule("7.2", format!("the mechanic repairs a {} tank on the map", side.name())));
            }
            if !u.reduced && !u.breakdown {
                return Err(Refusal::by_rule("7.2", "the mechanic repairs a damaged or broken-down tank"));
            }
            Ok(())
        }
        _ => Err(Refusal::new("choose a unit for the marker, or decline (Done)")),
    }
}

pub fn legal_choice(world: &World) -> Vec<Command> {
    let sit = Situation::capture(world);
    let mut out: Vec<Command> = sit
        .units
        .iter()
        .flat_map(|u| [Command::PlaceHero(u.unit.id.to_string()), Command::Repair(u.unit.id.to_string())])
        .filter(|c| check_choice(world, c).is_ok() && !matches!(c, Command::Done))
        .collect();
    out.push(Command::Done);
    out
}

/// The hero goes on a battalion, which is rallied and activated at once; the mechanic repairs a tank,
/// which is activated at once (7.2).
pub fn apply_choice(world: &mut World, cmd: Command) {
    match cmd {
        Command::PlaceHero(id) => {
            let Some(e) = ops::find(world, &id) else { return };
            mark::<Hero>(world, e, true);
            let was_reduced = ops::is_reduced(world, e);
            mark::<Reduced>(world, e, false);
            let name = ops::name(world, e);
            ops::log(
                world,
                "7.2",
                format!("A hero joins {name}{}", if was_reduced { ", which is rallied for free" } else { "" }),
                EventKind::HeroPlaced { unit: id },
            );
            go_activate(world, e);
        }
        Command::Repair(id) => {
            let Some(e) = ops::find(world, &id) else { return };
            mark::<Breakdown>(world, e, false);
            mark::<Reduced>(world, e, false);
            let name = ops::name(world, e);
            ops::log(world, "7.2", format!("The mechanic repairs {name}"), EventKind::Repaired { unit: id });
            go_activate(world, e);
        }
        _ => sequence::advance(world),
    }
}

/// Activates a unit at once for a hero or mechanic: the stage becomes an activation stage.
fn go_activate(world: &mut World, e: Entity) {
    if let Some(st) = world.resource_mut::<Agenda>().current.as_mut() {
        st.phase = Phase::Activation;
    }
    crate::engine::goto(world, Phase::Activation);
    activation::start(world, e);
}

/// OnEnter(Pause): each side may reorganise up to 3 units not adjacent to enemy units (7.2).
pub fn begin_pause(world: &mut World) {
    let n = world.resource::<Setup>().0.tables.random_sequence.pause_units;
    *world.resource_mut::<Choice>() = Choice { remaining: n, chosen: Vec::new() };
    if legal_pause(world).len() <= 1 {
        sequence::advance(world);
    }
}

pub fn check_pause(world: &World, cmd: &Command) -> Result<(), Refusal> {
    match cmd {
        Command::Done => Ok(()),
        Command::Reorganise(id) => {
            let sit = Situation::capture(world);
            let side = stage_side(world);
            let u = sit.by_id(id).ok_or_else(|| Refusal::new(format!("there is no unit `{id}`")))?;
            let Some(h) = u.hex() else { return Err(Refusal::new("the unit is not on the map")) };
            if u.side() != side {
                return Err(Refusal::by_rule("7.2", format!("{} reorganises its own units", side.name())));
            }
            if !u.reduced || u.is_tank() {
                return Err(Refusal::by_rule("7.2", "only a disorganised battalion can be reorganised"));
            }
            if sit.board().neighbors(h).any(|n| sit.enemy_in(n, side)) {
                return Err(Refusal::by_rule("7.2", "a unit adjacent to enemy units cannot be reorganised"));
            }
            if world.resource::<Choice>().remaining == 0 {
                return Err(Refusal::by_rule("7.2", "up to 3 units may be reorganised"));
            }
            Ok(())
        }
        _ => Err(Refusal::new("reorganise a unit, or end the pause (Done)")),
    }
}

pub fn legal_pause(world: &World) -> Vec<Command> {
    let sit = Situation::capture(world);
    let mut out: Vec<Command> =
        sit.units.iter().map(|u| Command::Reorganise(u.unit.id.to_string())).filter(|c| check_pause(world, c).is_ok()).collect();
    out.push(Command::Done);
    out
}

pub fn apply_pause(world: &mut World, cmd: Command) {
    if let Command::Reorganise(id) = cmd
        && let Some(e) = ops::find(world, &id)
    {
        mark::<Reduced>(world, e, false);
        let name = ops::name(world, e);
        ops::log(world, "7.2", format!("{name} is reorganised during the pause"), EventKind::Reorganised { unit: id });
        world.resource_mut::<Choice>().remaining -= 1;
        if world.resource::<Choice>().remaining > 0 && legal_pause(world).len() > 1 {
            return;
        }
    }
    sequence::advance(world);
}

/// Optional rule 3, at the intensity test: `AttemptCohesion` or `Done` (accept the random sequence).
pub fn check_cohesion(_world: &World, cmd: &Command) -> Result<(), Refusal> {
    match cmd {
        Command::AttemptCohesion | Command::Done => Ok(()),
        _ => Err(Refusal::by_rule("O3", "attempt to maintain cohesion (AttemptCohesion) or accept the random sequence (Done)")),
    }
}

/// The cohesion roll: a die + the turn + (intensity - confusion); 6 or less succeeds, and the next
/// turn is classic, the following ones random.
pub fn apply_cohesion(world: &mut World, cmd: Command) {
    if cmd == Command::AttemptCohesion {
        let turn = ops::turn(world);
        let (i, c) = {
            let t = world.resource::<Tracks>();
            (t.intensity, t.confusion)
        };
        let die = ops::roll(world, "attempt to maintain cohesion", "O3");
        let total = die as i32 + turn as i32 + (i - c);
        let success = total <= 6;
        ops::log(
            world,
            "O3",
            format!(
                "Maintaining cohesion: d6 {die} + turn {turn} + {} (intensity {i} - confusion {c}) = {total}: {}",
                i - c,
                if success { "success, next turn is classic" } else { "failure" }
            ),
            EventKind::Cohesion { roll: die, total, success },
        );
        if success {
            world.resource_mut::<Clock>().random_after_this_turn = true;
            sequence::advance(world);
            return;
        }
    }
    sequence::set_random(world, true);
    sequence::advance(world);
}

/// True while the intensity test waits for the German decision.
pub fn cohesion_pending(world: &World) -> bool {
    let t = world.resource::<Tracks>();
    world.resource::<Setup>().0.spec.options.maintaining_cohesion
        && t.intensity >= t.confusion
        && !world.resource::<Clock>().random_after_this_turn
}

/// Units waiting on the turn track, for the window.
pub fn on_track(sit: &Situation) -> Vec<(String, u32)> {
    sit.units
        .iter()
        .filter_map(|u| match u.location {
            Location::OnTrack { turn } => Some((u.unit.id.to_string(), turn)),
            _ => None,
        })
        .collect()
}
