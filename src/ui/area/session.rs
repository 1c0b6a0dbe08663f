//! The Royal Tank Corps game in the window: the engine's `Game<Rtc>`, who sits at each side, the
//! merged log of events and dice, and the legal commands of the position. Every change goes through
//! [`AreaSession::submit`], [`AreaSession::undo`] or a load and bumps the revision, so the board and
//! the panels know to redraw.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::engine::scenario::{FileKind, file_kind, header};
use crate::engine::source::SourceFile;
use crate::engine::{Game, Refusal, StateView};
use crate::rulesets::rtc::map::Ctx;
use crate::rulesets::rtc::units::Side;
use crate::rulesets::rtc::{Command, Rtc};

use crate::ui::session::{LogEntry, Seat, extend_log, next_generation, open_game, undo_allowed};

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
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        self.game.save(path)?;
        let seats = ron::to_string(&self.seats).map_err(|e| e.to_string())?;
        crate::engine::save::write_atomically(&path.with_extension("seats"), seats.as_bytes())?;
        self.save_path = Some(path.to_path_buf());
        Ok(())
    }
}

pub fn side_from_id(id: &str) -> Option<Side> {
    Side::BOTH.into_iter().find(|s| s.id() == id)
}

/// The seats from `--side` and `--ai` for Royal Tank Corps: the side named by `--side` is the
/// player's and the other the computer's; each `--ai SIDE` gives a side to the computer; `--ai none`
/// is a hot-seat game. Without either, the player has the British.
pub fn seats_from(side: Option<&str>, ai: &[String]) -> Result<BTreeMap<Side, Seat>, String> {
    let mut seats = BTreeMap::from([(Side::British, Seat::Human), (Side::German, Seat::Human)]);
    if ai.iter().any(|a| a.eq_ignore_ascii_case("none")) {
        return Ok(seats);
    }
    let parse =
        |s: &str| side_from_id(&s.to_lowercase()).ok_or_else(|| format!("`{s}` is not a side of Royal Tank Corps (british or german)"));
    match side {
        Some(s) => {
            let me = parse(s)?;
            seats.insert(me.enemy(), Seat::Computer);
        }
        None if ai.is_empty() => {
            seats.insert(Side::German, Seat::Computer);
        }
        None => {}
    }
    for a in ai {
        seats.insert(parse(a)?, Seat::Computer);
    }
    Ok(seats)
}

/// The quick save of Royal Tank Corps.
pub fn quicksave_path() -> PathBuf {
    crate::engine::paths::saves_dir().join("rtc-quicksave.ron")
}

/// Who played which side when the save was written (default: the British human).
pub fn load_seats(save: &Path) -> BTreeMap<Side, Seat> {
    crate::ui::saves::load_seats_of(save, BTreeMap::from([(Side::British, Seat::Human), (Side::German, Seat::Computer)]))
}

/// The ruleset a scenario or save file names in its header, if it can be read.
pub fn ruleset_of(path: &Path) -> Option<(FileKind, String)> {
    let file = SourceFile::read(path).ok()?;
    let kind = file_kind(&file).ok()?;
    let (_, ruleset) = header(&file).ok()?;
    Some((kind, ruleset))
}

/// True if the file is a Royal Tank Corps scenario or save (the window opens it on the area board).
pub fn is_rtc(path: &Path) -> bool {
    ruleset_of(path).is_some_and(|(_, r)| r == crate::rulesets::rtc::ID)
}

/// Loads a Royal Tank Corps save by replaying it.
pub fn load_game(path: &Path) -> Result<Game<Rtc>, String> {
    crate::ui::saves::load_save_of::<Rtc>(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rtc_seats_follow_the_command_line() {
        let s = seats_from(None, &[]).unwrap();
        assert_eq!((s[&Side::British], s[&Side::German]), (Seat::Human, Seat::Computer));
        let s = seats_from(Some("german"), &[]).unwrap();
        assert_eq!((s[&Side::British], s[&Side::German]), (Seat::Computer, Seat::Human));
        let s = seats_from(None, &["british".into()]).unwrap();
        assert_eq!((s[&Side::British], s[&Side::German]), (Seat::Computer, Seat::Human));
        assert!(seats_from(None, &["none".into()]).unwrap().values().all(|x| *x == Seat::Human));
        assert!(seats_from(Some("allied"), &[]).is_err());
    }
}
