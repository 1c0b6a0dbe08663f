//! The map camera: pan by dragging (right or middle button, or the left button once the pointer has
//! moved) or with WASD and the arrow keys, zoom with the wheel towards the pointer, fit the whole map
//! into the free part of the window with F (or the button). It works on any board whose view puts a
//! [`BoardFrame`] in the world.

use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::Screen;
use super::board::BoardFrame;

/// The map's camera and its controls' state.
#[derive(Component, Default)]
pub struct MapCamera {
    /// Fit the map on the next frame (a new map, or the F key).
    pub fit_requested: bool,
    /// Where the left button went down, for telling a click from a drag.
    pub press_at: Option<Vec2>,
    /// The left button has moved far enough to be a drag: no click on release.
    pub dragging: bool,
    pub last_cursor: Option<Vec2>,
    /// Bring this unit's counter into view (Tab picked it), if it is off screen.
    pub reveal_unit: Option<String>,
    /// Bring this world point into view, if it is off screen (the computer's moves).
    pub reveal_point: Option<Vec2>,
}

/// The part of the window the panels leave to the map, in logical pixels, and whether the pointer
/// is over a panel (then the map ignores it). Written by the panels each frame.
#[derive(Resource, Default, Clone, Copy)]
pub struct MapViewport {
    pub free: Option<Rect>,
    pub pointer_over_ui: bool,
    /// egui has the keyboard (a text field).
    pub keyboard_over_ui: bool,
}

pub const MIN_SCALE: f32 = 0.35;
pub const MAX_SCALE: f32 = 4.0;

/// The margin (world units) around the part in play when the map is fitted.
const FIT_MARGIN: f32 = 70.0;

/// The map camera's zoom: world units per window pixel, if there is a map camera.
pub fn map_scale<'a>(projections: impl IntoIterator<Item = &'a Projection>) -> Option<f32> {
    projections.into_iter().find_map(|p| match p {
        Projection::Orthographic(o) => Some(o.scale),
        _ => None,
    })
}

/// The scale that fits `rect` and its margin into `free` (window pixels).
fn fit_scale(rect: Rect, free: Rect) -> f32 {
    ((rect.width() + FIT_MARGIN) / free.width()).max((rect.height() + FIT_MARGIN) / free.height())
}

/// How far out the camera may zoom: [`MAX_SCALE`], or a little past the whole board fitted, for a
/// board (an area map) larger than the hex map.
fn max_scale(frame: Option<&BoardFrame>, free: Rect) -> f32 {
    frame.map_or(MAX_SCALE, |f| MAX_SCALE.max(fit_scale(f.world, free) * 1.5))
}

fn spawn_camera(mut commands: Commands) {
    // No multisampling: the map, the counters and the panels are all pre-antialiased images, and on
    // a software renderer four samples a pixel would quadruple the cost of every frame.
    // The panels are drawn by this camera (not by the terrain layer's camera, which draws into an image).
    commands.spawn((
        Camera2d,
        MapCamera::default(),
        Projection::Orthographic(OrthographicProjection::default_2d()),
        Msaa::Off,
        bevy_egui::PrimaryEguiContext,
    ));
}

/// The world position under a window position.
pub fn cursor_world(window: &Window, camera: &Camera, tf: &GlobalTransform) -> Option<Vec2> {
    let cursor = window.cursor_position()?;
    camera.viewport_to_world_2d(tf, cursor).ok()
}

#[allow(clippy::too_many_arguments)]
fn control_camera(
    window: Single<&Window, With<PrimaryWindow>>,
    mut cams: Query<(&mut MapCamera, &mut Transform, &mut Projection, &Camera, &GlobalTransform)>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    scroll: Res<AccumulatedMouseScroll>,
    time: Res<Time>,
    viewport: Res<MapViewport>,
    frame: Option<Res<BoardFrame>>,
) {
    let Ok((mut cam, mut tf, mut proj, camera, gtf)) = cams.single_mut() else { return };
    let Projection::Orthographic(ortho) = proj.as_mut() else { return };
    let cursor = window.cursor_position();
    let win = Vec2::new(window.width(), window.height());
    let max = max_scale(frame.as_deref(), viewport.free.unwrap_or(Rect::from_corners(Vec2::ZERO, win)));

    // Fit the map into the free area.
    if (cam.fit_requested || (keys.just_pressed(KeyCode::KeyF) && !viewport.keyboard_over_ui))
        && let Some(frame) = frame.as_ref()
    {
        // Wait for the panels to say how much room they leave.
        let Some(free) = viewport.free else { return };
        if free.width() > 50.0 && free.height() > 50.0 {
            let rect = frame.play;
            let scale = fit_scale(rect, free).clamp(MIN_SCALE, max);
            ortho.scale = scale;
            // Put the map's centre at the free area's centre.
            let offset = (free.center() - win / 2.0) * scale;
            let mut c = rect.center();
            // Where the whole map is larger than the view, show map rather than empty margin.
            let full = frame.world;
            let half = free.size() * scale / 2.0;
            if full.height() > half.y * 2.0 {
                c.y = c.y.clamp(full.min.y + half.y, full.max.y - half.y);
            }
            if full.width() > half.x * 2.0 {
                c.x = c.x.clamp(full.min.x + half.x, full.max.x - half.x);
            }
            tf.translation.x = c.x - offset.x;
            tf.translation.y = c.y + offset.y;
            cam.fit_requested = false;
        }
        return;
    }

    // Keyboard pan.
    if !viewport.keyboard_over_ui && !keys.pressed(KeyCode::ControlLeft) && !keys.pressed(KeyCode::ControlRight) {
        let mut dir = Vec2::ZERO;
        if keys.any_pressed([KeyCode::KeyA, KeyCode::ArrowLeft]) {
            dir.x -= 1.0;
        }
        if keys.any_pressed([KeyCode::KeyD, KeyCode::ArrowRight]) {
            dir.x += 1.0;
        }
        if keys.any_pressed([KeyCode::KeyW, KeyCode::ArrowUp]) {
            dir.y += 1.0;
        }
        if keys.any_pressed([KeyCode::KeyS, KeyCode::ArrowDown]) {
            dir.y -= 1.0;
        }
        if dir != Vec2::ZERO {
            let step = dir.normalize() * 900.0 * ortho.scale * time.delta_secs().min(0.05);
            tf.translation += step.extend(0.0);
        }
        if keys.just_pressed(KeyCode::Equal) || keys.just_pressed(KeyCode::NumpadAdd) {
            ortho.scale = (ortho.scale / 1.25).clamp(MIN_SCALE, max);
        }
        if keys.just_pressed(KeyCode::Minus) || keys.just_pressed(KeyCode::NumpadSubtract) {
            ortho.scale = (ortho.scale * 1.25).clamp(MIN_SCALE, max);
        }
    }

    // Wheel zoom towards the pointer.
    if !viewport.pointer_over_ui && scroll.delta.y != 0.0 {
        let lines = match scroll.unit {
            MouseScrollUnit::Line => scroll.delta.y,
            MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
        };
        let before = cursor.and_then(|c| camera.viewport_to_world_2d(gtf, c).ok());
        let new_scale = (ortho.scale * 0.85f32.powf(lines)).clamp(MIN_SCALE, max);
        if let (Some(c), Some(w)) = (cursor, before) {
            // Keep the world point under the pointer where it is.
            let from_centre = Vec2::new(c.x - win.x / 2.0, win.y / 2.0 - c.y);
            let cam_pos = w - from_centre * new_scale;
            tf.translation.x = cam_pos.x;
            tf.translation.y = cam_pos.y;
        }
        ortho.scale = new_scale;
    }

    // Drag pan: right or middle button at once, left once it has moved a few pixels.
    if buttons.just_pressed(MouseButton::Left) && !viewport.pointer_over_ui {
        cam.press_at = cursor;
        cam.dragging = false;
    }
    if buttons.just_released(MouseButton::Left) {
        cam.press_at = None;
    }
    if let (Some(at), Some(c)) = (cam.press_at, cursor)
        && buttons.pressed(MouseButton::Left)
        && at.distance(c) > 6.0
    {
        cam.dragging = true;
    }
    let panning = (buttons.pressed(MouseButton::Right)
        || buttons.pressed(MouseButton::Middle)
        || (cam.dragging && buttons.pressed(MouseButton::Left)))
        && (!viewport.pointer_over_ui || cam.dragging || buttons.pressed(MouseButton::Right));
    if let (true, Some(c), Some(last)) = (panning, cursor, cam.last_cursor) {
        let d = c - last;
        tf.translation.x -= d.x * ortho.scale;
        tf.translation.y += d.y * ortho.scale;
    }
    cam.last_cursor = cursor;

    // Keep some of the map on screen.
    if let Some(frame) = frame.as_ref() {
        let r = frame.world;
        let kept = tf.translation.truncate().clamp(r.min - Vec2::splat(200.0), r.max + Vec2::splat(200.0));
        // Written only when it moves: an unchanged camera lets the window sleep (`idle`).
        if kept != tf.translation.truncate() {
            tf.translation = kept.extend(tf.translation.z);
        }
    }
}

/// Pans to a counter that Tab selected (or a point the computer's move asks for) when it lies outside the free part of the window.
fn reveal_unit(
    window: Single<&Window, With<PrimaryWindow>>,
    mut cams: Query<(&mut MapCamera, &mut Transform, &Projection)>,
    counters: Query<(&super::board::hex::pieces::Counter, &GlobalTransform, &Visibility)>,
    viewport: Res<MapViewport>,
) {
    let Ok((mut cam, mut tf, proj)) = cams.single_mut() else { return };
    let point = cam.reveal_point.take();
    let unit = cam.reveal_unit.take();
    let Projection::Orthographic(ortho) = proj else { return };
    // A unit off the map (a reinforcement, a unit eliminated) has a hidden counter: nothing to show.
    let counter = |unit: String| {
        counters.iter().find(|(c, _, v)| c.id == unit && **v != Visibility::Hidden).map(|(_, t, _)| t.translation().truncate())
    };
    let Some(pos) = unit.and_then(counter).or(point) else { return };
    let win = Vec2::new(window.width(), window.height());
    let free = viewport.free.unwrap_or(Rect::from_corners(Vec2::ZERO, win));
    // The free rect in world space (window y runs down, world y up).
    let to_world =
        |p: Vec2| Vec2::new(tf.translation.x + (p.x - win.x / 2.0) * ortho.scale, tf.translation.y - (p.y - win.y / 2.0) * ortho.scale);
    let world_free = Rect::from_corners(to_world(free.min), to_world(free.max)).inflate(-60.0 * ortho.scale);
    if !world_free.contains(pos) {
        let centre = to_world(free.center());
        tf.translation.x += pos.x - centre.x;
        tf.translation.y += pos.y - centre.y;
    }
}

pub fn plugin(app: &mut App) {
    // The map camera carries the panels (`spawn_camera`); egui must not pick a camera by itself.
    if let Some(mut egui) = app.world_mut().get_resource_mut::<bevy_egui::EguiGlobalSettings>() {
        egui.auto_create_primary_context = false;
    }
    app.init_resource::<MapViewport>()
        .add_systems(Startup, spawn_camera)
        .add_systems(Update, (control_camera, reveal_unit).chain().run_if(in_state(Screen::Game).and_then(resource_exists::<BoardFrame>)));
}
