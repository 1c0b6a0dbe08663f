//! In the Trenches's counters, drawn as the printed ones read: the side's colours, the sub-type
//! (RFL, MG, MTR, MAR) on the band, the formation letter ID in a white disc (5.1), the NATO symbol
//! (infantry, machine gun, mortar), the printed values firepower-range-resolve-movement (11), and the
//! steps: two pips at full strength, one on the reduced side, which is faded and striped (2.4). The
//! small marker counters (commitment, IN, dugout, wire, shock, hidden) and the map's markers
//! (crater, scrape, wire, close combat, impact, cross hairs).

use crate::rulesets::trenches::tables::UnitType;
use crate::rulesets::trenches::units::{Kind, Side};
use crate::ui::art::palette::CounterColours;
use crate::ui::art::{Align, Canvas, Fonts, Rgba, alpha, mix, polygon};

/// Counter cell size in pixels.
pub const CELL: u32 = 128;

/// The colours of a side's counters: the Marines' olive drab and khaki, the Germans' field grey.
pub fn colours(side: Side) -> CounterColours {
    match side {
        Side::Allied => {
            CounterColours { body: [186, 170, 112, 255], band: [86, 92, 48, 255], ink: [34, 30, 18, 255], band_ink: [244, 236, 206, 255] }
        }
        Side::Central => {
            CounterColours { body: [158, 166, 162, 255], band: [62, 70, 70, 255], ink: [16, 18, 18, 255], band_ink: [238, 238, 232, 255] }
        }
    }
}

/// What is printed on one face.
#[derive(Clone, Debug, PartialEq)]
pub struct Face {
    pub side: Side,
    pub subtype: String,
    pub letter: char,
    pub kind: Kind,
    /// Firepower, range, resolve at this strength; movement.
    pub values: (u32, u32, u32, u32),
    pub reduced: bool,
}

impl Face {
    pub fn of(side: Side, subtype: &str, letter: char, t: &UnitType, reduced: bool) -> Face {
        let pick = |v: (u32, u32)| if reduced { v.1 } else { v.0 };
        Face {
            side,
            subtype: subtype.to_string(),
            letter,
            kind: t.kind,
            values: (pick(t.firepower), pick(t.range), pick(t.resolve), t.movement),
            reduced,
        }
    }
}

/// Draws one face.
pub fn draw(face: &Face, fonts: &Fonts) -> Canvas {
    let mut c = Canvas::new(CELL, CELL);
    let col = colours(face.side);
    let (x0, y0, size) = (5.0, 5.0, CELL as f32 - 12.0);
    let body = if face.reduced { mix(col.body, [240, 236, 224, 255], 0.45) } else { col.body };
    let band = if face.reduced { mix(col.band, [150, 144, 134, 255], 0.4) } else { col.band };
    if let Some(p) = Canvas::rounded_rect(x0 + 4.0, y0 + 5.0, size, size, 9.0) {
        c.fill(&p, [0, 0, 0, 110]);
    }
    let Some(outline) = Canvas::rounded_rect(x0, y0, size, size, 9.0) else { return c };
    c.fill(&outline, body);
    if let Some(p) = Canvas::rounded_rect(x0, y0, size, 34.0, 9.0) {
        c.fill(&p, band);
    }
    c.fill_rect(x0, y0 + 22.0, size, 12.0, band);
    // The sub-type, large, and the letter ID in its disc.
    c.text(&fonts.bold, 27.0, x0 + 8.0, y0 + 27.0, Align::Left, col.band_ink, &face.subtype, Some(size - 46.0));
    let (lx, ly) = (x0 + size - 20.0, y0 + 18.0);
    c.fill_circle(lx, ly, 15.5, [250, 248, 240, 255]);
    c.fill_circle(lx, ly, 13.5, if face.reduced { [236, 226, 200, 255] } else { [255, 255, 255, 255] });
    c.text(&fonts.bold, 24.0, lx, ly + 8.5, Align::Center, [20, 20, 20, 255], &face.letter.to_string(), None);
    let stripe = [
        (x0, y0 + size - 14.0),
        (x0 + size - 34.0, y0 + 34.0),
        (x0 + size, y0 + 34.0),
        (x0 + size, y0 + 46.0),
        (x0 + 34.0, y0 + size),
        (x0, y0 + size),
    ];
    let mut clip = tiny_skia::Mask::new(CELL, CELL);
    if face.reduced
        && let (Some(p), Some(m)) = (polygon(&stripe), clip.as_mut())
    {
        m.fill_path(&outline, tiny_skia::FillRule::Winding, true, tiny_skia::Transform::identity());
        c.fill_masked(&p, [160, 40, 30, 80], m);
    }
    let ink = col.ink;
    symbol(&mut c, face.kind, (x0 + 42.0, y0 + 60.0), 1.0, ink, body);
    // Steps: a pip per step left, a hollow one for the step lost.
    for (i, on) in [true, !face.reduced].into_iter().enumerate() {
        let (px, py) = (x0 + size - 18.0, y0 + 50.0 + i as f32 * 20.0);
        c.fill_circle(px, py, 8.0, ink);
        c.fill_circle(px, py, 5.8, if on { [250, 246, 232, 255] } else { body });
        if on {
            c.fill_circle(px, py, 3.2, ink);
        }
    }
    let (f, r, res, m) = face.values;
    c.text(&fonts.bold, 21.0, x0 + size / 2.0, y0 + size - 8.0, Align::Center, ink, &format!("{f}-{r}-{res}-{m}"), Some(size - 12.0));
    if face.reduced {
        c.text(&fonts.bold, 13.0, x0 + size - 6.0, y0 + 94.0, Align::Right, [150, 30, 20, 255], "½", None);
    }
    c.stroke(&outline, mix(band, [0, 0, 0, 255], 0.35), 2.4);
    c
}

/// The NATO symbol of a unit kind, centred on (x, y), at `k` times its printed size: a frame with
/// infantry's cross, a machine gun's arrow with its wings, or the mortar's tube.
fn symbol(c: &mut Canvas, kind: Kind, (x, y): (f32, f32), k: f32, ink: Rgba, body: Rgba) {
    let (w, h) = (52.0 * k, 32.0 * k);
    let (l, r, t, b) = (x - w / 2.0, x + w / 2.0, y - h / 2.0, y + h / 2.0);
    if let Some(p) = polygon(&[(l, t), (r, t), (r, b), (l, b)]) {
        c.fill(&p, alpha(mix(body, [255, 255, 255, 255], 0.3), 255));
        c.stroke_butt(&p, ink, 3.0 * k);
    }
    match kind {
        Kind::MachineGun => {
            c.line((x, b - 3.0 * k), (x, t + 5.0 * k), ink, 3.0 * k);
            c.fill_poly(&[(x - 6.0 * k, t + 9.0 * k), (x + 6.0 * k, t + 9.0 * k), (x, t + 2.0 * k)], ink);
            c.line((x - 12.0 * k, b - 3.0 * k), (x, b - 11.0 * k), ink, 2.6 * k);
            c.line((x + 12.0 * k, b - 3.0 * k), (x, b - 11.0 * k), ink, 2.6 * k);
        }
        Kind::Ordnance => {
            c.line((x - 4.0 * k, b - 4.0 * k), (x + 8.0 * k, t + 5.0 * k), ink, 4.0 * k);
            c.fill_circle(x - 6.0 * k, b - 6.0 * k, 4.5 * k, ink);
            c.line((x - 14.0 * k, b - 3.0 * k), (x + 12.0 * k, b - 3.0 * k), ink, 2.4 * k);
        }
        _ => {
            c.line((l, t), (r, b), ink, 3.0 * k);
            c.line((l, b), (r, t), ink, 3.0 * k);
        }
    }
    // A platoon's size marking: three dots (left off at planning zoom, where they would crowd the frame).
    if k <= 1.0 {
        for d in -1..=1 {
            c.fill_circle(x + d as f32 * 7.0, t - 6.0, 2.4, ink);
        }
    }
}

/// Draws one face for planning zoom (`art::far_face`): the NATO symbol, large, over the firepower
/// at this strength as a figure.
pub fn draw_far(face: &Face, fonts: &Fonts) -> Canvas {
    let col = colours(face.side);
    let (mut c, centre) = crate::ui::art::far_face(CELL, col, face.reduced, &face.values.0.to_string(), fonts);
    symbol(&mut c, face.kind, (centre.0, centre.1 + 4.0), 1.6, col.ink, col.body);
    c
}

/// A small marker counter: a word on a coloured tab, `w` × `h` pixels.
pub fn tag(fonts: &Fonts, w: u32, h: u32, word: &str, bg: Rgba, ink: Rgba) -> Canvas {
    let mut c = Canvas::new(w, h);
    let (wf, hf) = (w as f32, h as f32);
    if let Some(p) = Canvas::rounded_rect(2.0, 3.0, wf - 4.0, hf - 5.0, 5.0) {
        c.fill(&p, [0, 0, 0, 120]);
    }
    if let Some(p) = Canvas::rounded_rect(1.0, 1.0, wf - 4.0, hf - 5.0, 5.0) {
        c.fill(&p, bg);
        c.stroke(&p, mix(bg, [0, 0, 0, 255], 0.5), 2.0);
    }
    c.text(&fonts.bold, hf * 0.55, wf / 2.0 - 1.0, hf * 0.66, Align::Center, ink, word, Some(wf - 10.0));
    c
}

/// The map markers' pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapIcon {
    Crater,
    Scrape,
    Wire,
    Melee,
    Impact,
    CrossHair,
}

/// A map marker: its picture in a square of `s` pixels, with a word.
pub fn map_marker(fonts: &Fonts, s: u32, icon: MapIcon, word: &str, bg: Rgba, ink: Rgba) -> Canvas {
    let mut c = Canvas::new(s, s);
    let sf = s as f32;
    let (cx, cy) = (sf / 2.0, sf / 2.0 - 6.0);
    match icon {
        MapIcon::CrossHair => {
            if let Some(p) = crate::ui::art::polyline(&circle(cx, sf / 2.0, sf * 0.38)) {
                c.stroke(&p, [255, 255, 255, 200], 7.0);
                c.stroke(&p, ink, 4.0);
            }
            for (dx, dy) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
                c.line((cx + dx * sf * 0.16, sf / 2.0 + dy * sf * 0.16), (cx + dx * sf * 0.48, sf / 2.0 + dy * sf * 0.48), ink, 4.0);
            }
            return c;
        }
        _ => {
            if let Some(p) = Canvas::rounded_rect(3.0, 4.0, sf - 6.0, sf - 6.0, sf * 0.12) {
                c.fill(&p, [0, 0, 0, 110]);
            }
            if let Some(p) = Canvas::rounded_rect(1.5, 1.5, sf - 6.0, sf - 6.0, sf * 0.12) {
                c.fill(&p, bg);
                c.stroke(&p, mix(bg, [0, 0, 0, 255], 0.45), 2.0);
            }
        }
    }
    match icon {
        MapIcon::Crater => {
            c.fill_ellipse(cx, cy, sf * 0.3, sf * 0.2, mix(bg, [0, 0, 0, 255], 0.35));
            c.fill_ellipse(cx, cy + 2.0, sf * 0.2, sf * 0.12, [40, 30, 20, 255]);
        }
        MapIcon::Scrape => {
            c.fill_ellipse(cx, cy + 4.0, sf * 0.3, sf * 0.1, mix(bg, [0, 0, 0, 255], 0.4));
            c.line((cx - sf * 0.1, cy - sf * 0.2), (cx + sf * 0.08, cy + 2.0), ink, 3.0);
            c.fill_poly(&[(cx + 4.0, cy - 2.0), (cx + 14.0, cy + 2.0), (cx + 6.0, cy + 10.0)], ink);
        }
        MapIcon::Wire => {
            for k in 0..3 {
                let x = cx - sf * 0.25 + k as f32 * sf * 0.25;
                c.line((x - 7.0, cy - 9.0), (x + 7.0, cy + 9.0), ink, 2.4);
                c.line((x - 7.0, cy + 9.0), (x + 7.0, cy - 9.0), ink, 2.4);
            }
            c.line((cx - sf * 0.35, cy - 3.0), (cx + sf * 0.35, cy - 3.0), ink, 1.4);
            c.line((cx - sf * 0.35, cy + 3.0), (cx + sf * 0.35, cy + 3.0), ink, 1.4);
        }
        MapIcon::Melee => {
            c.line((cx - 14.0, cy + 12.0), (cx + 14.0, cy - 12.0), ink, 3.4);
            c.line((cx - 14.0, cy - 12.0), (cx + 14.0, cy + 12.0), ink, 3.4);
        }
        MapIcon::Impact => {
            let mut pts = Vec::new();
            for k in 0..16 {
                let a = (k as f32 * 22.5).to_radians();
                let r = if k % 2 == 0 { sf * 0.28 } else { sf * 0.12 };
                pts.push((cx + a.cos() * r, cy + a.sin() * r));
            }
            c.fill_poly(&pts, ink);
        }
        MapIcon::CrossHair => {}
    }
    c.text(&fonts.bold, sf * 0.17, cx - 1.5, sf - 10.0, Align::Center, ink, word, Some(sf - 12.0));
    c
}

fn circle(x: f32, y: f32, r: f32) -> Vec<(f32, f32)> {
    (0..=32).map(|k| k as f32 / 32.0 * std::f32::consts::TAU).map(|a| (x + a.cos() * r, y + a.sin() * r)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::trenches::tables;

    #[test]
    fn the_reduced_side_differs_from_the_full_side() {
        let fonts = Fonts::load().expect("fonts");
        let t = tables::parse(&crate::engine::source::SourceFile::new("tables.ron", tables::BUILTIN.to_string())).expect("tables");
        let mar = t.unit("MAR").expect("MAR");
        let full = draw(&Face::of(Side::Allied, "MAR", 'B', mar, false), &fonts).to_rgba();
        let reduced = draw(&Face::of(Side::Allied, "MAR", 'B', mar, true), &fonts).to_rgba();
        let differing = full.chunks(4).zip(reduced.chunks(4)).filter(|(a, b)| a != b).count();
        assert!(differing > 2000, "{differing}");
    }
}
