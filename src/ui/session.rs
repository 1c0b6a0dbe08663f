//! The bookkeeping every ruleset's window session shares: who sits at each side (a person or the
//! computer), the merged log of events and dice, revisions and generations, the undo check, and
//! [`WindowSession`], what the shell's systems (computer player, saves, hot reload) ask of a session.
//! Each presenter's session (`ui::bastards::session::PlaySession`, `ui::area::AreaSession`) is the
//! resource holding its game; every change to the game goes through it and bumps its revision, so
//! the board and the panels know to redraw.

use std::path::{Path, PathBuf};

use bevy::ecs::component::Mutable;
use bevy::prelude::*;

use crate::engine::journal::JournalLine;
use crate::engine::{Game, Refusal, Ruleset, StateView};

use super::presenter::Seats;

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
    /// The event's kind tag (`moved`, `fired`, `victory_points`...), for events.
    pub fn kind(&self) -> Option<&str> {
        match &self.line {
            JournalLine::Event { data, .. } => data.get("event").and_then(|v| v.as_str()),
            _ => None,
        }
    }
    /// A field of the event's data, as a string.
    pub fn field(&self, name: &str) -> Option<String> {
        match &self.line {
            JournalLine::Event { data, .. } => data.get(name).map(|v| match v {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            }),
            _ => None,
        }
    }
    /// A list field of the event's data (a movement's path).
    pub fn list(&self, name: &str) -> Vec<String> {
        match &self.line {
            JournalLine::Event { data, .. } => data
                .get(name)
                .and_then(|v| v.as_array())
                .map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
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
/// in (the turn events move it on).
pub fn extend_log<R: Ruleset>(log: &mut Vec<LogEntry>, game: &Game<R>) {
    let events = log.iter().filter(|l| !l.is_roll()).count();
    let rolls = log.iter().filter(|l| l.is_roll()).count();
    let mut turn = log.last().map(|l| l.turn).unwrap_or(1);
    for line in game.log_since(events, rolls) {
        let entry = LogEntry { turn, line };
        if entry.kind() == Some("turn_began")
            && let Some(t) = entry.field("turn").and_then(|t| t.parse().ok())
        {
            turn = t;
        }
        log.push(LogEntry { turn, line: entry.line });
    }
}

/// Whether a person may take back the last command: the engine allows it (no die was rolled since),
/// it is a person's turn, and the command was not the computer's.
pub fn undo_allowed<R: Ruleset>(game: &Game<R>, human_to_move: bool, computer_last: bool) -> Result<(), String> {
    if game.history().is_empty() {
        return Err("there is nothing to undo".into());
    }
    if !game.can_undo() {
        return Err("the last command rolled dice: undo goes back to the last die roll at most".into());
    }
    if !human_to_move {
        return Err("wait for your turn".into());
    }
    if computer_last {
        return Err("the last command was the computer's".into());
    }
    Ok(())
}

/// What the shell's systems ask of a ruleset's window session (the resource holding its game).
pub trait WindowSession: Resource + Component<Mutability = Mutable> + Sized {
    type R: crate::ai::Evaluators;
    /// The session of a game just opened or loaded, with these seats.
    fn new_game(game: Game<Self::R>, seats: &Seats) -> Self;
    fn game(&self) -> &Game<Self::R>;
    /// Bumped at every change.
    fn revision(&self) -> u64;
    /// Bumped when the game is replaced rather than advanced (start, undo, load).
    fn generation(&self) -> u64;
    fn view(&self) -> &StateView;
    /// Who plays the side with this id.
    fn seat_of(&self, side: &str) -> Seat;
    /// Applies a command; the log gains what it did.
    fn submit(&mut self, cmd: <Self::R as Ruleset>::Command) -> Result<(), Refusal>;
    /// Puts another game in place (a loaded save).
    fn replace(&mut self, game: Game<Self::R>);
    /// Puts in place the same game re-read from edited files (hot reload): the same commands, so who
    /// gave each of them is kept.
    fn reload(&mut self, game: Game<Self::R>);
    /// Writes the save and, beside it, who plays each side.
    fn save(&mut self, path: &Path) -> Result<(), String>;
    /// Takes the seats written beside a save.
    fn seats_from_save(&mut self, path: &Path);
    /// Where the game was last saved or loaded from.
    fn set_save_path(&mut self, path: PathBuf);

    /// True when the computer must decide now.
    fn computer_to_move(&self) -> bool {
        self.game().pending().is_some_and(|p| self.seat_of(&p.side) == Seat::Computer)
    }
}
