//! The game being played in the window: the engine's `Game<Bastards>`, who sits at each side (a
//! person or the computer), the merged log of events and dice, and the snapshot the map draws from.
//! Every change to the game goes through [`PlaySession::submit`], [`PlaySession::undo`] or a load, and
//! bumps [`PlaySession::revision`] so the map, the counters and the panels know to redraw.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::journal::JournalLine;
use crate::engine::{Game, Refusal, Ruleset, StateView};
use crate::rulesets::bastards::map::Situation;
use crate::rulesets::bastards::scenario::Scenario;
use crate::rulesets::bastards::units::Side;
use crate::rulesets::bastards::{Bastards, Command};

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

/// The game in the window.
#[derive(Resource)]
pub struct PlaySession {
    pub game: Game<Bastards>,
    pub seats: BTreeMap<Side, Seat>,
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
    /// Where the game was last saved or loaded from.
    pub save_path: Option<PathBuf>,
    /// The side that last decided, for the hot-seat hand-over.
    pub last_human: Option<Side>,
    /// Who gave each command of the history (`None`: unknown, as after a load).
    pub deciders: Vec<Option<Side>>,
}

impl PlaySession {
    pub fn new(game: Game<Bastards>, seats: BTreeMap<Side, Seat>) -> PlaySession {
        let view = game.view();
        let mut s = PlaySession {
            game,
            seats,
            revision: next_generation(),
            generation: next_generation(),
            last_change: Change::Reset,
            log: Vec::new(),
            new_from: 0,
            view,
            save_path: None,
            last_human: None,
            deciders: Vec::new(),
        };
        s.deciders = vec![None; s.game.history().len()];
        s.rebuild_log();
        s
    }

    /// Opens a scenario file.
    pub fn open(path: &Path, seed: u64, seats: BTreeMap<Side, Seat>) -> Result<PlaySession, String> {
        Ok(PlaySession::new(open_game(path, seed)?, seats))
    }

    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.game.origin().scenario
    }

    /// The side that must decide now.
    pub fn to_move(&self) -> Option<Side> {
        self.game.pending().and_then(|p| Side::from_id(&p.side))
    }

    pub fn seat(&self, side: Side) -> Seat {
        self.seats.get(&side).copied().unwrap_or(Seat::Human)
    }

    /// True when a person must decide now.
    pub fn human_to_move(&self) -> bool {
        self.to_move().is_some_and(|s| self.seat(s) == Seat::Human)
    }

    pub fn situation(&self) -> Situation {
        Situation::capture(self.game.world())
    }

    /// Why a command would be refused now, if it would.
    pub fn check(&self, cmd: &Command) -> Result<(), Refusal> {
        if self.game.is_over() {
            return Err(Refusal::new("the game is over"));
        }
        <Bastards as Ruleset>::check(self.game.world(), cmd)
    }

    /// Applies a command; the log gains what it did.
    pub fn submit(&mut self, cmd: Command) -> Result<(), Refusal> {
        let by = self.to_move();
        self.game.submit(cmd)?;
        self.deciders.push(by);
        if let Some(side) = by
            && self.seat(side) == Seat::Human
        {
            self.last_human = Some(side);
        }
        self.new_from = self.log.len();
        extend_log(&mut self.log, &self.game);
        self.changed(Change::Played);
        Ok(())
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

    /// Whether the player may take back the last command: the engine allows it (no die was rolled
    /// since), it is a person's turn, and the command was a person's, not the computer's.
    pub fn player_can_undo(&self) -> Result<(), String> {
        let computer_last = self.deciders.last().copied().flatten().is_some_and(|side| self.seat(side) == Seat::Computer);
        undo_allowed(&self.game, self.human_to_move(), computer_last)
    }

    /// Puts another game in place (a loaded save).
    pub fn replace(&mut self, game: Game<Bastards>) {
        self.deciders = vec![None; game.history().len()];
        self.game = game;
        self.rebuild_log();
        self.changed(Change::Reset);
    }

    /// Puts in place the same game re-read from edited files (hot reload): the same commands, so who
    /// gave each of them is kept.
    pub fn reload(&mut self, game: Game<Bastards>) {
        let deciders = std::mem::take(&mut self.deciders);
        self.replace(game);
        if deciders.len() == self.deciders.len() {
            self.deciders = deciders;
        }
    }

    fn changed(&mut self, how: Change) {
        self.view = self.game.view();
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

    pub fn save(&mut self, path: &Path) -> Result<(), String> {
        self.game.save(path)?;
        self.save_path = Some(path.to_path_buf());
        Ok(())
    }
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

/// The seats for a game from `--side` and `--ai`: the side named by `--side` is the player's and the
/// other the computer's; each `--ai SIDE` gives a side to the computer; `--ai none` makes it a
/// hot-seat game between two people. Without either, the player has the Allies.
pub fn seats_from(side: Option<&str>, ai: &[String]) -> Result<BTreeMap<Side, Seat>, String> {
    let mut seats = BTreeMap::new();
    if ai.iter().any(|a| a.eq_ignore_ascii_case("none")) {
        seats.insert(Side::Allied, Seat::Human);
        seats.insert(Side::German, Seat::Human);
        return Ok(seats);
    }
    let parse =
        |s: &str| Side::from_id(&s.to_lowercase()).ok_or_else(|| format!("`{s}` is not a side of Into the Bastards! (allied or german)"));
    match side {
        Some(s) => {
            let me = parse(s)?;
            seats.insert(me, Seat::Human);
            seats.insert(me.enemy(), Seat::Computer);
        }
        None if ai.is_empty() => {
            seats.insert(Side::Allied, Seat::Human);
            seats.insert(Side::German, Seat::Computer);
        }
        None => {
            seats.insert(Side::Allied, Seat::Human);
            seats.insert(Side::German, Seat::Human);
        }
    }
    for a in ai {
        seats.insert(parse(a)?, Seat::Computer);
    }
    Ok(seats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_follow_the_command_line() {
        let s = seats_from(Some("german"), &[]).unwrap();
        assert_eq!(s[&Side::German], Seat::Human);
        assert_eq!(s[&Side::Allied], Seat::Computer);
        let s = seats_from(None, &["allied".into()]).unwrap();
        assert_eq!(s[&Side::Allied], Seat::Computer);
        assert_eq!(s[&Side::German], Seat::Human);
        assert!(seats_from(Some("french"), &[]).is_err());
        let s = seats_from(None, &["none".into()]).unwrap();
        assert!(s.values().all(|x| *x == Seat::Human));
    }
}
