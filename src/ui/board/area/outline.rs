//! The shapes of an area map as a printed map draws them (DESIGN.md, "Boards"): each area's outline
//! traced from its cells (the boundary of the union of its hexes), cut into borders at the corners
//! where three areas (or an area and the map's edge) meet, and each border smoothed once — Chaikin
//! corner cutting through the midpoints of its cell edges, with a small wobble hashed from the edge —
//! so the two areas on either side of a border share the very same line. Pure geometry, in world
//! units, for tests.

use std::collections::{BTreeMap, HashMap};

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::board::HexBoard;
use crate::ui::geometry::{HEX, hex_corners, hex_to_world};

/// A corner of the cell grid, exactly (world position in sixteenths).
type Key = (i64, i64);

fn key(p: Vec2) -> Key {
    ((p.x * 16.0).round() as i64, (p.y * 16.0).round() as i64)
}

/// One border: the smoothed line between area `a` and `b` (`None`: the map's edge), with `a` on its
/// left.
#[derive(Clone, Debug, PartialEq)]
pub struct Border {
    pub a: u32,
    pub b: Option<u32>,
    pub points: Vec<Vec2>,
}

/// An area's smoothed outline: its closed rings (the first point repeated last; holes too, filled
/// even-odd), their bounds, and where its box goes.
#[derive(Clone, Debug, Default)]
pub struct AreaShape {
    pub rings: Vec<Vec<Vec2>>,
    pub bounds: Rect,
    /// The centre of the cell deepest inside the outline (the pole of inaccessibility on its cells).
    pub pole: Vec2,
    /// Where the area's own art and name stand: the centre of a cell well inside the outline and
    /// as far as the area allows from the box and stacks around the pole ([`BUSY`]).
    pub site: Vec2,
}

/// What stands around an area's pole (its box, the markers over it, the stacks under it), in world
/// units from the pole.
pub const BUSY: Rect = Rect { min: Vec2::new(-200.0, -275.0), max: Vec2::new(215.0, 90.0) };

/// The distance from a point to a rectangle (0 inside).
fn rect_distance(p: Vec2, r: Rect) -> f32 {
    (p - p.clamp(r.min, r.max)).length()
}

impl AreaShape {
    /// Whether a point is inside the outline (even-odd over the rings).
    pub fn contains(&self, p: Vec2) -> bool {
        if !self.bounds.contains(p) {
            return false;
        }
        let mut inside = false;
        for ring in &self.rings {
            for w in ring.windows(2) {
                let (a, b) = (w[0], w[1]);
                if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
                    inside = !inside;
                }
            }
        }
        inside
    }

    /// The distance from a point to the outline.
    fn distance(&self, p: Vec2) -> f32 {
        self.rings.iter().flat_map(|r| r.windows(2)).map(|w| segment_distance(p, w[0], w[1])).fold(f32::MAX, f32::min)
    }
}

fn segment_distance(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let d = b - a;
    let t = if d.length_squared() > 0.0 { ((p - a).dot(d) / d.length_squared()).clamp(0.0, 1.0) } else { 0.0 };
    p.distance(a + d * t)
}

/// The whole map: every area's shape and every border once.
#[derive(Clone, Debug, Default)]
pub struct MapShapes {
    pub areas: BTreeMap<u32, AreaShape>,
    pub borders: Vec<Border>,
}

impl MapShapes {
    /// The area under a point, if any.
    pub fn area_at(&self, p: Vec2) -> Option<u32> {
        self.areas.iter().find(|(_, s)| s.contains(p)).map(|(id, _)| *id)
    }

    /// The bounds of every area.
    pub fn bounds(&self) -> Rect {
        self.areas.values().fold(Rect::EMPTY, |r, s| r.union(s.bounds))
    }
}

/// A raw ring: the grid corners in order with the area on the left, and for the edge leaving each
/// corner, the area on its other side.
struct Ring {
    points: Vec<Vec2>,
    other: Vec<Option<u32>>,
}

/// The boundary rings of area `id` (cells `cells`): every cell edge whose neighbour is not in the
/// area, oriented with the area on the left, chained corner to corner. A corner is the same point
/// in every ring (the first computed, kept in `known`), so rings and borders join exactly.
fn rings(grid: &HexBoard, cells: &[Hex], area_of: &HashMap<Hex, u32>, id: u32, known: &mut HashMap<Key, Vec2>) -> Vec<Ring> {
    let mut next: BTreeMap<Key, (Vec2, Vec2, Option<u32>)> = BTreeMap::new();
    for &c in cells {
        let centre = hex_to_world(grid, c);
        let corners = hex_corners(grid, c, 0.0);
        for n in c.all_neighbors() {
            let other = area_of.get(&n).copied();
            if other == Some(id) {
                continue;
            }
            let mid = (centre + hex_to_world(grid, n)) / 2.0;
            let mut near = corners;
            near.sort_by(|a, b| a.distance_squared(mid).total_cmp(&b.distance_squared(mid)));
            let (mut p, mut q) = (near[0], near[1]);
            if (q - p).perp_dot(centre - p) < 0.0 {
                std::mem::swap(&mut p, &mut q);
            }
            let (p, q) = (*known.entry(key(p)).or_insert(p), *known.entry(key(q)).or_insert(q));
            next.insert(key(p), (p, q, other));
        }
    }
    let mut out = Vec::new();
    while let Some((&start, _)) = next.iter().next() {
        let mut ring = Ring { points: Vec::new(), other: Vec::new() };
        let mut at = start;
        while let Some((p, q, other)) = next.remove(&at) {
            ring.points.push(p);
            ring.other.push(other);
            at = key(q);
        }
        out.push(ring);
    }
    out
}

/// A border's line through the midpoints of its cell edges, corners cut three times; its two ends
/// (where borders meet) stay put. `wobble` shifts each midpoint a little across the line, hashed
/// from where it is, so the line looks drawn by hand yet the same each time. A closed border (an
/// area inside another) is smoothed as a loop.
pub fn smooth(points: &[Vec2], wobble: bool) -> Vec<Vec2> {
    let closed = points.len() > 2 && key(points[0]) == key(points[points.len() - 1]);
    let mids = points.windows(2).map(|w| {
        let m = (w[0] + w[1]) / 2.0;
        if !wobble {
            return m;
        }
        let (kx, ky) = key(m);
        let h = crate::ui::art::hash(kx, ky, 0x5eed) % 2001;
        let across = (w[1] - w[0]).perp().normalize_or_zero();
        m + across * (h as f32 / 1000.0 - 1.0) * HEX * 0.07
    });
    let mut line: Vec<Vec2> =
        if closed { mids.collect() } else { std::iter::once(points[0]).chain(mids).chain(points.last().copied()).collect() };
    for _ in 0..3 {
        let n = line.len();
        let mut cut = Vec::with_capacity(n * 2);
        if !closed {
            cut.push(line[0]);
        }
        let segments = if closed { n } else { n - 1 };
        for i in 0..segments {
            let (a, b) = (line[i], line[(i + 1) % n]);
            cut.push(a.lerp(b, 0.25));
            cut.push(a.lerp(b, 0.75));
        }
        if !closed {
            cut.push(line[n - 1]);
        }
        line = cut;
    }
    if closed {
        line.push(line[0]);
    }
    line
}

/// Cuts a raw ring into its borders: runs of edges with the same area on the other side, each
/// starting where the neighbour changes (a ring with one neighbour all round starts at its lowest
/// corner, so both sides cut it at the same place).
fn runs(ring: &Ring) -> Vec<(Option<u32>, Vec<Vec2>)> {
    let n = ring.points.len();
    let start = (0..n)
        .find(|&i| ring.other[i] != ring.other[(i + n - 1) % n])
        .unwrap_or_else(|| (0..n).min_by_key(|&i| key(ring.points[i])).unwrap_or(0));
    let mut out: Vec<(Option<u32>, Vec<Vec2>)> = Vec::new();
    for k in 0..n {
        let i = (start + k) % n;
        let (p, q) = (ring.points[i], ring.points[(i + 1) % n]);
        match out.last_mut() {
            Some((other, pts)) if *other == ring.other[i] => pts.push(q),
            _ => out.push((ring.other[i], vec![p, q])),
        }
    }
    out
}

/// The shapes of an area map: `areas` are the cells of each area on `grid`.
pub fn shapes(grid: &HexBoard, areas: &BTreeMap<u32, Vec<Hex>>) -> MapShapes {
    let area_of: HashMap<Hex, u32> = areas.iter().flat_map(|(id, cells)| cells.iter().map(move |c| (*c, *id))).collect();
    // Each border smoothed once, by its lower area (or its only one), under its ends in that area's order.
    let mut done: HashMap<(u32, u32, Key, Key), Vec<Vec2>> = HashMap::new();
    let mut corners = HashMap::new();
    let mut out = MapShapes::default();
    for (&id, cells) in areas.iter().filter(|(_, c)| !c.is_empty()) {
        let mut shape = AreaShape { bounds: Rect::EMPTY, ..default() };
        for ring in rings(grid, cells, &area_of, id, &mut corners) {
            let mut line: Vec<Vec2> = Vec::new();
            for (other, pts) in runs(&ring) {
                let (first, last) = (key(pts[0]), key(pts[pts.len() - 1]));
                let smoothed = match other {
                    Some(b) if b < id => done.get(&(b, id, last, first)).map(|l| l.iter().rev().copied().collect()),
                    _ => None,
                };
                let smoothed = smoothed.unwrap_or_else(|| {
                    let l = smooth(&pts, other.is_some());
                    if let Some(b) = other {
                        done.insert((id, b, first, last), l.clone());
                    }
                    out.borders.push(Border { a: id, b: other, points: l.clone() });
                    l
                });
                let skip = usize::from(!line.is_empty());
                line.extend(smoothed.into_iter().skip(skip));
            }
            shape.bounds = line.iter().fold(shape.bounds, |r, p| r.union_point(*p));
            shape.rings.push(line);
        }
        let centroid = cells.iter().map(|c| hex_to_world(grid, *c)).sum::<Vec2>() / cells.len() as f32;
        shape.pole = cells
            .iter()
            .map(|c| hex_to_world(grid, *c))
            .max_by(|p, q| {
                let (dp, dq) = (shape.distance(*p), shape.distance(*q));
                dp.total_cmp(&dq).then(q.distance_squared(centroid).total_cmp(&p.distance_squared(centroid)))
            })
            .unwrap_or(centroid);
        let busy = Rect { min: shape.pole + BUSY.min, max: shape.pole + BUSY.max };
        shape.site = cells
            .iter()
            .map(|c| hex_to_world(grid, *c))
            .map(|p| (p, rect_distance(p, busy).min(120.0) + shape.distance(p).min(HEX * 0.9)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(p, _)| p)
            .unwrap_or(shape.pole);
        out.areas.insert(id, shape);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::hex::{Orientation, Shifted};

    fn grid() -> HexBoard {
        HexBoard::blank(8, 8, Orientation::PointyTop, Shifted::Even, "cell")
    }

    fn cells_bounds(grid: &HexBoard, cells: &[Hex]) -> Rect {
        cells.iter().flat_map(|c| hex_corners(grid, *c, 0.0)).fold(Rect::EMPTY, |r, p| r.union_point(p))
    }

    /// A two-cell area is one closed loop, smoothed inside the bounding box of its two hexes, with
    /// no stair step left: every turn along it is gentle.
    #[test]
    fn a_two_cell_area_is_one_smooth_closed_loop_inside_its_cells() {
        let g = grid();
        let cells = vec![Hex::new(2, 2), Hex::new(3, 2)];
        let s = shapes(&g, &BTreeMap::from([(1, cells.clone())]));
        let shape = &s.areas[&1];
        assert_eq!(shape.rings.len(), 1);
        let ring = &shape.rings[0];
        assert!(ring.len() > 40);
        assert_eq!(ring.first(), ring.last());
        let b = cells_bounds(&g, &cells);
        assert!(ring.iter().all(|p| b.contains(*p)), "outside {b:?}");
        for w in ring.windows(3) {
            let turn = (w[1] - w[0]).angle_to(w[2] - w[1]).abs();
            assert!(turn < 0.5, "a sharp turn of {turn} rad at {:?}", w[1]);
        }
        for c in &cells {
            assert!(shape.contains(hex_to_world(&g, *c)));
            assert_eq!(s.area_at(hex_to_world(&g, *c)), Some(1));
        }
        assert!(!shape.contains(hex_to_world(&g, Hex::new(5, 5))));
        assert!(cells.iter().any(|c| hex_to_world(&g, *c) == shape.pole));
    }

    /// The border between two areas is the same line seen from both: its points run one way round
    /// one area and the other way round the other, and it is drawn once.
    #[test]
    fn a_shared_border_is_the_same_line_from_both_sides() {
        let g = grid();
        let areas = BTreeMap::from([(1, vec![Hex::new(2, 2), Hex::new(3, 2)]), (2, vec![Hex::new(2, 3), Hex::new(1, 3), Hex::new(3, 3)])]);
        let s = shapes(&g, &areas);
        let shared: Vec<&Border> = s.borders.iter().filter(|b| b.b.is_some()).collect();
        assert_eq!(shared.len(), 1);
        let line = &shared[0].points;
        let contains = |ring: &[Vec2], l: &[Vec2]| ring.windows(l.len()).any(|w| w == l);
        let reversed: Vec<Vec2> = line.iter().rev().copied().collect();
        assert!(contains(&s.areas[&1].rings[0], line));
        assert!(contains(&s.areas[&2].rings[0], &reversed));
        for ring in s.areas.values().flat_map(|a| &a.rings) {
            assert_eq!(ring.first(), ring.last());
        }
    }

    /// An area wholly inside another: the inner one's loop is the outer one's hole, the same line.
    #[test]
    fn an_enclosed_area_is_a_hole_of_the_same_line() {
        let g = grid();
        let centre = Hex::new(3, 3);
        let ring: Vec<Hex> = centre.all_neighbors().to_vec();
        let s = shapes(&g, &BTreeMap::from([(1, ring), (2, vec![centre])]));
        assert_eq!(s.areas[&1].rings.len(), 2);
        let inner = &s.areas[&2].rings[0];
        let hole = s.areas[&1].rings.iter().find(|r| r.len() == inner.len()).expect("a hole");
        assert_eq!(hole.iter().rev().copied().collect::<Vec<_>>(), *inner);
        assert!(!s.areas[&1].contains(hex_to_world(&g, centre)));
        assert_eq!(s.area_at(hex_to_world(&g, centre)), Some(2));
    }
}
