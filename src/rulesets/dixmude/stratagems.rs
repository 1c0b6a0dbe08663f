//! The stratagems (12): which a camp may play now, and their effects, reinforcements and removals.
//! A reusable side (black) goes back to the container once played; a one-time side (red) takes its
//! counter out of the game (5.1.1).

use std::collections::{BTreeSet, VecDeque};

use crate::engine::Refusal;

use super::events::EventKind;
use super::scenario::Arrival;
use super::state::{Act, Pos, ReturnTo, Rt};
use super::strategy::{Strategy, Timing};
use super::units::{Kind, Level, Nation, Side, Where};

/// The BrFM HQ's zone, if it is on the map.
pub fn brfm_hq(p: &Pos) -> Option<u32> {
    (0..p.units.len()).find(|&u| p.kind(u) == Kind::Hq && p.side(u) == Side::FrancoBelgian).and_then(|u| p.zone_of(u))
}

fn units_arriving(p: &Pos, arrival: Arrival) -> Vec<usize> {
    (0..p.units.len()).filter(|&u| p.spec(u).arrives == Some(arrival) && p.units[u].at == Where::Waiting).collect()
}

fn good_battalions(p: &Pos, side: Side, enemy_first: bool) -> Vec<usize> {
    let mut v: Vec<usize> = (0..p.units.len())
        .filter(|&u| {
            p.side(u) == side && p.is_battalion(u) && p.units[u].level == Level::Good && p.zone_of(u).is_some_and(|z| !p.is_hq_zone(z))
        })
        .collect();
    if enemy_first {
        v.sort_by_key(|&u| (p.enemy_zones(p.zone_of(u).unwrap_or_default(), side.enemy()).is_empty(), u));
    }
    v
}

fn last_fit(p: &Pos) -> Vec<usize> {
    p.r.impulse.last.iter().copied().filter(|&u| p.zone_of(u).is_some_and(|z| !p.is_hq_zone(z)) && p.is_infantry(u) && p.fit(u)).collect()
}

fn belgians(p: &Pos, fit: bool) -> Vec<usize> {
    (0..p.units.len())
        .filter(|&u| {
            p.spec(u).nation == Nation::Belgian
                && p.is_battalion(u)
                && p.zone_of(u).is_some()
                && (!fit || p.units[u].level != Level::Exhausted)
        })
        .collect()
}

/// Whether a strategy may be played now, its counter being in hand.
fn usable(p: &Pos, s: Strategy) -> bool {
    use Strategy::*;
    let turn = p.r.turn;
    let rp = |side: Side| p.r.rp[side.index()] >= p.sc.tables.resource_points.activation;
    match s {
        BarelyWithinOurMeans => !p.r.flags.barely,
        Taube => !p.r.flags.taube,
        InTheMud => !good_battalions(p, Side::German, false).is_empty(),
        Waterfront => !good_battalions(p, Side::FrancoBelgian, false).is_empty(),
        CoordinatedAssault | GermanCoordinatedAssault => rp(s.side()),
        ExcessiveAttack | GermanExcessiveAttack => rp(s.side()) && !last_fit(p).is_empty(),
        CounterOrder => p.r.flags.deferred.iter().any(|d| d.1 == turn),
        FloodingOfTheYser => p.r.flags.tervaete && p.r.flags.flood_from.is_none(),
        // 12.1.2: after the flooding the German offensive is unusable; 12.2.2: the Allied offensive is
        // still played, zone 1 only stays closed.
        GermanOffensiveOnTervaete => p.r.flags.flood_from.is_none(),
        AlliedOffensiveOnTervaete => true,
        GrossettiOffensive => !units_arriving(p, Arrival::Grossetti).is_empty(),
        GeneralOffensive => !units_arriving(p, Arrival::GeneralOffensive).is_empty(),
        KingAlbert => belgians(p, false).iter().any(|&u| p.units[u].level != Level::Good),
        CannonWornOut => !p.r.flags.cannon_worn,
        HeavyArtilleryRedeployed => !p.r.flags.deferred.iter().any(|d| d.0 == s) && p.r.flags.ral155_leaves.is_none(),
        RonarchSupply | NoMoreShells | NightInfiltration => true,
    }
}

/// The strategies a camp holds and may play now (any timing: callers filter by theirs).
pub fn playable(p: &Pos, side: Side) -> Vec<Strategy> {
    let mut out = Vec::new();
    for &c in &p.r.hands[side.index()] {
        let counter = &p.sc.spec.strategies[c];
        for s in [counter.reusable, counter.one_time] {
            if usable(p, s) && !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

pub fn check_play(p: &Pos, side: Side, s: Strategy, timing: Timing) -> Result<(), Refusal> {
    if s.timing() != timing {
        return Err(Refusal::by_rule(s.rule(), format!("{} is not played now", s.name())));
    }
    if !playable(p, side).contains(&s) {
        return Err(Refusal::by_rule(s.rule(), format!("you hold no counter with {} that may be played now", s.name())));
    }
    Ok(())
}

/// Places units in `zone`, or the nearest zone where they may stand with room (9.5, 12).
pub fn place_near(p: &mut Pos, rt: &mut Rt, units: &[usize], zone: u32, rule: &str) {
    for &u in units {
        let side = p.side(u);
        let mut seen = BTreeSet::from([zone]);
        let mut queue = VecDeque::from([zone]);
        let mut dest = None;
        while let Some(z) = queue.pop_front() {
            if !p.is_hq_zone(z) && p.may_stand(z, side) && p.stacking_ok(z, &[u], &[]) && !p.flooded(z) {
                dest = Some(z);
                break;
            }
            for n in p.neighbours(z) {
                if p.occupant(n) != Some(side.enemy()) && seen.insert(n) {
                    queue.push_back(n);
                }
            }
        }
        let id = p.id(u).to_string();
        match dest {
            Some(z) => {
                p.units[u].at = Where::Zone(z);
                rt.log(rule, format!("{id} arrives in zone {z}"), EventKind::Arrived { unit: id, zone: z });
            }
            None => rt.log(rule, format!("{id} finds no zone to arrive in"), EventKind::Note),
        }
    }
}

/// Plays a strategy from the hand (5.1.1) and applies it (12).
pub fn play(p: &mut Pos, rt: &mut Rt, side: Side, s: Strategy) {
    let hand = &mut p.r.hands[side.index()];
    let Some(i) = hand.iter().position(|&c| [p.sc.spec.strategies[c].reusable, p.sc.spec.strategies[c].one_time].contains(&s)) else {
        return;
    };
    let counter = hand.remove(i);
    if s.reusable() {
        p.r.container[side.index()].push(counter);
        p.r.container[side.index()].sort();
    }
    rt.log(s.rule(), format!("{} plays {}", side.name(), s.name()), EventKind::Played { side, strategy: s });
    effect(p, rt, side, s);
}

fn weaken(p: &mut Pos, rt: &mut Rt, u: usize, rule: &str) {
    p.hit(rt, u, true, rule);
}

fn effect(p: &mut Pos, rt: &mut Rt, side: Side, s: Strategy) {
    use Strategy::*;
    let turn = p.r.turn;
    match s {
        BarelyWithinOurMeans => p.r.flags.barely = true,
        Taube => p.r.flags.taube = true,
        InTheMud | Waterfront => {
            if let Some(&u) = good_battalions(p, side.enemy(), true).first() {
                weaken(p, rt, u, s.rule());
            }
        }
        // The follow-up keeps the turn for one activation, of another zone (the excluded zones are
        // those of the units just activated).
        CoordinatedAssault | GermanCoordinatedAssault => p.r.impulse.coordinated = true,
        ExcessiveAttack | GermanExcessiveAttack => {
            p.r.rp[side.index()] -= p.sc.tables.resource_points.activation;
            p.r.impulse.act = Some(Act { units: last_fit(p), assaults_left: 1, ..Default::default() });
        }
        CounterOrder => {
            for d in p.r.flags.deferred.iter_mut().filter(|d| d.1 == turn) {
                d.1 = turn + 1;
            }
        }
        RonarchSupply => {
            let s = side.index();
            let before = p.r.rp[s];
            p.r.rp[s] = (before + 2).min(p.sc.tables.resource_points.cap);
            p.r.unstockable[s] += p.r.rp[s] - before;
        }
        FloodingOfTheYser => p.r.flags.flood_from = Some(turn + 1),
        GrossettiOffensive => {
            let units = units_arriving(p, Arrival::Grossetti);
            let at = brfm_hq(p).or_else(|| p.sc.zone_ids().find(|&z| p.sc.zone(z).hold_left_bank)).unwrap_or_default();
            place_near(p, rt, &units, at, "12.1.2");
            p.r.flags.grossetti = Some(turn);
        }
        GermanOffensiveOnTervaete => {
            let mut bns: Vec<usize> =
                (0..p.units.len()).filter(|&u| p.spec(u).formation == "85RB" && p.is_battalion(u) && p.zone_of(u).is_some()).collect();
            bns.sort_by_key(|&u| (p.units[u].level, u));
            for u in bns.into_iter().take(4) {
                p.units[u].at = Where::Away;
                p.units[u].returns = Some((turn + 1, ReturnTo::GermanHq, 1));
                let id = p.id(u).to_string();
                rt.log("12.1.2", format!("{id} leaves for Tervaete"), EventKind::Removed { unit: id });
            }
            p.r.flags.tervaete = true;
        }
        KingAlbert => {
            let mut bns: Vec<usize> = belgians(p, false).into_iter().filter(|&u| p.units[u].level != Level::Good).collect();
            bns.sort_by_key(|&u| (std::cmp::Reverse(p.units[u].level), u));
            for u in bns.into_iter().take(3) {
                let level = p.units[u].level.up();
                p.units[u].level = level;
                p.units[u].raised = true;
                let id = p.id(u).to_string();
                rt.log("12.1.2", format!("{id} is raised to {}", level.id()), EventKind::Raised { unit: id, level });
            }
        }
        GeneralOffensive => {
            let units = units_arriving(p, Arrival::GeneralOffensive);
            let zones: Vec<u32> = p.sc.zone_ids().filter(|&z| p.sc.zone(z).edge_north && !p.sc.zone(z).tervaete).collect();
            let (first, second) = units.split_at(units.len().min(2));
            for group in [first, second] {
                let free = zones
                    .iter()
                    .copied()
                    .find(|&z| p.occupant(z).is_none() && p.may_stand(z, Side::German) && p.stacking_ok(z, group, &[]));
                if let Some(z) = free {
                    place_near(p, rt, group, z, "12.2.2");
                }
            }
            p.r.flags.general = Some(turn);
        }
        CannonWornOut => p.r.flags.cannon_worn = true,
        NoMoreShells => p.r.flags.no_shells = Some(turn + 1),
        AlliedOffensiveOnTervaete | HeavyArtilleryRedeployed => p.r.flags.deferred.push((s, turn)),
        NightInfiltration => {}
    }
}

/// The German strategies whose effect comes at the end of phase G (delayed by Counter order, 12.1.1).
pub fn deferred_effects(p: &mut Pos, rt: &mut Rt) {
    let turn = p.r.turn;
    let due: Vec<Strategy> = p.r.flags.deferred.iter().filter(|d| d.1 == turn).map(|d| d.0).collect();
    p.r.flags.deferred.retain(|d| d.1 != turn);
    for s in due {
        match s {
            Strategy::AlliedOffensiveOnTervaete => allied_tervaete(p, rt),
            Strategy::HeavyArtilleryRedeployed => {
                for u in
                    (0..p.units.len()).filter(|&u| p.spec(u).formation == "RAL120" && p.units[u].at != Where::Removed).collect::<Vec<_>>()
                {
                    p.remove(rt, u, "12.2.2");
                }
                p.r.flags.ral155_leaves = Some(turn + 1);
            }
            _ => {}
        }
    }
}

fn allied_tervaete(p: &mut Pos, rt: &mut Rt) {
    let turn = p.r.turn;
    let fit = belgians(p, true);
    if let Some(&u) = fit.first() {
        p.remove(rt, u, "12.2.2");
    }
    let marine = (0..p.units.len()).find(|&u| p.spec(u).marine && p.zone_of(u).is_some() && p.fit(u));
    let belgian = belgians(p, true).first().copied();
    for u in [marine, belgian].into_iter().flatten() {
        p.units[u].at = Where::Away;
        p.units[u].returns = Some((turn + 1, ReturnTo::BrFmHq, 1));
        let id = p.id(u).to_string();
        rt.log("12.2.2", format!("{id} leaves for the Allied offensive on Tervaete"), EventKind::Removed { unit: id });
    }
    p.r.flags.tervaete = true;
}
