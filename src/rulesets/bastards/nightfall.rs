//! Chapter 9, "Nightfall" turns, and chapter 10, the Australian Night Assault of 24–25 April.

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::Refusal;

use super::events::{Command, EventKind};
use super::map::Situation;
use super::markers::pull_back;
use super::ops::{self, Cause};
use super::sequence;
use super::state::{Agenda, Night, Setup, StageKind, Tracks};
use super::units::{Location, Reduced, Side};
use crate::engine::marker::mark;

/// OnEnter(Nightfall): the procedure's steps.
pub fn step(world: &mut World) {
    let kind = world.resource::<Agenda>().current.as_ref().map(|s| s.kind.clone());
    match kind {
        Some(StageKind::NightfallTanks) => eliminate_tanks(world),
        Some(StageKind::NightfallBattalions) => {
            battalions(world);
            reset_tracks(world);
        }
        _ => {}
    }
    sequence::advance(world);
}

/// Step 1: every damaged or broken-down tank is eliminated.
fn eliminate_tanks(world: &mut World) {
    ops::log(
        world,
        "9",
        "Nightfall: damaged and broken-down tanks are lost",
        EventKind::PhaseBegan { phase: "nightfall".into(), side: None },
    );
    let sit = Situation::capture(world);
    let lost: Vec<Entity> =
        sit.units.iter().filter(|u| u.is_tank() && u.hex().is_some() && (u.reduced || u.breakdown)).map(|u| u.entity).collect();
    for e in lost {
        ops::eliminate(world, e, Cause::Other, "9");
    }
}

/// Steps 2–3: disorganised battalions pull back 5 hexes and are reorganised; those next to a
/// non-disorganised enemy battalion first roll a die, and are eliminated if it exceeds their medals.
/// After a night assault, its deployed units and the German battalions within 2 hexes of them are
/// left alone (10).
fn battalions(world: &mut World) {
    let sit = Situation::capture(world);
    let night = world.resource::<Night>().clone();
    let reach = sit.scenario.spec.night_assault.as_ref().map(|n| n.german_reach).unwrap_or(2);
    let deployed_hexes: Vec<Hex> = night.deployed.iter().filter_map(|e| sit.get(*e).and_then(|u| u.hex())).collect();
    let n = sit.scenario.tables.nightfall.pull_back;
    let max = sit.scenario.tables.max_medals;
    let mut order: Vec<_> = sit.units.iter().filter(|u| !u.is_tank() && u.reduced && u.hex().is_some()).cloned().collect();
    order.sort_by_key(|u| (u.side(), u.unit.order));
    for u in order {
        let h = u.hex().unwrap_or_default();
        if night.deployed.contains(&u.entity) {
            continue;
        }
        if u.side() == Side::German && deployed_hexes.iter().any(|d| d.unsigned_distance_to(h) <= reach) {
            continue;
        }
        let now = Situation::capture(world);
        let engaged = now.board().neighbors(h).any(|x| now.at(x).any(|o| o.side() != u.side() && !o.is_tank() && !o.reduced));
        if engaged {
            let die = ops::roll(world, format!("nightfall: {} disengages?", u.unit.name), "9");
            if die > u.medals(max) {
                ops::log(
                    world,
                    "9",
                    format!("{} is caught at nightfall (d6 {die} > {} medals)", u.unit.name, u.medals(max)),
                    EventKind::Note,
                );
                ops::eliminate(world, u.entity, Cause::Other, "9");
                continue;
            }
        }
        if pull_back(world, u.entity, n, "9", &night.deployed) {
            mark::<Reduced>(world, u.entity, false);
        }
    }
}

/// Step 5 (24 April only): intensity to 0, confusion to 20 minus a die; the classic sequence resumes.
fn reset_tracks(world: &mut World) {
    let setup = world.resource::<Setup>().0.clone();
    let turn = ops::turn(world);
    if turn >= setup.last_turn() {
        return;
    }
    let die = ops::roll(world, "confusion marker moved back", "9");
    let confusion = setup.tables.nightfall.confusion_reset - die as i32;
    {
        let mut t = world.resource_mut::<Tracks>();
        t.intensity = 0;
        t.confusion = confusion;
    }
    ops::log(
        world,
        "9",
        format!(
            "The intensity marker returns to 0; the confusion marker to {} - {die} = {confusion}",
            setup.tables.nightfall.confusion_reset
        ),
        EventKind::TracksReset { intensity: 0, confusion },
    );
    sequence::set_random(world, false);
}

/// OnEnter(NightDeploy).
pub fn begin_deploy(world: &mut World) {
    ops::log(
        world,
        "10",
        "Australian night assault: the Allied player deploys the night assault units",
        EventKind::PhaseBegan { phase: "night deployment".into(), side: Some(Side::Allied) },
    );
    if legal_deploy(world).len() <= 1 {
        finish_deploy(world);
    }
}

/// Placement (10): west of column 11 inclusive, at least 3 hexes from any enemy unit, adjacent to a
/// friendly unit that traces a line of communication to the West edge.
pub fn check_deploy(world: &World, cmd: &Command) -> Result<(), Refusal> {
    let sit = Situation::capture(world);
    let Some(na) = sit.scenario.spec.night_assault.clone() else {
        return Err(Refusal::new("this scenario has no night assault"));
    };
    match cmd {
        Command::Done => {
            if legal_deploy_units(&sit).is_empty() {
                Ok(())
            } else {
                Err(Refusal::by_rule("10", "every night-assault unit that can be placed must be deployed"))
            }
        }
        Command::Deploy(id, label) => {
            let u = sit.by_id(id).ok_or_else(|| Refusal::new(format!("there is no unit `{id}`")))?;
            if !na.units.contains(id) || u.location != Location::Waiting {
                return Err(Refusal::by_rule("10", format!("{} is not a night-assault unit waiting to deploy", u.unit.name)));
            }
            let h = sit.board().parse(label).map_err(Refusal::new)?;
            let comms = sit.communications(Side::Allied);
            placement(&sit, &comms, h, na.max_column, na.min_enemy_distance).map_err(|r| Refusal::by_rule("10", r))
        }
        _ => Err(Refusal::new("deploy a night-assault unit (Deploy(unit, hex))")),
    }
}

fn placement(sit: &Situation, comms: &[bool], h: Hex, max_column: u32, min_enemy: u32) -> Result<(), String> {
    let board = sit.board();
    if !sit.in_play(h) || sit.at(h).next().is_some() {
        return Err(format!("{} is not a free hex in play", board.label(h)));
    }
    if board.offset_of(h).0 as u32 + 1 > max_column {
        return Err(format!("night-assault units deploy west of column {max_column} inclusive"));
    }
    if sit.units.iter().any(|u| u.side() == Side::German && u.hex().is_some_and(|g| g.unsigned_distance_to(h) < min_enemy)) {
        return Err(format!("night-assault units deploy at least {min_enemy} hexes from any enemy unit"));
    }
    let next_to_supplied =
        board.neighbors(h).any(|n| sit.at(n).any(|u| u.side() == Side::Allied && sit.has_communication(n, Side::Allied, comms)));
    if !next_to_supplied {
        return Err("night-assault units deploy next to a friendly unit that traces a line of communication to the West edge".into());
    }
    Ok(())
}

fn legal_deploy_units(sit: &Situation) -> Vec<(String, Hex)> {
    let Some(na) = sit.scenario.spec.night_assault.clone() else { return Vec::new() };
    let comms = sit.communications(Side::Allied);
    let hexes: Vec<Hex> =
        sit.board().hexes().filter(|h| placement(sit, &comms, *h, na.max_column, na.min_enemy_distance).is_ok()).collect();
    let mut out = Vec::new();
    for id in &na.units {
        if sit.by_id(id).is_some_and(|u| u.location == Location::Waiting) {
            for h in &hexes {
                out.push((id.clone(), *h));
            }
        }
    }
    out
}

pub fn legal_deploy(world: &World) -> Vec<Command> {
    let sit = Situation::capture(world);
    let mut out: Vec<Command> = legal_deploy_units(&sit).into_iter().map(|(id, h)| Command::Deploy(id, sit.board().label(h))).collect();
    if check_deploy(world, &Command::Done).is_ok() {
        out.push(Command::Done);
    }
    out
}

pub fn apply_deploy(world: &mut World, cmd: Command) {
    if let Command::Deploy(id, label) = cmd {
        let h = world.resource::<Setup>().0.board.parse(&label).ok();
        if let (Some(e), Some(h)) = (ops::find(world, &id), h) {
            ops::place(world, e, h);
            world.resource_mut::<Night>().deployed.push(e);
            let name = ops::name(world, e);
            ops::log(world, "10", format!("{name} deploys on {label}"), EventKind::Deployed { unit: id, hex: label });
        }
        if legal_deploy(world).len() > 1 || check_deploy(world, &Command::Done).is_err() {
            return;
        }
    }
    finish_deploy(world);
}

/// Units that could not be placed do not take part.
fn finish_deploy(world: &mut World) {
    let setup = world.resource::<Setup>().0.clone();
    if let Some(na) = &setup.spec.night_assault {
        for id in &na.units {
            if let Some(e) = ops::find(world, id)
                && ops::location(world, e) == Location::Waiting
            {
                if let Some(mut l) = world.get_mut::<Location>(e) {
                    *l = Location::Unused;
                }
                let name = ops::name(world, e);
                ops::log(world, "10", format!("{name} finds no room to deploy and takes no part"), EventKind::Note);
            }
        }
    }
    sequence::advance(world);
}
