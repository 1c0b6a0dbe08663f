//! The pointer on the area map — the area under it (inside its smoothed outline), clicks and right
//! clicks told from drags — and the camera: pan with a drag, WASD or the arrows; zoom with the
//! wheel towards the pointer, + and -; F fits the map into the part of the window the panels leave.

use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
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

/// Places the camera so the whole map fills the free part of the window.
fn fit(tf: &mut Transform, ortho: &mut OrthographicProjection, map: Rect, free: Rect, win: Vec2) {
    let scale = (map.width() / free.width()).max(map.height() / free.height()).clamp(0.5, 20.0);
    ortho.scale = scale;
    let offset = (free.center() - win / 2.0) * scale;
    tf.translation.x = map.center().x - offset.x;
    tf.translation.y = map.center().y + offset.y;
}

/// The keys' pan direction.
fn pan_keys(keys: &ButtonInput<KeyCode>) -> Vec2 {
    let mut pan = Vec2::ZERO;
    for (codes, d) in [
        ([KeyCode::KeyA, KeyCode::ArrowLeft], Vec2::NEG_X),
        ([KeyCode::KeyD, KeyCode::ArrowRight], Vec2::X),
        ([KeyCode::KeyW, KeyCode::ArrowUp], Vec2::Y),
        ([KeyCode::KeyS, KeyCode::ArrowDown], Vec2::NEG_Y),
    ] {
        if keys.any_pressed(codes) {
            pan += d;
        }
    }
    pan
}

/// Pans, zooms and fits the map camera.
#[allow(clippy::too_many_arguments)]
pub(super) fn camera(
    window: Single<&Window, With<PrimaryWindow>>,
    mut cams: Query<(&mut MapCamera, &mut Transform, &mut Projection, &Camera, &GlobalTransform)>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    scroll: Res<AccumulatedMouseScroll>,
    time: Res<Time>,
    drawn: Option<Res<DrawnAreaMap>>,
    viewport: Res<MapViewport>,
    mut last: Local<Option<Vec2>>,
) {
    let Ok((mut cam, mut tf, mut proj, camera, gtf)) = cams.single_mut() else { return };
    let Projection::Orthographic(ortho) = proj.as_mut() else { return };
    let cursor = window.cursor_position();
    let win = Vec2::new(window.width(), window.height());
    let keyboard = !viewport.keyboard_over_ui;
    if (cam.fit_requested || (keys.just_pressed(KeyCode::KeyF) && keyboard))
        && let Some(drawn) = drawn.as_ref()
        && let Some(free) = viewport.free.filter(|f| f.width() > 50.0 && f.height() > 50.0)
    {
        fit(&mut tf, ortho, drawn.rect, free, win);
        cam.fit_requested = false;
        return;
    }
    let drag = buttons.any_pressed([MouseButton::Right, MouseButton::Middle, MouseButton::Left]);
    if drag && !viewport.pointer_over_ui {
        if let (Some(c), Some(l)) = (cursor, *last) {
            let d = c - l;
            tf.translation.x -= d.x * ortho.scale;
            tf.translation.y += d.y * ortho.scale;
        }
        *last = cursor;
    } else {
        *last = None;
    }
    if keyboard {
        tf.translation += (pan_keys(&keys) * 700.0 * ortho.scale * time.delta_secs()).extend(0.0);
    }
    let mut zoom = 0.0;
    if !viewport.pointer_over_ui {
        zoom = match scroll.unit {
            MouseScrollUnit::Line => scroll.delta.y,
            MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
        };
    }
    if keyboard {
        if keys.any_just_pressed([KeyCode::Equal, KeyCode::NumpadAdd]) {
            zoom += 1.0;
        }
        if keys.any_just_pressed([KeyCode::Minus, KeyCode::NumpadSubtract]) {
            zoom -= 1.0;
        }
    }
    if zoom != 0.0 {
        let before = cursor.and_then(|c| camera.viewport_to_world_2d(gtf, c).ok());
        let new = (ortho.scale * 0.85f32.powf(zoom)).clamp(0.5, 20.0);
        if let (Some(b), Some(c)) = (before, cursor) {
            // Keep the point under the pointer where it is.
            let off = (c - win / 2.0) * new;
            tf.translation.x = b.x - off.x;
            tf.translation.y = b.y + off.y;
        }
        ortho.scale = new;
    }
}
