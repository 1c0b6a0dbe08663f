//! The computer opponent, off the frame: a worker thread keeps its own replica of the game, kept in
//! step by receiving every command the window applies, and answers "what would you play now?" with a
//! command sent back through a channel. The window never waits for it: it polls the channel each frame
//! and submits the answer to the real game, then animates it.

use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use bevy::prelude::*;

use crate::ai::search::Threat;
use crate::engine::game::Origin;
use crate::engine::{Difficulty, Game, Ruleset};

use super::counters::Animations;
use super::screens::HandOver;
use super::session::{GameSession, WindowSession};
use super::settings::Settings;

/// What the window asks of the worker.
enum Request<R: Ruleset> {
    /// Start over from this origin and these commands (new game, undo, load).
    Reset(Box<Origin<R>>, Vec<R::Command>),
    /// The window applied this command.
    Apply(R::Command),
    /// Choose a command for the position after `revision`, at a difficulty.
    Think(u64, Difficulty),
    /// The threat view against a side (its index) for the position after `revision`.
    Threats(u64, usize),
}

/// What the worker answers.
enum Answer<C> {
    Chosen(u64, Option<C>),
    Threats(u64, Option<Vec<Threat>>),
    Failed(String),
}

/// The computer player of a ruleset: the worker thread and its channels (every ruleset's window
/// uses this one).
#[derive(Resource)]
pub struct ComputerPlayer<R: Ruleset> {
    to_worker: Sender<Request<R>>,
    /// In a mutex only so the resource is `Sync`; only the main thread reads it.
    from_worker: std::sync::Mutex<Receiver<Answer<R::Command>>>,
    _thread: JoinHandle<()>,
    /// The game generation and number of commands the worker mirrors.
    synced_generation: u64,
    synced_commands: usize,
    /// The revision it is thinking about, if it is.
    thinking: Option<u64>,
    /// When the last computer command was applied (to pace the computer's moves).
    last_move: Option<Instant>,
    pub status: String,
    /// The threat view: the revision it was asked for, and the answer once it came (`None` inside:
    /// the ruleset has none).
    threats_asked: Option<u64>,
    pub threats: Option<(u64, Option<Vec<Threat>>)>,
}

fn worker<R: crate::ai::Evaluators>(requests: Receiver<Request<R>>, answers: Sender<Answer<R::Command>>) {
    let mut game: Option<Game<R>> = None;
    while let Ok(req) = requests.recv() {
        match req {
            Request::Reset(origin, commands) => match Game::replay(*origin, &commands) {
                Ok(g) => game = Some(g),
                Err((i, r)) => {
                    game = None;
                    let _ = answers.send(Answer::Failed(format!("the computer could not follow the game (command {}: {r})", i + 1)));
                }
            },
            Request::Apply(cmd) => {
                if let Some(g) = game.as_mut()
                    && let Err(r) = g.submit(cmd)
                {
                    let _ = answers.send(Answer::Failed(format!("the computer's copy of the game refused a command: {r}")));
                    game = None;
                }
            }
            Request::Threats(revision, side) => {
                let threats = game.as_ref().and_then(|g| R::threats(g, side));
                if answers.send(Answer::Threats(revision, threats)).is_err() {
                    return;
                }
            }
            Request::Think(revision, level) => {
                let choice = game.as_mut().and_then(|g| crate::ai::choose_at(g, level));
                if answers.send(Answer::Chosen(revision, choice)).is_err() {
                    return;
                }
            }
        }
    }
}

impl<R: crate::ai::Evaluators> ComputerPlayer<R> {
    pub fn spawn() -> Option<Self> {
        let (to_worker, requests) = channel();
        let (answers, from_worker) = channel();
        let thread =
            std::thread::Builder::new().name(format!("salient-ai-{}", R::ID)).spawn(move || worker::<R>(requests, answers)).ok()?;
        Some(ComputerPlayer {
            to_worker,
            from_worker: std::sync::Mutex::new(from_worker),
            _thread: thread,
            synced_generation: 0,
            synced_commands: 0,
            thinking: None,
            last_move: None,
            status: String::new(),
            threats_asked: None,
            threats: None,
        })
    }

    /// True while the computer is choosing.
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Brings the worker's replica to the game's position: the new commands one by one, or a fresh
    /// replay when the game was replaced (a new `generation`: undo, load).
    pub fn sync(&mut self, game: &Game<R>, generation: u64) {
        let history = game.history();
        if self.synced_generation == generation && self.synced_commands <= history.len() {
            for step in &history[self.synced_commands..] {
                if self.to_worker.send(Request::Apply(step.command.clone())).is_err() {
                    return;
                }
                self.thinking = None;
            }
        } else {
            if self.to_worker.send(Request::Reset(Box::new(game.origin().clone()), game.commands())).is_err() {
                return;
            }
            self.thinking = None;
        }
        self.synced_generation = generation;
        self.synced_commands = history.len();
    }

    /// Reads the worker's answers: the command it chose for the position after `revision`, if it
    /// has answered (failures and stale answers only change the status).
    pub fn answer(&mut self, revision: u64) -> Option<R::Command> {
        let mut chosen = None;
        loop {
            let answer = match self.from_worker.lock() {
                Ok(rx) => rx.try_recv(),
                Err(_) => Err(TryRecvError::Disconnected),
            };
            match answer {
                Ok(Answer::Chosen(rev, Some(cmd))) if rev == revision && self.thinking == Some(rev) => {
                    self.thinking = None;
                    chosen = Some(cmd);
                }
                Ok(Answer::Chosen(rev, None)) if rev == revision => {
                    self.thinking = None;
                    self.status = "The computer found no legal command.".into();
                }
                Ok(Answer::Chosen(..)) => {}
                Ok(Answer::Threats(rev, threats)) => self.threats = Some((rev, threats)),
                Ok(Answer::Failed(msg)) => {
                    self.status = msg;
                    self.synced_generation = 0;
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.status = "The computer opponent stopped.".into();
                    break;
                }
            }
        }
        chosen
    }

    /// The window applied (or refused) the command the computer chose.
    pub fn played(&mut self, command: &R::Command, result: Result<(), String>) {
        match result {
            Ok(()) => {
                self.status.clear();
                self.last_move = Some(Instant::now());
            }
            Err(r) => self.status = format!("The computer chose {command:?}, which was refused: {r}"),
        }
    }

    /// Asks for the threat view against `side` (its index) after `revision`, unless already asked.
    pub fn ask_threats(&mut self, revision: u64, side: usize) {
        if self.threats_asked != Some(revision) && self.to_worker.send(Request::Threats(revision, side)).is_ok() {
            self.threats_asked = Some(revision);
        }
    }

    /// Asks for a command for the position after `revision`, unless it is already thinking or the
    /// pause after its last command has not passed.
    pub fn ask(&mut self, revision: u64, pause: Duration, level: Difficulty) {
        if self.thinking.is_none()
            && self.last_move.is_none_or(|t| t.elapsed() >= pause)
            && self.to_worker.send(Request::Think(revision, level)).is_ok()
        {
            self.thinking = Some(revision);
        }
    }
}

/// The pause after a computer command before the next, by animation speed.
pub fn pace(settings: &Settings) -> Duration {
    Duration::from_millis(settings.animation.pause_ms())
}

/// Keeps the worker in step, asks it to move when the computer is to decide, and applies its answer.
/// Each presenter adds it for its session, ordered after its animations start.
pub fn drive_computer<S: WindowSession>(
    mut worker: Option<ResMut<ComputerPlayer<S::R>>>,
    mut session: Option<ResMut<GameSession<S::R>>>,
    settings: Res<Settings>,
    animations: Res<Animations>,
    hand_over: Res<HandOver>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let (Some(worker), Some(session)) = (worker.as_mut(), session.as_mut()) else { return };
    // The window sleeps between inputs: keep it drawing while the computer chooses or is to play.
    if worker.thinking() || (session.computer_to_move() && !hand_over.showing) {
        redraw.write(bevy::window::RequestRedraw);
    }
    worker.sync(&session.game, session.generation);
    // Paused: its answer waits in the channel until the player resumes.
    if session.playback.paused() {
        return;
    }
    if let Some(cmd) = worker.answer(session.revision) {
        let result = session.submit(cmd.clone()).map_err(|r| r.to_string());
        worker.played(&cmd, result);
        // Its animations start next frame; ask again once they have played.
        return;
    }
    // Ask for a move when the computer is to decide and the last one has been shown.
    let skipping = session.playback.skipping();
    if session.computer_to_move() && (skipping || !animations.busy()) && !hand_over.showing {
        worker.ask(session.revision, session.playback.pace(pace(&settings)), settings.difficulty);
    }
}

/// True while the computer is choosing.
pub fn computer_thinking<R: crate::ai::Evaluators>(worker: Option<&ComputerPlayer<R>>) -> bool {
    worker.is_some_and(|w| w.thinking())
}

/// Starts the computer player of the ruleset `R` (its worker thread waits for questions).
pub fn spawn_computer<R: crate::ai::Evaluators>(app: &mut App) {
    if let Some(w) = ComputerPlayer::<R>::spawn() {
        app.insert_resource(w);
    }
}
