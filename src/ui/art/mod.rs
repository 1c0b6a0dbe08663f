//! Procedural art: the map's terrain tiles, its roads, streams and trench lines, the counters and the
//! markers are drawn here with anti-aliased vector paths (tiny-skia) and text (ab_glyph) into RGBA
//! buffers, then handed to Bevy as images. Nothing here touches the ECS, so it can be tested alone.

pub mod features;
pub mod nato;
pub mod palette;
pub mod terrain;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use tiny_skia::{FillRule, LineCap, LineJoin, Mask, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, StrokeDash, Transform};

/// An RGBA colour as four bytes (straight alpha).
pub type Rgba = [u8; 4];

/// The fonts baked into counters and used by the map's labels (DejaVu, see assets/ui/fonts).
pub struct Fonts {
    /// Condensed bold sans: designations, numbers.
    pub bold: FontRef<'static>,
    /// Condensed sans: small print.
    pub regular: FontRef<'static>,
    /// Serif italic: place names, as on a period map.
    pub serif_italic: FontRef<'static>,
}

pub const FONT_BOLD: &[u8] = include_bytes!("../../../assets/ui/fonts/DejaVuSansCondensed-Bold.ttf");
pub const FONT_REGULAR: &[u8] = include_bytes!("../../../assets/ui/fonts/DejaVuSansCondensed.ttf");
pub const FONT_SERIF_ITALIC: &[u8] = include_bytes!("../../../assets/ui/fonts/DejaVuSerif-Italic.ttf");

impl Fonts {
    /// The embedded fonts; `None` only if a font file in the build is corrupt.
    pub fn load() -> Option<Fonts> {
        Some(Fonts {
            bold: FontRef::try_from_slice(FONT_BOLD).ok()?,
            regular: FontRef::try_from_slice(FONT_REGULAR).ok()?,
            serif_italic: FontRef::try_from_slice(FONT_SERIF_ITALIC).ok()?,
        })
    }
}

/// Horizontal anchoring of a line of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// A drawing surface: a premultiplied pixmap with convenience calls.
pub struct Canvas {
    pub pixmap: Pixmap,
}

fn paint(c: Rgba) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c[0], c[1], c[2], c[3]);
    p.anti_alias = true;
    p
}

/// A closed polygon.
pub fn polygon(points: &[(f32, f32)]) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.close();
    pb.finish()
}

/// An open polyline.
pub fn polyline(points: &[(f32, f32)]) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.finish()
}

/// A smooth open curve through the points (quadratic curves through the midpoints, so corners are
/// rounded as a draughtsman would draw a road or a stream).
pub fn smooth_polyline(points: &[(f32, f32)]) -> Option<Path> {
    if points.len() < 3 {
        return polyline(points);
    }
    let mut pb = PathBuilder::new();
    pb.move_to(points[0].0, points[0].1);
    let mid = |a: (f32, f32), b: (f32, f32)| ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let m = mid(points[0], points[1]);
    pb.line_to(m.0, m.1);
    for i in 1..points.len() - 1 {
        let m = mid(points[i], points[i + 1]);
        pb.quad_to(points[i].0, points[i].1, m.0, m.1);
    }
    let last = points[points.len() - 1];
    pb.line_to(last.0, last.1);
    pb.finish()
}

/// The six corners of a pointy-top hexagon of circumradius `r` centred on (cx, cy), y down.
pub fn hex_corners(cx: f32, cy: f32, r: f32) -> [(f32, f32); 6] {
    let mut out = [(0.0, 0.0); 6];
    for (i, c) in out.iter_mut().enumerate() {
        let a = (60.0 * i as f32 - 90.0).to_radians();
        *c = (cx + r * a.cos(), cy + r * a.sin());
    }
    out
}

impl Canvas {
    pub fn new(width: u32, height: u32) -> Canvas {
        Canvas { pixmap: Pixmap::new(width.max(1), height.max(1)).unwrap_or_else(|| Pixmap::new(1, 1).expect("1x1 pixmap")) }
    }

    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    pub fn clear(&mut self, c: Rgba) {
        self.pixmap.fill(tiny_skia::Color::from_rgba8(c[0], c[1], c[2], c[3]));
    }

    pub fn fill(&mut self, path: &Path, c: Rgba) {
        self.pixmap.fill_path(path, &paint(c), FillRule::Winding, Transform::identity(), None);
    }

    pub fn fill_masked(&mut self, path: &Path, c: Rgba, mask: &Mask) {
        self.pixmap.fill_path(path, &paint(c), FillRule::Winding, Transform::identity(), Some(mask));
    }

    pub fn fill_poly(&mut self, points: &[(f32, f32)], c: Rgba) {
        if let Some(p) = polygon(points) {
            self.fill(&p, c);
        }
    }

    pub fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, c: Rgba) {
        if let Some(r) = Rect::from_xywh(x, y, w, h) {
            self.pixmap.fill_rect(r, &paint(c), Transform::identity(), None);
        }
    }

    pub fn fill_circle(&mut self, x: f32, y: f32, r: f32, c: Rgba) {
        if let Some(p) = PathBuilder::from_circle(x, y, r) {
            self.fill(&p, c);
        }
    }

    pub fn fill_ellipse(&mut self, x: f32, y: f32, rx: f32, ry: f32, c: Rgba) {
        if let Some(rect) = Rect::from_xywh(x - rx, y - ry, 2.0 * rx, 2.0 * ry)
            && let Some(p) = PathBuilder::from_oval(rect)
        {
            self.fill(&p, c);
        }
    }

    /// A rectangle with rounded corners.
    pub fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
        let r = r.min(w / 2.0).min(h / 2.0);
        let mut pb = PathBuilder::new();
        pb.move_to(x + r, y);
        pb.line_to(x + w - r, y);
        pb.quad_to(x + w, y, x + w, y + r);
        pb.line_to(x + w, y + h - r);
        pb.quad_to(x + w, y + h, x + w - r, y + h);
        pb.line_to(x + r, y + h);
        pb.quad_to(x, y + h, x, y + h - r);
        pb.line_to(x, y + r);
        pb.quad_to(x, y, x + r, y);
        pb.close();
        pb.finish()
    }

    pub fn stroke(&mut self, path: &Path, c: Rgba, width: f32) {
        let stroke = Stroke { width, line_cap: LineCap::Round, line_join: LineJoin::Round, ..Stroke::default() };
        self.pixmap.stroke_path(path, &paint(c), &stroke, Transform::identity(), None);
    }

    pub fn stroke_butt(&mut self, path: &Path, c: Rgba, width: f32) {
        let stroke = Stroke { width, line_cap: LineCap::Butt, line_join: LineJoin::Miter, ..Stroke::default() };
        self.pixmap.stroke_path(path, &paint(c), &stroke, Transform::identity(), None);
    }

    pub fn stroke_dashed(&mut self, path: &Path, c: Rgba, width: f32, dash: f32, gap: f32) {
        let stroke = Stroke {
            width,
            line_cap: LineCap::Butt,
            line_join: LineJoin::Round,
            dash: StrokeDash::new(vec![dash, gap], 0.0),
            ..Stroke::default()
        };
        self.pixmap.stroke_path(path, &paint(c), &stroke, Transform::identity(), None);
    }

    pub fn line(&mut self, a: (f32, f32), b: (f32, f32), c: Rgba, width: f32) {
        if let Some(p) = polyline(&[a, b]) {
            self.stroke(&p, c, width);
        }
    }

    /// Width in pixels of a line of text.
    pub fn text_width(font: &FontRef<'static>, px: f32, text: &str) -> f32 {
        let f = font.as_scaled(PxScale::from(px));
        let mut w = 0.0;
        let mut prev = None;
        for ch in text.chars() {
            let id = f.glyph_id(ch);
            if let Some(p) = prev {
                w += f.kern(p, id);
            }
            w += f.h_advance(id);
            prev = Some(id);
        }
        w
    }

    /// Draws a line of text with its baseline at `y`, anchored at `x`. The text is shrunk to fit
    /// `max_width` when given. It is rasterised in a small scratch canvas, so this is cheap on a large
    /// image too.
    #[allow(clippy::too_many_arguments)]
    pub fn text(&mut self, font: &FontRef<'static>, px: f32, x: f32, y: f32, align: Align, c: Rgba, text: &str, max_width: Option<f32>) {
        let mut px = px;
        let mut width = Self::text_width(font, px, text);
        if let Some(max) = max_width
            && width > max
            && width > 0.0
        {
            px *= max / width;
            width = max;
        }
        let f = font.as_scaled(PxScale::from(px));
        let left = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        // The scratch canvas: from `ascent` above the baseline to `descent` below, plus a margin.
        let margin = 3.0;
        let (ox, oy) = ((left - margin).floor(), (y - f.ascent() - margin).floor());
        let (w, h) = ((width + 2.0 * margin).ceil() as u32 + 1, (f.ascent() - f.descent() + 2.0 * margin).ceil() as u32 + 1);
        let Some(mut mask) = Mask::new(w, h) else { return };
        let mut pen = left - ox;
        let base = y - oy;
        let mut prev = None;
        let mut any = false;
        for ch in text.chars() {
            let id = f.glyph_id(ch);
            if let Some(p) = prev {
                pen += f.kern(p, id);
            }
            let glyph = id.with_scale_and_position(px, ab_glyph::point(pen, base));
            pen += f.h_advance(id);
            prev = Some(id);
            if let Some(outlined) = font.outline_glyph(glyph) {
                let b = outlined.px_bounds();
                let data = mask.data_mut();
                outlined.draw(|gx, gy, cov| {
                    let px_x = b.min.x as i32 + gx as i32;
                    let px_y = b.min.y as i32 + gy as i32;
                    if px_x >= 0 && px_y >= 0 && (px_x as u32) < w && (px_y as u32) < h {
                        let i = (px_y as u32 * w + px_x as u32) as usize;
                        let v = (cov.clamp(0.0, 1.0) * 255.0) as u8;
                        data[i] = data[i].max(v);
                    }
                });
                any = true;
            }
        }
        if !any {
            return;
        }
        let mut scratch = Canvas::new(w, h);
        if let Some(r) = Rect::from_xywh(0.0, 0.0, w as f32, h as f32) {
            scratch.pixmap.fill_rect(r, &paint(c), Transform::identity(), Some(&mask));
        }
        self.blit(&scratch, ox as i32, oy as i32);
    }

    /// Text with a contrasting halo `width` pixels wide around it, for labels over busy art.
    #[allow(clippy::too_many_arguments)]
    pub fn text_halo(
        &mut self,
        font: &FontRef<'static>,
        px: f32,
        x: f32,
        y: f32,
        align: Align,
        c: Rgba,
        halo: Rgba,
        width: f32,
        text: &str,
    ) {
        for k in 0..16 {
            let a = k as f32 * std::f32::consts::TAU / 16.0;
            self.text(font, px, x + a.cos() * width, y + a.sin() * width, align, halo, text, None);
        }
        self.text(font, px, x, y, align, c, text, None);
    }

    /// Copies another canvas onto this one at (x, y).
    pub fn blit(&mut self, other: &Canvas, x: i32, y: i32) {
        self.pixmap.draw_pixmap(x, y, other.pixmap.as_ref(), &tiny_skia::PixmapPaint::default(), Transform::identity(), None);
    }

    /// The pixels with straight (not premultiplied) alpha, row by row: what Bevy and egui expect.
    pub fn to_rgba(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.pixmap.data().len());
        for p in self.pixmap.pixels() {
            let c = p.demultiply();
            out.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
        }
        out
    }
}

/// Mixes two colours: `t` = 0 gives `a`, 1 gives `b`.
pub fn mix(a: Rgba, b: Rgba, t: f32) -> Rgba {
    let t = t.clamp(0.0, 1.0);
    let m = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    [m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2]), m(a[3], b[3])]
}

/// A counter's face for planning zoom, where the printed one is too small to read (the hex view's
/// `Detail::Far`): the side's colours in two large fields — the body above for the presenter's type
/// symbol, drawn large, and the band below with `figure` (medals, steps, strength) in large bold
/// figures — under a heavy border; a reduced side is faded and carries a broad stripe. Returns the
/// canvas and the upper field's centre, where the presenter draws its symbol.
pub fn far_face(cell: u32, col: palette::CounterColours, reduced: bool, figure: &str, fonts: &Fonts) -> (Canvas, (f32, f32)) {
    let mut c = Canvas::new(cell, cell);
    let (x0, y0, size) = (5.0, 5.0, cell as f32 - 12.0);
    let body = if reduced { mix(col.body, [240, 236, 224, 255], 0.5) } else { col.body };
    let band = if reduced { mix(col.band, [150, 144, 134, 255], 0.4) } else { col.band };
    if let Some(p) = Canvas::rounded_rect(x0 + 4.0, y0 + 5.0, size, size, 10.0) {
        c.fill(&p, [0, 0, 0, 110]);
    }
    let Some(outline) = Canvas::rounded_rect(x0, y0, size, size, 10.0) else { return (c, (0.0, 0.0)) };
    c.fill(&outline, body);
    let split = y0 + size * 0.6;
    let mut clip = Mask::new(cell, cell);
    if let Some(m) = clip.as_mut() {
        m.fill_path(&outline, FillRule::Winding, true, Transform::identity());
        if let Some(p) = polygon(&[(x0, split), (x0 + size, split), (x0 + size, y0 + size), (x0, y0 + size)]) {
            c.fill_masked(&p, band, m);
        }
        if reduced && let Some(p) = polygon(&[(x0, split - 10.0), (x0 + size - 40.0, y0), (x0 + size, y0), (x0 + 40.0, split), (x0, split)])
        {
            c.fill_masked(&p, [170, 40, 30, 110], m);
        }
    }
    if !figure.is_empty() {
        c.text(&fonts.bold, size * 0.4, x0 + size / 2.0, y0 + size - 8.0, Align::Center, col.band_ink, figure, Some(size - 8.0));
    }
    c.stroke(&outline, mix(band, [0, 0, 0, 255], 0.4), 7.0);
    (c, (x0 + size / 2.0, y0 + size * 0.3))
}

/// The same colour with another alpha.
pub fn alpha(c: Rgba, a: u8) -> Rgba {
    [c[0], c[1], c[2], a]
}

/// A small deterministic hash, for picking art variants and scattering details the same way each run.
pub fn hash(a: i64, b: i64, salt: u64) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64 ^ salt;
    for v in [a as u64, b as u64] {
        h ^= v;
        h = h.wrapping_mul(0x0100_0000_01b3);
        h ^= h >> 29;
    }
    h
}

/// A deterministic pseudo-random sequence in [0, 1).
pub struct Scatter(u64);

impl Scatter {
    pub fn new(seed: u64) -> Scatter {
        Scatter(seed | 1)
    }
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> f32 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        ((self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 40) as f32) / (1u64 << 24) as f32
    }
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_draws_pixels_and_fits() {
        let fonts = Fonts::load().expect("fonts");
        let mut c = Canvas::new(64, 32);
        c.text(&fonts.bold, 20.0, 32.0, 24.0, Align::Center, [0, 0, 0, 255], "K05", Some(40.0));
        let opaque = c.to_rgba().chunks(4).filter(|p| p[3] > 128).count();
        assert!(opaque > 20, "{opaque} pixels drawn");
    }
}
