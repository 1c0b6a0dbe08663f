//! Saving and loading, in the user's data folder (`engine::paths::saves_dir()`): F5 quick-saves, F9
//! loads the quick save, the Save and Load dialogs name and list the saves, and the game autosaves at
//! each new turn and when the player leaves it. Each save has a small companion file
//! (`NAME.seats`) remembering who played which side; the engine's save file itself is untouched.
//! A damaged save gives a message, never a crash; a failed save never destroys the previous one
//! (the engine writes to a temporary file, then renames).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use serde::Deserialize;

use crate::engine::paths;
use crate::engine::scenario::{FileKind, file_kind, header};
use crate::engine::source::SourceFile;
use crate::engine::{Game, Ruleset};

use super::camera::MapViewport;
use super::input::Toasts;
use super::presenter::{Opening, Presenter, SeatChoice};
use super::registry::presenter;
use super::session::{GameSession, Seat, WindowSession};
use super::theme::{self, DIM, RED};
use super::{Frame, Playing, Screen};

/// Requests to the saves plugin from the panels and the menu.
#[derive(Resource, Default)]
pub struct SaveRequests {
    pub open_save: bool,
    pub open_load: bool,
    /// Save to the autosave now (leaving the game).
    pub autosave_now: bool,
    pub done_autosave: bool,
    /// Quit once the autosave is written.
    pub quit_after: bool,
    /// Go back to the main menu once the autosave is written.
    pub menu_after: bool,
    pub name: String,
    pub error: Option<String>,
}

/// One save on disk, for the lists.
#[derive(Clone, Debug)]
pub struct SaveEntry {
    pub path: PathBuf,
    pub name: String,
    pub summary: String,
    pub scenario: String,
    pub modified: Option<SystemTime>,
    /// Why it cannot be read, if it cannot.
    pub problem: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename = "Save")]
struct SaveHeader {
    #[serde(default)]
    summary: String,
    #[serde(default)]
    scenario: String,
    #[serde(default)]
    ruleset: String,
}

/// The quick save's path.
pub fn quicksave_path() -> PathBuf {
    paths::saves_dir().join("quicksave.ron")
}

pub fn autosave_path() -> PathBuf {
    paths::saves_dir().join("autosave.ron")
}

fn seats_path(save: &Path) -> PathBuf {
    save.with_extension("seats")
}

/// Every save in the saves folder, newest first.
pub fn list_saves() -> Vec<SaveEntry> {
    list_saves_in(&paths::saves_dir())
}

/// Every save in a folder (`.ron`, or `.save` as `salient sim --keep` writes them), newest first.
pub fn list_saves_in(folder: &Path) -> Vec<SaveEntry> {
    let mut out = Vec::new();
    let Ok(dir) = std::fs::read_dir(folder) else { return out };
    for e in dir.flatten() {
        let path = e.path();
        if path.extension().is_none_or(|x| x != "ron" && x != "save") {
            continue;
        }
        let name = path.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let modified = e.metadata().ok().and_then(|m| m.modified().ok());
        let (summary, scenario, problem) = match std::fs::read_to_string(&path) {
            Err(err) => (String::new(), String::new(), Some(err.to_string())),
            Ok(text) => match ron::from_str::<SaveHeader>(&text) {
                // The rulesets the window plays, each on its own board.
                Ok(h) if presenter(&h.ruleset).is_some() => (h.summary, h.scenario, None),
                Ok(h) => (h.summary, h.scenario, Some(format!("a save of another ruleset ({})", h.ruleset))),
                Err(err) => (String::new(), String::new(), Some(format!("damaged: {}", err.code))),
            },
        };
        out.push(SaveEntry { path, name, summary, scenario, modified, problem });
    }
    out.sort_by_key(|b| std::cmp::Reverse(b.modified));
    out
}

/// The presenter of a save's ruleset; the error says what is wrong (not a save, damaged, or a save
/// of a ruleset the window does not play).
pub fn save_presenter(path: &Path) -> Result<&'static dyn Presenter, String> {
    let file = SourceFile::read(path).map_err(|d| d.to_string())?;
    match file_kind(&file) {
        Ok(FileKind::Save) => {}
        Ok(other) => return Err(format!("{}: this is a {other:?} file, not a save", path.display())),
        Err(d) => return Err(format!("{d} (not a Salient save)")),
    }
    let (_, ruleset) = header(&file).map_err(|d| format!("{d} (the save is damaged)"))?;
    presenter(&ruleset).ok_or_else(|| format!("{}: a save of another ruleset ({ruleset})", path.display()))
}

/// Loads a save of any ruleset the window plays, with the seats chosen or the save's own.
pub fn load_any(path: &Path, seats: Option<SeatChoice>) -> Result<(&'static dyn Presenter, Opening), String> {
    let p = save_presenter(path)?;
    Ok((p, p.load(path, seats)?))
}

/// Loads a save of the ruleset `R` by replaying it; the error says what is wrong (not a save,
/// damaged, or a save of another ruleset).
pub fn load_save_of<R: Ruleset>(path: &Path) -> Result<Game<R>, String> {
    let file = SourceFile::read(path).map_err(|d| d.to_string())?;
    match file_kind(&file) {
        Ok(FileKind::Save) => {}
        Ok(other) => return Err(format!("{}: this is a {other:?} file, not a save", path.display())),
        Err(d) => return Err(format!("{d} (not a Salient save)")),
    }
    let (format, ruleset) = header(&file).map_err(|d| format!("{d} (the save is damaged)"))?;
    if ruleset != R::ID {
        return Err(format!("{}: a save of `{ruleset}`, not of {}", path.display(), R::NAME));
    }
    crate::engine::save::load_save::<R>(&file, format).map_err(|m| format!("{}: {m}", path.display()))
}

/// The seats written beside a save (its `.seats` file), or `default` if there is none or it does
/// not read.
pub fn load_seats_of<S: serde::de::DeserializeOwned + Ord>(save: &Path, default: BTreeMap<S, Seat>) -> BTreeMap<S, Seat> {
    std::fs::read_to_string(seats_path(save)).ok().and_then(|t| ron::from_str::<BTreeMap<S, Seat>>(&t).ok()).unwrap_or(default)
}

/// Writes a game's save and, beside it, who plays each side.
pub fn save_with_seats<R: Ruleset, S: serde::Serialize>(game: &Game<R>, seats: &S, path: &Path) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    game.save(path)?;
    let seats = ron::to_string(seats).map_err(|e| e.to_string())?;
    crate::engine::save::write_atomically(&seats_path(path), seats.as_bytes())
}

fn time_ago(t: Option<SystemTime>) -> String {
    let Some(t) = t else { return String::new() };
    let Ok(d) = SystemTime::now().duration_since(t) else { return "just now".into() };
    let s = d.as_secs();
    match s {
        0..60 => "just now".into(),
        60..3600 => format!("{} min ago", s / 60),
        3600..86400 => format!("{} h ago", s / 3600),
        _ => format!("{} days ago", s / 86400),
    }
}

/// The file name a player typed, made safe.
pub fn safe_name(name: &str) -> String {
    let s: String = name.trim().chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' || c == ' ' { c } else { '_' }).collect();
    let s = s.trim().replace(' ', "-");
    if s.is_empty() { "save".into() } else { s }
}

/// F5 and F9, the autosave at each new turn and on leaving.
#[allow(clippy::too_many_arguments)]
fn save_keys<S: WindowSession>(
    keys: Res<ButtonInput<KeyCode>>,
    viewport: Res<MapViewport>,
    mut session: Option<ResMut<GameSession<S::R>>>,
    mut toasts: ResMut<Toasts>,
    mut requests: ResMut<SaveRequests>,
    mut last_turn: Local<Option<(u64, u32)>>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(session) = session.as_mut() else { return };
    if !viewport.keyboard_over_ui {
        if keys.just_pressed(KeyCode::F5) {
            match session.save(&quicksave_path()) {
                Ok(()) => toasts.show(format!("Quick save: {}", quicksave_path().display())),
                Err(e) => toasts.show(format!("The game was not saved: {e}")),
            }
        }
        if keys.just_pressed(KeyCode::F9) {
            let path = quicksave_path();
            if !path.exists() {
                toasts.show("There is no quick save yet (F5 saves).");
            } else {
                match load_save_of::<S::R>(&path) {
                    Ok(game) => {
                        session.replace(game);
                        session.save_path = Some(path);
                        toasts.show("Quick save loaded.");
                    }
                    Err(e) => toasts.show(format!("The quick save could not be loaded: {e}")),
                }
            }
        }
    }
    // Autosave when a new turn begins, and on request.
    let turn = session.view.turn;
    let game_id = session.generation;
    let new_turn = last_turn.is_some_and(|(g, t)| g == game_id && t != turn);
    if last_turn.is_none_or(|(g, _)| g != game_id) || new_turn {
        *last_turn = Some((game_id, turn));
    }
    if new_turn || requests.autosave_now {
        // A replay is not a game of the player's: it leaves the autosave alone.
        if !session.watching()
            && let Err(e) = session.save(&autosave_path())
        {
            toasts.show(format!("Autosave failed: {e}"));
        }
        if requests.autosave_now {
            requests.autosave_now = false;
            requests.done_autosave = true;
            if std::mem::take(&mut requests.menu_after) {
                next.set(Screen::Menu);
            }
            if std::mem::take(&mut requests.quit_after) {
                exit.write(AppExit::Success);
            }
        }
    }
}

/// The Save and Load dialogs in the game.
fn save_dialogs<S: WindowSession>(
    mut contexts: EguiContexts,
    mut requests: ResMut<SaveRequests>,
    mut session: Option<ResMut<GameSession<S::R>>>,
    mut toasts: ResMut<Toasts>,
    mut listed: Local<Option<Vec<SaveEntry>>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(session) = session.as_mut() else { return Ok(()) };
    if requests.open_save {
        let mut open = true;
        if requests.name.is_empty() {
            requests.name = format!("{}-turn-{}", session.view.scenario, session.view.turn);
        }
        egui::Window::new(theme::title("Save game", 20.0))
            .id("save-dialog".into())
            .open(&mut open)
            .collapsible(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(&ctx, |ui| {
                ui.label(egui::RichText::new(format!("Saves are kept in {}", paths::saves_dir().display())).small().color(DIM));
                ui.horizontal(|ui| {
                    ui.label("Name");
                    ui.text_edit_singleline(&mut requests.name);
                    if ui.button(theme::strong("Save")).clicked() {
                        let path = paths::saves_dir().join(format!("{}.ron", safe_name(&requests.name)));
                        match session.save(&path) {
                            Ok(()) => {
                                toasts.show(format!("Saved: {}", path.display()));
                                requests.open_save = false;
                                requests.error = None;
                                *listed = None;
                            }
                            Err(e) => requests.error = Some(e),
                        }
                    }
                });
                if let Some(e) = &requests.error {
                    ui.label(egui::RichText::new(e).color(RED));
                }
            });
        if !open {
            requests.open_save = false;
        }
    }
    if requests.open_load {
        let mut open = true;
        let saves = listed.get_or_insert_with(list_saves).clone();
        let mut chosen = None;
        egui::Window::new(theme::title("Load game", 20.0))
            .id("load-dialog".into())
            .open(&mut open)
            .collapsible(false)
            .default_width(520.0)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(&ctx, |ui| {
                chosen = save_list_ui(ui, &saves, &paths::saves_dir(), "Load");
                if let Some(e) = &requests.error {
                    ui.label(egui::RichText::new(e).color(RED));
                }
            });
        if let Some(path) = chosen {
            match load_save_of::<S::R>(&path) {
                Ok(game) => {
                    session.replace(game);
                    session.seats_from_save(&path);
                    session.save_path = Some(path);
                    requests.open_load = false;
                    requests.error = None;
                    toasts.show("Game loaded.");
                }
                Err(e) => requests.error = Some(e),
            }
        }
        if !open {
            requests.open_load = false;
            requests.error = None;
        }
    } else {
        *listed = None;
    }
    Ok(())
}

/// The list of saves with a Load button each; returns the one chosen.
pub fn save_list_ui(ui: &mut egui::Ui, saves: &[SaveEntry], folder: &Path, action: &str) -> Option<PathBuf> {
    let mut chosen = None;
    if saves.is_empty() {
        ui.label(egui::RichText::new(format!("No saves yet in {}", folder.display())).color(DIM));
        return None;
    }
    egui::ScrollArea::vertical().max_height(360.0).show(ui, |ui| {
        egui::Grid::new("saves").num_columns(3).striped(true).spacing([14.0, 8.0]).show(ui, |ui| {
            for s in saves {
                ui.vertical(|ui| {
                    // A fixed width, so names and reasons wrap at words rather than letters.
                    ui.set_width(340.0);
                    ui.label(theme::strong(&s.name));
                    ui.label(egui::RichText::new(&s.summary).small());
                    if let Some(p) = &s.problem {
                        ui.label(egui::RichText::new(p).small().color(RED));
                    }
                });
                ui.label(egui::RichText::new(time_ago(s.modified)).small().color(DIM));
                if ui.add_enabled(s.problem.is_none(), egui::Button::new(action)).clicked() {
                    chosen = Some(s.path.clone());
                }
                ui.end_row();
            }
        });
    });
    chosen
}

/// F5 and F9, the autosave, and the Save and Load dialogs, for a presenter whose session is `S`.
pub fn save_systems<S: WindowSession>(app: &mut App, screen: Playing) {
    app.add_systems(Update, save_keys::<S>.in_set(Frame::Apply).run_if(in_state(screen)))
        .add_systems(EguiPrimaryContextPass, save_dialogs::<S>.run_if(in_state(screen)).run_if(super::theme::theme_ready));
}

pub fn plugin(app: &mut App) {
    app.init_resource::<SaveRequests>().add_systems(OnExit(Screen::Game), |mut r: ResMut<SaveRequests>| {
        r.open_load = false;
        r.open_save = false;
        r.done_autosave = false;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_made_safe() {
        assert_eq!(safe_name("  my game / turn 3 "), "my-game-_-turn-3");
        assert_eq!(safe_name("../../etc"), "______etc");
        assert_eq!(safe_name(""), "save");
    }

    #[test]
    fn a_damaged_save_is_an_error_not_a_panic() {
        let dir = std::env::temp_dir().join(format!("salient-ui-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("bad.ron");
        std::fs::write(&p, "Save(format: 1, ruleset: \"some-ruleset\", scenario: \"x\", seed: 1, commands: [, checksum").unwrap();
        assert!(load_any(&p, None).is_err());
        std::fs::write(&p, "").unwrap();
        assert!(load_any(&p, None).is_err());
        assert!(load_any(&dir.join("missing.ron"), None).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
