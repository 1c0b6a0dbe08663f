//! The table (1.1) and what its terrain does: the kinds of feature a table may hold, which stop a
//! stand (water, canals), slow it (woods, rough: 4), shelter it (protective cover, earthworks: 5.2f,
//! 6.5, 7.4, 8.5) and block fire (6.33: objective zones, hills, woods, rough ground).

use crate::engine::board::Tabletop;
use crate::engine::board::tabletop::{Stand, Yards, edge_distance, point_in_polygon, segment_crosses_polygon};
use crate::engine::source::{Diagnostic, Problems, SourceFile};

/// What a terrain feature is to the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Woods,
    Rough,
    Hill,
    Earthworks,
    /// Protective cover (buildings, walls).
    Cover,
    /// An objective zone (5.2f, 6.33).
    Objective,
    Road,
    Water,
    /// A Martian canal: water no stand may enter but by a bridge or a ford.
    Canal,
    Bridge,
    Ford,
}

impl Terrain {
    pub const NAMES: [&'static str; 11] =
        ["woods", "rough", "hill", "earthworks", "cover", "objective", "road", "water", "canal", "bridge", "ford"];

    pub fn of(kind: &str) -> Option<Terrain> {
        Some(match kind {
            "woods" => Terrain::Woods,
            "rough" => Terrain::Rough,
            "hill" => Terrain::Hill,
            "earthworks" => Terrain::Earthworks,
            "cover" => Terrain::Cover,
            "objective" => Terrain::Objective,
            "road" => Terrain::Road,
            "water" => Terrain::Water,
            "canal" => Terrain::Canal,
            "bridge" => Terrain::Bridge,
            "ford" => Terrain::Ford,
            _ => return None,
        })
    }

    /// 6.33: objective zones, hills, woods and rough terrain stop a kill zone.
    pub fn blocks_fire(self) -> bool {
        matches!(self, Terrain::Objective | Terrain::Hill | Terrain::Woods | Terrain::Rough)
    }
}

/// A table with its features' kinds read once (the rules ask where water and woods are thousands of
/// times a decision).
#[derive(Clone, Copy)]
pub struct Ground<'a> {
    pub table: &'a Tabletop,
    pub kinds: &'a [Terrain],
}

/// Reads a `Tabletop(...)` file and checks its feature kinds against the rules' terrain.
pub fn read(file: &SourceFile) -> Result<Tabletop, Vec<Diagnostic>> {
    let table = Tabletop::read(file)?;
    let mut p = Problems::default();
    for (i, f) in table.features.iter().enumerate() {
        if Terrain::of(&f.kind).is_none() {
            p.push(
                format!("features.{i}.kind"),
                format!(
                    "unknown terrain `{}`{} (kinds: {})",
                    f.kind,
                    crate::engine::source::suggestion(&f.kind, &Terrain::NAMES),
                    Terrain::NAMES.join(", ")
                ),
            );
        }
    }
    if p.is_empty() { Ok(table) } else { Err(file.locate_all(p)) }
}

/// Each feature's kind (every kind is checked by [`read`]).
pub fn kinds(table: &Tabletop) -> Vec<Terrain> {
    table.features.iter().map(|f| Terrain::of(&f.kind).unwrap_or(Terrain::Road)).collect()
}

/// Whether every corner of a stand is on the table (1.1).
pub fn on_table(table: &Tabletop, s: &Stand) -> bool {
    s.corners().iter().all(|c| c.x >= -0.01 && c.y >= -0.01 && c.x <= table.width + 0.01 && c.y <= table.depth + 0.01)
}

/// Whether a point is in water or a canal and on no bridge or ford.
pub fn impassable_at(g: Ground<'_>, p: Yards) -> Option<&str> {
    let mut wet = None;
    for (i, f) in g.table.features.iter().enumerate() {
        let k = g.kinds[i];
        if !matches!(k, Terrain::Bridge | Terrain::Ford | Terrain::Water | Terrain::Canal) || !point_in_polygon(p, &f.polygon) {
            continue;
        }
        match k {
            Terrain::Bridge | Terrain::Ford => return None,
            _ => wet = Some(f.name.as_str()),
        }
    }
    wet
}

/// The water a stand stands in, if any (its centre and corners).
pub fn impassable_under<'a>(g: Ground<'a>, s: &Stand) -> Option<&'a str> {
    std::iter::once(s.centre).chain(s.corners()).find_map(|c| impassable_at(g, c))
}

/// Whether a straight move from `a` to `b` crosses water off a bridge or ford (sampled every 5 yards).
pub fn path_blocked(g: Ground<'_>, a: Yards, b: Yards) -> bool {
    if !g.kinds.iter().any(|k| matches!(k, Terrain::Water | Terrain::Canal)) {
        return false;
    }
    let n = (a.distance(b) / 5.0).ceil().max(1.0) as usize;
    (0..=n).any(|k| {
        let t = k as f32 / n as f32;
        impassable_at(g, Yards::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)).is_some()
    })
}

/// Whether a straight move crosses difficult ground (woods, rough, earthworks): 4, half rate.
pub fn path_difficult(g: Ground<'_>, a: Yards, b: Yards) -> bool {
    g.table.features.iter().enumerate().any(|(i, f)| {
        matches!(g.kinds[i], Terrain::Woods | Terrain::Rough | Terrain::Earthworks) && segment_crosses_polygon(a, b, &f.polygon)
    })
}

/// The terrain at a point.
pub fn terrain_at(g: Ground<'_>, p: Yards) -> Vec<Terrain> {
    g.table.features.iter().enumerate().filter(|(_, f)| point_in_polygon(p, &f.polygon)).map(|(i, _)| g.kinds[i]).collect()
}

/// Whether a point is on a road (4.1c).
pub fn on_road(g: Ground<'_>, p: Yards) -> bool {
    terrain_at(g, p).contains(&Terrain::Road)
}

/// The first feature blocking fire from `a` to `b` (6.33); howitzers fire over everything but
/// woods, hills and objective zones, which they cannot fire over either, so the same list applies.
/// 6.61: "Blocking features located at lower levels do not block firing between units at higher
/// levels": between two points both on hills, only features on a hill (hills themselves, and woods,
/// rough ground or objective zones whose middle is on one) block.
pub fn fire_blocked(g: Ground<'_>, a: Yards, b: Yards) -> bool {
    let high = elevated(g, a) && elevated(g, b);
    g.table.features.iter().enumerate().any(|(i, f)| {
        let below = high && lower(g, i);
        g.kinds[i].blocks_fire()
            && !below
            && !point_in_polygon(a, &f.polygon)
            && !point_in_polygon(b, &f.polygon)
            && crate::engine::board::tabletop::entry_along(a, b, &f.polygon).is_some()
    })
}

/// The hill a point stands on, if any (6.6: the table's one higher level is the hills).
pub fn hill_at(g: Ground<'_>, p: Yards) -> Option<usize> {
    (0..g.kinds.len()).find(|&i| g.kinds[i] == Terrain::Hill && point_in_polygon(p, &g.table.features[i].polygon))
}

/// Whether a point is at the higher elevation: on a hill (6.6).
pub fn elevated(g: Ground<'_>, p: Yards) -> bool {
    hill_at(g, p).is_some()
}

/// Whether a feature is at the lower level (6.61): not a hill, and its middle on no hill.
fn lower(g: Ground<'_>, i: usize) -> bool {
    let poly = &g.table.features[i].polygon;
    if g.kinds[i] == Terrain::Hill || poly.is_empty() {
        return false;
    }
    let n = poly.len() as f32;
    let mid = Yards::new(poly.iter().map(|q| q.x).sum::<f32>() / n, poly.iter().map(|q| q.y).sum::<f32>() / n);
    !elevated(g, mid)
}

/// 6.61: a point on a hill within `crest` yards of its edge (the slope or the crest line); a point
/// off the hills counts as such (the rule limits only units on a hill).
pub fn near_edge(g: Ground<'_>, p: Yards, crest: f32) -> bool {
    hill_at(g, p).is_none_or(|h| edge_distance(p, &g.table.features[h].polygon) <= crest)
}
