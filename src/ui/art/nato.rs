//! The NATO unit-type symbols a counter carries, and a whole counter at planning size with one
//! (the area boards' stack tops).

use super::palette::CounterColours;
use super::{Canvas, Fonts, far_face, mix, polygon};

/// A unit type's symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbol {
    /// A cross.
    Infantry,
    /// A cross under a bar (storm troops).
    Assault,
    /// A track.
    Armour,
    /// A dot.
    Artillery,
    /// Two dots (heavy guns).
    HeavyArtillery,
    /// A single stroke.
    Cavalry,
    /// A gun's arrow.
    MachineGun,
    /// A staff (a headquarters).
    Headquarters,
    /// A bow-tie of wings (aircraft, airships, skimmers).
    Aircraft,
}

/// The symbol in its frame, centred on (x, y), for a counter `col`oured.
pub fn symbol(c: &mut Canvas, s: Symbol, x: f32, y: f32, col: CounterColours) {
    let (w, h) = (70.0, 44.0);
    let (l, r, t, b) = (x - w / 2.0, x + w / 2.0, y - h / 2.0, y + h / 2.0);
    let ink = col.ink;
    if let Some(p) = polygon(&[(l, t), (r, t), (r, b), (l, b)]) {
        c.fill(&p, mix(col.body, [255, 255, 255, 255], 0.35));
        c.stroke_butt(&p, ink, 5.0);
    }
    match s {
        Symbol::Infantry | Symbol::Assault => {
            c.line((l, t), (r, b), ink, 5.0);
            c.line((l, b), (r, t), ink, 5.0);
            if s == Symbol::Assault {
                c.fill_rect(l, t - 14.0, w, 8.0, ink);
            }
        }
        Symbol::Armour => {
            if let Some(p) = Canvas::rounded_rect(l + 11.0, t + 10.0, w - 22.0, h - 20.0, 11.0) {
                c.stroke(&p, ink, 5.0);
            }
        }
        Symbol::Artillery => c.fill_circle(x, y, 9.0, ink),
        Symbol::HeavyArtillery => {
            c.fill_circle(x - 13.0, y, 8.0, ink);
            c.fill_circle(x + 13.0, y, 8.0, ink);
        }
        Symbol::Cavalry => c.line((l, b), (r, t), ink, 5.0),
        Symbol::MachineGun => {
            c.line((x, b - 4.0), (x, t + 8.0), ink, 5.0);
            c.fill_poly(&[(x - 9.0, t + 13.0), (x + 9.0, t + 13.0), (x, t + 2.0)], ink);
        }
        Symbol::Aircraft => {
            c.fill_poly(&[(x - 24.0, y - 12.0), (x, y), (x - 24.0, y + 12.0)], ink);
            c.fill_poly(&[(x + 24.0, y - 12.0), (x, y), (x + 24.0, y + 12.0)], ink);
        }
        Symbol::Headquarters => {
            c.line((l + 8.0, b), (l + 8.0, b + 18.0), ink, 5.0);
            c.fill_rect(l + 18.0, t + 12.0, w - 36.0, h - 24.0, ink);
        }
    }
}

/// A counter `px` pixels square at planning size: the side's colours, the symbol large, no figure.
pub fn counter(px: u32, col: CounterColours, s: Symbol, fonts: &Fonts) -> Canvas {
    let (mut c, (x, y)) = far_face(px, col, false, "", fonts);
    symbol(&mut c, s, x, y + 6.0, col);
    c
}
