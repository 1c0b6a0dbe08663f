//! The terrain printed on an area, as a period area map draws it over the area's paper: woods as
//! tree crowns filling the area, a village as a cluster of houses with its orchards, a town as rows
//! of houses along its streets, trench lines with their wire, polder ditches. One image per area, cut
//! to its outline, drawn once per map; the village or town stands at the area's `site`, clear of the
//! box and the stacks, where its name is printed under it.

use bevy::prelude::*;
use tiny_skia::{FillRule, Mask, PathBuilder, Transform};

use crate::ui::art::features::trench_line;
use crate::ui::art::terrain::house;
use crate::ui::art::{Canvas, Rgba, Scatter, mix, polyline};
use crate::ui::map::image_from_rgba;

use super::outline::AreaShape;

/// What an area's terrain looks like on the map (the presenter maps its terrain kinds to these).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Look {
    /// Fields: the paper alone.
    #[default]
    Open,
    Woods,
    Village,
    Town,
    /// Trench lines and wire across the area.
    Entrenched,
    /// Flat wet ground cut by drainage ditches.
    Polder,
}

/// Pixels of the terrain image per world unit.
pub(super) const DENSITY: f32 = 0.5;

/// Where the art is drawn: world units to image pixels.
struct Sheet {
    bounds: Rect,
}

impl Sheet {
    fn px(&self, p: Vec2) -> (f32, f32) {
        ((p.x - self.bounds.min.x) * DENSITY + 1.0, (self.bounds.max.y - p.y) * DENSITY + 1.0)
    }
}

/// The area's terrain art: an image cut to its outline and where its top-left corner is in the
/// world; `None` for open ground.
pub fn draw(shape: &AreaShape, look: Look, site: Vec2, seed: u64) -> Option<(Image, Vec2)> {
    if look == Look::Open {
        return None;
    }
    let b = shape.bounds;
    let (w, h) = ((b.width() * DENSITY).ceil() as u32 + 2, (b.height() * DENSITY).ceil() as u32 + 2);
    let sheet = Sheet { bounds: b };
    let mut c = Canvas::new(w, h);
    let mut s = Scatter::new(seed.wrapping_mul(7919) + 17);
    match look {
        Look::Open => {}
        Look::Woods => woods(&mut c, &sheet, shape, &mut s),
        Look::Village => village(&mut c, &sheet, site, &mut s, 8, 120.0),
        Look::Town => town(&mut c, &sheet, site, &mut s),
        Look::Entrenched => trench_system(&mut c, &sheet, shape, site, &mut s),
        Look::Polder => polder(&mut c, &sheet, shape, &mut s),
    }
    let mut mask = Mask::new(w, h)?;
    let mut pb = PathBuilder::new();
    for ring in &shape.rings {
        let (first, rest) = ring.split_first()?;
        let (x, y) = sheet.px(*first);
        pb.move_to(x, y);
        for p in rest {
            let (x, y) = sheet.px(*p);
            pb.line_to(x, y);
        }
        pb.close();
    }
    mask.fill_path(&pb.finish()?, FillRule::EvenOdd, true, Transform::identity());
    c.pixmap.apply_mask(&mask);
    Some((image_from_rgba(w, h, c.to_rgba()), Vec2::new(b.min.x - 1.0 / DENSITY, b.max.y + 1.0 / DENSITY)))
}

/// The scale of world sizes in pixels.
fn px(world: f32) -> f32 {
    world * DENSITY
}

/// Points spread over the area's inside, at about `spacing` world units apart, jittered.
fn spread(shape: &AreaShape, spacing: f32, s: &mut Scatter) -> Vec<Vec2> {
    let b = shape.bounds;
    let mut out = Vec::new();
    let mut y = b.min.y + spacing * 0.5;
    let mut row = 0;
    while y < b.max.y {
        let mut x = b.min.x + if row % 2 == 1 { spacing * 0.5 } else { 0.0 };
        while x < b.max.x {
            let p = Vec2::new(x + s.range(-0.4, 0.4) * spacing, y + s.range(-0.4, 0.4) * spacing);
            if shape.contains(p) {
                out.push(p);
            }
            x += spacing;
        }
        y += spacing * 0.87;
        row += 1;
    }
    out
}

/// Tree crowns over the whole area, back to front: shadow, crown, light.
fn woods(c: &mut Canvas, sheet: &Sheet, shape: &AreaShape, s: &mut Scatter) {
    let mut crowns: Vec<(f32, f32, f32, f32)> = spread(shape, 34.0, s)
        .into_iter()
        .map(|p| {
            let (x, y) = sheet.px(p);
            (x, y, px(s.range(17.0, 27.0)), s.next())
        })
        .collect();
    crowns.sort_by(|a, b| a.1.total_cmp(&b.1));
    for &(x, y, r, _) in &crowns {
        c.fill_circle(x + r * 0.25, y + r * 0.3, r, [24, 40, 18, 90]);
    }
    for (x, y, r, t) in crowns {
        let green: Rgba = mix([64, 98, 46, 235], [100, 130, 60, 235], t);
        c.fill_circle(x, y, r, green);
        c.fill_circle(x - r * 0.3, y - r * 0.35, r * 0.45, mix(green, [190, 210, 120, 255], 0.3));
    }
}

/// A village of `houses` houses within `radius` world units of `at`, among orchards, along a lane.
fn village(c: &mut Canvas, sheet: &Sheet, at: Vec2, s: &mut Scatter, houses: usize, radius: f32) {
    let (cx, cy) = sheet.px(at);
    let r = px(radius);
    let full = tiny_skia::Mask::new(c.width(), c.height());
    let Some(mut mask) = full else { return };
    mask.fill_path(
        &PathBuilder::from_rect(tiny_skia::Rect::from_xywh(0.0, 0.0, c.width() as f32, c.height() as f32).expect("a rect")),
        FillRule::Winding,
        false,
        Transform::identity(),
    );
    for _ in 0..houses {
        let (x, y) = (cx + s.range(-1.1, 1.1) * r, cy + s.range(-0.8, 0.8) * r);
        c.fill_circle(x, y, px(s.range(16.0, 26.0)), [86, 116, 60, 190]);
    }
    let tilt = s.range(-0.5, 0.5);
    let (dx, dy) = (tilt.cos() * r * 1.4, tilt.sin() * r * 1.4);
    if let Some(p) = polyline(&[(cx - dx, cy - dy + px(8.0)), (cx + dx, cy + dy - px(8.0))]) {
        c.stroke(&p, [214, 200, 166, 235], px(12.0));
    }
    for _ in 0..houses {
        let (x, y) = (cx + s.range(-0.9, 0.9) * r, cy + s.range(-0.6, 0.6) * r);
        house(c, &mask, x, y, px(s.range(40.0, 62.0)), px(s.range(28.0, 38.0)), tilt + s.range(-0.35, 0.35), s.next());
    }
    // The church.
    house(c, &mask, cx + s.range(-0.3, 0.3) * r, cy, px(72.0), px(32.0), tilt + std::f32::consts::FRAC_PI_2, 0.9);
}

/// A town: several villages' worth of houses in rows along two crossing streets.
fn town(c: &mut Canvas, sheet: &Sheet, at: Vec2, s: &mut Scatter) {
    for k in 0..5 {
        let angle = k as f32 * 1.26 + s.range(0.0, 0.5);
        let d = if k == 0 { 0.0 } else { 150.0 };
        let at = at + Vec2::new(angle.cos(), angle.sin()) * d;
        village(c, sheet, at, s, 9, 110.0);
    }
}

/// Two trench lines across the area near its site, with a belt of wire in front, square-toothed as
/// maps print them.
fn trench_system(c: &mut Canvas, sheet: &Sheet, shape: &AreaShape, site: Vec2, s: &mut Scatter) {
    let angle = s.range(-0.6, 0.6);
    let along = Vec2::new(angle.cos(), angle.sin());
    let across = along.perp();
    let reach = shape.bounds.size().length();
    for (k, offset) in [-80.0f32, 80.0].into_iter().enumerate() {
        let base = site + across * offset;
        let mut pts = Vec::new();
        let mut t = -reach;
        while t <= reach {
            let wobble = (t / 90.0 + k as f32 * 1.7).sin() * 18.0;
            pts.push(sheet.px(base + along * t + across * wobble));
            t += 24.0;
        }
        trench_line(c, &pts, [70, 48, 30, 255], px(26.0) / 9.0);
        if k == 0 {
            // Wire: a row of crosses in front of the first line.
            let mut t = -reach;
            while t <= reach {
                let wobble = (t / 90.0).sin() * 18.0;
                let (x, y) = sheet.px(base + along * t + across * (wobble - 60.0));
                let a = px(9.0);
                c.line((x - a, y - a), (x + a, y + a), [60, 50, 40, 210], px(4.0));
                c.line((x - a, y + a), (x + a, y - a), [60, 50, 40, 210], px(4.0));
                t += 30.0 + s.range(-4.0, 4.0);
            }
        }
    }
}

/// Drainage ditches: thin blue-grey lines, roughly parallel, with rows of pollard willows.
fn polder(c: &mut Canvas, sheet: &Sheet, shape: &AreaShape, s: &mut Scatter) {
    let angle = s.range(-0.3, 0.3) + std::f32::consts::FRAC_PI_2 * (s.next() * 2.0).floor();
    let along = Vec2::new(angle.cos(), angle.sin());
    let across = along.perp();
    let centre = shape.bounds.center();
    let reach = shape.bounds.size().length() / 2.0;
    let mut offset = -reach;
    while offset <= reach {
        let a = sheet.px(centre + across * offset - along * reach);
        let b = sheet.px(centre + across * offset + along * reach);
        c.line(a, b, [92, 128, 150, 200], px(5.0));
        let mut t = -reach;
        while t <= reach {
            if s.next() < 0.3 {
                let (x, y) = sheet.px(centre + across * (offset + 14.0) + along * t);
                c.fill_circle(x, y, px(7.0), [90, 112, 66, 200]);
            }
            t += 36.0;
        }
        offset += 95.0 + s.range(-15.0, 15.0);
    }
}
