//! The ruleset plugin interface (docs/architecture.md). A ruleset is a Bevy plugin plus the few pure
//! functions the engine calls between commands. The engine never names a ruleset; the one registry
//! is `crate::rulesets::registry`.

use std::fmt::Debug;

use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::campaign::CarriedUnit;
use super::decision::{Inbox, Pending, Refusal};
use super::dice::Dice;
use super::journal::{Describe, Journal};
use super::loader::Loader;
use super::source::{Diagnostic, SourceFile};
use super::view::StateView;

/// The engine's top-level state while a game is in the world. Each ruleset's phase states are
/// `SubStates` of `GameFlow::InGame`.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameFlow {
    /// The scenario is spawned but play has not begun.
    #[default]
    SetUp,
    InGame,
    Over,
}

/// The schedule that holds every ruleset's command-handling systems. The engine runs it, then the
/// state transitions, until the rules come to rest (see [`settle`]).
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rules;

/// Counts the state changes the rules ask for. [`settle`] repeats until a pass asks for none.
#[derive(Resource, Default, Debug)]
pub struct Flow {
    pub changes: u64,
}

/// Asks for a state change and records it, so [`settle`] runs the transition.
pub fn goto<S: bevy::state::state::FreelyMutableState>(world: &mut World, state: S) {
    world.resource_mut::<NextState<S>>().set(state);
    world.resource_mut::<Flow>().changes += 1;
}

/// What a ruleset provides. Everything that changes state happens in its systems (scheduled in
/// [`Rules`] and in `OnEnter`/`OnExit` of its phase states); the functions here only read.
pub trait Ruleset: Sized + Send + Sync + 'static {
    /// Short id used in files and on the command line (`my-ruleset`).
    const ID: &'static str;
    /// The game's title.
    const NAME: &'static str;
    /// A controller's answer to a pending decision. Serialized in saves and command scripts.
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned + schemars::JsonSchema + Send + Sync + 'static;
    /// What the rules report happened.
    type Event: Clone + Debug + Serialize + Describe + Send + Sync + 'static;
    /// A loaded, checked scenario, ready to spawn.
    type Scenario: Clone + Send + Sync + 'static;
    /// A scenario file as written (`Scenario(...)`): the type [`Ruleset::load_scenario`] reads, whose
    /// fields and doc comments make the reference (`salient schema`, docs/reference/).
    type ScenarioFile: schemars::JsonSchema;
    /// The tables file as written (`Tables(...)`), for the reference likewise.
    type TablesFile: schemars::JsonSchema;

    /// Reads and checks a scenario file (and the files it refers to, through `loader`), reporting
    /// every problem with its location.
    fn load_scenario(file: &SourceFile, loader: &mut Loader) -> Result<Self::Scenario, Vec<Diagnostic>>;

    /// Every problem in the ruleset's tables file.
    fn check_tables(file: &SourceFile) -> Vec<Diagnostic>;

    /// Terrain and feature names the ruleset's maps may use, and its side ids, for map validation.
    fn map_vocabulary() -> MapVocabulary;

    /// Adds the ruleset's plugin (components, phase states, systems, tables as resources) and spawns
    /// the scenario into the world.
    fn build(app: &mut App, scenario: &Self::Scenario);

    /// The decision the game waits for, or `None` when it is over.
    fn pending(world: &World) -> Option<Pending>;

    /// Every command legal now (each passes [`Ruleset::check`]).
    fn legal(world: &World) -> Vec<Self::Command>;

    /// Whether a command is legal now, and if not, why not.
    fn check(world: &World, command: &Self::Command) -> Result<(), Refusal>;

    /// The state as the outside world sees it.
    fn view(world: &World) -> StateView;

    /// Broken invariants (stacking, positions, counts, track bounds), in words; empty when all hold.
    fn invariants(world: &World) -> Vec<String>;

    /// The side ids of a scenario, in its order.
    fn sides(scenario: &Self::Scenario) -> Vec<String>;

    /// What a legal command would cost and the chance of each outcome, as the window shows them
    /// (`salient script --legal`); `None` for a command with nothing to preview.
    fn preview(_world: &World, _command: &Self::Command) -> Option<serde_json::Value> {
        None
    }

    /// Writes units carried from an earlier battle of a campaign (their state at its end, matched by
    /// id) into a loaded scenario's order of battle, before the game is built (docs/campaigns.md).
    /// A ruleset that does not implement it carries no units: a campaign of it carries its score
    /// only, and the campaign validator refuses a file that asks for more.
    fn carry_in(_scenario: &mut Self::Scenario, units: &[CarriedUnit]) -> Result<(), String> {
        if units.is_empty() {
            Ok(())
        } else {
            Err(format!("{} does not carry units from one battle to the next: a campaign of it carries its score only", Self::NAME))
        }
    }

    /// Marks a loaded scenario as a battle of a campaign (its first too), after [`Ruleset::carry_in`]
    /// and before the game is built: for the rules that read differently in a campaign (a commander
    /// hit in a campaign may be only wounded). Single battles never call it.
    fn campaign_battle(_scenario: &mut Self::Scenario) {}
}

/// Names a ruleset's map files may use.
#[derive(Clone, Debug, Default)]
pub struct MapVocabulary {
    pub terrains: Vec<String>,
    pub features: Vec<String>,
    /// The side ids a map may name as owners; empty for a ruleset whose sides come only from its
    /// scenarios (then a map is checked against none).
    pub sides: Vec<String>,
}

/// Adds the engine's part of a game world for ruleset `R`: the in-game states, the rules schedule,
/// the inbox, the journal and the flow counter. `Dice` is inserted by the game with its seed.
pub fn engine_plugin<R: Ruleset>(app: &mut App) {
    app.add_plugins(bevy::state::app::StatesPlugin)
        .init_state::<GameFlow>()
        .init_schedule(Rules)
        .init_resource::<Flow>()
        .init_resource::<Inbox<R::Command>>()
        .init_resource::<Journal<R::Event>>();
}

/// Runs state transitions and the rules schedule until the rules ask for no further change.
pub fn settle(world: &mut World) -> Result<(), String> {
    for _ in 0..100_000 {
        let before = world.resource::<Flow>().changes;
        world.run_schedule(bevy::state::state::StateTransition);
        world.run_schedule(Rules);
        if world.resource::<Flow>().changes == before {
            return Ok(());
        }
    }
    Err("the rules did not come to rest after 100000 steps".into())
}

/// Pushes an event into the journal, placed after the dice rolled so far.
pub fn emit<E: Clone + Send + Sync + 'static>(world: &mut World, event: E) {
    world.resource_scope(|world, mut journal: Mut<Journal<E>>| {
        journal.push(event, world.resource::<Dice>());
    });
}
