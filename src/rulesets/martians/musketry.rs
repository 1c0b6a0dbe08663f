//! Individual musketry (7): weapon classes and their ranges (7.1), kill zones of formed troops the
//! width of the unit's front, measured straight ahead (7.21), skirmishers all round at half dice to
//! the flank, the firepower rating from castings and the dice ratio by weapon and range (7.4, 7.5),
//! the modifiers in dice, and skirmish fire's own dice and effects (7.3, 7.4e).

use crate::engine::board::tabletop::{Stand, Yards};

use super::formations::Formation;
use super::state::Pos;
use super::table;
use super::tables::Kind;

/// A shot's numbers: the stands that fire, the range, dice and whether it is skirmish fire.
#[derive(Clone, Debug, PartialEq)]
pub struct Shot {
    pub range: f32,
    pub dice: u32,
    pub skirmish: bool,
}

/// The firing groups of a unit: its stands by the way they face, and of each the front rank (3.2: a
/// square fires from each side, a column and a mass from the front rank).
pub fn front_ranks(stands: &[Stand]) -> Vec<Vec<Stand>> {
    let mut groups: Vec<Vec<Stand>> = Vec::new();
    for s in stands {
        match groups.iter_mut().find(|g| (g[0].facing - s.facing).abs() < 1e-3) {
            Some(g) => g.push(*s),
            None => groups.push(vec![*s]),
        }
    }
    groups
        .into_iter()
        .map(|g| {
            let front = g.iter().map(|s| g[0].local(s.front_centre()).1).fold(f32::NEG_INFINITY, f32::max);
            g.iter().copied().filter(|s| (g[0].local(s.front_centre()).1 - front).abs() < 1.0).collect()
        })
        .collect()
}

/// Whether a target stand is in a front rank's kill zone (7.21), and how far: the zone is the width
/// from the outside edge of one end stand to the other, straight ahead.
pub fn in_zone(rank: &[Stand], target: &Stand, range: f32) -> Option<f32> {
    let frame = rank[0];
    let w = frame.frontage / 2.0;
    let across: Vec<f32> = rank.iter().map(|s| frame.local(s.centre).0).collect();
    let (lo, hi) = (across.iter().fold(f32::INFINITY, |a, &b| a.min(b)) - w, across.iter().fold(f32::NEG_INFINITY, |a, &b| a.max(b)) + w);
    let front = frame.local(frame.front_centre()).1;
    let mut pts: Vec<Yards> = target.corners().to_vec();
    pts.push(target.centre);
    pts.push(target.front_centre());
    pts.iter()
        .map(|q| frame.local(*q))
        .filter(|(a, d)| *a >= lo - 0.01 && *a <= hi + 0.01 && *d >= front - 0.01)
        .map(|(_, d)| d - front)
        .filter(|d| *d <= range)
        .fold(None, |best: Option<f32>, d| Some(best.map_or(d, |b| b.min(d))))
}

/// Whether fire from `from` to `to` is blocked by a friendly stand other than the firer's (7.21), or
/// by blocking terrain (6.33); `blocks` says which units may block (6.61: not those below a gun on a hill).
pub fn line_blocked(p: &Pos, shooter: usize, target: usize, from: Yards, to: Yards, blocks: &dyn Fn(usize) -> bool) -> bool {
    if table::fire_blocked(p.sc.ground(), from, to) {
        return true;
    }
    let side = p.side(shooter);
    p.ground()
        .filter(|&o| o != shooter && o != target && p.side(o) == side && blocks(o))
        .any(|o| p.stands(o).iter().any(|s| crate::engine::board::tabletop::segment_crosses_polygon(from, to, &s.corners())))
}

/// The range band's ratio of a weapon (7.5); 0: out of range.
pub fn ratio(p: &Pos, weapon: &str, range: f32) -> u32 {
    let m = &p.sc.tables.musketry;
    let Some(w) = m.weapons.get(weapon) else { return 0 };
    if range > w.range {
        return 0;
    }
    let band = m.bands.iter().position(|b| range <= *b).unwrap_or(m.bands.len() - 1);
    w.ratios.get(band).copied().unwrap_or(0)
}

/// Musketry from `u` at `target` (7.2-7.5): `None` if it cannot.
pub fn shot(p: &Pos, u: usize, target: usize, range_cap: Option<f32>) -> Option<Shot> {
    let st = &p.units[u];
    let weapon = p.ty(u).weapon.clone()?;
    let kind = p.kind(u);
    // 7.1: carbines fire mounted only in skirmish order.
    if kind.mounted() && st.formation != Formation::Skirmish {
        return None;
    }
    let wrange = p.sc.tables.musketry.weapons.get(&weapon)?.range;
    let range_max = range_cap.unwrap_or(wrange).min(wrange);
    let stands = p.stands(u);
    let castings = p.castings_by_stand(u);
    let tstands = p.stands(target);
    let mods = modifiers(p, u, target);
    if st.formation == Formation::Skirmish {
        // Skirmishers fire all round (7.21), half dice to the flank; skirmish dice for the unit (7.4e).
        let mut best: Option<(f32, bool)> = None;
        for ts in &tstands {
            for s in &stands {
                let d = s.distance_to(ts.centre).min(ts.distance_to(s.front_centre()));
                if d > range_max || line_blocked(p, u, target, s.front_centre(), ts.centre, &|_| true) {
                    continue;
                }
                let front = s.local(ts.centre).1 > 0.0;
                if best.is_none_or(|(b, _)| d < b) {
                    best = Some((d, front));
                }
            }
        }
        let (range, front) = best?;
        let full = p.sc.tables.musketry.weapons[&weapon].skirmish_dice;
        let dice = if front { full } else { full / 2 };
        let dice = (dice as i32 + mods).max(0) as u32;
        return Some(Shot { range, dice, skirmish: true });
    }
    let mut best: Option<(f32, u32)> = None;
    for rank in front_ranks(&stands) {
        let mut range = f32::INFINITY;
        for ts in &tstands {
            if let Some(d) = in_zone(&rank, ts, range_max)
                && !rank.iter().all(|s| line_blocked(p, u, target, s.front_centre(), ts.centre, &|_| true))
            {
                range = range.min(d);
            }
        }
        if !range.is_finite() {
            continue;
        }
        let r = ratio(p, &weapon, range);
        if r == 0 {
            continue;
        }
        let firepower: u32 = rank.iter().map(|s| stands.iter().position(|x| x == s).map_or(0, |i| castings[i])).map(|c| c / r).sum();
        if best.is_none_or(|(_, d)| firepower > d) {
            best = Some((range, firepower));
        }
    }
    let (range, dice) = best?;
    Some(Shot { range, dice: (dice as i32 + mods).max(0) as u32, skirmish: false })
}

/// 7.4, 7.5: the firer's grade 3 or 4 +1; the target in protective cover -2, in earthworks -4.
fn modifiers(p: &Pos, u: usize, target: usize) -> i32 {
    let m = &p.sc.tables.musketry;
    let mut d = 0;
    if p.units[u].grade >= 3 {
        d += m.grade_high;
    }
    let ground = table::terrain_at(p.sc.ground(), p.units[target].at);
    if ground.contains(&table::Terrain::Earthworks) {
        d += m.earthworks;
    } else if ground.contains(&table::Terrain::Cover) {
        d += m.protective;
    }
    d
}

/// Whether a unit fires musketry at all (foot and horse with a weapon).
pub fn fires(p: &Pos, u: usize) -> bool {
    matches!(p.kind(u), Kind::Infantry | Kind::Cavalry | Kind::LightCavalry) && p.ty(u).weapon.is_some()
}
