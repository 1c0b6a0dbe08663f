//! The window (feature `gui`): a shell shared by every ruleset — the main menu with one scenario
//! catalogue, saves, settings, the rule popups, the hand-over screen, the computer opponent off the
//! frame, hot reload, the window title — and one presenter per ruleset (`ui::registry`), which
//! brings its board view and panels (`bastards`: the hex map, its counters and panels; `rtc`: the
//! area board of `area`). The window holds no rule: it draws what the engine exposes (the state,
//! the legal commands, the previews, the journal) and sends commands. See docs/gui.md.

pub mod ai_worker;
pub mod area_game;
pub mod art;
pub mod bastards;
pub mod board;
pub mod camera;
pub mod campaign;
pub mod capture;
pub mod catalog;
pub mod computer_turn;
pub mod counters;
pub mod dice_tray;
pub mod dixmude;
pub mod game_menu;
pub mod game_over;
pub mod geometry;
pub mod hot_reload;
pub mod idle;
pub mod input;
pub mod launch;
pub mod log;
pub mod map;
pub mod martians;
pub mod memory;
pub mod menu;
pub mod presenter;
pub mod registry;
pub mod replay;
pub mod rtc;
pub mod rules_text;
pub mod saves;
pub mod screens;
pub mod session;
pub mod settings;
pub mod sound;
pub mod theme;
pub mod threats;
pub mod top_bar;
pub mod trenches;
pub mod widgets;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};
use bevy_egui::EguiPlugin;

pub use launch::LaunchArgs;

/// The screens of the window.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The main menu (and its sub-pages).
    #[default]
    Menu,
    /// A game on its board, whatever its ruleset (with the hand-over and game-over screens over it).
    Game,
}

/// The ruleset whose presenter is up (set with `Screen::Game`, by [`show_game`]).
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Presenting(pub Option<&'static str>);

/// The game screen of one ruleset: `Screen::Game` while its presenter is up. Each presenter's
/// systems run in its own `Playing(id)`, and its entities are scoped to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Playing(pub &'static str);

impl ComputedStates for Playing {
    type SourceStates = (Screen, Presenting);
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute((screen, presenting): (Screen, Presenting)) -> Option<Playing> {
        match (screen, presenting.0) {
            (Screen::Game, Some(ruleset)) => Some(Playing(ruleset)),
            _ => None,
        }
    }
}

/// Puts a game in the window: its session (a presenter's [`presenter::Opening`]) and the game screen
/// of its ruleset.
pub fn show_game(world: &mut World, ruleset: &'static str, opening: presenter::Opening) {
    opening(world);
    NextState::set_if_neq(&mut world.resource_mut::<NextState<Presenting>>(), Presenting(Some(ruleset)));
    NextState::set_if_neq(&mut world.resource_mut::<NextState<Screen>>(), Screen::Game);
}

/// The order of the window's work in each frame (all in `Update`).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Frame {
    /// Pointer and keys become intentions.
    Input,
    /// Intentions and the computer's answers become commands on the game.
    Apply,
    /// The map is drawn (once per scenario).
    Map,
    /// Counters follow the game.
    Counters,
    /// The orders (legal commands, odds) follow the game and the selection.
    Orders,
    /// Highlights, tooltips' data and animations.
    Visuals,
}

/// What the command line asked for, applied once the window is up.
#[derive(Resource, Clone, Debug, Default)]
pub struct Launch {
    pub args: LaunchArgs,
    /// Frame-time benchmark: measure this many frames, print the figures and quit
    /// (`SALIENT_BENCH_FRAMES`; with `SALIENT_BENCH_EMPTY=1`, an empty 2D scene instead).
    pub bench_frames: Option<u32>,
    pub bench_empty: bool,
    /// Frame benchmark only: layers not drawn, to see what each costs (`SALIENT_BENCH_HIDE=tiles,
    /// features,counters,hud`).
    pub bench_hide: Vec<String>,
}

impl Launch {
    /// The benchmark was asked not to draw this layer.
    pub fn hides(&self, layer: &str) -> bool {
        self.bench_frames.is_some() && self.bench_hide.iter().any(|l| l == layer)
    }
}

/// A message to show on the menu (a scenario or save that failed to open).
#[derive(Resource, Default, Clone, Debug)]
pub struct MenuMessage(pub Option<String>);

/// Opens the window and runs until it is closed; returns the process exit code.
pub fn run(args: LaunchArgs) -> i32 {
    let bench_frames = std::env::var("SALIENT_BENCH_FRAMES").ok().and_then(|v| v.parse::<u32>().ok()).filter(|n| *n > 0);
    let bench_empty = std::env::var("SALIENT_BENCH_EMPTY").is_ok_and(|v| v == "1");
    let bench_hide = std::env::var("SALIENT_BENCH_HIDE").map(|v| v.split(',').map(|s| s.trim().to_string()).collect()).unwrap_or_default();
    let launch = Launch { args, bench_frames, bench_empty, bench_hide };
    let asset_root: PathBuf = crate::engine::paths::data_root().unwrap_or_else(|| PathBuf::from(".")).join("assets");

    let mut app = App::new();
    let present_mode = if bench_frames.is_some() { PresentMode::AutoNoVsync } else { PresentMode::AutoVsync };
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Salient".into(),
                    resolution: WindowResolution::new(1600, 900),
                    present_mode,
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin { file_path: asset_root.to_string_lossy().to_string(), ..default() })
            // Small device-memory blocks: wgpu's default (`Performance`) reserves blocks of up to
            // 128 MiB (`MemoryUsage` 32 MiB), which a software renderer (lavapipe) holds in process
            // memory; this window's buffers and textures are small (a larger one gets its own block).
            .set(bevy::render::RenderPlugin {
                render_creation: bevy::render::settings::WgpuSettings {
                    memory_hints: bevy::render::settings::MemoryHints::Manual {
                        suballocated_device_memory_block_size: (1 << 20)..(4 << 20),
                    },
                    ..default()
                }
                .into(),
                ..default()
            })
            .set(bevy::log::LogPlugin { filter: "wgpu=error,naga=warn,bevy_render=warn,bevy_egui=warn,salient=info".into(), ..default() }),
    )
    // The table around the map: a shade lighter than the panels, so the map's part of the window reads as its own.
    .insert_resource(ClearColor(Color::srgb(0.22, 0.21, 0.18)))
    .insert_resource(launch.clone())
    .init_resource::<MenuMessage>();

    if launch.bench_empty {
        // The reference scene of the frame benchmark: a 2D camera and nothing else.
        app.add_systems(Startup, |mut commands: Commands| {
            commands.spawn(Camera2d);
        });
        app.add_plugins(capture::plugin);
        return exit_code(app.run());
    }

    app.add_plugins(EguiPlugin::default())
        .init_state::<Screen>()
        .init_state::<Presenting>()
        .add_computed_state::<Playing>()
        .configure_sets(Update, (Frame::Input, Frame::Apply, Frame::Map, Frame::Counters, Frame::Orders, Frame::Visuals).chain())
        .add_plugins((
            settings::plugin,
            camera::plugin,
            saves::plugin,
            screens::plugin,
            computer_turn::plugin,
            dice_tray::plugin,
            sound::plugin,
            game_menu::plugin,
            campaign::plugin,
            idle::plugin,
        ));
    for p in registry::presenters() {
        p.plugin(&mut app);
    }
    app.add_plugins((menu::plugin, rules_text::plugin, capture::plugin, theme::plugin, memory::plugin))
        .add_systems(Update, window_title.run_if(state_changed::<Screen>.or_else(state_changed::<Presenting>)));
    // The game's own rule schedules use Bevy's multi-threaded executor when the `multi_threaded` feature
    // is on (as in this build). Applying a command from inside a system that itself runs on the compute
    // task pool nests one scope in another and, with two cores, deadlocks. The window's systems are
    // light, so Startup, Update and the panels' pass run on the main thread, one after the other: the
    // game's schedules then have the pool to themselves.
    app.edit_schedule(Startup, |s| {
        s.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    });
    app.edit_schedule(Update, |s| {
        s.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    });
    // The panels' pass too: the menu opens saves (a replay runs the game's schedules) from it.
    app.edit_schedule(bevy_egui::EguiPrimaryContextPass, |s| {
        s.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    });
    exit_code(app.run())
}

/// The window's title names the game being played (its presenter's name), or only Salient on the menu.
fn window_title(playing: Option<Res<State<Playing>>>, mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>) {
    let name = playing.and_then(|p| registry::presenter(p.get().0)).map(|p| p.name());
    let title = name.map(|n| format!("Salient — {n}")).unwrap_or_else(|| "Salient".into());
    for mut w in &mut windows {
        if w.title != title {
            w.title = title.clone();
        }
    }
}

fn exit_code(exit: AppExit) -> i32 {
    match exit {
        AppExit::Success => 0,
        AppExit::Error(code) => code.get() as i32,
    }
}
