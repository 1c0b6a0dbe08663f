//! Artillery (6): the gun classes and rockets (6.11), kill zones the width of the firing stand, straight
//! ahead to the class's range, stopped by the first stand or blocking feature they meet (6.31, 6.33),
//! howitzers over units but not over woods, hills or objective zones (6.33), Gatlings and machine
//! guns anywhere forward of the stand (6.37), kill dice per gun by range with the situation modifiers
//! (6.7, the Artillery Fire Charts), the elevation effects of hills (6.6), and what a hit on a gun
//! section strikes (6.2).

use super::formations::Formation;
use super::musketry::{Shot, line_blocked};
use super::state::Pos;
use super::table::{self, Terrain};
use super::tables::{Gun, Kind};

pub fn gun(p: &Pos, u: usize) -> Option<&Gun> {
    p.sc.tables.artillery.guns.get(p.ty(u).gun.as_deref()?)
}

/// Guns still firing: two a section, less the gun hits (6.2a: a hit halves, two destroy).
pub fn guns_working(p: &Pos, u: usize) -> u32 {
    (2 * p.ty(u).sections).saturating_sub(p.units[u].gun_hits)
}

/// Artillery fire from `u` at `target` (6.3, 6.7): `None` if no section may.
pub fn shot(p: &Pos, u: usize, target: usize) -> Option<Shot> {
    let st = &p.units[u];
    if p.kind(u) != Kind::Artillery || st.formation != Formation::Unlimbered || p.halted(u) {
        return None;
    }
    let g = gun(p, u)?;
    let stands = p.stands(u);
    let tstands = p.stands(target);
    let ground = p.sc.ground();
    // 6.61: "Blocking units are ignored if they and the target are at a lower elevation than the guns".
    let above = table::elevated(ground, st.at) && !table::elevated(ground, p.units[target].at);
    let blocks = |o: usize| !above || table::elevated(ground, p.units[o].at);
    let mut range = f32::INFINITY;
    let mut sections = 0;
    for s in &stands {
        let front = s.front_centre();
        let mut reach = f32::INFINITY;
        for ts in &tstands {
            let d = if g.machine_gun {
                // 6.37: anywhere forward of the stand, with a clear line.
                (s.local(ts.centre).1 > 0.0 && !line_blocked(p, u, target, front, ts.centre, &blocks)).then(|| ts.distance_to(front))
            } else {
                super::musketry::in_zone(std::slice::from_ref(s), ts, g.range)
                    .filter(|_| !table::fire_blocked(p.sc.ground(), front, ts.centre))
            };
            if let Some(d) = d {
                reach = reach.min(d);
            }
        }
        if !reach.is_finite() || reach > g.range || reach < g.min_range {
            continue;
        }
        // 6.33: the first stand in the zone takes the fire (howitzers and machine guns excepted).
        if !g.howitzer && !g.machine_gun {
            let first = p.ground().filter(|&o| o != u && blocks(o)).find(|&o| {
                o != target && p.stands(o).iter().any(|os| super::musketry::in_zone(std::slice::from_ref(s), os, reach - 0.5).is_some())
            });
            if first.is_some() {
                continue;
            }
        }
        range = range.min(reach);
        sections += 1;
    }
    if sections == 0 {
        return None;
    }
    let a = &p.sc.tables.artillery;
    let band = a.bands.iter().position(|b| range <= *b).unwrap_or(a.bands.len());
    let per_gun = g.dice.get(band).copied().unwrap_or(0);
    let guns = guns_working(p, u).min(2 * sections);
    let mut mods = cover_dice(p, target, range, g.howitzer);
    if st.last_target == Some(target) {
        mods += if range <= 300.0 { a.consecutive.0 } else { a.consecutive.1 };
    }
    // 6.2b: a section down to its last crewman fires at half.
    let crew_ok = st.castings > p.ty(u).sections;
    let dice = (per_gun * guns) as i32 + mods;
    let dice = if crew_ok { dice } else { dice / 2 };
    Some(Shot { range, dice: dice.max(0) as u32, skirmish: false })
}

/// The artillery chart's dice modifiers for the target's ground at `range` (6.7: earthworks or
/// protective cover, woods or rough; up to 300 yards or beyond); a howitzer ignores earthworks and
/// protective cover (6.7f).
pub fn cover_dice(p: &Pos, target: usize, range: f32, howitzer: bool) -> i32 {
    let a = &p.sc.tables.artillery;
    let pick = |m: (i32, i32)| if range <= 300.0 { m.0 } else { m.1 };
    let ground = table::terrain_at(p.sc.ground(), p.units[target].at);
    let mut mods = 0;
    if !howitzer {
        if ground.contains(&Terrain::Earthworks) {
            mods += pick(a.earthworks);
        } else if ground.contains(&Terrain::Cover) {
            mods += pick(a.protective);
        }
    }
    if ground.iter().any(|t| matches!(t, Terrain::Woods | Terrain::Rough)) {
        mods += pick(a.woods_rough);
    }
    mods
}

/// 6.7b: a Gatling splits its dice among at most this many targets (the text sets no limit; three
/// keeps the choices a player is offered countable, docs/martians.md).
pub const MAX_SPLIT: usize = 3;

/// 6.7b: "The Gatling/ Machine Gun Class can engage Multiple targets. The shooter will assign how many
/// dice that he wants to fire at each target until the total allowed number is reached." The total
/// allowed is the most dice the gun would roll at any one of the targets named; each target gets at
/// least one die and no more than the gun would roll at it alone (its range and cover), and the shares
/// add up to the total. Targets are named once each, in the battle's order of units. Returns each
/// target with its shot (its dice the share).
pub fn check_split(p: &Pos, u: usize, shares: &[(String, u32)]) -> Result<Vec<(usize, Shot)>, crate::engine::Refusal> {
    use super::refuse;
    if !gun(p, u).is_some_and(|g| g.machine_gun) {
        return Err(refuse(format!("{} is not a Gatling or machine gun: only they engage multiple targets", p.id(u)), "6.7b"));
    }
    if shares.len() < 2 || shares.len() > MAX_SPLIT {
        return Err(refuse(format!("a split fire names 2 to {MAX_SPLIT} targets (one target: Fire)"), "6.7b"));
    }
    let mut out: Vec<(usize, Shot)> = Vec::new();
    let mut total = 0;
    for (id, dice) in shares {
        let t = p.find(id).ok_or_else(|| refuse(format!("no unit `{id}`"), "6.7b"))?;
        if out.last().is_some_and(|(prev, _)| *prev >= t) {
            return Err(refuse("name each target once, in the battle's order of units", "6.7b"));
        }
        let shot = super::fire::can_fire(p, u, t)?;
        if *dice == 0 || *dice > shot.dice {
            return Err(refuse(format!("{} may fire 1 to {} dice at {id}, not {dice}", p.id(u), shot.dice), "6.7b"));
        }
        total = total.max(shot.dice);
        out.push((t, Shot { dice: *dice, ..shot }));
    }
    let sum: u32 = shares.iter().map(|s| s.1).sum();
    if sum != total {
        return Err(refuse(format!("{} assigns its {total} dice: the shares add up to {sum}", p.id(u)), "6.7b"));
    }
    Ok(out)
}

/// Every split a Gatling may fire now among the targets it may fire at (6.7b), in a fixed order.
pub fn splits(p: &Pos, u: usize, targets: &[usize]) -> Vec<Vec<(usize, u32)>> {
    if !gun(p, u).is_some_and(|g| g.machine_gun) {
        return Vec::new();
    }
    let caps: Vec<(usize, u32)> =
        targets.iter().filter_map(|&t| super::fire::can_fire(p, u, t).ok().map(|s| (t, s.dice))).filter(|x| x.1 > 0).collect();
    let mut out = Vec::new();
    // Subsets of 2..=MAX_SPLIT targets, in order; each with every way of dealing the dice.
    fn deal(caps: &[(usize, u32)], left: u32, acc: &mut Vec<(usize, u32)>, out: &mut Vec<Vec<(usize, u32)>>) {
        let Some((&(t, cap), rest)) = caps.split_first() else {
            if left == 0 {
                out.push(acc.clone());
            }
            return;
        };
        for d in 1..=cap.min(left) {
            acc.push((t, d));
            deal(rest, left - d, acc, out);
            acc.pop();
        }
    }
    let n = caps.len();
    for mask in 1u32..(1 << n.min(16)) {
        let k = mask.count_ones() as usize;
        if !(2..=MAX_SPLIT).contains(&k) {
            continue;
        }
        let chosen: Vec<(usize, u32)> = (0..n).filter(|i| mask & (1 << i) != 0).map(|i| caps[i]).collect();
        let total = chosen.iter().map(|c| c.1).max().unwrap_or(0);
        deal(&chosen, total, &mut Vec::new(), &mut out);
    }
    out
}
