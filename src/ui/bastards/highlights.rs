//! What the orders look like on the map: legal destinations shaded with their MP cost, fire and
//! assault targets ringed with their exact odds, infiltration and withdrawal hexes, units that can
//! be chosen, night-deployment hexes; the hovered hex, the path a move would take, and the line of
//! sight tool's line (green or red, the blocker ringed).

use std::collections::BTreeSet;

use bevy::prelude::*;
use bevy::sprite::Anchor;

use crate::engine::board::HexBoard;
use crate::rulesets::bastards::actions::{Ctx, movement};
use crate::rulesets::bastards::preview::Preview;

use crate::ui::Frame;
use crate::ui::art::Rgba;
use crate::ui::art::palette::Palette;
use crate::ui::board::hex::input::Hover;
use crate::ui::board::hex::map::{DrawnMap, of_map};
use crate::ui::board::hex::pieces::{COUNTER, Counter};
use crate::ui::geometry::{HEX, hex_corners, hex_radius, hex_to_world, world_to_hex};
use crate::ui::map::{MapArt, z};
use crate::ui::settings::Settings;
use crate::ui::widgets::{colour, pct};

use super::SCREEN;
use super::counters::Selection;
use super::input::{AwaitingConfirmation, SightTool};
use super::orders::{OrderMode, Orders};
use super::session::PlaySession;

/// A highlight entity (rebuilt whenever the orders change).
#[derive(Component)]
pub struct Highlight;

#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn rebuild_highlights(
    mut commands: Commands,
    orders: Res<Orders>,
    mode: Res<OrderMode>,
    settings: Res<Settings>,
    drawn: Option<Res<DrawnMap>>,
    art: Res<MapArt>,
    old: Query<Entity, With<Highlight>>,
    counters: Query<&Counter>,
    selection: Res<Selection>,
    mut seen: Local<Option<((u64, Option<String>), OrderMode, bool, Option<String>)>>,
) {
    let Some(drawn) = drawn else { return };
    let key = (orders.key.clone(), *mode, settings.colour_blind, selection.unit.clone());
    if seen.as_ref() == Some(&key) {
        return;
    }
    *seen = Some(key);
    for e in &old {
        commands.entity(e).despawn();
    }
    if !orders.human {
        return;
    }
    let board = &drawn.board;
    // Hexes with counters in them: their labels go below the counters, not over them.
    let occupied: BTreeSet<(i32, i32)> =
        counters.iter().filter(|c| c.on_map).filter_map(|c| world_to_hex(board, c.home)).map(|h| (h.x, h.y)).collect();
    let mut marks = Marks {
        commands: &mut commands,
        board,
        art: &art,
        counters: counters.iter().collect(),
        occupied,
        pal: Palette::new(settings.colour_blind),
        hex_size: Vec2::new(HEX, hex_radius() * 2.0),
    };
    marks.hexes(&orders, *mode, selection.unit.as_deref());
    marks.rings(&orders, *mode, selection.unit.as_deref());
}

/// Spawns the highlights: hexes shaded with a label, rings round counters with their odds.
struct Marks<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    board: &'a HexBoard,
    art: &'a MapArt,
    counters: Vec<&'a Counter>,
    occupied: BTreeSet<(i32, i32)>,
    pal: Palette,
    hex_size: Vec2,
}

impl Marks<'_, '_, '_> {
    fn font(&self, size: f32) -> TextFont {
        TextFont { font: self.art.font_bold.clone().into(), font_size: FontSize::Px(size), ..default() }
    }

    fn shadow() -> bevy::sprite::Text2dShadow {
        bevy::sprite::Text2dShadow { offset: Vec2::new(1.5, -1.5), color: Color::srgba(0.0, 0.0, 0.0, 0.95) }
    }

    /// A hex shaded in a colour, with a label (below the counters if any).
    fn fill(&mut self, h: hexx::Hex, c: Rgba, text: Option<String>, size: f32) {
        let p = hex_to_world(self.board, h);
        let (label_y, size) = if self.occupied.contains(&(h.x, h.y)) { (-HEX * 0.47, size - 2.0) } else { (-HEX * 0.3, size) };
        self.commands.spawn((
            of_map(),
            Highlight,
            Sprite { image: self.art.hex_fill.clone(), color: colour(c), custom_size: Some(self.hex_size), ..default() },
            Transform::from_translation(p.extend(z::HIGHLIGHT)),
        ));
        if let Some(t) = text {
            let font = self.font(size);
            self.commands.spawn((
                of_map(),
                Highlight,
                Text2d::new(t),
                font,
                TextColor(Color::WHITE),
                Self::shadow(),
                Anchor::CENTER,
                Transform::from_translation((p + Vec2::new(0.0, label_y)).extend(z::COUNTERS + 20.0)),
            ));
        }
    }

    /// A ring round a unit's hex, with a label above its counter (`row` lines up).
    fn ring(&mut self, unit: &str, c: Rgba, text: Option<String>, row: f32) {
        let Some(counter) = self.counters.iter().find(|x| x.id == unit && x.on_map) else { return };
        let p = counter.home;
        let centre = hex_centre_of(counter, self.board);
        self.commands.spawn((
            of_map(),
            Highlight,
            Sprite { image: self.art.hex_ring.clone(), color: colour(c), custom_size: Some(self.hex_size * 0.98), ..default() },
            Transform::from_translation(centre.extend(z::HIGHLIGHT + 0.5)),
        ));
        if let Some(t) = text {
            let font = self.font(17.0);
            self.commands.spawn((
                of_map(),
                Highlight,
                Text2d::new(t),
                font,
                TextColor(colour(c)),
                Self::shadow(),
                Anchor::CENTER,
                Transform::from_translation((p + Vec2::new(0.0, COUNTER * 0.62 + row * 19.0)).extend(z::COUNTERS + 21.0)),
            ));
        }
    }

    /// The hexes of the orders the mode shows: moves with their MP, medals and breakdown risk, the
    /// reach before activating, infiltration, withdrawal, night deployment.
    fn hexes(&mut self, orders: &Orders, mode: OrderMode, selected: Option<&str>) {
        let pal = self.pal.clone();
        if matches!(mode, OrderMode::Auto | OrderMode::Move) {
            for (h, p) in &orders.moves {
                let mut t = format!("{} MP", p.mp);
                if p.medals > 0 {
                    t.push_str(&format!(" {}", "●".repeat(p.medals as usize)));
                }
                let risk = p.chance("breakdown");
                if risk > 0.0 {
                    t.push_str(&format!(" ⚠{}", pct(risk)));
                }
                let c = if risk > 0.0 { [230, 150, 40, 90] } else { pal.moves };
                self.fill(*h, c, Some(t), 14.0);
            }
            for (h, cost) in &orders.reach_if_activated {
                self.fill(*h, pal.moves_hypothetical, Some(format!("{cost} MP")), 13.0);
            }
        }
        if matches!(mode, OrderMode::Auto | OrderMode::Infiltrate) {
            for (h, p) in &orders.infiltrate {
                self.fill(*h, pal.step, Some(format!("infiltrate {}", "●".repeat(p.medals as usize))), 14.0);
            }
        }
        if matches!(mode, OrderMode::Auto | OrderMode::Withdraw) {
            for (h, p) in &orders.withdraw {
                self.fill(*h, pal.step, Some(format!("withdraw {}", "●".repeat(p.medals as usize))), 14.0);
            }
        }
        if let Some(hs) = selected.and_then(|sel| orders.deploy.get(sel)) {
            for h in hs {
                self.fill(*h, pal.moves, Some("deploy".into()), 14.0);
            }
        }
    }

    /// Rings round units: targets with odds, units that can be chosen or activated.
    fn rings(&mut self, orders: &Orders, mode: OrderMode, selected: Option<&str>) {
        let pal = self.pal.clone();
        let preview_line = |name: &str, p: &Preview, key: &str| format!("{name} {}", pct(p.chance(key)));
        let fire_mode = matches!(mode, OrderMode::Auto | OrderMode::Fire);
        let assault_mode = matches!(mode, OrderMode::Auto | OrderMode::Assault);
        for (id, p) in &orders.fire {
            if fire_mode {
                self.ring(id, pal.fire, Some(preview_line("fire: hit", p, "hit")), 0.0);
            }
        }
        for (id, p) in &orders.assault {
            if assault_mode {
                let row = if fire_mode && orders.fire.contains_key(id) { 1.0 } else { 0.0 };
                self.ring(id, pal.assault, Some(preview_line("assault", p, "success")), row);
            }
        }
        for (id, hit) in &orders.fire_if_activated {
            self.ring(id, [pal.fire[0], pal.fire[1], pal.fire[2], 150], Some(format!("fire: hit {}", pct(*hit))), 0.0);
        }
        for id in orders.choose.keys() {
            self.ring(id, pal.choosable, None, 0.0);
        }
        if orders.active.is_none() {
            for id in &orders.activatable {
                if selected != Some(id.as_str()) {
                    self.ring(id, [pal.choosable[0], pal.choosable[1], pal.choosable[2], 120], None, 0.0);
                }
            }
        }
    }
}

/// The centre of the hex a counter rests in.
fn hex_centre_of(counter: &Counter, board: &HexBoard) -> Vec2 {
    world_to_hex(board, counter.home).map(|h| hex_to_world(board, h)).unwrap_or(counter.home)
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
        .add_systems(Update, (rebuild_highlights, draw_pointer_lines).chain().in_set(Frame::Visuals).run_if(in_state(SCREEN)));
}
