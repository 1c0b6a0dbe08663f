//! The map's printed features over the terrain tiles, drawn once per scenario into one image the size
//! of the map: roads (centre to centre, with a casing), the railway (with ties), streams along the
//! hexsides, trench lines with their owner's emblem (British cockade for `allied`, black cross for
//! `german`), and the outlines of the named places the victory conditions use.

use std::collections::{BTreeMap, BTreeSet};

use hexx::Hex;

use crate::engine::board::HexBoard;

use super::{Canvas, Rgba, polyline, smooth_polyline};

/// World units between two adjacent hex centres.
pub const HEX: f32 = 96.0;

/// The map's extent in map pixels (y down): the box around every hexagon.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Extent {
    pub min_x: f32,
    pub min_y: f32,
    pub max_x: f32,
    pub max_y: f32,
}

impl Extent {
    pub fn of(board: &HexBoard) -> Extent {
        let r = HEX / 3f32.sqrt();
        let mut e = Extent { min_x: f32::MAX, min_y: f32::MAX, max_x: f32::MIN, max_y: f32::MIN };
        for h in board.hexes() {
            let (x, y) = board.center(h);
            let (x, y) = (x * HEX, y * HEX);
            e.min_x = e.min_x.min(x - HEX / 2.0);
            e.max_x = e.max_x.max(x + HEX / 2.0);
            e.min_y = e.min_y.min(y - r);
            e.max_y = e.max_y.max(y + r);
        }
        if e.min_x > e.max_x {
            e = Extent { min_x: 0.0, min_y: 0.0, max_x: HEX, max_y: HEX };
        }
        e
    }
    pub fn width(&self) -> f32 {
        self.max_x - self.min_x
    }
    pub fn height(&self) -> f32 {
        self.max_y - self.min_y
    }
}

/// A hex centre in map pixels (x east, y south).
pub fn centre_px(board: &HexBoard, h: Hex) -> (f32, f32) {
    let (x, y) = board.center(h);
    (x * HEX, y * HEX)
}

/// Joins segments (pairs of keys) into chains, so lines are drawn as smooth strokes instead of
/// separate pieces.
fn chains<K: Ord + Copy>(segments: &[(K, K)]) -> Vec<Vec<K>> {
    let mut adj: BTreeMap<K, Vec<K>> = BTreeMap::new();
    for (a, b) in segments {
        adj.entry(*a).or_default().push(*b);
        adj.entry(*b).or_default().push(*a);
    }
    let mut used: BTreeSet<(K, K)> = BTreeSet::new();
    let key = |a: K, b: K| if a <= b { (a, b) } else { (b, a) };
    let mut out = Vec::new();
    // Start at ends and junctions first, then whatever is left (loops).
    let mut starts: Vec<K> = adj.iter().filter(|(_, n)| n.len() != 2).map(|(k, _)| *k).collect();
    starts.extend(adj.keys().copied());
    for s in starts {
        let neighbours = adj.get(&s).cloned().unwrap_or_default();
        for n in neighbours {
            if used.contains(&key(s, n)) {
                continue;
            }
            let mut chain = vec![s, n];
            used.insert(key(s, n));
            let mut prev = s;
            let mut cur = n;
            loop {
                let next = adj.get(&cur).filter(|v| v.len() == 2).and_then(|v| v.iter().find(|x| **x != prev).copied());
                match next {
                    Some(x) if !used.contains(&key(cur, x)) => {
                        used.insert(key(cur, x));
                        chain.push(x);
                        prev = cur;
                        cur = x;
                    }
                    _ => break,
                }
            }
            out.push(chain);
        }
    }
    out
}

fn hex_key(h: Hex) -> (i32, i32) {
    (h.x, h.y)
}

/// Where the features are drawn: map pixels to image pixels.
struct Sheet<'a> {
    board: &'a HexBoard,
    ext: Extent,
    scale: f32,
}

impl Sheet<'_> {
    fn to_px(&self, p: (f32, f32)) -> (f32, f32) {
        ((p.0 - self.ext.min_x) * self.scale, (p.1 - self.ext.min_y) * self.scale)
    }
    fn centre(&self, h: Hex) -> (f32, f32) {
        self.to_px(centre_px(self.board, h))
    }
}

/// The hexside features by kind: roads and railways from centre to centre, streams along the
/// hexsides (their ends quantised so chains join), and any other kind.
#[derive(Default)]
struct Hexsides {
    roads: Vec<((i32, i32), (i32, i32))>,
    rails: Vec<((i32, i32), (i32, i32))>,
    streams: Vec<((i64, i64), (i64, i64))>,
    others: Vec<(Hex, Hex)>,
}

/// A point between two hex centres (weights `(wa, wb)`), and the half-length offset along their
/// hexside (map pixels).
fn hexside_at(ca: (f32, f32), cb: (f32, f32), (wa, wb): (f32, f32)) -> ((f32, f32), (f32, f32)) {
    let r = HEX / 3f32.sqrt();
    let m = (ca.0 * wa + cb.0 * wb, ca.1 * wa + cb.1 * wb);
    let (dx, dy) = (cb.0 - ca.0, cb.1 - ca.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    (m, (-dy / len * r / 2.0, dx / len * r / 2.0))
}

impl Hexsides {
    fn of(board: &HexBoard) -> Hexsides {
        let mut out = Hexsides::default();
        let quant = |p: (f32, f32)| ((p.0 * 4.0).round() as i64, (p.1 * 4.0).round() as i64);
        let mut sides: Vec<(Hex, Hex, Vec<String>)> =
            board.all_hexsides().map(|(a, b, f)| (a, b, f.iter().map(|x| x.kind.clone()).collect())).collect();
        sides.sort_by_key(|(a, b, _)| (a.x, a.y, b.x, b.y));
        for (a, b, kinds) in &sides {
            for kind in kinds {
                match kind.as_str() {
                    "road" => out.roads.push((hex_key(*a), hex_key(*b))),
                    "railway" => out.rails.push((hex_key(*a), hex_key(*b))),
                    "stream" => {
                        let (m, (px, py)) = hexside_at(centre_px(board, *a), centre_px(board, *b), (0.5, 0.5));
                        out.streams.push((quant((m.0 - px, m.1 - py)), quant((m.0 + px, m.1 + py))));
                    }
                    _ => out.others.push((*a, *b)),
                }
            }
        }
        out
    }
}

/// Draws the features of a board into an image covering [`Extent::of`] at `scale` pixels per world
/// unit.
pub fn render(board: &HexBoard, scale: f32) -> Canvas {
    let sheet = Sheet { board, ext: Extent::of(board), scale };
    let (w, h) = ((sheet.ext.width() * scale).ceil() as u32, (sheet.ext.height() * scale).ceil() as u32);
    let mut c = Canvas::new(w, h);
    let sides = Hexsides::of(board);
    place_outlines(&mut c, &sheet);
    lines(&mut c, &sheet, &sides);
    trench_lines(&mut c, &sheet);
    c
}

/// Named places: a dotted outline along their outer hexsides (the victory conditions name them).
fn place_outlines(c: &mut Canvas, sheet: &Sheet) {
    let (board, scale) = (sheet.board, sheet.scale);
    for place in &board.places {
        let set: BTreeSet<(i32, i32)> = place.hexes.iter().map(|h| hex_key(*h)).collect();
        for h in &place.hexes {
            for n in h.all_neighbors() {
                if set.contains(&hex_key(n)) {
                    continue;
                }
                let (ca, cb) = (centre_px(board, *h), centre_px(board, n));
                let (m, (px, py)) = hexside_at(ca, cb, (0.52, 0.48));
                if let Some(p) = polyline(&[sheet.to_px((m.0 - px, m.1 - py)), sheet.to_px((m.0 + px, m.1 + py))]) {
                    c.stroke_dashed(&p, [120, 30, 30, 170], 2.2 * scale, 5.0 * scale, 3.5 * scale);
                }
            }
        }
    }
}

/// The lines along and across hexsides: streams, the railway, roads, and any other kind.
fn lines(c: &mut Canvas, sheet: &Sheet, sides: &Hexsides) {
    let scale = sheet.scale;
    let hex_of = |k: (i32, i32)| Hex::new(k.0, k.1);
    let unq = |k: (i64, i64)| sheet.to_px((k.0 as f32 / 4.0, k.1 as f32 / 4.0));
    // Streams: a blue line along the hexsides, rounded into a meander.
    for chain in chains(&sides.streams) {
        let pts: Vec<(f32, f32)> = chain.iter().map(|k| unq(*k)).collect();
        if let Some(p) = smooth_polyline(&pts) {
            c.stroke(&p, [222, 236, 244, 200], 9.0 * scale);
            c.stroke(&p, [62, 112, 170, 255], 5.0 * scale);
            c.stroke(&p, [120, 170, 214, 255], 1.8 * scale);
        }
    }
    // Railway: a dark line with ties.
    for chain in chains(&sides.rails) {
        let pts: Vec<(f32, f32)> = chain.iter().map(|k| sheet.centre(hex_of(*k))).collect();
        if let Some(p) = smooth_polyline(&pts) {
            c.stroke_dashed(&p, [52, 48, 46, 230], 8.0 * scale, 1.6 * scale, 5.0 * scale);
            c.stroke(&p, [40, 36, 34, 255], 2.4 * scale);
        }
    }
    // Roads: casing first for all, then the fill, so junctions merge.
    let road_chains: Vec<Vec<(f32, f32)>> =
        chains(&sides.roads).into_iter().map(|ch| ch.iter().map(|k| sheet.centre(hex_of(*k))).collect()).collect();
    for pts in &road_chains {
        if let Some(p) = smooth_polyline(pts) {
            c.stroke(&p, [92, 70, 44, 255], 9.0 * scale);
        }
    }
    for pts in &road_chains {
        if let Some(p) = smooth_polyline(pts) {
            c.stroke(&p, [232, 214, 170, 255], 5.4 * scale);
        }
    }
    // Any other hexside feature the map may gain: a grey dashed line on the hexside.
    for (a, b) in &sides.others {
        c.line(sheet.centre(*a), sheet.centre(*b), [90, 90, 90, 120], 2.0 * scale);
    }
}

/// Trench lines, by owner: crenellated lines joining adjacent trench hexes of the same owner, a short
/// stretch across an isolated one, and the owner's emblem on each.
fn trench_lines(c: &mut Canvas, sheet: &Sheet) {
    let (board, scale) = (sheet.board, sheet.scale);
    let hex_of = |k: (i32, i32)| Hex::new(k.0, k.1);
    let mut owners: BTreeMap<String, Vec<Hex>> = BTreeMap::new();
    for h in board.hexes() {
        for f in board.hex_features(h) {
            if f.kind == "trench" {
                owners.entry(f.owner.clone().unwrap_or_else(|| "allied".into())).or_default().push(h);
            }
        }
    }
    for (owner, hexes) in &owners {
        let set: BTreeSet<(i32, i32)> = hexes.iter().map(|h| hex_key(*h)).collect();
        let mut segs = Vec::new();
        for h in hexes {
            for n in h.all_neighbors() {
                if set.contains(&hex_key(n)) && hex_key(*h) < hex_key(n) {
                    segs.push((hex_key(*h), hex_key(n)));
                }
            }
        }
        let ink: Rgba = if owner == "german" { [24, 24, 24, 255] } else { [110, 56, 20, 255] };
        for chain in chains(&segs) {
            let pts: Vec<(f32, f32)> = chain.iter().map(|k| sheet.centre(hex_of(*k))).collect();
            trench_line(c, &pts, ink, scale);
        }
        // Isolated trench hexes: a short stretch of trench across the hex.
        for h in hexes {
            if !h.all_neighbors().iter().any(|n| set.contains(&hex_key(*n))) {
                let (x, y) = sheet.centre(*h);
                trench_line(c, &[(x - 30.0 * scale, y + 6.0 * scale), (x + 30.0 * scale, y - 6.0 * scale)], ink, scale);
            }
        }
        // The owner's emblem near the top of each trench hex, clear of the counter.
        for h in hexes {
            let (x, y) = sheet.centre(*h);
            let (ex, ey) = (x + 26.0 * scale, y - 30.0 * scale);
            if owner == "german" {
                black_cross(c, ex, ey, 9.0 * scale);
            } else {
                cockade(c, ex, ey, 8.5 * scale);
            }
        }
    }
}

/// A trench as maps print it: a parapet of turned earth and a square-toothed (crenellated) line.
pub fn trench_line(c: &mut Canvas, pts: &[(f32, f32)], ink: Rgba, scale: f32) {
    let tooth = 9.0 * scale;
    let depth = 7.0 * scale;
    let mut out: Vec<(f32, f32)> = Vec::new();
    let mut k = 0usize;
    for w in pts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1e-3 {
            continue;
        }
        let (ux, uy) = (dx / len, dy / len);
        let (nx, ny) = (-uy, ux);
        let n = (len / tooth).round().max(1.0) as usize;
        let step = len / n as f32;
        for i in 0..n {
            let s0 = i as f32 * step;
            let s1 = s0 + step;
            let off = if k.is_multiple_of(2) { depth } else { -depth } / 2.0;
            out.push((a.0 + ux * s0 + nx * off, a.1 + uy * s0 + ny * off));
            out.push((a.0 + ux * s1 + nx * off, a.1 + uy * s1 + ny * off));
            k += 1;
        }
    }
    // The parapet: a band of chalky earth either side.
    if let Some(p) = polyline(pts) {
        c.stroke(&p, [196, 176, 136, 150], 16.0 * scale);
    }
    if let Some(p) = polyline(&out) {
        c.stroke(&p, [250, 240, 220, 140], 5.5 * scale);
        let mut stroke = tiny_skia::Stroke { width: 3.0 * scale, ..Default::default() };
        stroke.line_join = tiny_skia::LineJoin::Miter;
        let mut paint = tiny_skia::Paint::default();
        paint.set_color_rgba8(ink[0], ink[1], ink[2], ink[3]);
        paint.anti_alias = true;
        c.pixmap.stroke_path(&p, &paint, &stroke, tiny_skia::Transform::identity(), None);
    }
}

/// The British cockade: blue ring, white ring, red centre.
pub fn cockade(c: &mut Canvas, x: f32, y: f32, r: f32) {
    c.fill_circle(x, y, r + 1.2, [20, 20, 30, 200]);
    c.fill_circle(x, y, r, [30, 60, 150, 255]);
    c.fill_circle(x, y, r * 0.66, [245, 245, 240, 255]);
    c.fill_circle(x, y, r * 0.34, [200, 30, 40, 255]);
}

/// The black cross (Balkenkreuz as painted on the A7Vs, the Iron Cross outline), white edged.
pub fn black_cross(c: &mut Canvas, x: f32, y: f32, r: f32) {
    let arm = r * 0.36;
    let shape = |e: f32| {
        vec![
            (x - arm - e, y - r - e),
            (x + arm + e, y - r - e),
            (x + arm + e, y - arm - e),
            (x + r + e, y - arm - e),
            (x + r + e, y + arm + e),
            (x + arm + e, y + arm + e),
            (x + arm + e, y + r + e),
            (x - arm - e, y + r + e),
            (x - arm - e, y + arm + e),
            (x - r - e, y + arm + e),
            (x - r - e, y - arm - e),
            (x - arm - e, y - arm - e),
        ]
    };
    c.fill_poly(&shape(r * 0.18), [250, 250, 245, 255]);
    c.fill_poly(&shape(0.0), [16, 16, 16, 255]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_join_a_path() {
        let segs = vec![(1, 2), (3, 4), (2, 3), (10, 11)];
        let mut c = chains(&segs);
        c.sort();
        assert_eq!(c, vec![vec![1, 2, 3, 4], vec![10, 11]]);
    }
}
