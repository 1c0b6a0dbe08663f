//! Royal Tank Corps on the area view (`ui::board::area`): the map's art — terrain tints, the area
//! boxes (TEM, BR areas framed in red, victory triangles, entry areas), the canal and the Schelde
//! with their bridges — and, at every change of the game or of the selection, the board model: the
//! stacks, who controls each area (3.21), the markers (rolling barrage and interdiction, 8.3; areas
//! bombarded, 7.3; the area of the activation or the attack), and the costs and odds of the orders
//! the selected units could be given. It also passes the panels' window to the view and the view's
//! clicks to the panels.

use std::collections::{BTreeMap, BTreeSet};

use bevy::prelude::*;

use crate::ui::Playing;
use crate::ui::area_game::AreaBoard;
use crate::ui::board::area::Beat;

use crate::rulesets::rtc::map::Ctx;
use crate::rulesets::rtc::scenario::Scenario;
use crate::rulesets::rtc::units::{Kind, Side};
use crate::rulesets::rtc::{self, Command, Event, Rtc, preview};
use crate::ui::art::nato::Symbol;
use crate::ui::art::palette::CounterColours;
use crate::ui::board::area::{AreaArt, AreaMapArt, BorderArt, BoxSymbol, CounterFace, Look, MarkerArt, SideArt, nato_counters};
use crate::ui::board::{BoardModel, MapMarker, Piece, PieceState, Place, Spot, Target, TargetKind, TargetNote, Tone};

use super::session::AreaSession;
use super::{AreaUi, SCREEN};

pub const KHAKI: Color = Color::srgb(0.62, 0.52, 0.32);
pub const FIELD_GREY: Color = Color::srgb(0.47, 0.52, 0.53);

pub fn side_colour(side: Side) -> Color {
    match side {
        Side::British => KHAKI,
        Side::German => FIELD_GREY,
    }
}

pub fn terrain_colour(terrain: &str) -> [f32; 3] {
    match terrain {
        "village" => [0.78, 0.70, 0.58],
        "town" => [0.72, 0.62, 0.52],
        "wood" => [0.56, 0.66, 0.45],
        "trench" => [0.74, 0.70, 0.55],
        _ => [0.80, 0.78, 0.60],
    }
}

/// How a terrain is drawn on the map.
fn terrain_look(terrain: &str) -> Look {
    match terrain {
        "village" => Look::Village,
        "town" => Look::Town,
        "wood" => Look::Woods,
        "trench" => Look::Entrenched,
        _ => Look::Open,
    }
}

/// The border kinds that are water (the St Quentin canal and the Schelde, 9.33).
fn water(kinds: &[String]) -> bool {
    kinds.iter().any(|k| k == "canal" || k == "schelde")
}

/// Unit-type letters for a stack chip (the pieces' faces).
fn kind_letter(k: Kind) -> &'static str {
    match k {
        Kind::Infantry => "I",
        Kind::Cavalry => "C",
        Kind::Tank => "T",
        Kind::Artillery | Kind::HorseArtillery => "A",
        Kind::Stosstruppen => "S",
    }
}

/// The counters on top of the stacks: each side's colours with its type's NATO symbol, large, as at
/// planning zoom on the hex maps; a tank above cavalry, storm troops, infantry and guns.
fn counters() -> Vec<CounterFace> {
    let faces = [Kind::Tank, Kind::Cavalry, Kind::Stosstruppen, Kind::Infantry, Kind::Artillery].map(|k| {
        let symbol = match k {
            Kind::Tank => Symbol::Armour,
            Kind::Cavalry => Symbol::Cavalry,
            Kind::Stosstruppen => Symbol::Assault,
            Kind::Infantry => Symbol::Infantry,
            Kind::Artillery | Kind::HorseArtillery => Symbol::Artillery,
        };
        (kind_letter(k), symbol)
    });
    let british =
        CounterColours { body: [190, 164, 110, 255], band: [92, 78, 44, 255], ink: [34, 28, 16, 255], band_ink: [246, 238, 210, 255] };
    let german =
        CounterColours { body: [160, 168, 166, 255], band: [60, 68, 70, 255], ink: [16, 18, 18, 255], band_ink: [238, 238, 232, 255] };
    nato_counters(&faces, &[(Side::British.id(), british), (Side::German.id(), german)])
}

/// A unit's face on the area view: its type letter.
pub fn face(ctx: &Ctx, id: &str) -> Option<&'static str> {
    ctx.find(id).map(|u| kind_letter(u.kind()))
}

/// The units on the map, spent ones (3.11) as spent.
fn pieces(ctx: &Ctx) -> Vec<Piece> {
    ctx.sit
        .units
        .iter()
        .filter_map(|u| {
            Some(Piece {
                id: u.spec.id.clone(),
                side: u.side().id().into(),
                place: Some(Place::Area(u.area()?)),
                face: kind_letter(u.kind()).into(),
                label: u.spec.name.clone(),
                markers: Vec::new(),
                state: if u.c.spent { PieceState::Spent } else { PieceState::Ready },
            })
        })
        .collect()
}

/// The markers on the map, and the area of the activation or the attack under way.
fn markers(ctx: &Ctx) -> Vec<MapMarker> {
    let m = &ctx.markers;
    let marker = |art: &str, area: u32, text: &str| MapMarker { art: art.into(), place: Place::Area(area), text: text.into() };
    let mut out: Vec<MapMarker> = Vec::new();
    out.extend(m.rolling.iter().map(|a| marker("rolling", *a, "RB")));
    out.extend(m.interdiction.iter().map(|a| marker("interdiction", *a, "INT")));
    let bombarded: BTreeSet<u32> = m.bombarded.iter().map(|(_, a, _)| *a).collect();
    out.extend(bombarded.iter().map(|a| marker("bombarded", *a, "BOMB")));
    let activation = ctx.impulse.activation.as_ref().map(|a| a.group.as_ref().map(|g| g.at).unwrap_or(a.area));
    let attack = ctx.combat.attack.as_ref().map(|a| a.area).or(ctx.losses.pending.as_ref().map(|p| p.area));
    for a in BTreeSet::from_iter(activation.into_iter().chain(attack)) {
        out.push(marker("action", a, ""));
    }
    out.sort_by_key(|m| match m.place {
        Place::Area(a) => a,
        _ => 0,
    });
    out
}

/// The area a command is about, if any (its target).
pub fn command_area(c: &Command) -> Option<u32> {
    match c {
        Command::Place(_, a)
        | Command::ReturnTank(_, a)
        | Command::Barrage(_, a, _)
        | Command::Activate(a)
        | Command::MoveTo(a)
        | Command::Fatigue(a) => Some(*a),
        Command::Bombard { target, .. } => Some(*target),
        Command::Retreat(_, a) => Some(*a),
        _ => None,
    }
}

/// The unit a command is about, when it also names an area: the unit to place or bring back, the
/// artillery firing a barrage, a bombardment's lead, the unit retreating.
pub fn command_unit(c: &Command) -> Option<&str> {
    match c {
        Command::Place(u, _) | Command::ReturnTank(u, _) | Command::Barrage(u, _, _) | Command::Retreat(u, _) => Some(u),
        Command::Bombard { lead, .. } => Some(lead),
        _ => None,
    }
}

/// What the targets of an area say: its kind, then each badge with its cost and odds.
type Marks = BTreeMap<u32, (TargetKind, Vec<(String, TargetNote)>)>;

fn open(cost: Option<String>, odds: Option<f64>) -> TargetNote {
    TargetNote::Open { cost, odds: odds.map(|p| p as f32) }
}

/// The targets of the legal commands (the picked unit's only): areas to activate, move into,
/// attack (cost and chance, 9.4), bombard (the best chance per target, 7.3) or place in; and before
/// an activation, what entering each neighbour of the selected area would cost its units (9.3).
fn targets(session: &AreaSession, ctx: &Ctx, ui: &AreaUi) -> Vec<Target> {
    let mut marks: Marks = BTreeMap::new();
    let mut best_bombard: BTreeMap<(u32, rtc::Target), f64> = BTreeMap::new();
    let picked = ui.picked.as_deref();
    for c in &session.legal {
        let Some(a) = command_area(c) else { continue };
        // With a unit picked, only its own orders are shown.
        if let (Some(p), Some(u)) = (picked, command_unit(c))
            && p != u
            && !matches!(c, Command::Retreat(..))
        {
            continue;
        }
        match c {
            Command::Activate(_) => marks.entry(a).or_insert((TargetKind::Other, Vec::new())).0 = TargetKind::Other,
            Command::MoveTo(to) if ctx.impulse.active.is_some_and(|s| ctx.sit.has(*to, s.enemy())) => {
                let e = marks.entry(a).or_insert((TargetKind::Assault, Vec::new()));
                e.0 = TargetKind::Assault;
                if e.1.is_empty()
                    && let Some(k) = preview::contest_for(ctx, c)
                {
                    let cost = preview::move_cost(ctx, *to).and_then(|r| r.ok()).unwrap_or(0);
                    let text = format!("{cost} MP ⚔ {:.0}%", k.success() * 100.0);
                    e.1.push((text, open(Some(format!("{cost} MP")), Some(k.success()))));
                }
            }
            Command::MoveTo(to) => {
                let e = marks.entry(a).or_insert((TargetKind::Move, Vec::new()));
                e.0 = TargetKind::Move;
                if let Some(Ok(cost)) = preview::move_cost(ctx, *to) {
                    e.1.push((format!("{cost} MP"), open(Some(format!("{cost} MP")), None)));
                }
            }
            Command::Bombard { target, at, hurricane: false, lead } => {
                marks.entry(a).or_insert((TargetKind::Fire, Vec::new())).0 = TargetKind::Fire;
                if (picked.is_none() || picked == Some(lead.as_str()))
                    && let Some(k) = preview::contest_for(ctx, c)
                {
                    let e = best_bombard.entry((*target, *at)).or_insert(0.0);
                    *e = e.max(k.success());
                }
            }
            Command::Place(..) | Command::ReturnTank(..) | Command::Barrage(..) | Command::Fatigue(_) | Command::Retreat(..) => {
                marks.entry(a).or_insert((TargetKind::Other, Vec::new()));
            }
            _ => {}
        }
    }
    neighbour_costs(session, ctx, ui, &mut marks);
    for ((target, at), p) in &best_bombard {
        let text = format!("{} {:.0}%", if *at == rtc::Target::Artillery { "✹ guns" } else { "✹" }, p * 100.0);
        marks.entry(*target).or_insert((TargetKind::Fire, Vec::new())).1.push((text, open(None, Some(*p))));
    }
    let mut out = Vec::new();
    for (area, (kind, notes)) in marks {
        let place = Place::Area(area);
        if notes.is_empty() {
            out.push(Target { place, kind, note: open(None, None), badge: None, tone: Tone::Normal });
        }
        out.extend(notes.into_iter().map(|(badge, note)| Target { place, kind, note, badge: Some(badge), tone: Tone::Normal }));
    }
    out
}

/// Before an activation: what entering each neighbour of the selected area would cost its units.
fn neighbour_costs(session: &AreaSession, ctx: &Ctx, ui: &AreaUi, marks: &mut Marks) {
    let (Some(sel), Some(side)) = (ui.selected, ctx.impulse.active) else { return };
    if ctx.impulse.activation.is_some() || !session.legal.contains(&Command::Activate(sel)) {
        return;
    }
    for &n in ctx.adjacent(sel) {
        let cost = ctx.enter_cost(side, sel, n);
        let kind = if ctx.sit.has(n, side.enemy()) { TargetKind::Assault } else { TargetKind::Move };
        let water = if ctx.water(sel, n) { if ctx.bridge(sel, n) { " (bridge)" } else { " (canal)" } } else { "" };
        let e = marks.entry(n).or_insert((kind, Vec::new()));
        e.1.push((format!("{cost} MP{water}"), open(Some(format!("{cost} MP")), None)));
    }
}

impl AreaBoard for Rtc {
    const SCREEN: Playing = SCREEN;
    type Pos = Ctx;
    fn capture(session: &AreaSession) -> Ctx {
        session.ctx()
    }
    fn done() -> Command {
        Command::Done
    }
    /// Passing the action phase with areas still able to act (9.2 a; 9.11: both passing ends it).
    fn done_question(session: &AreaSession) -> Option<String> {
        let areas = session.legal.iter().filter(|c| matches!(c, Command::Activate(_))).count();
        (areas > 0 && session.ctx().phase == Some(rtc::state::Phase::Action)).then(|| {
            format!("pass the impulse with {areas} area{} of fresh units that could still be activated", if areas == 1 { "" } else { "s" })
        })
    }
    fn command_area(command: &Command) -> Option<u32> {
        command_area(command)
    }
    /// The activated group's move into the area (an attack when it holds the enemy).
    fn area_orders(legal: &[Command], area: u32) -> Vec<Command> {
        legal.iter().filter(|c| matches!(c, Command::MoveTo(a) if *a == area)).cloned().collect()
    }
    fn command_unit(command: &Command) -> Option<&str> {
        command_unit(command)
    }
    /// The selection follows an activation or a move to its area.
    fn follows(command: &Command) -> Option<u32> {
        match command {
            Command::Activate(a) | Command::MoveTo(a) => Some(*a),
            _ => None,
        }
    }
    /// The map's art for the view; `None` for a map without a cell grid.
    fn map_art(sc: &Scenario) -> Option<AreaMapArt> {
        let grid = sc.board.grid.clone()?;
        let areas = sc
            .board
            .areas
            .values()
            .map(|a| {
                let info = sc.area(a.id);
                let mut symbols = Vec::new();
                if let Some(v) = info.victory {
                    let colour = if v == Side::British { Color::srgb(0.80, 0.10, 0.08) } else { Color::srgb(0.05, 0.05, 0.05) };
                    symbols.push(BoxSymbol::Triangle(colour));
                }
                if let Some(s) = info.entry {
                    symbols.push(BoxSymbol::Badge("E".into(), side_colour(s)));
                }
                AreaArt {
                    id: a.id,
                    cells: a.cells.clone(),
                    name: Some(a.name.clone()),
                    tint: terrain_colour(&a.terrain),
                    look: terrain_look(&a.terrain),
                    value: Some(info.tem.to_string()),
                    flag: info.br.then(|| ("BR".to_string(), Color::srgb(0.80, 0.08, 0.06))),
                    symbols,
                }
            })
            .collect();
        let borders = sc
            .board
            .borders
            .iter()
            .filter(|(_, kinds)| water(kinds))
            .map(|(&(a, b), kinds)| ((a.min(b), a.max(b)), BorderArt { water: true, bridge: kinds.iter().any(|k| k == "bridge") }))
            .collect();
        // Each side's chips, the wash of the areas it holds and the paper of their boxes.
        let sides = vec![
            SideArt::new(Side::British.id(), KHAKI, Color::srgb(0.85, 0.72, 0.50), Color::srgb(0.93, 0.88, 0.74)),
            SideArt::new(Side::German.id(), FIELD_GREY, Color::srgb(0.62, 0.66, 0.70), Color::srgb(0.84, 0.86, 0.86)),
        ];
        let markers = BTreeMap::from([
            ("rolling".to_string(), MarkerArt { colour: Color::srgb(0.90, 0.45, 0.10), wash: None }),
            ("interdiction".to_string(), MarkerArt { colour: Color::srgb(0.55, 0.25, 0.65), wash: None }),
            ("bombarded".to_string(), MarkerArt { colour: Color::srgb(0.70, 0.12, 0.10), wash: None }),
            ("action".to_string(), MarkerArt { colour: Color::srgb(1.0, 0.80, 0.30), wash: Some(0.45) }),
        ]);
        Some(AreaMapArt { key: sc.path.clone(), grid, areas, borders, sides, markers, counters: counters(), lines: sc.board.lines.clone() })
    }
    /// 6.1: a unit placed on arrival.
    fn arrival(command: &Command) -> Option<&str> {
        match command {
            Command::Place(u, _) => Some(u),
            _ => None,
        }
    }
    /// The board model for the position and the selection: the stacks, the markers, the targets of a
    /// person's orders, and who controls each area (3.21).
    fn present(session: &AreaSession, ui: &AreaUi, model: &mut BoardModel) {
        let ctx = session.ctx();
        let targets = if session.human_to_move() { targets(session, &ctx, ui) } else { Vec::new() };
        model.update(pieces(&ctx), markers(&ctx), targets, ui.selected.map(Place::Area));
        let owners = session.game.scenario().board.areas.keys().map(|a| (Place::Area(*a), ctx.controller(*a).id().to_string())).collect();
        model.set_owners(owners);
    }
    fn beats<'a>(pos: &Ctx, events: impl Iterator<Item = &'a Event>) -> Vec<Beat> {
        super::anim::beats(pos, events)
    }
    /// The area a bombardment fell on or an attack went into, a barrage was fired on, or the unit
    /// that broke down or was hit by its own side's fire.
    fn throw_spot(_session: &AreaSession, event: &Event) -> Option<Spot> {
        use rtc::EventKind as K;
        match &event.kind {
            K::Bombardment { target: area, .. } | K::Attack { area, .. } | K::BarrageFired { area, .. } => {
                Some(Spot::Place(Place::Area(*area)))
            }
            K::FriendlyFire { unit, .. } | K::BrokeDown { unit } | K::Flipped { unit } | K::Eliminated { unit } => {
                Some(Spot::Piece(unit.clone()))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::rtc::Target;
    use crate::ui::area_game::click_orders;
    use crate::ui::board::area::outline::shapes;

    /// Every area of the Cambrai map gets its outline, its box inside it, and the canal its
    /// bridges.
    #[test]
    fn every_cambrai_area_is_drawn() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rtc/cambrai.ron");
        let session = AreaSession::open(&path, 1, BTreeMap::new()).expect("cambrai opens");
        let art = Rtc::map_art(session.game.scenario()).expect("a cell grid");
        let cells = art.areas.iter().map(|a| (a.id, a.cells.clone())).collect();
        let s = shapes(&art.grid, &cells);
        let missing: Vec<u32> = art.areas.iter().map(|a| a.id).filter(|id| !s.areas.contains_key(id)).collect();
        assert!(missing.is_empty(), "not drawn: {missing:?}");
        for (id, shape) in &s.areas {
            assert!(shape.contains(shape.pole), "area {id}'s box is outside it");
            assert_eq!(s.area_at(shape.pole), Some(*id));
            assert_eq!(s.area_at(shape.site), Some(*id), "area {id}'s village and name stand outside it");
        }
        assert!(art.borders.values().any(|b| b.bridge));
        // The terrain is drawn on every area but open ground; the roads and the railway are on it.
        for a in &art.areas {
            let drawn = crate::ui::board::area::terrain::draw(&s.areas[&a.id], a.look, s.areas[&a.id].site, 1).is_some();
            assert_eq!(drawn, a.look != Look::Open, "area {}", a.id);
        }
        assert!(art.areas.iter().any(|a| a.look == Look::Woods) && art.areas.iter().any(|a| a.look == Look::Entrenched));
        assert!(art.lines.iter().filter(|l| l.kind == "road").count() >= 7);
        assert!(art.lines.iter().any(|l| l.kind == "railway" && l.cells.len() > 20));
        // A top counter for every type of unit of both sides.
        assert_eq!(art.counters.len(), 10);
    }

    /// A click on the map gives only legal commands: the picked unit's orders into the area, else the
    /// group's move; several are offered to choose from; none selects the area.
    #[test]
    fn a_click_gives_only_legal_orders() {
        let bombard = |lead: &str, hurricane| Command::Bombard { lead: lead.into(), target: 51, at: Target::Other, hurricane };
        let legal = vec![
            Command::MoveTo(49),
            Command::MoveTo(37),
            Command::Add("gb-153".into()),
            bombard("a", false),
            bombard("a", true),
            bombard("b", false),
            Command::Place("u".into(), 22),
            Command::Done,
        ];
        assert_eq!(click_orders::<Rtc>(&legal, None, 49), vec![Command::MoveTo(49)]);
        assert_eq!(click_orders::<Rtc>(&legal, None, 51), Vec::<Command>::new());
        assert_eq!(click_orders::<Rtc>(&legal, Some("a"), 51), vec![bombard("a", false), bombard("a", true)]);
        assert_eq!(click_orders::<Rtc>(&legal, Some("b"), 51), vec![bombard("b", false)]);
        assert_eq!(click_orders::<Rtc>(&legal, Some("u"), 22), vec![Command::Place("u".into(), 22)]);
        assert_eq!(click_orders::<Rtc>(&legal, Some("u"), 58), Vec::<Command>::new());
        assert_eq!(click_orders::<Rtc>(&legal, Some("a"), 37), vec![Command::MoveTo(37)]);
        assert_eq!(command_unit(&bombard("a", true)), Some("a"));
    }
}
