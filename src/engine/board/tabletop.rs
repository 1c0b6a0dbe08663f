//! Tabletop boards (DESIGN.md, Boards): a continuous plane measured in yards, with terrain features as
//! polygons. Enough geometry for a miniatures ruleset to start from: distances, point-in-polygon,
//! whether a segment crosses a feature, and oriented rectangles for stands.

use serde::{Deserialize, Serialize};

use crate::engine::source::Problems;

/// A point on the table, in yards; x to the right, y away from the first player.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, Default)]
pub struct Yards {
    pub x: f32,
    pub y: f32,
}

impl Yards {
    pub fn new(x: f32, y: f32) -> Self {
        Yards { x, y }
    }
    pub fn distance(self, o: Yards) -> f32 {
        ((self.x - o.x).powi(2) + (self.y - o.y).powi(2)).sqrt()
    }
}

/// The RON description of a table (`Tabletop(...)` files).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(rename = "Tabletop", deny_unknown_fields)]
pub struct TabletopSpec {
    pub format: u32,
    pub ruleset: String,
    pub name: String,
    pub width_yards: f32,
    pub depth_yards: f32,
    #[serde(default)]
    pub features: Vec<TerrainFeatureSpec>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainFeatureSpec {
    pub kind: String,
    #[serde(default)]
    pub name: String,
    /// Corners in order, in yards.
    pub polygon: Vec<(f32, f32)>,
}

/// A terrain feature: a polygon with a kind.
#[derive(Clone, Debug)]
pub struct TerrainFeature {
    pub kind: String,
    pub name: String,
    pub polygon: Vec<Yards>,
}

/// A stand: an oriented rectangle (centre, facing in radians, frontage and depth in yards).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stand {
    pub centre: Yards,
    pub facing: f32,
    pub frontage: f32,
    pub depth: f32,
}

impl Stand {
    /// The four corners, front-left first, clockwise.
    pub fn corners(&self) -> [Yards; 4] {
        let (s, c) = self.facing.sin_cos();
        let (hw, hd) = (self.frontage / 2.0, self.depth / 2.0);
        let at = |dx: f32, dy: f32| Yards::new(self.centre.x + dx * c - dy * s, self.centre.y + dx * s + dy * c);
        [at(-hw, hd), at(hw, hd), at(hw, -hd), at(-hw, -hd)]
    }
}

#[derive(Clone, Debug)]
pub struct Tabletop {
    pub name: String,
    pub width: f32,
    pub depth: f32,
    pub features: Vec<TerrainFeature>,
}

impl Tabletop {
    pub fn from_spec(spec: &TabletopSpec, problems: &mut Problems) -> Tabletop {
        if !(spec.width_yards > 0.0 && spec.width_yards <= 100_000.0) {
            problems.push("width_yards", "the table's width must be a positive number of yards");
        }
        if !(spec.depth_yards > 0.0 && spec.depth_yards <= 100_000.0) {
            problems.push("depth_yards", "the table's depth must be a positive number of yards");
        }
        let mut features = Vec::new();
        for (i, f) in spec.features.iter().enumerate() {
            if f.polygon.len() < 3 {
                problems.push(format!("features.{i}.polygon"), "a polygon needs at least 3 corners");
            }
            for (j, (x, y)) in f.polygon.iter().enumerate() {
                if !(0.0..=spec.width_yards).contains(x) || !(0.0..=spec.depth_yards).contains(y) {
                    problems.push(format!("features.{i}.polygon.{j}"), format!("corner ({x}, {y}) is off the table"));
                }
            }
            features.push(TerrainFeature {
                kind: f.kind.clone(),
                name: f.name.clone(),
                polygon: f.polygon.iter().map(|(x, y)| Yards::new(*x, *y)).collect(),
            });
        }
        Tabletop { name: spec.name.clone(), width: spec.width_yards, depth: spec.depth_yards, features }
    }

    /// The features containing a point.
    pub fn features_at(&self, p: Yards) -> impl Iterator<Item = &TerrainFeature> {
        self.features.iter().filter(move |f| point_in_polygon(p, &f.polygon))
    }
}

/// Even-odd rule.
pub fn point_in_polygon(p: Yards, poly: &[Yards]) -> bool {
    let mut inside = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + n - 1) % n]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
    }
    inside
}

fn orient(a: Yards, b: Yards, c: Yards) -> f32 {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

/// True if segments `a-b` and `c-d` cross or touch.
pub fn segments_intersect(a: Yards, b: Yards, c: Yards, d: Yards) -> bool {
    let (o1, o2, o3, o4) = (orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b));
    if o1 * o2 < 0.0 && o3 * o4 < 0.0 {
        return true;
    }
    let on = |p: Yards, q: Yards, r: Yards| {
        orient(p, q, r).abs() < 1e-6
            && r.x >= p.x.min(q.x) - 1e-6
            && r.x <= p.x.max(q.x) + 1e-6
            && r.y >= p.y.min(q.y) - 1e-6
            && r.y <= p.y.max(q.y) + 1e-6
    };
    on(a, b, c) || on(a, b, d) || on(c, d, a) || on(c, d, b)
}

/// True if the segment `a-b` enters or crosses the polygon.
pub fn segment_crosses_polygon(a: Yards, b: Yards, poly: &[Yards]) -> bool {
    if point_in_polygon(a, poly) || point_in_polygon(b, poly) {
        return true;
    }
    let n = poly.len();
    (0..n).any(|i| segments_intersect(a, b, poly[i], poly[(i + 1) % n]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_basics() {
        let square = [Yards::new(0.0, 0.0), Yards::new(10.0, 0.0), Yards::new(10.0, 10.0), Yards::new(0.0, 10.0)];
        assert!(point_in_polygon(Yards::new(5.0, 5.0), &square));
        assert!(!point_in_polygon(Yards::new(15.0, 5.0), &square));
        assert!(segment_crosses_polygon(Yards::new(-5.0, 5.0), Yards::new(15.0, 5.0), &square));
        assert!(!segment_crosses_polygon(Yards::new(-5.0, 15.0), Yards::new(15.0, 15.0), &square));
        let stand = Stand { centre: Yards::new(0.0, 0.0), facing: 0.0, frontage: 40.0, depth: 20.0 };
        assert_eq!(stand.corners()[0], Yards::new(-20.0, 10.0));
        assert!((Yards::new(0.0, 0.0).distance(Yards::new(3.0, 4.0)) - 5.0).abs() < 1e-6);
    }
}
