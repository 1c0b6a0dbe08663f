//! Fire (6, 7, Aviation): who may fire at whom now, the dice rolled against the target type's to-hit
//! numbers (6.7c, 7.5), and the casualties: castings removed (7.3e), what a hit on a gun section
//! strikes (6.2), skirmish hits' morale effects (7.3), and the morale check of a unit that lost a
//! casting (5.3a). In the traditional sequence both sides fire before casualties are removed (1.3,
//! phases II, III and VI); skirmish fire is resolved first (7.3).

use crate::engine::Refusal;

use super::artillery;
use super::aviation;
use super::events::EventKind;
use super::formations::Formation;
use super::musketry::{self, Shot};
use super::refuse;
use super::scenario::Sequence;
use super::state::{Gone, Pos, Queued, Rt};
use super::table::{self, Terrain};
use super::tables::Kind;
use crate::engine::board::tabletop::Yards;

/// The d10 results that hit the target (6.7c-e, 7.4c-d).
pub fn to_hit(p: &Pos, target: usize) -> Vec<u32> {
    let h = &p.sc.tables.to_hit;
    let st = &p.units[target];
    if table::terrain_at(p.sc.ground(), st.at).contains(&Terrain::Earthworks) {
        return h.open.clone();
    }
    if p.rapid_response(target) {
        // RECONSTRUCTED: a vehicle or a skimmer is hit as cavalry and artillery.
        return p.sc.tables.vehicles.to_hit.clone();
    }
    if p.kind(target) == Kind::Aviation {
        // The Aviation Rules: only fighters attack flights, hitting on a 9 or 0.
        return p.sc.tables.aviation.asf_hits.clone();
    }
    match (p.kind(target), st.formation) {
        // Heroic Characters: "They are targets of Distance Fire as Open troops".
        _ if p.hero(target) => h.open.clone(),
        (_, Formation::Skirmish | Formation::Unlimbered) => h.open.clone(),
        (Kind::Artillery, Formation::Limbered) if st.moved > p.sc.tables.artillery.moving_limber => h.open.clone(),
        (Kind::Artillery, _) => h.cavalry.clone(),
        (k, _) if k.mounted() => h.cavalry.clone(),
        (_, f) if f.is_mass() => h.mass.clone(),
        _ => h.infantry.clone(),
    }
}

/// The shot `u` would fire at `target`, whatever the phase (range, kill zone, dice).
pub fn shot(p: &Pos, u: usize, target: usize) -> Option<Shot> {
    let (us, ts) = (&p.units[u], &p.units[target]);
    if !us.on_table() || !ts.on_table() || p.side(u) == p.side(target) {
        return None;
    }
    // The Aviation Rules: "ASF units are armed with machine guns but can only attack other aviation
    // units"; the others attack land units.
    if p.kind(target) == Kind::Aviation || p.fighter(u) {
        return aviation::air_shot(p, u, target);
    }
    if !crest_ok(p, u, target) {
        return None;
    }
    if super::vehicles::proof_against(p, u, target) {
        return None;
    }
    match p.kind(u) {
        Kind::Aviation => aviation::shot(p, u, target),
        // Steam Power Vehicle Rules: an Assault vehicle is proof against machine-gun fire.
        Kind::Artillery if p.kind(target) == Kind::Assault && artillery::gun(p, u).is_some_and(|g| g.machine_gun) => None,
        Kind::Artillery => artillery::shot(p, u, target),
        Kind::Recon | Kind::Assault => super::vehicles::shot(p, u, target),
        // 11.0: skimmers are transports, "not considered battle craft".
        Kind::Skimmer => None,
        _ => musketry::shot(p, u, target, None),
    }
}

/// 6.61: fire between a gun and a unit at different elevations (one on a hill, the other below) only
/// when the one on the hill stands within 60 yards of its edge: "Guns can target only units located
/// within 60 yards of the edge of the hill"; "Guns deployed on a hilltop must be within 60 yards of
/// its edge or on the slope in order to fire or be fired at by enemy units located at a lower
/// elevation". Aviation attacks from the sky and is not concerned.
pub fn crest_ok(p: &Pos, u: usize, target: usize) -> bool {
    if p.kind(u) == Kind::Aviation || (p.kind(u) != Kind::Artillery && p.kind(target) != Kind::Artillery) {
        return true;
    }
    let g = p.sc.ground();
    let (a, b) = (p.units[u].at, p.units[target].at);
    let crest = p.sc.tables.artillery.crest;
    table::elevated(g, a) == table::elevated(g, b) || (table::near_edge(g, a, crest) && table::near_edge(g, b, crest))
}

/// Whether `u` may fire at `target` now, apart from whose decision it is.
pub fn can_fire(p: &Pos, u: usize, target: usize) -> Result<Shot, Refusal> {
    let st = &p.units[u];
    if p.kind(u) == Kind::Artillery && st.has_moved {
        return Err(refuse(format!("{} moved this turn: guns fire or move", p.id(u)), "6.4"));
    }
    if p.engaged(u) && !p.r.contacts.iter().any(|c| (c.attacker == u && c.defender == target) || (c.defender == u && c.attacker == target))
    {
        return Err(refuse(format!("{} is in contact: it fires only at the enemy it contacts (2.6, Q)", p.id(u)), "2.6"));
    }
    let s = shot(p, u, target)
        .ok_or_else(|| refuse(format!("{} is not in a kill zone of {} or is out of range", p.id(target), p.id(u)), "7.2"))?;
    if s.dice == 0 {
        return Err(refuse(format!("{} would roll no dice at {}", p.id(u), p.id(target)), "7.5"));
    }
    Ok(s)
}

/// The chance one die hits the target.
pub fn hit_chance(p: &Pos, target: usize, skirmish: bool) -> f32 {
    if skirmish {
        return 0.1;
    }
    to_hit(p, target).len() as f32 / 10.0
}

/// Rolls a shot and removes its casualties (or queues them, in the traditional sequence's fire phases).
pub fn resolve(p: &mut Pos, rt: &mut Rt, u: usize, target: usize, s: &Shot, rule: &str) {
    let target = match deviation(p, rt, u, target) {
        Some(Some(v)) => v,
        Some(None) => {
            p.units[u].fired = true;
            p.units[u].target = Some(target);
            return;
        }
        None => target,
    };
    let hits_on = if s.skirmish { p.sc.tables.to_hit.open.clone() } else { to_hit(p, target) };
    let rolls: Vec<u32> = (0..s.dice).map(|k| rt.d10(format!("{} fires at {} (die {})", p.id(u), p.id(target), k + 1), rule)).collect();
    let hits = rolls.iter().filter(|r| hits_on.contains(r)).count() as u32;
    let what = if s.skirmish { "skirmish fire" } else { "fires" };
    rt.log(
        rule,
        format!("{} {what} at {} at {:.0} yards: {} dice, {hits} hits", p.name(u), p.name(target), s.range, s.dice),
        EventKind::Fired { unit: p.id(u).to_string(), target: p.id(target).to_string(), dice: s.dice, hits, rolls },
    );
    let st = &mut p.units[u];
    st.fired = true;
    st.target = Some(target);
    let deferred = p.sc.spec.sequence == Sequence::Traditional && p.r.window.is_none() && p.r.phase != super::state::Phase::Movement;
    if deferred {
        p.r.queued.push(Queued { shooter: u, target, hits, skirmish: s.skirmish });
    } else {
        apply(p, rt, u, target, hits, s.skirmish);
    }
}

/// 6.33's deviation: four inches at ten yards to the inch (1.1).
const DEVIATION: f32 = 40.0;

/// 6.33, Shell Fire Optional rule: a howitzer or mortar firing at an unlimbered gun rolls a d10; even,
/// the round lands at the range estimated (RECONSTRUCTED: the estimate is the true range, the roll
/// stands for its error); odd, a second d10 gives the deviation: 0 an airburst with no effect, 1-2
/// right, 3-4 left, 5-6 long, 7-9 short, four inches (40 yards) from the target's stand nearest the
/// gun, seen from the gun. The round strikes the ground unit with a stand there (of either side, the
/// target included), else nothing. `None`: the rule does not apply or the round lands on the target;
/// `Some(None)`: no effect; `Some(Some(v))`: unit `v` is struck instead.
pub fn deviation(p: &Pos, rt: &mut Rt, u: usize, target: usize) -> Option<Option<usize>> {
    let gun = super::artillery::gun(p, u)?;
    if !p.sc.spec.options.shell_deviation || !gun.howitzer || p.units[target].formation != Formation::Unlimbered {
        return None;
    }
    let range = rt.d10(format!("{}'s shell: range estimate", p.id(u)), "6.33");
    if range.is_multiple_of(2) {
        rt.log(
            "6.33",
            format!("{}'s shell lands at the range estimated ({range}: even)", p.id(u)),
            EventKind::Deviated { unit: p.id(u).to_string(), roll: range, way: None, struck: Some(p.id(target).to_string()) },
        );
        return None;
    }
    let way = rt.d10(format!("{}'s shell: deviation", p.id(u)), "6.33");
    let from = p.units[u].at;
    let aim = p.stands(target).into_iter().map(|s| s.centre).min_by(|a, b| a.distance(from).total_cmp(&b.distance(from)))?;
    let len = aim.distance(from).max(1e-3);
    let (fx, fy) = ((aim.x - from.x) / len, (aim.y - from.y) / len);
    // Right of the line of fire, seen from the gun (y up): (fy, -fx).
    let (dx, dy, words) = match way {
        1 | 2 => (fy, -fx, "right"),
        3 | 4 => (-fy, fx, "left"),
        5 | 6 => (fx, fy, "long"),
        7..=9 => (-fx, -fy, "short"),
        _ => (0.0, 0.0, "an airburst"),
    };
    let struck = if way == 0 || way > 9 {
        None
    } else {
        let at = Yards::new(aim.x + dx * DEVIATION, aim.y + dy * DEVIATION);
        p.ground().find(|&v| p.stands(v).iter().any(|s| s.contains(at)))
    };
    let what = match struck {
        Some(v) => format!("strikes {}", p.id(v)),
        None => "no effect".into(),
    };
    rt.log(
        "6.33",
        format!("{}'s shell deviates ({range}: odd; {way}): {words}, {what}", p.id(u)),
        EventKind::Deviated { unit: p.id(u).to_string(), roll: range, way: Some(way), struck: struck.map(|v| p.id(v).to_string()) },
    );
    Some(struck)
}

/// Removes the queued casualties of a traditional fire phase, skirmish fire first (7.3).
pub fn apply_queued(p: &mut Pos, rt: &mut Rt) {
    let mut q = std::mem::take(&mut p.r.queued);
    q.sort_by_key(|x| !x.skirmish);
    for x in q {
        if p.units[x.target].on_table() {
            apply(p, rt, x.shooter, x.target, x.hits, x.skirmish);
        }
    }
}

/// Casualties of `hits` on a unit: skirmish hits' effects (7.3), a gun section's hits (6.2), castings,
/// and the morale check (5.3a).
pub fn apply(p: &mut Pos, rt: &mut Rt, shooter: usize, target: usize, hits: u32, skirmish: bool) {
    if hits == 0 {
        return;
    }
    let m = p.sc.tables.musketry.clone();
    // 2.31: the unit "receives casualties due to artillery or musketry": its commanders may be hit.
    super::commanders::casualties(p, rt, target, "under fire");
    if skirmish {
        // 7.3: stands hit by skirmish fire do not check morale.
        let id = p.id(target).to_string();
        if hits >= m.skirmish_retreat {
            rt.log(
                "7.3",
                format!("{} retreats 100 yards under skirmish fire", p.name(target)),
                EventKind::MoraleLoss { unit: id, roll: hits, modified: hits as i32, result: "retreats 100 yards with a casualty".into() },
            );
            lose_castings(p, rt, target, 1);
            if p.units[target].on_table() {
                super::morale::flee(p, rt, target, Some(shooter));
            }
        } else {
            let casualty = hits >= m.skirmish_casualty;
            rt.log(
                "7.3",
                format!("{} halts in place under skirmish fire", p.name(target)),
                EventKind::MoraleLoss { unit: id, roll: hits, modified: hits as i32, result: "halts in place".into() },
            );
            p.units[target].halted_until = p.r.turn;
            if casualty {
                lose_castings(p, rt, target, 1);
            }
        }
        return;
    }
    if p.kind(target).single_stands() {
        stand_hits(p, rt, target, hits);
        return;
    }
    if p.kind(target) == Kind::Artillery {
        gun_hits(p, rt, target, hits);
    } else {
        lose_castings(p, rt, target, hits);
    }
    if p.units[target].on_table() {
        super::morale::check(p, rt, target, Some(shooter), "it suffered a casualty (5.3a)");
    }
}

/// The hits that destroy one stand of a vehicle, a skimmer or a flight: a Recon vehicle's one and an
/// Assault vehicle's two (RECONSTRUCTED), a skimmer's one (RECONSTRUCTED: "fragile", 11.0), four for a
/// stand of two craft (the Aviation Rules).
pub fn hits_per_stand(p: &Pos, u: usize) -> u32 {
    let t = &p.sc.tables;
    match p.kind(u) {
        Kind::Assault => t.vehicles.assault_hits,
        Kind::Recon => t.vehicles.recon_hits,
        Kind::Skimmer => t.transports.skimmer_hits,
        _ => t.aviation.hits_per_stand,
    }
    .max(1)
}

/// Hits on a unit of vehicles, skimmers or craft: each of its stands is destroyed by so many hits, the
/// unit gone with its last ("There are no reduced capabilities for damaged stands"). They check no
/// morale: vehicles (RECONSTRUCTED: the text gives them none), skimmers' civilian drivers (11.0), flights.
pub fn stand_hits(p: &mut Pos, rt: &mut Rt, u: usize, hits: u32) {
    let per = hits_per_stand(p, u);
    let st = &mut p.units[u];
    st.air_hits += hits;
    let lost = st.air_hits / per;
    st.air_hits %= per;
    if lost > 0 {
        lose_castings(p, rt, u, lost);
    }
}

/// 6.2: each hit on a gun section strikes a gun, the limber or the crew (RECONSTRUCTED die).
fn gun_hits(p: &mut Pos, rt: &mut Rt, u: usize, hits: u32) {
    let a = p.sc.tables.artillery.clone();
    let limbered = p.units[u].formation == Formation::Limbered;
    for _ in 0..hits {
        if !p.units[u].on_table() {
            return;
        }
        let roll = rt.d10(format!("what the hit on {} struck", p.id(u)), "6.2");
        let id = p.id(u).to_string();
        let gun_max = if limbered { a.limbered_gun_hit_max } else { a.gun_hit_max };
        if roll <= gun_max {
            p.units[u].gun_hits += 1;
            rt.log("6.2", format!("a gun of {} is hit", p.name(u)), EventKind::GunHit { unit: id, what: "gun".into() });
            if artillery::guns_working(p, u) == 0 {
                super::morale::remove(p, rt, u, Gone::Destroyed);
            }
        } else if limbered && roll <= a.limber_hit_max {
            p.units[u].limber_hits += 1;
            rt.log("6.2", format!("the limber of {} is hit", p.name(u)), EventKind::GunHit { unit: id, what: "limber".into() });
        } else {
            rt.log("6.2", format!("the crew of {} is hit", p.name(u)), EventKind::GunHit { unit: id, what: "crew".into() });
            lose_castings(p, rt, u, 1);
        }
    }
}

/// Castings lost; a unit reduced to one casting disperses (3.5), a flight with no craft is gone, a
/// heroic character is gone with his last casting, himself (Heroic Characters).
pub fn lose_castings(p: &mut Pos, rt: &mut Rt, u: usize, n: u32) {
    let st = &mut p.units[u];
    st.castings = st.castings.saturating_sub(n);
    let left = st.castings;
    rt.log(
        "7.3",
        format!("{} loses {n} castings ({left} left)", p.name(u)),
        EventKind::Casualties { unit: p.id(u).to_string(), castings: n, left },
    );
    // Heroic Characters: "The character himself will be the last casting removed".
    let floor = if p.kind(u).single_stands() || p.hero(u) { 0 } else { 1 };
    if left <= floor {
        super::morale::remove(p, rt, u, Gone::Destroyed);
    }
}

/// 8.1: the opportunity volley at one inch of a charged unit that still holds its fire.
pub fn volley(p: &mut Pos, rt: &mut Rt, defender: usize, charger: usize) {
    if !musketry::fires(p, defender) || p.halted(defender) || !p.units[defender].on_table() || !p.units[charger].on_table() {
        return;
    }
    let holds = match p.sc.spec.sequence {
        Sequence::Initiative => p.r.cards[p.regiment(defender)].red,
        Sequence::Traditional => !p.units[defender].fired,
    };
    if !holds {
        return;
    }
    if super::vehicles::proof_against(p, defender, charger) {
        return;
    }
    let Some(s) = musketry::shot(p, defender, charger, Some(p.sc.tables.melee.volley_range)) else { return };
    if s.dice == 0 {
        return;
    }
    if p.sc.spec.sequence == Sequence::Initiative {
        let r = p.regiment(defender);
        p.r.cards[r].red = false;
    }
    let hits_on = to_hit(p, charger);
    let rolls: Vec<u32> = (0..s.dice).map(|k| rt.d10(format!("{}'s volley at one inch (die {})", p.id(defender), k + 1), "8.1")).collect();
    let hits = rolls.iter().filter(|r| hits_on.contains(r)).count() as u32;
    rt.log(
        "8.1",
        format!("{} fires a volley at one inch into {}: {} dice, {hits} hits", p.name(defender), p.name(charger), s.dice),
        EventKind::Fired { unit: p.id(defender).to_string(), target: p.id(charger).to_string(), dice: s.dice, hits, rolls },
    );
    p.units[defender].fired = true;
    apply(p, rt, defender, charger, hits, false);
}
