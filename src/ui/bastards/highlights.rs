//! What the orders look like on the map, as the board model's targets the hex view draws: legal
//! destinations with their MP cost, fire and assault targets with their exact odds, infiltration
//! and withdrawal hexes, units that can be chosen, night-deployment hexes; and, drawn here, the
//! hovered hex, the path a move would take, and the line of sight tool's line (green or red, the
//! blocker ringed).

use bevy::prelude::*;

use crate::rulesets::bastards::actions::{Ctx, movement};
use crate::rulesets::bastards::map::Situation;
use crate::rulesets::bastards::preview::Preview;

use crate::ui::Frame;
use crate::ui::art::palette::Palette;
use crate::ui::board::hex::input::Hover;
use crate::ui::board::hex::map::DrawnMap;
use crate::ui::board::{BoardModel, Place, Target, TargetKind, TargetNote, Tone};
use crate::ui::geometry::{hex_corners, hex_to_world};
use crate::ui::settings::Settings;
use crate::ui::widgets::{colour, pct};

use super::SCREEN;
use super::counters::Selection;
use super::input::{AwaitingConfirmation, SightTool};
use super::orders::{OrderMode, Orders};
use super::session::PlaySession;

/// What the targets were last built from: the orders' key, the mode, the selected unit.
type TargetsKey = ((u64, Option<String>), OrderMode, Option<String>);

/// Fills the board model's targets from the orders the mode shows (the hex view draws them).
fn present_targets(
    orders: Res<Orders>,
    mode: Res<OrderMode>,
    session: Option<Res<PlaySession>>,
    selection: Res<Selection>,
    mut model: ResMut<BoardModel>,
    mut seen: Local<Option<TargetsKey>>,
) {
    let Some(session) = session else { return };
    let key = (orders.key.clone(), *mode, selection.unit.clone());
    if seen.as_ref() == Some(&key) {
        return;
    }
    *seen = Some(key);
    let targets = if orders.human { targets(&orders, *mode, selection.unit.as_deref(), &session.situation()) } else { Vec::new() };
    model.set_targets(targets);
}

fn open(badge: String, kind: TargetKind, tone: Tone, p: Option<&Preview>) -> Target {
    let cost = p.map(|p| format!("{} MP", p.mp));
    Target { place: Place::Cell(hexx::Hex::ZERO), kind, note: TargetNote::Open { cost, odds: None }, badge: Some(badge), tone }
}

/// The targets of the orders the mode shows: moves with their MP, medals and breakdown risk, the
/// reach before activating, infiltration, withdrawal, night deployment; fire and assault targets
/// with their odds; units that can be chosen or activated.
fn targets(orders: &Orders, mode: OrderMode, selected: Option<&str>, sit: &Situation) -> Vec<Target> {
    let mut out = Vec::new();
    let mut at = |h: hexx::Hex, t: Target| out.push(Target { place: Place::Cell(h), ..t });
    let medals = |n: u32| "●".repeat(n as usize);
    if matches!(mode, OrderMode::Auto | OrderMode::Move) {
        for (h, p) in sorted(&orders.moves) {
            let mut t = format!("{} MP", p.mp);
            if p.medals > 0 {
                t.push_str(&format!(" {}", medals(p.medals)));
            }
            let risk = p.chance("breakdown");
            if risk > 0.0 {
                t.push_str(&format!(" ⚠{}", pct(risk)));
            }
            at(*h, open(t, TargetKind::Move, if risk > 0.0 { Tone::Warning } else { Tone::Normal }, Some(p)));
        }
        for (h, cost) in sorted(&orders.reach_if_activated) {
            at(*h, open(format!("{cost} MP"), TargetKind::Move, Tone::Faint, None));
        }
    }
    if matches!(mode, OrderMode::Auto | OrderMode::Infiltrate) {
        for (h, p) in sorted(&orders.infiltrate) {
            at(*h, open(format!("infiltrate {}", medals(p.medals)), TargetKind::Other, Tone::Normal, Some(p)));
        }
    }
    if matches!(mode, OrderMode::Auto | OrderMode::Withdraw) {
        for (h, p) in sorted(&orders.withdraw) {
            at(*h, open(format!("withdraw {}", medals(p.medals)), TargetKind::Other, Tone::Normal, Some(p)));
        }
    }
    for h in selected.and_then(|sel| orders.deploy.get(sel)).into_iter().flatten() {
        at(*h, open("deploy".into(), TargetKind::Move, Tone::Normal, None));
    }
    let hex_of = |id: &str| sit.by_id(id).and_then(|u| u.hex());
    let mut ring = |id: &str, kind: TargetKind, tone: Tone, badge: Option<String>| {
        if let Some(h) = hex_of(id) {
            let note = TargetNote::Open { cost: None, odds: None };
            out.push(Target { place: Place::Cell(h), kind, note, badge, tone });
        }
    };
    if matches!(mode, OrderMode::Auto | OrderMode::Fire) {
        for (id, p) in sorted(&orders.fire) {
            ring(id, TargetKind::Fire, Tone::Normal, Some(format!("fire: hit {}", pct(p.chance("hit")))));
        }
    }
    if matches!(mode, OrderMode::Auto | OrderMode::Assault) {
        for (id, p) in sorted(&orders.assault) {
            ring(id, TargetKind::Assault, Tone::Normal, Some(format!("assault {}", pct(p.chance("success")))));
        }
    }
    for (id, hit) in sorted(&orders.fire_if_activated) {
        ring(id, TargetKind::Fire, Tone::Faint, Some(format!("fire: hit {}", pct(*hit))));
    }
    for id in orders.choose.keys() {
        ring(id, TargetKind::Pick, Tone::Normal, None);
    }
    if orders.active.is_none() {
        for id in orders.activatable.iter().filter(|id| selected != Some(id.as_str())) {
            ring(id, TargetKind::Pick, Tone::Faint, None);
        }
    }
    out
}

/// A map's entries in a fixed order (the model compares targets as a list).
fn sorted<K: SortKey, V>(m: &std::collections::HashMap<K, V>) -> Vec<(&K, &V)> {
    let mut v: Vec<(&K, &V)> = m.iter().collect();
    v.sort_by_key(|(k, _)| k.sort_key());
    v
}

/// An order for hexes and unit ids.
trait SortKey {
    fn sort_key(&self) -> (i32, i32, String);
}

impl SortKey for hexx::Hex {
    fn sort_key(&self) -> (i32, i32, String) {
        (self.x, self.y, String::new())
    }
}

impl SortKey for String {
    fn sort_key(&self) -> (i32, i32, String) {
        (0, 0, self.clone())
    }
}

/// Per-frame lines: the hovered hex, the path of the hovered move, the line of sight.
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn draw_pointer_lines(
    mut gizmos: Gizmos,
    hover: Res<Hover>,
    orders: Res<Orders>,
    session: Option<Res<PlaySession>>,
    drawn: Option<Res<DrawnMap>>,
    sight: Res<SightTool>,
    settings: Res<Settings>,
    awaiting: Res<AwaitingConfirmation>,
    mut path_cache: Local<Option<((u64, hexx::Hex), Vec<Vec2>)>>,
) {
    let (Some(drawn), Some(session)) = (drawn, session) else { return };
    let board = &drawn.board;
    let pal = Palette::new(settings.colour_blind);
    if let Some(h) = hover.hex {
        let c = hex_corners(board, h, 2.0);
        gizmos.linestrip_2d(c.iter().copied().chain([c[0]]), Color::srgba(1.0, 1.0, 0.9, 0.9));
        // The path of a move.
        if orders.moves.contains_key(&h) {
            let key = (session.revision, h);
            if path_cache.as_ref().is_none_or(|(k, _)| *k != key) {
                let pts = Ctx::capture(session.game.world())
                    .ok()
                    .map(|ctx| {
                        let dest = movement::destinations(&ctx);
                        let mut pts: Vec<Vec2> = ctx.hex().map(|s| hex_to_world(board, s)).into_iter().collect();
                        if let Some(r) = dest.get(&h) {
                            pts.extend(r.path.iter().map(|x| hex_to_world(board, *x)));
                        }
                        pts
                    })
                    .unwrap_or_default();
                *path_cache = Some((key, pts));
            }
            if let Some((_, pts)) = path_cache.as_ref()
                && pts.len() >= 2
            {
                gizmos.linestrip_2d(pts.iter().copied(), colour([255, 255, 255, 230]));
                for p in pts.iter().skip(1) {
                    gizmos.circle_2d(Isometry2d::from_translation(*p), 6.0, colour([255, 255, 255, 230]));
                }
            }
        }
    }
    // A pending confirmation: mark its target.
    if awaiting.0.is_some()
        && let Some(h) = hover.hex
    {
        let _ = h;
    }
    if sight.active
        && let (Some(a), Some(b)) = (sight.from, sight.to)
    {
        let (pa, pb) = (hex_to_world(board, a), hex_to_world(board, b));
        let ok = matches!(sight.result, Some(Ok(())));
        let c = if ok { colour(pal.los_clear) } else { colour(pal.los_blocked) };
        for d in [-1.5f32, 0.0, 1.5] {
            let n = (pb - pa).perp().normalize_or_zero() * d;
            gizmos.line_2d(pa + n, pb + n, c);
        }
        gizmos.circle_2d(Isometry2d::from_translation(pa), 10.0, c);
        if let Some(Err((blocker, _))) = &sight.result {
            let corners = hex_corners(board, *blocker, 4.0);
            gizmos.linestrip_2d(corners.iter().copied().chain([corners[0]]), c);
            let p = hex_to_world(board, *blocker);
            gizmos.line_2d(p + Vec2::new(-20.0, -20.0), p + Vec2::new(20.0, 20.0), c);
            gizmos.line_2d(p + Vec2::new(-20.0, 20.0), p + Vec2::new(20.0, -20.0), c);
        }
    }
}

fn gizmo_width(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<DefaultGizmoConfigGroup>();
    config.line.width = 3.0;
    config.depth_bias = -1.0;
}

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, gizmo_width)
        .add_systems(Update, (present_targets, draw_pointer_lines).chain().in_set(Frame::Visuals).run_if(in_state(SCREEN)));
}
