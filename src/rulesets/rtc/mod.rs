//! *Royal Tank Corps* (Cambrai, 20 November - 4 December 1917; area impulse, Ted Raicer), the
//! rulebook `001_0ab5155b33908f8e.txt` and its play aid card. Modules follow its chapters: units
//! (2), scenario (2.2, 2.4, 3), sequence (4), initiative (5), reinforcement (6), bombardment (7),
//! barrage (8), action (9), attack and losses (10), admin (11); map holds the area questions every
//! chapter asks.

pub mod action;
pub mod admin;
pub mod attack;
pub mod barrage;
pub mod bombardment;
pub mod events;
pub mod initiative;
pub mod losses;
pub mod map;
pub mod ops;
pub mod preview;
pub mod reinforcement;
pub mod scenario;
pub mod sequence;
pub mod state;
pub mod tables;
pub mod units;
mod view;

use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::marker;
use crate::engine::phase::{self as decide, Steps};
use crate::engine::ruleset::MapVocabulary;
use crate::engine::session::Embedded;
use crate::engine::source::{Diagnostic, SourceFile};
use crate::engine::{Pending, Refusal, Ruleset, StateView};

pub use events::{BarrageKind, Command, Event, EventKind, Target};
use map::Ctx;
use state::{
    BarrageMarker, Bombarded, Bombardment, Clock, Combat, Control, FatigueCheck, Impulse, InArea, Losses, Outcome, Phase, Reinforce, Setup,
};
use units::{Acted, NoAmmo, Place, Placement, Side, Spent, Unit};

pub const ID: &str = "rtc";

/// The ruleset.
pub struct Rtc;

/// The shipped scenarios and their maps, compiled in (the registry hands them to the fuzz harness).
pub const SHIPPED: Embedded = &[
    ("scenarios/rtc/cambrai.ron", include_str!("../../../scenarios/rtc/cambrai.ron")),
    ("scenarios/rtc/maps/cambrai.ron", include_str!("../../../scenarios/rtc/maps/cambrai.ron")),
];

impl Ruleset for Rtc {
    const ID: &'static str = ID;
    const NAME: &'static str = "Royal Tank Corps";
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
            terrains: ["open", "village", "trench", "wood", "town"].iter().map(|s| s.to_string()).collect(),
            features: ["canal", "schelde", "bridge"].iter().map(|s| s.to_string()).collect(),
            sides: vec!["british".into(), "german".into()],
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
        decide::legal::<Phase, Ctx, Command>(world)
    }

    fn check(world: &World, command: &Command) -> Result<(), Refusal> {
        decide::check::<Phase, Ctx, Command>(world, command)
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
        preview::json(world, command)
    }
}

/// Who decides when (5-11): a loss to pay interrupts any phase (10.4); an attack under way, or a
/// breakdown to choose, holds the action phase (10.6). Each step reads a [`Ctx`] captured once.
fn decisions() -> Steps<Phase, Ctx, Command> {
    Steps::new()
        .interrupt(losses_pending, losses::candidates, |ctx, c| neither(c).and_then(|()| losses::check(ctx, c)), losses::apply)
        .step(
            Phase::Reinforcement,
            reinforcement::candidates,
            |ctx, c| neither(c).and_then(|()| reinforcement::check(ctx, c)),
            reinforcement::apply,
        )
        .step(
            Phase::Bombardment,
            bombardment::candidates,
            |ctx, c| no_breakdown(c).and_then(|()| bombardment::check(ctx, c)),
            bombardment::apply,
        )
        .step(Phase::Barrage, barrage::candidates, |ctx, c| neither(c).and_then(|()| barrage::check(ctx, c)), barrage::apply)
        .step(Phase::Action, attack::candidates, |ctx, c| no_friendly_fire(c).and_then(|()| attack::check(ctx, c)), attack::apply)
        .only_if(in_combat)
        .step(Phase::Action, action::candidates, |ctx, c| neither(c).and_then(|()| action::check(ctx, c)), action::apply)
        .step(Phase::Administration, admin::candidates, |ctx, c| neither(c).and_then(|()| admin::check(ctx, c)), admin::apply)
}

fn losses_pending(world: &World) -> bool {
    world.resource::<Losses>().pending.is_some()
}

fn in_combat(world: &World) -> bool {
    let combat = world.resource::<Combat>();
    combat.attack.is_some() || combat.breakdown.is_some()
}

/// Refuses a breakdown choice outside an attack (10.6).
fn no_breakdown(command: &Command) -> Result<(), Refusal> {
    if matches!(command, Command::BreakDown(_)) {
        return Err(Refusal::by_rule(
            "10.6",
            "no tank is to break down now: the attacker chooses only after an unmodified attack roll of 7 or more, when more than one tank may break down",
        ));
    }
    Ok(())
}

/// Refuses a friendly-fire choice outside a bombardment (7.9).
fn no_friendly_fire(command: &Command) -> Result<(), Refusal> {
    if matches!(command, Command::FriendlyFire(_)) {
        return Err(Refusal::by_rule(
            "7.9",
            "no friendly-fire victim is to be chosen now: only after an unmodified bombardment roll of 8 or more when all the bombarding player's units in the target area are already spent, and more than one is there",
        ));
    }
    Ok(())
}

/// Refuses both choices, asked only in the middle of an attack or a bombardment.
fn neither(command: &Command) -> Result<(), Refusal> {
    no_breakdown(command).and_then(|()| no_friendly_fire(command))
}

/// The current phase, if the game is in play.
pub fn phase(world: &World) -> Option<Phase> {
    world.get_resource::<State<Phase>>().map(|s| *s.get())
}

/// The ruleset's plugin: its phase states, resources and systems.
pub fn plugin(app: &mut App) {
    app.add_sub_state::<Phase>()
        .init_resource::<Control>()
        .init_resource::<Bombarded>()
        .init_resource::<Reinforce>()
        .init_resource::<Bombardment>()
        .init_resource::<Impulse>()
        .init_resource::<Combat>()
        .init_resource::<Losses>()
        .init_resource::<FatigueCheck>()
        .init_resource::<Outcome>();
    decisions().install(app);
    marker::register::<Spent>(app);
    marker::register::<NoAmmo>(app);
    marker::register::<Acted>(app);
    marker::register::<BarrageMarker>(app);
    marker::register::<InArea>(app);
    sequence::plugin(app);
}

/// Spawns the scenario: units and areas as entities, control at set-up, the clock.
fn spawn(world: &mut World, sc: &scenario::Scenario) {
    world.insert_resource(Setup(Arc::new(sc.clone())));
    world.insert_resource(Clock { turn: 1, initiative: Side::British });
    let control = sc.areas.iter().map(|(id, a)| (*id, if a.british_at_start { Side::British } else { Side::German })).collect();
    world.insert_resource(Control(control));
    let mut roster = Vec::new();
    for (order, u) in sc.spec.units.iter().enumerate() {
        let place = match u.area {
            Some(a) => Place::Area(a),
            None => Place::Waiting,
        };
        let e = world.spawn((Unit { spec: Arc::new(u.clone()), order }, Placement { place, entered: 0 })).id();
        roster.push(e);
    }
    world.insert_resource(ops::Roster(roster));
    sc.board.spawn_areas(world);
}
