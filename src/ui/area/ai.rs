//! The computer opponent for Royal Tank Corps, off the frame (the same pattern as
//! `ui::ai_worker`): a worker thread keeps a replica of the game, kept in step with every command the
//! window applies, and answers with `crate::ai::choose`'s command through a channel. The window never
//! waits for it.

use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::time::{Duration, Instant};

use bevy::prelude::*;

use crate::engine::Game;
use crate::engine::game::Origin;
use crate::rulesets::rtc::{Command, Rtc};
use crate::ui::session::Seat;
use crate::ui::settings::Settings;

use super::session::AreaSession;

enum Request {
    Reset(Box<Origin<Rtc>>, Vec<Command>),
    Apply(Command),
    Think(u64),
}

enum Answer {
    Chosen(u64, Option<Command>),
    Failed(String),
}

/// The worker thread and its channels.
#[derive(Resource)]
pub struct AreaAi {
    to_worker: Sender<Request>,
    from_worker: std::sync::Mutex<Receiver<Answer>>,
    synced_generation: u64,
    synced_commands: usize,
    thinking: Option<u64>,
    last_move: Option<Instant>,
    pub status: String,
}

impl AreaAi {
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }
}

fn worker(requests: Receiver<Request>, answers: Sender<Answer>) {
    let mut game: Option<Game<Rtc>> = None;
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

fn spawn() -> Option<AreaAi> {
    let (to_worker, requests) = channel();
    let (answers, from_worker) = channel();
    std::thread::Builder::new().name("salient-rtc-ai".into()).spawn(move || worker(requests, answers)).ok()?;
    Some(AreaAi { to_worker, from_worker: std::sync::Mutex::new(from_worker), synced_generation: 0, synced_commands: 0, thinking: None, last_move: None, status: String::new() })
}

impl AreaAi {
    fn sync(&mut self, session: &AreaSession) {
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

fn drive(mut ai: Option<ResMut<AreaAi>>, mut session: Option<ResMut<AreaSession>>, settings: Res<Settings>) {
    let (Some(ai), Some(session)) = (ai.as_mut(), session.as_mut()) else { return };
    ai.sync(session);
    loop {
        let answer = match ai.from_worker.lock() {
            Ok(rx) => rx.try_recv(),
            Err(_) => Err(TryRecvError::Disconnected),
        };
        match answer {
            Ok(Answer::Chosen(rev, Some(cmd))) if rev == session.revision && ai.thinking == Some(rev) => {
                ai.thinking = None;
                match session.submit(cmd.clone()) {
                    Ok(()) => {
                        ai.status.clear();
                        ai.last_move = Some(Instant::now());
                    }
                    Err(r) => ai.status = format!("The computer chose {cmd:?}, which was refused: {r}"),
                }
            }
            Ok(Answer::Chosen(rev, None)) if rev == session.revision => {
                ai.thinking = None;
                ai.status = "The computer found no legal command.".into();
            }
            Ok(Answer::Chosen(..)) => {}
            Ok(Answer::Failed(msg)) => {
                ai.status = msg;
                ai.synced_generation = 0;
            }
            Err(TryRecvError::Empty) => break,
            Err(TryRecvError::Disconnected) => {
                ai.status = "The computer opponent stopped.".into();
                break;
            }
        }
    }
    let computer_to_move = session.to_move().is_some_and(|s| session.seat(s) == Seat::Computer);
    let pause = Duration::from_millis(settings.animation.pause_ms());
    let settled = ai.last_move.is_none_or(|t| t.elapsed() >= pause);
    if computer_to_move && ai.thinking.is_none() && settled {
        let rev = session.revision;
        if ai.to_worker.send(Request::Think(rev)).is_ok() {
            ai.thinking = Some(rev);
        }
    }
}

pub fn plugin(app: &mut App) {
    if let Some(w) = spawn() {
        app.insert_resource(w);
    }
    app.add_systems(Update, drive.run_if(in_state(crate::ui::Screen::AreaGame)));
}
