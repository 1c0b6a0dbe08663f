//! The area board: each area drawn as its cells of the hex grid (one mesh per area, mottled per cell
//! so the grid shows), strong borders between areas, the canal and the Schelde in blue with their
//! bridges, an area box per area (number and TEM; a red frame for BR areas), victory triangles,
//! entry arrows, and, refreshed at every change of the game or of the selection, the stacks of each
//! side, the markers (rolling barrage, interdiction, bombarded) and the costs and odds of the orders
//! the selected units could be given. Plus picking (the area under the pointer) and the camera.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use bevy::asset::RenderAssetUsages;
use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::window::PrimaryWindow;
use hexx::Hex;

use crate::engine::board::{AreaBoard, HexBoard};
use crate::rulesets::rtc::map::Ctx;
use crate::rulesets::rtc::scenario::AreaInfo;
use crate::rulesets::rtc::units::{Kind, Side, U};
use crate::rulesets::rtc::{Command, preview};
use crate::ui::camera::MapCamera;
use crate::ui::geometry::{HEX, hex_corners, hex_to_world, world_to_hex};
use crate::ui::map::MapArt;

use super::session::AreaSession;
use super::{AreaUi, SCREEN};

/// Everything the board spawned (despawned when the game is left).
#[derive(Component)]
pub struct BoardEntity;

/// Redrawn at every change.
#[derive(Component)]
struct Overlay;

/// The fill of an area, recoloured for highlights.
#[derive(Component)]
struct AreaFill(u32);

/// The board's geometry, computed once per scenario.
#[derive(Resource)]
pub struct BoardGeometry {
    pub grid: HexBoard,
    pub cell_area: HashMap<Hex, u32>,
    /// Where each area's box is drawn.
    pub anchor: BTreeMap<u32, Vec2>,
    pub rect: Rect,
    materials: BTreeMap<u32, Handle<ColorMaterial>>,
    /// The scenario the board was drawn for.
    path: String,
}

mod z {
    pub const FILL: f32 = 0.0;
    pub const BORDER: f32 = 2.0;
    pub const WATER: f32 = 3.0;
    pub const BRIDGE: f32 = 4.0;
    pub const BOX: f32 = 10.0;
    pub const CHIP: f32 = 12.0;
    pub const LABEL: f32 = 14.0;
}

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

/// A cheap stable hash of a cell, for the mottling.
fn cell_noise(h: Hex) -> f32 {
    let mut x = (h.x as u32).wrapping_mul(73_856_093) ^ (h.y as u32).wrapping_mul(19_349_663);
    x ^= x >> 13;
    x = x.wrapping_mul(0x5bd1_e995);
    x ^= x >> 15;
    (x % 1000) as f32 / 1000.0
}

fn quad(pos: &mut Vec<[f32; 3]>, idx: &mut Vec<u32>, a: Vec2, b: Vec2, half: f32, z: f32) {
    let d = (b - a).normalize_or_zero();
    let n = Vec2::new(-d.y, d.x) * half;
    let (a, b) = (a - d * half * 0.5, b + d * half * 0.5);
    let i = pos.len() as u32;
    for p in [a - n, a + n, b + n, b - n] {
        pos.push([p.x, p.y, z]);
    }
    idx.extend_from_slice(&[i, i + 1, i + 2, i, i + 2, i + 3]);
}

fn mesh(pos: Vec<[f32; 3]>, idx: Vec<u32>, colours: Option<Vec<[f32; 4]>>) -> Mesh {
    let mut m = Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default());
    m.insert_attribute(Mesh::ATTRIBUTE_POSITION, pos);
    if let Some(c) = colours {
        m.insert_attribute(Mesh::ATTRIBUTE_COLOR, c);
    }
    m.insert_indices(Indices::U32(idx));
    m
}

/// The two corners of cell `h` on its edge towards neighbour `n`.
fn shared_edge(grid: &HexBoard, h: Hex, n: Hex) -> (Vec2, Vec2) {
    let mid = (hex_to_world(grid, h) + hex_to_world(grid, n)) / 2.0;
    let mut c = hex_corners(grid, h, 0.0).to_vec();
    c.sort_by(|a, b| a.distance_squared(mid).total_cmp(&b.distance_squared(mid)));
    (c[0], c[1])
}

/// Builds the static board for the session's scenario.
#[allow(clippy::too_many_arguments)]
fn draw_board(
    mut commands: Commands,
    session: Option<Res<AreaSession>>,
    geometry: Option<Res<BoardGeometry>>,
    old: Query<Entity, With<BoardEntity>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut ui: ResMut<AreaUi>,
) {
    let Some(session) = session else { return };
    let sc = session.game.scenario().clone();
    if geometry.as_ref().is_some_and(|g| g.path == sc.path) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(grid) = sc.board.grid.clone() else {
        ui.problem = Some("this map has no cell grid: it cannot be drawn".into());
        return;
    };
    let mut cell_area = HashMap::new();
    for (id, a) in &sc.board.areas {
        for c in &a.cells {
            cell_area.insert(*c, *id);
        }
    }
    let mut rect = Rect::EMPTY;
    let mut anchor = BTreeMap::new();
    let mut mats = BTreeMap::new();
    for (id, a) in sc.board.areas.iter().filter(|(_, a)| !a.cells.is_empty()) {
        let (fill, box_at) = area_fill(&grid, &a.cells, &mut rect);
        anchor.insert(*id, box_at);
        let [r, g, b] = terrain_colour(&a.terrain);
        let mat = materials.add(ColorMaterial::from_color(Color::srgb(r, g, b)));
        mats.insert(*id, mat.clone());
        commands.spawn((BoardEntity, AreaFill(*id), Mesh2d(meshes.add(fill)), MeshMaterial2d(mat), Transform::default()));
    }
    let (borders, water, water_edges) = borders(&grid, &cell_area, &sc.board);
    for (m, colour) in [(borders, Color::srgb(0.16, 0.13, 0.10)), (water, Color::srgb(0.22, 0.45, 0.78))] {
        commands.spawn((
            BoardEntity,
            Mesh2d(meshes.add(m)),
            MeshMaterial2d(materials.add(ColorMaterial::from_color(colour))),
            Transform::default(),
        ));
    }
    spawn_bridges(&mut commands, &sc.board, &water_edges);
    let pad = HEX;
    let rect = Rect::from_corners(rect.min - Vec2::splat(pad), rect.max + Vec2::splat(pad));
    commands.insert_resource(BoardGeometry { grid, cell_area, anchor, rect, materials: mats, path: sc.path.clone() });
    ui.fit_requested = true;
    ui.drawn_key = None;
    ui.overlay_key = None;
}

/// An area's fill: its cells, each mottled a little so the grid shows; and where its box goes, the
/// cell nearest the area's centre of mass. The cells' centres widen `rect`.
fn area_fill(grid: &HexBoard, cells: &[Hex], rect: &mut Rect) -> (Mesh, Vec2) {
    let (mut pos, mut idx, mut col) = (Vec::new(), Vec::new(), Vec::new());
    let mut sum = Vec2::ZERO;
    for &c in cells {
        let centre = hex_to_world(grid, c);
        sum += centre;
        *rect = rect.union_point(centre);
        let shade = 0.93 + 0.07 * cell_noise(c);
        let i = pos.len() as u32;
        pos.push([centre.x, centre.y, z::FILL]);
        col.push([shade, shade, shade, 1.0]);
        for p in hex_corners(grid, c, -0.5) {
            pos.push([p.x, p.y, z::FILL]);
            col.push([shade, shade, shade, 1.0]);
        }
        for k in 0..6 {
            idx.extend_from_slice(&[i, i + 1 + k, i + 1 + (k + 1) % 6]);
        }
    }
    let centroid = sum / cells.len() as f32;
    let best = cells
        .iter()
        .map(|&c| hex_to_world(grid, c))
        .min_by(|p, q| p.distance_squared(centroid).total_cmp(&q.distance_squared(centroid)))
        .unwrap_or(centroid);
    (mesh(pos, idx, Some(col)), best)
}

/// Water edges (canal, Schelde) by pair of areas.
type WaterEdges = BTreeMap<(u32, u32), Vec<(Vec2, Vec2)>>;

/// Borders: every cell edge between two areas (or an area and the outside); and the water along
/// borders of canal or Schelde, as a mesh and edge by edge.
fn borders(grid: &HexBoard, cell_area: &HashMap<Hex, u32>, board: &AreaBoard) -> (Mesh, Mesh, WaterEdges) {
    let (mut bp, mut bi) = (Vec::new(), Vec::new());
    let (mut wp, mut wi) = (Vec::new(), Vec::new());
    let mut water_edges: WaterEdges = BTreeMap::new();
    for (&c, &a) in cell_area {
        for n in c.all_neighbors() {
            let other = cell_area.get(&n).copied();
            if other == Some(a) {
                continue;
            }
            // Each inner edge once.
            if let Some(o) = other
                && o < a
            {
                continue;
            }
            let (p, q) = shared_edge(grid, c, n);
            quad(&mut bp, &mut bi, p, q, 6.0, z::BORDER);
            if let Some(o) = other {
                let kinds = board.border(a, o);
                if kinds.iter().any(|k| k == "canal" || k == "schelde") {
                    quad(&mut wp, &mut wi, p, q, 13.0, z::WATER);
                    water_edges.entry((a.min(o), a.max(o))).or_default().push((p, q));
                }
            }
        }
    }
    (mesh(bp, bi, None), mesh(wp, wi, None), water_edges)
}

/// Bridges: a plank across the middle edge of each bridged border.
fn spawn_bridges(commands: &mut Commands, board: &AreaBoard, water_edges: &WaterEdges) {
    for ((a, b), edges) in water_edges {
        if !board.border(*a, *b).iter().any(|k| k == "bridge") {
            continue;
        }
        let mid = edges.iter().map(|(p, q)| (*p + *q) / 2.0).sum::<Vec2>() / edges.len() as f32;
        let (p, q) = edges
            .iter()
            .min_by(|x, y| ((x.0 + x.1) / 2.0).distance_squared(mid).total_cmp(&((y.0 + y.1) / 2.0).distance_squared(mid)))
            .copied()
            .unwrap_or_default();
        let along = (q - p).normalize_or_zero();
        let angle = Vec2::new(-along.y, along.x).to_angle();
        let centre = (p + q) / 2.0;
        commands.spawn((
            BoardEntity,
            Sprite { color: Color::srgb(0.45, 0.30, 0.16), custom_size: Some(Vec2::new(70.0, 30.0)), ..default() },
            Transform::from_translation(centre.extend(z::BRIDGE)).with_rotation(Quat::from_rotation_z(angle)),
        ));
        commands.spawn((
            BoardEntity,
            Sprite { color: Color::srgb(0.85, 0.78, 0.62), custom_size: Some(Vec2::new(62.0, 14.0)), ..default() },
            Transform::from_translation(centre.extend(z::BRIDGE + 0.1)).with_rotation(Quat::from_rotation_z(angle)),
        ));
    }
}

/// What an area shows for the selected units and the decision awaited.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mark {
    None,
    Activatable,
    Move,
    Attack,
    Target,
    Place,
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

/// The orders a click on `area` gives, from the legal commands only: with a unit picked (a
/// reinforcement, a barrage gun, a bombardment's lead), its orders into that area; otherwise the
/// activated group's move into it (an attack when the area holds the enemy). Several: the player
/// chooses among them; none: the click selects the area.
pub fn click_orders(legal: &[Command], selected_unit: Option<&str>, area: u32) -> Vec<Command> {
    if let Some(u) = selected_unit {
        let mine: Vec<Command> = legal.iter().filter(|c| command_unit(c) == Some(u) && command_area(c) == Some(area)).cloned().collect();
        if !mine.is_empty() {
            return mine;
        }
    }
    legal.iter().filter(|c| matches!(c, Command::MoveTo(a) if *a == area)).cloned().collect()
}

/// A text of an area's overlay (a child of the area's overlay entity, drawn around its box).
fn label(commands: &mut Commands, parent: Entity, font: &Handle<Font>, text: impl Into<String>, size: f32, colour: Color, at: Vec3) {
    commands.spawn((
        BoardEntity,
        ChildOf(parent),
        Text2d::new(text.into()),
        TextFont { font: font.clone().into(), font_size: FontSize::Px(size * OVERLAY_SCALE), ..default() },
        TextColor(colour),
        Anchor::CENTER,
        Transform::from_translation(at).with_scale(Vec3::splat(1.0 / OVERLAY_SCALE)),
    ));
}

fn rect_sprite(commands: &mut Commands, parent: Entity, colour: Color, size: Vec2, at: Vec3) {
    commands.spawn((
        BoardEntity,
        ChildOf(parent),
        Sprite { color: colour, custom_size: Some(size), ..default() },
        Transform::from_translation(at),
    ));
}

/// The size of the area boxes, stacks and labels against the design sizes below.
const OVERLAY_SCALE: f32 = 1.6;

/// A stack's composition as its chip prints it: how many units of each type ("2I 1T").
pub fn composition<'a>(units: impl IntoIterator<Item = &'a U>) -> String {
    let mut kinds: BTreeMap<&str, u32> = BTreeMap::new();
    for u in units {
        *kinds.entry(kind_letter(u.kind())).or_default() += 1;
    }
    kinds.iter().map(|(k, n)| format!("{n}{k}")).collect::<Vec<_>>().join(" ")
}

/// Unit-type letters for a stack chip.
fn kind_letter(k: Kind) -> &'static str {
    match k {
        Kind::Infantry => "I",
        Kind::Cavalry => "C",
        Kind::Tank => "T",
        Kind::Artillery | Kind::HorseArtillery => "A",
        Kind::Stosstruppen => "S",
    }
}

/// Recolours the areas and redraws boxes, stacks, markers and order labels when the game or the
/// selection changed.
#[allow(clippy::too_many_arguments)]
fn refresh(
    mut commands: Commands,
    session: Option<Res<AreaSession>>,
    geometry: Option<Res<BoardGeometry>>,
    mut ui: ResMut<AreaUi>,
    overlays: Query<Entity, With<Overlay>>,
    fills: Query<&AreaFill>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    art: Option<Res<MapArt>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let (Some(session), Some(geo), Some(art)) = (session, geometry, art) else { return };
    let key = (session.revision, ui.selected, ui.hovered, ui.selected_unit.clone());
    if ui.drawn_key.as_ref() == Some(&key) {
        return;
    }
    ui.drawn_key = Some(key);
    // The boxes, stacks and labels only change with the game and the selection; the hover only
    // brightens a fill.
    let overlay_key = (session.revision, ui.selected, ui.selected_unit.clone());
    let rebuild = ui.overlay_key.as_ref() != Some(&overlay_key);
    if rebuild {
        ui.overlay_key = Some(overlay_key);
        for e in &overlays {
            commands.entity(e).despawn();
        }
    }
    let ctx = Ctx::capture(session.game.world());
    let sc = session.game.scenario();
    let (marks, notes) = if session.human_to_move() { order_marks(&session, &ctx, &ui) } else { Default::default() };
    let activation_area = ctx.impulse.activation.as_ref().map(|a| a.group.as_ref().map(|g| g.at).unwrap_or(a.area));
    let attack_area = ctx.combat.attack.as_ref().map(|a| a.area).or(ctx.losses.pending.as_ref().map(|p| p.area));
    for f in &fills {
        let Some(a) = sc.board.areas.get(&f.0) else { continue };
        let [r, g, b] = terrain_colour(&a.terrain);
        let mut c = Vec3::new(r, g, b);
        // A faint wash of the controlling side.
        let ctl = match ctx.controller(f.0) {
            Side::British => Vec3::new(0.85, 0.72, 0.50),
            Side::German => Vec3::new(0.62, 0.66, 0.70),
        };
        c = c.lerp(ctl, 0.22);
        if let Some((t, k)) = marks.get(&f.0).copied().unwrap_or(Mark::None).tint() {
            c = c.lerp(t, k);
        }
        if Some(f.0) == activation_area || Some(f.0) == attack_area {
            c = c.lerp(Vec3::new(1.0, 0.80, 0.30), 0.45);
        }
        if ui.hovered == Some(f.0) {
            c *= 1.08;
        }
        if ui.selected == Some(f.0) {
            c = c.lerp(Vec3::new(1.0, 0.92, 0.55), 0.55);
        }
        if let Some(h) = geo.materials.get(&f.0)
            && let Some(mut m) = materials.get_mut(h)
        {
            m.color = Color::srgb(c.x, c.y, c.z);
        }
    }
    if !rebuild {
        return;
    }
    let triangle = meshes.add(Triangle2d::new(Vec2::new(0.0, 34.0), Vec2::new(-30.0, -20.0), Vec2::new(30.0, -20.0)));
    let triangles = [
        materials.add(ColorMaterial::from_color(Color::srgb(0.80, 0.10, 0.08))),
        materials.add(ColorMaterial::from_color(Color::srgb(0.05, 0.05, 0.05))),
    ];
    for (id, &anchor) in &geo.anchor {
        let parent = commands
            .spawn((
                BoardEntity,
                Overlay,
                Transform::from_translation(anchor.extend(0.0)).with_scale(Vec3::splat(OVERLAY_SCALE)),
                Visibility::default(),
            ))
            .id();
        let o = Overlays { parent, font: &art.font_bold, ctx: &ctx };
        o.area_box(&mut commands, *id, sc.area(*id), &triangle, &triangles);
        o.stacks(&mut commands, *id);
        o.markers(&mut commands, *id, notes.get(id).map(Vec::as_slice).unwrap_or_default());
    }
}

/// Costs and odds to print on areas, by area.
type Notes = BTreeMap<u32, Vec<(String, Color)>>;

impl Mark {
    /// The colour an area's fill leans to, and how far.
    fn tint(self) -> Option<(Vec3, f32)> {
        match self {
            Mark::None => None,
            Mark::Activatable => Some((Vec3::new(0.55, 0.85, 0.45), 0.35)),
            Mark::Move => Some((Vec3::new(0.55, 0.75, 1.0), 0.45)),
            Mark::Attack => Some((Vec3::new(1.0, 0.35, 0.30), 0.45)),
            Mark::Target => Some((Vec3::new(1.0, 0.60, 0.25), 0.28)),
            Mark::Place => Some((Vec3::new(0.50, 0.90, 0.70), 0.40)),
        }
    }
}

/// The marks and notes of the legal commands (the picked unit's only): areas to activate, move into,
/// attack (cost and chance), bombard (the best chance per target) or place in; and before an
/// activation, what entering each neighbour of the selected area would cost its units.
fn order_marks(session: &AreaSession, ctx: &Ctx, ui: &AreaUi) -> (BTreeMap<u32, Mark>, Notes) {
    let mut marks: BTreeMap<u32, Mark> = BTreeMap::new();
    let mut notes: Notes = BTreeMap::new();
    let mut best_bombard: BTreeMap<(u32, crate::rulesets::rtc::Target), f64> = BTreeMap::new();
    let mut attack_done = BTreeSet::new();
    let picked = ui.selected_unit.clone();
    for c in &session.legal {
        let Some(a) = command_area(c) else { continue };
        // With a unit picked, only its own orders are shown.
        if let (Some(p), Some(u)) = (picked.as_deref(), command_unit(c))
            && p != u
            && !matches!(c, Command::Retreat(..))
        {
            continue;
        }
        match c {
            Command::Activate(_) => {
                marks.insert(a, Mark::Activatable);
            }
            Command::MoveTo(to) => {
                let enemy = ctx.impulse.active.is_some_and(|s| ctx.sit.has(*to, s.enemy()));
                if enemy {
                    marks.insert(a, Mark::Attack);
                    if attack_done.insert(a)
                        && let Some(k) = preview::contest_for(ctx, c)
                    {
                        let cost = preview::move_cost(ctx, *to).and_then(|r| r.ok()).unwrap_or(0);
                        notes.entry(a).or_default().push((format!("{cost} MP ⚔ {:.0}%", k.success() * 100.0), Color::srgb(1.0, 0.85, 0.8)));
                    }
                } else {
                    marks.insert(a, Mark::Move);
                    if let Some(Ok(cost)) = preview::move_cost(ctx, *to) {
                        notes.entry(a).or_default().push((format!("{cost} MP"), Color::srgb(0.85, 0.95, 1.0)));
                    }
                }
            }
            Command::Bombard { target, at, hurricane: false, lead } => {
                marks.insert(a, Mark::Target);
                let sel_lead = ui.selected_unit.as_deref();
                if (sel_lead.is_none() || sel_lead == Some(lead.as_str()))
                    && let Some(k) = preview::contest_for(ctx, c)
                {
                    let e = best_bombard.entry((*target, *at)).or_insert(0.0);
                    *e = e.max(k.success());
                }
            }
            Command::Place(..) | Command::ReturnTank(..) | Command::Barrage(..) | Command::Fatigue(_) | Command::Retreat(..) => {
                marks.entry(a).or_insert(Mark::Place);
            }
            _ => {}
        }
    }
    // Before an activation: what entering each neighbour of the selected area would cost its units.
    if ctx.impulse.activation.is_none()
        && let (Some(sel), Some(side)) = (ui.selected, ctx.impulse.active)
        && session.legal.contains(&Command::Activate(sel))
    {
        for &n in ctx.adjacent(sel) {
            let cost = ctx.enter_cost(side, sel, n);
            let enemy = ctx.sit.has(n, side.enemy());
            marks.entry(n).or_insert(if enemy { Mark::Attack } else { Mark::Move });
            let water = if ctx.water(sel, n) { if ctx.bridge(sel, n) { " (bridge)" } else { " (canal)" } } else { "" };
            notes.entry(n).or_default().push((format!("{cost} MP{water}"), Color::srgb(0.85, 0.95, 1.0)));
        }
    }
    for ((target, at), p) in &best_bombard {
        let text = format!("{} {:.0}%", if *at == crate::rulesets::rtc::Target::Artillery { "✹ guns" } else { "✹" }, p * 100.0);
        notes.entry(*target).or_default().push((text, Color::srgb(1.0, 0.85, 0.6)));
    }
    (marks, notes)
}

/// Spawns the overlay pieces of one area under its parent entity (in the design sizes).
struct Overlays<'a> {
    parent: Entity,
    font: &'a Handle<Font>,
    ctx: &'a Ctx,
}

impl Overlays<'_> {
    /// The area box: number and TEM, BR areas framed in red; the victory triangle and the entry mark.
    fn area_box(&self, commands: &mut Commands, id: u32, info: &AreaInfo, triangle: &Handle<Mesh>, triangles: &[Handle<ColorMaterial>; 2]) {
        let (parent, font, p) = (self.parent, self.font, Vec2::ZERO);
        let frame = if info.br { Color::srgb(0.80, 0.08, 0.06) } else { Color::srgb(0.15, 0.12, 0.10) };
        rect_sprite(commands, parent, frame, Vec2::new(176.0, 104.0), p.extend(z::BOX));
        let fill = match self.ctx.controller(id) {
            Side::British => Color::srgb(0.93, 0.88, 0.74),
            Side::German => Color::srgb(0.84, 0.86, 0.86),
        };
        rect_sprite(
            commands,
            parent,
            fill,
            Vec2::new(if info.br { 158.0 } else { 168.0 }, if info.br { 86.0 } else { 96.0 }),
            p.extend(z::BOX + 0.1),
        );
        label(
            commands,
            parent,
            font,
            id.to_string(),
            54.0,
            Color::srgb(0.10, 0.08, 0.06),
            (p + Vec2::new(-28.0, 4.0)).extend(z::BOX + 0.2),
        );
        label(
            commands,
            parent,
            font,
            info.tem.to_string(),
            40.0,
            Color::srgb(0.55, 0.10, 0.08),
            (p + Vec2::new(50.0, 4.0)).extend(z::BOX + 0.2),
        );
        rect_sprite(commands, parent, Color::srgb(0.4, 0.35, 0.3), Vec2::new(3.0, 70.0), (p + Vec2::new(24.0, 2.0)).extend(z::BOX + 0.2));
        if info.br {
            label(commands, parent, font, "BR", 26.0, Color::srgb(0.80, 0.08, 0.06), (p + Vec2::new(0.0, 66.0)).extend(z::BOX + 0.2));
        }
        if let Some(v) = info.victory {
            commands.spawn((
                BoardEntity,
                ChildOf(parent),
                Mesh2d(triangle.clone()),
                MeshMaterial2d(if v == Side::British { triangles[0].clone() } else { triangles[1].clone() }),
                Transform::from_translation((p + Vec2::new(-118.0, 20.0)).extend(z::BOX + 0.3)),
            ));
        }
        if let Some(s) = info.entry {
            rect_sprite(commands, parent, side_colour(s), Vec2::new(52.0, 40.0), (p + Vec2::new(118.0, 24.0)).extend(z::BOX + 0.3));
            label(commands, parent, font, "E", 30.0, Color::WHITE, (p + Vec2::new(118.0, 24.0)).extend(z::BOX + 0.4));
        }
    }

    /// The stacks: one chip per side, with the count, the unit types and how many are spent.
    fn stacks(&self, commands: &mut Commands, id: u32) {
        let (parent, font) = (self.parent, self.font);
        let mut x = -60.0;
        for side in Side::BOTH {
            let units: Vec<_> = self.ctx.sit.side_in(id, side).collect();
            if units.is_empty() {
                continue;
            }
            let spent = units.iter().filter(|u| u.c.spent).count();
            let comp = composition(units.iter().copied());
            let at = Vec2::new(x, -118.0);
            rect_sprite(commands, parent, Color::srgb(0.08, 0.07, 0.06), Vec2::new(124.0, 104.0), at.extend(z::CHIP));
            let face = if spent == units.len() { side_colour(side).darker(0.18) } else { side_colour(side) };
            rect_sprite(commands, parent, face, Vec2::new(116.0, 96.0), at.extend(z::CHIP + 0.1));
            label(commands, parent, font, units.len().to_string(), 48.0, Color::WHITE, (at + Vec2::new(0.0, 14.0)).extend(z::CHIP + 0.2));
            label(commands, parent, font, comp, 22.0, Color::srgb(0.1, 0.08, 0.06), (at + Vec2::new(0.0, -22.0)).extend(z::CHIP + 0.2));
            if spent > 0 {
                let at = at + Vec2::new(46.0, 40.0);
                rect_sprite(commands, parent, Color::srgb(0.75, 0.15, 0.10), Vec2::new(40.0, 30.0), at.extend(z::CHIP + 0.3));
                label(commands, parent, font, format!("{spent}"), 24.0, Color::WHITE, at.extend(z::CHIP + 0.4));
            }
            x += 130.0;
        }
    }

    /// The markers on the area (rolling barrage, interdiction, bombarded), then the costs and odds of
    /// the orders into it.
    fn markers(&self, commands: &mut Commands, id: u32, notes: &[(String, Color)]) {
        let (parent, font, markers) = (self.parent, self.font, &self.ctx.markers);
        let mut shown: Vec<(&str, Color)> = Vec::new();
        if markers.rolling.contains(&id) {
            shown.push(("RB", Color::srgb(0.90, 0.45, 0.10)));
        }
        if markers.interdiction.contains(&id) {
            shown.push(("INT", Color::srgb(0.55, 0.25, 0.65)));
        }
        if markers.bombarded.iter().any(|(_, a, _)| *a == id) {
            shown.push(("BOMB", Color::srgb(0.70, 0.12, 0.10)));
        }
        for (i, (t, c)) in shown.iter().enumerate() {
            let at = Vec2::new(-60.0 + 110.0 * i as f32, 86.0);
            rect_sprite(commands, parent, *c, Vec2::new(100.0, 40.0), at.extend(z::CHIP + 0.5));
            label(commands, parent, font, *t, 26.0, Color::WHITE, at.extend(z::CHIP + 0.6));
        }
        for (i, (t, c)) in notes.iter().enumerate() {
            let at = Vec2::new(0.0, 104.0 + 62.0 * i as f32);
            let size = Vec2::new(16.0 + 29.0 * t.chars().count() as f32, 58.0);
            rect_sprite(commands, parent, Color::srgba(0.05, 0.05, 0.08, 0.88), size, at.extend(z::LABEL));
            label(commands, parent, font, t.clone(), 46.0, *c, at.extend(z::LABEL + 0.1));
        }
    }
}

/// The area under the pointer, and clicks on the map.
#[allow(clippy::too_many_arguments)]
fn pick(
    window: Single<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform), With<MapCamera>>,
    geometry: Option<Res<BoardGeometry>>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut ui: ResMut<AreaUi>,
    mut press: Local<Option<Vec2>>,
    mut right_press: Local<Option<Vec2>>,
) {
    let Some(geo) = geometry else { return };
    let Ok((camera, gtf)) = cams.single() else { return };
    let cursor = window.cursor_position();
    let over_map = !ui.pointer_over_ui;
    let area = cursor
        .filter(|_| over_map)
        .and_then(|c| camera.viewport_to_world_2d(gtf, c).ok())
        .and_then(|p| world_to_hex(&geo.grid, p))
        .and_then(|h| geo.cell_area.get(&h).copied());
    if ui.hovered != area {
        ui.hovered = area;
    }
    if buttons.just_pressed(MouseButton::Left) && over_map {
        *press = cursor;
    }
    if buttons.just_released(MouseButton::Left) {
        let click = press.take().zip(cursor).is_some_and(|(a, b)| a.distance(b) < 6.0);
        if click && over_map {
            ui.clicked = Some(area);
        }
    }
    // A right click (not a drag) cancels the selection.
    if buttons.just_pressed(MouseButton::Right) && over_map {
        *right_press = cursor;
    }
    if buttons.just_released(MouseButton::Right) {
        let click = right_press.take().zip(cursor).is_some_and(|(a, b)| a.distance(b) < 6.0);
        if click && over_map {
            ui.cancelled = true;
        }
    }
}

/// Pan with the right or middle button, the left button once dragged, WASD and the arrows; zoom with
/// the wheel towards the pointer, + and -; F fits the map into the free part of the window.
#[allow(clippy::too_many_arguments)]
fn camera(
    window: Single<&Window, With<PrimaryWindow>>,
    mut cams: Query<(&mut Transform, &mut Projection, &Camera, &GlobalTransform), With<MapCamera>>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    scroll: Res<AccumulatedMouseScroll>,
    time: Res<Time>,
    geometry: Option<Res<BoardGeometry>>,
    mut ui: ResMut<AreaUi>,
    mut last: Local<Option<Vec2>>,
) {
    let Ok((mut tf, mut proj, camera, gtf)) = cams.single_mut() else { return };
    let Projection::Orthographic(ortho) = proj.as_mut() else { return };
    let cursor = window.cursor_position();
    let win = Vec2::new(window.width(), window.height());
    if (ui.fit_requested || (keys.just_pressed(KeyCode::KeyF) && !ui.keyboard_over_ui))
        && let Some(geo) = geometry.as_ref()
        && let Some(free) = ui.free
        && free.width() > 50.0
        && free.height() > 50.0
    {
        let r = geo.rect;
        let scale = (r.width() / free.width()).max(r.height() / free.height()).clamp(0.5, 20.0);
        ortho.scale = scale;
        let offset = (free.center() - win / 2.0) * scale;
        tf.translation.x = r.center().x - offset.x;
        tf.translation.y = r.center().y + offset.y;
        ui.fit_requested = false;
        return;
    }
    let drag = buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle) || buttons.pressed(MouseButton::Left);
    if drag && !ui.pointer_over_ui {
        if let (Some(c), Some(l)) = (cursor, *last) {
            let d = c - l;
            tf.translation.x -= d.x * ortho.scale;
            tf.translation.y += d.y * ortho.scale;
        }
        *last = cursor;
    } else {
        *last = None;
    }
    if !ui.keyboard_over_ui {
        let mut pan = Vec2::ZERO;
        if keys.pressed(KeyCode::KeyA) || keys.pressed(KeyCode::ArrowLeft) {
            pan.x -= 1.0;
        }
        if keys.pressed(KeyCode::KeyD) || keys.pressed(KeyCode::ArrowRight) {
            pan.x += 1.0;
        }
        if keys.pressed(KeyCode::KeyW) || keys.pressed(KeyCode::ArrowUp) {
            pan.y += 1.0;
        }
        if keys.pressed(KeyCode::KeyS) || keys.pressed(KeyCode::ArrowDown) {
            pan.y -= 1.0;
        }
        let s = ortho.scale;
        tf.translation += (pan * 700.0 * s * time.delta_secs()).extend(0.0);
    }
    let mut zoom = 0.0;
    if !ui.pointer_over_ui {
        zoom = match scroll.unit {
            MouseScrollUnit::Line => scroll.delta.y,
            MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
        };
    }
    if !ui.keyboard_over_ui {
        if keys.just_pressed(KeyCode::Equal) || keys.just_pressed(KeyCode::NumpadAdd) {
            zoom += 1.0;
        }
        if keys.just_pressed(KeyCode::Minus) || keys.just_pressed(KeyCode::NumpadSubtract) {
            zoom -= 1.0;
        }
    }
    if zoom != 0.0 {
        let before = cursor.and_then(|c| camera.viewport_to_world_2d(gtf, c).ok());
        let new = (ortho.scale * 0.85f32.powf(zoom)).clamp(0.5, 20.0);
        if let (Some(b), Some(c)) = (before, cursor) {
            // Keep the point under the pointer where it is.
            let centre = win / 2.0;
            let off = (c - centre) * new;
            tf.translation.x = b.x - off.x;
            tf.translation.y = b.y + off.y;
        }
        ortho.scale = new;
    }
}

fn forget(mut commands: Commands, old: Query<Entity, With<BoardEntity>>) {
    for e in &old {
        commands.entity(e).despawn();
    }
    commands.remove_resource::<BoardGeometry>();
}

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (draw_board, pick, camera, refresh).chain().run_if(in_state(SCREEN))).add_systems(OnExit(SCREEN), forget);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::rtc::Target;

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
        assert_eq!(click_orders(&legal, None, 49), vec![Command::MoveTo(49)]);
        assert_eq!(click_orders(&legal, None, 51), Vec::<Command>::new());
        assert_eq!(click_orders(&legal, Some("a"), 51), vec![bombard("a", false), bombard("a", true)]);
        assert_eq!(click_orders(&legal, Some("b"), 51), vec![bombard("b", false)]);
        assert_eq!(click_orders(&legal, Some("u"), 22), vec![Command::Place("u".into(), 22)]);
        assert_eq!(click_orders(&legal, Some("u"), 58), Vec::<Command>::new());
        assert_eq!(click_orders(&legal, Some("a"), 37), vec![Command::MoveTo(37)]);
        assert_eq!(command_unit(&bombard("a", true)), Some("a"));
    }
}
