//! Phase E: artillery bombing (7): alternating shots, counter-battery (7.2), hits and their spread
//! (7.3), trenches (7.3.3), defence bonuses (7.3.4) and the ruins of Diksmuide (7.3.5).

use bevy::prelude::*;

use crate::engine::Refusal;

use super::events::{Command, EventKind};
use super::state::{Pos, Rt, Shot};
use super::strategy::Timing;
use super::units::{Kind, Side};
use super::{sequence, stratagems};

/// Whether a camp can still do anything in phase E.
fn can_act(p: &Pos, side: Side) -> bool {
    let guns = sequence::fresh_guns(p, side);
    guns.iter().any(|&g| !targets(p, g).is_empty()) || sequence::holds(p, side, Timing::Bombing)
}

/// The zones a gun may bomb: zones held by the enemy, in range (1.3.2).
pub fn targets(p: &Pos, gun: usize) -> Vec<u32> {
    let enemy = p.side(gun).enemy();
    p.sc.zone_ids().filter(|&z| p.occupant(z) == Some(enemy) && p.in_range(gun, z)).collect()
}

/// Guns that may answer a shot with counter-battery (7.2): heavy only against heavy; field (in
/// range of the firing unit) or heavy against field.
pub fn counter_guns(p: &Pos, shot: &Shot) -> Vec<usize> {
    let firing = p.zone_of(shot.unit).unwrap_or_default();
    sequence::fresh_guns(p, shot.side.enemy())
        .into_iter()
        .filter(|&g| match p.kind(shot.unit) {
            Kind::HeavyArtillery => p.kind(g) == Kind::HeavyArtillery,
            _ => p.kind(g) == Kind::HeavyArtillery || p.in_range(g, firing),
        })
        .collect()
}

/// Moves the phase to the camp whose turn it is, or on to phase F.
pub fn next(p: &mut Pos, rt: &mut Rt) {
    for _ in 0..4 {
        let Some(side) = p.r.bombing.to_move else { break };
        if !p.r.bombing.stopped[side.index()] && can_act(p, side) {
            return;
        }
        p.r.bombing.stopped[side.index()] = true;
        if p.r.bombing.stopped[side.enemy().index()] {
            break;
        }
        p.r.bombing.to_move = Some(side.enemy());
    }
    p.r.bombing.to_move = None;
    sequence::begin_activation(p, rt);
}

pub fn candidates(p: &Pos) -> Vec<Command> {
    if let Some(shot) = &p.r.bombing.shot {
        let mut out = vec![Command::NoCounterBattery];
        out.extend(counter_guns(p, shot).into_iter().map(|g| Command::CounterBattery(p.id(g).to_string())));
        return out;
    }
    let Some(side) = p.r.bombing.to_move else { return Vec::new() };
    let mut out = vec![Command::Done];
    out.extend(stratagems::playable(p, side).into_iter().filter(|s| s.timing() == Timing::Bombing).map(Command::Play));
    for g in sequence::fresh_guns(p, side) {
        for z in targets(p, g) {
            out.push(Command::Bomb(p.id(g).to_string(), z));
        }
    }
    out
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    if let Some(shot) = &p.r.bombing.shot {
        return match c {
            Command::NoCounterBattery => Ok(()),
            Command::CounterBattery(id) => {
                let g = p.find(id).ok_or_else(|| Refusal::new(format!("there is no unit `{id}`")))?;
                if counter_guns(p, shot).contains(&g) {
                    Ok(())
                } else {
                    Err(Refusal::by_rule(
                        "7.2",
                        format!(
                            "{id} cannot answer: an unused gun of the other camp, heavy against heavy, field in range or heavy against field"
                        ),
                    ))
                }
            }
            _ => Err(Refusal::by_rule("7.2", "a bombing is announced: CounterBattery with an unused gun, or NoCounterBattery")),
        };
    }
    let Some(side) = p.r.bombing.to_move else { return Err(Refusal::new("nobody bombs now")) };
    match c {
        Command::Done => Ok(()),
        Command::Play(s) => stratagems::check_play(p, side, *s, Timing::Bombing),
        Command::Bomb(id, zone) => {
            let g = p.find(id).ok_or_else(|| Refusal::new(format!("there is no unit `{id}`")))?;
            if !sequence::fresh_guns(p, side).contains(&g) {
                return Err(Refusal::by_rule("7.2", format!("{id} is not an unused artillery unit of yours")));
            }
            if !targets(p, g).contains(zone) {
                return Err(Refusal::by_rule("1.3.2", format!("zone {zone} is not an enemy zone in range of {id}")));
            }
            Ok(())
        }
        _ => Err(Refusal::by_rule("7.2", "phase E: Bomb a zone, Play a strategy or stop (Done)")),
    }
}

/// Carries out a checked command of phase E on a position.
pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    match c {
        Command::Bomb(id, zone) => {
            let side = p.r.bombing.to_move.expect("checked");
            let shot = Shot { side, unit: p.find(&id).expect("checked"), zone };
            if counter_guns(p, &shot).is_empty() {
                fire(p, rt, shot, None);
            } else {
                p.r.bombing.shot = Some(shot);
            }
        }
        Command::CounterBattery(id) => {
            let shot = p.r.bombing.shot.take().expect("checked");
            fire(p, rt, shot, p.find(&id));
        }
        Command::NoCounterBattery => {
            let shot = p.r.bombing.shot.take().expect("checked");
            fire(p, rt, shot, None);
        }
        Command::Play(s) => {
            let side = p.r.bombing.to_move.expect("checked");
            stratagems::play(p, rt, side, s);
            next(p, rt);
        }
        _ => {
            let side = p.r.bombing.to_move.expect("checked");
            p.r.bombing.stopped[side.index()] = true;
            rt.log("7", format!("{} stops bombing", side.name()), EventKind::Note);
            p.r.bombing.to_move = Some(side.enemy());
            next(p, rt);
        }
    }
}

/// The die modifier of a shot (7.2): heavy artillery, the Taube, earlier shots at the zone.
pub fn modifier(p: &Pos, shot: &Shot) -> i32 {
    let t = &p.sc.tables.bombing;
    let heavy = p.kind(shot.unit) == Kind::HeavyArtillery;
    let mut m = if heavy { t.heavy_bonus } else { 0 };
    if heavy && shot.side == Side::German && p.r.flags.taube {
        m += t.taube_bonus;
    }
    m - t.repeat_penalty * p.r.bombing.bombed.get(&shot.zone).copied().unwrap_or(0) as i32
}

/// Resolves a shot, with the counter-battery fire answering it (7.2, 7.3).
pub fn fire(p: &mut Pos, rt: &mut Rt, shot: Shot, counter: Option<usize>) {
    let mut penalty = 0;
    if let Some(g) = counter {
        let roll = rt.d6(format!("counter-battery by {}", p.id(g)), "7.2");
        penalty = p.sc.tables.counter_battery_penalty(roll);
        p.units[g].used = true;
        let id = p.id(g).to_string();
        rt.log(
            "7.2",
            format!("{id} fires counter-battery: {roll}, {penalty} on the bombing die"),
            EventKind::CounterBattery { unit: id, roll, penalty },
        );
    }
    let modifier = modifier(p, &shot) + penalty;
    let roll = rt.d6(format!("bombing of zone {} by {}", shot.zone, p.id(shot.unit)), "7.2");
    let hits = p.sc.tables.bombing_hits(sequence::strength(p, shot.unit), roll as i32 + modifier);
    p.units[shot.unit].used = true;
    *p.r.bombing.bombed.entry(shot.zone).or_insert(0) += 1;
    let id = p.id(shot.unit).to_string();
    rt.log(
        "7.2",
        format!("{id} bombs zone {}: {roll} {modifier:+}, {hits} hit(s)", shot.zone),
        EventKind::Bombing { unit: id, zone: shot.zone, roll, modifier, hits },
    );
    apply_hits(p, rt, shot.zone, hits);
    p.r.bombing.to_move = Some(if p.r.bombing.stopped[shot.side.enemy().index()] { shot.side } else { shot.side.enemy() });
    next(p, rt);
}

/// The hits of a bombing on a zone (7.3).
pub fn apply_hits(p: &mut Pos, rt: &mut Rt, zone: u32, hits: u32) {
    let mut hits = hits;
    if p.sc.zone(zone).diksmuide {
        // 7.3.5 (printed 8.3.5): the town takes the first 4 hits and is ruined (+3), then the first 3 (+2).
        let bonus = p.bonus(zone).max(0) as u32;
        let ruins = &p.sc.tables.diksmuide.ruins;
        if hits < bonus {
            rt.log("7.3.5", format!("Diksmuide absorbs the {hits} hit(s)"), EventKind::Note);
            return;
        }
        hits -= bonus;
        let next = match p.r.ruins {
            None => Some(0),
            Some(i) if i + 1 < ruins.len() => Some(i + 1),
            Some(i) => Some(i),
        };
        if next != p.r.ruins {
            p.r.ruins = next;
            let b = ruins[next.unwrap_or(0)];
            rt.log("7.3.5", format!("Diksmuide is in ruins: defence bonus {b:+}"), EventKind::Ruins { bonus: b });
        }
    } else {
        if hits > 0 && p.r.trenches.remove(&zone) {
            hits -= 1;
            rt.log(
                "7.3.3",
                format!("the trenches of zone {zone} take the first hit and are destroyed"),
                EventKind::Trenches { zone, dug: false },
            );
        }
        hits = hits.saturating_sub(p.bonus(zone).max(0) as u32);
    }
    let infantry: Vec<usize> = p.in_zone(zone).into_iter().filter(|&u| p.is_infantry(u)).collect();
    p.spread(rt, &infantry, hits, true, "7.3");
}
