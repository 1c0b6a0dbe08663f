//! The pointer on the area map: the area under it (inside its smoothed outline), clicks and right
//! clicks told from drags. The camera is the shared one (`ui/camera.rs`), fed by the map's
//! [`BoardFrame`](crate::ui::board::BoardFrame).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::ui::board::{BoardInput, Place};
use crate::ui::camera::{MapCamera, MapViewport};

use super::DrawnAreaMap;

/// How far (in pixels) the pointer may move between press and release for a click.
const CLICK: f32 = 6.0;

/// The area under the pointer, and clicks on the map, into [`BoardInput`].
pub(super) fn pick(
    window: Single<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform), With<MapCamera>>,
    drawn: Option<Res<DrawnAreaMap>>,
    buttons: Res<ButtonInput<MouseButton>>,
    viewport: Res<MapViewport>,
    mut input: ResMut<BoardInput>,
    mut press: Local<[Option<Vec2>; 2]>,
) {
    let Some(drawn) = drawn else { return };
    let Ok((camera, gtf)) = cams.single() else { return };
    let cursor = window.cursor_position();
    let over_map = !viewport.pointer_over_ui;
    let area = cursor
        .filter(|_| over_map)
        .and_then(|c| camera.viewport_to_world_2d(gtf, c).ok())
        .and_then(|p| drawn.shapes.area_at(p))
        .map(Place::Area);
    if input.hovered != area {
        input.hovered = area;
    }
    for (i, button) in [MouseButton::Left, MouseButton::Right].into_iter().enumerate() {
        if buttons.just_pressed(button) && over_map {
            press[i] = cursor;
        }
        if buttons.just_released(button) {
            let click = press[i].take().zip(cursor).is_some_and(|(a, b)| a.distance(b) < CLICK);
            if click && over_map {
                if i == 0 {
                    input.clicked = Some(area);
                } else {
                    input.cancelled = true;
                }
            }
        }
    }
}
