//! Hot reload: while a game is on the map, the files it was built from (the scenario, its map, the
//! ruleset's tables) are watched by polling their modification times. When one changes and the files
//! still validate, the game is re-opened from the edited files and its commands are replayed on it:
//! if every command replays, play goes on from the same position on the new files; if one is refused,
//! a banner says which and why, the game goes on with the previous files, and a button switches to
//! the edited files with the commands that still replay. When the files no longer validate, their
//! errors are shown (`file:line:col: sentence`, from the same checks as `salient validate`) and the
//! last good version stays in use.
//!
//! The decision ([`reload`]) is plain code over `Game`, tested without a window below.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::engine::game::Origin;
use crate::engine::loader::Loader;
use crate::engine::{Game, Ruleset};

use super::Playing;
use super::session::{GameSession, WindowSession};
use super::theme::{self, BRASS, DIM, PARCHMENT, RED};

/// How often the files' modification times are read.
const POLL: Duration = Duration::from_millis(700);
/// How long the files must stay unchanged before they are read (an editor may write in steps).
const SETTLE: Duration = Duration::from_millis(350);

/// What re-reading a game's files gives.
pub enum Reload<R: Ruleset> {
    /// The files are the ones the game was built from: nothing to do.
    Same,
    /// The files no longer validate: every problem, `file:line:col: sentence`. The game goes on as it was.
    Invalid(Vec<String>),
    /// The files validate and every command replays on them: the game, at the same position.
    Replayed(Box<Game<R>>),
    /// The files validate but command `at` (0-based) is refused on them.
    Diverged {
        /// The game built from the edited files.
        origin: Box<Origin<R>>,
        at: usize,
        reason: String,
    },
}

/// The file on disk behind a name in `Origin::files` (the tables are named from the data folder).
pub fn disk_path(name: &str) -> PathBuf {
    if name.starts_with("assets/")
        && let Some(root) = crate::engine::paths::data_root()
    {
        return root.join(name);
    }
    PathBuf::from(name)
}

/// Re-reads the scenario a game was built from (with its map and tables) and decides what becomes of
/// the game: see [`Reload`].
pub fn reload<R: Ruleset>(origin: &Origin<R>, commands: &[R::Command]) -> Reload<R> {
    let mut loader = Loader::from_disk();
    let file = match loader.load(Path::new(&origin.scenario_path)) {
        Ok(f) => f,
        Err(d) => return Reload::Invalid(vec![d.to_string()]),
    };
    let scenario = match R::load_scenario(&file, &mut loader) {
        Ok(s) => s,
        Err(ds) => {
            let mut lines: Vec<String> = ds.iter().map(|d| d.to_string()).collect();
            if lines.is_empty() {
                lines.push(format!("{}: does not load", origin.scenario_path));
            }
            return Reload::Invalid(lines);
        }
    };
    if loader.read == origin.files {
        return Reload::Same;
    }
    let new_origin = Origin {
        scenario: Arc::new(scenario),
        scenario_path: origin.scenario_path.clone(),
        files: loader.read,
        seed: origin.seed,
        forced: origin.forced.clone(),
    };
    match Game::replay(new_origin.clone(), commands) {
        Ok(game) => Reload::Replayed(Box::new(game)),
        Err((at, refusal)) => Reload::Diverged { origin: Box::new(new_origin), at, reason: refusal.to_string() },
    }
}

/// The modification times of the watched files (`None`: missing or unreadable).
fn stamps(files: &[PathBuf]) -> Vec<Option<SystemTime>> {
    files.iter().map(|f| std::fs::metadata(f).and_then(|m| m.modified()).ok()).collect()
}

/// What the banner shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Banner {
    /// Reloaded: the files that changed and how many commands were replayed.
    Reloaded(String),
    /// The edited files do not validate.
    Invalid(Vec<String>),
    /// The edited files validate but the game does not replay on them.
    Diverged { at: usize, total: usize, reason: String },
}

/// The watcher's state, for the ruleset `R`.
#[derive(Resource)]
pub struct HotReload<R: Ruleset> {
    /// The scenario object being watched (a new game, a load or a reload starts over).
    watching: Option<Arc<R::Scenario>>,
    files: Vec<PathBuf>,
    stamps: Vec<Option<SystemTime>>,
    last_poll: Option<Instant>,
    /// A change seen at this time, waiting for the files to settle.
    changed_at: Option<Instant>,
    pub banner: Option<(Banner, Instant)>,
    /// The edited game when the commands did not all replay (offered by the banner's button).
    diverged: Option<Diverged<R>>,
}

/// The game built from the edited files, and the commands of the game being played.
type Diverged<R> = (Box<Origin<R>>, Vec<<R as Ruleset>::Command>);

impl<R: Ruleset> Default for HotReload<R> {
    fn default() -> Self {
        HotReload { watching: None, files: Vec::new(), stamps: Vec::new(), last_poll: None, changed_at: None, banner: None, diverged: None }
    }
}

fn poll<S: WindowSession>(mut state: ResMut<HotReload<S::R>>, session: Option<ResMut<GameSession<S::R>>>) {
    let Some(mut session) = session else {
        state.watching = None;
        return;
    };
    let now = Instant::now();
    // A new game (or a reloaded one): watch its files from now on.
    let scenario = session.game.origin().scenario.clone();
    if !state.watching.as_ref().is_some_and(|w| Arc::ptr_eq(w, &scenario)) {
        let files: Vec<PathBuf> = session.game.origin().files.keys().map(|n| disk_path(n)).collect();
        state.stamps = stamps(&files);
        state.files = files;
        state.watching = Some(scenario);
        state.changed_at = None;
        state.last_poll = Some(now);
        return;
    }
    if state.last_poll.is_some_and(|t| now.duration_since(t) < POLL) {
        return;
    }
    state.last_poll = Some(now);
    let current = stamps(&state.files);
    if current != state.stamps {
        state.stamps = current;
        state.changed_at = Some(now);
        return;
    }
    let Some(at) = state.changed_at else { return };
    if now.duration_since(at) < SETTLE {
        return;
    }
    state.changed_at = None;
    let commands = session.game.commands();
    match reload(session.game.origin(), &commands) {
        Reload::Same => {}
        Reload::Invalid(lines) => {
            for l in &lines {
                warn!("hot reload: {l}");
            }
            state.banner = Some((Banner::Invalid(lines), now));
        }
        Reload::Replayed(game) => {
            let changed = changed_files(&session.game.origin().files, &game.origin().files);
            info!("hot reload: {changed} reloaded, {} commands replayed", commands.len());
            session.reload(*game);
            state.diverged = None;
            state.banner =
                Some((Banner::Reloaded(format!("{changed} reloaded; the game's {} commands replayed on it", commands.len())), now));
        }
        Reload::Diverged { origin, at, reason } => {
            warn!("hot reload: command {} no longer replays: {reason}", at + 1);
            state.banner = Some((Banner::Diverged { at, total: commands.len(), reason }, now));
            state.diverged = Some((origin, commands));
        }
    }
}

/// The names of the files that differ between two sets, for the banner.
fn changed_files(old: &BTreeMap<String, String>, new: &BTreeMap<String, String>) -> String {
    let names: Vec<&str> = new.iter().filter(|(k, v)| old.get(*k) != Some(*v)).map(|(k, _)| k.rsplit('/').next().unwrap_or(k)).collect();
    if names.is_empty() { "the scenario".to_string() } else { names.join(", ") }
}

fn banner_ui<S: WindowSession>(
    mut contexts: EguiContexts,
    mut state: ResMut<HotReload<S::R>>,
    session: Option<ResMut<GameSession<S::R>>>,
) -> Result {
    let Some((banner, since)) = state.banner.clone() else { return Ok(()) };
    // A successful reload says so for a few seconds; problems stay until dismissed or fixed.
    if matches!(banner, Banner::Reloaded(_)) && since.elapsed() > Duration::from_secs(6) {
        state.banner = None;
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let mut close = false;
    let mut switch = false;
    let width = 620.0f32.min(ctx.viewport_rect().width() - 40.0);
    egui::Area::new("hot-reload".into()).order(egui::Order::Foreground).anchor(egui::Align2::CENTER_TOP, egui::vec2(-120.0, 52.0)).show(
        &ctx,
        |ui| {
            let (fill, stroke) = match banner {
                Banner::Reloaded(_) => (egui::Color32::from_rgb(32, 52, 34), egui::Color32::from_rgb(110, 170, 100)),
                Banner::Invalid(_) => (egui::Color32::from_rgb(64, 28, 24), RED),
                Banner::Diverged { .. } => (egui::Color32::from_rgb(58, 46, 22), BRASS),
            };
            egui::Frame::new().fill(fill).stroke(egui::Stroke::new(1.5, stroke)).corner_radius(4.0).inner_margin(10.0).show(ui, |ui| {
                ui.set_width(width);
                match &banner {
                    Banner::Reloaded(text) => {
                        ui.label(theme::strong("Scenario files reloaded"));
                        ui.label(egui::RichText::new(text).color(PARCHMENT));
                    }
                    Banner::Invalid(lines) => {
                        ui.label(theme::strong("The edited files do not validate — the game goes on with the last good version"));
                        egui::ScrollArea::vertical().max_height(180.0).show(ui, |ui| {
                            for l in lines {
                                ui.label(egui::RichText::new(l).monospace().size(12.5).color(egui::Color32::from_rgb(250, 215, 200)));
                            }
                        });
                        ui.horizontal(|ui| {
                            ui.label(egui::RichText::new("Fix the file and save it: it is read again at once.").small().color(DIM));
                            if ui.small_button("dismiss").clicked() {
                                close = true;
                            }
                        });
                    }
                    Banner::Diverged { at, total, reason } => {
                        ui.label(theme::strong("The edited files validate, but this game does not replay on them"));
                        ui.label(egui::RichText::new(format!("Command {} of {total} is refused: {reason}.", at + 1)).color(PARCHMENT));
                        ui.label(egui::RichText::new("The game goes on with the previous version of the files.").color(DIM));
                        ui.horizontal(|ui| {
                            if ui.button(format!("Use the edited files (keep the first {at} commands)")).clicked() {
                                switch = true;
                            }
                            if ui.button("Keep the previous version").clicked() {
                                close = true;
                            }
                        });
                    }
                }
            });
        },
    );
    if switch
        && let Some((origin, commands)) = state.diverged.take()
        && let Some(mut session) = session
    {
        let at = match &banner {
            Banner::Diverged { at, .. } => *at,
            _ => 0,
        };
        match Game::replay(*origin, &commands[..at.min(commands.len())]) {
            Ok(game) => {
                session.replace(game);
                state.banner = Some((Banner::Reloaded(format!("the edited files are in use; {at} commands replayed")), Instant::now()));
            }
            Err((i, r)) => {
                state.banner = Some((Banner::Invalid(vec![format!("command {} could not be replayed: {r}", i + 1)]), Instant::now()))
            }
        }
        return Ok(());
    }
    if close {
        state.banner = None;
        state.diverged = None;
    }
    Ok(())
}

/// Hot reload for a presenter whose session is `S`, on its game screen.
pub fn hot_reload_systems<S: WindowSession>(app: &mut App, screen: Playing) {
    app.init_resource::<HotReload<S::R>>()
        .add_systems(Update, poll::<S>.in_set(super::Frame::Apply).run_if(in_state(screen)))
        .add_systems(EguiPrimaryContextPass, banner_ui::<S>.run_if(in_state(screen)).run_if(theme::theme_ready))
        .add_systems(OnExit(screen), |mut state: ResMut<HotReload<S::R>>| *state = HotReload::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables are named from the data folder and read there; other files as named. (Hot reload
    /// on a real scenario is tested in a presenter's folder, on its own scenario.)
    #[test]
    fn tables_are_watched_in_the_data_folder() {
        let p = disk_path("assets/rulesets/myrules/tables.ron");
        assert!(p.ends_with("assets/rulesets/myrules/tables.ron"));
        assert_eq!(disk_path("scenarios/myrules/x.ron"), PathBuf::from("scenarios/myrules/x.ron"));
    }
}
