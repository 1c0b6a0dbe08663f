//! The Martians table on the shell's tabletop view: its terrain's looks, the sides' colours, every
//! unit's stands as the view's pieces (labelled on the first stand), and for the selected unit the
//! orders the engine allows as targets — a ghost where each legal move ends (the farthest ahead and
//! at 45° faint, the one under the pointer solid, with its yards), a frame on each enemy it may fire at
//! with the dice and the chance of a hit, on each it may charge with the distance — and its zones:
//! the move and charge reach ahead of its front (4), and the kill zones of its front rank or its
//! guns with their range bands (6.3, 7.2).

use std::f32::consts::FRAC_PI_4;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::engine::board::tabletop::{Stand, Yards};
use crate::rulesets::martians::formations::Formation;
use crate::rulesets::martians::scenario::Scenario;
use crate::rulesets::martians::state::Pos;
use crate::rulesets::martians::tables::Kind;
use crate::rulesets::martians::{Command, artillery, movement, musketry, preview};
use crate::ui::art::nato::Symbol;
use crate::ui::art::{self, Canvas};
use crate::ui::board::table::{FeatureStyle, FireZone, Look, RangeBand, TableMap, TableOverlay, TableSide, UnitTag, ZoneShape};
use crate::ui::board::{BoardModel, Piece, PieceState, Place, Target, TargetKind, TargetNote, Tone};

use super::{MarSession, MarUi, words};

/// A side's colours by its order in the scenario: the Earth power's scarlet, the Martians' ochre.
pub fn side_rgb(side: usize) -> [f32; 3] {
    match side {
        0 => [0.72, 0.13, 0.11],
        1 => [0.16, 0.42, 0.46],
        _ => [0.45, 0.40, 0.55],
    }
}

pub fn side_colour(side: usize) -> Color {
    let [r, g, b] = side_rgb(side);
    Color::srgb(r, g, b)
}

pub fn side_egui(side: usize) -> egui::Color32 {
    let [r, g, b] = side_rgb(side).map(|x| (x * 255.0) as u8);
    egui::Color32::from_rgb(r, g, b)
}

/// How each kind of terrain of the rules (1, 6.33) is drawn, and whether it blocks the ruler's sight
/// as it blocks fire.
fn style(kind: &str) -> FeatureStyle {
    let s = |look, r, g, b, blocks_sight| FeatureStyle { look, colour: Color::srgb(r, g, b), blocks_sight };
    match kind {
        "woods" => s(Look::Woods, 0.30, 0.36, 0.20, true),
        "rough" => s(Look::Rough, 0.55, 0.40, 0.30, true),
        "hill" => s(Look::Hill, 0.66, 0.44, 0.30, true),
        "earthworks" => s(Look::Earthworks, 0.52, 0.38, 0.26, false),
        "cover" => s(Look::Cover, 0.56, 0.50, 0.46, false),
        "objective" => s(Look::Objective, 0.80, 0.18, 0.14, true),
        "road" => s(Look::Road, 0.84, 0.70, 0.52, false),
        "water" | "canal" => s(Look::Water, 0.30, 0.52, 0.70, false),
        "bridge" => s(Look::Road, 0.60, 0.50, 0.40, false),
        "ford" => s(Look::Patch, 0.50, 0.62, 0.66, false),
        other => FeatureStyle::guess(other),
    }
}

/// The table of a battle, ready for the view.
pub fn table_map(sc: &Scenario) -> TableMap {
    let mut map = TableMap::new(sc.path.clone(), sc.table.clone());
    for f in &sc.table.features {
        map.styles.insert(f.kind.clone(), style(&f.kind));
    }
    map.sides = sc
        .spec
        .info
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| TableSide { id: s.id.clone(), colour: side_colour(i), trim: Color::srgb(1.0, 0.96, 0.86) })
        .collect();
    map
}

/// A small picture of the table for the catalogue: the cloth, the terrain, the units as dots.
pub fn thumbnail(sc: &Scenario, width: f32) -> Option<(u32, u32, Vec<u8>)> {
    let t = &sc.table;
    if t.width <= 0.0 || t.depth <= 0.0 {
        return None;
    }
    let k = width / t.width;
    let (w, h) = ((t.width * k).ceil() as u32, (t.depth * k).ceil() as u32);
    let mut c = Canvas::new(w, h);
    c.fill_rect(0.0, 0.0, w as f32, h as f32, [176, 128, 92, 255]);
    let px = |p: Yards| (p.x * k, h as f32 - p.y * k);
    for f in &t.features {
        let Srgba { red, green, blue, .. } = style(&f.kind).colour.to_srgba();
        let col = [red, green, blue].map(|x| (x * 255.0) as u8);
        let pts: Vec<(f32, f32)> = f.polygon.iter().map(|p| px(*p)).collect();
        c.fill_poly(&pts, [col[0], col[1], col[2], 255]);
    }
    for (u, spec) in sc.spec.units.iter().enumerate() {
        let [r, g, b] = side_rgb(sc.side_of(u)).map(|x| (x * 255.0) as u8);
        let (x, y) = px(Yards::new(spec.at.0, spec.at.1));
        c.fill_rect(x - 3.0, y - 3.0, 6.0, 6.0, art::mix([r, g, b, 255], [0, 0, 0, 255], 0.1));
    }
    Some((w, h, c.to_rgba()))
}

/// Hands the view the table of the session's battle when it is another.
pub fn present_table(mut commands: Commands, session: Option<Res<MarSession>>, map: Option<Res<TableMap>>, mut seen: Local<Option<u64>>) {
    let Some(session) = session else { return };
    if map.is_some() && *seen == Some(session.generation) {
        return;
    }
    *seen = Some(session.generation);
    let sc = session.game.scenario();
    if map.is_none_or(|m| m.key != sc.path) {
        commands.insert_resource(table_map(sc));
    }
}

fn place(s: &Stand) -> Place {
    Place::Table { at: Vec2::new(s.centre.x, s.centre.y), facing: s.facing, size: Vec2::new(s.frontage, s.depth) }
}

/// The piece id of a unit's stand, and the unit of a piece id.
pub fn piece_id(unit: &str, k: usize) -> String {
    format!("{unit}#{k}")
}

pub fn unit_of(piece: &str) -> &str {
    piece.rsplit_once('#').map_or(piece, |(u, _)| u)
}

/// What the model was filled for: the game's revision, the selection, the pointer's point (to the
/// nearest 5 yards) and the model's revision then.
type Presented = Option<((u64, Option<String>, Option<(i32, i32)>), u64)>;

/// Fills the board model and the overlay when the game, the selection or the pointer changed.
pub fn present(
    session: Option<Res<MarSession>>,
    ui: Res<MarUi>,
    mut model: ResMut<BoardModel>,
    mut overlay: ResMut<TableOverlay>,
    mut seen: Local<Presented>,
) {
    let Some(session) = session else { return };
    let snap = ui.pointer.filter(|_| ui.hovered.is_none()).map(|p| ((p.x / 5.0) as i32, (p.y / 5.0) as i32));
    let key = (session.revision, ui.selected.clone(), snap);
    if seen.as_ref().is_some_and(|(k, revision)| *k == key && *revision == model.revision) {
        return;
    }
    let p = session.pos();
    let sel = ui.selected.as_deref().and_then(|id| p.find(id)).filter(|&u| p.units[u].on_table());
    let mine = if session.human_to_move() { session.legal.as_slice() } else { &[] };
    let pieces = pieces(&p, sel, mine);
    let selected = sel.and_then(|u| p.stands(u).first().map(place));
    let targets = sel.map(|u| targets(&p, u, mine, ui.pointer.filter(|_| ui.hovered.is_none()))).unwrap_or_default();
    model.update(pieces, Vec::new(), targets, selected);
    let zones = sel.map(|u| zones(&p, u, mine)).unwrap_or_default();
    if overlay.zones != zones {
        overlay.zones = zones;
    }
    let tags = tags(&p);
    if overlay.tags != tags {
        overlay.tags = tags;
    }
    *seen = Some((key, model.revision));
}

/// The symbol of a kind of troops on its tag.
fn symbol(kind: Kind) -> Symbol {
    match kind {
        Kind::Infantry => Symbol::Infantry,
        Kind::Cavalry | Kind::LightCavalry => Symbol::Cavalry,
        Kind::Artillery => Symbol::Artillery,
        Kind::Recon | Kind::Assault => Symbol::Armour,
        Kind::Aviation | Kind::Skimmer => Symbol::Aircraft,
    }
}

/// Every unit's tag for planning zoom: its symbol, the castings it has left, its id, and whether it
/// is disrupted (3.5), halted or in melee (8).
fn tags(p: &Pos) -> Vec<UnitTag> {
    p.on_table()
        .map(|u| {
            let st = &p.units[u];
            let flags = [(st.disrupted, "disrupted"), (p.halted(u), "halted"), (p.engaged(u), "melee")];
            UnitTag {
                stands: (0..p.stands(u).len()).map(|k| piece_id(p.id(u), k)).collect(),
                side: p.side_id(p.side(u)).to_string(),
                symbol: Some(symbol(p.kind(u))),
                figure: st.castings.to_string(),
                name: p.id(u).to_string(),
                flags: flags.iter().filter(|(on, _)| *on).map(|(_, w)| w.to_string()).collect(),
            }
        })
        .collect()
}

/// Every unit's stands on the table.
fn pieces(p: &Pos, sel: Option<usize>, legal: &[Command]) -> Vec<Piece> {
    let mut out = Vec::new();
    for u in p.on_table() {
        let st = &p.units[u];
        let acts = legal.iter().any(|c| words::actor(c) == Some(p.id(u)));
        let state = if Some(u) == sel {
            PieceState::Selected
        } else if acts {
            PieceState::Active
        } else if p.r.under.done.contains(&u) {
            PieceState::Spent
        } else {
            PieceState::Ready
        };
        let mut markers = Vec::new();
        if st.disrupted {
            markers.push("disrupted".to_string());
        }
        if p.halted(u) {
            markers.push("halted".to_string());
        }
        if p.engaged(u) {
            markers.push("melee".to_string());
        }
        // 2.11, Heroic Characters: the commanders' flag on the stand they ride with; the hero's stand.
        markers.extend(p.commanders_with(u).map(|c| format!("commander: {}", p.commander_name(c))));
        if p.hero(u) {
            markers.push("heroic character".to_string());
        }
        // 11.0: a transport's unit aboard.
        if let Some(c) = p.cargo(u) {
            markers.push(format!("carrying {}", p.id(c)));
        }
        let castings = p.castings_by_stand(u);
        for (k, s) in p.stands(u).iter().enumerate() {
            out.push(Piece {
                id: piece_id(p.id(u), k),
                side: p.side_id(p.side(u)).to_string(),
                place: Some(place(s)),
                face: "stand".into(),
                label: if k == 0 { p.id(u).to_string() } else { castings.get(k).map(|c| c.to_string()).unwrap_or_default() },
                markers: if k == 0 { markers.clone() } else { Vec::new() },
                state,
            });
        }
    }
    out
}

/// The extent of a unit's stands in its own frame about its anchor: (left, right, back, front).
fn extent(p: &Pos, u: usize) -> (f32, f32, f32, f32) {
    let st = &p.units[u];
    let frame = Stand { centre: st.at, facing: st.facing, frontage: 0.0, depth: 0.0 };
    p.stands(u)
        .iter()
        .flat_map(|s| s.corners())
        .map(|c| frame.local(c))
        .fold((f32::INFINITY, f32::NEG_INFINITY, f32::INFINITY, f32::NEG_INFINITY), |(a0, a1, b0, b1), (a, b)| {
            (a0.min(a), a1.max(a), b0.min(b), b1.max(b))
        })
}

/// The unit's outline were its anchor at `at` (same facing and formation), as one stand.
fn outline(p: &Pos, u: usize, at: Yards) -> Stand {
    let (a0, a1, b0, b1) = extent(p, u);
    let frame = Stand { centre: at, facing: p.units[u].facing, frontage: 0.0, depth: 0.0 };
    Stand { centre: frame.point((a0 + a1) / 2.0, (b0 + b1) / 2.0), facing: frame.facing, frontage: a1 - a0, depth: b1 - b0 }
}

/// The legal move of `u` ending nearest a table point, if one ends within 25 yards of it.
pub fn move_near(p: &Pos, u: usize, legal: &[Command], at: Vec2) -> Option<Command> {
    let id = p.id(u);
    legal
        .iter()
        .filter_map(|c| match c {
            Command::Move(x, b, y) if x == id => {
                let d = outline(p, u, movement::destination(p, u, *b, *y)).centre;
                Some((c, Vec2::new(d.x, d.y).distance(at)))
            }
            _ => None,
        })
        .filter(|(_, d)| *d <= 25.0)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(c, _)| c.clone())
}

/// The targets of the selected unit's legal orders.
fn targets(p: &Pos, u: usize, legal: &[Command], pointer: Option<Vec2>) -> Vec<Target> {
    let id = p.id(u);
    let mut out = Vec::new();
    let ghost = |b: i32, y: u32, tone| {
        let s = outline(p, u, movement::destination(p, u, b, y));
        Target {
            place: place(&s),
            kind: TargetKind::Move,
            note: TargetNote::Open { cost: Some(format!("{y} yds")), odds: None },
            badge: (tone == Tone::Normal).then(|| format!("{y} yds {}", words::bearing(b))),
            tone,
        }
    };
    // The farthest legal move each way, faint.
    let mut far: Vec<(i32, u32)> = Vec::new();
    for c in legal {
        if let Command::Move(x, b, y) = c
            && x == id
        {
            match far.iter_mut().find(|(fb, _)| fb == b) {
                Some(f) => f.1 = f.1.max(*y),
                None => far.push((*b, *y)),
            }
        }
    }
    // Straight ahead and the two edges of the 45° wedge (4); the others show under the pointer.
    out.extend(far.iter().filter(|(b, _)| matches!(b, -45 | 0 | 45)).map(|&(b, y)| ghost(b, y, Tone::Faint)));
    if let Some(Command::Move(_, b, y)) = pointer.and_then(|at| move_near(p, u, legal, at)) {
        out.push(ghost(b, y, Tone::Normal));
    }
    for c in legal.iter().filter(|c| words::actor(c) == Some(id)) {
        let Some(t) = words::aim(c).and_then(|t| p.find(t)) else { continue };
        let Some(first) = p.stands(t).first().copied() else { continue };
        let (kind, note, badge) = match c {
            Command::Fire(..) => match preview::fire(p, u, t) {
                Ok(f) => (
                    TargetKind::Fire,
                    TargetNote::Open { cost: None, odds: Some(f.any_hit) },
                    format!("{}d · {:.0}%", f.dice, f.any_hit * 100.0),
                ),
                Err((why, rule)) => (TargetKind::Fire, TargetNote::Refused { rule, reason: why }, "no shot".into()),
            },
            _ => {
                let ch = preview::charge(p, u, t);
                let flank = if ch.flank { " flank" } else { "" };
                (
                    TargetKind::Assault,
                    TargetNote::Open { cost: Some(format!("{:.0} yds", ch.distance)), odds: None },
                    format!("charge {:.0} yds{flank}", ch.distance),
                )
            }
        };
        out.push(Target { place: place(&first), kind, note, badge: Some(badge), tone: Tone::Normal });
    }
    out
}

/// The selected unit's zones: its reach ahead if it may move, its kill zones.
fn zones(p: &Pos, u: usize, legal: &[Command]) -> Vec<FireZone> {
    let id = p.id(u);
    let mut out = Vec::new();
    let st = &p.units[u];
    let (a0, a1, _, _) = extent(p, u);
    let front = Stand { centre: st.at, facing: st.facing, frontage: 0.0, depth: 0.0 };
    let front = Stand { centre: front.point((a0 + a1) / 2.0, -1.0), facing: st.facing, frontage: (a1 - a0).max(1.0), depth: 2.0 };
    let moves = legal.iter().any(|c| matches!(c, Command::Move(x, ..) if x == id));
    if moves && p.kind(u) != Kind::Aviation {
        let (allowance, charge) = preview::reach(p, u);
        let mut bands = vec![RangeBand { to: allowance, label: "move".into() }];
        if charge > allowance + 1.0 {
            bands.push(RangeBand { to: charge, label: "charge".into() });
        }
        out.push(FireZone { from: place(&front), shape: ZoneShape::Arc { half_angle: FRAC_PI_4 }, bands, kind: TargetKind::Move });
    }
    out.extend(fire_zones(p, u));
    out
}

/// The kill zones of a unit's front rank (7.2) or of its guns (6.3), with their range bands.
fn fire_zones(p: &Pos, u: usize) -> Vec<FireZone> {
    let st = &p.units[u];
    let stands = p.stands(u);
    let band = |to: f32, label: String| RangeBand { to, label };
    if p.kind(u) == Kind::Artillery {
        let Some(g) = artillery::gun(p, u).filter(|_| st.formation == Formation::Unlimbered) else { return Vec::new() };
        let a = &p.sc.tables.artillery;
        let mut bands: Vec<RangeBand> = a
            .bands
            .iter()
            .enumerate()
            .filter(|(_, b)| **b < g.range)
            .map(|(i, b)| band(*b, format!("{} dice a gun", g.dice.get(i).copied().unwrap_or(0))))
            .collect();
        let last = g.dice.get(bands.len()).copied().unwrap_or(0);
        bands.push(band(g.range, format!("{}: {last} dice a gun", g.name)));
        let shape = if g.machine_gun { ZoneShape::Forward } else { ZoneShape::Corridor };
        return stands.iter().map(|s| FireZone { from: place(s), shape, bands: bands.clone(), kind: TargetKind::Fire }).collect();
    }
    let m = &p.sc.tables.musketry;
    let Some(w) = p.ty(u).weapon.as_deref().and_then(|w| m.weapons.get(w)).filter(|_| musketry::fires(p, u)) else { return Vec::new() };
    if st.formation == Formation::Skirmish {
        return stands
            .iter()
            .take(1)
            .map(|s| FireZone {
                from: place(s),
                shape: ZoneShape::AllRound,
                bands: vec![band(w.range, format!("skirmish {:.0} yds", w.range))],
                kind: TargetKind::Fire,
            })
            .collect();
    }
    if p.kind(u).mounted() {
        return Vec::new();
    }
    let per = |i: usize| w.ratios.get(i).map_or("-".to_string(), |r| format!("a die per {r}"));
    let mut bands: Vec<RangeBand> = m.bands.iter().enumerate().filter(|(_, b)| **b < w.range).map(|(i, b)| band(*b, per(i))).collect();
    bands.push(band(w.range, format!("{}: {}", w.name, per(bands.len()))));
    musketry::front_ranks(&stands)
        .into_iter()
        .flatten()
        .map(|s| FireZone { from: place(&s), shape: ZoneShape::Corridor, bands: bands.clone(), kind: TargetKind::Fire })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_ids_name_their_unit() {
        assert_eq!(unit_of(&piece_id("24-a", 3)), "24-a");
        assert_eq!(unit_of("w-1#0"), "w-1");
        assert_eq!(style("canal").look, Look::Water);
        assert!(style("woods").blocks_sight);
    }
}
