//! Steam vehicles (the Steam Power Vehicle Rules; 1.2e; 1.3, phase III; 8.4): Recon battle cars and
//! Assault land battleships, one vehicle a stand. They act in the vehicle rapid response phase after
//! the regiments' activities, moving and then firing their machine guns and cannon all round
//! (turreted); Recon vehicles are proof against musketry and bows, Assault vehicles against musketry
//! and machine guns; they cannot enter woods or rough ground and may break down entering a protective
//! position or entrenchment. In the melee phase foot or mounted troops in contact with a vehicle check
//! morale to overrun it: passing, the vehicle is destroyed and its machine guns roll kill dice at
//! them (8.4).

use crate::engine::board::tabletop::{Stand, Yards, segment_crosses_polygon};

use super::events::EventKind;
use super::musketry::Shot;
use super::state::{Contact, Gone, Pos, Rt};
use super::table::{self, Terrain};
use super::tables::Kind;

/// Whether fire from `shooter` can affect vehicle `target` at all: "Their armor plate is thick enough
/// to prevent the vehicles from being affected by musketry or bows" (Recon); "by musketry or
/// machinegun fire" (Assault). Machine-gun fire is a Gatling's or a vehicle's machine guns.
pub fn proof_against(p: &Pos, shooter: usize, target: usize) -> bool {
    p.vehicle(target) && p.kind(shooter).foot_or_mounted()
}

/// A vehicle unit's fire at a ground target (Steam Power Vehicle Rules: "Turreted vehicles can fire
/// 360 degrees. Non-turret vehicles have the same Kill Zones as MGs or cannon depending on how they
/// are armed"; machine guns and cannon at the artillery chart's dice per gun by range, 6.7): per
/// vehicle, its machine guns at the MG class and its cannon at its class, each within its range and
/// with a line of fire not cut by blocking features (6.33); without a turret, the machine guns only at
/// a target forward of the stand (6.37) and the cannon only in the zone straight ahead the width of
/// the stand (6.31); the chart's cover modifiers. Machine guns do not count against an Assault vehicle.
/// `None` out of range of every gun.
pub fn shot(p: &Pos, u: usize, target: usize) -> Option<Shot> {
    if !p.vehicle(u) || !p.units[u].on_table() || p.kind(target) == Kind::Aviation {
        return None;
    }
    let a = &p.sc.tables.artillery;
    let (mine, theirs) = (p.stands(u), p.stands(target));
    let range = mine.iter().flat_map(|m| theirs.iter().map(move |t| m.gap(t))).fold(f32::INFINITY, f32::min);
    if table::fire_blocked(p.sc.ground(), p.units[u].at, p.units[target].at) {
        return None;
    }
    let band = a.bands.iter().position(|b| range <= *b).unwrap_or(a.bands.len());
    let ty = p.ty(u);
    // Without a turret: the MG's zone forward of the stand, the cannon's straight ahead (6.31, 6.37).
    let forward = ty.turret || mine.iter().any(|m| theirs.iter().any(|t| m.local(t.centre).1 > 0.0));
    let ahead = |reach: f32| ty.turret || theirs.iter().any(|t| super::musketry::in_zone(&mine, t, reach).is_some());
    let dice_of = |code: &str, zone: bool| {
        a.guns.get(code).filter(|g| range <= g.range && range >= g.min_range && zone).map_or(0, |g| g.dice.get(band).copied().unwrap_or(0))
    };
    let mgs = if p.kind(target) == Kind::Assault { 0 } else { ty.mgs * dice_of("MG", forward) };
    let cannon = ty.gun.as_deref().map_or(0, |g| dice_of(g, ahead(a.guns.get(g).map_or(0.0, |x| x.range))));
    let per_vehicle = mgs + cannon;
    if per_vehicle == 0 {
        return None;
    }
    let mods = super::artillery::cover_dice(p, target, range, false);
    let dice = (per_vehicle * p.units[u].castings) as i32 + mods;
    Some(Shot { range, dice: dice.max(0) as u32, skirmish: false })
}

/// "Vehicles cannot enter woods or rough ground": whether a move from `from` to `to` ending on
/// `stands` would.
pub fn rough_going(p: &Pos, from: Yards, to: Yards, stands: &[Stand]) -> bool {
    let g = p.sc.ground();
    g.table.features.iter().enumerate().any(|(i, f)| {
        matches!(g.kinds[i], Terrain::Woods | Terrain::Rough)
            && (segment_crosses_polygon(from, to, &f.polygon)
                || stands.iter().any(|s| s.corners().iter().any(|c| crate::engine::board::tabletop::point_in_polygon(*c, &f.polygon))))
    })
}

/// "Vehicles cannot enter woods or rough ground" unless the battle uses the optional rule ("For those
/// players wishing to allow vehicle to enter woods and rough terrain"); skimmers never (11.0: fragile).
pub fn barred_from_rough(p: &Pos, u: usize) -> bool {
    p.kind(u) == Kind::Skimmer || !p.sc.spec.options.vehicles_in_rough
}

/// Whether any of a unit's stands stands in woods or rough ground.
pub fn in_rough(p: &Pos, u: usize) -> bool {
    let at = p.units[u].at;
    rough_going(p, at, at, &p.stands(u))
}

/// The optional rule: "the break down attempt is rolled for each turn that the vehicle is in difficult
/// terrain": once a turn for each vehicle in woods or rough ground, when it drives into or through it,
/// or in the administration phase if it is still there. A 0 breaks it down where it stands.
fn rough_breakdown(p: &mut Pos, rt: &mut Rt, u: usize) {
    if p.units[u].broken_down || !p.r.rough_rolled.insert(u) {
        return;
    }
    breakdown_roll(p, rt, u, "in the difficult ground");
}

/// The d10 for a break down (0: the vehicle breaks down where it stands, `where_` it is).
fn breakdown_roll(p: &mut Pos, rt: &mut Rt, u: usize, where_: &str) {
    let roll = rt.d10(format!("does {} break down {where_}?", p.id(u)), "Vehicles");
    if p.sc.tables.vehicles.breakdown.contains(&roll) {
        p.units[u].broken_down = true;
        rt.log("Vehicles", format!("{} breaks down {where_} (rolled 0)", p.name(u)), EventKind::BrokeDown { unit: p.id(u).to_string() });
    }
}

/// Phase I under the optional rule: every vehicle still in woods or rough ground rolls for the turn.
pub fn rough_breakdowns(p: &mut Pos, rt: &mut Rt) {
    if !p.sc.spec.options.vehicles_in_rough {
        return;
    }
    let inside: Vec<usize> = p.ground().filter(|&u| p.vehicle(u) && in_rough(p, u)).collect();
    for u in inside {
        rough_breakdown(p, rt, u);
    }
}

/// Whether a point is in a protective position or entrenchment (cover or earthworks).
fn protected(p: &Pos, at: Yards) -> bool {
    table::terrain_at(p.sc.ground(), at).iter().any(|t| matches!(t, Terrain::Cover | Terrain::Earthworks))
}

/// After a vehicle's move or charge from `from`: "They must roll a d10 if entering protective positions
/// or entrenchments. If a 0 is rolled, then the vehicle breaks down at that point."
pub fn after_move(p: &mut Pos, rt: &mut Rt, u: usize, from: Yards) {
    if !p.vehicle(u) || !p.units[u].on_table() {
        return;
    }
    if p.sc.spec.options.vehicles_in_rough && rough_going(p, from, p.units[u].at, &p.stands(u)) {
        rough_breakdown(p, rt, u);
    }
    if !p.units[u].broken_down && !protected(p, from) && protected(p, p.units[u].at) {
        breakdown_roll(p, rt, u, "entering the position");
    }
}

/// 8.4: a vehicle's contacts in the melee phase, before the field melees. "If the enemy unit is foot or
/// mounted, they must make a morale check to see if they desire to melee with the vehicle unit. If they
/// pass Morale, then they will Overrun the vehicle stands. The vehicle is automatically destroyed but
/// they will roll Kill dice equal to the number of MGs on the vehicle to see how many foot/mounted
/// castings are lost during the assault." A failed check is a morale loss as any (5.4d, 5.5) and the
/// contact ends. Returns the contacts that are field melees.
pub fn overruns(p: &mut Pos, rt: &mut Rt, contacts: Vec<Contact>) -> Vec<Contact> {
    let (theirs, field): (Vec<Contact>, Vec<Contact>) =
        contacts.into_iter().partition(|c| p.rapid_response(c.attacker) || p.rapid_response(c.defender));
    for c in theirs {
        let (v, f) = if p.rapid_response(c.attacker) { (c.attacker, c.defender) } else { (c.defender, c.attacker) };
        p.r.contacts.retain(|x| *x != c);
        if !p.units[v].on_table() || !p.units[f].on_table() || !p.kind(f).foot_or_mounted() {
            continue;
        }
        if p.kind(v) == Kind::Skimmer {
            // 11.0: skimmers "are fragile and are not considered battle craft": caught by foot or horse,
            // the skimmer is taken (RECONSTRUCTED), with any unit still aboard.
            super::morale::remove(p, rt, v, Gone::Destroyed);
            continue;
        }
        let why = format!("to overrun {} (8.4)", p.id(v));
        if !super::morale::check(p, rt, f, Some(v), &why) || !p.units[f].on_table() || !p.units[v].on_table() {
            continue;
        }
        let dice = p.ty(v).mgs * p.units[v].castings;
        let hits_on = super::fire::to_hit(p, f);
        let rolls: Vec<u32> =
            (0..dice).map(|k| rt.d10(format!("{}'s machine guns at {} (die {})", p.id(v), p.id(f), k + 1), "8.4")).collect();
        let hits = rolls.iter().filter(|r| hits_on.contains(r)).count() as u32;
        rt.log(
            "8.4",
            format!("{} overruns {}: {dice} kill dice, {hits} hits", p.name(f), p.name(v)),
            EventKind::Overrun { unit: p.id(f).to_string(), vehicle: p.id(v).to_string(), dice, hits, rolls },
        );
        super::morale::remove(p, rt, v, Gone::Destroyed);
        if hits > 0 {
            super::fire::lose_castings(p, rt, f, hits);
        }
        if p.units[f].on_table() {
            super::commanders::casualties(p, rt, f, "overrunning a vehicle");
        }
    }
    field
}
