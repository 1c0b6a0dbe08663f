//! The Royal Tank Corps game in the window: the engine's `Game<Rtc>`, who sits at each side, the
//! merged log of events and dice, and the legal commands of the position. Every change goes through
//! [`AreaSession::submit`], [`AreaSession::undo`] or a load and bumps the revision, so the board and
//! the panels know to redraw.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::engine::{Game, Refusal, StateView};
use crate::rulesets::rtc::map::Ctx;
use crate::rulesets::rtc::units::Side;
use crate::rulesets::rtc::{Command, Rtc};
use crate::ui::presenter::Seats;
use crate::ui::saves::{load_save_of, load_seats_of, save_with_seats};
use crate::ui::session::{LogEntry, Seat, WindowSession, extend_log, next_generation, open_game, undo_allowed};

/// The game in the window.
#[derive(Resource)]
pub struct AreaSession {
    pub game: Game<Rtc>,
    pub seats: BTreeMap<Side, Seat>,
    /// Bumped at every change.
    pub revision: u64,
    /// Bumped when the game is replaced rather than advanced (start, undo, load).
    pub generation: u64,
    pub log: Vec<LogEntry>,
    /// Index in `log` of the first line the last change added.
    pub new_from: usize,
    pub view: StateView,
    /// The legal commands now.
    pub legal: Vec<Command>,
    /// Who gave each command of the history (`None`: unknown, as after a load).
    pub deciders: Vec<Option<Side>>,
    pub save_path: Option<PathBuf>,
    /// A message for the top of the screen (a refusal, a save written).
    pub message: Option<String>,
}

impl AreaSession {
    pub fn new(game: Game<Rtc>, seats: BTreeMap<Side, Seat>) -> AreaSession {
        let mut s = AreaSession {
            view: game.view(),
            game,
            seats,
            revision: next_generation(),
            generation: next_generation(),
            log: Vec::new(),
            new_from: 0,
            legal: Vec::new(),
            deciders: Vec::new(),
            save_path: None,
            message: None,
        };
        s.deciders = vec![None; s.game.history().len()];
        s.rebuild_log();
        s.changed(true);
        s
    }

    /// Opens a scenario file.
    pub fn open(path: &Path, seed: u64, seats: BTreeMap<Side, Seat>) -> Result<AreaSession, String> {
        Ok(AreaSession::new(open_game(path, seed)?, seats))
    }

    /// A snapshot of the position as the rules see it.
    pub fn ctx(&self) -> Ctx {
        Ctx::capture(self.game.world())
    }

    /// The side that must decide now.
    pub fn to_move(&self) -> Option<Side> {
        self.game.pending().and_then(|p| side_from_id(&p.side))
    }

    pub fn seat(&self, side: Side) -> Seat {
        self.seats.get(&side).copied().unwrap_or(Seat::Human)
    }

    /// True when a person must decide now.
    pub fn human_to_move(&self) -> bool {
        self.to_move().is_some_and(|s| self.seat(s) == Seat::Human)
    }

    /// Applies a command; the log gains what it did.
    pub fn submit(&mut self, cmd: Command) -> Result<(), Refusal> {
        let by = self.to_move();
        self.game.submit(cmd)?;
        self.deciders.push(by);
        self.new_from = self.log.len();
        extend_log(&mut self.log, &self.game);
        self.message = None;
        self.changed(false);
        Ok(())
    }

    /// Whether the player may take back the last command: the engine allows it (no die was rolled
    /// since), it is a person's turn, and the command was not the computer's.
    pub fn player_can_undo(&self) -> Result<(), String> {
        let computer_last = self.deciders.last().copied().flatten().is_some_and(|side| self.seat(side) == Seat::Computer);
        undo_allowed(&self.game, self.human_to_move(), computer_last)
    }

    /// Takes back the last command (allowed back to the last die roll).
    pub fn undo(&mut self) -> Result<(), Refusal> {
        if let Err(why) = self.player_can_undo() {
            return Err(Refusal::new(why));
        }
        self.game.undo()?;
        self.deciders.truncate(self.game.history().len());
        self.rebuild_log();
        self.changed(true);
        Ok(())
    }

    /// Puts another game in place (a loaded save).
    pub fn replace(&mut self, game: Game<Rtc>) {
        self.deciders = vec![None; game.history().len()];
        self.game = game;
        self.rebuild_log();
        self.changed(true);
    }

    /// Puts in place the same game re-read from edited files (hot reload): the same commands, so who
    /// gave each of them is kept.
    pub fn reload(&mut self, game: Game<Rtc>) {
        let deciders = std::mem::take(&mut self.deciders);
        self.replace(game);
        if deciders.len() == self.deciders.len() {
            self.deciders = deciders;
        }
    }

    fn changed(&mut self, reset: bool) {
        self.view = self.game.view();
        self.legal = self.game.legal().to_vec();
        self.revision = next_generation();
        if reset {
            self.generation = next_generation();
        }
    }

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

pub fn side_from_id(id: &str) -> Option<Side> {
    Side::BOTH.into_iter().find(|s| s.id() == id)
}

/// The seats of the window's choice, by side.
pub fn typed_seats(seats: &Seats) -> BTreeMap<Side, Seat> {
    seats.iter().filter_map(|(id, seat)| Some((side_from_id(id)?, *seat))).collect()
}

/// The quick save of Royal Tank Corps.
pub fn quicksave_path() -> PathBuf {
    crate::engine::paths::saves_dir().join("rtc-quicksave.ron")
}

/// Who played which side when the save was written (default: the British human).
pub fn load_seats(save: &Path) -> BTreeMap<Side, Seat> {
    load_seats_of(save, BTreeMap::from([(Side::British, Seat::Human), (Side::German, Seat::Computer)]))
}

/// Loads a Royal Tank Corps save by replaying it.
pub fn load_game(path: &Path) -> Result<Game<Rtc>, String> {
    load_save_of::<Rtc>(path)
}

impl WindowSession for AreaSession {
    type R = Rtc;
    fn new_game(game: Game<Rtc>, seats: &Seats) -> Self {
        AreaSession::new(game, typed_seats(seats))
    }
    fn game(&self) -> &Game<Rtc> {
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
        side_from_id(side).map(|s| self.seat(s)).unwrap_or(Seat::Human)
    }
    fn submit(&mut self, cmd: Command) -> Result<(), Refusal> {
        AreaSession::submit(self, cmd)
    }
    fn replace(&mut self, game: Game<Rtc>) {
        AreaSession::replace(self, game)
    }
    fn reload(&mut self, game: Game<Rtc>) {
        AreaSession::reload(self, game)
    }
    fn save(&mut self, path: &Path) -> Result<(), String> {
        AreaSession::save(self, path)
    }
    fn seats_from_save(&mut self, path: &Path) {
        self.seats = load_seats(path);
    }
    fn set_save_path(&mut self, path: PathBuf) {
        self.save_path = Some(path);
    }
}
