//! The tabletop board view: an open table measured in yards, as a miniatures table looks — a cloth
//! with its terrain pieces (woods with their trees, hills with contour rings, water and canals, roads,
//! earthworks, cover, dashed objective zones) painted once per table (`paint`), a scale bar and yard
//! marks along its edges; on it the neutral [`BoardModel`]: stands as oriented rectangles with their
//! front edge and facing tick in their side's colour (`stands`), map markers, targets (move ghosts,
//! fire targets with badges) and the fire zones and range bands of a [`TableOverlay`] (`overlay`);
//! at planning zoom each unit's tag beside its stands (`tags`), the feature names (`names`), both on
//! the label layer (`board::labels`), which the stands keep clear; a
//! ruler with the distance in yards and whether a blocking feature cuts the line of sight (`ruler`);
//! and picking (`input`). It names no ruleset: a presenter inserts a [`TableMap`] (the engine's
//! [`Tabletop`] and how to draw its kinds of terrain), fills the model, and may fill the overlay.
//!
//! World units are yards × [`YARD`]; the camera is the shell's (`ui::camera`, through
//! [`BoardFrame`](super::BoardFrame)).

pub mod geometry;
pub mod input;
mod names;
mod overlay;
mod paint;
pub mod ruler;
pub mod stands;
mod tags;

use std::collections::BTreeMap;

use bevy::prelude::*;

use crate::engine::board::Tabletop;
use crate::ui::Screen;

use super::{BoardInput, BoardModel, Place, TargetKind};
pub use input::{TablePointer, place_at};
pub use ruler::Ruler;

/// World units per yard.
pub const YARD: f32 = 2.5;

/// A table point in yards to world units.
pub fn to_world(yards: Vec2) -> Vec2 {
    yards * YARD
}

/// World units to a table point in yards.
pub fn to_yards(world: Vec2) -> Vec2 {
    world / YARD
}

/// How a kind of terrain is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// A flat patch of another colour (fields, sand, a crater field).
    Patch,
    /// A wood: a canopy edge and scattered tree tops.
    Woods,
    /// Rough ground: stones and scrub.
    Rough,
    /// A hill: a green-brown mass with contour rings towards its crest.
    Hill,
    /// A river, lake or canal: blue with a darker bank.
    Water,
    /// A road or track: a pale band with its verges.
    Road,
    /// Earthworks, trenches and walls: a raised bank with a hatched front.
    Earthworks,
    /// Protective cover (rocks, ruins, buildings): a grey patch with blocks.
    Cover,
    /// An objective zone: a dashed outline on a faint wash.
    Objective,
}

/// How one kind of terrain is drawn, and whether it blocks the line of sight for the ruler.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FeatureStyle {
    pub look: Look,
    pub colour: Color,
    pub blocks_sight: bool,
}

impl FeatureStyle {
    /// A style for a kind the presenter did not describe, guessed from its name (common English
    /// words of terrain), so a new table shows sensibly before its presenter tunes it.
    pub fn guess(kind: &str) -> FeatureStyle {
        let k = kind.to_lowercase();
        let has = |words: &[&str]| words.iter().any(|w| k.contains(w));
        let (look, colour, blocks_sight) = if has(&["wood", "forest", "jungle", "orchard", "tree"]) {
            (Look::Woods, Color::srgb(0.30, 0.42, 0.22), true)
        } else if has(&["hill", "ridge", "height", "crest", "slope"]) {
            (Look::Hill, Color::srgb(0.62, 0.58, 0.40), true)
        } else if has(&["canal", "river", "stream", "water", "lake", "pond", "marsh"]) {
            (Look::Water, Color::srgb(0.38, 0.58, 0.78), false)
        } else if has(&["road", "track", "path", "rail"]) {
            (Look::Road, Color::srgb(0.80, 0.72, 0.55), false)
        } else if has(&["earthwork", "trench", "wall", "redoubt", "entrench", "fort"]) {
            (Look::Earthworks, Color::srgb(0.55, 0.45, 0.32), false)
        } else if has(&["objective", "zone"]) {
            (Look::Objective, Color::srgb(0.80, 0.18, 0.14), true)
        } else if has(&["rough", "rock", "boulder", "scrub", "broken"]) {
            (Look::Rough, Color::srgb(0.58, 0.52, 0.42), true)
        } else if has(&["cover", "ruin", "building", "village", "town", "house", "kraal"]) {
            (Look::Cover, Color::srgb(0.55, 0.52, 0.48), false)
        } else {
            (Look::Patch, Color::srgb(0.66, 0.62, 0.45), false)
        };
        FeatureStyle { look, colour, blocks_sight }
    }
}

/// How a side's stands are coloured.
#[derive(Clone, Debug, PartialEq)]
pub struct TableSide {
    pub id: String,
    /// The stands' base.
    pub colour: Color,
    /// Their front edge, facing tick and label.
    pub trim: Color,
}

/// The presenter's table: the engine's [`Tabletop`] and how to draw it. Inserting it (again) draws
/// the table; a new `key` also fits the camera to it.
#[derive(Resource, Clone, Debug)]
pub struct TableMap {
    /// What the table was drawn for (a scenario's path).
    pub key: String,
    pub table: Tabletop,
    /// How each kind of terrain is drawn; other kinds are guessed ([`FeatureStyle::guess`]).
    pub styles: BTreeMap<String, FeatureStyle>,
    pub sides: Vec<TableSide>,
    /// Stands block the ruler's line of sight too (besides the stands at its ends).
    pub stands_block_sight: bool,
    /// The key held to measure.
    pub ruler_key: KeyCode,
}

impl TableMap {
    /// A table with guessed styles, grey stands, stands blocking sight and the ruler on R.
    pub fn new(key: impl Into<String>, table: Tabletop) -> TableMap {
        TableMap { key: key.into(), table, styles: BTreeMap::new(), sides: Vec::new(), stands_block_sight: true, ruler_key: KeyCode::KeyR }
    }

    pub fn style(&self, kind: &str) -> FeatureStyle {
        self.styles.get(kind).copied().unwrap_or_else(|| FeatureStyle::guess(kind))
    }

    /// A side's colours (grey for a side the presenter did not describe).
    pub fn side(&self, id: &str) -> TableSide {
        self.sides.iter().find(|s| s.id == id).cloned().unwrap_or(TableSide {
            id: id.into(),
            colour: Color::srgb(0.55, 0.55, 0.55),
            trim: Color::WHITE,
        })
    }

    /// The table's rectangle in world units.
    pub fn world_rect(&self) -> Rect {
        Rect::from_corners(Vec2::ZERO, to_world(Vec2::new(self.table.width, self.table.depth)))
    }
}

/// The shape of a fire (or move) zone from a stand, as rules draw them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ZoneShape {
    /// A kill zone as wide as the stand, straight ahead of its front edge (never angled).
    Corridor,
    /// Anything ahead of the line of its front edge, measured from that edge.
    Forward,
    /// All round, measured from its edges (skirmishers, turrets, a move's reach).
    AllRound,
    /// A wedge from the middle of its front edge, this far each side of its facing (radians).
    Arc { half_angle: f32 },
}

/// One band of a zone: out to `to` yards (from where the shape measures), with its name.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeBand {
    pub to: f32,
    pub label: String,
}

/// A zone drawn from a stand: its shape, its range bands nearest first, and what it is for (its
/// colour: fire orange, assault red, move blue).
#[derive(Clone, Debug, PartialEq)]
pub struct FireZone {
    /// The stand (its `Place::Table`).
    pub from: Place,
    pub shape: ZoneShape,
    pub bands: Vec<RangeBand>,
    pub kind: TargetKind,
}

/// A unit's tag for the zoom where a player plans, where its stands' own print is too small to
/// read (`tags`): one per unit beside its stands, in its side's colours — the unit's type symbol,
/// its strength figure large, its designation, and its state in a word or two in red.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitTag {
    /// The pieces (stands) it is the tag of, by id: it stands beside them.
    pub stands: Vec<String>,
    pub side: String,
    pub symbol: Option<crate::ui::art::nato::Symbol>,
    /// The strength figure (castings, steps), drawn large.
    pub figure: String,
    /// The designation, drawn small.
    pub name: String,
    /// Its state, a word each (disrupted, halted), in red beneath.
    pub flags: Vec<String>,
}

/// What the presenter adds over the board model on a table: zones and range bands (for the
/// selected stand, say), and the units' tags for planning zoom. Redrawn when it changes.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct TableOverlay {
    pub zones: Vec<FireZone>,
    pub tags: Vec<UnitTag>,
}

/// The table as drawn: for which map, and the revisions its layers were drawn for.
#[derive(Resource)]
pub struct DrawnTable {
    pub key: String,
    pub world: Rect,
}

/// The view's systems that read the pointer into [`BoardInput`] and the ruler (a presenter reads
/// them after this set).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TableView;

/// The view's systems that draw the table, the model and the overlay (a presenter fills them before
/// this set).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TableDraw;

/// The game screen is left: the table goes with it.
fn forget(mut commands: Commands) {
    commands.remove_resource::<DrawnTable>();
    commands.remove_resource::<TableMap>();
    commands.remove_resource::<super::BoardFrame>();
    commands.insert_resource(TableOverlay::default());
    commands.insert_resource(Ruler::default());
}

/// The table view's systems (added once, however many presenters use it: see [`add_to`]).
pub struct TabletopView;

impl Plugin for TabletopView {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardModel>()
            .init_resource::<BoardInput>()
            .init_resource::<TableOverlay>()
            .init_resource::<Ruler>()
            .init_resource::<TablePointer>()
            .init_resource::<crate::ui::camera::MapViewport>();
        let table_up = || in_state(Screen::Game).and_then(resource_exists::<TableMap>);
        app.add_systems(Update, (input::pick, ruler::measure).chain().in_set(TableView).in_set(crate::ui::Frame::Input).run_if(table_up()))
            .add_systems(
                Update,
                (
                    paint::draw_table.run_if(resource_exists_and_changed::<TableMap>),
                    stands::sync_stands,
                    tags::sync_tags,
                    overlay::refresh,
                    ruler::draw,
                )
                    .chain()
                    .in_set(TableDraw)
                    .in_set(crate::ui::Frame::Visuals)
                    .run_if(table_up()),
            )
            .add_systems(OnExit(Screen::Game), forget);
        super::labels::add_to(app);
    }
}

/// Adds the table view to the app unless another presenter has.
pub fn add_to(app: &mut App) {
    if !app.is_plugin_added::<TabletopView>() {
        app.add_plugins(TabletopView);
    }
}
