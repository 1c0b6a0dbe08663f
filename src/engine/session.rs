//! The ruleset-independent face of a game, for the command line and the window: a [`Session`] is a
//! `Game<R>` with its ruleset hidden; a [`RulesetEntry`] is what the registry knows of a ruleset.

use std::path::Path;

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use super::campaign::{CampaignRecord, CarriedUnit};
use super::decision::{Pending, Refusal};
use super::difficulty::Difficulty;
use super::game::{Chooser, Game};
use super::journal::JournalLine;
use super::loader::Loader;
use super::ruleset::{MapVocabulary, Ruleset};
use super::save::load_save;
use super::source::{Diagnostic, SourceFile};
use super::view::StateView;

/// A running game of some ruleset.
pub trait Session: Send {
    fn ruleset_id(&self) -> &'static str;
    fn view(&self) -> StateView;
    fn pending(&self) -> Option<Pending>;
    fn is_over(&self) -> bool;
    /// Events and dice rolls in order, from the given event and roll positions on.
    fn log_since(&self, event: usize, roll: usize) -> Vec<JournalLine>;
    /// Number of rule events and dice rolls so far.
    fn log_len(&self) -> (usize, usize);
    fn checksum(&self) -> u64;
    fn invariants(&self) -> Vec<String>;
    fn commands_applied(&self) -> usize;
    /// The files the game was built from (scenario, map, tables), by name, as a save embeds them.
    fn files(&self) -> &super::loader::FileSet;
    /// Legal commands, written as RON.
    fn legal_ron(&mut self) -> Vec<String>;
    /// Legal commands, written as RON, each with its preview (cost and odds) where it has one.
    fn legal_previews(&mut self) -> Vec<(String, Option<serde_json::Value>)>;
    /// Applies a command written as RON.
    fn submit_ron(&mut self, text: &str) -> Result<(), Refusal>;
    /// Plays every command of a script file (a RON list of commands); the first refusal stops it,
    /// located at the command refused.
    fn play_script(&mut self, file: &SourceFile) -> Result<usize, Diagnostic>;
    /// Picks a legal command uniformly at random and applies it; false if there was none.
    fn step_random(&mut self, rng: &mut ChaCha8Rng) -> bool;
    /// A legal command picked uniformly at random, as RON.
    fn choose_random(&mut self, rng: &mut ChaCha8Rng) -> Option<String>;
    /// The computer opponent's choice at a difficulty, as RON (`None` also when the game has no
    /// opponent: see [`Opponent`]).
    fn choose_ai(&mut self, level: Difficulty) -> Option<String>;
    /// The difficulties the ruleset's computer opponent plays (none without an opponent).
    fn difficulties(&self) -> &'static [Difficulty];
    /// The scenario's side ids, in order.
    fn sides(&self) -> Vec<String>;
    fn can_undo(&self) -> bool;
    fn undo(&mut self) -> Result<(), Refusal>;
    fn save(&self, path: &Path) -> Result<(), String>;
    /// The save file's text.
    fn save_text(&self) -> Result<String, String>;
    /// A new game of the same scenario with another seed.
    fn restart(&self, seed: u64) -> Box<dyn Session>;
    /// In a campaign: the units this battle began with from the battles before it.
    fn carried_in(&self) -> &[CarriedUnit];
    /// In a campaign: the campaign's record, which the game's saves carry.
    fn campaign_record(&self) -> Option<&CampaignRecord>;
    fn set_campaign_record(&mut self, record: Option<CampaignRecord>);
}

impl<R: Ruleset> Session for Game<R> {
    fn ruleset_id(&self) -> &'static str {
        R::ID
    }
    fn view(&self) -> StateView {
        Game::view(self)
    }
    fn pending(&self) -> Option<Pending> {
        Game::pending(self)
    }
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }
    fn log_since(&self, event: usize, roll: usize) -> Vec<JournalLine> {
        Game::log_since(self, event, roll)
    }
    fn log_len(&self) -> (usize, usize) {
        (self.journal().len(), self.dice().rolls())
    }
    fn checksum(&self) -> u64 {
        Game::checksum(self)
    }
    fn invariants(&self) -> Vec<String> {
        Game::invariants(self)
    }
    fn commands_applied(&self) -> usize {
        self.history().len()
    }
    fn files(&self) -> &super::loader::FileSet {
        &self.origin().files
    }
    fn legal_ron(&mut self) -> Vec<String> {
        self.legal().iter().filter_map(|c| ron::to_string(c).ok()).collect()
    }
    fn legal_previews(&mut self) -> Vec<(String, Option<serde_json::Value>)> {
        let legal = self.legal().to_vec();
        legal.iter().filter_map(|c| Some((ron::to_string(c).ok()?, R::preview(self.world(), c)))).collect()
    }
    fn submit_ron(&mut self, text: &str) -> Result<(), Refusal> {
        let command: R::Command = ron::from_str(text).map_err(|e| {
            Refusal::new(format!("not a {} command: {}", R::NAME, super::source::ron_diagnostic(Path::new("command"), &e).message))
        })?;
        self.submit(command)
    }
    fn play_script(&mut self, file: &SourceFile) -> Result<usize, Diagnostic> {
        let commands: Vec<R::Command> = file.parse()?;
        for (i, c) in commands.into_iter().enumerate() {
            self.submit(c).map_err(|r| file.at(&i.to_string(), format!("command {} refused: {r}", i + 1)))?;
        }
        Ok(self.history().len())
    }
    fn step_random(&mut self, rng: &mut ChaCha8Rng) -> bool {
        let legal = self.legal();
        if legal.is_empty() {
            return false;
        }
        let pick = legal[rng.random_range(0..legal.len())].clone();
        self.submit(pick).is_ok()
    }
    fn choose_random(&mut self, rng: &mut ChaCha8Rng) -> Option<String> {
        let legal = self.legal();
        if legal.is_empty() {
            return None;
        }
        ron::to_string(&legal[rng.random_range(0..legal.len())]).ok()
    }
    fn choose_ai(&mut self, level: Difficulty) -> Option<String> {
        let opponent = self.opponent()?;
        let c = (opponent.choose)(self, level)?;
        ron::to_string(&c).ok()
    }
    fn difficulties(&self) -> &'static [Difficulty] {
        self.opponent().map_or(&[], |o| o.levels)
    }
    fn sides(&self) -> Vec<String> {
        R::sides(self.scenario())
    }
    fn can_undo(&self) -> bool {
        Game::can_undo(self)
    }
    fn undo(&mut self) -> Result<(), Refusal> {
        Game::undo(self)
    }
    fn save(&self, path: &Path) -> Result<(), String> {
        Game::save(self, path)
    }
    fn save_text(&self) -> Result<String, String> {
        Game::save_text(self)
    }
    fn restart(&self, seed: u64) -> Box<dyn Session> {
        let mut origin = self.origin().clone();
        origin.seed = seed;
        origin.forced.clear();
        Box::new(Game::<R>::start(origin).with_opponent(self.opponent()).in_campaign(self.campaign().clone()))
    }
    fn carried_in(&self) -> &[CarriedUnit] {
        &self.campaign().carried_in
    }
    fn campaign_record(&self) -> Option<&CampaignRecord> {
        self.campaign().record.as_ref()
    }
    fn set_campaign_record(&mut self, record: Option<CampaignRecord>) {
        Game::set_campaign_record(self, record)
    }
}

/// A ruleset's computer opponent, injected by the registry into the games its entry opens: the
/// engine never calls the AI itself.
pub trait Opponent<R: Ruleset> {
    /// The levels it plays differently.
    const LEVELS: &'static [Difficulty];
    /// The command chosen now at a difficulty; `None` when nothing is legal.
    fn choose(game: &mut Game<R>, level: Difficulty) -> Option<R::Command>;
    /// The chooser a game carries.
    fn chooser() -> Chooser<R> {
        Chooser { choose: Self::choose, levels: Self::LEVELS }
    }
}

/// Files compiled into the program, as (path, text): a ruleset's shipped scenarios and the maps they
/// use.
pub type Embedded = &'static [(&'static str, &'static str)];

/// What the registry knows of one ruleset: plain function pointers, so the command line and the
/// window can work with any ruleset without naming it.
#[derive(Clone, Copy)]
pub struct RulesetEntry {
    pub id: &'static str,
    pub name: &'static str,
    /// Every problem in a scenario file (and the files it refers to).
    pub check_scenario: fn(&SourceFile) -> Vec<Diagnostic>,
    /// Every problem in a tables file.
    pub check_tables: fn(&SourceFile) -> Vec<Diagnostic>,
    pub vocabulary: fn() -> MapVocabulary,
    /// Starts a game of a scenario file with a seed and forced dice, with the ruleset's computer
    /// opponent.
    pub open: OpenFn,
    /// Starts a game of a scenario file with units carried into it from an earlier battle of a
    /// campaign ([`Ruleset::carry_in`]), with the ruleset's computer opponent.
    pub open_carrying: OpenCarryingFn,
    /// Loads a save (already known to be of this ruleset) of the given format, with the ruleset's
    /// computer opponent.
    pub load_save: LoadFn,
    /// The shipped scenarios and their maps, compiled in (the fuzz harness plays them).
    pub shipped: Embedded,
    /// The reference of its data files: scenario, tables, save (`salient schema`).
    pub formats: fn() -> Vec<super::reference::Format>,
}

/// Starts a game of a scenario file, read through a loader (from disk or from memory), with a seed
/// and forced dice.
pub type OpenFn = fn(Loader, &Path, u64, Vec<u32>) -> Result<Box<dyn Session>, Vec<Diagnostic>>;
/// Starts a game of a scenario file with a seed and units carried into it.
pub type OpenCarryingFn = fn(Loader, &Path, u64, Vec<CarriedUnit>) -> Result<Box<dyn Session>, Vec<Diagnostic>>;
/// Loads a save of a given format.
pub type LoadFn = fn(&SourceFile, u32) -> Result<Box<dyn Session>, String>;

fn check_scenario<R: Ruleset>(file: &SourceFile) -> Vec<Diagnostic> {
    let mut loader = Loader::from_disk();
    match R::load_scenario(file, &mut loader) {
        Ok(_) => Vec::new(),
        Err(ds) => ds,
    }
}

fn open<R: Ruleset, O: Opponent<R>>(loader: Loader, path: &Path, seed: u64, forced: Vec<u32>) -> Result<Box<dyn Session>, Vec<Diagnostic>> {
    Game::<R>::open_with(loader, path, seed, forced).map(|g| Box::new(g.with_opponent(Some(O::chooser()))) as Box<dyn Session>)
}

fn open_carrying<R: Ruleset, O: Opponent<R>>(
    loader: Loader,
    path: &Path,
    seed: u64,
    carried: Vec<CarriedUnit>,
) -> Result<Box<dyn Session>, Vec<Diagnostic>> {
    Game::<R>::open_carrying(loader, path, seed, Vec::new(), carried)
        .map(|g| Box::new(g.with_opponent(Some(O::chooser()))) as Box<dyn Session>)
}

fn load<R: Ruleset, O: Opponent<R>>(file: &SourceFile, format: u32) -> Result<Box<dyn Session>, String> {
    load_save::<R>(file, format).map(|g| Box::new(g.with_opponent(Some(O::chooser()))) as Box<dyn Session>)
}

/// The registry entry of ruleset `R`, its computer opponent `O` and its shipped files.
pub fn entry<R: Ruleset, O: Opponent<R>>(shipped: Embedded) -> RulesetEntry {
    RulesetEntry {
        id: R::ID,
        name: R::NAME,
        check_scenario: check_scenario::<R>,
        check_tables: R::check_tables,
        vocabulary: R::map_vocabulary,
        open: open::<R, O>,
        open_carrying: open_carrying::<R, O>,
        load_save: load::<R, O>,
        shipped,
        formats: super::reference::ruleset_formats::<R>,
    }
}
