//! The pointer over the hex map: the hex and the top counter under it ([`Hover`]), and the player's
//! clicks on the map as [`BoardInput`] (a left click that was not a drag, a right click).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use hexx::Hex;

use super::map::DrawnMap;
use super::pieces::{COUNTER, Counter};
use crate::ui::board::{BoardInput, Place};
use crate::ui::camera::{MapCamera, MapViewport, cursor_world};
use crate::ui::geometry::world_to_hex;
use crate::ui::{Frame, Screen};

/// What is under the pointer.
#[derive(Resource, Default, Clone)]
pub struct Hover {
    pub hex: Option<Hex>,
    /// The counter under the pointer (the top one of a stack).
    pub unit: Option<String>,
    pub world: Option<Vec2>,
}

/// The system that reads the pointer: a presenter's handling of clicks goes after it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReadPointer;

/// The counter under a world position: the top one of the counters whose square holds it.
pub fn counter_at(p: Vec2, counters: &Query<(&Counter, &Transform, &Visibility)>) -> Option<String> {
    let half = COUNTER / 2.0;
    counters
        .iter()
        .filter(|(c, _, v)| c.on_map && **v != Visibility::Hidden)
        .filter(|(_, t, _)| (p.x - t.translation.x).abs() <= half && (p.y - t.translation.y).abs() <= half)
        .max_by(|a, b| a.1.translation.z.partial_cmp(&b.1.translation.z).unwrap_or(std::cmp::Ordering::Equal))
        .map(|(c, _, _)| c.id.clone())
}

/// Reads the pointer: what is under it, and the clicks.
#[allow(clippy::too_many_arguments)]
fn track_hover(
    window: Single<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform, &MapCamera)>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut input: ResMut<BoardInput>,
    drawn: Option<Res<DrawnMap>>,
    counters: Query<(&Counter, &Transform, &Visibility)>,
    viewport: Res<MapViewport>,
    mut hover: ResMut<Hover>,
) {
    let Some(drawn) = drawn else { return };
    let Ok((camera, tf, cam)) = cams.single() else { return };
    let world = if viewport.pointer_over_ui { None } else { cursor_world(&window, camera, tf) };
    hover.world = world;
    hover.hex = world.and_then(|p| world_to_hex(&drawn.board, p));
    hover.unit = world.and_then(|p| counter_at(p, &counters));
    input.hovered = hover.hex.map(Place::Cell);
    input.clicked = (buttons.just_released(MouseButton::Left) && !cam.dragging && !viewport.pointer_over_ui).then_some(input.hovered);
    input.cancelled = buttons.just_pressed(MouseButton::Right) && !viewport.pointer_over_ui;
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Hover>().init_resource::<BoardInput>().add_systems(
        Update,
        track_hover.in_set(ReadPointer).in_set(Frame::Input).run_if(in_state(Screen::Game).and_then(resource_exists::<DrawnMap>)),
    );
}
