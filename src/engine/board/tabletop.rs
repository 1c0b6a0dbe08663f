//! Tabletop boards (DESIGN.md, Boards): a continuous plane measured in yards, with terrain features as
//! polygons. Enough geometry for a miniatures ruleset to start from: distances, point-in-polygon,
//! whether a segment crosses a feature, and oriented rectangles for stands.

use serde::{Deserialize, Serialize};

use crate::engine::source::{Diagnostic, Problems, SourceFile};

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
#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename = "Tabletop", deny_unknown_fields)]
pub struct TabletopSpec {
    /// File format version (1).
    pub format: u32,
    /// The ruleset whose terrain kinds this table uses.
    pub ruleset: String,
    /// The table's name, as the window shows it.
    pub name: String,
    /// The table's width in yards, left to right (x): more than 0, at most 100,000.
    #[schemars(range(max = 100_000), extend("exclusiveMinimum" = 0))]
    pub width_yards: f32,
    /// The table's depth in yards, away from the first player (y): more than 0, at most 100,000.
    #[schemars(range(max = 100_000), extend("exclusiveMinimum" = 0))]
    pub depth_yards: f32,
    /// The terrain on the table: woods, hills, buildings... each a polygon.
    #[serde(default)]
    pub features: Vec<TerrainFeatureSpec>,
}

#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainFeatureSpec {
    /// The terrain's kind, a name the ruleset reads (its scenario page lists them).
    pub kind: String,
    /// The feature's name, if it has one, shown in the window.
    #[serde(default)]
    pub name: String,
    /// Corners in order, in yards; at least 3, each on the table.
    #[schemars(length(min = 3))]
    pub polygon: Vec<(f32, f32)>,
}

/// A terrain feature: a polygon with a kind.
#[derive(Clone, Debug)]
pub struct TerrainFeature {
    pub kind: String,
    pub name: String,
    pub polygon: Vec<Yards>,
}

/// A stand: an oriented rectangle (centre, facing in radians, frontage and depth in yards). The facing
/// is the direction its front edge looks to, counter-clockwise from +x (0 looks along +x, π/2 along
/// +y, away from the first player): the same convention as the window's `Place::Table`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stand {
    pub centre: Yards,
    pub facing: f32,
    pub frontage: f32,
    pub depth: f32,
}

impl Stand {
    /// The unit vector it faces.
    pub fn forward(&self) -> Yards {
        let (s, c) = self.facing.sin_cos();
        Yards::new(c, s)
    }

    /// The unit vector to its right (the front edge runs from left to right).
    pub fn right(&self) -> Yards {
        let (s, c) = self.facing.sin_cos();
        Yards::new(s, -c)
    }

    /// A point given in the stand's own frame (`across` to its right, `ahead` to its front, from its
    /// centre) on the table.
    pub fn point(&self, across: f32, ahead: f32) -> Yards {
        let (f, r) = (self.forward(), self.right());
        Yards::new(self.centre.x + r.x * across + f.x * ahead, self.centre.y + r.y * across + f.y * ahead)
    }

    /// A table point in the stand's own frame: (to its right, ahead of its centre).
    pub fn local(&self, p: Yards) -> (f32, f32) {
        let d = Yards::new(p.x - self.centre.x, p.y - self.centre.y);
        let (f, r) = (self.forward(), self.right());
        (d.x * r.x + d.y * r.y, d.x * f.x + d.y * f.y)
    }

    /// The four corners, front-left first, clockwise seen from above.
    pub fn corners(&self) -> [Yards; 4] {
        let (hw, hd) = (self.frontage / 2.0, self.depth / 2.0);
        [self.point(-hw, hd), self.point(hw, hd), self.point(hw, -hd), self.point(-hw, -hd)]
    }

    /// The front edge, left end first.
    pub fn front_edge(&self) -> (Yards, Yards) {
        let [fl, fr, _, _] = self.corners();
        (fl, fr)
    }

    /// The middle of the front edge.
    pub fn front_centre(&self) -> Yards {
        self.point(0.0, self.depth / 2.0)
    }

    /// Whether a table point is on the stand (its edges included).
    pub fn contains(&self, p: Yards) -> bool {
        let (across, ahead) = self.local(p);
        across.abs() <= self.frontage / 2.0 + 1e-4 && ahead.abs() <= self.depth / 2.0 + 1e-4
    }

    /// How far a table point is from the stand (0 on it).
    pub fn distance_to(&self, p: Yards) -> f32 {
        let (across, ahead) = self.local(p);
        let dx = (across.abs() - self.frontage / 2.0).max(0.0);
        let dy = (ahead.abs() - self.depth / 2.0).max(0.0);
        (dx * dx + dy * dy).sqrt()
    }

    /// Whether two stands overlap by more than `tolerance` yards (separating axes): stands that only
    /// touch, edge to edge, do not.
    pub fn overlaps(&self, other: &Stand, tolerance: f32) -> bool {
        let axes = [self.forward(), self.right(), other.forward(), other.right()];
        let (a, b) = (self.corners(), other.corners());
        axes.iter().all(|ax| {
            let project = |cs: &[Yards; 4]| {
                cs.iter().map(|c| c.x * ax.x + c.y * ax.y).fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), v| (lo.min(v), hi.max(v)))
            };
            let ((a0, a1), (b0, b1)) = (project(&a), project(&b));
            a1.min(b1) - a0.max(b0) > tolerance
        })
    }

    /// The gap between two stands that do not overlap: the shortest distance from a corner of one to
    /// the other (0 when they touch or overlap).
    pub fn gap(&self, other: &Stand) -> f32 {
        if self.overlaps(other, 0.0) {
            return 0.0;
        }
        let a = self.corners().iter().map(|c| other.distance_to(*c)).fold(f32::INFINITY, f32::min);
        let b = other.corners().iter().map(|c| self.distance_to(*c)).fold(f32::INFINITY, f32::min);
        a.min(b)
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

    /// Reads and checks a `Tabletop(...)` file: every problem with its file, line and column.
    pub fn read(file: &SourceFile) -> Result<Tabletop, Vec<Diagnostic>> {
        let spec: TabletopSpec = file.parse().map_err(|d| vec![d])?;
        let mut problems = Problems::default();
        let table = Tabletop::from_spec(&spec, &mut problems);
        if problems.is_empty() { Ok(table) } else { Err(file.locate_all(problems)) }
    }

    /// The features containing a point.
    pub fn features_at(&self, p: Yards) -> impl Iterator<Item = &TerrainFeature> {
        self.features.iter().filter(move |f| point_in_polygon(p, &f.polygon))
    }

    /// The first feature that blocks the line of sight from `a` to `b`, nearest `a` first, and where
    /// the line enters it; `None` when the line is clear. `blocks` says which features block sight
    /// (the ruleset's terrain). A feature holding either end does not block: a stand sees out of the
    /// wood it stands in, and into the wood its target stands in.
    pub fn sight_blocker(&self, a: Yards, b: Yards, blocks: impl Fn(&TerrainFeature) -> bool) -> Option<(&TerrainFeature, Yards)> {
        self.features
            .iter()
            .filter(|f| blocks(f) && !point_in_polygon(a, &f.polygon) && !point_in_polygon(b, &f.polygon))
            .filter_map(|f| entry_along(a, b, &f.polygon).map(|t| (f, t)))
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(f, t)| (f, Yards::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)))
    }
}

/// Where (as a fraction of the way from `a` to `b`) the segment first meets the polygon's outline;
/// 0 when `a` is inside it, `None` when the segment misses it.
pub fn entry_along(a: Yards, b: Yards, poly: &[Yards]) -> Option<f32> {
    if point_in_polygon(a, poly) {
        return Some(0.0);
    }
    let n = poly.len();
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    (0..n)
        .filter_map(|i| {
            let (c, d) = (poly[i], poly[(i + 1) % n]);
            let (ex, ey) = (d.x - c.x, d.y - c.y);
            let den = dx * ey - dy * ex;
            if den.abs() < 1e-9 {
                return segments_intersect(a, b, c, d).then(|| {
                    let len2 = (dx * dx + dy * dy).max(1e-9);
                    [c, d].iter().map(|p| ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).fold(1.0f32, f32::min).max(0.0)
                });
            }
            let t = ((c.x - a.x) * ey - (c.y - a.y) * ex) / den;
            let u = ((c.x - a.x) * dy - (c.y - a.y) * dx) / den;
            ((-1e-6..=1.0 + 1e-6).contains(&t) && (-1e-6..=1.0 + 1e-6).contains(&u)).then_some(t.clamp(0.0, 1.0))
        })
        .min_by(f32::total_cmp)
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

/// The distance from a point to a polygon's nearest edge.
pub fn edge_distance(q: Yards, poly: &[Yards]) -> f32 {
    (0..poly.len())
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let k = (((q.x - a.x) * dx + (q.y - a.y) * dy) / (dx * dx + dy * dy).max(1e-6)).clamp(0.0, 1.0);
            q.distance(Yards::new(a.x + k * dx, a.y + k * dy))
        })
        .fold(f32::INFINITY, f32::min)
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
        assert!((Yards::new(0.0, 0.0).distance(Yards::new(3.0, 4.0)) - 5.0).abs() < 1e-6);
    }

    fn near(a: Yards, b: Yards) -> bool {
        a.distance(b) < 1e-3
    }

    #[test]
    fn a_stand_facing_up_the_table_has_its_front_edge_on_top() {
        // Facing +y (π/2), 40 yards of frontage and 20 of depth, centred on (100, 50).
        let stand = Stand { centre: Yards::new(100.0, 50.0), facing: std::f32::consts::FRAC_PI_2, frontage: 40.0, depth: 20.0 };
        let [fl, fr, br, bl] = stand.corners();
        assert!(near(fl, Yards::new(80.0, 60.0)), "{fl:?}");
        assert!(near(fr, Yards::new(120.0, 60.0)), "{fr:?}");
        assert!(near(br, Yards::new(120.0, 40.0)), "{br:?}");
        assert!(near(bl, Yards::new(80.0, 40.0)), "{bl:?}");
        assert!(near(stand.front_centre(), Yards::new(100.0, 60.0)));
        // Facing +x (0): the front edge is the right-hand side of the rectangle, left end on top.
        let east = Stand { facing: 0.0, ..stand };
        assert!(near(east.front_edge().0, Yards::new(110.0, 70.0)), "{:?}", east.front_edge());
        assert!(near(east.front_edge().1, Yards::new(110.0, 30.0)));
    }

    #[test]
    fn a_point_is_on_a_turned_stand_only_inside_its_rectangle() {
        // Turned 45°: the corner of its axis-aligned box is off it, a point along its facing is on it.
        let stand = Stand { centre: Yards::new(0.0, 0.0), facing: std::f32::consts::FRAC_PI_4, frontage: 30.0, depth: 20.0 };
        assert!(stand.contains(Yards::new(0.0, 0.0)));
        assert!(stand.contains(Yards::new(6.0, 6.0)), "9 yards ahead of the centre, inside the 10 of half-depth");
        assert!(!stand.contains(Yards::new(8.0, 8.0)), "11.3 yards ahead: past the front edge");
        assert!(stand.contains(Yards::new(10.0, -10.0)), "14.1 yards to the right, inside the 15 of half-frontage");
        assert!(
            !stand.contains(Yards::new(16.0, 0.0)),
            "inside the axis-aligned box (to x = 17.7), 11.3 yards ahead: off the turned stand"
        );
        assert!((stand.distance_to(Yards::new(20.0, 20.0)) - (28.284 - 10.0)).abs() < 1e-2);
        assert_eq!(stand.distance_to(Yards::new(1.0, 1.0)), 0.0);
    }

    #[test]
    fn stands_edge_to_edge_touch_without_overlapping() {
        let a = Stand { centre: Yards::new(0.0, 0.0), facing: 0.0, frontage: 30.0, depth: 20.0 };
        // Facing +x, its depth runs along x: a stand 20 yards further along x touches it.
        let touching = Stand { centre: Yards::new(20.0, 0.0), ..a };
        assert!(!a.overlaps(&touching, 0.1));
        assert!(a.gap(&touching) < 1e-3);
        let overlapping = Stand { centre: Yards::new(15.0, 5.0), ..a };
        assert!(a.overlaps(&overlapping, 0.1));
        let turned = Stand { centre: Yards::new(40.0, 0.0), facing: std::f32::consts::FRAC_PI_4, ..a };
        assert!(!a.overlaps(&turned, 0.1), "the turned stand's nearest corner is {} yards off", a.gap(&turned));
        assert!((a.gap(&Stand { centre: Yards::new(30.0, 0.0), ..a }) - 10.0).abs() < 1e-3);
    }

    fn square(x0: f32, y0: f32, side: f32, kind: &str) -> TerrainFeature {
        TerrainFeature {
            kind: kind.into(),
            name: kind.into(),
            polygon: vec![Yards::new(x0, y0), Yards::new(x0 + side, y0), Yards::new(x0 + side, y0 + side), Yards::new(x0, y0 + side)],
        }
    }

    #[test]
    fn sight_is_blocked_by_the_nearest_blocking_feature_but_not_by_the_one_a_stand_is_in() {
        let table = Tabletop {
            name: "t".into(),
            width: 600.0,
            depth: 400.0,
            features: vec![square(300.0, 100.0, 50.0, "woods"), square(200.0, 100.0, 50.0, "hill"), square(100.0, 100.0, 50.0, "road")],
        };
        let blocks = |f: &TerrainFeature| f.kind != "road";
        let (a, b) = (Yards::new(0.0, 125.0), Yards::new(500.0, 125.0));
        let (first, at) = table.sight_blocker(a, b, blocks).expect("blocked");
        assert_eq!(first.kind, "hill", "the hill is met before the wood; the road does not block");
        assert!(near(at, Yards::new(200.0, 125.0)), "{at:?}");
        // Over the road only: clear.
        assert!(table.sight_blocker(Yards::new(0.0, 125.0), Yards::new(190.0, 125.0), blocks).is_none());
        // Passing above every feature: clear.
        assert!(table.sight_blocker(Yards::new(0.0, 300.0), Yards::new(500.0, 300.0), blocks).is_none());
        // From inside the hill out to the open: the hill does not block; through the wood it does.
        assert!(table.sight_blocker(Yards::new(225.0, 125.0), Yards::new(280.0, 125.0), blocks).is_none());
        assert_eq!(table.sight_blocker(Yards::new(225.0, 125.0), b, blocks).map(|(f, _)| f.kind.as_str()), Some("woods"));
    }

    #[test]
    fn a_table_file_with_a_corner_off_the_table_is_refused_with_its_line() {
        let text = "Tabletop(\n  format: 1,\n  ruleset: \"x\",\n  name: \"t\",\n  width_yards: 100,\n  depth_yards: 100,\n  features: [\n    (kind: \"woods\", polygon: [(0, 0), (50, 0), (150, 50)]),\n  ],\n)\n";
        let file = SourceFile::new("t.ron", text.to_string());
        let errors = Tabletop::read(&file).expect_err("a corner is off the table");
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].line, 8, "{}", errors[0]);
        assert!(errors[0].message.contains("(150, 50)"), "{}", errors[0]);
    }
}
