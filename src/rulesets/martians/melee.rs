//! Field melees (8): every unit in contact fights (8.1); the stands in contact count their castings,
//! add the unit's morale grade (MMG) and the modifiers into a melee value (8.2b, 8.5), which kills one
//! casting per so many points of the weapon class's ratio (bayonet 1:3, short spear 1:4, sword and long
//! spear 1:6) and rolls for one more with the fraction left (the fractional-die table, RECONSTRUCTED
//! as the fraction in tenths). Hits inflicted and received are totalled by unit (8.3): the one that
//! received more is the loser and checks morale, equal is engaged, and contacts that hold carry into
//! the next turn's melee phase. A winner whose every enemy of the melee has fled or gone may advance
//! into the ground they held (8.3: "B can advance if X and Z fail morale and must retreat").

use std::collections::BTreeMap;

use super::events::EventKind;
use super::formations::Formation;
use super::state::{Contact, Pos, Rt};
use super::table::{self, Terrain};
use crate::engine::board::tabletop::{Stand, Yards};

/// The outcome of a melee for one combatant (8.2d, 8.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Winner,
    Loser,
    /// Same damage: engaged, no check (8.3: "French A is Engaged").
    Engaged,
}

/// 8.2d, 8.3: "The stand that receives more hits than it inflicts is the loser."
pub fn outcome(inflicted: u32, received: u32) -> Outcome {
    match received.cmp(&inflicted) {
        std::cmp::Ordering::Greater => Outcome::Loser,
        std::cmp::Ordering::Equal => Outcome::Engaged,
        std::cmp::Ordering::Less => Outcome::Winner,
    }
}

/// 8.5: automatic kills and the chance in tenths of one more from the fraction.
pub fn kills(p: &Pos, value: i32, weapon: &str) -> (u32, u32) {
    let ratio = p.sc.tables.melee.ratios.get(weapon).copied().unwrap_or(6).max(1) as i32;
    let v = value.max(0);
    let rem = v % ratio;
    ((v / ratio) as u32, ((rem * 10 + ratio / 2) / ratio) as u32)
}

/// The castings of `u`'s stands touching `other`'s.
pub fn contacting_castings(p: &Pos, u: usize, other: usize) -> u32 {
    let theirs = p.stands(other);
    let castings = p.castings_by_stand(u);
    p.stands(u).iter().zip(castings).filter(|(s, _)| theirs.iter().any(|t| s.gap(t) <= 1.5)).map(|(_, c)| c).sum()
}

/// 8.2b, 8.5: the melee value of `u` against `enemy` (flanked: contacted on flank or rear).
pub fn value(p: &Pos, u: usize, enemy: usize, flanked: bool) -> i32 {
    let m = &p.sc.tables.melee;
    let mut castings = contacting_castings(p, u, enemy);
    if flanked {
        castings /= m.flank_divisor.max(1);
    }
    let mut v = castings as i32 + p.units[u].grade as i32;
    if p.ty(enemy).shield {
        v += m.shield;
    }
    let ground = table::terrain_at(p.sc.ground(), p.units[enemy].at);
    if ground.contains(&Terrain::Earthworks) {
        v += m.earthworks;
    } else if ground.iter().any(|t| matches!(t, Terrain::Cover | Terrain::Woods | Terrain::Rough)) {
        v += m.cover;
    }
    if p.kind(u).mounted() && p.units[u].formation != Formation::Skirmish {
        v += m.mounted;
        if p.ty(u).lance {
            v += m.lance;
        }
    }
    v
}

/// The melee weapon class of a unit (gun crews and others without one fight as swordsmen).
pub fn weapon(p: &Pos, u: usize) -> String {
    p.ty(u).melee.clone().unwrap_or_else(|| "sword".into())
}

/// Hits one side of a contact inflicts: automatic kills and the fractional die.
fn strike(p: &Pos, rt: &mut Rt, u: usize, enemy: usize, flanked: bool) -> (i32, u32) {
    let v = value(p, u, enemy, flanked);
    let (auto, tenths) = kills(p, v, &weapon(p, u));
    let extra = if tenths > 0 { u32::from(rt.d10(format!("{}'s fractional melee die", p.id(u)), "8.5") <= tenths) } else { 0 };
    (v, auto + extra)
}

/// 8.2a: "Skirmishers and gun crews may flee or melee if enemy stands move within one inch": a unit in
/// skirmish order, or a gun section, just charged, not halted (5.5: it halts in place) and in no other
/// melee.
pub fn may_evade(p: &Pos, charger: usize, target: usize) -> bool {
    let (c, t) = (&p.units[charger], &p.units[target]);
    c.on_table()
        && t.on_table()
        && (t.formation == Formation::Skirmish || p.kind(target) == super::tables::Kind::Artillery)
        && !p.halted(target)
        && p.r.contacts.iter().any(|x| x.attacker == charger && x.defender == target)
        && p.r.contacts.iter().all(|x| (x.attacker == charger && x.defender == target) || (x.attacker != target && x.defender != target))
}

/// 8.2a: the evasion. Skirmishers flee away from the charger at their skirmish rate (4.5, the
/// Road/Skirmish column), disrupted as by any flight (3.5); a gun's crew flees without the guns (4.3:
/// "A gun's crew can flee if charged"; 6.11: "Crews without guns ... must evade (removed from play)"):
/// the section is lost.
pub fn evade(p: &mut Pos, rt: &mut Rt, u: usize, charger: usize) {
    if !p.units[u].on_table() {
        return;
    }
    if p.kind(u) == super::tables::Kind::Artillery {
        p.units[u].gone = Some(super::state::Gone::Destroyed);
        p.r.contacts.retain(|c| c.attacker != u && c.defender != u);
        let words = "its crew flees without the guns: the section is lost (8.2a)";
        rt.log("8.2a", format!("{} {words}", p.name(u)), EventKind::Removed { unit: p.id(u).to_string(), why: words.into() });
        super::commanders::unit_gone(p, rt, u);
        return;
    }
    let dist = p.sc.tables.movement.of(p.kind(u)).road;
    rt.log(
        "8.2a",
        format!("{} evades the charge of {}", p.name(u), p.name(charger)),
        EventKind::Evaded { unit: p.id(u).to_string(), charger: p.id(charger).to_string() },
    );
    super::morale::flee_by(p, rt, u, Some(charger), dist, "8.2a");
}

/// Phase IV / VII: resolves every contact, new and engaged (8.2, 8.3). Returns the winners that may
/// advance (8.3) with the yards of the advance offered, in the battle's order of units.
pub fn phase(p: &mut Pos, rt: &mut Rt) -> Vec<(usize, f32)> {
    // 8.4: contacts with vehicles are overruns, not field melees.
    let contacts: Vec<Contact> = super::vehicles::overruns(p, rt, p.r.contacts.clone());
    // The ground each combatant holds before the melee: what a beaten enemy leaves (8.3).
    let mut held: BTreeMap<usize, (Yards, Vec<Stand>)> = BTreeMap::new();
    let mut foes: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for c in &contacts {
        for (u, e) in [(c.attacker, c.defender), (c.defender, c.attacker)] {
            held.entry(u).or_insert_with(|| (p.units[u].at, p.stands(u)));
            foes.entry(u).or_default().push(e);
        }
    }
    let mut winners = Vec::new();
    let mut inflicted: BTreeMap<usize, u32> = BTreeMap::new();
    let mut received: BTreeMap<usize, u32> = BTreeMap::new();
    let mut cause: BTreeMap<usize, usize> = BTreeMap::new();
    let mut losses: Vec<(usize, u32)> = Vec::new();
    for c in &contacts {
        let (a, d) = (c.attacker, c.defender);
        if !p.units[a].on_table() || !p.units[d].on_table() {
            continue;
        }
        let (av, ah) = strike(p, rt, a, d, false);
        let (dv, dh) = strike(p, rt, d, a, c.flank);
        rt.log(
            "8.2",
            format!("melee: {} (value {av}) inflicts {ah}, {} (value {dv}) inflicts {dh}", p.name(a), p.name(d)),
            EventKind::Melee {
                attacker: p.id(a).into(),
                defender: p.id(d).into(),
                attacker_value: av,
                defender_value: dv,
                attacker_hits: ah,
                defender_hits: dh,
            },
        );
        *inflicted.entry(a).or_default() += ah;
        *received.entry(d).or_default() += ah;
        *inflicted.entry(d).or_default() += dh;
        *received.entry(a).or_default() += dh;
        cause.insert(a, d);
        cause.insert(d, a);
        losses.push((d, ah));
        losses.push((a, dh));
    }
    for (u, n) in losses {
        if n > 0 && p.units[u].on_table() {
            super::fire::lose_castings(p, rt, u, n);
        }
    }
    // 2.31: a commander with a unit "involved in a Melee" may be hit (each unit once a melee phase).
    for &u in inflicted.keys() {
        super::commanders::casualties(p, rt, u, "in a melee");
    }
    for (&u, &inf) in &inflicted {
        let rec = received.get(&u).copied().unwrap_or(0);
        let result = outcome(inf, rec);
        let words = match result {
            Outcome::Winner => "wins",
            Outcome::Loser => "loses and checks morale",
            Outcome::Engaged => "is engaged",
        };
        rt.log(
            "8.3",
            format!("{} inflicted {inf}, received {rec}: {words}", p.name(u)),
            EventKind::MeleeResult { unit: p.id(u).into(), inflicted: inf, received: rec, result: words.into() },
        );
        if result == Outcome::Winner {
            winners.push(u);
        }
        if result == Outcome::Loser && p.units[u].on_table() {
            super::morale::check(p, rt, u, cause.get(&u).copied(), "it lost a melee (5.3b)");
        }
    }
    // Contacts that no longer touch are over.
    let live: Vec<Contact> =
        p.r.contacts
            .iter()
            .copied()
            .filter(|c| p.units[c.attacker].on_table() && p.units[c.defender].on_table() && p.gap(c.attacker, c.defender) <= 1.5)
            .collect();
    p.r.contacts = live;
    winners
        .into_iter()
        .filter_map(|u| {
            let beaten = foes.get(&u)?;
            // Every enemy it fought has gone or fled (moved off the ground it held): none passed morale.
            let vacated = beaten.iter().all(|&e| !p.units[e].on_table() || held.get(&e).is_some_and(|h| h.0.distance(p.units[e].at) > 0.5));
            if !vacated || p.engaged(u) || !p.units[u].on_table() || p.halted(u) {
                return None;
            }
            let ground: Vec<Stand> = beaten.iter().filter_map(|e| held.get(e)).flat_map(|h| h.1.iter().copied()).collect();
            let yards = advance_reach(p, u, &ground);
            (yards >= STEP).then_some((u, yards))
        })
        .collect()
}

/// The advance steps: the yards are trimmed by tens to what the ground allows.
const STEP: f32 = 10.0;

/// 8.3: how far a winner may advance straight ahead into `ground` (the stands its beaten enemies held):
/// until its front reaches the far edge of that ground, at most its charge rate (4.5), through no
/// blocking ground, interpenetrating no stand (3.5) and short of contact with any enemy (an advance
/// is not a charge, 8.1). Trimmed by ten yards until it fits; 0 if no advance fits.
pub fn advance_reach(p: &Pos, u: usize, ground: &[Stand]) -> f32 {
    let st = &p.units[u];
    let dir = (st.facing.cos(), st.facing.sin());
    let ahead = |c: Yards| (c.x - st.at.x) * dir.0 + (c.y - st.at.y) * dir.1;
    let front = p.stands(u).iter().flat_map(|s| s.corners()).map(ahead).fold(f32::NEG_INFINITY, f32::max);
    let far = ground.iter().flat_map(|s| s.corners()).map(ahead).fold(f32::NEG_INFINITY, f32::max);
    if !front.is_finite() || !far.is_finite() {
        return 0.0;
    }
    let mut d = ((far - front).min(super::movement::charge_rate(p, u)) / STEP).floor() * STEP;
    while d >= STEP {
        let to = Yards::new(st.at.x + dir.0 * d, st.at.y + dir.1 * d);
        let fits = !table::path_blocked(p.sc.ground(), st.at, to)
            && super::movement::fits(p, u, &p.footprint_as(u, to, st.facing, st.formation), None).is_ok()
            && p.nearest_enemy_at(u, to, st.facing, st.formation) > CONTACT;
        if fits {
            return d;
        }
        d -= STEP;
    }
    0.0
}

/// Stands this close touch (the melee's contact, 8.1).
const CONTACT: f32 = 1.5;

/// 8.3: the winner advances `yards` straight ahead into the ground its beaten enemy held.
pub fn advance(p: &mut Pos, rt: &mut Rt, u: usize, yards: f32) {
    if !p.units[u].on_table() {
        return;
    }
    let st = &p.units[u];
    let to = Yards::new(st.at.x + st.facing.cos() * yards, st.at.y + st.facing.sin() * yards);
    p.units[u].at = to;
    rt.log(
        "8.3",
        format!("{} advances {yards:.0} yards into the ground won", p.name(u)),
        EventKind::Advanced { unit: p.id(u).to_string(), yards: yards.round() as u32 },
    );
}
