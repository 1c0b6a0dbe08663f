//! The replay viewer: a save (or a game kept by `salient sim --keep DIR`) stepped through command by
//! command, forward and back, with the board, the log and the dice in step. Every seat is a
//! watcher, so no order can be given and the computer stays quiet; "Take over here" turns the
//! position into a normal game. Stepping forward applies the next command (its animations play);
//! stepping back replays the prefix from the game's origin (`Game::replay`, fast headless). It works
//! for every ruleset: the presenter loads the save with watcher seats (`presenter::load_session`)
//! and adds [`session_systems`] for its session.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::engine::game::Origin;
use crate::engine::journal::JournalLine;
use crate::engine::{Game, Ruleset};

use super::camera::MapViewport;
use super::counters::Animations;
use super::presenter::{Presenter, Seats, default_seats};
use super::saves::save_presenter;
use super::session::{GameSession, LogEntry, Seat, WindowSession};
use super::theme::{self, DIM, PARCHMENT};
use super::widgets::die_face;
use super::{Frame, Playing};

/// The speeds of play, in commands per second.
const SPEEDS: [f32; 5] = [0.5, 1.0, 2.0, 5.0, 20.0];

/// The game being replayed: where it began, every command of it, and how far it has been stepped.
#[derive(Resource)]
pub struct Replay<R: Ruleset> {
    origin: Origin<R>,
    commands: Vec<R::Command>,
    /// Commands applied so far (0: the start of the game).
    pub at: usize,
    /// Index in the session's log of the first line of the last command applied.
    lines_from: usize,
    pub playing: bool,
    /// Index in [`SPEEDS`].
    pub speed: usize,
    /// Time since the last command applied while playing.
    waited: Duration,
}

impl<R: Ruleset> Replay<R> {
    /// The replay of a whole game, and the game at its start.
    pub fn of(game: &Game<R>) -> Result<(Replay<R>, Game<R>), String> {
        let origin = game.origin().clone();
        let start = Game::replay(origin.clone(), &[]).map_err(|(_, r)| r.to_string())?;
        Ok((Replay { origin, commands: game.commands(), at: 0, lines_from: 0, playing: false, speed: 1, waited: Duration::ZERO }, start))
    }

    pub fn len(&self) -> usize {
        self.commands.len()
    }

    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    /// The command applied last, if any.
    pub fn last_command(&self) -> Option<&R::Command> {
        self.at.checked_sub(1).map(|i| &self.commands[i])
    }

    /// Puts the session at `k` commands: the next command applied when `k` is one further, else the
    /// first `k` commands replayed from the origin.
    pub fn go_to(&mut self, session: &mut GameSession<R>, k: usize) -> Result<(), String> {
        let k = k.min(self.commands.len());
        if k == self.at {
            return Ok(());
        }
        if k == self.at + 1 {
            session.submit(self.commands[self.at].clone()).map_err(|r| r.to_string())?;
            self.lines_from = session.new_from;
        } else {
            let mut game = Game::replay(self.origin.clone(), &self.commands[..k.saturating_sub(1)])
                .map_err(|(i, r)| format!("command {} is refused: {r}", i + 1))?;
            let before = game.log_since(0, 0).len();
            if k > 0 {
                game.submit(self.commands[k - 1].clone()).map_err(|r| format!("command {k} is refused: {r}"))?;
            }
            session.replace(game);
            self.lines_from = if k > 0 { before } else { session.log.len() };
        }
        self.at = k;
        Ok(())
    }

    /// The log's lines of the last command applied (its events and dice).
    pub fn last_lines<'a>(&self, session: &'a GameSession<R>) -> &'a [LogEntry] {
        &session.log[self.lines_from.min(session.log.len())..]
    }
}

/// Every side a watcher.
pub fn watchers(sides: &[String]) -> Result<Seats, String> {
    Ok(sides.iter().map(|s| (s.clone(), Seat::Watcher)).collect())
}

/// The save to replay at `path`: the file itself, or the first save in a folder (a game kept by
/// `salient sim --keep DIR`).
pub fn replay_file(path: &Path) -> Result<PathBuf, String> {
    if !path.is_dir() {
        return Ok(path.to_path_buf());
    }
    super::saves::list_saves_in(path)
        .into_iter()
        .find(|s| s.problem.is_none())
        .map(|s| s.path)
        .ok_or_else(|| format!("{}: no save to replay in this folder", path.display()))
}

/// Opens a save (or a kept game's folder) in the replay viewer, through its ruleset's presenter.
pub fn open_replay(path: &Path) -> Result<(&'static dyn Presenter, super::presenter::Opening), String> {
    let file = replay_file(path)?;
    let p = save_presenter(&file)?;
    Ok((p, p.load(&file, Some(&watchers))?))
}

/// What the viewer's buttons and keys asked for.
enum Ask {
    To(usize),
    Play(bool),
    Speed(usize),
    TakeOver(Seats),
}

/// The viewer's keys: Left/Right step, Home/End go to the ends, Space plays or pauses.
const KEYS: [KeyCode; 5] = [KeyCode::ArrowLeft, KeyCode::ArrowRight, KeyCode::Home, KeyCode::End, KeyCode::Space];

/// The key of the viewer pressed this frame, taken before the board sees it (the arrows would pan
/// the map too).
#[derive(Resource, Default)]
struct ReplayKey(Option<KeyCode>);

fn grab_keys<S: WindowSession>(
    replay: Option<Res<Replay<S::R>>>,
    viewport: Res<MapViewport>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut key: ResMut<ReplayKey>,
) {
    if replay.is_none() || viewport.keyboard_over_ui {
        return;
    }
    key.0 = KEYS.into_iter().find(|k| keys.just_pressed(*k));
    for k in KEYS {
        keys.reset(k);
    }
}

fn ask_of<R: Ruleset>(key: KeyCode, replay: &Replay<R>) -> Option<Ask> {
    let at = replay.at;
    match key {
        KeyCode::ArrowRight => Some(Ask::To(at + 1)),
        KeyCode::ArrowLeft => Some(Ask::To(at.saturating_sub(1))),
        KeyCode::Home => Some(Ask::To(0)),
        KeyCode::End => Some(Ask::To(replay.len())),
        KeyCode::Space => Some(Ask::Play(!replay.playing)),
        _ => None,
    }
}

/// Steps on while playing: one command after the animations of the last have played and the
/// interval of the speed has passed.
fn play<S: WindowSession>(
    time: Res<Time>,
    animations: Res<Animations>,
    replay: Option<ResMut<Replay<S::R>>>,
    session: Option<ResMut<GameSession<S::R>>>,
    mut key: ResMut<ReplayKey>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let (Some(mut replay), Some(mut session)) = (replay, session) else { return };
    if let Some(ask) = key.0.take().and_then(|k| ask_of(k, &replay)) {
        act(ask, &mut replay, &mut session);
    }
    if !replay.playing {
        return;
    }
    // The window sleeps between inputs (`idle`): keep it drawing while the replay plays.
    redraw.write(bevy::window::RequestRedraw);
    replay.waited += time.delta();
    let interval = Duration::from_secs_f32(1.0 / SPEEDS[replay.speed]);
    if animations.busy() || replay.waited < interval {
        return;
    }
    replay.waited = Duration::ZERO;
    let next = replay.at + 1;
    act(Ask::To(next), &mut replay, &mut session);
    if replay.at >= replay.len() {
        replay.playing = false;
    }
}

fn act<R: Ruleset>(ask: Ask, replay: &mut Replay<R>, session: &mut GameSession<R>) {
    match ask {
        Ask::To(k) => {
            if let Err(e) = replay.go_to(session, k) {
                session.message = Some(format!("The replay stops here: {e}"));
                replay.playing = false;
            }
        }
        Ask::Play(on) => {
            replay.playing = on && replay.at < replay.len();
            replay.waited = Duration::ZERO;
        }
        Ask::Speed(i) => replay.speed = i.min(SPEEDS.len() - 1),
        Ask::TakeOver(seats) => session.set_seats(seats),
    }
}

/// The viewer's bar: the buttons, the slider, the speed, the command just applied with its events
/// and dice, and "Take over here".
fn viewer_ui<S: WindowSession>(
    mut contexts: EguiContexts,
    replay: Option<ResMut<Replay<S::R>>>,
    session: Option<ResMut<GameSession<S::R>>>,
    mut commands: Commands,
) -> Result {
    let (Some(mut replay), Some(mut session)) = (replay, session) else { return Ok(()) };
    let ctx = contexts.ctx_mut()?.clone();
    let mut asks = Vec::new();
    egui::Window::new("Replay")
        .anchor(egui::Align2::CENTER_TOP, [0.0, 44.0])
        .resizable(false)
        .collapsible(true)
        .default_width(560.0)
        .show(&ctx, |ui| controls(ui, &replay, &session, &mut asks));
    for ask in asks {
        let took_over = matches!(ask, Ask::TakeOver(_));
        act(ask, &mut replay, &mut session);
        if took_over {
            commands.remove_resource::<Replay<S::R>>();
        }
    }
    Ok(())
}

fn controls<R: Ruleset>(ui: &mut egui::Ui, replay: &Replay<R>, session: &GameSession<R>, asks: &mut Vec<Ask>) {
    let (at, n) = (replay.at, replay.len());
    ui.horizontal(|ui| {
        let button = |ui: &mut egui::Ui, enabled: bool, text: &str, tip: &str| {
            ui.add_enabled(enabled, egui::Button::new(text)).on_hover_text(tip).clicked()
        };
        if button(ui, at > 0, "⏮", "The start (Home)") {
            asks.push(Ask::To(0));
        }
        if button(ui, at > 0, "◀", "One command back (Left)") {
            asks.push(Ask::To(at - 1));
        }
        let (label, tip) = if replay.playing { ("⏸", "Pause (Space)") } else { ("▶", "Play (Space)") };
        if button(ui, at < n, label, tip) {
            asks.push(Ask::Play(!replay.playing));
        }
        if button(ui, at < n, "▶|", "One command forward (Right)") {
            asks.push(Ask::To(at + 1));
        }
        if button(ui, at < n, "⏭", "The end (End)") {
            asks.push(Ask::To(n));
        }
        let mut speed = replay.speed;
        egui::ComboBox::from_id_salt("replay-speed").width(90.0).selected_text(format!("{}/s", SPEEDS[speed])).show_ui(ui, |ui| {
            for (i, s) in SPEEDS.iter().enumerate() {
                ui.selectable_value(&mut speed, i, format!("{s} commands/s"));
            }
        });
        if speed != replay.speed {
            asks.push(Ask::Speed(speed));
        }
    });
    let mut k = at;
    ui.spacing_mut().slider_width = 480.0;
    if ui.add(egui::Slider::new(&mut k, 0..=n).text(format!("of {n}"))).changed() {
        asks.push(Ask::To(k));
    }
    ui.label(egui::RichText::new(format!("Turn {} — {}", session.view.turn, session.view.phase)).color(PARCHMENT));
    match replay.last_command() {
        None => ui.label(egui::RichText::new("The start of the game: no command yet.").color(DIM)),
        Some(c) => ui.label(theme::strong(format!("Command {at}: {c:?}"))),
    };
    egui::ScrollArea::vertical().max_height(120.0).show(ui, |ui| {
        for line in replay.last_lines(session) {
            let text = match &line.line {
                JournalLine::Roll { value, sides, purpose, .. } if *sides == 6 => format!("{} {value} ({purpose})", die_face(*value)),
                other => other.text(),
            };
            ui.label(egui::RichText::new(text).small().color(if line.is_roll() { DIM } else { PARCHMENT }));
        }
    });
    take_over(ui, session, asks);
}

/// "Take over here": hot-seat, or a person on one side against the computer.
fn take_over<R: Ruleset>(ui: &mut egui::Ui, session: &GameSession<R>, asks: &mut Vec<Ask>) {
    let sides = super::presenter::sides_of(&session.game);
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Take over here:").color(DIM));
        if ui.button("Hot-seat").on_hover_text("Both sides played by people at this screen").clicked() {
            asks.push(Ask::TakeOver(sides.iter().map(|s| (s.clone(), Seat::Human)).collect()));
        }
        for side in &sides {
            let mut name = side.clone();
            if let Some(first) = name.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            if ui.button(format!("{name} against the computer")).clicked() {
                let mut seats = default_seats(&sides);
                seats.values_mut().for_each(|s| *s = Seat::Computer);
                seats.insert(side.clone(), Seat::Human);
                asks.push(Ask::TakeOver(seats));
            }
        }
    });
}

/// The session `S` of a presenter's game screen: the replay viewer over it, and the session and
/// its replay removed when the screen is left. (Resources are entities in Bevy 0.19, but despawning
/// one, as `DespawnOnExit` would, is warned against: they are removed.)
pub fn session_systems<S: WindowSession>(app: &mut App, screen: Playing) {
    app.init_resource::<ReplayKey>()
        .add_systems(PreUpdate, grab_keys::<S>.after(bevy::input::InputSystems).run_if(in_state(screen)))
        .add_systems(Update, play::<S>.in_set(Frame::Apply).run_if(in_state(screen)))
        .add_systems(EguiPrimaryContextPass, viewer_ui::<S>.run_if(in_state(screen)).run_if(super::theme::theme_ready))
        .add_systems(OnExit(screen), |mut commands: Commands| {
            commands.remove_resource::<Replay<S::R>>();
            commands.remove_resource::<GameSession<S::R>>();
        });
}

/// Checks that leaving the game screen of `R` (a replay of `scenario` on it) leaves neither its
/// session nor its replay behind (each ruleset's tests call it).
#[cfg(test)]
pub fn check_leaving<R: crate::ai::Evaluators>(scenario: &Path) {
    use bevy::state::app::StatesPlugin;

    use super::{Presenting, Screen};
    let id: &'static str = R::ID;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .init_state::<Screen>()
        .init_state::<Presenting>()
        .add_computed_state::<Playing>()
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<Animations>()
        .add_message::<bevy::window::RequestRedraw>()
        .init_resource::<MapViewport>();
    session_systems::<GameSession<R>>(&mut app, Playing(id));
    let game = super::session::open_game::<R>(scenario, 1).expect("the scenario opens");
    let (replay, start) = Replay::of(&game).expect("the replay opens");
    let seats = watchers(&super::presenter::sides_of(&game)).expect("seats");
    app.world_mut().insert_resource(GameSession::new(start, seats));
    app.world_mut().insert_resource(replay);
    app.world_mut().resource_mut::<NextState<Presenting>>().set(Presenting(Some(id)));
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    app.update();
    assert_eq!(app.world().get_resource::<State<Playing>>().map(|s| *s.get()), Some(Playing(id)));
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Menu);
    app.update();
    assert!(app.world().get_resource::<GameSession<R>>().is_none(), "the session is left behind");
    assert!(app.world().get_resource::<Replay<R>>().is_none(), "the replay is left behind");
}

/// Checks the stepping on a game of `R` from `scenario` (each ruleset's tests call it): forward
/// one command at a time to k, back to k-1 gives the position of the first k-1 commands replayed,
/// forward again the position of k, and a jump anywhere the position replayed there.
#[cfg(test)]
pub fn check_stepping<R: Ruleset>(scenario: &Path) {
    let mut game = super::session::open_game::<R>(scenario, 3).expect("the scenario opens");
    for _ in 0..40 {
        let Some(cmd) = game.legal().first().cloned() else { break };
        game.submit(cmd).expect("a legal command is accepted");
    }
    let (mut replay, start) = Replay::of(&game).expect("the replay opens");
    let n = replay.len();
    assert!(n >= 10, "{n} commands");
    let replayed = |k: usize| Game::replay(game.origin().clone(), &game.commands()[..k]).expect("replays").checksum();
    let mut session = GameSession::new(start, watchers(&super::presenter::sides_of(&game)).expect("seats"));
    assert!(!session.human_to_move() && !session.computer_to_move(), "watchers neither play nor let the computer play");
    let k = n - 2;
    for i in 1..=k {
        replay.go_to(&mut session, i).expect("steps forward");
    }
    let at_k = session.game.checksum();
    assert_eq!(at_k, replayed(k));
    replay.go_to(&mut session, k - 1).expect("steps back");
    assert_eq!(session.game.checksum(), replayed(k - 1));
    assert_eq!(replay.last_command(), Some(&game.commands()[k - 2]));
    assert!(!replay.last_lines(&session).is_empty(), "the events of {:?} are shown", replay.last_command());
    replay.go_to(&mut session, k).expect("steps forward again");
    assert_eq!(session.game.checksum(), at_k);
    for jump in [0, n, 3] {
        replay.go_to(&mut session, jump).expect("jumps");
        assert_eq!(session.game.checksum(), replayed(jump));
    }
    assert_eq!(session.game.checksum(), replayed(3));
    assert_eq!(session.game.history().len(), 3);
}
