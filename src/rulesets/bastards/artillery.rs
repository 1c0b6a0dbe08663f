//! Chapter 5, Artillery: markers per side per turn from the turn track (or an Artillery activation
//! marker), one per hex; on target on 1–3 (-1 on turn 1), otherwise scattered by a direction die;
//! effects on tanks (a loss on 5–6) and battalions (disorganised, then eliminated on a die above
//! their medals, -1 in a trench); German counter-battery.

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::Refusal;

use super::events::{Command, EventKind};
use super::map::Situation;
use super::ops::{self, Cause};
use super::sequence;
use super::state::{Agenda, Barrage, BarrageMarker, Setup, StageKind, Tracks, barrage_markers_left, barrages_placed};
use super::units::{Reduced, Side};
use crate::engine::marker::mark;

fn side(world: &World) -> Side {
    world.resource::<Agenda>().current.as_ref().and_then(|s| s.side).unwrap_or(Side::German)
}

fn classic(world: &World) -> bool {
    matches!(world.resource::<Agenda>().current.as_ref().map(|s| &s.kind), Some(StageKind::Barrage { classic: true, .. }))
}

/// OnEnter(Barrage): how many markers the side has now.
pub fn begin(world: &mut World) {
    let setup = world.resource::<Setup>().0.clone();
    let st = world.resource::<Agenda>().current.clone();
    let Some(st) = st else { return };
    let side = st.side.unwrap_or(Side::German);
    let turn = ops::turn(world);
    let mut markers = match st.kind {
        StageKind::Barrage { classic: true, .. } => {
            let t = setup.turn(turn);
            match side {
                Side::German => t.map(|t| t.german_artillery).unwrap_or(0),
                Side::Allied => t.map(|t| t.allied_artillery).unwrap_or(0),
            }
        }
        StageKind::Barrage { markers, .. } => markers,
        _ => 0,
    };
    if side == Side::Allied {
        let lost = std::mem::take(&mut world.resource_mut::<Tracks>().allied_artillery_lost);
        if lost > 0 {
            let before = markers;
            markers = markers.saturating_sub(lost);
            ops::log(
                world,
                "5",
                format!("German counter-battery: the Allied player has {markers} marker(s) instead of {before}"),
                EventKind::Note,
            );
        }
    }
    *world.resource_mut::<Barrage>() = Barrage { available: markers, counter_battery: 0 };
    ops::log(
        world,
        "5",
        format!("{} artillery: {markers} barrage marker{}", side.name(), if markers == 1 { "" } else { "s" }),
        EventKind::PhaseBegan { phase: "artillery barrage".into(), side: Some(side) },
    );
    if markers == 0 {
        sequence::advance(world);
    }
}

pub fn check(world: &World, cmd: &Command) -> Result<(), Refusal> {
    let left = barrage_markers_left(world);
    match cmd {
        Command::PlaceBarrage(label) => {
            let sit = Situation::capture(world);
            let h = sit.board().parse(label).map_err(Refusal::new)?;
            if !sit.in_play(h) {
                return Err(Refusal::by_rule("Scenarios", format!("{label} is outside the map in play")));
            }
            if left == 0 {
                return Err(Refusal::by_rule("5", "every artillery marker has been placed"));
            }
            if barrages_placed(world).contains(&h) {
                return Err(Refusal::by_rule("5", "only one artillery marker may be placed per hex"));
            }
            Ok(())
        }
        Command::CounterBattery => {
            if side(world) != Side::German {
                return Err(Refusal::by_rule("5", "only the German player can perform counter-battery fire"));
            }
            if !classic(world) {
                return Err(Refusal::by_rule("5", "counter-battery is announced in the German barrage phase"));
            }
            if left == 0 {
                return Err(Refusal::by_rule("5", "every artillery marker has been used"));
            }
            Ok(())
        }
        Command::FireBarrages | Command::Done => Ok(()),
        _ => Err(Refusal::new("place artillery markers (PlaceBarrage), announce counter-battery, or fire (FireBarrages)")),
    }
}

/// Every legal barrage command: a marker on any hex in play not yet targeted, counter-battery, firing.
pub fn legal(world: &World) -> Vec<Command> {
    let sit = Situation::capture(world);
    let placed = barrages_placed(world);
    let mut out: Vec<Command> = if barrage_markers_left(world) == 0 {
        Vec::new()
    } else {
        sit.board()
            .hexes()
            .filter(|h| sit.in_play(*h) && !placed.contains(h))
            .map(|h| Command::PlaceBarrage(sit.board().label(h)))
            .collect()
    };
    if check(world, &Command::CounterBattery).is_ok() {
        out.push(Command::CounterBattery);
    }
    // `Done` is a synonym of `FireBarrages` (it ends the barrage).
    out.push(Command::FireBarrages);
    out.push(Command::Done);
    out
}

pub fn apply(world: &mut World, cmd: Command) {
    match cmd {
        Command::PlaceBarrage(label) => {
            let h = world.resource::<Setup>().0.board.parse(&label).ok();
            if let Some(h) = h {
                let order = barrages_placed(world).len() as u32;
                world.spawn(BarrageMarker { hex: h, order });
                ops::log(world, "5", format!("Artillery marker placed on {label}"), EventKind::BarragePlaced { hex: label });
            }
        }
        Command::CounterBattery => {
            world.resource_mut::<Barrage>().counter_battery += 1;
            ops::log(world, "5", "One artillery marker is used for counter-battery fire", EventKind::CounterBattery { markers: 1 });
        }
        _ => {
            fire(world);
            return;
        }
    }
    // Every marker placed or used: the barrage is fired at once.
    if barrage_markers_left(world) == 0 {
        fire(world);
    }
}

/// Resolves every placed marker in the order placed, then the counter-battery.
fn fire(world: &mut World) {
    let b = std::mem::take(&mut *world.resource_mut::<Barrage>());
    let placed = barrages_placed(world);
    let markers: Vec<Entity> = world.query_filtered::<Entity, With<BarrageMarker>>().iter(world).collect();
    for e in markers {
        world.despawn(e);
    }
    let setup = world.resource::<Setup>().0.clone();
    let t = &setup.tables.artillery;
    let turn_mod = if ops::turn(world) == 1 { t.turn_1_modifier } else { 0 };
    for target in placed {
        let label = ops::label(world, target);
        let die = ops::roll(world, format!("barrage on {label}: on target?"), "5");
        let result = die as i32 + turn_mod;
        let hit = if result <= t.on_target {
            target
        } else {
            let d = ops::roll(world, format!("barrage on {label}: scatter direction"), "5");
            let dir = t.scatter.get(d as usize - 1).copied().unwrap_or(crate::engine::board::hex::Direction::East);
            target + dir.pointy_step()
        };
        let scattered = hit != target;
        let hit_label = if setup.board.contains(hit) { ops::label(world, hit) } else { "off the map".into() };
        ops::log(
            world,
            "5",
            if scattered {
                format!(
                    "Barrage on {label} (d6 {die}{}) scatters to {hit_label}",
                    if turn_mod != 0 { format!(" {turn_mod:+}") } else { String::new() }
                )
            } else {
                format!("Barrage lands on {label} (d6 {die}{})", if turn_mod != 0 { format!(" {turn_mod:+}") } else { String::new() })
            },
            EventKind::BarrageLanded { target: label.clone(), hex: hit_label, scattered },
        );
        strike(world, hit);
    }
    if b.counter_battery > 0 {
        world.resource_mut::<Tracks>().allied_artillery_lost += b.counter_battery;
        ops::log(
            world,
            "5",
            format!("Counter-battery: the Allied player loses {} marker(s) at his next barrage", b.counter_battery),
            EventKind::CounterBattery { markers: b.counter_battery },
        );
    }
    sequence::advance(world);
}

/// The effect of a barrage on the hex it hits, whoever's units are there.
pub fn strike(world: &mut World, h: Hex) {
    let sit = Situation::capture(world);
    let t = sit.scenario.tables.artillery.clone();
    let max = sit.scenario.tables.max_medals;
    let victims: Vec<_> = sit.at(h).cloned().collect();
    if victims.is_empty() {
        return;
    }
    let in_trench = sit.trench(h).is_some();
    for u in victims {
        if u.is_tank() {
            let die = ops::roll(world, format!("barrage on {}", u.unit.name), "5");
            if die >= t.tank_loss_on {
                ops::inflict_loss(world, u.entity, Cause::Barrage, "5");
            } else {
                ops::log(world, "5", format!("{} is unharmed (d6 {die})", u.unit.name), EventKind::Note);
            }
        } else {
            if !u.reduced {
                mark::<Reduced>(world, u.entity, true);
                ops::log(
                    world,
                    "5",
                    format!("{} is disorganised by the barrage", u.unit.name),
                    EventKind::Loss { unit: u.unit.id.to_string(), status: "disorganised".into() },
                );
            }
            let die = ops::roll(world, format!("barrage on {}: survival", u.unit.name), "5");
            let m = if in_trench { t.trench_modifier } else { 0 };
            let result = die as i32 + m;
            let medals = u.medals(max) as i32;
            if result > medals {
                ops::log(
                    world,
                    "5",
                    format!(
                        "d6 {die}{} = {result} is more than its {medals} medals",
                        if m != 0 { format!(" {m:+} (trench)") } else { String::new() }
                    ),
                    EventKind::Note,
                );
                ops::eliminate(world, u.entity, Cause::Barrage, "5");
            } else {
                ops::log(
                    world,
                    "5",
                    format!(
                        "{} holds (d6 {die}{} = {result}, {medals} medals)",
                        u.unit.name,
                        if m != 0 { format!(" {m:+}") } else { String::new() }
                    ),
                    EventKind::Note,
                );
            }
        }
    }
}
