//! The game of Into the Bastards! in the window: the engine's `Game<Bastards>`, who sits at each
//! side, the merged log of events and dice, and the snapshot the map draws from. Every change to the
//! game goes through [`PlaySession::submit`], [`PlaySession::undo`] or a load, and bumps
//! [`PlaySession::revision`] so the map, the counters and the panels know to redraw.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::{Game, Refusal, Ruleset, StateView};
use crate::rulesets::bastards::map::Situation;
use crate::rulesets::bastards::scenario::Scenario;
use crate::rulesets::bastards::units::Side;
use crate::rulesets::bastards::{Bastards, Command};
use crate::ui::presenter::Seats;
use crate::ui::saves::{load_seats_of, save_with_seats};
use crate::ui::session::{Change, LogEntry, Seat, WindowSession, extend_log, next_generation, undo_allowed};

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

    /// Writes the save and its seats.
    pub fn save(&mut self, path: &Path) -> Result<(), String> {
        save_with_seats(&self.game, &self.seats, path)?;
        self.save_path = Some(path.to_path_buf());
        Ok(())
    }
}

/// The seats of the window's choice, by side.
pub fn typed_seats(seats: &Seats) -> BTreeMap<Side, Seat> {
    seats.iter().filter_map(|(id, seat)| Some((Side::from_id(id)?, *seat))).collect()
}

/// Who played which side when the save was written (defaults: the Allied side human).
pub fn load_seats(save: &Path) -> BTreeMap<Side, Seat> {
    load_seats_of(save, BTreeMap::from([(Side::Allied, Seat::Human), (Side::German, Seat::Computer)]))
}

impl WindowSession for PlaySession {
    type R = Bastards;
    fn new_game(game: Game<Bastards>, seats: &Seats) -> Self {
        PlaySession::new(game, typed_seats(seats))
    }
    fn game(&self) -> &Game<Bastards> {
        &self.game
    }
    fn revision(&self) -> u64 {
        self.revision
    }
    fn generation(&self) -> u64 {
        self.generation
    }
    fn view(&self) -> &StateView {
        &self.view
    }
    fn seat_of(&self, side: &str) -> Seat {
        Side::from_id(side).map(|s| self.seat(s)).unwrap_or(Seat::Human)
    }
    fn submit(&mut self, cmd: Command) -> Result<(), Refusal> {
        PlaySession::submit(self, cmd)
    }
    fn replace(&mut self, game: Game<Bastards>) {
        PlaySession::replace(self, game)
    }
    fn reload(&mut self, game: Game<Bastards>) {
        PlaySession::reload(self, game)
    }
    fn save(&mut self, path: &Path) -> Result<(), String> {
        PlaySession::save(self, path)
    }
    fn seats_from_save(&mut self, path: &Path) {
        self.seats = load_seats(path);
    }
    fn set_save_path(&mut self, path: PathBuf) {
        self.save_path = Some(path);
    }
}
