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
    let near = range <= 300.0;
    let pick = |m: (i32, i32)| if near { m.0 } else { m.1 };
    let ground = table::terrain_at(p.sc.ground(), p.units[target].at);
    let mut mods = 0;
    if !g.howitzer {
        // 6.7f: mortars and howitzers ignore protective cover and earthworks.
        if ground.contains(&Terrain::Earthworks) {
            mods += pick(a.earthworks);
        } else if ground.contains(&Terrain::Cover) {
            mods += pick(a.protective);
        }
    }
    if ground.iter().any(|t| matches!(t, Terrain::Woods | Terrain::Rough)) {
        mods += pick(a.woods_rough);
    }
    if st.last_target == Some(target) {
        mods += pick(a.consecutive);
    }
    // 6.2b: a section down to its last crewman fires at half.
    let crew_ok = st.castings > p.ty(u).sections;
    let dice = (per_gun * guns) as i32 + mods;
    let dice = if crew_ok { dice } else { dice / 2 };
    Some(Shot { range, dice: dice.max(0) as u32, skirmish: false })
}
