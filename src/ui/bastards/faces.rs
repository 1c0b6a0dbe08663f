//! Counters that read like printed ones: the army's colours, a designation band, the NATO infantry
//! symbol (MG for machine-gun battalions) or a tank silhouette (A7V, Mark IV male and female,
//! Whippet), the medals as pips, and a reverse side that is plainly different (a disorganised
//! battalion is faded and striped; a damaged tank is scorched).

use crate::rulesets::bastards::units::UnitKind;

use crate::ui::art::palette::{CounterColours, Nation, Palette};
use crate::ui::art::{self, Align, Canvas, Fonts, Rgba, alpha, features, mix, polygon};

/// Counter cell size in pixels (counters are drawn at about 72 world units, so this stays sharp when
/// zoomed in).
pub const CELL: u32 = 128;

/// What is printed on one face of a counter.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Face {
    pub nation: Nation,
    pub kind: UnitKind,
    /// The short designation (`2 Devon`, `I/FR 35`, `561 Nixe`).
    pub designation: String,
    /// Medals printed on the counter.
    pub medals: u32,
    pub mg: bool,
    /// The reverse side: disorganised battalion or damaged tank.
    pub reduced: bool,
}

/// The army of a unit, from its side, formation and id.
pub fn nation_of(side_is_german: bool, formation: &str, id: &str) -> Nation {
    let f = formation.to_lowercase();
    if side_is_german {
        Nation::German
    } else if f.contains("australian") || id.starts_with("aus-") || f.contains("aif") {
        Nation::Australian
    } else if id.starts_with("fr-") || f.contains("division d'infanterie") || f.contains("marocaine") || f.contains("régiment") {
        Nation::French
    } else {
        Nation::British
    }
}

/// The short designation printed on a counter, from a unit's full name.
pub fn designation(name: &str, kind: UnitKind) -> String {
    // Drop any parenthesis: commanders, sections, parent regiments.
    let base: String = {
        let mut depth = 0;
        let mut s = String::new();
        for ch in name.chars() {
            match ch {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ if depth == 0 => s.push(ch),
                _ => {}
            }
        }
        s.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    if kind.is_tank() {
        let s = base.replace("Mark IV Male", "Mk IV M").replace("Mark IV Female", "Mk IV F").replace("A7V ", "");
        return s.trim().to_string();
    }
    // French and German battalions: "I/7e Régiment d'infanterie", "II./Füsilier-Regiment 35".
    if let Some((bn, rest)) = base.split_once('/') {
        let bn = bn.trim_end_matches('.');
        if !bn.is_empty() && bn.chars().all(|c| matches!(c, 'I' | 'V' | 'X')) {
            let mut number = String::new();
            let mut letters = String::new();
            for word in rest.split(|c: char| c.is_whitespace() || c == '-') {
                let w = word.trim_end_matches('.');
                if w.is_empty() {
                    continue;
                }
                let digits: String = w.chars().take_while(|c| c.is_ascii_digit()).collect();
                if !digits.is_empty() {
                    if !number.is_empty() {
                        number.push(' ');
                    }
                    number.push_str(&digits);
                    continue;
                }
                let w = w.strip_prefix("d'").or_else(|| w.strip_prefix("d’")).unwrap_or(w);
                if matches!(w, "de" | "la" | "le" | "et" | "du" | "des") {
                    continue;
                }
                if w == "zu" {
                    letters.push('z');
                    continue;
                }
                if let Some(c) = w.chars().next() {
                    // Initials without accents: Légion gives L, étrangère gives E.
                    let plain = match c {
                        'é' | 'É' | 'è' | 'È' | 'ê' | 'Ê' => 'E',
                        'à' | 'À' | 'â' | 'Â' => 'A',
                        'ü' | 'Ü' => 'U',
                        c => c,
                    };
                    letters.extend(plain.to_uppercase());
                }
            }
            // German: number after the letters ("IR 332"); a numbered guard regiment keeps it first ("5 GGR").
            let starts_with_number = rest.trim_start().chars().next().is_some_and(|c| c.is_ascii_digit());
            let body = match (starts_with_number, number.is_empty()) {
                (_, true) => letters,
                (true, false) => format!("{number} {letters}"),
                (false, false) if rest.contains("Regiment ") || rest.contains("Regiment") && !rest.contains("Régiment") => {
                    format!("{letters} {number}")
                }
                (false, false) => format!("{number} {letters}"),
            };
            return format!("{bn}/{body}");
        }
    }
    // British and Australian battalions: "2nd Bn Royal Berkshire Regiment", "2/4th Bn London Regiment".
    let mut words: Vec<&str> = base.split_whitespace().collect();
    let mut number = String::new();
    if let Some(first) = words.first()
        && first.chars().next().is_some_and(|c| c.is_ascii_digit())
    {
        number = first.trim_end_matches(|c: char| c.is_ascii_alphabetic()).to_string();
        words.remove(0);
    }
    words.retain(|w| !matches!(*w, "Bn" | "Battalion" | "Regiment" | "of" | "the" | "and"));
    let joined = words.join(" ");
    const SHORT: &[(&str, &str)] = &[
        ("Machine Gun Corps", "MGC"),
        ("Durham Light Infantry", "DLI"),
        ("Rifle Brigade", "RB"),
        ("Sherwood Foresters", "SF"),
        ("Royal Berkshire", "R Berks"),
        ("East Lancashire", "E Lan"),
        ("West Yorkshire", "W Yorks"),
        ("Northamptonshire", "N'hants"),
        ("Worcestershire", "Worc"),
        ("Bedfordshire", "Beds"),
        ("Devonshire", "Devon"),
        ("Middlesex", "Mx"),
        ("London", "Lond"),
        ("Suffolk", "Suff"),
    ];
    let mut short = joined.clone();
    for (long, s) in SHORT {
        if short.contains(long) {
            short = short.replace(long, s);
            break;
        }
    }
    if short.chars().count() > 9 {
        short = short.chars().take(8).collect::<String>() + ".";
    }
    if number.is_empty() { short } else { format!("{number} {short}") }
}

/// Draws one face.
pub fn draw(face: &Face, palette: &Palette, fonts: &Fonts) -> Canvas {
    let mut c = Canvas::new(CELL, CELL);
    let col = palette.counter(face.nation);
    let (x0, y0, size) = (5.0, 5.0, CELL as f32 - 12.0);
    let body = if face.reduced { mix(col.body, [238, 232, 220, 255], 0.5) } else { col.body };
    let band = if face.reduced { mix(col.band, [150, 140, 130, 255], 0.45) } else { col.band };
    // Drop shadow, then the die-cut square.
    if let Some(p) = Canvas::rounded_rect(x0 + 4.0, y0 + 5.0, size, size, 9.0) {
        c.fill(&p, [0, 0, 0, 110]);
    }
    let Some(outline) = Canvas::rounded_rect(x0, y0, size, size, 9.0) else { return c };
    c.fill(&outline, body);
    // Designation band.
    if let Some(p) = Canvas::rounded_rect(x0, y0, size, 28.0, 9.0) {
        c.fill(&p, band);
    }
    c.fill_rect(x0, y0 + 18.0, size, 10.0, band);
    c.text(&fonts.bold, 19.0, x0 + size / 2.0, y0 + 21.0, Align::Center, col.band_ink, &face.designation, Some(size - 12.0));
    // Reverse-side marking: a diagonal stripe behind the symbol.
    if face.reduced {
        let stripe: Rgba = if face.kind.is_tank() { [170, 40, 30, 150] } else { [150, 40, 30, 95] };
        if let Some(p) = polygon(&[
            (x0, y0 + size - 12.0),
            (x0 + size - 30.0, y0 + 28.0),
            (x0 + size, y0 + 28.0),
            (x0 + size, y0 + 40.0),
            (x0 + 30.0, y0 + size),
            (x0, y0 + size),
        ]) {
            let mut clip = tiny_skia::Mask::new(CELL, CELL);
            if let Some(m) = clip.as_mut() {
                m.fill_path(&outline, tiny_skia::FillRule::Winding, true, tiny_skia::Transform::identity());
                c.fill_masked(&p, stripe, m);
            }
        }
    }
    let ink = if face.reduced { mix(col.ink, body, 0.25) } else { col.ink };
    let (sx, sy) = (x0 + size / 2.0, y0 + 58.0);
    if face.kind.is_tank() {
        tank(&mut c, face.kind, sx, sy, ink, body, face.nation == Nation::German, face.reduced);
        let tag = match face.kind {
            UnitKind::MarkIVMale => "M",
            UnitKind::MarkIVFemale => "F",
            _ => "",
        };
        if !tag.is_empty() {
            c.text(&fonts.bold, 15.0, x0 + size - 8.0, y0 + 44.0, Align::Right, ink, tag, None);
        }
    } else {
        // The NATO infantry symbol, or MG for a machine-gun battalion (optional rule 1).
        let (w, h) = (58.0, 34.0);
        if let Some(p) = polygon(&[
            (sx - w / 2.0, sy - h / 2.0),
            (sx + w / 2.0, sy - h / 2.0),
            (sx + w / 2.0, sy + h / 2.0),
            (sx - w / 2.0, sy + h / 2.0),
        ]) {
            c.fill(&p, alpha(mix(body, [255, 255, 255, 255], 0.25), 255));
            c.stroke_butt(&p, ink, 3.2);
        }
        if face.mg {
            c.text(&fonts.bold, 22.0, sx, sy + 8.0, Align::Center, ink, "MG", None);
        } else {
            c.line((sx - w / 2.0, sy - h / 2.0), (sx + w / 2.0, sy + h / 2.0), ink, 3.0);
            c.line((sx - w / 2.0, sy + h / 2.0), (sx + w / 2.0, sy - h / 2.0), ink, 3.0);
        }
        // The size marking of a battalion: two bars.
        c.line((sx - 5.0, sy - h / 2.0 - 8.0), (sx - 5.0, sy - h / 2.0 - 2.0), ink, 2.6);
        c.line((sx + 5.0, sy - h / 2.0 - 8.0), (sx + 5.0, sy - h / 2.0 - 2.0), ink, 2.6);
    }
    // The army's badge, top left under the band.
    badge(&mut c, face.nation, x0 + 14.0, y0 + 41.0, 8.0);
    if face.reduced {
        let word = if face.kind.is_tank() { "DAMAGED" } else { "DISORG." };
        c.text(&fonts.bold, 12.0, x0 + size - 6.0, y0 + 84.0, Align::Right, [150, 30, 20, 255], word, None);
    }
    // Medals: gold pips along the bottom.
    medals(&mut c, face.medals, x0 + size / 2.0, y0 + size - 16.0, &col);
    // The die-cut edge.
    c.stroke(&outline, mix(band, [0, 0, 0, 255], 0.35), 2.4);
    c
}

/// Draws one face for planning zoom (`art::far_face`): the NATO infantry symbol, MG, or the tank's
/// silhouette, large, over the medals as a figure.
pub fn draw_far(face: &Face, palette: &Palette, fonts: &Fonts) -> Canvas {
    let col = palette.counter(face.nation);
    let (mut c, (sx, sy)) = art::far_face(CELL, col, face.reduced, &face.medals.to_string(), fonts);
    let ink = col.ink;
    if face.kind.is_tank() {
        tank(&mut c, face.kind, sx, sy + 4.0, ink, col.body, face.nation == Nation::German, face.reduced);
        return c;
    }
    let (w, h) = (84.0, 48.0);
    let (l, r, t, b) = (sx - w / 2.0, sx + w / 2.0, sy - h / 2.0 + 4.0, sy + h / 2.0 + 4.0);
    if let Some(p) = polygon(&[(l, t), (r, t), (r, b), (l, b)]) {
        c.stroke_butt(&p, ink, 6.0);
    }
    if face.mg {
        c.text(&fonts.bold, 36.0, sx, b - 9.0, Align::Center, ink, "MG", None);
    } else {
        c.line((l, t), (r, b), ink, 6.0);
        c.line((l, b), (r, t), ink, 6.0);
    }
    c
}

/// A row of medal pips centred on (x, y).
fn medals(c: &mut Canvas, n: u32, x: f32, y: f32, col: &CounterColours) {
    let n = n.min(6);
    let gap = 20.0;
    let start = x - gap * (n as f32 - 1.0) / 2.0;
    for i in 0..n {
        let cx = start + gap * i as f32;
        // Ribbon.
        c.fill_poly(
            &[(cx - 5.0, y - 12.0), (cx + 5.0, y - 12.0), (cx + 3.0, y - 4.0), (cx - 3.0, y - 4.0)],
            mix(col.band, [160, 30, 30, 255], 0.5),
        );
        c.fill_circle(cx, y, 7.5, [70, 50, 10, 255]);
        c.fill_circle(cx, y, 6.0, [226, 184, 60, 255]);
        c.fill_circle(cx - 1.5, y - 1.5, 2.4, [255, 236, 150, 255]);
    }
}

/// The army's small badge.
fn badge(c: &mut Canvas, nation: Nation, x: f32, y: f32, r: f32) {
    match nation {
        Nation::British => features::cockade(c, x, y, r),
        Nation::French => {
            c.fill_circle(x, y, r + 1.0, [20, 20, 30, 200]);
            c.fill_circle(x, y, r, [200, 30, 40, 255]);
            c.fill_circle(x, y, r * 0.66, [245, 245, 240, 255]);
            c.fill_circle(x, y, r * 0.34, [30, 60, 150, 255]);
        }
        Nation::Australian => {
            // The Rising Sun badge: a half disc with rays.
            for k in 0..9 {
                let a = std::f32::consts::PI * (k as f32 / 8.0);
                c.line((x, y + 3.0), (x - a.cos() * r * 1.25, y + 3.0 - a.sin() * r * 1.25), [150, 110, 40, 255], 1.6);
            }
            c.fill_circle(x, y + 3.0, r * 0.55, [190, 150, 60, 255]);
            c.fill_rect(x - r * 1.3, y + 3.0, r * 2.6, 3.0, [110, 80, 30, 255]);
        }
        Nation::German => features::black_cross(c, x, y, r),
    }
}

/// A tank's side view centred on (x, y), facing east (or west when `facing_west`).
#[allow(clippy::too_many_arguments)]
fn tank(c: &mut Canvas, kind: UnitKind, x: f32, y: f32, ink: Rgba, body: Rgba, facing_west: bool, damaged: bool) {
    let (w, h) = (92.0, 44.0);
    let map = |pts: &[(f32, f32)]| -> Vec<(f32, f32)> {
        pts.iter()
            .map(|(px, py)| {
                let px = if facing_west { w - px } else { *px };
                (x - w / 2.0 + px, y - h / 2.0 + py)
            })
            .collect()
    };
    let light = mix(ink, body, 0.55);
    match kind {
        UnitKind::A7V => {
            // The boxy hull over its tracks, the command cupola on top, the 57 mm gun in the nose.
            c.fill_poly(&map(&[(8.0, 36.0), (84.0, 36.0), (80.0, 44.0), (12.0, 44.0)]), mix(ink, [0, 0, 0, 255], 0.3));
            c.fill_poly(
                &map(&[(2.0, 30.0), (10.0, 12.0), (24.0, 8.0), (68.0, 8.0), (82.0, 12.0), (90.0, 30.0), (86.0, 38.0), (6.0, 38.0)]),
                ink,
            );
            c.fill_poly(&map(&[(38.0, 8.0), (40.0, 0.0), (56.0, 0.0), (58.0, 8.0)]), ink);
            c.fill_poly(&map(&[(88.0, 20.0), (98.0, 20.0), (98.0, 24.0), (88.0, 24.0)]), ink);
            for k in 0..6 {
                let px = 16.0 + k as f32 * 12.0;
                let p = map(&[(px, 22.0)])[0];
                c.fill_circle(p.0, p.1, 2.0, light);
            }
        }
        UnitKind::MarkIVMale | UnitKind::MarkIVFemale => {
            // The rhomboid with the track running all round it, and the side sponson.
            let hull = map(&[(0.0, 30.0), (12.0, 6.0), (28.0, 2.0), (72.0, 2.0), (86.0, 8.0), (96.0, 26.0), (88.0, 42.0), (10.0, 42.0)]);
            c.fill_poly(&hull, ink);
            if let Some(p) = polygon(&map(&[
                (6.0, 30.0),
                (16.0, 10.0),
                (30.0, 7.0),
                (70.0, 7.0),
                (82.0, 12.0),
                (90.0, 27.0),
                (84.0, 37.0),
                (14.0, 37.0),
            ])) {
                c.stroke(&p, light, 1.6);
            }
            c.fill_poly(&map(&[(36.0, 18.0), (58.0, 18.0), (60.0, 32.0), (34.0, 32.0)]), mix(ink, body, 0.3));
            if kind == UnitKind::MarkIVMale {
                c.fill_poly(&map(&[(58.0, 22.0), (72.0, 22.0), (72.0, 26.0), (58.0, 26.0)]), ink);
            } else {
                for dy in [20.0, 28.0] {
                    c.fill_poly(&map(&[(58.0, dy), (66.0, dy), (66.0, dy + 2.0), (58.0, dy + 2.0)]), ink);
                }
            }
        }
        UnitKind::Whippet => {
            // Low engine deck in front, the tall fixed fighting compartment at the back.
            c.fill_poly(
                &map(&[(2.0, 26.0), (8.0, 16.0), (58.0, 16.0), (58.0, 4.0), (84.0, 4.0), (90.0, 24.0), (86.0, 40.0), (6.0, 40.0)]),
                ink,
            );
            c.fill_poly(&map(&[(8.0, 30.0), (84.0, 30.0), (82.0, 36.0), (10.0, 36.0)]), light);
            c.fill_poly(&map(&[(62.0, 10.0), (70.0, 10.0), (70.0, 14.0), (62.0, 14.0)]), body);
        }
        UnitKind::Battalion => {}
    }
    if damaged {
        // Scorch and a shell hole.
        let p = map(&[(60.0, 18.0)])[0];
        c.fill_circle(p.0, p.1, 7.0, [40, 20, 10, 220]);
        c.fill_circle(p.0, p.1, 3.5, [230, 120, 40, 255]);
    }
}

/// A small marker counter (breakdown, hero...) of `size` pixels, with a word and a colour.
pub fn marker(fonts: &Fonts, size: u32, word: &str, bg: Rgba, ink: Rgba, icon: MarkerIcon) -> Canvas {
    let mut c = Canvas::new(size, size);
    let s = size as f32;
    if let Some(p) = Canvas::rounded_rect(3.0, 4.0, s - 6.0, s - 6.0, s * 0.1) {
        c.fill(&p, [0, 0, 0, 110]);
    }
    let Some(outline) = Canvas::rounded_rect(1.5, 1.5, s - 6.0, s - 6.0, s * 0.1) else { return c };
    c.fill(&outline, bg);
    let (cx, cy) = (s / 2.0 - 1.5, s / 2.0 - 6.0);
    match icon {
        MarkerIcon::Wrench => {
            c.line((cx - s * 0.22, cy + s * 0.2), (cx + s * 0.16, cy - s * 0.14), ink, s * 0.09);
            c.fill_circle(cx + s * 0.18, cy - s * 0.16, s * 0.11, ink);
            c.fill_circle(cx + s * 0.22, cy - s * 0.2, s * 0.05, bg);
        }
        MarkerIcon::Star => {
            let mut pts = Vec::new();
            for k in 0..10 {
                let a = (k as f32 * 36.0 - 90.0).to_radians();
                let r = if k % 2 == 0 { s * 0.26 } else { s * 0.11 };
                pts.push((cx + a.cos() * r, cy + a.sin() * r));
            }
            c.fill_poly(&pts, ink);
        }
        MarkerIcon::Burst => {
            let mut pts = Vec::new();
            for k in 0..16 {
                let a = (k as f32 * 22.5).to_radians();
                let r = if k % 2 == 0 { s * 0.3 } else { s * 0.14 };
                pts.push((cx + a.cos() * r, cy + a.sin() * r));
            }
            c.fill_poly(&pts, ink);
            c.fill_circle(cx, cy, s * 0.09, bg);
        }
        MarkerIcon::Tick => {
            c.line((cx - s * 0.2, cy), (cx - s * 0.05, cy + s * 0.15), ink, s * 0.08);
            c.line((cx - s * 0.05, cy + s * 0.15), (cx + s * 0.22, cy - s * 0.15), ink, s * 0.08);
        }
    }
    c.text(&fonts.bold, s * 0.19, cx, s - 10.0, Align::Center, ink, word, Some(s - 12.0));
    c.stroke(&outline, mix(bg, [0, 0, 0, 255], 0.45), 2.0);
    c
}

/// The pictures of the small marker counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerIcon {
    Wrench,
    Star,
    Burst,
    Tick,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn designations_are_short_and_recognisable() {
        let b = UnitKind::Battalion;
        assert_eq!(designation("2nd Bn Devonshire Regiment", b), "2 Devon");
        assert_eq!(designation("2/4th Bn London Regiment (Royal Fusiliers)", b), "2/4 Lond");
        assert_eq!(designation("51st Bn AIF", b), "51 AIF");
        assert_eq!(designation("8th Bn Machine Gun Corps", b), "8 MGC");
        assert_eq!(designation("I/7e Régiment d'infanterie", b), "I/7 RI");
        assert_eq!(designation("I/Régiment de marche de la Légion étrangère", b), "I/RMLE");
        assert_eq!(designation("I./Füsilier-Regiment 35", b), "I/FR 35");
        assert_eq!(designation("III./Reserve-Infanterie-Regiment 207", b), "III/RIR 207");
        assert_eq!(designation("I./5. Garde-Grenadier-Regiment", b), "I/5 GGR");
        assert_eq!(designation("A7V 561 Nixe (Lt Wilhelm Biltz)", UnitKind::A7V), "561 Nixe");
        assert_eq!(designation("Mark IV Male A1 (2nd Lt Frank Mitchell)", UnitKind::MarkIVMale), "Mk IV M A1");
        assert_eq!(designation("Whippet 3 (X Company)", UnitKind::Whippet), "Whippet 3");
    }

    #[test]
    fn nations() {
        assert_eq!(nation_of(false, "13th Australian Brigade, 4th Australian Division", "aus-51"), Nation::Australian);
        assert_eq!(nation_of(false, "131e Division d'infanterie", "fr-7ri-1"), Nation::French);
        assert_eq!(nation_of(false, "8th Division", "gb-8-mgc"), Nation::British);
        assert_eq!(nation_of(true, "77th Reserve Division", "de-x"), Nation::German);
    }

    #[test]
    fn reverse_side_differs() {
        let fonts = Fonts::load().expect("fonts");
        let pal = Palette::new(false);
        let mut face = Face {
            nation: Nation::British,
            kind: UnitKind::Battalion,
            designation: "2 Devon".into(),
            medals: 3,
            mg: false,
            reduced: false,
        };
        let front = draw(&face, &pal, &fonts).to_rgba();
        face.reduced = true;
        let back = draw(&face, &pal, &fonts).to_rgba();
        let differing = front.chunks(4).zip(back.chunks(4)).filter(|(a, b)| a != b).count();
        assert!(differing > 2000, "{differing}");
    }
}
