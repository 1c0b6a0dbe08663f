//! The neutral board model (DESIGN.md, "The window"): what a presenter tells a board view to draw —
//! places (hex cells, areas of an area map, points of a tabletop in yards), the pieces on them, the
//! map markers, and the targets of the orders open to the player with their costs, odds or
//! refusals. A board view (`hex`, `area`, `table`) draws this model and reports what the player
//! points at and clicks as [`BoardInput`]; it never reads a ruleset's types. The presenter
//! rebuilds the model when the game or the selection changes and bumps `revision`, so a view
//! redraws only what changed.

pub mod area;
pub mod hex;
pub mod labels;
pub mod table;

use bevy::prelude::*;

/// Where something is on a board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Place {
    /// A hex cell of a hex map.
    Cell(hexx::Hex),
    /// A numbered area (or zone) of an area map.
    Area(u32),
    /// A point of a tabletop, in yards, with a facing in radians (0 = facing +x, counter-clockwise),
    /// and the frontage (x) and depth (y) in yards of the stand there (zero for a bare point).
    Table { at: Vec2, facing: f32, size: Vec2 },
}

/// What something on a board is about, as a presenter names it: a piece (found through the
/// [`BoardModel`], where it stands or last stood), or a place.
#[derive(Clone, Debug, PartialEq)]
pub enum Spot {
    /// A unit by its scenario id (on the tabletop, its first stand, `id#0`).
    Piece(String),
    Place(Place),
}

/// Which way a piece is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PieceState {
    #[default]
    Ready,
    /// Selected by the player.
    Selected,
    /// The unit the rules are activating now.
    Active,
    /// Done for now (activated, spent, fired): drawn dimmed.
    Spent,
}

/// A piece on the board: a counter, a stand, a unit in an area's stack.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// The unit's id in the scenario (stable across the game, and the key of animations).
    pub id: String,
    /// The scenario's id of its side.
    pub side: String,
    /// Where it stands; `None` off the board (in reserve, not yet entered, eliminated).
    pub place: Option<Place>,
    /// Its face in the presenter's counter art (a key the presenter's art resolves).
    pub face: String,
    /// A short name for tooltips and lists.
    pub label: String,
    /// Markers on the piece (ids of the presenter's marker art: `hero`, `pinned`, `disrupted`, …).
    pub markers: Vec<String>,
    pub state: PieceState,
}

/// A marker on the map, not on a piece (a barrage, an interdiction, a ruins marker).
#[derive(Clone, Debug, PartialEq)]
pub struct MapMarker {
    /// The presenter's marker art id.
    pub art: String,
    pub place: Place,
    /// A word or two drawn with it.
    pub text: String,
}

/// What an order does to its target, for the colour and shape of its highlight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TargetKind {
    /// A move (or entry, retreat, advance) into the place.
    Move,
    /// A fire or bombardment on the place.
    Fire,
    /// An assault, attack or melee into the place.
    Assault,
    /// Anything else the rules offer there (rally, dig in, infiltrate, withdraw, deploy).
    Other,
    /// A piece there can be picked (activated, chosen for a role): ringed, not shaded.
    Pick,
}

/// How strongly a target is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Tone {
    #[default]
    Normal,
    /// What could be done after another order (a unit's reach before it is activated).
    Faint,
    /// Legal, with a risk the player should see (a breakdown).
    Warning,
}

/// What one target will cost or risk, as the order sheet shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum TargetNote {
    /// Legal, with its cost in the rules' units (`2 MP`, `1 order`) and the chance of success, if
    /// the order rolls dice.
    Open { cost: Option<String>, odds: Option<f32> },
    /// Not legal now, with the rule that refuses it and why.
    Refused { rule: String, reason: String },
}

/// A place the orders of the current selection can go.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub place: Place,
    pub kind: TargetKind,
    pub note: TargetNote,
    /// A short text drawn on the target (`-1`, `3:1`, `72%`).
    pub badge: Option<String>,
    pub tone: Tone,
}

/// Everything a board view draws beside its fixed map.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct BoardModel {
    /// Bumped by the presenter whenever anything below changed.
    pub revision: u64,
    pub pieces: Vec<Piece>,
    pub markers: Vec<MapMarker>,
    pub targets: Vec<Target>,
    /// The place the player has selected, if any.
    pub selected: Option<Place>,
    /// Who holds each place that is held (an area's controller, a victory hex's owner), by the
    /// scenario's side id.
    pub owners: Vec<(Place, String)>,
}

impl BoardModel {
    /// Replaces the model's contents if they differ, bumping the revision; returns whether it did.
    pub fn update(&mut self, pieces: Vec<Piece>, markers: Vec<MapMarker>, targets: Vec<Target>, selected: Option<Place>) -> bool {
        if self.pieces == pieces && self.markers == markers && self.targets == targets && self.selected == selected {
            return false;
        }
        let revision = self.revision + 1;
        let owners = std::mem::take(&mut self.owners);
        *self = BoardModel { revision, pieces, markers, targets, selected, owners };
        true
    }

    /// Replaces the targets if they differ, bumping the revision; returns whether it did.
    pub fn set_targets(&mut self, targets: Vec<Target>) -> bool {
        if self.targets == targets {
            return false;
        }
        self.targets = targets;
        self.revision += 1;
        true
    }

    /// Replaces who holds which place if it differs, bumping the revision; returns whether it did.
    pub fn set_owners(&mut self, owners: Vec<(Place, String)>) -> bool {
        if self.owners == owners {
            return false;
        }
        self.owners = owners;
        self.revision += 1;
        true
    }

    /// A unit's piece: the piece with its id, or its first stand's (`id#0`, the tabletop).
    pub fn piece_of(&self, unit: &str) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.id == unit || p.id.strip_prefix(unit).is_some_and(|rest| rest.starts_with('#')))
    }

    /// The pieces at a place, in the model's order (the top of a stack last).
    pub fn pieces_at(&self, place: Place) -> impl Iterator<Item = &Piece> {
        self.pieces.iter().filter(move |p| p.place == Some(place))
    }
}

/// Where a drawn board lies in world space: the whole of it, and the part in play (what the camera's
/// "fit" shows). A board view inserts it when it draws its map.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardFrame {
    pub world: Rect,
    pub play: Rect,
}

/// Where a place's centre lies in world space, on whichever board view drew its map: the hex map's
/// cell centres, the area map's boxes, the tabletop's yards. The shell draws over places (the
/// computer's moves, `computer_turn`) through it without knowing the view.
#[derive(bevy::ecs::system::SystemParam)]
pub struct PlaceCentres<'w> {
    hex: Option<Res<'w, hex::map::DrawnMap>>,
    area: Option<Res<'w, area::DrawnAreaMap>>,
}

impl PlaceCentres<'_> {
    pub fn of(&self, place: Place) -> Option<Vec2> {
        match place {
            Place::Cell(h) => self.hex.as_ref().filter(|d| d.board.contains(h)).map(|d| crate::ui::geometry::hex_to_world(&d.board, h)),
            Place::Area(a) => self.area.as_ref().and_then(|d| d.anchor(a)),
            Place::Table { at, .. } => Some(table::to_world(at)),
        }
    }

    /// What a place's pieces and labels cover around its centre, in world space: the hex cell, the
    /// area's box with its stacks, the stand (what a card beside the place must leave in view).
    pub fn footprint(&self, place: Place) -> Option<Rect> {
        match place {
            Place::Cell(_) => self.of(place).map(|c| Rect::from_center_size(c, Vec2::splat(2.0 * crate::ui::geometry::hex_radius()))),
            Place::Area(a) => self.area.as_ref().and_then(|d| d.footprint(a)),
            Place::Table { size, .. } => {
                self.of(place).map(|c| Rect::from_center_size(c, Vec2::splat(size.max_element().max(8.0) * table::YARD)))
            }
        }
    }
}

/// What the player did on the board this frame, as the view saw it (the presenter turns it into
/// orders).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct BoardInput {
    /// The place under the pointer, if the pointer is over the board.
    pub hovered: Option<Place>,
    /// A left click: `Some(None)` is a click on the board outside every place.
    pub clicked: Option<Option<Place>>,
    /// A right click (cancel the selection).
    pub cancelled: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(id: &str, place: Place) -> Piece {
        Piece {
            id: id.into(),
            side: "a".into(),
            place: Some(place),
            face: id.into(),
            label: id.into(),
            markers: vec![],
            state: PieceState::Ready,
        }
    }

    #[test]
    fn the_revision_moves_only_when_the_model_changes() {
        let mut model = BoardModel::default();
        assert!(model.update(vec![piece("x", Place::Area(3))], vec![], vec![], None));
        assert_eq!(model.revision, 1);
        assert!(!model.update(vec![piece("x", Place::Area(3))], vec![], vec![], None));
        assert_eq!(model.revision, 1);
        assert!(model.update(vec![piece("x", Place::Area(4))], vec![], vec![], None));
        assert_eq!(model.revision, 2);
        assert_eq!(model.pieces_at(Place::Area(4)).count(), 1);
        assert_eq!(model.pieces_at(Place::Area(3)).count(), 0);
    }
}
