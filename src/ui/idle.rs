//! The window draws only when something changes (issue 20: it redrew every frame while waiting for
//! input). Winit wakes the app on input, on a redraw request, or every few seconds; while something is
//! moving — a counter sliding, a fade, a toast, the computer choosing or about to play, a key or mouse button
//! held, the first moments of a new screen while its assets load — this plugin asks for the next frame.
//! The frame benchmark and the window's own screenshots count frames, so they keep drawing every frame.

use std::time::Duration;

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

use super::counters::Animations;
use super::input::Toasts;
use super::{Launch, Screen};

/// How long the window may sleep with nothing happening (an edited scenario file is noticed at most
/// this late; anything that fades or moves keeps the window drawing).
const IDLE_WAKE: Duration = Duration::from_secs(3);
/// How long a new screen keeps drawing every frame while its fonts and pictures arrive.
const SETTLING: Duration = Duration::from_millis(1500);

pub fn plugin(app: &mut App) {
    let counts_frames = {
        let launch = app.world().resource::<Launch>();
        launch.bench_frames.is_some() || launch.args.screenshot.is_some() || launch.args.exit_after_frames.is_some()
    };
    let settings = if counts_frames {
        WinitSettings { focused_mode: UpdateMode::Continuous, unfocused_mode: UpdateMode::Continuous }
    } else {
        WinitSettings { focused_mode: UpdateMode::reactive(IDLE_WAKE), unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAKE) }
    };
    app.insert_resource(settings)
        .init_resource::<Animations>()
        .add_systems(Last, keep_awake)
        .add_systems(PreUpdate, quiet_unchanged_modifiers.after(EguiPreUpdateSet::ProcessInput).before(EguiPreUpdateSet::BeginPass));
}

/// bevy_egui tells egui the modifier keys every frame, and egui takes any event as a reason to draw
/// the next frame: the window would never sleep. Only a change of the modifiers is passed on (egui
/// keeps the last ones it was told; losing focus clears them, so the next ones are passed on again).
fn quiet_unchanged_modifiers(mut inputs: Query<(Entity, &mut EguiInput)>, mut told: Local<HashMap<Entity, egui::Modifiers>>) {
    for (entity, mut input) in &mut inputs {
        if input.events.iter().any(|e| matches!(e, egui::Event::WindowFocused(_))) {
            told.remove(&entity);
        }
        input.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) => told.insert(entity, *m) != Some(*m),
            _ => true,
        });
    }
}

/// Something on the board moved or changed colour this frame, so it may move again in the next.
type Moving = Or<(Changed<Transform>, Changed<Sprite>, Changed<Visibility>)>;

/// Asks for the next frame while anything is in motion (see the module's doc).
fn keep_awake(
    moved: Query<(), Moving>,
    (animations, toasts): (Res<Animations>, Option<Res<Toasts>>),
    (keys, mouse): (Res<ButtonInput<KeyCode>>, Res<ButtonInput<MouseButton>>),
    screen: Option<Res<State<Screen>>>,
    time: Res<Time<Real>>,
    mut since_screen: Local<Option<(Screen, Duration)>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = time.elapsed();
    let screen = screen.map(|s| *s.get()).unwrap_or_default();
    if since_screen.as_ref().is_none_or(|(s, _)| *s != screen) {
        *since_screen = Some((screen, now));
    }
    let settling = since_screen.as_ref().is_some_and(|(_, at)| now.saturating_sub(*at) < SETTLING);
    let held = keys.get_pressed().next().is_some() || mouse.get_pressed().next().is_some();
    if settling || held || animations.busy() || !moved.is_empty() || toasts.is_some_and(|t| !t.0.is_empty()) {
        redraw.write(RequestRedraw);
    }
}
