//! The pointer over the table: the stand under it (inside its turned rectangle) or the table point,
//! into [`BoardInput`]; clicks told from drags as on the other boards (the shell's camera pans with a
//! drag).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::ui::board::{BoardInput, BoardModel, Place};
use crate::ui::camera::{MapCamera, MapViewport, cursor_world};

use super::geometry::piece_at;
use super::{TableMap, to_yards};

/// The table point under the pointer, in yards (`None` off the table or over a panel).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct TablePointer {
    pub at: Option<Vec2>,
}

/// What a table point is: the place of the stand on it (the top one), or the bare point.
pub fn place_at(model: &BoardModel, at: Vec2) -> Place {
    piece_at(&model.pieces, at).and_then(|p| p.place).unwrap_or(Place::Table { at, facing: 0.0, size: Vec2::ZERO })
}

/// Reads the pointer: what is under it, and the clicks.
#[allow(clippy::too_many_arguments)]
pub(super) fn pick(
    window: Single<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform, &MapCamera)>,
    buttons: Res<ButtonInput<MouseButton>>,
    viewport: Res<MapViewport>,
    map: Res<TableMap>,
    model: Res<BoardModel>,
    mut pointer: ResMut<TablePointer>,
    mut input: ResMut<BoardInput>,
) {
    let Ok((camera, tf, cam)) = cams.single() else { return };
    let world = if viewport.pointer_over_ui { None } else { cursor_world(&window, camera, tf) };
    let table = map.world_rect();
    let at = world.filter(|w| table.contains(*w)).map(to_yards);
    if pointer.at != at {
        pointer.at = at;
    }
    let hovered = at.map(|p| place_at(&model, p));
    if input.hovered != hovered {
        input.hovered = hovered;
    }
    let clicked = (buttons.just_released(MouseButton::Left) && !cam.dragging && !viewport.pointer_over_ui).then_some(hovered);
    if input.clicked != clicked {
        input.clicked = clicked;
    }
    let cancelled = buttons.just_pressed(MouseButton::Right) && !viewport.pointer_over_ui;
    if input.cancelled != cancelled {
        input.cancelled = cancelled;
    }
}
