//! The area (zone) board view: an area map drawn as a printed one is — areas with smooth, organic
//! borders traced from their cells (`outline`), paper-tinted by terrain, rivers and canals as blue
//! ribbons along the borders that carry them, bridges where a crossing is, and an area box with the
//! area's number, value and symbols (`paint`) — and on it the neutral [`BoardModel`]: stacks,
//! map markers, targets with their costs and odds (`overlay`), animations (`anim`), picking and
//! the camera (`input`). It names no ruleset: a presenter gives it the map as an [`AreaMapArt`]
//! and fills the model; the view reports the player's pointing in [`BoardInput`].

pub mod anim;
mod input;
mod names;
pub mod outline;
mod overlay;
mod paint;
pub mod terrain;

use std::collections::BTreeMap;

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::board::HexBoard;
use crate::engine::board::area::MapLine;
use crate::ui::Playing;

use super::{BoardInput, BoardModel};
pub use anim::{AreaAnimate, AreaBeats, Beat};
use outline::MapShapes;
pub use terrain::Look;

use crate::ui::art::nato::Symbol;
use crate::ui::art::palette::CounterColours;

/// A symbol of an area box, beside its number.
#[derive(Clone, Debug, PartialEq)]
pub enum BoxSymbol {
    /// A triangle in this colour, left of the box (a victory area).
    Triangle(Color),
    /// A letter on a badge of this colour, right of the box (an entry area).
    Badge(String, Color),
}

/// One area as the presenter wants it drawn.
#[derive(Clone, Debug)]
pub struct AreaArt {
    pub id: u32,
    /// Its cells on the map's grid.
    pub cells: Vec<Hex>,
    /// Its name, printed on the map under its art.
    pub name: Option<String>,
    /// The terrain's tint of its paper.
    pub tint: [f32; 3],
    /// The terrain drawn on its paper.
    pub look: Look,
    /// The value printed in its box beside the number (a terrain effect).
    pub value: Option<String>,
    /// A word on top of its box, and the box framed in this colour (`BR` in red).
    pub flag: Option<(String, Color)>,
    pub symbols: Vec<BoxSymbol>,
}

/// What runs along a border.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BorderArt {
    /// A river or canal.
    pub water: bool,
    /// Crossed by a bridge.
    pub bridge: bool,
}

/// How a side's pieces and areas are coloured.
#[derive(Clone, Debug)]
pub struct SideArt {
    pub id: String,
    /// Its stack chips.
    pub counter: Color,
    /// The faint wash of the areas it holds, and the paper of their boxes.
    pub wash: Color,
    pub paper: Color,
}

/// How a map marker is drawn: a chip of this colour with the marker's text; with `wash`, the area
/// also leans that far to the colour.
#[derive(Clone, Copy, Debug)]
pub struct MarkerArt {
    pub colour: Color,
    pub wash: Option<f32>,
}

/// A counter as the presenter drew it: the face on top of a stack of `side`'s pieces with this
/// `face` (RGBA, `size` pixels square-ish).
#[derive(Clone)]
pub struct CounterFace {
    pub side: String,
    pub face: String,
    pub size: (u32, u32),
    pub rgba: Vec<u8>,
}

impl std::fmt::Debug for CounterFace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CounterFace({}, {}, {:?})", self.side, self.face, self.size)
    }
}

/// The pixel size of a stack's top counter.
const COUNTER_PX: u32 = 128;

/// Top counters at planning size (`art::nato::counter`): for each face (in the order they go on top)
/// and each side, the side's colours with the face's NATO symbol; none without the fonts.
pub fn nato_counters(faces: &[(&str, Symbol)], sides: &[(&str, CounterColours)]) -> Vec<CounterFace> {
    let Some(fonts) = crate::ui::art::Fonts::load() else { return Vec::new() };
    let mut out = Vec::new();
    for &(face, symbol) in faces {
        for &(side, col) in sides {
            let c = crate::ui::art::nato::counter(COUNTER_PX, col, symbol, &fonts);
            out.push(CounterFace { side: side.into(), face: face.into(), size: (COUNTER_PX, COUNTER_PX), rgba: c.to_rgba() });
        }
    }
    out
}

/// The presenter's map: its geometry (the area map's cells on their grid) and art. The view draws
/// it once per `key` (a scenario's path).
#[derive(Resource, Clone, Debug)]
pub struct AreaMapArt {
    pub key: String,
    pub grid: HexBoard,
    pub areas: Vec<AreaArt>,
    /// The borders that carry something, by pair of areas (lower first).
    pub borders: BTreeMap<(u32, u32), BorderArt>,
    /// The sides, in the order their chips stand in an area.
    pub sides: Vec<SideArt>,
    pub markers: BTreeMap<String, MarkerArt>,
    /// Roads and railways: each line's kind (`road`, `railway`, else a thin line) and the cells it
    /// runs through.
    pub lines: Vec<MapLine>,
    /// The counters drawn on top of the stacks, in the order they go on top (the first face a
    /// stack holds shows); a stack whose face has none is drawn as a chip with its composition.
    pub counters: Vec<CounterFace>,
}

impl SideArt {
    pub fn new(id: &str, counter: Color, wash: Color, paper: Color) -> Self {
        Self { id: id.to_string(), counter, wash, paper }
    }
}

impl AreaMapArt {
    fn side(&self, id: &str) -> Option<(usize, &SideArt)> {
        self.sides.iter().enumerate().find(|(_, s)| s.id == id)
    }
}

/// The map as drawn: its shapes, and what it was drawn for.
#[derive(Resource)]
pub struct DrawnAreaMap {
    key: String,
    pub shapes: MapShapes,
    /// The map's bounds, with a margin.
    pub rect: Rect,
    /// The model's revision the overlays were drawn for, and the model's and the hover's the fills
    /// were tinted for.
    drawn_for: Option<u64>,
    tinted_for: Option<(u64, Option<super::Place>)>,
    /// The counters' pictures, by side and face, in the art's order.
    counters: Vec<((String, String), Handle<Image>)>,
}

impl DrawnAreaMap {
    /// Where an area's box is.
    pub fn anchor(&self, area: u32) -> Option<Vec2> {
        self.shapes.areas.get(&area).map(|s| s.pole)
    }

    /// What an area's box, its stack chips (`chip_offset`), its markers and its badges cover around
    /// its box, in world space.
    pub fn footprint(&self, area: u32) -> Option<Rect> {
        self.anchor(area).map(|p| Rect::from_corners(p + Vec2::new(-125.0, -172.0) * SCALE, p + Vec2::new(135.0, 125.0) * SCALE))
    }
}

/// The size of the area boxes, stacks and labels against their design sizes.
const SCALE: f32 = 1.6;

/// Where side number `index`'s stack chip stands by an area's box.
fn chip_offset(index: usize) -> Vec2 {
    Vec2::new(-60.0 + 130.0 * index as f32, -118.0) * SCALE
}

fn forget(mut commands: Commands, mut model: ResMut<BoardModel>, mut input: ResMut<BoardInput>) {
    commands.remove_resource::<DrawnAreaMap>();
    commands.remove_resource::<AreaMapArt>();
    commands.remove_resource::<super::BoardFrame>();
    *model = BoardModel::default();
    *input = BoardInput::default();
}

/// Adds the area view, drawn while `screen` is up.
pub fn plugin(app: &mut App, screen: Playing) {
    app.init_resource::<BoardModel>().init_resource::<BoardInput>().init_resource::<AreaBeats>();
    super::labels::add_to(app);
    app.add_systems(
        Update,
        (paint::draw_map, names::spawn_names, input::pick, overlay::refresh, overlay::recolour)
            .chain()
            .in_set(AreaView)
            .run_if(in_state(screen)),
    )
    .add_systems(Update, (anim::start, anim::play).chain().in_set(AreaAnimate).after(AreaView).run_if(in_state(screen)))
    .add_systems(OnExit(screen), (forget, anim::clear));
}

/// The view's systems that draw the map and read the pointer (a presenter fills the model before
/// them and reads the input after them).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AreaView;
