//! One game: a headless Bevy world running a ruleset, driven by commands (DESIGN.md, core contract 4
//! and 5). Scenario + seed + forced dice + command list reproduce it exactly; saves are that plus a
//! checksum, loaded by replaying; undo is a replay of all but the last commands, allowed back to the
//! last die roll.

use std::path::Path;
use std::sync::Arc;

use bevy::prelude::*;

use super::campaign::{CampaignRecord, CarriedUnit};
use super::decision::{Inbox, Pending, Refusal};
use super::dice::Dice;
use super::difficulty::Difficulty;
use super::journal::{Journal, JournalLine, merged};
use super::loader::{FileSet, Loader};
use super::ruleset::{Flow, GameFlow, Ruleset, engine_plugin, goto, settle};
use super::save::{SAVE_FORMAT, SaveFile, write_atomically};

use super::source::Diagnostic;
use super::view::StateView;

/// A command that was applied, with the dice it rolled.
#[derive(Clone, Debug)]
pub struct Step<C> {
    pub command: C,
    pub rolls_before: usize,
    pub rolls_after: usize,
}

/// Everything needed to rebuild a game from scratch.
pub struct Origin<R: Ruleset> {
    pub scenario: Arc<R::Scenario>,
    /// The scenario's path as given (for display and saves).
    pub scenario_path: String,
    /// The texts of every file the scenario was built from.
    pub files: FileSet,
    pub seed: u64,
    /// Dice forced by scripts and tests, each batch with the number of commands applied before it
    /// was forced (0: before the game began).
    pub forced: Vec<ForcedDice>,
}

impl<R: Ruleset> Clone for Origin<R> {
    fn clone(&self) -> Self {
        Origin {
            scenario: self.scenario.clone(),
            scenario_path: self.scenario_path.clone(),
            files: self.files.clone(),
            seed: self.seed,
            forced: self.forced.clone(),
        }
    }
}

/// Dice results forced into the game after `after_commands` commands.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
pub struct ForcedDice {
    /// How many commands of `commands` are played before these dice are forced (0: from the start).
    pub after_commands: usize,
    /// The die results the next rolls give, in order, instead of random ones.
    pub values: Vec<u32>,
}

/// A computer opponent: its choice of a legal command at a difficulty (`None` when nothing is legal),
/// and the difficulties it plays. The engine never calls the AI itself: the registry injects the
/// chooser into the games it opens.
pub struct Chooser<R: Ruleset> {
    pub choose: fn(&mut Game<R>, Difficulty) -> Option<R::Command>,
    /// The levels it plays differently (Hard only where the opponent looks ahead).
    pub levels: &'static [Difficulty],
}

impl<R: Ruleset> Clone for Chooser<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: Ruleset> Copy for Chooser<R> {}

/// A game of ruleset `R`.
pub struct Game<R: Ruleset> {
    world: World,
    origin: Origin<R>,
    history: Vec<Step<R::Command>>,
    legal: Option<Vec<R::Command>>,
    opponent: Option<Chooser<R>>,
    campaign: InCampaign,
}

/// What a battle played inside a campaign keeps for its save (docs/campaigns.md): the units it
/// began with from the battles before it (already written into the scenario of its origin), and the
/// campaign it belongs to.
#[derive(Clone, Debug, Default)]
pub struct InCampaign {
    pub carried_in: Vec<CarriedUnit>,
    /// The battle is one of a campaign ([`Ruleset::campaign_battle`]).
    pub battle: bool,
    pub record: Option<CampaignRecord>,
}

impl<R: Ruleset> Game<R> {
    /// Loads a scenario from disk and starts a game.
    pub fn open(scenario_path: &Path, seed: u64, forced: Vec<u32>) -> Result<Self, Vec<Diagnostic>> {
        Self::open_with(Loader::from_disk(), scenario_path, seed, forced)
    }

    /// Loads a scenario through `loader` (from disk or from files in memory) and starts a game.
    pub fn open_with(loader: Loader, scenario_path: &Path, seed: u64, forced: Vec<u32>) -> Result<Self, Vec<Diagnostic>> {
        Self::open_in(loader, scenario_path, seed, forced, None)
    }

    /// Loads a scenario as a battle of a campaign: writes the units carried from an earlier battle
    /// into its order of battle ([`Ruleset::carry_in`]), marks it a campaign battle
    /// ([`Ruleset::campaign_battle`]) and starts a game.
    pub fn open_carrying(
        loader: Loader,
        scenario_path: &Path,
        seed: u64,
        forced: Vec<u32>,
        carried: Vec<CarriedUnit>,
    ) -> Result<Self, Vec<Diagnostic>> {
        Self::open_in(loader, scenario_path, seed, forced, Some(carried))
    }

    /// Opens a single battle (`campaign` `None`) or a campaign's battle with the units it carries in.
    fn open_in(
        mut loader: Loader,
        scenario_path: &Path,
        seed: u64,
        forced: Vec<u32>,
        campaign: Option<Vec<CarriedUnit>>,
    ) -> Result<Self, Vec<Diagnostic>> {
        let file = loader.load(scenario_path).map_err(|d| vec![d])?;
        let mut scenario = R::load_scenario(&file, &mut loader)?;
        if let Some(carried) = &campaign {
            R::carry_in(&mut scenario, carried).map_err(|m| vec![file.at_start(m)])?;
            R::campaign_battle(&mut scenario);
        }
        let origin = Origin {
            scenario: Arc::new(scenario),
            scenario_path: scenario_path.to_string_lossy().replace('\\', "/"),
            files: loader.read,
            seed,
            forced: if forced.is_empty() { Vec::new() } else { vec![ForcedDice { after_commands: 0, values: forced }] },
        };
        let mut game = Self::start(origin);
        game.campaign.battle = campaign.is_some();
        game.campaign.carried_in = campaign.unwrap_or_default();
        Ok(game)
    }

    /// Starts a game from its origin: builds the world, spawns the scenario, plays the automatic
    /// opening procedures up to the first decision.
    pub fn start(origin: Origin<R>) -> Self {
        let mut app = App::new();
        engine_plugin::<R>(&mut app);
        let mut dice = Dice::new(origin.seed);
        for f in origin.forced.iter().filter(|f| f.after_commands == 0) {
            dice.force(f.values.iter().copied());
        }
        app.insert_resource(dice);
        R::build(&mut app, &origin.scenario);
        app.finish();
        app.cleanup();
        let mut world = std::mem::take(app.world_mut());
        single_threaded(&mut world);
        goto(&mut world, GameFlow::InGame);
        if let Err(e) = settle(&mut world) {
            bevy::log::error!("{e}");
        }
        Game { world, origin, history: Vec::new(), legal: None, opponent: None, campaign: InCampaign::default() }
    }

    /// The same game with a computer opponent (see [`Chooser`]).
    pub fn with_opponent(mut self, opponent: Option<Chooser<R>>) -> Self {
        self.opponent = opponent;
        self
    }

    /// The same game, played inside a campaign (see [`InCampaign`]).
    pub fn in_campaign(mut self, campaign: InCampaign) -> Self {
        self.campaign = campaign;
        self
    }

    /// The campaign this game is a battle of, and the units it began with.
    pub fn campaign(&self) -> &InCampaign {
        &self.campaign
    }

    /// Attaches the game to its campaign's record (or detaches it).
    pub fn set_campaign_record(&mut self, record: Option<CampaignRecord>) {
        self.campaign.record = record;
    }

    /// The computer opponent injected into this game, if any.
    pub fn opponent(&self) -> Option<Chooser<R>> {
        self.opponent
    }

    /// Rebuilds a game by replaying commands; fails at the first refused command.
    pub fn replay(origin: Origin<R>, commands: &[R::Command]) -> Result<Self, (usize, Refusal)> {
        let forced = origin.forced.clone();
        let mut game = Self::start(origin);
        for (i, c) in commands.iter().enumerate() {
            for f in forced.iter().filter(|f| f.after_commands == i && i > 0) {
                game.world.resource_mut::<Dice>().force(f.values.iter().copied());
            }
            game.submit(c.clone()).map_err(|r| (i, r))?;
        }
        for f in forced.iter().filter(|f| f.after_commands >= commands.len() && f.after_commands > 0) {
            game.world.resource_mut::<Dice>().force(f.values.iter().copied());
        }
        game.origin.forced = forced;
        Ok(game)
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    /// Direct access for tests that set up a position by hand. Not for controllers.
    pub fn world_mut(&mut self) -> &mut World {
        self.legal = None;
        &mut self.world
    }

    pub fn origin(&self) -> &Origin<R> {
        &self.origin
    }

    pub fn scenario(&self) -> &R::Scenario {
        &self.origin.scenario
    }

    pub fn history(&self) -> &[Step<R::Command>] {
        &self.history
    }

    pub fn commands(&self) -> Vec<R::Command> {
        self.history.iter().map(|s| s.command.clone()).collect()
    }

    pub fn is_over(&self) -> bool {
        *self.world.resource::<State<GameFlow>>().get() == GameFlow::Over
    }

    /// The decision awaited, if the game is not over.
    pub fn pending(&self) -> Option<Pending> {
        if self.is_over() { None } else { R::pending(&self.world) }
    }

    /// Every legal command now (cached until the next command).
    pub fn legal(&mut self) -> &[R::Command] {
        if self.legal.is_none() {
            self.legal = Some(if self.is_over() { Vec::new() } else { R::legal(&self.world) });
        }
        self.legal.as_deref().unwrap_or(&[])
    }

    /// Queues dice results for the next rolls (tests and scripts).
    /// The forcing is recorded, so undo, saves and replays see the same dice.
    pub fn force_dice(&mut self, values: impl IntoIterator<Item = u32>) {
        let values: Vec<u32> = values.into_iter().collect();
        self.world.resource_mut::<Dice>().force(values.iter().copied());
        let after_commands = self.history.len();
        match self.origin.forced.last_mut() {
            Some(f) if f.after_commands == after_commands => f.values.extend(values),
            _ => self.origin.forced.push(ForcedDice { after_commands, values }),
        }
    }

    /// Applies a command if it is legal; otherwise refuses it and changes nothing.
    pub fn submit(&mut self, command: R::Command) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::new("the game is over"));
        }
        R::check(&self.world, &command)?;
        let rolls_before = self.world.resource::<Dice>().rolls();
        carry_out::<R>(&mut self.world, command.clone())?;
        let rolls_after = self.world.resource::<Dice>().rolls();
        self.history.push(Step { command, rolls_before, rolls_after });
        self.legal = None;
        Ok(())
    }

    /// True if the last command can be taken back: it rolled no dice (undo goes back at most to the
    /// last die roll).
    pub fn can_undo(&self) -> bool {
        self.history.last().is_some_and(|s| s.rolls_after == s.rolls_before)
    }

    /// Takes back the last command by replaying all the others.
    pub fn undo(&mut self) -> Result<(), Refusal> {
        if !self.can_undo() {
            return Err(Refusal::new(if self.history.is_empty() {
                "there is nothing to undo"
            } else {
                "the last command rolled dice: it cannot be undone"
            }));
        }
        let mut commands = self.commands();
        commands.pop();
        let replayed = Self::replay(self.origin.clone(), &commands)
            .map_err(|(i, r)| Refusal::new(format!("replay failed at command {}: {r}", i + 1)))?;
        let campaign = std::mem::take(&mut self.campaign);
        *self = replayed.with_opponent(self.opponent).in_campaign(campaign);
        Ok(())
    }

    pub fn dice(&self) -> &Dice {
        self.world.resource::<Dice>()
    }

    pub fn journal(&self) -> &Journal<R::Event> {
        self.world.resource::<Journal<R::Event>>()
    }

    pub fn events(&self) -> impl Iterator<Item = &R::Event> {
        self.journal().events()
    }

    /// Events and dice rolls in order, from the given positions on.
    pub fn log_since(&self, event: usize, roll: usize) -> Vec<JournalLine> {
        merged(self.journal(), self.dice(), event, roll)
    }

    pub fn view(&self) -> StateView {
        R::view(&self.world)
    }

    /// A hash of the state at rest: the view, the dice rolled and the events logged.
    pub fn checksum(&self) -> u64 {
        let view = serde_json::to_string(&self.view()).unwrap_or_default();
        let mut h = Fnv64::new();
        h.write(view.as_bytes());
        h.write(&(self.dice().rolls() as u64).to_le_bytes());
        h.write(&(self.journal().len() as u64).to_le_bytes());
        h.finish()
    }

    pub fn invariants(&self) -> Vec<String> {
        R::invariants(&self.world)
    }

    /// The save file of this game.
    pub fn save_file(&self) -> SaveFile<R::Command> {
        let view = self.view();
        SaveFile {
            format: SAVE_FORMAT,
            ruleset: R::ID.to_string(),
            scenario: self.origin.scenario_path.clone(),
            summary: format!("{} — turn {}, {}", view.scenario, view.turn, view.phase),
            seed: self.origin.seed,
            forced_dice: self.origin.forced.clone(),
            commands: self.commands(),
            checksum: format!("{:016x}", self.checksum()),
            files: self.origin.files.clone(),
            carried_in: self.campaign.carried_in.clone(),
            campaign_battle: self.campaign.battle,
            campaign: self.campaign.record.clone().map(Box::new),
        }
    }

    /// Writes the save atomically (a temporary file, then a rename): a failed save never destroys the
    /// previous one.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        write_atomically(path, self.save_text()?.as_bytes())
    }

    /// The save file's text.
    pub fn save_text(&self) -> Result<String, String> {
        ron::ser::to_string_pretty(&self.save_file(), ron::ser::PrettyConfig::default().depth_limit(3).struct_names(true))
            .map_err(|e| format!("cannot write the save: {e}"))
    }
}

/// Carries out a command already checked: hands it to the rules and runs them until they rest
/// (what submitting does after the check; the look-ahead's copies of a world use it too).
pub fn carry_out<R: Ruleset>(world: &mut World, command: R::Command) -> Result<(), Refusal> {
    world.resource_mut::<Inbox<R::Command>>().0 = Some(command);
    world.resource_mut::<Flow>().changes += 1;
    let settled = settle(world);
    if world.resource_mut::<Inbox<R::Command>>().0.take().is_some() {
        return Err(Refusal::new(format!(
            "no rule handles this command in the current phase ({}); this is a bug in the ruleset",
            R::view(world).phase
        )));
    }
    settled.map_err(Refusal::new)
}

/// Runs every schedule of a game's world on the calling thread (issue 19). A rule pass is a handful
/// of small systems: with Bevy's multi-threaded executor (on in the window's build) most of a
/// headless game's CPU went to parking and waking the task pool's threads. The window's own
/// schedules and its render world keep their executors; this is the game's world only.
fn single_threaded(world: &mut World) {
    for (_, schedule) in world.resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    }
}

/// FNV-1a, 64 bits: a small, stable hash (the same on every machine and every build).
pub struct Fnv64(u64);

impl Fnv64 {
    pub fn new() -> Self {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }
    pub fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
    pub fn finish(&self) -> u64 {
        self.0
    }
}

impl Default for Fnv64 {
    fn default() -> Self {
        Self::new()
    }
}
