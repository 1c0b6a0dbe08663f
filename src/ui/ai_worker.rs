//! The computer opponent, off the frame: a worker thread keeps its own replica of the game, kept in
//! step by receiving every command the window applies, and answers "what would you play now?" with a
//! command sent back through a channel. The window never waits for it: it polls the channel each frame
//! and submits the answer to the real game, then animates it.

use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use bevy::prelude::*;

use crate::engine::Game;
use crate::engine::game::Origin;
use crate::rulesets::bastards::{Bastards, Command};

use super::Screen;
use super::counters::Animations;
use super::session::{PlaySession, Seat};
use super::settings::Settings;

/// What the window asks of the worker.
enum Request {
    /// Start over from this origin and these commands (new game, undo, load).
    Reset(Box<Origin<Bastards>>, Vec<Command>),
    /// The window applied this command.
    Apply(Command),
    /// Choose a command for the position after `revision`.
    Think(u64),
}

/// What the worker answers.
enum Answer {
    Chosen(u64, Option<Command>),
    Failed(String),
}

/// The worker thread and its channels.
#[derive(Resource)]
pub struct AiWorker {
    to_worker: Sender<Request>,
    /// In a mutex only so the resource is `Sync`; only the main thread reads it.
    from_worker: std::sync::Mutex<Receiver<Answer>>,
    _thread: JoinHandle<()>,
    /// The game generation and number of commands the worker mirrors.
    synced_generation: u64,
    synced_commands: usize,
    /// The revision it is thinking about, if it is.
    thinking: Option<u64>,
    /// When the last computer command was applied (to pace the computer's moves).
    last_move: Option<Instant>,
    pub status: String,
}

fn worker(requests: Receiver<Request>, answers: Sender<Answer>) {
    let mut game: Option<Game<Bastards>> = None;
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
            Request::Think(revision) => {
                let choice = game.as_mut().and_then(crate::ai::choose);
                if answers.send(Answer::Chosen(revision, choice)).is_err() {
                    return;
                }
            }
        }
    }
}

impl AiWorker {
    pub fn spawn() -> Option<AiWorker> {
        let (to_worker, requests) = channel();
        let (answers, from_worker) = channel();
        let thread = std::thread::Builder::new().name("salient-ai".into()).spawn(move || worker(requests, answers)).ok()?;
        Some(AiWorker { to_worker, from_worker: std::sync::Mutex::new(from_worker), _thread: thread, synced_generation: 0, synced_commands: 0, thinking: None, last_move: None, status: String::new() })
    }

    /// Brings the worker's replica to the session's position: the new commands one by one, or a
    /// fresh replay when the game was replaced (undo, load).
    fn sync(&mut self, session: &PlaySession) {
        let history = session.game.history();
        if self.synced_generation == session.generation && self.synced_commands <= history.len() {
            for step in &history[self.synced_commands..] {
                if self.to_worker.send(Request::Apply(step.command.clone())).is_err() {
                    return;
                }
                self.thinking = None;
            }
        } else {
            if self.to_worker.send(Request::Reset(Box::new(session.game.origin().clone()), session.game.commands())).is_err() {
                return;
            }
            self.thinking = None;
        }
        self.synced_generation = session.generation;
        self.synced_commands = history.len();
    }
}

/// The pause after a computer command before the next, by animation speed.
fn pace(settings: &Settings) -> Duration {
    Duration::from_millis(settings.animation.pause_ms())
}

/// Keeps the worker in step, asks it to move when the computer is to decide, and applies its answer.
fn drive_computer(
    mut worker: Option<ResMut<AiWorker>>,
    mut session: Option<ResMut<PlaySession>>,
    settings: Res<Settings>,
    animations: Res<Animations>,
    hand_over: Res<super::screens::HandOver>,
) {
    let (Some(worker), Some(session)) = (worker.as_mut(), session.as_mut()) else { return };
    worker.sync(session);

    // Answers.
    loop {
        let answer = match worker.from_worker.lock() {
            Ok(rx) => rx.try_recv(),
            Err(_) => Err(TryRecvError::Disconnected),
        };
        match answer {
            Ok(Answer::Chosen(rev, Some(cmd))) if rev == session.revision && worker.thinking == Some(rev) => {
                worker.thinking = None;
                match session.submit(cmd.clone()) {
                    Ok(()) => {
                        worker.status.clear();
                        worker.last_move = Some(Instant::now());
                    }
                    Err(r) => worker.status = format!("The computer chose {cmd:?}, which was refused: {r}"),
                }
            }
            Ok(Answer::Chosen(rev, None)) if rev == session.revision => {
                worker.thinking = None;
                worker.status = "The computer found no legal command.".into();
            }
            Ok(Answer::Chosen(..)) => {}
            Ok(Answer::Failed(msg)) => {
                worker.status = msg;
                worker.synced_generation = 0;
            }
            Err(TryRecvError::Empty) => break,
            Err(TryRecvError::Disconnected) => {
                worker.status = "The computer opponent stopped.".into();
                break;
            }
        }
    }

    // Ask for a move when the computer is to decide and the last one has been shown.
    let computer_to_move = session.to_move().is_some_and(|s| session.seat(s) == Seat::Computer);
    let settled = !animations.busy() && worker.last_move.is_none_or(|t| t.elapsed() >= pace(&settings));
    if computer_to_move && worker.thinking.is_none() && settled && !hand_over.showing {
        let rev = session.revision;
        if worker.to_worker.send(Request::Think(rev)).is_ok() {
            worker.thinking = Some(rev);
        }
    }
}

/// True while the computer is choosing.
pub fn computer_thinking(worker: Option<&AiWorker>) -> bool {
    worker.is_some_and(|w| w.thinking.is_some())
}

pub fn plugin(app: &mut App) {
    if let Some(w) = AiWorker::spawn() {
        app.insert_resource(w);
    }
    app.add_systems(Update, drive_computer.in_set(super::Frame::Apply).run_if(in_state(Screen::Game)));
}
