//! The game in the window, for every ruleset: [`GameSession`] holds the engine's `Game`, who sits at
//! each side (a person or the computer), the merged log of events and dice, revisions and
//! generations, who gave each command, the undo check, the save path and the state view the board
//! draws from. Every change to the game goes through it and bumps its revision, so the board and the
//! panels know to redraw. [`WindowSession`] is what the shell's systems (computer player, saves, hot
//! reload) ask of it. A presenter names its session `GameSession<its ruleset>` and may add typed
//! helpers (its `Side`) in an `impl` of its own.

use std::path::{Path, PathBuf};

use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::journal::{Describe, JournalLine};
use crate::engine::{Game, Refusal, Ruleset, StateView};

use super::presenter::{Seats, default_seats, sides_of};
use super::saves::{load_seats_of, save_with_seats};

/// Revisions and generations are unique across sessions (of every ruleset), so nothing mistakes a
/// new game for the old one.
pub fn next_generation() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Seat {
    Human,
    Computer,
    /// Nobody gives its orders: the replay viewer.
    Watcher,
}

/// One line of the log panel: a die roll or a rule event, with the turn it happened in.
#[derive(Clone, Debug)]
pub struct LogEntry {
    pub turn: u32,
    pub line: JournalLine,
}

impl LogEntry {
    pub fn is_roll(&self) -> bool {
        matches!(self.line, JournalLine::Roll { .. })
    }
}

/// How the game last changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A command was applied: animate what it did.
    Played,
    /// Undone, loaded or started: put everything in place at once.
    Reset,
}

/// Opens a scenario file for the window: its first errors, one per line, as the message.
pub fn open_game<R: Ruleset>(path: &Path, seed: u64) -> Result<Game<R>, String> {
    Game::<R>::open(path, seed, Vec::new()).map_err(|ds| {
        let mut lines: Vec<String> = ds.iter().take(5).map(|d| d.to_string()).collect();
        if ds.len() > 5 {
            lines.push(format!("... and {} more", ds.len() - 5));
        }
        if lines.is_empty() {
            lines.push(format!("{}: cannot be opened", path.display()));
        }
        lines.join("\n")
    })
}

/// Adds to `log` the game's events and rolls it does not have yet, each with the turn it happened
/// in (the events that begin a turn move it on, `Describe::turn_began`).
pub fn extend_log<R: Ruleset>(log: &mut Vec<LogEntry>, game: &Game<R>) {
    let events = log.iter().filter(|l| !l.is_roll()).count();
    let rolls = log.iter().filter(|l| l.is_roll()).count();
    let mut turn = log.last().map(|l| l.turn).unwrap_or(1);
    let mut began = game.journal().events().skip(events).map(|e| e.turn_began());
    for line in game.log_since(events, rolls) {
        if matches!(line, JournalLine::Event { .. })
            && let Some(Some(t)) = began.next()
        {
            turn = t;
        }
        log.push(LogEntry { turn, line });
    }
}

/// Who gave the last command, as undo sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastBy {
    /// The person to move now (or unknown: a command of a loaded save).
    Mover,
    /// The other person at a hot-seat screen: their command stands, since taking it back would hand
    /// the game back to them in front of the player now seated, with what they may not see (their
    /// placements, their hidden units) on the hand-over card and the board.
    OtherPerson,
    Computer,
}

/// Whether a person may take back the last command: the engine allows it (no die was rolled since),
/// it is a person's turn, and the command was theirs, not the computer's nor the other player's.
pub fn undo_allowed<R: Ruleset>(game: &Game<R>, human_to_move: bool, last_by: LastBy) -> Result<(), String> {
    if game.history().is_empty() {
        return Err("there is nothing to undo".into());
    }
    if !game.can_undo() {
        return Err("the last command rolled dice: undo goes back to the last die roll at most".into());
    }
    if !human_to_move {
        return Err("wait for your turn".into());
    }
    match last_by {
        LastBy::Computer => Err("the last command was the computer's".into()),
        LastBy::OtherPerson => Err("the last command was the other player's: it stands".into()),
        LastBy::Mover => Ok(()),
    }
}

/// The game in the window (a resource), for the ruleset `R`.
#[derive(Resource)]
pub struct GameSession<R: Ruleset> {
    pub game: Game<R>,
    /// Who plays each side, by side id.
    pub seats: Seats,
    /// Bumped at every change.
    pub revision: u64,
    /// Bumped when the game is replaced rather than advanced (start, undo, load).
    pub generation: u64,
    pub last_change: Change,
    /// Every log line so far.
    pub log: Vec<LogEntry>,
    /// Index in `log` of the first line the last change added.
    pub new_from: usize,
    pub view: StateView,
    /// The legal commands now.
    pub legal: Vec<R::Command>,
    /// Where the game was last saved or loaded from.
    pub save_path: Option<PathBuf>,
    /// The side a person last decided for, for the hot-seat hand-over.
    pub last_human: Option<String>,
    /// Who gave each command of the history, by side id (`None`: unknown, as after a load).
    pub deciders: Vec<Option<String>>,
    /// A message for the top of the screen (a refusal, a save written).
    pub message: Option<String>,
    /// Pause, faster and skip for the computer's commands (`computer_turn`).
    pub playback: super::computer_turn::Playback,
}

impl<R: Ruleset> GameSession<R> {
    pub fn new(mut game: Game<R>, seats: Seats) -> Self {
        let mut s = GameSession {
            view: game.view(),
            legal: game.legal().to_vec(),
            deciders: vec![None; game.history().len()],
            game,
            seats,
            revision: next_generation(),
            generation: next_generation(),
            last_change: Change::Reset,
            log: Vec::new(),
            new_from: 0,
            save_path: None,
            last_human: None,
            message: None,
            playback: Default::default(),
        };
        s.rebuild_log();
        s
    }

    /// Opens a scenario file.
    pub fn open(path: &Path, seed: u64, seats: Seats) -> Result<Self, String> {
        Ok(Self::new(open_game(path, seed)?, seats))
    }

    pub fn scenario(&self) -> &Arc<R::Scenario> {
        &self.game.origin().scenario
    }

    /// The id of the side that must decide now.
    pub fn side_to_move(&self) -> Option<String> {
        self.game.pending().map(|p| p.side)
    }

    /// Who plays the side with this id (a person if the seats do not say).
    pub fn seat_of(&self, side: &str) -> Seat {
        self.seats.get(side).copied().unwrap_or(Seat::Human)
    }

    /// True when a person must decide now.
    pub fn human_to_move(&self) -> bool {
        self.side_to_move().is_some_and(|s| self.seat_of(&s) == Seat::Human)
    }

    /// True when the computer must decide now.
    pub fn computer_to_move(&self) -> bool {
        self.side_to_move().is_some_and(|side| self.seat_of(&side) == Seat::Computer)
    }

    /// True when every side is watched, not played (the replay viewer).
    pub fn watching(&self) -> bool {
        !self.seats.is_empty() && self.seats.values().all(|s| *s == Seat::Watcher)
    }

    /// Puts other players at the sides (taking over a replay).
    pub fn set_seats(&mut self, seats: Seats) {
        self.seats = seats;
        self.changed(Change::Reset);
    }

    /// True when every side is played by a person (hot-seat).
    pub fn hot_seat(&self) -> bool {
        self.seats.values().all(|s| *s == Seat::Human)
    }

    /// Why a command would be refused now, if it would.
    pub fn check(&self, cmd: &R::Command) -> Result<(), Refusal> {
        if self.game.is_over() {
            return Err(Refusal::new("the game is over"));
        }
        R::check(self.game.world(), cmd)
    }

    /// Applies a command; the log gains what it did.
    pub fn submit(&mut self, cmd: R::Command) -> Result<(), Refusal> {
        let by = self.side_to_move();
        self.game.submit(cmd)?;
        if let Some(side) = &by
            && self.seat_of(side) == Seat::Human
        {
            self.last_human = Some(side.clone());
        }
        self.deciders.push(by);
        self.new_from = self.log.len();
        extend_log(&mut self.log, &self.game);
        self.message = None;
        self.changed(Change::Played);
        Ok(())
    }

    /// Whether the player may take back the last command: the engine allows it (no die was rolled
    /// since), it is a person's turn, and the command was theirs, not the computer's nor, at a
    /// hot-seat screen, the other player's.
    pub fn player_can_undo(&self) -> Result<(), String> {
        let last_by = match self.deciders.last().cloned().flatten() {
            Some(side) if self.seat_of(&side) == Seat::Computer => LastBy::Computer,
            Some(side) if Some(&side) != self.side_to_move().as_ref() => LastBy::OtherPerson,
            _ => LastBy::Mover,
        };
        undo_allowed(&self.game, self.human_to_move(), last_by)
    }

    /// Takes back the last command (allowed back to the last die roll).
    pub fn undo(&mut self) -> Result<(), Refusal> {
        if let Err(why) = self.player_can_undo() {
            return Err(Refusal::new(why));
        }
        self.game.undo()?;
        self.deciders.truncate(self.game.history().len());
        self.rebuild_log();
        self.changed(Change::Reset);
        Ok(())
    }

    /// Puts another game in place (a loaded save).
    pub fn replace(&mut self, game: Game<R>) {
        self.deciders = vec![None; game.history().len()];
        self.game = game;
        self.rebuild_log();
        self.changed(Change::Reset);
    }

    /// Puts in place the same game re-read from edited files (hot reload): the same commands, so who
    /// gave each of them is kept.
    pub fn reload(&mut self, game: Game<R>) {
        let deciders = std::mem::take(&mut self.deciders);
        self.replace(game);
        if deciders.len() == self.deciders.len() {
            self.deciders = deciders;
        }
    }

    fn changed(&mut self, how: Change) {
        self.view = self.game.view();
        self.legal = self.game.legal().to_vec();
        self.revision = next_generation();
        if how == Change::Reset {
            self.generation = next_generation();
        }
        self.last_change = how;
    }

    /// Rebuilds the whole log.
    fn rebuild_log(&mut self) {
        self.log.clear();
        extend_log(&mut self.log, &self.game);
        self.new_from = self.log.len();
    }

    /// Writes the save and, beside it, who plays each side.
    pub fn save(&mut self, path: &Path) -> Result<(), String> {
        save_with_seats(&self.game, &self.seats, path)?;
        self.save_path = Some(path.to_path_buf());
        Ok(())
    }

    /// Takes the seats written beside a save (default: the first side a person's, the others the
    /// computer's).
    pub fn seats_from_save(&mut self, path: &Path) {
        self.seats = load_seats_of(path, default_seats(&sides_of(&self.game)));
    }
}

/// The ruleset of a window session type, for the shell's systems generic over it
/// (`drive_computer::<PlaySession>`, `save_systems::<AreaSession>`): they read and write the
/// resource `GameSession<S::R>`.
pub trait WindowSession: 'static {
    type R: crate::ai::Evaluators;
}

impl<R: crate::ai::Evaluators> WindowSession for GameSession<R> {
    type R = R;
}
