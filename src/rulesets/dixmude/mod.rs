//! *Tempête sur Dixmude: 1914* (Diksmuide, October-November 1914; Vae Victis #133), the rulebook
//! `003_349eb46e7676f4e4.txt`. Modules follow its chapters: units (1.3), scenario (1.1, 10), the
//! map's questions (1.1), sequence (2-4, 11), strategy and stratagems (5, 12), operational (5 C, 6),
//! bombing (7), activation and assault (8), reorganisation (9); state holds the position the rules
//! read and change.

pub mod activation;
pub mod assault;
pub mod bombing;
pub mod events;
pub mod hits;
pub mod map;
pub mod operational;
pub mod preview;
pub mod reorganisation;
pub mod scenario;
pub mod sequence;
pub mod state;
pub mod stratagems;
pub mod strategy;
pub mod tables;
pub mod units;
pub mod view;

use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::phase::{self as decide, Steps};
use crate::engine::ruleset::MapVocabulary;
use crate::engine::source::{Diagnostic, SourceFile};
use crate::engine::{GameFlow, Pending, Refusal, Ruleset, StateView};

pub use events::{Command, Event, EventKind};
use state::{Phase, Piece, Pos, Roster, Setup, Track, UnitState, run};
pub use strategy::Strategy;
use units::{Level, Side, Where};

pub const ID: &str = "dixmude";

/// The ruleset.
pub struct Dixmude;

impl Ruleset for Dixmude {
    const ID: &'static str = ID;
    const NAME: &'static str = "Tempête sur Dixmude: 1914";
    type Command = Command;
    type Event = Event;
    type Scenario = scenario::Scenario;
    type ScenarioFile = scenario::ScenarioSpec;
    type TablesFile = tables::Tables;

    fn load_scenario(file: &SourceFile, loader: &mut crate::engine::loader::Loader) -> Result<Self::Scenario, Vec<Diagnostic>> {
        scenario::load(file, loader)
    }

    fn check_tables(file: &SourceFile) -> Vec<Diagnostic> {
        tables::parse(file).err().unwrap_or_default()
    }

    fn map_vocabulary() -> MapVocabulary {
        MapVocabulary {
            terrains: ["open", "town", "village", "wood", "marsh", "polder", "hq"].iter().map(|s| s.to_string()).collect(),
            features: ["river", "bridge", "canal", "railway"].iter().map(|s| s.to_string()).collect(),
            sides: Side::BOTH.iter().map(|s| s.id().to_string()).collect(),
        }
    }

    fn build(app: &mut App, scenario: &Self::Scenario) {
        app.add_plugins(plugin);
        spawn(app.world_mut(), scenario);
    }

    fn pending(world: &World) -> Option<Pending> {
        view::pending(world)
    }

    fn legal(world: &World) -> Vec<Command> {
        decide::legal::<Phase, Pos, Command>(world)
    }

    fn check(world: &World, command: &Command) -> Result<(), Refusal> {
        decide::check::<Phase, Pos, Command>(world, command)
    }

    fn view(world: &World) -> StateView {
        view::state_view(world)
    }

    fn invariants(world: &World) -> Vec<String> {
        view::invariants(world)
    }

    fn sides(scenario: &Self::Scenario) -> Vec<String> {
        scenario.spec.info.sides.iter().map(|s| s.id.to_string()).collect()
    }
}

type Candidates = fn(&Pos) -> Vec<Command>;
type Check = fn(&Pos, &Command) -> Result<(), Refusal>;

/// The phases with decisions (2, C to G).
const DECIDING: [Phase; 5] = [Phase::Strategies, Phase::Operational, Phase::Bombing, Phase::Activation, Phase::Reorganisation];

/// A phase's candidate commands and its check (5, 6, 7, 8, 9).
fn rules_of(phase: Phase) -> Option<(Candidates, Check)> {
    Some(match phase {
        Phase::TurnStart => return None,
        Phase::Strategies => (operational::buy_candidates, operational::buy_check),
        Phase::Operational => (operational::candidates, operational::check),
        Phase::Bombing => (bombing::candidates, bombing::check),
        Phase::Activation => (activation::candidates, activation::check),
        Phase::Reorganisation => (reorganisation::candidates, reorganisation::check),
    })
}

/// Who decides when: one step per phase (2); each step reads a [`Pos`] captured once and carries out
/// the command by [`exec`].
fn decisions() -> Steps<Phase, Pos, Command> {
    DECIDING.iter().fold(Steps::new(), |steps, &phase| {
        let (candidates, check) = rules_of(phase).expect("a deciding phase");
        steps.step(phase, candidates, check, |world: &mut World, c: Command| run(world, |p, rt| exec(p, rt, c)))
    })
}

/// The commands the rules allow now, on a position: what [`Dixmude::legal`] gives for the world (the
/// same candidates and checks as [`decisions`]); the computer's look-ahead plays copies with it.
pub fn legal_at(p: &Pos) -> Vec<Command> {
    let Some((candidates, check)) = rules_of(p.r.phase).filter(|_| view::pending_of(p).is_some()) else { return Vec::new() };
    candidates(p).into_iter().filter(|c| check(p, c).is_ok()).collect()
}

/// Carries out a checked command on a position: what submitting it does to the world (the look-ahead
/// calls it on copies).
pub fn exec(p: &mut Pos, rt: &mut state::Rt, c: Command) {
    match p.r.phase {
        Phase::TurnStart => {}
        Phase::Strategies => operational::buy_exec(p, rt, c),
        Phase::Operational => operational::exec(p, rt, c),
        Phase::Bombing => bombing::exec(p, rt, c),
        Phase::Activation => activation::exec(p, rt, c),
        Phase::Reorganisation => reorganisation::exec(p, rt, c),
    }
}

/// The current phase, if the game is in play.
pub fn phase(world: &World) -> Option<Phase> {
    world.get_resource::<State<Phase>>().map(|s| *s.get())
}

/// The ruleset's plugin: its phase states, resources and systems.
pub fn plugin(app: &mut App) {
    app.add_sub_state::<Phase>().init_resource::<Track>();
    decisions().install(app);
    app.add_systems(OnEnter(GameFlow::InGame), |w: &mut World| run(w, sequence::start));
}

/// The shipped scenarios and their maps, compiled in (the registry hands them to the fuzz harness).
pub const SHIPPED: crate::engine::session::Embedded = &[
    ("scenarios/dixmude/dixmude-1914.ron", include_str!("../../../scenarios/dixmude/dixmude-1914.ron")),
    ("scenarios/dixmude/maps/diksmuide.ron", include_str!("../../../scenarios/dixmude/maps/diksmuide.ron")),
];

/// Spawns the scenario: units as entities, zones as entities, trenches and the strategy counters.
fn spawn(world: &mut World, sc: &scenario::Scenario) {
    world.insert_resource(Setup(Arc::new(sc.clone())));
    let mut roster = Vec::new();
    for (order, u) in sc.spec.units.iter().enumerate() {
        let at = match u.zone {
            Some(z) => Where::Zone(z),
            None => Where::Waiting,
        };
        let st =
            UnitState { at, level: Level::Good, used: false, parent: None, detached: false, raised: false, returns: None, out_turn: 0 };
        roster.push(world.spawn(Piece { order, spec: Arc::new(u.clone()), st }).id());
    }
    world.insert_resource(Roster(roster));
    let mut track = Track::default();
    track.0.trenches = sc.spec.trenches.iter().copied().collect();
    for (i, c) in sc.spec.strategies.iter().enumerate() {
        track.0.container[c.side.index()].push(i);
    }
    world.insert_resource(track);
    sc.board.spawn_areas(world);
}
