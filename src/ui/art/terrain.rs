//! Terrain tiles: one pointy-top hexagon per tile, drawn at twice the map's world scale so it stays
//! sharp when the player zooms in. Several variants per terrain keep the farmland from looking like
//! wallpaper: the Santerre plateau in April 1918 was a patchwork of young wheat, ploughland and
//! fallow, pocked with shell holes near the line.

use tiny_skia::{FillRule, Mask, Transform};

use super::{Canvas, Rgba, Scatter, hex_corners, mix, polygon};

/// Tile width in pixels: twice the distance between two hex centres in world units.
pub const TILE_W: u32 = 192;
/// Tile height in pixels (pointy top: width × 2/√3, rounded up).
pub const TILE_H: u32 = 222;

/// The kinds of tile the atlas holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TileKind {
    /// Farmland, variant 0..FIELD_VARIANTS.
    Field(u32),
    /// Farmland with shell holes.
    Cratered(u32),
    Forest(u32),
    Village(u32),
    Town(u32),
    /// A terrain the art does not know: plain grey.
    Unknown,
}

pub const FIELD_VARIANTS: u32 = 6;
pub const CRATER_VARIANTS: u32 = 2;
pub const FOREST_VARIANTS: u32 = 3;
pub const VILLAGE_VARIANTS: u32 = 2;
pub const TOWN_VARIANTS: u32 = 3;

/// Every tile, in atlas order.
pub fn all_tiles() -> Vec<TileKind> {
    let mut v = Vec::new();
    v.extend((0..FIELD_VARIANTS).map(TileKind::Field));
    v.extend((0..CRATER_VARIANTS).map(TileKind::Cratered));
    v.extend((0..FOREST_VARIANTS).map(TileKind::Forest));
    v.extend((0..VILLAGE_VARIANTS).map(TileKind::Village));
    v.extend((0..TOWN_VARIANTS).map(TileKind::Town));
    v.push(TileKind::Unknown);
    v
}

/// The atlas index of a tile kind.
pub fn atlas_index(kind: TileKind) -> u32 {
    all_tiles().iter().position(|k| *k == kind).unwrap_or(0) as u32
}

const FIELD_COLOURS: [Rgba; 6] = [
    [164, 178, 110, 255], // young wheat
    [176, 184, 122, 255], // pale spring grass
    [176, 162, 118, 255], // ploughland
    [186, 178, 128, 255], // fallow straw
    [156, 174, 106, 255], // meadow
    [182, 172, 124, 255], // stubble
];

fn centre() -> (f32, f32) {
    (TILE_W as f32 / 2.0, TILE_H as f32 / 2.0)
}

fn radius() -> f32 {
    TILE_W as f32 / 3f32.sqrt()
}

fn hex_mask(r: f32) -> Option<Mask> {
    let (cx, cy) = centre();
    let path = polygon(&hex_corners(cx, cy, r))?;
    let mut m = Mask::new(TILE_W, TILE_H)?;
    m.fill_path(&path, FillRule::Winding, true, Transform::identity());
    Some(m)
}

/// Draws one tile.
pub fn draw_tile(kind: TileKind) -> Canvas {
    let mut c = Canvas::new(TILE_W, TILE_H);
    let (cx, cy) = centre();
    // A little larger than the exact hexagon, so neighbouring tiles overlap instead of leaving seams.
    let r = radius() + 1.5;
    let Some(mask) = hex_mask(r) else { return c };
    match kind {
        TileKind::Field(v) => draw_field(&mut c, &mask, r, v, false),
        TileKind::Cratered(v) => draw_field(&mut c, &mask, r, v, true),
        TileKind::Forest(v) => draw_forest(&mut c, &mask, r, v),
        TileKind::Village(v) => draw_village(&mut c, &mask, r, v),
        TileKind::Town(v) => draw_town(&mut c, &mask, r, v),
        TileKind::Unknown => fill_hex(&mut c, r, [150, 150, 150, 255]),
    }
    // The hex's own outline: a fine printed grid line.
    if let Some(p) = polygon(&hex_corners(cx, cy, radius())) {
        c.stroke(&p, [40, 36, 28, 95], 1.6);
    }
    c
}

/// Fills the tile's hexagon of radius `r` with one colour.
fn fill_hex(c: &mut Canvas, r: f32, col: Rgba) {
    let (cx, cy) = centre();
    c.fill_poly(&hex_corners(cx, cy, r), col);
}

/// Farmland: two fields, furrows, speckle; shell holes when cratered.
fn draw_field(c: &mut Canvas, mask: &Mask, r: f32, v: u32, cratered: bool) {
    let (cx, cy) = centre();
    let mut s = Scatter::new(1000 + v as u64 * 7 + if cratered { 500 } else { 0 });
    let base = FIELD_COLOURS[(v as usize) % FIELD_COLOURS.len()];
    fill_hex(c, r, base);
    // A second field across part of the hex.
    let other = FIELD_COLOURS[(v as usize + 2 + (s.next() * 3.0) as usize) % FIELD_COLOURS.len()];
    let a = s.range(0.0, std::f32::consts::PI);
    let off = s.range(-40.0, 40.0);
    let (dx, dy) = (a.cos(), a.sin());
    let (nx, ny) = (-dy, dx);
    let p0 = (cx + nx * off - dx * 300.0, cy + ny * off - dy * 300.0);
    let p1 = (cx + nx * off + dx * 300.0, cy + ny * off + dy * 300.0);
    let p2 = (p1.0 + nx * 400.0, p1.1 + ny * 400.0);
    let p3 = (p0.0 + nx * 400.0, p0.1 + ny * 400.0);
    if let Some(p) = polygon(&[p0, p1, p2, p3]) {
        c.fill_masked(&p, mix(other, base, 0.55), mask);
    }
    // Furrows.
    let fa = s.range(0.0, std::f32::consts::PI);
    let (fx, fy) = (fa.cos(), fa.sin());
    let ink = mix(base, [60, 50, 30, 255], 0.5);
    for k in -14..=14 {
        let o = k as f32 * 9.0 + s.range(-1.5, 1.5);
        let a = (cx - fy * o - fx * 200.0, cy + fx * o - fy * 200.0);
        let b = (cx - fy * o + fx * 200.0, cy + fx * o + fy * 200.0);
        if let Some(p) = super::polyline(&[a, b]) {
            let stroke = tiny_skia::Stroke { width: 1.2, ..Default::default() };
            let mut paint = tiny_skia::Paint::default();
            paint.set_color_rgba8(ink[0], ink[1], ink[2], 26);
            c.pixmap.stroke_path(&p, &paint, &stroke, Transform::identity(), Some(mask));
        }
    }
    // Speckle: weeds, chalk, clods.
    for _ in 0..160 {
        let (x, y) = (s.range(0.0, TILE_W as f32), s.range(0.0, TILE_H as f32));
        let t = s.next();
        let col = if t < 0.5 {
            [70, 90, 40, 40]
        } else if t < 0.8 {
            [240, 235, 215, 40]
        } else {
            [90, 70, 40, 50]
        };
        if let Some(p) = tiny_skia::PathBuilder::from_circle(x, y, s.range(0.8, 2.0)) {
            c.fill_masked(&p, col, mask);
        }
    }
    if cratered {
        for _ in 0..9 {
            let (x, y) = (cx + s.range(-70.0, 70.0), cy + s.range(-75.0, 75.0));
            let rr = s.range(5.0, 12.0);
            if let Some(p) = tiny_skia::PathBuilder::from_circle(x, y, rr + 3.0) {
                c.fill_masked(&p, [150, 130, 100, 110], mask);
            }
            if let Some(p) = tiny_skia::PathBuilder::from_circle(x + 1.0, y + 1.0, rr) {
                c.fill_masked(&p, [70, 56, 40, 150], mask);
            }
            if let Some(p) = tiny_skia::PathBuilder::from_circle(x + 2.0, y + 2.0, rr * 0.6) {
                c.fill_masked(&p, [96, 104, 92, 120], mask);
            }
        }
    }
}

/// A wood: undergrowth, then tree crowns back to front.
fn draw_forest(c: &mut Canvas, mask: &Mask, r: f32, v: u32) {
    let mut s = Scatter::new(2000 + v as u64 * 13);
    fill_hex(c, r, [62, 88, 46, 255]);
    // Undergrowth.
    for _ in 0..60 {
        let (x, y) = (s.range(0.0, TILE_W as f32), s.range(0.0, TILE_H as f32));
        if let Some(p) = tiny_skia::PathBuilder::from_circle(x, y, s.range(6.0, 14.0)) {
            c.fill_masked(&p, [48, 72, 36, 120], mask);
        }
    }
    // Tree crowns, back to front: shadow, crown, light.
    let mut crowns: Vec<(f32, f32, f32, f32)> = (0..46)
        .map(|_| (s.range(-10.0, TILE_W as f32 + 10.0), s.range(-10.0, TILE_H as f32 + 10.0), s.range(11.0, 19.0), s.next()))
        .collect();
    crowns.sort_by(|a, b| a.1.partial_cmp(&b.1).unwrap_or(std::cmp::Ordering::Equal));
    for (x, y, rr, t) in crowns {
        let green = mix([70, 104, 50, 255], [96, 126, 58, 255], t);
        if let Some(p) = tiny_skia::PathBuilder::from_circle(x + 3.0, y + 4.0, rr) {
            c.fill_masked(&p, [20, 34, 16, 110], mask);
        }
        if let Some(p) = tiny_skia::PathBuilder::from_circle(x, y, rr) {
            c.fill_masked(&p, green, mask);
        }
        if let Some(p) = tiny_skia::PathBuilder::from_circle(x - rr * 0.3, y - rr * 0.35, rr * 0.45) {
            c.fill_masked(&p, mix(green, [190, 210, 120, 255], 0.35), mask);
        }
    }
}

/// A village: orchards, a lane, houses and the rulebook's village dots.
fn draw_village(c: &mut Canvas, mask: &Mask, r: f32, v: u32) {
    let (cx, cy) = centre();
    let mut s = Scatter::new(3000 + v as u64 * 17);
    fill_hex(c, r, FIELD_COLOURS[(v as usize + 1) % FIELD_COLOURS.len()]);
    // Orchards and gardens.
    for _ in 0..14 {
        let (x, y) = (cx + s.range(-75.0, 75.0), cy + s.range(-80.0, 80.0));
        if let Some(p) = tiny_skia::PathBuilder::from_circle(x, y, s.range(6.0, 10.0)) {
            c.fill_masked(&p, [80, 112, 56, 200], mask);
        }
    }
    // A lane through the village.
    if let Some(p) = super::polyline(&[(cx - 110.0, cy + s.range(-20.0, 20.0)), (cx + 110.0, cy + s.range(-20.0, 20.0))]) {
        c.stroke(&p, [206, 192, 160, 255], 9.0);
    }
    // Houses: walls, roofs, ridges.
    for _ in 0..11 {
        let (x, y) = (cx + s.range(-60.0, 60.0), cy + s.range(-62.0, 62.0));
        house(c, mask, x, y, s.range(16.0, 26.0), s.range(11.0, 16.0), s.range(-0.4, 0.4), s.next());
    }
    // Village dots, as the rulebook prints village hexes ("dotted hexes").
    for _ in 0..18 {
        let (x, y) = (cx + s.range(-70.0, 70.0), cy + s.range(-80.0, 80.0));
        if let Some(p) = tiny_skia::PathBuilder::from_circle(x, y, 1.6) {
            c.fill_masked(&p, [60, 40, 30, 160], mask);
        }
    }
}

/// A town: gardens, rows of houses along crossing streets (some shelled), the church.
fn draw_town(c: &mut Canvas, mask: &Mask, r: f32, v: u32) {
    let (cx, cy) = centre();
    let mut s = Scatter::new(4000 + v as u64 * 19);
    // Streets and yards.
    fill_hex(c, r, [186, 176, 158, 255]);
    // Gardens behind the houses.
    for _ in 0..10 {
        let (x, y) = (cx + s.range(-80.0, 80.0), cy + s.range(-85.0, 85.0));
        if let Some(p) = tiny_skia::PathBuilder::from_circle(x, y, s.range(7.0, 13.0)) {
            c.fill_masked(&p, [110, 132, 80, 200], mask);
        }
    }
    // Houses in rows along two crossing streets, slightly out of line, some ruined.
    let a = s.range(-0.5, 0.5);
    let (ux, uy) = (a.cos(), a.sin());
    let (vx, vy) = (-uy, ux);
    for row in -4..=4 {
        let mut along = -110.0 + s.range(0.0, 10.0);
        while along < 110.0 {
            let w = s.range(12.0, 22.0);
            let d = s.range(10.0, 15.0);
            let off = row as f32 * 24.0 + s.range(-2.0, 2.0);
            let (x, y) = (cx + ux * along + vx * off, cy + uy * along + vy * off);
            along += w + s.range(1.0, 6.0);
            if s.next() < 0.12 {
                continue;
            }
            house(c, mask, x, y, w, d, a + s.range(-0.08, 0.08), s.next());
            if s.next() < 0.18 {
                // Shelled: a scorched roof.
                if let Some(p) = tiny_skia::PathBuilder::from_circle(x, y, w * 0.45) {
                    c.fill_masked(&p, [60, 50, 44, 170], mask);
                }
            }
        }
    }
    // The church and the main square.
    let (px, py) = (cx + s.range(-20.0, 20.0), cy + s.range(-20.0, 20.0));
    house(c, mask, px, py, 36.0, 16.0, a + std::f32::consts::FRAC_PI_2, 0.9);
}

/// A house seen from above: a rectangle with a two-tone roof.
#[allow(clippy::too_many_arguments)]
pub fn house(c: &mut Canvas, mask: &Mask, x: f32, y: f32, w: f32, h: f32, angle: f32, t: f32) {
    let (ux, uy) = (angle.cos(), angle.sin());
    let (vx, vy) = (-uy, ux);
    let pt = |a: f32, b: f32| (x + a * ux + b * vx, y + a * uy + b * vy);
    let roof = if t < 0.6 { [168, 78, 58, 255] } else { [120, 112, 112, 255] };
    if let Some(p) = polygon(&[
        pt(-w / 2.0 + 2.0, -h / 2.0 + 3.0),
        pt(w / 2.0 + 2.0, -h / 2.0 + 3.0),
        pt(w / 2.0 + 2.0, h / 2.0 + 3.0),
        pt(-w / 2.0 + 2.0, h / 2.0 + 3.0),
    ]) {
        c.fill_masked(&p, [40, 30, 20, 90], mask);
    }
    if let Some(p) = polygon(&[pt(-w / 2.0, -h / 2.0), pt(w / 2.0, -h / 2.0), pt(w / 2.0, 0.0), pt(-w / 2.0, 0.0)]) {
        c.fill_masked(&p, roof, mask);
    }
    if let Some(p) = polygon(&[pt(-w / 2.0, 0.0), pt(w / 2.0, 0.0), pt(w / 2.0, h / 2.0), pt(-w / 2.0, h / 2.0)]) {
        c.fill_masked(&p, mix(roof, [30, 20, 10, 255], 0.3), mask);
    }
}

/// The number of mipmap levels of a tile: down to 1 pixel.
pub fn tile_levels() -> u32 {
    32 - TILE_W.max(TILE_H).leading_zeros()
}

/// Every tile as one layer of an array texture, each layer followed by its mipmap levels (the
/// layer-major order the GPU upload expects), straight-alpha RGBA. The levels keep the map cheap to
/// draw zoomed out: the renderer samples a small level instead of the whole tile (under the software
/// renderer, most of a frame's cost was reading the full-size tiles; docs/gui.md, Frame time).
pub fn tile_layers() -> Vec<u8> {
    let mut out = Vec::new();
    for kind in all_tiles() {
        push_mipmapped(&draw_tile(kind), &mut out);
    }
    out
}

/// Appends a tile and its mipmap levels as straight RGBA, the layout `tile_array` expects.
pub fn push_mipmapped(tile: &Canvas, out: &mut Vec<u8>) {
    // Premultiplied, so the transparent corners do not darken the hexagon's edge when averaged.
    let mut level: Vec<u8> = tile.pixmap.data().to_vec();
    let (mut w, mut h) = (TILE_W, TILE_H);
    for l in 0..tile_levels() {
        if l > 0 {
            (level, w, h) = half_size(&level, w, h);
        }
        out.extend(level.chunks_exact(4).flat_map(demultiply));
    }
}

/// The next mipmap level of premultiplied RGBA pixels: each pixel the mean of a 2x2 block.
fn half_size(px: &[u8], w: u32, h: u32) -> (Vec<u8>, u32, u32) {
    let (w2, h2) = ((w / 2).max(1), (h / 2).max(1));
    let mut out = Vec::with_capacity((w2 * h2 * 4) as usize);
    for y in 0..h2 {
        for x in 0..w2 {
            for c in 0..4 {
                let mut sum = 0u32;
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let (sx, sy) = ((2 * x + dx).min(w - 1), (2 * y + dy).min(h - 1));
                    sum += px[((sy * w + sx) * 4 + c) as usize] as u32;
                }
                out.push(((sum + 2) / 4) as u8);
            }
        }
    }
    (out, w2, h2)
}

fn demultiply(p: &[u8]) -> [u8; 4] {
    let a = p[3] as u32;
    if a == 0 {
        return [0, 0, 0, 0];
    }
    let d = |c: u8| ((c as u32 * 255 + a / 2) / a).min(255) as u8;
    [d(p[0]), d(p[1]), d(p[2]), p[3]]
}

/// The tile for a terrain id in a hex, with a variant picked from `seed`; `cratered` asks for the
/// shell-holed farmland used near the front line.
pub fn tile_for(terrain: &str, seed: u64, cratered: bool) -> TileKind {
    match terrain {
        "clear" if cratered => TileKind::Cratered((seed % CRATER_VARIANTS as u64) as u32),
        "clear" => TileKind::Field((seed % FIELD_VARIANTS as u64) as u32),
        "forest" => TileKind::Forest((seed % FOREST_VARIANTS as u64) as u32),
        "village" => TileKind::Village((seed % VILLAGE_VARIANTS as u64) as u32),
        "town" => TileKind::Town((seed % TOWN_VARIANTS as u64) as u32),
        _ => TileKind::Unknown,
    }
}

/// The colour of a terrain on the menu's map thumbnail.
pub fn thumbnail_colour(terrain: &str) -> Rgba {
    match terrain {
        "clear" => [176, 184, 120, 255],
        "forest" => [62, 92, 48, 255],
        "village" => [168, 110, 84, 255],
        "town" => [130, 110, 100, 255],
        _ => [150, 150, 150, 255],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_layers_hold_every_tile_with_its_mipmaps_and_tiles_are_opaque_in_the_middle() {
        let px = tile_layers();
        let per_tile: u32 = (0..tile_levels()).map(|l| (TILE_W >> l).max(1) * (TILE_H >> l).max(1)).sum();
        assert_eq!(px.len(), (per_tile * all_tiles().len() as u32 * 4) as usize);
        // The last level of the first tile is one pixel, opaque: the hexagon fills most of the tile.
        let first_last = ((per_tile - 1) * 4 + 3) as usize;
        assert!(px[first_last] > 128);
        let t = draw_tile(TileKind::Forest(0)).to_rgba();
        let mid = ((TILE_H / 2 * TILE_W + TILE_W / 2) * 4) as usize;
        assert_eq!(t[mid + 3], 255);
        // The corners of the rectangle are outside the hexagon: transparent.
        assert_eq!(t[3], 0);
    }
}
