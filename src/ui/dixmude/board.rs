//! Tempête sur Dixmude on the area view (`ui::board::area`): the map's art — terrain tints, the zone
//! boxes with their printed defence bonus (1.1.1), Diksmuide's +4, the German entry zones (6), the
//! victory zones (11), the HQ box of the XXII Reserve-Korps, the Yser as water along every border
//! between the two banks and the Diksmuide bridges between 5 and 11 (8.6) — and, at every change of
//! the game or of the selection, the board model: the units, who holds each zone, the markers
//! (trenches, the ruins of Diksmuide, the flooding, the zones bombed this phase, the activation and
//! the assault under way) and the targets of the orders open to the player with their odds.

use std::collections::{BTreeMap, BTreeSet};

use bevy::prelude::*;

use crate::ui::Playing;
use crate::ui::area_game::AreaBoard;
use crate::ui::board::area::Beat;

use crate::rulesets::dixmude::scenario::{Bank, Scenario};
use crate::rulesets::dixmude::state::Pos;
use crate::rulesets::dixmude::units::{Kind, Level, Side, Where};
use crate::rulesets::dixmude::{Command, Dixmude, Event, preview};
use crate::ui::art::nato::Symbol;
use crate::ui::art::palette::CounterColours;
use crate::ui::board::area::{AreaArt, AreaMapArt, BorderArt, BoxSymbol, CounterFace, Look, MarkerArt, SideArt, nato_counters};
use crate::ui::board::{BoardModel, MapMarker, Piece, PieceState, Place, Spot, Target, TargetKind, TargetNote, Tone};

use super::session::DixSession;
use super::{DixUi, SCREEN};

/// The Franco-Belgian camp's colour (horizon blue) and the German's (field grey).
pub const HORIZON: Color = Color::srgb(0.42, 0.56, 0.74);
pub const FIELD_GREY: Color = Color::srgb(0.50, 0.55, 0.50);

pub fn side_colour(side: Side) -> Color {
    match side {
        Side::FrancoBelgian => HORIZON,
        Side::German => FIELD_GREY,
    }
}

pub fn terrain_colour(terrain: &str) -> [f32; 3] {
    match terrain {
        "town" => [0.76, 0.64, 0.56],
        "village" => [0.82, 0.74, 0.62],
        "wood" => [0.62, 0.72, 0.52],
        "polder" | "marsh" => [0.76, 0.82, 0.70],
        "hq" => [0.74, 0.74, 0.72],
        _ => [0.86, 0.83, 0.68],
    }
}

/// How a terrain is drawn on the map.
fn terrain_look(terrain: &str) -> Look {
    match terrain {
        "village" => Look::Village,
        "town" => Look::Town,
        "wood" => Look::Woods,
        "polder" | "marsh" => Look::Polder,
        _ => Look::Open,
    }
}

/// Whether two zones lie on either bank of the Yser (their common border is the river, 1.1.1).
pub fn across_the_yser(sc: &Scenario, a: u32, b: u32) -> bool {
    let (x, y) = (sc.zone(a).bank, sc.zone(b).bank);
    x != y && x != Bank::None && y != Bank::None
}

/// Every pair of zones whose cells touch, lower first.
fn touching(sc: &Scenario) -> BTreeSet<(u32, u32)> {
    let owner: BTreeMap<(i32, i32), u32> = sc.board.areas.values().flat_map(|a| a.cells.iter().map(move |c| ((c.x, c.y), a.id))).collect();
    let mut out = BTreeSet::new();
    for (&(x, y), &a) in &owner {
        for n in hexx::Hex::new(x, y).all_neighbors() {
            if let Some(&b) = owner.get(&(n.x, n.y))
                && b != a
            {
                out.insert((a.min(b), a.max(b)));
            }
        }
    }
    out
}

/// The symbols of a zone's box: a triangle on the zones of the victory conditions (11: Diksmuide in
/// black, the left bank's in red, Eessen and Woumen castle in blue), an `E` badge on the German entry
/// zones (6).
fn symbols(sc: &Scenario, zone: u32) -> Vec<BoxSymbol> {
    let z = sc.zone(zone);
    let mut out = Vec::new();
    if z.diksmuide {
        out.push(BoxSymbol::Triangle(Color::srgb(0.05, 0.05, 0.05)));
    } else if z.victory_left_bank {
        out.push(BoxSymbol::Triangle(Color::srgb(0.80, 0.10, 0.08)));
    } else if z.eessen || z.woumen {
        out.push(BoxSymbol::Triangle(Color::srgb(0.15, 0.30, 0.75)));
    }
    if z.entry {
        out.push(BoxSymbol::Badge("E".into(), FIELD_GREY));
    }
    out
}

/// A unit's face on a stack chip: what it is (1.3).
pub fn face(kind: Kind) -> &'static str {
    match kind {
        Kind::Battalion => "Bn",
        Kind::Company => "Co",
        Kind::FieldArtillery => "FA",
        Kind::HeavyArtillery => "HA",
        Kind::MachineGuns => "MG",
        Kind::Hq => "HQ",
    }
}

/// The counters on top of the stacks: each side's colours with its type's NATO symbol, large; a
/// battalion above a company, machine guns, guns and the headquarters.
fn counters() -> Vec<CounterFace> {
    let faces = [Kind::Battalion, Kind::Company, Kind::MachineGuns, Kind::FieldArtillery, Kind::HeavyArtillery, Kind::Hq].map(|k| {
        let symbol = match k {
            Kind::Battalion | Kind::Company => Symbol::Infantry,
            Kind::MachineGuns => Symbol::MachineGun,
            Kind::FieldArtillery => Symbol::Artillery,
            Kind::HeavyArtillery => Symbol::HeavyArtillery,
            Kind::Hq => Symbol::Headquarters,
        };
        (face(k), symbol)
    });
    let allies =
        CounterColours { body: [140, 166, 202, 255], band: [46, 66, 104, 255], ink: [16, 22, 40, 255], band_ink: [236, 240, 250, 255] };
    let german =
        CounterColours { body: [150, 160, 148, 255], band: [58, 66, 56, 255], ink: [16, 18, 16, 255], band_ink: [238, 238, 232, 255] };
    nato_counters(&faces, &[(Side::FrancoBelgian.id(), allies), (Side::German.id(), german)])
}

/// The units on the map: exhausted battalions and used artillery as spent (1.3.1, 1.3.2), the
/// offensive units as active (8.1).
fn pieces(p: &Pos) -> Vec<Piece> {
    let offensive: Vec<usize> = p.r.impulse.act.as_ref().map(|a| a.units.clone()).unwrap_or_default();
    (0..p.units.len())
        .filter_map(|u| {
            let Where::Zone(z) = p.units[u].at else { return None };
            let st = &p.units[u];
            let mut markers = Vec::new();
            if st.level == Level::Weakened {
                markers.push("weakened".to_string());
            }
            if st.level == Level::Exhausted {
                markers.push("exhausted".to_string());
            }
            let state = if offensive.contains(&u) {
                PieceState::Active
            } else if st.used || (p.kind(u).is_infantry() && st.level == Level::Exhausted) {
                PieceState::Spent
            } else {
                PieceState::Ready
            };
            Some(Piece {
                id: p.id(u).to_string(),
                side: p.side(u).id().into(),
                place: Some(Place::Area(z)),
                face: face(p.kind(u)).into(),
                label: p.spec(u).name.clone(),
                markers,
                state,
            })
        })
        .collect()
}

/// The markers on the map: trenches (9.4), the ruins of Diksmuide (7.3.5), the flooding (12.1.2),
/// the zones bombed this phase (7.2), and the zones of the activation and the assault under way.
fn markers(p: &Pos) -> Vec<MapMarker> {
    let marker = |art: &str, zone: u32, text: String| MapMarker { art: art.into(), place: Place::Area(zone), text };
    let mut out: Vec<MapMarker> = p.r.trenches.iter().map(|z| marker("trenches", *z, "TRENCH".into())).collect();
    for z in p.sc.zone_ids() {
        if p.sc.zone(z).diksmuide && p.r.ruins.is_some() {
            out.push(marker("ruins", z, format!("RUINS +{}", p.bonus(z))));
        }
        if p.flooded(z) {
            out.push(marker("flooded", z, "FLOODED".into()));
        }
    }
    for (z, n) in &p.r.bombing.bombed {
        out.push(marker("bombed", *z, if *n > 1 { format!("BOMBED ×{n}") } else { "BOMBED".into() }));
    }
    let mut action = BTreeSet::new();
    if let Some(act) = &p.r.impulse.act {
        action.extend(act.units.iter().filter_map(|&u| p.zone_of(u)));
        if let Some(a) = &act.assault {
            action.insert(a.target);
        }
    }
    if let Some(shot) = &p.r.bombing.shot {
        action.insert(shot.zone);
    }
    out.extend(action.into_iter().map(|z| marker("action", z, String::new())));
    out.sort_by_key(|m| match m.place {
        Place::Area(a) => a,
        _ => 0,
    });
    out
}

/// The zone a command is about, if any (its target).
pub fn command_zone(c: &Command) -> Option<u32> {
    match c {
        Command::Enter(_, z) | Command::Bomb(_, z) | Command::Shift(_, z) | Command::Move(_, z) | Command::Activate(z, _) => Some(*z),
        Command::Assault { target, .. } => Some(*target),
        _ => None,
    }
}

/// The unit a command is about when it also names a zone: the battalion entering from the HQ zone,
/// the gun that bombs, the support unit shifted on its own.
pub fn command_unit(c: &Command) -> Option<&str> {
    match c {
        Command::Enter(u, _) | Command::Bomb(u, _) | Command::Shift(u, _) => Some(u),
        _ => None,
    }
}

fn open(cost: Option<String>, odds: Option<f64>) -> TargetNote {
    TargetNote::Open { cost, odds: odds.map(|p| p as f32) }
}

/// What the targets of a zone say: its kind, then each badge with its cost and odds.
type Marks = BTreeMap<u32, (TargetKind, Vec<(String, TargetNote)>)>;

fn mark(marks: &mut Marks, zone: u32, kind: TargetKind) -> &mut (TargetKind, Vec<(String, TargetNote)>) {
    let e = marks.entry(zone).or_insert((kind, Vec::new()));
    // An assault outranks a move, a move an activation.
    if kind == TargetKind::Assault || (kind == TargetKind::Move && e.0 == TargetKind::Other) {
        e.0 = kind;
    }
    e
}

/// The targets of the legal commands (the picked unit's only): zones to activate (1 RP, 8.1), to
/// move into (the Yser crossing's chance, 8.6), to assault (the chance of winning, 8.3), to bomb
/// (the expected hits, 7.3), to enter from the HQ zone (6), to shift a support unit to (8.1.3).
fn targets(session: &DixSession, p: &Pos, ui: &DixUi) -> Vec<Target> {
    let mut marks: Marks = BTreeMap::new();
    let mut best_bomb: BTreeMap<u32, f64> = BTreeMap::new();
    let picked = ui.picked.as_deref();
    for c in &session.legal {
        let Some(zone) = command_zone(c) else { continue };
        if let (Some(pk), Some(u)) = (picked, command_unit(c))
            && pk != u
        {
            continue;
        }
        match c {
            Command::Activate(..) => {
                mark(&mut marks, zone, TargetKind::Other);
            }
            Command::Move(..) => {
                let e = mark(&mut marks, zone, TargetKind::Move);
                if e.1.is_empty()
                    && let Some(chance) = preview::crossing(p, c)
                {
                    e.1.push((format!("Yser {:.0}%", chance * 100.0), open(None, Some(chance))));
                }
            }
            Command::Assault { night: false, .. } => {
                let e = mark(&mut marks, zone, TargetKind::Assault);
                if let Some(a) = preview::assault(p, c)
                    && !e.1.iter().any(|(t, _)| t.starts_with('⚔'))
                {
                    e.1.push((format!("⚔ {:.0}%", a.success * 100.0), open(None, Some(a.success))));
                }
            }
            Command::Bomb(..) => {
                mark(&mut marks, zone, TargetKind::Fire);
                if let Some(b) = preview::bomb(p, c) {
                    let e = best_bomb.entry(zone).or_insert(0.0);
                    *e = e.max(b.expected_hits());
                }
            }
            Command::Enter(..) => {
                mark(&mut marks, zone, TargetKind::Move);
            }
            // A support unit's own moves (8.1.3) only once it is picked: they would cover the map.
            Command::Shift(..) if picked.is_some() => {
                mark(&mut marks, zone, TargetKind::Move);
            }
            _ => {}
        }
    }
    for (zone, hits) in best_bomb {
        mark(&mut marks, zone, TargetKind::Fire).1.push((format!("✹ {hits:.1}"), open(None, None)));
    }
    let mut out = Vec::new();
    for (zone, (kind, notes)) in marks {
        let place = Place::Area(zone);
        if notes.is_empty() {
            out.push(Target { place, kind, note: open(None, None), badge: None, tone: Tone::Normal });
        }
        out.extend(notes.into_iter().map(|(badge, note)| Target { place, kind, note, badge: Some(badge), tone: Tone::Normal }));
    }
    out
}

impl AreaBoard for Dixmude {
    const SCREEN: Playing = SCREEN;
    type Pos = Pos;
    fn capture(session: &DixSession) -> Pos {
        session.pos()
    }
    fn done() -> Command {
        Command::Done
    }
    fn command_area(command: &Command) -> Option<u32> {
        command_zone(command)
    }
    /// The zone's orders: moving the offensive units into it or assaulting it, then activating it.
    fn area_orders(legal: &[Command], zone: u32) -> Vec<Command> {
        legal
            .iter()
            .filter(|c| command_unit(c).is_none() && command_zone(c) == Some(zone) && !matches!(c, Command::Activate(..)))
            .cloned()
            .chain(legal.iter().filter(|c| matches!(c, Command::Activate(z, _) if *z == zone)).cloned())
            .collect()
    }
    fn command_unit(command: &Command) -> Option<&str> {
        command_unit(command)
    }
    /// The selection follows an activation or a move to its zone.
    fn follows(command: &Command) -> Option<u32> {
        match command {
            Command::Activate(z, _) | Command::Move(_, z) => Some(*z),
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
                let z = sc.zone(a.id);
                AreaArt {
                    id: a.id,
                    cells: a.cells.clone(),
                    name: Some(a.name.clone()),
                    tint: terrain_colour(&a.terrain),
                    look: terrain_look(&a.terrain),
                    value: (z.bonus > 0).then(|| format!("+{}", z.bonus)),
                    flag: z.hq.then(|| ("HQ XXII RK".to_string(), Color::srgb(0.25, 0.27, 0.25))),
                    symbols: symbols(sc, a.id),
                }
            })
            .collect();
        let borders = touching(sc)
            .into_iter()
            .filter(|&(a, b)| across_the_yser(sc, a, b))
            .map(|(a, b)| ((a, b), BorderArt { water: true, bridge: sc.board.border(a, b).iter().any(|k| k == "bridge") }))
            .collect();
        // Each side's chips, the wash of the areas it holds and the paper of their boxes.
        let sides = vec![
            SideArt::new(Side::FrancoBelgian.id(), HORIZON, Color::srgb(0.55, 0.68, 0.90), Color::srgb(0.86, 0.90, 0.97)),
            SideArt::new(Side::German.id(), FIELD_GREY, Color::srgb(0.58, 0.62, 0.56), Color::srgb(0.85, 0.87, 0.84)),
        ];
        let markers = BTreeMap::from([
            ("trenches".to_string(), MarkerArt { colour: Color::srgb(0.42, 0.30, 0.16), wash: None }),
            ("ruins".to_string(), MarkerArt { colour: Color::srgb(0.55, 0.12, 0.08), wash: None }),
            ("flooded".to_string(), MarkerArt { colour: Color::srgb(0.20, 0.40, 0.75), wash: Some(0.45) }),
            ("bombed".to_string(), MarkerArt { colour: Color::srgb(0.80, 0.40, 0.10), wash: None }),
            ("action".to_string(), MarkerArt { colour: Color::srgb(1.0, 0.80, 0.30), wash: Some(0.40) }),
        ]);
        Some(AreaMapArt { key: sc.path.clone(), grid, areas, borders, sides, markers, counters: counters(), lines: sc.board.lines.clone() })
    }
    /// 6: a unit entering from the HQ zone.
    fn arrival(command: &Command) -> Option<&str> {
        match command {
            Command::Enter(u, _) => Some(u),
            _ => None,
        }
    }
    /// The board model for the position and the selection: the units, the markers, the targets of a
    /// person's orders, and who holds each zone.
    fn present(session: &DixSession, ui: &DixUi, model: &mut BoardModel) {
        let p = session.pos();
        let targets = if session.human_to_move() { targets(session, &p, ui) } else { Vec::new() };
        model.update(pieces(&p), markers(&p), targets, ui.selected.map(Place::Area));
        let owners = p.sc.zone_ids().filter_map(|z| Some((Place::Area(z), p.occupant(z)?.id().to_string()))).collect();
        model.set_owners(owners);
    }
    fn beats<'a>(pos: &Pos, events: impl Iterator<Item = &'a Event>) -> Vec<Beat> {
        super::anim::beats(pos, events)
    }
    /// The zone a bombing fell on, a defensive fire was fired on or an assault went into, or the unit
    /// hit, put out of action or firing counter-battery.
    fn throw_spot(_session: &DixSession, event: &Event) -> Option<Spot> {
        use crate::rulesets::dixmude::EventKind as K;
        match &event.kind {
            K::Bombing { zone, .. } | K::DefensiveFire { zone, .. } | K::Assault { target: zone, .. } => {
                Some(Spot::Place(Place::Area(*zone)))
            }
            K::CounterBattery { unit, .. } | K::Hit { unit, .. } | K::OutOfAction { unit } => Some(Spot::Piece(unit.clone())),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::area_game::click_orders;
    use crate::ui::board::area::outline::shapes;
    use crate::ui::session::Seat;

    fn session() -> DixSession {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/dixmude/dixmude-1914.ron");
        let seats = Side::BOTH.iter().map(|s| (s.id().to_string(), Seat::Human)).collect();
        DixSession::open(&path, 1, seats).expect("the scenario opens")
    }

    /// Every zone of the map gets its outline and its box inside it; the Yser runs along every border
    /// between the banks, bridged only between 5 and 11; the HQ box stands apart; the boxes carry the
    /// printed bonuses.
    #[test]
    fn every_zone_is_drawn_with_the_yser_and_its_bridges() {
        let s = session();
        let sc = s.game.scenario();
        let art = Dixmude::map_art(sc).expect("a cell grid");
        let cells = art.areas.iter().map(|a| (a.id, a.cells.clone())).collect();
        let shapes = shapes(&art.grid, &cells);
        for a in &art.areas {
            let shape = shapes.areas.get(&a.id).unwrap_or_else(|| panic!("zone {} not drawn", a.id));
            assert!(shape.contains(shape.pole), "zone {}'s box is outside it", a.id);
        }
        let bridges: Vec<(u32, u32)> = art.borders.iter().filter(|(_, b)| b.bridge).map(|(k, _)| *k).collect();
        assert_eq!(bridges, vec![(5, 11)]);
        for (&(a, b), border) in &art.borders {
            assert!(border.water && across_the_yser(sc, a, b), "{a}-{b}");
        }
        for (a, b) in [(2, 9), (3, 10), (8, 12), (8, 13), (1, 19)] {
            assert!(art.borders.contains_key(&(a, b)), "no water between {a} and {b}");
        }
        let diksmuide = art.areas.iter().find(|a| a.id == 11).expect("zone 11");
        assert_eq!(diksmuide.value.as_deref(), Some("+4"));
        let hq = art.areas.iter().find(|a| sc.zone(a.id).hq).expect("the HQ zone");
        assert!(hq.flag.is_some());
        assert!(!art.borders.keys().any(|(a, b)| *a == hq.id || *b == hq.id));
    }

    /// The set-up on the board: every unit in its zone, one camp per zone, trenches marked.
    #[test]
    fn the_set_up_is_on_the_board() {
        let s = session();
        let p = s.pos();
        let pieces = pieces(&p);
        let on_map = p.units.iter().filter(|u| matches!(u.at, Where::Zone(_))).count();
        assert_eq!(pieces.len(), on_map);
        assert!(pieces.iter().any(|x| x.place == Some(Place::Area(11)) && x.side == "franco_belgian"));
        let m = markers(&p);
        for z in [10, 12, 14, 16, 17] {
            assert!(m.iter().any(|x| x.art == "trenches" && x.place == Place::Area(z)), "no trenches in {z}");
        }
    }

    /// A click on the map gives only legal commands: the picked unit's orders into the zone, else the
    /// zone's orders; several are offered to choose from; none selects the zone.
    #[test]
    fn a_click_gives_only_legal_orders() {
        let legal = vec![
            Command::Bomb("a".into(), 11),
            Command::Bomb("b".into(), 11),
            Command::Enter("u".into(), 34),
            Command::Move(vec!["x".into()], 29),
            Command::Assault { from: 28, target: 29, night: false },
            Command::Activate(28, vec!["x".into()]),
            Command::Done,
        ];
        assert_eq!(click_orders::<Dixmude>(&legal, Some("a"), 11), vec![Command::Bomb("a".into(), 11)]);
        assert_eq!(click_orders::<Dixmude>(&legal, None, 11), Vec::<Command>::new());
        assert_eq!(click_orders::<Dixmude>(&legal, Some("u"), 34), vec![Command::Enter("u".into(), 34)]);
        assert_eq!(click_orders::<Dixmude>(&legal, None, 29).len(), 2);
        assert_eq!(click_orders::<Dixmude>(&legal, None, 28), vec![Command::Activate(28, vec!["x".into()])]);
        assert_eq!(click_orders::<Dixmude>(&legal, Some("a"), 29).len(), 2);
    }
}
