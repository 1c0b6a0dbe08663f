//! Phase F: alternating activation (8): putting the units of a zone on the offensive for 1 RP and
//! moving them (8.1), permutation (8.1.1), detached companies (8.1.2), the free moves of the HQ, the
//! machine guns and the artillery (8.1.3), leaving a zone next to the enemy (8.4.1), the Yser (8.6),
//! passing (8.5); the assault itself is in `assault`.

use std::collections::{BTreeSet, VecDeque};

use bevy::prelude::*;

use crate::engine::Refusal;

use super::events::{Command, EventKind};
use super::scenario::{Arrival, Bank};
use super::state::{Act, AssaultStep, Pos, Rt};
use super::strategy::Timing;
use super::units::{Kind, Level, Side, Where};
use super::{assault, sequence, stratagems};

pub fn side(p: &Pos) -> Option<Side> {
    p.r.impulse.side
}

/// Units that may go with the infantry or move on their own (8.1.3).
pub fn is_support(p: &Pos, u: usize) -> bool {
    matches!(p.kind(u), Kind::Hq | Kind::MachineGuns | Kind::FieldArtillery | Kind::HeavyArtillery)
}

fn on_left(p: &Pos, z: u32) -> bool {
    p.sc.zone(z).bank == Bank::Left
}

/// Whether `units` may enter `to` from `from` (8.1): adjacent, no enemy there, stacking at all
/// times (1.1.2), the BrFM HQ never across the Yser (8.1.3).
pub fn may_enter(p: &Pos, units: &[usize], from: u32, to: u32, side: Side) -> bool {
    p.adjacent_for(from, to, side)
        && p.occupant(to) != Some(side.enemy())
        && p.stacking_ok(to, units, units)
        && (!units.iter().any(|&u| p.kind(u) == Kind::Hq) || on_left(p, to) == on_left(p, from))
}

/// Units moving must stop in a zone next to the enemy unless friendly units hold it (8.1).
fn must_stop(p: &Pos, units: &[usize], zone: u32, side: Side) -> bool {
    let friends = p.in_zone(zone).into_iter().any(|u| !units.contains(&u) && p.side(u) == side);
    !p.enemy_zones(zone, side.enemy()).is_empty() && !friends
}

/// Where a support unit may end its move (8.1.3): not alone next to enemy infantry, and 1.1.1.
fn support_may_end(p: &Pos, zone: u32, side: Side, movers: &[usize]) -> bool {
    let friendly_infantry = p.in_zone(zone).into_iter().any(|u| !movers.contains(&u) && p.side(u) == side && p.is_infantry(u));
    p.may_stand(zone, side) && (friendly_infantry || p.infantry_zones(zone, side.enemy()).is_empty())
}

/// The zones next to `z` for `side`'s movement: the map's, and zone 1 after an Offensive on
/// Tervaete (12).
fn links(p: &Pos, z: u32, side: Side) -> Vec<u32> {
    let mut out = p.neighbours(z);
    if side == Side::German && p.r.flags.tervaete {
        let more: Vec<u32> = p.sc.zone_ids().filter(|&n| !out.contains(&n) && p.adjacent_for(z, n, side)).collect();
        out.extend(more);
    }
    out
}

/// Zones `units` can reach from `from` (8.1, 8.1.3).
pub fn reach(p: &Pos, units: &[usize], from: u32, side: Side) -> BTreeSet<u32> {
    let mut seen = BTreeSet::from([from]);
    let mut queue = VecDeque::from([from]);
    while let Some(z) = queue.pop_front() {
        if z != from && must_stop(p, units, z, side) {
            continue;
        }
        for n in links(p, z, side) {
            if !seen.contains(&n) && may_enter(p, units, z, n, side) {
                seen.insert(n);
                queue.push_back(n);
            }
        }
    }
    seen.remove(&from);
    seen
}

/// The candidates when no activation is under way.
fn rest_candidates(p: &Pos, side: Side) -> Vec<Command> {
    let mut out = vec![Command::Done];
    if p.r.impulse.follow_up {
        out.extend(stratagems::playable(p, side).into_iter().filter(|s| s.timing() == Timing::AfterActivation).map(Command::Play));
        return out;
    }
    let mut zones: Vec<u32> = sequence::on_map(p, side).into_iter().filter_map(|u| p.zone_of(u)).collect();
    zones.sort();
    zones.dedup();
    for &z in zones.iter().filter(|&&z| !p.is_hq_zone(z) && !not_another_zone(p, z)) {
        let here = p.in_zone(z);
        let infantry: Vec<String> = here.iter().filter(|&&u| p.is_infantry(u) && p.fit(u)).map(|&u| p.id(u).to_string()).collect();
        if infantry.is_empty() {
            continue;
        }
        out.push(Command::Activate(z, infantry.clone()));
        let mut all = infantry;
        all.extend(here.iter().filter(|&&u| is_support(p, u)).map(|&u| p.id(u).to_string()));
        if !out.contains(&Command::Activate(z, all.clone())) {
            out.push(Command::Activate(z, all));
        }
        for &u in here.iter().filter(|&&u| p.is_battalion(u)) {
            for n in p.neighbours(z) {
                for v in p.in_zone(n).into_iter().filter(|&v| p.is_battalion(v) && p.side(v) == side) {
                    if u < v || !zones.contains(&n) {
                        out.push(Command::Permute(p.id(u).to_string(), p.id(v).to_string()));
                    }
                }
            }
        }
    }
    for u in sequence::on_map(p, side).into_iter().filter(|&u| is_support(p, u)) {
        if let Some(z) = p.zone_of(u).filter(|&z| !p.is_hq_zone(z)) {
            for to in reach(p, &[u], z, side) {
                out.push(Command::Shift(p.id(u).to_string(), to));
            }
        }
    }
    out
}

pub fn candidates(p: &Pos) -> Vec<Command> {
    let Some(side) = side(p) else { return Vec::new() };
    let Some(act) = &p.r.impulse.act else { return rest_candidates(p, side) };
    if let Some(a) = &act.assault {
        return match a.step {
            AssaultStep::Fire => vec![Command::DefensiveFire(false), Command::DefensiveFire(true)],
            AssaultStep::Charge => vec![Command::Charge, Command::BreakOff],
        };
    }
    let mut out = vec![Command::Done];
    let mut zones: Vec<u32> = act.units.iter().filter_map(|&u| p.zone_of(u)).collect();
    zones.sort();
    zones.dedup();
    for &z in &zones {
        let movers: Vec<usize> = act.units.iter().copied().filter(|&u| p.zone_of(u) == Some(z) && !act.stopped.contains(&u)).collect();
        let infantry: Vec<usize> = movers.iter().copied().filter(|&u| p.is_infantry(u)).collect();
        let mut targets: Vec<u32> = p.neighbours(z);
        targets.extend(p.sc.zone(z).across.iter().copied());
        targets.extend(links(p, z, side).into_iter().filter(|&n| !p.sc.board.adjacent(z, n)));
        for n in targets {
            for group in [movers.clone(), infantry.clone()] {
                if !group.is_empty() {
                    let c = Command::Move(group.iter().map(|&u| p.id(u).to_string()).collect(), n);
                    if !out.contains(&c) {
                        out.push(c);
                    }
                }
            }
            for night in [false, true] {
                out.push(Command::Assault { from: z, target: n, night });
            }
        }
        for &u in &movers {
            if p.spec(u).marine {
                out.push(Command::Detach(p.id(u).to_string()));
            }
        }
    }
    out
}

fn unit(p: &Pos, id: &str) -> Result<usize, Refusal> {
    p.find(id).ok_or_else(|| Refusal::new(format!("there is no unit `{id}`")))
}

fn activation_cost(p: &Pos, side: Side) -> Result<(), Refusal> {
    let cost = p.sc.tables.resource_points.activation;
    if p.r.rp[side.index()] < cost {
        return Err(Refusal::by_rule("4.2", format!("an activation costs {cost} RP; {} RP left", p.r.rp[side.index()])));
    }
    Ok(())
}

fn check_activate(p: &Pos, side: Side, zone: u32, ids: &[String]) -> Result<(), Refusal> {
    activation_cost(p, side)?;
    if not_another_zone(p, zone) {
        let rule = if side == Side::FrancoBelgian { "12.1.1" } else { "12.2.1" };
        return Err(Refusal::by_rule(rule, format!("a coordinated assault activates another zone, not zone {zone} again")));
    }
    if p.is_hq_zone(zone) {
        return Err(Refusal::by_rule(
            "6",
            "units in the HQ zone of the XXII Reserve-Korps are not on the map: they may not go on the offensive",
        ));
    }
    let mut infantry = 0;
    for id in ids {
        let u = unit(p, id)?;
        if p.side(u) != side || p.zone_of(u) != Some(zone) {
            return Err(Refusal::by_rule("8.1", format!("{id} is not one of your units in zone {zone}")));
        }
        if p.is_infantry(u) {
            if !p.fit(u) {
                return Err(Refusal::by_rule(
                    "4.2",
                    format!("{id} is exhausted: only battalions in good order or weakened go on the offensive"),
                ));
            }
            infantry += 1;
        } else if !is_support(p, u) {
            return Err(Refusal::by_rule("8.1.3", format!("{id} cannot go on the offensive")));
        }
    }
    if infantry == 0 || ids.iter().collect::<BTreeSet<_>>().len() != ids.len() {
        return Err(Refusal::by_rule("8.1", "name the infantry of the zone put on the offensive (each once)"));
    }
    Ok(())
}

fn check_permute(p: &Pos, side: Side, a: &str, b: &str) -> Result<(), Refusal> {
    activation_cost(p, side)?;
    let (u, v) = (unit(p, a)?, unit(p, b)?);
    let (Some(za), Some(zb)) = (p.zone_of(u), p.zone_of(v)) else {
        return Err(Refusal::by_rule("8.1.1", "both battalions must be on the map"));
    };
    if p.side(u) != side || p.side(v) != side || !p.is_battalion(u) || !p.is_battalion(v) {
        return Err(Refusal::by_rule("8.1.1", "a permutation exchanges two of your battalions"));
    }
    if !p.sc.board.adjacent(za, zb) || p.is_hq_zone(za) || p.is_hq_zone(zb) {
        return Err(Refusal::by_rule("8.1.1", "the two battalions must be in adjacent zones"));
    }
    if !p.has_bonus(za) || !p.has_bonus(zb) {
        return Err(Refusal::by_rule("8.1.1", "both zones must have trenches or a defence bonus"));
    }
    if !p.stacking_ok(za, &[v], &[u]) || !p.stacking_ok(zb, &[u], &[v]) {
        return Err(Refusal::by_rule("1.1.2", "the exchange would break the stacking limits"));
    }
    Ok(())
}

fn check_shift(p: &Pos, side: Side, id: &str, to: u32) -> Result<(), Refusal> {
    let u = unit(p, id)?;
    if p.side(u) != side || !is_support(p, u) {
        return Err(Refusal::by_rule("8.1.3", format!("{id} is not one of your HQ, machine-gun or artillery units")));
    }
    let Some(from) = p.zone_of(u).filter(|&z| !p.is_hq_zone(z)) else {
        return Err(Refusal::by_rule("6", format!("{id} is not on the map")));
    };
    if p.units[u].raised {
        return Err(Refusal::by_rule("8.1.3", format!("{id} has already moved on its own this phase")));
    }
    if !reach(p, &[u], from, side).contains(&to) || !support_may_end(p, to, side, &[u]) {
        return Err(Refusal::by_rule("8.1.3", format!("{id} cannot move to zone {to}")));
    }
    Ok(())
}

fn check_rest(p: &Pos, side: Side, c: &Command) -> Result<(), Refusal> {
    if p.r.impulse.follow_up {
        return match c {
            Command::Done => Ok(()),
            Command::Play(s) => stratagems::check_play(p, side, *s, Timing::AfterActivation),
            _ => Err(Refusal::by_rule("12", "after your activation: play Coordinated assault or Excessive attack, or Done")),
        };
    }
    match c {
        Command::Done => Ok(()),
        Command::Activate(zone, ids) => check_activate(p, side, *zone, ids),
        Command::Permute(a, b) => check_permute(p, side, a, b),
        Command::Shift(id, to) => check_shift(p, side, id, *to),
        _ => Err(Refusal::by_rule("8", "phase F: Activate a zone, Permute, Shift a support unit, or pass (Done)")),
    }
}

fn check_move(p: &Pos, act: &Act, side: Side, ids: &[String], to: u32) -> Result<(), Refusal> {
    let mut units = Vec::new();
    for id in ids {
        let u = unit(p, id)?;
        if !act.units.contains(&u) {
            return Err(Refusal::by_rule("8.1", format!("{id} is not on the offensive")));
        }
        if act.stopped.contains(&u) {
            return Err(Refusal::by_rule("8.1", format!("{id} has stopped next to the enemy")));
        }
        units.push(u);
    }
    let Some(from) = units.first().and_then(|&u| p.zone_of(u)) else { return Err(Refusal::new("name the units that move")) };
    if units.iter().any(|&u| p.zone_of(u) != Some(from)) || ids.iter().collect::<BTreeSet<_>>().len() != ids.len() {
        return Err(Refusal::by_rule("8.1", "units that move together start in the same zone"));
    }
    if p.sc.zone(from).across.contains(&to) && !p.sc.board.adjacent(from, to) {
        if p.in_zone(to).into_iter().any(|u| p.is_infantry(u)) || p.occupant(to) == Some(side.enemy()) || p.flooded(to) {
            return Err(Refusal::by_rule("8.6", format!("the Yser may be crossed into zone {to} only if it is empty of infantry")));
        }
        if units.iter().any(|&u| p.kind(u) == Kind::Hq) || !units.iter().any(|&u| p.is_battalion(u)) {
            return Err(Refusal::by_rule("8.6", "battalions attempt the crossing (the BrFM HQ never crosses the Yser)"));
        }
        if p.sc.zone(to).tervaete && side == Side::German && !p.r.flags.tervaete {
            return Err(Refusal::by_rule("8.6", "zone 1 is inaccessible to the German until an Offensive on Tervaete is played"));
        }
        if !p.stacking_ok(to, &units, &units) {
            return Err(Refusal::by_rule("1.1.2", format!("zone {to} would be over-stacked")));
        }
        return Ok(());
    }
    if !may_enter(p, &units, from, to, side) {
        return Err(Refusal::by_rule("8.1", format!("these units cannot enter zone {to} from zone {from}")));
    }
    if units.iter().any(|&u| act.visited.contains(&(u, to))) {
        return Err(Refusal::by_rule("8.1", format!("these units have already been in zone {to} during this activation")));
    }
    Ok(())
}

fn check_act(p: &Pos, act: &Act, side: Side, c: &Command) -> Result<(), Refusal> {
    if act.assault.is_some() {
        return assault::check(p, act, side, c);
    }
    match c {
        Command::Done => Ok(()),
        Command::Move(ids, to) => check_move(p, act, side, ids, *to),
        Command::Detach(id) => {
            let u = unit(p, id)?;
            if !act.units.contains(&u) || !p.spec(u).marine || p.units[u].level != Level::Good || p.units[u].detached {
                return Err(Refusal::by_rule(
                    "8.1.2",
                    format!("{id} is not an activated marine fusiliers battalion in good order that has not detached a company"),
                ));
            }
            if free_company(p).is_none() {
                return Err(Refusal::by_rule("8.1.2", "no company counter is left"));
            }
            Ok(())
        }
        Command::Assault { .. } => assault::check_declare(p, act, side, c),
        _ => Err(Refusal::by_rule("8.1", "the activation: Move, Detach, Assault, or end it (Done)")),
    }
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let Some(side) = side(p) else { return Err(Refusal::new("nobody activates now")) };
    match &p.r.impulse.act {
        None => check_rest(p, side, c),
        Some(act) => check_act(p, act, side, c),
    }
}

pub fn free_company(p: &Pos) -> Option<usize> {
    (0..p.units.len())
        .find(|&u| p.kind(u) == Kind::Company && p.units[u].at == Where::Waiting && p.spec(u).arrives == Some(Arrival::Detached))
}

fn ids(p: &Pos, ids: &[String]) -> Vec<usize> {
    ids.iter().filter_map(|id| p.find(id)).collect()
}

/// Carries out a checked command of phase F on a position.
pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    let side = side(p).expect("checked");
    if p.r.impulse.act.as_ref().is_some_and(|a| a.assault.is_some()) {
        return assault::exec(p, rt, side, c);
    }
    match c {
        Command::Activate(zone, names) => {
            p.r.rp[side.index()] -= p.sc.tables.resource_points.activation;
            p.r.impulse.passes = 0;
            let units = ids(p, &names);
            rt.log("8.1", format!("{} activates zone {zone}: {}", side.name(), names.join(", ")), EventKind::Note);
            p.r.impulse.act = Some(Act { units, assaults_left: 1, ..Default::default() });
        }
        Command::Permute(a, b) => permute(p, rt, side, &a, &b),
        Command::Shift(id, to) => {
            let u = p.find(&id).expect("checked");
            let from = p.zone_of(u).unwrap_or_default();
            p.units[u].at = Where::Zone(to);
            p.units[u].raised = true;
            p.r.impulse.passes = 0;
            rt.log(
                "8.1.3",
                format!("{id} moves on its own from zone {from} to zone {to}"),
                EventKind::Moved { units: vec![id.clone()], from, to },
            );
            switch(p, rt);
        }
        Command::Move(names, to) => move_units(p, rt, side, ids(p, &names), to),
        Command::Detach(id) => {
            let u = p.find(&id).expect("checked");
            let c = free_company(p).expect("checked");
            p.units[c] = super::state::UnitState { at: p.units[u].at, parent: Some(u), ..p.units[c].clone() };
            p.units[c].level = Level::Good;
            p.units[u].level = Level::Weakened;
            p.units[u].detached = true;
            let cid = p.id(c).to_string();
            if let Some(act) = p.r.impulse.act.as_mut() {
                act.units.push(c);
            }
            rt.log(
                "8.1.2",
                format!("{id} detaches {cid} and is weakened"),
                EventKind::Arrived { unit: cid, zone: p.zone_of(u).unwrap_or_default() },
            );
        }
        Command::Assault { from, target, night } => assault::declare(p, rt, side, from, target, night),
        Command::Play(s) => {
            stratagems::play(p, rt, side, s);
            p.r.impulse.follow_up = false;
        }
        Command::Done if p.r.impulse.act.is_some() => end_activation(p, rt),
        Command::Done if p.r.impulse.follow_up => {
            p.r.impulse.follow_up = false;
            rt.log("8.5", format!("{} lets the follow-up activation go", side.name()), EventKind::Note);
            switch(p, rt);
        }
        _ => {
            p.r.impulse.passes += 1;
            rt.log("8.5", format!("{} passes", side.name()), EventKind::Note);
            if p.r.impulse.passes >= 2 {
                sequence::begin_reorganisation(p, rt);
            } else {
                switch(p, rt);
            }
        }
    }
}

fn permute(p: &mut Pos, rt: &mut Rt, side: Side, a: &str, b: &str) {
    p.r.rp[side.index()] -= p.sc.tables.resource_points.activation;
    p.r.impulse.passes = 0;
    let (u, v) = (p.find(a).expect("checked"), p.find(b).expect("checked"));
    let (za, zb) = (p.units[u].at, p.units[v].at);
    p.units[u].at = zb;
    p.units[v].at = za;
    rt.log("8.1.1", format!("{a} and {b} exchange places"), EventKind::Note);
    for w in [u, v] {
        if p.zone_of(w).is_some_and(|z| !p.infantry_zones(z, side.enemy()).is_empty()) {
            assault::exposed_fire(p, rt, &[w], "8.2.2");
        }
    }
    after_activation(p, rt, vec![u, v]);
}

fn move_units(p: &mut Pos, rt: &mut Rt, side: Side, units: Vec<usize>, to: u32) {
    let from = p.zone_of(units[0]).unwrap_or_default();
    let names: Vec<String> = units.iter().map(|&u| p.id(u).to_string()).collect();
    if p.sc.zone(from).across.contains(&to) && !p.sc.board.adjacent(from, to) {
        let roll = rt.d6("crossing the Yser", "8.6");
        let (success, hit) = p.sc.tables.yser.get(roll as usize - 1).copied().unwrap_or((false, false));
        rt.log(
            "8.6",
            format!("Crossing the Yser into zone {to}: {roll}, {}", if success { "success" } else { "failure" }),
            EventKind::YserCrossing { roll, success },
        );
        if hit && let Some(&b) = units.iter().find(|&&u| p.is_battalion(u)) {
            p.hit(rt, b, false, "8.6");
        }
        if !success {
            if let Some(act) = p.r.impulse.act.as_mut() {
                act.stopped.extend(units.iter().copied());
            }
            return;
        }
    } else if !p.infantry_zones(from, side.enemy()).is_empty() && p.infantry_zones(to, side.enemy()).is_empty() {
        let fresh: Vec<usize> =
            units.iter().copied().filter(|u| p.is_infantry(*u) && !p.r.impulse.act.as_ref().is_some_and(|a| a.moved.contains(u))).collect();
        if !fresh.is_empty() {
            assault::exposed_fire(p, rt, &fresh, "8.4.1");
        }
    }
    let movers: Vec<usize> = units.into_iter().filter(|&u| p.zone_of(u) == Some(from)).collect();
    let stop = must_stop(p, &movers, to, side) || p.sc.zone(from).across.contains(&to);
    for &u in &movers {
        p.units[u].at = Where::Zone(to);
    }
    rt.log("8.1", format!("{} move from zone {from} to zone {to}", names.join(", ")), EventKind::Moved { units: names, from, to });
    if let Some(act) = p.r.impulse.act.as_mut() {
        act.moved.extend(movers.iter().copied());
        act.visited.extend(movers.iter().flat_map(|&u| [(u, from), (u, to)]));
        if stop {
            act.stopped.extend(movers.iter().copied());
        }
    }
    merge_companies(p, rt, &movers);
}

/// 8.1.2: a company in the same zone as the battalion that detached it goes back into it.
fn merge_companies(p: &mut Pos, rt: &mut Rt, moved: &[usize]) {
    for c in 0..p.units.len() {
        let Some(parent) = p.units[c].parent else { continue };
        if p.zone_of(c).is_some() && p.zone_of(c) == p.zone_of(parent) && (moved.contains(&c) || moved.contains(&parent)) {
            p.units[c].at = Where::Waiting;
            p.units[c].parent = None;
            p.units[parent].level = p.units[parent].level.up();
            p.units[parent].detached = false;
            if let Some(act) = p.r.impulse.act.as_mut() {
                act.units.retain(|&u| u != c);
            }
            let (cid, bid) = (p.id(c).to_string(), p.id(parent).to_string());
            rt.log(
                "8.1.2",
                format!("{cid} rejoins {bid}, which recovers a level"),
                EventKind::Raised { unit: bid, level: p.units[parent].level },
            );
        }
    }
}

/// The end of an activation: 8.2.2 fire on units that came next to the enemy without assaulting,
/// units left in a forbidden contact fall back (1.1.1), then play moves on.
pub fn end_activation(p: &mut Pos, rt: &mut Rt) {
    let Some(act) = p.r.impulse.act.clone() else { return };
    let side = side(p).expect("an activation has a side");
    if !act.assaulted {
        let mut zones: Vec<u32> = act.moved.iter().filter_map(|&u| p.zone_of(u)).collect();
        zones.sort();
        zones.dedup();
        for z in zones {
            let here: Vec<usize> = act.moved.iter().copied().filter(|&u| p.zone_of(u) == Some(z) && p.is_infantry(u)).collect();
            if !here.is_empty() && p.has_bonus(z) && !p.infantry_zones(z, side.enemy()).is_empty() {
                assault::exposed_fire(p, rt, &here, "8.2.2");
            }
        }
    }
    let misplaced: Vec<usize> = act
        .units
        .iter()
        .copied()
        .filter(|&u| p.zone_of(u).is_some_and(|z| if is_support(p, u) { !support_may_end(p, z, side, &[]) } else { !p.may_stand(z, side) }))
        .collect();
    if !misplaced.is_empty() {
        assault::retreat(p, rt, &misplaced, "1.1.1");
    }
    after_activation(p, rt, act.units);
}

/// After an activation: the chain of activations, the follow-up strategies, or the other camp (8.5).
pub fn after_activation(p: &mut Pos, rt: &mut Rt, units: Vec<usize>) {
    p.r.impulse.act = None;
    p.r.impulse.last = units;
    p.r.impulse.passes = 0;
    p.r.impulse.coordinated = false;
    let side = side(p).expect("an activation has a side");
    if p.r.impulse.chain > 0 {
        p.r.impulse.chain -= 1;
        return;
    }
    if sequence::holds(p, side, Timing::AfterActivation) {
        p.r.impulse.follow_up = true;
        return;
    }
    switch(p, rt);
}

/// The other camp becomes the offensive player (8.5).
pub fn switch(p: &mut Pos, _rt: &mut Rt) {
    p.r.impulse.follow_up = false;
    p.r.impulse.side = p.r.impulse.side.map(Side::enemy);
    // Grossetti, General offensive: the camp's three activations in a row begin (12).
    if let Some(side) = p.r.impulse.side {
        p.r.impulse.chain = std::mem::take(&mut p.r.impulse.owed[side.index()]);
    }
}

/// After a coordinated assault, the zones of the units just activated are not "another zone" (12.1.1, 12.2.1).
fn not_another_zone(p: &Pos, zone: u32) -> bool {
    p.r.impulse.coordinated && p.r.impulse.last.iter().any(|&u| p.zone_of(u) == Some(zone))
}
