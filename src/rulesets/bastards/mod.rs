//! *Into the Bastards!: First Tank Battle* (Villers-Bretonneux, 24–25 April 1918), the rulebook
//! `000_e74385d258b7b28d.txt`. Modules follow its chapters: units (Units, Tanks), map (Glossary: ZoC,
//! LoS, LoC, Stacking), sequence (Sequence of Play), activation (2), actions (3), tanks (4),
//! artillery (5), ops (6 intensity, 8 elimination test), markers (7), nightfall (9, 10), victory (11).

pub mod actions;
pub mod activation;
pub mod artillery;
pub mod events;
pub mod map;
pub mod markers;
pub mod nightfall;
pub mod ops;
pub mod preview;
pub mod scenario;
pub mod sequence;
pub mod state;
pub mod tables;
pub mod tanks;
pub mod units;
pub mod victory;
mod view;

use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::marker;
use crate::engine::phase::{self as decide, Steps};
use crate::engine::ruleset::MapVocabulary;
use crate::engine::session::Embedded;
use crate::engine::source::{Diagnostic, SourceFile};
use crate::engine::{Pending, Refusal, Ruleset, StateView};

pub use events::{Command, Event, EventKind};
use state::{Activations, Agenda, Barrage, BarrageMarker, Choice, Clock, DrawnMarker, Night, Phase, Pool, Sequence, Setup, Tracks};
use units::{Breakdown, GarrisonReleased, Hero, Location, Reduced, TurnRecord, Unit};

pub const ID: &str = "bastards";

/// The ruleset.
pub struct Bastards;

/// The shipped scenarios and their maps, compiled in (the registry hands them to the fuzz harness).
pub const SHIPPED: Embedded = &[
    ("scenarios/bastards/first-tank-battle.ron", include_str!("../../../scenarios/bastards/first-tank-battle.ron")),
    ("scenarios/bastards/second-villers-bretonneux.ron", include_str!("../../../scenarios/bastards/second-villers-bretonneux.ron")),
    ("scenarios/bastards/maps/villers-bretonneux.ron", include_str!("../../../scenarios/bastards/maps/villers-bretonneux.ron")),
];

impl Ruleset for Bastards {
    const ID: &'static str = ID;
    const NAME: &'static str = "Into the Bastards!";
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
        let t = tables::parse(&SourceFile::new("builtin", tables::BUILTIN.to_string())).ok();
        MapVocabulary {
            terrains: t.as_ref().map(|t| t.terrain.iter().map(|x| x.id.clone()).collect()).unwrap_or_default(),
            features: t.as_ref().map(|t| t.features.clone()).unwrap_or_default(),
            sides: vec!["allied".into(), "german".into()],
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
        decide::legal::<Phase, World, Command>(world)
    }

    fn check(world: &World, command: &Command) -> Result<(), Refusal> {
        decide::check::<Phase, World, Command>(world, command)
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

    fn preview(world: &World, command: &Command) -> Option<serde_json::Value> {
        serde_json::to_value(preview::preview(world, command)?).ok()
    }

    fn carry_in(scenario: &mut Self::Scenario, units: &[crate::engine::campaign::CarriedUnit]) -> Result<(), String> {
        scenario::carry_in(scenario, units)
    }
}

/// The current phase, if the game is in play.
pub fn phase(world: &World) -> Option<Phase> {
    world.get_resource::<State<Phase>>().map(|s| *s.get())
}

/// Who decides in which phase (2.1, 5, 7.2, 10, optional rule 3 on cohesion), each step's commands
/// read from the world.
fn decisions() -> Steps<Phase, World, Command> {
    Steps::new()
        .exact(Phase::Activation, activation::legal, activation::check, activation::apply)
        .exact(Phase::Barrage, artillery::legal, artillery::check, artillery::apply)
        .exact(Phase::Choose, markers::legal_choice, markers::check_choice, markers::apply_choice)
        .exact(Phase::Pause, markers::legal_pause, markers::check_pause, markers::apply_pause)
        .exact(Phase::NightDeploy, nightfall::legal_deploy, nightfall::check_deploy, nightfall::apply_deploy)
        .exact(Phase::IntensityTest, |_| vec![Command::AttemptCohesion, Command::Done], markers::check_cohesion, markers::apply_cohesion)
        .only_if(markers::cohesion_pending)
}

/// The ruleset's plugin: its phase states, resources and systems.
pub fn plugin(app: &mut App) {
    app.add_sub_state::<Phase>()
        .init_resource::<Agenda>()
        .init_resource::<Activations>()
        .init_resource::<Barrage>()
        .init_resource::<Pool>()
        .init_resource::<Choice>()
        .init_resource::<Night>()
        .init_resource::<Tracks>();
    decisions().install(app);
    marker::register::<BarrageMarker>(app);
    marker::register::<DrawnMarker>(app);
    marker::register::<Reduced>(app);
    marker::register::<Breakdown>(app);
    marker::register::<Hero>(app);
    marker::register::<GarrisonReleased>(app);
    sequence::plugin(app);
}

/// Spawns the scenario: units and map cells as entities, the tracks, the clock.
fn spawn(world: &mut World, sc: &scenario::Scenario) {
    world.insert_resource(Setup(Arc::new(sc.clone())));
    world.insert_resource(Clock { turn: 1, sequence: Sequence::Classic, random_after_this_turn: false, draws: 0 });
    world.insert_resource(Tracks { intensity: sc.spec.intensity, confusion: sc.spec.confusion, ..Default::default() });
    for (order, u) in sc.spec.units.iter().enumerate() {
        let location = match &u.hex {
            Some(l) => sc.board.parse(l).map(Location::OnMap).unwrap_or(Location::Waiting),
            None => Location::Waiting,
        };
        let mut unit = world.spawn((
            Unit {
                id: u.id.as_str().into(),
                name: u.name.as_str().into(),
                side: u.side,
                kind: u.kind,
                medals: u.medals,
                mg: u.mg,
                formation: u.formation.as_str().into(),
                order,
            },
            location,
            TurnRecord::default(),
        ));
        if u.reduced {
            unit.insert(Reduced);
        }
    }
    sc.board.spawn_cells(world);
}
