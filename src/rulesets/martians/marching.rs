//! Multi-unit marching squares (3.2): "Multi-unit Marching Order Squares are when several units are
//! combined. Some units may be in line while others are in column. Artillery guns can help form a side.
//! Cavalry units cannot comprise a side. Unit squares cannot be used as part of a Marching Square."
//!
//! No command forms one: a marching square is where the units stand. Units of one side make one when
//! they close a ring (each within `marching_square_gap` of two others of it, RECONSTRUCTED: 20 yards)
//! around its middle, every one facing outward, with no open side (no half of the compass around the
//! middle without one of them): European trained infantry in line or column, and guns. Like a unit's
//! square it is "an all around defensive position" (3.2): a charge on a unit forming it meets a face,
//! never a flank or rear (`movement::contact_place`).

use std::f32::consts::PI;

use crate::engine::board::tabletop::{Stand, Yards};

use super::formations::Formation;
use super::state::Pos;
use super::tables::Kind;

/// Whether a unit may form a side of a marching square: European infantry in line or column, or a gun
/// section; not cavalry, not skirmishers or a native mass, not a unit square.
fn may_form_side(p: &Pos, u: usize) -> bool {
    let st = &p.units[u];
    p.units[u].on_table()
        && st.aboard.is_none()
        && match p.kind(u) {
            Kind::Infantry => p.sc.european[u] && matches!(st.formation, Formation::Line | Formation::Column),
            Kind::Artillery => true,
            _ => false,
        }
}

/// The units of one side that may form a side, with their stands, looked up once.
struct Sides {
    units: Vec<usize>,
    stands: Vec<Vec<Stand>>,
    /// Each unit's middle and the radius of a circle about it holding its stands.
    bounds: Vec<(Yards, f32)>,
    gap: f32,
}

impl Sides {
    fn of(p: &Pos, side: usize) -> Self {
        let units: Vec<usize> = p.ground().filter(|&v| p.side(v) == side && may_form_side(p, v)).collect();
        let stands: Vec<Vec<Stand>> = units.iter().map(|&v| p.stands(v)).collect();
        let bounds = stands
            .iter()
            .map(|s| {
                let m = middle(s);
                (m, s.iter().flat_map(|x| x.corners()).map(|c| c.distance(m)).fold(0.0, f32::max))
            })
            .collect();
        Sides { units, stands, bounds, gap: p.sc.tables.marching_square_gap }
    }
    /// The others within the gap of the `i`th: side by side or corner to corner.
    fn near(&self, i: usize) -> Vec<usize> {
        let (mi, ri) = self.bounds[i];
        let close = |j: usize| {
            let (mj, rj) = self.bounds[j];
            mi.distance(mj) <= ri + rj + self.gap && self.stands[i].iter().any(|a| self.stands[j].iter().any(|b| a.gap(b) <= self.gap))
        };
        (0..self.units.len()).filter(|&j| j != i && close(j)).collect()
    }
    /// The marching square the `i`th unit forms a side of, as indices into `units`.
    fn ring(&self, p: &Pos, i: usize) -> Option<Vec<usize>> {
        // Every unit of the ring has two others of it within the gap.
        let mut ring = vec![i];
        let mut k = 0;
        while k < ring.len() {
            let near = self.near(ring[k]);
            if near.len() < 2 {
                return None;
            }
            for j in near {
                if !ring.contains(&j) {
                    ring.push(j);
                }
            }
            k += 1;
        }
        let mids: Vec<Yards> = ring.iter().map(|&j| self.bounds[j].0).collect();
        let n = mids.len() as f32;
        let centre = Yards::new(mids.iter().map(|m| m.x).sum::<f32>() / n, mids.iter().map(|m| m.y).sum::<f32>() / n);
        // Every unit faces outward, away from the middle.
        let outward = ring.iter().zip(&mids).all(|(&j, m)| {
            let f = p.units[self.units[j]].facing;
            f.cos() * (m.x - centre.x) + f.sin() * (m.y - centre.y) > 0.0
        });
        // No open side: the units stand all round the middle.
        let mut angles: Vec<f32> = mids.iter().map(|m| (m.y - centre.y).atan2(m.x - centre.x)).collect();
        angles.sort_by(f32::total_cmp);
        let last = angles[angles.len() - 1];
        let widest = angles.windows(2).map(|w| w[1] - w[0]).chain([angles[0] + 2.0 * PI - last]).fold(0.0, f32::max);
        (outward && widest < PI).then_some(ring)
    }
}

/// The middle of a unit's stands.
fn middle(stands: &[Stand]) -> Yards {
    let n = stands.len().max(1) as f32;
    let (x, y) = stands.iter().fold((0.0, 0.0), |(x, y), s| (x + s.centre.x, y + s.centre.y));
    Yards::new(x / n, y / n)
}

/// The units of the marching square unit `u` forms a side of, if it forms one (3.2).
pub fn square_of(p: &Pos, u: usize) -> Option<Vec<usize>> {
    if !may_form_side(p, u) {
        return None;
    }
    let sides = Sides::of(p, p.side(u));
    let i = sides.units.iter().position(|&v| v == u)?;
    sides.ring(p, i).map(|r| r.into_iter().map(|j| sides.units[j]).collect())
}

/// Every unit that forms a side of a marching square (for the state view), found once.
pub fn in_squares(p: &Pos) -> Vec<bool> {
    let mut inside = vec![false; p.units.len()];
    for side in 0..p.sc.spec.info.sides.len() {
        let sides = Sides::of(p, side);
        for i in 0..sides.units.len() {
            if inside[sides.units[i]] {
                continue;
            }
            for j in sides.ring(p, i).unwrap_or_default() {
                inside[sides.units[j]] = true;
            }
        }
    }
    inside
}
